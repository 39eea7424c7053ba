"""An explicit construction: one solution for every n >= 4 in O(n), no search.

The classic formula (Hoffman, Loessi & Moore 1969; Bernhardsson 1991), with
columns counted from 1: list the even numbers 2, 4, ..., then the odd numbers
1, 3, 5, ...; row i takes the i-th number.  Two remainders need a fix:

* n mod 6 == 2: swap 1 and 3 in the odd list and move 5 to its end;
* n mod 6 == 3: move 2 to the end of the even list, 1 and 3 to the end of the odd list.

n = 1 is one queen; n = 2 and n = 3 have no solution and are refused.

>>> construct(8).tolist()
[1, 3, 5, 7, 2, 0, 6, 4]
>>> is_valid(construct(9))
True
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from solvers.board import line_counts
from solvers.counters import Counters
from solvers.errors import SolverError
from solvers.events import Event, Place, Solution
from solvers.narration import Context, SquareBySquare, solution_text, with_shared
from solvers.spec import AlgorithmSpec

# Line indices into CONSTRUCTION_CODE.
LINE_PLACE, LINE_DONE = 10, 11

CONSTRUCTION_CODE = (
    "if n == 2 or n == 3: no solution exists",
    "evens = 2, 4, 6, ...  (columns from 1)",
    "odds = 1, 3, 5, ...",
    "if n mod 6 == 2:",
    "    swap 1 and 3 in odds; move 5 to its end",
    "if n mod 6 == 3:",
    "    move 2 to the end of evens",
    "    move 1 and 3 to the end of odds",
    "columns = evens followed by odds",
    "for row in 1 .. n:",
    "    place queen on (row, columns[row])",
    "record solution",
)


def refuse_impossible(n: int) -> None:
    """Refuse n = 2 and n = 3, the only sizes >= 1 without a solution."""
    if n in (2, 3):
        raise SolverError(f"no solution exists for n = 2 or 3 (got n = {n}); try n = 1 or n >= 4")


def _odds(n: int) -> np.ndarray:
    """The odd columns 1, 3, 5, ... <= n in the order the formula wants."""
    odds = np.arange(1, n + 1, 2, dtype=np.int64)
    if n % 6 == 2:  # 3, 1, 7, 9, ..., 5
        return np.concatenate(([3, 1], odds[3:], [5])).astype(np.int64)
    if n % 6 == 3:  # 5, 7, ..., 1, 3
        return np.concatenate((odds[2:], [1, 3])).astype(np.int64)
    return odds


def _evens(n: int) -> np.ndarray:
    """The even columns 2, 4, ... <= n in the order the formula wants."""
    evens = np.arange(2, n + 1, 2, dtype=np.int64)
    if n % 6 == 3:  # 4, 6, ..., 2
        return np.concatenate((evens[1:], [2])).astype(np.int64)
    return evens


def construct(n: int) -> np.ndarray:
    """A solution as an array: ``queens[row]`` is the column (0-based) of row's queen."""
    refuse_impossible(n)
    if n < 1:
        return np.zeros(0, dtype=np.int64)
    return np.concatenate((_evens(n), _odds(n))) - 1


def is_valid(queens: np.ndarray) -> bool:
    """Vectorised check: n queens in range, at most one on every line (``board.line_counts``).

    >>> is_valid(np.array([1, 3, 0, 2])), is_valid(np.array([0, 2, 1, 3]))
    (True, False)
    """
    q = np.asarray(queens, dtype=np.int64)
    n = q.size
    if n == 0 or q.min() < 0 or q.max() >= n:
        return n == 0
    return line_counts(q).max() <= 1


def construction(n: int, *, first: bool = False) -> Iterator[Event]:
    """The construction as events: one Place per row, then the Solution.

    ``first`` is accepted and has no effect: there is only ever one solution.
    """
    refuse_impossible(n)
    return _events(construct(n))


def _events(queens: np.ndarray) -> Iterator[Event]:
    for row, col in enumerate(queens.tolist()):
        yield Place(row, col, LINE_PLACE)
    yield Solution(tuple(queens.tolist()), LINE_DONE)


def answer(n: int) -> tuple[np.ndarray, dict[str, int]]:
    """The board and the counters its events would give, without building events."""
    queens = construct(n)
    return queens, Counters(attempts=n, placements=n, solutions=1).as_dict()


CONSTRUCTION_CODE_ZH = (
    "若 n == 2 或 n == 3：无解",
    "evens = 2, 4, 6, ...  （列号从 1 数起）",
    "odds = 1, 3, 5, ...",
    "若 n mod 6 == 2：",
    "    交换 odds 中的 1 和 3；把 5 移到末尾",
    "若 n mod 6 == 3：",
    "    把 2 移到 evens 末尾",
    "    把 1 和 3 移到 odds 末尾",
    "columns = evens 接上 odds",
    "对 row = 1 .. n：",
    "    在 (row, columns[row]) 放皇后",
    "记录解",
)


#: Its own sentences in English and Chinese (``with_shared`` adds those every search says).
_OWN_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "cs_first": "Row 1: the formula lists the even columns first, then the odd ones{fix}; its "
        "first entry "
        "is column {c}.",
        "cs_place": "Row {r} takes column {c}, entry {r} of the formula's list.",
        "cs_fix2": " (as {n} leaves 2 when divided by 6, 1 and 3 swap and 5 moves to the end)",
        "cs_fix3": " (as {n} leaves 3 when divided by 6, 2 moves to the end of the evens, 1 and 3 to the end "
        "of the odds)",
        "cs_solution": "All {n} rows are filled straight from the formula, no search needed: the "
        "solution is {q}.",
    },
    "zh": {
        "cs_first": "第 1 行：公式先列出偶数列，再列出奇数列{fix}；列表的第 1 项是第 {c} 列。",
        "cs_place": "第 {r} 行取公式列表的第 {r} 项：第 {c} 列。",
        "cs_fix2": "（{n} 除以 6 余 2，所以 1 和 3 互换，5 移到末尾）",
        "cs_fix3": "（{n} 除以 6 余 3，所以 2 移到偶数列末尾，1 和 3 移到奇数列末尾）",
        "cs_solution": "{n} 行都已按公式放好，无需搜索：解是 {q}。",
    },
}
_TEXT = with_shared(_OWN_TEXT)


class _Construction(SquareBySquare):
    """The sentences of the construction: each row's entry of the formula's list."""

    def place(self, event: Place) -> str:
        text, n = _TEXT[self.lang], self.ctx.n
        if event.row > 0:
            return text["cs_place"].format(r=event.row + 1, c=event.col + 1)
        fix = text["cs_fix2"] if n % 6 == 2 else text["cs_fix3"] if n % 6 == 3 else ""
        return text["cs_first"].format(c=event.col + 1, fix=fix.format(n=n))

    def solution(self, event: Solution) -> str:
        return _TEXT[self.lang]["cs_solution"].format(n=self.ctx.n, q=solution_text(self.ctx, self.lang))


def narrate_construction(event: Event, ctx: Context, words: dict[str, str]) -> str:
    """The sentences of the construction (``_Construction``)."""
    return event.read(_Construction(ctx, words))


ORDER = 40  # after bitmask


SPECS = (
    AlgorithmSpec(
        "construction",
        "Explicit construction (no search)",
        "显式构造（无需搜索）",
        "One solution for any n >= 4 from a formula: even columns, then odd, two remainders fixed.",
        "用公式直接给出任意 n >= 4 的一个解：先偶数列再奇数列，两种余数另作调整。",
        construction,
        CONSTRUCTION_CODE,
        CONSTRUCTION_CODE_ZH,
        max_n=10_000_000,
        attempt_unit="square",  # one (row, column) square tried
        exhaustive=False,
        family="construction",
        answer=answer,
        attempts=lambda n: n,
        own_rule="squares",  # the formula gives the row and the column
        narrator=narrate_construction,
    ),
)
