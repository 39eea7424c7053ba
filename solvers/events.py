"""The event protocol: what a solver says as it searches, and what each event does.

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

Each kind owns its meaning; the timeline, the board's marks, the event log, the
search tree and the counters ask the event rather than its type:

* ``apply(board)`` / ``undo(board)`` -- its effect on a ``BoardState`` (the queens,
  the domains where they are kept, the solutions a subclass keeps);
* ``walk(walker, sign)`` -- its step in the search tree (a ``Walker``);
* ``marks()`` -- the squares the board marks right after it;
* ``CODE`` and ``COUNTER``, ``codes()`` and ``code()`` -- its code in the event log
  and the counter it adds one to; ``pack(record)`` / ``unpack(...)`` -- its fields in
  a log record (``visualizer.core.eventlog``).
* ``transposed()`` -- the same step column by column; ``cue()`` -- its sound; ``did()`` --
  the key and numbers of race's sentence about it;
* ``placed()``, ``refusal()``, ``solved()``, ``pruned()`` -- the queen it put down, the square
  it refused and why, the board it reports solved, the column it prunes (None: not its kind);
* ``read(reader)`` -- the ``Reader``'s method for its kind: what a reader does of its own with
  each kind (a narrator's sentences, a resumer's state, the wire's line) needs no type switch.

A kind is a frozen dataclass deriving from ``Event``, registered with ``@event_kind``
(its codes join ``CODES``): a new kind, in any module, is its class and nothing else.

>>> board = BoardState([None] * 4)
>>> for event in (Place(0, 1), Place(1, 3), Backtrack(1, 3), Repair(0, 1, 2, 0)):
...     event.apply(board)
>>> board.queens
[2, None, None, None]
>>> Repair(0, 1, 2, 0).undo(board); board.queens
[1, None, None, None]
>>> CODES[Conflict(2, 0, (0, 0), wipeout=True).code()]
(<class 'solvers.events.Conflict'>, 'wipeouts')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, Protocol, TypeVar, runtime_checkable

Square = tuple[int, int]
T = TypeVar("T")
#: The event log's record maker: (event, code, row, col, a, b) -> its record. Row and column
#: take 20 bits each, ``a`` 24 and ``b`` 40; the event's line, attempt and checks are read from it.
Record = Callable[["Event", int, int, int, int, int], T]
#: A record's (line, attempt, checks), which every kind has.
Common = tuple[int, bool, int]
Queens = Sequence[int | None]


class Domains(Protocol):
    """What a Prune and a Restore move: every row's remaining columns (``solvers.domains.Domains``)."""

    n: int

    def remove(self, row: int, col: int, by: Square) -> None: ...

    def put_back(self, row: int, col: int) -> None: ...


class Board(Protocol):
    """What an event moves (``Event.apply`` / ``undo``): a ``BoardState``, or the narration's context."""

    @property
    def domains(self) -> Domains | None: ...

    def put(self, row: int, col: int) -> None: ...

    def lift(self, row: int, col: int) -> None: ...

    def solved(self, queens: tuple[int, ...], sign: int) -> None: ...

    def constrain(self, given: tuple[Square, ...], blocked: tuple[Square, ...], sign: int) -> None: ...


@runtime_checkable
class Arriving(Protocol):
    """An event source that may have to wait for its events (a student's search in its own
    process): ``ready`` says how many it gives now without waiting (``sys.maxsize``: it waits no more)."""

    def ready(self) -> int: ...


class BoardState:
    """What events move: the column of each row's queen (None: empty) and, where they are kept,
    the domains. ``solved`` hears each Solution applied or undone (a timeline keeps them)."""

    __slots__ = ("blocked", "domains", "given", "queens")

    def __init__(self, queens: list[int | None], domains: Domains | None = None) -> None:
        self.queens = queens
        self.domains = domains
        self.blocked: frozenset[Square] = frozenset()  # a constrained instance's holes
        self.given: frozenset[Square] = frozenset()  # ... and its given queens

    def put(self, row: int, col: int) -> None:
        """A queen now stands on (row, col)."""
        self.queens[row] = col

    def lift(self, row: int, col: int) -> None:
        """The queen on (row, col) is taken away."""
        self.queens[row] = None

    def solved(self, queens: tuple[int, ...], sign: int) -> None:
        """A Solution (``queens``) was applied (sign +1) or undone (-1); here nothing follows."""

    def constrain(self, given: tuple[Square, ...], blocked: tuple[Square, ...], sign: int) -> None:
        """A constrained instance's given queens (already put) and holes are known as such (sign
        +1), or no longer (-1)."""
        self.given = frozenset(given) if sign > 0 else frozenset()
        self.blocked = frozenset(blocked) if sign > 0 else frozenset()


class Walker(Protocol):
    """What follows the search tree as events arrive (``Event.walk``); sign -1 undoes the step."""

    def placed(self, row: int, col: int, sign: int) -> None:
        """A queen on (row, col): a new node one level down."""

    def lifted(self, row: int, col: int, sign: int) -> None:
        """The queen on (row, col) taken away: back up to its parent."""

    def refused(self, row: int, col: int, wipeout: bool, sign: int) -> None:
        """(row, col) refused: a child square, a whole board, or (``wipeout``) the node just placed."""

    def solved(self, sign: int) -> None:
        """The current node is a solution."""


class Reader(Generic[T]):
    """What reads events kind by kind (``Event.read`` calls the method of its kind): a narrator's
    sentences, a line of the wire, ... Each method does what ``other`` does unless overridden."""

    def other(self, event: Event) -> T:
        """A kind this reader has nothing of its own for."""
        raise TypeError(f"{type(self).__name__} cannot read {event!r}")

    def place(self, event: Place) -> T:
        return self.other(event)

    def conflict(self, event: Conflict) -> T:
        return self.other(event)

    def backtrack(self, event: Backtrack) -> T:
        return self.other(event)

    def solution(self, event: Solution) -> T:
        return self.other(event)

    def repair(self, event: Repair) -> T:
        return self.other(event)

    def prune(self, event: Prune) -> T:
        return self.other(event)

    def restore(self, event: Restore) -> T:
        return self.other(event)

    def set_up(self, event: Event, given: tuple[Square, ...], blocked: tuple[Square, ...]) -> T:
        """A constrained instance's start (``solvers.instance.Setup``): its given queens and holes."""
        return self.other(event)


@dataclass(frozen=True, slots=True)
class Marks:
    """The squares the board marks right after an event."""

    tried: Square | None = None  # the square the event tested or placed on
    refused: Square | None = None  # a square refused because ``blocker`` attacks it
    blocker: Square | None = None
    lifted: Square | None = None  # the square a backtrack just emptied
    moved: tuple[int, int, int] | None = None  # (row, old, new) of a local-search repair
    solution: bool = False  # the board is a solution


NO_MARKS = Marks()


class Event:
    """What the search says, one step: every kind derives from it and does, unless it says
    otherwise, nothing to the board, the tree or the marks."""

    __slots__ = ()
    #: its code in the event log (0..31), and the counter (a ``Counters`` field) it adds one to
    CODE: ClassVar[int]
    COUNTER: ClassVar[str | None] = None
    #: what it does to its square's domain: the column leaves it (True), comes back (False), or neither
    PRUNES: ClassVar[bool | None] = None
    line: int
    attempt: bool
    checks: int

    @classmethod
    def codes(cls) -> dict[int, str | None]:
        """Every code this kind takes in the event log, with the counter each adds one to."""
        return {cls.CODE: cls.COUNTER}

    def code(self) -> int:
        """This event's code in the event log."""
        return self.CODE

    def apply(self, board: Board) -> None:
        """Its effect on ``board``."""

    def undo(self, board: Board) -> None:
        """Take its effect on ``board`` back (``apply``'s exact inverse)."""

    def walk(self, walker: Walker, sign: int) -> None:
        """Its step in the search tree (sign -1: undone)."""

    def marks(self) -> Marks:
        """What the board marks right after it."""
        return NO_MARKS

    def transposed(self) -> Event:
        """The same step with rows and columns swapped (seed 001's column-by-column walk)."""
        return self

    def read(self, reader: Reader[T]) -> T:
        """What ``reader`` makes of it: the reader's method for its kind."""
        return reader.other(self)

    def placed(self) -> Square | None:
        """The square a queen was just put on (a new node of the search), or None."""
        return None

    def refusal(self) -> tuple[Square, Square] | None:
        """The square tried and refused, and the queen that attacks it (not a wipe-out), or None."""
        return None

    def solved(self) -> tuple[int, ...] | None:
        """The board it reports as a solution (``queens[row]``), or None."""
        return None

    def pruned(self) -> Square | None:
        """The square it takes out of its row's domain, or None."""
        return None

    def cue(self) -> tuple[str, int] | None:
        """Its sound (a cue's name: "place", "refuse", "backtrack", "solution") and the row whose
        pitch it takes; None: silent."""
        return None

    def did(self) -> tuple[str, dict[str, int]]:
        """What it did, as a sentence's key (``race_did_<key>`` in the window's strings) and the
        sentence's numbers (rows and columns from 1)."""
        return "other", {}

    def pack(self, record: Record[T]) -> T:
        """Its record in the event log, made by the log's ``record``."""
        raise NotImplementedError(f"{type(self).__name__} does not say how it is logged")

    @classmethod
    def unpack(cls, code: int, row: int, col: int, a: int, b: int, common: Common, queens: Queens) -> Event:
        """The event of a record's fields (``queens``: the board then)."""
        raise NotImplementedError(f"{cls.__name__} does not say how it is read back")


#: Each event log code's kind, and the counter an event of that code adds one to (filled by
#: ``event_kind`` as the kinds are defined).
CODES: dict[int, tuple[type[Event], str | None]] = {}
#: Every kind of event, in the order they were registered.
KINDS: list[type[Event]] = []
K = TypeVar("K", bound=type[Event])


def event_kind(kind: K) -> K:
    """Register an event kind (a class decorator, above ``@dataclass``): its codes (0..31, each
    used once) join ``CODES``, so the counters and the event log know it."""
    codes = kind.codes()
    for code in codes:
        if code in CODES or not 0 <= code < 32:
            raise ValueError(f"{kind.__name__}: event log code {code} taken or out of 0..31")
    CODES.update((code, (kind, counter)) for code, counter in codes.items())
    KINDS.append(kind)
    return kind


@event_kind
@dataclass(frozen=True, slots=True)
class Place(Event):
    """A queen now stands on (row, col)."""

    CODE: ClassVar[int] = 0
    COUNTER: ClassVar[str | None] = "placements"
    row: int
    col: int
    line: int = 0
    attempt: bool = True
    checks: int = 0

    def apply(self, board: Board) -> None:
        board.put(self.row, self.col)

    def undo(self, board: Board) -> None:
        board.lift(self.row, self.col)

    def walk(self, walker: Walker, sign: int) -> None:
        walker.placed(self.row, self.col, sign)

    def marks(self) -> Marks:
        return Marks(tried=(self.row, self.col))

    def transposed(self) -> Place:
        return Place(self.col, self.row, self.line, self.attempt, self.checks)

    def placed(self) -> Square | None:
        return (self.row, self.col)

    def cue(self) -> tuple[str, int] | None:
        return "place", self.row

    def did(self) -> tuple[str, dict[str, int]]:
        return "try", {"r": self.row + 1, "c": self.col + 1}

    def read(self, reader: Reader[T]) -> T:
        return reader.place(self)

    def pack(self, record: Record[T]) -> T:
        """Its record, made by the log's ``record``."""
        return record(self, self.CODE, self.row, self.col, 0, 0)

    @classmethod
    def unpack(cls, code: int, row: int, col: int, a: int, b: int, common: Common, queens: Queens) -> Place:
        """The event of a record's fields (``queens``: the board then)."""
        return cls(row, col, *common)


@event_kind
@dataclass(frozen=True, slots=True)
class Conflict(Event):
    """(row, col) was tried and refused because ``blocker`` attacks it.

    On a full board (the enumerations) (row, col) and ``blocker`` are the two
    queens of the first conflicting pair.

    A *wipe-out* (``wipeout=True``, forward checking) says the queen just placed,
    ``blocker``, left the unassigned row ``row`` with no column: ``col`` is the
    last column it pruned from that row. It closes no candidate (``attempt`` is
    False); the placement is then undone.
    """

    CODE: ClassVar[int] = 1
    WIPEOUT_CODE: ClassVar[int] = 7
    row: int
    col: int
    blocker: Square
    line: int = 0
    attempt: bool = True
    checks: int = 0
    wipeout: bool = False

    @classmethod
    def codes(cls) -> dict[int, str | None]:
        return {cls.CODE: None, cls.WIPEOUT_CODE: "wipeouts"}

    def code(self) -> int:
        return self.WIPEOUT_CODE if self.wipeout else self.CODE

    def walk(self, walker: Walker, sign: int) -> None:
        walker.refused(self.row, self.col, self.wipeout, sign)

    def marks(self) -> Marks:
        square = (self.row, self.col)
        return Marks(tried=square, refused=square, blocker=self.blocker)

    def transposed(self) -> Conflict:
        br, bc = self.blocker
        return Conflict(self.col, self.row, (bc, br), self.line, self.attempt, self.checks, self.wipeout)

    def refusal(self) -> tuple[Square, Square] | None:
        return None if self.wipeout else ((self.row, self.col), self.blocker)

    def cue(self) -> tuple[str, int] | None:
        return "refuse", self.row

    def did(self) -> tuple[str, dict[str, int]]:
        return "try", {"r": self.row + 1, "c": self.col + 1}

    def read(self, reader: Reader[T]) -> T:
        return reader.conflict(self)

    def pack(self, record: Record[T]) -> T:
        """Its record, made by the log's ``record``."""
        a, b = self.blocker
        return record(self, self.code(), self.row, self.col, a, b)

    @classmethod
    def unpack(
        cls, code: int, row: int, col: int, a: int, b: int, common: Common, queens: Queens
    ) -> Conflict:
        """The event of a record's fields (``queens``: the board then)."""
        return cls(row, col, (a, b), *common, code == cls.WIPEOUT_CODE)


@event_kind
@dataclass(frozen=True, slots=True)
class Backtrack(Event):
    """The queen on (row, col) is taken away."""

    CODE: ClassVar[int] = 2
    COUNTER: ClassVar[str | None] = "backtracks"
    row: int
    col: int
    line: int = 0
    attempt: bool = False
    checks: int = 0

    def apply(self, board: Board) -> None:
        board.lift(self.row, self.col)

    def undo(self, board: Board) -> None:
        board.put(self.row, self.col)

    def walk(self, walker: Walker, sign: int) -> None:
        walker.lifted(self.row, self.col, sign)

    def marks(self) -> Marks:
        return Marks(lifted=(self.row, self.col))

    def transposed(self) -> Backtrack:
        return Backtrack(self.col, self.row, self.line, self.attempt, self.checks)

    def cue(self) -> tuple[str, int] | None:
        return "backtrack", self.row

    def did(self) -> tuple[str, dict[str, int]]:
        return "lift", {"r": self.row + 1, "c": self.col + 1}

    def read(self, reader: Reader[T]) -> T:
        return reader.backtrack(self)

    def pack(self, record: Record[T]) -> T:
        """Its record, made by the log's ``record``."""
        return record(self, self.CODE, self.row, self.col, 0, 0)

    @classmethod
    def unpack(
        cls, code: int, row: int, col: int, a: int, b: int, common: Common, queens: Queens
    ) -> Backtrack:
        """The event of a record's fields (``queens``: the board then)."""
        return cls(row, col, *common)


@event_kind
@dataclass(frozen=True, slots=True)
class Solution(Event):
    """The board is a solution; ``queens[r]`` is the column of row r's queen."""

    CODE: ClassVar[int] = 3
    COUNTER: ClassVar[str | None] = "solutions"
    queens: tuple[int, ...]
    line: int = 0
    attempt: bool = False
    checks: int = 0

    def apply(self, board: Board) -> None:
        board.solved(self.queens, 1)

    def undo(self, board: Board) -> None:
        board.solved(self.queens, -1)

    def walk(self, walker: Walker, sign: int) -> None:
        walker.solved(sign)

    def marks(self) -> Marks:
        return Marks(solution=True)

    def transposed(self) -> Solution:
        queens = [0] * len(self.queens)
        for col, row in enumerate(self.queens):
            queens[row] = col
        return Solution(tuple(queens), self.line, self.attempt, self.checks)

    def cue(self) -> tuple[str, int] | None:
        return "solution", 0

    def solved(self) -> tuple[int, ...] | None:
        return self.queens

    def did(self) -> tuple[str, dict[str, int]]:
        return "solution", {}

    def read(self, reader: Reader[T]) -> T:
        return reader.solution(self)

    def pack(self, record: Record[T]) -> T:
        """Its record, made by the log's ``record``: its queens are not kept (they are the board)."""
        return record(self, self.CODE, 0, 0, 0, 0)

    @classmethod
    def unpack(
        cls, code: int, row: int, col: int, a: int, b: int, common: Common, queens: Queens
    ) -> Solution:
        """The event of a record's fields (``queens``: the board then)."""
        return cls(tuple(c for c in queens if c is not None), *common)


@event_kind
@dataclass(frozen=True, slots=True)
class Repair(Event):
    """Local search moved the queen of ``row`` from ``old`` to ``new`` column.

    ``conflicts`` is the number of attacking pairs left on the board after it.
    """

    CODE: ClassVar[int] = 4
    COUNTER: ClassVar[str | None] = "repairs"
    row: int
    old: int
    new: int
    conflicts: int
    line: int = 0
    attempt: bool = True
    checks: int = 0

    def apply(self, board: Board) -> None:
        board.lift(self.row, self.old)
        board.put(self.row, self.new)

    def undo(self, board: Board) -> None:
        board.lift(self.row, self.new)
        board.put(self.row, self.old)

    def marks(self) -> Marks:
        return Marks(moved=(self.row, self.old, self.new), tried=(self.row, self.new))

    def cue(self) -> tuple[str, int] | None:
        return "place", self.row

    def did(self) -> tuple[str, dict[str, int]]:
        return "move", {"r": self.row + 1, "a": self.old + 1, "c": self.new + 1}

    def read(self, reader: Reader[T]) -> T:
        return reader.repair(self)

    def pack(self, record: Record[T]) -> T:
        """Its record, made by the log's ``record``."""
        return record(self, self.CODE, self.row, self.new, self.old, self.conflicts)

    @classmethod
    def unpack(cls, code: int, row: int, col: int, a: int, b: int, common: Common, queens: Queens) -> Repair:
        """The event of a record's fields (``queens``: the board then)."""
        return cls(row, a, col, b, *common)


@event_kind
@dataclass(frozen=True, slots=True)
class Prune(Event):
    """Column ``col`` leaves the domain of the unassigned row ``row``: the queen on ``by`` attacks it."""

    CODE: ClassVar[int] = 5
    COUNTER: ClassVar[str | None] = "pruned"
    PRUNES: ClassVar[bool | None] = True
    row: int
    col: int
    by: Square
    line: int = 0
    attempt: bool = False
    checks: int = 0

    def apply(self, board: Board) -> None:
        if board.domains is not None:
            board.domains.remove(self.row, self.col, self.by)

    def undo(self, board: Board) -> None:
        if board.domains is not None:
            board.domains.put_back(self.row, self.col)

    def pruned(self) -> Square | None:
        return (self.row, self.col)

    def did(self) -> tuple[str, dict[str, int]]:
        return "prune", {"r": self.row + 1, "c": self.col + 1}

    def read(self, reader: Reader[T]) -> T:
        return reader.prune(self)

    def pack(self, record: Record[T]) -> T:
        """Its record, made by the log's ``record``."""
        a, b = self.by
        return record(self, self.CODE, self.row, self.col, a, b)

    @classmethod
    def unpack(cls, code: int, row: int, col: int, a: int, b: int, common: Common, queens: Queens) -> Prune:
        """The event of a record's fields (``queens``: the board then)."""
        return cls(row, col, (a, b), *common)


@event_kind
@dataclass(frozen=True, slots=True)
class Restore(Event):
    """The exact inverse of ``Prune(row, col, by)``: the column is back in the row's domain."""

    CODE: ClassVar[int] = 6
    PRUNES: ClassVar[bool | None] = False
    row: int
    col: int
    by: Square
    line: int = 0
    attempt: bool = False
    checks: int = 0

    def apply(self, board: Board) -> None:
        if board.domains is not None:
            board.domains.put_back(self.row, self.col)

    def undo(self, board: Board) -> None:
        if board.domains is not None:
            board.domains.remove(self.row, self.col, self.by)

    def did(self) -> tuple[str, dict[str, int]]:
        return "restore", {"r": self.row + 1, "c": self.col + 1}

    def read(self, reader: Reader[T]) -> T:
        return reader.restore(self)

    def pack(self, record: Record[T]) -> T:
        """Its record, made by the log's ``record``."""
        a, b = self.by
        return record(self, self.CODE, self.row, self.col, a, b)

    @classmethod
    def unpack(cls, code: int, row: int, col: int, a: int, b: int, common: Common, queens: Queens) -> Restore:
        """The event of a record's fields (``queens``: the board then)."""
        return cls(row, col, (a, b), *common)


def event_to_dict(event: Event) -> dict[str, object]:
    """A JSON-ready dict of an event, with its kind named (CLI ``events``)."""
    data: dict[str, object] = {"event": type(event).__name__.lower()}
    for field in dataclasses.fields(event):  # type: ignore[arg-type]
        value = getattr(event, field.name)
        data[field.name] = list(value) if isinstance(value, tuple) else value
    return data
