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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

Square = tuple[int, int]


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
        lines: dict[tuple[str, int], int] = {}
        for r, c in self.squares():
            for key in (("row", r), ("col", c), ("diag", r + c), ("anti", r - c)):
                lines[key] = lines.get(key, 0) + 1
        grid = []
        for r in range(self.n):
            row = []
            for c in range(self.n):
                own = 1 if self.queens[r] == c else 0
                keys = (("row", r), ("col", c), ("diag", r + c), ("anti", r - c))
                row.append(any(lines.get(key, 0) > own for key in keys))
            grid.append(row)
        return grid

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
