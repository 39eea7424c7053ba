"""Zooming into the search-space map: every marked slot kept by its exact index, so any window of
the map can be drawn at full detail, and the moment each node was entered, for a click.
Pure, no pygame.

The icicle map (``icicle.py``) is a fixed raster: at n = 8 its 2,048 columns resolve depth 3 at
best, so the explored part of a search is a sliver. ``SlotMarks`` is a second painter of the
same ``SearchTree`` holding only the slots that carry a mark (a few tens of thousands for a whole
n = 8 run); ``window_codes`` rasterises any window of it. ``TreeWindow`` is the window: it follows
the current subtree until the user zooms (wheel) or pans (drag).

>>> from solvers import registry
>>> from visualizer.core.timeline import Timeline
>>> from visualizer.core.tree import SearchTree
>>> tree = SearchTree(8, keep_nodes=False)
>>> marks = SlotMarks(tree)
>>> tree.add_painter(marks)
>>> timeline = Timeline(registry.get("backtracking"), 8)
>>> _ = tree.attach(timeline), timeline.step(4)
>>> marks.entered_at(1, 0), marks.entered_at(2, 2)  # (0, 0) entered by event 1; (1, 2) by event 4
(1, 4)
>>> marks.window_codes(0.0, 1 / 8, 16)[2].tolist()  # depth 2 inside row 1's first slot
[1, 1, 1, 1, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from visualizer.core.icicle import CODE_OF, EMPTY_CODE
from visualizer.core.tree import EXPLORED, SearchTree

#: Past this many marked slots the exact marks stop (the raster map is still drawn, unzoomed).
MAX_MARKS = 500_000
#: Columns of a zoomed window's codes (pooled to the screen width when drawn).
WINDOW_COLUMNS = 1024
#: When following, the window is the current path's subtree at this depth.
FOLLOW_DEPTH = 2
#: The wheel zooms by this factor a click.
ZOOM_STEP = 2.0


def deepest(n: int) -> int:
    """The deepest level whose slot index (up to ``n**depth``) is still a float: below it a
    slot is narrower than 2**-1000 of the row, never seen (n = 150 reaches it at depth 138)."""
    return int(1000 / math.log2(max(n, 2)))


class SlotMarks:
    """The marks of a ``SearchTree``'s slots by exact index (a painter of the tree)."""

    def __init__(self, tree: SearchTree) -> None:
        self.tree = tree
        self.n = tree.n
        self.deepest = deepest(tree.n)
        self.version = 0
        self._cache: tuple[tuple, np.ndarray] | None = None
        self.clear()

    def clear(self) -> None:
        """Only the root marked."""
        self.counts: list[dict[int, list[int]]] = [{} for _ in range(self.n + 1)]
        self.top: list[dict[int, int]] = [{} for _ in range(self.n + 1)]  # the highest mark per slot
        self.entered: dict[tuple[int, int], int] = {}
        self.overflow = False
        self.marks = 0
        self.paint(EXPLORED, 0, 0.0, 1.0, 1)

    def paint(self, kind: str, depth: int, left: float, width: float, sign: int) -> None:
        """A slot gained (+1) or lost (-1) a mark; the slot's index is ``left * n**depth``."""
        if self.overflow or depth > self.deepest:
            return
        self.version += 1
        index = round(left * self.n**depth)
        counts = self.counts[depth].get(index)
        if counts is None:
            counts = self.counts[depth][index] = [0, 0, 0, 0]
            self.marks += 1
            if self.marks > MAX_MARKS:
                self.overflow = True
                self.counts, self.top, self.entered = [], [], {}
                return
        code = CODE_OF[kind]
        counts[code - 1] += sign
        if kind == EXPLORED:
            if sign > 0 and counts[code - 1] == 1:
                self.entered[(depth, index)] = self.tree.moment
            elif counts[code - 1] == 0:
                self.entered.pop((depth, index), None)
        top = next((c for c in range(4, 0, -1) if counts[c - 1]), EMPTY_CODE)
        if top == EMPTY_CODE:
            del self.counts[depth][index]
            self.top[depth].pop(index, None)
            self.marks -= 1
        else:
            self.top[depth][index] = top

    def entered_at(self, depth: int, index: int) -> int | None:
        """The event index just after node (``depth``, slot ``index``) was entered, or None."""
        return self.entered.get((depth, index))

    def window_codes(self, left: float, width: float, columns: int = WINDOW_COLUMNS) -> np.ndarray:
        """Mark codes (bands x ``columns``) of the window [left, left + width) of the whole map;
        a column shows the highest mark of the slots it touches. Read-only, cached per change."""
        key = (self.version, left, width, columns)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        codes = np.zeros((self.n + 1, columns), dtype=np.uint8)
        for depth, top in enumerate(self.top):
            if not top:
                continue
            scale = float(self.n) ** -depth
            index = np.fromiter(top.keys(), dtype=np.float64, count=len(top))
            code = np.fromiter(top.values(), dtype=np.uint8, count=len(top))
            x0 = (index * scale - left) / width * columns
            x1 = x0 + scale / width * columns
            keep = (x1 > 0) & (x0 < columns)
            a = np.clip(np.floor(x0[keep]), 0, columns - 1).astype(np.int64)
            b = np.clip(np.ceil(x1[keep]), a + 1, columns).astype(np.int64)
            code = code[keep]
            narrow = b - a == 1
            np.maximum.at(codes[depth], a[narrow], code[narrow])
            for start, stop, mark in zip(a[~narrow], b[~narrow], code[~narrow], strict=True):
                np.maximum(codes[depth, start:stop], mark, out=codes[depth, start:stop])
        codes.flags.writeable = False
        self._cache = (key, codes)
        return codes


@dataclass
class TreeWindow:
    """The part of the map on screen: [left, left + width) of the whole, or the current
    subtree while ``follow`` is on (until the user zooms or pans)."""

    left: float = 0.0
    width: float = 1.0
    follow: bool = True

    def resolve(self, slots: tuple[tuple[float, float], ...]) -> tuple[float, float]:
        """(left, width) shown now, given the current path's slots (root first)."""
        if self.follow and slots:
            return slots[min(FOLLOW_DEPTH, len(slots) - 1)]
        return self.left, self.width

    def zoom(self, at: float, clicks: int, slots: tuple[tuple[float, float], ...], n: int) -> None:
        """Zoom in (``clicks`` > 0) or out around fraction ``at`` of the window's width."""
        left, width = self.resolve(slots)
        smallest = float(max(n, 2)) ** -min(max(n, 1), deepest(n)) * 4
        new = min(1.0, max(smallest, width / ZOOM_STEP**clicks))
        anchor = left + min(max(at, 0.0), 1.0) * width
        self.left, self.width, self.follow = anchor - (anchor - left) * new / width, new, False
        self._clamp()

    def pan(self, by: float, slots: tuple[tuple[float, float], ...]) -> None:
        """Move the window by ``by`` of its width (positive: to the right of the map)."""
        self.left, self.width = self.resolve(slots)
        self.left += by * self.width
        self.follow = False
        self._clamp()

    def _clamp(self) -> None:
        self.left = min(max(self.left, 0.0), 1.0 - self.width)

    @property
    def magnification(self) -> float:
        return 1.0 / self.width if self.width > 0 else math.inf


def in_window(slot: tuple[float, float], window: tuple[float, float]) -> tuple[float, float]:
    """``slot`` (left, width of the whole) as fractions of ``window``, cut to it.

    >>> in_window((0.25, 0.5), (0.5, 0.25))
    (0.0, 1.0)
    """
    left, width = (slot[0] - window[0]) / window[1], slot[1] / window[1]
    right = min(left + width, 1.0)
    left = min(max(left, 0.0), 1.0)
    return left, max(0.0, right - left)
