"""Dancing links (Algorithm X): counts, the items it branches on, the options its events hide and
bring back, its own event kind through the log, the narration, the CLI and the window."""

from __future__ import annotations

import json
import threading
from collections import Counter
from io import StringIO

import pytest

from solvers import registry
from solvers.algorithms import dancing_links_engine
from solvers.algorithms.dancing_links import (
    COLUMN,
    LINE_WIPEOUT,
    ROW,
    Choose,
    Links,
    branching_item,
    domains_after,
)
from solvers.board import attacks, is_solution
from solvers.cli import main as cli
from solvers.counters import depth_profile, tally
from solvers.domains import Domains
from solvers.engine import Cancelled
from solvers.events import CODES, Backtrack, Event, Place, Prune, Restore, Solution
from solvers.narration import Narrator
from visualizer.core.domains import DomainFollower
from visualizer.core.eventlog import EventLog
from visualizer.core.narration_log import NarrationLog
from visualizer.core.timeline import Timeline

SPEC = registry.get("dlx")


def drain(n: int, **options) -> list[Event]:
    return list(SPEC.solve(n, **options))


# -- an independent Algorithm X, written plainly with sets ------------------------------


def plain_algorithm_x(n: int) -> tuple[list[tuple[int, int, int]], list[tuple[int, ...]], Counter]:
    """Exact cover with sets: rows and columns primary, diagonals secondary; branch on the item
    with the fewest options (rows 0..n-1, then columns; the first on ties), options in order.
    Returns the items branched on ((axis, index, options), in order), the solutions and counts."""
    options = {(r, c) for r in range(n) for c in range(n)}
    board: dict[int, int] = {}
    chosen: list[tuple[int, int, int]] = []
    found: list[tuple[int, ...]] = []
    counts: Counter = Counter()

    def of(axis: int, index: int) -> list[tuple[int, int]]:
        return sorted(o for o in options if o[axis] == index)

    def search() -> None:
        if len(board) == n:
            found.append(tuple(board[r] for r in range(n)))
            return
        items = [(ROW, r) for r in range(n) if r not in board]
        items += [(COLUMN, c) for c in range(n) if c not in board.values()]
        axis, index = min(items, key=lambda item: (len(of(*item)), items.index(item)))
        mine = of(axis, index)
        chosen.append((axis, index, len(mine)))
        if not mine:
            counts["wipeouts"] += 1
            return
        for r, c in mine:
            gone = {o for o in options if o[0] == r or o[1] == c or attacks(o, (r, c))}
            counts["placements"] += 1
            counts["pruned"] += sum(1 for o in gone if o[0] != r)
            options.difference_update(gone)
            board[r] = c
            search()
            del board[r]
            options.update(gone)

    if n:
        search()
    return chosen, found, counts


@pytest.mark.parametrize("n", range(1, 13))
def test_solution_counts_match_oeis(n, oeis):
    assert tally(SPEC.solve(n)).solutions == oeis[n]


@pytest.mark.parametrize("n", range(1, 8))
def test_it_branches_and_counts_as_a_plain_algorithm_x_does(n):
    events = drain(n)
    chosen, found, counts = plain_algorithm_x(n)
    assert [(e.axis, e.index, e.options) for e in events if isinstance(e, Choose)] == chosen
    assert [e.queens for e in events if isinstance(e, Solution)] == found
    counters = tally(events)
    assert (counters.placements, counters.pruned, counters.wipeouts) == (
        counts["placements"],
        counts["pruned"],
        counts["wipeouts"],
    )
    assert counters.attempts == counters.placements == counters.backtracks


def test_it_branches_on_columns_too():
    chosen = [e for e in drain(8) if isinstance(e, Choose)]
    assert {e.axis for e in chosen} == {ROW, COLUMN}
    assert all(e.line == LINE_WIPEOUT for e in chosen if not e.options)


# -- the events against the board and the domains they describe --------------------------


class Replay:
    """The board and every empty row's options, rebuilt from events, each event checked."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.domains = Domains(n)
        self.queens: list[int | None] = [None] * n
        self.placed: list[tuple[int, int]] = []
        self.chosen: list[tuple[int, int, int]] = []  # the items branched on above the newest queen
        self.hidden: list[tuple[int, int, tuple[int, int]]] = []

    def check(self, event: Event) -> None:
        domains, queens = self.domains, self.queens
        if isinstance(event, Choose):
            found = branching_item(domains, queens)
            assert found is not None and found[:3] == (event.axis, event.index, event.options)
            self.chosen.append((event.axis, event.index, event.options))
        elif isinstance(event, Place):
            axis, index, _ = self.chosen[-1]
            assert (event.row, event.col)[axis] == index, "an option of the item branched on"
            assert queens[event.row] is None and domains.has(event.row, event.col)
            assert domains_after([*queens[: event.row], event.col, *queens[event.row + 1 :]]).by == domains.by
            queens[event.row] = event.col
            self.placed.append((event.row, event.col))
        elif isinstance(event, Prune):
            assert event.by == self.placed[-1] and queens[event.row] is None
            assert attacks((event.row, event.col), event.by)
            domains.remove(event.row, event.col, event.by)  # refuses an option hidden already
            self.hidden.append((event.row, event.col, event.by))
        elif isinstance(event, Restore):
            assert self.hidden.pop() == (event.row, event.col, event.by), "the newest hidden comes back first"
            domains.put_back(event.row, event.col)
        elif isinstance(event, Backtrack):
            assert self.placed.pop() == (event.row, event.col)
            assert not self.hidden or self.hidden[-1][2] != (event.row, event.col), "after its restores"
            queens[event.row] = None
            # past its item's last option the node is done: its parent's item is the newest again
            axis, index, _ = self.chosen[-1]
            rest = [o for o in self._options(axis, index) if o > (event.row, event.col)]
            if not rest:
                self.chosen.pop()
        else:
            assert isinstance(event, Solution)
            assert is_solution(event.queens) and event.queens == tuple(queens)

    def _options(self, axis: int, index: int) -> list[tuple[int, int]]:
        if axis == ROW:
            return [(index, c) for c in self.domains.remaining(index)]
        return [(r, index) for r in range(self.n) if self.queens[r] is None and self.domains.has(r, index)]


@pytest.mark.parametrize("n", range(1, 8))
@pytest.mark.parametrize("first", [False, True])
def test_events_keep_the_board_and_the_options_consistent(n, first):
    replay = Replay(n)
    events = drain(n, first=first)
    for event in events:
        if isinstance(event, Choose) and not event.options:
            replay.chosen.append((event.axis, event.index, 0))
            replay.chosen.pop()
            continue
        replay.check(event)
    if first and n not in (2, 3):
        assert isinstance(events[-1], Solution) and tally(events).solutions == 1
    else:
        assert replay.domains.by == Domains(n).by and replay.queens == [None] * n


def test_the_links_dance_back_exactly():
    """Every cover undone by its uncover: after a full run the matrix is as it was built."""
    links = Links(6)
    before = (links.llink[:], links.rlink[:], links.ulink[:], links.dlink[:], links.length[:])
    hidden: list[tuple[int, int]] = []
    for item in (1, 8, 3):
        links.cover(item, hidden)
    assert links.length[1] == 6 and links.fewest()[0] not in (1, 3, 8)
    for item in (3, 8, 1):
        links.uncover(item)
    assert (links.llink, links.rlink, links.ulink, links.dlink, links.length) == before


# -- its own kind of event ---------------------------------------------------------------


def test_choose_is_registered_logged_and_counted():
    assert CODES[Choose.CODE][0] is Choose and CODES[Choose.WIPEOUT_CODE] == (Choose, "wipeouts")
    events = drain(6)
    log = EventLog()
    log.extend(events)
    assert [log.get(i, (1, 3, 5, 0, 2, 4)) for i in range(len(events))] == [
        Solution((1, 3, 5, 0, 2, 4), e.line) if isinstance(e, Solution) else e for e in events
    ]
    assert log.tally(0, len(events)) == tally(events)
    assert tally(events).wipeouts == sum(isinstance(e, Choose) and not e.options for e in events) > 0


def test_timeline_steps_back_and_seeks_to_what_stepping_reached():
    timeline = Timeline(SPEC, 7)
    assert timeline.run_to_end()
    total = timeline.cursor
    assert timeline.counters == tally(drain(7))
    follower = DomainFollower(7)
    fresh = Timeline(SPEC, 7)
    follower.attach(fresh)
    fresh.step(1234)
    expected = (list(fresh.queens), fresh.counters, follower.snapshot(fresh.queens).pruned_by)
    fresh.step(total)
    fresh.back(total - 1234)
    assert (list(fresh.queens), fresh.counters, follower.snapshot(fresh.queens).pruned_by) == expected
    fresh.seek(777)
    fresh.seek(1234)
    assert (list(fresh.queens), fresh.counters, follower.snapshot(fresh.queens).pruned_by) == expected


def test_profile_counts_nodes_by_queens_placed():
    out = StringIO()
    assert cli.run(["profile", "8", "--algo", "dlx", "--json"], out) == 0
    data = json.loads(out.getvalue())
    events = drain(8)
    assert data["profile"] == depth_profile(events, 8)
    assert data["profile"][0] == 1 and data["profile"][8] == 92
    assert data["nodes"] == tally(events).placements + 1


@pytest.mark.parametrize("jit", [False, True])
def test_the_engine_profiles_what_the_events_walk(jit, monkeypatch):
    """Nodes per depth from the kernel equal those of the drained events, n = 1, 4..9, compiled
    and interpreted, the walk in one call or in legs of a few events (cut anywhere)."""
    engine = registry.get("dlx").engine
    assert engine is not None and engine.profiles
    for n in [1, *range(4, 10)]:
        drained = depth_profile(drain(n), n)
        assert engine.depth_profile(n, jit=jit) == drained, n
        with monkeypatch.context() as patch:
            patch.setattr(dancing_links_engine, "WALK_LEG", 7)
            assert engine.depth_profile(n, jit=jit) == drained, n
            assert engine.counters(n, jit=jit) == tally(drain(n)), n


def test_the_profile_walk_stops_when_cancelled():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        registry.get("dlx").engine.depth_profile(8, cancel=cancel)


def test_cli_counts_and_prints_its_own_events():
    out = StringIO()
    assert cli.run(["count", "8", "--algo", "dlx", "--json"], out) == 0
    data = json.loads(out.getvalue())
    assert data["solutions"] == 92 and data["wipeouts"] > 0 and data["pruned"] > 0
    out = StringIO()
    assert cli.run(["events", "5", "--algo", "dlx"], out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == len(drain(5))
    choose = next(line for line in lines if line["event"] == "choose")
    assert set(choose) == {"event", "axis", "index", "options", "line", "attempt", "checks"}


@pytest.mark.parametrize(
    ("kind", "en", "zh"),
    [
        ("choose", "item = the uncovered row or column", "选项最少"),
        ("wipeout", "wipe-out", "域清空"),
        ("Place", "place queen", "放皇后"),
        ("Prune", "hide every option", "隐藏"),
        ("Restore", "uncover", "取消覆盖"),
        ("Backtrack", "remove queen", "移走"),
        ("Solution", "record solution", "记录解"),
    ],
)
def test_every_event_points_at_the_line_that_does_it(kind, en, zh):
    def named(event: Event) -> str:
        if isinstance(event, Choose):
            return "choose" if event.options else "wipeout"
        return type(event).__name__

    lines = {event.line for event in drain(6) if named(event) == kind}
    assert len(lines) == 1
    line = lines.pop()
    assert en in SPEC.code[line] and zh in SPEC.code_zh[line], (SPEC.code[line], SPEC.code_zh[line])


# -- what it says --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_event_has_its_sentence(lang):
    narrator = Narrator(SPEC, 6, lang=lang)
    said = [narrator.step(event) for event in drain(6)]
    assert all(sentence and "{" not in sentence for sentence in said)
    word = "column" if lang == "en" else "列"
    chosen_columns = [s for s, e in zip(said, drain(6), strict=True) if isinstance(e, Choose) and e.axis]
    assert chosen_columns and all(word in s.lower() for s in chosen_columns)
    assert len(set(said)) > 100


def test_narration_after_a_long_jump_says_what_stepping_said():
    """The window's narration rebuilds its domains from the board (the spec's domains_after)."""
    stepped, jumped = Timeline(SPEC, 8), Timeline(SPEC, 8)
    stepped_log, jumped_log = NarrationLog(stepped), NarrationLog(jumped)
    for target in (5000, 12_345, 20_000):
        stepped.step(target - stepped.cursor)
        stepped_log.current("en")
        jumped.seek(target)
        assert jumped_log.lines(40, "zh") == stepped_log.lines(40, "zh")
        assert jumped_log.current("en") == stepped_log.current("en")


def test_predict_explains_a_wrong_square_by_its_items():
    from visualizer.core.predict import Predictor

    timeline = Timeline(SPEC, 6)
    predictor = Predictor(timeline)
    timeline.step(30)
    place = next(e for e in predictor.coming() if isinstance(e, Place))
    wrong = ((place.row + 1) % 6, place.col)
    verdict, _ = predictor.judge_square(wrong)
    assert not verdict.right and verdict.real == (place.row, place.col)
    assert verdict.why["en"] and verdict.why["zh"]
