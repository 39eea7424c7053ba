"""The scrub bar under the board, as data: where the run stands, its total, the bookmark ticks,
the failure of a run that ended badly, and which event index a point of the bar means. No pygame
(``visualizer/render/scrub.py`` draws it).

The run's total is what the timeline knows (``event_total``), else a ``TotalProbe``'s answer:
the engine surveys a twin of the run on a thread of its own, never on the draw path.

>>> bar = Scrub(index=250, total=1000, ticks=(100, 900))
>>> bar.fraction, bar.tick_fractions, bar.current
(0.25, (0.1, 0.9), None)
>>> Scrub(index=400, total=None, ticks=(100,)).span  # not known yet: what is known and a quarter more
500
>>> failed = Scrub(index=23, total=23, failures=(23,))  # the search failed after its 23rd event
>>> failed.failure_fractions, failed.at_failure
((1.0,), True)
>>> index_at(60, left=10, width=200, total=1000)
250
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass

from solvers.engine import CancelFlag, Cancelled


@dataclass(frozen=True)
class Scrub:
    """One frame's scrub bar: the event index, the run's total (None: not known yet) and the
    event indices to mark on it (the lessons' bookmarks). The bar spans the whole run once its
    total is known; before that, what is known of it and a quarter more (``span``)."""

    index: int
    total: int | None
    ticks: tuple[int, ...] = ()
    marks: tuple[int, ...] = ()  # indices marked as mistakes (exercise mode: the wrong own moves)
    unit: str = "scrub"  # the i18n key of its label ("Event k of total"; exercise: "Move k of total")
    #: where a run failed (a student's search): the event index after its last good event
    failures: tuple[int, ...] = ()

    @property
    def failure_fractions(self) -> tuple[float, ...]:
        """The failures' places on the bar, 0 to 1."""
        return tuple(min(max(f / self.span, 0.0), 1.0) for f in self.failures)

    @property
    def at_failure(self) -> bool:
        """Whether the run stands at a failure (the label says so)."""
        return self.index in self.failures

    @property
    def mark_fractions(self) -> tuple[float, ...]:
        """The mistake marks' places on the bar, 0 to 1 (a mark stands at the end of its move)."""
        return tuple(min(max(m / self.span, 0.0), 1.0) for m in self.marks)

    @property
    def span(self) -> int:
        """Events the bar's length stands for."""
        if self.total is not None:
            return max(self.total, 1)
        return round(max(self.index, *self.ticks, *self.failures, 1) * 1.25)

    @property
    def fraction(self) -> float:
        """Where the knob stands, 0 to 1."""
        return min(max(self.index / self.span, 0.0), 1.0)

    @property
    def tick_fractions(self) -> tuple[float, ...]:
        """The ticks' places on the bar, 0 to 1."""
        return tuple(min(max(t / self.span, 0.0), 1.0) for t in self.ticks)

    @property
    def current(self) -> int | None:
        """Which tick the run stands on (its position in ``ticks``), if any."""
        return next((i for i, tick in enumerate(self.ticks) if tick == self.index), None)


def index_at(x: float, *, left: float, width: float, total: int) -> int:
    """The event index at ``x`` on a bar from ``left`` spanning ``width`` over ``total`` events
    (clamped to the bar: a drag past either end means the start or the end)."""
    fraction = min(max((x - left) / max(width, 1.0), 0.0), 1.0)
    return round(fraction * total)


class ScrubDrag:
    """A press on the bar seeks, a drag with the button held keeps seeking, a release ends it.
    Each call returns the event index to seek to, or None (not on the bar, or no change)."""

    def __init__(self) -> None:
        self.dragging = False
        self._last: int | None = None

    def press(self, x: float, y: float, bar: tuple[int, int, int, int], total: int | None) -> int | None:
        left, top, width, height = bar
        if total is None or not (left <= x <= left + width and top <= y <= top + height):
            return None
        self.dragging = True
        self._last = index_at(x, left=left, width=width, total=total)
        return self._last

    def move(self, x: float, bar: tuple[int, int, int, int], total: int | None) -> int | None:
        if not self.dragging or total is None:
            return None
        index = index_at(x, left=bar[0], width=bar[2], total=total)
        if index == self._last:
            return None
        self._last = index
        return index

    def release(self) -> None:
        self.dragging = False
        self._last = None


class TotalProbe:
    """Works out a run's total on a daemon thread: ``work(cancel)`` (a survey of a twin of the
    run, so the shown one is never touched); ``total`` is None until it answers. ``owner`` is
    the run it is about (a new run needs a new probe)."""

    def __init__(self, work: Callable[[CancelFlag], int], owner: object) -> None:
        self.owner = owner
        self.total: int | None = None
        self.waited = False  # a press on the scrub bar waited for it once (never again: the UI answers)
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[CancelFlag], int]) -> None:
        with contextlib.suppress(Cancelled):
            self.total = work(self._cancel)

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the answer; True once the thread has ended."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def cancel(self) -> None:
        self._cancel.set()
