"""The window itself: its display surface and size (never below ``MIN_SIZE``), F11's fullscreen,
the relayout of every widget to a size and look, and the loop that sleeps while nothing changes.
The ``Window`` is a part of the App."""

from __future__ import annotations

import time
import warnings
from typing import TYPE_CHECKING

import pygame

from visualizer.input.controls import Controls, control_state
from visualizer.look import appearance
from visualizer.look.i18n import tr
from visualizer.look.layout import MAX_SIZE, MIN_SIZE, Layout, compute_layout, present_layout

if TYPE_CHECKING:
    import pygame_gui

    from visualizer.input.prompt import Prompt
    from visualizer.look.theme import Theme
    from visualizer.modes.base import Mode

#: A quiet window sleeps until input comes, or this long: a few frames a second while input has just
#: come (a hover, a tooltip due), then seldom (nothing changes by itself then; a safety net).
SETTLE_SECONDS, SETTLING, REFRESH_SECONDS = 0.25, 3.0, 5.0
#: How often a sleeping window looks for input (SDL's own wait polls every millisecond here).
LOOK_SECONDS = 0.02


def open_display(size: tuple[int, int], flags: int) -> pygame.Surface:
    """``pygame.display.set_mode``, quiet when the window manager gives the window another size at
    once (pygame-ce warns on stderr; the VIDEORESIZE that follows relayouts to the size it has)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Requested window was forcibly resized", RuntimeWarning)
        return pygame.display.set_mode(size, flags)


def clamp(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` within ``MIN_SIZE`` and ``MAX_SIZE``."""
    width, height = (min(max(int(size[i]), MIN_SIZE[i]), MAX_SIZE[i]) for i in (0, 1))
    return width, height


class Window:
    """The display, its size and fullscreen, the relayout, and the loop (``run``)."""

    surface: pygame.Surface
    windowed_size: tuple[int, int]  # where F11 comes back to
    layout: Layout
    lang: str
    theme: Theme
    ui_scale: float
    presenting: bool
    running: bool
    banner: tuple[str, str, float] | None
    now: float
    mode: Mode
    manager: pygame_gui.UIManager
    managers: dict[appearance.ManagerKey, pygame_gui.UIManager]
    prompt: Prompt
    controls: Controls

    if TYPE_CHECKING:  # the App's

        @property
        def quiet(self) -> bool: ...
        def tick(self, dt: float, *, draw: bool = True) -> None: ...
        def close(self) -> None: ...

    @property
    def fullscreen(self) -> bool:
        return bool(pygame.display.is_fullscreen())

    def toggle_fullscreen(self) -> None:
        """F11: the desktop's size, then back to the window's last size. ``set_mode`` works on every
        video driver, the dummy one too (toggle_fullscreen does not); a pygame.error is a banner."""
        if pygame.display.is_fullscreen():
            self.surface = open_display(self.windowed_size, pygame.RESIZABLE)
        else:
            self.windowed_size = self.surface.get_size()
            self.surface = open_display((0, 0), pygame.FULLSCREEN)
        self.relayout()

    def relayout(self, size: tuple[int, int] | None = None) -> None:
        """Fit everything to a window size (never below ``MIN_SIZE``) and the current look and mode."""
        size = clamp(size or self.surface.get_size())
        if size != self.surface.get_size() and not self.fullscreen:  # fullscreen: the screen's size
            self.surface = open_display(size, pygame.RESIZABLE)
        pygame.display.set_caption(tr("title", self.lang))
        mode, shown = self.mode, self.surface.get_size()
        if self.presenting:
            self.layout = present_layout(shown, self.ui_scale, scrub=mode.scrubs, beside=mode.one_board)
        else:
            self.layout = compute_layout(
                shown,
                self.ui_scale,
                wide_side=mode.wide_side,
                counter_rows=mode.counter_rows,
                narration=mode.narrates,
                scrub=mode.scrubs,
                strips=mode.flag_strips,
            )
        self.manager = appearance.manager_for(self.managers, self.layout, self.theme, self.lang)
        self.prompt.relayout(self.manager)  # its widgets belonged to the old manager: built again
        old = getattr(self, "controls", None)  # none yet: the first layout
        self.controls = Controls(self.manager, self.layout.controls, control_state(self, mode))  # type: ignore[arg-type]
        self.controls.carry_over(old)
        if old is not None:
            old.kill()
        self.controls.build()
        self.manager.update(0.0)  # pygame_gui finishes building widget images on update

    def run(self, max_frames: int | None = None, fps: int = 60) -> int:
        """The window's loop until closed (or ``max_frames`` frames); returns an exit status. While
        the window is ``quiet`` it sleeps until input comes (handled at once), its banner is due
        to go, or ``REFRESH_SECONDS`` pass, and draws only then (issue 38: idle when idle)."""
        clock = pygame.time.Clock()
        frames, stirred = 0, time.monotonic()
        try:
            while self.running and (max_frames is None or frames < max_frames):
                if self.quiet and max_frames is None:  # a counted run (--frames) draws every frame
                    if self._sleep(self._due(time.monotonic() - stirred < SETTLING)):
                        stirred = time.monotonic()
                    dt = clock.tick() / 1000.0
                else:
                    stirred = time.monotonic()
                    dt = clock.tick(fps) / 1000.0
                self.tick(min(dt, 0.25))
                pygame.display.flip()
                frames += 1
        finally:  # also on a stop signal (visualizer/shell/stopping.py): the worker is joined
            self.close()
            pygame.quit()
        return 0

    def _due(self, settling: bool) -> float:
        """How long a quiet window may sleep: soon after input, else seldom; its banner's end first."""
        due = SETTLE_SECONDS if settling else REFRESH_SECONDS
        return min(due, self.banner[2] - self.now) if self.banner is not None else due

    @staticmethod
    def _sleep(seconds: float) -> bool:
        """Sleep up to ``seconds``, looking for input every ``LOOK_SECONDS``; whether any came."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if pygame.event.peek():
                return True
            time.sleep(LOOK_SECONDS)
        return bool(pygame.event.peek())
