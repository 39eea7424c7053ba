"""Instant results: solutions, the backtrack tree profile and every counter, without events.

The work is split into independent sub-problems (the first rows placed, the first row
mirrored), run by kernels (``solvers.kernels``' shim) on every core (numba releases the GIL, so
plain threads run them side by side). Small boards run the kernels interpreted, so they never
wait for numba; ``count`` then runs ``solvers.plain.count``, which needs no numpy either (the
command line calls it without importing this module).

Long calls take ``progress`` (called with the fraction of sub-problems done,
from a worker thread, ending with 1.0) and ``cancel`` (anything with
``is_set()``, e.g. a ``threading.Event``, checked between sub-problems; a
cancelled call raises ``Cancelled``).

This module holds what every algorithm's engine shares: the threads, the sub-problems, the
solutions' count and the backtrack tree's profile (the bitmask counter), and ``Model``, the base
of the object an ``AlgorithmSpec`` holds as ``spec.engine``. Each engine-backed family keeps its
model, kernels and resumer beside its spec (``solvers/algorithms/<family>_engine.py``, e.g.
``propagation_engine.Propagation``). This module knows no algorithm.

>>> count(8), profile(8)
(92, [1, 8, 42, 140, 344, 568, 550, 312, 92])
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

import numpy as np

from solvers import kernels as kn
from solvers import plain
from solvers.cancel import CancelFlag
from solvers.counters import Counters
from solvers.errors import SolverError
from solvers.kernels import kernel
from solvers.plain import Cancelled  # there: plain's count cancels without numpy
from solvers.resume import Checkpoint

ProgressCallback = Callable[[float], None]
T = TypeVar("T")

MAX_BITS = 62  # the masks are 64-bit ints


def machine_cores() -> int:
    """The processors this process may run on (its affinity mask where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity call (macOS, Windows)
        return max(1, os.cpu_count() or 1)


#: Threads a compiled call runs on: the machine's cores unless ``use_threads`` said otherwise.
WORKERS = machine_cores()


def use_threads(threads: int | None) -> None:
    """Run later compiled calls on ``threads`` threads (None: the machine's cores again)."""
    global WORKERS
    if threads is not None and threads < 1:
        raise SolverError(f"the engine needs at least one thread (got {threads})")
    WORKERS = machine_cores() if threads is None else threads


# Smallest n each kind of work is compiled for; below it the interpreted kernel is quicker than numba.
COUNT_JIT_FROM = plain.JIT_FROM  # count: plain Python below it (n = 12 in 0.15 s, numba's load 0.3 s)
PROFILE_JIT_FROM = 12


class EngineLimit(SolverError):
    """The engine does not answer this request (drain the generator instead)."""


def check_n(n: int) -> None:
    """Refuse an n the 64-bit masks cannot hold."""
    if not 1 <= n <= MAX_BITS:
        raise SolverError(f"the engine counts boards of 1 to {MAX_BITS} rows (got n = {n})")


def compiled_for(jit_from: int, n: int, jit: bool | None) -> bool:
    """Whether a kernel runs compiled at n: from ``jit_from`` on unless ``jit`` says otherwise."""
    return kn.HAVE_NUMBA and (n >= jit_from if jit is None else jit)


def split_depth(n: int) -> int:
    """Rows placed before the work is split: enough sub-problems to keep every core busy."""
    return min(n, 2 if n < 14 else 3 if n < 19 else 4)


def subproblems(n: int, depth: int, *, mirror: bool = True) -> tuple[np.ndarray, list[int]]:
    """The partial boards of ``depth`` rows, first row mirrored, and the weighted nodes above them.

    A first-row column left of the middle stands for its mirror image too (weight 2). For odd n
    the board with its first queen in the middle column is its own mirror image, so there the
    second row is mirrored instead: only its columns left of the middle, each weight 2 (Somers'
    counter does the same). Every count below a sub-problem is exact, so weighted sums are.
    ``mirror=False`` gives every partial board once, weight 1 (what the tests compare with).

    Returns a (k, 4) array of ``cols, diag, anti, weight`` and the weighted node
    count at each depth 0..depth-1 (the root counts once).

    >>> states, above = subproblems(4, 2)
    >>> above, int(states[:, 3].sum())
    ([1, 4], 6)
    """
    full = (1 << n) - 1
    level = [
        (1 << c, (1 << c) << 1 & full, (1 << c) >> 1, 2 if mirror and 2 * c + 1 < n else 1)
        for c in range((n + 1) // 2 if mirror else n)
    ]
    middle = 1 << (n // 2) if mirror and n % 2 else 0
    above = [1]
    for row in range(1, depth):
        above.append(sum(w for *_, w in level))
        nxt = []
        for cols, diag, anti, w in level:
            free = ~(cols | diag | anti) & full
            if row == 1 and cols == middle:  # the middle column's board mirrors onto itself
                free, w = free & (middle - 1), 2
            while free:
                bit = free & -free
                free ^= bit
                nxt.append((cols | bit, ((diag | bit) << 1) & full, (anti | bit) >> 1, w))
        level = nxt
    states = np.array(level, dtype=np.int64).reshape(-1, 4)
    return states, above


@kernel("int64(int64, int64[:, ::1], int64, int64, int64)")
def count_states(n, states, row, start, stop):
    """Weighted number of solutions below sub-problems ``start..stop-1``."""
    full = (1 << n) - 1
    cols_s = np.zeros(n + 1, np.int64)
    diag_s = np.zeros(n + 1, np.int64)
    anti_s = np.zeros(n + 1, np.int64)
    free_s = np.zeros(n + 1, np.int64)
    total = 0
    for k in range(start, stop):
        weight = int(states[k, 3])
        if row >= n:
            total += weight
            continue
        cols, diag, anti = int(states[k, 0]), int(states[k, 1]), int(states[k, 2])
        free = ~(cols | diag | anti) & full
        depth, found = row, 0
        while True:
            if free:
                bit = free & -free
                free ^= bit
                if depth >= n - 2:
                    # the last row has one column left: a free square there is a solution
                    if depth == n - 1 or ~(cols | bit | ((diag | bit) << 1) | ((anti | bit) >> 1)) & full:
                        found += 1
                    continue
                cols_s[depth], diag_s[depth], anti_s[depth], free_s[depth] = cols, diag, anti, free
                cols, diag, anti = cols | bit, ((diag | bit) << 1) & full, (anti | bit) >> 1
                free = ~(cols | diag | anti) & full
                depth += 1
            elif depth == row:
                break
            else:
                depth -= 1
                cols, diag, anti, free = cols_s[depth], diag_s[depth], anti_s[depth], free_s[depth]
        total += weight * found
    return total


@kernel("void(int64, int64[:, ::1], int64, int64, int64, int64[::1])")
def profile_states(n, states, row, start, stop, out):
    """Add the weighted nodes per depth (``row``..n) below sub-problems to ``out``."""
    full = (1 << n) - 1
    cols_s = np.zeros(n + 1, np.int64)
    diag_s = np.zeros(n + 1, np.int64)
    anti_s = np.zeros(n + 1, np.int64)
    free_s = np.zeros(n + 1, np.int64)
    levels = np.zeros(n + 1, np.int64)
    for k in range(start, stop):
        weight = int(states[k, 3])
        levels[:] = 0
        levels[row] = 1
        if row < n:
            cols, diag, anti = int(states[k, 0]), int(states[k, 1]), int(states[k, 2])
            free = ~(cols | diag | anti) & full
            depth = row
            while True:
                if free:
                    bit = free & -free
                    free ^= bit
                    levels[depth + 1] += 1
                    if depth == n - 1:
                        continue
                    cols_s[depth], diag_s[depth], anti_s[depth], free_s[depth] = cols, diag, anti, free
                    cols, diag, anti = cols | bit, ((diag | bit) << 1) & full, (anti | bit) >> 1
                    free = ~(cols | diag | anti) & full
                    depth += 1
                elif depth == row:
                    break
                else:
                    depth -= 1
                    cols, diag, anti, free = cols_s[depth], diag_s[depth], anti_s[depth], free_s[depth]
        for d in range(row, n + 1):
            out[d] += weight * levels[d]


def _run_jobs(
    jobs: list[Callable[[], None]],
    threads: int,
    progress: ProgressCallback | None,
    cancel: CancelFlag | None,
) -> None:
    """Run ``jobs`` on ``threads`` threads, reporting progress, stopping on cancel."""
    lock = threading.Lock()
    state = {"next": 0, "done": 0}
    errors: list[BaseException] = []

    def worker() -> None:
        while not errors and not (cancel is not None and cancel.is_set()):
            with lock:
                index = state["next"]
                state["next"] += 1
            if index >= len(jobs):
                return
            try:
                jobs[index]()
            except BaseException as error:
                errors.append(error)
                return
            with lock:
                state["done"] += 1
                if progress is not None:
                    progress(state["done"] / len(jobs))

    pool = [threading.Thread(target=worker, daemon=True) for _ in range(max(1, min(threads, len(jobs))) - 1)]
    for thread in pool:
        thread.start()
    worker()
    for thread in pool:
        thread.join()
    if errors:
        raise errors[0]
    if cancel is not None and cancel.is_set() and state["done"] < len(jobs):
        raise Cancelled(f"stopped after {state['done']} of {len(jobs)} sub-problems")
    if not jobs and progress is not None:
        progress(1.0)


def _batches(total: int, jit: bool) -> list[tuple[int, int]]:
    """Sub-problem index ranges: one each when compiled, a few big ones when interpreted."""
    size = 1 if jit else max(1, total // 8)
    return [(lo, min(lo + size, total)) for lo in range(0, total, size)]


def pick(kernel: kn.Kernel, compiled: bool) -> Callable[..., object]:
    """The compiled kernel, or the same function interpreted."""
    return kernel.compiled if compiled else kernel.py_func


def in_parallel(
    tasks: Sequence[Callable[[], T]],
    compiled: bool,
    progress: ProgressCallback | None,
    cancel: CancelFlag | None,
) -> list[T]:
    """Run ``tasks`` (on every core when compiled) and return their results in order."""
    results: list[T | None] = [None] * len(tasks)

    def job(i: int, task: Callable[[], T]) -> Callable[[], None]:
        def run() -> None:
            results[i] = task()

        return run

    _run_jobs([job(i, t) for i, t in enumerate(tasks)], WORKERS if compiled else 1, progress, cancel)
    return results  # type: ignore[return-value]  # every slot is filled once _run_jobs returns


def count(
    n: int,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    *,
    jit: bool | None = None,
) -> int:
    """The number of solutions of the n-queens problem.

    ``jit`` forces the compiled (True) or plain-Python (False) count; by default n below
    ``COUNT_JIT_FROM`` run in plain Python (``solvers.plain.count``, first row by first row).

    >>> [count(n) for n in range(1, 9)]
    [1, 0, 0, 2, 10, 4, 40, 92]
    """
    check_n(n)
    compiled = compiled_for(COUNT_JIT_FROM, n, jit)
    if not compiled:
        return plain.count(n, progress, cancel)
    kernel = count_states.compiled
    depth = split_depth(n)
    states, _ = subproblems(n, depth)

    def batch(lo: int, hi: int) -> int:
        return int(kernel(n, states, depth, lo, hi))  # type: ignore[call-overload]

    tasks = [partial(batch, lo, hi) for lo, hi in _batches(len(states), compiled)]
    totals: list[int] = in_parallel(tasks, compiled, progress, cancel)
    return sum(totals)


def profile(
    n: int,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    *,
    jit: bool | None = None,
) -> list[int]:
    """Nodes of the backtrack tree at each depth 0..n (Knuth's profile).

    >>> profile(4)
    [1, 4, 6, 4, 2]
    """
    check_n(n)
    compiled = compiled_for(PROFILE_JIT_FROM, n, jit)
    kernel = pick(profile_states, compiled)
    depth = split_depth(n)
    states, above = subproblems(n, depth)

    def batch(lo: int, hi: int) -> np.ndarray:
        out = np.zeros(n + 1, np.int64)
        kernel(n, states, depth, lo, hi, out)
        return out

    tasks = [partial(batch, lo, hi) for lo, hi in _batches(len(states), compiled)]
    outs = in_parallel(tasks, compiled, progress, cancel)
    levels = [int(v) for v in sum(outs, np.zeros(n + 1, np.int64))]
    levels[:depth] = above
    return levels


def counters_of(out: np.ndarray) -> Counters:
    """The counters in a walk or enumeration kernel's ``out`` array (checks: the plain slot)."""
    return Counters(*(int(v) for v in out[: kn.CHECKS + 1]))


def whole_run(out: np.ndarray, progress: ProgressCallback | None) -> Counters:
    """The counters of a one-call kernel, reporting it done."""
    if progress is not None:
        progress(1.0)
    return counters_of(out)


def _arrays_of(start: Checkpoint) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A checkpoint as a seek kernel takes it: the board, the state and the counters in ``out``
    (every variant's checks from the one count, the event index in ``EVENTS``)."""
    out = np.zeros(kn.OUT_SIZE, np.int64)
    c = start.counters
    out[: kn.CHECKS + 1] = c.attempts, c.placements, c.backtracks, c.solutions, c.checks
    out[kn.CHECKS_PAIRWISE] = out[kn.CHECKS_BOARD] = c.checks
    out[kn.PRUNED], out[kn.WIPEOUTS] = c.pruned, c.wipeouts
    out[kn.EVENTS] = start.index
    return np.array(start.placed(), np.int64), np.array(start.state, np.int64), out


class Model:
    """How the engine answers one algorithm's counters (held by its ``AlgorithmSpec``)."""

    max_n: int  # the largest n answered in reasonable time
    #: the ``solvers.estimate`` model of a whole run's time ("walk", "profile"), None if always quick
    estimate: str | None = None

    def answers(self, n: int) -> bool:
        """Whether ``counters`` answers this n."""
        return 1 <= n <= self.max_n

    def counters(
        self,
        n: int,
        *,
        first: bool = False,
        progress: ProgressCallback | None = None,
        cancel: CancelFlag | None = None,
        jit: bool | None = None,
        patient: bool = False,
    ) -> Counters:
        """The counters the algorithm's events would tally at ``n`` (to the first solution if ``first``).

        Raises ``EngineLimit`` for an n beyond ``max_n`` unless the caller is ``patient`` (it
        shows progress and can cancel, like the command line), ``Cancelled`` once ``cancel`` is set.
        """
        if not patient and not self.answers(n):
            raise EngineLimit(f"the engine answers this algorithm for n up to {self.max_n} (got n = {n})")
        return self._run(n, first, progress, cancel, jit)

    def _run(
        self,
        n: int,
        first: bool,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        jit: bool | None,
    ) -> Counters:
        raise NotImplementedError

    #: whether ``depth_profile`` answers (a kernel counts the nodes per depth as the events walk them)
    profiles: bool = False

    def depth_profile(
        self, n: int, progress: ProgressCallback | None = None, cancel: CancelFlag | None = None
    ) -> list[int]:
        """Nodes of the search tree at each depth 0..n (queens placed) as its events walk it
        (``counters.depth_profile``), where ``profiles``."""
        raise EngineLimit("the engine has no kernel for this algorithm's nodes per depth")

    #: the kernel that walks from a checkpoint (its family's ``seek_*``), None when the model has none
    seek_kernel: kn.Kernel | None = None
    #: the ``out`` slot of this algorithm's checks
    checks_slot: int = kn.CHECKS

    def seek(
        self,
        n: int,
        start: Checkpoint,
        *,
        first: bool = False,
        event: int | None = None,
        solution: int | None = None,
        collect: list[tuple[int, ...]] | None = None,
        keep: int = 0,
        past: bool = False,
        jit: bool | None = None,
    ) -> tuple[Checkpoint, bool]:
        """Walk from ``start`` without events; returns the checkpoint reached and whether the run ended.

        It stops at event index ``event``, or right after the Solution that makes ``solution``
        solutions in all, or at the end of the run, whichever comes first. The permutation walks,
        which checkpoint right after each test, stop at the last checkpoint not past ``event``
        (with ``past``, the first at or past it). The counters are exact: what the generator's
        events up to there tally. ``collect`` holds the run's first solutions in order; the
        boards of the ones the walk passes after those are appended to it, until it holds ``keep``.
        """
        if self.seek_kernel is None:
            raise EngineLimit("the engine cannot walk this algorithm from a checkpoint")
        check_n(n)
        known = len(collect) if collect is not None else 0
        if collect is not None and known < keep and start.counters.solutions > known:
            raise ValueError(
                f"collect holds {known} solutions; the walk starts after {start.counters.solutions}"
            )
        queens, state, out = _arrays_of(start)
        found = np.zeros((max(0, keep - known) if collect is not None else 0, n), np.int64)
        stops = (sys.maxsize if event is None else event, sys.maxsize if solution is None else solution)
        kernel = pick(self.seek_kernel, kn.HAVE_NUMBA if jit is None else jit and kn.HAVE_NUMBA)
        ended = self._seek(kernel, n, first, past, queens, state, *stops, found, known, out)
        solutions = int(out[kn.SOLUTIONS])
        if collect is not None and solutions > known:
            collect.extend(tuple(int(c) for c in row) for row in found[: solutions - known])
        return self._reached(queens, state, out), bool(ended)

    def _reached(self, queens: np.ndarray, state: np.ndarray, out: np.ndarray) -> Checkpoint:
        """The checkpoint a seek kernel left in its arrays."""
        attempts, placements, backtracks, solutions = (int(v) for v in out[: kn.CHECKS])
        counters = Counters(attempts, placements, backtracks, solutions, int(out[self.checks_slot]))
        counters.pruned, counters.wipeouts = int(out[kn.PRUNED]), int(out[kn.WIPEOUTS])
        board = tuple(None if q < 0 else int(q) for q in queens)
        return Checkpoint(int(out[kn.EVENTS]), board, counters, tuple(int(v) for v in state))

    def _seek(
        self, kernel: Callable[..., object], n: int, first: bool, past: bool, *arrays_and_stops: object
    ) -> int:
        # a tree walk stops at every event: ``past`` changes nothing
        return int(kernel(n, first, *arrays_and_stops))  # type: ignore[call-overload]
