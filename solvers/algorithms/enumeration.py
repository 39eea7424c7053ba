"""Generate-and-test: whole boards built first, then checked.

* ``brute-force`` -- every one of the n^n boards with a queen per row, built
  by recursion and tested pair by pair (seed 000's EightQueen2);
* ``permutations`` -- every permutation in lexicographic order, tested for a
  shared diagonal (seed 002, method 3);
* ``permutations-pruned`` -- seed 002's method 4: on the first conflicting
  pair (i, j), skip every following permutation that keeps perm[i] and
  perm[j]; its traversal counter counts as seed 002 counts (3576 for n = 8).

Moving from one board to the next is said with Backtrack and Place events for
the rows that change, so the board on screen is always the board under test.
An examined board ends with a Conflict naming the first attacking pair, or a
Solution.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from solvers.algorithms.backtracking import refusal_kind
from solvers.algorithms.enumeration_engine import (
    NEXT,
    OVER,
    SKIP,
    START,
    BruteForce,
    PermutationResume,
    Permutations,
)
from solvers.events import Backtrack, Conflict, Event, Place, Solution
from solvers.narration import Context, SquareBySquare, fmt, line_key, solution_text, with_shared
from solvers.resume import FULL, LIFT, SOLVED, TRY, Start, TreeResume, begin
from solvers.spec import AlgorithmSpec

Pair = tuple[tuple[int, int], tuple[int, int]]

# Line indices into each algorithm's pseudo-code (the listings are at the end of this module).
# A verdict's Conflict points at the comparison that found its pair: TEST[kind], kind 0 a
# shared column, 1 a shared diagonal (r+c), 2 a shared anti-diagonal (r-c).
BRUTE_SOLUTION, BRUTE_PLACE, BRUTE_REMOVE, BRUTE_TEST = 2, 5, 7, (10, 11, 11)
PERM_FIRST, PERM_SOLUTION, PERM_NEXT_LIFT, PERM_NEXT_PLACE, PERM_CLEAR = 1, 3, 5, 6, 7
PERM_TEST = (10, 10, 10)
PRUNED_FIRST, PRUNED_NEXT_LIFT, PRUNED_NEXT_PLACE, PRUNED_SKIP_LIFT, PRUNED_SKIP_PLACE = 1, 4, 5, 10, 11
PRUNED_CLEAR, PRUNED_TEST, PRUNED_SOLUTION = 13, (16, 16, 16), 17


def pair_test(queens: list[int], diagonals_only: bool = False) -> tuple[Pair | None, int]:
    """The first attacking pair (i < j) and the comparisons spent finding it."""
    checks = 0
    n = len(queens)
    for i in range(n):
        qi = queens[i]
        for j in range(i + 1, n):
            qj = queens[j]
            if not diagonals_only:
                checks += 1
                if qi == qj:
                    return ((i, qi), (j, qj)), checks
            checks += 1
            if abs(qi - qj) == j - i:
                return ((i, qi), (j, qj)), checks
    return None, checks


def _verdict(
    queens: list[int],
    line_test: tuple[int, int, int],
    line_solution: int,
    attempt: bool,
    diagonals_only: bool,
    extra_checks: int = 0,
) -> Event:
    """The event that closes an examined board: its first conflict or a solution."""
    pair, checks = pair_test(queens, diagonals_only)
    checks += extra_checks
    if pair is None:
        return Solution(tuple(queens), line_solution, attempt, checks)
    (r, c), blocker = pair
    return Conflict(r, c, blocker, line_test[refusal_kind(r, c, blocker)], attempt, checks)


def brute_force(n: int, *, first: bool = False, start: Start | None = None) -> Iterator[Event]:
    """All n^n boards, one queen per row, each tested after it is complete.

    An odometer over the rows: the last row turns fastest. ``start`` resumes from a
    ``solvers.resume`` checkpoint (the board and its ``(row, col, phase)``).
    """
    if n <= 0:
        return
    queens, row, col, phase = begin(n, start)
    while True:
        if phase == TRY:
            if col < n:
                queens[row] = col
                yield Place(row, col, BRUTE_PLACE, False)
                if row < n - 1:
                    row, col = row + 1, 0
                    continue
                phase = FULL
            else:  # this row is done: lift the queen above
                if row == 0:
                    return
                row -= 1
                col = queens[row]
                yield Backtrack(row, col, BRUTE_REMOVE)
                col += 1
                continue
        if phase == FULL:
            verdict = _verdict(queens, BRUTE_TEST, BRUTE_SOLUTION, True, diagonals_only=False)
            yield verdict
            phase = SOLVED if verdict.marks().solution else LIFT
        if phase == SOLVED and first:
            return
        row, col = n - 1, queens[n - 1]
        yield Backtrack(row, col, BRUTE_REMOVE)
        col += 1
        phase = TRY


def next_permutation(perm: list[int]) -> int:
    """Advance ``perm`` to its lexicographic successor in place.

    Returns the first index that changed, or -1 (and leaves ``perm``) at the last.
    """
    i = len(perm) - 1
    while i > 0 and perm[i - 1] >= perm[i]:
        i -= 1
    if i <= 0:
        return -1
    j = len(perm) - 1
    while perm[j] <= perm[i - 1]:
        j -= 1
    perm[i - 1], perm[j] = perm[j], perm[i - 1]
    perm[i:] = reversed(perm[i:])
    return i - 1


def lex_rank(perm: list[int]) -> int:
    """The position of ``perm`` among the permutations of its values in lexicographic order.

    >>> lex_rank([0, 1, 2]), lex_rank([2, 1, 0])
    (0, 5)
    """
    n, rank = len(perm), 0
    for pos, value in enumerate(perm):
        smaller = sum(1 for later in perm[pos + 1 :] if later < value)
        rank += smaller * math.factorial(n - 1 - pos)
    return rank


def skip_past(perm: list[int], i: int, j: int) -> tuple[list[int] | None, int]:
    """The first permutation after ``perm`` that does not keep ``perm[i]`` and ``perm[j]`` (i < j),
    and how many next-permutation steps seed 002's skip takes to reach it (None, 0 past the last).

    Whole blocks sharing the first j + 1 values keep the pair, so they are passed at once
    instead of one permutation at a time.

    >>> skip_past([0, 1, 2, 3], 0, 1)
    ([0, 2, 1, 3], 2)
    """
    a, b = perm[i], perm[j]
    q = perm[:]
    while True:
        q[j + 1 :] = sorted(q[j + 1 :], reverse=True)  # the last permutation of this block
        if next_permutation(q) < 0:
            return None, 0
        if q[i] != a or q[j] != b:
            return q, lex_rank(q) - lex_rank(perm)


def _move(old: list[int], new: list[int], start: int, lift: int, place: int) -> Iterator[Event]:
    """Backtrack the rows of ``old`` from the bottom up to ``start`` (at line ``lift``),
    then place ``new``'s (at line ``place``)."""
    for row in range(len(old) - 1, start - 1, -1):
        yield Backtrack(row, old[row], lift)
    for row in range(start, len(new)):
        yield Place(row, new[row], place, False)


def _clear(perm: list[int], line: int) -> Iterator[Event]:
    for row in range(len(perm) - 1, -1, -1):
        yield Backtrack(row, perm[row], line)


def _start_permutation(n: int, start: Start | None) -> tuple[list[int], int, int, int]:
    """The permutation (the identity before the first event) and the (phase, i, j) to start from."""
    if start is None or start[1][0] == START:
        return list(range(n)), START, -1, -1
    board, (phase, i, j) = start
    return [c for c in board if c is not None], phase, i, j


def permutations(n: int, *, first: bool = False, start: Start | None = None) -> Iterator[Event]:
    """All n! permutations in lexicographic order, each tested for diagonals.

    ``start`` resumes right after a test (or at the start): the board and ``(phase, i, j)``;
    from the end of the run (``OVER``) nothing comes.
    """
    perm, phase, _, _ = _start_permutation(n, start)
    if phase == START:
        yield from _move([], perm, 0, PERM_FIRST, PERM_FIRST)
    elif phase == OVER or (phase == SOLVED and first):
        return
    while True:
        if phase == START:
            verdict = _verdict(perm, PERM_TEST, PERM_SOLUTION, True, diagonals_only=True)
            yield verdict
            if first and verdict.marks().solution:
                return
        phase = START
        old = perm[:]
        changed = next_permutation(perm)
        if changed < 0:
            break
        yield from _move(old, perm, changed, PERM_NEXT_LIFT, PERM_NEXT_PLACE)
    yield from _clear(perm, PERM_CLEAR)


def permutations_pruned(n: int, *, first: bool = False, start: Start | None = None) -> Iterator[Event]:
    """Seed 002's method 4: skip the permutations that keep a conflicting pair.

    A permutation reached by the plain "next" step is a counted traversal.
    The one a skip lands on, and the starting one, are tested but not counted,
    exactly as seed 002's program counts (3576 traversals for n = 8). ``start``
    resumes right after a test (or at the start): the board and ``(phase, i, j)``; from the
    end of the run (``OVER``) nothing comes.
    """
    perm, phase, i, j = _start_permutation(n, start)
    if phase == START:
        yield from _move([], perm, 0, PRUNED_FIRST, PRUNED_FIRST)
        verdict = _verdict(perm, PRUNED_TEST, PRUNED_SOLUTION, False, diagonals_only=True)
        yield verdict
        if first and verdict.marks().solution:
            return
        phase = NEXT
    elif phase == OVER or (phase == SOLVED and first):
        return
    while True:
        if phase != SKIP:
            old = perm[:]
            changed = next_permutation(perm)
            if changed < 0:
                break
            yield from _move(old, perm, changed, PRUNED_NEXT_LIFT, PRUNED_NEXT_PLACE)
            verdict = _verdict(perm, PRUNED_TEST, PRUNED_SOLUTION, True, diagonals_only=True)
            yield verdict
            refused, blocker = verdict.marks().refused, verdict.marks().blocker
            if refused is not None and blocker is not None:  # the pair to skip past
                i, j = refused[0], blocker[0]
                phase = SKIP
        if phase == SKIP:
            phase = NEXT
            target, steps = skip_past(perm, i, j)
            if target is None:
                break
            start_row = next(r for r in range(n) if perm[r] != target[r])
            old, perm = perm, target
            yield from _move(old, perm, start_row, PRUNED_SKIP_LIFT, PRUNED_SKIP_PLACE)
            verdict = _verdict(
                perm, PRUNED_TEST, PRUNED_SOLUTION, False, diagonals_only=True, extra_checks=2 * steps
            )
            yield verdict
        if first and verdict.marks().solution:
            return
    yield from _clear(perm, PRUNED_CLEAR)


BRUTE_FORCE_CODE = (
    "search(row):  # builds each of n^n boards",
    "    if row == n:",
    "        if test(q): record solution",
    "        return",
    "    for col in 0 .. n-1:",
    "        place queen: q[row] = col",
    "        search(row + 1)",
    "        remove queen from (row, col)",
    "test(q):",
    "    for each pair of rows i < j:",
    "        if q[i] == q[j]: return false",
    "        if |q[i]-q[j]| == j-i: return false",
    "    return true",
)

PERMUTATIONS_CODE = (
    "q = first permutation 0, 1, ..., n-1",
    "place queens: row r on column q[r]",
    "loop:",
    "    if test(q): record solution",
    "    if q is the last permutation: break",
    "    remove the queens that the next q moves",
    "    q = next permutation; place them",
    "remove every queen",
    "test(q):  # the columns all differ",
    "    for each pair of rows i < j:",
    "        if |q[i]-q[j]| == j-i: return false",
    "    return true",
)

PRUNED_CODE = (
    "q = first permutation 0, 1, ..., n-1",
    "place queens: row r on column q[r]",
    "test(q)  # not counted",
    "while q has a next permutation:",
    "    remove the queens that the next q moves",
    "    q = next permutation; place them",
    "    count q; (i, j) = test(q)",
    "    if there is a pair (i, j):",
    "        skip each next q keeping q[i], q[j]",
    "        if none is left: break",
    "        remove the queens the skip moves",
    "        q = the one landed on; place them",
    "        test(q)  # not counted",
    "remove every queen",
    "test(q):  # the first pair on a diagonal",
    "    for each pair of rows i < j:",
    "        if |q[i]-q[j]| == j-i: return i, j",
    "    record solution; return none",
)

BRUTE_FORCE_CODE_ZH = (
    "search(row)：  # 生成全部 n^n 个棋盘",
    "    若 row == n：",
    "        若 test(q)：记录解",
    "        返回",
    "    对 col = 0 .. n-1：",
    "        放皇后：q[row] = col",
    "        search(row + 1)",
    "        移走 (row, col) 的皇后",
    "test(q)：",
    "    对每一对行 i < j：",
    "        若 q[i] == q[j]：返回 false",
    "        若 |q[i]-q[j]| == j-i：返回 false",
    "    返回 true",
)


PERMUTATIONS_CODE_ZH = (
    "q = 第一个排列 0, 1, ..., n-1",
    "放皇后：第 r 行放在第 q[r] 列",
    "循环：",
    "    若 test(q)：记录解",
    "    若 q 是最后一个排列：跳出",
    "    移走下一个排列要移动的皇后",
    "    q = 下一个排列；放回这些皇后",
    "移走所有皇后",
    "test(q)：  # 各列本来就互不相同",
    "    对每一对行 i < j：",
    "        若 |q[i]-q[j]| == j-i：返回 false",
    "    返回 true",
)


PRUNED_CODE_ZH = (
    "q = 第一个排列 0, 1, ..., n-1",
    "放皇后：第 r 行放在第 q[r] 列",
    "test(q)  # 不计数",
    "当 q 还有下一个排列：",
    "    移走下一个排列要移动的皇后",
    "    q = 下一个排列；放回这些皇后",
    "    计数 q；(i, j) = test(q)",
    "    若有冲突的一对 (i, j)：",
    "        跳过其后保持 q[i]、q[j] 的排列",
    "        若已没有排列：跳出",
    "        移走这次跳跃要移动的皇后",
    "        q = 跳到的排列；放回这些皇后",
    "        test(q)  # 不计数",
    "移走所有皇后",
    "test(q)：  # 找第一对同斜线的皇后",
    "    对每一对行 i < j：",
    "        若 |q[i]-q[j]| == j-i：返回 i, j",
    "    记录解；返回 none",
)


#: Its own sentences in English and Chinese (``with_shared`` adds those every search says).
_OWN_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "bf_place": "Building board {k}: the queen of row {r} goes on column {c}.",
        "bf_lift_next": "The queen of row {r} leaves column {c}; next it tries column {c1}.",
        "bf_lift_done": "Row {r} has been through all {n} columns: its queen is lifted from column {c}.",
        "bf_reject": "Board {k} of {total} is rejected: the queens in rows {a} and {b} share {a_line}.",
        "bf_solution": "Board {k} of {total} has no attacking pair: solution {s} is {q}.",
        "perm_place_first": "First permutation: the queen of row {r} goes on column {c}.",
        "perm_place_next": "Next permutation: the queen of row {r} goes on column {c}.",
        "perm_place_skip": "Where the skip lands: the queen of row {r} goes on column {c}.",
        "perm_lift_next": "Next permutation: the queen of row {r} leaves column {c}.",
        "perm_lift_skip": "Skipping: the queen of row {r} leaves column {c}.",
        "perm_lift_end": "No permutation is left: the queen of row {r} is lifted from column {c}.",
        "perm_reject": "Permutation {k} of {total} is rejected: the queens in rows {a} and {b} share "
        "{a_line}.",
        "perm_solution": "Permutation {k} of {total} has no shared diagonal: solution {s} is {q}.",
        "pruned_skip": "Traversal {k}: the queens in rows {a} and {b} share {a_line}, so every following "
        "permutation that keeps this pair is skipped ({skip} of them).",
        "pruned_skip_none": "Traversal {k}: the queens in rows {a} and {b} share {a_line}; the very next "
        "permutation already changes this pair, so none is skipped.",
        "pruned_skip_end": "Traversal {k}: the queens in rows {a} and {b} share {a_line}, and every "
        "remaining "
        "permutation keeps this pair ({skip} of them), so the walk ends.",
        "pruned_reject_first": "The first permutation (not counted) is rejected: the queens in rows "
        "{a} and {b} "
        "share {a_line}.",
        "pruned_reject_landed": "The permutation the skip landed on (not counted) is rejected: the queens in "
        "rows {a} and {b} share {a_line}.",
        "pruned_solution": "Traversal {k} has no shared diagonal: solution {s} is {q}.",
        "pruned_solution_uncounted": "The permutation the skip landed on (not counted) has no shared "
        "diagonal: "
        "solution {s} is {q}.",
        "pruned_solution_first": "The first permutation (not counted) has no shared diagonal: "
        "solution {s} is {q}.",
        "a_col": "a column",
        "a_diag": "a diagonal",
        "a_anti": "an anti-diagonal",
    },
    "zh": {
        "bf_place": "生成第 {k} 个棋盘：第 {r} 行的皇后放在第 {c} 列。",
        "bf_lift_next": "第 {r} 行的皇后离开第 {c} 列，接下来试第 {c1} 列。",
        "bf_lift_done": "第 {r} 行已试遍全部 {n} 列：拿起第 {c} 列的皇后。",
        "bf_reject": "第 {k} 个棋盘（共 {total} 个）被否决：第 {a} 行和第 {b} 行的皇后在同一{a_line}上。",
        "bf_solution": "第 {k} 个棋盘（共 {total} 个）没有互相攻击的皇后：第 {s} 个解是 {q}。",
        "perm_place_first": "第一个排列：第 {r} 行的皇后放在第 {c} 列。",
        "perm_place_next": "下一个排列：第 {r} 行的皇后放在第 {c} 列。",
        "perm_place_skip": "跳到的排列：第 {r} 行的皇后放在第 {c} 列。",
        "perm_lift_next": "下一个排列：第 {r} 行的皇后离开第 {c} 列。",
        "perm_lift_skip": "跳过中：第 {r} 行的皇后离开第 {c} 列。",
        "perm_lift_end": "已没有剩下的排列：拿起第 {r} 行第 {c} 列的皇后。",
        "perm_reject": "第 {k} 个排列（共 {total} 个）被否决：第 {a} 行和第 {b} 行的皇后在同一{a_line}上。",
        "perm_solution": "第 {k} 个排列（共 {total} 个）没有共用的斜线：第 {s} 个解是 {q}。",
        "pruned_skip": "第 {k} 次遍历：第 {a} 行和第 {b} 行的皇后在同一{a_line}上，"
        "因此跳过其后所有保留这对皇后的排列（共 {skip} 个）。",
        "pruned_skip_none": "第 {k} 次遍历：第 {a} 行和第 {b} 行的皇后在同一{a_line}上；"
        "紧接着的排列已经改变了这对皇后，无需跳过。",
        "pruned_skip_end": "第 {k} 次遍历：第 {a} 行和第 {b} 行的皇后在同一{a_line}上，"
        "剩下的排列都保留这对皇后（共 {skip} 个），遍历到此结束。",
        "pruned_reject_first": "第一个排列（不计数）被否决：第 {a} 行和第 {b} 行的皇后在同一{a_line}上。",
        "pruned_reject_landed": "跳到的排列（不计数）被否决：第 {a} 行和第 {b} 行的皇后在同一{a_line}上。",
        "pruned_solution": "第 {k} 次遍历没有共用的斜线：第 {s} 个解是 {q}。",
        "pruned_solution_uncounted": "跳到的排列（不计数）没有共用的斜线：第 {s} 个解是 {q}。",
        "pruned_solution_first": "第一个排列（不计数）没有共用的斜线：第 {s} 个解是 {q}。",
        "a_col": "列",
        "a_diag": "条对角线",
        "a_anti": "条反对角线",
    },
}
_TEXT = with_shared(_OWN_TEXT)


def _later_arrangements(tail: Sequence[int]) -> int:
    """How many arrangements of ``tail``'s (distinct) values come after it in lexicographic order."""
    m = len(tail)
    rank = 0
    for i, value in enumerate(tail):
        smaller = sum(1 for later in tail[i + 1 :] if later < value)
        rank += smaller * math.factorial(m - 1 - i)
    return math.factorial(m) - 1 - rank


def pruned_skip(perm: Sequence[int], i: int, j: int) -> tuple[int, bool]:
    """Seed 002's skip after the conflicting pair (i, j) of ``perm``: how many following
    permutations keep ``perm[i]`` and ``perm[j]`` (skipped untested), and whether they
    run to the last permutation (the walk then ends). Jumps whole blocks that fix rows 0..j.
    """
    p = list(perm)
    keep = (p[i], p[j])
    skipped = 0
    while True:
        tail = p[j + 1 :]
        skipped += _later_arrangements(tail)
        p[j + 1 :] = sorted(tail, reverse=True)
        if next_permutation(p) < 0:
            return skipped, True
        if (p[i], p[j]) != keep:
            return skipped, False
        skipped += 1


def _pair(event: Conflict) -> tuple[int, int, str]:
    """The conflicting pair of a whole-board verdict: its rows (1-based) and its line."""
    return event.row + 1, event.blocker[0] + 1, line_key((event.row, event.col), event.blocker)


class _Enumeration(SquareBySquare):
    """The sentences of brute force (``kind`` "bf": board k of n^n built, then judged) and of the
    permutation walk ("perm": permutation k of n! moved to, then judged)."""

    def __init__(self, ctx: Context, words: dict[str, str], kind: str, total: int) -> None:
        super().__init__(ctx, words)
        self.kind, self.total, self.own = kind, total, _TEXT[self.lang]
        self.k = f"{ctx.attempts + 1:,}"

    def place(self, event: Place) -> str:
        if self.kind == "bf":
            return fmt(self.own["bf_place"], self.words, k=self.k, r=event.row + 1, c=event.col + 1)
        key = "perm_place_first" if event.line == PERM_FIRST else "perm_place_next"
        return fmt(self.own[key], self.words, r=event.row + 1, c=event.col + 1)

    def backtrack(self, event: Backtrack) -> str:
        text, words, n = self.own, self.words, self.ctx.n
        r, c = event.row + 1, event.col + 1
        if self.kind == "bf":
            if event.col < n - 1:
                return fmt(text["bf_lift_next"], words, r=r, c=c, c1=c + 1)
            return fmt(text["bf_lift_done"], words, r=r, c=c, n=n)
        key = "perm_lift_end" if event.line == PERM_CLEAR else "perm_lift_next"
        return fmt(text[key], words, r=r, c=c)

    def conflict(self, event: Conflict) -> str:
        a, b, line = _pair(event)
        text, total = self.own, f"{self.total:,}"
        return fmt(
            text[f"{self.kind}_reject"], self.words, k=self.k, total=total, a=a, b=b, a_line=text[f"a_{line}"]
        )

    def solution(self, event: Solution) -> str:
        q = solution_text(self.ctx, self.lang)
        total, s = f"{self.total:,}", self.ctx.solutions + 1
        return fmt(self.own[f"{self.kind}_solution"], self.words, k=self.k, total=total, s=s, q=q)


def narrate_brute_force(event: Event, ctx: Context, words: dict[str, str]) -> str:
    """The sentences of brute force: board k of n^n built, then judged."""
    return event.read(_Enumeration(ctx, words, "bf", ctx.n**ctx.n))


def narrate_permutations(event: Event, ctx: Context, words: dict[str, str]) -> str:
    """The sentences of the permutation walk: permutation k of n! moved to, then judged."""
    return event.read(_Enumeration(ctx, words, "perm", math.factorial(ctx.n)))


class _Pruned(SquareBySquare):
    """The sentences of the pruned permutations: each skip said with how many it skips."""

    def __init__(self, ctx: Context, words: dict[str, str]) -> None:
        super().__init__(ctx, words)
        self.own, self.k = _TEXT[self.lang], f"{ctx.attempts + 1:,}"

    def place(self, event: Place) -> str:
        key = {PRUNED_FIRST: "perm_place_first", PRUNED_SKIP_PLACE: "perm_place_skip"}.get(
            event.line, "perm_place_next"
        )
        return fmt(self.own[key], self.words, r=event.row + 1, c=event.col + 1)

    def backtrack(self, event: Backtrack) -> str:
        key = {PRUNED_SKIP_LIFT: "perm_lift_skip", PRUNED_CLEAR: "perm_lift_end"}.get(
            event.line, "perm_lift_next"
        )
        return fmt(self.own[key], self.words, r=event.row + 1, c=event.col + 1)

    def conflict(self, event: Conflict) -> str:
        text, words, ctx = self.own, self.words, self.ctx
        a, b, line = _pair(event)
        values = {"k": self.k, "a": a, "b": b, "a_line": text[f"a_{line}"]}
        if not event.attempt:  # the first permutation, or the one a skip landed on
            key = "pruned_reject_first" if ctx.attempts == 0 else "pruned_reject_landed"
            return fmt(text[key], words, **values)
        perm = ctx.real_queens()
        skipped, ends = pruned_skip(perm, event.row, event.blocker[0])
        key = "pruned_skip_end" if ends else "pruned_skip" if skipped else "pruned_skip_none"
        return fmt(text[key], words, skip=f"{skipped:,}", **values)

    def solution(self, event: Solution) -> str:
        key = "pruned_solution" if event.attempt else "pruned_solution_uncounted"
        if self.ctx.attempts == 0:
            key = "pruned_solution_first"
        q = solution_text(self.ctx, self.lang)
        return fmt(self.own[key], self.words, k=self.k, s=self.ctx.solutions + 1, q=q)


def narrate_pruned(event: Event, ctx: Context, words: dict[str, str]) -> str:
    """The sentences of the pruned permutations (``_Pruned``)."""
    return event.read(_Pruned(ctx, words))


ORDER = 20  # after the backtracking family


SPECS = (
    AlgorithmSpec(
        "brute-force",
        "Brute force over all n^n boards",
        "暴力枚举（n^n 种摆法）",
        "Every board with one queen per row is built, then tested pair by pair.",
        "生成每行一个皇后的全部摆法，再逐对检查。",
        brute_force,
        BRUTE_FORCE_CODE,
        BRUTE_FORCE_CODE_ZH,
        max_n=8,
        attempt_unit="board",  # one whole board tested
        family="enumeration",
        engine=BruteForce(),
        attempts=lambda n: n**n,
        race_partner="backtracking",
        resumer=TreeResume(verdicts=True),
        predict="answer",
        narrator=narrate_brute_force,
    ),
    AlgorithmSpec(
        "permutations",
        "All permutations",
        "全排列",
        "Every permutation (one queen per row and column) in order, tested for diagonals.",
        "按字典序枚举全部排列（每行每列各一个皇后），检查斜线。",
        permutations,
        PERMUTATIONS_CODE,
        PERMUTATIONS_CODE_ZH,
        max_n=10,
        attempt_unit="permutation",  # one whole permutation tested
        family="enumeration",
        engine=Permutations(pruned=False),
        attempts=math.factorial,
        race_partner="permutations-pruned",
        resumer=PermutationResume(),
        predict="answer",
        narrator=narrate_permutations,
    ),
    AlgorithmSpec(
        "permutations-pruned",
        "Permutations with pruning",
        "全排列剪枝",
        "Permutations, skipping every one that keeps the first conflicting pair.",
        "枚举排列，跳过所有保留首个冲突皇后对的排列。",
        permutations_pruned,
        PRUNED_CODE,
        PRUNED_CODE_ZH,
        max_n=12,
        attempt_unit="permutation",  # one whole permutation tested
        family="enumeration",
        engine=Permutations(pruned=True, max_n=12),
        resumer=PermutationResume(skips=True),
        race_partner="mrv",  # skipping known-bad permutations vs never making them
        predict="answer",
        narrator=narrate_pruned,
    ),
)
