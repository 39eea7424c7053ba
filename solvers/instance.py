"""A constrained instance ("N-Queens completion"): some squares blocked, some queens given.

The board starts with the given queens on it and the blocked squares marked. A search never
tries a blocked square (it is a hole: no attempt, no event); a given queen's row is already
done (the search moves past it with no event) and its column and diagonals are occupied from
the start, so a square it attacks is refused with it as the blocker. A solution holds the
givens and no queen on a blocked square; its board is the full board.

Squares are (row, column), counted from 0. On a command line an instance is written as
``--blocked R,C R,C ... --given R,C ...`` (``parse_squares`` / ``Instance.arguments``):

>>> inst = Instance(4, blocked=frozenset({(0, 0)}), given=((0, 1),))
>>> inst.arguments()
'--blocked 0,0 --given 0,1'
>>> parse_squares(["2,3", "0,1"])
((2, 3), (0, 1))
>>> inst.queens()
[1, None, None, None]
>>> Instance(4, given=((0, 0), (1, 1))).validate()
Traceback (most recent call last):
...
solvers.errors.SolverError: the given queens on (0, 0) and (1, 1) attack each other
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, TypeVar

from solvers.errors import SolverError
from solvers.events import NO_MARKS, Board, Common, Event, Marks, Queens, Reader, Record, event_kind

Square = tuple[int, int]
#: A square's first reason to leave a free row's domain at the start: (row, col, by), ``by`` the
#: given queen attacking it, or the square itself when it is blocked.
StartPrune = tuple[int, int, Square]
T = TypeVar("T")
#: The largest board whose Setup the window's event log packs (its blocked squares in 64 bits).
MAX_LOGGED_N = 8
#: A word of squares: ``R,C`` in ASCII digits, one space between two squares, nothing around them --
#: what the n parser takes for a number (``int()`` would also read "٣", "３" and " 3").
_SQUARES = re.compile(r"-?[0-9]{1,30},-?[0-9]{1,30}(?: -?[0-9]{1,30},-?[0-9]{1,30})*", re.ASCII)


def _attack(a: Square, b: Square) -> bool:
    (r1, c1), (r2, c2) = a, b
    return a != b and (r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2))


@dataclass(frozen=True)
class Instance:
    """An n x n board with ``blocked`` squares and ``given`` queens ((row, col) squares)."""

    n: int
    blocked: frozenset[Square] = frozenset()
    given: tuple[Square, ...] = ()
    seed: int | None = field(default=None, compare=False)  # the seed ``random`` drew it from, if any

    @property
    def plain(self) -> bool:
        """Whether nothing is blocked and nothing given (the ordinary search)."""
        return not self.blocked and not self.given

    def validate(self) -> Instance:
        """Refuse an instance no search can start from, in one sentence (``SolverError``); returns it."""
        n = self.n
        for kind, squares in (("blocked", sorted(self.blocked)), ("given", self.given)):
            for r, c in squares:
                if not (0 <= r < n and 0 <= c < n):
                    raise SolverError(f"the {kind} square ({r}, {c}) is off the {n} x {n} board")
        rows: dict[int, Square] = {}
        for square in self.given:
            if self.given.count(square) > 1:
                raise SolverError(f"the square {square} is given twice")
            if square in self.blocked:
                raise SolverError(f"the given queen on {square} stands on a blocked square")
            other = rows.setdefault(square[0], square)
            if other != square:
                raise SolverError(f"two given queens, {other} and {square}, are in row {square[0]}")
        for i, a in enumerate(self.given):
            for b in self.given[i + 1 :]:
                if _attack(a, b):
                    raise SolverError(f"the given queens on {a} and {b} attack each other")
        return self

    def queens(self) -> list[int | None]:
        """The board at the start: ``queens[row]`` the given queen's column (None: a free row)."""
        board: list[int | None] = [None] * self.n
        for r, c in self.given:
            board[r] = c
        return board

    def free_rows(self) -> list[int]:
        """The rows without a given queen, top down."""
        board = self.queens()
        return [r for r in range(self.n) if board[r] is None]

    def start_prunes(self) -> list[StartPrune]:
        """What leaves the free rows' domains before the first move, row by row, columns
        ascending: a blocked square (by itself), else a square a given queen attacks (by the
        first such given, top down)."""
        out: list[StartPrune] = []
        givens = sorted(self.given)
        for r in self.free_rows():
            for c in range(self.n):
                if (r, c) in self.blocked:
                    out.append((r, c, (r, c)))
                    continue
                by = next((g for g in givens if _attack(g, (r, c))), None)
                if by is not None:
                    out.append((r, c, by))
        return out

    def allows(self, queens: Sequence[int]) -> bool:
        """Whether a full board (``queens[row] = column``) keeps the givens and no blocked square."""
        return all(queens[r] == c for r, c in self.given) and not any(
            (r, c) in self.blocked for r, c in enumerate(queens)
        )

    def as_json(self) -> dict[str, object]:
        """Its JSON form: ``{"n", "blocked": [[r, c]...], "given": [[r, c]...], "seed"}``."""
        return {
            "n": self.n,
            "blocked": [list(square) for square in sorted(self.blocked)],
            "given": [list(square) for square in self.given],
            "seed": self.seed,
        }

    def arguments(self) -> str:
        """The command-line form: ``--blocked R,C ... --given R,C ...`` (parts left out when empty)."""
        parts = []
        if self.blocked:
            parts.append("--blocked " + format_squares(sorted(self.blocked)))
        if self.given:
            parts.append("--given " + format_squares(self.given))
        return " ".join(parts)

    @classmethod
    def random(cls, n: int, seed: int, *, blocked: int = 0, given: int = 0) -> Instance:
        """A reproducible instance from ``seed`` (``random.Random(seed)``) with ``blocked``
        squares and ``given`` queens that still has at least one solution: one solution of the
        plain board is drawn first, the givens are ``given`` of its queens and the blocked
        squares avoid all of its queens, so that solution survives (no retry is needed)."""
        if not 0 <= given <= n or not 0 <= blocked <= n * n - n:
            raise SolverError(
                f"a random {n} x {n} instance takes 0..{n} given queens and 0..{n * n - n} blocked squares"
            )
        rng = random.Random(seed)
        solutions = list(_solutions(n)) if blocked or given else [()]
        if not solutions:
            raise SolverError(f"the {n} x {n} board has no solution to draw an instance from")
        chosen = rng.choice(solutions)
        rows = sorted(rng.sample(range(n), given))
        holes = [(r, c) for r in range(n) for c in range(n) if chosen[r] != c] if blocked else []
        return cls(
            n, frozenset(rng.sample(holes, blocked)), tuple((r, chosen[r]) for r in rows), seed
        ).validate()

    @classmethod
    def parse(cls, n: int, blocked: Iterable[str] = (), given: Iterable[str] = ()) -> Instance:
        """The instance of the command-line words (``--blocked 0,1 2,3 --given 4,5``), validated."""
        return cls(n, frozenset(parse_squares(blocked)), parse_squares(given)).validate()


@event_kind
@dataclass(frozen=True, slots=True)
class Setup(Event):
    """A constrained instance's start (``solvers.instance``), yielded first: the ``given`` queens
    stand on the board, the ``blocked`` squares are holes and, where domains are kept, every free
    row's domain loses its blocked squares and the squares a given queen attacks
    (``Instance.start_prunes``). No attempt, no counter. Logged for boards up to 8 x 8:
    the blocked squares as a 64-bit mask, each row's given column + 1 in four bits."""

    CODE: ClassVar[int] = 10
    given: tuple[Square, ...]
    blocked: tuple[Square, ...]
    line: int = 0
    attempt: bool = False
    checks: int = 0

    def _prunes(self, n: int) -> list[StartPrune]:
        return Instance(n, frozenset(self.blocked), self.given).start_prunes()

    def apply(self, board: Board) -> None:
        for row, col in self.given:
            board.put(row, col)
        board.constrain(self.given, self.blocked, 1)
        if board.domains is not None:
            for row, col, by in self._prunes(board.domains.n):
                board.domains.remove(row, col, by)

    def undo(self, board: Board) -> None:
        if board.domains is not None:
            for row, col, _ in reversed(self._prunes(board.domains.n)):
                board.domains.put_back(row, col)
        board.constrain(self.given, self.blocked, -1)
        for row, col in reversed(self.given):
            board.lift(row, col)

    def marks(self) -> Marks:
        return NO_MARKS

    def read(self, reader: Reader[T]) -> T:
        return reader.set_up(self, self.given, self.blocked)

    def pack(self, record: Record[T]) -> T:
        """Its record, made by the log's ``record`` (boards up to 8 x 8)."""
        if any(
            not (0 <= r < MAX_LOGGED_N and 0 <= c < MAX_LOGGED_N) for r, c in (*self.given, *self.blocked)
        ):
            raise ValueError(f"a Setup is logged for boards up to {MAX_LOGGED_N} x {MAX_LOGGED_N}")
        mask = sum(1 << (r * 8 + c) for r, c in self.blocked)
        cols = sum((c + 1) << (4 * r) for r, c in self.given)
        return record(self, self.CODE, cols & 0xFFFFF, cols >> 20, mask & 0xFFFFFF, mask >> 24)

    @classmethod
    def unpack(cls, code: int, row: int, col: int, a: int, b: int, common: Common, queens: Queens) -> Setup:
        """The event of a record's fields (``queens``: the board then)."""
        cols, mask = row | col << 20, a | b << 24
        given = tuple((r, (cols >> (4 * r) & 15) - 1) for r in range(8) if cols >> (4 * r) & 15)
        blocked = tuple((k // 8, k % 8) for k in range(64) if mask >> k & 1)
        return cls(given, blocked, *common)


def parse_squares(words: Iterable[str]) -> tuple[Square, ...]:
    """Squares written ``R,C`` in ASCII digits (several per word too, one space apart), in order.

    >>> parse_squares(["0,1 2,3"])
    ((0, 1), (2, 3))
    >>> parse_squares(["٠,١"])
    Traceback (most recent call last):
    ...
    solvers.errors.SolverError: a square is written ROW,COL (digits 0-9, one space between two), not '٠,١'
    """
    out: list[Square] = []
    for word in words:
        if not _SQUARES.fullmatch(word):
            shown = repr(word) if len(word) <= 40 else repr(word[:40])[:-1] + "…'"
            raise SolverError(f"a square is written ROW,COL (digits 0-9, one space between two), not {shown}")
        for item in word.split(" "):
            row, col = item.split(",")
            out.append((int(row), int(col)))
    return tuple(out)


def format_squares(squares: Iterable[Square]) -> str:
    """Squares in the command-line form ``R,C R,C``."""
    return " ".join(f"{r},{c}" for r, c in squares)


def _solutions(n: int) -> Iterator[tuple[int, ...]]:
    """Every solution of the plain n x n board, in lexicographic order (a small search of its own,
    so that drawing an instance depends on no solver)."""
    queens: list[int] = []

    def place(row: int) -> Iterator[tuple[int, ...]]:
        if row == n:
            yield tuple(queens)
            return
        for c in range(n):
            if all(c != q and abs(c - q) != row - r for r, q in enumerate(queens)):
                queens.append(c)
                yield from place(row + 1)
                queens.pop()

    return place(0)
