"""Simulated students: an exercise played by the Grader as a student holding a misconception (or
none) would play it, with seeded random slips. ``benchmarks/misconceptions.py`` measures the
diagnosis on them and the tests build result folders of them; both play through ``play``.

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
from typing import Any

from solvers.diagnosis import STOP, Predictions, follow
from solvers.exercise_model import Grader
from solvers.misconceptions import Version


def plausible(table: Predictions, index: int) -> list[str]:
    """The answers a student may give at step ``index``: a verdict on the square, a lift of any
    queen the search placed, a row choice (MRV), a confirmation (forward checking)."""
    position = table.positions()[index]
    out = ["place", "refuse"]
    out += [f"backtrack {row}" for row in position.order]
    if table.base.dynamic_rows:
        out += [f"row {row}" for row in position.free if position.queens[row] is None]
    if table.base.check == "domains":
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
