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

from solvers.events import Backtrack, BoardState, Conflict, Event, Place, Prune, Reader, Solution
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
        return self.last is None or self.last.read(_Deeper())


class _Deeper(Reader[bool]):
    """Whether the search goes a level deeper after the event: a queen placed, or its pruning."""

    def other(self, event: Event) -> bool:
        return False

    def place(self, event: Place) -> bool:
        return True

    def prune(self, event: Prune) -> bool:
        return True


@dataclass
class Follower(Reader[None]):
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
        event.read(self)

    # -- what each kind does to the position (``Reader``): a move is the last event, the rest not

    def other(self, event: Event) -> None:
        """Restores and the kinds of other searches change nothing here."""

    def place(self, event: Place) -> None:
        self.order.append(event.row)
        self.last = event

    def backtrack(self, event: Backtrack) -> None:
        if event.row in self.order:
            self.order.remove(event.row)
        self.last = event

    def prune(self, event: Prune) -> None:
        self.pruned.setdefault((event.row, event.col), event.by)
        self.last = event

    def conflict(self, event: Conflict) -> None:
        self.last = event

    def solution(self, event: Solution) -> None:
        self.last = event

    def set_up(self, event: Event, given: tuple[Square, ...], blocked: tuple[Square, ...]) -> None:
        """A constrained instance's givens: their rows are done."""
        rows = {r for r, _ in given}
        self.free = tuple(r for r in range(self.n) if r not in rows)

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
        if last is None or not free:
            state = (free[0] if free else 0, 0, TRY)
        else:
            state = last.read(_TreeState(position, rules))
        return {"start": (queens, state)}


class _TreeState(Reader[tuple[int, int, int]]):
    """``TreeResume``'s state ``(row, col, phase)`` right after a move, on a board with rows left."""

    def __init__(self, position: Position, rules: Rules) -> None:
        self.queens, self.free, self.rules = position.queens, position.free, rules

    def solution(self, event: Solution) -> tuple[int, int, int]:
        return (self.free[-1], self.queens[self.free[-1]] or 0, SOLVED)

    def place(self, event: Place) -> tuple[int, int, int]:
        below = [r for r in self.free if r > event.row]
        return (below[0], 0, TRY) if below else (event.row, event.col, FULL)

    def backtrack(self, event: Backtrack) -> tuple[int, int, int]:
        free, rules = self.free, self.rules
        above = [r for r in free if r < event.row]
        if rules.resume == "first":
            return (event.row, 0, TRY)
        if rules.back > 1 and event.row != free[-1] and above:  # lifted on a dead end: one more
            return (above[-1], self.queens[above[-1]] or 0, LIFT)
        return (event.row, event.col + 1, TRY)

    def conflict(self, event: Conflict) -> tuple[int, int, int]:
        return (event.row, event.col + 1, TRY)


class _PlacementState(Reader[tuple[int, int, int]]):
    """``PlacementResume``'s state right after a move."""

    def other(self, event: Event) -> tuple[int, int, int]:
        return (TRY, 0, 0)

    def place(self, event: Place) -> tuple[int, int, int]:
        return (PLACED, 0, 0)

    def prune(self, event: Prune) -> tuple[int, int, int]:
        return (PRUNED, 0, 0)

    def solution(self, event: Solution) -> tuple[int, int, int]:
        return (SOLVED, 0, 0)

    def backtrack(self, event: Backtrack) -> tuple[int, int, int]:
        return (TRY, event.col + 1, event.row + 1)


class PlacementVariants(Variants):
    """Forward checking and MRV: a ``PlacementResume`` state from the last event (``PRUNED`` right
    after a queen's prunes; the row a backtrack left named, so a variant choosing rows otherwise
    goes on in it), the rows rebuilt in the model's order, and, for a variant that never restores,
    every column pruned so far."""

    def start(self, position: Position, rules: Rules) -> dict[str, object]:
        last = position.last
        state = (TRY, 0, 0) if last is None else last.read(_PlacementState())
        stale = () if rules.restore else position.pruned
        return {"start": (position.queens, state), "order": position.order, "stale": stale}
