"""The backtracking family: one search, four ways of checking a square.

All four visit the same squares in the same order and yield the same events;
they differ only in what a check costs, counted in each event's ``checks``, and
in their pseudo-code, each event's ``line`` pointing into the variant's own:

* ``backtracking`` -- flag arrays for columns, diagonals (r+c) and
  anti-diagonals (r-c+n-1), one look-up each (seed 000's EightQueen5, seed 004);
* ``backtracking-pairwise`` -- a 1-D array, the candidate compared with every
  earlier queen (seed 000's EightQueen, seed 003);
* ``backtracking-board`` -- a 2-D board scanned along the column and both
  diagonals (seed 000's EightQueen4);
* ``backtracking-iterative`` -- no recursion: a row pointer that advances,
  shifts and retreats (seed 000's EightQueen3, seed 004), pairwise checks.

``by_columns`` walks column by column as seed 001 does; ``first`` stops at the
first solution; ``start`` resumes a walk from a ``solvers.resume`` checkpoint
(its board and ``(row, col, phase)``; column by column, both in that frame).
``rules`` (``solvers.variants``) runs a wrong version of the walk: a check blind
to a line, no queen taken away, a row restarted, one row too far back.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import NamedTuple

from solvers import kernels as kn
from solvers.algorithms.backtracking_engine import SquareWalk
from solvers.estimate import tree_attempts
from solvers.events import Backtrack, Conflict, Event, Place, Solution
from solvers.instance import Instance, Setup
from solvers.resume import FULL, LIFT, SOLVED, Start, Transposed, TreeResume, begin, transpose
from solvers.spec import AlgorithmSpec
from solvers.variants import MODEL, Rules, TreeVariants

Square = tuple[int, int]

# Line indices into each variant's pseudo-code (the listings are at the end of this module).
# A refusal points at the test that found its blocker: ``refuse[kind]``, kind 0 the column,
# 1 the diagonal (r+c), 2 the anti-diagonal (r-c+n-1).
LINE_DONE, LINE_TEST, LINE_PLACE, LINE_REMOVE = 1, 3, 6, 9  # FLAG_CODE


class Lines(NamedTuple):
    """Where a recursive or iterative variant's events point in its own pseudo-code."""

    done: int
    place: int
    remove: int
    refuse: tuple[int, int, int]


FLAG_LINES = Lines(LINE_DONE, LINE_PLACE, LINE_REMOVE, (LINE_TEST, LINE_TEST + 1, LINE_TEST + 2))
PAIRWISE_LINES = Lines(1, 4, 6, (9, 10, 10))
BOARD_LINES = Lines(1, 4, 6, (9, 11, 13))
ITERATIVE_LINES = Lines(12, 8, 13, (17, 18, 18))


def refusal_kind(row: int, col: int, blocker: Square) -> int:
    """0 if ``blocker`` holds the column of (row, col), 1 its diagonal (r+c), 2 its anti-diagonal."""
    br, bc = blocker
    if bc == col:
        return 0
    return 1 if br + bc == row + col else 2


class Checker:
    """Board bookkeeping plus a costed answer to "is (row, col) attacked?".

    ``lines`` says where the recursive search's events point in this variant's code.
    """

    lines: Lines

    def __init__(self, n: int, sees: frozenset[str] = MODEL.sees) -> None:
        self.n = n
        # the lines it checks (a wrong version may not): the column, r + c, r - c
        self.sees_col, self.sees_sum, self.sees_dif = ("column" in sees, "sum" in sees, "difference" in sees)
        self.queens: list[int] = [-1] * n
        self.col_owner = [-1] * n
        self.diag_owner = [-1] * (2 * n - 1)
        self.anti_owner = [-1] * (2 * n - 1)
        self.given_rows: tuple[int, ...] = ()  # a constrained instance's, top down (``start_given``)

    def start_given(self, given: tuple[Square, ...]) -> None:
        """Put a constrained instance's given queens on the board before the walk."""
        for row, col in given:
            self.put(row, col)
        self.given_rows = tuple(sorted(r for r, _ in given))

    def put(self, row: int, col: int) -> None:
        self.queens[row] = col
        self.col_owner[col] = row
        self.diag_owner[row + col] = row
        self.anti_owner[row - col + self.n - 1] = row

    def take(self, row: int, col: int) -> None:
        self.queens[row] = -1
        self.col_owner[col] = -1
        self.diag_owner[row + col] = -1
        self.anti_owner[row - col + self.n - 1] = -1

    def blocker(self, row: int, col: int) -> Square | None:
        """The attacker shown to the user: the column's queen, else (r+c)'s, else (r-c)'s (of the
        lines it checks)."""
        for owner in (
            self.col_owner[col] if self.sees_col else -1,
            self.diag_owner[row + col] if self.sees_sum else -1,
            self.anti_owner[row - col + self.n - 1] if self.sees_dif else -1,
        ):
            if owner >= 0:
                return owner, self.queens[owner]
        return None

    def cost(self, row: int, col: int) -> int:
        """How many elementary checks this variant spends on (row, col)."""
        raise NotImplementedError


class FlagChecker(Checker):
    """One look-up per constraint array, stopping at the first that is taken."""

    lines = FLAG_LINES

    def cost(self, row: int, col: int) -> int:
        if self.col_owner[col] >= 0:
            return 1
        if self.diag_owner[row + col] >= 0:
            return 2
        return 3


class PairwiseChecker(Checker):
    """Compare with each earlier queen: same column?, then same diagonal?."""

    lines = PAIRWISE_LINES

    def cost(self, row: int, col: int) -> int:
        checks = 0
        rows = range(row) if not self.given_rows else (*range(row), *(g for g in self.given_rows if g > row))
        for r in rows:
            c = self.queens[r]
            checks += 1
            if c == col:
                return checks
            checks += 1
            if abs(c - col) == abs(row - r):
                return checks
        return checks


class BoardChecker(Checker):
    """Scan the 2-D board: the whole column, then up-right, then up-left."""

    lines = BOARD_LINES

    def cost(self, row: int, col: int) -> int:
        q, n = self.queens, self.n
        checks = 0
        for r in range(n):
            checks += 1
            if q[r] == col:
                return checks
        # given queens below the row are scanned for too, down-right then down-left
        below = ((1, 1), (1, -1)) if any(g > row for g in self.given_rows) else ()
        for down, step in ((-1, 1), (-1, -1), *below):
            r, c = row + down, col + step
            while 0 <= r < n and 0 <= c < n:
                checks += 1
                if q[r] == c:
                    return checks
                r, c = r + down, c + step
        return checks


def _checked_walk(
    checker: Checker,
    first: bool,
    lines: Lines,
    start: Start | None = None,
    instance: Instance | None = None,
    rules: Rules = MODEL,
) -> Iterator[Event]:
    """Row by row: try each column, place if free, go down a row; a row out of columns goes back
    up. The recursive and the iterative variants walk alike and differ only in ``lines``.

    On a constrained ``instance`` a ``Setup`` comes first (unless resumed), the given queens
    stand from the start, their rows are stepped over and a blocked square is never tried.
    ``rules`` makes it a wrong version (``solvers.variants``): no queen taken away (``undo``),
    a row restarted from its first column (``resume``), two rows gone back (``back``); the
    lines the checker does not see are its own (``checker.sees``)."""
    n = checker.n
    if n <= 0:
        return
    down, up = list(range(1, n + 1)), list(range(-1, n - 1))  # the next and previous row filled
    blocked: frozenset[Square] = frozenset()
    top = 0
    if instance is not None:
        if start is None:
            yield Setup(tuple(sorted(instance.given)), tuple(sorted(instance.blocked)))
        checker.start_given(instance.given)
        blocked = instance.blocked
        free = instance.free_rows()
        if not free:
            if start is None:
                yield Solution(tuple(checker.queens), lines.done)
            return
        down, up = [n] * n, [-1] * n
        for a, b in itertools.pairwise(free):
            down[a], up[b] = b, a
        top = free[0]
    queens, row, col, phase = begin(n, start)
    for r, c in enumerate(queens):
        if c >= 0:
            checker.put(r, c)
    if start is None:
        row = top
    again = rules.resume == "first"  # after a backtrack the row starts again from its first column
    if phase == FULL:
        yield Solution(tuple(checker.queens), lines.done)
        phase = SOLVED
    if phase == SOLVED and first:
        return
    if phase in (SOLVED, LIFT):
        if rules.undo or phase == LIFT:
            checker.take(row, col)
            yield Backtrack(row, col, lines.remove)
        col = 0 if again else col + 1
    while True:
        if col >= n:
            if up[row] < 0:
                return
            row = up[row]
            col = checker.queens[row]
            if rules.undo:
                checker.take(row, col)
                yield Backtrack(row, col, lines.remove)
                if rules.back > 1 and up[row] >= 0:  # one row too far: the row above loses its queen too
                    row = up[row]
                    col = checker.queens[row]
                    checker.take(row, col)
                    yield Backtrack(row, col, lines.remove)
            col = 0 if again else col + 1
            continue
        if blocked and (row, col) in blocked:  # a hole: never tried
            col += 1
            continue
        checks = checker.cost(row, col)
        blocker = checker.blocker(row, col)
        if blocker is not None:
            yield Conflict(row, col, blocker, lines.refuse[refusal_kind(row, col, blocker)], True, checks)
            col += 1
            continue
        checker.put(row, col)
        yield Place(row, col, lines.place, True, checks)
        if down[row] < n:
            row, col = down[row], 0
            continue
        yield Solution(tuple(checker.queens), lines.done)
        if first:
            return
        if rules.undo:
            checker.take(row, col)
            yield Backtrack(row, col, lines.remove)
        col = 0 if again else col + 1


def _flag_walk(n: int, first: bool, start: Start | None = None) -> Iterator[Event]:
    """``backtracking``'s events, fast: each event made once per run.

    Yields exactly what ``_checked_walk(FlagChecker(n), first, FLAG_LINES, start)``
    yields, with each immutable event (a square, its blocker, its cost) built on
    first use and then reused.
    """
    if n <= 0:
        return
    shift = n - 1
    queens, row, col, phase = begin(n, start)
    col_own = [-1] * n
    sum_own = [-1] * (2 * n - 1)  # r + c
    dif_own = [-1] * (2 * n - 1)  # r - c + n - 1
    for r, c in enumerate(queens):
        if c >= 0:
            col_own[c] = sum_own[r + c] = dif_own[r - c + shift] = r
    places: list[Event | None] = [None] * (n * n)
    lifts: list[Event | None] = [None] * (n * n)
    refusals: list[Event | None] = [None] * (3 * n * n * n)  # (kind, row, col, blocking row)
    if phase == FULL:
        yield Solution(tuple(queens), LINE_DONE)
        phase = SOLVED
    if phase == SOLVED and first:
        return
    if phase in (SOLVED, LIFT):
        queens[row] = col_own[col] = sum_own[row + col] = dif_own[row - col + shift] = -1
        yield Backtrack(row, col, LINE_REMOVE)
        col += 1
    while True:
        if col == n:
            if row == 0:
                return
            row -= 1
            col = queens[row]
            queens[row] = col_own[col] = sum_own[row + col] = dif_own[row - col + shift] = -1
            yield lifts[row * n + col] or _remember(lifts, row * n + col, Backtrack(row, col, LINE_REMOVE))
            col += 1
            continue
        owner, kind = col_own[col], 0
        if owner < 0:
            owner, kind = sum_own[row + col], 1
            if owner < 0:
                owner, kind = dif_own[row - col + shift], 2
        if owner >= 0:
            key = ((kind * n + row) * n + col) * n + owner
            yield refusals[key] or _remember(
                refusals, key, Conflict(row, col, (owner, queens[owner]), LINE_TEST + kind, True, kind + 1)
            )
            col += 1
            continue
        queens[row] = col
        col_own[col] = sum_own[row + col] = dif_own[row - col + shift] = row
        yield places[row * n + col] or _remember(places, row * n + col, Place(row, col, LINE_PLACE, True, 3))
        if row < n - 1:
            row, col = row + 1, 0
            continue
        yield Solution(tuple(queens), LINE_DONE)
        if first:
            return
        queens[row] = col_own[col] = sum_own[row + col] = dif_own[row - col + shift] = -1
        yield lifts[row * n + col] or _remember(lifts, row * n + col, Backtrack(row, col, LINE_REMOVE))
        col += 1


def _remember(table: list[Event | None], key: int, event: Event) -> Event:
    table[key] = event
    return event


def _run(
    checker_type: type[Checker],
    n: int,
    *,
    by_columns: bool,
    first: bool,
    iterative: bool = False,
    start: Start | None = None,
    instance: Instance | None = None,
    rules: Rules = MODEL,
) -> Iterator[Event]:
    constrained = instance is not None and not instance.plain
    if constrained or rules != MODEL:  # the spec refuses a constrained one with by_columns
        if by_columns and start is not None:
            start = (transpose(start[0]), start[1])
        checker = checker_type(n, rules.sees)
        lines = ITERATIVE_LINES if iterative else checker.lines
        events = _checked_walk(checker, first, lines, start, instance if constrained else None, rules)
        return (Transposed.event(e) for e in events) if by_columns else events
    if by_columns and start is not None:  # the board and state come in the column-by-column frame
        start = (transpose(start[0]), start[1])
    if checker_type is FlagChecker and not iterative:
        events = _flag_walk(n, first, start)
    else:
        checker = checker_type(n)
        events = _checked_walk(checker, first, ITERATIVE_LINES if iterative else checker.lines, start)
    if not by_columns:
        return events
    return (Transposed.event(e) for e in events)


def backtracking(
    n: int,
    *,
    by_columns: bool = False,
    first: bool = False,
    start: Start | None = None,
    instance: Instance | None = None,
    rules: Rules = MODEL,
) -> Iterator[Event]:
    """Recursive backtracking with column and diagonal flag arrays."""
    return _run(
        FlagChecker, n, by_columns=by_columns, first=first, start=start, instance=instance, rules=rules
    )


def backtracking_pairwise(
    n: int,
    *,
    by_columns: bool = False,
    first: bool = False,
    start: Start | None = None,
    instance: Instance | None = None,
    rules: Rules = MODEL,
) -> Iterator[Event]:
    """Recursive backtracking comparing each candidate with every earlier queen."""
    return _run(
        PairwiseChecker, n, by_columns=by_columns, first=first, start=start, instance=instance, rules=rules
    )


def backtracking_board(
    n: int,
    *,
    by_columns: bool = False,
    first: bool = False,
    start: Start | None = None,
    instance: Instance | None = None,
    rules: Rules = MODEL,
) -> Iterator[Event]:
    """Recursive backtracking on a 2-D board, scanning column and diagonals."""
    return _run(
        BoardChecker, n, by_columns=by_columns, first=first, start=start, instance=instance, rules=rules
    )


def backtracking_iterative(
    n: int,
    *,
    by_columns: bool = False,
    first: bool = False,
    start: Start | None = None,
    instance: Instance | None = None,
    rules: Rules = MODEL,
) -> Iterator[Event]:
    """Backtracking without recursion: an explicit row pointer."""
    return _run(
        PairwiseChecker,
        n,
        by_columns=by_columns,
        first=first,
        iterative=True,
        start=start,
        instance=instance,
        rules=rules,
    )


#: The pseudo-code, in English then in Chinese line for line (same indentation, so an event's
#: ``line`` points at the same step in both).
FLAG_CODE = (
    "solve(row):",
    "    if row == n: record solution; return",
    "    for col in 0 .. n-1:",
    "        if cols[col]: continue",
    "        if diag[row+col]: continue",
    "        if anti[row-col+n-1]: continue",
    "        place queen on (row, col)",
    "        set its three flags",
    "        solve(row + 1)",
    "        remove queen from (row, col)",
    "        clear its three flags",
)

PAIRWISE_CODE = (
    "solve(row):",
    "    if row == n: record solution; return",
    "    for col in 0 .. n-1:",
    "        if not safe(row, col): continue",
    "        place queen: q[row] = col",
    "        solve(row + 1)",
    "        remove queen from (row, col)",
    "safe(row, col):",
    "    for r in 0 .. row-1:  # earlier queens",
    "        if q[r] == col: return false",
    "        if |q[r]-col| == row-r: return false",
    "    return true",
)

BOARD_CODE = (
    "solve(row):",
    "    if row == n: record solution; return",
    "    for col in 0 .. n-1:",
    "        if not safe(row, col): continue",
    "        place queen: B[row][col] = Q",
    "        solve(row + 1)",
    "        remove queen: B[row][col] = .",
    "safe(row, col):  # read the 2-D board B",
    "    for r in 0 .. n-1:  # the whole column",
    "        if B[r][col] == Q: return false",
    "    for (r, c) up-right from (row, col):",
    "        if B[r][c] == Q: return false",
    "    for (r, c) up-left from (row, col):",
    "        if B[r][c] == Q: return false",
    "    return true",
)

ITERATIVE_CODE = (
    "row = 0; col = 0",
    "while row >= 0:",
    "    while col < n and attacked(row, col):",
    "        col += 1  # shift",
    "    if col == n:",
    "        row -= 1  # retreat",
    "        if row < 0: stop",
    "    else:",
    "        place queen on (row, col)",
    "        if row < n-1:",
    "            row += 1; col = 0  # advance",
    "            continue",
    "        record solution",
    "    remove queen from (row, q[row])",
    "    col = q[row] + 1  # shift",
    "attacked(row, col):",
    "    for r in 0 .. row-1:  # earlier queens",
    "        if q[r] == col: return true",
    "        if |q[r]-col| == row-r: return true",
    "    return false",
)

FLAG_CODE_ZH = (
    "solve(row):",
    "    若 row == n：记录解；返回",
    "    对 col = 0 .. n-1：",
    "        若 cols[col]：跳过",
    "        若 diag[row+col]：跳过",
    "        若 anti[row-col+n-1]：跳过",
    "        在 (row, col) 放皇后",
    "        置上它的三个标记",
    "        solve(row + 1)",
    "        移走 (row, col) 的皇后",
    "        清除它的三个标记",
)


PAIRWISE_CODE_ZH = (
    "solve(row):",
    "    若 row == n：记录解；返回",
    "    对 col = 0 .. n-1：",
    "        若 safe(row, col) 为假：跳过",
    "        放皇后：q[row] = col",
    "        solve(row + 1)",
    "        移走 (row, col) 的皇后",
    "safe(row, col)：",
    "    对 r = 0 .. row-1：  # 前面各行的皇后",
    "        若 q[r] == col：返回 false",
    "        若 |q[r]-col| == row-r：返回 false",
    "    返回 true",
)


BOARD_CODE_ZH = (
    "solve(row):",
    "    若 row == n：记录解；返回",
    "    对 col = 0 .. n-1：",
    "        若 safe(row, col) 为假：跳过",
    "        放皇后：B[row][col] = Q",
    "        solve(row + 1)",
    "        移走皇后：B[row][col] = .",
    "safe(row, col)：  # 读二维棋盘 B",
    "    对 r = 0 .. n-1：  # 整列",
    "        若 B[r][col] == Q：返回 false",
    "    对 (row, col) 右上方的每个 (r, c)：",
    "        若 B[r][c] == Q：返回 false",
    "    对 (row, col) 左上方的每个 (r, c)：",
    "        若 B[r][c] == Q：返回 false",
    "    返回 true",
)


ITERATIVE_CODE_ZH = (
    "row = 0; col = 0",
    "当 row >= 0：",
    "    当 col < n 且 attacked(row, col)：",
    "        col += 1  # 换",
    "    若 col == n：",
    "        row -= 1  # 退",
    "        若 row < 0：停止",
    "    否则：",
    "        在 (row, col) 放皇后",
    "        若 row < n-1：",
    "            row += 1; col = 0  # 进",
    "            继续",
    "        记录解",
    "    移走 (row, q[row]) 的皇后",
    "    col = q[row] + 1  # 换",
    "attacked(row, col)：",
    "    对 r = 0 .. row-1：  # 前面各行的皇后",
    "        若 q[r] == col：返回 true",
    "        若 |q[r]-col| == row-r：返回 true",
    "    返回 false",
)


ORDER = 10  # first in the registry
#: The wrong versions its walk runs (``rules=``): a line unchecked, no undo, a row restarted, too far back.
WALK_VARIANTS = TreeVariants(frozenset({"sees", "undo", "resume", "back"}))


def _square_attempts(n: int) -> int | None:
    """The square-by-square backtracking family's attempts, where the tree is known."""
    return tree_attempts(n, per_square=True)


SPECS = (
    AlgorithmSpec(
        "backtracking",
        "Backtracking with flag arrays",
        "回溯法（标记数组）",
        "Row by row; one look-up each in the column, diagonal and anti-diagonal arrays.",
        "逐行放置；列、主对角线、副对角线各查一次标记数组。",
        backtracking,
        FLAG_CODE,
        FLAG_CODE_ZH,
        max_n=20,
        attempt_unit="square",  # one (row, column) square tried
        by_columns=True,
        engine=SquareWalk(kn.CHECKS),
        attempts=_square_attempts,
        resumer=TreeResume(),
        race_partner="forward-checking",  # every square tried vs only the values left in a domain
        check="flags",
        profile="engine",
        constrained=True,
        variants=WALK_VARIANTS,
    ),
    AlgorithmSpec(
        "backtracking-pairwise",
        "Backtracking, pairwise checks",
        "回溯法（逐个比较）",
        "Row by row; each candidate is compared with every queen already placed.",
        "逐行放置；每个候选位置与已放置的每个皇后逐一比较。",
        backtracking_pairwise,
        PAIRWISE_CODE,
        PAIRWISE_CODE_ZH,
        max_n=20,
        attempt_unit="square",  # one (row, column) square tried
        by_columns=True,
        engine=SquareWalk(kn.CHECKS_PAIRWISE),
        attempts=_square_attempts,
        race_partner="backtracking",
        resumer=TreeResume(),
        check="pairwise",
        profile="engine",
        constrained=True,
        variants=WALK_VARIANTS,
    ),
    AlgorithmSpec(
        "backtracking-board",
        "Backtracking on a 2-D board",
        "回溯法（二维棋盘扫描）",
        "Row by row; the board is scanned along the column and both diagonals.",
        "逐行放置；沿所在列和两条斜线扫描二维棋盘。",
        backtracking_board,
        BOARD_CODE,
        BOARD_CODE_ZH,
        max_n=20,
        attempt_unit="square",  # one (row, column) square tried
        by_columns=True,
        engine=SquareWalk(kn.CHECKS_BOARD),
        attempts=_square_attempts,
        resumer=TreeResume(),
        check="board",
        profile="engine",
        constrained=True,
        variants=WALK_VARIANTS,
    ),
    AlgorithmSpec(
        "backtracking-iterative",
        "Backtracking without recursion",
        "非递归回溯法",
        "A row pointer that advances, shifts along the row and retreats.",
        "用行指针代替递归：能进则进，不能进则换，不能换则退。",
        backtracking_iterative,
        ITERATIVE_CODE,
        ITERATIVE_CODE_ZH,
        max_n=20,
        attempt_unit="square",  # one (row, column) square tried
        by_columns=True,
        engine=SquareWalk(kn.CHECKS_PAIRWISE),
        attempts=_square_attempts,
        resumer=TreeResume(),
        check="pairwise",
        profile="engine",
        constrained=True,
        variants=WALK_VARIANTS,
    ),
)
