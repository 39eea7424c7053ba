"""Brute force and the permutation walks in the engine: their models, kernels and resumer.

``BruteForce`` and ``Permutations`` (``spec.engine``) count a whole run with ``walk_brute_force``
and ``walk_permutations`` (one call: the registry keeps n small) and walk from a checkpoint
with ``seek_brute_force`` and ``seek_permutations``; ``PermutationResume`` (``spec.resumer``)
names the checkpoints of the permutation walks (brute force's are ``resume.TreeResume``'s).
The kernels count what the generators of ``solvers.algorithms.enumeration`` yield.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from solvers.counters import Counters
from solvers.engine import CancelFlag, Model, ProgressCallback, compiled_for, count, pick, whole_run
from solvers.events import Conflict, Event, Solution
from solvers.kernels import (
    ATTEMPTS,
    BACKTRACKS,
    CHECKS,
    EVENTS,
    OUT_SIZE,
    PLACEMENTS,
    SEEK_ARGS,
    SOLUTIONS,
    Kernel,
    kernel,
    step,
)
from solvers.resume import FULL, LIFT, SOLVED, TRY, After, Checkpoint, Resumer, State

START, NEXT, SKIP = 0, 1, 2  # a permutation walk's phases (and ``SOLVED``, and ``OVER``)
OVER = 4  # the last board was cleared: nothing comes next


class _PermutationAfter(After):
    def __init__(self, n: int, queens: Sequence[int | None], skips: bool) -> None:
        super().__init__(n, queens)
        self.skips = skips

    def solution(self, event: Solution) -> State | None:
        return (SOLVED, -1, -1)

    def conflict(self, event: Conflict) -> State | None:
        if self.skips and event.attempt:
            return (SKIP, event.row, event.blocker[0])
        return (NEXT, -1, -1)


class PermutationResume(Resumer):
    """Whole boards, one permutation after another: checkpoints right after each test.

    The state is ``(phase, i, j)``: ``START`` (nothing placed yet), ``NEXT`` (the full board was
    tested: move on), ``SKIP`` (it was refused on the pair (i, j): skip every permutation keeping
    that pair), ``SOLVED`` (it is a solution: move on unless the run stops at the first) or
    ``OVER`` (the engine's end of a whole run: the board cleared, nothing next). Only
    the start and the moments right after a test are checkpoints; a timeline replays the few
    moves between. ``skips``: a counted refusal skips the permutations keeping its pair (seed
    002's method 4).
    """

    def __init__(self, skips: bool = False) -> None:
        self.skips = skips

    def start(self, n: int) -> Checkpoint:
        return Checkpoint(0, (None,) * n, Counters(), (START, -1, -1))

    def state_after(self, n: int, queens: Sequence[int | None], event: Event) -> State | None:
        return event.read(_PermutationAfter(n, queens, self.skips))


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


# -- the kernels' steps ------------------------------------------------------------------------


@step
def _clash(queens):
    """Brute force's test of a whole board, pair by pair (a column, then a diagonal): whether two
    queens attack each other, and the checks made."""
    n = len(queens)
    checks = 0
    for i in range(n):
        for j in range(i + 1, n):
            checks += 1
            if queens[i] == queens[j]:
                return True, checks
            checks += 1
            if abs(queens[i] - queens[j]) == j - i:
                return True, checks
    return False, checks


@step
def _diagonal_clash(perm):
    """A permutation's test: the first pair (i, j) on a diagonal ((-1, -1): none) and the pairs compared."""
    n = len(perm)
    checks = 0
    for i in range(n):
        for j in range(i + 1, n):
            checks += 1
            if abs(perm[i] - perm[j]) == j - i:
                return i, j, checks
    return -1, -1, checks


@step
def _next_permutation(perm):
    """Step ``perm`` to the next permutation in place; returns the first index rewritten (-1: it
    was the last, left as it was)."""
    n = len(perm)
    i = n - 1
    while i > 0 and perm[i - 1] >= perm[i]:
        i -= 1
    if i <= 0:
        return -1
    j = n - 1
    while perm[j] <= perm[i - 1]:
        j -= 1
    perm[i - 1], perm[j] = perm[j], perm[i - 1]
    lo, hi = i, n - 1
    while lo < hi:
        perm[lo], perm[hi] = perm[hi], perm[lo]
        lo, hi = lo + 1, hi - 1
    return i - 1


@step
def _to_block_end(perm, pj):
    """Every permutation sharing the first pj + 1 values keeps the pair: jump to the block's last
    (its tail descending)."""
    for a in range(pj + 2, len(perm)):
        b = a
        while b > pj + 1 and perm[b - 1] < perm[b]:
            perm[b - 1], perm[b] = perm[b], perm[b - 1]
            b -= 1


@step
def _skipped_checks(perm, saved):
    """The checks of the permutations a skip stepped over, two each: the ranks of ``perm`` and
    ``saved`` apart, doubled."""
    n = len(perm)
    extra = 0
    weight = 1
    for pos in range(n - 1, -1, -1):
        ahead = behind = 0
        for later in range(pos + 1, n):
            ahead += perm[later] < perm[pos]
            behind += saved[later] < saved[pos]
        extra += 2 * (ahead - behind) * weight
        weight *= n - pos
    return extra


@step
def _advance(perm, saved, skipping, pi, pj):
    """Step to the next permutation (with ``skipping``, past every one keeping the values of rows
    ``pi`` and ``pj``). Returns the first row rewritten (-1: past the last, ``perm`` back to
    ``saved``) and the checks the skipped permutations count."""
    keep_i, keep_j = perm[pi], perm[pj]
    changed = len(perm)
    while True:
        if skipping:
            _to_block_end(perm, pj)
        moved = _next_permutation(perm)
        if moved < 0:
            for k in range(len(perm)):
                perm[k] = saved[k]
            return -1, 0
        changed = min(changed, moved)
        if not skipping or perm[pi] != keep_i or perm[pj] != keep_j:
            break
    return changed, (_skipped_checks(perm, saved) if skipping else 0)


@step
def _keep(found, found_from, queens, out):
    """The board of the solution just counted, into its row of ``found`` if it has one."""
    slot = out[SOLUTIONS] - found_from - 1
    if 0 <= slot < found.shape[0]:
        for c in range(len(queens)):
            found[slot, c] = queens[c]


# -- the kernels -------------------------------------------------------------------------------


@kernel("void(int64, boolean, int64[::1])")
def walk_brute_force(n, first, out):
    """Every one of the n^n boards in odometer order, each tested pair by pair."""
    queens = np.zeros(n, np.int64)
    attempts, placements, backtracks, solutions, checks = 0, n, 0, 0, 0
    while True:
        attempts += 1
        conflict = False
        for i in range(n):
            for j in range(i + 1, n):
                checks += 1
                if queens[i] == queens[j]:
                    conflict = True
                    break
                checks += 1
                if abs(queens[i] - queens[j]) == j - i:
                    conflict = True
                    break
            if conflict:
                break
        if not conflict:
            solutions += 1
            if first:
                break
        r = n - 1
        while r >= 0 and queens[r] == n - 1:
            r -= 1
        if r < 0:
            backtracks += n
            break
        queens[r] += 1
        queens[r + 1 :] = 0
        placements += n - r
        backtracks += n - r
    out[ATTEMPTS] += attempts
    out[PLACEMENTS] += placements
    out[BACKTRACKS] += backtracks
    out[SOLUTIONS] += solutions
    out[CHECKS] += checks


@kernel("void(int64, boolean, boolean, int64[::1])")
def walk_permutations(n, first, pruned, out):
    """The permutation walks of seed 002: every permutation, or method 4's pruned walk.

    One loop steps to the next permutation; a flag says whether the walk is
    skipping permutations that keep the conflicting pair (i, j).
    """
    perm = np.arange(n).astype(np.int64)
    saved = perm.copy()
    attempts, placements, backtracks, solutions, checks = 0, n, 0, 0, 0
    counted = not pruned  # the starting permutation is not a pruned traversal
    extra = 0
    skipping = False
    pi = pj = keep_i = keep_j = start = 0
    test = True
    while True:
        if test:
            if counted:
                attempts += 1
            checks += extra
            ci = cj = -1
            for i in range(n):
                for j in range(i + 1, n):
                    checks += 1
                    if abs(perm[i] - perm[j]) == j - i:
                        ci, cj = i, j
                        break
                if ci >= 0:
                    break
            if ci < 0:
                solutions += 1
                if first:
                    break
            elif pruned and counted:
                skipping = True
                pi, pj, keep_i, keep_j, start, extra = ci, cj, perm[ci], perm[cj], n, 0
                saved[:] = perm
            test = False
        # next permutation, in place; ``changed`` is the first index rewritten
        i = n - 1
        while i > 0 and perm[i - 1] >= perm[i]:
            i -= 1
        if i <= 0:
            if skipping:
                perm[:] = saved
            backtracks += n
            break
        j = n - 1
        while perm[j] <= perm[i - 1]:
            j -= 1
        perm[i - 1], perm[j] = perm[j], perm[i - 1]
        lo, hi = i, n - 1
        while lo < hi:
            perm[lo], perm[hi] = perm[hi], perm[lo]
            lo, hi = lo + 1, hi - 1
        changed = i - 1
        if skipping:
            start = min(start, changed)
            extra += 2
            if perm[pi] == keep_i and perm[pj] == keep_j:
                continue
            skipping, counted, test = False, False, True
            changed = start
        else:
            counted, extra, test = True, 0, True
        placements += n - changed
        backtracks += n - changed
    out[ATTEMPTS] += attempts
    out[PLACEMENTS] += placements
    out[BACKTRACKS] += backtracks
    out[SOLUTIONS] += solutions
    out[CHECKS] += checks


@kernel(f"int64(int64, boolean, {SEEK_ARGS})")
def seek_brute_force(n, first, queens, state, stop_event, stop_solution, found, found_from, out):
    """Every n^n board in odometer order, each tested pair by pair when complete."""
    row, col, phase = state[0], state[1], state[2]
    ended = 0
    while out[EVENTS] < stop_event:
        if phase == FULL:  # the test: a Conflict (lift next) or a Solution
            out[ATTEMPTS] += 1
            out[EVENTS] += 1
            conflict, made = _clash(queens)
            out[CHECKS] += made
            if conflict:
                phase = LIFT
                continue
            out[SOLUTIONS] += 1
            phase = SOLVED
            _keep(found, found_from, queens, out)
            if first:
                ended = 1
                break
            if out[SOLUTIONS] >= stop_solution:
                break
        elif phase != TRY:  # lift the last row's queen after the test
            row, col = n - 1, queens[n - 1] + 1
            queens[row] = -1
            out[BACKTRACKS] += 1
            out[EVENTS] += 1
            phase = TRY
        elif col < n:  # place (row, col): the next row, or the test
            queens[row] = col
            out[PLACEMENTS] += 1
            out[EVENTS] += 1
            if row < n - 1:
                row, col = row + 1, 0
            else:
                phase = FULL
        elif row == 0:
            ended = 1
            break
        else:  # the row's columns are done: lift the queen above
            row -= 1
            col = queens[row] + 1
            queens[row] = -1
            out[BACKTRACKS] += 1
            out[EVENTS] += 1
    if (phase == SOLVED and first) or (phase == TRY and row == 0 and col >= n):
        ended = 1
    state[0], state[1], state[2] = row, col, phase
    return ended


@kernel(f"int64(int64, boolean, boolean, boolean, {SEEK_ARGS})")
def seek_permutations(
    n, first, pruned, past, queens, state, stop_event, stop_solution, found, found_from, out
):
    """The permutation walks from one test to the next; they stop right after a test (or at the
    start), at the last such moment not past ``stop_event`` -- or, with ``past``, at the first
    one at or past it (a walk in legs then never throws a long skip's work away)."""
    phase, pi, pj = state[0], state[1], state[2]
    perm = np.arange(n).astype(np.int64)
    if phase != START:
        perm[:] = queens
    saved = perm.copy()
    ended = 0
    if phase == OVER:  # the end of the run: a walk from there stays there
        return 1
    while not (phase == SOLVED and first) and out[EVENTS] < stop_event:
        saved[:] = perm
        counted = phase != SKIP if phase != START else not pruned  # a skip's landing is no traversal
        changed, extra = 0, 0
        if phase != START:  # step to the next permutation; a skip steps past those keeping (pi, pj)
            changed, extra = _advance(perm, saved, phase == SKIP, pi, pj)
        if changed < 0:  # the last board is cleared
            if out[EVENTS] + n > stop_event and not past:
                break
            out[BACKTRACKS] += n
            out[EVENTS] += n
            ended = 1
            queens[:] = -1
            phase, pi, pj = OVER, -1, -1
            break
        moved = n - changed  # queens lifted (none at the start) and placed, then the test
        if out[EVENTS] + (moved if phase == START else 2 * moved) + 1 > stop_event and not past:
            perm[:] = saved
            break
        if phase != START:
            out[BACKTRACKS] += moved
            out[EVENTS] += moved
        out[PLACEMENTS] += moved
        out[EVENTS] += moved + 1
        out[CHECKS] += extra
        if counted:
            out[ATTEMPTS] += 1
        ci, cj, made = _diagonal_clash(perm)
        out[CHECKS] += made
        if ci < 0:
            out[SOLUTIONS] += 1
            phase, pi, pj = SOLVED, -1, -1
            _keep(found, found_from, perm, out)
            if out[SOLUTIONS] >= stop_solution:
                break
        elif pruned and counted:
            phase, pi, pj = SKIP, ci, cj
        else:
            phase, pi, pj = NEXT, -1, -1
    if ended == 0 and phase != START:
        queens[:] = perm
    if phase == SOLVED and first:
        ended = 1
    state[0], state[1], state[2] = phase, pi, pj
    return ended


@dataclass(frozen=True)
class BruteForce(Model):
    """Every n^n board, by ``walk_brute_force``; from a checkpoint, ``seek_brute_force``."""

    max_n: int = 8
    jit_from: int = 6
    seek_kernel: Kernel | None = seek_brute_force

    def _run(
        self,
        n: int,
        first: bool,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        jit: bool | None,
    ) -> Counters:
        out = np.zeros(OUT_SIZE, np.int64)
        pick(walk_brute_force, compiled_for(self.jit_from, n, jit))(n, first, out)
        return whole_run(out, progress)


@dataclass(frozen=True)
class Permutations(Model):
    """Every permutation in order, by ``walk_permutations``; ``pruned`` skips the ones that keep
    the first conflicting pair. From a checkpoint, ``seek_permutations``."""

    pruned: bool
    max_n: int = 11
    jit_from: int = 8
    seek_kernel: Kernel | None = seek_permutations

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
        out = np.zeros(OUT_SIZE, np.int64)
        pick(walk_permutations, compiled_for(self.jit_from, n, jit))(n, first, self.pruned, out)
        return whole_run(out, progress)
