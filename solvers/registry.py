"""Every algorithm by name, each described once by an ``AlgorithmSpec``.

A spec holds every fact about its algorithm that the CLI, the engine and the
window need: titles, summary and pseudo-code in English and Chinese, its
generator and limits, how the instant-result engine models it, a direct
answer function where one exists, how its attempts are known ahead, and its
usual race partner. Adding an algorithm is its module plus one entry here.

>>> spec = get("brute-force")
>>> spec.engine_answers(8), spec.expected_attempts(4), spec.race_partner
(True, 256, 'backtracking')
>>> race_pairs()[:2]
(('backtracking', 'forward-checking'), ('backtracking-pairwise', 'backtracking'))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

import numpy as np

from solvers import backtracking as bt
from solvers import bitmask as bm
from solvers import construction as cs
from solvers import enumeration as en
from solvers import kernels as kn
from solvers import local_search as ls
from solvers import propagation as pr
from solvers import pseudocode_zh as zh
from solvers.counters import Counters
from solvers.engine import (
    BitTree,
    BruteForce,
    CancelFlag,
    EngineLimit,
    Model,
    Permutations,
    ProgressCallback,
    SquareWalk,
)
from solvers.errors import SolverError
from solvers.estimate import tree_attempts
from solvers.events import Event
from solvers.resume import (
    Checkpoint,
    PermutationResume,
    PlacementResume,
    Resumer,
    State,
    TreeResume,
    transpose,
)

# Forward checking and MRV are counted by draining their events (the engine does not model them).
# Measured on the 2 shared cores (load 3-4), forward checking's full run takes 0.2 s at n = 10,
# 0.9 s at 11, 5.5 s at 12 and 33 s at 13 (MRV a little less); n = 14 would take some 3 minutes.
PROPAGATION_MAX_N = 13

__all__ = ["ALGORITHMS", "AlgorithmSpec", "SolverError", "get", "race_pairs"]

#: A direct answer: the board (``queens[row] = column``) and its counters, no events.
Answer = Callable[[int], tuple[np.ndarray, dict[str, int]]]


@dataclass(frozen=True)
class AlgorithmSpec:
    """What the CLI, the engine and the window need to know about one algorithm."""

    name: str
    title: str
    title_zh: str
    summary: str
    summary_zh: str
    generator: Callable[..., Iterator[Event]]
    code: tuple[str, ...]
    code_zh: tuple[str, ...]  # line for line with ``code``
    max_n: int
    min_n: int = 1
    exhaustive: bool = True
    by_columns: bool = False  # accepts seed 001's column-by-column walk
    family: str = "backtracking"
    engine: Model | None = None  # how the instant-result engine answers its counters, if it does
    answer: Answer | None = None  # a direct function for its one answer (the CLI skips the events)
    attempts: Callable[[int], int | None] | None = None  # the run's attempts in closed form, where known
    race_partner: str | None = None  # the algorithm it is usually raced against
    #: what one of its attempts is ("square", "board", "permutation", "move"): attempts of two
    #: algorithms are compared only when they count the same thing
    attempt_unit: str = "square"
    resumer: Resumer | None = None  # how its generator resumes from a checkpoint, if it does

    def code_in(self, lang: str) -> tuple[str, ...]:
        """The pseudo-code in ``lang`` ("en" or "zh"), line for line."""
        return self.code_zh if lang == "zh" else self.code

    def engine_answers(self, n: int) -> bool:
        """Whether ``engine_counters`` answers at ``n`` (else drain the generator)."""
        return self.engine is not None and self.engine.answers(n)

    def engine_counters(
        self,
        n: int,
        *,
        first: bool = False,
        progress: ProgressCallback | None = None,
        cancel: CancelFlag | None = None,
        jit: bool | None = None,
        patient: bool = False,
    ) -> Counters:
        """The counters ``tally(self.solve(n, first=first))`` would give, from the engine, without events.

        Raises ``EngineLimit`` when the engine does not model this algorithm, or this n
        (beyond what it does in reasonable time) unless the caller is ``patient`` (it shows
        progress and can cancel), ``Cancelled`` on cancel.
        """
        if self.engine is None:
            raise EngineLimit(f"the engine does not model {self.name!r}; run its generator instead")
        if not patient and not self.engine.answers(n):
            raise EngineLimit(f"the engine answers {self.name} for n up to {self.engine.max_n} (got n = {n})")
        return self.engine.counters(
            n, first=first, progress=progress, cancel=cancel, jit=jit, patient=patient
        )

    def expected_attempts(self, n: int, cancel: CancelFlag | None = None) -> int | None:
        """Attempts of the whole run at ``n``: the closed form where known, else the engine's
        exact count when it answers, else None (unknown ahead). Raises ``Cancelled`` on cancel."""
        known = self.attempts(n) if self.attempts is not None else None
        if known is None and self.engine_answers(n):
            return self.engine_counters(n, cancel=cancel).attempts
        return known

    def check_n(self, n: int) -> None:
        """Refuse an n outside this algorithm's range, saying why."""
        if n < self.min_n:
            raise SolverError(f"n must be at least {self.min_n} for {self.name} (got {n})")
        if n > self.max_n:
            raise SolverError(
                f"n = {n} is too large for {self.name}: it accepts n up to {self.max_n}"
                + (" (the search is exhaustive)" if self.exhaustive else "")
            )

    def start_checkpoint(self, n: int) -> Checkpoint:
        """The checkpoint before the first event (raises ``SolverError`` when it cannot resume)."""
        return self._resumer().start(n)

    def state_after(
        self, n: int, queens: Sequence[int | None], event: Event, *, by_columns: bool = False
    ) -> State | None:
        """The resume state right after ``event`` left the board ``queens`` (as shown: column by
        column when ``by_columns``); None when that moment is no checkpoint of this walk."""
        resumer = self._resumer()
        if by_columns:
            return resumer.state_after(n, transpose(queens), bt.Transposed.event(event))
        return resumer.state_after(n, queens, event)

    def resume(
        self, n: int, checkpoint: Checkpoint, *, first: bool = False, by_columns: bool = False
    ) -> Iterator[Event]:
        """The events of ``solve(n, ...)`` from ``checkpoint.index`` on, exactly."""
        self._resumer()
        start = (checkpoint.queens, checkpoint.state)
        if by_columns:
            self.solve(n, by_columns=True)  # checks the option
            return self.generator(n, first=first, by_columns=True, start=start)
        self.check_n(n)
        return self.generator(n, first=first, start=start)

    @property
    def engine_seeks(self) -> bool:
        """Whether the engine walks this algorithm from a checkpoint (``engine_seek``)."""
        return self.resumer is not None and self.engine is not None and self.engine.seek_kernel is not None

    def engine_seek(
        self,
        n: int,
        start: Checkpoint,
        *,
        first: bool = False,
        by_columns: bool = False,
        event: int | None = None,
        solution: int | None = None,
        collect: list[tuple[int, ...]] | None = None,
        keep: int = 0,
        past: bool = False,
        jit: bool | None = None,
    ) -> tuple[Checkpoint, bool]:
        """The engine's walk from ``start`` to event index ``event`` (or the first checkpoint past
        it, with ``past``), or right after the run's
        ``solution``-th Solution, or the end (``engine.Model.seek``), without events; returns the
        checkpoint reached (the board as shown) and whether the run ended there. The boards of
        the solutions it passes go to ``collect`` (the run's first ones, up to ``keep``)."""
        if not self.engine_seeks or self.engine is None:
            raise EngineLimit(f"the engine cannot walk {self.name} from a checkpoint")
        self.check_n(n)
        boards = [] if by_columns and collect is not None else collect
        if by_columns:
            start = replace(start, queens=transpose(start.queens))
            if collect is not None:
                boards = [tuple(c for c in transpose(q) if c is not None) for q in collect]
        reached, ended = self.engine.seek(
            n,
            start,
            first=first,
            event=event,
            solution=solution,
            collect=boards,
            keep=keep,
            past=past,
            jit=jit,
        )
        if by_columns:
            reached = replace(reached, queens=transpose(reached.queens))
            if collect is not None and boards is not None:
                new = boards[len(collect) :]
                collect.extend(tuple(c for c in transpose(q) if c is not None) for q in new)
        return reached, ended

    def _resumer(self) -> Resumer:
        if self.resumer is None:
            raise SolverError(f"{self.name} cannot resume from a checkpoint; replay it from the start")
        return self.resumer

    def solve(self, n: int, *, first: bool = False, by_columns: bool = False) -> Iterator[Event]:
        """Check n and the options, then return the event generator."""
        self.check_n(n)
        if by_columns and not self.by_columns:
            raise SolverError(f"{self.name} has no column-by-column walk (--by-columns)")
        if by_columns:
            return self.generator(n, first=first, by_columns=True)
        return self.generator(n, first=first)


def _square_attempts(n: int) -> int | None:
    """The square-by-square backtracking family's attempts, where the tree is known."""
    return tree_attempts(n, per_square=True)


def _node_attempts(n: int) -> int | None:
    """Bitmask's attempts (one per node but the root), where the tree is known."""
    return tree_attempts(n, per_square=False)


_SPECS = [
    AlgorithmSpec(
        "backtracking",
        "Backtracking with flag arrays",
        "回溯法（标记数组）",
        "Row by row; one look-up each in the column, diagonal and anti-diagonal arrays.",
        "逐行放置；列、主对角线、副对角线各查一次标记数组。",
        bt.backtracking,
        bt.FLAG_CODE,
        zh.FLAG,
        max_n=20,
        attempt_unit="square",  # one (row, column) square tried
        by_columns=True,
        engine=SquareWalk(kn.CHECKS),
        attempts=_square_attempts,
        resumer=TreeResume(),
        race_partner="forward-checking",  # every square tried vs only the values left in a domain
    ),
    AlgorithmSpec(
        "backtracking-pairwise",
        "Backtracking, pairwise checks",
        "回溯法（逐个比较）",
        "Row by row; each candidate is compared with every queen already placed.",
        "逐行放置；每个候选位置与已放置的每个皇后逐一比较。",
        bt.backtracking_pairwise,
        bt.PAIRWISE_CODE,
        zh.PAIRWISE,
        max_n=20,
        attempt_unit="square",  # one (row, column) square tried
        by_columns=True,
        engine=SquareWalk(kn.CHECKS_PAIRWISE),
        attempts=_square_attempts,
        race_partner="backtracking",
        resumer=TreeResume(),
    ),
    AlgorithmSpec(
        "backtracking-board",
        "Backtracking on a 2-D board",
        "回溯法（二维棋盘扫描）",
        "Row by row; the board is scanned along the column and both diagonals.",
        "逐行放置；沿所在列和两条斜线扫描二维棋盘。",
        bt.backtracking_board,
        bt.BOARD_CODE,
        zh.BOARD,
        max_n=20,
        attempt_unit="square",  # one (row, column) square tried
        by_columns=True,
        engine=SquareWalk(kn.CHECKS_BOARD),
        attempts=_square_attempts,
        resumer=TreeResume(),
    ),
    AlgorithmSpec(
        "backtracking-iterative",
        "Backtracking without recursion",
        "非递归回溯法",
        "A row pointer that advances, shifts along the row and retreats.",
        "用行指针代替递归：能进则进，不能进则换，不能换则退。",
        bt.backtracking_iterative,
        bt.ITERATIVE_CODE,
        zh.ITERATIVE,
        max_n=20,
        attempt_unit="square",  # one (row, column) square tried
        by_columns=True,
        engine=SquareWalk(kn.CHECKS_PAIRWISE),
        attempts=_square_attempts,
        resumer=TreeResume(),
    ),
    AlgorithmSpec(
        "brute-force",
        "Brute force over all n^n boards",
        "暴力枚举（n^n 种摆法）",
        "Every board with one queen per row is built, then tested pair by pair.",
        "生成每行一个皇后的全部摆法，再逐对检查。",
        en.brute_force,
        en.BRUTE_FORCE_CODE,
        zh.BRUTE_FORCE,
        max_n=8,
        attempt_unit="board",  # one whole board tested
        family="enumeration",
        engine=BruteForce(),
        attempts=lambda n: n**n,
        race_partner="backtracking",
        resumer=TreeResume(verdicts=True),
    ),
    AlgorithmSpec(
        "permutations",
        "All permutations",
        "全排列",
        "Every permutation (one queen per row and column) in order, tested for diagonals.",
        "按字典序枚举全部排列（每行每列各一个皇后），检查斜线。",
        en.permutations,
        en.PERMUTATIONS_CODE,
        zh.PERMUTATIONS,
        max_n=10,
        attempt_unit="permutation",  # one whole permutation tested
        family="enumeration",
        engine=Permutations(pruned=False),
        attempts=math.factorial,
        race_partner="permutations-pruned",
        resumer=PermutationResume(),
    ),
    AlgorithmSpec(
        "permutations-pruned",
        "Permutations with pruning",
        "全排列剪枝",
        "Permutations, skipping every one that keeps the first conflicting pair.",
        "枚举排列，跳过所有保留首个冲突皇后对的排列。",
        en.permutations_pruned,
        en.PRUNED_CODE,
        zh.PRUNED,
        max_n=12,
        attempt_unit="permutation",  # one whole permutation tested
        family="enumeration",
        engine=Permutations(pruned=True, max_n=12),
        resumer=PermutationResume(skips=True),
        race_partner="mrv",  # skipping known-bad permutations vs never making them
    ),
    AlgorithmSpec(
        "bitmask",
        "Bit-parallel backtracking",
        "位运算回溯法",
        "Backtracking whose free squares come from three bit masks in one step.",
        "用三个位掩码一步求出可放位置的回溯法。",
        bm.bitmask,
        bm.BITMASK_CODE,
        zh.BITMASK,
        max_n=30,
        attempt_unit="square",  # one (row, column) square tried
        engine=BitTree(),
        attempts=_node_attempts,
        resumer=TreeResume(),
    ),
    AlgorithmSpec(
        "construction",
        "Explicit construction (no search)",
        "显式构造（无需搜索）",
        "One solution for any n >= 4 from a formula: even columns, then odd, two remainders fixed.",
        "用公式直接给出任意 n >= 4 的一个解：先偶数列再奇数列，两种余数另作调整。",
        cs.construction,
        cs.CONSTRUCTION_CODE,
        zh.CONSTRUCTION,
        max_n=10_000_000,
        attempt_unit="square",  # one (row, column) square tried
        exhaustive=False,
        family="construction",
        answer=cs.answer,
        attempts=lambda n: n,
    ),
    AlgorithmSpec(
        "min-conflicts",
        "Min-conflicts local search",
        "最小冲突局部搜索",
        "A greedy start, then an attacked queen moves in its row to its least-attacked square.",
        "先贪心放置，再反复把一个受攻击的皇后移到本行冲突最少的格子。",
        ls.min_conflicts,
        ls.MIN_CONFLICTS_CODE,
        zh.MIN_CONFLICTS,
        max_n=100_000,
        attempt_unit="move",  # one queen placed or moved
        exhaustive=False,
        family="local-search",
        answer=ls.answer,
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
        zh.FORWARD_CHECKING,
        max_n=PROPAGATION_MAX_N,
        attempt_unit="square",  # one (row, column) square tried
        family="propagation",
        resumer=PlacementResume(),
        race_partner="mrv",  # rows top down vs the row with the fewest columns left
    ),
    AlgorithmSpec(
        "mrv",
        "Forward checking with MRV",
        "前向检验 + 最少剩余值（MRV）",
        "Forward checking that fills next the row with the fewest columns left (ties: the lowest).",
        "前向检验，下一步总是填剩余列最少的行（并列时取最上面的行）。",
        pr.mrv,
        pr.MRV_CODE,
        zh.MRV,
        max_n=PROPAGATION_MAX_N,
        attempt_unit="square",  # one (row, column) square tried
        family="propagation",
        resumer=PlacementResume(),
    ),
]

ALGORITHMS: dict[str, AlgorithmSpec] = {spec.name: spec for spec in _SPECS}


def race_pairs() -> tuple[tuple[str, str], ...]:
    """Every algorithm with a race partner, as (algorithm, partner), in registry order."""
    return tuple((spec.name, spec.race_partner) for spec in _SPECS if spec.race_partner is not None)


def get(name: str) -> AlgorithmSpec:
    """The spec called ``name``, or a SolverError listing the known names."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(ALGORITHMS)
        raise SolverError(f"unknown algorithm {name!r}; choose one of: {known}") from None
