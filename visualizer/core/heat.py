"""Conflicts per row, for the heat strip beside a large board. Pure numpy, no pygame.

>>> row_conflicts((0, 1, 3, None)).tolist()
[1, 1, 0, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def row_conflicts(queens: Sequence[int | None]) -> np.ndarray:
    """For each row, how many other queens attack its queen (0 for an empty row).

    Vectorised: one count per column, diagonal (r + c) and anti-diagonal (r - c) line,
    then each queen reads its three lines and subtracts itself. O(n), no Python loop
    over squares.
    """
    n = len(queens)
    heat = np.zeros(n, dtype=np.int64)
    cols = np.array([-1 if c is None else c for c in queens], dtype=np.int64)
    rows = np.nonzero(cols >= 0)[0]
    if rows.size == 0:
        return heat
    c = cols[rows]
    by_col = np.bincount(c, minlength=n)
    by_diag = np.bincount(rows + c, minlength=2 * n)
    by_anti = np.bincount(rows - c + n - 1, minlength=2 * n)
    heat[rows] = by_col[c] + by_diag[rows + c] + by_anti[rows - c + n - 1] - 3
    return heat


def total_conflicts(queens: Sequence[int | None]) -> int:
    """Attacking pairs on the board (each pair counted once), as ``Repair.conflicts`` counts them."""
    return int(row_conflicts(queens).sum()) // 2
