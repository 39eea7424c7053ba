"""The remaining columns (domains) of every row, kept from Prune and Restore events.

Every row starts with all n columns; a ``Prune`` removes one, naming the queen
that attacks it, and a ``Restore`` puts it back. The propagation solvers keep
their domains in this class, and a view can rebuild the same domains from the
event stream alone (``apply`` with sign -1 undoes, for step back):

>>> from solvers.events import Prune, Restore
>>> domains = Domains(4)
>>> domains.apply(Prune(1, 0, (0, 0))); domains.apply(Prune(1, 1, (0, 0)))
>>> domains.remaining(1), domains.pruned_by(1, 0)
([2, 3], (0, 0))
>>> domains.apply(Restore(1, 1, (0, 0))); domains.remaining(1)
[1, 2, 3]
>>> mrv_row(domains, [0, None, None, None])
1
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.events import BoardState, Event

Square = tuple[int, int]


class Domains:
    """For each row and column, the queen that pruned it (None: still in the domain)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.by: list[list[Square | None]] = [[None] * n for _ in range(n)]
        self.size = [n] * n  # columns left in each row
        self._board = BoardState([None] * n, self)  # what ``apply`` hands the events

    def remove(self, row: int, col: int, by: Square) -> None:
        """Prune ``col`` from ``row``'s domain because the queen on ``by`` attacks it."""
        if self.by[row][col] is not None:
            raise ValueError(f"column {col} is already pruned from row {row}")
        self.by[row][col] = by
        self.size[row] -= 1

    def put_back(self, row: int, col: int) -> None:
        """Return ``col`` to ``row``'s domain."""
        if self.by[row][col] is None:
            raise ValueError(f"column {col} is not pruned from row {row}")
        self.by[row][col] = None
        self.size[row] += 1

    def apply(self, event: Event, sign: int = 1) -> None:
        """Follow one event (``sign=-1`` undoes it): its effect on a board with these domains
        (``Event.apply``; kinds other than Prune and Restore change no domain)."""
        if sign > 0:
            event.apply(self._board)
        else:
            event.undo(self._board)

    def has(self, row: int, col: int) -> bool:
        """Whether ``col`` is still in ``row``'s domain."""
        return self.by[row][col] is None

    def remaining(self, row: int) -> list[int]:
        """``row``'s domain, ascending."""
        return [col for col, by in enumerate(self.by[row]) if by is None]

    def pruned_by(self, row: int, col: int) -> Square | None:
        """The queen that pruned (row, col), or None while it is in the domain."""
        return self.by[row][col]


def mrv_row(domains: Domains, queens: Sequence[int | None]) -> int | None:
    """The unassigned row with the fewest columns left (ties: the lowest), or None on a full board."""
    best: int | None = None
    for row, col in enumerate(queens):
        if col is None and (best is None or domains.size[row] < domains.size[best]):
            best = row
    return best
