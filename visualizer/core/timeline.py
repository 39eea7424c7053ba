"""The time-keeping core: applies a solver's events, keeps counters, steps back, seeks.

Pure Python, no pygame. The window, the headless mode and the tests all drive
the same object.

Seeking. For an algorithm whose generator resumes from a checkpoint (``spec.resumer``),
the timeline stands at any event index of the run, whatever its length, in
bounded memory: the event log is a cache of the events near the cursor
(``SEEK_LOG_CAPACITY``), and a jump goes to the nearest checkpoint (board,
counters and the walk's state, one at least every ``CHECKPOINT_EVERY`` events
the timeline or the engine passed, ``REPLAY_CHECKPOINT_EVERY`` without the engine),
walks the engine from there to a little
before the target where the engine models the algorithm (``spec.engine_seeks``),
resumes the generator there and replays the stretch left unheard, so step back
keeps working from the new place. Without the engine the generator replays the
whole way from the checkpoint, at its own speed. The run's
solutions are recorded as they are passed (the first ``MAX_KEPT_SOLUTIONS``), so
``solutions`` stays exact. Other algorithms (local search, construction) keep
their whole log (10^7 events): the timeline keeps a snapshot of the board and
counters every ``SNAPSHOT_EVERY`` events it passes, and a far seek lands on the
latest snapshot before the target and replays the log from there, unheard (back
past the log's start, by replaying from the beginning).

Listeners hear every event applied or undone by ``step``/``back``; a jump instead
calls the seek listeners once, after it (``Follower.on_seek``).

A run that fails part-way (a student's search whose stream raises ``SolverError`` after its good
events) keeps those events: the run ends there, ``failure`` says where and why
(``visualizer/core/failure.py``), and step back, seek and the views work over what was kept.

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

import contextlib
import sys
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from itertools import compress, islice
from typing import Any

from solvers.counters import Counters
from solvers.engine import CancelFlag
from solvers.errors import SolverError
from solvers.events import Arriving, BoardState, Event
from solvers.registry import AlgorithmSpec
from solvers.resume import Checkpoint
from visualizer.core.eventlog import EventLog
from visualizer.core.failure import Failure
from visualizer.core.until import Until

#: Hears each event applied (+1) or undone (-1), every one, in order. Events are applied in
#: batches: read the timeline's board, counters and cursor after ``step`` returns, not from a
#: listener (while it hears a batch they already include the whole batch).
Listener = Callable[[Event, int], None]
#: Called with no argument after ``Timeline.reset`` (reset listeners) or after a jump (seek listeners).
ResetListener = Callable[[], None]
#: Solutions kept for the gallery; past this, they are counted, not kept.
MAX_KEPT_SOLUTIONS = 10_000
#: Events taken from the solver at a time: at most PULL, at least MIN_PULL (so that stepping one
#: event at a time does not pay numpy's per-call cost for each).
PULL = 4096
MIN_PULL = 64
#: The event log of a seekable run is a cache of this many events near the cursor (16 MB).
SEEK_LOG_CAPACITY = 1 << 20
#: The engine leaves a checkpoint at least this often on its walks: the longest walk a later seek makes.
CHECKPOINT_EVERY = 1 << 18
#: Without the engine the timeline keeps one this often: the longest replay (Python speed) of a seek.
REPLAY_CHECKPOINT_EVERY = 1 << 16
#: A run without checkpoints (its whole log kept) keeps a snapshot this often: the longest replay of a seek.
SNAPSHOT_EVERY = 1 << 14
#: A seek or Next solution lands this many events before its target and replays them (the log holds
#: them for step back and the narration); few, as the replay runs at the generator's speed.
LANDING = 256
#: Stepping back past the log's start lands this many events before the target: the next steps stay in it.
BACK_WINDOW = 4096
#: Targets this close to the cursor are reached by stepping (listeners hear each event) instead of a jump.
NEAR = 20_000


class RunBoard(BoardState):
    """A timeline's board: the queens, and the run's solutions up to the cursor, the first
    ``MAX_KEPT_SOLUTIONS`` kept (``solutions``) and all counted (``passed``)."""

    __slots__ = ("passed", "solutions")

    def __init__(self, queens: list[int | None], solutions: list[tuple[int, ...]], passed: int) -> None:
        super().__init__(queens)
        self.solutions = solutions
        self.passed = passed

    def solved(self, queens: tuple[int, ...], sign: int) -> None:
        if sign > 0:
            self.passed += 1
            if len(self.solutions) < MAX_KEPT_SOLUTIONS:
                self.solutions.append(queens)
            return
        if len(self.solutions) == self.passed:  # this one was kept
            self.solutions.pop()
        self.passed -= 1


class Timeline:
    """An event log with a cursor: events before it are applied to the board."""

    def __init__(
        self,
        spec: AlgorithmSpec,
        n: int,
        *,
        first: bool = False,
        by_columns: bool = False,
        log_capacity: int | None = None,
    ) -> None:
        spec.check_n(n)
        self.spec = spec
        self.n = n
        self._options: dict[str, Any] = {"first": first, "by_columns": by_columns}  # solve()'s
        #: whether this timeline jumps by way of checkpoints (its generator resumes from one)
        self.seekable = spec.resumer is not None
        #: whether the engine walks between checkpoints (else the generator replays, unheard)
        self.engine_walks = spec.engine_seeks
        if log_capacity is None:
            log_capacity = SEEK_LOG_CAPACITY if self.seekable else 10_000_000
        self._log_capacity = log_capacity
        self.listeners: list[Listener] = []
        self.reset_listeners: list[ResetListener] = []
        self.seek_listeners: list[ResetListener] = []
        # facts about the run, kept across resets: checkpoints by index, the solutions in order
        # (the first MAX_KEPT_SOLUTIONS), and the number of events once known
        self._marks: list[Checkpoint] = [spec.start_checkpoint(n)] if self.seekable else []
        self._found: list[tuple[int, ...]] = []
        self._total: int | None = None
        #: how the run ended badly, once it did (kept across resets, as its total is: a run again
        #: stops at the same event, where the failure is said)
        self.failure: Failure | None = None
        self._snapshots: list[Checkpoint] = []  # a run without checkpoints: moments of its log
        self._source: Iterator[Event] | None = None
        self.reset()

    def reset(self) -> None:
        """Back to the empty board before the first event, history cleared; tells the reset listeners."""
        self._close_source()
        self._source = self.spec.solve(self.n, **self._options)
        self.log = EventLog(self._log_capacity)
        self.cursor = 0
        self.board = RunBoard([None] * self.n, [], 0)
        self.counters = Counters()
        self.last: Event | None = None
        self._base: Checkpoint | None = self._marks[0] if self.seekable else None  # the board at log.start
        self._snapshots = [] if self.seekable else [Checkpoint(0, (None,) * self.n, Counters(), ())]
        for listener in self.reset_listeners:
            listener()

    # -- reading -------------------------------------------------------------

    @property
    def queens(self) -> list[int | None]:
        """The column of each row's queen (None: empty), after the events before the cursor."""
        return self.board.queens

    @property
    def solutions(self) -> list[tuple[int, ...]]:
        """The solutions before the cursor, in order (the first ``MAX_KEPT_SOLUTIONS``)."""
        return self.board.solutions

    @property
    def exhausted(self) -> bool:
        """Whether the solver has yielded its last event."""
        return self._source is None or self.log.end == self._total

    @property
    def finished(self) -> bool:
        """Whether every event of the run has been applied."""
        return self.exhausted and self.cursor == self.log.end

    @property
    def event_index(self) -> int:
        """Events applied so far (the cursor)."""
        return self.cursor

    @property
    def instant(self) -> bool:
        """Whether ``finish`` and ``survey`` answer from the engine in about the time of
        ``nqueens count`` (the engine walks this algorithm at this n); else they may take long."""
        return self.engine_walks and self.spec.engine_answers(self.n)

    @property
    def event_total(self) -> int | None:
        """Events in the whole run, once known (the run was walked to its end), else None."""
        return self._total

    @property
    def walked_attempts(self) -> int:
        """Attempts of the furthest moment known: the cursor's, or the engine's latest checkpoint
        (how far a running ``survey`` has got; progress of a long instant result)."""
        furthest = self._marks[-1].counters.attempts if self._marks else 0
        return max(self.counters.attempts, furthest)

    @property
    def depth(self) -> int:
        """Queens on the board."""
        return sum(c is not None for c in self.queens)

    @property
    def log_base(self) -> Checkpoint | None:
        """The checkpoint the log starts at (a seekable timeline's start or last jump), or None
        once the log's cache has dropped it."""
        base = self._base
        return base if base is not None and base.index == self.log.start else None

    @property
    def history_start(self) -> int:
        """The earliest cursor position step back can reach."""
        return self.log.start

    # -- moving --------------------------------------------------------------

    def _pull(self, count: int) -> list[Event]:
        """Take up to ``count`` new events from the solver and log them (for step back). A solver
        that fails (``SolverError``) ends the run after the events it gave: they are kept, and
        ``failure`` says why."""
        events: list[Event] = []
        failed: SolverError | None = None
        if self._source is not None:
            take = events.append
            try:
                for event in islice(self._source, count):
                    take(event)
            except SolverError as error:  # the events before it stay taken
                failed = error
        if failed is not None or len(events) < count:
            self._close_source()
            self._total = self.log.end + len(events)
            if failed is not None:
                self.failure = Failure(self._total, failed)
        self.log.extend(events)
        if self._total is not None and self.log.end >= self._total:
            self._close_source()  # a run again, stopped where the first one ended: nothing more is read
        return events

    def _close_source(self) -> None:
        """Stop the solver (a student's search: its process) and forget it."""
        source, self._source = self._source, None
        _close(source)

    def close(self) -> None:
        """Stop the solver for good (the window closed this run): what was applied stays readable,
        the run is not taken for finished; it is not to be moved any more."""
        _close(self._source)

    def _apply(self, event: Event) -> None:
        """Apply one event: board, kept solutions, counters, then the listeners hear it."""
        self._move((event,))
        self.counters.apply(event)
        for listener in self.listeners:
            listener(event, 1)

    def _move(self, events: Sequence[Event]) -> None:
        """The board and the kept solutions after ``events``."""
        board = self.board
        for event in events:
            event.apply(board)

    def _undo(self, event: Event) -> None:
        event.undo(self.board)
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
        try:
            return self._forward_events(k, stop)
        finally:
            self._record_solutions()

    def _record_solutions(self) -> None:
        """Add the solutions seen for the first time to the run's record."""
        if len(self.solutions) > len(self._found):
            self._found.extend(self.solutions[len(self._found) :])

    def _forward_events(self, k: int, stop: Callable[[Event], bool] | None) -> tuple[int, bool]:
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
            batch = min(max(want, MIN_PULL), PULL)
            if isinstance(self._source, Arriving):  # never wait for more than was asked
                batch = max(min(want, PULL), min(batch, self._source.ready()))
            events = self._pull(batch)
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
            every = CHECKPOINT_EVERY if self.engine_walks else REPLAY_CHECKPOINT_EVERY
            if self.seekable and self.cursor >= self._marks[-1].index + every:
                self._mark_within(events)
            elif not self.seekable and self.cursor >= self._snapshots[-1].index + SNAPSHOT_EVERY:
                self._record_solutions()
                here = Checkpoint(self.cursor, tuple(self.queens), replace(self.counters), ())
                self._snapshots.append(here)
            self.last = events[-1]
            done += take
            if met:
                return done, True
        return done, False

    def step(self, k: int = 1) -> int:
        """Apply up to ``k`` events (replaying history first); returns how many."""
        return self._forward(k)[0]

    def ready(self, k: int) -> int:
        """How many of the next ``k`` events apply without waiting for the solver: ``k``, except
        for a source still working on them (a student's search in its own process)."""
        logged = self.log.end - self.cursor
        if logged >= k or not isinstance(self._source, Arriving):
            return k
        return min(k, logged + self._source.ready())

    def back(self, k: int = 1) -> int:
        """Undo up to ``k`` events; returns how many. A seekable timeline goes back past the
        log's start by a jump (the seek listeners hear it); others stop at ``history_start``."""
        if self.seekable and max(0, self.cursor - k) < self.log.start:
            before = self.cursor
            self._jump(max(0, self.cursor - k), BACK_WINDOW)
            return before - self.cursor
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

    def next_solution(self, limit: int | None = None, *, jump: bool = False) -> bool:
        """Apply events up to and including the next Solution; True when one was reached.

        With ``jump`` a seekable timeline asks the engine where the next Solution is and
        jumps right after it (the seek listeners hear it; ``limit`` is ignored), at any
        distance; others step as without it.
        """
        if not (jump and self.engine_walks):
            return self.advance_until(lambda e: e.solved() is not None, limit)
        end = self.solution_end(self.counters.solutions + 1)
        self.seek(sys.maxsize if end is None else end)
        return end is not None

    def next_solution_end(self) -> int | None:
        """The event index right after the next solution (None: none, or not the engine's to say)."""
        return self.solution_end(self.counters.solutions + 1) if self.engine_walks else None

    def solution_end(self, number: int) -> int | None:
        """The event index right after the run's ``number``-th Solution (1-based), from the engine
        without moving; None when the run has fewer. Only where the engine walks the algorithm."""
        if not self.engine_walks:
            raise ValueError(f"{self.spec.name} is not walked by the engine")
        here = self._here()
        start = max(
            (m for m in (*self._marks, here) if m is not None and m.counters.solutions < number),
            key=lambda m: m.index,
        )
        reached, _ = self._walk(start, solution=number)
        return reached.index if reached.counters.solutions >= number else None

    def finish(self, cancel: CancelFlag | None = None) -> None:
        """Stand at the end of the run. The engine answers where it walks the algorithm; a
        seekable timeline otherwise runs its generator to the end unheard (the seek listeners
        hear one jump either way); others apply every remaining event. Raises ``Cancelled``
        (the timeline unmoved) once ``cancel`` is set between two engine walks."""
        if not self.seekable:
            self.run_to_end()
        elif not self.engine_walks:
            self._jump(sys.maxsize)
        else:
            self.seek(self.survey(cancel))

    def survey(self, cancel: CancelFlag | None = None) -> int:
        """Walk the engine to the end of the run without moving (a seekable timeline): returns
        the run's total (``event_total`` from now on) and leaves checkpoints all along it, so
        that every later seek is short. Raises ``Cancelled`` once ``cancel`` is set."""
        if not self.engine_walks:
            raise ValueError(f"{self.spec.name} is not walked by the engine: run it to the end instead")
        self._walk(self._mark_before(self._total or sys.maxsize), cancel=cancel)
        assert self._total is not None  # the walk reached the end
        return self._total

    def walk_to(self, k: int, cancel: CancelFlag | None = None) -> None:
        """Walk the engine toward event index ``k`` (or the run's end) without moving, leaving
        checkpoints all along, so that ``seek(k)`` after it is short (a far seek on the worker
        thread, outside the lock). Raises ``Cancelled`` once ``cancel`` is set."""
        if not self.engine_walks:
            raise ValueError(f"{self.spec.name} is not walked by the engine")
        self._walk(self._mark_before(k), event=k, cancel=cancel)

    def walked_share(self, k: int) -> float:
        """How much of the way to event index ``k`` (or the run's end) the engine's checkpoints
        cover, 0 to 1: the progress of ``walk_to``."""
        goal = k if self._total is None else min(k, self._total)
        furthest = self._marks[-1].index if self._marks else self.cursor
        return 1.0 if goal <= 0 else min(furthest / goal, 1.0)

    def seek(self, k: int) -> int:
        """Stand at event index ``k`` (clamped to the run), exactly where ``step(k)`` from the
        start would: same board, counters, solutions and ``last``. Returns the index reached.

        Near the cursor it steps or steps back (listeners hear every event); further away a
        seekable timeline jumps (the seek listeners hear it once), others replay.
        """
        k = max(0, k if self._total is None else min(k, self._total))
        if not self.seekable:
            self._seek_in_log(k)
        elif k >= self.cursor and k - self.cursor <= NEAR:
            self.step(k - self.cursor)
        elif self.log.start <= k < self.cursor and self.cursor - k <= NEAR:
            self.back(self.cursor - k)
        else:
            self._jump(k)
        return self.cursor

    def _seek_in_log(self, k: int) -> None:
        """A run without checkpoints: step or step back when that is near (or shortest), else
        land on the latest snapshot before ``k`` in the log and replay unheard from there."""
        snapshot = self._snapshot_before(k)
        if k >= self.cursor:
            walk = k - self.cursor
        else:
            walk = self.cursor - k if k >= self.log.start else sys.maxsize
        land = k - snapshot.index if snapshot is not None else sys.maxsize
        if walk < sys.maxsize and (walk <= NEAR or walk <= land):
            if k >= self.cursor:
                self.step(k - self.cursor)
            else:
                self.back(self.cursor - k)
        elif snapshot is not None:
            self._land(snapshot, k)
        else:  # before the log's start: replay from the beginning
            self.reset()
            self.step(k)

    def _snapshot_before(self, k: int) -> Checkpoint | None:
        """The latest snapshot at or before ``k`` whose moment the log still holds."""
        at = bisect_right([s.index for s in self._snapshots], k) - 1
        snapshot = self._snapshots[at] if at >= 0 else None
        if snapshot is None or not self.log.start <= snapshot.index <= self.log.end:
            return None
        return snapshot

    def _land(self, snapshot: Checkpoint, k: int) -> None:
        """Stand at ``snapshot``, replay the log unheard to ``k``; then the seek listeners hear it."""
        at = snapshot.index
        last = self.log.get(at - 1, snapshot.queens) if at > self.log.start else None
        self._stand(snapshot, last)
        self._replay_unheard(k)

    def replay(self, listener: Listener) -> None:
        """Tell ``listener`` every event applied so far, from the first, in order (read-only).

        From the log when it holds them all; otherwise the generator runs again from the
        start, which costs time in proportion to the cursor (its Solutions carry their queens,
        the board then, as those from the log do).
        """
        if self.log.start == 0:
            for index in range(self.cursor):
                listener(self.log.get(index), 1)
            return
        for event in islice(self.spec.solve(self.n, **self._options), self.cursor):
            listener(event, 1)

    # -- jumping ---------------------------------------------------------------

    def _here(self) -> Checkpoint | None:
        """The checkpoint at the cursor, or None when the walk has none there."""
        if self._base is not None and self.cursor == self._base.index:
            return self._base
        if self.cursor == 0:
            return self.spec.start_checkpoint(self.n)
        if self.last is None:
            return None
        state = self.spec.state_after(self.n, self.queens, self.last, by_columns=self._options["by_columns"])
        if state is None:
            return None
        return Checkpoint(self.cursor, tuple(self.queens), replace(self.counters), state)

    def _mark_within(self, events: list[Event]) -> None:
        """Keep a checkpoint at the last moment of ``events`` (just applied, ending at the
        cursor) that is one, when every solution before it is recorded."""
        self._record_solutions()
        board, index = BoardState(list(self.queens)), self.cursor
        for event in reversed(events):
            state = self.spec.state_after(self.n, board.queens, event, by_columns=self._options["by_columns"])
            if state is not None:
                counters = replace(self.counters)
                later = self.log.tally(index, self.cursor)
                for name, value in later.as_dict().items():
                    setattr(counters, name, getattr(counters, name) - value)
                if len(self._found) >= min(counters.solutions, MAX_KEPT_SOLUTIONS):
                    self._remember(Checkpoint(index, tuple(board.queens), counters, state))
                return
            event.undo(board)
            index -= 1

    def _mark_before(self, k: int) -> Checkpoint:
        """The latest known checkpoint not past ``k``."""
        return self._marks[bisect_right([m.index for m in self._marks], k) - 1]

    def _remember(self, checkpoint: Checkpoint) -> None:
        indices = [m.index for m in self._marks]
        at = bisect_right(indices, checkpoint.index)
        if indices[at - 1] != checkpoint.index:
            self._marks.insert(at, checkpoint)

    def _walk(
        self,
        start: Checkpoint,
        event: int | None = None,
        solution: int | None = None,
        cancel: CancelFlag | None = None,
    ) -> tuple[Checkpoint, bool]:
        """The engine's walk from ``start`` to event index ``event``, the run's ``solution``-th
        Solution or the end, in legs of at most ``CHECKPOINT_EVERY`` events, each leg's end kept
        as a checkpoint and each new solution recorded on the way."""
        reached, ended = self.spec.engine_walk(
            self.n,
            start,
            first=self._options["first"],
            by_columns=self._options["by_columns"],
            event=event,
            solution=solution,
            collect=self._found,
            keep=MAX_KEPT_SOLUTIONS,
            cancel=cancel,
            leg=CHECKPOINT_EVERY,
            on_leg=self._remember,
        )
        if ended:
            self._total = reached.index
        return reached, ended

    def _jump(self, k: int, window: int | None = None) -> None:
        """Stand at ``k`` by way of a checkpoint: the engine walks to ``window`` events before it
        (``LANDING``), the generator resumes there and the rest is replayed unheard; then the seek
        listeners hear it."""
        window = LANDING if window is None else window
        land = max(0, k - window)
        base = self._mark_before(land)
        if self.engine_walks:
            base, ended = self._walk(base, event=land)
            if ended and base.index > 0:  # the run ends before the landing: land before its end
                k = base.index
                land = max(0, k - window)
                base, _ = self._walk(self._mark_before(land), event=land)
        self.log = EventLog(self._log_capacity, start=base.index)
        self._source = self.spec.resume(self.n, base, **self._options)
        self._base = base
        self._stand(base, None)
        self._replay_unheard(k)

    def _stand(self, moment: Checkpoint, last: Event | None) -> None:
        """The cursor, board, kept solutions and counters of ``moment`` (the log holds what follows)."""
        self.cursor = moment.index
        kept = self._found[: min(moment.counters.solutions, MAX_KEPT_SOLUTIONS)]
        self.board = RunBoard(list(moment.queens), kept, moment.counters.solutions)
        if moment.index > 0 and self.log.start == 0 and len(self.log) > 0:
            # what the first event set up holds all run (a constrained run's Setup: its holes and
            # given queens), and a moment keeps only the queens
            start = BoardState([None] * self.n)
            self.log.get(0).apply(start)
            self.board.constrain(tuple(start.given), tuple(start.blocked), 1)
        self.counters = replace(moment.counters)
        self.last = last

    def _replay_unheard(self, k: int) -> None:
        """Step to ``k`` without the listeners, then tell the seek listeners once."""
        listeners, self.listeners = self.listeners, []
        try:
            self.step(k - self.cursor)
        finally:
            self.listeners = listeners
        for listener in self.seek_listeners:
            listener()

    def run_to_end(self, limit: int | None = None) -> bool:
        """Apply every remaining event (at most ``limit``); True when finished."""
        self.advance_until(lambda e: False, limit)
        return self.finished

    def peek(self, stop: Callable[[Event], bool], limit: int) -> list[Event]:
        """The coming events, from the cursor up to and including the first that ``stop`` accepts
        (at most ``limit``), pulled into the log but not applied: the board does not move, and the
        next steps replay them. A Solution among them carries no queens (the log keeps none)."""
        events: list[Event] = []
        index = self.cursor
        while len(events) < limit:
            if index >= self.log.end and not self._pull(MIN_PULL):
                break
            event = self.log.get(index)
            events.append(event)
            index += 1
            if stop(event):
                break
        return events


def _close(source: object) -> None:
    """Stop a solver: its generator, or a student's search's process (``EventStream.close``). A
    generator still running on a worker that did not stop in time is left to end with it."""
    close = getattr(source, "close", None)
    if callable(close):
        with contextlib.suppress(ValueError):  # "generator already executing"
            close()
