"""The exercise in the exported page (issue 40) in a real browser (chromium headless, file://, the
network off): the page grades exactly as the window does -- the same moves fed to the page and to
``nqueens-viz --headless --mode exercise`` give the same steps, answers, kinds, score and
misconceptions on 21 instances across the seven algorithms the exercise takes -- and the window's
keys, clicks, the model answer, the review, both languages, the accessibility tree and a phone's
taps work."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from solvers import registry
from solvers.diagnosis import Predictions, diagnose_moves
from solvers.exercise_model import ACTIONS, Grader, StandingMistake, exercisable, model_run
from solvers.instance import Instance
from tests.browser import offline_browser, requests
from tests.run import viz
from visualizer.core.exercise import Exercise
from visualizer.web.exercise import exercise_page
from visualizer.web.page import render, write_page

EXERCISABLE = [name for name in registry.ALGORITHMS if exercisable(registry.get(name))]
#: algorithm -> (n, goal, feedback, seed of its page's instances): 3 instances each, 21 in all
#: (bitmask takes no blocked squares or given queens: its three are the plain boards of n = 5, 6, 7)
PLANS = {
    "backtracking": (6, "first", "continuous", 10),
    "backtracking-pairwise": (5, "all", "undo", 20),
    "backtracking-board": (6, "first", "undo", 30),
    "backtracking-iterative": (5, "first", "continuous", 40),
    "bitmask": (5, "all", "undo", None),
    "forward-checking": (6, "first", "undo", 60),
    "mrv": (6, "first", "continuous", 70),
}
MOST_MOVES = 160  # per instance: long enough to meet every kind of step, short enough for the window


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with offline_browser() as driver:
        yield driver


def write_exercise(folder: Path, name: str, algorithm: str, n: int, **options) -> Path:
    data = exercise_page(registry.get(algorithm), n, **options)
    return write_page(folder / f"{name}.html", render(data))


def open_exercise(driver, page: Path, instance: int = 0, lang: str = "en") -> None:
    driver.get("about:blank")  # a new page, even when only the address's #part differs
    driver.get(f"{page.resolve().as_uri()}#instance={instance}&lang={lang}")
    assert driver.execute_async_script("const done = arguments[0]; window.nqReady.then(done)") is True


def student(spec, n: int, goal: str, feedback: str, seed: int) -> list[tuple[str, int | None]]:
    """A student's moves: mostly the model's, often a wrong one of any kind, an undo now and then
    (with undo feedback after every wrong move); the grader only says what is due."""
    grader = Grader(model_run(spec, n, goal), feedback)
    rng = random.Random(seed)
    moves: list[tuple[str, int | None]] = []
    while not grader.over and len(moves) < MOST_MOVES:
        due = grader.due
        assert due is not None
        roll = rng.random()
        if grader.standing is not None or roll < 0.05:
            move: tuple[str, int | None] = ("undo", None)
        elif roll < 0.7:
            move = (due.action, due.row if due.action in ("backtrack", "row") else None)
        else:
            action = rng.choice(ACTIONS)
            move = (action, rng.randrange(n) if action in ("backtrack", "row") else None)
        moves.append(move)
        if move[0] == "undo":
            grader.undo()
        else:
            with contextlib.suppress(StandingMistake):
                grader.answer(*move)
    return moves


def windows_attempt(
    tmp_path: Path, algorithm: str, n: int, goal: str, feedback: str, instance, moves
) -> dict:
    """The attempt file the headless window writes after ``moves``."""
    folder = tmp_path / f"results-{algorithm}-{n}-{instance['seed'] if instance else 'plain'}"
    folder.mkdir()
    script = ";".join(f"exercise:{a}" + (f":{r}" if r is not None else "") for a, r in moves)
    seed = (
        ["--seed", f"{instance['seed']},{len(instance['blocked'])},{len(instance['given'])}"]
        if instance
        else []
    )
    result = viz(
        "--n", str(n), "--algo", algorithm, "--mode", "exercise", "--goal", goal, "--feedback", feedback,
        *seed, "--student", "Page Test", "--results", str(folder), "--script", script,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    (attempt,) = folder.iterdir()
    return json.loads(attempt.read_text())


@pytest.mark.parametrize("algorithm", EXERCISABLE)
def test_the_pages_grades_are_the_windows(browser, tmp_path, algorithm):
    n, goal, feedback, seed = PLANS[algorithm]
    options = {"goal": goal, "feedback": feedback}
    if seed is not None:
        page = write_exercise(tmp_path, algorithm, algorithm, n, count=3, seed=(seed, 2, 1), **options)
        pages = [(page, n, i) for i in range(3)]
    else:
        pages = [
            (write_exercise(tmp_path, f"{algorithm}{k}", algorithm, k, **options), k, 0) for k in (5, 6, 7)
        ]
    for page, n, index in pages:
        open_exercise(browser, page, index)
        instance = browser.execute_script("return nqPage.model.instance")
        bound = Instance.random(n, instance["seed"], blocked=2, given=1) if instance else None
        spec = registry.get(algorithm).bound(bound)
        moves = student(spec, n, goal, feedback, (seed or n) + index)
        browser.execute_script("nqPage.moves(arguments[0])", [list(move) for move in moves])
        shown = browser.execute_script("return nqPage.state()")
        window = windows_attempt(tmp_path, algorithm, n, goal, feedback, instance, moves)
        if instance:
            assert window["instance"] == instance
        else:  # the plain board
            assert (window["instance"]["blocked"], window["instance"]["given"]) == ([], [])
        keys = ("step", "move", "expected", "right", "kind")
        assert shown["log"] == [{key: move[key] for key in keys} for move in window["moves"]], index
        assert shown["score"] == window["score"], index
        table = Predictions(spec, n, goal, model_run(spec, n, goal))  # the misconception: the window's
        found = diagnose_moves(table, ((move["step"], move["move"]) for move in window["moves"]), None)
        assert shown["diagnosis"] == found.as_json(), index
        assert any(not move["right"] for move in window["moves"])  # some mistakes were graded
        assert len(window["moves"]) >= 10
    assert all(url.startswith("file://") for url in requests(browser))


def test_the_windows_keys_and_clicks(browser, tmp_path):
    page = write_exercise(tmp_path, "keys", "mrv", 5, feedback="undo")
    open_exercise(browser, page)
    body = browser.find_element("tag name", "body")
    state = lambda: browser.execute_script("return nqPage.state()")  # noqa: E731
    exercise = Exercise(registry.get("mrv"), 5, feedback="undo", clock=lambda: 0.0)
    assert state()["due"] == exercise.due.text() == "row 0"
    body.send_keys("c")  # C: choose the marked row (row 0, the mark's start)
    exercise.answer("row", 0)
    assert state()["due"] == exercise.due.text() == "place 0 0"
    ringed = browser.find_element("css selector", "#board rect[data-row='0'][data-col='0']")
    ringed.click()  # a click on the ringed square: place it
    exercise.answer("place")
    assert state()["log"][-1]["right"] and state()["due"] == exercise.due.text() == "confirm"
    body.send_keys("d")  # D where Enter (confirm) is due: a wrong move, left standing (undo feedback)
    wrong = exercise.answer("refuse")
    last = state()["log"][-1]
    assert (last["kind"], last["expected"]) == (wrong.kind, wrong.expected) == ("wrong-order", "confirm")
    assert browser.find_element("id", "ex-why").text == wrong.why["en"]  # the narration's sentence
    verdict = browser.find_element("id", "ex-verdict").text
    assert verdict.startswith("Wrong (wrong order)") and "confirm the pruning" in verdict
    body.send_keys("f")  # refused while the wrong move stands
    assert state()["said"] == "A wrong move stands: undo it (U or Backspace)." and len(state()["log"]) == 3
    body.send_keys("u")
    exercise.undo()
    body.send_keys("\ue007")  # Enter: confirm
    exercise.answer("confirm")
    assert state()["due"] == exercise.due.text()
    body.send_keys("\ue015")  # Down: the mark to row 1
    assert state()["cursorRow"] == 1
    body.send_keys("\ue012")  # Left: review the moves before
    assert state()["review"] == 3 and browser.find_element("id", "ex-question").text.startswith("Reviewing")
    body.send_keys("\ue014")  # Right past the last one: back to the exercise
    assert state()["review"] is None
    body.send_keys("o")  # O: the model answer plays from here (2 moves a second)
    before = state()["queens"]
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return nqPage.state().queens") != before)
    body.send_keys("f")
    assert state()["said"] == "The model answer is playing: O stops it." and state()["modelPlaying"]
    body.send_keys("\ue00c")  # Esc: back to the student's position
    assert not state()["modelPlaying"] and state()["queens"] == before
    assert len(browser.find_elements("css selector", "#scrub .tick")) == 1  # the one mistake marked


def test_the_end_shows_the_score_and_the_mistakes_on_the_bar(browser, tmp_path):
    page = write_exercise(tmp_path, "end", "backtracking", 4)
    open_exercise(browser, page)
    browser.execute_script(
        """const wrong = new Set([3, 9]);
           for (let k = 0; !nqPage.grader.over; k++) {
             const due = nqPage.grader.due;
             if (wrong.has(k)) nqPage.move(due.action === 'place' ? 'refuse' : 'place');
             else nqPage.move(due.action, ['backtrack', 'row'].includes(due.action) ? due.row : null);
           }"""
    )
    state = browser.execute_script("return nqPage.state()")
    assert state["over"] and state["score"]["moves"] == 30 and state["score"]["right"] == 28
    assert browser.find_element("id", "ex-question").text.startswith("Done: 28 of 30 moves right (93.3%)")
    assert len(browser.find_elements("css selector", "#scrub .tick")) == 2
    counters = browser.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('#counters dd')]"
        ".map((dd) => [dd.dataset.key, dd.textContent]))"
    )
    assert counters["score"] == "28 / 30 (93.3%)" and counters["mistakes"] == "2"
    browser.find_element("id", "lang").click()
    assert browser.find_element("id", "ex-question").text.startswith("完成：30 步中对了 28 步")
    assert browser.find_element("id", "ex-place").text == "安全，放下（F）"


def ax_nodes(driver) -> list[dict]:
    driver.execute_cdp_cmd("Accessibility.enable", {})
    return driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]


def ax_value(node: dict, key: str) -> str:
    return str((node.get(key) or {}).get("value", ""))


def ax_property(node: dict, name: str) -> str:
    for prop in node.get("properties", []):
        if prop["name"] == name:
            return str(prop["value"].get("value", ""))
    return ""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_accessibility_tree(browser, tmp_path, lang):
    page = write_exercise(tmp_path, f"a11y-{lang}", "backtracking", 6)
    open_exercise(browser, page, lang=lang)
    browser.find_element("tag name", "body").send_keys("f")  # one move: the status and narration speak
    every = ax_nodes(browser)
    by_id = {node["nodeId"]: node for node in every}
    nodes = [node for node in every if not node.get("ignored")]

    def text(node: dict) -> str:  # what a screen reader reads out of a region
        if ax_value(node, "role") == "StaticText":
            return ax_value(node, "name")
        return "".join(text(by_id[child]) for child in node.get("childIds", []) if child in by_id)

    live = {ax_value(node, "role"): text(node) for node in nodes if ax_property(node, "live") == "polite"}
    said = browser.execute_script("return [nqPage.said, document.getElementById('narration').textContent]")
    assert live.get("status") == said[0] == ("Right." if lang == "en" else "对。")  # the verdict, announced
    assert said[1] in live.values() and said[1]  # the step's narration, announced
    buttons = [node for node in nodes if ax_value(node, "role") == "button"]
    assert len(buttons) >= 7 and all(ax_value(node, "name").strip() for node in buttons)
    cells = [node for node in nodes if ax_value(node, "role") == "gridcell"]
    assert len(cells) == 36
    names = sorted(ax_value(node, "name") for node in cells)
    if lang == "en":
        assert "Row 1, column 1: queen" in names and "Row 2, column 1: tried next" in names
        assert names.count("Row 3, column 3: empty") == 1
    else:
        assert "第 1 行第 1 列：皇后" in names and "第 2 行第 1 列：下一个要试的格子" in names
    (grid,) = [node for node in nodes if ax_value(node, "role") == "grid"]
    assert ax_value(grid, "name") == ("Board, 6 by 6" if lang == "en" else "棋盘，6 × 6")
    sliders = [node for node in nodes if ax_value(node, "role") == "slider"]
    assert sliders and ax_value(sliders[0], "name")
    # focus order: Tab walks every control once, in the page's order, each with a visible focus
    browser.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    order, visible = [], []
    for _ in range(11):
        browser.switch_to.active_element.send_keys("\ue004")  # Tab
        focused = browser.execute_script(
            """const e = document.activeElement; const style = getComputedStyle(e);
               const ring = document.querySelector('#board .focus-ring');
               return [e.id || e.getAttribute('aria-label'),
                       style.outlineStyle !== 'none' || ring.getAttribute('visibility') === 'visible'];"""
        )
        order.append(focused[0])
        visible.append(focused[1])
    expected = [
        "lang",
        "big",
        "ex-place",
        "ex-refuse",
        "ex-backtrack",
        "ex-undo",
        "ex-model",
        "ex-diagnosis",
        "ex-new",
        "scrub",
    ]
    assert order[: len(expected)] == expected
    assert order[len(expected)].startswith(
        "Row 1, column 1" if lang == "en" else "第 1 行第 1 列"
    )  # the board
    assert all(visible[: len(expected) + 1])
    browser.switch_to.active_element.send_keys("\ue015")  # Down inside the board: the next square
    assert browser.execute_script("return document.activeElement.dataset.row") == "1"
    browser.switch_to.active_element.send_keys("\ue007")  # Enter on the ringed square (1, 0): place it
    assert browser.execute_script("return nqPage.state().log.length") == 2


def test_on_a_phone_every_control_takes_a_finger_and_a_tap_answers(browser, tmp_path):
    page = write_exercise(tmp_path, "phone", "forward-checking", 8)
    metrics = {"width": 375, "height": 667, "deviceScaleFactor": 2, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        open_exercise(browser, page)
        sizes = browser.execute_script(
            """const out = [];
               document.querySelectorAll('button, select, #scrub, #board .cell').forEach((e) => {
                 const box = e.getBoundingClientRect();
                 const name = e.id || e.dataset.row + ',' + e.dataset.col;
                 if (box.width || box.height) out.push([name, box.width, box.height]);
               });
               return [out, document.documentElement.clientWidth, document.documentElement.scrollWidth];"""
        )
        controls, width, scroll = sizes
        assert width == 375 and scroll <= width  # nothing sticks out sideways
        assert len(controls) > 64
        small = [c for c in controls if c[1] < 44 or c[2] < 44]
        assert not small, small
        box = browser.execute_script(
            "const b = document.querySelector(\"#board .cell[data-row='0'][data-col='0']\")"
            ".getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2];"
        )
        for kind in ("touchStart", "touchEnd"):
            points = [{"x": box[0], "y": box[1]}] if kind == "touchStart" else []
            browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        state = browser.execute_script("return nqPage.state()")
        assert state["log"] == [
            {"step": 1, "move": "place 0 0", "expected": "place 0 0", "right": True, "kind": None}
        ]
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_nqx_functions(browser, tmp_path):
    open_exercise(browser, write_exercise(tmp_path, "nqx", "backtracking", 4))
    result = browser.execute_script(
        """return {
             round: [6.25, 6.35, 0.15, 66.66666666666667, 12.75, 100, 2.5].map(NQX.round1),
             span: [NQX.timespan(0), NQX.timespan(65.2), NQX.timespan(3600 * 12 + 1.006)],
             tokens: ['P', 'R', 'C', 'U', 'a', 'h', 'A', 'H'].map(NQX.untoken),
           };"""
    )
    assert result["round"] == [round(x, 1) for x in (6.25, 6.35, 0.15, 200 / 3, 12.75, 100, 2.5)]
    assert result["span"] == ["0000:00:00.00", "0000:01:05.20", "0012:00:01.01"]
    assert result["tokens"] == [
        ["place", None], ["refuse", None], ["confirm", None], ["undo", None],
        ["backtrack", 0], ["backtrack", 7], ["row", 0], ["row", 7],
    ]  # fmt: skip
