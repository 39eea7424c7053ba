"""Forward checking and MRV in the engine: their model, kernels and resumer.

``Propagation`` (``spec.engine``) counts a whole run with ``walk_propagation``, first-row
column by column on every core, and walks from a checkpoint with ``seek_propagation``;
``PlacementResume`` (``spec.resumer``) names the checkpoints of the generators of
``solvers.algorithms.propagation``. The kernels count what those generators yield, event for
event. Domains are bitmasks, one copy per depth (``doms[d]``: every row's domain before depth
d's queen), so undoing a placement is going back a level.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
from solvers.events import Backtrack, Event, Place, Solution
from solvers.kernels import (
    ATTEMPTS,
    BACKTRACKS,
    CHECKS,
    EVENTS,
    OUT_SIZE,
    PLACEMENTS,
    PRUNED,
    SEEK_ARGS,
    SOLUTIONS,
    WIPEOUTS,
    Kernel,
    kernel,
    step,
)
from solvers.resume import SOLVED, TRY, Checkpoint, Resumer, State

PLACED = 4  # a checkpoint's phase right after a Place: the queen's prunes come next
PROPAGATION_MAX_N = 16  # the largest n counted (n = 16 on two cores in about a minute)
#: What the seek kernel returns for a board the search never places (its rows not those it would choose).
NOT_PLACED = -1


class PlacementResume(Resumer):
    """Checkpoints right after each Place, Solution and Backtrack; the board alone rebuilds the
    search's stack (its domains, and the rows it chose again from the queens placed), so the state
    is ``(phase, col, 0)``: ``PLACED`` (the last queen's prunes come next), ``SOLVED`` (the full
    board's last queen is lifted next, unless the run stops at the first) or ``TRY`` (the row the
    search fills next tries its columns from ``col`` on; an empty row's domain past its last
    column: go back). Between two checkpoints lie at most one queen's prunes, a wipe-out and its
    restores."""

    def start(self, n: int) -> Checkpoint:
        return Checkpoint(0, (None,) * n, Counters(), (TRY, 0, 0))

    def state_after(self, n: int, queens: Sequence[int | None], event: Event) -> State | None:
        kind = type(event)
        if kind is Place:
            return (PLACED, 0, 0)
        if kind is Solution:
            return (SOLVED, 0, 0)
        if kind is Backtrack:
            return (TRY, event.col + 1, 0)  # type: ignore[attr-defined]
        return None


# -- the kernels' steps ------------------------------------------------------------------------


@step
def _take(todo, depth):
    """The lowest column left at ``depth``, taken out of its ``todo``."""
    bit = todo[depth] & -todo[depth]
    todo[depth] ^= bit
    col = 0
    while (1 << col) != bit:
        col += 1
    return col


@step
def _prune(n, doms, depth, assigned, row, col):
    """Copy every row's domain to ``depth + 1``, the unassigned ones without the in-board squares
    (row, col) attacks, row by row ascending, stopping at the first row it empties. Returns the
    columns pruned, 1 if a row was emptied (else 0) and the look-ups made (one per square)."""
    count = wiped = looks = 0
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
    return count, wiped, looks


@step
def _place(n, mrv, doms, depth, row, col, queens, assigned, fresh, pruned_at, wiped_at):
    """Place (row, col) at ``depth`` and prune; returns the look-ups counted on its Place (MRV's
    rows compared too, on the depth's first value)."""
    looks = 0
    if fresh[depth] == 1:
        looks += n - depth if mrv else 0
        fresh[depth] = 0
    assigned[row] = 1
    queens[row] = col
    count, wiped, pruning = _prune(n, doms, depth, assigned, row, col)
    pruned_at[depth] = count
    wiped_at[depth] = wiped
    return looks + pruning


@step
def _descend(n, mrv, doms, depth, assigned, rows, todo, fresh):
    """Open the next depth on the row filled next: the topmost empty one, or (MRV) the one with
    the fewest columns left, ties the lowest. Returns the new depth."""
    best = -1
    size_best = n + 1
    for r in range(n):
        if assigned[r] == 0:
            if not mrv:
                best = r
                break
            a = doms[depth + 1, r]
            size = 0
            while a:
                a &= a - 1
                size += 1
            if size < size_best:
                best, size_best = r, size
    depth += 1
    rows[depth] = best
    todo[depth] = doms[depth, best]
    fresh[depth] = 1
    return depth


@step
def _lift(queens, rows, assigned, depth, events, out):
    """Lift the queen of ``depth``: ``events`` events (its restores and Backtrack, or with a
    wipe-out its prunes too). Returns the column its row tries next."""
    row = rows[depth]
    col = queens[row]
    queens[row] = -1
    assigned[row] = 0
    out[BACKTRACKS] += 1
    out[EVENTS] += events
    return col + 1


@step
def _fits(out, stop_event, events, past):
    """Whether ``events`` more events end at or before ``stop_event`` (or the walk may go ``past``)."""
    return past or out[EVENTS] + events <= stop_event


@step
def _rebuild(n, mrv, queens, phase, next_col, doms, rows, todo, pruned_at, wiped_at, fresh, assigned):
    """The search's stack at a checkpoint: its queens placed again, uncounted, in the order the
    search chooses their rows. Returns the depth and the phase it stands in (``NOT_PLACED``: a
    board this search never places)."""
    full = (1 << n) - 1
    placed = 0
    for r in range(n):
        doms[0, r] = full
        if queens[r] >= 0:
            placed += 1
    rows[0] = 0  # depth 0: every row full, the top one (MRV's too: all tie)
    todo[0] = full
    fresh[0] = 1
    if placed == 0:
        if phase == TRY:
            todo[0] = full & ~((1 << next_col) - 1) if next_col < n else 0
            fresh[0] = 1 if next_col == 0 else 0
        return 0, TRY
    depth = 0
    while True:
        row = rows[depth]
        col = queens[row]
        if col < 0 or ((todo[depth] >> col) & 1) == 0:
            return depth, NOT_PLACED
        todo[depth] &= ~((2 << col) - 1)
        _place(n, mrv, doms, depth, row, col, queens, assigned, fresh, pruned_at, wiped_at)
        if depth == placed - 1 and phase != TRY:  # the checkpoint's last queen
            if phase == SOLVED:
                return depth, (SOLVED if depth == n - 1 else NOT_PLACED)
            return depth, PLACED
        if depth == n - 1:
            return depth, NOT_PLACED
        depth = _descend(n, mrv, doms, depth, assigned, rows, todo, fresh)
        if depth == placed:  # the checkpoint's row, from its column ``next_col`` on
            domain = doms[depth, rows[depth]]
            low = domain & ((1 << next_col) - 1) if next_col < n else domain
            todo[depth] = domain & ~low
            fresh[depth] = 1 if low == 0 else 0
            return depth, TRY


# -- the kernels -------------------------------------------------------------------------------


@kernel("void(int64, boolean, boolean, int64, int64, int64[::1], int64[::1])")
def walk_propagation(n, first, mrv, col_lo, col_hi, out, levels):
    """Forward checking (rows top down) or, with ``mrv``, the row with the fewest columns left
    (ties: the lowest), as ``solvers.algorithms.propagation`` searches: its counters and events
    in ``out``, and in ``levels[d]`` its nodes with d queens placed (every placement one node).

    The first row's columns ``col_lo..col_hi-1`` only (the rest in other calls). A placement
    prunes, row by row ascending, the in-board squares it attacks (each a look-up, counted on
    ``CHECKS`` with, for MRV, the rows compared to choose the row, once per row filled), and
    stops at the first row it empties: a wipe-out, undone at once.
    """
    doms = np.zeros((n + 1, n), np.int64)
    rows = np.zeros(n, np.int64)  # the row filled at each depth
    todo = np.zeros(n, np.int64)  # its columns not tried yet
    pruned_at = np.zeros(n, np.int64)  # what the queen at each depth pruned (restored with it)
    wiped_at = np.zeros(n, np.int64)  # 1 when that queen emptied a row
    fresh = np.zeros(n, np.int64)  # 1 until the depth's first value is tried
    assigned = np.zeros(n, np.int64)
    queens = np.full(n, -1, np.int64)
    full = (1 << n) - 1
    for r in range(n):
        doms[0, r] = full
    attempts = backtracks = solutions = checks = pruned = wipeouts = events = 0
    todo[0] = full & ~((1 << col_lo) - 1) & ((1 << col_hi) - 1)
    fresh[0] = 1 if col_lo == 0 else 0
    depth = 0
    while depth >= 0:
        if todo[depth] == 0:
            assigned[rows[depth]] = 0
            depth -= 1
            if depth >= 0:  # lift the queen of the depth above: its restores, then the Backtrack
                backtracks += 1
                events += pruned_at[depth] + 1
            continue
        row = rows[depth]
        col = _take(todo, depth)
        attempts += 1
        events += 1
        levels[depth + 1] += 1
        checks += _place(n, mrv, doms, depth, row, col, queens, assigned, fresh, pruned_at, wiped_at)
        count = pruned_at[depth]
        pruned += count
        events += count
        if wiped_at[depth] == 1:
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
        depth = _descend(n, mrv, doms, depth, assigned, rows, todo, fresh)
    out[ATTEMPTS] += attempts
    out[PLACEMENTS] += attempts
    out[BACKTRACKS] += backtracks
    out[SOLUTIONS] += solutions
    out[CHECKS] += checks
    out[PRUNED] += pruned
    out[WIPEOUTS] += wipeouts
    out[EVENTS] += events


@kernel(f"int64(int64, boolean, boolean, boolean, {SEEK_ARGS})")
def seek_propagation(n, first, mrv, past, queens, state, stop_event, stop_solution, found, found_from, out):
    """Forward checking (``mrv``: the row with the fewest columns left, ties the lowest) from the
    checkpoint ``queens`` and ``state`` (``(phase, col, 0)``) to the last checkpoint not past
    ``stop_event`` (with ``past``: the first at or past it), the Solution that makes
    ``stop_solution`` solutions, or the end; the arguments and the return as every seek kernel
    takes them (``solvers.kernels``; ``NOT_PLACED``: a board this search never places).

    Checkpoints lie right after each Place, Solution and Backtrack. The board is rebuilt first
    (``_rebuild``); then each turn of the loop takes the phase's next step: ``TRY`` places the
    depth's next column (or lifts the queen above), ``PLACED`` makes the queen's prunes and
    goes on to a Solution, the next row or, on a wipe-out, back; ``SOLVED`` lifts the last queen.
    """
    doms = np.zeros((n + 1, n), np.int64)
    rows = np.zeros(n, np.int64)  # the row filled at each depth
    todo = np.zeros(n, np.int64)  # its columns not tried yet
    pruned_at = np.zeros(n, np.int64)  # what the queen at each depth pruned (restored with it)
    wiped_at = np.zeros(n, np.int64)  # 1 when that queen emptied a row
    fresh = np.zeros(n, np.int64)  # 1 until the depth's first value is tried
    assigned = np.zeros(n, np.int64)
    next_col = state[1]
    depth, phase = _rebuild(
        n, mrv, queens, state[0], next_col, doms, rows, todo, pruned_at, wiped_at, fresh, assigned
    )
    if phase == NOT_PLACED:
        return NOT_PLACED
    pending = False  # between a queen's prunes and the next row's Place: no checkpoint
    ended = 0
    while True:
        if phase == TRY:
            if not pending and depth == 0 and todo[0] == 0:
                ended = 1
                break
            if not pending and out[EVENTS] >= stop_event:
                break
            if todo[depth] == 0:  # lift the queen of the depth above: its restores, its Backtrack
                if not _fits(out, stop_event, pruned_at[depth - 1] + 1, past):
                    break
                depth -= 1
                next_col = _lift(queens, rows, assigned, depth, pruned_at[depth] + 1, out)
                continue
            col = _take(todo, depth)
            out[CHECKS] += _place(
                n, mrv, doms, depth, rows[depth], col, queens, assigned, fresh, pruned_at, wiped_at
            )
            out[ATTEMPTS] += 1
            out[PLACEMENTS] += 1
            out[EVENTS] += 1
            phase, pending = PLACED, False
        elif phase == SOLVED:
            if first:
                ended = 1
                break
            if out[EVENTS] >= stop_event or not _fits(out, stop_event, pruned_at[depth] + 1, past):
                break
            next_col = _lift(queens, rows, assigned, depth, pruned_at[depth] + 1, out)
            phase = TRY
        else:  # PLACED: the queen's prunes come next
            if out[EVENTS] >= stop_event:
                break
            count = pruned_at[depth]
            if wiped_at[depth] == 1:  # the prunes, the wipe-out, the restores, the Backtrack
                if not _fits(out, stop_event, 2 * count + 2, past):
                    break
                out[PRUNED] += count
                out[WIPEOUTS] += 1
                next_col = _lift(queens, rows, assigned, depth, 2 * count + 2, out)
                phase = TRY
                continue
            if not _fits(out, stop_event, count + 1, past):  # the prunes, then a Solution or a Place
                break
            out[PRUNED] += count
            out[EVENTS] += count
            if depth < n - 1:
                depth = _descend(n, mrv, doms, depth, assigned, rows, todo, fresh)
                phase, pending = TRY, True
                continue
            out[SOLUTIONS] += 1
            out[EVENTS] += 1
            phase = SOLVED
            slot = out[SOLUTIONS] - found_from - 1
            if 0 <= slot < found.shape[0]:
                found[slot, :] = queens
            if first:
                ended = 1
                break
            if out[SOLUTIONS] >= stop_solution:
                break
    if phase == TRY and not pending and depth == 0 and todo[0] == 0:
        ended = 1
    state[0], state[1], state[2] = phase, (next_col if phase == TRY else 0), 0
    return ended


@dataclass(frozen=True)
class Propagation(Model):
    """Forward checking (``mrv``: the row with the fewest columns left first), by
    ``walk_propagation``, first-row column by column on every core; a column and its mirror
    image search mirrored trees, so a whole run walks about half the columns, counted twice
    (column 0 and its mirror alone: column 0 also counts MRV's first choice of row). From a
    checkpoint, ``seek_propagation`` walks it (one core)."""

    mrv: bool
    max_n: int = PROPAGATION_MAX_N
    jit_from: int = 8
    seek_kernel: Kernel | None = seek_propagation
    profiles: bool = True

    def _seek(
        self, kernel: Callable[..., object], n: int, first: bool, past: bool, *arrays_and_stops: object
    ) -> int:
        ended = int(kernel(n, first, self.mrv, past, *arrays_and_stops))  # type: ignore[call-overload]
        if ended == NOT_PLACED:
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
        result = counters_of(out)
        result.pruned, result.wipeouts = int(out[PRUNED]), int(out[WIPEOUTS])
        return result

    def depth_profile(
        self,
        n: int,
        progress: ProgressCallback | None = None,
        cancel: CancelFlag | None = None,
        *,
        jit: bool | None = None,
    ) -> list[int]:
        check_n(n)
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
        compiled = compiled_for(self.jit_from, n, jit)
        kernel = pick(walk_propagation, compiled)

        def batch(lo: int, hi: int, weight: int) -> tuple[np.ndarray, np.ndarray]:
            out, levels = np.zeros(OUT_SIZE, np.int64), np.zeros(n + 1, np.int64)
            kernel(n, first, self.mrv, lo, hi, out, levels)
            return out * weight, levels * weight

        if first or n == 1:
            columns = [(0, n, 1)]
        else:
            mirrored = [(c, c + 1, 2 if 2 * c + 1 < n else 1) for c in range(1, (n + 1) // 2)]
            columns = [(0, 1, 1), (n - 1, n, 1), *mirrored]
        parts = in_parallel([partial(batch, *column) for column in columns], compiled, progress, cancel)
        return sum(p[0] for p in parts), sum(p[1] for p in parts)  # type: ignore[return-value]
