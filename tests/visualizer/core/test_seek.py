"""Timeline.seek stands exactly where stepping from the start would, for every algorithm."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import registry
from solvers.counters import Counters, tally
from solvers.events import Backtrack, Event, Place, Repair, Solution
from visualizer.core import timeline as timeline_module
from visualizer.core.gallery import Gallery
from visualizer.core.race import Race, is_solution
from visualizer.core.timeline import MAX_KEPT_SOLUTIONS, NEAR, Timeline
from visualizer.core.tree import REPLAY_LIMIT, SearchTree

# Runs long enough that far seeks jump (over NEAR events) for the algorithms that seek.
RUNS = [
    ("backtracking", 9),
    ("backtracking-pairwise", 9),
    ("backtracking-board", 9),
    ("backtracking-iterative", 9),
    ("bitmask", 11),
    ("brute-force", 6),
    ("permutations", 8),
    ("permutations-pruned", 9),
    ("forward-checking", 10),
    ("mrv", 10),
    ("min-conflicts", 30),
    ("construction", 12),
    ("dlx", 10),
]
#: An algorithm added later is walked at n = 8 (or its largest n) until it names a longer run here.
RUNS += [(name, min(8, spec.max_n)) for name, spec in registry.ALGORITHMS.items() if name not in dict(RUNS)]


def test_the_table_covers_every_algorithm_and_long_runs_of_the_seekable_ones():
    assert {name for name, _ in RUNS} == set(registry.ALGORITHMS)
    for name, n in RUNS:
        if registry.get(name).resumer is not None:
            assert sum(1 for _ in registry.get(name).solve(n)) > 3 * NEAR, name


def states_at(name: str, n: int, ks: list[int], **options) -> dict[int, tuple]:
    """(counters, board, solutions kept, last event) after k events, for each k, in one pass."""
    wanted = sorted(set(ks))
    found: dict[int, tuple] = {}
    counters, queens, solutions = Counters(), [None] * n, []
    last: Event | None = None
    events = registry.get(name).solve(n, **options)
    index = 0
    for k in wanted:
        while index < k:
            event = next(events, None)
            if event is None:
                break
            counters.apply(event)
            kind = type(event)
            if kind is Place:
                queens[event.row] = event.col
            elif kind is Backtrack:
                queens[event.row] = None
            elif kind is Repair:
                queens[event.row] = event.new
            elif kind is Solution and len(solutions) < MAX_KEPT_SOLUTIONS:
                solutions.append(event.queens)
            last = event
            index += 1
        found[k] = (index, Counters(**counters.as_dict()), list(queens), list(solutions), last)
    return found


def stands_at(timeline: Timeline, expected: tuple) -> None:
    index, counters, queens, solutions, last = expected
    assert timeline.cursor == timeline.event_index == index
    assert timeline.counters == counters
    assert timeline.queens == queens
    assert timeline.solutions == solutions
    if type(last) is Solution:  # a Solution read back from the log takes the board
        assert type(timeline.last) is Solution
    else:
        assert timeline.last == last


OPTIONS = [
    *((name, n, {}) for name, n in RUNS),
    ("backtracking-board", 9, {"by_columns": True}),
    ("backtracking", 16, {"first": True}),
    ("permutations-pruned", 9, {"first": True}),
]


@pytest.mark.parametrize(("name", "n", "options"), OPTIONS)
def test_random_seeks_then_steps_and_steps_back(name, n, options):
    total = sum(1 for _ in registry.get(name).solve(n, **options))
    rng = random.Random(f"{name}{n}")
    targets = [0, total, total // 2, 1, total - 1, *(rng.randrange(total + 1) for _ in range(12)), 7]
    targets.append(min(3 * NEAR, total))
    plan = [(k, min(k + 3, total), max(0, min(k + 3, total) - 5)) for k in targets]
    expected = states_at(name, n, [k for moves in plan for k in moves], **options)
    timeline = Timeline(registry.get(name), n, **options)
    jumps: list[int] = []
    timeline.seek_listeners.append(lambda: jumps.append(timeline.cursor))
    for k, ahead, behind in plan:
        assert timeline.seek(k) == k
        stands_at(timeline, expected[k])
        timeline.step(3)
        stands_at(timeline, expected[ahead])
        timeline.back(5)
        stands_at(timeline, expected[behind])
    timeline.seek(total + 5)
    stands_at(timeline, expected[total])
    assert timeline.finished
    if total > NEAR + 10:
        assert jumps, "far seeks jump (to a checkpoint, or to a snapshot of the log)"


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 160_000), min_size=1, max_size=6))
def test_seek_equals_step_from_the_start_brute_force(ks):
    expected = states_at("brute-force", 6, ks)
    timeline = Timeline(registry.get("brute-force"), 6)
    for k in ks:
        timeline.seek(k)
        stands_at(timeline, expected[k])


@pytest.mark.parametrize(("name", "n"), [r for r in RUNS if registry.get(r[0]).engine_seeks])
def test_finish_and_the_event_total_come_from_the_engine(name, n):
    events = list(registry.get(name).solve(n))
    timeline = Timeline(registry.get(name), n)
    assert timeline.event_total is None and timeline.instant
    assert timeline.survey() == len(events) == timeline.event_total and timeline.cursor == 0
    timeline.finish()
    assert timeline.finished and timeline.event_total == timeline.cursor == len(events)
    assert timeline.counters == tally(events)
    assert timeline.solutions == [e.queens for e in events if type(e) is Solution][:MAX_KEPT_SOLUTIONS]
    assert len(timeline.log) <= 4096 + 2 * n + 1, "only the stretch before the end was replayed"
    timeline.back(1)
    assert timeline.counters == tally(events[:-1])


@pytest.mark.parametrize(("name", "n"), [r for r in RUNS if registry.get(r[0]).engine_seeks])
def test_seeks_and_next_solution_after_the_end_stay_at_the_end(name, n):
    """Past the run's end (its checkpoint kept by the engine's walk), a seek or Next solution
    stays at the end: same index, counters and total."""
    events = list(registry.get(name).solve(n))
    timeline = Timeline(registry.get(name), n)
    timeline.finish()
    assert timeline.cursor == len(events)
    for move in range(2):
        assert not timeline.next_solution(jump=True)
        assert timeline.seek(len(events) + 1000) == len(events)
        assert timeline.next_solution_end() is None
        assert timeline.event_total == timeline.cursor == len(events), move
        assert timeline.counters == tally(events) and timeline.finished


@pytest.mark.parametrize(
    ("name", "n", "by_columns"),
    [
        ("backtracking", 9, False),
        ("backtracking-iterative", 9, True),
        ("bitmask", 10, False),
        ("brute-force", 6, False),
        ("permutations-pruned", 8, False),
    ],
)
def test_next_solution_by_the_engine_stops_where_stepping_does(name, n, by_columns):
    spec = registry.get(name)
    jumping, stepping = Timeline(spec, n, by_columns=by_columns), Timeline(spec, n, by_columns=by_columns)
    jumping.seek(12_345)
    stepping.step(12_345)
    while True:
        found = stepping.next_solution()
        assert jumping.next_solution(jump=True) == found
        assert (jumping.cursor, jumping.counters, jumping.queens) == (
            stepping.cursor,
            stepping.counters,
            stepping.queens,
        )
        assert jumping.solutions == stepping.solutions
        if not found:
            break


@pytest.mark.parametrize(("name", "n"), [("backtracking", 8), ("permutations", 7), ("dlx", 9)])
def test_listeners_stay_right_after_a_jump(name, n):
    """The tree and the gallery of a timeline that jumped equal those of one that stepped (runs
    the tree replays whole: past ``tree.REPLAY_LIMIT`` it joins the run, tested in test_tree.py)."""
    spec = registry.get(name)
    jumping = Timeline(spec, n)
    tree, gallery = SearchTree(n).attach(jumping), Gallery(n).attach(jumping)
    total = sum(1 for _ in spec.solve(n))
    assert total <= REPLAY_LIMIT
    for k in (total - 10, NEAR + 50, total // 3, 2 * NEAR):
        jumping.seek(k)
        stepped = Timeline(spec, n)
        stepped.step(k)
        fresh_tree, fresh_gallery = SearchTree(n).attach(stepped), Gallery(n).attach(stepped)
        assert tree.snapshot() == fresh_tree.snapshot()
        assert gallery.model() == fresh_gallery.model()
        jumping.step(7)
        stepped.step(7)
        assert tree.snapshot() == SearchTree(n).attach(stepped).snapshot()


def test_brute_force_eight_can_be_scrubbed_end_to_end():
    """55 million events: seek anywhere, exact against stepping a stretch from a nearby seek."""
    spec = registry.get("brute-force")
    timeline = Timeline(spec, 8)
    timeline.finish()
    total = timeline.event_total
    assert total == 55_125_136 and timeline.counters.attempts == 8**8 and timeline.counters.solutions == 92
    probe = Timeline(spec, 8)
    for k in (total // 7, total // 2, total - 100_000, 3_000_000):
        timeline.seek(k)
        probe.seek(k - 30_000)
        probe.step(30_000)
        assert (timeline.cursor, timeline.counters, timeline.queens) == (
            probe.cursor,
            probe.counters,
            probe.queens,
        )
        assert timeline.solutions == probe.solutions
        assert len(timeline.log) <= 1 << 20


@pytest.mark.parametrize(
    ("name", "n"), [("forward-checking", 9), ("mrv", 9), ("bitmask", 10), ("permutations", 7)]
)
def test_checkpoints_kept_while_stepping_resume_exactly(name, n, monkeypatch):
    """The checkpoints a timeline keeps as it steps (every CHECKPOINT_EVERY events, 2^12 here)
    stand where the events say and resume the generator exactly."""
    monkeypatch.setattr(timeline_module, "CHECKPOINT_EVERY", 1 << 12)
    monkeypatch.setattr(timeline_module, "REPLAY_CHECKPOINT_EVERY", 1 << 12)
    spec = registry.get(name)
    events = list(spec.solve(n))
    timeline = Timeline(spec, n)
    while timeline.step(10_000):
        pass
    marks = timeline._marks
    assert len(marks) >= len(events) >> 13 >= 2
    expected = states_at(name, n, [mark.index for mark in marks])
    for mark in marks:
        index, counters, queens, _, _ = expected[mark.index]
        assert (mark.index, mark.counters, list(mark.queens)) == (index, counters, queens)
        assert list(itertools.islice(spec.resume(n, mark), 500)) == events[mark.index : mark.index + 500]


def test_forward_checking_finishes_and_seeks_back_without_the_whole_log():
    spec = registry.get("forward-checking")
    events = list(spec.solve(11))
    timeline = Timeline(spec, 11)
    timeline.finish()
    assert timeline.finished and timeline.counters == tally(events) and timeline.event_total == len(events)
    assert len(events) > 1 << 20 >= len(timeline.log)
    timeline.seek(1000)
    assert timeline.counters == tally(events[:1000])


@pytest.mark.parametrize(
    ("pair", "n"), [(("brute-force", "backtracking"), 6), (("permutations", "permutations-pruned"), 7)]
)
def test_a_race_seeks_finishes_and_jumps_to_solutions_like_lockstep_steps(pair, n):
    jumping, stepping = Race(*pair, n), Race(*pair, n)
    for k in (40_000, 5, 23_456):
        jumping.seek(k)
        stepping.back(stepping.cursor)
        stepping.step(k)
        for side in ("a", "b"):
            a, b = jumping.sides[side], stepping.sides[side]
            assert (a.cursor, a.counters, a.queens) == (b.cursor, b.counters, b.queens)
    jumping.seek(0)
    stepping.back(stepping.cursor)
    for _ in range(6):
        assert jumping.next_solution() == stepping.advance_until(is_solution)
        assert jumping.cursor == stepping.cursor
        assert jumping.a.counters == stepping.a.counters and jumping.b.counters == stepping.b.counters
    assert jumping.first_solution == stepping.first_solution is not None
    jumping.finish()
    stepping.run_to_end()
    assert jumping.state() == stepping.state()
