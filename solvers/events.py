"""The event protocol: what a solver says as it searches.

Every solver is a generator of these small immutable values. ``Place`` and
``Backtrack`` are exact inverses, which is what makes stepping back cheap.

Two fields carry the counters of DESIGN.md:

* ``attempt`` -- this event closes one examined candidate (a square tested by
  the backtracking family, a whole board or permutation for the enumerations),
  so it adds one to the *attempts* counter;
* ``checks`` -- the elementary look-ups or comparisons spent to produce it.
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
    """

    row: int
    col: int
    blocker: Square
    line: int = 0
    attempt: bool = True
    checks: int = 0


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


Event = Place | Conflict | Backtrack | Solution | Repair


def event_to_dict(event: Event) -> dict[str, object]:
    """A JSON-ready dict of an event, with its kind named (CLI ``events``)."""
    data: dict[str, object] = {"event": type(event).__name__.lower()}
    for name in event.__slots__:  # type: ignore[union-attr]
        value = getattr(event, name)
        data[name] = list(value) if isinstance(value, tuple) else value
    return data
