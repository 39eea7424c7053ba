"""Modes as objects: switching in the window and headless, game mode without a hidden search,
and race mode stepping back and jumping to the next solution like watch mode -- all through real
input (posted pygame events) or the headless command line."""

from __future__ import annotations

import json

import pygame
import pytest

from solvers import registry
from solvers.counters import tally
from tests.run import viz
from tests.ui import FRAME, click_button, new_app, press
from visualizer.core.race import RACE_PAIRS
from visualizer.core.timeline import Timeline


def solo(name: str, n: int, events: int) -> Timeline:
    timeline = Timeline(registry.get(name), n)
    timeline.step(events)
    return timeline


@pytest.fixture
def app():
    application = new_app(8, "backtracking")
    yield application
    application.close()


def test_the_mode_buttons_switch_the_window_without_a_restart(app):
    press(app, pygame.K_RIGHT)
    assert app.state()["mode"] == "watch" and app.controls.buttons["mode:watch"].is_selected
    click_button(app, "mode:game")
    state = app.state()
    assert (state["mode"], state["n"], state["outcome"]) == ("game", 8, "playing")
    assert "hint" in app.controls.buttons and "step" not in app.controls.buttons
    assert app.timeline is None and app.controls.slider is None  # no search hides behind the game
    click_button(app, "mode:race")
    assert app.state()["mode"] == "race" and app.race is not None
    assert app.state()["race"]["a"]["algorithm"] == "backtracking"
    assert app.controls.buttons["back"].is_enabled and app.controls.buttons["next"].is_enabled
    click_button(
        app, "mode:watch"
    )  # where it was left (issue 38: tests/visualizer/modes/test_mode_memory.py)
    assert app.state()["mode"] == "watch" and app.state()["event_index"] == 1
    press(app, pygame.K_n)
    assert app.state()["counters"]["attempts"] == 876


def test_switching_brings_n_into_the_new_modes_range(app):
    app.dispatch("algo", "construction")
    app.dispatch("n", 500)
    click_button(app, "mode:game")
    assert app.state()["n"] == 20 and app.banner is None
    click_button(app, "mode:watch")
    assert (app.state()["n"], app.state()["algorithm"]) == (20, "construction")


def test_headless_mode_command_switches_and_the_state_follows(tmp_path):
    state = tmp_path / "state.json"
    script = "step:5;mode:game;click:0,0;mode:race;step:10;back:4;mode:watch;next"
    result = viz("--n", "8", "--script", script, "--state", str(state))
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text())
    assert (data["mode"], data["counters"]["attempts"]) == ("watch", 876)
    assert data["queens"] == [0, 4, 7, 5, 2, 6, 1, 3]
    bad = viz("--script", "mode:fly")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_headless_race_state_after_switching(tmp_path):
    state = tmp_path / "state.json"
    script = "mode:race;step:300;back:100"
    result = viz("--n", "6", "--algo", "brute-force", "--script", script, "--state", str(state))
    assert result.returncode == 0, result.stderr
    race = json.loads(state.read_text())["race"]
    for side, name in (("a", "brute-force"), ("b", "backtracking")):
        expected = solo(name, 6, 200).counters
        assert race[side]["events"] == 200 and race[side]["attempts"] == expected.attempts


SEARCH_KEYS = [(pygame.K_RIGHT, ""), (pygame.K_n, "n"), (pygame.K_RETURN, "\r")]


@pytest.mark.parametrize(("key", "unicode"), SEARCH_KEYS)
def test_search_keys_in_game_mode_only_explain_and_the_board_still_answers(key, unicode):
    game = new_app(8, mode="game")
    try:
        press(game, key, unicode)
        assert game.banner is not None and game.banner[1] == "info"
        assert game.state()["queens"] == [None] * 8 and not game.busy
        pos = game.geometry.center(0, 3)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        game.tick(FRAME)
        assert game.state()["queens"][0] == 3  # not "Still working"
    finally:
        game.close()


def test_the_tree_view_is_watch_mode_only_and_race_says_so():
    race = new_app(5, "brute-force", mode="race", algo2="backtracking")
    try:
        press(race, pygame.K_t, "t")
        assert race.banner is not None and "Not available" in race.banner[0]
        assert race.state()["view"] != "tree"  # race shows only Cost vs n beside its boards
    finally:
        race.close()


@pytest.mark.parametrize(("a", "b"), RACE_PAIRS)
def test_race_steps_back_with_the_left_key(a, b):
    app = new_app(6, a, mode="race", algo2=b)
    try:
        for _ in range(30):
            press(app, pygame.K_RIGHT)
        for _ in range(12):
            press(app, pygame.K_LEFT)
        for side, name in (("a", a), ("b", b)):
            expected = solo(name, 6, 18)
            assert app.race.sides[side].counters == expected.counters, side
            assert app.race.sides[side].queens == expected.queens, side
    finally:
        app.close()


@pytest.mark.parametrize(("a", "b"), RACE_PAIRS)
def test_race_next_solution_stops_both_sides_where_the_first_side_finds_one(a, b):
    app = new_app(6, a, mode="race", algo2=b)
    try:
        press(app, pygame.K_n, "n")
        app.join(60)
        app.tick(FRAME)
        firsts = {}
        for side, name in (("a", a), ("b", b)):
            timeline = Timeline(registry.get(name), 6)
            timeline.next_solution()
            firsts[side] = timeline
        ticks = min(timeline.cursor for timeline in firsts.values())
        for side, name in (("a", a), ("b", b)):
            expected = firsts[side] if firsts[side].cursor == ticks else solo(name, 6, ticks)
            assert app.race.sides[side].counters == expected.counters, side
        winner = min(firsts, key=lambda side: firsts[side].cursor)
        assert app.race.sides[winner].counters.solutions == 1
    finally:
        app.close()


def test_race_instant_result_equals_the_solo_runs_and_can_be_stepped_back():
    app = new_app(5, "brute-force", mode="race", algo2="backtracking")
    try:
        press(app, pygame.K_RETURN, "\r")
        assert app.join(60)
        app.tick(FRAME)
        assert app.race.finished and app.state()["race"]["finished_first"] == "b"
        for side, name in (("a", "brute-force"), ("b", "backtracking")):
            assert app.race.sides[side].counters == tally(registry.get(name).solve(5)), side
        total = app.race.cursor
        press(app, pygame.K_LEFT)
        assert app.race.cursor == total - 1 and not app.race.finished
        assert app.race.b.finished  # the shorter run stays at its end
    finally:
        app.close()


def test_race_show_all_next_animates_to_where_the_jump_lands():
    jumped = new_app(6, "permutations", mode="race", algo2="permutations-pruned")
    animated = new_app(6, "permutations", mode="race", algo2="permutations-pruned")
    try:
        press(jumped, pygame.K_n, "n")
        press(animated, pygame.K_a, "a")
        press(animated, pygame.K_n, "n")
        assert animated.mode.player.animating
        frames = 0
        while animated.mode.player.animating and frames < 10_000:
            animated.tick(FRAME, draw=frames % 50 == 0)  # the progress bar is drawn on the way
            frames += 1
        assert frames > 1 and animated.race.cursor == jumped.race.cursor > 0
        for side in ("a", "b"):
            assert animated.race.sides[side].counters == jumped.race.sides[side].counters
    finally:
        jumped.close()
        animated.close()


def test_the_end_of_a_run_is_named_for_what_the_algorithm_does():
    """A search that tried everything is finished; construction only built its one solution."""
    for algo, n, english, chinese in (
        ("construction", 100, "its one solution is on the board", "它的解已在棋盘上"),
        ("backtracking", 1, "Search finished", "所有情况已遍历"),
    ):
        app = new_app(n, algo)
        try:
            app.dispatch("step", 5000)
            app.dispatch("step")
            assert app.banner is not None and english in app.banner[0], (algo, app.banner)
            app.dispatch("lang", "zh")
            app.dispatch("step")
            assert app.banner is not None and chinese in app.banner[0], (algo, app.banner)
        finally:
            app.close()


@pytest.mark.parametrize(
    ("algorithm", "extra"),
    [
        ("forward-checking", ("pruned", "wipeouts")),
        ("mrv", ("pruned", "wipeouts")),
        ("dlx", ("pruned", "wipeouts")),
        ("min-conflicts", ("repairs",)),
        ("backtracking", ()),
    ],
)
@pytest.mark.parametrize("mode", ["watch", "race"])
def test_the_state_files_counters_are_the_ones_the_window_shows(algorithm, extra, mode):
    """README: pruned and wipe-outs for forward checking, MRV and DLX; repairs for min-conflicts."""
    from visualizer.shell.headless import run_headless

    other = "backtracking" if algorithm != "backtracking" else "bitmask"
    state = run_headless(n=6, algorithm=algorithm, mode=mode, algo2=other, script="step:60")
    solo = Timeline(registry.get(algorithm), 6)
    solo.step(60)
    base = ("attempts", "placements", "backtracks", "solutions", "checks")
    assert tuple(state["counters"]) == base + extra
    assert state["counters"] == {key: getattr(solo.counters, key) for key in base + extra}
    if extra[:1] == ("pruned",):
        assert state["counters"]["pruned"] > 0
