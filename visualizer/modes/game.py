"""Game mode: the pure ``Game`` rules turned into scenes, banners and hints. No search runs here.

``GameRound`` is one game with its hint switch (pure but for ``draw_hints``); ``GameMode`` is the
window's mode around it: a board click lands in ``click_square``, keys R / I / C / L in
``reset`` / ``toggle_hints`` / ``completions`` / ``set_relaxed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from solvers.errors import SolverError
from visualizer.core.game import MAX_N, MIN_N, Game
from visualizer.core.scene import Scene, attacked_squares
from visualizer.input.arguments import on_off
from visualizer.input.command import Key, command
from visualizer.look.i18n import tr
from visualizer.look.theme import Theme
from visualizer.modes.base import ControlPlan, Host, SizeCommands

if TYPE_CHECKING:
    from visualizer.look.layout import Layout
    from visualizer.render.board import BoardGeometry

Banner = tuple[str, str]  # text, kind


class GameRound:
    """One game being played in the window, with its hint switch."""

    def __init__(self, n: int, lang: str = "en", *, relaxed: bool = False) -> None:
        self.lang = lang
        self.show_hints = False
        self.game = self._new_game(n, relaxed)

    def _new_game(self, n: int, relaxed: bool) -> Game:
        if not MIN_N <= n <= MAX_N:
            raise SolverError(tr("game_n_range", self.lang, low=MIN_N, high=MAX_N, n=n))
        return Game(n, relaxed=relaxed)

    @property
    def n(self) -> int:
        return self.game.n

    def set_n(self, n: int) -> None:
        """A new round on an n x n board (refused outside 4..20)."""
        self.game = self._new_game(int(n), self.game.relaxed)

    def click(self, row: int, col: int) -> Banner | None:
        """Play square (row, col); returns the banner the move deserves, if any.

        Never an "error" banner: the headless runner takes those for refused commands, and a
        refused or losing move is part of the game, not bad input.
        """
        game, lang = self.game, self.lang
        result = game.click(int(row), int(col))
        if result in ("lost", "won"):
            return None  # the standing outcome banner (drawn while the round is over) says it
        if result == "refused" and game.refusal is not None:  # a refused move always records why
            (r, c), (ar, ac) = game.refusal.square, game.refusal.attacker
            text = tr("game_refused", lang, square=_name(r, c, game.n), attacker=_name(ar, ac, game.n))
            return text, "info"
        if result == "over":
            return tr("game_over_hint", lang), "info"
        return None

    def outcome_banner(self) -> Banner | None:
        """The standing banner of a finished round ("you lost", "you won …"), else None."""
        game, lang = self.game, self.lang
        if game.outcome == "lost" and game.refusal is not None:  # a lost round always records why
            (r, c), (ar, ac) = game.refusal.square, game.refusal.attacker
            return tr("game_lost", lang, square=_name(r, c, game.n), attacker=_name(ar, ac, game.n)), "error"
        if game.outcome == "won":
            return tr("game_won", lang, seconds=game.elapsed, moves=game.moves), "success"
        return None

    def retry(self) -> None:
        """R: start the round again (retry after a loss, play again after a win)."""
        self.game.retry()

    def toggle_hints(self) -> Banner:
        """I: mark (or stop marking) the squares where a queen is still safe."""
        self.show_hints = not self.show_hints
        count = len(self.game.safe_squares())
        key = "game_hints_on" if self.show_hints else "game_hints_off"
        return tr(key, self.lang, count=count), "info"

    def completions(self) -> Banner:
        """C: can this position still be completed, and in how many ways?"""
        count, exact = self.game.completions()
        if count == 0:
            return tr("game_dead_end", self.lang), "info"
        key = (
            ("game_completion" if count == 1 else "game_completions")
            if exact
            else "game_completions_at_least"
        )
        return tr(key, self.lang, count=f"{count:,}"), "success"

    def toggle_relaxed(self, on: bool | None = None) -> Banner:
        """L: relaxed rules (an attacked square is refused, not lost); starts a new round."""
        relaxed = (not self.game.relaxed) if on is None else bool(on)
        self.game = Game(self.game.n, relaxed=relaxed)
        return tr("game_relaxed_on" if relaxed else "game_relaxed_off", self.lang), "info"

    def scene(self, shade: bool = True) -> Scene:
        """The board to draw: the queens, and the refused square with its attacker."""
        game = self.game
        queens = tuple(game.queens)
        marks: dict[str, object] = {}
        if game.refusal is not None:
            marks = {"refused": game.refusal.square, "blocker": game.refusal.attacker}
        return Scene(
            n=game.n,
            queens=queens,
            attacked=attacked_squares(queens) if shade else None,
            finished=game.outcome != "playing",
            won=game.outcome == "won",
            **marks,  # type: ignore[arg-type]
        )

    def counters(self) -> dict[str, str]:
        """The side panel's rows while playing."""
        game, lang = self.game, self.lang
        placed = sum(q is not None for q in game.queens)
        return {
            tr("game_queens", lang): f"{placed} / {game.n}",
            tr("game_moves", lang): str(game.moves),
            tr("elapsed", lang): tr("seconds", lang, seconds=game.elapsed),
            tr("game_rules", lang): tr("game_relaxed" if game.relaxed else "game_strict", lang),
        }

    def state(self) -> dict[str, object]:
        """The game's part of the headless state file (outcome, moves, relaxed, refusal)."""
        state = self.game.state()
        state["hints"] = self.show_hints
        return state

    def draw_hints(self, surface: pygame.Surface, geometry: BoardGeometry | None, theme: Theme) -> None:
        """A ring on every safe square (only while hints are on and the round is open)."""
        if not self.show_hints or self.game.outcome != "playing" or geometry is None:
            return
        radius = max(3, int(geometry.square * 0.22))
        width = max(2, radius // 4)
        for r, c in self.game.safe_squares():
            pygame.draw.circle(surface, theme.solution, geometry.center(r, c), radius, width)


ROWS = (("reset",), ("hint",), ("completions",), ("relaxed",), ("shade", "hatch"))


class GameMode(SizeCommands):
    """The window's game mode: the round, its buttons, its part of the state file."""

    name = "game"
    busy = False
    wide_side = False
    game: GameRound

    def __init__(self, host: Host, n: int, algorithm: str) -> None:
        self.host = host
        self.game = GameRound(n, host.lang)  # refuses n outside 4..20
        self.algorithm = algorithm  # kept for the other modes and the saved settings

    @property
    def n(self) -> int:
        return self.game.n

    def controls(self) -> ControlPlan:
        return ControlPlan(ROWS, speed=False, choice=None)

    def control_fields(self) -> dict[str, object]:
        return {"relaxed": self.game.game.relaxed, "hints": self.game.show_hints}

    def _round(self) -> GameRound:
        """The round, speaking the window's current language."""
        self.game.lang = self.host.lang
        return self.game

    def _say(self, banner: Banner | None) -> None:
        if banner is not None:
            self.host.say(*banner)

    def reset(self) -> None:
        """R: retry after a loss, play again after a win."""
        self.game.retry()

    def set_n(self, n: object) -> None:
        self._round().set_n(self.parse_n(n))

    def click_square(self, row: int, col: int) -> None:
        if not (0 <= int(row) < self.n and 0 <= int(col) < self.n):
            raise ValueError(f"square ({row}, {col}) is off the {self.n} x {self.n} board")
        before = self.game.game.outcome
        self._say(self._round().click(int(row), int(col)))
        if self.game.game.outcome != before:  # lost or won: the standing banner shows now, not
            self.host.clear_banner()  # not after an earlier banner expires

    @command(
        "hint",
        keys=(Key("i", "I"),),
        help="hint",
        label="game_hint_button",
        toggle=lambda state: state.hints,  # the button says whether hints are on
    )
    def toggle_hints(self) -> None:
        self._say(self._round().toggle_hints())

    @command("completions", keys=(Key("c", "C"),), help="completions", label="game_completions_button")
    def completions(self) -> None:
        self._say(self._round().completions())

    @command(
        "relaxed",
        keys=(Key("l", "L"),),
        help="relaxed",
        label="game_relaxed_button",
        parse=on_off("relaxed"),
        toggle=lambda state: state.relaxed,
    )
    def set_relaxed(self, on: bool | None = None) -> None:
        self._say(self._round().toggle_relaxed(on))

    def click(self, pos: tuple[int, int]) -> bool:
        return False

    def scrub(self, event: pygame.event.Event) -> int | None:
        return None  # no scrub bar: a game has no run to seek in

    def update(self, dt: float) -> None:
        self._round()

    def escape(self) -> None:
        pass

    def cancel(self) -> None:
        pass

    def join(self, timeout: float | None = None) -> bool:
        return True

    def close(self) -> None:
        pass

    def standing_banner(self) -> Banner | None:
        return self.game.outcome_banner()

    def state(self) -> dict[str, object]:
        game = self.game.game
        placed = sum(q is not None for q in game.queens)
        return {
            "finished": game.outcome != "playing",
            "counters": dict.fromkeys(("attempts", "placements", "backtracks", "solutions", "checks"), 0),
            "event_index": 0,
            "depth": placed,
            **self.game.state(),
            "queens": list(game.queens),
        }

    def draw(self, surface: pygame.Surface, layout: Layout) -> BoardGeometry | None:
        """The board, the hint rings, the round's numbers and the rules."""
        from visualizer.render.board import draw_board
        from visualizer.render.panels import draw_counters
        from visualizer.render.rules import draw_rules

        theme, lang, shade = self.host.theme, self.host.lang, self.host.shade
        geometry = draw_board(
            surface,
            layout.board,
            self.game.scene(shade),
            theme,
            lang=lang,
            show_attacked=shade,
            text=layout.scale,
        )
        self.game.draw_hints(surface, geometry, theme)
        draw_counters(
            surface, layout.counters, {}, self.game.counters(), theme, lang, layout.scale, layout.control_text
        )
        draw_rules(surface, layout.code, theme, lang, self.game.game.relaxed, layout.scale)
        return geometry

    def overlay(self, surface: pygame.Surface, layout: Layout) -> None:
        pass


def _name(row: int, col: int, n: int) -> str:
    """A square as the board's labels show it: 1-based (row, column)."""
    return f"({row + 1}, {col + 1})"
