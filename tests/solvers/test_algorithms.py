"""Every registered algorithm against OEIS and the seeds' figures."""

from __future__ import annotations

import math

import pytest

from solvers import registry
from solvers.board import is_solution
from solvers.counters import tally
from solvers.events import Backtrack, Conflict, Place, Solution

BACKTRACKING = ["backtracking", "backtracking-pairwise", "backtracking-board", "backtracking-iterative"]
EXHAUSTIVE = [name for name, spec in registry.ALGORITHMS.items() if spec.exhaustive]
# Largest n each exhaustive algorithm is drained to here (n^n and n! grow fast).
DRAIN_LIMIT = {"brute-force": 6, "permutations": 8, "permutations-pruned": 9}


def drain(name: str, n: int, **options):
    return list(registry.get(name).solve(n, **options))


def cases():
    for name in EXHAUSTIVE:
        top = min(10, registry.get(name).max_n, DRAIN_LIMIT.get(name, 10))
        for n in range(1, top + 1):
            yield name, n


@pytest.mark.parametrize(("name", "n"), list(cases()))
def test_exhaustive_run_matches_oeis_and_keeps_the_board_consistent(name, n, oeis):
    """Solution count per OEIS; places and backtracks balance, never two queens
    in a row; every Solution is the board on screen, valid and new."""
    board: dict[int, int] = {}
    solutions = []
    for event in registry.get(name).solve(n):
        if isinstance(event, Place):
            assert event.row not in board
            board[event.row] = event.col
        elif isinstance(event, Backtrack):
            assert board.pop(event.row) == event.col
        elif isinstance(event, Solution):
            assert tuple(board[r] for r in range(n)) == event.queens
            assert is_solution(event.queens)
            solutions.append(event.queens)
        elif isinstance(event, Conflict):
            assert event.blocker != (event.row, event.col)
    assert board == {}
    assert len(solutions) == oeis[n]
    assert len(set(solutions)) == len(solutions)


@pytest.mark.parametrize("name", BACKTRACKING)
def test_backtracking_counters_n8(name, reference):
    ref = reference["n8_counters"]
    counters = tally(drain(name, 8))
    assert counters.attempts == ref["backtracking_tests"] == 15720
    assert counters.placements == ref["backtracking_placements"] == 2056
    assert counters.backtracks == 2056
    assert counters.solutions == ref["solutions"]


@pytest.mark.parametrize("name", [*BACKTRACKING, "bitmask", "forward-checking"])
def test_first_solution(name, reference):
    ref = reference["n8_counters"]
    events = drain(name, 8, first=True)
    assert isinstance(events[-1], Solution)
    assert list(events[-1].queens) == ref["first_solution_rows_to_columns_0_based"]
    assert sum(isinstance(e, Solution) for e in events) == 1
    if name in BACKTRACKING:
        assert tally(events).attempts == ref["backtracking_tests_until_first_solution"] == 876


def test_variants_share_one_event_stream_but_not_the_cost():
    """Same squares, same order, same events; only the cost and the pseudo-code
    line (each variant points into its own code) differ."""

    def without_checks(events):
        return [
            (type(e).__name__, *[getattr(e, f) for f in e.__slots__ if f not in ("checks", "line")])
            for e in events
        ]

    streams = {name: drain(name, 7) for name in BACKTRACKING}
    reference_stream = without_checks(streams["backtracking"])
    for name in BACKTRACKING[1:]:
        assert without_checks(streams[name]) == reference_stream, name
    checks = {name: tally(events).checks for name, events in streams.items()}
    assert checks["backtracking"] < checks["backtracking-pairwise"]
    assert checks["backtracking"] < checks["backtracking-board"]
    assert checks["backtracking-pairwise"] == checks["backtracking-iterative"]


def test_by_columns_is_the_transposed_walk():
    rows = drain("backtracking", 6)
    cols = drain("backtracking", 6, by_columns=True)
    assert len(rows) == len(cols)
    assert tally(rows).as_dict() == tally(cols).as_dict()
    first = next(e for e in cols if isinstance(e, Place))
    second = [e for e in cols if isinstance(e, (Place, Conflict))][1]
    assert (first.row, first.col) == (0, 0)
    assert (second.row, second.col) == (0, 1), "the second square tried is in column 1"
    sols = {e.queens for e in cols if isinstance(e, Solution)}
    assert sols == {e.queens for e in rows if isinstance(e, Solution)}


def test_seed_003_walk_of_n4(reference):
    order = reference["n4_search_order"]["placements"]
    places = [[e.row, e.col] for e in drain("backtracking", 4) if isinstance(e, Place)]
    assert places == order
    assert len(places) + 1 == 17, "17 nodes with the root"
    nodes = 1
    seen = []
    for e in drain("backtracking", 4):
        if isinstance(e, Place):
            nodes += 1
        if isinstance(e, Solution):
            seen.append(nodes)
    assert seen == [9, 13], "solutions reached at the 9th and 13th node"


def test_enumeration_counters_n8(reference):
    ref = reference["n8_counters"]
    assert tally(drain("permutations", 8)).attempts == ref["permutations_n_factorial"] == math.factorial(8)
    pruned = tally(drain("permutations-pruned", 8))
    assert pruned.attempts == ref["permutation_pruning_traversals_seed_002"] == 3576
    assert pruned.solutions == 92


@pytest.mark.parametrize("n", range(1, 7))
def test_brute_force_examines_n_to_the_n_boards(n):
    counters = tally(drain("brute-force", n))
    assert counters.attempts == n**n
    # seed 000 counts search() calls: one per node of the full n-ary tree
    assert counters.placements + 1 == sum(n**k for k in range(n + 1))


def test_limits_are_refused_with_a_message():
    with pytest.raises(registry.SolverError, match="too large"):
        registry.get("brute-force").solve(9)
    with pytest.raises(registry.SolverError, match="unknown algorithm"):
        registry.get("quantum")
    with pytest.raises(registry.SolverError, match="at least 1"):
        registry.get("backtracking").solve(0)
    with pytest.raises(registry.SolverError, match="column-by-column"):
        registry.get("permutations").solve(4, by_columns=True)


def test_every_spec_points_its_lines_into_its_code():
    for spec in registry.ALGORITHMS.values():
        n = min(spec.max_n, 6)
        for event in spec.solve(n):
            assert 0 <= event.line < len(spec.code), (spec.name, event)
        assert spec.title and spec.title_zh and spec.summary and spec.summary_zh


def test_chinese_pseudo_code_matches_line_for_line():
    for spec in registry.ALGORITHMS.values():
        zh = spec.code_in("zh")
        assert zh is not spec.code, f"{spec.name} has no Chinese pseudo-code"
        assert len(zh) == len(spec.code), spec.name
        assert any("\u4e00" <= ch <= "\u9fff" for line in zh for ch in line), spec.name


@pytest.mark.parametrize(
    ("name", "n", "expected"),
    [
        ("brute-force", 5, 5**5),  # closed forms, used where the engine does not answer
        ("permutations", 6, math.factorial(6)),
        ("construction", 9, 9),
        ("min-conflicts", 9, None),  # random: unknown ahead
    ],
)
def test_whole_run_without_the_engine_is_the_closed_form_attempts(monkeypatch, name, n, expected):
    monkeypatch.setattr(registry.AlgorithmSpec, "engine_answers", lambda spec, n: False)
    spec = registry.get(name)
    assert spec.whole_run(n) == expected
    if expected is not None:
        assert tally(spec.solve(n)).attempts == expected


@pytest.mark.parametrize("name", ["forward-checking", "mrv", "permutations-pruned"])
def test_whole_run_without_a_closed_form_is_what_count_prints(name):
    spec = registry.get(name)
    assert spec.whole_run(6) == spec.engine_counters(6) == tally(spec.solve(6))


def test_race_partners_are_registered_and_make_the_pairs():
    pairs = registry.race_pairs()
    assert ("brute-force", "backtracking") in pairs and ("permutations", "permutations-pruned") in pairs
    for a, b in pairs:
        assert registry.get(a).race_partner == b and b in registry.ALGORITHMS and a != b


@pytest.mark.parametrize("name", sorted(registry.ALGORITHMS))
def test_one_answer_algorithms_answer_like_their_events(name):
    spec = registry.get(name)
    if spec.answer is None:
        assert spec.exhaustive, f"{name} needs either the engine or an answer function"
        return
    queens, counters = spec.answer(8)
    events = list(spec.solve(8))
    assert tuple(queens.tolist()) == events[-1].queens
    assert {k: counters[k] for k in tally(events).as_dict()} == tally(events).as_dict()
