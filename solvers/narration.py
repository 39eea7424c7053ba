"""One sentence for every event: what the search just did and why, in English or Chinese.

``narrate(event, context, lang)`` is a pure function of an event and the
``Context`` *before* it (the board in the walk's coordinates, its line counts,
the solutions and attempts so far, the previous event). ``Narrator`` follows a
run event by event, keeps that context, steps back with ``undo`` and says the
sentence of the last event with ``current``. Rows and columns are 1-based, as
the board's labels show them. A column-by-column walk (``by_columns``) is
narrated in its own terms: "column 5, row 1 is refused ...".

The sentences shared by every search are here (``square_by_square``); an algorithm's own are in
its module of ``solvers/algorithms/`` (its spec's ``narrator``), built with ``fmt``,
``solution_text``, ``plural`` and ``line_key``.

>>> from solvers import registry
>>> narrator = Narrator(registry.get("backtracking"), 4)
>>> [narrator.step(e) for e in registry.get("backtracking").solve(4)][:3]
['Row 1, column 1 is safe, so a queen is placed there.', \
'Row 2, column 1 is refused: the queen in row 1 holds that column.', \
'Row 2, column 2 is refused: the queen in row 1, column 1 is on the same anti-diagonal.']
"""

from __future__ import annotations

from collections import deque

from solvers.domains import Domains
from solvers.events import Backtrack, Conflict, Event, Place, Reader, Repair, Solution, Square
from solvers.langs import LANGS
from solvers.resume import Transposed
from solvers.spec import AlgorithmSpec

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

TEXT: dict[str, dict[str, str]] = {
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
        "generic_lift": "The queen on {R} {r}, {C} {c} is lifted.",
        "generic_repair": "The queen in row {r} moves from column {old} to column {c}.",
        "setup": "The {n} x {n} board starts with {parts}: the given queens' {R}s are done, and no queen "
        "may stand on a blocked square.",
        "setup_given": "given queens on {g}",
        "setup_blocked": "blocked squares at {b}",
        "setup_and": " and ",
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
        "generic_lift": "拿起第 {r} {R}第 {c} {C}的皇后。",
        "generic_repair": "第 {r} 行的皇后从第 {old} 列移到第 {c} 列。",
        "setup": "{n}×{n} 棋盘开始时有{parts}：给定皇后所在的{R}已完成，禁放格上不能放皇后。",
        "setup_given": "给定的皇后 {g}",
        "setup_blocked": "禁放格 {b}",
        "setup_and": "，以及",
    },
}


def with_shared(own: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """An algorithm's own sentences per language, with the shared ones (``TEXT``) beside them."""
    return {lang: {**TEXT[lang], **own[lang]} for lang in LANGS}


def plural(lang: str, k: int, one: str, many: str) -> str:
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
        self.domains = Domains(n) if spec.keeps_domains else None
        self.blocked: frozenset[tuple[int, int]] = frozenset()  # a constrained instance's holes
        self.given_rows: frozenset[int] = frozenset()  # ... and the rows of its given queens

    # -- reading --------------------------------------------------------------

    def attackers(self, row: int, col: int) -> int:
        """Queens on the column, diagonal and anti-diagonal of (row, col), itself included."""
        return self.cols.get(col, 0) + self.diag.get(row + col, 0) + self.anti.get(row - col, 0)

    def safe_columns(self, row: int) -> list[int]:
        """Columns of ``row`` no queen attacks (``row`` itself empty, or its queen ignored
        for the other columns since a row shares no line with its own squares)."""
        return [c for c in range(self.n) if self.attackers(row, c) == 0 and (row, c) not in self.blocked]

    @property
    def after_solution(self) -> bool:
        """Whether the event before this one was a solution."""
        return self.previous is not None and self.previous.marks().solution

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

    def put(self, row: int, col: int) -> None:
        """A queen on (row, col) (a context is a ``solvers.events.Board``: events move it)."""
        self.queens[row] = col
        self._count(row, col, 1)

    def lift(self, row: int, col: int) -> None:
        """The queen on (row, col) taken away."""
        del self.queens[row]
        self._count(row, col, -1)

    def solved(self, queens: tuple[int, ...], sign: int) -> None:
        """A Solution applied (sign +1) or undone (-1)."""
        self.solutions += sign

    def constrain(
        self, given: tuple[tuple[int, int], ...], blocked: tuple[tuple[int, int], ...], sign: int
    ) -> None:
        """A constrained instance's given queens (already put) and holes are known (sign +1), or
        no longer (-1)."""
        self.given_rows = frozenset(r for r, _ in given) if sign > 0 else frozenset()
        self.blocked = frozenset(blocked) if sign > 0 else frozenset()

    def next_free(self, row: int) -> int | None:
        """The first row below ``row`` the search fills (no given queen in it), or None."""
        return next((r for r in range(row + 1, self.n) if r not in self.given_rows), None)

    def _count(self, row: int, col: int, sign: int) -> None:
        for counts, key in ((self.cols, col), (self.diag, row + col), (self.anti, row - col)):
            counts[key] = counts.get(key, 0) + sign


def line_key(a: tuple[int, int], b: tuple[int, int]) -> str:
    """Which line two squares share: "col", "diag" (r + c) or "anti" (r - c)."""
    if a[1] == b[1]:
        return "col"
    return "diag" if a[0] + a[1] == b[0] + b[1] else "anti"


def narrate(event: Event, context: Context, lang: str = "en") -> str:
    """The sentence for ``event`` happening on the board ``context`` describes (before it), said by
    its algorithm's ``narrator`` (``square_by_square`` when its spec names none)."""
    if lang not in TEXT:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
    if context.by_columns:
        event = Transposed.event(event)
    words = dict(_WORDS[lang])
    if context.by_columns:
        words["row"], words["col"] = words["col"], words["row"]
    sentence = (context.spec.narrator or square_by_square)(event, context, words)
    return sentence[0].upper() + sentence[1:] if lang == "en" else sentence


def fmt(template: str, words: dict[str, str], **values: object) -> str:
    """``template`` with its row and column words ({R}, {C}) and ``values`` filled in."""
    return template.format(R=words["row"], C=words["col"], **values)


def solution_text(context: Context, lang: str) -> str:
    """The solution's columns row by row; past SHOWN_COLUMNS, the first ones and how many in all."""
    columns = context.real_queens()
    shown = " ".join(str(c + 1) for c in columns[:SHOWN_COLUMNS])
    if len(columns) <= SHOWN_COLUMNS:
        return shown
    rest = f"（共 {len(columns):,} 列）" if lang == "zh" else f" ({len(columns):,} columns in all)"
    return f"{shown} …{rest}"


class SquareBySquare(Reader[str]):
    """The sentences of a search that tries square after square, row by row (the backtracking
    family's): each algorithm's narrator derives from it and says in its own words the kinds it
    has words of its own for."""

    def __init__(self, ctx: Context, words: dict[str, str]) -> None:
        self.ctx, self.words, self.lang = ctx, words, words["lang"]
        self.text = TEXT[self.lang]

    def other(self, event: Event) -> str:
        raise TypeError(f"not an event: {event!r}")

    def place(self, event: Place) -> str:
        return fmt(self.text["place"], self.words, r=event.row + 1, c=event.col + 1)

    def conflict(self, event: Conflict) -> str:
        text, words = self.text, self.words
        (br, bc), key = event.blocker, line_key((event.row, event.col), event.blocker)
        template = text["refuse_col"] if key == "col" else text["refuse_diag"]
        line = words["col"] if key == "col" else words[key]
        return fmt(template, words, r=event.row + 1, c=event.col + 1, br=br + 1, bc=bc + 1, line=line)

    def backtrack(self, event: Backtrack) -> str:
        text, words, ctx = self.text, self.words, self.ctx
        r, c = event.row, event.col
        below = ctx.next_free(r)  # r + 1 but for the rows of given queens
        if below is None:
            return fmt(text["lift_solution"], words, s=ctx.solutions, r=r + 1, c=c + 1)
        values = {"r1": below + 1, "r": r + 1, "c": c + 1}
        safe_below = ctx.safe_columns(below)
        if ctx.next_free(below) is None and safe_below:
            return fmt(text["back_after_solution"], words, **values)
        return fmt(text["back_left" if safe_below else "back_none"], words, **values)

    def solution(self, event: Solution) -> str:
        ctx = self.ctx
        return fmt(
            self.text["solution"], self.words, n=ctx.n, s=ctx.solutions + 1, q=solution_text(ctx, self.lang)
        )

    def set_up(self, event: Event, given: tuple[Square, ...], blocked: tuple[Square, ...]) -> str:
        text, words = self.text, self.words
        squares = {
            key: words["sep"].join(f"({r + 1}, {c + 1})" for r, c in kind)
            for key, kind in (("g", given), ("b", blocked))
        }
        parts = [
            text[f"setup_{name}"].format(**squares)
            for name, key in (("given", "g"), ("blocked", "b"))
            if squares[key]
        ]
        return fmt(text["setup"], words, n=self.ctx.n, parts=text["setup_and"].join(parts))

    def repair(self, event: Repair) -> str:
        return fmt(
            self.text["generic_repair"], self.words, r=event.row + 1, old=event.old + 1, c=event.new + 1
        )


def square_by_square(event: Event, ctx: Context, words: dict[str, str]) -> str:
    """The backtracking family's sentence for ``event`` (``SquareBySquare``)."""
    return event.read(SquareBySquare(ctx, words))


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
        """Move the context past ``event`` (its own effect on the board, ``Event.apply``)."""
        ctx = self.context
        walk = Transposed.event(event) if ctx.by_columns else event
        walk.apply(ctx)
        ctx.attempts += walk.attempt
        ctx.previous = walk
        self._history.append(walk)

    def undo(self, event: Event) -> None:
        """Move the context back before ``event`` (the last event applied)."""
        ctx = self.context
        walk = Transposed.event(event) if ctx.by_columns else event
        walk.undo(ctx)
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
