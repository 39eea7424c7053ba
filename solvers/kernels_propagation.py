"""Constraint propagation's seek kernel: forward checking and MRV walked from a checkpoint.

``seek_propagation`` is a kernel as those of ``solvers.kernels`` are (plain loops over ints,
compiled by numba on first use of ``.compiled``, else run interpreted as ``.py_func``). It
walks ``solvers.algorithms.propagation``'s search from a ``solvers.resume.PlacementResume``
checkpoint without events, counting what the events would, and stops at a checkpoint.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from solvers import kernels as kn
from solvers.kernels import ATTEMPTS, BACKTRACKS, CHECKS, EVENTS, PLACEMENTS, PRUNED, SOLUTIONS, WIPEOUTS
from solvers.resume import PLACED, SOLVED, TRY

#: What the kernel returns for a board the search never places (its rows not those it would choose).
NOT_PLACED = -1


def _kernel(signature: str) -> Callable[[Callable[..., Any]], kn.Kernel]:
    """``kernels.kernel`` for a kernel of this module, compiled for ``signature``."""

    def wrap(func: Callable[..., Any]) -> kn.Kernel:
        kn._SIGNATURES[func.__name__] = signature  # where the compiler reads each kernel's signature
        return kn.Kernel(func)

    return wrap


@_kernel(f"int64(int64, boolean, boolean, boolean, {kn._BOARDS})")
def seek_propagation(n, first, mrv, past, queens, state, stop_event, stop_solution, found, found_from, out):
    """Forward checking (``mrv``: the row with the fewest columns left, ties the lowest) from the
    checkpoint ``queens`` and ``state`` (``(phase, col, 0)``) to the last checkpoint not past
    ``stop_event`` (with ``past``: the first at or past it), the Solution that makes
    ``stop_solution`` solutions, or the end; the arguments and the return as the seek kernels
    of ``solvers.kernels`` take them (``NOT_PLACED``: a board this search never places).

    Checkpoints lie right after each Place, Solution and Backtrack. Domains are bitmasks, one
    copy per depth (``doms[d]``: every row's before depth d's queen). The board is rebuilt by
    placing its queens again, uncounted, in the order the search chooses their rows.
    """
    doms = np.zeros((n + 1, n), np.int64)
    rows = np.zeros(n, np.int64)  # the row filled at each depth
    todo = np.zeros(n, np.int64)  # its columns not tried yet
    pruned_at = np.zeros(n, np.int64)  # what the queen at each depth pruned (restored with it)
    wiped_at = np.zeros(n, np.int64)  # 1 when that queen emptied a row
    fresh = np.zeros(n, np.int64)  # 1 until the depth's first value is tried
    assigned = np.zeros(n, np.int64)
    full = (1 << n) - 1
    for r in range(n):
        doms[0, r] = full
    attempts, placements, backtracks, solutions = (
        out[ATTEMPTS],
        out[PLACEMENTS],
        out[BACKTRACKS],
        out[SOLUTIONS],
    )
    checks, pruned, wipeouts, events = out[CHECKS], out[PRUNED], out[WIPEOUTS], out[EVENTS]
    phase, next_col = state[0], state[1]
    placed = 0
    for r in range(n):
        if queens[r] >= 0:
            placed += 1
    rebuilding = placed > 0
    mode = TRY
    pending = False  # between a queen's prunes and the next row's Place: no checkpoint
    depth = 0
    # frame 0: every row full, the top one (MRV's too: all tie)
    rows[0] = 0
    todo[0] = full
    fresh[0] = 1
    if not rebuilding and phase == TRY:
        todo[0] = full & ~((1 << next_col) - 1) if next_col < n else 0
        fresh[0] = 1 if next_col == 0 else 0
    ended = 0
    while True:
        if mode == TRY:
            row = rows[depth]
            if rebuilding:
                col = queens[row]
                if col < 0 or ((todo[depth] >> col) & 1) == 0:
                    return NOT_PLACED
                todo[depth] &= ~((2 << col) - 1)
            else:
                if not pending:
                    if todo[depth] == 0 and depth == 0:
                        ended = 1
                        break
                    if events >= stop_event:
                        break
                if todo[depth] == 0:  # lift the queen of the depth above: its restores, its Backtrack
                    step = pruned_at[depth - 1] + 1
                    if events + step > stop_event and not past:
                        break
                    depth -= 1
                    row = rows[depth]
                    next_col = queens[row] + 1
                    queens[row] = -1
                    assigned[row] = 0
                    backtracks += 1
                    events += step
                    continue
                bit = todo[depth] & -todo[depth]
                todo[depth] ^= bit
                col = 0
                while (1 << col) != bit:
                    col += 1
            # place (row, col): prune row by row, stopping at the first row it empties
            looks = 0
            if fresh[depth] == 1:
                looks += n - depth if mrv else 0
                fresh[depth] = 0
            assigned[row] = 1
            queens[row] = col
            count = 0
            wiped = 0
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
                    wiped = 1
                    break
            pruned_at[depth] = count
            wiped_at[depth] = wiped
            mode = PLACED
            pending = False
            if not rebuilding:
                attempts += 1
                placements += 1
                checks += looks
                events += 1
                continue
            if depth < placed - 1 or phase == TRY:  # the next row, as the search chooses it
                if depth == n - 1:
                    return NOT_PLACED
                best = -1
                size_best = n + 1
                for r in range(n):
                    if assigned[r] == 0:
                        a = doms[depth + 1, r]
                        size = 0
                        while a:
                            a &= a - 1
                            size += 1
                        if size < size_best:
                            best, size_best = r, size
                            if not mrv:
                                break
                depth += 1
                rows[depth] = best
                todo[depth] = doms[depth, best]
                fresh[depth] = 1
                mode = TRY
                if depth == placed:  # the checkpoint's row, from its column ``next_col`` on
                    rebuilding = False
                    low = doms[depth, best] & ((1 << next_col) - 1) if next_col < n else doms[depth, best]
                    todo[depth] = doms[depth, best] & ~low
                    fresh[depth] = 1 if low == 0 else 0
                continue
            rebuilding = False
            if phase == SOLVED:
                if depth != n - 1:
                    return NOT_PLACED
                mode = SOLVED
            continue
        if mode == SOLVED:
            if first:
                ended = 1
                break
            if events >= stop_event:
                break
            step = pruned_at[depth] + 1  # the restores, the Backtrack
            if events + step > stop_event and not past:
                break
            row = rows[depth]
            next_col = queens[row] + 1
            queens[row] = -1
            assigned[row] = 0
            backtracks += 1
            events += step
            mode = TRY
            continue
        # PLACED: the queen's prunes come next
        if events >= stop_event:
            break
        count = pruned_at[depth]
        row = rows[depth]
        if wiped_at[depth] == 1:  # the prunes, the wipe-out, the restores, the Backtrack
            step = 2 * count + 2
            if events + step > stop_event and not past:
                break
            pruned += count
            wipeouts += 1
            backtracks += 1
            events += step
            next_col = queens[row] + 1
            queens[row] = -1
            assigned[row] = 0
            mode = TRY
            continue
        if events + count + 1 > stop_event and not past:  # the prunes, then a Solution or a Place
            break
        pruned += count
        events += count
        if depth == n - 1:
            solutions += 1
            events += 1
            mode = SOLVED
            slot = solutions - found_from - 1
            if 0 <= slot < found.shape[0]:
                found[slot, :] = queens
            if first:
                ended = 1
                break
            if solutions >= stop_solution:
                break
            continue
        best = -1
        size_best = n + 1
        for r in range(n):  # the next row: the topmost empty one, or (MRV) the one with fewest left
            if assigned[r] == 0:
                a = doms[depth + 1, r]
                size = 0
                while a:
                    a &= a - 1
                    size += 1
                if size < size_best:
                    best, size_best = r, size
                    if not mrv:
                        break
        depth += 1
        rows[depth] = best
        todo[depth] = doms[depth, best]
        fresh[depth] = 1
        mode = TRY
        pending = True
    if mode == TRY and not pending and depth == 0 and todo[0] == 0:
        ended = 1
    state[0], state[1], state[2] = mode, (next_col if mode == TRY else 0), 0
    out[ATTEMPTS], out[PLACEMENTS], out[BACKTRACKS], out[SOLUTIONS] = (
        attempts,
        placements,
        backtracks,
        solutions,
    )
    out[CHECKS], out[PRUNED], out[WIPEOUTS], out[EVENTS] = checks, pruned, wipeouts, events
    return ended
