"""Invariants that hold for every input, checked on inputs hypothesis draws.

The eight symmetries are checked against maps of the squares written out here
independently of solvers.board; solver runs are replayed on a plain Board that
checks every event against the squares it talks about.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from itertools import combinations, islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import registry
from solvers.board import (
    SYMMETRIES,
    Board,
    attacks,
    canonical,
    fundamental_classes,
    images,
    is_solution,
    symmetry_to_canonical,
)
from solvers.counters import Counters
from solvers.events import (
    CODES,
    Backtrack,
    BoardState,
    Conflict,
    Event,
    Place,
    Prune,
    Repair,
    Restore,
    Solution,
)
from solvers.instance import Setup
from visualizer.core.timeline import Timeline

# Modest, so the whole file stays within a few seconds of CI time; no example database in the tree.
PROPERTY = settings(max_examples=60, deadline=None, database=None)

Square = tuple[int, int]

#: The dihedral group of the square as maps of (row, col) on a board whose last index is m.
MAPS: dict[str, Callable[[int, int, int], Square]] = {
    "identity": lambda m, r, c: (r, c),
    "rotate-90": lambda m, r, c: (c, m - r),
    "rotate-180": lambda m, r, c: (m - r, m - c),
    "rotate-270": lambda m, r, c: (m - c, r),
    "mirror": lambda m, r, c: (r, m - c),
    "mirror-rotate-90": lambda m, r, c: (m - c, m - r),
    "mirror-rotate-180": lambda m, r, c: (m - r, c),
    "mirror-rotate-270": lambda m, r, c: (c, r),
}


def transform(name: str, queens: tuple[int, ...]) -> tuple[int, ...]:
    """``queens`` (one per row and column) with every square moved by MAPS[name]."""
    m = len(queens) - 1
    moved = dict(MAPS[name](m, r, c) for r, c in enumerate(queens))
    return tuple(moved[r] for r in range(len(queens)))


def _composition_table() -> dict[tuple[str, str], str]:
    """(f, g) -> the h with h = f after g, read off every square of a 5 x 5 board."""
    squares = [(r, c) for r in range(5) for c in range(5)]
    table = {}
    for f, g in ((f, g) for f in MAPS for g in MAPS):
        after = [MAPS[f](4, *MAPS[g](4, r, c)) for r, c in squares]
        table[f, g] = next(h for h in MAPS if [MAPS[h](4, r, c) for r, c in squares] == after)
    return table


TABLE = _composition_table()


def attacking_pairs(queens: tuple[int | None, ...] | list[int | None]) -> int:
    """Pairs of queens on the board that attack each other, by brute force."""
    placed = [(r, c) for r, c in enumerate(queens) if c is not None]
    return sum(attacks(a, b) for a, b in combinations(placed, 2))


@functools.cache
def solutions_of(n: int) -> list[tuple[int, ...]]:
    """Every solution of size n, from the bitmask solver."""
    return [e.queens for e in registry.get("bitmask").solve(n) if isinstance(e, Solution)]


SOLVABLE = [1, *range(4, 10)]
permutations = st.integers(1, 12).flatmap(lambda n: st.permutations(range(n))).map(tuple)
solutions = st.sampled_from(SOLVABLE).flatmap(lambda n: st.sampled_from(solutions_of(n)))
names = st.sampled_from(sorted(SYMMETRIES))


# -- the eight symmetries ------------------------------------------------------


def test_the_maps_form_the_group_of_the_square():
    """Closure (the table is total), identity, one inverse each, and a Latin square."""
    assert set(TABLE) == {(f, g) for f in MAPS for g in MAPS}
    for f in MAPS:
        assert TABLE["identity", f] == TABLE[f, "identity"] == f
        assert sorted(TABLE[f, g] for g in MAPS) == sorted(MAPS) == sorted(TABLE[g, f] for g in MAPS)
        assert sum(TABLE[f, g] == "identity" for g in MAPS) == 1
    assert set(SYMMETRIES) == set(MAPS)


@PROPERTY
@given(queens=permutations, f=names, g=names)
def test_symmetries_are_the_square_maps_and_compose_as_a_group(queens, f, g):
    assert SYMMETRIES[f](queens) == transform(f, queens)
    assert SYMMETRIES[f](SYMMETRIES[g](queens)) == SYMMETRIES[TABLE[f, g]](queens)
    inverse = next(h for h in MAPS if TABLE[h, f] == "identity")
    assert SYMMETRIES[inverse](SYMMETRIES[f](queens)) == queens


@PROPERTY
@given(queens=permutations, name=names)
def test_symmetries_preserve_attacks_and_validity(queens, name):
    image = SYMMETRIES[name](queens)
    assert sorted(image) == list(range(len(queens))), "still one queen per row and column"
    assert attacking_pairs(image) == attacking_pairs(queens)
    assert is_solution(image) == is_solution(queens)


@PROPERTY
@given(queens=solutions)
def test_every_image_of_a_solution_is_a_solution(queens):
    assert all(is_solution(image) for image in images(queens).values())


# -- canonical forms -----------------------------------------------------------


@PROPERTY
@given(queens=solutions, name=names)
def test_a_class_shares_one_canonical_form(queens, name):
    member = transform(name, queens)
    assert canonical(member) == canonical(queens) == min(transform(h, queens) for h in MAPS)
    assert SYMMETRIES[symmetry_to_canonical(member)](member) == canonical(member)


@PROPERTY
@given(data=st.data())
def test_canonical_forms_differ_across_classes(data):
    n = data.draw(st.sampled_from(SOLVABLE))
    p = data.draw(st.sampled_from(solutions_of(n)))
    q = data.draw(st.sampled_from(solutions_of(n)))
    assert (canonical(p) == canonical(q)) == (q in {transform(h, p) for h in MAPS})


def test_each_class_holds_exactly_the_images_of_its_representative():
    for n in SOLVABLE:
        classes = fundamental_classes(solutions_of(n))
        for representative, members in classes.items():
            assert set(members) == {transform(h, representative) for h in MAPS}
        assert sum(len(members) for members in classes.values()) == len(solutions_of(n))


# -- solver runs ---------------------------------------------------------------

#: Largest n drawn for each algorithm (the search is exhaustive for most of them).
SMALL_N = {"brute-force": 5, "permutations": 6, "permutations-pruned": 7, "bitmask": 9}
PREFIX = 4000  # events replayed at most per example; every event is checked, so every prefix is


@st.composite
def runs(draw) -> tuple[registry.AlgorithmSpec, int, dict[str, bool]]:
    """Any algorithm, a board size it accepts, and its options."""
    spec = registry.get(draw(st.sampled_from(sorted(registry.ALGORITHMS))))
    sizes = range(1, SMALL_N.get(spec.name, 8) + 1) if spec.exhaustive else [1, *range(4, 41)]
    n = draw(st.sampled_from(sizes))  # uniform over the sizes, where integers() favours n = 1
    options = {"first": draw(st.booleans()), "by_columns": spec.by_columns and draw(st.booleans())}
    return spec, n, options


def check_event(board: Board, event: Event, family: str) -> None:
    """Apply ``event`` to ``board`` after checking it against the squares it names."""
    n = board.n
    if isinstance(event, Place):
        assert 0 <= event.col < n
        board.place(event.row, event.col)  # refuses a row that already holds a queen
        if family in ("backtracking", "propagation"):
            assert board.conflict() is None, f"{family} only places unattacked queens"
    elif isinstance(event, Backtrack):
        board.remove(event.row, event.col)  # refuses unless that queen stands there
    elif isinstance(event, Conflict):
        assert board.queens[event.blocker[0]] == event.blocker[1], "the blocker stands on the board"
        assert attacks((event.row, event.col), event.blocker)
        if family == "enumeration":
            assert board.depth() == n and {(event.row, event.col), event.blocker} == set(
                board.conflict() or ()
            )
        else:
            assert board.queens[event.row] != event.col, "the refused square stays empty"
    elif isinstance(event, (Prune, Restore)):
        assert board.queens[event.row] is None, "only an empty row's domain changes"
        assert board.queens[event.by[0]] == event.by[1], "the pruning queen stands on the board"
        assert attacks((event.row, event.col), event.by)
    elif isinstance(event, Repair):
        assert board.queens[event.row] == event.old
        board.queens[event.row] = event.new
        assert attacking_pairs(board.queens) == event.conflicts
    elif isinstance(event, Solution):
        assert event.queens == tuple(board.queens) and is_solution(event.queens)
    elif isinstance(event, Setup):  # a constrained instance's start: its given queens stand
        assert board.depth() == 0, "a Setup comes first"
        for row, col in event.given:
            board.place(row, col)
        assert board.conflict() is None, "the given queens do not attack each other"
    else:  # a kind of an algorithm's own (its module's tests say what it means): no queen moves
        state = BoardState(list(board.queens))
        event.apply(state)
        assert state.queens == board.queens, f"{event} moves a queen the board does not see"


def replay_and_check(spec: registry.AlgorithmSpec, n: int, options: dict[str, bool]) -> None:
    """Replay up to PREFIX events on a Board, checking each one, then undo the counts in reverse:
    every earlier value comes back, down to zero."""
    events = list(islice(spec.solve(n, **options), PREFIX))
    board, counters, before = Board(n), Counters(), []
    for event in events:
        check_event(board, event, spec.family)
        before.append(copy.copy(counters))
        counters.apply(event)
    kinds = [type(e) for e in events]
    assert counters.as_dict() == {
        "attempts": sum(e.attempt for e in events),
        "placements": kinds.count(Place),
        "backtracks": kinds.count(Backtrack),
        "solutions": kinds.count(Solution),
        "checks": sum(e.checks for e in events),
        "repairs": kinds.count(Repair),
        "pruned": kinds.count(Prune),
        "wipeouts": sum(type(e) is Conflict and e.wipeout for e in events)
        + sum(CODES[e.code()][1] == "wipeouts" for e in events if type(e).__module__ != "solvers.events"),
    }
    for event, expected in zip(reversed(events), reversed(before), strict=True):
        counters.undo(event)
        assert counters == expected, f"undo of {event} is not the inverse of apply"
    assert counters == Counters()


def visit_and_compare(
    spec: registry.AlgorithmSpec, n: int, options: dict[str, bool], targets: list[int]
) -> None:
    """Step or go back to each target index in turn; each time the board, counters, solutions and
    last event equal those of a fresh timeline stepped straight there."""
    timeline = Timeline(spec, n, **options)
    for target in targets:
        if target >= timeline.cursor:
            timeline.step(target - timeline.cursor)  # stops early at the end of the run
        else:
            steps = timeline.cursor - target
            assert timeline.back(steps) == steps and timeline.cursor == target
        fresh = Timeline(spec, n, **options)
        assert fresh.step(timeline.cursor) == timeline.cursor
        assert timeline.queens == fresh.queens
        assert timeline.counters == fresh.counters
        assert timeline.solutions == fresh.solutions
        assert timeline.last == fresh.last


@PROPERTY
@given(run=runs())
def test_any_prefix_of_any_run_keeps_board_and_counters_consistent(run):
    replay_and_check(*run)


@PROPERTY
@given(run=runs(), targets=st.lists(st.sampled_from(range(PREFIX + 1)), min_size=2, max_size=6))
def test_timeline_step_and_back_match_a_fresh_replay(run, targets):
    """Place/Backtrack (and every other event) undo exactly, at any index."""
    visit_and_compare(*run, targets)


def largest_runs() -> list:
    """Each algorithm at the largest size drawn above, with each of its options: long runs that
    hypothesis, which favours small examples, seldom draws."""
    cases = []
    for name, spec in sorted(registry.ALGORITHMS.items()):
        n = SMALL_N.get(name, 8) if spec.exhaustive else 40
        for by_columns in (False, True) if spec.by_columns else (False,):
            for first in (False, True):
                label = f"{name}-{n}{'-first' if first else ''}{'-by-columns' if by_columns else ''}"
                cases.append(pytest.param(name, n, {"first": first, "by_columns": by_columns}, id=label))
    return cases


@pytest.mark.parametrize(("name", "n", "options"), largest_runs())
def test_long_runs_replay_consistently_and_undo_exactly(name, n, options):
    spec = registry.get(name)
    replay_and_check(spec, n, options)
    visit_and_compare(spec, n, options, [PREFIX, PREFIX // 3, 2 * PREFIX // 3, 0, PREFIX // 2])


def _without_first(kind: type, events: list[Event]) -> list[Event]:
    index = next(i for i, e in enumerate(events) if type(e) is kind)
    return events[:index] + events[index + 1 :]


def _shifted_first_place(events: list[Event]) -> list[Event]:
    index = next(i for i, e in enumerate(events) if type(e) is Place)
    place = events[index]
    assert isinstance(place, Place)
    return [*events[:index], Place(place.row, place.col + 1), *events[index + 1 :]]


def _misnamed_first_prune(events: list[Event]) -> list[Event]:
    index = next(i for i, e in enumerate(events) if type(e) is Prune)
    prune = events[index]
    assert isinstance(prune, Prune)
    misnamed = Prune(prune.row, prune.col, (prune.by[0], prune.by[1] + 1))
    return [*events[:index], misnamed, *events[index + 1 :]]


#: A real run broken one way each: the checker above must refuse every one.
BROKEN_RUNS = {
    "a backtrack forgotten": ("backtracking", 6, lambda ev: _without_first(Backtrack, ev)),
    "a place forgotten": ("permutations", 4, lambda ev: _without_first(Place, ev)),
    "a queen placed one column off": ("backtracking", 6, _shifted_first_place),
    "a solution announced early": ("bitmask", 6, lambda ev: [Solution((1, 3, 5, 0, 2, 4)), *ev]),
    "a prune named after a queen not on the board": ("forward-checking", 6, _misnamed_first_prune),
    "a repair that miscounts": (
        "min-conflicts",
        30,
        lambda ev: [Repair(e.row, e.old, e.new, e.conflicts + 1) if isinstance(e, Repair) else e for e in ev],
    ),
}


@pytest.mark.parametrize("name", BROKEN_RUNS)
def test_the_replay_check_refuses_a_broken_run(name):
    algorithm, n, breaks = BROKEN_RUNS[name]
    spec = registry.get(algorithm)
    events = list(islice(spec.solve(n), PREFIX))
    board = Board(n)
    for event in events:
        check_event(board, event, spec.family)
    board = Board(n)
    with pytest.raises((AssertionError, ValueError)):
        for event in breaks(events):
            check_event(board, event, spec.family)


#: Any event at all, not only those a solver yields: the counters must still undo exactly.
coord = st.integers(0, 99)
line_attempt_checks = (st.integers(0, 63), st.booleans(), st.integers(0, 10**6))
events = st.one_of(
    st.builds(Place, coord, coord, *line_attempt_checks),
    st.builds(Conflict, coord, coord, st.tuples(coord, coord), *line_attempt_checks),
    st.builds(Backtrack, coord, coord, *line_attempt_checks),
    st.builds(Solution, st.lists(coord, max_size=8).map(tuple), *line_attempt_checks),
    st.builds(Repair, coord, coord, coord, st.integers(0, 10**4), *line_attempt_checks),
    st.builds(Conflict, coord, coord, st.tuples(coord, coord), *line_attempt_checks, wipeout=st.booleans()),
    st.builds(Prune, coord, coord, st.tuples(coord, coord), *line_attempt_checks),
    st.builds(Restore, coord, coord, st.tuples(coord, coord), *line_attempt_checks),
)


@PROPERTY
@given(history=st.lists(events, max_size=50), event=events)
def test_counters_undo_is_the_inverse_of_apply(history, event):
    counters = Counters()
    for e in history:
        counters.apply(e)
    before = copy.copy(counters)
    counters.apply(event)
    counters.undo(event)
    assert counters == before
    for e in history:  # in any order, undo takes everything back out
        counters.undo(e)
    assert counters == Counters()
