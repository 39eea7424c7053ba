"""The Mode protocol, what a mode may ask of the window (Host), and the search modes' shared part.

A mode is one way of using the window: watch a search, play the queens game, race two
searches. Its commands are its methods marked ``@command`` (``visualizer/input/command.py``),
declared once on the class that first has them and inherited (or withdrawn: ``withdrawn``); the
window runs the ones the mode ``takes`` on it, calls ``update(dt)`` once a frame
and ``draw`` to paint the board and side panels; ``controls`` says which buttons it shows and
``state`` is its part of the headless state file. Everything else the window asks of a mode is
in ``Mode`` too, with its default in ``ModeBase`` (no mode is asked for what it may lack).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

from solvers import estimate
from solvers.engine import CancelFlag
from solvers.errors import SolverError
from visualizer.core.failure import Failure
from visualizer.core.player import END, INSTANT_WAIT, NEXT, Player, seek_goal, until_goal
from visualizer.core.scrub import Scrub, ScrubDrag, TotalProbe
from visualizer.core.until import Until
from visualizer.input.arguments import MAX_PLAY_SECONDS, algorithm, number, square, whole
from visualizer.input.command import Command, Key, command, handlers, takes
from visualizer.input.window_n import N_JUMP, parse_n
from visualizer.look.i18n import tr
from visualizer.look.layout import COUNTER_ROWS, EXTRA_ROWS
from visualizer.look.theme import Theme

if TYPE_CHECKING:
    from solvers.instance import Instance
    from visualizer.core.race import Race
    from visualizer.core.timeline import Timeline
    from visualizer.input.prompt import Prompt
    from visualizer.look.layout import Layout
    from visualizer.modes.game import GameRound
    from visualizer.modes.views import Views
    from visualizer.render.board import BoardGeometry


#: The longest survey (``solvers.estimate``'s walk at n, good to a factor of 2-3) that the scrub bar
#: starts unasked for its total: n = 15 (15 s estimated, the square-by-square walk's largest n) still is.
PROBE_SECONDS = 60.0
#: The longest far seek (a bookmark, an event index) the engine's walk is started for, as
#: ``solvers.estimate.seek_seconds`` estimates it (which errs long); a longer one is refused, saying why.
SEEK_LIMIT = 60.0


class Host(Protocol):
    """What a mode may read from and ask of the window (it reads the window's settings and never
    writes them: show-all, the speed and the banner change through the window's own methods)."""

    @property
    def lang(self) -> str: ...
    @property
    def theme(self) -> Theme: ...
    @property
    def speed(self) -> float: ...
    @property
    def show_all(self) -> bool: ...
    @property
    def shade(self) -> bool: ...
    @property
    def now(self) -> float: ...
    @property
    def lock(self) -> threading.Lock: ...
    @property
    def banner(self) -> tuple[str, str, float] | None: ...  # the passing banner; None: the mode's own
    @property
    def hidden(self) -> set[str]: ...  # panels hidden for an exercise: "code", "counters", "tree"
    @property
    def layout(self) -> Layout: ...  # the window's rectangles of the last relayout
    @property
    def prompt(self) -> Prompt: ...  # a one-line question over the board (exercise: the student's name)
    @property
    def manager(self) -> pygame_gui.UIManager: ...
    @property
    def asks(self) -> bool: ...  # someone can answer a question (False headless)

    def say(self, text: str, kind: str = "info") -> None: ...
    def bookmarked(self) -> tuple[int, ...]: ...  # the events the lesson's bookmarks mark
    def mark(self, event: int, note: tuple[tuple[str, str], ...]) -> None: ...  # a bookmark there
    def clear_banner(self) -> None: ...
    def relayout(self, size: tuple[int, int] | None = None) -> None: ...
    def dispatch(self, name: str, *args: object) -> None: ...  # a command, as a key would run it


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
    @property
    def counter_rows(self) -> tuple[int, int]: ...  # the counters panel's rows: counters, smaller ones

    # what the layout keeps room for: a narration panel, a scrub strip, flag arrays under the board
    narrates: bool
    scrubs: bool
    one_board: bool  # the presenter view sets its text beside one board (two: stacked above and below)

    @property
    def flag_strips(self) -> bool: ...
    def controls(self) -> ControlPlan: ...
    def control_fields(self) -> dict[str, object]: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface, layout: Layout) -> BoardGeometry | None: ...
    def overlay(self, surface: pygame.Surface, layout: Layout) -> None: ...
    def standing_banner(self) -> tuple[str, str] | None: ...
    def click(self, pos: tuple[int, int]) -> bool: ...
    def scrub(self, event: pygame.event.Event) -> int | None: ...
    def state(self) -> dict[str, object]: ...
    def escape(self) -> None: ...
    def cancel(self) -> None: ...
    def join(self, timeout: float | None = None) -> bool: ...
    def close(self) -> None: ...

    # what a mode may have, each with its default in ModeBase
    @property
    def timeline(self) -> Timeline | None: ...
    @property
    def race(self) -> Race | None: ...
    @property
    def game(self) -> GameRound | None: ...
    @property
    def player(self) -> Player | None: ...
    @property
    def views(self) -> Views | None: ...
    @property
    def playing(self) -> bool: ...
    @property
    def moving(self) -> bool: ...  # time alone changes what it shows (play, an animation)
    @property
    def view(self) -> str | None: ...
    def status(self, lang: str) -> tuple[str, str] | None: ...
    @classmethod
    def takes(cls, command: Command) -> bool: ...  # whether it takes a command (``ModeBase.takes``)
    def run_until(self, until: Until) -> None: ...
    def drag(self, pos: tuple[int, int], rel: tuple[int, int]) -> bool: ...
    def release(self, pos: tuple[int, int]) -> None: ...
    def wheel(self, pos: tuple[int, int], dy: int) -> bool: ...
    def wait_total(self, timeout: float | None = None) -> None: ...
    def constrain(self, instance: Instance) -> None: ...  # blocked squares and given queens (--given)
    def unsaved(self) -> str | None: ...  # what could not be written (an exercise's attempt), now


#: Events past what the run has reached that a seek (or a bookmark) replays on the UI thread;
#: further, the way there runs on the worker thread (progress bar, Esc).
FAR_EVENTS = 100_000
#: The Player's reports that say how the run ended: a run that failed says its failure instead.
END_REPORTS = frozenset({"finished", "done_in", "no_more_solutions", "until_not_met"})
#: The buttons of the search modes (watch, race), row by row: command names of the command table.
SEARCH_ROWS = (
    ("reset",),
    ("back", "step"),
    ("play",),
    ("next",),
    ("instant",),
    ("show-all",),
    ("shade", "hatch"),
)


class ModeBase:
    """What a mode has unless it says otherwise (``Mode``'s defaults): no search, race or game
    of its own, no side view, nothing to drag, wheel or wait for."""

    narrates = False  # the layout keeps a narration panel below the board
    scrubs = False  # the layout keeps a strip under the board for the scrub bar
    one_board = True  # the presenter view: its text in a column beside the board
    timeline: Timeline | None = None  # the search it shows
    race: Race | None = None
    game: GameRound | None = None
    player: Player | None = None  # what moves its search in time
    views: Views | None = None  # its side views (code, tree, gallery, chart)

    @property
    def counter_rows(self) -> tuple[int, int]:
        """The counters panel's rows (counters, smaller rows below them): the most it ever shows."""
        return COUNTER_ROWS, EXTRA_ROWS

    @property
    def playing(self) -> bool:
        return False

    @property
    def moving(self) -> bool:
        """Whether time alone changes what the mode shows (the window draws every frame then)."""
        return False

    @property
    def view(self) -> str | None:
        """The side view showing, if it has side views."""
        return None

    def status(self, lang: str) -> tuple[str, str] | None:
        """What the status area says while no banner shows (a search's name and summary)."""
        return None

    @classmethod
    def takes(cls, command: Command) -> bool:
        """Whether this mode takes ``command`` (as Textual's ``check_action``): a mode's command if this
        class has it (declared here or inherited, not withdrawn), and if its ``when`` allows this mode."""
        mine = (
            command.owner is None or not issubclass(command.owner, ModeBase) or command.name in handlers(cls)
        )
        return mine and (command.when is None or command.when(cls))

    def run_until(self, until: Until) -> None:
        raise ValueError("this mode does not run a search")  # the command table routes U to search modes

    def drag(self, pos: tuple[int, int], rel: tuple[int, int]) -> bool:
        """A drag with the left button; True if taken."""
        return False

    def release(self, pos: tuple[int, int]) -> None:
        """The left button released."""

    def wheel(self, pos: tuple[int, int], dy: int) -> bool:
        """The mouse wheel at ``pos``; True if taken."""
        return False

    def wait_total(self, timeout: float | None = None) -> None:
        """Headless: wait for what the scrub bar shows of the run's length (none here)."""

    def constrain(self, instance: Instance) -> None:
        """Run on ``instance`` (blocked squares, given queens): refused unless the mode searches it."""
        name = getattr(self, "name", "this")
        raise SolverError(f"the {name} mode takes no blocked squares or given queens (try --mode watch)")

    def unsaved(self) -> str | None:
        """Write what the mode keeps now; why something could not be written, or None (nothing here)."""
        return None


class SizeCommands(ModeBase):
    """The commands every mode takes: n - 1, n + 1, n - 10, n + 10 for any mode with ``n`` and
    ``set_n``, and the ones each mode carries out its own way (reset, a click, cancel)."""

    @property
    def flag_strips(self) -> bool:
        """Whether flag arrays show under the board (the layout keeps them room)."""
        return False

    host: Host

    @property
    def n(self) -> int:
        raise NotImplementedError

    @command("n", parse=whole("n", 1))
    def set_n(self, n: object) -> None:
        raise NotImplementedError

    @command("reset", keys=(Key("r", "R"),), help="reset", label="reset", mode_labels={"game": "game_retry"})
    def reset(self) -> None:
        raise NotImplementedError

    @command("click", parse=square)
    def click_square(self, row: int, col: int) -> None:
        raise NotImplementedError

    @command("cancel", while_busy=True)
    def cancel(self) -> None:
        raise NotImplementedError

    @command("n-down", keys=(Key("[", "["),), help="n_down", label="n_down")
    def n_down(self) -> None:
        self.set_n(self.n - 1)

    @command("n-up", keys=(Key("]", "]"),), help="n_up", label="n_up")
    def n_up(self) -> None:
        self.set_n(self.n + 1)

    @command("n-jump-down", keys=(Key("[", "Shift+[", shift=True),), help="n_jump_down")
    def n_jump_down(self) -> None:
        self.set_n(self.n - N_JUMP)

    @command("n-jump-up", keys=(Key("]", "Shift+]", shift=True),), help="n_jump_up")
    def n_jump_up(self) -> None:
        self.set_n(self.n + N_JUMP)

    def parse_n(self, value: object) -> int:
        return parse_n(value, self.host.lang)


class SearchMode(SizeCommands):
    """Watch and race: a Player moves the search; the commands of time live here once."""

    name = "search"
    player: Player
    host: Host
    _failure_told: Failure | None = None  # the failure the run stood at when last reported

    @property
    def busy(self) -> bool:
        return self.player.busy

    @property
    def playing(self) -> bool:
        return self.player.playing

    @property
    def moving(self) -> bool:
        """Playing, a show-all next or end, or the scrub bar's total still being worked out."""
        probe = self._probe
        return self.player.goal.animated or (probe is not None and probe.total is None and not probe.join(0))

    def reset(self) -> None:
        """Back to the empty board (R)."""
        self.player.reset()

    @command(
        "step",
        keys=(Key("right", "→"),),
        help="step",
        label="step",
        parse=whole("step", 0, 1),
        mode_labels={"predict": "predict_skip"},  # predict: show the next move unscored
    )
    def step(self, k: int = 1) -> None:
        """Apply the next ``k`` events (Right); pauses Play. Many of them: as a seek there (on the
        worker thread when far)."""
        if int(k) > FAR_EVENTS:
            self.goto_event(int(self.player.track.cursor) + int(k))
        else:
            self.player.step(int(k))
        self._report()

    @command("back", keys=(Key("left", "←"),), help="back", label="back", parse=whole("back", 0, 1))
    def back(self, k: int = 1) -> None:
        """Undo the last ``k`` events (Left); pauses Play."""
        self.player.back(int(k))

    @command(
        "play",
        keys=(Key("space", "Space"),),
        help="play",
        label="play",
        parse=number("play seconds", maximum=MAX_PLAY_SECONDS),
        swap=(lambda state: state.playing, "pause"),
    )
    def toggle_play(self) -> None:
        """Play or pause (Space)."""
        self.player.speed = self.host.speed
        self.player.toggle_play()
        self._report()

    @command("pause")
    def pause(self) -> None:
        self.player.pause()

    @command("next", keys=(Key("n", "N"),), help="next", label="next")
    def next_solution(self) -> None:
        """Go to the next solution (N): a jump, or an animation with show-all on."""
        self.player.speed = self.host.speed
        self.player.go(NEXT, animated=self.host.show_all)
        self._report()

    @command("instant", keys=(Key("return", "Enter"), Key("enter")), help="instant", label="instant")
    def instant(self) -> None:
        """Finish the search (Enter): at once, or animated with show-all on."""
        self.player.speed = self.host.speed
        if not self.host.show_all:
            self._drop_probe()  # the jump's own walk of the run gives the total: no twin beside it
        self.player.go(END, animated=self.host.show_all)
        self._report()

    @command("algo", parse=algorithm)
    def set_algorithm(self, name: str) -> None:
        raise NotImplementedError

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
        animated = playing or self.host.show_all
        if until.kind == "event" and not animated and until.value > player.track.cursor + FAR_EVENTS:
            self.goto_event(until.value)  # far: the engine's walk, or refused saying how long
            return
        player.speed = self.host.speed
        player.go(until_goal(until, playing=playing), animated=animated)
        self._report()

    def goto_event(self, event: int) -> None:
        """Stand at event index ``event`` (a bookmark, an export's frame): the track's seek, exact
        board and counters, never animated; pauses. At or past the run's total (known to the
        scrub bar) it stands at the end, finished. Far beyond what the run has reached
        (``FAR_EVENTS``) while its total is unknown, or ahead of what a solver still at work has
        sent (a student's search), the way there runs on the worker thread, with progress and
        Esc, as Instant result does: the window never waits for it; where the engine walks, one it
        estimates over ``SEEK_LIMIT`` is refused (ValueError, saying how long)."""
        self.player.pause()
        total = self.scrub_model().total
        track = self.player.track
        with self.host.lock:
            log = getattr(track, "log", None)
            reached = max(int(track.cursor), int(log.end) if log is not None else 0)
            if total is not None and int(event) >= total and track.engine_walks:
                track.finish()  # the engine's survey from the last checkpoint: quick
                return
            # a run whose total is known seeks anywhere quickly (checkpoints, the engine's survey);
            # one still unknown must walk (the engine) or replay the way there
            ahead = int(event) - int(track.cursor)
            waits = ahead > 0 and track.ready(ahead) < ahead  # events not sent yet
            far = (total is None and int(event) > reached + FAR_EVENTS) or waits
            if not far:
                track.seek(int(event) if total is None else min(int(event), total))
                return
        if track.engine_walks:
            self._refuse_far(int(event))
            self.player.go(seek_goal(int(event)))
        else:
            self.player.go(until_goal(Until("event", int(event))))

    def _refuse_far(self, event: int) -> None:
        """ValueError, saying how long it would take, for a seek whose engine walk (from the
        furthest checkpoint; each side's, in a race) is estimated over ``SEEK_LIMIT``
        (``solvers.estimate.seek_seconds``)."""
        track = self.player.track
        sides = len(getattr(track, "sides", ())) or 1
        with self.host.lock:
            left = round(event * (1.0 - track.walked_share(event)))
        seconds = sides * estimate.seek_seconds(self.n, left)
        if seconds > SEEK_LIMIT:
            lang = self.host.lang
            time, limit = duration(seconds, lang), duration(SEEK_LIMIT, lang)
            raise ValueError(tr("seek_too_far", lang, event=f"{event:,}", time=time, limit=limit))

    def click_square(self, row: int, col: int) -> None:
        """A click on a square: a search is only shown, so the square is only checked."""
        if not (0 <= int(row) < self.n and 0 <= int(col) < self.n):
            raise ValueError(f"square ({row}, {col}) is off the {self.n} x {self.n} board")

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
        self._drop_probe()

    def update(self, dt: float) -> None:
        """``dt`` seconds: the Player's share of events and its reports as banners."""
        self.player.speed = self.host.speed
        self.player.advance(dt)
        self._report()
        self._probe_total()

    def standing_banner(self) -> tuple[str, str] | None:
        return None

    # -- a run that failed (a student's search): its failure where the run stands -----------------

    def failures(self) -> dict[str, Failure]:
        """The failures of the runs shown, by side ("" for watch mode's one run)."""
        raise NotImplementedError

    def failures_here(self) -> dict[str, Failure]:
        """The failures the runs shown stand at now (each run at the end of the events it kept)."""
        raise NotImplementedError

    def failure_ticks(self) -> tuple[int, ...]:
        """Where the scrub bar marks the failures: the event index (a race: the tick) of each."""
        return tuple(sorted({failure.index for failure in self.failures().values()}))

    def _report(self) -> None:
        """The Player's reports as banners. At a failure no "finished" or "done in" is said: the
        run did not finish, and its failure stands in the status area instead (the passing banner
        before it is dropped, so it shows at once)."""
        with self.host.lock:
            here = self.failures_here()
        failed = next(iter(here.values()), None)
        for report in self.player.take_reports():
            if failed is not None and report.key in END_REPORTS:
                continue
            key = self.finished_key() if report.key == "finished" else report.key
            self.host.say(tr(key, self.host.lang, **report.fields), report.kind)
        if not self.player.busy:  # the job that reached it is reported: its end is said now
            if failed is not None and failed is not self._failure_told:
                self.host.clear_banner()
            self._failure_told = failed

    def finished_key(self) -> str:
        """What the end of the run is called: a search that tried everything "finished"; one that
        stops at its one solution (construction, local search) says so instead."""
        return "finished"

    def overlay(self, surface: pygame.Surface, layout: Layout) -> None:
        """The progress strip in the scrub bar's place (under the board, never over its labels)
        while a jump or a show-all animation runs: exact, never going back, with the time left."""
        from visualizer.render.panels import draw_progress_strip

        progress = self.progress_strip(self.host.lang)
        if progress is not None:
            draw_progress_strip(surface, layout.scrub, *progress, self.host.theme, self.host.lang)

    def progress_strip(self, lang: str) -> tuple[float | None, str] | None:
        """The progress strip's fill (None: unknown) and label, or None when nothing runs. While a
        long Instant result walks the run, the engine's count of the whole run (the command line's,
        on every core) may come first: the label then gives its answer, the board following."""
        player = self.player
        job = player.job
        if player.busy:
            fraction, left = player.fraction(), player.time_left()
            walked = job is not None and job.walk
            count = player.track.walked_attempts if walked else (job.applied if job else 0)
        elif player.animating:
            fraction, left, walked, count = player.progress(), None, False, player.track.cursor
        else:
            return None
        whole = player.whole if walked and job is not None and job.kind == "end" else None
        way = player.way if player.animating and player.goal.kind == "next" else None
        if way is not None and fraction is not None:  # show-all's Next solution: the way to it
            done, total = player.track.cursor - way[0], way[1] - way[0]
            return fraction, tr("working_next", lang, events=f"{done:,}", total=f"{total:,}")
        if fraction is None:
            key = "working_attempts" if walked else "working_events"
            label = tr(key, lang, events=f"{count:,}")
        elif whole is not None:
            solutions, attempts = f"{whole.solutions:,}", f"{whole.attempts:,}"
            label = tr("whole_counted", lang, solutions=solutions, attempts=attempts)  # the bar: the walk's
        else:
            label = tr("working", lang, percent=int(fraction * 100))
        if fraction is not None and left is not None:
            label += " · " + tr("time_left", lang, time=duration(left, lang))
        return fraction, label

    # -- the scrub bar (issue 12) -----------------------------------------------

    scrubs = True  # the layout keeps a strip under the board for it
    _probe: TotalProbe | None = None  # the run's total, worked out off the draw path
    _scrub_area: pygame.Rect | None = None  # where the bar was drawn last (for the mouse)
    _drag: ScrubDrag | None = None

    def scrub_ticks(self) -> tuple[int, ...]:
        """Event indices marked on the scrub bar: the lesson's bookmarks (``features/lessons.py``)."""
        return self.host.bookmarked()

    def survey_twin(self, cancel: CancelFlag) -> int:
        """The run's total, worked out on a twin of the shown run (``TotalProbe``'s work)."""
        raise NotImplementedError

    def scrub_model(self) -> Scrub:
        """The scrub bar now: the track's event index, the run's total if known, the ticks. The
        total comes from the track, else from a probe started here (off the draw path: ``update``)."""
        track = self.player.track
        total = track.event_total
        probe = self._probe
        if total is None and probe is not None and probe.owner is track:
            total = probe.total
        return Scrub(track.cursor, total, self.scrub_ticks(), failures=self.failure_ticks())

    def _probe_total(self) -> None:
        """Start the survey of a twin run when the total is unknown and the engine answers quickly:
        unasked, only where the walk of every event is expected within ``PROBE_SECONDS`` (bitmask
        answers up to n = 20, but its survey of n = 20 would keep the cores busy for days)."""
        track, player = self.player.track, self.player
        probe = self._probe
        walking = player.busy and player.job is not None and player.job.walk
        if track.event_total is not None or walking:
            self._drop_probe()  # the run knows its total, or its instant result is walking to it
            probe = None
        if track.event_total is not None or not track.instant or player.busy:
            return  # known, slow to work out, or on its way (an instant result walks the run)
        if estimate.seconds("walk", self.n) > PROBE_SECONDS:
            return  # the bar's total would come too late to help, at the cost of every core
        if probe is None or probe.owner is not track:
            if probe is not None:
                probe.cancel()
            self._probe = TotalProbe(self.survey_twin, track)

    def _drop_probe(self) -> None:
        """Cancel the survey of a twin run, if one works."""
        if self._probe is not None:
            self._probe.cancel()
            self._probe = None

    def scrub(self, event: pygame.event.Event) -> int | None:
        """A mouse event on the scrub bar: the event index to seek to, or None."""
        area = self._scrub_area
        if area is None:
            return None
        if self._drag is None:
            self._drag = ScrubDrag()
        drag = self._drag
        from visualizer.render.scrub import scrub_track

        track = scrub_track(area)
        bar = (track.left, area.top, track.w, area.h)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            probe = self._probe
            if self.scrub_model().total is None and probe is not None and not probe.waited:
                probe.waited = True  # a press as the window opens: the quick survey is nearly done
                probe.join(INSTANT_WAIT)
            return drag.press(event.pos[0], event.pos[1], bar, self.scrub_model().total)
        if event.type == pygame.MOUSEMOTION:
            return drag.move(event.pos[0], bar, self.scrub_model().total)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag.release()
        return None

    def wait_total(self, timeout: float | None = None) -> None:
        """Start the run's total where the engine answers quickly and wait for it (headless: the
        scrub bar of a screenshot shows the total, whatever the machine's pace)."""
        self._probe_total()
        if self._probe is not None:
            self._probe.join(timeout)

    @command("seek", parse=whole("seek", 0))  # the scrub bar's command; seek:K == step:K from the start
    def seek(self, k: int) -> None:
        """Stand at event index ``k`` (scrub bar, headless ``seek:K``) as ``step:K`` from the start
        would (``goto_event``)."""
        self.goto_event(int(k))

    def draw_scrub(self, surface: pygame.Surface, layout: Layout) -> None:
        """The scrub bar in its strip (remembered for the mouse)."""
        from visualizer.render.scrub import draw_scrub

        self._scrub_area = layout.scrub if self.scrubs else None
        if self._scrub_area is not None:
            with self.host.lock:
                model = self.scrub_model()
            draw_scrub(surface, self._scrub_area, model, self.host.theme, self.host.lang)


def duration(seconds: float, lang: str) -> str:
    """A time as "12 s", "3 min", "5 hours" or "40 days".

    >>> duration(30, "en"), duration(600, "en"), duration(3 * 3600, "zh"), duration(1e7, "en")
    ('30 s', '10 min', '3 小时', '116 days')
    """
    if seconds < 90:
        return tr("time_seconds", lang, seconds=max(1.0, seconds))
    if seconds < 90 * 60:
        return tr("time_minutes", lang, minutes=seconds / 60)
    if seconds < 48 * 3600:
        return tr("time_hours", lang, hours=seconds / 3600)
    return tr("time_days", lang, days=seconds / 86400)


def plays(mode: type) -> bool:
    """Whether mode class ``mode``'s run is played in time (watch, race): it takes Space. The
    window's and the lessons' commands of a played run (show-all, speed, bookmarks, export) ask it."""
    return takes(mode, SearchMode.toggle_play)
