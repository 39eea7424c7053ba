"""Bit-parallel backtracking in the engine: its model and kernels.

``BitTree`` (``spec.engine``) counts a whole run from the backtrack tree's profile (every node is
one attempt and one placement: ``engine.profile``) and walks from a checkpoint with
``seek_bitmask``; its checkpoints are ``resume.TreeResume``'s. ``count_completions`` is the
game's "Can it be completed?" compiled (``solvers.algorithms.bitmask.count_completions``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers.counters import Counters
from solvers.engine import CancelFlag, Model, ProgressCallback, compiled_for, profile
from solvers.kernels import (
    ATTEMPTS,
    BACKTRACKS,
    CHECKS,
    EVENTS,
    PLACEMENTS,
    SEEK_ARGS,
    SOLUTIONS,
    Kernel,
    kernel,
    step,
)
from solvers.resume import FULL, SOLVED, TRY, TreeResume

PROFILE_MAX_N = 20  # the tree profile: n = 16 about 8 s, 18 about 7 min, 20 some hours (2 cores)
FIRST_JIT_FROM = 10  # a run to the first solution: interpreted below it


# -- the kernels' steps ------------------------------------------------------------------------


@step
def _push(row, bit, full, cols_s, diag_s, anti_s):
    """The masks of row + 1, a queen on ``bit`` in ``row``."""
    cols_s[row + 1] = cols_s[row] | bit
    diag_s[row + 1] = ((diag_s[row] | bit) << 1) & full
    anti_s[row + 1] = (anti_s[row] | bit) >> 1


@step
def _free(row, full, cols_s, diag_s, anti_s):
    """The columns of ``row`` no queen above attacks."""
    return ~(cols_s[row] | diag_s[row] | anti_s[row]) & full


@step
def _stack(n, queens, row, col, phase, cols_s, diag_s, anti_s, free_s):
    """The masks of every row of a checkpoint's board and each row's columns left to try (right
    of its queen; in the row tried next, from ``col`` on)."""
    full = (1 << n) - 1
    for r in range(n):
        free_s[r] = _free(r, full, cols_s, diag_s, anti_s)
        if queens[r] >= 0:
            bit = 1 << queens[r]
            free_s[r] &= ~((bit << 1) - 1)
            _push(r, bit, full, cols_s, diag_s, anti_s)
    if phase == TRY and col < n:
        free_s[row] &= ~((1 << col) - 1)
    elif phase == TRY:
        free_s[row] = 0


# -- the kernels -------------------------------------------------------------------------------


@kernel(f"int64(int64, boolean, {SEEK_ARGS})")
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
    _stack(n, queens, row, col, phase, cols_s, diag_s, anti_s, free_s)
    attempts, placements, backtracks, solutions = (
        out[ATTEMPTS],
        out[PLACEMENTS],
        out[BACKTRACKS],
        out[SOLUTIONS],
    )
    checks, events = out[CHECKS], out[EVENTS]
    ended = 0
    while events < stop_event:
        if phase == TRY and free_s[row] == 0:  # the row is done: lift the queen above
            if row == 0:
                ended = 1
                break
            row -= 1
            col = queens[row] + 1
            queens[row] = -1
            backtracks += 1
            events += 1
        elif phase == TRY:  # place the row's lowest free column
            bit = free_s[row] & -free_s[row]
            free_s[row] ^= bit
            col = bit_index[bit % 67]
            attempts += 1
            placements += 1
            checks += 1
            events += 1
            queens[row] = col
            if row < n - 1:
                _push(row, bit, full, cols_s, diag_s, anti_s)
                row, col = row + 1, 0
                free_s[row] = _free(row, full, cols_s, diag_s, anti_s)
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


@kernel("void(int64, int64[::1], int64, int64[::1])")
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


@dataclass(frozen=True)
class BitTree(Model):
    """Bit-parallel backtracking: every node of the tree is one attempt and one placement, so the
    whole run is the profile; a run to the first solution is ``seek_bitmask``'s from the start."""

    max_n: int = PROFILE_MAX_N
    estimate: str | None = "profile"
    seek_kernel: Kernel | None = seek_bitmask

    def _run(
        self,
        n: int,
        first: bool,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        jit: bool | None,
    ) -> Counters:
        if first:
            reached, _ = self.seek(
                n, TreeResume().start(n), first=True, jit=compiled_for(FIRST_JIT_FROM, n, jit)
            )
            if progress is not None:
                progress(1.0)
            return reached.counters
        levels = profile(n, progress, cancel, jit=jit)
        nodes = sum(levels[1:])
        return Counters(nodes, nodes, nodes, levels[n], nodes)
