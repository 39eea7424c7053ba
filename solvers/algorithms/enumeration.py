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
from collections.abc import Iterator

from solvers.algorithms.backtracking import refusal_kind
from solvers.engine import BruteForce, Permutations
from solvers.events import Backtrack, Conflict, Event, Place, Solution
from solvers.resume import (
    FULL,
    LIFT,
    NEXT,
    SKIP,
    SOLVED,
    START,
    TRY,
    PermutationResume,
    Start,
    TreeResume,
    begin,
)
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
            phase = SOLVED if type(verdict) is Solution else LIFT
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

    ``start`` resumes right after a test (or at the start): the board and ``(phase, i, j)``.
    """
    perm, phase, _, _ = _start_permutation(n, start)
    if phase == START:
        yield from _move([], perm, 0, PERM_FIRST, PERM_FIRST)
    elif phase == SOLVED and first:
        return
    while True:
        if phase == START:
            verdict = _verdict(perm, PERM_TEST, PERM_SOLUTION, True, diagonals_only=True)
            yield verdict
            if first and isinstance(verdict, Solution):
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
    resumes right after a test (or at the start): the board and ``(phase, i, j)``.
    """
    perm, phase, i, j = _start_permutation(n, start)
    if phase == START:
        yield from _move([], perm, 0, PRUNED_FIRST, PRUNED_FIRST)
        verdict = _verdict(perm, PRUNED_TEST, PRUNED_SOLUTION, False, diagonals_only=True)
        yield verdict
        if first and isinstance(verdict, Solution):
            return
        phase = NEXT
    elif phase == SOLVED and first:
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
            if isinstance(verdict, Conflict):
                i, j = verdict.row, verdict.blocker[0]
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
        if first and isinstance(verdict, Solution):
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
    ),
)
