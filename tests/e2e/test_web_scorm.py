"""The SCORM 1.2 package in an LMS (issue 40): scorm-again's API (npm, test-only) stands in for the
LMS on a host page, the package's page in its iframe, in chromium headless with the network off.
A perfect student scores 100 and passes, with one interaction per move; a student who ignores one
kind of diagonal is first wrong exactly at the model's first refusal on that diagonal; closing and
reopening with the stored suspend data resumes at the same step; the largest exercise's suspend
data stays within 4,096 characters; the zip's page opens as a plain page too; nothing is fetched."""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from solvers import registry
from solvers.events import Backtrack, Place
from solvers.exercise_model import model_run
from solvers.instance import Instance, Setup
from tests.browser import offline_browser, requests
from tests.e2e.test_web_exercise import student
from tests.lms_host import SAME_ORIGIN_FILES, lms_calls, lms_page, open_in_lms
from tests.run import nqueens

LIMIT = 4096  # SCORM 1.2's cmi.suspend_data (scorm-again itself allows more: the page must not need it)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with offline_browser(SAME_ORIGIN_FILES) as driver:
        yield driver


def package(folder: Path, name: str, *args: str) -> Path:
    out = folder / f"{name}.zip"
    result = nqueens("scorm", *args, "-o", str(out))
    assert result.returncode == 0, result.stderr
    return out


def cmi(driver, element: str) -> str:
    return driver.execute_script(f"return String(window.parent.API.cmi.{element})")


def leave(driver) -> None:
    """The student closes the page: the LMS removes its frame (the page's pagehide reports)."""
    driver.switch_to.default_content()
    driver.execute_script("document.getElementById('sco').remove()")


def interactions(calls: list[list[str]]) -> list[dict[str, str]]:
    """The interactions as the LMS received them (``cmi.interactions.N.FIELD`` values, N in order)."""
    out: dict[int, dict[str, str]] = {}
    for name, value in calls:
        if name.startswith("cmi.interactions."):
            number, _, field = name.removeprefix("cmi.interactions.").partition(".")
            out.setdefault(int(number), {})[field] = value
    assert sorted(out) == list(range(len(out)))
    return [out[k] for k in sorted(out)]


def model_moves(steps) -> list[list[object]]:
    return [
        [s.action, s.row if s.action in ("backtrack", "row") else None] for s in steps if s.action != "start"
    ]


def test_a_perfect_student_scores_100_and_passes(browser, tmp_path):
    zip_path = package(
        tmp_path, "perfect", "6", "--algo", "forward-checking", "--exercise", "--mastery", "90"
    )
    requests(browser)
    mastery = {"student_data": {"mastery_score": "90"}}  # what an LMS reads from the manifest
    assert b"<adlcp:masteryscore>90<" in zipfile.ZipFile(zip_path).read("imsmanifest.xml")
    open_in_lms(browser, lms_page(tmp_path, zip_path, mastery))
    steps = model_run(registry.get("forward-checking"), 6, "first")
    browser.find_element("id", "title").click()  # the frame takes the keyboard, as a student's click gives it
    for action, row in model_moves(steps)[:3]:  # by the window's keys, then the rest in one go
        key = {"place": "f", "refuse": "d", "confirm": "\ue007", "backtrack": "b"}[action]
        assert row is None or action == "backtrack"
        browser.find_element("tag name", "body").send_keys(key)
    browser.execute_script("nqPage.moves(arguments[0])", model_moves(steps)[3:])
    state = browser.execute_script("return nqPage.state()")
    assert state["over"] and state["score"]["percent"] == 100 and state["grade"] == 100
    assert cmi(browser, "core.lesson_status") == "passed" and cmi(browser, "core.score.raw") == "100"
    assert (cmi(browser, "core.score.min"), cmi(browser, "core.score.max")) == ("0", "100")
    assert state["mastery"] == 90
    *sent, diagnosis = interactions(lms_calls(browser))
    assert len(sent) == len(steps) == state["steps"]  # one per graded move, then the diagnosis
    assert (diagnosis["id"], diagnosis["student_response"], diagnosis["result"]) == (
        "a1-diagnosis",
        "none",
        "neutral",
    )
    for k, interaction in enumerate(sent):
        assert interaction["id"] == f"a1-m{k + 1}-s{k + 1}-right"
        assert (interaction["type"], interaction["result"]) == ("performance", "correct")
        assert (
            interaction["student_response"] == interaction["correct_responses.0.pattern"] == steps[k].text()
        )
        assert interaction["latency"].count(":") == 2
    leave(browser)
    calls = lms_calls(browser)
    assert [name for name, _ in calls[-4:]] == ["cmi.core.exit", "cmi.suspend_data", "commit", "finish"]
    session = dict(calls)["cmi.core.session_time"]
    assert session.startswith("0000:0") and dict(calls)["cmi.core.exit"] == ""
    assert all(url.startswith("file://") for url in requests(browser))  # the host, scorm-again, the page


def ignoring_anti_diagonals(steps) -> tuple[list[list[object]], int]:
    """A student who never looks along the diagonals that climb to the right (row + column constant):
    safe when no queen shares the row, column or falling diagonal. Returns the moves and the index
    of the model's first refusal that only such a diagonal explains."""
    queens: dict[int, int] = {}
    moves, first = [], None
    for step in steps:
        index = len(moves)
        if step.action == "start":  # a constrained board's given queens
            for event in step.events:
                queens.update(dict(event.given) if isinstance(event, Setup) else {})
        elif step.action in ("place", "refuse"):
            r, c = step.square
            seen = any(qr == r or qc == c or qr - qc == r - c for qr, qc in queens.items())
            moves.append(["refuse" if seen else "place", None])
            if step.action == "refuse" and not seen and first is None:
                first = index
        else:
            moves.append([step.action, step.row if step.action in ("backtrack", "row") else None])
        for event in step.events:
            if isinstance(event, Place):
                queens[event.row] = event.col
            elif isinstance(event, Backtrack):
                queens.pop(event.row)
    assert first is not None
    return moves, first


def test_a_student_ignoring_one_diagonal_is_wrong_first_where_the_model_refuses_on_it(browser, tmp_path):
    zip_path = package(tmp_path, "diagonal", "8", "--seed", "4,2,1")
    open_in_lms(browser, lms_page(tmp_path, zip_path))
    steps = model_run(
        registry.get("backtracking").bound(Instance.random(8, 4, blocked=2, given=1)), 8, "first"
    )
    moves, first = ignoring_anti_diagonals(steps)
    browser.execute_script("nqPage.moves(arguments[0])", moves)
    sent = interactions(lms_calls(browser))
    wrong = [k for k, interaction in enumerate(sent) if interaction["result"] == "wrong"]
    assert wrong and wrong[0] == first
    r, c = [step for step in steps if step.action != "start"][first].square
    assert sent[first]["id"] == f"a1-m{first + 1}-s{first + 1}-missed-conflict"
    assert (sent[first]["student_response"], sent[first]["correct_responses.0.pattern"]) == (
        f"place {r} {c}",
        f"refuse {r} {c}",
    )
    assert cmi(browser, "core.lesson_status") in ("passed", "failed")  # the run was finished
    said = browser.execute_script("return nqPage.state()")["diagnosis"]
    assert "ignores-sum-diagonals" in [finding["version"] for finding in said["misconceptions"]]
    assert (sent[-1]["id"], sent[-1]["result"]) == ("a1-diagnosis", "neutral")  # what the end names
    assert sent[-1]["student_response"] == ",".join(f["version"] for f in said["misconceptions"])


def test_closing_and_reopening_resumes_at_the_same_step(browser, tmp_path):
    args = ("6", "--algo", "mrv", "--feedback", "undo", "--instances", "3", "--seed", "5")
    zip_path = package(tmp_path, "resume", *args)
    open_in_lms(browser, lms_page(tmp_path, zip_path))
    instance = browser.execute_script("return nqPage.model.instance")
    spec = registry.get("mrv").bound(Instance.random(6, instance["seed"], blocked=2, given=1))
    moves = student(spec, 6, "first", "undo", 3)
    half = len(moves) // 2
    browser.execute_script("nqPage.moves(arguments[0])", [list(m) for m in moves[:half]])
    before = browser.execute_script("return nqPage.state()")
    leave(browser)
    stored = [value for name, value in lms_calls(browser) if name == "cmi.suspend_data"][-1]
    assert stored.startswith("NQ1|1|") and len(stored) <= LIMIT
    assert [value for name, value in lms_calls(browser) if name == "cmi.core.exit"][-1] == "suspend"
    preset = {"suspend_data": stored, "core": {"entry": "resume", "lesson_status": "incomplete"}}
    open_in_lms(browser, lms_page(tmp_path, zip_path, preset))
    after = browser.execute_script("return nqPage.state()")
    for key in ("instance", "due", "step", "score", "log", "standing", "over", "queens"):
        assert after[key] == before[key], key
    assert after["said"].startswith("Welcome back")
    browser.execute_script("nqPage.moves(arguments[0])", [list(m) for m in moves[half:]])
    resumed = browser.execute_script("return nqPage.state()")
    open_in_lms(browser, lms_page(tmp_path, zip_path))  # the same moves without a break
    browser.execute_script(f"nqPage.start({instance and after['instance']})")
    browser.execute_script("nqPage.moves(arguments[0])", [list(m) for m in moves])
    whole = browser.execute_script("return nqPage.state()")
    assert resumed["log"] == whole["log"] and resumed["score"] == whole["score"]


@pytest.fixture(scope="module")
def largest(tmp_path_factory) -> tuple[Path, list[list[object]]]:
    """n = 8, every solution, backtracking, undo feedback: 17,776 moves, the longest run the exercise
    takes; its package and the model's moves."""
    folder = tmp_path_factory.mktemp("largest")
    steps = model_run(registry.get("backtracking"), 8, "all")
    assert len(steps) == 17_776
    return package(folder, "largest", "8", "--goal", "all", "--feedback", "undo"), model_moves(steps)


def wrong_then_right(moves: list[list[object]]) -> list[list[object]]:
    """Every step answered wrong first, then undone and answered right."""
    out = []
    for action, row in moves:
        other = {"place": ["refuse", None], "refuse": ["place", None], "confirm": ["place", None]}
        out += [other.get(action, ["backtrack", ((row or 0) + 1) % 8]), ["undo", None], [action, row]]
    return out


@pytest.mark.parametrize("who", ["perfect", "wrong first at every step"])
def test_the_largest_exercise_keeps_its_suspend_data_within_4096_characters(browser, tmp_path, largest, who):
    """A perfect student's state is a few characters; one who answers every step wrong first, then
    undoes and answers right (53,328 answers and undos) overflows the raw encoding, and the oldest
    moves are folded into the base: within the limit all along, the resumed step and score exact."""
    zip_path, right = largest
    moves, answers = (right, 17_776) if who == "perfect" else (wrong_then_right(right), 35_552)
    summary = """const calls = window.parent.lmsCalls;
        const kept = calls.filter(([name]) => name === 'cmi.suspend_data').map(([, value]) => value);
        const ids = calls.filter(([name]) => /^cmi[.]interactions[.][0-9]+[.]id$/.test(name));
        return [kept.length, Math.max(...kept.map((v) => v.length)), kept[kept.length - 1], ids.length];"""
    open_in_lms(browser, lms_page(tmp_path, zip_path))
    browser.execute_script("nqPage.moves(arguments[0])", moves)
    before = browser.execute_script("return nqPage.state()")
    assert before["over"] and before["score"]["moves"] == answers
    leave(browser)
    commits, longest, stored, sent = browser.execute_script(summary)
    assert sent == answers + 1 and commits >= 2  # and the diagnosis; on opening, at the end, on leaving
    assert longest <= LIMIT, longest
    preset = {"suspend_data": stored, "core": {"entry": "resume"}}
    open_in_lms(browser, lms_page(tmp_path, zip_path, preset))
    after = browser.execute_script("return nqPage.state()")
    for key in ("step", "score", "over", "due", "grade"):
        assert after[key] == before[key], key
    if who == "perfect":
        assert stored == f"NQ1|1|0|{stored.split('|')[3]}|100||17776"  # the whole run: one number
        assert after["log"] == before["log"]
    else:  # folded: the base holds the oldest moves, the review keeps the newest
        assert stored.split("|")[5] and 0 < len(after["log"]) < len(before["log"])
        assert after["log"] == before["log"][-len(after["log"]) :]


def test_the_zips_page_opens_as_a_plain_page_and_a_run_page_is_completed(browser, tmp_path):
    zip_path = package(tmp_path, "plain", "5", "--exercise")
    folder = tmp_path / "unpacked"
    zipfile.ZipFile(zip_path).extractall(folder)
    requests(browser)
    browser.get((folder / "index.html").resolve().as_uri())
    assert browser.execute_async_script("const done = arguments[0]; window.nqReady.then(done)") is True
    browser.find_element("tag name", "body").send_keys("f")
    state = browser.execute_script("return nqPage.state()")
    assert not state["lms"] and state["score"]["right"] == 1
    counters = browser.find_element("id", "counters").text
    assert "Right / moves" in counters and "1 / 1 (100.0%)" in counters.replace("(100%)", "(100.0%)")
    assert all(url.startswith("file://") for url in requests(browser))
    run = package(tmp_path, "run", "5")  # a page without an exercise: completed once opened
    open_in_lms(browser, lms_page(tmp_path, run))
    browser.switch_to.default_content()
    assert cmi(browser, "core.lesson_status") == "completed"
