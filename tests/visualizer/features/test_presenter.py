"""The presenter view (issue 18): P, its button or ``--present``; the board as large as the window
allows, narration and counters large, no controls; keys still work, PgDn / PgUp walk a lesson's
bookmarks, and any click or Esc brings the controls back."""

from __future__ import annotations

import json
import math

import pygame
import pytest

from tests.run import viz
from tests.ui import FRAME, click, click_button, enter, pixels, press, type_key, type_text
from visualizer.examples import lesson_path


def test_p_shows_the_board_large_with_no_controls(make_app):
    app = make_app(8, "backtracking")
    app.dispatch("step", 30)
    app.tick(FRAME)
    side, column = app.geometry.rect.h, pygame.Rect(app.layout.controls)
    press(app, pygame.K_p, "p")
    assert app.presenting and app.state()["presenting"] is True
    width, height = app.surface.get_size()
    assert app.geometry.rect.h > side and app.geometry.rect.h >= math.ceil(0.8 * height)  # issue 38
    assert not app.layout.controls.colliderect(pygame.Rect(0, 0, width, height))  # no widget in the window
    # between the board's area and the column beside it: only the window's background
    empty = pygame.Rect(app.layout.board.right, 0, app.layout.counters.left - app.layout.board.right, height)
    colours = {
        tuple(app.surface.get_at((x, y)))[:3]
        for x in range(empty.left, empty.right, 3)
        for y in range(empty.top, empty.bottom, 7)
    }
    assert colours == {app.theme.background} and column.w > 0
    narration = app.layout.narration  # the sentence beside the board, in a tall column of its own
    assert narration is not None and narration.left > app.geometry.rect.right
    assert narration.height > 0.3 * height


def test_keys_still_work_and_a_click_or_esc_brings_the_controls_back(make_app):
    app = make_app(8, "backtracking")
    press(app, pygame.K_p, "p")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert app.presenting and app.timeline.event_index == 2
    square = app.geometry.square_rect(5, 5).center
    click(app, square)  # the click brings the controls back and does nothing else
    assert not app.presenting and app.timeline.event_index == 2
    assert app.controls.buttons["present"].rect.colliderect(app.surface.get_rect())
    click_button(app, "present")
    assert app.presenting
    press(app, pygame.K_ESCAPE)
    assert not app.presenting


def test_p_back_and_forth_reuses_the_windows_managers_with_only_the_current_widgets(make_app):
    """The presenter view and the window keep their own pygame_gui manager (a new one loads every
    font size again): P twice comes back to the same manager, which holds the new controls only."""
    app = make_app(8, "backtracking")
    window = app.manager
    widgets = len(window.get_sprite_group().sprites())
    press(app, pygame.K_p, "p")
    presenter = app.manager
    assert presenter is not window  # its text is larger
    press(app, pygame.K_p, "p")
    assert app.manager is window and not app.presenting
    press(app, pygame.K_p, "p")
    assert app.manager is presenter
    press(app, pygame.K_ESCAPE)
    assert app.manager is window
    # the presenter's controls were killed when the window's were built: it waits with no widget
    assert presenter.get_sprite_group().sprites() == [presenter.get_root_container()]
    assert len(window.get_sprite_group().sprites()) == widgets  # the new controls, no old one left
    assert set(app.controls.buttons.values()) <= set(window.get_sprite_group().sprites())
    click_button(app, "step")
    assert app.timeline.event_index == 1  # the kept manager's new controls answer


def test_pgdn_and_pgup_walk_the_lessons_bookmarks_as_slides(make_app):
    app = make_app(4, "backtracking")
    app.dispatch("lesson-open", str(lesson_path("seed-003-four-queens")))
    app.dispatch("present", True)
    marks = [mark.event for mark in app.lessons.bookmarks.marks]
    assert len(marks) >= 3
    assert app.timeline.event_index == marks[0]  # a lesson opens at its first bookmark
    seen = []
    for _ in range(2):
        press(app, pygame.K_PAGEDOWN)
        seen.append(app.timeline.event_index)
    press(app, pygame.K_PAGEUP)
    assert app.presenting and seen == marks[1:3] and app.timeline.event_index == marks[1]


@pytest.mark.parametrize("mode", ["watch", "race", "predict", "game"])
def test_present_at_start_in_every_mode(tmp_path, mode):
    state, shot = tmp_path / "s.json", tmp_path / "p.png"
    done = viz(
        "--mode", mode, "--present", "--state", str(state), "--screenshot", str(shot), "--size", "960x640"
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(state.read_text())["presenting"] is True and shot.stat().st_size > 0


def test_a_prompt_opened_in_the_presenter_view_shows_and_takes_the_typed_note(make_app):
    app = make_app(8, "backtracking")
    press(app, pygame.K_p, "p")
    app.dispatch("step", 5)
    app.tick(FRAME)
    before = app.surface.copy()
    type_key(app, pygame.K_b, "b")
    entry = app.prompt.entry
    assert app.prompt.active and entry is not None and app.surface.get_rect().contains(entry.rect)
    box = entry.rect
    assert pixels(app, box) != pygame.image.tobytes(before.subsurface(box), "RGB")  # drawn over the view
    type_text(app, "fourth row")
    enter(app)
    assert app.presenting and [mark.note for mark in app.lessons.bookmarks.marks] == [(("en", "fourth row"),)]
