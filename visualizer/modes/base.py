"""The Mode protocol, what a mode may ask of the window (Host), and the search modes' shared part.

A mode is one way of using the window: watch a search, play the queens game, race two
searches. The window hands it the commands of ``visualizer/commands.py`` that name it among
their ``modes`` (``getattr(mode, command.method)(*args)``), calls ``update(dt)`` once a frame
and ``draw`` to paint the board and side panels; ``controls`` says which buttons it shows and
``state`` is its part of the headless state file.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from visualizer.core.player import END, NEXT, SPEED_FACTOR, Player, clamp_speed, until_goal
from visualizer.core.until import Until
from visualizer.i18n import tr
from visualizer.theme import Theme
from visualizer.window_n import N_JUMP, parse_n

if TYPE_CHECKING:
    from visualizer.layout import Layout
    from visualizer.render.board import BoardGeometry


class Host(Protocol):
    """What a mode may read from and ask of the window."""

    lang: str
    theme: Theme
    speed: float
    show_all: bool
    shade: bool
    now: float
    lock: threading.Lock
    banner: tuple[str, str, float] | None  # the passing banner (text, kind, until); None: the mode's own
    hidden: set[str]  # panels hidden for an exercise: "code", "counters", "tree"
    layout: Layout  # the window's rectangles of the last relayout

    def say(self, text: str, kind: str = "info") -> None: ...
    def relayout(self, size: tuple[int, int] | None = None) -> None: ...


@dataclass(frozen=True)
class ControlPlan:
    """The mode's part of the control column: button rows (command names), the speed slider,
    and the drop-down ("algorithms", "pairs" or None)."""

    rows: tuple[tuple[str, ...], ...]
    speed: bool = True
    choice: str | None = "algorithms"


class Mode(Protocol):
    """One way of using the window."""

    name: str
    host: Host

    @property
    def n(self) -> int: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def busy(self) -> bool: ...
    @property
    def wide_side(self) -> bool: ...
    def controls(self) -> ControlPlan: ...
    def control_fields(self) -> dict[str, object]: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface, layout: Layout) -> BoardGeometry | None: ...
    def overlay(self, surface: pygame.Surface, layout: Layout) -> None: ...
    def standing_banner(self) -> tuple[str, str] | None: ...
    def click(self, pos: tuple[int, int]) -> bool: ...
    def state(self) -> dict[str, object]: ...
    def escape(self) -> None: ...
    def cancel(self) -> None: ...
    def join(self, timeout: float | None = None) -> bool: ...
    def close(self) -> None: ...


#: The buttons of the search modes (watch, race), row by row: command names of the command table.
SEARCH_ROWS = (("reset",), ("back", "step"), ("play",), ("next",), ("instant",), ("show-all",), ("shade",))


class SizeCommands:
    """n - 1, n + 1, n - 10, n + 10 for any mode with ``n`` and ``set_n``."""

    host: Host

    @property
    def n(self) -> int:
        raise NotImplementedError

    def set_n(self, n: object) -> None:
        raise NotImplementedError

    def n_down(self) -> None:
        self.set_n(self.n - 1)

    def n_up(self) -> None:
        self.set_n(self.n + 1)

    def n_jump_down(self) -> None:
        self.set_n(self.n - N_JUMP)

    def n_jump_up(self) -> None:
        self.set_n(self.n + N_JUMP)

    def parse_n(self, value: object) -> int:
        return parse_n(value, self.host.lang)


class SearchMode(SizeCommands):
    """Watch and race: a Player moves the search; the commands of time live here once."""

    name = "search"
    player: Player
    host: Host

    @property
    def busy(self) -> bool:
        return self.player.busy

    @property
    def playing(self) -> bool:
        return self.player.playing

    def reset(self) -> None:
        """Back to the empty board (R)."""
        self.player.reset()

    def step(self, k: int = 1) -> None:
        """Apply the next ``k`` events (Right); pauses Play."""
        self.player.step(int(k))
        self._report()

    def back(self, k: int = 1) -> None:
        """Undo the last ``k`` events (Left); pauses Play."""
        self.player.back(int(k))

    def toggle_play(self) -> None:
        """Play or pause (Space)."""
        self.player.speed = self.host.speed
        self.player.toggle_play()
        self._report()

    def pause(self) -> None:
        self.player.pause()

    def next_solution(self) -> None:
        """Go to the next solution (N): a jump, or an animation with show-all on."""
        self.player.speed = self.host.speed
        self.player.go(NEXT, animated=self.host.show_all)
        self._report()

    def instant(self) -> None:
        """Finish the search (Enter): at once, or animated with show-all on."""
        self.player.speed = self.host.speed
        self.player.go(END, animated=self.host.show_all)
        self._report()

    # -- run until (issue 14) -------------------------------------------------

    def solutions_so_far(self) -> int:
        """Solutions the shown search (the further side of a race) has reached."""
        raise NotImplementedError

    def run_until(self, until: Until) -> None:
        """Run until a condition (U, the Run until control): animated at the play speed while
        playing, or as "next" with show-all on, else a jump. An event index or solution already
        passed is reached again from behind (stepping back, or from the start)."""
        until = Until(until.kind, until.value)  # a goal of its own (a race remembers it by identity)
        player = self.player
        if until.kind == "event" and until.value <= player.track.cursor:
            self.goto_event(until.value)
            return
        if until.kind == "solution" and self.solutions_so_far() >= until.value:
            player.reset()
        playing = self.playing
        player.speed = self.host.speed
        player.go(until_goal(until, playing=playing), animated=playing or self.host.show_all)
        self._report()

    def goto_event(self, event: int) -> None:
        """Stand at event index ``event`` (a bookmark, an export's frame): the track's seek, exact
        board and counters, never animated; pauses."""
        self.player.pause()
        with self.host.lock:
            self.player.track.seek(int(event))

    def click_square(self, row: int, col: int) -> None:
        """A click on a square: a search is only shown, so the square is only checked."""
        if not (0 <= int(row) < self.n and 0 <= int(col) < self.n):
            raise ValueError(f"square ({row}, {col}) is off the {self.n} x {self.n} board")

    def set_show_all(self, on: bool | None = None) -> None:
        """Show every attempt on the way (next, instant) or jump (A toggles)."""
        self.host.show_all = (not self.host.show_all) if on is None else bool(on)

    def set_speed(self, rate: float) -> None:
        """Events per second while playing, 1 to 10,000."""
        self.host.speed = clamp_speed(float(rate))

    def faster(self) -> None:
        self.set_speed(self.host.speed * SPEED_FACTOR)

    def slower(self) -> None:
        self.set_speed(self.host.speed / SPEED_FACTOR)

    def escape(self) -> None:
        """Esc with no background work: stop an animation (a next / end says Cancelled)."""
        self.player.cancel()
        self._report()

    def cancel(self) -> None:
        """Stop background work after its current chunk."""
        self.player.cancel()

    def join(self, timeout: float | None = None) -> bool:
        return self.player.join(timeout)

    def close(self) -> None:
        self.player.close()

    def update(self, dt: float) -> None:
        """``dt`` seconds: the Player's share of events and its reports as banners."""
        self.player.speed = self.host.speed
        self.player.advance(dt)
        self._report()

    def standing_banner(self) -> tuple[str, str] | None:
        return None

    def _report(self) -> None:
        for report in self.player.take_reports():
            self.host.say(tr(report.key, self.host.lang, **report.fields), report.kind)

    def overlay(self, surface: pygame.Surface, layout: Layout) -> None:
        """The progress bar over the board while a jump or a show-all animation runs."""
        from visualizer.render.panels import draw_progress

        player, lang = self.player, self.host.lang
        if player.busy:
            fraction = player.fraction()
            events = player.job.applied if player.job else 0
        elif player.animating:
            fraction = player.progress()
            events = player.track.cursor
        else:
            return
        if fraction is None:
            label = tr("working_events", lang, events=f"{events:,}")
            fraction = (self.host.now * 0.5) % 1.0  # a sweep: the total is not known
        else:
            label = tr("working", lang, percent=int(fraction * 100))
        draw_progress(surface, layout.progress, fraction, label, self.host.theme, lang)
