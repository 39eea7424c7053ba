"""One engine path (issue 21): the window's Next solution (the N key) and the command line's
``nqueens solve N --first`` and ``nqueens count N --first`` walk the engine through the same
function, ``AlgorithmSpec.engine_walk``, and give the same board and counters; the window's Instant
result and ``nqueens count N --algo A`` give the same counters."""

from __future__ import annotations

import io
import json

import pygame
import pytest

from solvers.cli.main import run
from solvers.spec import AlgorithmSpec
from tests.ui import FRAME, press

# (algorithm, n): every family the engine walks, at sizes the tests run in milliseconds
CASES = [
    ("backtracking", 9),
    ("backtracking-pairwise", 8),
    ("backtracking-board", 7),
    ("bitmask", 10),
    ("permutations-pruned", 8),
    ("brute-force", 5),
]
COUNTERS = ("attempts", "placements", "backtracks", "solutions", "checks")
PROPAGATION = ("pruned", "wipeouts")


def cli(*argv: str) -> dict:
    out = io.StringIO()
    assert run([*argv, "--json"] if argv[0] == "count" else [*argv, "--format", "json"], out) == 0
    return json.loads(out.getvalue())


@pytest.fixture
def walks(monkeypatch):
    """The algorithms whose engine walk ran, one entry a call."""
    calls: list[str] = []
    original = AlgorithmSpec.engine_walk

    def spy(self, *args, **kwargs):
        calls.append(self.name)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(AlgorithmSpec, "engine_walk", spy)
    return calls


@pytest.mark.parametrize(("name", "n"), CASES)
def test_next_solution_in_the_window_is_solve_and_count_first_in_the_cli(make_app, walks, name, n):
    app = make_app(n, name)
    walks.clear()
    press(app, pygame.K_n)
    assert walks and set(walks) == {name}, "the window's Next solution walks the engine"
    window = {k: getattr(app.timeline.counters, k) for k in COUNTERS}
    board = list(app.timeline.queens)

    walks.clear()
    counted = cli("count", str(n), "--first", "--algo", name)
    assert walks == [name], "count --first walks the engine the same way"
    walks.clear()
    solved = cli("solve", str(n), "--first", "--algo", name)
    assert walks and set(walks) == {name}, "solve --first walks the engine the same way"

    assert window["solutions"] == 1
    assert {k: counted[k] for k in COUNTERS} == window
    assert solved["solutions"] == [board]


def test_solve_lists_the_solutions_the_window_keeps(make_app, walks):
    app = make_app(6, "backtracking")
    for _ in range(4):
        press(app, pygame.K_n)
    assert cli("solve", "6", "--algo", "backtracking")["solutions"] == [
        list(q) for q in app.timeline.solutions
    ]
    assert cli("solve", "8", "--algo", "bitmask", "--limit", "3")["count"] == 3


@pytest.mark.parametrize(("name", "n"), [*CASES, ("permutations", 6), ("forward-checking", 9), ("mrv", 9)])
def test_instant_result_in_the_window_is_count_in_the_cli(make_app, name, n):
    """Enter (the window's Instant result) and ``nqueens count N --algo A`` give the same counters
    for every algorithm the engine models: the window's walk from checkpoints (it leaves them for
    the seeks that follow) and the command line's count split over the cores agree exactly."""
    app = make_app(n, name)
    press(app, pygame.K_RETURN)
    assert app.join(60)
    app.tick(FRAME)
    assert app.timeline.finished and app.banner is not None and app.banner[1] == "success", app.banner
    counted = cli("count", str(n), "--algo", name)
    assert counted["source"] == "engine", counted
    names = COUNTERS + (PROPAGATION if name in ("forward-checking", "mrv") else ())
    assert {k: counted[k] for k in names} == {k: getattr(app.timeline.counters, k) for k in names}
