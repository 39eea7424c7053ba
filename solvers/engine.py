"""Instant results: counts and the backtrack tree profile without events."""

from __future__ import annotations


def profile(n: int) -> list[int]:
    """Nodes of the backtrack tree at each depth 0..n (Knuth's profile).

    >>> profile(4)
    [1, 4, 6, 4, 2]
    """
    levels = [0] * (n + 1)
    full = (1 << n) - 1

    def walk(row: int, cols: int, diag: int, anti: int) -> None:
        levels[row] += 1
        if row == n:
            return
        free = ~(cols | diag | anti) & full
        while free:
            bit = free & -free
            free ^= bit
            walk(row + 1, cols | bit, (diag | bit) << 1, (anti | bit) >> 1)

    walk(0, 0, 0, 0)
    return levels


def count(n: int) -> int:
    """The number of solutions of the n-queens problem."""
    return profile(n)[n]
