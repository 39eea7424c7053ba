"""One sentence for every event: what the search just did and why, in English or Chinese.

``narrate(event, context, lang)`` is a pure function of an event and the
``Context`` *before* it (the board in the walk's coordinates, its line counts,
the solutions and attempts so far, the previous event). ``Narrator`` follows a
run event by event, keeps that context, steps back with ``undo`` and says the
sentence of the last event with ``current``. Rows and columns are 1-based, as
the board's labels show them. A column-by-column walk (``by_columns``) is
narrated in its own terms: "column 5, row 1 is refused ...".

>>> from solvers import registry
>>> narrator = Narrator(registry.get("backtracking"), 4)
>>> [narrator.step(e) for e in registry.get("backtracking").solve(4)][:3]
['Row 1, column 1 is safe, so a queen is placed there.', \
'Row 2, column 1 is refused: the queen in row 1 holds that column.', \
'Row 2, column 2 is refused: the queen in row 1, column 1 is on the same anti-diagonal.']
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from math import factorial

from solvers.algorithms.enumeration import (
    PERM_CLEAR,
    PERM_FIRST,
    PRUNED_CLEAR,
    PRUNED_FIRST,
    PRUNED_SKIP_LIFT,
    PRUNED_SKIP_PLACE,
    next_permutation,
)
from solvers.algorithms.local_search import default_max_repairs
from solvers.domains import Domains
from solvers.events import Backtrack, Conflict, Event, Place, Prune, Repair, Restore, Solution
from solvers.resume import Transposed
from solvers.spec import AlgorithmSpec

LANGS = ("en", "zh")
#: An algorithm's sentences (its spec's ``narrator``): the event, the context before it and the
#: words of the language (rows and columns swapped for a column-by-column walk; ``words["lang"]``).
Narrate = Callable[[Event, "Context", dict[str, str]], str]
SHOWN_COLUMNS = 40  # a longer solution is said by its first columns and its size

_WORDS = {
    "en": {
        "row": "row",
        "col": "column",
        "diag": "diagonal",
        "anti": "anti-diagonal",
        "sep": ", ",
        "lang": "en",
    },
    "zh": {"row": "行", "col": "列", "diag": "对角线", "anti": "反对角线", "sep": "、", "lang": "zh"},
}

_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "place": "{R} {r}, {C} {c} is safe, so a queen is placed there.",
        "refuse_col": "{R} {r}, {C} {c} is refused: the queen in {R} {br} holds that {C}.",
        "refuse_diag": "{R} {r}, {C} {c} is refused: the queen in {R} {br}, {C} {bc} is on the same {line}.",
        "lift_solution": "Solution {s} is recorded; the queen in {R} {r} leaves {C} {c} to look for "
        "the next one.",
        "back_after_solution": "All {C}s of {R} {r1} have been tried after the solution, so the "
        "search goes back "
        "to {R} {r} and lifts its queen from {C} {c}.",
        "back_none": "{R} {r1} has no safe {C} at all, so the search goes back to {R} {r} and lifts "
        "its queen "
        "from {C} {c}.",
        "back_left": "{R} {r1} has no safe {C} left, so the search goes back to {R} {r} and lifts its queen "
        "from {C} {c}.",
        "solution": "All {n} {R}s are filled: solution {s} is {q}.",
        "bit_place": "{R} {r}: the masks leave {C}s {free} to try; the queen takes the lowest, {C} {c}.",
        "bit_place_one": "{R} {r}: the masks leave only {C} {c} to try; the queen takes it.",
        "bit_back_next": "{R} {r1} has no free square left, so the queen in {R} {r} is lifted from {C} {c}; "
        "the next free {C} there is {x}.",
        "bit_back_done": "{R} {r1} has no free square left, so the queen in {R} {r} is lifted from {C} {c}; "
        "{R} {r} has no free {C} left either.",
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
        "cs_first": "Row 1: the formula lists the even columns first, then the odd ones{fix}; its "
        "first entry "
        "is column {c}.",
        "cs_place": "Row {r} takes column {c}, entry {r} of the formula's list.",
        "cs_fix2": " (as {n} leaves 2 when divided by 6, 1 and 3 swap and 5 moves to the end)",
        "cs_fix3": " (as {n} leaves 3 when divided by 6, 2 moves to the end of the evens, 1 and 3 to the end "
        "of the odds)",
        "cs_solution": "All {n} rows are filled straight from the formula, no search needed: the "
        "solution is {q}.",
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
        "generic_lift": "The queen on {R} {r}, {C} {c} is lifted.",
        "fc_place": "{R} {r}, {C} {c} is still in its {R}'s domain, so a queen is placed there.",
        "mrv_place": "{R} {r} has the fewest {C}s left ({k}), so it is filled next: a queen goes on {C} {c}.",
        "mrv_place_tie": "{R} {r} is the lowest of the {t} {R}s with the fewest {C}s left ({k}), so it is "
        "filled next: a queen goes on {C} {c}.",
        "prune": "The queen in {R} {br}, {C} {bc} attacks {R} {r}, {C} {c} along its {line}: {C} {c} leaves "
        "the domain of {R} {r} ({left} left).",
        "restore": "{C} {c} comes back into the domain of {R} {r}: the queen in {R} {br}, {C} {bc}, which "
        "removed it, is being taken back.",
        "wipeout": "Wipe-out: the queen in {R} {br}, {C} {bc} removed {C} {c}, the last one of {R} {r}, so "
        "that queen is taken back.",
        "fc_lift_next": "The queen in {R} {r} is lifted from {C} {c}; the next {C} in its domain is {x}.",
        "fc_lift_done": "The queen in {R} {r} is lifted from {C} {c}; its domain has no {C} left to try, so "
        "the search goes back.",
        "fc_lift_end": "The queen in {R} {r} is lifted from {C} {c}; its domain has no {C} left to try, so "
        "the search is over.",
        "generic_repair": "The queen in row {r} moves from column {old} to column {c}.",
    },
    "zh": {
        "place": "第 {r} {R}第 {c} {C}安全，放下皇后。",
        "refuse_col": "第 {r} {R}第 {c} {C}被拒绝：第 {br} {R}的皇后占据了这一{C}。",
        "refuse_diag": "第 {r} {R}第 {c} {C}被拒绝：第 {br} {R}第 {bc} {C}的皇后在同一条{line}上。",
        "lift_solution": "已记下第 {s} 个解；第 {r} {R}的皇后离开第 {c} {C}，继续寻找下一个解。",
        "back_after_solution": "找到解之后，第 {r1} {R}的各{C}都已试过，于是回到第 {r} {R}，"
        "拿起第 {c} {C}的皇后。",
        "back_none": "第 {r1} {R}没有任何安全的{C}，于是回到第 {r} {R}，拿起第 {c} {C}的皇后。",
        "back_left": "第 {r1} {R}已没有可试的安全{C}，于是回到第 {r} {R}，拿起第 {c} {C}的皇后。",
        "solution": "{n} {R}都已放好皇后：第 {s} 个解是 {q}。",
        "bit_place": "第 {r} {R}：掩码给出还可尝试的空闲{C} {free}；皇后放在其中最小的第 {c} {C}。",
        "bit_place_one": "第 {r} {R}：掩码只剩第 {c} {C}可试；皇后放在这里。",
        "bit_back_next": "第 {r1} {R}已没有空闲格，于是拿起第 {r} {R}第 {c} {C}的皇后；"
        "该{R}下一个空闲{C}是第 {x} {C}。",
        "bit_back_done": "第 {r1} {R}已没有空闲格，于是拿起第 {r} {R}第 {c} {C}的皇后；"
        "该{R}也没有空闲{C}了。",
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
        "cs_first": "第 1 行：公式先列出偶数列，再列出奇数列{fix}；列表的第 1 项是第 {c} 列。",
        "cs_place": "第 {r} 行取公式列表的第 {r} 项：第 {c} 列。",
        "cs_fix2": "（{n} 除以 6 余 2，所以 1 和 3 互换，5 移到末尾）",
        "cs_fix3": "（{n} 除以 6 余 3，所以 2 移到偶数列末尾，1 和 3 移到奇数列末尾）",
        "cs_solution": "{n} 行都已按公式放好，无需搜索：解是 {q}。",
        "mc_place": "贪心起步：第 {r} 行的皇后放在第 {c} 列，这一列与上面各行的冲突最少（{k} 处）。",
        "mc_move": "第 {r} 行的皇后（{old_k} 处冲突）移到第 {c} 列（{new_k} 处冲突）；"
        "还剩 {pairs} 对互相攻击的皇后。",
        "mc_stay": "第 {r} 行的皇后（{old_k} 处冲突）留在第 {c} 列：本行没有冲突更少的列；"
        "还剩 {pairs} 对互相攻击的皇后。",
        "mc_restart": "修正 {limit} 次仍未得到解，于是重新开始：拿走第 {r} 行第 {c} 列的皇后。",
        "mc_clear": "重新开始：拿走第 {r} 行第 {c} 列的皇后。",
        "mc_solution": "已没有受攻击的皇后：解是 {q}。",
        "generic_lift": "拿起第 {r} {R}第 {c} {C}的皇后。",
        "fc_place": "第 {r} {R}第 {c} {C}仍在该{R}的域中，放下皇后。",
        "mrv_place": "第 {r} {R}剩余的{C}最少（{k} 个），所以先填它：皇后放在第 {c} {C}。",
        "mrv_place_tie": "剩余{C}最少（{k} 个）的{R}有 {t} 个，第 {r} {R}是其中最上面的，所以先填它："
        "皇后放在第 {c} {C}。",
        "prune": "第 {br} {R}第 {bc} {C}的皇后沿{line}攻击第 {r} {R}第 {c} {C}：第 {c} {C}从第 {r} {R}的域中"
        "删去（剩 {left} 个）。",
        "restore": "第 {c} {C}回到第 {r} {R}的域中：删去它的第 {br} {R}第 {bc} {C}的皇后正被撤回。",
        "wipeout": "域被清空：第 {br} {R}第 {bc} {C}的皇后删去了第 {r} {R}的最后一{C}，即第 {c} {C}，"
        "所以撤回这个皇后。",
        "fc_lift_next": "拿起第 {r} {R}第 {c} {C}的皇后；它的域中下一{C}是第 {x} {C}。",
        "fc_lift_done": "拿起第 {r} {R}第 {c} {C}的皇后；它的域中已没有可试的{C}，于是回退。",
        "fc_lift_end": "拿起第 {r} {R}第 {c} {C}的皇后；它的域中已没有可试的{C}，搜索结束。",
        "generic_repair": "第 {r} 行的皇后从第 {old} 列移到第 {c} 列。",
    },
}


def _plural(lang: str, k: int, one: str, many: str) -> str:
    return one if lang == "zh" or k == 1 else many


class Context:
    """The board and counts *before* an event, in the walk's coordinates (rows and columns
    swapped for a column-by-column walk), with per-line queen counts for O(1) attack tests."""

    def __init__(self, spec: AlgorithmSpec, n: int, *, by_columns: bool = False) -> None:
        self.spec = spec
        self.n = n
        self.by_columns = by_columns
        # Sparse, so that a huge n costs only the queens placed so far.
        self.queens: dict[int, int] = {}  # row -> column
        self.cols: dict[int, int] = {}  # queens per column
        self.diag: dict[int, int] = {}  # ... per r + c
        self.anti: dict[int, int] = {}  # ... per r - c
        self.solutions = 0
        self.attempts = 0
        self.previous: Event | None = None
        # constraint propagation: every row's remaining columns
        self.domains = Domains(n) if spec.check == "domains" else None

    # -- reading --------------------------------------------------------------

    def attackers(self, row: int, col: int) -> int:
        """Queens on the column, diagonal and anti-diagonal of (row, col), itself included."""
        return self.cols.get(col, 0) + self.diag.get(row + col, 0) + self.anti.get(row - col, 0)

    def safe_columns(self, row: int) -> list[int]:
        """Columns of ``row`` no queen attacks (``row`` itself empty, or its queen ignored
        for the other columns since a row shares no line with its own squares)."""
        return [c for c in range(self.n) if self.attackers(row, c) == 0]

    def real_queens(self) -> list[int]:
        """The board as the user sees it: ``queens[row] = column`` (empty rows as -1)."""
        real = [-1] * self.n
        for walk_row, walk_col in self.queens.items():
            if self.by_columns:
                real[walk_col] = walk_row
            else:
                real[walk_row] = walk_col
        return real

    # -- changing -------------------------------------------------------------

    def put(self, row: int, col: int, sign: int = 1) -> None:
        """Add (sign 1) or remove (sign -1) the queen on (row, col)."""
        if sign > 0:
            self.queens[row] = col
        else:
            del self.queens[row]
        for counts, key in ((self.cols, col), (self.diag, row + col), (self.anti, row - col)):
            counts[key] = counts.get(key, 0) + sign


def _line_key(a: tuple[int, int], b: tuple[int, int]) -> str:
    """Which line two squares share: "col", "diag" (r + c) or "anti" (r - c)."""
    if a[1] == b[1]:
        return "col"
    return "diag" if a[0] + a[1] == b[0] + b[1] else "anti"


def _later_arrangements(tail: Sequence[int]) -> int:
    """How many arrangements of ``tail``'s (distinct) values come after it in lexicographic order."""
    m = len(tail)
    rank = 0
    for i, value in enumerate(tail):
        smaller = sum(1 for later in tail[i + 1 :] if later < value)
        rank += smaller * factorial(m - 1 - i)
    return factorial(m) - 1 - rank


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


def narrate(event: Event, context: Context, lang: str = "en") -> str:
    """The sentence for ``event`` happening on the board ``context`` describes (before it)."""
    if lang not in _TEXT:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
    if context.by_columns:
        event = Transposed.event(event)
    text = _TEXT[lang]
    words = dict(_WORDS[lang])
    if context.by_columns:
        words["row"], words["col"] = words["col"], words["row"]
    name, family = context.spec.name, context.spec.family
    if name == "brute-force":
        sentence = _enumeration(event, context, text, words, "bf", context.n**context.n)
    elif name == "permutations":
        sentence = _enumeration(event, context, text, words, "perm", factorial(context.n))
    elif name == "permutations-pruned":
        sentence = _pruned(event, context, text, words)
    elif family == "construction":
        sentence = _construction(event, context, text, words)
    elif family == "local-search":
        sentence = _min_conflicts(event, context, text, lang)
    elif family == "propagation":
        sentence = _propagation(event, context, text, words, mrv=name == "mrv")
    else:
        sentence = _backtracking(event, context, text, words, bitmask=name == "bitmask")
    return sentence[0].upper() + sentence[1:] if lang == "en" else sentence


def _fmt(template: str, words: dict[str, str], **values: object) -> str:
    return template.format(R=words["row"], C=words["col"], **values)


def _solution_text(context: Context, lang: str) -> str:
    """The solution's columns row by row; past SHOWN_COLUMNS, the first ones and how many in all."""
    columns = context.real_queens()
    shown = " ".join(str(c + 1) for c in columns[:SHOWN_COLUMNS])
    if len(columns) <= SHOWN_COLUMNS:
        return shown
    rest = f"（共 {len(columns):,} 列）" if lang == "zh" else f" ({len(columns):,} columns in all)"
    return f"{shown} …{rest}"


def _backtracking(
    event: Event, ctx: Context, text: dict[str, str], words: dict[str, str], *, bitmask: bool
) -> str:
    n, last = ctx.n, ctx.n - 1
    if isinstance(event, Place):
        r, c = event.row, event.col
        if bitmask:
            free = [x + 1 for x in ctx.safe_columns(r) if x >= c]
            if len(free) <= 1:
                return _fmt(text["bit_place_one"], words, r=r + 1, c=c + 1)
            free_text = words["sep"].join(map(str, free))
            return _fmt(text["bit_place"], words, r=r + 1, c=c + 1, free=free_text)
        return _fmt(text["place"], words, r=r + 1, c=c + 1)
    if isinstance(event, Conflict):
        (br, bc), key = event.blocker, _line_key((event.row, event.col), event.blocker)
        template = text["refuse_col"] if key == "col" else text["refuse_diag"]
        line = words["col"] if key == "col" else words[key]
        return _fmt(template, words, r=event.row + 1, c=event.col + 1, br=br + 1, bc=bc + 1, line=line)
    if isinstance(event, Backtrack):
        r, c = event.row, event.col
        if r == last:
            return _fmt(text["lift_solution"], words, s=ctx.solutions, r=r + 1, c=c + 1)
        values = {"r1": r + 2, "r": r + 1, "c": c + 1}
        if bitmask:
            following = [x for x in ctx.safe_columns(r) if x > c]
            if following:
                return _fmt(text["bit_back_next"], words, x=following[0] + 1, **values)
            return _fmt(text["bit_back_done"], words, **values)
        safe_below = ctx.safe_columns(r + 1)
        if r + 1 == last and safe_below:
            return _fmt(text["back_after_solution"], words, **values)
        return _fmt(text["back_left" if safe_below else "back_none"], words, **values)
    if isinstance(event, Solution):
        return _fmt(text["solution"], words, n=n, s=ctx.solutions + 1, q=_solution_text(ctx, words["lang"]))
    if isinstance(event, Repair):
        return _fmt(text["generic_repair"], words, r=event.row + 1, old=event.old + 1, c=event.new + 1)
    raise TypeError(f"not an event: {event!r}")


def _pair(event: Conflict) -> tuple[int, int, str]:
    """The conflicting pair of a whole-board verdict: its rows (1-based) and its line."""
    return event.row + 1, event.blocker[0] + 1, _line_key((event.row, event.col), event.blocker)


def _enumeration(
    event: Event, ctx: Context, text: dict[str, str], words: dict[str, str], kind: str, total: int
) -> str:
    n = ctx.n
    k = f"{ctx.attempts + 1:,}"
    if isinstance(event, Place):
        if kind == "bf":
            return _fmt(text["bf_place"], words, k=k, r=event.row + 1, c=event.col + 1)
        key = "perm_place_first" if event.line == PERM_FIRST else "perm_place_next"
        return _fmt(text[key], words, r=event.row + 1, c=event.col + 1)
    if isinstance(event, Backtrack):
        r, c = event.row + 1, event.col + 1
        if kind == "bf":
            if event.col < n - 1:
                return _fmt(text["bf_lift_next"], words, r=r, c=c, c1=c + 1)
            return _fmt(text["bf_lift_done"], words, r=r, c=c, n=n)
        key = "perm_lift_end" if event.line == PERM_CLEAR else "perm_lift_next"
        return _fmt(text[key], words, r=r, c=c)
    if isinstance(event, Conflict):
        a, b, line = _pair(event)
        return _fmt(
            text[f"{kind}_reject"], words, k=k, total=f"{total:,}", a=a, b=b, a_line=text[f"a_{line}"]
        )
    if isinstance(event, Solution):
        q = _solution_text(ctx, words["lang"])
        return _fmt(text[f"{kind}_solution"], words, k=k, total=f"{total:,}", s=ctx.solutions + 1, q=q)
    return _backtracking(event, ctx, text, words, bitmask=False)


def _pruned(event: Event, ctx: Context, text: dict[str, str], words: dict[str, str]) -> str:
    k = f"{ctx.attempts + 1:,}"
    if isinstance(event, Place):
        key = {PRUNED_FIRST: "perm_place_first", PRUNED_SKIP_PLACE: "perm_place_skip"}.get(
            event.line, "perm_place_next"
        )
        return _fmt(text[key], words, r=event.row + 1, c=event.col + 1)
    if isinstance(event, Backtrack):
        key = {PRUNED_SKIP_LIFT: "perm_lift_skip", PRUNED_CLEAR: "perm_lift_end"}.get(
            event.line, "perm_lift_next"
        )
        return _fmt(text[key], words, r=event.row + 1, c=event.col + 1)
    if isinstance(event, Conflict):
        a, b, line = _pair(event)
        values = {"k": k, "a": a, "b": b, "a_line": text[f"a_{line}"]}
        if not event.attempt:  # the first permutation, or the one a skip landed on
            key = "pruned_reject_first" if ctx.attempts == 0 else "pruned_reject_landed"
            return _fmt(text[key], words, **values)
        perm = ctx.real_queens()
        skipped, ends = pruned_skip(perm, event.row, event.blocker[0])
        key = "pruned_skip_end" if ends else "pruned_skip" if skipped else "pruned_skip_none"
        return _fmt(text[key], words, skip=f"{skipped:,}", **values)
    if isinstance(event, Solution):
        key = "pruned_solution" if event.attempt else "pruned_solution_uncounted"
        if ctx.attempts == 0:
            key = "pruned_solution_first"
        return _fmt(text[key], words, k=k, s=ctx.solutions + 1, q=_solution_text(ctx, words["lang"]))
    return _backtracking(event, ctx, text, words, bitmask=False)


def _construction(event: Event, ctx: Context, text: dict[str, str], words: dict[str, str]) -> str:
    n = ctx.n
    if isinstance(event, Place):
        if event.row > 0:
            return text["cs_place"].format(r=event.row + 1, c=event.col + 1)
        fix = text["cs_fix2"] if n % 6 == 2 else text["cs_fix3"] if n % 6 == 3 else ""
        return text["cs_first"].format(c=event.col + 1, fix=fix.format(n=n))
    if isinstance(event, Solution):
        return text["cs_solution"].format(n=n, q=_solution_text(ctx, words["lang"]))
    return _backtracking(event, ctx, text, words, bitmask=False)


def _min_conflicts(event: Event, ctx: Context, text: dict[str, str], lang: str) -> str:
    words = _WORDS[lang]
    if isinstance(event, Place):
        k = ctx.attackers(event.row, event.col)
        conflicts = _plural(lang, k, "conflict", "conflicts")
        return text["mc_place"].format(r=event.row + 1, c=event.col + 1, k=k, conflicts=conflicts)
    if isinstance(event, Repair):
        r, old, new = event.row, event.old, event.new
        old_k = ctx.attackers(r, old) - 3  # its own three lines
        new_k = old_k if new == old else ctx.attackers(r, new)
        values = {
            "r": r + 1,
            "c": new + 1,
            "old_k": old_k,
            "old_conflicts": _plural(lang, old_k, "conflict", "conflicts"),
            "new_k": new_k,
            "new_conflicts": _plural(lang, new_k, "conflict", "conflicts"),
            "pairs": event.conflicts,
            "pair_word": _plural(lang, event.conflicts, "pair is", "pairs are"),
        }
        return text["mc_stay" if new == old else "mc_move"].format(**values)
    if isinstance(event, Backtrack):
        key = "mc_restart" if event.row == 0 else "mc_clear"  # a restart lifts rows 0, 1, ..., n-1
        return text[key].format(limit=default_max_repairs(ctx.n), r=event.row + 1, c=event.col + 1)
    if isinstance(event, Solution):
        return text["mc_solution"].format(q=_solution_text(ctx, lang))
    return _backtracking(event, ctx, text, words, bitmask=False)


def _propagation(
    event: Event, ctx: Context, text: dict[str, str], words: dict[str, str], *, mrv: bool
) -> str:
    domains = ctx.domains
    assert domains is not None, "a propagation context keeps the domains"
    if isinstance(event, Place):
        r, c = event.row, event.col
        if not mrv:
            return _fmt(text["fc_place"], words, r=r + 1, c=c + 1)
        k = domains.size[r]
        ties = sum(1 for row in range(ctx.n) if row not in ctx.queens and domains.size[row] == k)
        key = "mrv_place_tie" if ties > 1 else "mrv_place"
        return _fmt(text[key], words, r=r + 1, c=c + 1, k=k, t=ties)
    if isinstance(event, (Prune, Restore)):
        (br, bc), key = event.by, _line_key((event.row, event.col), event.by)
        values = {"r": event.row + 1, "c": event.col + 1, "br": br + 1, "bc": bc + 1}
        if isinstance(event, Restore):
            return _fmt(text["restore"], words, **values)
        left = domains.size[event.row] - 1
        return _fmt(text["prune"], words, line=words[key], left=left, **values)
    if isinstance(event, Conflict):
        br, bc = event.blocker
        return _fmt(text["wipeout"], words, r=event.row + 1, c=event.col + 1, br=br + 1, bc=bc + 1)
    if isinstance(event, Backtrack):
        r, c = event.row, event.col
        if isinstance(ctx.previous, Solution):
            return _fmt(text["lift_solution"], words, s=ctx.solutions, r=r + 1, c=c + 1)
        following = [x for x in domains.remaining(r) if x > c]
        if following:
            return _fmt(text["fc_lift_next"], words, r=r + 1, c=c + 1, x=following[0] + 1)
        return _fmt(text["fc_lift_end" if len(ctx.queens) == 1 else "fc_lift_done"], words, r=r + 1, c=c + 1)
    return _backtracking(event, ctx, text, words, bitmask=False)


class Narrator:
    """Follows a run event by event, keeping the ``Context`` that ``narrate`` needs.

    ``apply`` and ``undo`` are inverses and cost O(1); ``step`` narrates then applies;
    ``current`` is the sentence of the last applied event. ``on_event(event, sign)``
    matches the window's timeline listeners. The last ``history`` events are kept so
    that stepping back says exactly what the walk forward said; past them, pass the
    now-last event to ``current`` (the timeline knows it).
    """

    def __init__(
        self,
        spec: AlgorithmSpec,
        n: int,
        *,
        by_columns: bool = False,
        lang: str = "en",
        history: int = 1 << 16,
    ) -> None:
        self.lang = lang
        self.context = Context(spec, n, by_columns=by_columns)
        self._history: deque[Event] = deque(maxlen=history)

    def clear(self) -> None:
        """Back to the empty board before the first event (a timeline reset)."""
        ctx = self.context
        self.context = Context(ctx.spec, ctx.n, by_columns=ctx.by_columns)
        self._history.clear()

    def say(self, event: Event, lang: str | None = None) -> str:
        """The sentence for ``event`` if it happened now (the narrator does not move)."""
        return narrate(event, self.context, lang or self.lang)

    def step(self, event: Event, lang: str | None = None) -> str:
        """Narrate ``event``, then apply it."""
        sentence = self.say(event, lang)
        self.apply(event)
        return sentence

    def apply(self, event: Event) -> None:
        """Move the context past ``event``."""
        ctx = self.context
        walk = Transposed.event(event) if ctx.by_columns else event
        if isinstance(walk, Place):
            ctx.put(walk.row, walk.col)
        elif isinstance(walk, Backtrack):
            ctx.put(walk.row, walk.col, -1)
        elif isinstance(walk, Repair):
            ctx.put(walk.row, walk.old, -1)
            ctx.put(walk.row, walk.new)
        elif isinstance(walk, Solution):
            ctx.solutions += 1
        elif ctx.domains is not None:
            ctx.domains.apply(walk)
        ctx.attempts += walk.attempt
        ctx.previous = walk
        self._history.append(walk)

    def undo(self, event: Event) -> None:
        """Move the context back before ``event`` (the last event applied)."""
        ctx = self.context
        walk = Transposed.event(event) if ctx.by_columns else event
        if isinstance(walk, Place):
            ctx.put(walk.row, walk.col, -1)
        elif isinstance(walk, Backtrack):
            ctx.put(walk.row, walk.col)
        elif isinstance(walk, Repair):
            ctx.put(walk.row, walk.new, -1)
            ctx.put(walk.row, walk.old)
        elif isinstance(walk, Solution):
            ctx.solutions -= 1
        elif ctx.domains is not None:
            ctx.domains.apply(walk, -1)
        ctx.attempts -= walk.attempt
        if self._history:
            self._history.pop()
        ctx.previous = self._history[-1] if self._history else None

    def on_event(self, event: Event, sign: int) -> None:
        """A timeline listener: apply (sign 1) or undo (sign -1)."""
        if sign > 0:
            self.apply(event)
        else:
            self.undo(event)

    def current(self, lang: str | None = None, last: Event | None = None) -> str:
        """The sentence of the last applied event, ``last`` if given ("" before the first)."""
        if last is None:
            walk = self.context.previous
            if walk is None:
                return ""
            last = Transposed.event(walk) if self.context.by_columns else walk
        real = last
        self.undo(real)
        try:
            return self.say(real, lang)
        finally:
            self.apply(real)
