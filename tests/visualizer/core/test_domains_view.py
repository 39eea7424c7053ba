"""The domains on the board (issue 15): the follower against an independent recomputation of
each empty row's unattacked columns at many event indices, forward and after steps back; MRV's
marked row; the window through real key presses, its pixels and the headless state file."""

from __future__ import annotations

import json

import pygame
import pytest

from solvers import registry
from solvers.board import attacks
from solvers.events import Backtrack, Place
from tests.run import nqueens, viz
from tests.ui import new_app, press, share_near
from visualizer.core.domains import DomainFollower, DomainsView
from visualizer.core.scene import scene_of
from visualizer.core.timeline import Timeline
from visualizer.modes.watch import mrv_extra
from visualizer.render.domains import pruner_colour

PROPAGATION = ("forward-checking", "mrv")


def unattacked(queens: list[int | None], row: int) -> list[int]:
    """Columns of ``row`` no queen on the board attacks (computed here, not by the solvers)."""
    n = len(queens)
    return [
        c
        for c in range(n)
        if all(q is None or (q != c and abs(q - c) != abs(r - row)) for r, q in enumerate(queens))
    ]


def fewest_left(domains: list[list[int] | None]) -> int | None:
    """The empty row with the fewest columns (ties: the lowest), from plain lists; None when
    there is none or it has no column left (a wipe-out: MRV picks nothing)."""
    rows = [r for r, cols in enumerate(domains) if cols is not None]
    row = min(rows, key=lambda r: (len(domains[r]), r)) if rows else None  # type: ignore[arg-type]
    return row if row is not None and domains[row] else None


def check(view: DomainsView, queens: list[int | None], settled: bool) -> None:
    """Every pruned column names a queen on the board that attacks it; once the last queen has
    pruned all it attacks (``settled``), each empty row holds exactly its unattacked columns."""
    assert view.empty_rows == tuple(r for r, q in enumerate(queens) if q is None)
    for row in view.empty_rows:
        free = unattacked(queens, row)
        assert set(free) <= set(view.remaining(row))
        for col, by in enumerate(view.pruned_by[row]):
            if by is not None:
                assert queens[by[0]] == by[1] and attacks(by, (row, col))
        if settled:
            assert list(view.remaining(row)) == free
        assert view.sizes[row] == len(view.remaining(row))


def settled(timeline: Timeline) -> bool:
    """No placement is half-way through its pruning or its undoing."""
    last = timeline.last
    upcoming = timeline.log.get(timeline.cursor) if timeline.cursor < timeline.log.end else None
    return last is None or type(last) is Backtrack or type(upcoming) is Place


@pytest.mark.parametrize("name", PROPAGATION)
@pytest.mark.parametrize("n", [5, 6, 8])
def test_the_domains_match_a_recomputation_forward_and_after_steps_back(name, n):
    timeline = Timeline(registry.get(name), n)
    follower = DomainFollower(n).attach(timeline)
    checked = settled_seen = 0
    for size in [1, 2, 3, 5, 7, 11, 13] * 40:
        if timeline.finished:
            break
        timeline.step(size)
        queens = list(timeline.queens)
        view = follower.snapshot(queens, mrv=True)
        calm = settled(timeline)
        check(view, queens, calm)
        settled_seen += calm
        checked += 1
        if size in (5, 13):  # and back a few events: the domains must follow
            timeline.back(size // 2 + 1)
            queens = list(timeline.queens)
            check(follower.snapshot(queens), queens, settled(timeline))
    assert checked > 40 and settled_seen > 5


@pytest.mark.parametrize("name", PROPAGATION)
def test_a_follower_attached_mid_run_catches_up_and_a_reset_clears_it(name):
    timeline = Timeline(registry.get(name), 6)
    timeline.step(123)
    late = DomainFollower(6).attach(timeline)
    fresh = Timeline(registry.get(name), 6)
    early = DomainFollower(6).attach(fresh)
    fresh.step(123)
    assert late.snapshot(timeline.queens) == early.snapshot(fresh.queens)
    timeline.reset()
    assert late.snapshot(timeline.queens).sizes == (6,) * 6


def test_mrv_marks_the_row_with_fewest_columns_and_says_why():
    timeline = Timeline(registry.get("mrv"), 8)
    follower = DomainFollower(8).attach(timeline)
    seen = set()
    for _ in range(300):
        timeline.step(7)
        scene = scene_of(timeline, domains=follower)
        view = scene.domains
        assert view is not None
        lists = [list(view.remaining(r)) if r in view.empty_rows else None for r in range(8)]
        assert view.mrv_row == fewest_left(lists)
        if view.mrv_row is not None:
            seen.add(view.mrv_row)
            (label, text), *_ = mrv_extra(scene, "en").items()
            assert label == "Next row (MRV)"
            assert text == f"{view.mrv_row + 1} · fewest remaining: {view.sizes[view.mrv_row]}"
            assert f"剩余最少：{view.sizes[view.mrv_row]}" in next(iter(mrv_extra(scene, "zh").values()))
    assert len(seen) > 3  # MRV does not simply go top down
    forward = Timeline(registry.get("forward-checking"), 8)
    forward.step(50)
    assert scene_of(forward, domains=DomainFollower(8).attach(forward)).domains.mrv_row is None  # type: ignore[union-attr]


def test_other_algorithms_draw_no_domains():
    app = new_app(8, "backtracking-pairwise")  # (plain backtracking draws its flag strips there)
    try:
        press(app, pygame.K_RIGHT)
        assert "domains" not in app.state() and app.mode.scene().domains is None  # type: ignore[attr-defined]
        app.draw()
        geo = app.geometry
        room = min(40, app.layout.board.bottom - geo.rect.bottom - 8)  # the board's area under it
        below = pygame.Rect(geo.rect.left, geo.rect.bottom + 8, geo.rect.w, room)
        assert room <= 4 or share_near(app, below, app.theme.background, 4) == 1.0  # no key without domains
    finally:
        app.close()


def test_the_window_shows_the_domains_through_real_keys_and_step_back():
    app = new_app(8, "mrv")
    try:
        theme = app.theme
        moves = [(40, pygame.K_RIGHT), (15, pygame.K_LEFT), (60, pygame.K_RIGHT), (30, pygame.K_LEFT)]
        for presses, key in moves:
            for _ in range(presses):
                press(app, key)
            state = app.state()
            queens = state["queens"]
            timeline = app.timeline
            assert timeline is not None and state["event_index"] == timeline.cursor
            calm = settled(timeline)
            for row, cols in enumerate(state["domains"]):
                assert (cols is None) == (queens[row] is not None)
                if cols is not None:
                    assert set(unattacked(queens, row)) <= set(cols)
                    if calm:
                        assert cols == unattacked(queens, row)
            assert state["mrv_row"] == fewest_left(state["domains"])
            # the pixels: a remaining column's dot in the queen colour, a pruned one in its pruner's
            app.draw()
            geo = app.geometry
            view = app.mode.scene().domains  # type: ignore[attr-defined]
            for row in view.empty_rows:
                for col, by in enumerate(view.pruned_by[row]):
                    pixel = tuple(app.surface.get_at(geo.center(row, col)))[:3]
                    if by is None:
                        assert pixel == theme.queen
                    else:  # the centre may fall on the digit: look beside it, inside the disc
                        x, y = geo.center(row, col)
                        ring = [tuple(app.surface.get_at((x + dx, y)))[:3] for dx in range(-12, 13)]
                        assert pruner_colour(theme, by[0]) in ring
            below = pygame.Rect(geo.rect.left, geo.rect.bottom + 8, geo.rect.w, 40)  # the key
            assert share_near(app, below, theme.background, 4) < 0.97
            if view.mrv_row is not None:  # the frame round MRV's row, in the "tried" blue
                band = geo.square_rect(view.mrv_row, 0)
                edge = [tuple(app.surface.get_at((band.left + 4, band.top - k)))[:3] for k in range(1, 6)]
                assert theme.tried in edge
    finally:
        app.close()


def test_headless_state_file_has_the_domains(tmp_path):
    state_path = tmp_path / "s.json"
    result = viz(
        "--n", "6", "--algo", "forward-checking", "--script", "step:90;back:20", "--state", str(state_path)
    )
    assert result.returncode == 0, result.stderr
    state = json.loads(state_path.read_text())
    timeline = Timeline(registry.get("forward-checking"), 6)
    follower = DomainFollower(6).attach(timeline)
    timeline.step(70)
    view = follower.snapshot(timeline.queens)
    assert state["event_index"] == 70 and state["mrv_row"] is None
    expected = [list(view.remaining(r)) if q is None else None for r, q in enumerate(timeline.queens)]
    assert state["domains"] == expected


# -- race mode (issue 15): the telling pairs, their counters, the domains on both boards ----------

TELLING_PAIRS = [
    ("backtracking", "forward-checking"),
    ("forward-checking", "mrv"),
    ("permutations-pruned", "mrv"),
]


def test_the_race_drop_down_offers_the_telling_pairs():
    from visualizer.input.controls import race_options

    options, _ = race_options(("brute-force", "backtracking"), "en")
    ids = [option_id for _, option_id in options]
    for a, b in TELLING_PAIRS:
        assert f"{a},{b}" in ids
        assert registry.get(a).race_partner == b


@pytest.mark.parametrize(("a", "b"), TELLING_PAIRS)
def test_a_telling_pair_races_through_real_input_with_counters_equal_to_solo_runs(a, b):
    import pygame_gui

    from visualizer.render.race import race_counters

    app = new_app(8, "brute-force", mode="race", algo2="backtracking")
    try:
        menu = app.controls.algorithms
        shown = dict((code, text) for text, code in menu.options_list)[f"{a},{b}"]  # titles or short names
        assert shown in (f"{registry.get(a).title} vs {registry.get(b).title}", f"{a} vs {b}")
        kind = pygame_gui.UI_DROP_DOWN_MENU_CHANGED
        app.handle_event(pygame.event.Event(kind, ui_element=menu, text=shown, selected_option_id=f"{a},{b}"))
        for _ in range(200):
            press(app, pygame.K_RIGHT)
        for _ in range(50):
            press(app, pygame.K_LEFT)
        race = app.race
        assert race is not None and (race.a.spec.name, race.b.spec.name) == (a, b)
        state = app.state()["race"]
        for side, name in (("a", a), ("b", b)):
            solo = Timeline(registry.get(name), 8)
            solo.step(150)
            assert race.sides[side].counters == solo.counters, side
            assert {k: state[side][k] for k in ("pruned", "wipeouts")} == {
                "pruned": solo.counters.pruned,
                "wipeouts": solo.counters.wipeouts,
            }
            if side in race.domains:  # the domains on that side's board follow its own steps back
                follower = DomainFollower(8).attach(solo)
                assert race.domains[side].snapshot(race.sides[side].queens) == follower.snapshot(solo.queens)
        assert race_counters(race)[-2:] == ("pruned", "wipeouts")
        assert race.b.counters.pruned > 0
    finally:
        app.close()


def test_the_saving_is_visible_at_n_8():
    from visualizer.core.race import Race

    race = Race("backtracking", "forward-checking", 8)
    race.run_to_end()
    assert race.a.counters.attempts == 15720 and race.b.counters.attempts == 1724
    assert race.b.counters.pruned == 4840 and race.b.counters.wipeouts == 560


# -- the tree and nodes-per-depth views (issue 15): depth is queens placed ------------------------


def cli_profile(name: str, n: int) -> list[int]:
    """``nqueens profile N --algo NAME --json``, run as a user runs it."""
    result = nqueens("profile", str(n), "--algo", name, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["profile"]


@pytest.mark.parametrize("name", PROPAGATION)
@pytest.mark.parametrize("n", [6, 8])
def test_the_tree_view_through_real_keys_equals_the_cli_profile(name, n):
    app = new_app(n, name)
    try:
        press(app, pygame.K_t, "t")
        for _ in range(25):
            press(app, pygame.K_RIGHT)
        model = app.mode.views.model()  # type: ignore[attr-defined]
        expected = cli_profile(name, n)
        assert model.full_profile == tuple(expected) and model.by_queens == (name == "mrv")
        partial = model.level_counts
        press(app, pygame.K_RETURN)  # instant result: the rest of the run
        assert app.join(60)
        app.tick(1 / 60)
        tree = app.mode.views.get("tree").tree  # type: ignore[attr-defined]
        assert tree.level_counts == expected and tree.count == sum(expected)
        assert all(a <= b for a, b in zip(partial, expected, strict=True))
        for _ in range(5):  # and step back shrinks it like the timeline
            press(app, pygame.K_LEFT)
        back = Timeline(registry.get(name), n)
        back.run_to_end()
        back.back(5)
        from visualizer.core.tree import SearchTree

        assert tree.snapshot() == SearchTree(n, keep_nodes=tree.keep_nodes).attach(back).snapshot()
    finally:
        app.close()


def test_mrv_tree_nodes_hold_the_rows_mrv_chose():
    from solvers.events import Place as PlaceEvent
    from visualizer.core.tree import SearchTree

    timeline = Timeline(registry.get("mrv"), 6)
    tree = SearchTree(6, keep_nodes=True).attach(timeline)
    timeline.run_to_end()
    places = [(e.row, e.col) for e in registry.get("mrv").solve(6) if type(e) is PlaceEvent]
    assert tree.nodes is not None
    assert [node.square for node in tree.nodes[1:]] == places
    assert any(node.square[0] != node.depth - 1 for node in tree.nodes[1:])  # type: ignore[index]
