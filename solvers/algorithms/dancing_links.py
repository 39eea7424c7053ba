"""Knuth's Algorithm X with dancing links (DLX, TAOCP 7.2.2.1) solving N-Queens as exact cover.

Every square (r, c) is an *option* covering four *items*: row r and column c, which are
primary (each must be covered exactly once), and its diagonal r + c and anti-diagonal
r - c, which are secondary (covered at most once). The items and options live in
doubly linked lists; ``cover`` unlinks an item and hides every option on it from the
other items' lists, ``uncover`` relinks them in exactly the reverse order (the links
"dance"). The search branches on the uncovered primary item with the fewest options
left, a row *or* a column (ties: the first of rows 1..n, then columns 1..n), and tries
its options in list order (a row's columns, a column's rows, ascending).

Events of one node (this module's own kind ``Choose`` beside the shared ones)::

    Choose(axis, index, options)        the item it branches on and how many options it has
                                        (0: a wipe-out; that node's queen is taken back)
    Place(row, col)                     attempt and placement of one of its options
    Prune(r, c, by=(row, col)) ...      every option of another empty row it hides
    ... Solution on a full board, else the next Choose ...
    Restore(r, c, by=(row, col)) ...    the Prunes in reverse order
    Backtrack(row, col)

The options it hides in the queen's own row are not said: that row holds its queen, which
the board shows. ``checks`` count the links it updates (Knuth's *updates*: one per option
node unlinked), on the Place that covers them and, for the branching item's own cover, on
its Choose, with the items compared to choose it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from solvers.algorithms.dancing_links_engine import BACK, NEXT, NODE, DancingLinks, LinkResume
from solvers.domains import Domains
from solvers.events import (
    Backtrack,
    Common,
    Event,
    Place,
    Prune,
    Queens,
    Record,
    Restore,
    Solution,
    Walker,
    event_kind,
)
from solvers.narration import Context, SquareBySquare, fmt, line_key, with_shared
from solvers.resume import Checkpoint, Start
from solvers.spec import COUNTERS, AlgorithmSpec

Square = tuple[int, int]
T = TypeVar("T")
ROW, COLUMN = 0, 1  # a primary item's axis

# Pseudo-code line indices.
LINE_DONE, LINE_CHOOSE, LINE_WIPEOUT, LINE_PLACE, LINE_HIDE, LINE_RESTORE, LINE_REMOVE = (
    2,
    3,
    6,
    8,
    10,
    12,
    13,
)

CODE = (
    "search():",
    "    if every row and column is covered:",
    "        record solution; return",
    "    item = the uncovered row or column",
    "        with the fewest options",
    "        (ties: rows first, then columns)",
    "    if item has no option: wipe-out; return",
    "    for each option (r, c) of item:",
    "        place queen on (r, c) and cover",
    "            its row, column, diagonals:",
    "            hide every option they share",
    "        search()",
    "        uncover them: the options come back",
    "        remove queen from (r, c)",
)
CODE_ZH = (
    "search()：",
    "    若每一行、每一列都已覆盖：",
    "        记录解；返回",
    "    item = 选项最少的未覆盖行或列",
    "        （选项数相同时先行后列，",
    "        各自从小到大）",
    "    若 item 没有选项：域清空；返回",
    "    对 item 的每个选项 (r, c)，按顺序：",
    "        在 (r, c) 放皇后，并覆盖",
    "            它的行、列和两条对角线：",
    "            隐藏与它们相交的每个选项",
    "        search()",
    "        取消覆盖：这些选项回来",
    "        移走 (r, c) 的皇后",
)


@event_kind
@dataclass(frozen=True, slots=True)
class Choose(Event):
    """The search branches on the primary item ``index`` of ``axis`` (ROW or COLUMN), which has
    ``options`` squares left; with none it is a *wipe-out*: the node just placed fails."""

    CODE: ClassVar[int] = 8
    WIPEOUT_CODE: ClassVar[int] = 9
    axis: int
    index: int
    options: int
    line: int = LINE_CHOOSE
    attempt: bool = False
    checks: int = 0

    @classmethod
    def codes(cls) -> dict[int, str | None]:
        return {cls.CODE: None, cls.WIPEOUT_CODE: "wipeouts"}

    def code(self) -> int:
        return self.CODE if self.options else self.WIPEOUT_CODE

    def walk(self, walker: Walker, sign: int) -> None:
        if not self.options:
            walker.refused(self.axis, self.index, True, sign)

    def pack(self, record: Record[T]) -> T:
        return record(self, self.code(), self.axis, self.index, self.options, 0)

    @classmethod
    def unpack(cls, code: int, row: int, col: int, a: int, b: int, common: Common, queens: Queens) -> Choose:
        return cls(row, col, a, *common)


class Links:
    """The exact-cover matrix of N-Queens in Knuth's arrays: item headers 1..4n-2+2n (rows, columns,
    diagonals, anti-diagonals), each option's four nodes after them; ``llink``/``rlink`` chain the
    uncovered primary items, ``ulink``/``dlink`` each item's options, ``length`` counts them."""

    def __init__(self, n: int) -> None:
        self.n = n
        primary = 2 * n
        items = primary + 2 * (2 * n - 1)
        self.first_node = items + 1
        size = self.first_node + 4 * n * n
        self.llink = [0] * (primary + 1)
        self.rlink = [0] * (primary + 1)
        for i in range(primary + 1):  # header 0 closes the circle of primary items
            self.llink[i], self.rlink[i] = (i - 1) % (primary + 1), (i + 1) % (primary + 1)
        self.top = [0] * size
        self.ulink = list(range(size))
        self.dlink = list(range(size))
        self.length = [0] * (items + 1)
        self.square: list[Square] = [(-1, -1)] * size  # each node's option
        node = self.first_node
        for r in range(n):
            for c in range(n):
                for item in (1 + r, 1 + n + c, 1 + primary + r + c, 1 + primary + 2 * n - 1 + r - c + n - 1):
                    self.top[node], self.square[node] = item, (r, c)
                    self.ulink[node], self.dlink[node] = self.ulink[item], item  # append below the last
                    self.dlink[self.ulink[item]] = node
                    self.ulink[item] = node
                    self.length[item] += 1
                    node += 1
        # the other three nodes of each node's option, in order
        self.others: list[tuple[int, ...]] = [()] * size
        for p in range(self.first_node, size):
            start = p - (p - self.first_node) % 4
            self.others[p] = tuple(q for q in range(start, start + 4) if q != p)
        self.updates = 0  # links updated so far

    def cover(self, item: int, hidden: list[Square]) -> None:
        """Unlink ``item`` and hide each option on it from the other items (their squares go to
        ``hidden``)."""
        p = self.dlink[item]
        while p != item:
            self._hide(p)
            hidden.append(self.square[p])
            p = self.dlink[p]
        if item < len(self.rlink):
            left, right = self.llink[item], self.rlink[item]
            self.rlink[left], self.llink[right] = right, left

    def uncover(self, item: int) -> None:
        """``cover``'s exact inverse."""
        if item < len(self.rlink):
            left, right = self.llink[item], self.rlink[item]
            self.rlink[left] = self.llink[right] = item
        p = self.ulink[item]
        while p != item:
            self._unhide(p)
            p = self.ulink[p]

    def _hide(self, p: int) -> None:
        ulink, dlink, length, top = self.ulink, self.dlink, self.length, self.top
        for q in self.others[p]:
            up, down = ulink[q], dlink[q]
            dlink[up], ulink[down] = down, up
            length[top[q]] -= 1
        self.updates += 3

    def _unhide(self, p: int) -> None:
        ulink, dlink, length, top = self.ulink, self.dlink, self.length, self.top
        for q in reversed(self.others[p]):
            up, down = ulink[q], dlink[q]
            dlink[up] = ulink[down] = q
            length[top[q]] += 1

    def fewest(self) -> tuple[int, int]:
        """The uncovered primary item with the fewest options (the first on ties; 0: none is
        left) and how many items were compared."""
        best, compared, i = 0, 0, self.rlink[0]
        while i != 0:
            compared += 1
            if best == 0 or self.length[i] < self.length[best]:
                best = i
            i = self.rlink[i]
        return best, compared

    def axis_of(self, item: int) -> tuple[int, int]:
        """(ROW or COLUMN, index) of a primary item."""
        return (ROW, item - 1) if item <= self.n else (COLUMN, item - 1 - self.n)


def dancing_links(n: int, *, first: bool = False, start: Start | None = None) -> Iterator[Event]:
    """Algorithm X on dancing links: branch on the item with the fewest options, cover, uncover.

    An explicit stack (no ``yield from`` chain), one frame per item branched on: ``[item, its
    option being tried (a node; the item itself before the first), the squares covering the item
    hid, the squares its option's queen hid in the other empty rows]``. ``start`` resumes at a
    checkpoint (``dancing_links_engine.LinkResume``): the board and the state then."""
    if n <= 0:
        return
    links = Links(n)
    queens: list[int | None] = [None] * n
    # each Prune and Restore is made once per run, then reused: (r, c, queen) -> event
    prunes: dict[tuple[int, int, Square], Prune] = {}
    restores: dict[tuple[int, int, Square], Restore] = {}
    stack, phase = _resumed(links, queens, start)
    if first and phase == BACK and len(stack) == n:  # right after the Solution it stops at
        return
    node = phase == NODE  # at a node not yet branched on
    if node and stack:  # right after a Place: its prunes come first
        queen = links.square[stack[-1][1]]
        for r, c in stack[-1][3]:
            yield prunes.setdefault((r, c, queen), Prune(r, c, queen, LINE_HIDE))
    lifted = phase == NEXT  # the top frame's next option comes first
    while True:
        back = not lifted  # the top frame's queen is taken back before its next option
        lifted = False
        if node:
            item, compared = links.fewest()
            if item == 0:
                yield Solution(tuple(q for q in queens if q is not None), LINE_DONE)
                if first:
                    return
            elif links.length[item] == 0:
                yield Choose(*links.axis_of(item), 0, LINE_WIPEOUT, False, compared)
            else:
                before, own = links.updates, list[Square]()
                options = links.length[item]
                links.cover(item, own)  # its options: each hides the rest of its row or column
                yield Choose(
                    *links.axis_of(item), options, LINE_CHOOSE, False, compared + links.updates - before
                )
                stack.append([item, item, own, ()])
                back = False
        if not stack:
            return
        frame = stack[-1]
        item = frame[0]
        if back:
            p, shown = frame[1], frame[3]
            row, col = queen = links.square[p]
            for q in reversed(links.others[p]):
                links.uncover(links.top[q])
            for r, c in reversed(shown):
                key = (r, c, queen)
                yield restores.get(key) or restores.setdefault(key, Restore(r, c, queen, LINE_RESTORE))
            queens[row] = None
            yield Backtrack(row, col, LINE_REMOVE)
        p = links.dlink[frame[1]]
        if p == item:  # its options all tried: back up to the frame above
            links.uncover(item)
            stack.pop()
            node = False
            continue
        row, col = queen = links.square[p]
        before = links.updates
        _place(links, queens, frame, p)
        shown = frame[3]
        yield Place(row, col, LINE_PLACE, True, links.updates - before)
        for r, c in shown:
            key = (r, c, queen)
            yield prunes.get(key) or prunes.setdefault(key, Prune(r, c, queen, LINE_HIDE))
        node = True


def _place(links: Links, queens: list[int | None], frame: list, p: int) -> None:
    """Place the queen of option ``p`` of ``frame``'s item: cover its other items; the frame
    keeps it and the squares it hid in the other empty rows."""
    row, col = queen = links.square[p]
    hidden = [square for square in frame[2] if square != queen]
    for q in links.others[p]:
        links.cover(links.top[q], hidden)
    frame[1], frame[3] = p, [(r, c) for r, c in hidden if r != row]
    queens[row] = col


def _resumed(links: Links, queens: list[int | None], start: Start | None) -> tuple[list[list], int]:
    """The stack at checkpoint ``start`` (the items chosen again from its queens, each covered
    with its queen's option) and its phase; an empty stack at ``NODE`` without one."""
    if start is None:
        return [], NODE
    board, (phase, row, col) = start
    placed = [(r, c) for r, c in enumerate(board) if c is not None and c >= 0]
    stack: list[list] = []
    for _ in range(len(placed) + (phase == NEXT)):
        item = links.fewest()[0]
        own: list[Square] = []
        links.cover(item, own)
        stack.append([item, item, own, ()])
        axis, index = links.axis_of(item)
        square = next(((r, c) for r, c in placed if (r, c)[axis] == index), None)
        if len(stack) > len(placed):  # NEXT: the item chosen after them, (row, col) tried last
            square = (row, col) if row >= 0 else None
        elif square is None:
            raise ValueError("the board is not one this search places")
        if square is not None:
            p = next(q for q in _column(links, item) if links.square[q] == square)
            if len(stack) > len(placed):
                stack[-1][1] = p
            else:
                _place(links, queens, stack[-1], p)
    return stack, phase


def _column(links: Links, item: int) -> Iterator[int]:
    """The option nodes of ``item``'s list, top down."""
    p = links.dlink[item]
    while p != item:
        yield p
        p = links.dlink[p]


# -- what the board says about the items (the narration and the window's rebuild) ---------------


def options_left(domains: Domains, queens: Sequence[int | None]) -> list[tuple[int, int, int]]:
    """(axis, index, options) of every uncovered primary item, in DLX's order, from the domains
    the events leave: a row's options are its domain, a column's the empty rows keeping it."""
    empty = [r for r, c in enumerate(queens) if c is None]
    taken = {c for c in queens if c is not None}
    rows = [(ROW, r, domains.size[r]) for r in empty]
    cols = [(COLUMN, c, sum(domains.has(r, c) for r in empty)) for c in range(domains.n) if c not in taken]
    return rows + cols


def branching_item(domains: Domains, queens: Sequence[int | None]) -> tuple[int, int, int, int] | None:
    """(axis, index, options, how many items tie with it) of the item DLX branches on, or None on
    a full board."""
    items = options_left(domains, queens)
    if not items:
        return None
    fewest = min(k for _, _, k in items)
    axis, index, k = next(item for item in items if item[2] == fewest)
    return axis, index, k, sum(1 for item in items if item[2] == fewest)


def _options(domains: Domains, queens: Sequence[int | None], axis: int, index: int) -> list[Square]:
    """The options of an item still in the domains, in DLX's order."""
    if axis == ROW:
        return [(index, c) for c in domains.remaining(index)]
    return [(r, index) for r, c in enumerate(queens) if c is None and domains.has(r, index)]


def domains_at(checkpoint: Checkpoint) -> Domains:
    """The domains at a checkpoint of its walk: right after a Place its hiding is not yet said;
    after a Choose, Solution or Backtrack every queen's is."""
    return domains_after(checkpoint.queens, said=checkpoint.state[0] != NODE)


def domains_after(board: Sequence[int | None], *, said: bool = False) -> Domains:
    """The domains right after the queens of ``board`` were placed, the last one's hiding not yet
    said (unless ``said``): replayed by choosing items again (the items it fills next depend only
    on the queens)."""
    n = len(board)
    domains = Domains(n)
    queens: list[int | None] = [None] * n
    placed = sum(c is not None for c in board)
    for step in range(placed):
        found = branching_item(domains, queens)
        assert found is not None, "a full board has no next item"
        axis, index = found[0], found[1]
        row = index if axis == ROW else next(r for r, c in enumerate(board) if c == index)
        col = board[row]
        if col is None or queens[row] is not None:
            raise ValueError("the board is not one this search places")
        queens[row] = col
        if said or step < placed - 1:
            for r, c in _attacked(domains, queens, row, col):
                domains.remove(r, c, (row, col))
    return domains


def _attacked(domains: Domains, queens: Sequence[int | None], row: int, col: int) -> list[Square]:
    """The options of the other empty rows the queen on (row, col) hides, in the order DLX hides them:
    its column's, then its diagonal's and its anti-diagonal's, each top down."""
    n = domains.n
    lines = (lambda r: col, lambda r: row + col - r, lambda r: col - row + r)
    out: list[Square] = []
    for line in lines:
        for r in range(n):
            c = line(r)
            if queens[r] is None and 0 <= c < n and domains.has(r, c) and (r, c) not in out:
                out.append((r, c))
    return out


# -- sentences ------------------------------------------------------------------------------------

_OWN_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "choose": "{item} has the fewest options left ({k}), so the search branches on it.",
        "choose_tie": "{item} is the first of the {t} rows and columns with the fewest options left ({k}), "
        "so the search branches on it.",
        "wipeout": "Wipe-out: {item} has no option left, no queen can cover it, so the last queen placed is "
        "taken back.",
        "place_first": "{item} has the fewest options left ({k}), so a queen goes on its first: "
        "{R} {r}, {C} {c}.",
        "place_next": "The next option of {item} is {R} {r}, {C} {c}: a queen goes there.",
        "hide": "{R} {r}, {C} {c} is no longer an option: the queen in {R} {br}, {C} {bc} covers its {line}.",
        "unhide": "{R} {r}, {C} {c} is an option again: the queen in {R} {br}, {C} {bc}, which hid it, is "
        "being taken back.",
        "lift_next": "The queen is lifted from {R} {r}, {C} {c}; the next option of {item} is "
        "{R} {x}, {C} {y}.",
        "lift_done": "The queen is lifted from {R} {r}, {C} {c}; {item} has no option left to try, so the "
        "search goes back.",
        "lift_end": "The queen is lifted from {R} {r}, {C} {c}; {item} has no option left to try, so the "
        "search is over.",
    },
    "zh": {
        "choose": "{item}剩余的选项最少（{k} 个），所以在它上面分支。",
        "choose_tie": "剩余选项最少（{k} 个）的行和列有 {t} 个，{item}是其中第一个，所以在它上面分支。",
        "wipeout": "域被清空：{item}已没有选项，没有皇后能覆盖它，所以撤回最后放下的皇后。",
        "place_first": "{item}剩余的选项最少（{k} 个），所以皇后放在它的第一个选项：第 {r} {R}第 {c} {C}。",
        "place_next": "{item}的下一个选项是第 {r} {R}第 {c} {C}：在那里放皇后。",
        "hide": "第 {r} {R}第 {c} {C}不再是选项：第 {br} {R}第 {bc} {C}的皇后覆盖了它的{line}。",
        "unhide": "第 {r} {R}第 {c} {C}又成为选项：隐藏它的第 {br} {R}第 {bc} {C}的皇后正被撤回。",
        "lift_next": "拿起第 {r} {R}第 {c} {C}的皇后；{item}的下一个选项是第 {x} {R}第 {y} {C}。",
        "lift_done": "拿起第 {r} {R}第 {c} {C}的皇后；{item}已没有可试的选项，于是回退。",
        "lift_end": "拿起第 {r} {R}第 {c} {C}的皇后；{item}已没有可试的选项，搜索结束。",
    },
}
_TEXT = with_shared(_OWN_TEXT)


def _item(axis: int, index: int, words: dict[str, str]) -> str:
    word = words["row" if axis == ROW else "col"]
    return f"第 {index + 1} {word}" if words["lang"] == "zh" else f"{word} {index + 1}"


class _DancingLinks(SquareBySquare):
    """DLX's sentences: the item it branches on and why, the options a queen hides and brings back."""

    def __init__(self, ctx: Context, words: dict[str, str]) -> None:
        super().__init__(ctx, words)
        assert ctx.domains is not None, "a dancing-links context keeps the domains"
        self.domains = ctx.domains
        self.own = _TEXT[self.lang]
        self.queens = [ctx.queens.get(r) for r in range(ctx.n)]

    def other(self, event: Event) -> str:
        assert isinstance(event, Choose), event  # its own kind: the item it branches on
        words = self.words
        item = _item(event.axis, event.index, words)
        if not event.options:
            return fmt(self.own["wipeout"], words, item=item)
        found = branching_item(self.domains, self.queens)
        ties = found[3] if found is not None else 1
        return fmt(
            self.own["choose_tie" if ties > 1 else "choose"], words, item=item, k=event.options, t=ties
        )

    def place(self, event: Place) -> str:
        words, domains, queens = self.words, self.domains, self.queens
        found = branching_item(domains, queens)
        assert found is not None, "a queen is placed on a board with an item left"
        axis, index, k = found[:3]
        first = _options(domains, queens, axis, index)[0] == (event.row, event.col)
        key = "place_first" if first else "place_next"
        return fmt(
            self.own[key], words, item=_item(axis, index, words), k=k, r=event.row + 1, c=event.col + 1
        )

    def _hidden(self, key: str, event: Prune | Restore) -> str:
        (br, bc), line = event.by, line_key((event.row, event.col), event.by)
        values = {
            "r": event.row + 1,
            "c": event.col + 1,
            "br": br + 1,
            "bc": bc + 1,
            "line": self.words[line],
        }
        return fmt(self.own[key], self.words, **values)

    def prune(self, event: Prune) -> str:
        return self._hidden("hide", event)

    def restore(self, event: Restore) -> str:
        return self._hidden("unhide", event)

    def backtrack(self, event: Backtrack) -> str:
        ctx, text, words, queens = self.ctx, self.own, self.words, self.queens
        r, c = event.row, event.col
        if ctx.after_solution:
            return fmt(text["lift_solution"], words, s=ctx.solutions, r=r + 1, c=c + 1)
        queens[r] = None
        found = branching_item(self.domains, queens)
        assert found is not None, "a queen was placed, so an item was chosen"
        axis, index = found[0], found[1]
        following = [square for square in _options(self.domains, queens, axis, index) if square > (r, c)]
        values = {"item": _item(axis, index, words), "r": r + 1, "c": c + 1}
        if following:
            x, y = following[0]
            return fmt(text["lift_next"], words, x=x + 1, y=y + 1, **values)
        return fmt(text["lift_end" if len(ctx.queens) == 1 else "lift_done"], words, **values)


def narrate_dancing_links(event: Event, ctx: Context, words: dict[str, str]) -> str:
    """DLX's sentences (``_DancingLinks``)."""
    return event.read(_DancingLinks(ctx, words))


ORDER = 70  # after propagation

DANCING_LINKS_MAX_N = 13

SPECS = (
    AlgorithmSpec(
        "dlx",
        "Dancing links (Algorithm X)",
        "舞蹈链（X 算法）",
        "Exact cover: rows and columns must each be covered once, diagonals at most once; branch on the "
        "row or column with the fewest options, cover and uncover.",
        "精确覆盖：每行每列恰好覆盖一次，对角线至多一次；在选项最少的行或列上分支，覆盖再取消覆盖。",
        dancing_links,
        CODE,
        CODE_ZH,
        max_n=DANCING_LINKS_MAX_N,
        attempt_unit="square",  # one option (square) tried
        family="exact-cover",
        race_partner="mrv",  # the fewest options among rows and columns vs among rows alone
        check="domains",
        own_rule="squares",  # its narration says why that row or column, and that square
        counters=(*COUNTERS, "pruned", "wipeouts"),
        profile="events",
        narrator=narrate_dancing_links,
        domains_after=domains_after,
        domains_at=domains_at,
        engine=DancingLinks(),
        resumer=LinkResume(),
    ),
)
