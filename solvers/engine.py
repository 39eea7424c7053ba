"""Instant results: solutions, the backtrack tree profile and every counter, without events.

The work is split into independent sub-problems (the first rows placed, the
first row mirrored), run by the kernels of ``solvers.kernels`` on every core
(numba releases the GIL, so plain threads run them side by side). Small
boards run the kernels interpreted, so they never wait for numba; ``count`` then runs
``solvers.plain.count``, which needs no numpy either (the command line calls it without
importing this module).

Long calls take ``progress`` (called with the fraction of sub-problems done,
from a worker thread, ending with 1.0) and ``cancel`` (anything with
``is_set()``, e.g. a ``threading.Event``, checked between sub-problems; a
cancelled call raises ``Cancelled``).

Which algorithm the engine answers, and how, is a model object its
``AlgorithmSpec`` holds (``spec.engine``): ``SquareWalk`` for the backtracking
family, ``BitTree`` for bitmask, ``BruteForce`` and ``Permutations`` for the
enumerations. This module knows no algorithm names.

>>> count(8), profile(8)
(92, [1, 8, 42, 140, 344, 568, 550, 312, 92])
>>> SquareWalk(kn.CHECKS).counters(8).as_dict()  # doctest: +NORMALIZE_WHITESPACE
{'attempts': 15720, 'placements': 2056, 'backtracks': 2056, 'solutions': 92, 'checks': 24648,
 'repairs': 0, 'pruned': 0, 'wipeouts': 0}
"""

from __future__ import annotations

import math
import os
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol, TypeVar

import numpy as np

from solvers import kernels as kn
from solvers import kernels_propagation as kp
from solvers import plain
from solvers.counters import Counters
from solvers.errors import SolverError
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
WALK_JIT_FROM = 10  # the backtracking family's square-by-square walk

# Largest n the engine answers counters for, in reasonable time (2 cores, compiled).
# Measured on 2 shared cores; each n costs about 6-7 times the one before.
WALK_MAX_N = 15  # the square-by-square walk: n = 14 in 3.5 s, n = 15 about 25 s
PROFILE_MAX_N = 20  # the tree profile: n = 16 about 8 s, 18 about 7 min, 20 some hours
PROPAGATION_MAX_N = 16  # forward checking and MRV's walk


class EngineLimit(SolverError):
    """The engine does not answer this request (drain the generator instead)."""


class CancelFlag(Protocol):
    """What ``cancel`` must offer: ``threading.Event`` does."""

    def is_set(self) -> bool: ...


def _check_n(n: int) -> None:
    if not 1 <= n <= MAX_BITS:
        raise SolverError(f"the engine counts boards of 1 to {MAX_BITS} rows (got n = {n})")


def _jit(jit_from: int, n: int, jit: bool | None) -> bool:
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


def _pick(kernel: kn.Kernel, compiled: bool) -> Callable[..., object]:
    """The compiled kernel, or the same function interpreted."""
    return kernel.compiled if compiled else kernel.py_func


def _in_parallel(
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
    _check_n(n)
    compiled = _jit(COUNT_JIT_FROM, n, jit)
    if not compiled:
        return plain.count(n, progress, cancel)
    kernel = kn.count_states.compiled
    depth = split_depth(n)
    states, _ = subproblems(n, depth)

    def batch(lo: int, hi: int) -> int:
        return int(kernel(n, states, depth, lo, hi))  # type: ignore[call-overload]

    tasks = [partial(batch, lo, hi) for lo, hi in _batches(len(states), compiled)]
    totals: list[int] = _in_parallel(tasks, compiled, progress, cancel)
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
    _check_n(n)
    compiled = _jit(PROFILE_JIT_FROM, n, jit)
    kernel = _pick(kn.profile_states, compiled)
    depth = split_depth(n)
    states, above = subproblems(n, depth)

    def batch(lo: int, hi: int) -> np.ndarray:
        out = np.zeros(n + 1, np.int64)
        kernel(n, states, depth, lo, hi, out)
        return out

    tasks = [partial(batch, lo, hi) for lo, hi in _batches(len(states), compiled)]
    outs = _in_parallel(tasks, compiled, progress, cancel)
    levels = [int(v) for v in sum(outs, np.zeros(n + 1, np.int64))]
    levels[:depth] = above
    return levels


def walk(
    n: int,
    first: bool = False,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    *,
    jit: bool | None = None,
) -> np.ndarray:
    """The backtracking family's search square by square, as counters in a kernel's ``out``.

    It is ``kernels.seek_backtracking`` from the empty board with no stop, split
    by first-row column so that the columns run in parallel.
    """
    _check_n(n)
    compiled = _jit(WALK_JIT_FROM, n, jit)
    kernel = _pick(kn.seek_backtracking, compiled)
    no_stop, nothing_kept = sys.maxsize, np.zeros((0, n), np.int64)

    def batch(lo: int, hi: int) -> np.ndarray:
        out = np.zeros(kn.OUT_SIZE, np.int64)
        queens, state = np.full(n, -1, np.int64), np.array([0, lo, kn.TRY], np.int64)
        kernel(n, first, hi, queens, state, no_stop, no_stop, nothing_kept, 0, out)
        return out

    columns = [(0, n)] if first else [(c, c + 1) for c in range(n)]
    outs = _in_parallel([partial(batch, lo, hi) for lo, hi in columns], compiled, progress, cancel)
    return sum(outs, np.zeros(kn.OUT_SIZE, np.int64))


def brute_force_counters(n: int) -> Counters:
    """Brute force in closed form, checks aside: n^n boards, n + n^2 + ... + n^n queens moved."""
    moved = sum(n**k for k in range(1, n + 1))
    return Counters(n**n, moved, moved, count(n))


def permutation_moves(n: int) -> int:
    """Queens placed (and lifted) by the plain permutation walk.

    The first board places n queens and the last clear lifts n; in between,
    next-permutation rewrites a suffix of m rows exactly n!/m! * (m - 1) times
    (a prefix of n - m rows, and a suffix head that is not its largest value).

    >>> permutation_moves(8)
    109600
    """
    return n + sum(math.factorial(n) // math.factorial(m) * (m - 1) * m for m in range(2, n + 1))


def _counters_of(out: np.ndarray) -> Counters:
    """The counters in a walk or enumeration kernel's ``out`` array (checks: the plain slot)."""
    return Counters(*(int(v) for v in out[: kn.CHECKS + 1]))


def _whole(out: np.ndarray, progress: ProgressCallback | None) -> Counters:
    """The counters of a one-call kernel, reporting it done."""
    if progress is not None:
        progress(1.0)
    return _counters_of(out)


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

    #: the kernel that walks from a checkpoint (``kernels.seek_*``), None when the model has none
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
        _check_n(n)
        queens = np.array(start.placed(), np.int64)
        state = np.array(start.state, np.int64)
        out = np.zeros(kn.OUT_SIZE, np.int64)
        c = start.counters
        out[: kn.CHECKS + 1] = c.attempts, c.placements, c.backtracks, c.solutions, c.checks
        out[kn.CHECKS_PAIRWISE] = out[kn.CHECKS_BOARD] = c.checks
        out[kn.PRUNED], out[kn.WIPEOUTS] = c.pruned, c.wipeouts
        out[kn.EVENTS] = start.index
        known = len(collect) if collect is not None else 0
        if collect is not None and known < keep and c.solutions > known:
            raise ValueError(f"collect holds {known} solutions; the walk starts after {c.solutions}")
        found = np.zeros((max(0, keep - known) if collect is not None else 0, n), np.int64)
        stops = (sys.maxsize if event is None else event, sys.maxsize if solution is None else solution)
        compiled = kn.HAVE_NUMBA if jit is None else jit and kn.HAVE_NUMBA
        kernel = _pick(self.seek_kernel, compiled)
        ended = self._seek(kernel, n, first, past, queens, state, *stops, found, known, out)
        attempts, placements, backtracks, solutions = (int(v) for v in out[: kn.CHECKS])
        if collect is not None and solutions > known:
            collect.extend(tuple(int(c) for c in row) for row in found[: solutions - known])
        counters = Counters(attempts, placements, backtracks, solutions, int(out[self.checks_slot]))
        counters.pruned, counters.wipeouts = int(out[kn.PRUNED]), int(out[kn.WIPEOUTS])
        board = tuple(None if q < 0 else int(q) for q in queens)
        return Checkpoint(int(out[kn.EVENTS]), board, counters, tuple(int(v) for v in state)), bool(ended)

    def _seek(
        self, kernel: Callable[..., object], n: int, first: bool, past: bool, *arrays_and_stops: object
    ) -> int:
        # a tree walk stops at every event: ``past`` changes nothing
        return int(kernel(n, first, *arrays_and_stops))  # type: ignore[call-overload]


@dataclass(frozen=True)
class SquareWalk(Model):
    """The backtracking family: ``walk`` square by square; ``checks`` is the ``out`` slot of the
    variant's own check count (flag arrays, pairwise, board scan)."""

    checks: int
    max_n: int = WALK_MAX_N
    estimate: str | None = "walk"
    seek_kernel: kn.Kernel | None = kn.seek_backtracking

    @property
    def checks_slot(self) -> int:  # type: ignore[override]
        return self.checks

    def _seek(
        self, kernel: Callable[..., object], n: int, first: bool, past: bool, *arrays_and_stops: object
    ) -> int:
        return int(kernel(n, first, n, *arrays_and_stops))  # type: ignore[call-overload]

    def _run(
        self,
        n: int,
        first: bool,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        jit: bool | None,
    ) -> Counters:
        out = walk(n, first, progress, cancel, jit=jit)
        result = _counters_of(out)
        result.checks = int(out[self.checks])
        return result


@dataclass(frozen=True)
class BitTree(Model):
    """Bit-parallel backtracking: every node of the tree is one attempt and one placement, so the
    whole run is the profile; a run to the first solution is the walk's placements."""

    max_n: int = PROFILE_MAX_N
    estimate: str | None = "profile"
    seek_kernel: kn.Kernel | None = kn.seek_bitmask

    def _run(
        self,
        n: int,
        first: bool,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        jit: bool | None,
    ) -> Counters:
        if first:
            out = walk(n, True, progress, cancel, jit=jit)
            placed = int(out[kn.PLACEMENTS])
            return Counters(placed, placed, int(out[kn.BACKTRACKS]), int(out[kn.SOLUTIONS]), placed)
        levels = profile(n, progress, cancel, jit=jit)
        nodes = sum(levels[1:])
        return Counters(nodes, nodes, nodes, levels[n], nodes)


@dataclass(frozen=True)
class BruteForce(Model):
    """Every n^n board, by ``kernels.walk_brute_force``."""

    max_n: int = 8
    jit_from: int = 6
    seek_kernel: kn.Kernel | None = kn.seek_brute_force

    def _run(
        self,
        n: int,
        first: bool,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        jit: bool | None,
    ) -> Counters:
        out = np.zeros(kn.OUT_SIZE, np.int64)
        _pick(kn.walk_brute_force, _jit(self.jit_from, n, jit))(n, first, out)
        return _whole(out, progress)


@dataclass(frozen=True)
class Permutations(Model):
    """Every permutation in order, by ``kernels.walk_permutations``; ``pruned`` skips the ones
    that keep the first conflicting pair."""

    pruned: bool
    max_n: int = 11
    jit_from: int = 8
    seek_kernel: kn.Kernel | None = kn.seek_permutations

    def _seek(
        self, kernel: Callable[..., object], n: int, first: bool, past: bool, *arrays_and_stops: object
    ) -> int:
        return int(kernel(n, first, self.pruned, past, *arrays_and_stops))  # type: ignore[call-overload]

    def _run(
        self,
        n: int,
        first: bool,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        jit: bool | None,
    ) -> Counters:
        out = np.zeros(kn.OUT_SIZE, np.int64)
        _pick(kn.walk_permutations, _jit(self.jit_from, n, jit))(n, first, self.pruned, out)
        return _whole(out, progress)


@dataclass(frozen=True)
class Propagation(Model):
    """Forward checking (``mrv``: the row with the fewest columns left first), by
    ``kernels.walk_propagation``, first-row column by column on every core; a column and its
    mirror image search mirrored trees, so a whole run walks about half the columns, counted
    twice (column 0 and its mirror alone: column 0 also counts MRV's first choice of row).
    From a checkpoint, ``kernels_propagation.seek_propagation`` walks it (one core)."""

    mrv: bool
    max_n: int = PROPAGATION_MAX_N
    jit_from: int = 8
    seek_kernel: kn.Kernel | None = kp.seek_propagation
    profiles: bool = True

    def _seek(
        self, kernel: Callable[..., object], n: int, first: bool, past: bool, *arrays_and_stops: object
    ) -> int:
        ended = int(kernel(n, first, self.mrv, past, *arrays_and_stops))  # type: ignore[call-overload]
        if ended == kp.NOT_PLACED:
            raise ValueError("the board is not one this search places")
        return ended

    def _run(
        self,
        n: int,
        first: bool,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        jit: bool | None,
    ) -> Counters:
        out, _ = self._walk(n, first, progress, cancel, jit)
        result = _counters_of(out)
        result.pruned, result.wipeouts = int(out[kn.PRUNED]), int(out[kn.WIPEOUTS])
        return result

    def depth_profile(
        self,
        n: int,
        progress: ProgressCallback | None = None,
        cancel: CancelFlag | None = None,
        *,
        jit: bool | None = None,
    ) -> list[int]:
        _check_n(n)
        _, levels = self._walk(n, False, progress, cancel, jit)
        return [1, *(int(v) for v in levels[1:])]

    def _walk(
        self,
        n: int,
        first: bool,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        jit: bool | None,
    ) -> tuple[np.ndarray, np.ndarray]:
        """The kernel's ``out`` and ``levels`` for the whole run (to its first solution if ``first``)."""
        compiled = _jit(self.jit_from, n, jit)
        kernel = _pick(kn.walk_propagation, compiled)

        def batch(lo: int, hi: int, weight: int) -> tuple[np.ndarray, np.ndarray]:
            out, levels = np.zeros(kn.OUT_SIZE, np.int64), np.zeros(n + 1, np.int64)
            kernel(n, first, self.mrv, lo, hi, out, levels)
            return out * weight, levels * weight

        if first or n == 1:
            columns = [(0, n, 1)]
        else:
            mirrored = [(c, c + 1, 2 if 2 * c + 1 < n else 1) for c in range(1, (n + 1) // 2)]
            columns = [(0, 1, 1), (n - 1, n, 1), *mirrored]
        parts = _in_parallel([partial(batch, *column) for column in columns], compiled, progress, cancel)
        return sum(p[0] for p in parts), sum(p[1] for p in parts)  # type: ignore[return-value]


def tree_counters(levels: list[int]) -> Counters:
    """Attempts, placements, backtracks and solutions of the backtracking family, from the profile.

    Every non-leaf node tries all n squares; every other node is one queen placed and lifted.

    >>> tree_counters(profile(8))  # doctest: +NORMALIZE_WHITESPACE
    Counters(attempts=15720, placements=2056, backtracks=2056, solutions=92, checks=0, repairs=0,
             pruned=0, wipeouts=0)
    """
    n = len(levels) - 1
    placed = sum(levels[1:])
    return Counters(n * sum(levels[:n]), placed, placed, levels[n])
