"""The window shell: the display, the pygame_gui manager, input -> command -> the current mode.

Keys, buttons and the headless script all name commands of ``visualizer/commands.py``;
``dispatch`` runs them on the App (window-wide commands) or on the current mode
(``visualizer/modes/``), whose Player owns time. ``tick(dt)`` is one frame; time is injected.
"""

from __future__ import annotations

import threading
import time
import traceback
import warnings
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from visualizer import modes
from visualizer.commands import COMMANDS, command_for_key, parse_argument, refusal
from visualizer.commands import scale as parse_scale
from visualizer.core.lesson import Bookmark
from visualizer.core.player import SPEED_FACTOR, clamp_speed
from visualizer.features.capture import Capture
from visualizer.features.lessons import Lessons
from visualizer.features.sound import Sound
from visualizer.features.speech import Speech
from visualizer.input.controls import Controls, control_state
from visualizer.input.focus import Focus
from visualizer.input.palette import Entry, Palette
from visualizer.input.prompt import Prompt
from visualizer.look import appearance
from visualizer.look.i18n import tr
from visualizer.look.layout import MAX_SIZE, MIN_SIZE, Layout, compute_layout, present_layout
from visualizer.look.theme import CLASSROOM, THEMES, Theme
from visualizer.shell import crash_log

if TYPE_CHECKING:
    from visualizer.core.race import Race
    from visualizer.core.timeline import Timeline
    from visualizer.core.until import Until
    from visualizer.modes.base import Mode
    from visualizer.modes.game import GameRound
    from visualizer.render.board import BoardGeometry

#: Banners stay this long (seconds of app time).
BANNER_SECONDS = 4.0
#: A quiet window sleeps until input comes, or this long: a few frames a second while input has just
#: come (a hover, a tooltip due), then seldom (nothing changes by itself then; a safety net).
SETTLE_SECONDS, SETTLING, REFRESH_SECONDS = 0.25, 3.0, 5.0
#: How often a sleeping window looks for input (SDL's own wait polls every millisecond here).
LOOK_SECONDS = 0.02
#: What a command, typed text, a lesson or an export may raise for the user's input: a banner, no log.
#: (SolverError and the script's ArgumentError are ValueErrors.)
EXPECTED_ERRORS = (ValueError, TypeError, OSError, pygame.error)


def open_display(size: tuple[int, int], flags: int) -> pygame.Surface:
    """``pygame.display.set_mode``, quiet when the window manager gives the window another size at
    once (pygame-ce warns on stderr; the VIDEORESIZE that follows relayouts to the size it has)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Requested window was forcibly resized", RuntimeWarning)
        return pygame.display.set_mode(size, flags)


class App:
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
        self.asks = True  # a question in the window; False in the headless mode: refused instead
        self.prompt = Prompt()  # a question over the board (a note, a path)
        self.palette = Palette(run=self._run_entry)  # Ctrl+K: every command, found by name
        self.opening_key = ""  # the text of the key that just opened a text box (its TEXTINPUT follows)
        self.focus = Focus()  # Tab: the control that has the keyboard (issue 25)
        self.full_column = full_column  # every control in the column (else the few a demonstration needs)
        pygame.display.init()  # display and fonts only: no audio device is needed
        pygame.font.init()
        self.surface = open_display(self._clamp(size), pygame.RESIZABLE)
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
        return self.mode.busy or self.lessons.working

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

    def layout_report(self) -> dict[str, object]:
        """Where things lie in a frame drawn now: the window's size, the board's rectangle, how many
        controls show, and every text the frame had to cut (none, in a window that fits)."""
        from visualizer.render.fonts import CUT

        self.guarded(self.draw)  # the frame it reports (a headless run draws only when asked)
        area = self.surface.get_rect()
        board = self.geometry.rect if self.geometry is not None else None
        controls = self.controls
        widgets: list[pygame_gui.core.UIElement | None] = [*controls.buttons.values()]
        widgets += [
            controls.slider,
            controls.n_label,
            controls.algorithms,
            controls.languages,
            controls.modes,
        ]
        shown = [w for w in widgets if w is not None and w.visible and area.contains(w.rect)]
        return {
            "window": list(area.size),
            "board": list(board) if board is not None else None,
            "controls_visible": len(shown),
            "cut": sorted(set(CUT)),
        }

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
        if command is None or command.target == "script":
            self.say(tr("error", self.lang, message=f"unknown command {name!r}"), "error")
        elif self.mode.name not in command.modes:
            self.say(*refusal(name, self.mode.name, self.lang))
        elif command.view is not None and command.view != self.mode.view:
            self.say(tr(f"{command.view}_closed", self.lang), "info")  # e.g. PgUp with the gallery shut
        elif self.busy and not command.while_busy:
            self.say(tr("busy", self.lang), "info")
        else:
            getattr(self.receiver(command.target), command.method)(*args)

    def receiver(self, target: str) -> object:
        """The object a command's method runs on: the App, the current mode or a feature it holds."""
        return {"app": self, "mode": self.mode, "lesson": self.lessons, "capture": self.capture}[target]

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

    def run_until(self, until: Until | None = None) -> None:
        """Run until a condition (U, the Run until control, ``until:`` in a script)."""
        self.mode.run_until(until if until is not None else self.controls.until_condition())

    def set_show_all(self, on: bool | None = None) -> None:
        """Show every attempt on the way (next, instant) or jump (A toggles); the search modes read it."""
        self.show_all = (not self.show_all) if on is None else bool(on)

    def set_speed(self, rate: float) -> None:
        """Events per second while playing, 1 to 10,000 (the search modes' Player follows it)."""
        self.speed = clamp_speed(float(rate))

    def faster(self) -> None:
        self.set_speed(self.speed * SPEED_FACTOR)

    def slower(self) -> None:
        self.set_speed(self.speed / SPEED_FACTOR)

    def set_mode(self, name: str) -> None:
        """Watch, play the game, race or predict, at the current n (brought into the new mode's range)."""
        if name not in modes.MODES:
            raise ValueError(f"mode must be one of {', '.join(modes.MODES)} (got {name!r})")
        if name != self.mode.name:
            n = modes.fit_n(name, self.mode.n, self.mode.algorithm)
            self.take(self.make_mode(name, n, self.mode.algorithm))

    def set_lang(self, lang: str | None = None) -> None:
        """English or Chinese (F2 swaps); every label, title and the code panel follow."""
        self.lang = (
            appearance.next_lang(self.lang) if lang is None else str(parse_argument("lang", str(lang)))
        )
        self.relayout()

    def set_theme(self, name: str | None = None) -> None:
        """The classroom or the high-contrast projector theme (F3 swaps)."""
        chosen = (
            appearance.next_theme(self.theme) if name is None else THEMES[str(parse_argument("theme", name))]
        )
        self.theme = replace(chosen, hatch=self.theme.hatch)  # the pattern is a choice of its own
        self.relayout()

    def set_scale(self, scale: float | str | None = None) -> None:
        """Text and widget size, 0.5 to 4 (F4 cycles 1, 1.25, 1.5, 2)."""
        self.ui_scale = appearance.next_scale(self.ui_scale) if scale is None else parse_scale(str(scale))
        self.relayout()

    def toggle_fullscreen(self) -> None:
        """F11: the desktop's size, then back to the window's last size. ``set_mode`` works on every
        video driver, the dummy one too (toggle_fullscreen does not); a pygame.error is a banner."""
        if pygame.display.is_fullscreen():
            self.surface = open_display(self.windowed_size, pygame.RESIZABLE)
        else:
            self.windowed_size = self.surface.get_size()
            self.surface = open_display((0, 0), pygame.FULLSCREEN)
        self.relayout()

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

    def set_shade(self, on: bool | None = None) -> None:
        self.shade = (not self.shade) if on is None else bool(on)

    def set_hatch(self, on: bool | None = None) -> None:
        """Shift+X: the attacked squares hatched with diagonal lines, or tinted (``Theme.hatch``)."""
        self.theme = replace(self.theme, hatch=(not self.theme.hatch) if on is None else bool(on))

    def set_legend(self, on: bool | None = None) -> None:
        """K: show or hide the legend of the board's marks."""
        self.show_legend = (not self.show_legend) if on is None else bool(on)

    def set_sound(self, on: bool | None = None) -> None:
        """M: sound cues on or off (visualizer/features/sound.py); no audio device is a banner."""
        self.sound.set(on)

    def set_narrate(self, on: bool | None = None) -> None:
        """Shift+M: the narration spoken aloud (visualizer/features/speech.py); no engine is a banner."""
        self.speech.set(on)

    @property
    def sound_on(self) -> bool:
        return self.sound.on

    def toggle_help(self) -> None:
        self.show_help = not self.show_help

    def toggle_column(self, on: bool | None = None) -> None:
        """Every control in the column, or the few a demonstration needs (the rest: More…, Ctrl+K)."""
        self.full_column = (not self.full_column) if on is None else bool(on)
        self.relayout()

    def toggle_palette(self) -> None:
        """Ctrl+K (or More…): the command palette, or closed again."""
        if self.palette.active:
            self.palette.close()
        else:
            self.show_help = False
            self.palette.open()

    def _run_entry(self, name: str, argument: str | None) -> None:
        """A palette's entry, run as its key or button runs it."""
        self.dispatch(name) if argument is None else self.dispatch(name, argument)

    def entry_on(self, entry: Entry) -> bool | None:
        """Whether a palette entry's toggle is on now (None: not a toggle)."""
        if entry.name == "mode":
            return entry.argument == self.mode.name
        command = COMMANDS[entry.name]
        field = command.toggle or (command.swap[0] if command.swap is not None else None)
        return bool(getattr(control_state(self, self.mode), field)) if field else None

    def entry_runs(self, entry: Entry) -> bool:
        """Whether a palette entry can run here and now (else it shows greyed, and says why if run)."""
        command = COMMANDS[entry.name]
        if self.mode.name not in command.modes or (
            command.view is not None and command.view != self.mode.view
        ):
            return False
        return command.while_busy or not self.busy

    def toggle_present(self, on: bool | None = None) -> None:
        """P: the presenter view, for a projector (any click or Esc brings the controls back)."""
        self.presenting = (not self.presenting) if on is None else bool(on)
        self.relayout()

    @property
    def fullscreen(self) -> bool:
        return bool(pygame.display.is_fullscreen())

    def escape(self) -> None:
        """Esc: cancel an export or background work, else close the help, else leave the presenter
        view, else stop an animation."""
        if self.lessons.cancel_export():
            pass
        elif self.busy:
            self.mode.cancel()
        elif self.show_help:
            self.show_help = False
        elif self.presenting:
            self.toggle_present(False)
        else:
            self.mode.escape()

    def quit(self) -> None:
        """Leave the loop, cancelling any background work."""
        self.running = False
        self.mode.cancel()

    def say(self, text: str, kind: str = "info") -> None:
        """Show a banner for a few seconds (a word longer than a line, such as a path, shortened in
        its middle: ``visualizer/look/wording.py``)."""
        from visualizer.look.wording import readable

        self.banner = (readable(text), kind, self.now + BANNER_SECONDS)

    # -- frames ----------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Route one pygame event to pygame_gui, the command table or the mode."""
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.relayout((event.w, event.h))
        elif event.type == pygame.TEXTINPUT and self.opening_key and event.text == self.opening_key:
            self.opening_key = ""  # the text of the key that opened a text box: not typed into it
        elif event.type == pygame.MOUSEBUTTONDOWN and self.presenting and not self.prompt.active:
            self.dispatch("present", False)  # any click brings the controls back (and does nothing else)
        else:
            if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
                self.opening_key = ""
            if self.palette.handle(event):  # open: it has the keyboard and the mouse
                return
            consumed = self.manager.process_events(event)
            if self.prompt.handle(event):  # a bookmark's note or a lesson's path being typed
                return
            if (
                event.type == pygame.KEYDOWN
                and not self.presenting  # the presenter view has no controls: Space plays
                and (pressed := self.focus.key(event, self.controls)) is not None
            ):
                for command, argument in pressed:  # Tab, Esc, or the focused control's Enter / Space
                    self.dispatch(command) if argument is None else self.dispatch(command, argument)
                return
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.focus.name = None  # the mouse takes over: no ring (a box it clicked keeps the keys)
            if event.type == pygame.KEYDOWN and not self.controls.typing():
                shift, ctrl = bool(event.mod & pygame.KMOD_SHIFT), bool(event.mod & pygame.KMOD_CTRL)
                # PgUp / PgDn page the gallery while it shows
                typed = getattr(event, "unicode", "")
                name = command_for_key(event.key, shift, typed, ctrl, self.mode.view, self.mode.name)
                if name is not None:
                    self.dispatch(name)
                    if self.prompt.active or self.controls.typing():
                        self.opening_key = getattr(event, "unicode", "")
            elif (named := self.controls.command_of(event)) is not None:
                self.dispatch(named[0]) if named[1] is None else self.dispatch(*named)
            elif not consumed and (target := self.mode.scrub(event)) is not None:
                self.dispatch("seek", target)  # a press or a drag on the scrub bar
            elif event.type in (pygame.MOUSEWHEEL, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
                self._pointer(event, consumed)
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
                square = self.geometry.square_at(event.pos) if self.geometry is not None else None
                if not self.mode.click(event.pos) and square is not None:
                    self.dispatch("click", *square)

    def _pointer(self, event: pygame.event.Event, consumed: bool) -> None:
        """The mouse beyond clicks: where it is (the wheel has no pos), the wheel (the narration
        log, gallery pages, tree zoom) and drags with the left button (tree pan) for the mode."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if consumed:
            return
        if event.type == pygame.MOUSEMOTION and event.buttons[0]:
            self.mode.drag(event.pos, event.rel)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mode.release(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.mode.wheel(self.pointer, event.y)

    def pump(self) -> None:
        """Handle every queued pygame event."""
        for event in pygame.event.get():
            self.guarded(self.handle_event, event)

    def update(self, dt: float) -> None:
        """Advance app time by ``dt`` seconds: the mode's time, banners, widgets."""
        self.now += dt
        self.manager.update(dt)
        self.mode.update(dt)
        self.sound.frame()  # after the mode moved: what this frame heard
        self.speech.frame()
        self.lessons.export_tick()
        if self.banner is not None and self.now >= self.banner[2]:
            self.banner = None
        self.controls.refresh(control_state(self, self.mode))

    def tick(self, dt: float, *, draw: bool = True) -> None:
        """One frame: queued events, ``dt`` seconds of time, and (by default) a draw."""
        self.pump()
        self.guarded(self.update, dt)
        if draw:
            self.guarded(self.draw)

    def draw(self, quiet: bool = False) -> None:
        """Draw the whole window onto ``self.surface``: the mode, the widgets, then the overlays
        (``quiet``: without the passing banner, as an export's frame is drawn)."""
        from visualizer.render.focus_ring import draw_focus_ring
        from visualizer.render.fonts import CUT
        from visualizer.render.overlays import draw_overlays

        CUT.clear()  # what this frame cuts, for ``layout_report``
        layout, passing = self.layout, None if quiet else self.banner
        self.surface.fill(self.theme.background)
        self.geometry = self.mode.draw(self.surface, layout)
        self.lessons.draw(self.surface, layout)
        self.manager.draw_ui(self.surface)  # the presenter view: the controls lie outside the window
        if (focused := self.focus.widget(self.controls)) is not None and not self.presenting:
            draw_focus_ring(self.surface, focused.rect, self.theme)
        self.mode.overlay(self.surface, layout)
        card = self.lessons.draw_note(self.surface, layout) if passing is None else None
        noted = card is not None and card.colliderect(layout.banner)  # a bookmark's
        banner = passing[:2] if passing is not None else self.mode.standing_banner()
        # no banner: the algorithm's name and summary, unless a prompt's question stands there
        status = None if self.prompt.active else self.mode.status(self.lang)
        draw_overlays(
            self.surface,
            layout,
            self.theme,
            self.lang,
            banner=None if noted else banner,
            status=None if noted else status,
            legend=self.show_legend,
            help=self.show_help,
            constrained=self.timeline is not None
            and bool(self.timeline.board.blocked or self.timeline.board.given),
        )
        if self.palette.active:
            from visualizer.render.palette import draw_palette

            rows = self.palette.rows(self.lang, self.entry_on, self.entry_runs)
            self.palette.hits = draw_palette(
                self.surface, self.palette.query, rows, self.theme, self.lang, layout.scale
            )
        self.lessons.draw_export_progress()
        if not quiet:  # an export's frame is not the class's view
            self.capture.offer()  # the GIF's frame: taken before the recording notice is drawn
            notice = self.capture.notice()
            if notice is not None:
                from visualizer.render.panels import draw_banner

                draw_banner(self.surface, layout.banner, notice, self.theme, self.lang, "info")
        self.prompt.draw_over(self.surface)  # a file dialog stays on top of every layer
        if (ring := self.prompt.focus_rect()) is not None:  # a file dialog's focused control
            draw_focus_ring(self.surface, ring, self.theme, on_dialog=True)

    def relayout(self, size: tuple[int, int] | None = None) -> None:
        """Fit everything to a window size (never below ``MIN_SIZE``) and the current look and mode."""
        size = self._clamp(size or self.surface.get_size())
        if size != self.surface.get_size() and not self.fullscreen:  # fullscreen: the screen's size
            self.surface = open_display(size, pygame.RESIZABLE)
        pygame.display.set_caption(tr("title", self.lang))
        if self.presenting:
            self.layout: Layout = present_layout(
                self.surface.get_size(), self.ui_scale, scrub=self.mode.scrubs, beside=self.mode.one_board
            )
        else:
            self.layout = compute_layout(
                self.surface.get_size(),
                self.ui_scale,
                wide_side=self.mode.wide_side,
                counter_rows=self.mode.counter_rows,
                narration=self.mode.narrates,
                scrub=self.mode.scrubs,
                strips=self.mode.flag_strips,
            )
        self.manager = appearance.manager_for(self.managers, self.layout, self.theme, self.lang)
        self.prompt.relayout(self.manager)  # its widgets belonged to the old manager: built again
        old = getattr(self, "controls", None)
        self.controls = Controls(self.manager, self.layout.controls, control_state(self, self.mode))
        self.controls.carry_over(old)
        if old is not None:
            old.kill()
        self.controls.build()
        self.manager.update(0.0)  # pygame_gui finishes building widget images on update

    @property
    def quiet(self) -> bool:
        """Whether nothing on screen changes by itself: no play or animation, no background work,
        no recording or export, no prompt (its cursor blinks). A quiet window draws only after
        input or a change it makes itself (a banner coming or going)."""
        return not (
            self.mode.moving or self.busy or self.recording or self.lessons.exporting or self.prompt.active
        )

    def run(self, max_frames: int | None = None, fps: int = 60) -> int:
        """The window's loop until closed (or ``max_frames`` frames); returns an exit status. While
        the window is ``quiet`` it sleeps until input comes (handled at once), its banner is due
        to go, or ``REFRESH_SECONDS`` pass, and draws only then (issue 38: idle when idle)."""
        clock = pygame.time.Clock()
        frames, stirred = 0, time.monotonic()
        try:
            while self.running and (max_frames is None or frames < max_frames):
                if self.quiet and max_frames is None:  # a counted run (--frames) draws every frame
                    settling = time.monotonic() - stirred < SETTLING
                    due = SETTLE_SECONDS if settling else REFRESH_SECONDS
                    if self.banner is not None:
                        due = min(due, self.banner[2] - self.now)
                    if self._sleep(due):
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

    @staticmethod
    def _sleep(seconds: float) -> bool:
        """Sleep up to ``seconds``, looking for input every ``LOOK_SECONDS``; whether any came."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if pygame.event.peek():
                return True
            time.sleep(LOOK_SECONDS)
        return bool(pygame.event.peek())

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the mode's background work; True when none runs any more."""
        return self.mode.join(timeout)

    def close(self) -> None:
        """Cancel background work and wait briefly for it (pygame stays up: fonts are cached)."""
        for listener in self.on_change:  # e.g. save the window's settings
            listener()
        if self.lessons.exporting is not None:  # an export cut short (a closed window, a stop signal)
            self.lessons.exporting.export.cancel()
            self.lessons.exporting = None
        self.mode.close()
        self.speech.close()
        appearance.finish_gui_loaders()

    @staticmethod
    def _clamp(size: tuple[int, int]) -> tuple[int, int]:
        width, height = (min(max(int(size[i]), MIN_SIZE[i]), MAX_SIZE[i]) for i in (0, 1))
        return width, height
