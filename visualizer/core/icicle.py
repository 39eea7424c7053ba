"""The search space as an icicle map: one band per depth, a mark code per pixel column. Pure, no pygame.

Each depth d is a band; the node whose path is (c1, ..., cd) owns the slot starting at
sum(ci / n**i) of width 1 / n**d. A ``SearchTree`` reports each slot that gains or loses a
mark (``paint``); marks are counted per column, so undo (step back) repaints exactly, and
slots narrower than a column share it, the highest mark winning. The renderer only scales
the ``codes`` grid to pixels.

>>> from solvers import registry
>>> from visualizer.core.timeline import Timeline
>>> from visualizer.core.tree import SearchTree
>>> icicle = IcicleMap(4, resolution=16)
>>> tree = SearchTree(4)
>>> tree.add_painter(icicle)
>>> timeline = Timeline(registry.get("backtracking"), 4)
>>> _ = tree.attach(timeline), timeline.step(2)
>>> icicle.codes[:3].tolist()[1][:8]  # (0, 0) placed, its slot is 4 columns of 16
[2, 2, 2, 2, 0, 0, 0, 0]
"""

from __future__ import annotations

from array import array

import numpy as np

from visualizer.core.tree import EXPLORED, PRUNED, REFUSED, SOLUTION

#: Mark codes, in rising priority: a column shows the highest mark it holds.
EMPTY_CODE, PRUNED_CODE, EXPLORED_CODE, REFUSED_CODE, SOLUTION_CODE = range(5)
CODE_OF = {PRUNED: PRUNED_CODE, EXPLORED: EXPLORED_CODE, REFUSED: REFUSED_CODE, SOLUTION: SOLUTION_CODE}
_BY_PRIORITY = (SOLUTION_CODE, REFUSED_CODE, EXPLORED_CODE, PRUNED_CODE)
#: Columns of the map (pooled down to the screen width when drawn).
MAP_RESOLUTION = 2048


class IcicleMap:
    """Mark codes per depth and column, kept in step with a ``SearchTree`` (one of its painters)."""

    def __init__(self, n: int, resolution: int = MAP_RESOLUTION) -> None:
        self.n = n
        self.width = resolution
        self.version = 0  # bumped on every change: a renderer caches its image by it
        self.clear()

    def clear(self) -> None:
        """Only the root marked (the tree went back to its root)."""
        zeros = bytes(4 * self.width)
        # counts[depth][code - 1][column]: how many slots with that mark touch the column
        self.counts = [[array("i", zeros) for _ in range(4)] for _ in range(self.n + 1)]
        self._columns = [[np.frombuffer(c, dtype=np.int32) for c in marks] for marks in self.counts]
        self.codes = np.zeros((self.n + 1, self.width), dtype=np.uint8)
        self.paint(EXPLORED, 0, 0.0, 1.0, 1)

    def paint(self, kind: str, depth: int, left: float, width: float, sign: int) -> None:
        """Add (sign +1) or remove (-1) a mark on a slot; O(1) for slots of a column or less."""
        w = self.width
        x0 = min(int(left * w), w - 1)
        x1 = max(min(int((left + width) * w), w), x0 + 1)
        code = CODE_OF[kind]
        self.version += 1
        if x1 - x0 == 1:  # the hot path: deep slots, one column
            marks = self.counts[depth]
            marks[code - 1][x0] += sign
            mark = EMPTY_CODE
            for c in _BY_PRIORITY:
                if marks[c - 1][x0]:
                    mark = c
                    break
            self.codes[depth, x0] = mark
            return
        columns = self._columns[depth]
        columns[code - 1][x0:x1] += sign
        top = np.zeros(x1 - x0, dtype=np.uint8)
        for c in reversed(_BY_PRIORITY):  # lowest first, so higher marks overwrite
            top[columns[c - 1][x0:x1] > 0] = c
        self.codes[depth, x0:x1] = top


def pool_columns(codes: np.ndarray, width: int) -> np.ndarray:
    """``codes`` (bands x columns, or one band) max-pooled to ``width`` columns."""
    width = max(1, width)
    edges = (np.arange(width, dtype=np.int64) * codes.shape[-1]) // width
    return np.maximum.reduceat(codes, edges, axis=-1)
