"""Constrained instances (blocked squares, given queens): the searches against a brute force of
their own, the Setup event, the plain instance as today's run, and the instances refused."""

from __future__ import annotations

import functools
import itertools
import random

import pytest

from solvers import registry
from solvers.board import Board, attacks
from solvers.counters import tally
from solvers.domains import Domains
from solvers.errors import SolverError
from solvers.events import BoardState, Conflict, Event, Place, Prune, Solution
from solvers.instance import Instance, Setup, parse_squares
from solvers.narration import Narrator
from tests.solvers.test_propagation import Replay
from tests.test_properties import check_event, visit_and_compare
from visualizer.core.eventlog import EventLog

CONSTRAINED = [name for name, spec in registry.ALGORITHMS.items() if spec.constrained]
SEEDS = range(30)


@functools.cache
def queens_boards(n: int) -> tuple[tuple[int, ...], ...]:
    """Every board of n non-attacking queens: the permutations with no two on one diagonal."""
    return tuple(
        p
        for p in itertools.permutations(range(n))
        if all(abs(p[i] - p[j]) != j - i for i, j in itertools.combinations(range(n), 2))
    )


def brute_force(instance: Instance) -> set[tuple[int, ...]]:
    """The solutions of ``instance`` found by filtering every non-attacking board, written here."""
    return {
        p
        for p in queens_boards(instance.n)
        if all(p[r] == c for r, c in instance.given)
        and all((r, p[r]) not in instance.blocked for r in range(instance.n))
    }


def instances(n: int) -> list[Instance]:
    """30 seeded instances: half drawn by ``Instance.random`` (solvable), half squares drawn
    here at random (any number of solutions, none too), the invalid ones skipped."""
    out = [Instance.random(n, seed, blocked=seed % (n + 2), given=seed % 3) for seed in SEEDS[::2]]
    rng = random.Random(n)
    while len(out) < len(SEEDS):
        squares = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(2 * n))]
        given = tuple(dict.fromkeys(squares[: rng.randrange(3)]))
        try:
            out.append(Instance(n, frozenset(squares[3:]) - set(given), given).validate())
        except SolverError:
            continue
    return out


def checked_events(spec: registry.AlgorithmSpec, instance: Instance) -> list[Event]:
    """The run's events, each checked on a Board (tests.test_properties) and against the holes."""
    events = list(spec.solve(instance.n, instance=instance))
    if not instance.plain:
        assert isinstance(events[0], Setup) and events[0].given == tuple(sorted(instance.given))
        assert set(events[0].blocked) == instance.blocked
    board = Board(instance.n)
    for event in events:
        check_event(board, event, spec.family)
        if isinstance(event, (Place, Conflict)) and not (isinstance(event, Conflict) and event.wipeout):
            assert (event.row, event.col) not in instance.blocked, "a hole is never tried"
            assert event.row not in dict(instance.given), "a given queen's row is done"
    return events


@pytest.mark.parametrize("n", range(4, 9))
@pytest.mark.parametrize("name", CONSTRAINED)
def test_every_constrained_search_finds_what_the_brute_force_finds(name, n):
    spec = registry.get(name)
    for instance in instances(n):
        events = checked_events(spec, instance)
        found = [e.queens for e in events if isinstance(e, Solution)]
        assert len(found) == len(set(found)) and set(found) == brute_force(instance), instance
        assert tally(events).solutions == len(found)


def test_the_instances_drawn_include_unsolvable_and_several_solution_ones():
    counts = {len(brute_force(i)) for n in range(4, 9) for i in instances(n)}
    assert 0 in counts and max(counts) > 1


@pytest.mark.parametrize("name", ["forward-checking", "mrv"])
def test_forward_checking_prunes_from_the_start(name):
    """The independent domain replay of test_propagation, its domains started as the instance's."""
    spec = registry.get(name)
    for n in (5, 6, 7):
        for instance in [i for i in instances(n) if not i.plain][:10]:
            replay = Replay(n, name == "mrv")
            unattacked, holes = replay.unattacked, instance.blocked
            replay.unattacked = lambda row, free=unattacked, holes=holes: (
                free(row) - {c for r, c in holes if r == row}
            )
            events = list(spec.solve(n, instance=instance))
            for r, c in instance.given:
                replay.board[r] = c
            for r in instance.free_rows():
                replay.domains[r] = replay.unattacked(r)
            for event in events[1:]:
                replay.check(event)


@pytest.mark.parametrize("name", CONSTRAINED)
def test_a_plain_instance_is_todays_run(name):
    spec = registry.get(name)
    for n in range(1, 8):
        for first in (False, True):
            assert list(spec.solve(n, first=first, instance=Instance(n))) == list(spec.solve(n, first=first))
    assert spec.bound(Instance(6)) is spec and spec.bound(None) is spec


@pytest.mark.parametrize("name", CONSTRAINED)
def test_first_stops_at_the_first_solution_of_the_full_run(name):
    spec = registry.get(name)
    instance = Instance.random(7, 3, blocked=6, given=2)
    full = list(spec.solve(7, instance=instance))
    stop = next(i for i, e in enumerate(full) if isinstance(e, Solution))
    assert list(spec.solve(7, first=True, instance=instance)) == full[: stop + 1]


def test_a_full_set_of_givens_is_its_own_solution():
    instance = Instance(4, given=((0, 1), (1, 3), (2, 0), (3, 2)))
    for name in CONSTRAINED:
        events = list(registry.get(name).solve(4, instance=instance))
        assert [type(e) for e in events] == [Setup, Solution] and events[1].queens == (1, 3, 0, 2)


@pytest.mark.parametrize("name", CONSTRAINED)
def test_a_bound_spec_runs_the_instance_in_a_timeline_forward_and_back(name):
    instance = Instance.random(6, 11, blocked=5, given=1)
    bound = registry.get(name).bound(instance)
    assert bound.engine is None and bound.resumer is None and bound.min_n == bound.max_n == 6
    assert list(bound.solve(6)) == list(registry.get(name).solve(6, instance=instance))
    visit_and_compare(bound, 6, {"first": False, "by_columns": False}, [40, 3, 25, 0, 1, 60])


def test_a_constrained_instance_is_refused_where_it_cannot_run():
    instance = Instance(6, blocked=frozenset({(0, 0)}))
    with pytest.raises(SolverError, match=r"dlx takes no blocked squares .* backtracking, .*mrv"):
        registry.get("dlx").solve(6, instance=instance)
    with pytest.raises(SolverError, match="row by row, not --by-columns"):
        registry.get("backtracking").solve(6, by_columns=True, instance=instance)
    with pytest.raises(SolverError, match="the instance is for n = 6, not n = 5"):
        registry.get("backtracking").solve(5, instance=instance)
    with pytest.raises(SolverError, match="cannot resume"):
        registry.get("backtracking").bound(instance).start_checkpoint(6)
    assert registry.get("brute-force").solve(6, instance=Instance(6)) is not None  # plain: accepted


@pytest.mark.parametrize(
    ("instance", "sentence"),
    [
        (Instance(4, blocked=frozenset({(4, 0)})), r"the blocked square \(4, 0\) is off the 4 x 4 board"),
        (Instance(4, given=((0, -1),)), r"the given square \(0, -1\) is off the 4 x 4 board"),
        (
            Instance(4, frozenset({(1, 2)}), ((1, 2),)),
            r"the given queen on \(1, 2\) stands on a blocked square",
        ),
        (Instance(5, given=((0, 0), (2, 2))), r"the given queens on \(0, 0\) and \(2, 2\) attack each other"),
        (Instance(5, given=((1, 0), (1, 3))), r"two given queens, \(1, 0\) and \(1, 3\), are in row 1"),
        (Instance(5, given=((1, 0), (1, 0))), r"the square \(1, 0\) is given twice"),
    ],
)
def test_invalid_instances_are_refused_with_one_sentence(instance, sentence):
    with pytest.raises(SolverError, match=f"^{sentence}$"):
        instance.validate()
    with pytest.raises(SolverError, match=sentence):
        list(registry.get("backtracking").solve(instance.n, instance=instance))


def test_random_instances_repeat_from_their_seed_and_keep_a_solution():
    for n in range(4, 9):
        for seed in range(20):
            a = Instance.random(n, seed, blocked=seed % 7, given=seed % 4)
            assert a == Instance.random(n, seed, blocked=seed % 7, given=seed % 4) and a.seed == seed
            assert len(a.blocked) == seed % 7 and len(a.given) == seed % 4
            assert brute_force(a), a
    assert len({Instance.random(8, seed, blocked=4, given=2) for seed in range(20)}) > 15
    with pytest.raises(SolverError, match="has no solution"):
        Instance.random(3, 0, given=1)
    with pytest.raises(SolverError, match=r"takes 0..4 given queens and 0..12 blocked squares"):
        Instance.random(4, 0, blocked=13)


def test_the_command_line_form_reads_back():
    instance = Instance(6, frozenset({(2, 2), (0, 5)}), ((4, 1), (0, 2)))
    words = instance.arguments().split()
    assert words[0] == "--blocked" and words[3] == "--given"
    assert Instance.parse(6, words[1:3], words[4:]) == instance
    assert parse_squares(["1,2 3,4", "5,0"]) == ((1, 2), (3, 4), (5, 0))
    for bad in (
        "1",
        "1,2,3",
        "a,b",
        "1;2",
        "٣,1",
        "３,1",
        " 1,2",
        "1,2 ",
        "1,2\t3,4",
        "1, 2",
        "1_0,2",
        "9" * 31 + ",1",
    ):
        with pytest.raises(SolverError, match="a square is written ROW,COL"):
            parse_squares([bad])


def test_setup_puts_the_givens_and_holes_on_a_board_and_undoes_exactly():
    instance = Instance(5, frozenset({(1, 1), (3, 4)}), ((0, 2),))
    setup = Setup(instance.given, tuple(sorted(instance.blocked)))
    board = BoardState([None] * 5, Domains(5))
    setup.apply(board)
    assert board.queens == [2, None, None, None, None] and board.blocked == instance.blocked
    assert board.given == {(0, 2)} and board.domains is not None
    assert board.domains.remaining(1) == [0, 4] and board.domains.pruned_by(1, 1) == (1, 1)
    assert board.domains.pruned_by(2, 0) == (0, 2) and board.domains.remaining(0) == [0, 1, 2, 3, 4]
    setup.undo(board)
    assert board.queens == [None] * 5 and not board.blocked and not board.given
    assert board.domains.size == [5] * 5
    assert not setup.attempt and tally([setup]) == tally([])


def test_setup_packs_into_the_event_log_exactly():
    log = EventLog()
    events = [
        Setup(((0, 7), (3, 0), (7, 4)), ((0, 0), (2, 5), (7, 7), (5, 3))),
        Setup((), ((6, 6),)),
        *registry.get("mrv").solve(8, instance=Instance.random(8, 5, blocked=9, given=3)),
    ]
    log.extend(events)
    board: list[int | None] = [None] * 8
    for index, event in enumerate(events):
        got = log.get(index, board)
        if isinstance(event, Solution):
            continue
        expected = Setup(event.given, tuple(sorted(event.blocked))) if isinstance(event, Setup) else event
        assert got == expected
    with pytest.raises(ValueError, match="up to 8 x 8"):
        EventLog().append(Setup(((8, 0),), ()))


def test_setup_and_the_search_after_it_are_narrated_in_both_languages():
    instance = Instance(6, frozenset({(2, 2)}), ((0, 1),))
    for name in CONSTRAINED:
        for lang in ("en", "zh"):
            narrator = Narrator(registry.get(name), 6, lang=lang)
            said = [narrator.step(event) for event in registry.get(name).solve(6, instance=instance)]
            assert all(said)
    en = Narrator(registry.get("backtracking"), 6).step(Setup(((0, 1),), ((2, 2),)))
    zh = Narrator(registry.get("backtracking"), 6, lang="zh").step(Setup(((0, 1),), ((2, 2),)))
    assert "(1, 2)" in en and "(3, 3)" in en and "blocked" in en
    assert "(1, 2)" in zh and "(3, 3)" in zh and "禁放格" in zh


def test_a_backtrack_over_a_given_row_is_said_of_the_next_row_filled():
    """Row 2 (0-based 1) is given: the row that runs out below row 1 is row 3."""
    instance = Instance(5, given=((1, 3),))
    narrator = Narrator(registry.get("backtracking"), 5)
    events = list(registry.get("backtracking").solve(5, instance=instance))
    said = [narrator.step(event) for event in events]
    first_back = next(i for i, e in enumerate(events) if type(e).__name__ == "Backtrack" and e.row == 0)
    assert "Row 3 has no safe column" in said[first_back], said[first_back]
    assert "goes back to row 1" in said[first_back]


def test_prunes_named_by_a_given_queen_point_at_it():
    instance = Instance(6, given=((5, 0),))
    events = list(registry.get("forward-checking").solve(6, instance=instance))
    assert not any(isinstance(e, Prune) and e.by == (5, 0) for e in events), "the start is Setup's"
    assert all(
        not attacks((r, c), (5, 0)) for e in events if isinstance(e, Place) for r, c in [(e.row, e.col)]
    )
