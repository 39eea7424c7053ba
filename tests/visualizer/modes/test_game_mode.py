"""Game mode in the window: real mouse clicks on the board, pixels, banners and the headless state."""

from __future__ import annotations

import json
import subprocess

import pygame
import pytest

from solvers.errors import SolverError
from tests import run
from tests.ui import FRAME, click, new_app, press, share_near
from visualizer.app import App


@pytest.fixture
def game():
    """An 8 x 8 game-mode App in a 1280x800 window, drawn once."""
    application = App(8, mode="game", size=(1280, 800))
    application.tick(FRAME)
    yield application
    application.close()


def click_square(app: App, row: int, col: int) -> None:
    """A real left click (down, up) at the centre of square (row, col), then a frame."""
    pos = app.geometry.center(row, col)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.tick(FRAME)


def viz(*args: str) -> subprocess.CompletedProcess[str]:
    return run.viz("--mode", "game", *args)


def test_mouse_clicks_place_queens_in_the_queen_colour(game):
    square = game.geometry.square_rect(2, 5)
    assert share_near(game, square, game.theme.queen) < 0.02
    click_square(game, 2, 5)
    assert game.game.game.queens[2] == 5
    assert share_near(game, square, game.theme.queen) > 0.05
    click_square(game, 2, 5)  # a second click takes the queen away
    assert game.game.game.queens[2] is None
    assert game.state()["outcome"] == "playing"


def test_a_losing_click_shows_the_conflict_on_the_refused_square(game):
    click_square(game, 0, 0)
    click_square(game, 1, 1)
    state = game.state()
    assert state["outcome"] == "lost"
    assert state["refusal"] == {"square": (1, 1), "attacker": (0, 0)}
    assert share_near(game, game.geometry.square_rect(1, 1), game.theme.conflict) > 0.3
    assert game.game.outcome_banner()[1] == "error"
    press(game, pygame.K_r)  # retry
    assert game.state()["outcome"] == "playing"
    assert game.state()["queens"] == [None] * 8


def test_winning_says_time_and_moves():
    app = App(4, mode="game", size=(1280, 800))
    try:
        app.tick(FRAME)
        for r, c in [(0, 1), (1, 3), (2, 0), (3, 2)]:
            click_square(app, r, c)
        assert app.state()["outcome"] == "won"
        text, kind = app.game.outcome_banner()
        assert kind == "success" and "4 moves" in text
    finally:
        app.close()


def test_hint_keys_answer_with_a_banner(game):
    click_square(game, 0, 0)
    press(game, pygame.K_i)
    assert game.banner is not None and "safe squares" in game.banner[0]
    assert game.state()["hints"] is True
    press(game, pygame.K_c)
    assert game.banner is not None and "completed" in game.banner[0]
    press(game, pygame.K_l)
    assert game.state()["relaxed"] is True
    click_square(game, 0, 0)  # relaxed: an attacked square is refused, the round goes on
    click_square(game, 1, 1)
    assert game.state()["outcome"] == "playing"
    assert "Refused" in game.banner[0]


def test_hint_keys_in_watch_mode_only_explain():
    app = App(8, size=(1280, 800))
    try:
        app.dispatch("hint")
        assert app.banner is not None and "game mode" in app.banner[0]
    finally:
        app.close()


def test_n_changes_are_refused_beyond_4_to_20():
    with pytest.raises(SolverError, match="from 4 to 20"):
        App(3, mode="game", size=(1280, 800))
    app = App(4, mode="game", size=(1280, 800))
    try:
        press(app, pygame.K_LEFTBRACKET)
        assert app.state()["n"] == 4
        assert app.banner is not None and app.banner[1] == "error"
        press(app, pygame.K_RIGHTBRACKET)
        assert app.state()["n"] == 5 and app.game.n == 5
    finally:
        app.close()


@pytest.mark.parametrize(
    ("n", "script", "outcome", "queens"),
    [
        (4, "click:0,1;click:1,3;click:2,0;click:3,2", "won", [1, 3, 0, 2]),
        (8, "click:0,0;click:1,1", "lost", [0] + [None] * 7),
        (8, "click:0,0;click:0,0", "playing", [None] * 8),
    ],
)
def test_headless_game_state(tmp_path, n, script, outcome, queens):
    state = tmp_path / "state.json"
    result = viz("--n", str(n), "--script", script, "--state", str(state))
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text())
    assert (data["n"], data["mode"], data["outcome"], data["queens"]) == (n, "game", outcome, queens)


def test_headless_game_refuses_n_3_in_one_line():
    result = viz("--n", "3")
    assert result.returncode == 2
    assert "from 4 to 20" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_the_loss_banner_shows_at_once_and_the_hint_button_says_on_or_off():
    app = new_app(8, "backtracking", mode="game")
    hint = app.controls.buttons["hint"]
    assert hint.text.endswith("off")
    press(app, pygame.K_i, "i")  # hints on: its own banner comes up
    assert app.controls.buttons["hint"].text.endswith("on") and app.banner is not None
    geometry = app.geometry
    click(app, geometry.center(0, 0))
    click(app, geometry.center(1, 1))  # attacked: lost
    assert app.state()["outcome"] == "lost"
    assert app.banner is None  # the hint banner gave way
    app.draw()
    assert share_near(app, app.layout.banner.inflate(-40, -16), app.theme.conflict, 30) > 0.4
    app.close()


def test_one_completion_is_said_in_the_singular_and_the_clock_waits_for_the_first_move():
    """Issue 18 item 9: "completed in 1 ways"; Elapsed ran before the first move."""
    from tests.ui import new_app

    app = new_app(4, "backtracking", mode="game")
    try:
        for _ in range(30):
            app.tick(FRAME)
        assert app.game.game.elapsed == 0.0
        for square in [(0, 1), (1, 3), (2, 0)]:
            app.dispatch("click", *square)
        app.dispatch("completions")
        assert app.banner[0] == "Yes: this position can still be completed in exactly one way"
    finally:
        app.close()
