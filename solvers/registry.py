"""Every algorithm by name: its generator, pseudo-code, titles and limits."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from solvers import backtracking as bt
from solvers import bitmask as bm
from solvers import construction as cs
from solvers import enumeration as en
from solvers import local_search as ls
from solvers import propagation as pr
from solvers.events import Event
from solvers.pseudocode_zh import CODE_ZH

# Counted by draining the events (the engine does not model them). Measured on 2 shared cores, a
# full run takes 0.8 s at n = 10, 4 s at 11, about 25 s at 12 and about 2.5 min at 13.
PROPAGATION_MAX_N = 13


class SolverError(ValueError):
    """A request the solvers refuse, with a message meant for the user."""


@dataclass(frozen=True)
class AlgorithmSpec:
    """What the CLI and the window need to know about one algorithm."""

    name: str
    title: str
    title_zh: str
    summary: str
    summary_zh: str
    generator: Callable[..., Iterator[Event]]
    code: tuple[str, ...]
    max_n: int
    min_n: int = 1
    exhaustive: bool = True
    by_columns: bool = False  # accepts seed 001's column-by-column walk
    family: str = "backtracking"

    def code_in(self, lang: str) -> tuple[str, ...]:
        """The pseudo-code in ``lang`` ("en" or "zh"), line for line."""
        return CODE_ZH.get(self.name, self.code) if lang == "zh" else self.code

    def check_n(self, n: int) -> None:
        """Refuse an n outside this algorithm's range, saying why."""
        if n < self.min_n:
            raise SolverError(f"n must be at least {self.min_n} for {self.name} (got {n})")
        if n > self.max_n:
            raise SolverError(
                f"n = {n} is too large for {self.name}: it accepts n up to {self.max_n}"
                + (" (the search is exhaustive)" if self.exhaustive else "")
            )

    def solve(self, n: int, *, first: bool = False, by_columns: bool = False) -> Iterator[Event]:
        """Check n and the options, then return the event generator."""
        self.check_n(n)
        if by_columns and not self.by_columns:
            raise SolverError(f"{self.name} has no column-by-column walk (--by-columns)")
        if by_columns:
            return self.generator(n, first=first, by_columns=True)
        return self.generator(n, first=first)


_SPECS = [
    AlgorithmSpec(
        "backtracking",
        "Backtracking with flag arrays",
        "回溯法（标记数组）",
        "Row by row; one look-up each in the column, diagonal and anti-diagonal arrays.",
        "逐行放置；列、主对角线、副对角线各查一次标记数组。",
        bt.backtracking,
        bt.RECURSIVE_CODE,
        max_n=20,
        by_columns=True,
    ),
    AlgorithmSpec(
        "backtracking-pairwise",
        "Backtracking, pairwise checks",
        "回溯法（逐个比较）",
        "Row by row; each candidate is compared with every queen already placed.",
        "逐行放置；每个候选位置与已放置的每个皇后逐一比较。",
        bt.backtracking_pairwise,
        bt.RECURSIVE_CODE,
        max_n=20,
        by_columns=True,
    ),
    AlgorithmSpec(
        "backtracking-board",
        "Backtracking on a 2-D board",
        "回溯法（二维棋盘扫描）",
        "Row by row; the board is scanned along the column and both diagonals.",
        "逐行放置；沿所在列和两条斜线扫描二维棋盘。",
        bt.backtracking_board,
        bt.RECURSIVE_CODE,
        max_n=20,
        by_columns=True,
    ),
    AlgorithmSpec(
        "backtracking-iterative",
        "Backtracking without recursion",
        "非递归回溯法",
        "A row pointer that advances, shifts along the row and retreats.",
        "用行指针代替递归：能进则进，不能进则换，不能换则退。",
        bt.backtracking_iterative,
        bt.ITERATIVE_CODE,
        max_n=20,
        by_columns=True,
    ),
    AlgorithmSpec(
        "brute-force",
        "Brute force over all n^n boards",
        "暴力枚举（n^n 种摆法）",
        "Every board with one queen per row is built, then tested pair by pair.",
        "生成每行一个皇后的全部摆法，再逐对检查。",
        en.brute_force,
        en.BRUTE_FORCE_CODE,
        max_n=8,
        family="enumeration",
    ),
    AlgorithmSpec(
        "permutations",
        "All permutations",
        "全排列",
        "Every permutation (one queen per row and column) in order, tested for diagonals.",
        "按字典序枚举全部排列（每行每列各一个皇后），检查斜线。",
        en.permutations,
        en.PERMUTATIONS_CODE,
        max_n=10,
        family="enumeration",
    ),
    AlgorithmSpec(
        "permutations-pruned",
        "Permutations with pruning",
        "全排列剪枝",
        "Permutations, skipping every one that keeps the first conflicting pair.",
        "枚举排列，跳过所有保留首个冲突皇后对的排列。",
        en.permutations_pruned,
        en.PRUNED_CODE,
        max_n=12,
        family="enumeration",
    ),
    AlgorithmSpec(
        "bitmask",
        "Bit-parallel backtracking",
        "位运算回溯法",
        "Backtracking whose free squares come from three bit masks in one step.",
        "用三个位掩码一步求出可放位置的回溯法。",
        bm.bitmask,
        bm.BITMASK_CODE,
        max_n=30,
    ),
    AlgorithmSpec(
        "construction",
        "Explicit construction (no search)",
        "显式构造（无需搜索）",
        "One solution for any n >= 4 from a formula: even columns, then odd, two remainders fixed.",
        "用公式直接给出任意 n >= 4 的一个解：先偶数列再奇数列，两种余数另作调整。",
        cs.construction,
        cs.CONSTRUCTION_CODE,
        max_n=10_000_000,
        exhaustive=False,
        family="construction",
    ),
    AlgorithmSpec(
        "min-conflicts",
        "Min-conflicts local search",
        "最小冲突局部搜索",
        "A greedy start, then an attacked queen moves in its row to its least-attacked square.",
        "先贪心放置，再反复把一个受攻击的皇后移到本行冲突最少的格子。",
        ls.min_conflicts,
        ls.MIN_CONFLICTS_CODE,
        max_n=100_000,
        exhaustive=False,
        family="local-search",
    ),
    AlgorithmSpec(
        "forward-checking",
        "Forward checking",
        "前向检验（forward checking）",
        "Row by row, columns from each row's domain; a queen prunes the columns it attacks from the "
        "rows below, and a row left empty undoes it at once.",
        "逐行放置，只试本行域中剩下的列；皇后放下后从下面各行的域中删去它攻击的列，某行被删空就立刻撤销。",
        pr.forward_checking,
        pr.FORWARD_CHECKING_CODE,
        max_n=PROPAGATION_MAX_N,
        family="propagation",
    ),
    AlgorithmSpec(
        "mrv",
        "Forward checking with MRV",
        "前向检验 + 最少剩余值（MRV）",
        "Forward checking that fills next the row with the fewest columns left (ties: the lowest).",
        "前向检验，下一步总是填剩余列最少的行（并列时取最上面的行）。",
        pr.mrv,
        pr.MRV_CODE,
        max_n=PROPAGATION_MAX_N,
        family="propagation",
    ),
]

ALGORITHMS: dict[str, AlgorithmSpec] = {spec.name: spec for spec in _SPECS}


def get(name: str) -> AlgorithmSpec:
    """The spec called ``name``, or a SolverError listing the known names."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(ALGORITHMS)
        raise SolverError(f"unknown algorithm {name!r}; choose one of: {known}") from None
