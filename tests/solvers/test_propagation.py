"""Forward checking and MRV: solution counts, the domains their events describe, counters, CLI."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from io import StringIO

import pytest

from solvers import registry
from solvers.algorithms.propagation import LINE_PLACE, LINE_PRUNE, LINE_RESTORE, LINE_WIPEOUT
from solvers.board import attacks, is_solution
from solvers.cli import main as cli
from solvers.counters import Counters, depth_profile, tally
from solvers.domains import Domains, mrv_row
from solvers.events import Backtrack, Conflict, Event, Place, Prune, Restore, Solution
from solvers.tree_profile import search_profile
from visualizer.core.eventlog import EventLog
from visualizer.core.timeline import Timeline

PROPAGATION = ["forward-checking", "mrv"]


def drain(name: str, n: int, **options) -> list[Event]:
    return list(registry.get(name).solve(n, **options))


# -- an independent, straightforward forward checker -----------------------------


def straightforward(n: int, use_mrv: bool) -> tuple[Counter, list[tuple[int, ...]]]:
    """Forward checking written plainly with sets: its counters and solutions, in order.

    Same rules as the issue: rows ascending (or fewest columns left, ties lowest), columns
    ascending, prune row by row and stop at the first row emptied.
    """
    domains = {r: set(range(n)) for r in range(n)}
    board: dict[int, int] = {}
    counts: Counter = Counter()
    found: list[tuple[int, ...]] = []

    def search() -> None:
        if len(board) == n:
            found.append(tuple(board[r] for r in range(n)))
            return
        free = [r for r in range(n) if r not in board]
        row = min(free, key=lambda r: (len(domains[r]), r)) if use_mrv else free[0]
        for col in sorted(domains[row]):
            board[row] = col
            counts["placements"] += 1
            removed: list[tuple[int, int]] = []
            wiped = False
            for r in free:
                if r == row:
                    continue
                hit = {c for c in domains[r] if c == col or abs(c - col) == abs(r - row)}
                domains[r] -= hit
                removed += [(r, c) for c in hit]
                if not domains[r]:
                    wiped = True
                    break
            counts["pruned"] += len(removed)
            if wiped:
                counts["wipeouts"] += 1
            else:
                search()
            for r, c in removed:
                domains[r].add(c)
            del board[row]

    if n:
        search()
    return counts, found


# -- replay against an independent domain tally ------------------------------------


class Replay:
    """A board and a domain tally rebuilt from events, each event checked against them."""

    def __init__(self, n: int, use_mrv: bool) -> None:
        self.n, self.use_mrv = n, use_mrv
        self.board: dict[int, int] = {}
        self.domains = {r: set(range(n)) for r in range(n)}
        self.stack: list[tuple[int, int, tuple[int, int]]] = []  # prunes not yet restored
        self.placed: list[tuple[int, int]] = []  # queens in the order placed

    def unattacked(self, row: int) -> set[int]:
        return {c for c in range(self.n) if not any(attacks((row, c), q) for q in self.board.items())}

    def check(self, event: Event) -> None:
        n, board, domains = self.n, self.board, self.domains
        if isinstance(event, Place):
            free = [r for r in range(n) if r not in board]
            for r in free:  # the last placement pruned completely: the domains are the free columns
                assert domains[r] == self.unattacked(r), (event, r)
            expected = min(free, key=lambda r: (len(domains[r]), r)) if self.use_mrv else free[0]
            assert event.row == expected, "the row chosen"
            assert event.col in domains[event.row], "a value taken from the row's domain"
            assert event.attempt and event.line == LINE_PLACE
            board[event.row] = event.col
            self.placed.append((event.row, event.col))
        elif isinstance(event, Prune):
            assert event.by == self.placed[-1], "pruned by the queen just placed"
            assert event.row not in board and event.col in domains[event.row]
            assert attacks((event.row, event.col), event.by)
            assert event.line == LINE_PRUNE and not event.attempt
            domains[event.row].discard(event.col)
            self.stack.append((event.row, event.col, event.by))
        elif isinstance(event, Restore):
            assert self.stack.pop() == (event.row, event.col, event.by), "restores undo the last prune"
            assert event.line == LINE_RESTORE
            domains[event.row].add(event.col)
        elif isinstance(event, Conflict):
            assert event.wipeout and not event.attempt and event.line == LINE_WIPEOUT
            assert event.blocker == self.placed[-1] and event.row not in board
            assert domains[event.row] == set(), "a wipe-out names the emptied row"
            assert self.stack[-1][:2] == (event.row, event.col), "and the column it lost last"
        elif isinstance(event, Backtrack):
            assert self.placed.pop() == (event.row, event.col), "the newest queen is lifted"
            assert not self.stack or self.stack[-1][2] != (event.row, event.col), "after its restores"
            del board[event.row]
        else:
            assert isinstance(event, Solution)
            assert len(board) == n and event.queens == tuple(board[r] for r in range(n))
            assert is_solution(event.queens)
            for r, c in board.items():
                assert c in domains[r], "every queen's column is still in its row's domain"


@pytest.mark.parametrize("name", PROPAGATION)
@pytest.mark.parametrize("n", range(1, 13))
def test_solution_counts_match_oeis(name, n, oeis):
    solutions = [e.queens for e in registry.get(name).solve(n) if type(e) is Solution]
    assert len(solutions) == oeis[n]
    assert len(set(solutions)) == len(solutions)


@pytest.mark.parametrize("name", PROPAGATION)
@pytest.mark.parametrize("n", range(1, 9))
@pytest.mark.parametrize("first", [False, True])
def test_events_keep_board_and_domains_consistent(name, n, first):
    replay = Replay(n, use_mrv=name == "mrv")
    for event in registry.get(name).solve(n, first=first):
        replay.check(event)
    if not first:
        assert replay.board == {} and replay.stack == []
        assert all(d == set(range(n)) for d in replay.domains.values())


@pytest.mark.parametrize("name", PROPAGATION)
@pytest.mark.parametrize("n", range(1, 10))
def test_counters_and_solutions_equal_a_straightforward_forward_checker(name, n):
    counters = tally(drain(name, n))
    solutions = [e.queens for e in drain(name, n) if type(e) is Solution]
    expected, expected_solutions = straightforward(n, use_mrv=name == "mrv")
    assert solutions == expected_solutions, "same solutions in the same order"
    assert counters.attempts == counters.placements == counters.backtracks == expected["placements"]
    assert counters.pruned == expected["pruned"]
    assert counters.wipeouts == expected["wipeouts"]
    assert counters.solutions == len(expected_solutions)


def test_n8_figures(reference):
    """The figures the benchmarks quote, each from the generator and from the plain version."""
    figures = {}
    for name in PROPAGATION:
        c = tally(drain(name, 8))
        figures[name] = (c.attempts, c.placements, c.pruned, c.wipeouts)
        plain, _ = straightforward(8, use_mrv=name == "mrv")
        assert figures[name] == (plain["placements"], plain["placements"], plain["pruned"], plain["wipeouts"])
    backtracking = reference["n8_counters"]["backtracking_tests"]
    assert figures["mrv"][0] < figures["forward-checking"][0] < backtracking


@pytest.mark.parametrize("name", PROPAGATION)
def test_first_stops_at_the_first_solution_of_the_full_run(name):
    full, first = drain(name, 10), drain(name, 10, first=True)
    assert first == full[: len(first)], "the same walk, cut short"
    assert type(first[-1]) is Solution and sum(type(e) is Solution for e in first) == 1
    assert first[-1] == next(e for e in full if type(e) is Solution)


def test_forward_checking_finds_solutions_in_backtracking_order():
    """Pruning only cuts dead subtrees: same solutions, same order, fewer placements."""
    bt, fc = drain("backtracking", 8), drain("forward-checking", 8)
    assert [e.queens for e in fc if type(e) is Solution] == [e.queens for e in bt if type(e) is Solution]
    fc_places = [(e.row, e.col) for e in fc if type(e) is Place]
    bt_places = iter([(e.row, e.col) for e in bt if type(e) is Place])
    assert all(square in bt_places for square in fc_places), "its placements, in order, are backtracking's"
    assert len(fc_places) < tally(bt).placements


@pytest.mark.parametrize("name", PROPAGATION)
def test_counters_apply_and_undo_exactly(name):
    events = drain(name, 6)
    counters, history = Counters(), []
    for event in events:
        history.append(Counters(**counters.as_dict()))
        counters.apply(event)
    assert counters == tally(events)
    for event, before in zip(reversed(events), reversed(history), strict=True):
        counters.undo(event)
        assert counters == before


# -- the window's view: domains rebuilt from the timeline alone ---------------------


def domains_of(events: list[Event], n: int) -> list[list[int]]:
    domains = Domains(n)
    for event in events:
        domains.apply(event)
    return [domains.remaining(r) for r in range(n)]


@pytest.mark.parametrize("name", PROPAGATION)
def test_domains_follow_a_timeline_forward_and_back(name):
    n = 7
    timeline = Timeline(registry.get(name), n)
    domains = Domains(n)
    timeline.listeners.append(domains.apply)
    events = drain(name, n)
    for target in (500, 137, 900, 0, 333):
        if target > timeline.cursor:
            timeline.step(target - timeline.cursor)
        else:
            timeline.back(timeline.cursor - target)
        assert timeline.cursor == target
        assert [domains.remaining(r) for r in range(n)] == domains_of(events[:target], n)
        for r in range(n):
            for c in range(n):
                by = domains.pruned_by(r, c)
                assert by is None or timeline.queens[by[0]] == by[1], "the pruning queen is on the board"
        if name == "mrv" and target < len(events) and type(events[target]) is Place:
            assert mrv_row(domains, timeline.queens) == events[target].row, "the row MRV picks next"


@pytest.mark.parametrize("name", PROPAGATION)
def test_timeline_and_packed_log_count_what_draining_counts(name):
    """The window counts from the packed records (EventLog.tally): pruned and wipe-outs included."""
    events = drain(name, 7)
    timeline = Timeline(registry.get(name), 7)
    assert timeline.run_to_end()
    assert timeline.counters == tally(events)
    assert timeline.log.tally(0, len(events)) == tally(events)
    assert timeline.log.tally(100, 900) == tally(events[100:900])


def test_event_log_packs_the_new_kinds_exactly():
    log = EventLog()
    events = [
        Prune(5, 7, (2, 4), LINE_PRUNE),
        Restore(5, 7, (2, 4), LINE_RESTORE),
        Conflict(6, 3, (2, 4), LINE_WIPEOUT, False, 0, True),
        Conflict(6, 3, (2, 4), 3, True, 2),
        *drain("mrv", 6),
    ]
    for event in events:
        log.append(event)
    queens = (1, 3, 5, 0, 2, 4)
    for index, event in enumerate(events):
        got = log.get(index, queens)
        assert got == event or (type(event) is Solution and got == Solution(queens, event.line))


# -- the command line ---------------------------------------------------------------


def run_cli(*argv: str) -> str:
    out = StringIO()
    assert cli.run(list(argv), out) == 0
    return out.getvalue()


@pytest.mark.parametrize("name", PROPAGATION)
def test_cli_count_json_gives_every_counter(name):
    data = json.loads(run_cli("count", "8", "--algo", name, "--json"))
    assert data["source"] == "engine" and data["algorithm"] == name  # equal to its events' tally
    expected = tally(drain(name, 8)).as_dict()
    assert {k: data[k] for k in expected} == expected
    assert data["solutions"] == 92 and data["pruned"] > 0 and data["wipeouts"] > 0
    first = json.loads(run_cli("count", "8", "--algo", name, "--first", "--json"))
    assert first["solutions"] == 1


@pytest.mark.parametrize("name", PROPAGATION)
def test_cli_profile_counts_nodes_by_queens_placed(name):
    data = json.loads(run_cli("profile", "8", "--algo", name, "--json"))
    events = drain(name, 8)
    counters = tally(events)
    assert data["profile"] == depth_profile(events, 8)
    assert data["nodes"] == counters.placements + 1
    assert data["profile"][0] == 1 and data["profile"][8] == 92
    text = run_cli("profile", "8", "--algo", name).splitlines()
    assert text == [" ".join(map(str, data["profile"])), f"nodes: {data['nodes']}"]


def test_cli_profile_of_backtracking_is_the_engines_tree():
    drained = depth_profile(drain("backtracking", 8), 8)
    assert json.loads(run_cli("profile", "8", "--algo", "backtracking", "--json"))["profile"] == drained


def test_cli_profile_refuses_an_algorithm_without_a_tree(capsys):
    assert cli.run(["profile", "6", "--algo", "permutations"], StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "tree" in err


@pytest.mark.parametrize("name", PROPAGATION)
def test_cli_events_prints_prunes_restores_and_wipeouts(name):
    lines = [json.loads(line) for line in run_cli("events", "6", "--algo", name).splitlines()]
    events = drain(name, 6)
    assert len(lines) == len(events)
    kinds = Counter(line["event"] for line in lines)
    assert kinds["prune"] == kinds["restore"] == tally(events).pruned
    wipeouts = [line for line in lines if line["event"] == "conflict"]
    assert wipeouts and all(line["wipeout"] for line in wipeouts)
    prune = next(line for line in lines if line["event"] == "prune")
    assert set(prune) == {"event", "row", "col", "by", "line", "attempt", "checks"}


@pytest.mark.parametrize("name", PROPAGATION)
def test_the_engine_counts_what_the_events_tally_up_to_eleven(name):
    """The kernel (compiled where numba is) against the generator, every counter, n = 11 and to
    the first solution at 12 (smaller n: test_engine's table)."""
    spec = registry.get(name)
    events = list(drain(name, 11))
    assert spec.engine_counters(11) == tally(events)
    assert spec.engine_counters(12, first=True) == tally(spec.solve(12, first=True))


@pytest.mark.parametrize("name", PROPAGATION)
@pytest.mark.parametrize("jit", [False, True])
def test_the_engine_profiles_what_the_events_walk(name, jit):
    """Nodes per depth from the kernel (a column and its mirror image walked once, weighted) equal
    those of the drained events, compiled and interpreted, n = 1..9 (and 11, compiled)."""
    spec = registry.get(name)
    assert spec.engine is not None and spec.engine.profiles
    for n in [*range(1, 10), *([11] if jit else [])]:
        assert spec.engine.depth_profile(n, jit=jit) == depth_profile(spec.solve(n), n), n


def test_profile_of_a_search_without_a_profile_kernel_drains_its_events():
    spec = replace(registry.get("mrv"), engine=None)
    assert (
        search_profile(spec, 7)
        == depth_profile(spec.solve(7), 7)
        == registry.get("mrv").engine.depth_profile(7)
    )
