"""Who owns time: one Player moves one track (a timeline, or a race of two) toward a goal. No pygame.

A *goal* says where time is going: nowhere (paused), forward at a rate (play), to the next
solution, to the end -- or, later, until any condition on the events (``Goal("until", stop=...)``).
``advance(dt)`` is one frame's share of an animated goal, run on the UI thread, at the speed
slider's rate (show-all: every event drawn); a goal that is not animated is a jump. Where the
engine walks the track's algorithm (``track.engine_walks``) it answers: the next solution at
once; the end on a worker thread (its survey, with exact progress and cancel), waited for at
once when ``track.instant``. Otherwise a jump is a slice on the calling thread, then the rest
on a worker thread in chunks under ``lock``, with progress and cancel. What happened comes
back as ``Report`` values (finished, no more solutions, cancelled, done in ...) for banners.

>>> import threading
>>> from solvers import registry
>>> from visualizer.core.timeline import Timeline
>>> player = Player(Timeline(registry.get("backtracking"), 8), threading.Lock())
>>> player.go(NEXT)
>>> player.track.counters.attempts, player.busy
(876, False)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

from solvers import engine
from solvers.counters import Counters
from solvers.events import NO_MARKS, Event
from visualizer.core.until import Until

#: Events a jump applies on the calling thread before it hands over to the worker thread.
SYNC_EVENTS = 4000
#: Events the worker thread applies per hold of the lock (about 20 ms at Python speed).
CHUNK = 1000
#: The longest a wait for the worker goes without the main thread running its signal handlers.
JOIN_SLICE = 0.05
#: Seconds the UI thread waits for an instant result the engine answers quickly (``track.instant``)
#: before it shows progress instead: less than a frame may take (issue 38: none over 100 ms).
INSTANT_WAIT = 0.05
#: An instant result still walking after this many seconds starts the engine's count of the whole
#: run beside it (the progress bar's total, and the answer the strip gives before the board's end).
COUNT_AFTER = 0.25
#: Seconds a step waits on the UI thread for a solver still at work (a student's search) before
#: the rest of it goes on the worker thread, with the progress strip and Esc.
STEP_WAIT = 1.0
#: Seconds of play kept in hand while a solver's events are still arriving (more would come in a burst).
WAIT_BUDGET = 0.25
#: How long the worker sleeps, outside the lock, when a solver has sent nothing new.
WAIT_SECONDS = 0.01
#: A show-all "run until" animates at least this fast (next and instant follow the speed slider).
NEXT_ANIMATION_SPEED = 1000.0
#: Play speeds in events per second; + and - multiply by SPEED_FACTOR (four presses per decade).
MIN_SPEED, MAX_SPEED = 1.0, 10_000.0
SPEED_FACTOR = 10**0.25


class Track(Protocol):
    """What a Player moves: a Timeline, or a Race (two timelines in lockstep)."""

    @property
    def cursor(self) -> int: ...
    @property
    def finished(self) -> bool: ...
    @property
    def engine_walks(self) -> bool: ...
    @property
    def instant(self) -> bool: ...
    @property
    def event_total(self) -> int | None: ...
    @property
    def walked_attempts(self) -> int: ...
    def step(self, k: int = 1) -> int: ...
    def ready(self, k: int) -> int: ...
    def back(self, k: int = 1) -> int: ...
    def seek(self, k: int) -> int: ...
    def survey(self, cancel: engine.CancelFlag | None = None) -> int: ...
    def walk_to(self, k: int, cancel: engine.CancelFlag | None = None) -> None: ...
    def walked_share(self, k: int) -> float: ...
    def finish(self, cancel: engine.CancelFlag | None = None) -> None: ...
    def next_solution(self, limit: int | None = None, *, jump: bool = False) -> bool: ...
    def next_solution_end(self) -> int | None: ...  # where the next solution stands (the engine's)
    def advance_until(self, stop: Callable[[Event], bool], limit: int | None = None) -> bool: ...
    def reset(self) -> None: ...


def clamp_speed(rate: float) -> float:
    """``rate`` events per second brought into MIN_SPEED..MAX_SPEED; ValueError unless positive.

    >>> clamp_speed(0.5), clamp_speed(20_000.0)
    (1.0, 10000.0)
    """
    if not rate > 0:
        raise ValueError(f"speed must be positive (got {rate})")
    return min(max(rate, MIN_SPEED), MAX_SPEED)


def is_solution(event: Event) -> bool:
    """The stop condition of "next solution"."""
    return event.solved() is not None


def is_move(event: Event) -> bool:
    """Whether the board marks ``event`` (a queen placed, refused, lifted or moved, a solution):
    the stop of "next move", past the prunes, restores and choices between two moves."""
    return event.marks() != NO_MARKS


@dataclass(frozen=True)
class Goal:
    """Where time is going. ``stop`` ends the goal on the event it accepts (None: only the end)."""

    kind: str  # "paused", "play", "next", "end", "until", "seek"
    stop: Callable[[Event], bool] | None = None
    animated: bool = False  # drawn event by event at the speed slider's rate, else a jump
    min_rate: float = 0.0  # animated: at least this many events per second (run until)
    at_end: str = "finished"  # the report when the run ends before ``stop`` accepts an event
    at_end_kind: str = "success"
    quiet: bool = False  # reached: no "done in" report (the rest of a step)
    event: int = 0  # "seek": the event index to stand at


PAUSED = Goal("paused")
PLAY = Goal("play", animated=True)
NEXT = Goal("next", stop=is_solution, at_end="no_more_solutions", at_end_kind="info")
END = Goal("end")


def seek_goal(event: int) -> Goal:
    """Stand at event index ``event`` by way of the engine's walk (a far seek, a bookmark)."""
    return Goal("seek", event=int(event))


def until_goal(stop: Callable[[Event], bool], *, playing: bool = False) -> Goal:
    """Run until ``stop`` (a ``visualizer.core.until.Until``): at the play speed when ``playing``,
    else at least as fast as "next" when animated."""
    rate = 0.0 if playing else NEXT_ANIMATION_SPEED
    return Goal("until", stop=stop, min_rate=rate, at_end="until_not_met", at_end_kind="info")


@dataclass(frozen=True)
class Report:
    """Something the window should say: an i18n key, a banner kind and the key's fields."""

    key: str
    kind: str = "info"
    fields: dict[str, object] = field(default_factory=dict)


@dataclass
class Job:
    """One jump running on the worker thread and how far it got."""

    goal: Goal
    start_attempts: int
    total_attempts: int | None = None  # attempts of the whole run, when known ("end" only)
    applied: int = 0  # events applied so far
    started: float = 0.0
    seconds: float = 0.0
    done: bool = False
    cancelled: bool = False
    found: bool = False  # ``goal.stop`` accepted an event
    walk: bool = False  # the engine surveys the run (progress: the attempts it has walked)
    shown: float = 0.0  # the largest fraction reported so far: progress never goes back
    error: Exception | None = None  # what stopped the worker unexpectedly, raised on the UI thread
    start_share: float = 0.0  # "seek": the share of the way the engine had walked already

    @property
    def kind(self) -> str:
        return self.goal.kind


class Player:
    """Owns time for one track: the goal, the animation budget, the worker thread and its reports.

    ``attempts`` reads the track's attempts counter and ``estimate`` works out what is known of
    the whole run ahead: its counters from the engine (``AlgorithmSpec.whole_run``: the command
    line's count, on every core), or its attempts alone; the attempts are the progress bar's total.
    Without them progress is counted in events.
    """

    def __init__(
        self,
        track: Track,
        lock: threading.Lock,
        *,
        attempts: Callable[[], int] | None = None,
        estimate: Callable[[engine.CancelFlag], Counters | int | None] | None = None,
    ) -> None:
        self.track = track
        self.lock = lock
        self.goal = PAUSED
        self.way: tuple[int, int] | None = None  # an animated Next solution: from, to (event indices)
        self.speed = 10.0  # events per second while playing
        self.elapsed = 0.0  # seconds the current run has spent moving
        self.job: Job | None = None
        self.total: int | None = None  # attempts of the whole run, once ``estimate`` knows
        #: the whole run's counters from the engine, once ``estimate`` counted them: shown while a
        #: long Instant result still walks the run for its checkpoints
        self.whole: Counters | None = None
        self.reports: list[Report] = []
        self._attempts = attempts
        self._estimate_fn = estimate
        self._estimating = False
        self._budget = 0.0
        self._reported: Job | None = None
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None

    # -- reading -------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether a jump runs on the worker thread (or has ended but is not reported yet)."""
        thread_alive = self._thread is not None and self._thread.is_alive()
        return thread_alive or (self.job is not None and self.job is not self._reported)

    @property
    def playing(self) -> bool:
        return self.goal.kind == "play"

    @property
    def animating(self) -> bool:
        """Whether an animated goal other than Play runs (a show-all next or end)."""
        return self.goal.animated and self.goal.kind != "play"

    def seconds(self) -> float:
        """Time the run has spent moving, the running jump included."""
        job = self.job
        running = time.perf_counter() - job.started if job is not None and not job.done else 0.0
        return self.elapsed + running

    def fraction(self) -> float | None:
        """Progress of the running jump to the end, 0 to 1, never lower than before (None while
        its total is unknown): the attempts applied, or walked by the engine, over the run's."""
        job = self.job
        if job is not None and job.kind == "seek":
            share = self.track.walked_share(job.goal.event)
            done = (share - job.start_share) / max(1.0 - job.start_share, 1e-9)
            job.shown = max(job.shown, min(max(done, 0.0), 1.0))
            return job.shown
        if job is None or job.total_attempts is None or job.kind != "end":
            return None
        if job.walk:
            now = self.track.walked_attempts
        elif self._attempts is not None:
            now = self._attempts()
        else:
            return None
        span = max(job.total_attempts - job.start_attempts, 1)
        job.shown = max(job.shown, min(max((now - job.start_attempts) / span, 0.0), 1.0))
        return job.shown

    def time_left(self) -> float | None:
        """Seconds the running jump should still take, from its pace so far (None: unknown yet)."""
        job, fraction = self.job, self.fraction()
        if job is None or fraction is None or fraction <= 0.0:
            return None
        spent = time.perf_counter() - job.started
        return spent * (1.0 - fraction) / fraction

    def _way_to_next(self) -> tuple[int, int] | None:
        """(event index now, event index just after the next solution), from the engine where it
        walks the run (the strip of an animated Next solution measures that way, not the run)."""
        track = self.track
        if not track.engine_walks or track.finished:
            return None
        with self.lock:
            end = track.next_solution_end()
        return (track.cursor, end) if end is not None else None

    def progress(self) -> float | None:
        """How far the animated goal is, 0 to 1: the way to the next solution where it is known,
        else the whole run (attempts so far over ``total``); None when unknown."""
        way = self.way
        if way is not None and self.goal.kind == "next":
            start, end = way
            return min(max((self.track.cursor - start) / max(end - start, 1), 0.0), 1.0)
        total = self.total
        if total is None or self._attempts is None:
            return None
        return min(max(self._attempts() / max(total, 1), 0.0), 1.0)

    def take_reports(self) -> list[Report]:
        """The reports since the last call, oldest first."""
        reports, self.reports = self.reports, []
        return reports

    # -- commands (UI thread; never while ``busy``) ---------------------------

    def pause(self) -> None:
        self.goal = PAUSED

    def step(self, k: int = 1) -> int:
        """Apply up to ``k`` events now; pauses. Says "finished" when nothing was left. Events a
        solver has not sent yet (a student's search at work) are waited for on the worker thread:
        here for up to ``STEP_WAIT``, then behind the progress strip (Esc cancels). Returns the
        events applied before this returns."""
        self.pause()
        k = int(k)
        with self.lock:
            start = self.track.cursor
            here = self.track.ready(k)  # never wait for a solver on the UI thread
            done = self.track.step(here) if here > 0 else 0
            finished = self.track.finished
        if done < k and not finished:
            goal = until_goal(Until("event", start + k))
            self._start(replace(goal, quiet=True, at_end="finished", at_end_kind="success"))
            if self.join(STEP_WAIT):
                self._collect()
            return self.track.cursor - start
        if done == 0:
            self._say("finished", "success")
        return done

    def back(self, k: int = 1) -> int:
        """Undo up to ``k`` events; pauses."""
        self.pause()
        with self.lock:
            return self.track.back(int(k))

    def reset(self) -> None:
        """Back to the start of the run; pauses."""
        self.pause()
        with self.lock:
            self.track.reset()
        self.elapsed = 0.0

    def toggle_play(self) -> None:
        """Play, or stop whatever animation runs."""
        if self.goal is not PAUSED:
            self.pause()
        elif self.track.finished:
            self._say("finished", "success")
        else:
            self.goal, self._budget = PLAY, 0.0

    def go(self, goal: Goal, *, animated: bool = False) -> None:
        """Head for ``goal``: drawn event by event when ``animated``, else a jump."""
        self.pause()
        if self.track.finished:
            self._say(goal.at_end, goal.at_end_kind)
        elif animated:
            self.goal, self._budget = replace(goal, animated=True), 0.0
            self._cancel.clear()  # a cancelled jump before must not stop this estimate
            self.way = self._way_to_next() if goal.kind == "next" else None
            self.estimate()
        elif self.track.engine_walks and goal.kind in ("next", "end", "seek"):
            self._engine_jump(goal)
        else:
            self._jump(goal)

    def cancel(self) -> None:
        """Stop the worker after its current chunk, or an animated next / end (reported)."""
        if self.busy:
            self._cancel.set()
        elif self.animating:
            self._say("cancelled", "info")
            self.pause()
        else:
            self.pause()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the worker thread; True when none runs any more. The wait is cut in slices: a
        stop signal the kernel delivers to the worker wakes no one, so the main thread must look."""
        thread = self._thread
        deadline = None if timeout is None else time.monotonic() + timeout
        while thread is not None and thread.is_alive():
            left = JOIN_SLICE if deadline is None else min(JOIN_SLICE, deadline - time.monotonic())
            if left <= 0:
                break
            thread.join(left)
        return not (thread is not None and thread.is_alive())

    def close(self) -> None:
        """Cancel any work and wait briefly for it."""
        self._cancel.set()
        self.join(2.0)

    # -- time ----------------------------------------------------------------

    def advance(self, dt: float) -> None:
        """``dt`` seconds of time: an animated goal's share of events, and a finished jump's report."""
        self._collect()
        goal = self.goal
        if not goal.animated:
            return
        rate = max(self.speed, goal.min_rate)
        self.elapsed += dt
        self._budget += dt * rate
        k = int(self._budget + 1e-9)  # 60 frames of 1/60 s at 10 events/s make 10 events
        if k == 0:
            return
        with self.lock:
            arrived = self.track.ready(k)  # a student's search still at work: what it has sent
            if arrived < k:
                self._budget = min(self._budget, max(1.0, rate * WAIT_BUDGET))  # no burst once it catches up
                k = arrived
                if k == 0:
                    return
            self._budget -= k
            if goal.stop is not None:
                stopped = self.track.advance_until(goal.stop, k) or self.track.finished
            else:
                stopped = self.track.step(k) < k
        if stopped:
            self.pause()
            if self.track.finished:
                self._say("finished", "success")

    def _engine_jump(self, goal: Goal) -> None:
        """The engine answers: the next solution right here; the end on the worker thread (the
        engine's survey, with progress and cancel), waited for here up to ``INSTANT_WAIT`` when
        ``track.instant`` (then it is on screen before this returns, like any short jump). A seek
        walks on the worker thread too, waited for here up to ``INSTANT_WAIT``."""
        if goal.kind == "seek":
            self._start(goal, walk=True)
            if self.join(INSTANT_WAIT):
                self._collect()
            return
        if goal.kind == "end":
            self._start(goal, walk=True)
            if self.track.instant:
                job = self.job
                # longer than a glance: the whole run's count beside the walk (off the UI thread)
                timer = threading.Timer(
                    COUNT_AFTER, lambda: None if job is None or job.done else self.estimate()
                )
                timer.daemon = True
                timer.start()
                if self.join(INSTANT_WAIT):
                    self._collect()  # within a frame: on screen at once, no progress strip
            return
        started = time.perf_counter()
        with self.lock:
            found = self.track.next_solution(jump=True)
        self.elapsed += time.perf_counter() - started
        if not found:
            self._say(goal.at_end, goal.at_end_kind)

    def _jump(self, goal: Goal) -> None:
        """A short jump right here; a long one continues on the worker thread."""
        started = time.perf_counter()
        with self.lock:
            found, here = False, self.track.ready(SYNC_EVENTS)  # never wait for a solver here
            if goal.stop is not None:
                found = here > 0 and self.track.advance_until(goal.stop, here)
                done = found or self.track.finished
            else:
                self.track.step(here)
                done = self.track.finished
        self.elapsed += time.perf_counter() - started
        if not done:
            self._start(goal)
        elif goal.stop is not None and not found:
            self._say(goal.at_end, goal.at_end_kind)
        elif goal.stop is None:
            self._say("finished", "success")

    def _start(self, goal: Goal, *, walk: bool = False) -> None:
        self._cancel.clear()
        reading = self.track.walked_attempts if walk else (self._attempts() if self._attempts else 0)
        start = reading
        job = Job(goal, start, started=time.perf_counter(), walk=walk)
        if goal.kind == "seek":
            job.start_share = self.track.walked_share(goal.event)
        self.job = job
        self._thread = threading.Thread(target=self._run, args=(job,), daemon=True)
        self._thread.start()

    def _run(self, job: Job) -> None:
        """The worker thread's jump: whatever happens, the job ends (done), so the window never
        waits for a worker that died; an unexpected error is raised again on the UI thread."""
        try:
            if job.goal.stop is None and job.kind != "seek":  # the total: the engine's, while events run
                job.total_attempts = self.total
                if not (job.walk and self.track.instant):  # a quick walk needs no second engine run
                    self.estimate()
            if job.walk:
                self._walk(job)
            else:
                self._chunks(job)
        except Exception as error:  # reported by _collect, on the UI thread
            job.error = error
        finally:
            job.cancelled = self._cancel.is_set()
            job.seconds = time.perf_counter() - job.started
            job.done = True

    def _chunks(self, job: Job) -> None:
        """The jump in chunks under the lock, waiting outside it for a solver still at work."""
        track, stop = self.track, job.goal.stop
        while not self._cancel.is_set():
            with self.lock:
                chunk = track.ready(CHUNK)  # what a solver still at work has sent
            if chunk == 0:
                time.sleep(WAIT_SECONDS)  # waiting for it outside the lock: the window draws on
                continue
            with self.lock:
                before = track.cursor
                if stop is not None:
                    job.found = track.advance_until(stop, chunk)
                    job.applied += track.cursor - before
                    if job.found or track.finished:
                        break
                else:
                    applied = track.step(chunk)
                    job.applied += applied
                    if applied < chunk:
                        break
            time.sleep(0)  # let the UI thread take the lock

    def _walk(self, job: Job) -> None:
        """The engine surveys the run (a seek: walks toward its event) outside the lock (it leaves
        the shown moment alone: the window keeps drawing it), then the track jumps there under the
        lock; cancelled, the board stays where it was."""
        try:
            if job.kind == "seek":
                self.track.walk_to(job.goal.event, self._cancel)
                with self.lock:
                    self.track.seek(job.goal.event)
            else:
                total = self.track.survey(self._cancel)
                with self.lock:
                    self.track.seek(total)
        except engine.Cancelled:
            pass

    def _collect(self) -> None:
        """Report a jump the worker thread has finished."""
        job = self.job
        if job is None or not job.done or job is self._reported:
            return
        self._reported = job
        self.elapsed += job.seconds
        if job.error is not None:
            raise job.error  # the window's guard: an error banner, or a bug's log
        if job.cancelled:
            self._say("cancelled", "info")
        elif job.goal.stop is not None and not job.found:
            self._say(job.goal.at_end, job.goal.at_end_kind)
        elif job.kind == "seek" and self.track.finished:  # the run ends before the event asked for
            self._say("finished", "success")
        elif not job.goal.quiet:
            self._say("done_in", "success", seconds=job.seconds)

    def estimate(self) -> None:
        """Work out the run's total attempts (``total``) once, on a thread of its own: an engine
        call beside the stepping that stops on cancel."""
        if self._estimating or self.total is not None or self._estimate_fn is None:
            return
        self._estimating = True
        threading.Thread(target=self._estimate, daemon=True).start()

    def _estimate(self) -> None:
        assert self._estimate_fn is not None
        try:
            answer = self._estimate_fn(self._cancel)
        except engine.Cancelled:
            return
        finally:
            self._estimating = False
        if isinstance(answer, Counters):
            self.whole = answer
        total = answer.attempts if isinstance(answer, Counters) else answer
        self.total = total
        job = self.job
        if job is not None and job.kind == "end" and not job.done:
            job.total_attempts = total

    def _say(self, key: str, kind: str, **fields: object) -> None:
        self.reports.append(Report(key, kind, fields))
