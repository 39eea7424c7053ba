"""Counting kernels: plain loops over ints that numba compiles when installed.

Each kernel is written once, with an explicit stack (no recursion, no Python
objects, no calls to other kernels), so the same function runs either
compiled by numba or interpreted by CPython. ``@kernel`` wraps it lazily:
numba is imported and the function compiled (``cache=True``, ``nogil=True``)
only the first time ``.compiled`` is used, so small boards, which run
``.py_func`` interpreted, never pay numba's import or compile time.

A sub-problem is one row of a ``states`` array: the masks ``cols``, ``diag``
(attacks moving one column right per row, the r-c lines) and ``anti`` (one
column left per row, the r+c lines) of a partial board with ``row`` queens,
and the ``weight`` it counts for (2 for a mirrored first-row column).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

HAVE_NUMBA = importlib.util.find_spec("numba") is not None and not os.environ.get("NQUEENS_NO_JIT")

# Layout of the ``out`` array of the walk and enumeration kernels (EVENTS: the seek kernels only).
ATTEMPTS, PLACEMENTS, BACKTRACKS, SOLUTIONS, CHECKS, CHECKS_PAIRWISE, CHECKS_BOARD, EVENTS = range(8)
PRUNED, WIPEOUTS = 8, 9  # constraint propagation's own counters
OUT_SIZE = 10
# The phases of a resumable walk's ``state`` (``solvers.resume`` names them; kernels take plain ints).
TRY, FULL, LIFT, SOLVED = 0, 1, 2, 3
START, NEXT, SKIP = 0, 1, 2


class Kernel:
    """A plain-Python kernel, compiled by numba on first use of ``compiled``."""

    def __init__(self, func: Callable[..., Any]) -> None:
        self.py_func = func
        self.__name__ = func.__name__
        self.__doc__ = func.__doc__
        self._compiled: Callable[..., Any] | None = None
        self._lock = threading.Lock()

    @property
    def compiled(self) -> Callable[..., Any]:
        """The numba-compiled function, or ``py_func`` when numba is missing."""
        if self._compiled is None:
            with self._lock:
                if self._compiled is None:
                    self._compiled = _jit(self.py_func)
        return self._compiled

    def __call__(self, *args: Any) -> Any:
        return self.compiled(*args)


def _jit(func: Callable[..., Any]) -> Callable[..., Any]:
    if not HAVE_NUMBA:
        return func
    with _scipy_hidden():
        import numba

        try:
            dispatcher = numba.njit(cache=True, nogil=True)(func)
            dispatcher.compile(_SIGNATURES[func.__name__])  # load from the disk cache (or compile) now
        except RuntimeError:  # "cannot cache function": no writable cache folder (HOME unset, read-only)
            dispatcher = numba.njit(nogil=True)(func)
            dispatcher.compile(_SIGNATURES[func.__name__])
    return dispatcher


@contextlib.contextmanager
def _scipy_hidden() -> Iterator[None]:
    """Keep numba from importing scipy while it starts (its BLAS probe costs 0.3-0.4 s).

    The kernels use no linear algebra. Only when scipy is not loaded yet is it
    hidden, and only for numba's start-up; numba then reports no BLAS to njit code
    in this process.
    """
    if "scipy" in sys.modules:
        yield
        return
    sys.modules["scipy"] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if sys.modules.get("scipy", 0) is None:
            del sys.modules["scipy"]


def kernel(func: Callable[..., Any]) -> Kernel:
    """Decorator: the tiny jit shim (numba if installed, else the function as is)."""
    return Kernel(func)


@kernel
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


@kernel
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


@kernel
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


@kernel
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


@kernel
def walk_propagation(n, first, mrv, col_lo, col_hi, out, levels):
    """Forward checking (rows top down) or, with ``mrv``, the row with the fewest columns left
    (ties: the lowest), as ``solvers.algorithms.propagation`` searches: its counters and events
    in ``out``, and in ``levels[d]`` its nodes with d queens placed (every placement one node).

    The first row's columns ``col_lo..col_hi-1`` only (the rest in other calls). Domains are
    bitmasks, one copy per depth, so undoing a placement is going back a level. A placement
    prunes, row by row ascending, the in-board squares it attacks (each a look-up, counted on
    ``CHECKS`` with, for MRV, the rows compared to choose the row, once per row filled), and
    stops at the first row it empties: a wipe-out, undone at once.
    """
    doms = np.zeros((n + 1, n), np.int64)  # doms[d]: every row's domain before depth d's queen
    rows = np.zeros(n, np.int64)  # the row filled at each depth
    todo = np.zeros(n, np.int64)  # its columns not tried yet
    pruned_at = np.zeros(n, np.int64)  # what the queen at each depth pruned (restored with it)
    fresh = np.zeros(n, np.int64)  # 1 until the depth's first value is tried
    assigned = np.zeros(n, np.int64)
    full = (1 << n) - 1
    for r in range(n):
        doms[0, r] = full
    attempts = backtracks = solutions = checks = pruned = wipeouts = events = 0
    rows[0] = 0
    todo[0] = full & ~((1 << col_lo) - 1) & ((1 << col_hi) - 1)
    fresh[0] = 1 if col_lo == 0 else 0
    compared0 = n if mrv else 0
    depth = 0
    while depth >= 0:
        row = rows[depth]
        if todo[depth] == 0:
            assigned[row] = 0
            depth -= 1
            if depth >= 0:  # lift the queen of the depth above: its restores, then the Backtrack
                backtracks += 1
                events += pruned_at[depth] + 1
            continue
        bit = todo[depth] & -todo[depth]
        todo[depth] ^= bit
        col = 0
        while (1 << col) != bit:
            col += 1
        attempts += 1
        events += 1
        levels[depth + 1] += 1
        looks = 0
        if fresh[depth] == 1:
            looks += compared0 if depth == 0 else (n - depth if mrv else 0)
            fresh[depth] = 0
        assigned[row] = 1
        count = 0
        wiped = False
        for r in range(n):
            doms[depth + 1, r] = doms[depth, r]
        for r in range(n):
            if assigned[r] == 1:
                continue
            d = r - row if r > row else row - r
            mask = 1 << col
            looks += 1
            if col - d >= 0:
                mask |= 1 << (col - d)
                looks += 1
            if col + d < n:
                mask |= 1 << (col + d)
                looks += 1
            hit = doms[depth, r] & mask
            while hit:
                hit &= hit - 1
                count += 1
            doms[depth + 1, r] = doms[depth, r] & ~mask
            if doms[depth + 1, r] == 0:
                wiped = True
                break
        checks += looks
        pruned += count
        events += count
        pruned_at[depth] = count
        if wiped:
            wipeouts += 1
            backtracks += 1
            events += 1 + count + 1  # the wipe-out, the restores, the Backtrack
            assigned[row] = 0
            continue
        if depth == n - 1:
            solutions += 1
            events += 1
            if first:
                break
            backtracks += 1
            events += count + 1
            assigned[row] = 0
            continue
        best = -1
        for r in range(n):  # the next row: the topmost empty one, or (MRV) the one with fewest left
            if assigned[r] == 0:
                if best < 0:
                    best = r
                    if not mrv:
                        break
                else:
                    a, b = doms[depth + 1, r], doms[depth + 1, best]
                    size_a = size_b = 0
                    while a:
                        a &= a - 1
                        size_a += 1
                    while b:
                        b &= b - 1
                        size_b += 1
                    if size_a < size_b:
                        best = r
        depth += 1
        rows[depth] = best
        todo[depth] = doms[depth, best]
        fresh[depth] = 1
    out[ATTEMPTS] += attempts
    out[PLACEMENTS] += attempts
    out[BACKTRACKS] += backtracks
    out[SOLUTIONS] += solutions
    out[CHECKS] += checks
    out[PRUNED] += pruned
    out[WIPEOUTS] += wipeouts
    out[EVENTS] += events


# -- seek kernels: walk from a checkpoint, event by event, to a stop -----------------------
#
# Each takes the board ``queens`` (-1 for an empty row) and ``state`` of a ``solvers.resume``
# checkpoint and the absolute counters in ``out`` (EVENTS is the event index), walks until the
# event index reaches ``stop_event`` or the Solution that makes ``out[SOLUTIONS]`` reach
# ``stop_solution``, or the run ends, then writes the board, state and counters back and
# returns 1 when the run ended (else 0). They count what the generators yield, event for event.
# The board of the run's solution number s (1-based) goes to row s - found_from - 1 of ``found``
# when that row exists (the caller already knows the first ``found_from`` solutions).


@kernel
def seek_backtracking(n, first, col_hi, queens, state, stop_event, stop_solution, found, found_from, out):
    """The backtracking family square by square, with what each check costs.

    The first row tries columns below ``col_hi`` only (``n`` for a whole run;
    ``engine.walk`` splits a run by first-row column). Each check's cost is O(1)
    from the owners of the square's three lines: the flag arrays stop at the
    first attacked line, the pairwise scan at the earliest row attacking it, the
    board scan at the column's queen or the nearest queen up each diagonal.
    """
    col_own = np.full(n, -1, np.int64)
    sum_own = np.full(2 * n, -1, np.int64)  # r + c lines
    dif_own = np.full(2 * n, -1, np.int64)  # r - c + n - 1 lines
    for r in range(n):
        if queens[r] >= 0:
            col_own[queens[r]], sum_own[r + queens[r]], dif_own[r - queens[r] + n - 1] = r, r, r
    row, col, phase = state[0], state[1], state[2]
    attempts, placements, backtracks, solutions = (
        out[ATTEMPTS],
        out[PLACEMENTS],
        out[BACKTRACKS],
        out[SOLUTIONS],
    )
    flag, pairwise, board, events = out[CHECKS], out[CHECKS_PAIRWISE], out[CHECKS_BOARD], out[EVENTS]
    ended = 0
    while events < stop_event:
        if phase == FULL:
            solutions += 1
            events += 1
            phase = SOLVED
            slot = solutions - found_from - 1
            if 0 <= slot < found.shape[0]:
                found[slot, :] = queens
            if first:
                ended = 1
                break
            if solutions >= stop_solution:
                break
            continue
        if phase != TRY:  # lift the last row's queen after a solution
            queens[row] = col_own[col] = sum_own[row + col] = dif_own[row - col + n - 1] = -1
            backtracks += 1
            events += 1
            col += 1
            phase = TRY
            continue
        if col >= (col_hi if row == 0 else n):
            if row == 0:
                ended = 1
                break
            row -= 1
            col = queens[row]
            queens[row] = col_own[col] = sum_own[row + col] = dif_own[row - col + n - 1] = -1
            backtracks += 1
            events += 1
            col += 1
            continue
        attempts += 1
        events += 1
        a, b, d = col_own[col], sum_own[row + col], dif_own[row - col + n - 1]
        flag += 1 if a >= 0 else (2 if b >= 0 else 3)
        nearest = row
        if a >= 0:
            nearest = a
        if 0 <= b < nearest:
            nearest = b
        if 0 <= d < nearest:
            nearest = d
        if nearest == row:
            pairwise += 2 * row
        else:
            pairwise += 2 * nearest + (1 if nearest == a else 2)
        if a >= 0:
            board += a + 1
        elif b >= 0:
            board += n + row - b
        else:
            board += n + min(row, n - 1 - col) + (row - d if d >= 0 else min(row, col))
        if a >= 0 or b >= 0 or d >= 0:
            col += 1
            continue
        placements += 1
        queens[row], col_own[col], sum_own[row + col], dif_own[row - col + n - 1] = col, row, row, row
        if row < n - 1:
            row, col = row + 1, 0
        else:
            phase = FULL
    if (phase == SOLVED and first) or (phase == TRY and row == 0 and col >= col_hi):
        ended = 1
    state[0], state[1], state[2] = row, col, phase
    out[ATTEMPTS], out[PLACEMENTS], out[BACKTRACKS], out[SOLUTIONS] = (
        attempts,
        placements,
        backtracks,
        solutions,
    )
    out[CHECKS], out[CHECKS_PAIRWISE], out[CHECKS_BOARD], out[EVENTS] = flag, pairwise, board, events
    return ended


@kernel
def seek_bitmask(n, first, queens, state, stop_event, stop_solution, found, found_from, out):
    """Bit-parallel backtracking: each row's free columns from three masks, lowest first."""
    full = (1 << n) - 1
    cols_s = np.zeros(n + 1, np.int64)
    diag_s = np.zeros(n + 1, np.int64)
    anti_s = np.zeros(n + 1, np.int64)
    free_s = np.zeros(n + 1, np.int64)  # the row's columns not tried yet
    bit_index = np.zeros(67, np.int64)  # 2^k mod 67 differs for every k < 66: the column of a bit
    for k in range(n):
        bit_index[(1 << k) % 67] = k
    row, col, phase = state[0], state[1], state[2]
    for r in range(n):
        free_s[r] = ~(cols_s[r] | diag_s[r] | anti_s[r]) & full
        if queens[r] >= 0:
            bit = 1 << queens[r]
            free_s[r] &= ~((bit << 1) - 1)  # the columns right of this row's queen are left
            cols_s[r + 1] = cols_s[r] | bit
            diag_s[r + 1] = ((diag_s[r] | bit) << 1) & full
            anti_s[r + 1] = (anti_s[r] | bit) >> 1
    if phase == TRY and col < n:
        free_s[row] &= ~((1 << col) - 1)
    elif phase == TRY:
        free_s[row] = 0
    attempts, placements, backtracks, solutions = (
        out[ATTEMPTS],
        out[PLACEMENTS],
        out[BACKTRACKS],
        out[SOLUTIONS],
    )
    checks, events = out[CHECKS], out[EVENTS]
    ended = 0
    while events < stop_event:
        if phase == TRY:
            free = free_s[row]
            if free == 0:
                if row == 0:
                    ended = 1
                    break
                row -= 1
                col = queens[row] + 1
                queens[row] = -1
                backtracks += 1
                events += 1
                continue
            bit = free & -free
            free_s[row] = free ^ bit
            col = bit_index[bit % 67]
            attempts += 1
            placements += 1
            checks += 1
            events += 1
            queens[row] = col
            if row < n - 1:
                cols_s[row + 1] = cols_s[row] | bit
                diag_s[row + 1] = ((diag_s[row] | bit) << 1) & full
                anti_s[row + 1] = (anti_s[row] | bit) >> 1
                row, col = row + 1, 0
                free_s[row] = ~(cols_s[row] | diag_s[row] | anti_s[row]) & full
            else:
                phase = FULL
        elif phase == FULL:
            solutions += 1
            events += 1
            phase = SOLVED
            slot = solutions - found_from - 1
            if 0 <= slot < found.shape[0]:
                found[slot, :] = queens
            if first:
                ended = 1
                break
            if solutions >= stop_solution:
                break
        else:  # lift the last row's queen after a solution
            queens[row] = -1
            backtracks += 1
            events += 1
            col += 1
            phase = TRY
    if (phase == SOLVED and first) or (phase == TRY and row == 0 and free_s[0] == 0):
        ended = 1
    state[0], state[1], state[2] = row, col, phase
    out[ATTEMPTS], out[PLACEMENTS], out[BACKTRACKS], out[SOLUTIONS] = (
        attempts,
        placements,
        backtracks,
        solutions,
    )
    out[CHECKS], out[EVENTS] = checks, events
    return ended


@kernel
def seek_brute_force(n, first, queens, state, stop_event, stop_solution, found, found_from, out):
    """Every n^n board in odometer order, each tested pair by pair when complete."""
    row, col, phase = state[0], state[1], state[2]
    attempts, placements, backtracks, solutions = (
        out[ATTEMPTS],
        out[PLACEMENTS],
        out[BACKTRACKS],
        out[SOLUTIONS],
    )
    checks, events = out[CHECKS], out[EVENTS]
    ended = 0
    while events < stop_event:
        if phase == FULL:
            attempts += 1
            events += 1
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
            if conflict:
                phase = LIFT
                continue
            solutions += 1
            phase = SOLVED
            slot = solutions - found_from - 1
            if 0 <= slot < found.shape[0]:
                found[slot, :] = queens
            if first:
                ended = 1
                break
            if solutions >= stop_solution:
                break
            continue
        if phase != TRY:
            row, col = n - 1, queens[n - 1]
            queens[row] = -1
            backtracks += 1
            events += 1
            col += 1
            phase = TRY
            continue
        if col < n:
            queens[row] = col
            placements += 1
            events += 1
            if row < n - 1:
                row, col = row + 1, 0
            else:
                phase = FULL
            continue
        if row == 0:
            ended = 1
            break
        row -= 1
        col = queens[row]
        queens[row] = -1
        backtracks += 1
        events += 1
        col += 1
    if (phase == SOLVED and first) or (phase == TRY and row == 0 and col >= n):
        ended = 1
    state[0], state[1], state[2] = row, col, phase
    out[ATTEMPTS], out[PLACEMENTS], out[BACKTRACKS], out[SOLUTIONS] = (
        attempts,
        placements,
        backtracks,
        solutions,
    )
    out[CHECKS], out[EVENTS] = checks, events
    return ended


@kernel
def seek_permutations(
    n, first, pruned, past, queens, state, stop_event, stop_solution, found, found_from, out
):
    """The permutation walks from one test to the next; they stop right after a test (or at the
    start), at the last such moment not past ``stop_event`` -- or, with ``past``, at the first
    one at or past it (a walk in legs then never throws a long skip's work away)."""
    phase, pi, pj = state[0], state[1], state[2]
    attempts, placements, backtracks, solutions = (
        out[ATTEMPTS],
        out[PLACEMENTS],
        out[BACKTRACKS],
        out[SOLUTIONS],
    )
    checks, events = out[CHECKS], out[EVENTS]
    perm = np.arange(n).astype(np.int64)
    if phase != START:
        perm[:] = queens
    saved = perm.copy()
    ended = 0
    while True:
        if phase == SOLVED and first:
            ended = 1
            break
        if events >= stop_event:
            break
        saved[:] = perm
        counted, extra, changed = phase != START or not pruned, 0, 0
        if phase != START:  # step to the next permutation; a skip steps past those keeping (pi, pj)
            skipping = phase == SKIP
            counted = not skipping
            keep_i, keep_j = perm[pi], perm[pj]
            changed = n
            while True:
                if skipping:  # every permutation sharing the first pj + 1 values keeps the pair:
                    for a in range(pj + 2, n):  # jump to the block's last (its tail descending)
                        b = a
                        while b > pj + 1 and perm[b - 1] < perm[b]:
                            perm[b - 1], perm[b] = perm[b], perm[b - 1]
                            b -= 1
                i = n - 1
                while i > 0 and perm[i - 1] >= perm[i]:
                    i -= 1
                if i <= 0:  # past the last permutation
                    changed = -1
                    perm[:] = saved
                    break
                j = n - 1
                while perm[j] <= perm[i - 1]:
                    j -= 1
                perm[i - 1], perm[j] = perm[j], perm[i - 1]
                lo, hi = i, n - 1
                while lo < hi:
                    perm[lo], perm[hi] = perm[hi], perm[lo]
                    lo, hi = lo + 1, hi - 1
                changed = min(changed, i - 1)
                if not skipping:
                    break
                if perm[pi] != keep_i or perm[pj] != keep_j:
                    break
            if skipping and changed >= 0:  # two checks per permutation stepped over: ranks apart
                weight = 1
                for pos in range(n - 1, -1, -1):
                    ahead = behind = 0
                    for later in range(pos + 1, n):
                        ahead += perm[later] < perm[pos]
                        behind += saved[later] < saved[pos]
                    extra += 2 * (ahead - behind) * weight
                    weight *= n - pos
        if changed < 0:  # the last board is cleared
            if events + n > stop_event and not past:
                break
            backtracks += n
            events += n
            ended = 1
            queens[:] = -1
            break
        if events + 2 * (n - changed) + 1 - (n if phase == START else 0) > stop_event and not past:
            perm[:] = saved
            break
        if phase != START:
            backtracks += n - changed
            events += n - changed
        placements += n - changed
        events += n - changed + 1
        checks += extra
        if counted:
            attempts += 1
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
            phase, pi, pj = SOLVED, -1, -1
            slot = solutions - found_from - 1
            if 0 <= slot < found.shape[0]:
                found[slot, :] = perm
            if solutions >= stop_solution or first:
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
    out[ATTEMPTS], out[PLACEMENTS], out[BACKTRACKS], out[SOLUTIONS] = (
        attempts,
        placements,
        backtracks,
        solutions,
    )
    out[CHECKS], out[EVENTS] = checks, events
    return ended


@kernel
def count_completions(n, queens, budget, out):
    """Solutions extending a partial board of queens that attack no other (``queens[r]`` row r's
    column, -1 for none): the walk of ``solvers.algorithms.bitmask.count_completions``, node for
    node, budget and all. ``out`` gets the count and the budget left (negative: the walk stopped
    early and the count is a lower bound)."""
    full = (1 << n) - 1
    fixed_cols = 0
    for r in range(n):
        if queens[r] >= 0:
            fixed_cols |= 1 << queens[r]
    cols_s = np.zeros(n + 1, np.int64)
    diag_s = np.zeros(n + 1, np.int64)
    anti_s = np.zeros(n + 1, np.int64)
    free_s = np.zeros(n + 1, np.int64)
    found, depth, cols, diag, anti, free, entering = 0, 0, 0, 0, 0, 0, True
    while True:
        if entering:  # a node: a solution at depth n, else one node of the budget and its free columns
            entering = False
            if depth == n:
                found += 1
                free = 0
            else:
                budget -= 1
                free = 0
                if budget >= 0:
                    free = ~(cols | diag | anti) & full
                    if queens[depth] >= 0:
                        free &= 1 << queens[depth]
                    else:
                        free &= ~fixed_cols
        if free and budget >= 0:
            bit = free & -free
            free ^= bit
            cols_s[depth], diag_s[depth], anti_s[depth], free_s[depth] = cols, diag, anti, free
            cols, diag, anti = cols | bit, ((diag | bit) << 1) & full, (anti | bit) >> 1
            depth += 1
            entering = True
        elif depth == 0:
            break
        else:
            depth -= 1
            cols, diag, anti, free = cols_s[depth], diag_s[depth], anti_s[depth], free_s[depth]
    out[0], out[1] = found, budget


KERNELS = (
    count_states,
    profile_states,
    count_completions,
    walk_brute_force,
    walk_permutations,
    walk_propagation,
    seek_backtracking,
    seek_bitmask,
    seek_brute_force,
    seek_permutations,
)
# board, state, the two stops, found, found_from, out
_BOARDS = "int64[::1], int64[::1], int64, int64, int64[:, ::1], int64, int64[::1]"
_SEEK = f"int64(int64, boolean, {_BOARDS})"

# The one signature each kernel is compiled for (ints are int64, flags booleans, arrays 2-D/1-D int64).
_SIGNATURES = {
    "count_states": "int64(int64, int64[:, ::1], int64, int64, int64)",
    "profile_states": "void(int64, int64[:, ::1], int64, int64, int64, int64[::1])",
    "count_completions": "void(int64, int64[::1], int64, int64[::1])",
    "walk_brute_force": "void(int64, boolean, int64[::1])",
    "walk_permutations": "void(int64, boolean, boolean, int64[::1])",
    "walk_propagation": "void(int64, boolean, boolean, int64, int64, int64[::1], int64[::1])",
    "seek_backtracking": f"int64(int64, boolean, int64, {_BOARDS})",
    "seek_bitmask": _SEEK,
    "seek_brute_force": _SEEK,
    "seek_permutations": f"int64(int64, boolean, boolean, boolean, {_BOARDS})",
}
