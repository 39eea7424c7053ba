"""Bit-parallel backtracking: the free squares of a row in one machine word.

Columns, diagonals and anti-diagonals are three bit masks; ``free = ~(cols |
diag | anti) & full`` gives every safe square of the row at once, so attacked
squares are never tried. Each attempt is a placement, and each row costs one
mask computation (its ``checks``). Columns are taken lowest bit first, the
same order as the rest of the backtracking family.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from solvers import kernels as kn
from solvers.algorithms.bitmask_engine import BitTree
from solvers.algorithms.bitmask_engine import count_completions as completions_kernel
from solvers.engine import COUNT_JIT_FROM
from solvers.estimate import tree_attempts
from solvers.events import Backtrack, Event, Place, Solution
from solvers.narration import Context, SquareBySquare, fmt, with_shared
from solvers.resume import FULL, LIFT, SOLVED, Start, TreeResume, begin
from solvers.spec import AlgorithmSpec
from solvers.variants import MODEL, Rules, TreeVariants

#: From this n the game's "Can it be completed?" runs compiled: the interpreted walk of its 2,000,000
#: node budget kept the window frozen 0.6-1.2 s a press at n = 17 or 18 (compiled: milliseconds).
COMPLETIONS_JIT_FROM = COUNT_JIT_FROM

#: The attack lines, in the order of the masks' keep bits below (``solvers.variants``' names).
LINES = ("column", "difference", "sum")
# Line indices into BITMASK_CODE.
LINE_DONE, LINE_PLACE, LINE_REMOVE = 1, 6, 10


def bitmask(
    n: int, *, first: bool = False, start: Start | None = None, rules: Rules = MODEL
) -> Iterator[Event]:
    """Backtracking over bit masks, yielding an event per queen placed or lifted.

    ``start`` resumes from a ``solvers.resume`` checkpoint: the board and ``(row, col, phase)``,
    where ``TRY`` (row, col) places the row's lowest free column from ``col`` on. ``rules``
    (``solvers.variants``) runs a wrong version: a mask left out, no queen taken away, a row
    restarted, two rows gone back.
    """
    if n <= 0:
        return
    full = (1 << n) - 1
    # what each mask keeps of a queen: its column; its r - c diagonal (shifted left: column + 1 a
    # row down); its r + c diagonal (shifted right)
    keep_col, keep_dif, keep_sum = (full if rules.sees_line(line) else 0 for line in LINES)
    again = rules.resume == "first"
    queens, row, col, phase = begin(n, start)
    # the masks above each row: cols[r], diag[r], anti[r] come from the queens of rows < r
    cols, diag, anti = [0] * (n + 1), [0] * (n + 1), [0] * (n + 1)
    for r in range(n):
        bit = 1 << queens[r] if queens[r] >= 0 else 0
        cols[r + 1] = cols[r] | bit & keep_col
        diag[r + 1], anti[r + 1] = ((diag[r] | bit & keep_dif) << 1) & full, (anti[r] | bit & keep_sum) >> 1
    if phase == FULL:
        yield Solution(tuple(queens), LINE_DONE)
        phase = SOLVED
    if phase == SOLVED and first:
        return
    if phase in (SOLVED, LIFT):
        if rules.undo or phase == LIFT:
            yield Backtrack(row, col, LINE_REMOVE)
            queens[row] = -1
        col = 0 if again else col + 1
    while True:
        free = ~(cols[row] | diag[row] | anti[row]) & full & -(1 << col) if col < n else 0
        if not free:
            if row == 0:
                return
            row -= 1
            col = queens[row]
            if rules.undo:
                queens[row] = -1
                yield Backtrack(row, col, LINE_REMOVE)
                if rules.back > 1 and row > 0:  # one row too far: the row above loses its queen too
                    row -= 1
                    col = queens[row]
                    queens[row] = -1
                    yield Backtrack(row, col, LINE_REMOVE)
            col = 0 if again else col + 1
            continue
        bit = free & -free
        col = bit.bit_length() - 1
        queens[row] = col
        yield Place(row, col, LINE_PLACE, True, 1)
        if row < n - 1:
            cols[row + 1], diag[row + 1], anti[row + 1] = (
                cols[row] | bit & keep_col,
                ((diag[row] | bit & keep_dif) << 1) & full,
                (anti[row] | bit & keep_sum) >> 1,
            )
            row, col = row + 1, 0
            continue
        yield Solution(tuple(queens), LINE_DONE)
        if first:
            return
        if rules.undo:
            queens[row] = -1
            yield Backtrack(row, col, LINE_REMOVE)
        col = 0 if again else col + 1


BITMASK_CODE = (
    "solve(row, cols, diag, anti):",
    "    if row == n: record solution; return",
    "    free = ~(cols | diag | anti) & (2^n-1)",
    "    while free != 0:",
    "        bit = free & -free  # lowest free",
    "        free = free - bit",
    "        place queen on the column of bit",
    "        solve(row + 1, cols | bit,",
    "              (diag | bit) << 1,",
    "              (anti | bit) >> 1)",
    "        remove queen from the column of bit",
)


def count_completions(
    queens: list[int | None] | tuple[int | None, ...], node_budget: int = 2_000_000
) -> tuple[int, bool]:
    """How many solutions extend a partial board (queens in any rows).

    Returns ``(count, exact)``; when the search visits more than
    ``node_budget`` nodes it stops and ``count`` is a lower bound.

    >>> count_completions([None] * 8)
    (92, True)
    >>> count_completions([1, None, None, None])
    (1, True)
    >>> count_completions([0, 1, None, None])
    (0, True)
    """
    n = len(queens)
    full = (1 << n) - 1
    placed = [(r, c) for r, c in enumerate(queens) if c is not None]
    for k, (r1, c1) in enumerate(placed):
        for r2, c2 in placed[k + 1 :]:
            if c1 == c2 or abs(c1 - c2) == r2 - r1:
                return 0, True
    if kn.HAVE_NUMBA and n >= COMPLETIONS_JIT_FROM:
        out = np.zeros(2, np.int64)
        board = np.array([-1 if c is None else c for c in queens], np.int64)
        completions_kernel.compiled(n, board, node_budget, out)
        return int(out[0]), bool(out[1] >= 0)
    fixed_cols = 0
    for _, c in placed:
        fixed_cols |= 1 << c
    found = 0
    budget = node_budget

    def walk(row: int, cols: int, diag: int, anti: int) -> None:
        nonlocal found, budget
        if row == n:
            found += 1
            return
        budget -= 1
        if budget < 0:
            return
        free = ~(cols | diag | anti) & full
        fixed = queens[row]
        if fixed is not None:
            free &= 1 << fixed
        else:
            free &= ~fixed_cols
        while free and budget >= 0:
            bit = free & -free
            free ^= bit
            walk(row + 1, cols | bit, (diag | bit) << 1, (anti | bit) >> 1)

    walk(0, 0, 0, 0)
    return found, budget >= 0


BITMASK_CODE_ZH = (
    "solve(row, cols, diag, anti)：",
    "    若 row == n：记录解；返回",
    "    free = ~(cols | diag | anti) & (2^n-1)",
    "    当 free != 0：",
    "        bit = free & -free  # 最低的空位",
    "        free = free - bit",
    "        在 bit 对应的列放皇后",
    "        solve(row + 1, cols | bit,",
    "              (diag | bit) << 1,",
    "              (anti | bit) >> 1)",
    "        移走 bit 对应列的皇后",
)


#: Its own sentences in English and Chinese (``with_shared`` adds those every search says).
_OWN_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "bit_place": "{R} {r}: the masks leave {C}s {free} to try; the queen takes the lowest, {C} {c}.",
        "bit_place_one": "{R} {r}: the masks leave only {C} {c} to try; the queen takes it.",
        "bit_back_next": "{R} {r1} has no free square left, so the queen in {R} {r} is lifted from {C} {c}; "
        "the next free {C} there is {x}.",
        "bit_back_done": "{R} {r1} has no free square left, so the queen in {R} {r} is lifted from {C} {c}; "
        "{R} {r} has no free {C} left either.",
    },
    "zh": {
        "bit_place": "第 {r} {R}：掩码给出还可尝试的空闲{C} {free}；皇后放在其中最小的第 {c} {C}。",
        "bit_place_one": "第 {r} {R}：掩码只剩第 {c} {C}可试；皇后放在这里。",
        "bit_back_next": "第 {r1} {R}已没有空闲格，于是拿起第 {r} {R}第 {c} {C}的皇后；"
        "该{R}下一个空闲{C}是第 {x} {C}。",
        "bit_back_done": "第 {r1} {R}已没有空闲格，于是拿起第 {r} {R}第 {c} {C}的皇后；"
        "该{R}也没有空闲{C}了。",
    },
}
_TEXT = with_shared(_OWN_TEXT)


class _Bitmask(SquareBySquare):
    """The sentences of bitmask: the free columns the masks leave, lowest first."""

    def place(self, event: Place) -> str:
        text, words = _TEXT[self.lang], self.words
        r, c = event.row, event.col
        free = [x + 1 for x in self.ctx.safe_columns(r) if x >= c]
        if len(free) <= 1:
            return fmt(text["bit_place_one"], words, r=r + 1, c=c + 1)
        free_text = words["sep"].join(map(str, free))
        return fmt(text["bit_place"], words, r=r + 1, c=c + 1, free=free_text)

    def backtrack(self, event: Backtrack) -> str:
        if event.row == self.ctx.n - 1:
            return super().backtrack(event)
        text, words = _TEXT[self.lang], self.words
        r, c = event.row, event.col
        values = {"r1": r + 2, "r": r + 1, "c": c + 1}
        following = [x for x in self.ctx.safe_columns(r) if x > c]
        if following:
            return fmt(text["bit_back_next"], words, x=following[0] + 1, **values)
        return fmt(text["bit_back_done"], words, **values)


def narrate_bitmask(event: Event, ctx: Context, words: dict[str, str]) -> str:
    """The sentences of bitmask (``_Bitmask``)."""
    return event.read(_Bitmask(ctx, words))


ORDER = 30  # after the enumerations


def _node_attempts(n: int) -> int | None:
    """Bitmask's attempts (one per node but the root), where the tree is known."""
    return tree_attempts(n, per_square=False)


SPECS = (
    AlgorithmSpec(
        "bitmask",
        "Bit-parallel backtracking",
        "位运算回溯法",
        "Backtracking whose free squares come from three bit masks in one step.",
        "用三个位掩码一步求出可放位置的回溯法。",
        bitmask,
        BITMASK_CODE,
        BITMASK_CODE_ZH,
        max_n=30,
        attempt_unit="square",  # one (row, column) square tried
        engine=BitTree(),
        attempts=_node_attempts,
        resumer=TreeResume(),
        profile="engine",
        narrator=narrate_bitmask,
        variants=TreeVariants(frozenset({"sees", "undo", "resume", "back"})),
    ),
)
