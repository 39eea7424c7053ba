"""The rules a search's generator can be told to break, and where a search so changed resumes.

A *wrong version* of an algorithm (``solvers/misconceptions.py``) is the algorithm's own generator
run with ``rules=``: the same walk with one thing done wrong, never a second copy of it. ``MODEL``
is the algorithm as written; each field of ``Rules`` is one thing a student may get wrong:

* ``sees`` -- the lines a check looks along: "column", "sum" (the r + c diagonals) and
  "difference" (the r - c diagonals);
* ``undo`` -- a queen is taken away before the next column of its row is tried;
* ``resume`` -- after a backtrack the row goes on from the "next" column, or from the "first";
* ``back`` -- the rows gone back when a row runs out of columns (2: one row too far);
* ``prune`` -- forward checking prunes "all" the empty rows, or only the "next" one;
* ``restore`` -- the columns a queen pruned come back when it is taken back;
* ``rows`` -- MRV fills next the row with the "fewest" columns left (ties: the top one), the
  same with ties to the bottom ("fewest-bottom"), or the row with the fewest attacked squares
  ("fewest-attacked": the most columns left).

A spec's ``variants`` (a ``TreeVariants`` or a ``PlacementVariants``) names the fields its
generator takes and says where a variant starts at a ``Position`` of the model run: the exercise
asks each wrong version what it would do next from the very square the student stands on.

>>> Rules(sees=frozenset({"column", "sum"})).changed()
('sees',)
>>> follower = Follower(4)
>>> from solvers.events import Backtrack, Conflict, Place
>>> for event in (Place(0, 0), Conflict(1, 0, (0, 0)), Conflict(1, 1, (0, 0)), Place(1, 2)):
...     follower.apply(event)
>>> TreeVariants(frozenset()).start(follower.position(), MODEL)["start"]
((0, 2, None, None), (2, 0, 0))
>>> follower.apply(Backtrack(1, 2))
>>> TreeVariants(frozenset()).start(follower.position(), Rules(back=2))["start"]
((0, None, None, None), (0, 0, 2))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from solvers.events import Backtrack, BoardState, Conflict, Event, Place, Prune, Solution
from solvers.instance import Setup
from solvers.resume import FULL, LIFT, PLACED, PRUNED, SOLVED, TRY

Square = tuple[int, int]
LINES = ("column", "sum", "difference")
RESUMES = ("next", "first")
PRUNES = ("all", "next")
ROWS = ("fewest", "fewest-bottom", "fewest-attacked")


@dataclass(frozen=True)
class Rules:
    """How a generator walks (``MODEL``: as the algorithm is written); see the module's docstring."""

    sees: frozenset[str] = frozenset(LINES)
    undo: bool = True
    resume: str = "next"
    back: int = 1
    prune: str = "all"
    restore: bool = True
    rows: str = "fewest"

    def changed(self) -> tuple[str, ...]:
        """The fields that differ from the model's, in field order."""
        return tuple(
            f.name for f in dataclasses.fields(self) if getattr(self, f.name) != getattr(MODEL, f.name)
        )

    def sees_line(self, line: str) -> bool:
        return line in self.sees


MODEL = Rules()


@dataclass(frozen=True)
class Position:
    """Where a model run stands between two moves: the board (``queens[row]``, None: empty), the
    rows whose queen the search placed in the order it placed them (not a constrained instance's
    givens), the last move event (None: nothing yet), every column pruned so far with its first
    pruner (row, col, by), and the rows without a given queen."""

    queens: tuple[int | None, ...]
    order: tuple[int, ...]
    last: Event | None
    pruned: tuple[tuple[int, int, Square], ...]
    free: tuple[int, ...]

    @property
    def fresh(self) -> bool:
        """Whether the next placement is at a new depth (not the next column of a row just
        backtracked or refused in): what the exercise's MRV asks a row for."""
        return self.last is None or type(self.last) in (Place, Prune)


@dataclass
class Follower:
    """Follows a model run's events, one at a time, and says its ``Position`` between them."""

    n: int
    board: BoardState = field(init=False)
    order: list[int] = field(default_factory=list)
    last: Event | None = None
    pruned: dict[Square, Square] = field(default_factory=dict)
    free: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        self.board = BoardState([None] * self.n)
        self.free = tuple(range(self.n))

    def apply(self, event: Event) -> None:
        """The run's next event."""
        event.apply(self.board)
        kind = type(event)
        if kind is Place:
            self.order.append(event.row)  # type: ignore[attr-defined]
        elif kind is Backtrack and event.row in self.order:  # type: ignore[attr-defined]
            self.order.remove(event.row)  # type: ignore[attr-defined]
        elif kind is Prune:
            self.pruned.setdefault((event.row, event.col), event.by)  # type: ignore[attr-defined]
        if kind in (Place, Conflict, Backtrack, Solution, Prune):
            self.last = event
        elif isinstance(event, Setup):  # a constrained instance's givens: their rows are done
            given = {r for r, _ in event.given}
            self.free = tuple(r for r in range(self.n) if r not in given)

    def position(self) -> Position:
        return Position(
            tuple(self.board.queens),
            tuple(self.order),
            self.last,
            tuple((r, c, by) for (r, c), by in self.pruned.items()),
            self.free,
        )


class Variants:
    """How a spec's generator runs its wrong versions: the ``Rules`` fields it takes (``fields``),
    and the generator's keywords that start a variant at a position of the model run."""

    def __init__(self, fields: frozenset[str]) -> None:
        self.fields = fields

    def takes(self, rules: Rules) -> bool:
        """Whether the generator runs ``rules`` (every changed field is one it takes)."""
        return set(rules.changed()) <= self.fields

    def start(self, position: Position, rules: Rules) -> dict[str, object]:
        raise NotImplementedError


class TreeVariants(Variants):
    """The backtracking family and bitmask: a ``solvers.resume`` tree state ``(row, col, phase)``
    from the last event, as ``TreeResume`` names it, with a constrained instance's given rows
    stepped over; a variant that restarts a row or goes back too far starts where it would."""

    def start(self, position: Position, rules: Rules) -> dict[str, object]:
        queens, free, last = position.queens, position.free, position.last
        state: tuple[int, int, int]
        if last is None or not free:
            state = (free[0] if free else 0, 0, TRY)
        elif isinstance(last, Solution):
            state = (free[-1], queens[free[-1]] or 0, SOLVED)
        elif isinstance(last, Place):
            below = [r for r in free if r > last.row]
            state = (below[0], 0, TRY) if below else (last.row, last.col, FULL)
        elif isinstance(last, Backtrack):
            above = [r for r in free if r < last.row]
            if rules.resume == "first":
                state = (last.row, 0, TRY)
            elif rules.back > 1 and last.row != free[-1] and above:  # lifted on a dead end: one more
                state = (above[-1], queens[above[-1]] or 0, LIFT)
            else:
                state = (last.row, last.col + 1, TRY)
        else:
            assert isinstance(last, Conflict)
            state = (last.row, last.col + 1, TRY)
        return {"start": (queens, state)}


class PlacementVariants(Variants):
    """Forward checking and MRV: a ``PlacementResume`` state from the last event (``PRUNED`` right
    after a queen's prunes; the row a backtrack left named, so a variant choosing rows otherwise
    goes on in it), the rows rebuilt in the model's order, and, for a variant that never restores,
    every column pruned so far."""

    def start(self, position: Position, rules: Rules) -> dict[str, object]:
        last = position.last
        state: tuple[int, int, int]
        if isinstance(last, Place):
            state = (PLACED, 0, 0)
        elif isinstance(last, Prune):
            state = (PRUNED, 0, 0)
        elif isinstance(last, Solution):
            state = (SOLVED, 0, 0)
        elif isinstance(last, Backtrack):
            state = (TRY, last.col + 1, last.row + 1)
        else:
            state = (TRY, 0, 0)
        stale = () if rules.restore else position.pruned
        return {"start": (position.queens, state), "order": position.order, "stale": stale}
