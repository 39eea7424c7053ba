"""Predict mode: guesses judged against the real run, the reasons in the narration's words, the
score and streak, R, the enumerations' safe / attacked answers, mode switches -- through the core,
real clicks and key presses, and headless scripts."""

from __future__ import annotations

import itertools
import json
import random

import pygame
import pytest

from solvers import registry
from solvers.errors import SolverError
from solvers.events import Conflict, Place, Solution
from tests.run import viz
from tests.ui import click, click_button, new_app, press, share_near
from visualizer.core.predict import Predictor, Score, question_kind
from visualizer.core.timeline import Timeline
from visualizer.look.i18n import tr
from visualizer.look.theme import CLASSROOM
from visualizer.shell.headless import ScriptError, run_headless

SQUARE_ALGORITHMS = [
    "backtracking",
    "backtracking-pairwise",
    "backtracking-board",
    "backtracking-iterative",
    "bitmask",
    "forward-checking",
    "mrv",
    "construction",
]
ANSWER_ALGORITHMS = ["brute-force", "permutations", "permutations-pruned"]


def placements(name: str, n: int, count: int) -> list[tuple[int, int]]:
    """The first ``count`` placements of a fresh run, read straight from the generator (the oracle)."""
    places = (e for e in registry.get(name).solve(n) if type(e) is Place)
    return [(e.row, e.col) for e in itertools.islice(places, count)]


def verdicts(name: str, n: int, count: int) -> list[str]:
    """The first ``count`` whole-board verdicts of a fresh run: "safe" or "attacked"."""
    judged = (e for e in registry.get(name).solve(n) if type(e) in (Conflict, Solution))
    return ["attacked" if type(e) is Conflict else "safe" for e in itertools.islice(judged, count)]


def predictor(name: str, n: int) -> tuple[Timeline, Predictor]:
    timeline = Timeline(registry.get(name), n)
    return timeline, Predictor(timeline)


def guess(timeline: Timeline, pred: Predictor, square: tuple[int, int]):
    verdict, steps = pred.judge_square(square)
    timeline.step(steps)
    return verdict


# -- the rules, without a window ----------------------------------------------------------------


def test_which_algorithms_ask_what():
    for name in SQUARE_ALGORITHMS:
        assert question_kind(registry.get(name)) == "square"
    for name in ANSWER_ALGORITHMS:
        assert question_kind(registry.get(name)) == "answer"
    with pytest.raises(SolverError, match="at random"):
        question_kind(registry.get("min-conflicts"))
    assert set(SQUARE_ALGORITHMS + ANSWER_ALGORITHMS + ["min-conflicts"]) <= set(registry.ALGORITHMS)


def test_backtracking_at_8_right_guesses_are_the_known_first_placements():
    timeline, pred = predictor("backtracking", 8)
    assert guess(timeline, pred, (0, 0)).right
    second = guess(timeline, pred, (1, 2))  # row 2's first safe column is 3
    assert second.right and second.why == {}
    assert timeline.queens[:3] == [0, 2, None]
    assert (pred.score.right, pred.score.tried, pred.score.streak) == (2, 2, 2)


def test_an_attacked_square_is_explained_by_its_attacker_row():
    timeline, pred = predictor("backtracking", 8)
    guess(timeline, pred, (0, 0))
    wrong = guess(timeline, pred, (1, 1))
    assert not wrong.right and wrong.real == (1, 2) and wrong.attacker == (0, 0)
    assert "the queen in row 1" in wrong.why["en"] and "anti-diagonal" in wrong.why["en"]
    assert "第 1 行" in wrong.why["zh"]
    assert timeline.queens[:2] == [0, 2]  # the real step was shown all the same
    assert (pred.score.right, pred.score.tried, pred.score.streak) == (1, 2, 0)


def test_a_safe_square_after_the_first_is_explained_by_the_left_to_right_order():
    timeline, pred = predictor("backtracking", 8)
    guess(timeline, pred, (0, 0))
    guess(timeline, pred, (1, 2))
    wrong = guess(timeline, pred, (2, 6))  # safe, but row 3's first safe column is 5
    assert wrong.real == (2, 4) and wrong.attacker is None
    assert "left to right" in wrong.why["en"] and "column 5 comes first" in wrong.why["en"]
    assert "从左到右" in wrong.why["zh"]


def test_another_row_is_explained_by_the_row_order():
    timeline, pred = predictor("backtracking", 8)
    guess(timeline, pred, (0, 0))
    wrong = guess(timeline, pred, (5, 3))
    assert "top to bottom" in wrong.why["en"] and "row 2 comes next" in wrong.why["en"]


def test_a_square_tried_before_a_backtrack_is_explained_as_tried():
    """Play the run right; at the first placement after a backtrack where a safe column left of it
    exists, guess that column: the reason is that it was tried already."""
    timeline, pred = predictor("backtracking", 6)
    for real in placements("backtracking", 6, 200):
        with_lift = pred.coming()
        board = {r: c for r, c in enumerate(timeline.queens) if c is not None}
        row = real[0]
        safe_left = [
            c
            for c in range(real[1])
            if all(
                c != bc and row + c != br + bc and row - c != br - bc for br, bc in board.items() if br < row
            )
        ]
        if (
            safe_left
            and any(type(e) is not Place for e in with_lift)
            and all(r < row for r in board if r != row)
        ):
            wrong = guess(timeline, pred, (row, safe_left[0]))
            assert not wrong.right and "tried already" in wrong.why["en"], wrong.why
            assert "已经试过" in wrong.why["zh"]
            return
        guess(timeline, pred, real)
    pytest.fail("no placement after a backtrack had a safe column left of it")


def test_a_dead_end_is_explained_by_the_backtrack_and_where_the_queen_then_goes():
    timeline, pred = predictor("backtracking", 4)
    for square in placements("backtracking", 4, 2):  # (0,0), (1,2): row 3 is then a dead end
        guess(timeline, pred, square)
    wrong = guess(timeline, pred, (2, 3))
    assert wrong.real == (1, 3) and "goes back to row 2" in wrong.why["en"]
    assert f"Then the queen goes to row {wrong.real[0] + 1}, column {wrong.real[1] + 1}." in wrong.why["en"]


@pytest.mark.parametrize("name", SQUARE_ALGORITHMS)
def test_a_perfect_student_scores_every_placement(name):
    n = 6
    timeline, pred = predictor(name, n)
    oracle = placements(name, n, 40)
    for square in oracle:
        assert guess(timeline, pred, square).right
    assert pred.score.right == pred.score.tried == pred.score.streak == len(oracle)
    if len(oracle) < 40:  # the run placed no more queens: nothing is left to predict
        assert pred.coming() == []
        with pytest.raises(LookupError):
            pred.judge_square((0, 0))


@pytest.mark.parametrize("name", SQUARE_ALGORITHMS)
def test_random_guesses_are_judged_against_the_real_run_and_every_wrong_one_says_why(name):
    n = 6
    rng = random.Random(name)
    timeline, pred = predictor(name, n)
    oracle = placements(name, n, 60)
    for real in oracle:
        square = real if rng.random() < 0.3 else (rng.randrange(n), rng.randrange(n))
        verdict = guess(timeline, pred, square)
        assert verdict.real == real and verdict.right == (square == real)
        assert timeline.queens[real[0]] == real[1]  # the real placement is on the board
        if not verdict.right:
            assert verdict.why["en"] and verdict.why["zh"], square
    assert pred.score.tried == len(oracle)


@pytest.mark.parametrize("name", ANSWER_ALGORITHMS)
def test_enumeration_answers_are_judged_against_the_real_verdicts(name):
    n = 5
    timeline, pred = predictor(name, n)
    oracle = verdicts(name, n, 30)
    rng = random.Random(name)
    for real in oracle:
        timeline.step(pred.to_question())
        assert len(pred.coming()) == 1 and timeline.depth == n  # a complete board waits for its verdict
        answer = real if rng.random() < 0.5 else rng.choice(["safe", "attacked"])
        verdict, steps = pred.judge_answer(answer)
        timeline.step(steps)
        assert verdict.real == real and verdict.right == (answer == real)
        if not verdict.right:
            assert (" share " in verdict.why["en"]) == (real == "attacked")
            assert ("solution" in verdict.why["en"]) == (real == "safe")
    assert pred.score.tried == len(oracle)


def test_a_wrong_safe_answer_names_the_attacking_pair():
    timeline, pred = predictor("brute-force", 4)
    timeline.step(pred.to_question())
    assert timeline.queens == [0, 0, 0, 0]
    verdict, _ = pred.judge_answer("safe")
    assert not verdict.right and verdict.real == "attacked" and verdict.attacker is not None
    assert "rows 1 and 2 share a column" in verdict.why["en"]


def test_score_and_streak_arithmetic():
    score = Score()
    for right in (True, True, False, True, True, True, False):
        score.record(right)
    assert (score.right, score.tried, score.streak, score.best) == (5, 7, 0, 3)
    assert score.as_dict() == {"right": 5, "tried": 7}


def test_peeking_does_not_move_the_timeline():
    timeline, pred = predictor("backtracking", 8)
    for _ in range(3):
        assert pred.coming()
    assert timeline.cursor == 0 and timeline.depth == 0 and timeline.counters.attempts == 0
    timeline.step(5)
    fresh = Timeline(registry.get("backtracking"), 8)
    fresh.step(5)
    assert (timeline.queens, timeline.counters) == (fresh.queens, fresh.counters)


# -- the window, through real input --------------------------------------------------------------


def square_centre(app, row: int, col: int) -> tuple[int, int]:
    app.draw()
    return app.geometry.center(row, col)


def test_clicks_are_guesses_marked_on_the_board_and_r_restarts():
    app = new_app(8, "backtracking", mode="predict")
    try:
        click(app, square_centre(app, 0, 0))
        state = app.state()
        assert state["score"] == {"right": 1, "tried": 1} and state["streak"] == 1
        assert state["queens"][0] == 0 and state["last_guess"]["right"] is True
        ring = app.geometry.square_rect(0, 0)
        edge = pygame.Rect(ring.left - 3, ring.top - 3, ring.w + 6, 6)
        assert share_near(app, edge, CLASSROOM.solution) > 0.3  # right: the solution colour
        assert app.banner is not None and app.banner[0] == tr("predict_right", "en")

        click(app, square_centre(app, 1, 1))  # attacked along the anti-diagonal by row 1's queen
        state = app.state()
        assert state["score"] == {"right": 1, "tried": 2} and state["streak"] == 0
        assert state["queens"][:2] == [0, 2]
        assert "row 1" in state["last_guess"]["why"]
        inner = app.geometry.square_rect(1, 1).inflate(-8, -8)
        assert share_near(app, inner, CLASSROOM.conflict) > 0.3  # wrong: the refusal colour

        press(app, pygame.K_r, "r")
        state = app.state()
        assert state["score"] == {"right": 0, "tried": 0} and state["streak"] == 0
        assert state["queens"] == [None] * 8 and state["last_guess"] is None
        click(app, square_centre(app, 0, 0))  # the round starts again from the first placement
        assert app.state()["score"] == {"right": 1, "tried": 1}
    finally:
        app.close()


def test_enumerations_answer_with_keys_and_buttons():
    app = new_app(4, "brute-force", mode="predict")
    try:
        assert app.state()["asking"] == "answer" and app.state()["queens"] == [0, 0, 0, 0]
        press(app, pygame.K_f, "f")  # safe: wrong, every queen shares column 1
        state = app.state()
        assert state["score"] == {"right": 0, "tried": 1} and state["asking"] == "next"
        assert "rejected" in state["last_guess"]["why"]
        press(app, pygame.K_d, "d")  # a verdict is shown: D waits for the next board
        assert app.state()["score"]["tried"] == 1
        press(app, pygame.K_RIGHT)  # the next board
        assert app.state()["asking"] == "answer" and app.state()["queens"] == [0, 0, 0, 1]
        click_button(app, "attacked")
        assert app.state()["score"] == {"right": 1, "tried": 2} and app.state()["streak"] == 1
        click(app, square_centre(app, 2, 2))  # a board click is no answer here
        assert app.state()["score"]["tried"] == 2
        assert app.banner is not None and app.banner[0] == tr("predict_click_answer", "en")
    finally:
        app.close()


def test_the_right_arrow_shows_the_next_placement_without_scoring():
    app = new_app(8, "backtracking", mode="predict")
    try:
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RIGHT)
        state = app.state()
        assert state["queens"][:2] == [0, 2] and state["score"] == {"right": 0, "tried": 0}
        app.dispatch("step", 3)
        assert app.state()["queens"][:5] == [0, 2, 4, 1, 3]
    finally:
        app.close()


def test_switching_modes_keeps_n_and_algorithm_and_refuses_min_conflicts():
    app = new_app(6, "bitmask")
    try:
        click_button(app, "mode:predict")
        assert app.state()["mode"] == "predict" and app.controls.buttons["mode:predict"].is_selected
        assert (app.state()["n"], app.state()["algorithm"]) == (6, "bitmask")
        click(app, square_centre(app, 0, 0))
        assert app.state()["score"] == {"right": 1, "tried": 1}
        click_button(app, "mode:watch")
        assert app.state()["mode"] == "watch" and "score" not in app.state()
        click_button(app, "mode:predict")  # the round left, where it stood (issue 38)
        assert app.state()["score"] == {"right": 1, "tried": 1} and app.state()["event_index"] > 0
        press(app, pygame.K_r, "r")  # R: a new round
        assert app.state()["score"] == {"right": 0, "tried": 0} and app.state()["event_index"] == 0
        app.dispatch("algo", "min-conflicts")
        assert app.banner is not None and app.banner[1] == "error" and "at random" in app.banner[0]
        assert app.state()["algorithm"] == "bitmask" and app.state()["mode"] == "predict"
        app.dispatch("algo", "brute-force")
        assert app.state()["asking"] == "answer" and "safe" in app.controls.buttons
        click_button(app, "mode:watch")
        app.dispatch("algo", "min-conflicts")
        click_button(app, "mode:predict")
        assert app.state()["mode"] == "watch" and app.banner is not None and app.banner[1] == "error"
    finally:
        app.close()


# -- headless -----------------------------------------------------------------------------------


def test_headless_guesses_and_answers(tmp_path):
    state = run_headless(
        n=8, algorithm="backtracking", mode="predict", script="guess:0,0;guess:1,1;guess:2,4"
    )
    assert state["score"] == {"right": 2, "tried": 3} and state["streak"] == 1
    assert state["queens"][:3] == [0, 2, 4] and state["question"] == "square"
    state = run_headless(
        n=4, algorithm="permutations", mode="predict", script="answer:attacked;step;answer:safe"
    )
    assert state["score"]["tried"] == 2 and state["asking"] == "next"
    script = (
        "mode:predict;"
        + ";".join(f"guess:{r},{c}" for r, c in placements("construction", 5, 5))
        + ";guess:0,0"
    )
    state = run_headless(n=5, algorithm="construction", script=script)
    assert state["score"] == {"right": 5, "tried": 5} and state["asking"] == "over"


@pytest.mark.parametrize(
    ("algorithm", "script", "message"),
    [
        ("brute-force", "guess:0,0", "safe"),
        ("backtracking", "answer:safe", "click the square"),
        ("backtracking", "guess:8,0", "off the 8 x 8 board"),
        ("backtracking", "algo:min-conflicts", "at random"),
    ],
)
def test_headless_refusals(algorithm, script, message):
    with pytest.raises(ScriptError, match=message):
        run_headless(n=8, algorithm=algorithm, mode="predict", script=script)


def test_the_command_line_refuses_min_conflicts_in_one_line(tmp_path):
    done = viz("--mode", "predict", "--algo", "min-conflicts")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "at random" in done.stderr
    state = tmp_path / "s.json"
    done = viz("--mode", "predict", "--script", "guess:0,0", "--state", str(state))
    assert done.returncode == 0, done.stderr
    assert json.loads(state.read_text())["score"] == {"right": 1, "tried": 1}


def test_frames_keep_the_verdict_until_the_next_guess():
    app = new_app(8, "backtracking", mode="predict")
    try:
        click(app, square_centre(app, 3, 3))
        for _ in range(10):  # five seconds of fake time: the banner goes, the verdict on the board stays
            app.tick(0.5)
        assert app.banner is None and app.state()["last_guess"]["guess"] == [3, 3]
        inner = app.geometry.square_rect(3, 3).inflate(-8, -8)
        assert share_near(app, inner, CLASSROOM.conflict) > 0.3
    finally:
        app.close()


@pytest.mark.parametrize(
    ("algorithm", "n"), [("backtracking", 6), ("forward-checking", 5), ("permutations", 5)]
)
def test_random_real_input_keeps_the_run_and_the_score_consistent(algorithm, n):
    """Random clicks and keys (guesses, answers, the Right arrow, R): after each, the board equals a
    fresh run stepped to the same event, and the score only counts judged guesses."""
    rng = random.Random(algorithm)
    app = new_app(n, algorithm, mode="predict")
    keys = [(pygame.K_f, "f"), (pygame.K_d, "d"), (pygame.K_RIGHT, ""), (pygame.K_r, "r")]
    judged = 0
    try:
        for _ in range(80):
            before = app.state()["score"]["tried"]
            if rng.random() < 0.5:
                click(app, square_centre(app, rng.randrange(n), rng.randrange(n)))
            else:
                key, typed = rng.choice(keys)
                press(app, key, typed)
            state = app.state()
            tried = state["score"]["tried"]
            assert tried in (0, before, before + 1) and 0 <= state["score"]["right"] <= tried
            judged += tried == before + 1
            fresh = Timeline(registry.get(algorithm), n)
            fresh.step(state["event_index"])
            assert state["queens"] == fresh.queens
            assert state["asking"] in ("square", "answer", "next", "over")
    finally:
        app.close()
    assert judged > 0


@pytest.mark.parametrize("size", [(960, 640), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_mode_buttons_fit_their_labels(size, lang):
    app = new_app(8, "backtracking", mode="predict", size=size, lang=lang)
    try:
        font = app.manager.get_theme().get_font(["button"])
        for mode in ("watch", "game", "race", "predict"):
            button = app.controls.buttons[f"mode:{mode}"]
            assert font.size(tr(f"mode_{mode}", lang))[0] + 8 <= button.rect.w, (mode, button.rect)
            assert app.controls.rect.contains(button.rect)
    finally:
        app.close()
