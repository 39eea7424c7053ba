"""Large n: the explicit construction and min-conflicts local search."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from solvers import registry
from solvers.algorithms import construction, local_search
from solvers.board import is_solution
from solvers.cli.main import run
from solvers.counters import tally
from solvers.events import Backtrack, Place, Repair, Solution
from tests.run import nqueens

LARGE = ["construction", "min-conflicts"]
SIZES = [1, *range(4, 201)]


def call(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = run(list(argv), out)
    return status, out.getvalue()


def replay(events) -> tuple[dict[int, int], tuple[int, ...]]:
    """Apply events to a board, checking each one against it; returns the board and the solution."""
    board: dict[int, int] = {}
    solution: tuple[int, ...] = ()
    for event in events:
        assert not solution, "nothing comes after the Solution"
        if isinstance(event, Place):
            assert event.row not in board
            board[event.row] = event.col
        elif isinstance(event, Backtrack):
            assert board.pop(event.row) == event.col
        elif isinstance(event, Repair):
            assert board[event.row] == event.old, "a repair moves the queen standing in its row"
            board[event.row] = event.new
            queens = [board.get(r) for r in range(len(board))]
            assert local_search.attacking_pairs(np.array(queens)) == event.conflicts
        else:
            assert isinstance(event, Solution)
            solution = event.queens
    return board, solution


@pytest.mark.parametrize("n", SIZES)
def test_construction_is_a_solution_for_every_n(n):
    queens = construction.construct(n)
    assert construction.is_valid(queens)
    assert is_solution(queens.tolist())


@pytest.mark.parametrize("n", SIZES)
def test_min_conflicts_is_a_solution_for_every_n(n):
    events = list(local_search.min_conflicts(n))
    board, solution = replay(events)
    assert solution == tuple(board[r] for r in range(n))
    assert is_solution(solution)


@pytest.mark.parametrize(("name", "n"), [("construction", 10_000), ("min-conflicts", 2000)])
def test_large_boards_are_valid(name, n):
    queens, counters = {"construction": construction.answer, "min-conflicts": local_search.answer}[name](n)
    assert queens.shape == (n,)
    assert construction.is_valid(queens)
    assert counters["solutions"] == 1 and counters["placements"] >= n


def test_is_valid_catches_every_kind_of_attack():
    assert construction.is_valid(np.array([1, 3, 0, 2]))
    assert not construction.is_valid(np.array([1, 3, 1, 2]))  # same column
    assert construction.is_valid(np.array([0, 2, 4, 1, 3]))
    assert not construction.is_valid(np.array([0, 4, 3, 2, 1]))  # r + c only
    assert not construction.is_valid(np.array([0, 1, 2, 3, 4]))  # r - c only
    assert not construction.is_valid(np.array([1, 3, 0, 4]))  # off the board


@pytest.mark.parametrize("name", LARGE)
@pytest.mark.parametrize("n", [2, 3])
def test_two_and_three_are_refused(name, n):
    with pytest.raises(registry.SolverError, match="no solution exists for n = 2 or 3"):
        registry.get(name).solve(n)
    with pytest.raises(registry.SolverError, match="no solution exists"):
        {"construction": construction.answer, "min-conflicts": local_search.answer}[name](n)


@pytest.mark.parametrize("name", LARGE)
def test_generator_and_direct_function_agree(name):
    direct = {"construction": construction.answer, "min-conflicts": local_search.answer}[name]
    for n in (1, 4, 8, 9, 14, 15, 50):
        events = list(registry.get(name).solve(n, first=True))
        queens, counters = direct(n)
        assert events[-1].queens == tuple(queens.tolist())
        expected = tally(events).as_dict()
        assert {k: counters[k] for k in expected} == expected


def test_construction_events_place_each_row_once():
    events = list(registry.get("construction").solve(9))
    assert [(e.row, e.col) for e in events[:-1]] == list(enumerate(construction.construct(9).tolist()))
    assert isinstance(events[-1], Solution) and len(events) == 10


def test_min_conflicts_greedy_start_then_repairs():
    events = list(local_search.min_conflicts(300, seed=3))
    kinds = [type(e).__name__ for e in events]
    assert kinds[:300] == ["Place"] * 300, "the greedy start places every row first"
    assert set(kinds[300:-1]) == {"Repair"} and kinds[-1] == "Solution"
    assert events[-2].conflicts == 0
    counters = tally(events)
    assert counters.repairs == len(events) - 301 > 0


def test_min_conflicts_is_deterministic_by_seed():
    runs = [list(local_search.min_conflicts(60, seed=s)) for s in (7, 7, 8)]
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]
    assert list(registry.get("min-conflicts").solve(60)) == list(local_search.min_conflicts(60, seed=0))


def test_min_conflicts_restarts_after_its_repair_limit():
    events = list(local_search.min_conflicts(8, seed=0, max_repairs=1))
    _, solution = replay(events)
    restarts = sum(isinstance(e, Backtrack) for e in events) // 8
    assert restarts >= 1
    assert all(sum(isinstance(e, Repair) for e in run) <= 1 for run in _runs(events))
    assert is_solution(solution)


def _runs(events):
    """Split an event stream at each restart (a Backtrack of row 0)."""
    run = []
    for event in events:
        if isinstance(event, Backtrack) and event.row == 0:
            yield run
            run = []
        run.append(event)
    yield run


def test_cli_construction_json_for_a_large_board():
    status, text = call("solve", "100000", "--algo", "construction", "--first", "--format", "json")
    assert status == 0
    data = json.loads(text)
    assert data["count"] == 1 and data["algorithm"] == "construction"
    assert construction.is_valid(np.array(data["solutions"][0]))


def test_cli_min_conflicts_solve_and_count():
    status, text = call("solve", "500", "--algo", "min-conflicts", "--first")
    assert status == 0
    head, note = text.splitlines()[:2]
    queens = [int(c) for c in head.removeprefix("Solution 1: ").split()]
    assert len(queens) == 500 and construction.is_valid(np.array(queens))
    assert note == "(not drawn for n > 100)"
    assert tuple(queens) == replay(registry.get("min-conflicts").solve(500, first=True))[1]
    status, text = call("count", "500", "--algo", "min-conflicts", "--json")
    data = json.loads(text)
    events = list(registry.get("min-conflicts").solve(500))  # the same seeded run, replayed and checked
    board, solution = replay(events)
    assert is_solution(solution) and board == dict(enumerate(solution))
    kinds = [type(e) for e in events]
    expected = {
        "solutions": 1,
        "conflicts": 0,
        "repairs": kinds.count(Repair),
        "placements": kinds.count(Place),
        "backtracks": kinds.count(Backtrack),
        "attempts": sum(e.attempt for e in events),
        "checks": sum(e.checks for e in events),
    }
    assert {key: data[key] for key in expected} == expected


def test_cli_all_prints_the_one_solution():
    status, text = call("solve", "8", "--algo", "construction", "--all")
    assert status == 0
    assert text.startswith("Solution 1: 1 3 5 7 2 0 6 4\n. Q . . . . . .")
    assert "Solution 2" not in text


@pytest.mark.parametrize("name", LARGE)
@pytest.mark.parametrize("command", ["solve", "count"])
def test_cli_refuses_two_and_three_in_one_line(name, command):
    result = nqueens(command, "3", "--algo", name)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "nqueens: error: no solution exists for n = 2 or 3 (got n = 3); try n = 1 or n >= 4"
    ]
