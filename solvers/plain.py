"""Counting small boards in plain Python: no numpy, no numba, so a small count starts at once.

``nqueens count 8`` used to import numpy and the engine (0.3-0.4 s of start-up) for 0.2 ms of
counting. Below ``JIT_FROM`` rows this counter, ints and a list as the stack, is quicker than
loading the compiled kernel from numba's disk cache (n = 12: about 0.15 s against 0.3-0.5 s for
``import numba`` and the load); from there on ``solvers.engine.count`` runs compiled. The engine's
interpreted count (numba missing, or ``jit=False``) is this function too, so both give one answer.

It walks the same tree as ``engine.count_states``: the bitmask search, the first row mirrored
(a column left of the middle counts twice), the last two rows counted without a push.

>>> [count(n) for n in range(1, 11)]
[1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
>>> done = []
>>> count(6, progress=done.append), done
(4, [0.3333333333333333, 0.6666666666666666, 1.0])
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it as True)
if TYPE_CHECKING:  # no typing at run time: it would be 2 ms of a 30 ms start
    from collections.abc import Callable

    from solvers.cancel import CancelFlag

#: Smallest n ``nqueens count`` hands to the compiled engine; below it this module counts.
JIT_FROM = 13


class Cancelled(Exception):
    """The caller's cancel flag was set; the count stopped between first-row columns."""


def _below_first_row(n: int, column: int) -> int:
    """Solutions with the first row's queen in ``column`` (n >= 2)."""
    full = (1 << n) - 1
    bit = 1 << column
    cols, diag, anti = bit, (bit << 1) & full, bit >> 1
    free = ~(cols | diag | anti) & full
    depth, found = 1, 0
    stack: list[tuple[int, int, int, int]] = []
    push, pop = stack.append, stack.pop
    while True:
        if free:
            bit = free & -free
            free ^= bit
            if depth >= n - 2:
                # the last row has one column left: a free square there is a solution
                if depth == n - 1 or ~(cols | bit | ((diag | bit) << 1) | ((anti | bit) >> 1)) & full:
                    found += 1
                continue
            push((cols, diag, anti, free))
            cols, diag, anti = cols | bit, ((diag | bit) << 1) & full, (anti | bit) >> 1
            free = ~(cols | diag | anti) & full
            depth += 1
        elif stack:
            cols, diag, anti, free = pop()
            depth -= 1
        else:
            return found


def count(
    n: int,
    progress: Callable[[float], None] | None = None,
    cancel: CancelFlag | None = None,
) -> int:
    """The number of solutions of the n-queens problem (n >= 1).

    ``progress`` hears the fraction of first-row columns done (ending with 1.0); ``cancel`` is
    looked at before each column, and once it is set ``Cancelled`` is raised.
    """
    if n < 1:
        raise ValueError(f"n must be at least 1 (got n = {n})")
    columns = (n + 1) // 2
    total = 0
    for column in range(columns):
        if cancel is not None and cancel.is_set():
            raise Cancelled(f"stopped after {column} of {columns} first-row columns")
        weight = 2 if 2 * column + 1 < n else 1
        total += weight * (_below_first_row(n, column) if n > 1 else 1)
        if progress is not None:
            progress((column + 1) / columns)
    return total
