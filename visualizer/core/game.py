"""Seed 000's queens game: click to place, click again to remove.

Pure Python, no pygame. A queen placed on an attacked square loses (or, in
the relaxed setting, is refused with the reason); n safe queens win.

>>> game = Game(4)
>>> for square in [(0, 1), (1, 3), (2, 0), (3, 2)]:
...     _ = game.click(*square)
>>> game.outcome, game.queens
('won', [1, 3, 0, 2])
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from solvers.board import Board
from solvers.registry import count_completions

Square = tuple[int, int]
MIN_N, MAX_N = 4, 20


@dataclass(frozen=True)
class Refusal:
    """A queen that could not stand on ``square`` because ``attacker`` attacks it."""

    square: Square
    attacker: Square


class Game:
    """One round of the game on an n x n board."""

    def __init__(self, n: int, *, relaxed: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        if not MIN_N <= n <= MAX_N:
            raise ValueError(f"the game is played with n from {MIN_N} to {MAX_N} (got {n})")
        self.n = n
        self.relaxed = relaxed
        self._clock = clock
        self.retry()

    def retry(self) -> None:
        """Start again on an empty board."""
        self.board = Board(self.n)
        self.outcome = "playing"
        self.moves = 0
        self.refusal: Refusal | None = None  # the last refused or losing move
        self.started: float | None = None  # the clock starts at the first move, not at the empty board
        self.finished_at: float | None = None

    @property
    def queens(self) -> list[int | None]:
        return self.board.queens

    @property
    def elapsed(self) -> float:
        """Seconds since the round's first move (0 before it; frozen once it ends)."""
        if self.started is None:
            return 0.0
        return (self.finished_at or self._clock()) - self.started

    def attacker_of(self, row: int, col: int) -> Square | None:
        """A queen attacking (row, col), counting a queen already in that row."""
        other = self.queens[row]
        if other is not None and other != col:
            return row, other
        return self.board.attacker(row, col)

    def click(self, row: int, col: int) -> str:
        """Play (row, col): 'placed', 'removed', 'refused', 'lost', 'won' or 'over'."""
        if self.outcome != "playing":
            return "over"
        if not (0 <= row < self.n and 0 <= col < self.n):
            raise ValueError(f"({row}, {col}) is off the {self.n} x {self.n} board")
        self.moves += 1
        if self.started is None:
            self.started = self._clock()
        if self.queens[row] == col:
            self.board.remove(row, col)
            self.refusal = None
            return "removed"
        attacker = self.attacker_of(row, col)
        if attacker is not None:
            self.refusal = Refusal((row, col), attacker)
            if self.relaxed:
                return "refused"
            self._end("lost")
            return "lost"
        self.refusal = None
        self.board.place(row, col)
        if self.board.depth() == self.n:
            self._end("won")
            return "won"
        return "placed"

    def _end(self, outcome: str) -> None:
        self.outcome = outcome
        self.finished_at = self._clock()

    def safe_squares(self) -> list[Square]:
        """Empty squares no queen attacks, in rows without a queen (a hint)."""
        return [
            (r, c)
            for r in range(self.n)
            if self.queens[r] is None
            for c in range(self.n)
            if self.board.attacker(r, c) is None
        ]

    def completions(self) -> tuple[int, bool]:
        """How many solutions extend this position, and whether that is exact."""
        return count_completions(self.queens)

    def state(self) -> dict[str, object]:
        """The game's part of the headless state file."""
        refusal = self.refusal
        return {
            "outcome": self.outcome,
            "moves": self.moves,
            "relaxed": self.relaxed,
            "refusal": None if refusal is None else {"square": refusal.square, "attacker": refusal.attacker},
        }
