"""The side views (search tree, solutions gallery) and race mode, driven like a user would."""

from __future__ import annotations

import json

import pygame

from solvers import registry
from solvers.counters import tally
from tests.run import viz
from tests.ui import FRAME, pixels, press
from visualizer.app import App


def test_t_and_y_switch_the_side_panel(app):
    app.dispatch("step", 40)
    side = app.layout.code
    code = pixels(app, side)
    press(app, pygame.K_t, "t")
    assert app.mode.views.view == "tree"
    tree = pixels(app, side)
    assert tree != code
    press(app, pygame.K_y, "y")
    assert app.mode.views.view == "gallery"
    assert pixels(app, side) not in (code, tree)
    press(app, pygame.K_y, "y")  # the same key again: back to the code
    assert app.mode.views.view == "code"
    assert pixels(app, side) == code


def test_gallery_click_shows_that_solution_until_the_next_step(app):
    app.dispatch("instant")
    while app.busy:
        app.join(0.05)
        app.update(0.0)
    press(app, pygame.K_y, "y")
    app.draw()
    assert app.mode.views.get("gallery").hits, "the gallery drew no mini boards"
    rect, queens = app.mode.views.get("gallery").hits[3]
    assert app.timeline.queens == [None] * 8  # a finished search ends on the empty board
    square = app.geometry.square_rect(0, queens[0]) if hasattr(app.geometry, "square_rect") else None
    centre = app.geometry.center(0, queens[0])
    probe = square or pygame.Rect(centre[0] - 12, centre[1] - 12, 24, 24)
    empty = pixels(app, probe)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert app.mode.views.selected(app.timeline) == queens
    assert pixels(app, probe) != empty  # a queen now stands on row 0
    chosen = pixels(app, probe)
    app.dispatch("back")  # the next step (either way) ends the selection
    assert app.mode.views.selected(app.timeline) is None
    assert pixels(app, probe) != chosen


def test_reset_and_new_n_rebuild_the_tree(app):
    app.dispatch("view", "tree")
    app.dispatch("step", 50)
    assert app.mode.views.get("tree").tree.count > 1
    app.dispatch("reset")
    assert app.mode.views.get("tree").tree.count == 1
    app.dispatch("n", 4)
    app.dispatch("instant")
    assert app.mode.views.get("tree").tree.count == 17


def test_headless_tree_node_count_for_four_queens(tmp_path):
    state = tmp_path / "s.json"
    result = viz("--n", "4", "--script", "view:tree;step:1000", "--state", str(state))
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text())
    assert data["view"] == "tree" and data["tree_nodes"] == 17


def test_headless_race_counters_match_the_solvers(tmp_path):
    state = tmp_path / "race.json"
    result = viz(
        "--mode",
        "race",
        "--algo",
        "brute-force",
        "--algo2",
        "backtracking",
        "--n",
        "5",
        "--script",
        "instant",
        "--state",
        str(state),
    )
    assert result.returncode == 0, result.stderr
    race = json.loads(state.read_text())["race"]
    for side, name in (("a", "brute-force"), ("b", "backtracking")):
        expected = tally(registry.get(name).solve(5))
        assert race[side]["algorithm"] == name and race[side]["finished"]
        for key in ("attempts", "placements", "backtracks", "solutions", "checks"):
            assert race[side][key] == getattr(expected, key), (side, key)


def test_bad_algo2_is_refused():
    result = viz("--mode", "race", "--algo", "brute-force", "--algo2", "nope", "--n", "5")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1


def test_race_in_the_window_plays_and_refuses_a_bad_algo2():
    app = App(5, "brute-force", size=(1280, 800), mode="race", algo2="nope")
    try:
        assert app.banner is not None and app.banner[1] == "error"
    finally:
        app.close()
    app = App(5, "brute-force", size=(1280, 800), mode="race", algo2="backtracking")
    try:
        app.dispatch("speed", 100)
        app.dispatch("play")
        for _ in range(30):
            app.tick(FRAME)
        assert app.race.a.cursor == app.race.b.cursor == 50
        app.dispatch("reset")
        assert app.race.a.cursor == 0
    finally:
        app.close()
