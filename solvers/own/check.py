"""What is wrong with a student's search, said in words at the event where it goes wrong.

``check(events, n)`` follows the events on a board of its own and returns the first ``Problem``:
a queen placed on an attacked square or on a row that has one, a refusal that names no attacker,
a removal of a queen that is not there, a solution that is not one, or, at the end, solutions
missing or found twice (compared with every solution of n). None: the search is right.

>>> from solvers.events import Place, Solution
>>> check([Place(0, 0), Place(1, 1)], 4).sentence("en")
'Event 2: row 2, column 2 is attacked by the queen in row 1, column 1 along a diagonal.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from solvers.board import attacks, is_solution
from solvers.events import Backtrack, Conflict, Event, Place, Reader, Solution

TEXT = {
    "en": {
        "attacked": "Event {i}: row {r}, column {c} is attacked by the queen in row {br}, column {bc} "
        "along {line}.",
        "row_taken": "Event {i}: row {r} already has a queen (column {c0}); a second one goes on column {c}.",
        "off_board": "Event {i}: row {r}, column {c} is not on the {n} x {n} board.",
        "no_attacker": "Event {i}: row {r}, column {c} is refused, but the queen it names (row {br}, "
        "column {bc}) does not attack it.",
        "not_there": "Event {i}: the queen on row {r}, column {c} is removed, but there is none there.",
        "not_solution": "Event {i}: the board reported as a solution is not one ({why}).",
        "missing": "Found {found:,} of {total:,} solutions; missing, for example, {q}.",
        "repeated": "Found {found:,} solutions, but {q} is found {k} times.",
        "extra": "Found {found:,} solutions, more than the {total:,} there are.",
        "col": "its column",
        "diag": "a diagonal",
        "ok": "Correct: {found:,} solutions, each once, and every queen placed on a safe square "
        "({events:,} events).",
    },
    "zh": {
        "attacked": "第 {i} 个事件：第 {r} 行第 {c} 列被第 {br} 行第 {bc} 列的皇后沿{line}攻击。",
        "row_taken": "第 {i} 个事件：第 {r} 行已有皇后（第 {c0} 列），又在第 {c} 列放了一个。",
        "off_board": "第 {i} 个事件：第 {r} 行第 {c} 列不在 {n} x {n} 的棋盘上。",
        "no_attacker": "第 {i} 个事件：第 {r} 行第 {c} 列被拒绝，"
        "但它所说的皇后（第 {br} 行第 {bc} 列）并不攻击它。",
        "not_there": "第 {i} 个事件：移走第 {r} 行第 {c} 列的皇后，但那里没有皇后。",
        "not_solution": "第 {i} 个事件：报告为解的棋盘并不是解（{why}）。",
        "missing": "找到 {total:,} 个解中的 {found:,} 个；例如缺少 {q}。",
        "repeated": "找到 {found:,} 个解，但 {q} 被找到了 {k} 次。",
        "extra": "找到 {found:,} 个解，比实际的 {total:,} 个还多。",
        "col": "同一列",
        "diag": "对角线",
        "ok": "正确：{found:,} 个解，每个一次，每个皇后都放在安全的格子上（{events:,} 个事件）。",
    },
}


@dataclass(frozen=True)
class Problem:
    """The first thing wrong: the event (its index from 0; None: the run as a whole) and why."""

    event: int | None
    key: str
    values: dict[str, object]

    def sentence(self, lang: str = "en") -> str:
        values = dict(self.values)
        if "line" in values:
            values["line"] = TEXT[lang][str(values["line"])]
        return TEXT[lang][self.key].format(**values)


def shown(queens: Iterable[int]) -> str:
    """A board as its columns row by row, from 1 (as the window's labels)."""
    return " ".join(str(c + 1) for c in queens)


def all_solutions(n: int) -> list[tuple[int, ...]]:
    """Every solution of n, in backtracking order (the oracle; n is small here)."""
    out: list[tuple[int, ...]] = []
    queens = [0] * n

    def place(row: int, cols: int, diag: int, anti: int) -> None:
        if row == n:
            out.append(tuple(queens))
            return
        free = ~(cols | diag | anti) & ((1 << n) - 1)
        while free:
            bit = free & -free
            free ^= bit
            queens[row] = bit.bit_length() - 1
            place(row + 1, cols | bit, (diag | bit) << 1, (anti | bit) >> 1)

    place(0, 0, 0, 0)
    return out


#: Problems after which the events no longer describe a board (a second queen in a row, a queen
#: removed that is not there): the run of a student's search ends at them.
BROKEN = ("off_board", "row_taken", "not_there")


class Checker(Reader[Problem | None]):
    """Follows a run event by event on a board of its own (bit masks: a step costs O(1) but for
    a solution) and says each event's problem. A queen on an attacked square is still placed, so
    the run can go on and be narrated as it is; a ``BROKEN`` event changes nothing."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.queens: list[int | None] = [None] * n
        self.cols = self.diag = self.anti = 0  # bit c, r + c, r - c + n of each queen
        self.found: list[tuple[int, ...]] = []  # the valid solutions, in order
        self.index = -1
        self.first: Problem | None = None  # the run's first problem, kept by ``audited``

    def step(self, event: Event) -> Problem | None:
        """Apply ``event`` (the next of the run) and return what is wrong with it, if anything
        (each kind judged by its own method)."""
        self.index += 1
        return event.read(self)

    def _off_board(self, r: int, c: int) -> Problem | None:
        n = self.n
        if 0 <= r < n and 0 <= c < n:
            return None
        return Problem(self.index, "off_board", {"i": self.index + 1, "r": r + 1, "c": c + 1, "n": n})

    def other(self, event: Event) -> Problem | None:
        """A kind a student's search does not yield (the wire carries none): nothing to say."""
        return None

    def place(self, event: Place) -> Problem | None:
        r, c, n, number = event.row, event.col, self.n, self.index + 1
        outside = self._off_board(r, c)
        if outside is not None:
            return outside
        taken = self.queens[r]
        if taken is not None:
            return Problem(self.index, "row_taken", {"i": number, "r": r + 1, "c": c + 1, "c0": taken + 1})
        attacked = (self.cols >> c | self.diag >> (r + c) | self.anti >> (r - c + n)) & 1
        problem = self._attacked(number, r, c) if attacked else None
        self._move(r, c, 1)
        return problem

    def conflict(self, event: Conflict) -> Problem | None:
        r, c, n = event.row, event.col, self.n
        outside = self._off_board(r, c)
        if outside is not None:
            return outside
        br, bc = event.blocker
        if 0 <= br < n and self.queens[br] == bc and attacks((r, c), (br, bc)):
            return None
        values: dict[str, object] = {"i": self.index + 1, "r": r + 1, "c": c + 1, "br": br + 1, "bc": bc + 1}
        return Problem(self.index, "no_attacker", values)

    def backtrack(self, event: Backtrack) -> Problem | None:
        r, c = event.row, event.col
        outside = self._off_board(r, c)
        if outside is not None:
            return outside
        if self.queens[r] != c:
            return Problem(self.index, "not_there", {"i": self.index + 1, "r": r + 1, "c": c + 1})
        self._move(r, c, -1)
        return None

    def solution(self, event: Solution) -> Problem | None:
        return self._solution(event, self.index + 1)

    def _move(self, r: int, c: int, sign: int) -> None:
        self.queens[r] = c if sign > 0 else None
        self.cols ^= 1 << c
        self.diag ^= 1 << (r + c)
        self.anti ^= 1 << (r - c + self.n)

    def _attacked(self, number: int, r: int, c: int) -> Problem:
        for br, bc in enumerate(self.queens):
            if bc is not None and attacks((r, c), (br, bc)):
                line = "col" if bc == c else "diag"
                values = {"i": number, "r": r + 1, "c": c + 1, "br": br + 1, "bc": bc + 1, "line": line}
                return Problem(self.index, "attacked", values)
        raise AssertionError("a square the masks call attacked has an attacker")

    def _solution(self, event: Solution, number: int) -> Problem | None:
        board = tuple(self.queens)
        if None in board or not is_solution(board) or tuple(event.queens) != board:
            why = "a row is empty" if None in board else "it differs from the board"
            if None not in board and not is_solution(board):
                why = "two queens attack each other"
            return Problem(self.index, "not_solution", {"i": number, "why": why})
        self.found.append(tuple(c for c in board if c is not None))
        return None

    def end(self) -> Problem | None:
        """At the end of a whole run: the solutions found against every solution of n."""
        found, every = self.found, all_solutions(self.n)
        counts = Counter(found)
        twice = next((q for q, k in counts.items() if k > 1), None)
        if twice is not None:
            return Problem(None, "repeated", {"found": len(found), "q": shown(twice), "k": counts[twice]})
        if len(found) > len(every):
            return Problem(None, "extra", {"found": len(found), "total": len(every)})
        missing = next((q for q in every if q not in counts), None)
        if missing is not None:
            return Problem(None, "missing", {"found": len(found), "total": len(every), "q": shown(missing)})
        return None


def check(events: Iterable[Event], n: int, *, complete: bool = True) -> Problem | None:
    """The first problem of the run ``events`` at ``n``; with ``complete`` the run is whole, so the
    solutions found are compared with every solution of n."""
    checker = Checker(n)
    for event in events:
        problem = checker.step(event)
        if problem is not None:
            return problem
    return checker.end() if complete else None


def audited(
    events: Iterable[Event], checker: Checker, *, solutions_only_valid: bool = False
) -> Iterator[Event]:
    """``events`` as they come, each judged by ``checker`` (whose ``first`` problem the caller reads
    afterwards); with ``solutions_only_valid`` a Solution that is not one is left out (a count of
    a student's search counts only real solutions)."""
    for event in events:
        problem = checker.step(event)
        if problem is not None and checker.first is None:
            checker.first = problem
        if problem is not None and solutions_only_valid and event.solved() is not None:
            continue
        yield event
