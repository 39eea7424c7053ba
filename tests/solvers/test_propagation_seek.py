"""Forward checking and MRV from a checkpoint: the generator resumes, the engine walks (seek
kernel, compiled and interpreted), exactly as the full run's events go."""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import pairwise

import numpy as np
import pytest

from solvers import kernels as kn
from solvers import registry
from solvers.algorithms.propagation_engine import PLACED, seek_propagation
from solvers.counters import Counters, tally
from solvers.events import Event, Solution
from solvers.resume import SOLVED, TRY, Checkpoint
from tests.solvers.test_engine import require_numba
from tests.solvers.test_resume import board_after

PROPAGATION = ["forward-checking", "mrv"]


def checkpoints_at(name: str, n: int, events: list[Event], wanted: list[int]) -> dict[int, Checkpoint]:
    """For each index in ``wanted``, the run's last checkpoint at or before it, found as a
    timeline finds them (board, counters, ``state_after`` of the last event), in one pass."""
    spec = registry.get(name)
    wanted = sorted(set(wanted))
    found: dict[int, Checkpoint] = {}
    latest = spec.start_checkpoint(n)
    queens: list[int | None] = [None] * n
    counters = Counters()
    at = 0
    for index, event in enumerate(events, 1):
        while at < len(wanted) and wanted[at] < index:
            found[wanted[at]] = latest
            at += 1
        if at == len(wanted):
            break
        board_after(queens, event)
        counters.apply(event)
        state = spec.state_after(n, queens, event)
        if state is not None:
            latest = Checkpoint(index, tuple(queens), Counters(**counters.as_dict()), state)
    for k in wanted[at:]:
        found[k] = latest
    return found


def targets(rng: random.Random, total: int, count: int) -> list[int]:
    return sorted({0, total, *(rng.randint(0, total) for _ in range(count))})


def test_checkpoints_lie_after_every_place_solution_and_backtrack_a_few_events_apart():
    """Between two checkpoints: at most one queen's prunes, its wipe-out and its restores."""
    for name in PROPAGATION:
        n = 8
        events = list(registry.get(name).solve(n))
        every = checkpoints_at(name, n, events, list(range(len(events) + 1)))
        indices = sorted({c.index for c in every.values()})
        assert indices[-1] == len(events), "the end of the run is a checkpoint"
        assert max(b - a for a, b in pairwise(indices)) <= 6 * n + 2


@pytest.mark.parametrize("name", PROPAGATION)
@pytest.mark.parametrize("n", range(1, 10))
@pytest.mark.parametrize("first", [False, True])
def test_resumed_at_random_checkpoints_the_generator_yields_the_rest_of_the_run(name, n, first):
    spec = registry.get(name)
    events = list(spec.solve(n, first=first))
    rng = random.Random(n * 7 + first)
    found = checkpoints_at(name, n, events, targets(rng, len(events), 12))
    for checkpoint in found.values():
        assert checkpoint.counters == tally(events[: checkpoint.index])
        rest = list(spec.resume(n, checkpoint, first=first))
        assert rest == events[checkpoint.index :], (n, checkpoint)


@pytest.mark.parametrize("name", PROPAGATION)
@pytest.mark.parametrize("n", range(1, 12))
def test_the_seek_kernel_stands_where_the_events_do(name, n):
    """From the start and from random checkpoints, to random event indices and to the next
    solution: the checkpoint reached is the generator's last one not past the target (board,
    state, every counter), compiled and (over shorter walks) interpreted."""
    require_numba()
    spec = registry.get(name)
    events = list(spec.solve(n))
    total = len(events)
    rng = random.Random(1000 + n)
    wanted = targets(rng, total, 16)
    found = checkpoints_at(name, n, events, wanted)
    after_solution = [i + 1 for i, e in enumerate(events) if type(e) is Solution]
    start = spec.start_checkpoint(n)
    for k in wanted:
        ended = k >= total
        for here in (start, found[rng.choice(wanted[: bisect_right(wanted, k)])]):
            short = k - here.index <= 3000  # the interpreted kernel walks a few thousand events
            for jit in (True, False) if short else (True,):
                reached, stop = spec.engine.seek(n, here, event=k, jit=jit)
                assert stop == ended and reached == found[k], (k, here.index, jit)
            number = here.counters.solutions + 1
            reached, stop = spec.engine.seek(n, here, solution=number, jit=True)
            if number <= len(after_solution):
                assert not stop and reached.index == after_solution[number - 1]
                assert reached.state == (SOLVED, 0, 0) and reached.counters == tally(events[: reached.index])
            else:
                assert stop and reached.index == total and reached.counters == tally(events)


@pytest.mark.parametrize("name", PROPAGATION)
def test_a_walk_allowed_past_its_stop_ends_at_the_next_checkpoint(name):
    spec = registry.get(name)
    events = list(spec.solve(7))
    every = checkpoints_at(name, 7, events, list(range(len(events) + 1)))
    indices = sorted({c.index for c in every.values()})
    for k in range(0, len(events), 13):
        reached, _ = spec.engine.seek(7, spec.start_checkpoint(7), event=k, past=True, jit=False)
        assert reached.index == min(i for i in indices if i >= k)
        assert reached == every[reached.index]
        assert reached.index - k <= 6 * 7, "at most one queen's prunes, wipe-out and restores late"


@pytest.mark.parametrize("name", PROPAGATION)
def test_to_the_first_solution_the_walk_ends_on_it(name):
    spec = registry.get(name)
    for n in (1, 3, 6, 9):
        events = list(spec.solve(n, first=True))
        reached, ended = spec.engine.seek(n, spec.start_checkpoint(n), first=True, jit=False)
        assert ended and reached.index == len(events) and reached.counters == tally(events)
        assert list(spec.resume(n, reached, first=True)) == []


def test_compiled_seek_kernel_equals_its_py_func():
    require_numba()
    kernel = seek_propagation
    for mrv in (False, True):
        results = []
        for run in (kernel.compiled, kernel.py_func):
            queens, state = np.full(7, -1, np.int64), np.array([TRY, 0, 0], np.int64)
            out, found = np.zeros(kn.OUT_SIZE, np.int64), np.zeros((2, 7), np.int64)
            ended = run(7, False, mrv, False, queens, state, 100_000, 3, found, 1, out)
            results.append((ended, queens.tolist(), state.tolist(), out.tolist(), found.tolist()))
            assert found.any() and out[kn.PRUNED] > 0 and out[kn.WIPEOUTS] > 0
        assert results[0] == results[1], mrv


@pytest.mark.parametrize("name", PROPAGATION)
def test_a_board_the_search_never_places_is_refused(name):
    spec = registry.get(name)
    stray = Checkpoint(5, (None, 3, None, None, None, None), Counters(attempts=5), (PLACED, 0, 0))
    with pytest.raises(ValueError, match="not one this search places"):
        spec.engine.seek(6, stray, event=100, jit=False)
