"""What an algorithm's own safety check read for the last event, derived from the event and the
board. Pure, no pygame: ``render/checks.py`` only draws a ``CheckMarks``.

The three recursive backtracking variants (and the iterative one) try the same squares; they
differ in how they ask "is (row, col) attacked?" (``solvers.algorithms.backtracking``'s checkers):

* ``flags``: look up cols[col], diag[row+col], anti[row-col+n-1], stopping at the first taken;
* ``pairwise``: compare with each earlier queen in row order, stopping at the first attacker;
* ``board``: read the whole column of the 2-D board, then up-right, then up-left from (row, col),
  stopping at the first queen.

The marks are replayed from the board, so their size is the event's ``checks`` (one cell or flag
per check; pairwise spends two checks per queen, one when it stops on a column).
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.events import Event
from solvers.spec import AlgorithmSpec

Square = tuple[int, int]
Queens = tuple[int | None, ...]

#: The checks drawn on the board (a spec's ``check``; "domains" is drawn by ``core/domains.py``).
CHECK_KINDS = ("flags", "pairwise", "board")
#: The check is drawn at this speed (events per second) or slower, and whenever stepping by hand.
SLOW_SPEED = 20.0


@dataclass(frozen=True)
class FlagStrips:
    """The flag arrays' contents (True: taken) and the indices the last check looked up, in order."""

    columns: tuple[bool, ...]  # n flags
    diagonals: tuple[bool, ...]  # 2n - 1 flags, index row + col
    anti: tuple[bool, ...]  # 2n - 1 flags, index row - col + n - 1
    looked: tuple[int, ...] = ()  # up to three indices: columns, then diagonals, then anti
    stopped: bool = False  # the last look-up found its flag taken (a refusal)

    def arrays(self) -> tuple[tuple[bool, ...], tuple[bool, ...], tuple[bool, ...]]:
        return self.columns, self.diagonals, self.anti


@dataclass(frozen=True)
class CheckMarks:
    """The cells a check read on the board (in reading order) and where it stopped."""

    kind: str
    cells: tuple[Square, ...] = ()  # pairwise: earlier queens compared; board: cells read
    hit: Square | None = None  # the queen the check stopped at (None: the square was safe)
    strips: FlagStrips | None = None  # the flag arrays (kind "flags" only)
    square: Square | None = None  # the square checked


def check_kind(spec: AlgorithmSpec) -> str | None:
    """The check ``spec`` shows on the board ("flags", "pairwise", "board"), or None."""
    return spec.board_check


def shows_check(speed: float, moving: bool) -> bool:
    """Whether the check is drawn: at ``SLOW_SPEED`` or slower, or when time is not moving."""
    return not moving or speed <= SLOW_SPEED


def _attacks(r: int, c: int, row: int, col: int) -> bool:
    return c == col or abs(c - col) == abs(row - r)


def pairwise_cells(queens: Queens, row: int, col: int) -> tuple[tuple[Square, ...], Square | None]:
    """The earlier queens compared with (row, col), in row order, and the one it stopped at."""
    cells: list[Square] = []
    for r in range(row):
        c = queens[r]
        if c is None:
            continue
        cells.append((r, c))
        if _attacks(r, c, row, col):
            return tuple(cells), (r, c)
    return tuple(cells), None


def board_cells(queens: Queens, row: int, col: int) -> tuple[tuple[Square, ...], Square | None]:
    """The squares of the 2-D board read for (row, col): the whole column, then up-right, then
    up-left, in reading order, and the queen it stopped at (row ``row`` itself counts as empty)."""
    n = len(queens)

    def queen_at(r: int, c: int) -> bool:
        return r != row and queens[r] == c

    cells: list[Square] = []
    walks = [[(r, col) for r in range(n)]]
    for step in (1, -1):
        walks.append([(row - k, col + step * k) for k in range(1, row + 1) if 0 <= col + step * k < n])
    for walk in walks:
        for r, c in walk:
            cells.append((r, c))
            if queen_at(r, c):
                return tuple(cells), (r, c)
    return tuple(cells), None


def flag_strips(queens: Queens, row: int | None = None, col: int | None = None) -> FlagStrips:
    """The three flag arrays of the board ``queens``; with (row, col), the look-ups of its check
    (made before the queen of ``row``, if any, was placed)."""
    n = len(queens)
    columns, diagonals, anti = [False] * n, [False] * (2 * n - 1), [False] * (2 * n - 1)
    for r, c in enumerate(queens):
        if c is not None:
            columns[c] = diagonals[r + c] = anti[r - c + n - 1] = True
    looked: list[int] = []
    stopped = False
    if row is not None and col is not None:
        before = [c if r != row else None for r, c in enumerate(queens)]
        taken = (
            any(c == col for c in before),
            any(c is not None and r + c == row + col for r, c in enumerate(before)),
            any(c is not None and r - c == row - col for r, c in enumerate(before)),
        )
        for index, is_taken in zip((col, row + col, row - col + n - 1), taken, strict=True):
            looked.append(index)
            if is_taken:
                stopped = True
                break
    return FlagStrips(tuple(columns), tuple(diagonals), tuple(anti), tuple(looked), stopped)


def check_marks(
    kind: str | None, queens: Queens, event: Event | None, *, lit: bool = True
) -> CheckMarks | None:
    """The marks of ``kind``'s check for ``event`` on the board ``queens`` (after the event).

    ``lit`` False (too fast to follow): the flag strips still show the arrays, nothing is lit.
    None when ``kind`` is None.
    """
    if kind is None:
        return None
    refusal = event.refusal() if event is not None else None
    tried = event.placed() if event is not None else None
    square = (tried or (refusal[0] if refusal is not None else None)) if lit else None
    if kind == "flags":
        return CheckMarks(kind, strips=flag_strips(queens, *(square or (None, None))))
    if square is None:
        return CheckMarks(kind)
    if kind == "pairwise":
        cells, hit = pairwise_cells(queens, *square)
    elif kind == "board":
        cells, hit = board_cells(queens, *square)
    else:
        raise ValueError(f"unknown check kind {kind!r}")
    return CheckMarks(kind, cells, hit, square=square)
