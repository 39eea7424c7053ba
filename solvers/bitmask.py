"""Bit-parallel backtracking: the free squares of a row in one machine word.

Columns, diagonals and anti-diagonals are three bit masks; ``free = ~(cols |
diag | anti) & full`` gives every safe square of the row at once, so attacked
squares are never tried. Each attempt is a placement, and each row costs one
mask computation (its ``checks``). Columns are taken lowest bit first, the
same order as the rest of the backtracking family.
"""

from __future__ import annotations

from collections.abc import Iterator

from solvers.events import Backtrack, Event, Place, Solution


def bitmask(n: int, *, first: bool = False) -> Iterator[Event]:
    """Backtracking over bit masks, yielding an event per queen placed or lifted."""
    full = (1 << n) - 1
    queens = [0] * n

    def solve(row: int, cols: int, diag: int, anti: int) -> Iterator[Event]:
        free = ~(cols | diag | anti) & full
        while free:
            bit = free & -free
            free ^= bit
            col = bit.bit_length() - 1
            queens[row] = col
            yield Place(row, col, 3, True, 1)
            if row == n - 1:
                yield Solution(tuple(queens), 0)
            else:
                yield from solve(row + 1, cols | bit, (diag | bit) << 1, (anti | bit) >> 1)
            yield Backtrack(row, col, 5)

    events = solve(0, 0, 0, 0) if n > 0 else iter(())
    for event in events:
        yield event
        if first and isinstance(event, Solution):
            return


BITMASK_CODE = (
    "solve(row, cols, diag, anti):  (row == n: report solution)",
    "    free = ~(cols | diag | anti) & (2^n - 1)",
    "    while free != 0:",
    "        bit = free & -free; free -= bit; place queen on bit",
    "        solve(row+1, cols|bit, (diag|bit) << 1, (anti|bit) >> 1)",
    "        lift the queen on bit",
)
