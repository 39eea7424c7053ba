"""What an exercise page carries (issue 40), made in Python: the kind table is ``mistake``'s on every
step of real model runs, each step's board is the window's after that step, each sentence is the
window's, and the instances are different and reproducible."""

from __future__ import annotations

import pytest

from solvers import registry
from solvers.errors import SolverError
from solvers.exercise_model import ACTIONS, exercisable, mistake, model_run
from solvers.instance import Instance
from visualizer.core.exercise import Exercise
from visualizer.core.timeline import Timeline
from visualizer.web.exercise import ACTION_CODES, exercise_data, instance_data, instances, kind_table

EXERCISABLE = [name for name in registry.ALGORITHMS if exercisable(registry.get(name))]


@pytest.mark.parametrize("algorithm", EXERCISABLE)
def test_the_kind_table_is_mistakes_on_every_step(algorithm):
    table = kind_table()
    n = 5
    for step in model_run(registry.get(algorithm), n, "all"):
        if step.action == "start":
            continue
        for answer in ACTIONS:
            for row in range(n) if answer in ("backtrack", "row") else [None]:
                same = 1 if row == step.row else 0
                looked_up = table[ACTION_CODES.index(step.action)][ACTIONS.index(answer)][same]
                assert looked_up == mistake(step, answer, row), (step, answer, row)


@pytest.mark.parametrize("algorithm", ["backtracking", "forward-checking", "mrv"])
def test_each_steps_board_and_sentence_are_the_windows(algorithm):
    instance = Instance.random(6, 11, blocked=2, given=1)
    spec = registry.get(algorithm).bound(instance)
    data = instance_data(registry.get(algorithm), 6, "first", instance)
    exercise = Exercise(spec, 6, clock=lambda: 0.0)
    timeline = Timeline(spec, 6)
    trace = data["trace"]
    assert data["first"] == exercise.first == 1 and data["instance"] == instance.as_json()
    assert len(trace["queenSteps"]) == len(exercise.steps) + 1 == len(data["acts"]) + 1
    queens = list(trace["queenKeys"][0])
    for at in range(len(exercise.steps) + 1):
        for row, col in zip(trace["queenSteps"][at][::2], trace["queenSteps"][at][1::2], strict=True):
            queens[row] = col
        if at % 256 == 0:
            queens = list(trace["queenKeys"][at // 256])
        timeline.seek(exercise.ends[at - 1] if at else 0)
        assert queens == [-1 if c is None else c for c in timeline.queens], at
    while not exercise.over:
        due = exercise.due
        assert data["sentences"][data["why"][exercise.at]] == [
            exercise.why(due)["en"],
            exercise.why(due)["zh"],
        ]
        code = data["acts"][exercise.at]
        assert ACTION_CODES[code] == due.action
        exercise.answer(due.action, due.row)
    assert all(m == -1 for m in trace["mrv"]) if trace["mrv"] else True  # MRV's answer never shown


def test_instances_are_different_and_drawn_from_the_seed():
    drawn = instances(5, 6, 40, 2, 1)
    assert len(set(drawn)) == 6
    assert drawn[0] == Instance.random(5, 40, blocked=2, given=1)
    assert drawn == instances(5, 6, 40, 2, 1)  # the same seed, the same page
    assert instances(5, 1, None, 0, 0) == [None]


@pytest.mark.parametrize(
    ("call", "needle"),
    [
        (lambda: instances(5, 21, 1, 2, 1), "1 to 20 instances"),
        (lambda: instances(5, 3, None, 0, 0), "needs --seed"),
        (lambda: instances(4, 5, 1, 0, 0), "could not be drawn"),
        (lambda: exercise_data(registry.get("dlx"), 6), "cannot use"),
        (lambda: exercise_data(registry.get("backtracking"), 9), "n from 4 to 8"),
        (lambda: exercise_data(registry.get("backtracking"), 6, mastery=101), "percentage"),
        (lambda: exercise_data(registry.get("backtracking"), 6, goal="some"), "goal"),
    ],
)
def test_what_the_exercise_does_not_take_is_refused_in_a_sentence(call, needle):
    with pytest.raises((SolverError, ValueError), match=needle):
        call()
