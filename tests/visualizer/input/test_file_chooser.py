"""Ctrl+O and Ctrl+S offer a real file chooser (pygame_gui's UIFileDialog) beside the typed path:
picked with the mouse, cancelled, or left for the keyboard, and no key leaks into a command."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from tests.ui import FRAME, click, new_app, press, type_text
from visualizer.examples import lesson_path

CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def app():
    application = new_app(8, "backtracking")
    yield application
    application.close()


def a_lesson(folder: Path) -> Path:
    target = folder / "four queens.json"
    shutil.copyfile(lesson_path("seed-003-four-queens"), target)
    return target


def browse(app) -> None:
    """Click the prompt's Browse button; the chooser opens on the next frame."""
    assert app.prompt.button is not None
    click(app, app.prompt.button.rect.center)
    app.tick(FRAME)
    assert app.prompt.dialog is not None and app.prompt.dialog.alive()


def test_ctrl_o_browse_and_ok_open_the_lesson(app, tmp_path):
    lesson = a_lesson(tmp_path)
    press(app, pygame.K_o, mod=CTRL)
    type_text(app, str(lesson))
    browse(app)
    dialog = app.prompt.dialog
    assert Path(dialog.current_file_path) == lesson, "the chooser starts at the typed path"
    click(app, dialog.ok_button.rect.center)
    app.tick(FRAME)
    assert app.lessons.path == lesson and app.mode.n == 4, app.banner
    assert not app.prompt.active and app.prompt.dialog is None


def test_ctrl_s_browse_saves_where_the_chooser_says(app, tmp_path):
    target = tmp_path / "my lesson.json"
    press(app, pygame.K_s, mod=CTRL)
    for _ in range(40):
        press(app, pygame.K_BACKSPACE)
    type_text(app, str(target))
    browse(app)
    click(app, app.prompt.dialog.ok_button.rect.center)
    app.tick(FRAME)
    assert target.is_file() and app.lessons.path == target, app.banner


def test_cancel_goes_back_to_the_typed_path_and_enter_still_opens(app, tmp_path):
    lesson = a_lesson(tmp_path)
    press(app, pygame.K_o, mod=CTRL)
    type_text(app, str(lesson))
    browse(app)
    click(app, app.prompt.dialog.cancel_button.rect.center)
    app.tick(FRAME)
    assert app.prompt.dialog is None and app.prompt.active
    press(app, pygame.K_RETURN)
    app.tick(FRAME)
    assert app.lessons.path == lesson


def test_esc_closes_the_chooser_first_then_the_question(app):
    press(app, pygame.K_o, mod=CTRL)
    browse(app)
    press(app, pygame.K_ESCAPE)
    assert app.prompt.dialog is None and app.prompt.active
    press(app, pygame.K_ESCAPE)
    assert not app.prompt.active


def test_keys_typed_in_the_chooser_run_no_command(app):
    press(app, pygame.K_o, mod=CTRL)
    browse(app)
    for key, char in ((pygame.K_n, "n"), (pygame.K_RIGHT, ""), (pygame.K_r, "r"), (pygame.K_e, "e")):
        press(app, key, char)
    assert app.timeline is not None and app.timeline.cursor == 0
    assert app.prompt.dialog is not None and app.lessons.path is None


def test_a_chooser_pick_of_a_broken_file_is_a_banner(app, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    press(app, pygame.K_o, mod=CTRL)
    type_text(app, str(broken))
    browse(app)
    click(app, app.prompt.dialog.ok_button.rect.center)
    app.tick(FRAME)
    assert app.banner is not None and app.banner[1] == "error" and app.lessons.path is None
    assert app.mode.n == 8


def test_e_browse_keeps_the_typed_stretch_and_takes_the_picked_path(app, tmp_path):
    press(app, pygame.K_e, "e")
    assert app.prompt.entry is not None
    offered = app.prompt.entry.get_text()
    assert offered.startswith("0-100:"), offered
    browse(app)
    dialog = app.prompt.dialog
    target = tmp_path / "stretch.gif"
    dialog.file_path_text_line.set_text(str(target))
    dialog.current_file_path = target
    dialog.ok_button.enable()
    click(app, dialog.ok_button.rect.center)
    app.tick(FRAME)
    assert app.lessons.exporting is not None, app.banner
    export = app.lessons.exporting.export
    assert export.path == target and export.kind == "gif"
    app.dispatch("escape")  # cancelled: nothing half-written is left
    for _ in range(3):
        app.tick(FRAME)
    assert not target.exists()


def test_a_prompts_question_stands_alone_where_the_title_was(app, monkeypatch):
    """The question is drawn where the algorithm's name and summary stand: the title waits until
    the prompt closes instead of showing through it (seen under Xvfb: E's question over the title)."""
    from visualizer.render import overlays

    statuses = []
    original = overlays.draw_overlays
    monkeypatch.setattr(
        overlays, "draw_overlays", lambda *a, **k: statuses.append(k["status"]) or original(*a, **k)
    )
    press(app, pygame.K_e, "e")
    app.tick(FRAME)
    assert app.prompt.active and statuses[-1] is None
    press(app, pygame.K_ESCAPE)
    app.tick(FRAME)
    assert not app.prompt.active and statuses[-1] is not None
