"""The misconception behind a student's wrong moves in the exported exercise page (issue 41), in a
real browser (chromium headless, file://, the network off): a student treating the r-c diagonals
as safe is named so at W (the key and the button), at the end and in the review, in English and
Chinese, with the window's sentence (``solvers/diagnosis.py``) word for word; a student with
random slips only is named with none; and the page's scorer agrees with ``diagnose`` on students
holding each wrong version of four exercises, and on one holding two."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from solvers import registry
from solvers.diagnosis import Diagnosis, Predictions, diagnose, diagnose_moves, follow
from solvers.exercise_model import model_run
from solvers.misconceptions import get
from solvers.simulated import play
from tests.browser import offline_browser, requests
from tests.e2e.test_web_exercise import open_exercise, write_exercise


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with offline_browser() as driver:
        yield driver


def table_of(algorithm: str, n: int, goal: str) -> Predictions:
    spec = registry.get(algorithm)
    return Predictions(spec, n, goal, model_run(spec, n, goal))


def page_moves(moves: list[dict]) -> list[list[object]]:
    """An attempt record's moves as the page's ``moves`` takes them ([action, row])."""
    out = []
    for move in moves:
        action, *where = move["move"].split(" ")
        out.append([action, int(where[0]) if action in ("backtrack", "row") else None])
    return out


def diagnosed(moves: list[dict], table: Predictions) -> Diagnosis:
    return diagnose_moves(table, ((m["step"], m["move"]) for m in moves), None)


def test_a_student_blind_to_the_difference_diagonals_is_named_in_both_languages(browser, tmp_path):
    table = table_of("backtracking", 6, "first")
    moves = play(table, get("ignores-difference-diagonals"), slips=0.05, seed=0)
    assert len(moves) == len(table.steps)  # continuous feedback: the attempt runs to the end
    half = len(moves) // 2
    open_exercise(browser, write_exercise(tmp_path, "rc", "backtracking", 6))
    state = lambda: browser.execute_script("return nqPage.state()")  # noqa: E731
    body = browser.find_element("tag name", "body")
    browser.execute_script("nqPage.moves(arguments[0])", page_moves(moves[:half]))
    body.send_keys("w")  # W on request, mid-attempt: the wrong moves so far
    so_far = diagnosed(moves[:half], table)
    assert so_far.misconceptions() == ("ignores-difference-diagonals",)
    assert state()["said"] == so_far.sentence("en") == browser.find_element("id", "ex-status").text
    assert state()["diagnosis"] == so_far.as_json()
    browser.execute_script("nqPage.moves(arguments[0])", page_moves(moves[half:]))
    whole = diagnosed(moves, table)
    assert whole.misconceptions() == ("ignores-difference-diagonals",) and whole.wrong > so_far.wrong
    shown = state()
    assert shown["over"] and shown["diagnosis"] == whole.as_json()
    said = whole.sentence("en")
    assert "you seem to treat the r-c diagonals as safe" in said
    score = shown["score"]
    over = f"Done: {score['right']} of {score['moves']} moves right ({score['percent']}%)."
    question = browser.find_element("id", "ex-question").text
    assert question.startswith(over) and question.endswith(" " + said)  # the window's end screen
    assert shown["said"] == question
    body.send_keys("\ue012")  # Left: the review keeps the end's words, as the window does
    assert state()["review"] == len(moves) - 1
    assert browser.find_element("id", "ex-question").text == question
    browser.find_element("id", "lang").click()
    said_zh = whole.sentence("zh")
    assert "你似乎把 r-c 对角线当成了安全的" in said_zh
    assert browser.find_element("id", "ex-question").text.endswith("。" + said_zh)
    assert state()["said"].endswith(said_zh)  # the status is said again in Chinese
    why = browser.find_element("id", "ex-diagnosis")
    assert why.text == "为什么？（W）"
    browser.execute_script("nqPage.say('')")
    why.click()  # the button: the same as W
    assert state()["said"] == said_zh == browser.find_element("id", "ex-status").text
    browser.find_element("id", "lang").click()
    assert state()["said"] == said and why.text == "Why? (W)"
    assert all(url.startswith("file://") for url in requests(browser))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_student_with_random_slips_is_named_with_none(browser, tmp_path, lang):
    table = table_of("forward-checking", 6, "first")
    moves = play(table, None, slips=0.15, seed=4)
    found = diagnosed(moves, table)
    assert found.wrong >= 2 and found.misconceptions() == ()
    open_exercise(browser, write_exercise(tmp_path, f"slips-{lang}", "forward-checking", 6), lang=lang)
    browser.execute_script("nqPage.moves(arguments[0])", page_moves(moves))
    shown = browser.execute_script("return nqPage.state()")
    assert shown["over"] and shown["diagnosis"] == found.as_json()
    slips = {
        "en": f"Your {found.wrong} wrong moves fit no known misconception: they look like slips.",
        "zh": f"你的 {found.wrong} 步错误不符合任何已知的误解：看来是失误。",
    }[lang]
    assert found.sentence(lang) == slips
    assert browser.find_element("id", "ex-question").text.endswith(slips)
    browser.find_element("id", "ex-diagnosis").click()
    assert browser.find_element("id", "ex-status").text == slips


#: Exercises whose every version the page must name as ``diagnose`` does (each its own page).
EXERCISES = [("backtracking", 6, "first"), ("backtracking", 5, "all"), ("forward-checking", 6, "all"),
             ("mrv", 6, "all")]  # fmt: skip


@pytest.mark.parametrize(("algorithm", "n", "goal"), EXERCISES)
def test_the_pages_scorer_is_diagnose(browser, tmp_path, algorithm, n, goal):
    table = table_of(algorithm, n, goal)
    open_exercise(browser, write_exercise(tmp_path, f"{algorithm}-{goal}", algorithm, n, goal=goal))
    score = """const [log, lang] = arguments; const page = nqPage;
               const found = NQX.diagnose(page.ex.diagnosis, page.model.departures, log);
               return [found, NQX.sentence(found, page.ex.diagnosis, 'en'),
                       NQX.sentence(found, page.ex.diagnosis, 'zh')];"""
    attempts = [play(table, version, slips=0.05, seed=seed) for version in table.versions for seed in (1, 2)]
    attempts += [play(table, None, slips=0.1, seed=seed) for seed in (1, 2)]
    named = set()
    for moves in attempts:
        found = diagnosed(moves, table)
        named.update(found.misconceptions())
        log = [{key: move[key] for key in ("step", "move", "right")} for move in moves]
        assert browser.execute_script(score, log) == [
            found.as_json(),
            found.sentence("en"),
            found.sentence("zh"),
        ]
    assert len(named) >= len(table.versions) - 1  # most versions named at least once
    if algorithm == "backtracking" and goal == "first":  # two misconceptions at once
        answers = {k: table.model(k) for k in table.steps_due()}
        for key in ("ignores-columns", "ignores-sum-diagonals"):
            for k, answer in table.departures(get(key)).items():
                answers[k] = follow(answer, table.model(k))
        found = diagnose(table, answers)
        assert len(found.misconceptions()) == 2
        log = [
            {"step": k - table.first + 1, "move": answer, "right": answer == table.model(k)}
            for k, answer in answers.items()
        ]
        assert browser.execute_script(score, log) == [
            found.as_json(),
            found.sentence("en"),
            found.sentence("zh"),
        ]
