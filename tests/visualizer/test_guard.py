"""Issue 18 items 1 and 2: nothing typed into a prompt ends the window, and the key that opens a
prompt (or a key typed into a text box) is text, never a shortcut -- real KEYDOWN + TEXTINPUT."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from tests.ui import FRAME, answer_dialog, click, dialog, enter, new_app, type_key, type_text
from tests.visualizer.core.test_until import choose


@pytest.fixture
def app():
    application = new_app(6, "backtracking")
    yield application
    application.close()


def clear(app) -> None:
    app.prompt.entry.set_text("")
    app.tick(FRAME)


def error_banner(app) -> str:
    assert app.banner is not None and app.banner[1] == "error", app.banner
    return app.banner[0]


# -- item 1: every prompt with a typo and with an empty answer -------------------------------


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("/tmp/x/nonexistent/a.gif", "does not exist"),
        ("/proc/x.mp4", "Cannot save there"),
    ],
)
def test_a_typo_in_the_export_dialog_is_said_in_it(app, typed, said):
    type_key(app, pygame.K_e, "e")
    answer_dialog(app, typed)
    assert app.running and app.lessons.exporting is None and said in dialog(app).status.text
    assert app.banner is None or app.banner[1] != "error"


@pytest.mark.parametrize(
    ("key", "mod", "char"),
    [
        (pygame.K_e, 0, "e"),
        (pygame.K_b, 0, "b"),
        (pygame.K_s, pygame.KMOD_CTRL, ""),
        (pygame.K_o, pygame.KMOD_CTRL, ""),
    ],
)
def test_an_empty_answer_to_any_prompt_changes_nothing(app, key, mod, char):
    # the scrub bar's total arrives from a background survey: settled first, or on a loaded machine
    # it lands between the two states (event_total None, then known) and looks like a change
    app.mode.wait_total(60.0)
    assert app.state()["event_total"] is not None
    before = app.state()
    type_key(app, key, char, mod)
    assert app.prompt.active
    if app.prompt.dialog is not None:  # a file dialog: an empty path is the folder shown, Esc leaves
        answer_dialog(app, "")
        assert app.prompt.dialog is not None
        type_key(app, pygame.K_ESCAPE, "")
    else:
        clear(app)
        enter(app)
    assert app.running and not app.prompt.active and app.lessons.exporting is None
    after = app.state()
    if key == pygame.K_b:  # B with no note: a bookmark without one
        assert len(after["bookmarks"]) == 1
    else:
        assert after == before


@pytest.mark.parametrize(
    ("key", "typed", "said"),
    [(pygame.K_s, "/no/such/dir/x.json", "does not exist"), (pygame.K_o, "nope.json", "no file named")],
)
def test_a_typo_in_the_lesson_dialogs_is_said_in_them(app, key, typed, said):
    type_key(app, key, "", pygame.KMOD_CTRL)
    answer_dialog(app, typed)
    assert app.running and said in dialog(app).status.text


def test_a_typo_in_the_run_until_box_is_a_banner(app):
    choose(app, app.controls.until_kind, "Conflict in row")
    click(app, app.controls.until_value.rect.center)
    app.controls.until_value.set_text("")
    type_text(app, "0x")  # row 0 is refused (rows count from 1); the letter is not taken
    enter(app)
    assert app.running and "Error" in error_banner(app)
    app.controls.until_value.set_text("")
    enter(app)
    assert app.running


def test_a_bug_is_a_banner_and_a_log_file_and_the_window_goes_on(app, monkeypatch, tmp_path):
    monkeypatch.setenv("NQUEENS_LOG_DIR", str(tmp_path / "logs"))

    def broken(*_args):
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(type(app.mode), "step", broken)
    for _ in range(3):  # the same bug three times: one log file
        type_key(app, pygame.K_RIGHT, "")
    assert app.running
    text = error_banner(app)
    assert "bug" in text and "ZeroDivisionError: planted" in text
    logs = list((tmp_path / "logs").iterdir())
    assert len(logs) == 1 and str(logs[0]) in text
    assert "ZeroDivisionError: planted" in logs[0].read_text() and "Traceback" in logs[0].read_text()
    assert os.stat(logs[0]).st_mode & 0o077 == 0


def test_a_bug_while_drawing_is_logged_once_and_frames_go_on(app, monkeypatch, tmp_path):
    monkeypatch.setenv("NQUEENS_LOG_DIR", str(tmp_path))
    monkeypatch.setattr(type(app.mode), "overlay", lambda *_args: 1 / 0)
    for _ in range(5):
        app.tick(FRAME)
    assert app.running and "ZeroDivisionError" in error_banner(app)
    assert len(list(tmp_path.iterdir())) == 1


def test_an_unwritable_log_folder_still_leaves_a_banner(app, monkeypatch, tmp_path):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("NQUEENS_LOG_DIR", str(tmp_path / "file" / "logs"))
    monkeypatch.setattr(type(app.mode), "overlay", lambda *_args: 1 / 0)
    app.tick(FRAME)
    assert app.running and "no log file" in error_banner(app)


# -- item 2: keys that open a prompt, and letters typed into a text box -------------------------


def test_the_e_that_opens_the_export_dialog_is_not_typed(app):
    type_key(app, pygame.K_e, "e")
    assert Path(dialog(app).file_path_text_line.get_text()).name.startswith("nqueens-stretch-")


def test_the_b_that_opens_the_note_prompt_is_not_typed(app):
    type_key(app, pygame.K_b, "b")
    type_text(app, "four")
    enter(app)
    assert app.state()["bookmarks"][0]["note"] == {"en": "four"}


def test_u_in_the_run_until_box_is_text_not_a_command_nor_a_7u(app):
    click(app, app.controls.until_value.rect.center)
    app.controls.until_value.set_text("")
    type_text(app, "5")
    type_key(app, pygame.K_u, "u")
    assert app.timeline.cursor == 0 and app.controls.until_value.get_text() == "5"
    click(app, app.layout.board.center)  # leave the box: U runs until, no script-syntax error
    type_key(app, pygame.K_u, "u")
    app.join(10)
    app.tick(FRAME)
    assert app.banner is None or app.banner[1] != "error"


# -- item 13 / 15: any text shown is displayable, and a long one never slows a frame ------------


def test_a_nul_in_a_typed_note_is_drawn(app):
    type_key(app, pygame.K_b, "b")
    type_text(app, "a\x00b")
    enter(app)
    app.banner = None
    app.tick(FRAME)
    assert app.banner is None and app.logged == {}


def test_a_nul_in_a_lesson_file_note_is_drawn(app, tmp_path):
    import json

    lesson = {"n": 6, "algorithm": "backtracking", "bookmarks": [{"event": 0, "note": {"en": "x\u0000y"}}]}
    (tmp_path / "l.json").write_text(json.dumps(lesson))
    app.dispatch("lesson-open", str(tmp_path / "l.json"))
    assert app.banner[1] == "success", app.banner
    app.banner = None
    app.tick(FRAME)
    assert app.lessons.standing_note() is not None, app.state()["bookmarks"]
    assert app.banner is None and app.logged == {}


def test_a_20000_character_banner_is_shortened_and_wrapped_once(app, monkeypatch):
    from visualizer.render import fonts, panels

    app.say("Error: cannot write " + "/very/long" * 2000, "error")
    calls = []
    real = fonts.wrap
    monkeypatch.setattr(fonts, "wrap", lambda *args: calls.append(1) or real(*args))  # banners: fonts.wrapped
    app.tick(FRAME)
    first = len(calls)  # the first frame wraps, shrinking the font until the text fits
    for _ in range(4):
        app.tick(FRAME)
    assert first > 0 and len(calls) == first  # the next frames reuse it
    _font, lines = panels.banner_lines(app.layout.banner, app.banner[0], "en")
    assert len("".join(lines)) <= fonts.MAX_SHOWN and lines[-1].endswith("long")
