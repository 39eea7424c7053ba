"""Conflicts per row, for the heat strip beside a large board. Pure numpy, no pygame.

The counting is ``solvers.board``'s (queens per line, counted once):

>>> row_conflicts((0, 1, 3, None)).tolist()
[1, 1, 0, 0]
"""

from __future__ import annotations

import numpy as np

from solvers.board import Queens, attacking_pairs, queen_conflicts


def row_conflicts(queens: Queens) -> np.ndarray:
    """For each row, how many other queens attack its queen (0 for an empty row). O(n)."""
    return queen_conflicts(queens)


def total_conflicts(queens: Queens) -> int:
    """Attacking pairs on the board (each pair counted once), as ``Repair.conflicts`` counts them."""
    return attacking_pairs(queens)
