"""The narration of a student's search: what the board shows, not what the search claims.

A student's search may place a queen on an attacked square, name a queen that does not attack the
square it refuses, or call a board a solution that is not one; the book's sentences would repeat
those claims ("is safe", "solution 1"). ``honest`` says them as they are and leaves every true
event to the backtracking family's sentences (``square_by_square``).

>>> from solvers.narration import Narrator
>>> from solvers.events import Place, Solution
>>> from solvers.own.search import spec_for
>>> narrator = Narrator(spec_for("backtracking"), 4)
>>> [narrator.step(e) for e in (Place(0, 0), Place(1, 1), Solution((0, 1, -1, -1)))][1:]
['Row 2, column 2 is attacked by the queen in row 1, column 1 (same anti-diagonal), yet the search \
places a queen there.', 'The search calls the board a solution, but it is not one: a row is empty.']
"""

from __future__ import annotations

from solvers.board import attacks, is_solution
from solvers.events import Conflict, Event, Place, Solution
from solvers.narration import Context, SquareBySquare, fmt, line_key

TEXT = {
    "en": {
        "attacked": "{R} {r}, {C} {c} is attacked by the queen in {R} {br}, {C} {bc} (same {line}), yet the "
        "search places a queen there.",
        "no_attacker": "{R} {r}, {C} {c} is refused, but the queen it names ({R} {br}, {C} {bc}) does not "
        "attack it.",
        "not_solution": "The search calls the board a solution, but it is not one: {why}.",
        "empty": "a row is empty",
        "attack": "two queens attack each other",
        "differs": "its columns differ from the board's",
    },
    "zh": {
        "attacked": "第 {r} {R}第 {c} {C}被第 {br} {R}第 {bc} {C}的皇后攻击（同一条{line}），"
        "搜索却在那里放了皇后。",
        "no_attacker": "第 {r} {R}第 {c} {C}被拒绝，但它所说的皇后（第 {br} {R}第 {bc} {C}）并不攻击它。",
        "not_solution": "搜索把棋盘称为解，但它不是解：{why}。",
        "empty": "有一行是空的",
        "attack": "有两个皇后互相攻击",
        "differs": "它给出的列与棋盘不同",
    },
}


def attacker(ctx: Context, row: int, col: int) -> tuple[int, int] | None:
    """The queen attacking (row, col) on the board before the event: its column's first, then
    its diagonals' (the order the student's board names them)."""
    queens = [(r, c) for r, c in sorted(ctx.queens.items()) if r != row]
    for same in (lambda r, c: c == col, lambda r, c: r + c == row + col, lambda r, c: r - c == row - col):
        found = next(((r, c) for r, c in queens if same(r, c)), None)
        if found is not None:
            return found
    return None


class _Honest(SquareBySquare):
    """A student's events said as the backtracking family says them, but for what is not so: a
    queen placed where one attacks it, a refusal no queen makes, a board that is no solution."""

    def place(self, event: Place) -> str:
        ctx, words = self.ctx, self.words
        found = attacker(ctx, event.row, event.col) if ctx.attackers(event.row, event.col) else None
        if found is None:
            return super().place(event)
        line = words[line_key((event.row, event.col), found)]
        values = {"r": event.row + 1, "c": event.col + 1, "br": found[0] + 1, "bc": found[1] + 1}
        return fmt(TEXT[self.lang]["attacked"], words, line=line, **values)

    def conflict(self, event: Conflict) -> str:
        br, bc = event.blocker
        if self.ctx.queens.get(br) == bc and attacks((event.row, event.col), (br, bc)):
            return super().conflict(event)
        values = {"r": event.row + 1, "c": event.col + 1, "br": br + 1, "bc": bc + 1}
        return fmt(TEXT[self.lang]["no_attacker"], self.words, **values)

    def solution(self, event: Solution) -> str:
        board = self.ctx.real_queens()
        why = "empty" if -1 in board else "attack" if not is_solution(board) else None
        why = why or ("differs" if list(event.queens) != board else None)
        if why is None:
            return super().solution(event)
        text = TEXT[self.lang]
        return fmt(text["not_solution"], self.words, why=text[why])


def honest(event: Event, ctx: Context, words: dict[str, str]) -> str:
    """The sentence of a student's event (a spec's ``narrator``; ``_Honest``)."""
    return event.read(_Honest(ctx, words))
