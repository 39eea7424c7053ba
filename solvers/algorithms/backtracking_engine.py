"""The backtracking family in the engine: its model and kernel.

``SquareWalk`` (``spec.engine``) counts a whole run with ``walk``, which runs ``seek_backtracking``
from the empty board once per first-row column, on every core, and walks from a checkpoint with
the same kernel; its checkpoints are ``resume.TreeResume``'s. The kernel counts what the
generators of ``solvers.algorithms.backtracking`` yield, event for event, with the checks of each
variant (flag arrays, pairwise scan, board scan) side by side in ``out``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np

from solvers.counters import Counters
from solvers.engine import (
    CancelFlag,
    Model,
    ProgressCallback,
    check_n,
    compiled_for,
    counters_of,
    in_parallel,
    pick,
)
from solvers.kernels import (
    ATTEMPTS,
    BACKTRACKS,
    CHECKS,
    CHECKS_BOARD,
    CHECKS_PAIRWISE,
    EVENTS,
    OUT_SIZE,
    PLACEMENTS,
    SEEK_ARGS,
    SOLUTIONS,
    Kernel,
    kernel,
    step,
)
from solvers.resume import FULL, SOLVED, TRY

WALK_JIT_FROM = 10  # the square-by-square walk runs interpreted below it
# Measured on 2 shared cores, compiled; each n costs about 6-7 times the one before.
WALK_MAX_N = 15  # the largest n counted: n = 14 in 3.5 s, n = 15 about 25 s


# -- the kernel's steps ------------------------------------------------------------------------


@step
def _own(n, queens, col_own, sum_own, dif_own):
    """Which row's queen holds each column, r + c line and r - c line on the board (the owners
    arrays start at -1: none)."""
    for r in range(n):
        if queens[r] >= 0:
            col_own[queens[r]], sum_own[r + queens[r]], dif_own[r - queens[r] + n - 1] = r, r, r


@step
def _lift(n, row, queens, col_own, sum_own, dif_own):
    """Lift the queen of ``row``; returns the column the row tries next."""
    col = queens[row]
    queens[row] = col_own[col] = sum_own[row + col] = dif_own[row - col + n - 1] = -1
    return col + 1


@step
def _costs(n, row, col, a, b, d):
    """What checking (row, col) costs each variant, from the rows owning its column (``a``), r + c
    line (``b``) and r - c line (``d``), -1 for none: the flag arrays stop at the first attacked
    line, the pairwise scan at the earliest row attacking it, the board scan at the column's
    queen or the nearest queen up each diagonal."""
    flag = 1 if a >= 0 else (2 if b >= 0 else 3)
    nearest = row
    if a >= 0:
        nearest = a
    if 0 <= b < nearest:
        nearest = b
    if 0 <= d < nearest:
        nearest = d
    pairwise = 2 * row if nearest == row else 2 * nearest + (1 if nearest == a else 2)
    if a >= 0:
        board = a + 1
    elif b >= 0:
        board = n + row - b
    else:
        board = n + min(row, n - 1 - col) + (row - d if d >= 0 else min(row, col))
    return flag, pairwise, board


# -- the kernel --------------------------------------------------------------------------------


@kernel(f"int64(int64, boolean, int64, {SEEK_ARGS})")
def seek_backtracking(n, first, col_hi, queens, state, stop_event, stop_solution, found, found_from, out):
    """The backtracking family square by square, with what each check costs (``_costs``).

    The first row tries columns below ``col_hi`` only (``n`` for a whole run; ``walk`` splits a
    run by first-row column). Each check's cost is O(1) from the owners of the square's three lines.
    """
    col_own = np.full(n, -1, np.int64)
    sum_own = np.full(2 * n, -1, np.int64)  # r + c lines
    dif_own = np.full(2 * n, -1, np.int64)  # r - c + n - 1 lines
    _own(n, queens, col_own, sum_own, dif_own)
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
        elif phase != TRY:  # lift the last row's queen after a solution
            col = _lift(n, row, queens, col_own, sum_own, dif_own)
            backtracks += 1
            events += 1
            phase = TRY
        elif col >= (col_hi if row == 0 else n):  # the row is done: lift the queen above
            if row == 0:
                ended = 1
                break
            row -= 1
            col = _lift(n, row, queens, col_own, sum_own, dif_own)
            backtracks += 1
            events += 1
        else:  # try (row, col): its checks, then a place or the next column
            attempts += 1
            events += 1
            a, b, d = col_own[col], sum_own[row + col], dif_own[row - col + n - 1]
            flag_cost, pairwise_cost, board_cost = _costs(n, row, col, a, b, d)
            flag += flag_cost
            pairwise += pairwise_cost
            board += board_cost
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


def walk(
    n: int,
    first: bool = False,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    *,
    jit: bool | None = None,
) -> np.ndarray:
    """The backtracking family's search square by square, as counters in a kernel's ``out``.

    It is ``seek_backtracking`` from the empty board with no stop, split by first-row column so
    that the columns run in parallel.

    >>> [int(v) for v in walk(4)[:SOLUTIONS + 1]]  # attempts, placements, backtracks, solutions
    [60, 16, 16, 2]
    """
    check_n(n)
    compiled = compiled_for(WALK_JIT_FROM, n, jit)
    kernel = pick(seek_backtracking, compiled)
    no_stop, nothing_kept = sys.maxsize, np.zeros((0, n), np.int64)

    def batch(lo: int, hi: int) -> np.ndarray:
        out = np.zeros(OUT_SIZE, np.int64)
        queens, state = np.full(n, -1, np.int64), np.array([0, lo, TRY], np.int64)
        kernel(n, first, hi, queens, state, no_stop, no_stop, nothing_kept, 0, out)
        return out

    columns = [(0, n)] if first else [(c, c + 1) for c in range(n)]
    outs = in_parallel([partial(batch, lo, hi) for lo, hi in columns], compiled, progress, cancel)
    return sum(outs, np.zeros(OUT_SIZE, np.int64))


def tree_counters(levels: list[int]) -> Counters:
    """Attempts, placements, backtracks and solutions of the backtracking family, from the
    backtrack tree's profile (``engine.profile``).

    Every non-leaf node tries all n squares; every other node is one queen placed and lifted.

    >>> from solvers.engine import profile
    >>> tree_counters(profile(8))  # doctest: +NORMALIZE_WHITESPACE
    Counters(attempts=15720, placements=2056, backtracks=2056, solutions=92, checks=0, repairs=0,
             pruned=0, wipeouts=0)
    """
    n = len(levels) - 1
    placed = sum(levels[1:])
    return Counters(n * sum(levels[:n]), placed, placed, levels[n])


@dataclass(frozen=True)
class SquareWalk(Model):
    """The backtracking family: ``walk`` square by square; ``checks`` is the ``out`` slot of the
    variant's own check count (flag arrays, pairwise, board scan).

    >>> SquareWalk(CHECKS).counters(8).as_dict()  # doctest: +NORMALIZE_WHITESPACE
    {'attempts': 15720, 'placements': 2056, 'backtracks': 2056, 'solutions': 92, 'checks': 24648,
     'repairs': 0, 'pruned': 0, 'wipeouts': 0}
    """

    checks: int
    max_n: int = WALK_MAX_N
    estimate: str | None = "walk"
    seek_kernel: Kernel | None = seek_backtracking

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
        result = counters_of(out)
        result.checks = int(out[self.checks])
        return result
