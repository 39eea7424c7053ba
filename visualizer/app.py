"""The window: one App object that takes input, runs commands and draws frames.

Keys, buttons and the headless script all name commands from ``App.commands``;
``dispatch`` runs them. The search itself lives in the timeline (and in the
background ``Worker`` for long jumps); the App only decides *when* to advance
it and what to draw. Time is injected: ``tick(dt)`` is one frame.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from solvers import registry
from solvers.errors import SolverError
from solvers.events import Solution
from visualizer import preferences
from visualizer.controls import (
    HELP_ROWS,
    MAX_SPEED,
    MIN_SPEED,
    SPEED_FACTOR,
    Controls,
    ControlState,
    command_for_key,
)
from visualizer.core.race import Race
from visualizer.core.scene import Scene, scene_of
from visualizer.core.timeline import Timeline
from visualizer.i18n import tr
from visualizer.layout import MIN_SIZE, Layout, compute_layout
from visualizer.race_mode import RACE_COMMANDS, RaceMode
from visualizer.theme import CLASSROOM, Theme
from visualizer.views import Views
from visualizer.window_n import N_JUMP, check_window_n, parse_n, row_heat
from visualizer.worker import Worker

if TYPE_CHECKING:  # imported where used: GIFs and drawing load Pillow and fonts lazily
    from visualizer.gif import GifRecorder
    from visualizer.render.board import BoardGeometry

#: Events the window's timeline keeps for step back: 10^7 events of 16 bytes, at most 160 MB (plus
#: one 1 MB chunk); a longer run forgets its oldest events (step back stops there).
LOG_CAPACITY = 10_000_000
#: Events a jump (next / instant) applies on the UI thread before handing over to the worker.
SYNC_EVENTS = 4000
#: Speed of "next solution" animated with show-all on (at least; a faster slider wins).
NEXT_ANIMATION_SPEED = 1000.0
#: Wall time a frame spends on a race's instant result (the rest of the frame answers input).
RACE_SPRINT_SECONDS = 0.02
#: Banners stay this long (seconds of app time).
BANNER_SECONDS = 4.0
#: Frames per second kept in a GIF recording.
GIF_FPS = 15
#: Commands that may run while the worker is busy (they do not touch the timeline).
WHILE_BUSY = frozenset(
    {
        "escape",
        "cancel",
        "help",
        "fullscreen",
        "screenshot",
        "gif",
        "shade",
        "faster",
        "slower",
        "speed",
        "quit",
        "lang",
        "theme",
        "scale",
    }
)
MODES: tuple[str, ...] = ("watch", "race")
MODES = (*MODES, "game")  # game mode: visualizer/game_mode.py
#: Commands that only mean something in game mode.
GAME_COMMANDS = frozenset({"hint", "completions", "relaxed"})


def _finish_gui_loaders() -> None:
    """End pygame_gui's font loader threads that a half-built UIManager left waiting (a stop signal
    in its constructor): they would block the exit, or crash loading a font after pygame quits."""
    from pygame_gui.core.utility import StoppableOutputWorker

    loaders = [t for t in threading.enumerate() if isinstance(t, StoppableOutputWorker)]
    for thread in loaders:
        thread.in_queue.close()  # one end marker per thread, as pygame_gui's own loader does
    for thread in loaders:
        thread.join(2.0)


class App:
    """The visualizer: a timeline, the widgets around it and the frame loop."""

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
    ) -> None:
        if mode not in MODES:
            raise SolverError(f"unknown mode {mode!r}; choose one of: {', '.join(MODES)}")
        from visualizer.game_mode import GameMode

        # game mode: a GameMode (raises SolverError for n outside 4..20)
        self.game: GameMode | None = GameMode(n, lang) if mode == "game" else None
        spec = registry.get(algorithm)
        check_window_n(n, spec, lang)  # the window draws up to n = 1000
        self.timeline = Timeline(spec, n, log_capacity=LOG_CAPACITY)  # raises SolverError for a bad n
        self.mode = mode
        self.lang = lang
        self.theme = theme
        self.ui_scale = float(ui_scale)  # text and widget size (visualizer/preferences.py)
        self.on_change: list[Callable[[], None]] = []  # called after every command and on close
        self.speed = speed
        self.show_all = False
        self.shade = True
        self.show_help = False
        self.running = True
        self.now = 0.0  # app time in seconds, advanced only by tick(dt)
        self.elapsed = 0.0  # time the current run has spent searching
        self.anim: str | None = None  # None, "play", "next" or "instant"
        self._budget = 0.0
        self.banner: tuple[str, str, float] | None = None  # text, kind, expiry time
        self.lock = threading.Lock()
        self.worker = Worker(self.timeline, self.lock)
        self._reported_job: object = None
        self.gif: GifRecorder | None = None
        self._gif_due = 0.0
        self.geometry: BoardGeometry | None = None  # the board of the last frame
        self.views = Views()  # the side panel: code, search tree or gallery
        self._auto_view()  # min-conflicts: the conflicts chart
        # race mode: a RaceMode (visualizer/race_mode.py); its side a stands in as the timeline
        self.racing: RaceMode | None = RaceMode(n, algorithm, algo2, lang) if mode == "race" else None
        if self.racing is not None:
            self.timeline = self.racing.race.a
            if self.racing.error is not None:
                self.say(tr("error", lang, message=self.racing.error), "error")
        self.commands: dict[str, Callable[..., object]] = {
            "reset": self.reset,
            "step": self.step,
            "back": self.back,
            "play": self.toggle_play,
            "pause": self.pause,
            "next": self.next_solution,
            "instant": self.instant,
            "show-all": self.set_show_all,
            "shade": self.set_shade,
            "faster": self.faster,
            "slower": self.slower,
            "speed": self.set_speed,
            "n-down": lambda: self.set_n(self.timeline.n - 1),
            "n-up": lambda: self.set_n(self.timeline.n + 1),
            "n": self.set_n,
            "n-jump-down": lambda: self.set_n(self.timeline.n - N_JUMP),
            "n-jump-up": lambda: self.set_n(self.timeline.n + N_JUMP),
            "algo": self.set_algorithm,
            "help": self.toggle_help,
            "fullscreen": self.toggle_fullscreen,
            "screenshot": self.screenshot,
            "gif": self.toggle_gif,
            "escape": self.escape,
            "cancel": self.cancel,
            "click": self.click_square,
            "hint": lambda: self._game_banner("toggle_hints"),
            "completions": lambda: self._game_banner("completions"),
            "relaxed": lambda on=None: self._game_banner("toggle_relaxed", on),
            "quit": self.quit,
            "view": self.set_view,
            "tree": lambda: self.set_view("tree"),
            "gallery": lambda: self.set_view("gallery"),
            "race-pair": self._race_only,
        }
        pygame.display.init()  # display and fonts only: no audio device is needed
        pygame.font.init()
        self.surface = pygame.display.set_mode(self._clamp(size), pygame.RESIZABLE)
        self._windowed_size = self.surface.get_size()  # where F11 comes back to
        pygame.display.set_caption(tr("title", lang))
        wide = self.views.view != "code"  # min-conflicts opens on its chart
        self.layout: Layout = compute_layout(self.surface.get_size(), self.ui_scale, wide_side=wide)
        self.manager = preferences.manager_for(self)
        preferences.install(self)  # the lang, theme and scale commands
        self.controls = Controls(self.manager, self.layout.controls, self._control_state())
        self.controls.build()
        self.manager.update(0.0)  # pygame_gui finishes building widget images on update

    # -- reading ---------------------------------------------------------------

    @property
    def spec(self) -> registry.AlgorithmSpec:
        """The algorithm being shown."""
        return self.timeline.spec

    @property
    def busy(self) -> bool:
        """Whether background work runs (or has finished but is not reported yet)."""
        job = self.worker.job
        return self.worker.busy or (job is not None and job is not self._reported_job)

    @property
    def race(self) -> Race | None:
        """The race being shown in race mode, else None."""
        return self.racing.race if self.racing is not None else None

    @property
    def playing(self) -> bool:
        """Whether Play is on."""
        return self.anim == "play"

    def scene(self) -> Scene:
        """The board to draw now, read under the lock."""
        with self.lock:
            return scene_of(self.timeline, shade_attacked=self.shade)

    def state(self) -> dict[str, object]:
        """What the headless ``--state`` file holds."""
        with self.lock:
            counters = self.timeline.counters
            return {
                "n": self.timeline.n,
                "algorithm": self.spec.name,
                "mode": self.mode,
                "lang": self.lang,
                "theme": self.theme.name,
                "ui_scale": self.ui_scale,
                "show_all": self.show_all,
                "finished": self.timeline.finished,
                "counters": {
                    key: getattr(counters, key)
                    for key in ("attempts", "placements", "backtracks", "solutions", "checks")
                },
                "queens": list(self.timeline.queens),
                "event_index": self.timeline.cursor,
                "depth": self.timeline.depth,
                **({**self.game.state(), "queens": list(self.game.game.queens)} if self.game else {}),
                "view": self.views.view,
                "fullscreen": self.fullscreen,
                "window_size": list(self.surface.get_size()),
                **({"race": self.race.state()} if self.race is not None else {}),
                **({"tree_nodes": self.views.tree.count} if self.views.tree is not None else {}),
            }

    # -- commands --------------------------------------------------------------

    def dispatch(self, name: str, *args: object) -> None:
        """Run command ``name``; refusals and bad input become a banner, never an exception."""
        command = self.commands.get(name)
        if command is None:
            self.say(tr("error", self.lang, message=f"unknown command {name!r}"), "error")
            return
        if name in GAME_COMMANDS and self.game is None:
            self.say(tr("game_watch_only", self.lang), "info")
            return
        if self.busy and name not in WHILE_BUSY:
            self.say(tr("busy", self.lang), "info")
            return
        try:
            if self.racing is not None and name in RACE_COMMANDS:
                self._race_command(name, *args)
            else:
                command(*args)
        except (SolverError, ValueError, TypeError) as exc:
            self.say(tr("error", self.lang, message=str(exc)), "error")
        self.controls.refresh(self._control_state())
        for listener in self.on_change:
            listener()

    def reset(self) -> None:
        """Back to the empty board (R); in game mode: retry / play again."""
        if self.game is not None:
            self.game.retry()
        self.anim = None
        with self.lock:
            self.timeline.reset()  # the side views hear it and clear themselves
        self.elapsed = 0.0

    def step(self, k: int = 1) -> None:
        """Apply the next ``k`` events (Right); pauses Play."""
        self.anim = None
        with self.lock:
            done = self.timeline.step(int(k))
        if done == 0:
            self.say(tr("finished", self.lang), "success")

    def back(self, k: int = 1) -> None:
        """Undo the last ``k`` events (Left); pauses Play."""
        self.anim = None
        with self.lock:
            self.timeline.back(int(k))

    def toggle_play(self) -> None:
        """Play or pause (Space)."""
        if self.anim is not None:
            self.anim = None
        elif self.timeline.finished:
            self.say(tr("finished", self.lang), "success")
        else:
            self.anim, self._budget = "play", 0.0

    def pause(self) -> None:
        """Stop any animation."""
        self.anim = None

    def next_solution(self) -> None:
        """Go to the next solution (N): a jump, or an animation with show-all on."""
        self._go("next", "no_more_solutions", "info")

    def instant(self) -> None:
        """Finish the search (Enter): at once, or animated with show-all on."""
        self._go("instant", "finished", "success")

    def _go(self, kind: str, at_end: str, at_end_kind: str) -> None:
        """Next or instant: say ``at_end`` if the run is over, else animate (show-all on) or jump."""
        self.anim = None
        if self.timeline.finished:
            self.say(tr(at_end, self.lang), at_end_kind)
        elif self.show_all:
            self.anim, self._budget = kind, 0.0
            self.worker.estimate()  # the progress bar's total
        else:
            self._jump(kind)

    def _jump(self, kind: str) -> None:
        """Do a short jump right here; hand a long one to the worker."""
        started = time.perf_counter()
        with self.lock:
            if kind == "next":
                found = self.timeline.next_solution(SYNC_EVENTS)
                done = found or self.timeline.finished
            else:
                done = self.timeline.run_to_end(SYNC_EVENTS)
        self.elapsed += time.perf_counter() - started
        if not done:
            self.worker.start(kind)
        elif kind == "next" and not found:
            self.say(tr("no_more_solutions", self.lang), "info")
        elif kind == "instant":
            self.say(tr("finished", self.lang), "success")

    def set_show_all(self, on: bool | None = None) -> None:
        """Turn show-all-attempts on or off (A toggles)."""
        self.show_all = (not self.show_all) if on is None else bool(on)

    def set_shade(self, on: bool | None = None) -> None:
        """Turn the attacked-squares shading on or off (X toggles)."""
        self.shade = (not self.shade) if on is None else bool(on)

    def set_speed(self, rate: float) -> None:
        """Events per second while playing, 1 to 10,000."""
        rate = float(rate)
        if not rate > 0:
            raise ValueError(f"speed must be positive (got {rate})")
        self.speed = min(max(rate, MIN_SPEED), MAX_SPEED)

    def faster(self) -> None:
        """Speed up one notch (+)."""
        self.set_speed(self.speed * SPEED_FACTOR)

    def slower(self) -> None:
        """Slow down one notch (-)."""
        self.set_speed(self.speed / SPEED_FACTOR)

    def set_n(self, n: int) -> None:
        """A new board size for the same algorithm ([ and ], Shift for 10, or typed in the n box)."""
        n = parse_n(n, self.lang)
        if self.game is not None:
            self.game.set_n(int(n))  # refuses n outside 4..20 before anything changes
        self._new_timeline(self.spec, int(n))

    def set_algorithm(self, name: str) -> None:
        """Another algorithm at the same n (the drop-down)."""
        self._new_timeline(registry.get(str(name)), self.timeline.n)

    def _new_timeline(self, spec: registry.AlgorithmSpec, n: int) -> None:
        check_window_n(n, spec, self.lang)
        timeline = Timeline(spec, n, log_capacity=LOG_CAPACITY)
        self.anim = None
        with self.lock:
            self.timeline = timeline
            self.worker = Worker(timeline, self.lock)
            self.views.rebuild(timeline)
            self._auto_view()
        self.elapsed = 0.0
        self.relayout(self.surface.get_size())  # the chart view may have opened: widths and controls

    def toggle_help(self) -> None:
        """Show or hide the key list (H or ?)."""
        self.show_help = not self.show_help

    @property
    def fullscreen(self) -> bool:
        """Whether the window fills the screen."""
        return bool(pygame.display.is_fullscreen())

    def toggle_fullscreen(self) -> None:
        """Fullscreen on or off (F11): the desktop's size, then back to the window's last size.

        ``set_mode`` rather than ``toggle_fullscreen``: it works on every video driver (the
        dummy one too) and hands back the new surface.
        """
        try:
            if self.fullscreen:
                self.surface = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
            else:
                self._windowed_size = self.surface.get_size()
                self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error as exc:
            self.say(tr("error", self.lang, message=str(exc)), "error")
            return
        self.relayout(self.surface.get_size())

    def screenshot(self, path: str | Path | None = None) -> Path | None:
        """Save the current frame as a PNG (S) at ``path``, by default a new file in the pictures
        folder (visualizer/saving.py); the banner says where, or why not (then None)."""
        self.draw()
        saved = self._save(path, ".png", lambda target: pygame.image.save(self.surface, str(target)))
        if saved is not None:
            self.say(tr("screenshot_saved", self.lang, path=saved), "success")
        return saved

    def _save(self, path: str | Path | None, suffix: str, write: Callable[[Path], object]) -> Path | None:
        """``write`` to ``path`` (or a new file in the first folder that takes it); a failure is a banner."""
        from visualizer.saving import SaveError, save_new_file

        try:
            if path:
                write(Path(path))
                return Path(path)
            return save_new_file("nqueens", suffix, write)
        except SaveError as exc:
            self.say(tr("error", self.lang, message=str(exc)), "error")
        except (OSError, pygame.error, ValueError) as exc:
            self.say(tr("error", self.lang, message=f"could not save {path}: {exc}"), "error")
        return None

    def toggle_gif(self, path: str | Path | None = None) -> Path | None:
        """Start recording a GIF, or stop and save it (G); returns the saved path."""
        from visualizer.gif import GifRecorder

        if self.gif is None:
            self.gif = GifRecorder(duration_ms=round(1000 / GIF_FPS))
            self._gif_due = self.now
            self.say(tr("gif_recording", self.lang), "info")
            return None
        recorder, self.gif = self.gif, None
        if not recorder.frames:
            recorder.add_frame(self.surface)
        saved = self._save(path, ".gif", recorder.save)
        if saved is not None:
            self.say(tr("gif_saved", self.lang, path=saved), "success")
        return saved

    def escape(self) -> None:
        """Esc: cancel background work, else close the help, else stop an animation."""
        if self.busy:
            self.cancel()
        elif self.show_help:
            self.show_help = False
        else:
            if self.anim in ("next", "instant"):
                self.say(tr("cancelled", self.lang), "info")
            self.anim = None

    def cancel(self) -> None:
        """Stop background work after its current chunk."""
        self.worker.cancel()

    def click_square(self, row: int, col: int) -> None:
        """A click on square (row, col): a move in game mode; watch mode only shows the search."""
        if not (0 <= int(row) < self.timeline.n and 0 <= int(col) < self.timeline.n):
            raise ValueError(f"square ({row}, {col}) is off the {self.timeline.n} x {self.timeline.n} board")
        if self.game is not None:
            banner = self.game.click(int(row), int(col))
            if banner is not None:
                self.say(*banner)

    def _game_banner(self, method: str, *args: object) -> None:
        """Run a GameMode method that answers with a banner (hints, completions, relaxed)."""
        self.say(*getattr(self.game, method)(*args))

    def set_view(self, view: str | None = None) -> None:
        """The side panel: "code", "tree" (T) or "gallery" (Y); the shown view again goes back to code."""
        wide = self.views.view != "code"
        with self.lock:
            self.views.set(view, self.timeline)
        if (self.views.view != "code") != wide:  # a tree or gallery takes room from the board
            self.relayout(self.surface.get_size())

    def _auto_view(self) -> None:
        """Min-conflicts (local search) opens on its conflicts chart (call under the lock)."""
        if self.spec.family == "local-search" and self.views.view != "chart" and self.game is None:
            self.views.set("chart", self.timeline)

    def _race_command(self, name: str, *args: object) -> None:
        """Race mode: both sides act on ``name`` (visualizer/race_mode.py); Play stays an animation here."""
        racing = self.racing
        assert racing is not None  # RACE_COMMANDS come here only in race mode
        pair = racing.pair
        self.anim, banner = racing.run(name, *args, playing=self.playing)
        self.timeline = racing.race.a
        if racing.pair != pair:
            self._rebuild_controls()  # the drop-down shows the new pair
        if banner is not None:
            self.say(*banner)

    def _race_only(self, *args: object) -> None:
        raise ValueError(tr("race_only", self.lang))

    def quit(self) -> None:
        """Leave the loop, cancelling any background work."""
        self.running = False
        self.worker.cancel()

    def say(self, text: str, kind: str = "info") -> None:
        """Show a banner for a few seconds."""
        self.banner = (text, kind, self.now + BANNER_SECONDS)

    # -- frames ----------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Route one pygame event to pygame_gui, the key map or the board."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.relayout((event.w, event.h))
            return
        consumed = self.manager.process_events(event)
        if event.type == pygame.KEYDOWN and not self.controls.typing():
            name = command_for_key(event)
            if name is not None:
                self.dispatch(name)
        elif event.type in (
            pygame_gui.UI_BUTTON_PRESSED,
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            pygame_gui.UI_TEXT_ENTRY_FINISHED,
        ):
            named = self.controls.command_of(event)
            if named is not None:
                name, arg = named
                self.dispatch(name) if arg is None else self.dispatch(name, arg)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            if self.views.click(event.pos, self.timeline):
                return
            square = self.geometry.square_at(event.pos) if self.geometry is not None else None
            if square is not None:
                self.dispatch("click", *square)

    def pump(self) -> None:
        """Handle every queued pygame event."""
        for event in pygame.event.get():
            self.handle_event(event)

    def update(self, dt: float) -> None:
        """Advance app time by ``dt`` seconds: animations, background reports, widgets."""
        self.now += dt
        self.manager.update(dt)
        if self.racing is not None and self.anim == "instant":
            if self.racing.sprint(RACE_SPRINT_SECONDS):
                self.anim = None
                self.say(tr("finished", self.lang), "success")
        elif self.racing is not None and self.anim == "play":
            self.anim = None if self.racing.play(dt, self.speed) else self.anim
        elif self.anim is not None:
            self._animate(dt)
        job = self.worker.job
        if job is not None and job.done and job is not self._reported_job:
            self._reported_job = job
            self.elapsed += job.seconds
            if job.cancelled:
                self.say(tr("cancelled", self.lang), "info")
            elif job.kind == "next" and not job.found:
                self.say(tr("no_more_solutions", self.lang), "info")
            else:
                self.say(tr("done_in", self.lang, seconds=job.seconds), "success")
        if self.banner is not None and self.now >= self.banner[2]:
            self.banner = None
        self.controls.refresh(self._control_state())

    def _animate(self, dt: float) -> None:
        rate = self.speed
        if self.anim == "next":
            rate = max(self.speed, NEXT_ANIMATION_SPEED)
        elif self.anim == "instant":
            rate = MAX_SPEED
        self.elapsed += dt
        self._budget += dt * rate
        k = int(self._budget + 1e-9)  # 60 frames of 1/60 s at 10 events/s make 10 events
        self._budget -= k
        if k == 0:
            return
        with self.lock:
            if self.anim == "next":
                stop = self.timeline.advance_until(lambda e: type(e) is Solution, k) or self.timeline.finished
            else:
                stop = self.timeline.step(k) < k
        if stop:
            self.anim = None
            if self.timeline.finished:
                self.say(tr("finished", self.lang), "success")

    def tick(self, dt: float, *, draw: bool = True) -> None:
        """One frame: queued events, ``dt`` seconds of time, and (by default) a draw."""
        self.pump()
        self.update(dt)
        if draw:
            self.draw()

    def draw(self) -> None:
        """Draw the whole window onto ``self.surface``."""
        from visualizer.render.board import draw_board
        from visualizer.render.panels import draw_banner, draw_code, draw_counters, draw_progress

        layout, theme, lang = self.layout, self.theme, self.lang
        with self.lock:
            scene = scene_of(self.timeline, shade_attacked=self.shade)
            chosen = self.views.selected(self.timeline)
            if chosen is not None:  # a gallery click: that solution until the next step
                scene = Scene(n=scene.n, queens=chosen, event_index=scene.event_index)
            counters = self.timeline.counters.as_dict()
            depth = self.timeline.depth
            side = self.views.model()  # a read-only snapshot: drawing it needs no lock
        counters.pop("repairs", None) if self.spec.family != "local-search" else None
        if self.spec.family != "propagation":
            counters.pop("pruned", None), counters.pop("wipeouts", None)
        self.surface.fill(theme.background)
        if self.game is not None:
            self._draw_game()
            return
        self.geometry = draw_board(
            self.surface,
            layout.board,
            scene,
            theme,
            lang=lang,
            show_attacked=self.shade,
            row_heat=row_heat(scene.queens),
        )
        extras = {
            tr("depth", lang): f"{depth} / {scene.n}",
            tr("event_index", lang): f"{scene.event_index:,}",
            tr("elapsed", lang): tr("seconds", lang, seconds=self.elapsed + self._running_seconds()),
        }
        draw_counters(self.surface, layout.counters, counters, extras, theme, lang, layout.scale)
        side_view = self.views.draw(self.surface, layout.code, side, theme, lang, chosen)
        if not side_view:
            code = self.spec.code_in(lang)
            draw_code(self.surface, layout.code, code, scene.line, theme, lang, layout.scale)
        if self.race is not None:
            from visualizer.render.race import draw_race

            area = layout.board.union(layout.code).union(layout.counters)
            draw_race(self.surface, area, self.race, theme, lang)
        self.manager.draw_ui(self.surface)
        if self.busy:
            fraction = self.worker.fraction()
            job = self.worker.job
            if fraction is None:
                label = tr("working_events", lang, events=f"{job.applied if job else 0:,}")
                fraction = (self.now * 0.5) % 1.0  # a sweep: the total is unknown
            else:
                label = tr("working", lang, percent=int(fraction * 100))
            draw_progress(self.surface, layout.progress, fraction, label, theme, lang)
        elif self.anim in ("next", "instant"):  # a show-all animation: how far the whole run is
            fraction = self.worker.progress()
            if fraction is None:
                label = tr("working_events", lang, events=f"{scene.event_index:,}")
                fraction = (self.now * 0.5) % 1.0  # a sweep: the total is not known yet
            else:
                label = tr("working", lang, percent=int(fraction * 100))
            draw_progress(self.surface, layout.progress, fraction, label, theme, lang)
        if self.banner is not None:
            draw_banner(self.surface, layout.banner, self.banner[0], theme, lang, self.banner[1])
        self._draw_help_and_record()

    def _draw_game(self) -> None:
        """The game-mode frame: the board, the hint rings, the round's numbers and banner."""
        from visualizer.render.board import draw_board
        from visualizer.render.panels import draw_banner, draw_counters

        layout, theme, lang, game = self.layout, self.theme, self.lang, self.game
        assert game is not None  # drawn only in game mode
        scene = game.scene(self.shade)
        self.geometry = draw_board(
            self.surface, layout.board, scene, theme, lang=lang, show_attacked=self.shade
        )
        game.draw_hints(self.surface, self.geometry, theme)
        draw_counters(self.surface, layout.counters, {}, game.counters(), theme, lang, layout.scale)
        from visualizer.render.rules import draw_rules

        draw_rules(self.surface, layout.code, theme, lang, game.game.relaxed)
        self.manager.draw_ui(self.surface)
        banner = self.banner[:2] if self.banner is not None else game.outcome_banner()
        if banner is not None:
            draw_banner(self.surface, layout.banner, banner[0], theme, lang, banner[1])
        self._draw_help_and_record()

    def _draw_help_and_record(self) -> None:
        """The last layers of every frame: the help overlay, then the GIF's frame."""
        from visualizer.render.panels import draw_help

        if self.show_help:
            rows = [(keys, tr(action, self.lang)) for keys, action in HELP_ROWS]
            title = tr("help_title", self.lang)
            scale = max(1, self.layout.scale)
            draw_help(self.surface, self.surface.get_rect(), rows, self.theme, self.lang, title, scale)
        if self.gif is not None and self.now >= self._gif_due:
            self.gif.add_frame(self.surface)
            self._gif_due = self.now + 1.0 / GIF_FPS

    def relayout(self, size: tuple[int, int]) -> None:
        """Fit everything to a new window size (never below ``MIN_SIZE``)."""
        size = self._clamp(size)
        if size != self.surface.get_size() and not self.fullscreen:  # fullscreen: the screen's size
            self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        wide = self.views.view != "code"  # a tree or gallery widens the side panel
        self.layout = compute_layout(self.surface.get_size(), self.ui_scale, wide_side=wide)
        self.manager = preferences.manager_for(self)
        self._rebuild_controls()

    def run(self, max_frames: int | None = None, fps: int = 60) -> int:
        """The window's loop until closed (or ``max_frames`` frames); returns an exit status."""
        clock = pygame.time.Clock()
        frames = 0
        try:
            while self.running and (max_frames is None or frames < max_frames):
                dt = clock.tick(fps) / 1000.0
                self.tick(min(dt, 0.25))
                pygame.display.flip()
                frames += 1
        finally:  # also on a stop signal (visualizer/stopping.py): the worker is joined
            self.close()
            pygame.quit()
        return 0

    def close(self) -> None:
        """Cancel background work and wait briefly for it (pygame stays up: fonts are cached)."""
        for listener in self.on_change:  # e.g. save the window's settings
            listener()
        self.worker.cancel()
        self.worker.join(2.0)
        _finish_gui_loaders()

    # -- helpers ---------------------------------------------------------------

    def _running_seconds(self) -> float:
        job = self.worker.job
        return time.perf_counter() - job.started if job is not None and not job.done else 0.0

    def _control_state(self) -> ControlState:
        return ControlState(
            n=self.timeline.n,
            algorithm=self.spec.name,
            speed=self.speed,
            playing=self.playing,
            show_all=self.show_all,
            shade=self.shade,
            recording=self.gif is not None,
            lang=self.lang,
            game=self.game is not None,
            relaxed=self.game is not None and self.game.game.relaxed,
            theme=self.theme.name,
            ui_scale=self.ui_scale,
            race_pair=self.racing.pair if self.racing is not None else None,
        )

    def _rebuild_controls(self) -> None:
        self.controls.kill()
        self.controls = Controls(self.manager, self.layout.controls, self._control_state())
        self.controls.build()
        self.manager.update(0.0)  # pygame_gui finishes building widget images on update

    @staticmethod
    def _clamp(size: tuple[int, int]) -> tuple[int, int]:
        return max(int(size[0]), MIN_SIZE[0]), max(int(size[1]), MIN_SIZE[1])
