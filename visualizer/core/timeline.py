"""The time-keeping core: applies a solver's events, keeps counters, steps back.

Pure Python, no pygame. The window, the headless mode and the tests all drive
the same object:

>>> from solvers import registry
>>> timeline = Timeline(registry.get("backtracking"), 8)
>>> timeline.next_solution()
True
>>> timeline.counters.attempts, timeline.queens
(876, [0, 4, 7, 5, 2, 6, 1, 3])
>>> steps = timeline.back(timeline.cursor)
>>> timeline.counters.attempts, timeline.depth, timeline.cursor
(0, 0, 0)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from itertools import compress, islice

from solvers.counters import Counters
from solvers.events import Backtrack, Conflict, Event, Place, Repair, Solution
from solvers.registry import AlgorithmSpec
from visualizer.core.eventlog import EventLog
from visualizer.core.until import Until

#: Hears each event applied (+1) or undone (-1), every one, in order. Events are applied in
#: batches: read the timeline's board, counters and cursor after ``step`` returns, not from a
#: listener (while it hears a batch they already include the whole batch).
Listener = Callable[[Event, int], None]
#: Called with no argument after ``Timeline.reset``.
ResetListener = Callable[[], None]
#: Solutions kept for the gallery; past this, they are counted, not kept.
MAX_KEPT_SOLUTIONS = 10_000
#: Events taken from the solver at a time: at most PULL, at least MIN_PULL (so that stepping one
#: event at a time does not pay numpy's per-call cost for each).
PULL = 4096
MIN_PULL = 64


class Timeline:
    """An event log with a cursor: events before it are applied to the board."""

    def __init__(
        self,
        spec: AlgorithmSpec,
        n: int,
        *,
        first: bool = False,
        by_columns: bool = False,
        log_capacity: int = 10_000_000,
    ) -> None:
        spec.check_n(n)
        self.spec = spec
        self.n = n
        self._options = {"first": first, "by_columns": by_columns}
        self._log_capacity = log_capacity
        self.listeners: list[Listener] = []
        self.reset_listeners: list[ResetListener] = []
        self.reset()

    def reset(self) -> None:
        """Back to the empty board before the first event, history cleared; tells the reset listeners."""
        self._source: Iterator[Event] | None = self.spec.solve(self.n, **self._options)
        self.log = EventLog(self._log_capacity)
        self.cursor = 0
        self.queens: list[int | None] = [None] * self.n
        self.counters = Counters()
        self.solutions: list[tuple[int, ...]] = []
        self.last: Event | None = None
        for listener in self.reset_listeners:
            listener()

    # -- reading -------------------------------------------------------------

    @property
    def exhausted(self) -> bool:
        """Whether the solver has yielded its last event."""
        return self._source is None

    @property
    def finished(self) -> bool:
        """Whether every event of the run has been applied."""
        return self.exhausted and self.cursor == self.log.end

    @property
    def depth(self) -> int:
        """Queens on the board."""
        return sum(c is not None for c in self.queens)

    @property
    def history_start(self) -> int:
        """The earliest cursor position step back can reach."""
        return self.log.start

    # -- moving --------------------------------------------------------------

    def _pull(self, count: int) -> list[Event]:
        """Take up to ``count`` new events from the solver and log them (for step back)."""
        events = list(islice(self._source, count)) if self._source is not None else []
        if len(events) < count:
            self._source = None
        self.log.extend(events)
        return events

    def _apply(self, event: Event) -> None:
        """Apply one event: board, kept solutions, counters, then the listeners hear it."""
        self._move((event,))
        self.counters.apply(event)
        for listener in self.listeners:
            listener(event, 1)

    def _move(self, events: Sequence[Event]) -> None:
        """The board and the kept solutions after ``events``."""
        queens, solutions = self.queens, self.solutions
        for event in events:
            kind = type(event)
            if kind is Conflict:
                continue
            if kind is Place:
                queens[event.row] = event.col  # type: ignore[union-attr]
            elif kind is Backtrack:
                queens[event.row] = None  # type: ignore[union-attr]
            elif kind is Repair:
                queens[event.row] = event.new  # type: ignore[union-attr]
            elif kind is Solution and len(solutions) < MAX_KEPT_SOLUTIONS:
                solutions.append(event.queens)  # type: ignore[union-attr]

    def _undo(self, event: Event) -> None:
        kind = type(event)
        if kind is Place:
            self.queens[event.row] = None  # type: ignore[union-attr]
        elif kind is Backtrack:
            self.queens[event.row] = event.col  # type: ignore[union-attr]
        elif kind is Repair:
            self.queens[event.row] = event.old  # type: ignore[union-attr]
        elif kind is Solution and len(self.solutions) == self.counters.solutions:
            self.solutions.pop()
        self.counters.undo(event)
        for listener in self.listeners:
            listener(event, -1)

    def _forward(self, k: int, stop: Callable[[Event], bool] | None = None) -> tuple[int, bool]:
        """Apply up to ``k`` events, replaying history first, until one satisfies ``stop``;
        returns (events applied, whether ``stop`` was met).

        New events come from the solver in batches of at least ``MIN_PULL``, logged and
        counted from the packed words (``EventLog.tally``), then applied together: the board, the
        counters, and every listener hears every event in order. Events past ``k`` or past
        the stop wait in the log and are replayed next time.
        """
        done = 0
        while done < k:
            if self.cursor < self.log.end:  # replay, one event at a time
                event = self.log.get(self.cursor, self.queens)
                self._apply(event)
                self.cursor += 1
                self.last = event
                done += 1
                if stop is not None and stop(event):
                    return done, True
                continue
            want = k - done
            events = self._pull(min(max(want, MIN_PULL), PULL))
            if not events:
                break
            take, met = min(want, len(events)), False
            if stop is not None:
                hit = next(compress(range(take), map(stop, events[:take])), None)
                if hit is not None:
                    take, met = hit + 1, True
            if take < len(events):  # the rest waits in the log
                events = events[:take]
            self._move(events)
            self.counters.add(self.log.tally(self.cursor, self.cursor + take))
            for listener in self.listeners:
                for event in events:
                    listener(event, 1)
            self.cursor += take
            self.last = events[-1]
            done += take
            if met:
                return done, True
        return done, False

    def step(self, k: int = 1) -> int:
        """Apply up to ``k`` events (replaying history first); returns how many."""
        return self._forward(k)[0]

    def back(self, k: int = 1) -> int:
        """Undo up to ``k`` events (not past ``history_start``); returns how many."""
        done = 0
        while done < k and self.cursor > self.log.start:
            self.cursor -= 1
            self._undo(self.log.get(self.cursor, self.queens))
            done += 1
        self.last = self.log.get(self.cursor - 1, self.queens) if self.cursor > self.log.start else None
        return done

    def advance_until(self, stop: Callable[[Event], bool], limit: int | None = None) -> bool:
        """Step until an event satisfying ``stop`` is applied (True), the run
        ends, or ``limit`` events were applied (False). An ``Until`` condition is bound to this
        timeline first (``visualizer/core/until.py``)."""
        if isinstance(stop, Until):
            stop = stop.bind(self)
        return self._forward(sys.maxsize if limit is None else limit, stop)[1]

    def next_solution(self, limit: int | None = None) -> bool:
        """Apply events up to and including the next Solution."""
        return self.advance_until(lambda e: type(e) is Solution, limit)

    def run_to_end(self, limit: int | None = None) -> bool:
        """Apply every remaining event (at most ``limit``); True when finished."""
        self.advance_until(lambda e: False, limit)
        return self.finished


class Follower:
    """Base of the views kept in step with a timeline (tree, gallery, charts).

    A subclass implements ``on_event(event, sign)`` and ``clear()`` and, in its own
    ``attach``, catches up with what the timeline already applied (``catch_up``)
    before calling ``follow``. A reset of the timeline clears it (``on_reset``).
    """

    timeline: Timeline | None = None

    def on_event(self, event: Event, sign: int) -> None:
        """Apply (sign +1) or undo (sign -1) one event."""
        raise NotImplementedError

    def clear(self) -> None:
        """Back to the state of an empty timeline."""
        raise NotImplementedError

    def on_reset(self) -> None:
        """The timeline was reset: start again from nothing."""
        self.clear()

    def catch_up(self, timeline: Timeline) -> None:
        """Apply, read-only, the events ``timeline`` has applied so far (from its log).

        The timeline does not move. A replayed ``Solution`` carries no queens (the log
        keeps only the board): followers that need them read ``timeline.solutions``.
        """
        log = timeline.log
        for index in range(timeline.history_start, timeline.cursor):
            self.on_event(log.get(index), 1)

    def follow(self, timeline: Timeline) -> None:
        """Hear every event ``timeline`` applies or undoes, and its resets, from now on."""
        self.detach()
        timeline.listeners.append(self.on_event)
        timeline.reset_listeners.append(self.on_reset)
        self.timeline = timeline

    def detach(self) -> None:
        """Stop listening."""
        timeline = self.timeline
        if timeline is not None:
            if self.on_event in timeline.listeners:
                timeline.listeners.remove(self.on_event)
            if self.on_reset in timeline.reset_listeners:
                timeline.reset_listeners.remove(self.on_reset)
        self.timeline = None
