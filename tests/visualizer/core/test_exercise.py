"""Exercise mode's grading (issue 23), by scripted students: a perfect one, one who ignores the
diagonals, and wrong moves with continuous and with undo feedback."""

from __future__ import annotations

import itertools
import json
from datetime import datetime, timezone

import pytest

from solvers import registry
from solvers.errors import SolverError
from solvers.events import Conflict, Place
from solvers.exercise_model import StandingMistake, model_steps
from solvers.narration import line_key
from solvers.results import FORMAT, read_attempt, regrade, summarize
from visualizer.core.exercise import Exercise, check_exercise
from visualizer.features.attempt_file import save_attempt

START = datetime(2026, 12, 3, 17, 0, tzinfo=timezone.utc)

ALGORITHMS = ("backtracking", "backtracking-pairwise", "bitmask", "forward-checking", "mrv")


class Clock:
    """A fake clock: each reading one second later than the one before."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def perfect(exercise: Exercise) -> None:
    """Answers every step as the model does."""
    while (due := exercise.due) is not None:
        assert exercise.answer(due.action, due.row if due.action in ("backtrack", "row") else None).right


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize(("n", "goal"), [(6, "first"), (5, "all")])
def test_a_perfect_student_scores_100_and_matches_the_model_event_for_event(algorithm, n, goal):
    spec = registry.get(algorithm)
    exercise = Exercise(spec, n, goal=goal, clock=Clock())
    perfect(exercise)
    score = exercise.score()
    assert score["percent"] == 100.0 and score["right"] == score["moves"] == len(exercise.steps)
    assert score["mistakes"] == {}
    made = [event for i in exercise.done for event in exercise.steps[i].events]
    assert made == list(spec.solve(n, first=goal == "first"))
    assert exercise.over and exercise.ended is not None


def test_the_steps_are_the_moves_a_student_makes():
    steps = model_steps(registry.get("mrv").solve(5, first=True), dynamic_rows=True)
    assert [s.text() for s in steps[:4]] == ["row 0", "place 0 0", "confirm", "row 1"]
    fc = model_steps(registry.get("forward-checking").solve(4, first=True))
    backtrack = next(s for s in fc if s.action == "backtrack")
    assert type(backtrack.said) is Conflict and backtrack.said.wipeout  # the wipe-out says why


def ignores_diagonals(exercise: Exercise) -> None:
    """A student who refuses a square only when a queen holds its column, and otherwise follows
    the search (backtracks when it does, to the right row)."""
    while (due := exercise.due) is not None:
        if due.action in ("place", "refuse"):
            assert due.square is not None
            held = set(exercise.narrator.context.queens.values())
            exercise.answer("refuse" if due.square[1] in held else "place")
        else:
            exercise.answer(due.action, due.row)


def test_a_student_who_ignores_diagonals_is_wrong_exactly_at_the_first_diagonal_refusal():
    spec = registry.get("backtracking")
    exercise = Exercise(spec, 6, goal="first", clock=Clock())
    ignores_diagonals(exercise)
    events = list(spec.solve(6, first=True))
    first_diagonal = next(
        e for e in events if type(e) is Conflict and line_key((e.row, e.col), e.blocker) != "col"
    )
    wrong = [graded for graded in exercise.log if not graded.right]
    assert wrong and all(graded.right for graded in exercise.log[: exercise.log.index(wrong[0])])
    position = events.index(first_diagonal)  # the first such refusal of the run
    before = sum(len(step.events) for step in exercise.steps[: wrong[0].step - 1])
    assert exercise.steps[wrong[0].step - 1].said == first_diagonal and before == position
    assert wrong[0].kind == "missed-conflict" and {g.kind for g in wrong} == {"missed-conflict"}
    assert wrong[0].move == f"place {first_diagonal.row} {first_diagonal.col}"
    assert "diagonal" in wrong[0].why["en"] and wrong[0].why["zh"]
    assert exercise.over  # continuous feedback: corrected each time, the run goes on to its end


def test_continuous_feedback_makes_the_model_move_and_counts_the_mistake():
    exercise = Exercise(registry.get("backtracking"), 4, clock=Clock())
    exercise.answer("place")  # (0, 0): right
    before = exercise.events_done
    wrong = exercise.answer("place")  # (1, 0) is refused: its column is held
    assert not wrong.right and wrong.kind == "missed-conflict" and wrong.expected == "refuse 1 0"
    assert exercise.events_done == before + 1 and exercise.due.square == (1, 1)
    assert exercise.score() == {"right": 1, "moves": 2, "percent": 50.0, "mistakes": {"missed-conflict": 1}}
    assert exercise.marks() == (2,)


def test_undo_feedback_leaves_the_wrong_move_until_it_is_undone():
    exercise = Exercise(registry.get("backtracking"), 4, feedback="undo", clock=Clock())
    exercise.answer("place")
    assert exercise.answer("refuse").right  # (1, 0) is attacked: refusing it is right
    assert exercise.answer("refuse").right  # (1, 1) too
    wrong = exercise.answer("refuse")  # (1, 2) is safe: a false conflict, left standing
    assert not wrong.right and wrong.kind == "false-conflict"
    stood = exercise.events_done
    with pytest.raises(StandingMistake):
        exercise.answer("place")
    assert exercise.events_done == stood and exercise.due.square == (1, 2)
    assert exercise.undo() and exercise.standing is None and exercise.moved == 0
    assert exercise.answer("place").right and exercise.events_done == stood + 1
    assert exercise.undo() and exercise.moved == -1 and exercise.due.square == (1, 2)  # a right move too
    assert exercise.score()["mistakes"] == {"false-conflict": 1} and exercise.score()["moves"] == 5


def test_backtrack_row_and_order_mistakes():
    exercise = Exercise(registry.get("mrv"), 5, feedback="undo", clock=Clock())
    assert exercise.answer("row", 2).kind == "wrong-row"  # MRV's tie: the lowest row, row 0
    exercise.undo()
    exercise.answer("row", 0)
    assert exercise.answer("backtrack", 0).kind == "wrong-backtrack"  # a try is due
    exercise.undo()
    exercise.answer("place")
    assert exercise.answer("place").kind == "wrong-order"  # the pruning waits to be confirmed
    exercise.undo()
    assert exercise.answer("confirm").right
    assert "fewest" in exercise.log[0].why["en"]


def test_moves_after_the_end_and_bad_input_are_refused():
    exercise = Exercise(registry.get("backtracking"), 4, clock=Clock())
    perfect(exercise)
    with pytest.raises(LookupError):
        exercise.answer("place")
    with pytest.raises(ValueError):
        exercise.answer("jump")
    with pytest.raises(ValueError):
        Exercise(registry.get("backtracking"), 4, goal="some", clock=Clock())
    for name, n in (("brute-force", 5), ("dlx", 5), ("min-conflicts", 5), ("backtracking", 9)):
        with pytest.raises(SolverError):
            check_exercise(registry.get(name), n)


def test_time_comes_from_the_clock_given():
    clock = Clock()
    exercise = Exercise(registry.get("backtracking"), 4, clock=clock)  # starts at 101
    graded = exercise.answer("place")  # read at 102
    assert graded.t == 1.0
    perfect(exercise)
    assert exercise.seconds() == exercise.seconds()  # stopped at the end


def test_an_attempt_file_is_written_whole_and_reads_back(tmp_path):
    exercise = Exercise(registry.get("backtracking"), 4, goal="all", feedback="undo", clock=Clock())
    exercise.answer("place")
    exercise.answer("place")  # wrong: left standing
    first = save_attempt(tmp_path, exercise, "Ana Li", START)
    second = save_attempt(tmp_path, exercise, "Ana Li", START)  # the same start and name: a file of its own
    assert first != second and sorted(p.name for p in tmp_path.iterdir()) == sorted([first.name, second.name])
    data = read_attempt(first)  # the results' own reader: bounded, schema-checked
    assert data == json.loads(first.read_text("utf-8"))
    assert data["format"] == FORMAT and data["student"] == "Ana Li" and data["algorithm"] == "backtracking"
    assert data["instance"] == {"n": 4, "blocked": [], "given": [], "seed": None}
    assert data["goal"] == "all" and data["feedback"] == "undo"
    assert data["score"] == {"right": 1, "moves": 2, "percent": 50.0, "mistakes": {"missed-conflict": 1}}
    assert data["moves"][1] == {
        "step": 2,
        "move": "place 1 0",
        "right": False,
        "kind": "missed-conflict",
        "expected": "refuse 1 0",
        "t": 2.0,
    }
    assert not [p for p in tmp_path.iterdir() if not p.name.endswith(".json")]  # no temporary left
    summary = summarize(tmp_path)  # the class summary reads the exercise's files: the second is a copy
    assert len(summary.attempts) == 1 and not summary.damaged and len(summary.copies) == 1
    grade = summary.attempts[0].grade  # re-graded: 1 right, 1 wrong, 74 of 76 steps never reached
    assert (grade.right, grade.moves, grade.complete, grade.steps_done, grade.steps_total) == (
        1,
        2,
        False,
        1,
        76,
    )
    assert summary.median_percent == 1.3 and summary.mistakes == {"missed-conflict": 1}
    assert summary.hard_steps[0].expected == "refuse 1 0"


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_the_results_regrade_an_attempt_as_the_window_graded_it(tmp_path, algorithm):
    """One grader: ``nqueens results`` replays the file's moves (undos implied by the steps) and finds
    the window's own verdicts and score, the goal reached."""
    exercise = Exercise(registry.get(algorithm), 5, goal="all", feedback="undo", clock=Clock())
    for k in itertools.count():
        due = exercise.due
        if due is None:
            break
        if k % 7 == 3:  # a wrong move, undone, then a right move undone and made again
            wrong = "refuse" if due.action == "place" else "place"
            exercise.answer(wrong)
            exercise.undo()
        exercise.answer(due.action, due.row if due.action in ("backtrack", "row") else None)
        if k % 11 == 5 and not exercise.over:
            exercise.undo()
    record = read_attempt(save_attempt(tmp_path, exercise, "Ana", START))
    grade = regrade(record)
    score = exercise.score()
    assert score["mistakes"] and score["moves"] > len(exercise.steps) + 10  # mistakes, undos, redos
    assert grade.complete and (grade.right, grade.moves, grade.mistakes) == (
        score["right"],
        score["moves"],
        score["mistakes"],
    )
    assert grade.percent == score["percent"]
    assert grade.wrong == {g.step: g.expected for g in exercise.log if not g.right}


def test_the_first_place_is_the_first_square():
    exercise = Exercise(registry.get("backtracking"), 5, clock=Clock())
    assert isinstance(exercise.due.said, Place) and exercise.due.text() == "place 0 0"


@pytest.mark.parametrize("algorithm", ("backtracking", "backtracking-board", "forward-checking", "mrv"))
def test_a_perfect_student_on_a_constrained_instance_matches_the_model(algorithm):
    from solvers.instance import Instance

    instance = Instance(6, blocked=frozenset({(0, 0), (3, 3)}), given=((2, 4),))
    spec = registry.get(algorithm).bound(instance)
    exercise = Exercise(spec, 6, goal="all", clock=Clock())
    assert exercise.steps[0].action == "start" and exercise.at == 1  # the givens stand at once
    tried = {step.square for step in exercise.steps if step.action in ("place", "refuse")}
    assert not tried & instance.blocked and all(square[0] != 2 for square in tried)  # never tried
    perfect(exercise)
    made = [event for i in (0, *exercise.done) for event in exercise.steps[i].events]
    assert made == list(spec.solve(6))
    assert exercise.score()["percent"] == 100.0
    while exercise.undo():  # undo goes back to the start, never past it
        pass
    assert exercise.at == 1 and exercise.events_done == len(exercise.steps[0].events)


def test_a_seeded_instance_is_the_same_for_everyone_and_written_in_the_record(tmp_path):
    from solvers.instance import Instance

    first, again = Instance.random(6, 42, blocked=2, given=1), Instance.random(6, 42, blocked=2, given=1)
    assert first == again and first.seed == 42
    exercise = Exercise(registry.get("forward-checking").bound(first), 6, clock=Clock())
    exercise.answer(exercise.due.action, exercise.due.row)
    data = json.loads(save_attempt(tmp_path, exercise, "", START).read_text())
    assert data["instance"] == first.as_json() and data["instance"]["seed"] == 42
