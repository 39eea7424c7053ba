"""The counting engine against OEIS, the generators, and itself (compiled vs interpreted)."""

from __future__ import annotations

import math
import threading

import numpy as np
import pytest

from solvers import engine, registry
from solvers import kernels as kn
from solvers.algorithms import backtracking_engine, bitmask_engine, enumeration_engine
from solvers.counters import tally

JIT = [False, True]
# Largest n each algorithm's generator is drained to here (n^n and n! grow fast).
DRAIN_LIMIT = {"brute-force": 6, "permutations": 8, "permutations-pruned": 9}
FIRST_RUNS = {"backtracking", "backtracking-pairwise", "backtracking-board", "backtracking-iterative"}
MODELLED = sorted(name for name, spec in registry.ALGORITHMS.items() if spec.engine is not None)


def counters(name, n, **options):
    """The engine's counters for the registered algorithm ``name``."""
    return registry.get(name).engine_counters(n, **options)


def require_numba() -> None:
    """The compiled half of a test fails, never skips, without numba (tests install ".[fast,test]")."""
    assert kn.HAVE_NUMBA, "numba is not installed (or NQUEENS_NO_JIT is set): pip install -e '.[fast,test]'"


@pytest.mark.parametrize("jit", JIT)
def test_count_matches_oeis(jit, oeis):
    if jit:
        require_numba()
    top = 15 if jit else 11
    assert [engine.count(n, jit=jit) for n in range(1, top + 1)] == [oeis[n] for n in range(1, top + 1)]


@pytest.mark.parametrize("jit", JIT)
def test_profile_matches_the_reference_and_the_count(jit, reference, oeis):
    if jit:
        require_numba()
    profiles = reference["backtrack_tree_profile"]
    for key in ("4", "8"):
        assert engine.profile(int(key), jit=jit) == profiles[key]
    for n in range(1, 12):
        levels = engine.profile(n, jit=jit)
        assert len(levels) == n + 1 and levels[0] == 1 and levels[1] == n
        assert levels[n] == oeis[n]


@pytest.mark.parametrize("jit", JIT)
def test_the_mirror_counts_what_the_unmirrored_search_counts(jit):
    """Half the first row doubled, and for odd n half the second row below the middle column
    doubled, give the same solutions and nodes per depth as every partial board once."""
    if jit:
        require_numba()
    count, prof = (
        (engine.count_states.compiled, engine.profile_states.compiled)
        if jit
        else (
            engine.count_states.py_func,
            engine.profile_states.py_func,
        )
    )
    for n in range(1, 13):
        depth = engine.split_depth(n)
        mirrored, above = engine.subproblems(n, depth)
        whole, whole_above = engine.subproblems(n, depth, mirror=False)
        assert above == whole_above, n
        assert count(n, mirrored, depth, 0, len(mirrored)) == count(n, whole, depth, 0, len(whole)), n
        outs = [np.zeros(n + 1, np.int64) for _ in range(2)]
        prof(n, mirrored, depth, 0, len(mirrored), outs[0])
        prof(n, whole, depth, 0, len(whole), outs[1])
        assert outs[0].tolist() == outs[1].tolist(), n
        if n > 1:  # odd n: without the middle column's mirrored second row, half of it is too many
            assert 2 * len(mirrored) == len(whole), n


def test_the_thread_count_follows_the_machine_and_can_be_set(oeis):
    require_numba()
    assert engine.WORKERS == engine.machine_cores() >= 1
    try:
        for threads in (1, 3):
            engine.use_threads(threads)
            assert threads == engine.WORKERS and engine.count(13) == oeis[13]
    finally:
        engine.use_threads(None)
    assert engine.machine_cores() == engine.WORKERS
    with pytest.raises(engine.SolverError, match="at least one thread"):
        engine.use_threads(0)


def test_subproblems_cover_the_first_rows_with_mirror_weights():
    for n in range(1, 12):
        states, above = engine.subproblems(n, 1)
        assert above == [1] and int(states[:, 3].sum()) == n
        assert len(states) == (n + 1) // 2, "only the left half (and the middle) is searched"
        states, above = engine.subproblems(n, min(n, 3))
        assert above == engine.profile(n, jit=False)[: min(n, 3)]


def test_compiled_kernels_equal_their_py_func():
    require_numba()
    for n in range(1, 11):
        states, _ = engine.subproblems(n, min(n, 2))
        row = min(n, 2)
        assert engine.count_states.compiled(n, states, row, 0, len(states)) == engine.count_states.py_func(
            n, states, row, 0, len(states)
        )
        outs = [np.zeros(n + 1, np.int64) for _ in range(2)]
        engine.profile_states.compiled(n, states, row, 0, len(states), outs[0])
        engine.profile_states.py_func(n, states, row, 0, len(states), outs[1])
        assert outs[0].tolist() == outs[1].tolist()
        for first in (False, True):
            assert (
                backtracking_engine.walk(n, first, jit=True).tolist()
                == backtracking_engine.walk(n, first, jit=False).tolist()
            )
    for n in range(1, 6):
        a, b = np.zeros(kn.OUT_SIZE, np.int64), np.zeros(kn.OUT_SIZE, np.int64)
        enumeration_engine.walk_brute_force.compiled(n, False, a)
        enumeration_engine.walk_brute_force.py_func(n, False, b)
        assert a.tolist() == b.tolist()
    for n in range(1, 8):
        for pruned in (False, True):
            a, b = np.zeros(kn.OUT_SIZE, np.int64), np.zeros(kn.OUT_SIZE, np.int64)
            enumeration_engine.walk_permutations.compiled(n, False, pruned, a)
            enumeration_engine.walk_permutations.py_func(n, False, pruned, b)
            assert a.tolist() == b.tolist()


def drain_cases():
    for name, spec in registry.ALGORITHMS.items():
        top = min(10, spec.max_n, DRAIN_LIMIT.get(name, 10))
        for n in range(1, top + 1):
            yield name, n


@pytest.mark.parametrize(("name", "n"), list(drain_cases()))
def test_engine_counters_equal_the_drained_generator(name, n):
    """For every registered algorithm the engine models, its counters are the events' tally."""
    spec = registry.get(name)
    if not spec.engine_answers(n):
        with pytest.raises(engine.EngineLimit):
            spec.engine_counters(n)
        return
    assert spec.engine_counters(n) == tally(spec.solve(n))
    if n <= 8 or name in FIRST_RUNS:
        assert spec.engine_counters(n, first=True) == tally(spec.solve(n, first=True)), "first"


#: The largest n an exhaustive algorithm the engine does not model accepts: the CLI and the window
#: drain its events, about a minute of Python there.
DRAIN_MAX_N = 13


def test_an_exhaustive_algorithm_the_engine_does_not_model_stays_small_enough_to_drain():
    drained = [spec for spec in registry.ALGORITHMS.values() if spec.exhaustive and spec.engine is None]
    assert all(spec.max_n <= DRAIN_MAX_N and spec.profile == "events" for spec in drained)


@pytest.mark.parametrize(
    "name", ["backtracking-board", "brute-force", "permutations-pruned", "bitmask", "forward-checking", "mrv"]
)
def test_compiled_and_interpreted_counters_agree(name):
    require_numba()
    n = min(7, registry.get(name).engine.max_n)
    for first in (False, True):
        assert counters(name, n, first=first, jit=True) == counters(name, n, first=first, jit=False)


def test_backtracking_counters_follow_from_the_profile():
    for n in range(1, 12):
        walked = counters("backtracking", n)
        derived = backtracking_engine.tree_counters(engine.profile(n))
        assert (walked.attempts, walked.placements, walked.backtracks, walked.solutions) == (
            derived.attempts,
            derived.placements,
            derived.backtracks,
            derived.solutions,
        )


def test_closed_forms_of_the_enumerations():
    for n in range(1, 8):
        counted = counters("brute-force", n)
        closed = enumeration_engine.brute_force_counters(n)
        assert (counted.attempts, counted.placements, counted.backtracks, counted.solutions) == (
            closed.attempts,
            closed.placements,
            closed.backtracks,
            closed.solutions,
        )
    for n in range(1, 10):
        counted = counters("permutations", n)
        assert counted.attempts == math.factorial(n)
        assert counted.placements == counted.backtracks == enumeration_engine.permutation_moves(n)


def test_n8_figures_of_the_readme(reference):
    ref = reference["n8_counters"]
    brute = counters("brute-force", 8)
    assert brute.attempts == ref["brute_force_boards_n_pow_n"]
    assert brute.placements + 1 == ref["brute_force_search_calls_seed_000"]
    pruned = counters("permutations-pruned", 8)
    assert pruned.attempts == ref["permutation_pruning_traversals_seed_002"]
    first = counters("backtracking", 8, first=True)
    assert first.attempts == ref["backtracking_tests_until_first_solution"]


def test_limits_are_refused_with_a_reason():
    with pytest.raises(engine.EngineLimit, match="brute-force for n up to 8"):
        counters("brute-force", 9)
    with pytest.raises(engine.EngineLimit, match="up to 8"):
        enumeration_engine.BruteForce().counters(9)
    with pytest.raises(engine.EngineLimit, match="does not model 'min-conflicts'"):
        counters("min-conflicts", 5)
    with pytest.raises(registry.SolverError):
        engine.count(0)
    assert not registry.get("brute-force").engine_answers(9) and registry.get("bitmask").engine_answers(20)


@pytest.mark.parametrize("jit", JIT)
@pytest.mark.parametrize("work", [engine.count, engine.profile])
def test_progress_reaches_one(work, jit):
    if jit:
        require_numba()
    seen: list[float] = []
    n = 13 if jit else 10
    work(n, progress=seen.append, jit=jit)
    assert len(seen) > 1 and seen[-1] == 1.0
    assert seen == sorted(seen) and all(0 < f <= 1 for f in seen)


def test_progress_of_the_counters():
    seen: list[float] = []
    counters("backtracking", 9, progress=seen.append)
    assert seen[-1] == 1.0 and len(seen) == 9, "one step per first-row column"


@pytest.mark.parametrize("jit", JIT)
def test_cancel_stops_early(jit):
    if jit:
        require_numba()
    cancel = threading.Event()
    seen: list[float] = []

    def progress(fraction: float) -> None:
        seen.append(fraction)
        cancel.set()

    with pytest.raises(engine.Cancelled):
        engine.count(14 if jit else 12, progress=progress, cancel=cancel, jit=jit)
    assert seen and max(seen) < 0.5, "stopped long before the end"


def test_cancel_before_start_does_no_work():
    cancel = threading.Event()
    cancel.set()
    seen: list[float] = []
    with pytest.raises(engine.Cancelled):
        engine.profile(10, progress=seen.append, cancel=cancel)
    with pytest.raises(engine.Cancelled):
        counters("backtracking-board", 9, cancel=cancel)
    assert seen == []


@pytest.mark.parametrize("first", [False, True])
def test_fast_backtracking_path_yields_the_recursive_events(first):
    """The hot path of ``backtracking`` is event for event the walk with a flag checker."""
    from solvers.algorithms import backtracking as bt

    for n in range(1, 9):
        slow = bt._checked_walk(bt.FlagChecker(n), first, bt.FLAG_LINES)
        assert list(bt._flag_walk(n, first)) == list(slow)


def test_numba_start_up_leaves_scipy_importable(monkeypatch):
    """A kernel compiled while scipy is not loaded hides scipy only during numba's start-up."""
    import sys

    require_numba()
    monkeypatch.delitem(sys.modules, "scipy", raising=False)  # as in a process that never loaded it
    fresh = kn.Kernel(
        engine.count_states.py_func, engine.count_states.signature
    )  # not compiled yet: compiling runs the hiding now
    compiled = fresh.compiled
    assert sys.modules.get("scipy", "absent") is not None, "the None placed to hide scipy was left behind"
    assert compiled is not fresh.py_func and compiled.signatures, "a numba dispatcher, compiled"
    states, _ = engine.subproblems(8, 2)
    assert compiled(8, states, 2, 0, len(states)) == fresh.py_func(8, states, 2, 0, len(states)) == 92
    for k in kn.KERNELS:
        assert k.compiled is not k.py_func, f"{k.__name__} runs interpreted although numba is installed"


def test_count_completions_compiled_walks_node_for_node_as_the_interpreted_one(monkeypatch):
    """The game's "Can it be completed?" from n = 12 on runs ``bitmask_engine.count_completions``: the same
    count and the same budget verdict as the recursive walk, on random partial boards, exact or cut
    short by small budgets (the compiled kernel, its interpreted twin and the recursive walk)."""
    import random

    from solvers.algorithms import bitmask

    require_numba()
    rng = random.Random(20261203)
    attacked = [0, 1] + [None] * 10  # two queens on one diagonal: no completion, no walk
    cases = [([None] * 12, 2_000_000), (attacked, 2_000_000), ([None] * 13, 5_000), ([None] * 18, 20_000)]
    for _ in range(60):
        n = rng.randint(bitmask.COMPLETIONS_JIT_FROM, 16)
        queens: list[int | None] = [None] * n
        for row in rng.sample(range(n), rng.randint(0, 4)):
            col = rng.randrange(n)
            if all(c is None or (c != col and abs(c - col) != abs(r - row)) for r, c in enumerate(queens)):
                queens[row] = col
        cases.append((queens, rng.choice((30, 1_000, 50_000))))
    compiled = [bitmask.count_completions(queens, budget) for queens, budget in cases]
    small = [k for k, (_, budget) in enumerate(cases) if budget <= 20_000]  # interpreted arrays are slow
    twin = []
    for queens, budget in (cases[k] for k in small):
        out = np.zeros(2, np.int64)
        board = np.array([-1 if c is None else c for c in queens], np.int64)
        bitmask_engine.count_completions.py_func(len(queens), board, budget, out)
        twin.append((int(out[0]), bool(out[1] >= 0)))
    monkeypatch.setattr(kn, "HAVE_NUMBA", False)
    recursive = [bitmask.count_completions(queens, budget) for queens, budget in cases]
    assert compiled[:2] == [(14_200, True), (0, True)]
    assert {exact for _, exact in recursive} == {True, False}, "both exact counts and budget-cut ones"
    assert compiled == recursive
    assert twin == [recursive[k] for k in small]
