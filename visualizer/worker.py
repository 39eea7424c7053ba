"""Long work off the UI thread: a timeline advanced in chunks under a lock.

No pygame here. The UI thread reads the timeline only while holding ``lock``
(``snapshot``), the worker applies events only while holding it, in chunks
small enough that the window keeps answering.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from solvers import engine
from solvers.events import Solution
from visualizer.core.timeline import Timeline

#: Events applied per lock hold; about 20 ms of work at Python speed.
CHUNK = 1000


@dataclass
class Job:
    """One piece of background work and how far it got."""

    kind: str  # "next" or "instant"
    start_attempts: int
    total_attempts: int | None = None  # attempts of the whole run, when known
    applied: int = 0  # events applied so far
    started: float = 0.0
    seconds: float = 0.0
    done: bool = False
    cancelled: bool = False
    found: bool = False  # "next": a solution was reached


class Worker:
    """Runs ``next`` or ``instant`` on a timeline in a daemon thread."""

    def __init__(self, timeline: Timeline, lock: threading.Lock) -> None:
        self.timeline = timeline
        self.lock = lock
        self.job: Job | None = None
        self.total: int | None = None  # attempts of the timeline's whole run, once ``estimate`` knows
        self._estimating = False
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """Whether a job is running."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, kind: str, on_done: Callable[[Job], None] | None = None) -> Job:
        """Start ``kind`` ("next" or "instant") in the background."""
        if self.busy:
            raise RuntimeError("the worker is already running a job")
        self._cancel.clear()
        job = Job(kind, self.timeline.counters.attempts, started=time.perf_counter())
        self.job = job
        self._thread = threading.Thread(target=self._run, args=(job, on_done), daemon=True)
        self._thread.start()
        return job

    def cancel(self) -> None:
        """Ask the running job to stop after its current chunk."""
        self._cancel.set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the job; True when no job is running any more."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.busy

    def fraction(self) -> float | None:
        """Progress of the running job from 0 to 1, or None when the total is unknown."""
        job = self.job
        if job is None or job.total_attempts is None or job.kind != "instant":
            return None
        attempts = self.timeline.counters.attempts  # an int read, safe without the lock
        span = max(job.total_attempts - job.start_attempts, 1)
        return min(max((attempts - job.start_attempts) / span, 0.0), 1.0)

    def estimate(self) -> None:
        """Work out the run's total attempts (``total``) once, in a thread of its own: an engine call
        that runs beside the stepping and stops on ``cancel``."""
        if self._estimating or self.total is not None:
            return
        self._estimating = True
        threading.Thread(target=self._estimate, daemon=True).start()

    def _estimate(self) -> None:
        try:
            total = self.timeline.spec.expected_attempts(self.timeline.n, cancel=self._cancel)
        except engine.Cancelled:
            return
        finally:
            self._estimating = False
        self.total = total
        job = self.job
        if job is not None and job.kind == "instant" and not job.done:
            job.total_attempts = total

    def progress(self) -> float | None:
        """How far the whole run is, 0 to 1 (attempts so far over ``total``), or None when unknown."""
        total = self.total
        if total is None:
            return None
        return min(max(self.timeline.counters.attempts / max(total, 1), 0.0), 1.0)

    def _run(self, job: Job, on_done: Callable[[Job], None] | None) -> None:
        timeline = self.timeline
        if job.kind == "instant":  # the total comes from the engine while the events already run
            job.total_attempts = self.total
            self.estimate()
        while not self._cancel.is_set():
            with self.lock:
                if job.kind == "next":
                    before = timeline.cursor
                    job.found = timeline.advance_until(lambda e: type(e) is Solution, CHUNK)
                    job.applied += timeline.cursor - before
                    if job.found or timeline.finished:
                        break
                else:
                    applied = timeline.step(CHUNK)
                    job.applied += applied
                    if applied < CHUNK:
                        break
            time.sleep(0)  # let the UI thread take the lock
        job.cancelled = self._cancel.is_set()
        job.seconds = time.perf_counter() - job.started
        job.done = True
        if on_done is not None:
            on_done(job)
