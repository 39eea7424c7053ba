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

from collections.abc import Iterator

from solvers.events import Backtrack, Conflict, Event, Place, Solution
from solvers.resume import FULL, LIFT, NEXT, SKIP, SOLVED, START, TRY, Start, begin

Pair = tuple[tuple[int, int], tuple[int, int]]


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
    line_test: int,
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
    return Conflict(r, c, blocker, line_test, attempt, checks)


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
                yield Place(row, col, 6, False)
                if row < n - 1:
                    row, col = row + 1, 0
                    continue
                phase = FULL
            else:  # this row is done: lift the queen above
                if row == 0:
                    return
                row -= 1
                col = queens[row]
                yield Backtrack(row, col, 7)
                col += 1
                continue
        if phase == FULL:
            verdict = _verdict(queens, 2, 3, True, diagonals_only=False)
            yield verdict
            phase = SOLVED if type(verdict) is Solution else LIFT
        if phase == SOLVED and first:
            return
        row, col = n - 1, queens[n - 1]
        yield Backtrack(row, col, 7)
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


def _move(old: list[int], new: list[int], start: int, line: int) -> Iterator[Event]:
    """Backtrack the rows of ``old`` from the bottom up to ``start``, then place ``new``'s."""
    for row in range(len(old) - 1, start - 1, -1):
        yield Backtrack(row, old[row], line)
    for row in range(start, len(new)):
        yield Place(row, new[row], line, False)


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
        yield from _move([], perm, 0, 0)
    elif phase == SOLVED and first:
        return
    while True:
        if phase == START:
            verdict = _verdict(perm, 2, 3, True, diagonals_only=True)
            yield verdict
            if first and isinstance(verdict, Solution):
                return
        phase = START
        old = perm[:]
        changed = next_permutation(perm)
        if changed < 0:
            break
        yield from _move(old, perm, changed, 4)
    yield from _clear(perm, 5)


def permutations_pruned(n: int, *, first: bool = False, start: Start | None = None) -> Iterator[Event]:
    """Seed 002's method 4: skip the permutations that keep a conflicting pair.

    A permutation reached by the plain "next" step is a counted traversal.
    The one a skip lands on, and the starting one, are tested but not counted,
    exactly as seed 002's program counts (3576 traversals for n = 8). ``start``
    resumes right after a test (or at the start): the board and ``(phase, i, j)``.
    """
    perm, phase, i, j = _start_permutation(n, start)
    if phase == START:
        yield from _move([], perm, 0, 0)
        verdict = _verdict(perm, 5, 6, False, diagonals_only=True)
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
            yield from _move(old, perm, changed, 1)
            verdict = _verdict(perm, 2, 6, True, diagonals_only=True)
            yield verdict
            if isinstance(verdict, Conflict):
                i, j = verdict.row, verdict.blocker[0]
                phase = SKIP
        if phase == SKIP:
            phase = NEXT
            keep = (perm[i], perm[j])
            old = perm[:]
            start_row, skips = n, 0
            while True:
                changed = next_permutation(perm)
                if changed < 0:
                    break
                start_row = min(start_row, changed)
                skips += 2
                if (perm[i], perm[j]) != keep:
                    break
            if changed < 0:
                perm[:] = old
                break
            yield from _move(old, perm, start_row, 4)
            verdict = _verdict(perm, 5, 6, False, diagonals_only=True, extra_checks=skips)
            yield verdict
        if first and isinstance(verdict, Solution):
            return
    yield from _clear(perm, 1)


BRUTE_FORCE_CODE = (
    "search(row):",
    "    if row == n:",
    "        count the board; test every pair of queens",
    "        if no pair attacks: report solution",
    "        return",
    "    for col in 0 .. n-1:",
    "        put this row's queen on col; search(row + 1)",
    "        lift it again",
)

PERMUTATIONS_CODE = (
    "perm = 0, 1, ..., n-1  (one queen per row and column)",
    "repeat:",
    "    count perm; test each pair for a shared diagonal",
    "    if no pair attacks: report solution",
    "    perm = next permutation (rewrite the shortest suffix)",
    "until perm was the last permutation",
)

PRUNED_CODE = (
    "perm = 0, 1, ..., n-1; test it",
    "while perm = next permutation:",
    "    count perm; find the first pair (i, j) on a shared diagonal",
    "    if there is one:",
    "        skip every next permutation that keeps perm[i] and perm[j]",
    "        test the permutation landed on (not counted)",
    "    if no pair attacks: report solution",
)
