"""The timeline core: apply, undo, counters, next solution, run to end, memory."""

from __future__ import annotations

import collections
import itertools
import random
from dataclasses import dataclass
from typing import ClassVar

import pytest

from solvers import registry
from solvers.algorithms.backtracking import LINE_PLACE
from solvers.board import Board
from solvers.counters import tally
from solvers.events import CODES, Backtrack, Conflict, Event, Place, Repair, Solution
from visualizer.core.eventlog import BYTES_PER_EVENT, CHUNK, EventLog
from visualizer.core.timeline import SEEK_LOG_CAPACITY, Timeline


def timeline(name="backtracking", n=8, **options) -> Timeline:
    return Timeline(registry.get(name), n, **options)


def test_step_applies_events_in_order():
    t = timeline(n=4)
    assert t.step() == 1
    assert t.last == Place(0, 0, LINE_PLACE, True, 3)
    assert t.queens == [0, None, None, None]
    t.step(2)
    assert isinstance(t.last, Conflict) and t.last.blocker == (0, 0)
    assert t.counters.attempts == 3 and t.counters.placements == 1


def test_step_then_back_returns_to_the_empty_start():
    t = timeline()
    assert t.step(40) == 40
    assert t.counters.attempts > 0
    assert t.back(40) == 40
    assert t.counters.as_dict() == dict.fromkeys(t.counters.as_dict(), 0)
    assert t.queens == [None] * 8 and t.cursor == 0 and t.last is None


def test_back_then_forward_replays_the_same_events():
    t = timeline()
    t.step(500)
    seen = [t.log.get(i) for i in range(300, 500)]
    board, counters = list(t.queens), t.counters.as_dict()
    t.back(200)
    t.step(200)
    assert [t.log.get(i) for i in range(300, 500)] == seen
    assert t.queens == board and t.counters.as_dict() == counters


def test_next_solution_stops_on_each_solution(reference):
    ref = reference["n8_counters"]
    t = timeline()
    assert t.next_solution()
    assert t.counters.attempts == ref["backtracking_tests_until_first_solution"]
    assert t.queens == ref["first_solution_rows_to_columns_0_based"]
    assert isinstance(t.last, Solution)
    assert t.next_solution() and t.counters.solutions == 2
    assert t.solutions[1] == tuple(t.queens)


def test_run_to_end_gives_the_totals_and_an_empty_board():
    t = timeline()
    assert t.run_to_end()
    assert (t.counters.attempts, t.counters.placements, t.counters.solutions) == (15720, 2056, 92)
    assert t.finished and t.depth == 0 and len(t.solutions) == 92
    assert not t.next_solution() and t.step() == 0


def test_random_walk_keeps_counters_equal_to_the_events_applied():
    """Random steps and step backs: counters and board always match a fresh
    tally of the first ``cursor`` events."""
    rng = random.Random(7)
    spec = registry.get("permutations-pruned")
    events = list(spec.solve(6))
    t = Timeline(spec, 6)
    for _ in range(300):
        if rng.random() < 0.6:
            t.step(rng.randint(1, 40))
        else:
            t.back(rng.randint(1, 40))
        applied = events[: t.cursor]
        assert t.counters == tally(applied)
        board = Board(6)
        for e in applied:
            if isinstance(e, Place):
                board.place(e.row, e.col)
            elif type(e).__name__ == "Backtrack":
                board.remove(e.row, e.col)
        assert t.queens == board.queens
        assert len(t.solutions) == t.counters.solutions


def test_log_round_trips_every_kind_of_event():
    log = EventLog()
    events = [
        Place(3, 5, 4, True, 3),
        Conflict(2, 1, (0, 7), 3, True, 99999),
        Repair(9, 1, 4, 123456, 2, True, 17),
        Solution((1, 3, 0, 2), 1, False, 0),
    ]
    for e in events:
        log.append(e)
    assert [log.get(i, (1, 3, 0, 2)) for i in range(4)] == events


@dataclass(frozen=True, slots=True)
class Cover(Event):
    """A kind the log has never heard of, with a code past the first 3 bits and fields of its own."""

    CODE: ClassVar[int] = 31
    COUNTER: ClassVar[str | None] = "pruned"
    item: int
    options: int
    line: int = 0
    attempt: bool = False
    checks: int = 0

    def pack(self, record):
        return record(self, self.CODE, self.item, 0, self.options, 7)

    @classmethod
    def unpack(cls, code, row, col, a, b, common, queens):
        return cls(row, a, *common)


def test_a_new_kind_of_event_is_its_class_alone(monkeypatch):
    """Registered in ``CODES`` (as ``event_kind`` does for a module's classes), a new kind is logged,
    given back and counted by the log without a line of it knowing the kind."""
    monkeypatch.setitem(CODES, Cover.CODE, (Cover, Cover.COUNTER))
    events = [Place(0, 1), Cover(5, 123_456, 63, True, 5000), Backtrack(0, 1), Cover(2, 0)]
    log = EventLog()
    log.extend(events)
    assert [log.get(i) for i in range(4)] == events
    assert log.tally(0, 4) == tally(events)
    assert log.tally(0, 4).pruned == 2 and log.tally(0, 4).checks == 5000


def test_lines_of_a_long_file_round_trip_and_never_spill_into_the_row():
    """A student's file has lines past the record's 6 bits: they are kept in a side table (a line
    of 70 had been shifted into the row, so step back put its queen on another row)."""
    events = [Place(3, 2, 70), Conflict(4, 1, (3, 2), 62), Backtrack(3, 2, 63), Place(1, 0, 5000)]
    events += [Solution((1, 3, 0, 2), 64)]
    log = EventLog()
    log.extend(events)
    assert [log.get(i, (1, 3, 0, 2)) for i in range(len(events))] == events


def test_log_memory_budget():
    """16 bytes an event for a real run."""
    log = EventLog()
    for event in registry.get("backtracking").solve(9):
        log.append(event)
    assert log.memory_bytes() == BYTES_PER_EVENT * len(log)


def test_a_log_that_cannot_seek_keeps_ten_million_events_in_160_mb():
    """A run that cannot seek keeps 10^7 events (16 bytes each); a seekable run's log is a
    2^20-event cache. The full 10^7 appends are timed in benchmarks/event_log.py."""
    assert timeline("min-conflicts", n=50).log.capacity == 10_000_000 == EventLog().capacity
    assert timeline("brute-force").log.capacity == SEEK_LOG_CAPACITY
    assert EventLog().capacity * BYTES_PER_EVENT <= 160 * 1000 * 1000


def test_a_full_log_forgets_whole_chunks_of_the_oldest_events():
    """The cap's code path at a size that runs in a second: 4 chunks' worth, then more."""
    cap = 4 * CHUNK
    log = EventLog(cap)
    oldest, newest = Conflict(1, 2, (0, 2), 3, True, 9), Repair(7, 1, 4, 5, 2, True, 70_000)
    log.append(oldest)
    filler = Place(3, 5, 4, True, 3)
    collections.deque(map(log.append, itertools.repeat(filler, cap)), maxlen=0)
    log.append(newest)
    assert log.end == cap + 2
    assert cap - CHUNK < len(log) <= cap, "whole chunks forgotten, no more than needed"
    assert log.start % CHUNK == 0 and log.start > 0
    with pytest.raises(IndexError):
        log.get(0)
    assert log.get(log.start) == filler and log.get(log.end - 1) == newest
    assert log.memory_bytes() == BYTES_PER_EVENT * len(log) <= cap * BYTES_PER_EVENT


def test_log_capacity_forgets_the_oldest_events():
    t = timeline("construction", n=200_000, log_capacity=CHUNK)
    t.step(3 * CHUNK)
    assert len(t.log) <= 2 * CHUNK and t.history_start > 0
    t.back(10 * CHUNK)
    assert t.cursor == t.history_start
    assert t.counters.attempts > 0, "counters keep what was forgotten"


def test_a_seekable_timeline_steps_back_past_its_log_cache():
    t = timeline(n=10, log_capacity=CHUNK)
    assert t.step(3 * CHUNK) == 3 * CHUNK
    assert len(t.log) <= 2 * CHUNK and t.history_start > 0
    assert t.back(3 * CHUNK - 5) == 3 * CHUNK - 5
    assert t.cursor == 5 and t.counters == tally(itertools.islice(registry.get("backtracking").solve(10), 5))


def test_refuses_n_beyond_the_algorithm_limit():
    with pytest.raises(registry.SolverError):
        timeline("brute-force", 9)


def test_scene_marks_the_last_event():
    from visualizer.core.scene import attacked_squares, scene_of

    t = timeline(n=4)
    t.step(2)  # place (0,0), refuse (1,0)
    scene = scene_of(t)
    assert scene.refused == (1, 0) and scene.blocker == (0, 0) and scene.tried == (1, 0)
    assert scene.attacked is not None and scene.attacked[3, 3] and not scene.attacked[0, 0]
    t.next_solution()
    assert scene_of(t).solution_number == 1 and scene_of(t).queens == (1, 3, 0, 2)
    grid = attacked_squares((0, 1, None, None))
    assert grid[0, 0] and grid[1, 1], "two queens on a diagonal attack each other"
    assert grid.tolist() == Board(4, [0, 1, None, None]).attacked()


def _walk(name: str, n: int, steps: list[int]) -> tuple[Timeline, list[tuple[object, int]]]:
    heard: list[tuple[object, int]] = []
    t = timeline(name, n)
    t.listeners.append(lambda event, sign: heard.append((event, sign)))
    for k in steps:
        if k > 0:
            t.step(k)
        else:
            t.back(-k)
    return t, heard


@pytest.mark.parametrize(
    ("name", "n"),
    [("backtracking", 6), ("permutations-pruned", 6), ("min-conflicts", 12), ("backtracking-board", 7)],
)
def test_batched_steps_equal_single_steps(name, n):
    """Large steps (pulled, logged and applied in batches) leave the board, counters, kept
    solutions and what the listeners heard exactly as one event at a time does."""
    total = len(list(registry.get(name).solve(n)))
    plan = [5000, -300, 7, 1, 9000, -4500, 4500, total]
    batched, heard = _walk(name, n, plan)
    single, heard_single = _walk(name, n, [])
    for k in plan:
        for _ in range(abs(k)):
            single.step() if k > 0 else single.back()
    assert batched.cursor == single.cursor and batched.finished
    assert batched.counters == single.counters == tally(registry.get(name).solve(n))
    assert batched.queens == single.queens and batched.solutions == single.solutions
    assert heard == heard_single


def test_next_solution_leaves_the_events_after_it_for_later():
    t, heard = _walk("backtracking", 8, [])
    assert t.next_solution()
    assert t.counters.attempts == 876 and len(heard) == t.cursor  # nothing past the solution applied
    assert t.log.end > t.cursor  # the rest of the batch waits in the log ...
    t.run_to_end()
    assert [event for event, _ in heard] == list(registry.get("backtracking").solve(8))  # ... heard once


def test_log_round_trips_packed_events_with_huge_fields():
    log = EventLog()
    events = [Conflict(1_000_000, 999_999, (16_777_215, 2**39), 63, True, 10**9), Place(0, 0, 0, False, 1023)]
    for e in events:
        log.append(e)
    assert [log.get(i) for i in range(2)] == events
    with pytest.raises(ValueError, match="board too large"):
        log.append(Place(1 << 20, 0))
    assert len(log) == 2


@pytest.mark.parametrize(("name", "n"), [("backtracking", 8), ("brute-force", 6)])
def test_log_gives_back_every_event(name, n):
    """``backtracking`` repeats its event objects (packed once each, remembered), brute force
    makes a new one per event (each packed): either way the log returns each event."""
    events = list(registry.get(name).solve(n))
    t = timeline(name, n)
    t.run_to_end()
    rng = random.Random(3)
    for i in sorted(rng.sample(range(len(events)), 2000)):
        expected = events[i]
        got = t.log.get(i, expected.queens if isinstance(expected, Solution) else ())
        assert got == expected, i
    assert t.counters == tally(events)


def test_log_tally_counts_any_stretch_like_the_events():
    rng = random.Random(11)
    events = []
    for i in range(CHUNK + 5000):  # across a chunk boundary, some checks past the escape
        checks = rng.choice([0, 3, 1022, 1023, 5000, 10**7])
        kind = rng.randrange(5)
        if kind == 0:
            events.append(Place(i % 50, (i * 7) % 50, 4, True, checks))
        elif kind == 1:
            events.append(Conflict(i % 50, 3, (1, 2), 3, True, checks))
        elif kind == 2:
            events.append(Backtrack(i % 50, 5, 6, False, checks))
        elif kind == 3:
            events.append(Solution((0,), 1, False, checks))
        else:
            events.append(Repair(i % 50, 1, 2, 7, 4, True, checks))
    log = EventLog()
    log.extend(events[:1000])
    log.extend(events[1000:])
    for start, stop in [(0, len(events)), (CHUNK - 10, CHUNK + 10), (5, 5), (1234, 4321)]:
        assert log.tally(start, stop) == tally(events[start:stop]), (start, stop)
    with pytest.raises(IndexError):
        log.tally(0, len(events) + 1)
