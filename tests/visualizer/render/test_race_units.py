"""Race mode compares like with like and narrates each side (issue 18, item 5)."""

from __future__ import annotations

import pygame

from solvers import registry
from solvers.narration import Narrator
from tests import ROOT
from tests.ui import new_app
from visualizer.render.race import counter_rows

LESSON = ROOT / "visualizer" / "examples" / "lessons" / "why-backtracking-beats-brute-force.json"


def test_every_algorithm_says_what_its_attempt_is():
    units = {name: spec.attempt_unit for name, spec in registry.ALGORITHMS.items()}
    assert units["brute-force"] == "board" and units["backtracking"] == "square"
    assert units["permutations"] == units["permutations-pruned"] == "permutation"
    assert all(units.values())


def test_boards_and_squares_are_not_ranked_against_each_other():
    app = new_app(mode="race")
    app.dispatch("lesson-open", str(LESSON))
    app.dispatch("goto-bookmark", 3)
    race = app.race
    assert race is not None and race.a.counters.attempts == 57 and race.b.counters.attempts == 171
    rows = {side: {row.key: row for row in counter_rows(race, side, "en")} for side in ("a", "b")}
    assert not rows["a"]["attempts"].leads and not rows["b"]["attempts"].leads  # green 57 was the bug
    assert rows["a"]["attempts"].label == "Attempts (boards)"
    assert rows["b"]["attempts"].label == "Attempts (squares)"
    assert rows["a"]["placements"].leads or rows["b"]["placements"].leads  # queens are queens
    state = app.state()["race"]
    assert state["a"]["attempt_unit"] == "board" and state["b"]["attempt_unit"] == "square"  # type: ignore[index]


def test_the_same_unit_is_still_ranked():
    app = new_app(8, "permutations", mode="race", algo2="permutations-pruned")
    app.dispatch("step", 400)
    race = app.race
    assert race is not None
    rows = {side: {row.key: row for row in counter_rows(race, side, "en")} for side in ("a", "b")}
    assert rows["a"]["attempts"].leads != rows["b"]["attempts"].leads
    assert rows["a"]["attempts"].label == "Attempts (permutations)"


def test_each_side_has_its_sentence_as_watch_mode_says_it():
    app = new_app(6, "brute-force", mode="race", algo2="backtracking")
    app.dispatch("step", 22)
    race = app.race
    assert race is not None
    state = app.state()["race"]
    for side in ("a", "b"):
        timeline = race.sides[side]
        narrator = Narrator(timeline.spec, 6)
        said = [narrator.step(event) for event in timeline.spec.solve(6)][21]
        assert state[side]["narration"] == said  # type: ignore[index]
    app.draw()
    drawn = app.mode.narration_rects  # type: ignore[attr-defined]
    assert set(drawn) == {"a", "b"}
    for side, rect in drawn.items():
        assert rect.height > 0 and app.layout.controls.right < rect.left
        board = app.mode.board_rects[side]  # type: ignore[attr-defined]
        assert rect.top >= board.bottom and not rect.colliderect(board)
    assert not drawn["a"].colliderect(drawn["b"])
    assert isinstance(drawn["a"], pygame.Rect)


def test_a_students_uncounted_checks_never_lead_the_book():
    from solvers.own.search import register
    from tests import EXAMPLE_SEARCHES

    spec = register(EXAMPLE_SEARCHES / "middle_out.py")
    app = new_app(6, spec.name, mode="race", algo2="backtracking")
    app.dispatch("step", 40)
    assert app.join(30)  # a step waits for a student's search on the worker thread after STEP_WAIT
    race = app.race
    assert race is not None and race.a.counters.checks == 0 < race.b.counters.checks
    rows = {side: {row.key: row for row in counter_rows(race, side, "en")} for side in ("a", "b")}
    assert not rows["a"]["checks"].leads and not rows["b"]["checks"].leads  # 0 was the student's, not fewer
    assert (
        rows["a"]["placements"].leads
        or rows["b"]["placements"].leads
        or (race.a.counters.placements == race.b.counters.placements)
    )
