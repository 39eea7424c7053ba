"""Dancing links in the engine: its model, kernel and resumer.

``DancingLinks`` (``spec.engine``) counts a whole run with ``seek_dancing_links`` from the empty
board and walks from a checkpoint with the same kernel; ``LinkResume`` (``spec.resumer``) names
the checkpoints of ``solvers.algorithms.dancing_links.dancing_links``. The kernel keeps Knuth's
arrays (``llink``/``rlink`` of the primary items, ``ulink``/``dlink``/``top``/``length`` of every
node) as int64 arrays, built once; ``_cover`` and ``_uncover`` are its steps. It counts what the
generator yields, event for event.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from solvers.counters import Counters
from solvers.engine import (
    CancelFlag,
    Cancelled,
    Model,
    ProgressCallback,
    check_n,
    compiled_for,
    pick,
    whole_run,
)
from solvers.events import Backtrack, Conflict, Event, Place, Prune, Reader, Restore, Solution
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
from solvers.resume import Checkpoint, Resumer, State

#: The phases of a checkpoint's state ``(phase, row, col)``.
NODE = 0  # right after a Place (its prunes, then the next node's Choose or Solution, come next)
NEXT = 1  # the top item tries its option after (row, col) next (-1: its first): after a Choose or Backtrack
BACK = 2  # the last queen's restores and Backtrack come next: after a Solution or a wipe-out
JIT_FROM = 9  # the walk runs interpreted below it
LINKS_MAX_N = 13  # the spec's own limit (n = 13 in about a second, compiled)
WALK_LEG = 1 << 22  # events per call of a whole run's walk (a cancel is looked at between two)


class LinkResume(Resumer):
    """Checkpoints right after each Place, Choose, Solution and Backtrack; the board alone rebuilds
    the search's stack (the items it chose again from the queens placed), so the state is
    ``(phase, row, col)`` (``NODE``, ``NEXT``, ``BACK``)."""

    def start(self, n: int) -> Checkpoint:
        return Checkpoint(0, (None,) * n, Counters(), (NODE, -1, -1))

    def state_after(self, n: int, queens: Sequence[int | None], event: Event) -> State | None:
        return event.read(_LinkAfter())


class _LinkAfter(Reader["State | None"]):
    """The state right after an event, kind by kind: none after a conflict, a prune or a restore;
    ``other`` is the spec module's own ``Choose`` (the one kind of its own dancing links yields)."""

    def place(self, event: Place) -> State | None:
        return (NODE, -1, -1)

    def backtrack(self, event: Backtrack) -> State | None:
        return (NEXT, event.row, event.col)

    def solution(self, event: Solution) -> State | None:
        return (BACK, -1, -1)

    def conflict(self, event: Conflict) -> State | None:
        return None

    def prune(self, event: Prune) -> State | None:
        return None

    def restore(self, event: Restore) -> State | None:
        return None

    def other(self, event: Event) -> State | None:
        options = getattr(event, "options", None)  # Choose: items left to branch on
        if options is None:
            return None
        return (NEXT, -1, -1) if options else (BACK, -1, -1)


# -- the kernel's steps ------------------------------------------------------------------------


@step
def _build(n, first, llink, rlink, top, ulink, dlink, length):
    """The exact-cover matrix: primary items 1..2n (rows, columns) in a circle through header 0,
    then the diagonals and anti-diagonals; option (r, c) is the four nodes from
    ``first + 4 * (r * n + c)`` (row, column, diagonal, anti-diagonal), appended to each list."""
    primary = 2 * n
    for i in range(primary + 1):
        llink[i] = (i - 1) % (primary + 1)
        rlink[i] = (i + 1) % (primary + 1)
    for i in range(first):
        ulink[i] = i
        dlink[i] = i
        length[i] = 0
    node = first
    for r in range(n):
        for c in range(n):
            for k in range(4):
                if k == 0:
                    item = 1 + r
                elif k == 1:
                    item = 1 + n + c
                elif k == 2:
                    item = 1 + primary + r + c
                else:
                    item = primary + 2 * n + r - c + n - 1
                top[node] = item
                ulink[node] = ulink[item]
                dlink[node] = item
                dlink[ulink[item]] = node
                ulink[item] = node
                length[item] += 1
                node += 1


@step
def _cover(n, first, item, row, llink, rlink, top, ulink, dlink, length):
    """Unlink ``item`` and hide each option on it from the other items; returns the options
    hidden and how many of them lie outside ``row``."""
    hidden, shown = 0, 0
    p = dlink[item]
    while p != item:
        start = p - (p - first) % 4
        for q in range(start, start + 4):
            if q != p:
                up, down = ulink[q], dlink[q]
                dlink[up] = down
                ulink[down] = up
                length[top[q]] -= 1
        hidden += 1
        if (p - first) // 4 // n != row:
            shown += 1
        p = dlink[p]
    if item <= 2 * n:
        left, right = llink[item], rlink[item]
        rlink[left] = right
        llink[right] = left
    return hidden, shown


@step
def _uncover(n, first, item, llink, rlink, top, ulink, dlink, length):
    """``_cover``'s exact inverse."""
    if item <= 2 * n:
        rlink[llink[item]] = item
        llink[rlink[item]] = item
    p = ulink[item]
    while p != item:
        start = p - (p - first) % 4
        for q in range(start + 3, start - 1, -1):
            if q != p:
                dlink[ulink[q]] = q
                ulink[dlink[q]] = q
                length[top[q]] += 1
        p = ulink[p]


@step
def _fewest(rlink, length):
    """The uncovered primary item with the fewest options (the first on ties; 0: none is left)
    and how many items were compared."""
    best, compared = 0, 0
    i = rlink[0]
    while i != 0:
        compared += 1
        if best == 0 or length[i] < length[best]:
            best = i
        i = rlink[i]
    return best, compared


@step
def _place(n, first, p, own, item, llink, rlink, top, ulink, dlink, length):
    """Cover the other three items of option ``p`` (of ``item``, which had ``own`` options);
    returns the options hidden and how many the Prunes say (those outside the queen's row)."""
    row = (p - first) // 4 // n
    hidden = 0
    shown = own - 1 if item > n else 0  # a column's other options lie in other rows
    start = p - (p - first) % 4
    for q in range(start, start + 4):
        if q != p:
            h, s = _cover(n, first, top[q], row, llink, rlink, top, ulink, dlink, length)
            hidden += h
            shown += s
    return hidden, shown


@step
def _option(n, first, item, row, col):
    """The node of square (row, col) on primary ``item`` (its row or its column)."""
    return first + 4 * (row * n + col) + (0 if item <= n else 1)


# -- the kernel --------------------------------------------------------------------------------


@kernel(f"int64(int64, boolean, boolean, int64[::1], {SEEK_ARGS})")
def seek_dancing_links(
    n, first, past, levels, queens, state, stop_event, stop_solution, found, found_from, out
):
    """Algorithm X on Knuth's arrays from a checkpoint, checkpoint by checkpoint: a Place; its
    prunes with the next node's Choose or Solution; a queen's restores with its Backtrack. It stops
    at the last checkpoint not past ``stop_event`` (with ``past``, the first at or past it).
    ``levels`` (empty, or n + 1 long): each Place counted at the queens it leaves placed."""
    primary = 2 * n
    items = primary + 2 * (2 * n - 1)
    first_node = items + 1
    size = first_node + 4 * n * n
    llink = np.zeros(primary + 1, np.int64)
    rlink = np.zeros(primary + 1, np.int64)
    top = np.zeros(size, np.int64)
    ulink = np.zeros(size, np.int64)
    dlink = np.zeros(size, np.int64)
    length = np.zeros(items + 1, np.int64)
    _build(n, first_node, llink, rlink, top, ulink, dlink, length)
    f_item = np.zeros(n + 1, np.int64)  # each frame's item, option tried, options at its Choose, prunes
    f_opt = np.zeros(n + 1, np.int64)
    f_own = np.zeros(n + 1, np.int64)
    f_shown = np.zeros(n + 1, np.int64)
    depth = 0
    placed = 0
    for r in range(n):
        if queens[r] >= 0:
            placed += 1
    while depth < placed:  # the stack again: the items it chose, from the queens placed
        item, _ = _fewest(rlink, length)
        own = length[item]
        _cover(n, first_node, item, -1, llink, rlink, top, ulink, dlink, length)
        if item <= n:
            r = item - 1
        else:
            r = 0
            while queens[r] != item - 1 - n:
                r += 1
        p = _option(n, first_node, item, r, queens[r])
        _, shown = _place(n, first_node, p, own, item, llink, rlink, top, ulink, dlink, length)
        f_item[depth], f_opt[depth], f_own[depth], f_shown[depth] = item, p, own, shown
        depth += 1
    phase = state[0]
    if phase == NEXT:  # the item chosen after them, its option state[1], state[2] tried
        item, _ = _fewest(rlink, length)
        f_item[depth], f_own[depth], f_shown[depth] = item, length[item], 0
        _cover(n, first_node, item, -1, llink, rlink, top, ulink, dlink, length)
        f_opt[depth] = item if state[1] < 0 else _option(n, first_node, item, state[1], state[2])
        depth += 1
    attempts, placements, backtracks, solutions = (
        out[ATTEMPTS],
        out[PLACEMENTS],
        out[BACKTRACKS],
        out[SOLUTIONS],
    )
    checks, pruned, wipeouts, events = out[CHECKS], out[PRUNED], out[WIPEOUTS], out[EVENTS]
    ended = 1 if first and phase == BACK and placed == n else 0  # after the Solution it stops at
    while not ended:
        if phase == NODE:  # the last queen's prunes, then the next node
            k = f_shown[depth - 1] if depth > 0 else 0
            if events >= stop_event or (not past and events + k + 1 > stop_event):
                break
            pruned += k
            events += k + 1
            item, compared = _fewest(rlink, length)
            if item == 0:
                solutions += 1
                phase = BACK
                slot = solutions - found_from - 1
                if 0 <= slot < found.shape[0]:
                    for r in range(n):
                        found[slot, r] = queens[r]
                if first:
                    ended = 1
                    break
                if solutions >= stop_solution:
                    break
            elif length[item] == 0:
                wipeouts += 1
                checks += compared
                phase = BACK
            else:
                own = length[item]
                hidden, _ = _cover(n, first_node, item, -1, llink, rlink, top, ulink, dlink, length)
                checks += compared + 3 * hidden
                f_item[depth], f_opt[depth], f_own[depth], f_shown[depth] = item, item, own, 0
                depth += 1
                phase = NEXT
        elif phase == BACK:  # the top queen's restores and Backtrack
            k = f_shown[depth - 1]
            if events >= stop_event or (not past and events + k + 1 > stop_event):
                break
            events += k + 1
            backtracks += 1
            p = f_opt[depth - 1]
            start = p - (p - first_node) % 4
            for q in range(start + 3, start - 1, -1):
                if q != p:
                    _uncover(n, first_node, top[q], llink, rlink, top, ulink, dlink, length)
            queens[(p - first_node) // 4 // n] = -1
            phase = NEXT
        else:  # NEXT: the top item's next option, or back up a frame
            item = f_item[depth - 1]
            p = dlink[f_opt[depth - 1]]
            if p == item:
                if depth == 1:  # the run ends on its last Backtrack's checkpoint
                    ended = 1
                    break
                k = f_shown[depth - 2]  # the frame above's restores and Backtrack follow at once
                if events >= stop_event or (not past and events + k + 1 > stop_event):
                    break
                _uncover(n, first_node, item, llink, rlink, top, ulink, dlink, length)
                depth -= 1
                phase = BACK
                continue
            if events >= stop_event:
                break
            hidden, shown = _place(
                n, first_node, p, f_own[depth - 1], item, llink, rlink, top, ulink, dlink, length
            )
            f_opt[depth - 1], f_shown[depth - 1] = p, shown
            queens[(p - first_node) // 4 // n] = (p - first_node) // 4 % n
            if levels.shape[0] > 0:
                levels[depth] += 1
            attempts += 1
            placements += 1
            checks += 3 * hidden
            events += 1
            phase = NODE
    state[0], state[1], state[2] = phase, -1, -1
    if phase == NEXT and depth > 0 and f_opt[depth - 1] != f_item[depth - 1]:
        square = (f_opt[depth - 1] - first_node) // 4
        state[1], state[2] = square // n, square % n
    out[ATTEMPTS], out[PLACEMENTS], out[BACKTRACKS], out[SOLUTIONS] = (
        attempts,
        placements,
        backtracks,
        solutions,
    )
    out[CHECKS], out[PRUNED], out[WIPEOUTS], out[EVENTS] = checks, pruned, wipeouts, events
    return ended


@dataclass(frozen=True)
class DancingLinks(Model):
    """Dancing links: ``seek_dancing_links`` from the empty board with no stop.

    >>> DancingLinks().counters(6).as_dict()  # doctest: +NORMALIZE_WHITESPACE
    {'attempts': 110, 'placements': 110, 'backtracks': 110, 'solutions': 4, 'checks': 2136,
     'repairs': 0, 'pruned': 400, 'wipeouts': 34}
    """

    max_n: int = LINKS_MAX_N
    seek_kernel: Kernel | None = seek_dancing_links
    profiles: bool = True

    def _seek(
        self, kernel: Callable[..., object], n: int, first: bool, past: bool, *arrays_and_stops: object
    ) -> int:
        no_levels = np.zeros(0, np.int64)
        return int(kernel(n, first, past, no_levels, *arrays_and_stops))  # type: ignore[call-overload]

    def _run(
        self,
        n: int,
        first: bool,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        jit: bool | None,
    ) -> Counters:
        out = self._walk(n, first, np.zeros(0, np.int64), cancel, jit)
        result = whole_run(out, progress)
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
        """Nodes per depth as the events walk them: the root, then each Place at the queens it
        leaves placed (``counters.depth_profile`` of the drained events, without them).

        >>> DancingLinks().depth_profile(6)
        [1, 6, 20, 36, 32, 12, 4]
        """
        levels = np.zeros(n + 1, np.int64)
        self._walk(n, False, levels, cancel, jit)
        if progress is not None:
            progress(1.0)
        return [1, *(int(v) for v in levels[1:])]

    def _walk(
        self, n: int, first: bool, levels: np.ndarray, cancel: CancelFlag | None, jit: bool | None
    ) -> np.ndarray:
        """The whole run's ``out`` from the empty board, in legs of ``WALK_LEG`` events (``cancel``
        looked at before each: ``Cancelled``); ``levels`` (if not empty) counts its nodes per depth."""
        check_n(n)
        run = pick(seek_dancing_links, compiled_for(JIT_FROM, n, jit))
        out = np.zeros(OUT_SIZE, np.int64)
        queens, state = np.full(n, -1, np.int64), np.array([NODE, -1, -1], np.int64)
        found, no_stop = np.zeros((0, n), np.int64), sys.maxsize
        while True:
            if cancel is not None and cancel.is_set():
                raise Cancelled("the walk was cancelled")
            leg_end = int(out[EVENTS]) + WALK_LEG
            if run(n, first, True, levels, queens, state, leg_end, no_stop, found, 0, out):
                return out
