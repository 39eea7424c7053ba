"""The event protocol: what a solver says as it searches.

Every solver is a generator of these small immutable values. ``Place`` and
``Backtrack`` are exact inverses, which is what makes stepping back cheap.

Two fields carry the counters of DESIGN.md:

* ``attempt`` -- this event closes one examined candidate (a square tested by
  the backtracking family, a whole board or permutation for the enumerations),
  so it adds one to the *attempts* counter;
* ``checks`` -- the elementary look-ups or comparisons spent to produce it.

Constraint propagation (``solvers.propagation``) adds ``Prune`` and its exact
inverse ``Restore``: a column leaves, or comes back to, an unassigned row's
domain because of one queen. Every row's domain starts as all n columns, so the
domains at any moment are that minus the Prunes not yet Restored.
"""

from __future__ import annotations

from dataclasses import dataclass

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Place:
    """A queen now stands on (row, col)."""

    row: int
    col: int
    line: int = 0
    attempt: bool = True
    checks: int = 0


@dataclass(frozen=True, slots=True)
class Conflict:
    """(row, col) was tried and refused because ``blocker`` attacks it.

    On a full board (the enumerations) (row, col) and ``blocker`` are the two
    queens of the first conflicting pair.

    A *wipe-out* (``wipeout=True``, forward checking) says the queen just placed,
    ``blocker``, left the unassigned row ``row`` with no column: ``col`` is the
    last column it pruned from that row. It closes no candidate (``attempt`` is
    False); the placement is then undone.
    """

    row: int
    col: int
    blocker: Square
    line: int = 0
    attempt: bool = True
    checks: int = 0
    wipeout: bool = False


@dataclass(frozen=True, slots=True)
class Backtrack:
    """The queen on (row, col) is taken away."""

    row: int
    col: int
    line: int = 0
    attempt: bool = False
    checks: int = 0


@dataclass(frozen=True, slots=True)
class Solution:
    """The board is a solution; ``queens[r]`` is the column of row r's queen."""

    queens: tuple[int, ...]
    line: int = 0
    attempt: bool = False
    checks: int = 0


@dataclass(frozen=True, slots=True)
class Repair:
    """Local search moved the queen of ``row`` from ``old`` to ``new`` column.

    ``conflicts`` is the number of attacking pairs left on the board after it.
    """

    row: int
    old: int
    new: int
    conflicts: int
    line: int = 0
    attempt: bool = True
    checks: int = 0


@dataclass(frozen=True, slots=True)
class Prune:
    """Column ``col`` leaves the domain of the unassigned row ``row``: the queen on ``by`` attacks it."""

    row: int
    col: int
    by: Square
    line: int = 0
    attempt: bool = False
    checks: int = 0


@dataclass(frozen=True, slots=True)
class Restore:
    """The exact inverse of ``Prune(row, col, by)``: the column is back in the row's domain."""

    row: int
    col: int
    by: Square
    line: int = 0
    attempt: bool = False
    checks: int = 0


Event = Place | Conflict | Backtrack | Solution | Repair | Prune | Restore


def event_to_dict(event: Event) -> dict[str, object]:
    """A JSON-ready dict of an event, with its kind named (CLI ``events``)."""
    data: dict[str, object] = {"event": type(event).__name__.lower()}
    for name in event.__slots__:  # type: ignore[union-attr]
        value = getattr(event, name)
        data[name] = list(value) if isinstance(value, tuple) else value
    return data
