"""The board model: queens, attacks, validity and the eight symmetries.

A board holds at most one queen per row, stored as ``queens[row] = column``
(``None`` where the row is empty), the representation every seed uses.

>>> board = Board(4)
>>> board.place(0, 1); board.place(1, 3)
>>> board.attacker(2, 2)
(1, 3)
>>> board.place(2, 0); board.place(3, 2)
>>> board.is_solution()
True
>>> canonical((1, 3, 0, 2))
(1, 3, 0, 2)

Queens per line (row, column, diagonal r + c, anti-diagonal r - c + n - 1) are
counted once, here, with ``numpy.bincount``; attacked squares, conflicts per
queen, attacking pairs and validity are all read from those counts:

>>> lines = line_counts([0, 2, None, 2])
>>> lines.cols.tolist(), lines.total
([1, 0, 2, 0], 3)
>>> queen_conflicts([0, 2, None, 2]).tolist(), attacking_pairs([0, 2, None, 2])
([0, 1, 0, 1], 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

Square = tuple[int, int]
Queens = Sequence[int | None] | np.ndarray  # queens[row] = column; None (or < 0 in an array) = empty row


def placed(queens: Queens) -> tuple[np.ndarray, np.ndarray]:
    """The rows and columns of the queens on the board, as two int64 arrays."""
    if isinstance(queens, np.ndarray):
        cols = queens.astype(np.int64, copy=False)
    else:
        cols = np.fromiter((-1 if c is None else c for c in queens), dtype=np.int64, count=len(queens))
    rows = np.flatnonzero(cols >= 0)
    return rows, cols[rows]


@dataclass(frozen=True)
class LineCounts:
    """Queens on every line of an n x n board: ``rows[r]``, ``cols[c]``, ``diag[r + c]``
    and ``anti[r - c + n - 1]`` (the diagonals have 2n - 1 lines each)."""

    n: int
    rows: np.ndarray
    cols: np.ndarray
    diag: np.ndarray
    anti: np.ndarray

    @property
    def total(self) -> int:
        """Queens on the board."""
        return int(self.rows.sum())

    def through(self, r: np.ndarray, c: np.ndarray) -> np.ndarray:
        """Queens on the four lines through each square (r, c), a queen on it counted four times."""
        return self.rows[r] + self.cols[c] + self.diag[r + c] + self.anti[r - c + self.n - 1]

    def max(self) -> int:
        """The most queens on any one line (0 for an empty board)."""
        return max(int(line.max(initial=0)) for line in (self.rows, self.cols, self.diag, self.anti))


def line_counts(queens: Queens, n: int | None = None) -> LineCounts:
    """Count the queens on every line (``n`` defaults to ``len(queens)``; columns must be < n)."""
    n = len(queens) if n is None else n
    rows, cols = placed(queens)
    lines = 2 * n - 1 if n else 0
    return LineCounts(
        n,
        np.bincount(rows, minlength=n),
        np.bincount(cols, minlength=n),
        np.bincount(rows + cols, minlength=lines),
        np.bincount(rows - cols + n - 1, minlength=lines),
    )


def attacked_squares(queens: Queens) -> np.ndarray:
    """A bool (n, n) array: squares attacked by a queen other than one standing on them.

    Every square adds up its four lines: O(n^2) whatever the number of queens.
    """
    n = len(queens)
    lines = line_counts(queens, n)
    r, c = np.indices((n, n))
    own = np.zeros((n, n), dtype=np.int64)
    rows, cols = placed(queens)
    own[rows, cols] = 4  # a queen lies on each of its own four lines
    return lines.through(r, c) > own


def queen_conflicts(queens: Queens) -> np.ndarray:
    """For each row, how many other queens attack its queen (0 for an empty row). O(n)."""
    heat = np.zeros(len(queens), dtype=np.int64)
    rows, cols = placed(queens)
    heat[rows] = line_counts(queens).through(rows, cols) - 4
    return heat


def attacking_pairs(queens: Queens) -> int:
    """Pairs of queens that attack each other, each pair once (line by line, k queens make k(k-1)/2)."""
    lines = line_counts(queens)
    return sum(int((k * (k - 1) // 2).sum()) for k in (lines.rows, lines.cols, lines.diag, lines.anti))


def attacks(a: Square, b: Square) -> bool:
    """Whether queens on squares ``a`` and ``b`` attack each other."""
    (r1, c1), (r2, c2) = a, b
    return (r1, c1) != (r2, c2) and (r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2))


def first_conflict(queens: Sequence[int | None]) -> tuple[Square, Square] | None:
    """The first attacking pair ``((i, qi), (j, qj))`` with i < j, or None."""
    placed = [(r, c) for r, c in enumerate(queens) if c is not None]
    for k, a in enumerate(placed):
        for b in placed[k + 1 :]:
            if attacks(a, b):
                return a, b
    return None


def is_solution(queens: Sequence[int | None]) -> bool:
    """Whether every row holds a queen and no two queens attack."""
    n = len(queens)
    return all(c is not None and 0 <= c < n for c in queens) and first_conflict(queens) is None


class Board:
    """An n x n board with at most one queen per row."""

    def __init__(self, n: int, queens: Iterable[int | None] | None = None) -> None:
        self.n = n
        self.queens: list[int | None] = list(queens) if queens is not None else [None] * n
        if len(self.queens) != n:
            raise ValueError(f"expected {n} rows, got {len(self.queens)}")

    def place(self, row: int, col: int) -> None:
        """Put a queen on (row, col); the row must be empty."""
        if self.queens[row] is not None:
            raise ValueError(f"row {row} already holds a queen")
        self.queens[row] = col

    def remove(self, row: int, col: int) -> None:
        """Take the queen away from (row, col)."""
        if self.queens[row] != col:
            raise ValueError(f"no queen on ({row}, {col})")
        self.queens[row] = None

    def clear(self) -> None:
        """Empty the board."""
        self.queens = [None] * self.n

    def squares(self) -> list[Square]:
        """The occupied squares, row by row."""
        return [(r, c) for r, c in enumerate(self.queens) if c is not None]

    def attacker(self, row: int, col: int) -> Square | None:
        """A queen attacking (row, col) other than one standing on it, or None."""
        for square in self.squares():
            if attacks(square, (row, col)):
                return square
        return None

    def is_attacked(self, row: int, col: int) -> bool:
        """Whether any queen attacks (row, col)."""
        return self.attacker(row, col) is not None

    def attacked(self) -> list[list[bool]]:
        """For every square, whether a queen other than one on it attacks it."""
        return attacked_squares(self.queens).tolist()

    def conflict(self) -> tuple[Square, Square] | None:
        """The first attacking pair on the board, or None."""
        return first_conflict(self.queens)

    def is_solution(self) -> bool:
        """Whether the board is a complete solution."""
        return is_solution(self.queens)

    def depth(self) -> int:
        """How many queens stand on the board."""
        return sum(c is not None for c in self.queens)


Solution = tuple[int, ...]


def _rotate(q: Solution) -> Solution:
    """Rotate a solution a quarter turn clockwise: (r, c) -> (c, n-1-r)."""
    n = len(q)
    out = [0] * n
    for r, c in enumerate(q):
        out[c] = n - 1 - r
    return tuple(out)


def _mirror(q: Solution) -> Solution:
    """Reflect left to right: (r, c) -> (r, n-1-c)."""
    n = len(q)
    return tuple(n - 1 - c for c in q)


def _compose(*steps: Callable[[Solution], Solution]) -> Callable[[Solution], Solution]:
    def transform(q: Solution) -> Solution:
        for step in steps:
            q = step(q)
        return q

    return transform


#: The dihedral group of the square, by name, applied to full solutions.
SYMMETRIES: dict[str, Callable[[Solution], Solution]] = {
    "identity": _compose(),
    "rotate-90": _compose(_rotate),
    "rotate-180": _compose(_rotate, _rotate),
    "rotate-270": _compose(_rotate, _rotate, _rotate),
    "mirror": _compose(_mirror),
    "mirror-rotate-90": _compose(_mirror, _rotate),
    "mirror-rotate-180": _compose(_mirror, _rotate, _rotate),
    "mirror-rotate-270": _compose(_mirror, _rotate, _rotate, _rotate),
}


def images(q: Sequence[int]) -> dict[str, Solution]:
    """The eight images of a full solution under rotation and reflection."""
    base = tuple(q)
    return {name: f(base) for name, f in SYMMETRIES.items()}


def canonical(q: Sequence[int]) -> Solution:
    """The class representative: the lexicographically smallest image."""
    return min(images(q).values())


def symmetry_to_canonical(q: Sequence[int]) -> str:
    """The name of the first symmetry that maps ``q`` onto its representative."""
    found = images(q)
    target = min(found.values())
    return next(name for name, image in found.items() if image == target)


def fundamental_classes(solutions: Iterable[Sequence[int]]) -> dict[Solution, list[Solution]]:
    """Group solutions by class representative, in order of first appearance."""
    classes: dict[Solution, list[Solution]] = {}
    for q in solutions:
        classes.setdefault(canonical(q), []).append(tuple(q))
    return classes
