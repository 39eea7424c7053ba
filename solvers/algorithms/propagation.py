"""Constraint propagation: forward checking, and forward checking with MRV.

Rows are the variables and columns their values, tried in ascending order.
Placing a queen on (row, col) prunes every column it attacks from the domain of
every unassigned row, row by row in ascending order, each row's columns
ascending; pruning stops at the first row it leaves empty (a *wipe-out*): that
placement is undone at once and the next value is tried. Undoing a placement
restores exactly the columns it pruned, newest first, then lifts the queen.

Events per placement::

    Place(row, col)                     attempt and placement
    Prune(r, c, by=(row, col)) ...      one per column removed
    Conflict(r, c, (row, col), wipeout=True)   only on a wipe-out: r emptied, c its last column
    ... search below, unless a wipe-out or a full board (Solution) ...
    Restore(r, c, by=(row, col)) ...    the Prunes in reverse order
    Backtrack(row, col)

``forward-checking`` fills the rows top to bottom; ``mrv`` fills next the
unassigned row with the fewest columns left (ties: the lowest row), so its
depth is the number of queens placed, not the row index. ``checks`` on a Place
counts the domain look-ups its pruning made (the in-board squares it attacks in
the unassigned rows, up to a wipe-out) plus, for MRV, the unassigned rows
compared to choose its row (on the row's first value).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence

from solvers.algorithms.propagation_engine import PLACED, PROPAGATION_MAX_N, PlacementResume, Propagation
from solvers.domains import Domains, mrv_row
from solvers.events import Backtrack, Conflict, Event, Place, Prune, Restore, Solution
from solvers.instance import Instance, Setup
from solvers.narration import Context, SquareBySquare, fmt, line_key, with_shared
from solvers.resume import PRUNED, SOLVED, TRY, Checkpoint, Start
from solvers.spec import COUNTERS, AlgorithmSpec
from solvers.variants import MODEL, PlacementVariants, Rules

Square = tuple[int, int]
#: chooses the next row: (domains, queens) -> (row, rows compared)
Chooser = Callable[[Domains, list[int | None]], tuple[int, int]]

# Pseudo-code line indices, shared by both algorithms.
LINE_DONE, LINE_PLACE, LINE_PRUNE, LINE_WIPEOUT, LINE_RESTORE, LINE_REMOVE = 2, 6, 8, 10, 12, 13


def _code(choose: tuple[str, str]) -> tuple[str, ...]:
    return (
        "search():",
        "    if every row has a queen:",
        "        record solution; return",
        *choose,
        "    for col in domain(row), ascending:",
        "        place queen on (row, col)",
        "        for each empty row r, top down:",
        "            prune its attacks from domain(r)",
        "            if domain(r) is empty:",
        "                wipe-out; stop pruning",
        "        if no wipe-out: search()",
        "        restore every column it pruned",
        "        remove queen from (row, col)",
    )


def _code_zh(choose: tuple[str, str]) -> tuple[str, ...]:
    return (
        "search()：",
        "    若每一行都有皇后：",
        "        记录解；返回",
        *choose,
        "    对 domain(row) 中的 col，从小到大：",
        "        在 (row, col) 放皇后",
        "        对每个空行 r，从上到下：",
        "            从 domain(r) 删去它攻击的列",
        "            若 domain(r) 为空：",
        "                域清空（wipe-out）；停止删除",
        "        若没有域清空：search()",
        "        恢复它删去的每一列",
        "        移走 (row, col) 的皇后",
    )


FORWARD_CHECKING_CODE = _code(("    row = the topmost empty row", "          (rows are filled in order)"))
MRV_CODE = _code(("    row = the empty row whose domain", "          is smallest (ties: topmost)"))
FORWARD_CHECKING_CODE_ZH = _code_zh(("    row = 最上面的空行", "          （按顺序逐行填）"))
MRV_CODE_ZH = _code_zh(("    row = 域最小的空行", "          （并列时取最上面的）"))


def plan_pruning(
    domains: Domains, queens: list[int | None], row: int, col: int, rules: Rules = MODEL
) -> tuple[list[Square], int, int | None]:
    """What placing (row, col) prunes: the (r, c) removed in order, the look-ups made, the emptied
    row. ``rules.prune == "next"`` (a wrong version) prunes only the next empty row."""
    n, by = domains.n, domains.by
    pruned: list[Square] = []
    looks = 0
    rows_left = 1 if rules.prune == "next" else n
    for r in range(n):
        if queens[r] is not None or r == row:
            continue
        if rows_left == 0:
            break
        rows_left -= 1
        d = abs(r - row)
        left = domains.size[r]
        for c in (col - d, col, col + d):
            if 0 <= c < n:
                looks += 1
                if by[r][c] is None:  # still in the domain
                    pruned.append((r, c))
                    left -= 1
        if left == 0:
            return pruned, looks, r
    return pruned, looks, None


def _rebuild(
    board: Sequence[int | None],
    choose: Chooser,
    domains: Domains,
    queens: list[int | None],
    rules: Rules = MODEL,
    order: Sequence[int] | None = None,
) -> tuple[list[list], int | None]:
    """The stack of the search right after it placed the queens of ``board`` (the last one's
    pruning not yet applied), found by choosing rows again: the rows it fills next depend only
    on the queens already placed (or, for a wrong version started in the model's run, taken in
    the model's ``order``). Fills ``domains`` and ``queens``; returns the stack and the row the
    last queen empties (None if none)."""
    placed = len(order) if order is not None else sum(c is not None for c in board)
    stack: list[list] = []
    while True:
        row = order[len(stack)] if order is not None else choose(domains, queens)[0]
        col = board[row]
        if col is None:
            raise ValueError("the board is not one this search places")
        cols = domains.remaining(row)
        pruned, _, emptied = plan_pruning(domains, queens, row, col, rules)
        stack.append([row, cols, cols.index(col) + 1, 0, pruned])
        queens[row] = col
        if len(stack) == placed:
            return stack, emptied
        for r, c in pruned:
            domains.remove(r, c, (row, col))


def _standing(
    board: Sequence[int | None],
    phase: int,
    choose: Chooser,
    domains: Domains,
    queens: list[int | None],
    rules: Rules = MODEL,
    order: Sequence[int] | None = None,
    stale: Sequence[tuple[int, int, Square]] = (),
) -> tuple[list[list], int | None]:
    """The stack of the search at a checkpoint (``propagation_engine.PlacementResume``): the board
    (``queens[row]``, None or -1: empty) rebuilt, the last queen's prunes made unless it was
    just placed (``PLACED``). Fills ``domains`` and ``queens``; returns the stack and the row
    the last queen empties (None if none). A wrong version started in the model's run
    (``solvers.variants``) gives the model's ``order`` and, if it never restores, the columns
    pruned so far (``stale``): they stay out of the domains, and the last queen prunes what is left."""
    placed = [None if c is None or c < 0 else c for c in board]
    if (not order) if order is not None else not any(c is not None for c in placed):
        _keep_out(domains, stale)
        return [], None
    stack, emptied = _rebuild(placed, choose, domains, queens, rules, order)
    row, cols, index, _, pruned = stack[-1]
    if stale:
        _keep_out(domains, stale)
        pruned, _, emptied = plan_pruning(domains, queens, row, cols[index - 1], rules)
        stack[-1][4] = pruned
    if phase != PLACED:
        for r, c in pruned:
            domains.remove(r, c, (row, cols[index - 1]))
    return stack, emptied


def _keep_out(domains: Domains, stale: Sequence[tuple[int, int, Square]]) -> None:
    """The columns a search that never restores has pruned so far: out of the domains."""
    for r, c, by in stale:
        if domains.has(r, c):
            domains.remove(r, c, by)


def _search(
    n: int,
    first: bool,
    choose: Chooser,
    start: Start | None = None,
    instance: Instance | None = None,
    rules: Rules = MODEL,
    order: Sequence[int] | None = None,
    stale: Sequence[tuple[int, int, Square]] = (),
) -> Iterator[Event]:
    """The search with an explicit stack (no ``yield from`` chain): one frame per row being filled,
    ``[row, its domain, next index, rows compared, what its current queen pruned or None]``.

    ``start`` resumes at a checkpoint (``propagation_engine.PlacementResume``): the board and the state then.
    A constrained ``instance`` starts with a ``Setup`` (unless resumed): the given queens stand,
    their rows are done, and every free row's domain starts without its blocked squares and the
    squares a given queen attacks; a free row left with no column at the start ends the search
    there (no solution). ``rules``, ``order`` and ``stale`` run and start a wrong version
    (``solvers.variants``): pruning only the next row, never restoring."""
    if n <= 0:
        return
    domains = Domains(n)
    queens: list[int | None] = [None] * n
    filled = n  # the frames of a full board: one per free row
    if instance is not None and not instance.plain:
        setup = Setup(tuple(sorted(instance.given)), tuple(sorted(instance.blocked)))
        if start is None:
            yield setup
        domains.apply(setup)
        queens = instance.queens()
        free = instance.free_rows()
        filled = len(free)
        if not free:
            if start is None:
                yield Solution(tuple(q for q in queens if q is not None), LINE_DONE)
            return
        if any(domains.size[r] == 0 for r in free):
            return
    # each Prune and Restore is made once per run, then reused: (r, c, queen) -> event
    prunes: dict[tuple[int, int, Square], Prune] = {}
    restores: dict[tuple[int, int, Square], Restore] = {}
    phase, from_col, in_row = start[1] if start is not None else (TRY, 0, 0)
    if phase == SOLVED and first:
        return
    board = start[0] if start is not None else ()
    stack, emptied = _standing(board, phase, choose, domains, queens, rules, order, stale)
    resumed = phase in (PLACED, PRUNED)  # the last queen's prunes (or what follows them) come next
    pruned_already = phase == PRUNED
    if phase == TRY:  # the row filled next, from ``from_col`` on (its rows compared on its first value)
        row, compared = (in_row - 1, 0) if in_row else choose(domains, queens)
        cols = domains.remaining(row)
        index = bisect_left(cols, from_col)
        stack.append([row, cols, index, compared if index == 0 else 0, None])
    while stack:
        frame = stack[-1]
        row, cols, index, compared, pruned = frame
        if resumed:  # the queen of this frame was just placed: its pruning comes next
            resumed = False
            col = cols[index - 1]
            queen = (row, col)
        else:
            if pruned is not None:  # back from below (or a wipe-out): undo this row's queen
                col = cols[index - 1]
                queen = (row, col)
                for r, c in reversed(pruned) if rules.restore else ():
                    domains.put_back(r, c)
                    key = (r, c, queen)
                    yield restores.get(key) or restores.setdefault(key, Restore(r, c, queen, LINE_RESTORE))
                queens[row] = None
                frame[4] = None
                yield Backtrack(row, col, LINE_REMOVE)
            if index == len(cols):
                stack.pop()
                continue
            col = cols[index]
            queen = (row, col)
            pruned, looks, emptied = plan_pruning(domains, queens, row, col, rules)
            frame[2:] = index + 1, 0, pruned
            queens[row] = col
            yield Place(row, col, LINE_PLACE, True, looks + compared)
        for r, c in () if pruned_already else pruned:
            domains.remove(r, c, queen)
            key = (r, c, queen)
            yield prunes.get(key) or prunes.setdefault(key, Prune(r, c, queen, LINE_PRUNE))
        pruned_already = False
        if emptied is not None:
            last = max((c for r, c in pruned if r == emptied), default=0)  # a row left empty before: 0
            yield Conflict(emptied, last, queen, LINE_WIPEOUT, False, 0, True)
        elif len(stack) == filled:  # every frame holds a queen: the board is full
            yield Solution(tuple(q for q in queens if q is not None), LINE_DONE)
            if first:
                return
        else:
            row, compared = choose(domains, queens)
            stack.append([row, domains.remaining(row), 0, compared, None])


def _first_free(domains: Domains, queens: list[int | None]) -> tuple[int, int]:
    return queens.index(None), 0


def _fewest_left(domains: Domains, queens: list[int | None]) -> tuple[int, int]:
    row = mrv_row(domains, queens)
    assert row is not None, "MRV asked for a row on a full board"
    return row, queens.count(None)


def _fewest_left_bottom(domains: Domains, queens: list[int | None]) -> tuple[int, int]:
    """A wrong MRV: the fewest columns left, ties to the bottom row."""
    empty = [r for r, c in enumerate(queens) if c is None]
    return min(reversed(empty), key=lambda r: domains.size[r]), len(empty)


def _fewest_attacked(domains: Domains, queens: list[int | None]) -> tuple[int, int]:
    """A wrong MRV: the row with the fewest squares a queen attacks (ties: the top row), which is
    the row with the most columns left, blocked squares aside."""
    empty = [r for r, c in enumerate(queens) if c is None]

    def attacked(r: int) -> int:
        return sum(1 for c, by in enumerate(domains.by[r]) if by is not None and by != (r, c))

    return min(empty, key=attacked), len(empty)


#: MRV's row choice for each ``Rules.rows``.
MRV_CHOOSERS: dict[str, Chooser] = {
    "fewest": _fewest_left,
    "fewest-bottom": _fewest_left_bottom,
    "fewest-attacked": _fewest_attacked,
}


def forward_checking(
    n: int,
    *,
    first: bool = False,
    start: Start | None = None,
    instance: Instance | None = None,
    rules: Rules = MODEL,
    order: Sequence[int] | None = None,
    stale: Sequence[tuple[int, int, Square]] = (),
) -> Iterator[Event]:
    """Forward checking, rows top to bottom, columns ascending (``rules``, ``order``, ``stale``:
    a wrong version, ``solvers.variants``)."""
    return _search(n, first, _first_free, start, instance, rules, order, stale)


def mrv(
    n: int,
    *,
    first: bool = False,
    start: Start | None = None,
    instance: Instance | None = None,
    rules: Rules = MODEL,
    order: Sequence[int] | None = None,
    stale: Sequence[tuple[int, int, Square]] = (),
) -> Iterator[Event]:
    """Forward checking that fills next the row with the fewest columns left (``rules``,
    ``order``, ``stale``: a wrong version, ``solvers.variants``)."""
    return _search(n, first, MRV_CHOOSERS[rules.rows], start, instance, rules, order, stale)


def _domains_after(choose: Chooser) -> Callable[[Sequence[int | None]], Domains]:
    """The domains of the search choosing rows by ``choose`` right after it placed the queens
    of a board, the last one's pruning not yet applied (its spec's ``domains_after``)."""

    def domains_after(board: Sequence[int | None]) -> Domains:
        domains = Domains(len(board))
        _rebuild(board, choose, domains, [None] * len(board))
        return domains

    return domains_after


def _domains_at(choose: Chooser) -> Callable[[Checkpoint], Domains]:
    """The domains of the search choosing rows by ``choose`` at one of its checkpoints (its
    spec's ``domains_at``)."""

    def domains_at(checkpoint: Checkpoint) -> Domains:
        n = len(checkpoint.queens)
        domains = Domains(n)
        _standing(checkpoint.queens, checkpoint.state[0], choose, domains, [None] * n)
        return domains

    return domains_at


#: Its own sentences in English and Chinese (``with_shared`` adds those every search says).
_OWN_TEXT: dict[str, dict[str, str]] = {
    "en": {
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
    },
    "zh": {
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
    },
}
_TEXT = with_shared(_OWN_TEXT)


class _ForwardChecking(SquareBySquare):
    """The sentences of forward checking: placements from the domains, prunes, wipe-outs, restores."""

    def __init__(self, ctx: Context, words: dict[str, str]) -> None:
        super().__init__(ctx, words)
        assert ctx.domains is not None, "a propagation context keeps the domains"
        self.domains = ctx.domains
        self.own = _TEXT[self.lang]

    def place(self, event: Place) -> str:
        return fmt(self.own["fc_place"], self.words, r=event.row + 1, c=event.col + 1)

    def _values(self, event: Prune | Restore) -> dict[str, int]:
        (br, bc) = event.by
        return {"r": event.row + 1, "c": event.col + 1, "br": br + 1, "bc": bc + 1}

    def prune(self, event: Prune) -> str:
        key = line_key((event.row, event.col), event.by)
        left = self.domains.size[event.row] - 1
        return fmt(self.own["prune"], self.words, line=self.words[key], left=left, **self._values(event))

    def restore(self, event: Restore) -> str:
        return fmt(self.own["restore"], self.words, **self._values(event))

    def conflict(self, event: Conflict) -> str:
        br, bc = event.blocker
        return fmt(self.own["wipeout"], self.words, r=event.row + 1, c=event.col + 1, br=br + 1, bc=bc + 1)

    def backtrack(self, event: Backtrack) -> str:
        ctx, text, words = self.ctx, self.own, self.words
        r, c = event.row, event.col
        if ctx.after_solution:
            return fmt(text["lift_solution"], words, s=ctx.solutions, r=r + 1, c=c + 1)
        following = [x for x in self.domains.remaining(r) if x > c]
        if following:
            return fmt(text["fc_lift_next"], words, r=r + 1, c=c + 1, x=following[0] + 1)
        return fmt(text["fc_lift_end" if len(ctx.queens) == 1 else "fc_lift_done"], words, r=r + 1, c=c + 1)


class _Mrv(_ForwardChecking):
    """Forward checking's sentences, each placement saying why its row has the fewest columns left."""

    def place(self, event: Place) -> str:
        r, c, ctx, domains = event.row, event.col, self.ctx, self.domains
        k = domains.size[r]
        ties = sum(1 for row in range(ctx.n) if row not in ctx.queens and domains.size[row] == k)
        key = "mrv_place_tie" if ties > 1 else "mrv_place"
        return fmt(self.own[key], self.words, r=r + 1, c=c + 1, k=k, t=ties)


def narrate_forward_checking(event: Event, ctx: Context, words: dict[str, str]) -> str:
    """The sentences of forward checking (``_ForwardChecking``)."""
    return event.read(_ForwardChecking(ctx, words))


def narrate_mrv(event: Event, ctx: Context, words: dict[str, str]) -> str:
    """The sentences of MRV (``_Mrv``)."""
    return event.read(_Mrv(ctx, words))


ORDER = 60  # last of today's families

# The engine counts forward checking and MRV and walks them from any checkpoint
# (``propagation_engine``: n = 12's whole run in 0.03 s on one core), so the window jumps in them
# as in the backtracking family; n = 16 (``PROPAGATION_MAX_N``) is its counting limit.

SPECS = (
    AlgorithmSpec(
        "forward-checking",
        "Forward checking",
        "前向检验（forward checking）",
        "Row by row, columns from each row's domain; a queen prunes the columns it attacks from the "
        "rows below, and a row left empty undoes it at once.",
        "逐行放置，只试本行域中剩下的列；皇后放下后从下面各行的域中删去它攻击的列，某行被删空就立刻撤销。",
        forward_checking,
        FORWARD_CHECKING_CODE,
        FORWARD_CHECKING_CODE_ZH,
        max_n=PROPAGATION_MAX_N,
        attempt_unit="square",  # one (row, column) square tried
        family="propagation",
        resumer=PlacementResume(),
        race_partner="mrv",  # rows top down vs the row with the fewest columns left
        check="domains",
        counters=(*COUNTERS, "pruned", "wipeouts"),
        profile="events",
        narrator=narrate_forward_checking,
        engine=Propagation(mrv=False),
        domains_after=_domains_after(_first_free),
        domains_at=_domains_at(_first_free),
        constrained=True,
        variants=PlacementVariants(frozenset({"prune", "restore"})),
    ),
    AlgorithmSpec(
        "mrv",
        "Forward checking with MRV",
        "前向检验 + 最少剩余值（MRV）",
        "Forward checking that fills next the row with the fewest columns left (ties: the lowest).",
        "前向检验，下一步总是填剩余列最少的行（并列时取最上面的行）。",
        mrv,
        MRV_CODE,
        MRV_CODE_ZH,
        max_n=PROPAGATION_MAX_N,
        attempt_unit="square",  # one (row, column) square tried
        family="propagation",
        resumer=PlacementResume(),
        check="domains",
        dynamic_rows=True,
        own_rule="rows",  # its narration says why that row
        counters=(*COUNTERS, "pruned", "wipeouts"),
        profile="events",
        narrator=narrate_mrv,
        engine=Propagation(mrv=True),
        domains_after=_domains_after(_fewest_left),
        domains_at=_domains_at(_fewest_left),
        constrained=True,
        variants=PlacementVariants(frozenset({"restore", "rows"})),
    ),
)
