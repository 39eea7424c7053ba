"""The engine walks from a checkpoint to an event index or a solution, exactly as the events do."""

from __future__ import annotations

import pytest

from solvers import kernels as kn
from solvers import registry
from solvers.algorithms import backtracking_engine, bitmask_engine, dancing_links_engine, enumeration_engine
from solvers.counters import tally
from solvers.events import Solution
from tests.solvers.test_resume import checkpoints

SEEKABLE = [name for name, spec in registry.ALGORITHMS.items() if spec.engine and spec.engine.seek_kernel]
SIZES = {
    "brute-force": (1, 4, 5),
    "permutations": (1, 4, 6),
    "permutations-pruned": (1, 4, 7),
    "dlx": (1, 4, 5, 6, 7, 8),
}


def cases():
    for name in SEEKABLE:
        for n in SIZES.get(name, (1, 4, 6, 8)):
            yield name, n


def test_every_resumable_algorithm_with_an_engine_model_can_seek():
    specs = registry.ALGORITHMS.items()
    modelled = {name for name, spec in specs if spec.engine and spec.resumer and spec.engine.seek_kernel}
    assert set(SEEKABLE) == modelled
    assert {
        "backtracking",
        "brute-force",
        "permutations",
        "permutations-pruned",
        "bitmask",
        "dlx",
    } <= modelled


@pytest.mark.parametrize(("name", "n"), list(cases()))
@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("jit", [False, True])
def test_seek_to_an_event_index_stands_where_the_events_do(name, n, first, jit):
    """For many k: the checkpoint the engine reaches from the start is the generator's last
    checkpoint not past k (k itself for the tree walks): same index, board, counters, state."""
    spec = registry.get(name)
    events = list(spec.solve(n, first=first))
    found = checkpoints(name, n, events)
    by_index = {c.index: c for c in found}
    step = max(1, len(events) // 80)
    for k in [*range(0, len(events) + 2, step), len(events)]:
        reached, ended = spec.engine.seek(n, spec.start_checkpoint(n), first=first, event=k, jit=jit)
        assert ended == (k >= len(events))
        if ended:  # the end of a run is where every walk can stop
            assert reached.index == len(events)
            assert reached.counters == tally(events)
            if not first:  # a whole run ends on an empty board
                assert reached.queens == (None,) * n
            continue
        expected = by_index[max(i for i in by_index if i <= k)]
        assert reached == expected, k


@pytest.mark.parametrize("name", SEEKABLE)
@pytest.mark.parametrize("jit", [False, True])
def test_a_walk_from_the_end_of_the_run_stays_there(name, jit):
    """From the checkpoint a whole run ends on, a walk (to any stop) stays there and the
    generator resumes with nothing."""
    spec = registry.get(name)
    end, ended = spec.engine.seek(6, spec.start_checkpoint(6), jit=jit)
    assert ended
    for stops in ({}, {"event": end.index + 5}, {"solution": end.counters.solutions + 1}):
        again, ended_again = spec.engine.seek(6, end, jit=jit, **stops)
        assert ended_again and again.index == end.index and again.counters == end.counters, stops
        assert again.queens == end.queens
    assert list(spec.resume(6, end)) == []


@pytest.mark.parametrize(("name", "n"), list(cases()))
def test_seek_solution_by_solution_from_each_checkpoint(name, n):
    """Next solution, chained: each walk starts where the last stopped and stops right after
    the next Solution event, with the counters of everything skipped."""
    spec = registry.get(name)
    events = list(spec.solve(n))
    found = {c.index: c for c in checkpoints(name, n, events)}
    after_solution = [i + 1 for i, e in enumerate(events) if type(e) is Solution]
    here = spec.start_checkpoint(n)
    for number, index in enumerate(after_solution, 1):
        here, ended = spec.engine.seek(n, here, solution=number, jit=False)
        assert not ended
        assert here.index == index
        assert here == found[index]
    here, ended = spec.engine.seek(n, here, solution=len(after_solution) + 1, jit=False)
    assert ended and here.index == len(events) and here.counters == tally(events)


def test_compiled_seek_kernels_equal_their_py_func():
    import numpy as np

    for kernel, extra in [
        (backtracking_engine.seek_backtracking, (6,)),
        (bitmask_engine.seek_bitmask, ()),
        (enumeration_engine.seek_brute_force, ()),
        (enumeration_engine.seek_permutations, (True, False)),
        (dancing_links_engine.seek_dancing_links, (False, np.zeros(7, np.int64))),
    ]:
        results = []
        for run in (kernel.compiled, kernel.py_func):
            queens, state = np.full(6, -1, np.int64), np.zeros(3, np.int64)
            out, found = np.zeros(kn.OUT_SIZE, np.int64), np.zeros((2, 6), np.int64)
            ended = run(6, False, *extra, queens, state, 100_000, 3, found, 1, out)
            results.append((ended, queens.tolist(), state.tolist(), out.tolist(), found.tolist()))
            assert found.any(), "solutions 2 and 3 were kept"
        assert results[0] == results[1], kernel.__name__


@pytest.mark.parametrize("name", [n for n in SEEKABLE if registry.get(n).by_columns])
def test_column_by_column_seek_shows_the_transposed_board(name):
    spec = registry.get(name)
    events = list(spec.solve(6, by_columns=True))
    found = {c.index: c for c in checkpoints(name, 6, events, by_columns=True)}
    for k in range(0, len(events), 37):
        reached, _ = spec.engine_seek(6, spec.start_checkpoint(6), by_columns=True, event=k, jit=False)
        assert reached == found[k]
        assert list(spec.resume(6, reached, by_columns=True)) == events[k:]


@pytest.mark.parametrize(
    ("name", "by_columns"), [(n, False) for n in SEEKABLE] + [("backtracking-board", True)]
)
def test_the_walk_collects_the_boards_of_the_solutions_it_passes(name, by_columns):
    spec = registry.get(name)
    n = 6
    options = {"by_columns": True} if by_columns else {}
    boards = [e.queens for e in spec.solve(n, **options) if type(e) is Solution]
    collect = boards[:1]
    middle, _ = spec.engine_seek(n, spec.start_checkpoint(n), event=1, **options)  # before the second
    _, ended = spec.engine_seek(n, middle, collect=collect, keep=3, jit=False, **options)
    assert ended and collect == boards[:3]


@pytest.mark.parametrize("name", ["permutations", "permutations-pruned"])
def test_a_walk_allowed_past_its_stop_ends_at_the_next_checkpoint(name):
    spec = registry.get(name)
    events = list(spec.solve(6))
    indices = sorted({c.index for c in checkpoints(name, 6, events)} | {len(events)})
    for k in range(0, len(events), 7):
        reached, _ = spec.engine_seek(6, spec.start_checkpoint(6), event=k, past=True, jit=False)
        assert reached.index == min(i for i in indices if i >= k)
