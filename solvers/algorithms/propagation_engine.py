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
from solvers.resume import PLACED, SOLVED, TRY, After, Checkpoint, Resumer, State

PROPAGATION_MAX_N = 16  # the largest n counted (n = 16 on two cores in about a minute)
#: What the seek kernel returns for a board the search never places (its rows not those it would choose).
NOT_PLACED = -1


class _PlacementAfter(After):
    def place(self, event: Place) -> State | None:
        return (PLACED, 0, 0)

    def solution(self, event: Solution) -> State | None:
        return (SOLVED, 0, 0)

    def backtrack(self, event: Backtrack) -> State | None:
        return (TRY, event.col + 1, 0)


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
        return event.read(_PlacementAfter(n, queens))


# -- the kernels' steps ------------------------------------------------------------------------
#
# A search's state is two arrays: ``doms`` (``doms[d]``: every row's domain before depth d's queen)
# and ``frame``, whose rows (each n long) are, per depth, the row filled there (``ROW``), its
# columns not tried yet (``TODO``), what its queen pruned (``PRUNED_AT``, restored with it), 1 when
# that queen emptied a row (``WIPED_AT``), 1 until the depth's first value is tried (``FRESH``);
# and per row, 1 when it holds a queen (``ASSIGNED``) and that queen's column (``QUEEN``, -1: none).
# Few arrays: each one a step takes costs reference counting on every call, in the hot loop.
ROW, TODO, PRUNED_AT, WIPED_AT, FRESH, ASSIGNED, QUEEN = range(7)


@step
def _begin(n, doms, frame):
    """The empty board in ``doms`` and ``frame`` (both zeros): every row's domain full, depth 0 on
    the top row (MRV's choice too: all tie)."""
    full = (1 << n) - 1
    for r in range(n):
        doms[0, r] = full
        frame[QUEEN, r] = -1
    frame[TODO, 0] = full
    frame[FRESH, 0] = 1


@step
def _take(frame, depth):
    """The lowest column left at ``depth``, taken out of its ``TODO``."""
    bit = frame[TODO, depth] & -frame[TODO, depth]
    frame[TODO, depth] ^= bit
    col = 0
    while (1 << col) != bit:
        col += 1
    return col


@step
def _place(n, mrv, doms, frame, depth, col):
    """Place the queen of ``depth`` on ``col``: copy every row's domain to ``depth + 1``, the
    unassigned ones without the in-board squares it attacks, row by row ascending, stopping at
    the first row it empties. Returns the look-ups its Place counts: one per square, and MRV's
    rows compared on the depth's first value."""
    row = frame[ROW, depth]
    looks = 0
    if frame[FRESH, depth] == 1:
        looks = n - depth if mrv else 0
        frame[FRESH, depth] = 0
    frame[ASSIGNED, row] = 1
    frame[QUEEN, row] = col
    count = wiped = 0
    for r in range(n):
        doms[depth + 1, r] = doms[depth, r]
    for r in range(n):
        if frame[ASSIGNED, r] == 1:
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
    frame[PRUNED_AT, depth] = count
    frame[WIPED_AT, depth] = wiped
    return looks


@step
def _descend(n, mrv, doms, frame, depth):
    """Open the next depth on the row filled next: the topmost empty one, or (MRV) the one with
    the fewest columns left, ties the lowest. Returns the new depth."""
    best = -1
    size_best = n + 1
    for r in range(n):
        if frame[ASSIGNED, r] == 0:
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
    frame[ROW, depth] = best
    frame[TODO, depth] = doms[depth, best]
    frame[FRESH, depth] = 1
    return depth


@step
def _lift(frame, depth):
    """Lift the queen of ``depth``; returns the column its row tries next."""
    row = frame[ROW, depth]
    col = frame[QUEEN, row]
    frame[QUEEN, row] = -1
    frame[ASSIGNED, row] = 0
    return col + 1


@step
def _fits(events, more, stop_event, past):
    """Whether ``more`` events after ``events`` end at or before ``stop_event`` (or may go ``past``)."""
    return past or events + more <= stop_event


@step
def _rebuild(n, mrv, queens, phase, next_col, doms, frame):
    """The search's stack at a checkpoint: its queens placed again, uncounted, in the order the
    search chooses their rows. Returns the depth and the phase it stands in (``NOT_PLACED``: a
    board this search never places)."""
    full = (1 << n) - 1
    placed = 0
    for r in range(n):
        if queens[r] >= 0:
            placed += 1
    if placed == 0:
        if phase == TRY:
            frame[TODO, 0] = full & ~((1 << next_col) - 1) if next_col < n else 0
            frame[FRESH, 0] = 1 if next_col == 0 else 0
        return 0, TRY
    depth = 0
    while True:
        col = queens[frame[ROW, depth]]
        if col < 0 or ((frame[TODO, depth] >> col) & 1) == 0:
            return depth, NOT_PLACED
        frame[TODO, depth] &= ~((2 << col) - 1)
        _place(n, mrv, doms, frame, depth, col)
        if depth == placed - 1 and phase != TRY:  # the checkpoint's last queen
            if phase == SOLVED:
                return depth, (SOLVED if depth == n - 1 else NOT_PLACED)
            return depth, PLACED
        if depth == n - 1:
            return depth, NOT_PLACED
        depth = _descend(n, mrv, doms, frame, depth)
        if depth == placed:  # the checkpoint's row, from its column ``next_col`` on
            domain = frame[TODO, depth]
            low = domain & ((1 << next_col) - 1) if next_col < n else domain
            frame[TODO, depth] = domain & ~low
            frame[FRESH, depth] = 1 if low == 0 else 0
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
    doms, frame = np.zeros((n + 1, n), np.int64), np.zeros((7, n), np.int64)
    _begin(n, doms, frame)
    attempts = backtracks = solutions = checks = pruned = wipeouts = events = 0
    frame[TODO, 0] &= ~((1 << col_lo) - 1) & ((1 << col_hi) - 1)
    frame[FRESH, 0] = 1 if col_lo == 0 else 0
    depth = 0
    while depth >= 0:
        if frame[TODO, depth] == 0:
            frame[ASSIGNED, frame[ROW, depth]] = 0
            depth -= 1
            if depth >= 0:  # lift the queen of the depth above: its restores, then the Backtrack
                _lift(frame, depth)
                backtracks += 1
                events += frame[PRUNED_AT, depth] + 1
            continue
        col = _take(frame, depth)
        attempts += 1
        events += 1
        levels[depth + 1] += 1
        checks += _place(n, mrv, doms, frame, depth, col)
        count = frame[PRUNED_AT, depth]
        pruned += count
        events += count
        if frame[WIPED_AT, depth] == 1:
            _lift(frame, depth)
            wipeouts += 1
            backtracks += 1
            events += 1 + count + 1  # the wipe-out, the restores, the Backtrack
            continue
        if depth == n - 1:
            solutions += 1
            events += 1
            if first:
                break
            _lift(frame, depth)
            backtracks += 1
            events += count + 1
            continue
        depth = _descend(n, mrv, doms, frame, depth)
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
    doms, frame = np.zeros((n + 1, n), np.int64), np.zeros((7, n), np.int64)
    _begin(n, doms, frame)
    next_col = state[1]
    depth, phase = _rebuild(n, mrv, queens, state[0], next_col, doms, frame)
    if phase == NOT_PLACED:
        return NOT_PLACED
    attempts, placements, backtracks, solutions = (
        out[ATTEMPTS],
        out[PLACEMENTS],
        out[BACKTRACKS],
        out[SOLUTIONS],
    )
    checks, pruned, wipeouts, events = out[CHECKS], out[PRUNED], out[WIPEOUTS], out[EVENTS]
    pending = False  # between a queen's prunes and the next row's Place: no checkpoint
    ended = 0
    while True:
        if phase == TRY:
            if not pending and depth == 0 and frame[TODO, 0] == 0:
                ended = 1
                break
            if not pending and events >= stop_event:
                break
            if frame[TODO, depth] == 0:  # lift the queen of the depth above: its restores, its Backtrack
                more = frame[PRUNED_AT, depth - 1] + 1
                if not _fits(events, more, stop_event, past):
                    break
                depth -= 1
                next_col = _lift(frame, depth)
                backtracks += 1
                events += more
                continue
            checks += _place(n, mrv, doms, frame, depth, _take(frame, depth))
            attempts += 1
            placements += 1
            events += 1
            phase, pending = PLACED, False
        elif phase == SOLVED:
            if first:
                ended = 1
                break
            more = frame[PRUNED_AT, depth] + 1  # the restores, the Backtrack
            if events >= stop_event or not _fits(events, more, stop_event, past):
                break
            next_col = _lift(frame, depth)
            backtracks += 1
            events += more
            phase = TRY
        else:  # PLACED: the queen's prunes come next
            if events >= stop_event:
                break
            count = frame[PRUNED_AT, depth]
            if frame[WIPED_AT, depth] == 1:  # the prunes, the wipe-out, the restores, the Backtrack
                if not _fits(events, 2 * count + 2, stop_event, past):
                    break
                next_col = _lift(frame, depth)
                pruned += count
                wipeouts += 1
                backtracks += 1
                events += 2 * count + 2
                phase = TRY
                continue
            if not _fits(events, count + 1, stop_event, past):  # the prunes, then a Solution or a Place
                break
            pruned += count
            events += count
            if depth < n - 1:
                depth = _descend(n, mrv, doms, frame, depth)
                phase, pending = TRY, True
                continue
            solutions += 1
            events += 1
            phase = SOLVED
            slot = solutions - found_from - 1
            if 0 <= slot < found.shape[0]:
                found[slot, :] = frame[QUEEN]
            if first:
                ended = 1
                break
            if solutions >= stop_solution:
                break
    if phase == TRY and not pending and depth == 0 and frame[TODO, 0] == 0:
        ended = 1
    queens[:] = frame[QUEEN]
    state[0], state[1], state[2] = phase, (next_col if phase == TRY else 0), 0
    out[ATTEMPTS], out[PLACEMENTS], out[BACKTRACKS], out[SOLUTIONS] = (
        attempts,
        placements,
        backtracks,
        solutions,
    )
    out[CHECKS], out[PRUNED], out[WIPEOUTS], out[EVENTS] = checks, pruned, wipeouts, events
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
