"""Simulated students: an exercise played by the Grader as a student holding a misconception (or
none) would play it, with seeded random slips; and ``trial``, which diagnoses many of them as
``nqueens results`` does (the attempt record written, re-graded, diagnosed). The benchmark
(``benchmarks/misconceptions.py``) runs it with 200 attempts a version, the tests with a few.

At each step the student means the answer of their version (``solvers.diagnosis.follow``: the
key its next move from there takes), or the model's without one; with probability ``slips`` they
press another plausible key instead (the other verdict on the square, a lift of another queen's
row, another row, a confirmation), drawn from the seeded ``random.Random``. A version whose run is
over stops the attempt there. With undo feedback a wrong move is undone and answered as the model
does (the student has been told).

>>> from solvers import registry
>>> from solvers.exercise_model import Grader, model_run
>>> from solvers.diagnosis import Predictions
>>> spec = registry.get("backtracking")
>>> table = Predictions(spec, 5, "first", model_run(spec, 5, "first"))
>>> moves = play(table, None, slips=0.0, seed=1)
>>> all(move["right"] for move in moves), len(moves) == len(table.steps)
(True, True)
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from solvers.diagnosis import STOP, Predictions, follow
from solvers.exercise_model import Grader
from solvers.instance import Instance
from solvers.misconceptions import STOPS, Version

#: The exercises a trial draws from: every algorithm the exercise takes, n = 5..8 to the first
#: solution and n = 5, 6 to all, each plain and (where it takes one) with two blocked squares
#: and a given queen drawn from seed 7.
SIZES = {"first": (5, 6, 7, 8), "all": (5, 6)}
#: A version is tried on the exercises where it departs from the model at least this often
#: (stopping early: once): a misconception that changes fewer moves cannot be told from slips.
MIN_DEPARTURES = 3
START = datetime(2026, 12, 3, 9, 0, tzinfo=timezone.utc)


def plausible(table: Predictions, index: int) -> list[str]:
    """The answers a student may give at step ``index``: a verdict on the square, a lift of any
    queen the search placed, a row choice (MRV), a confirmation (forward checking)."""
    position = table.positions()[index]
    out = ["place", "refuse"]
    out += [f"backtrack {row}" for row in position.order]
    if table.base.dynamic_rows:
        out += [f"row {row}" for row in position.free if position.queens[row] is None]
    if table.base.keeps_domains:
        out.append("confirm")
    return out


def play(
    table: Predictions,
    version: Version | None,
    *,
    slips: float = 0.03,
    seed: int = 0,
    feedback: str = "continuous",
) -> list[dict[str, Any]]:
    """The moves (the attempt record's) of a student holding ``version`` (None: no misconception)
    through ``table``'s exercise, with a slip at each step with probability ``slips``."""
    rng = random.Random(seed)
    grader = Grader(table.steps, feedback)
    moves: list[dict[str, Any]] = []
    while grader.due is not None:
        index = grader.at
        model = table.model(index)
        meant = model if version is None else follow(table.answer(version, index), model)
        if meant == STOP:
            break
        if slips and rng.random() < slips:
            others = [answer for answer in plausible(table, index) if answer != meant]
            meant = rng.choice(others)
        action, _, row = meant.partition(" ")
        verdict = grader.answer(action, int(row) if row else None)
        moves.append({**vars(verdict), "t": round(2.0 * (len(moves) + 1), 3)})
        if not verdict.right and feedback == "undo":
            grader.undo()
            action, _, row = model.partition(" ")
            verdict = grader.answer(action, int(row) if row else None)
            moves.append({**vars(verdict), "t": round(2.0 * (len(moves) + 1), 3)})
    return moves


@dataclass(frozen=True)
class Exercise:
    """One exercise of a trial: the algorithm, the instance and the goal."""

    algorithm: str
    instance: Instance
    goal: str

    def table(self) -> Predictions:
        """Its wrong versions' answers: the table ``nqueens results`` diagnoses with (cached)."""
        from solvers.results import predictions

        return predictions(self.algorithm, self.instance, self.goal)


def exercises() -> list[Exercise]:
    """The exercises a trial draws from (``SIZES``), in a fixed order."""
    from solvers import registry
    from solvers.exercise_model import exercisable

    out = []
    for spec in registry.ALGORITHMS.values():
        if not exercisable(spec):
            continue
        for goal, sizes in SIZES.items():
            for n in sizes:
                out.append(Exercise(spec.name, Instance(n), goal))
                if spec.constrained:
                    drawn = Instance.random(n, 7, blocked=2, given=1)
                    out.append(Exercise(spec.name, Instance(n, drawn.blocked, drawn.given), goal))
    return out


def eligible(version: Version | None, pool: list[Exercise]) -> list[tuple[Exercise, int]]:
    """The exercises of ``pool`` where ``version`` can show (all of them for no version), each
    with the number of steps at which it departs from the model."""
    out = []
    for exercise in pool:
        table = exercise.table()
        if version is None:
            out.append((exercise, 0))
        elif version in table.versions:
            departs = len(table.departures(version))
            if departs >= (1 if version.key in STOPS else MIN_DEPARTURES):
                out.append((exercise, departs))
    return out


@dataclass
class Tally:
    """What a trial found: attempts made, the version named first (``named``: the trial's own),
    another one named, none named; the departures and the wrong moves of each attempt."""

    attempts: int = 0
    named: int = 0
    other: int = 0
    none: int = 0
    exercises: int = 0
    departures: list[int] = field(default_factory=list)
    wrong: list[int] = field(default_factory=list)

    def share(self, count: int) -> float:
        """``count`` as a percentage of the attempts (one decimal)."""
        return round(100.0 * count / self.attempts, 1) if self.attempts else 0.0

    def median(self, values: list[int]) -> float:
        return float(statistics.median(values)) if values else 0.0


def trial(
    version: Version | None,
    attempts: int,
    *,
    slips: float = 0.03,
    seed: int = 0,
    pool: list[Exercise] | None = None,
) -> Tally:
    """``attempts`` simulated students holding ``version`` (None: none) at the exercises where it
    can show, in turn; each attempt written as the exercise writes it, re-graded and diagnosed
    by ``solvers.results.regrade``; every third with undo feedback."""
    from solvers.results import make_record, regrade

    chosen = eligible(version, exercises() if pool is None else pool)
    tally = Tally(exercises=len(chosen))
    if not chosen:
        return tally
    turns = sorted(range(attempts), key=lambda i: i % len(chosen))  # one exercise after another
    for i in turns:
        exercise, departs = chosen[i % len(chosen)]
        feedback = "undo" if i % 3 == 2 else "continuous"
        moves = play(exercise.table(), version, slips=slips, seed=seed * 1_000_003 + i, feedback=feedback)
        record = make_record(
            algorithm=exercise.algorithm,
            instance=exercise.instance,
            goal=exercise.goal,
            feedback=feedback,
            moves=moves,
            seconds=float(len(moves)),
            student=f"Student {i + 1}",
            started=START,
        )
        found = regrade(record).diagnosis
        named = found.misconceptions()
        tally.attempts += 1
        tally.departures.append(departs)
        tally.wrong.append(found.wrong)
        if not named:
            tally.none += 1
        elif version is not None and named[0] == version.key:
            tally.named += 1
        else:
            tally.other += 1
    return tally
