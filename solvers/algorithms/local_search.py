"""Min-conflicts local search (Minton, Johnston, Philips & Laird 1992).

A greedy start puts each row's queen on a column with the fewest conflicts
with the rows already placed (ties broken at random).  Then, while some queen
is attacked, one attacked queen picked at random moves within its row to the
column with the fewest conflicts (ties at random; staying put is allowed).
Counts per column, diagonal (r+c) and anti-diagonal (r-c+n-1) make each
repair O(n).  After ``max_repairs`` repairs without a solution every queen is
taken away and the search starts again from a new greedy start.

Everything random comes from ``random.Random(seed)``, so a seed fixes the run.

>>> events = list(min_conflicts(8, seed=1))
>>> from solvers.algorithms.construction import is_valid
>>> is_valid(np.array(events[-1].queens))
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np

from solvers.algorithms.construction import refuse_impossible
from solvers.board import attacking_pairs
from solvers.counters import Counters
from solvers.events import Backtrack, Event, Place, Reader, Repair, Solution
from solvers.narration import Context, SquareBySquare, plural, solution_text, with_shared
from solvers.spec import COUNTERS, AlgorithmSpec

# Line indices into MIN_CONFLICTS_CODE.
LINE_GREEDY, LINE_MOVE, LINE_RESTART, LINE_DONE = 1, 5, 8, 9

MIN_CONFLICTS_CODE = (
    "for row in 0 .. n-1:  # greedy; ties: random",
    "    place queen on a column with fewest",
    "        conflicts with the rows above",
    "while some queen is attacked:",
    "    pick an attacked queen at random",
    "    move it in its row to the column with",
    "        fewest conflicts (ties: random)",
    "    if repairs > limit:",
    "        remove every queen; start again",
    "record solution",
)

GREEDY_SAMPLES = 48  # random free columns tried before a full scan of the row


def default_max_repairs(n: int) -> int:
    """Repairs allowed before a restart: plenty for Minton's ~50, escapes small-n plateaus."""
    return 100 + 2 * n


class ConflictBoard:
    """One queen per row, with per-line counts and the number of attacking pairs."""

    def __init__(self, n: int, rng: random.Random) -> None:
        self.n = n
        self.rng = rng
        self.queens = np.full(n, -1, dtype=np.int64)
        self.cols = np.zeros(n, dtype=np.int64)
        self.diag = np.zeros(2 * n - 1, dtype=np.int64)
        self.anti = np.zeros(2 * n - 1, dtype=np.int64)
        self.rows = np.arange(n, dtype=np.int64)
        self.pairs = 0  # attacking pairs on the board
        self.free = list(range(n))  # columns without a queen (greedy start only)

    def place(self, row: int, col: int) -> None:
        """Put row's queen on col (the row must be empty)."""
        a = row - col + self.n - 1
        self.pairs += int(self.cols[col] + self.diag[row + col] + self.anti[a])
        self.cols[col] += 1
        self.diag[row + col] += 1
        self.anti[a] += 1
        self.queens[row] = col

    def remove(self, row: int) -> int:
        """Take row's queen away; returns its column."""
        col = int(self.queens[row])
        a = row - col + self.n - 1
        self.cols[col] -= 1
        self.diag[row + col] -= 1
        self.anti[a] -= 1
        self.pairs -= int(self.cols[col] + self.diag[row + col] + self.anti[a])
        self.queens[row] = -1
        return col

    def scores(self, row: int) -> np.ndarray:
        """Conflicts a queen in ``row`` would have on each column (row itself empty)."""
        n = self.n
        return self.cols + self.diag[row : row + n] + self.anti[row : row + n][::-1]

    def best_column(self, row: int) -> int:
        """A column with the fewest conflicts for ``row``, ties broken at random."""
        scores = self.scores(row)
        ties = np.flatnonzero(scores == scores.min())
        return int(ties[self.rng.randrange(ties.size)])

    def greedy_column(self, row: int) -> tuple[int, int]:
        """Greedy start: (column, checks) for ``row``.

        Free columns are sampled first; the first without conflict is a fewest-conflict
        column, uniform among them (0 is the least possible).  Failing that, a full scan.
        """
        n, free = self.n, self.free
        for tries in range(1, min(GREEDY_SAMPLES, len(free)) + 1):
            k = self.rng.randrange(len(free))
            col = free[k]
            if self.diag[row + col] == 0 and self.anti[row - col + n - 1] == 0:
                free[k] = free[-1]
                free.pop()
                return col, tries
        col = self.best_column(row)
        if self.cols[col] == 0:
            free.remove(col)
        return col, GREEDY_SAMPLES + n

    def attacked_rows(self) -> np.ndarray:
        """Rows whose queen is attacked by another."""
        q, r, n = self.queens, self.rows, self.n
        hit = (self.cols[q] > 1) | (self.diag[r + q] > 1) | (self.anti[r - q + n - 1] > 1)
        return np.flatnonzero(hit)


def _greedy(board: ConflictBoard) -> Iterator[Event]:
    for row in range(board.n):
        col, checks = board.greedy_column(row)
        board.place(row, col)
        yield Place(row, col, LINE_GREEDY, True, checks)


def _repair(board: ConflictBoard) -> Repair:
    attacked = board.attacked_rows()
    row = int(attacked[board.rng.randrange(attacked.size)])
    old = board.remove(row)
    new = board.best_column(row)
    board.place(row, new)
    return Repair(row, old, new, board.pairs, LINE_MOVE, True, board.n + attacked.size)


def _restart(board: ConflictBoard) -> Iterator[Event]:
    for row in range(board.n):
        yield Backtrack(row, board.remove(row), LINE_RESTART)
    board.free = list(range(board.n))


def _search(n: int, seed: int, max_repairs: int) -> Iterator[Event]:
    board = ConflictBoard(n, random.Random(seed))
    while True:
        yield from _greedy(board)
        for _ in range(max_repairs):
            if board.pairs == 0:
                break
            yield _repair(board)
        if board.pairs == 0:
            yield Solution(tuple(board.queens.tolist()), LINE_DONE)
            return
        yield from _restart(board)


def min_conflicts(
    n: int, *, first: bool = False, seed: int = 0, max_repairs: int | None = None
) -> Iterator[Event]:
    """Min-conflicts as events: greedy Places, Repairs (Backtracks on a restart), Solution.

    ``first`` is accepted and has no effect: the search stops at its one solution.
    """
    refuse_impossible(n)
    if n < 1:
        return iter(())
    limit = default_max_repairs(n) if max_repairs is None else max_repairs
    if limit < 1:
        raise ValueError(f"max_repairs must be at least 1 (got {limit})")
    return _search(n, seed, limit)


def answer(n: int, *, seed: int = 0) -> tuple[np.ndarray, dict[str, int]]:
    """The board and its counters, plus ``restarts``, ``start_conflicts`` (attacking
    pairs the last greedy start left) and ``conflicts`` (left at the end: 0).

    Drains the same search the window shows, keeping only boards, not events.
    """
    counters, boards = Counters(), _Boards(n)
    for event in min_conflicts(n, seed=seed):
        counters.apply(event)
        event.read(boards)
    extra = {
        "restarts": counters.backtracks // max(n, 1),
        "start_conflicts": attacking_pairs(boards.start),
        "conflicts": attacking_pairs(np.array(boards.queens, dtype=np.int64)),
    }
    return np.array(boards.queens, dtype=np.int64), {**counters.as_dict(), **extra}


class _Boards(Reader[None]):
    """The last greedy start (its placements) and the solution, as a run's events pass."""

    def __init__(self, n: int) -> None:
        self.start = np.zeros(n, dtype=np.int64)
        self.queens: tuple[int, ...] = ()

    def other(self, event: Event) -> None:
        """Repairs and restarts' lifts change neither."""

    def place(self, event: Place) -> None:
        self.start[event.row] = event.col

    def solution(self, event: Solution) -> None:
        self.queens = event.queens


MIN_CONFLICTS_CODE_ZH = (
    "对 row = 0 .. n-1：  # 贪心起步；平局随机",
    "    把皇后放在与上方各行",
    "        冲突最少的列",
    "当仍有皇后受攻击：",
    "    随机选一个受攻击的皇后",
    "    在它所在的行内把它移到",
    "        冲突最少的列（平局随机）",
    "    若修复次数 > 上限：",
    "        移走所有皇后；重新开始",
    "记录解",
)


#: Its own sentences in English and Chinese (``with_shared`` adds those every search says).
_OWN_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "mc_place": "Greedy start: the queen of row {r} goes on column {c}, a column with the fewest "
        "conflicts with the rows above ({k} {conflicts}).",
        "mc_move": "The queen in row {r} ({old_k} {old_conflicts}) moves to column {c} ({new_k} "
        "{new_conflicts}); {pairs} attacking {pair_word} left.",
        "mc_stay": "The queen in row {r} ({old_k} {old_conflicts}) stays on column {c}: no column of its row "
        "has fewer; {pairs} attacking {pair_word} left.",
        "mc_restart": "No solution within {limit} repairs, so the search starts again: the queen of row {r} "
        "is taken away from column {c}.",
        "mc_clear": "Starting again: the queen of row {r} is taken away from column {c}.",
        "mc_solution": "No queen is attacked any more: the solution is {q}.",
    },
    "zh": {
        "mc_place": "贪心起步：第 {r} 行的皇后放在第 {c} 列，这一列与上面各行的冲突最少（{k} 处）。",
        "mc_move": "第 {r} 行的皇后（{old_k} 处冲突）移到第 {c} 列（{new_k} 处冲突）；"
        "还剩 {pairs} 对互相攻击的皇后。",
        "mc_stay": "第 {r} 行的皇后（{old_k} 处冲突）留在第 {c} 列：本行没有冲突更少的列；"
        "还剩 {pairs} 对互相攻击的皇后。",
        "mc_restart": "修正 {limit} 次仍未得到解，于是重新开始：拿走第 {r} 行第 {c} 列的皇后。",
        "mc_clear": "重新开始：拿走第 {r} 行第 {c} 列的皇后。",
        "mc_solution": "已没有受攻击的皇后：解是 {q}。",
    },
}
_TEXT = with_shared(_OWN_TEXT)


class _MinConflicts(SquareBySquare):
    """The sentences of min-conflicts: the greedy start, each repair with its conflicts, restarts."""

    def place(self, event: Place) -> str:
        k = self.ctx.attackers(event.row, event.col)
        conflicts = plural(self.lang, k, "conflict", "conflicts")
        return _TEXT[self.lang]["mc_place"].format(r=event.row + 1, c=event.col + 1, k=k, conflicts=conflicts)

    def repair(self, event: Repair) -> str:
        lang, ctx = self.lang, self.ctx
        r, old, new = event.row, event.old, event.new
        old_k = ctx.attackers(r, old) - 3  # its own three lines
        new_k = old_k if new == old else ctx.attackers(r, new)
        values = {
            "r": r + 1,
            "c": new + 1,
            "old_k": old_k,
            "old_conflicts": plural(lang, old_k, "conflict", "conflicts"),
            "new_k": new_k,
            "new_conflicts": plural(lang, new_k, "conflict", "conflicts"),
            "pairs": event.conflicts,
            "pair_word": plural(lang, event.conflicts, "pair is", "pairs are"),
        }
        return _TEXT[lang]["mc_stay" if new == old else "mc_move"].format(**values)

    def backtrack(self, event: Backtrack) -> str:
        key = "mc_restart" if event.row == 0 else "mc_clear"  # a restart lifts rows 0, 1, ..., n-1
        limit = default_max_repairs(self.ctx.n)
        return _TEXT[self.lang][key].format(limit=limit, r=event.row + 1, c=event.col + 1)

    def solution(self, event: Solution) -> str:
        return _TEXT[self.lang]["mc_solution"].format(q=solution_text(self.ctx, self.lang))


def narrate_min_conflicts(event: Event, ctx: Context, words: dict[str, str]) -> str:
    """The sentences of min-conflicts (``_MinConflicts``)."""
    return event.read(_MinConflicts(ctx, words))


ORDER = 50  # after construction


SPECS = (
    AlgorithmSpec(
        "min-conflicts",
        "Min-conflicts local search",
        "最小冲突局部搜索",
        "A greedy start, then an attacked queen moves in its row to its least-attacked square.",
        "先贪心放置，再反复把一个受攻击的皇后移到本行冲突最少的格子。",
        min_conflicts,
        MIN_CONFLICTS_CODE,
        MIN_CONFLICTS_CODE_ZH,
        max_n=100_000,
        attempt_unit="move",  # one queen placed or moved
        exhaustive=False,
        family="local-search",
        answer=answer,
        predict=None,  # it picks the queen to move and breaks ties at random
        counters=(*COUNTERS, "repairs"),
        view="chart",  # its conflicts chart
        narrator=narrate_min_conflicts,
    ),
)
