"""The window's App under SDL's dummy driver: real mouse clicks and key presses, state and pixels."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from tests.ui import FRAME, click, click_button, enter, press, settle, share_near
from visualizer.app import App
from visualizer.input.controls import slider_to_speed, speed_to_slider
from visualizer.look.layout import MIN_SIZE, compute_layout


def finish_worker(app: App) -> None:
    """Wait for background work and let the App report it."""
    assert app.join(60)
    app.tick(FRAME)


def test_step_button_puts_a_queen_in_the_top_left_square(app):
    square = app.geometry.square_rect(0, 0)
    assert share_near(app, square, app.theme.queen) < 0.02
    click_button(app, "step")
    assert app.timeline.cursor == 1
    assert app.timeline.queens[0] == 0
    assert share_near(app, square, app.theme.queen) > 0.05
    assert share_near(app, app.geometry.square_rect(0, 1), app.theme.queen) < 0.02


def test_step_back_button_and_reset_button(app):
    click_button(app, "step")
    click_button(app, "step")
    click_button(app, "back")
    assert app.timeline.cursor == 1
    click_button(app, "reset")
    assert app.timeline.cursor == 0
    assert app.timeline.queens == [None] * 8


def test_conflict_square_is_coloured(app):
    app.dispatch("step", 12)  # the 12th event: (4, 0) refused, its column blocked by (0, 0)
    app.tick(FRAME)
    scene = app.mode.scene()
    assert scene.refused == (4, 0) and scene.blocker == (0, 0)
    assert share_near(app, app.geometry.square_rect(4, 0), app.theme.conflict) > 0.3
    assert share_near(app, app.geometry.square_rect(6, 0), app.theme.conflict) < 0.05


def test_arrow_keys_step_and_step_back(app):
    for _ in range(5):
        press(app, pygame.K_RIGHT)
    assert app.timeline.cursor == 5
    press(app, pygame.K_LEFT)
    assert app.timeline.cursor == 4


def test_space_plays_at_the_chosen_speed_with_injected_time(app):
    app.dispatch("speed", 20)
    press(app, pygame.K_SPACE)
    assert app.playing
    assert app.controls.buttons["play"].text == "Pause"
    app.tick(0.5)
    assert app.timeline.cursor == 10
    press(app, pygame.K_SPACE)
    app.tick(5.0)
    assert app.timeline.cursor == 10


def test_many_events_per_frame_at_high_speed(app):
    app.dispatch("speed", 10_000)
    click_button(app, "play")
    before = app.timeline.cursor
    app.tick(0.1)
    assert app.timeline.cursor - before == 1000


def test_next_solution_key_jumps_to_the_first_solution(app):
    press(app, pygame.K_n)
    assert app.timeline.counters.solutions == 1
    assert app.timeline.counters.attempts == 876
    assert app.timeline.queens == [0, 4, 7, 5, 2, 6, 1, 3]
    assert share_near(app, app.geometry.square_rect(1, 4), app.theme.solution, 40) > 0.05


def test_show_all_animates_the_way_to_the_next_solution(app):
    press(app, pygame.K_a)
    assert app.show_all
    assert "on" in app.controls.buttons["show-all"].text
    app.dispatch("speed", 200)  # events a second: the 2,000 events to the first solution in 10 s of fake time
    press(app, pygame.K_n)
    assert app.mode.player.goal.kind == "next"
    assert app.timeline.counters.solutions == 0
    frames = 0
    while app.mode.player.goal.animated:
        before = app.timeline.cursor
        app.tick(FRAME)
        assert app.timeline.cursor - before <= 200 * FRAME + 1  # at the slider's rate, never a jump
        frames += 1
    assert frames > 100  # drawn on the way, not jumped
    assert app.timeline.counters.attempts == 876


def test_instant_result_button_runs_in_the_background(app):
    click_button(app, "instant")
    finish_worker(app)
    counters = app.timeline.counters
    assert app.timeline.finished
    assert (counters.attempts, counters.solutions, counters.placements) == (15720, 92, 2056)
    assert app.banner is not None and app.banner[1] == "success"


def test_escape_cancels_long_work_and_the_app_keeps_running(app):
    app.dispatch("algo", "forward-checking")
    app.dispatch("n", 16)  # the engine walks n = 16 on one core: a minute on the worker thread
    press(app, pygame.K_RETURN)
    assert app.busy
    press(app, pygame.K_RIGHT)  # refused while busy: a banner, no crash
    press(app, pygame.K_ESCAPE)
    finish_worker(app)
    assert not app.busy
    assert not app.timeline.finished
    assert app.banner is not None and "Cancelled" in app.banner[0]
    press(app, pygame.K_RIGHT)
    assert app.timeline.cursor > 0


def test_a_long_instant_result_gives_the_engines_count_of_the_whole_run_first(app):
    """Forward checking at n = 15: the window walks the run for its checkpoints on one core (many
    seconds); the engine's count of the whole run on every core (``nqueens count --algo``'s) comes
    first, and the progress strip gives its answer, in both languages, while the board follows."""
    app.dispatch("algo", "forward-checking")
    app.dispatch("n", 15)
    press(app, pygame.K_RETURN)
    player = app.mode.player
    deadline = time.monotonic() + 45  # the count on every core, beside the walk on a loaded machine
    while app.busy and player.whole is None and time.monotonic() < deadline:
        time.sleep(0.02)
        app.tick(FRAME)
    assert app.busy and not app.timeline.finished, "the count came while the walk still ran"
    assert player.whole == app.timeline.spec.engine_counters(15)
    assert player.whole.solutions == 2_279_184
    fraction, label = app.mode.progress_strip("en")
    assert fraction is not None and 0 <= fraction < 1  # the bar: how far the board's walk is
    assert label.startswith(f"Whole run: 2,279,184 solutions, {player.whole.attempts:,} attempts")
    assert "2,279,184 个解" in app.mode.progress_strip("zh")[1]
    press(app, pygame.K_ESCAPE)
    finish_worker(app)
    assert not app.busy and not app.timeline.finished


def test_n_buttons_keys_and_refusal_beyond_the_limit(app):
    click_button(app, "n-up")
    assert app.timeline.n == 9
    press(app, pygame.K_LEFTBRACKET)
    press(app, pygame.K_LEFTBRACKET)
    assert app.timeline.n == 7
    app.dispatch("n", 20)
    press(app, pygame.K_RIGHTBRACKET)
    assert app.timeline.n == 20
    assert app.banner is not None and app.banner[1] == "error"
    assert "20" in app.banner[0]
    app.dispatch("n", 0)
    assert app.timeline.n == 20
    press(app, pygame.K_RIGHT)
    assert app.timeline.cursor == 1


def test_algorithm_drop_down_by_clicks(app):
    menu = app.controls.algorithms
    click(app, menu.rect.center)
    expanded = menu.menu_states["expanded"]
    option = next(
        button
        for button in expanded.options_selection_list.item_list_container.elements
        if button.text == "All permutations"
    )
    click(app, option.rect.center)
    for _ in range(3):  # button -> selection list -> drop-down -> app: one event hop per frame
        app.tick(FRAME)
    assert app.timeline.spec.name == "permutations"
    press(app, pygame.K_n)
    finish_worker(app)
    assert app.timeline.counters.solutions == 1
    assert app.timeline.queens == [0, 4, 7, 5, 2, 6, 1, 3]


def test_help_overlay_shows_and_hides(app):
    centre = app.surface.get_rect().center
    before = app.surface.get_at(centre)
    press(app, pygame.K_h)
    assert app.show_help
    assert app.surface.get_at(centre) != before
    press(app, pygame.K_ESCAPE)
    assert not app.show_help
    press(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    assert app.show_help
    assert app.surface.get_at(centre) != before


def test_shading_toggle_changes_the_attacked_squares(app):
    press(app, pygame.K_RIGHT)  # a queen on (0, 0): row, column and diagonal attacked
    attacked = app.surface.get_at(app.geometry.center(2, 2))
    press(app, pygame.K_x)
    assert not app.shade
    assert app.surface.get_at(app.geometry.center(2, 2)) != attacked


def test_speed_keys_and_the_log_slider(app):
    app.dispatch("speed", 100)
    press(app, pygame.K_EQUALS)
    assert app.speed > 100
    press(app, pygame.K_MINUS)
    press(app, pygame.K_MINUS)
    assert app.speed < 100
    assert slider_to_speed(speed_to_slider(1000)) == 1000
    assert slider_to_speed(0) == 1 and slider_to_speed(4) == 10_000


def test_screenshot_and_gif_keys_write_files(app, tmp_path, monkeypatch):
    """S and G ask where (a dialog in N-Queens in the documents folder); Enter takes the name offered."""
    monkeypatch.chdir(tmp_path)
    folder = Path.home() / "Documents" / "N-Queens"
    press(app, pygame.K_s)
    enter(app)
    pngs = list(folder.glob("nqueens-*.png"))
    assert len(pngs) == 1 and pngs[0].stat().st_size > 1000
    assert pngs[0].name in app.banner[0]
    press(app, pygame.K_g)
    assert app.capture.recording is not None
    for _ in range(5):
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_g)
    enter(app)
    settle(app)  # written off the window's thread
    gifs = list(folder.glob("nqueens-*.gif"))
    assert app.capture.recording is None and len(gifs) == 1
    assert gifs[0].read_bytes()[:3] == b"GIF"
    assert not list(tmp_path.iterdir())  # nothing in the folder the window was started from


def test_resize_keeps_the_minimum_size_and_refits_the_board(app):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=500, size=(700, 500)))
    app.tick(FRAME)
    assert app.surface.get_size() == MIN_SIZE
    small = app.geometry.rect.width
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1000, size=(1600, 1000)))
    app.tick(FRAME)
    assert app.surface.get_size() == (1600, 1000)
    assert app.geometry.rect.width > small * 1.4
    assert app.controls.buttons["step"].rect.right <= app.layout.board.left
    click_button(app, "step")
    assert app.timeline.cursor == 1


def test_layout_keeps_panels_apart_at_the_minimum_size():
    layout = compute_layout(MIN_SIZE)
    assert layout.controls.right < layout.board.left
    assert layout.board.right < layout.counters.left
    assert layout.counters.bottom < layout.code.top
    assert layout.code.bottom <= MIN_SIZE[1]


def test_closing_the_window_during_long_work_stops_the_worker(app):
    app.dispatch("algo", "forward-checking")
    app.dispatch("n", 16)
    app.dispatch("instant")  # the engine walks n = 16 on one core: a minute on the worker thread
    assert app.busy
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.tick(FRAME)
    assert not app.running
    assert app.join(10)
    assert app.mode.player.job.cancelled


def test_chinese_window_labels():
    zh = App(8, "backtracking", lang="zh")
    try:
        assert zh.controls.buttons["reset"].text == "重置"
        assert zh.controls.buttons["next"].text == "下一个解"
    finally:
        zh.close()
