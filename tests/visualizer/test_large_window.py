"""Large boards in the window (n up to 1000), row heat, the min-conflicts chart, and the game's buttons."""

from __future__ import annotations

import json
import random

import numpy as np
import pygame
import pytest

from solvers.board import attacks
from tests.ui import FRAME, click, press, type_n
from visualizer.app import App
from visualizer.core.conflicts import ConflictSeries
from visualizer.core.heat import row_conflicts, total_conflicts
from visualizer.input.window_n import WINDOW_MAX_N
from visualizer.render.chart import chart_points
from visualizer.shell.headless import ScriptError, run_headless


def valid_vectorised(queens: list[int]) -> bool:
    """A full board with one queen per column and per diagonal, checked with numpy."""
    cols = np.asarray(queens)
    rows = np.arange(len(cols))
    return all(len(np.unique(lines)) == len(cols) for lines in (cols, rows + cols, rows - cols))


# -- pure parts ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_heat_equals_a_brute_force_count(seed):
    rng = random.Random(seed)
    n = rng.randint(4, 12)
    queens = [rng.randrange(n) if rng.random() < 0.8 else None for _ in range(n)]
    expected = [
        0
        if c is None
        else sum(
            1 for r2, c2 in enumerate(queens) if r2 != r and c2 is not None and attacks((r, c), (r2, c2))
        )
        for r, c in enumerate(queens)
    ]
    assert row_conflicts(queens).tolist() == expected
    assert total_conflicts(queens) == sum(expected) // 2


def test_series_follows_steps_and_step_back():
    from solvers import registry
    from visualizer.core.timeline import Timeline

    timeline = Timeline(registry.get("min-conflicts"), 50)
    series = ConflictSeries().attach(timeline)
    timeline.run_to_end()
    assert len(series) == timeline.counters.repairs > 0
    assert series.values[-1] == 0
    timeline.back(3)  # the Solution event, then two repairs
    assert len(series) == timeline.counters.repairs
    assert ConflictSeries().attach(timeline).values == series.values  # attaching late replays the log


def test_chart_points_stay_inside_the_plot_and_thin_long_series():
    plot = pygame.Rect(10, 20, 50, 40)
    points = chart_points(list(range(1000, 0, -1)), plot, 1000)
    assert len(points) == 50
    assert all(plot.collidepoint(p) for p in points)
    assert points[0] == (10, 20) and points[-1][0] == 59


# -- the window ------------------------------------------------------------------


def test_headless_construction_at_1000_is_a_solution(tmp_path):
    shot, state = tmp_path / "large.png", tmp_path / "state.json"
    run_headless(n=1000, algorithm="construction", script="instant", screenshot=str(shot), state=str(state))
    result = json.loads(state.read_text())
    assert result["n"] == 1000 and result["counters"]["solutions"] == 1
    assert valid_vectorised(result["queens"])
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)


def test_the_window_refuses_n_beyond_its_cap():
    with pytest.raises(ScriptError):
        run_headless(n=8, algorithm="construction", script=f"n:{WINDOW_MAX_N + 1}")


def test_min_conflicts_chart_counts_repairs_and_shrinks_on_step_back():
    app = App(200, "min-conflicts", size=(1280, 800))
    try:
        assert app.mode.views.view == "chart"
        app.dispatch("speed", 100.0)
        app.dispatch("step", 200)  # the greedy start
        app.dispatch("play")
        for _ in range(20):
            app.tick(FRAME)
        app.dispatch("pause")
        repairs = app.timeline.counters.repairs
        assert repairs > 0 and len(app.mode.views.get("chart").chart) == repairs
        press(app, pygame.K_LEFT)  # one step back, by key
        assert len(app.mode.views.get("chart").chart) == app.timeline.counters.repairs < repairs + 1
        app.dispatch("back", 1)
        assert len(app.mode.views.get("chart").chart) == app.timeline.counters.repairs
        app.draw()
        area = app.layout.code
        colour = app.theme.conflict
        seen = sum(
            all(abs(app.surface.get_at((x, y))[i] - colour[i]) <= 30 for i in range(3))
            for x in range(area.left, area.right, 2)
            for y in range(area.top, area.bottom, 2)
        )
        assert seen > 20  # the chart's line is drawn in the side panel
    finally:
        app.close()


def test_headless_view_chart(tmp_path):
    state = run_headless(n=100, algorithm="min-conflicts", script="view:code;view:chart;step:120")
    assert state["view"] == "chart"
    with pytest.raises(ScriptError):
        run_headless(n=8, algorithm="backtracking", script="view:pie")


def test_frame_at_1000_draws_a_heat_strip_for_conflicted_rows():
    app = App(1000, "min-conflicts", size=(1280, 800))
    try:
        app.dispatch("step", 1000)
        heat = row_conflicts(app.timeline.queens)
        assert heat.max() > 0
        app.draw()
        geo = app.geometry
        x = geo.rect.left - 4  # x - 2 inside the strip, in the margin left of the board (no labels)
        colour = app.theme.conflict
        column = [app.surface.get_at((x - 2, y))[:3] for y in range(geo.rect.top, geo.rect.bottom)]
        assert any(sum(abs(p[i] - colour[i]) for i in range(3)) < 200 for p in column)
    finally:
        app.close()


def test_typing_n_in_the_box_and_shift_brackets():
    app = App(8, "construction", size=(1280, 800))
    try:
        app.tick(FRAME)
        type_n(app, "1000")
        assert app.timeline.n == 1000
        type_n(app, "abc")
        assert app.timeline.n == 1000 and app.banner is not None and app.banner[1] == "error"
        app.dispatch("step", 5)
        press(app, pygame.K_r, "r")  # typed into the box, not a reset command
        assert app.timeline.cursor == 5
        click(app, app.layout.board.center)  # focus leaves the box
        assert not app.controls.typing()
        press(app, pygame.K_LEFTBRACKET, "{", pygame.KMOD_LSHIFT)
        assert app.timeline.n == 990
        press(app, pygame.K_RIGHTBRACKET, "]")
        assert app.timeline.n == 991
    finally:
        app.close()


# -- game mode -------------------------------------------------------------------


def test_game_buttons_replace_the_search_buttons_and_work():
    app = App(8, "backtracking", size=(1280, 800), mode="game")
    try:
        app.tick(FRAME)
        buttons = app.controls.buttons
        assert {"hint", "completions", "relaxed"} <= set(buttons)
        assert not {"play", "next", "instant", "step", "back"} & set(buttons)
        assert buttons["reset"].text == "Retry"
        app.dispatch("click", 0, 0)
        assert app.state()["moves"] == 1
        click(app, buttons["reset"].rect.center)
        assert app.state()["moves"] == 0 and app.state()["queens"] == [None] * 8
        assert app.state()["relaxed"] is False
        click(app, app.controls.buttons["relaxed"].rect.center)
        assert app.state()["relaxed"] is True
        assert app.controls.buttons["relaxed"].text.endswith("on")
        click(app, app.controls.buttons["hint"].rect.center)
        assert app.state()["hints"] is True
    finally:
        app.close()


def test_relaxed_headless_refuses_instead_of_losing():
    state = run_headless(n=8, algorithm="backtracking", mode="game", script="relaxed:on;click:0,0;click:1,1")
    assert state["outcome"] == "playing" and state["relaxed"] is True
    assert tuple(state["refusal"]["square"]) == (1, 1) and tuple(state["refusal"]["attacker"]) == (0, 0)
    with pytest.raises(ScriptError):
        run_headless(n=8, algorithm="backtracking", mode="game", script="relaxed:maybe")


def test_a_won_game_draws_its_queens_in_the_solution_colour():
    app = App(4, "backtracking", size=(1280, 800), mode="game")
    try:
        for row, col in enumerate((1, 3, 0, 2)):
            app.dispatch("click", row, col)
        assert app.state()["outcome"] == "won"
        app.draw()
        centre = app.geometry.center(0, 1)
        pixel = app.surface.get_at(centre)[:3]
        assert sum(abs(pixel[i] - app.theme.solution[i]) for i in range(3)) < 60
    finally:
        app.close()
