"""The window shell: the display, the pygame_gui manager, input -> command -> the current mode.

Keys, buttons and the headless script all name commands of the collected table
(``visualizer/commands.py``); ``dispatch`` runs one on the object of its declaring class the
window holds: the App itself (``visualizer/shell/window_commands.py``), the current mode
(``visualizer/modes/``, whose Player owns time), the lessons or the captures. ``tick(dt)`` is one
frame; time is injected. The App's other parts live beside it, one job each: routing input
(``input/router.py``), drawing a frame (``render/frame.py``), the window's size and loop
(``shell/window.py``) and the palette's questions (``input/palette_glue.py``).
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from visualizer import modes
from visualizer.commands import COMMANDS, Command, refusal
from visualizer.core.lesson import Bookmark
from visualizer.features.capture import Capture
from visualizer.features.lessons import Lessons
from visualizer.features.sound import Sound
from visualizer.features.speech import Speech
from visualizer.input.controls import Controls, control_state
from visualizer.input.focus import Focus
from visualizer.input.palette import Palette
from visualizer.input.palette_glue import PaletteGlue
from visualizer.input.prompt import Prompt
from visualizer.input.router import Router
from visualizer.look import appearance
from visualizer.look.i18n import tr
from visualizer.look.layout import MIN_SIZE  # noqa: F401  # the smallest window, as tests ask the App
from visualizer.look.theme import CLASSROOM, Theme
from visualizer.modes.memory import ModeMemory
from visualizer.render.frame import Frame
from visualizer.shell import crash_log
from visualizer.shell.window import SETTLE_SECONDS, Window, clamp, open_display  # noqa: F401
from visualizer.shell.window_commands import WindowCommands

if TYPE_CHECKING:
    from visualizer.core.race import Race
    from visualizer.core.timeline import Timeline
    from visualizer.modes.base import Mode
    from visualizer.modes.game import GameRound
    from visualizer.render.board import BoardGeometry
    from visualizer.render.help import HelpCard

#: Banners stay this long (seconds of app time).
BANNER_SECONDS = 4.0
#: What a command, typed text, a lesson or an export may raise for the user's input: a banner, no log.
#: (SolverError and the script's ArgumentError are ValueErrors.)
EXPECTED_ERRORS = (ValueError, TypeError, OSError, pygame.error)


class App(Router, Frame, Window, PaletteGlue, WindowCommands):
    """The visualizer window (or its headless twin): widgets, banners, help, and the current mode."""

    def __init__(
        self,
        n: int = 8,
        algorithm: str = "backtracking",
        *,
        lang: str = "en",
        size: tuple[int, int] = (1280, 800),
        mode: str = "watch",
        theme: Theme = CLASSROOM,
        speed: float = 10.0,
        algo2: str | None = None,
        ui_scale: float = 1.0,
        full_column: bool = False,
    ) -> None:
        self.lang, self.theme, self.ui_scale = lang, theme, float(ui_scale)
        self.speed, self.show_all, self.shade, self.show_help = speed, False, True, False
        self.help_page = 0  # the help's page (PgUp / PgDn while it shows)
        self.help_card: HelpCard | None = None  # the help the last frame drew
        self.show_legend = False  # K: the legend of the board's marks over the side panel
        self.presenting = False  # P: the presenter view (board, narration, counters; no controls)
        self.running, self.now = True, 0.0  # app time in seconds, advanced only by tick(dt)
        self.banner: tuple[str, str, float] | None = None  # text, kind, expiry time
        self.logged: dict[tuple[str, ...], Path | None] = {}  # a bug's place -> its log file
        self.lock = threading.Lock()  # the Player's worker thread moves the model only under it
        self.on_change: list[Callable[[], None]] = []  # called after every command and on close
        self.capture = Capture(self)  # S and G: screenshots and the GIF being recorded
        self.geometry: BoardGeometry | None = None  # the board of the last frame
        self.pointer: tuple[int, int] = (0, 0)  # the mouse, from its last motion (the wheel has no pos)
        self.manager: pygame_gui.UIManager  # built by relayout, with the controls
        self.managers: dict[appearance.ManagerKey, pygame_gui.UIManager] = {}  # kept by manager_for
        self.controls: Controls
        self.lessons = Lessons(self)  # bookmarks, hidden panels, lesson files, exports
        self.sound = Sound(self)  # M: a cue per frame of the search (issue 25), off until asked
        self.speech = Speech(self)  # Shift+M: the narration spoken (issue 25), off until asked
        self.mode: Mode = modes.make(mode, self, n, algorithm, algo2)  # SolverError for a bad n
        self.memory = ModeMemory(self)  # what each mode left keeps for the way back (set_mode)
        self.asks = True  # a question in the window; False in the headless mode: refused instead
        self.prompt = Prompt()  # a question over the board (a note, a path)
        self.palette = Palette(run=self.run_entry)  # Ctrl+K: every command, found by name
        self.opening_key = ""  # the text of the key that just opened a text box (its TEXTINPUT follows)
        self.focus = Focus()  # Tab: the control that has the keyboard (issue 25)
        self.full_column = full_column  # every control in the column (else the few a demonstration needs)
        pygame.display.init()  # display and fonts only: no audio device is needed
        pygame.font.init()
        self.surface = open_display(clamp(size), pygame.RESIZABLE)
        self.windowed_size = self.surface.get_size()  # where F11 comes back to
        self.relayout()

    # -- reading ---------------------------------------------------------------

    @property
    def timeline(self) -> Timeline | None:
        """The search shown: watch mode's timeline, race mode's side a; None in game mode."""
        race = self.race
        return race.a if race is not None else self.mode.timeline

    @property
    def race(self) -> Race | None:
        return self.mode.race

    @property
    def game(self) -> GameRound | None:
        return self.mode.game

    @property
    def busy(self) -> bool:
        """Whether the mode's work runs off the UI thread (or has ended but is not reported yet)."""
        return self.mode.busy or self.lessons.working or self.capture.writing is not None

    @property
    def hidden(self) -> set[str]:
        """The panels hidden for an exercise (the lesson's)."""
        return self.lessons.hidden

    @property
    def recording(self) -> bool:
        """Whether a GIF is being recorded (G)."""
        return self.capture.recording is not None

    def mark(self, event: int, note: tuple[tuple[str, str], ...]) -> None:
        """A bookmark at ``event`` with ``note`` per language (a mode's finding, e.g. a race's difference)."""
        self.lessons.bookmarks.add(Bookmark(event, note))

    def bookmarked(self) -> tuple[int, ...]:
        """The event indices of the lesson's bookmarks (ticks on the scrub bar)."""
        return tuple(mark.event for mark in self.lessons.bookmarks.marks)

    @property
    def playing(self) -> bool:
        return self.mode.playing

    def state(self) -> dict[str, object]:
        """What the headless ``--state`` file holds."""
        common = {"n": self.mode.n, "algorithm": self.mode.algorithm, "mode": self.mode.name}
        look = {
            "lang": self.lang,
            "theme": self.theme.name,
            "ui_scale": self.ui_scale,
            "hatch": self.theme.hatch,
        }
        window = {"fullscreen": self.fullscreen, "window_size": list(self.surface.get_size())}
        shown = {"show_all": self.show_all, "legend": self.show_legend, "presenting": self.presenting}
        shown["sound"], shown["narrate"] = self.sound.on, self.speech.on
        layout = {"layout": self.layout_report()}
        return {**common, **look, **shown, **self.mode.state(), **window, **self.lessons.state(), **layout}

    # -- commands --------------------------------------------------------------

    def dispatch(self, name: str, *args: object) -> None:
        """Run command ``name``; refusals and bad input become a banner, never an exception."""
        self.guarded(self._dispatch, name, *args)

    def _dispatch(self, name: str, *args: object) -> None:
        try:
            self._run(name, *args)
        finally:  # a refused change too: every control shows what runs again
            self.controls.refresh(control_state(self, self.mode), answered=True)
            for listener in self.on_change:
                listener()

    def _run(self, name: str, *args: object) -> None:
        command = COMMANDS.get(name)
        if command is None or command.script:  # a script's own (wait-idle, key) is not the window's
            self.say(tr("error", self.lang, message=f"unknown command {name!r}"), "error")
        elif not self.mode.takes(command):
            self.say(*refusal(name, self.mode.name, self.lang))
        elif command.view is not None and command.view != self.mode.view:
            self.say(tr(f"{command.view}_closed", self.lang), "info")  # e.g. PgUp with the gallery shut
        elif self.busy and not command.while_busy:
            self.say(tr("busy", self.lang), "info")
        else:
            command.run(self.receiver(command), *args)

    def receiver(self, command: Command) -> object:
        """What runs ``command``: the object of its declaring class the window holds (the App, the
        current mode, the lessons or the captures)."""
        owner = command.owner
        held = (self, self.mode, self.lessons, self.capture)
        return next(one for one in held if owner is not None and isinstance(one, owner))

    def guarded(self, work: Callable[..., object], *args: object) -> None:
        """Run ``work``: the one guard between anything a user does and the window's end. Expected
        errors (bad input, a refused n, a file that cannot be read or written) become an error
        banner; anything else is a bug: a banner saying so, its traceback in a log file
        (``visualizer/shell/crash_log.py``, written once per place), and the window goes on."""
        try:
            work(*args)
        except OSError as exc:  # a file: its name and why, in words (no errno, no exception text)
            from visualizer.look.wording import file_problem, short_path

            reason = file_problem(exc, self.lang)
            message = f"{short_path(exc.filename)}: {reason}" if exc.filename else reason
            self.say(tr("error", self.lang, message=message), "error")
        except EXPECTED_ERRORS as exc:
            self.say(tr("error", self.lang, message=str(exc)), "error")
        except Exception as exc:  # a bug: logged, never the window's end
            where = traceback.extract_tb(exc.__traceback__)[-1:]
            place = (type(exc).__name__, *(f"{frame.filename}:{frame.lineno}" for frame in where))
            path = self.logged.get(place) or crash_log.write_log(exc)
            self.logged[place] = path
            shown = str(path) if path is not None else tr("bug_no_log", self.lang)
            self.say(tr("bug", self.lang, message=f"{type(exc).__name__}: {exc}", path=shown), "error")

    def set_mode(self, name: str) -> None:
        """Watch, play the game, race or predict, at the current n (brought into the new mode's range)."""
        if name not in modes.MODES:
            raise ValueError(f"mode must be one of {', '.join(modes.MODES)} (got {name!r})")
        if name != self.mode.name:
            self.memory.switch(name, modes.fit_n(name, self.mode.n, self.mode.algorithm))

    def make_mode(self, name: str, n: int, algorithm: str, algo2: str | None = None) -> Mode:
        """A mode of this window (not yet shown); SolverError for a bad n or algorithm."""
        return modes.make(name, self, n, algorithm, algo2)

    def take(self, mode: Mode, speed: float | None = None, lang: str | None = None) -> None:
        """Show ``mode`` instead of the current one (closed), at ``speed`` and in ``lang`` if given
        (a lesson opened)."""
        self.mode.close()
        self.mode = mode
        if speed is not None:
            self.speed = speed
        if lang is not None:
            self.lang = lang
        self.relayout()

    def clear_banner(self) -> None:
        """Drop the passing banner, so the mode's own standing banner shows at once."""
        self.banner = None

    @property
    def sound_on(self) -> bool:
        return self.sound.on

    def say(self, text: str, kind: str = "info") -> None:
        """Show a banner for a few seconds (a word longer than a line, such as a path, shortened in
        its middle: ``visualizer/look/wording.py``)."""
        from visualizer.look.wording import readable

        self.banner = (readable(text), kind, self.now + BANNER_SECONDS)

    # -- frames ----------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance app time by ``dt`` seconds: the mode's time, banners, widgets."""
        self.now += dt
        self.manager.update(dt)
        self.mode.update(dt)
        self.sound.frame()  # after the mode moved: what this frame heard
        self.speech.frame()
        self.lessons.export_tick()
        self.capture.tick()
        if self.banner is not None and self.now >= self.banner[2]:
            self.banner = None
        self.controls.refresh(control_state(self, self.mode))

    def tick(self, dt: float, *, draw: bool = True) -> None:
        """One frame: queued events, ``dt`` seconds of time, and (by default) a draw."""
        self.pump()
        self.guarded(self.update, dt)
        if draw:
            self.guarded(self.draw)

    @property
    def quiet(self) -> bool:
        """Whether nothing on screen changes by itself: no play or animation, no background work,
        no recording or export, no prompt (its cursor blinks). A quiet window draws only after
        input or a change it makes itself (a banner coming or going)."""
        return not (
            self.mode.moving or self.busy or self.recording or self.lessons.exporting or self.prompt.active
        )

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the mode's background work (and an export's next frame, or a GIF being
        written); True when none runs any more."""
        self.lessons.join_export(timeout)
        self.capture.join(timeout)
        return self.mode.join(timeout)

    def close(self) -> None:
        """Cancel background work and wait briefly for it (pygame stays up: fonts are cached)."""
        for listener in self.on_change:  # e.g. save the window's settings
            listener()
        if self.lessons.exporting is not None:  # an export cut short (a closed window, a stop signal)
            self.lessons.exporting.export.cancel()
            self.lessons.exporting = None
        self.capture.close()
        self.mode.close()
        self.speech.close()
        appearance.finish_gui_loaders()
