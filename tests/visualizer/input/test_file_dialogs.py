"""The file dialogs (issue 36, item 1): Open, Save, Save As, the pictures and exports, and the
exercise's results folder -- pygame_gui's UIFileDialog at the window's text size and in its
language, started in N-Queens in the documents folder (never the current folder), a typed name
read in the folder shown with its extension added, and worked by real keys and clicks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pygame
import pytest

from tests.ui import FRAME, answer_dialog, click, dialog, enter, new_app, press, type_key
from visualizer.examples import lesson_path, lessons_folder
from visualizer.look.appearance import SCALES
from visualizer.look.i18n import LANGUAGES, tr

CTRL = pygame.KMOD_LCTRL
SHIFT_CTRL = pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT
SHIPPED = "seed-003-four-queens"


@pytest.fixture
def app(tmp_path, monkeypatch):
    cwd = tmp_path / "cwd"  # the folder the window was started from: nothing may land here
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    application = new_app(8, "backtracking")
    yield application
    application.close()


def documents() -> Path:
    return Path.home() / "Documents" / "N-Queens"


def copy_lesson(folder: Path, name: str = "four queens.json") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    shutil.copyfile(lesson_path(SHIPPED), target)
    return target


def settle(app, frames: int = 3) -> None:
    for _ in range(frames):
        app.tick(FRAME)


# -- where they start, and what they add --------------------------------------------------------


def test_open_starts_in_the_documents_folder_made_on_first_use_never_the_current_one(app):
    assert not documents().exists()
    press(app, pygame.K_o, mod=CTRL)
    opened = dialog(app)
    assert documents().is_dir() and Path(opened.current_directory_path) == documents().resolve()
    assert Path.cwd() != documents() and not list(Path.cwd().iterdir())
    assert opened.window_display_title == tr("lesson_open_title", "en")


def test_a_typed_name_is_read_in_the_folder_shown_and_the_extension_is_added(app):
    press(app, pygame.K_s, mod=CTRL)  # a lesson with no file yet: Save asks where
    assert dialog(app).file_path_text_line.get_text() == str(documents().resolve() / "lesson.json")
    answer_dialog(app, "-1")  # a teacher's odd name: the lesson's extension is added
    assert app.prompt.dialog is None
    assert (documents() / "-1.json").is_file() and not list(Path.cwd().iterdir())
    assert json.loads((documents() / "-1.json").read_text(encoding="utf-8"))["n"] == 8
    assert app.banner is not None and app.banner[1] == "success"


def test_ctrl_s_after_opening_a_shipped_lesson_by_name_writes_nothing_into_the_cwd(app):
    """The stray-file case of the issue: a shipped lesson opened by name, then Ctrl+S."""
    shipped = lesson_path(SHIPPED).read_bytes()
    app.dispatch("lesson-open", SHIPPED)
    assert app.mode.n == 4 and app.lessons.path == lessons_folder() / f"{SHIPPED}.json"
    press(app, pygame.K_s, mod=CTRL)
    opened = dialog(app)  # Save on a lesson the user did not create is Save As
    assert not list(Path.cwd().iterdir()) and lesson_path(SHIPPED).read_bytes() == shipped
    assert Path(opened.current_directory_path) == documents().resolve()
    assert Path(opened.file_path_text_line.get_text()).name == f"{SHIPPED}.json"
    enter(app)
    copy = documents() / f"{SHIPPED}.json"
    assert copy.is_file() and app.lessons.path == copy.resolve()
    assert not list(Path.cwd().iterdir()) and lesson_path(SHIPPED).read_bytes() == shipped
    app.dispatch("step", 3)
    press(app, pygame.K_s, mod=CTRL)  # now the user's own file: saved again without a dialog
    assert app.prompt.dialog is None and app.banner[1] == "success"
    assert not list(Path.cwd().iterdir())


def test_a_file_in_the_current_folder_never_stands_in_for_a_shipped_lesson(app):
    (Path.cwd() / f"{SHIPPED}.json").write_text('{"n": 6}', encoding="utf-8")
    (Path.cwd() / SHIPPED).write_text('{"n": 7}', encoding="utf-8")
    app.dispatch("lesson-open", f"{SHIPPED}.json")
    assert app.mode.n == 4
    app.dispatch("lesson-open", SHIPPED)
    assert app.mode.n == 4
    app.dispatch("lesson-open", f"./{SHIPPED}.json")  # a path names the file
    assert app.mode.n == 6


def test_a_read_only_lesson_is_saved_as_a_new_file(app, tmp_path):
    mine = copy_lesson(tmp_path / "mine")
    mine.chmod(0o444)
    before = mine.read_bytes()
    app.dispatch("lesson-open", str(mine))
    press(app, pygame.K_s, mod=CTRL)
    opened = dialog(app)
    assert Path(opened.current_directory_path) == mine.parent.resolve()  # the user's folder
    answer_dialog(app, "copy")
    assert (mine.parent / "copy.json").is_file() and mine.read_bytes() == before


def test_ctrl_shift_s_always_asks_even_after_a_save(app):
    app.dispatch("lesson-save", str(documents_made() / "one.json"))
    press(app, pygame.K_s, mod=CTRL)
    assert app.prompt.dialog is None  # its own file: saved
    press(app, pygame.K_s, mod=SHIFT_CTRL)
    assert Path(dialog(app).file_path_text_line.get_text()).name == "one.json"
    answer_dialog(app, "two")
    assert (documents() / "two.json").is_file() and app.lessons.path == documents().resolve() / "two.json"


def test_a_file_that_is_there_is_replaced_only_on_a_second_ok(app):
    old = documents_made() / "old.json"
    old.write_text('{"n": 5}', encoding="utf-8")
    press(app, pygame.K_s, mod=SHIFT_CTRL)
    answer_dialog(app, "old")
    assert tr("dialog_replace", "en", name="old.json") == dialog(app).status.text
    assert old.read_text(encoding="utf-8") == '{"n": 5}'
    enter(app)  # again: replaced, with no second question
    assert app.prompt.dialog is None and not app.prompt.active
    assert json.loads(old.read_text(encoding="utf-8"))["n"] == 8


def documents_made() -> Path:
    documents().mkdir(parents=True, exist_ok=True)
    return documents()


# -- opening --------------------------------------------------------------------------------------


def test_ctrl_o_keyboard_only_arrow_to_a_file_and_enter(app):
    copy_lesson(documents_made())
    press(app, pygame.K_o, mod=CTRL)
    press(app, pygame.K_DOWN)
    assert dialog(app).file_path_text_line.get_text().endswith("four queens.json")
    enter(app)
    assert app.lessons.path == documents().resolve() / "four queens.json" and app.mode.n == 4


def test_ctrl_o_with_the_mouse_pick_in_the_list_then_ok(app):
    copy_lesson(documents_made())
    press(app, pygame.K_o, mod=CTRL)
    opened = dialog(app)
    item = opened.file_selection_list.item_list[0]
    click(app, item["button_element"].rect.center)
    click(app, opened.ok_button.rect.center)
    settle(app)
    assert app.mode.n == 4 and app.prompt.dialog is None


def test_the_example_lessons_button_then_arrows_and_enter_open_a_shipped_lesson(app):
    press(app, pygame.K_o, mod=CTRL)
    opened = dialog(app)
    examples = opened.extra_buttons["examples"]
    while opened.focused is not examples:  # Tab to the button, Enter presses it
        press(app, pygame.K_TAB)
    app.draw()
    assert app.prompt.focus_rect() == examples.rect  # the focus ring is round it
    press(app, pygame.K_RETURN)
    settle(app)
    assert Path(opened.current_directory_path) == lessons_folder().resolve()
    while opened.focused is not opened.file_path_text_line:
        press(app, pygame.K_TAB)
    press(app, pygame.K_DOWN)
    enter(app)
    assert app.lessons.path is not None and app.lessons.path.parent == lessons_folder()


def test_a_bundled_lessons_bare_name_typed_in_the_dialog_opens_it(app):
    press(app, pygame.K_o, mod=CTRL)
    answer_dialog(app, SHIPPED)
    assert app.mode.n == 4 and app.lessons.path == lessons_folder() / f"{SHIPPED}.json"


def test_a_missing_file_is_said_in_the_dialog_which_stays(app):
    press(app, pygame.K_o, mod=CTRL)
    answer_dialog(app, "nope.json")
    opened = dialog(app)
    assert opened.status.text == tr("dialog_no_file", "en", name="nope.json")
    assert app.banner is None or app.banner[1] != "error"
    answer_dialog(app, "/no/such/folder/x.json")
    assert "/no/such/folder" in dialog(app).status.text and "does not exist" in dialog(app).status.text


def test_a_broken_file_picked_is_a_banner_in_words(app):
    broken = documents_made() / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    press(app, pygame.K_o, mod=CTRL)
    answer_dialog(app, "broken.json")
    assert app.banner is not None and app.banner[1] == "error"
    assert "This file is not a lesson (it is not JSON)" in app.banner[0] and app.mode.n == 8
    assert "Expecting" not in app.banner[0]


# -- leaving it, and what keys do inside -----------------------------------------------------------


@pytest.mark.parametrize("how", ["esc", "cancel", "close"])
def test_esc_cancel_and_the_close_button_change_nothing(app, how):
    app.mode.wait_total(60.0)  # the scrub bar's total, from a background survey: known before, not during
    before = app.state()
    press(app, pygame.K_s, mod=CTRL)
    opened = dialog(app)
    if how == "esc":
        press(app, pygame.K_ESCAPE)
    else:
        button = opened.cancel_button if how == "cancel" else opened.close_window_button
        click(app, button.rect.center)
    settle(app)
    assert app.prompt.dialog is None and not app.prompt.active and app.state() == before
    assert not documents().exists() or not list(documents().iterdir())


def test_keys_typed_in_the_dialog_run_no_command(app):
    press(app, pygame.K_o, mod=CTRL)
    for key, char in ((pygame.K_n, "n"), (pygame.K_RIGHT, ""), (pygame.K_r, "r"), (pygame.K_SPACE, " ")):
        type_key(app, key, char)
    assert app.timeline is not None and app.timeline.cursor == 0
    assert dialog(app).file_path_text_line.get_text().endswith("nr ")


def test_tab_walks_the_dialog_and_enter_on_cancel_closes_it(app):
    press(app, pygame.K_o, mod=CTRL)
    opened = dialog(app)
    seen = []
    for _ in range(len(opened.focusables())):
        press(app, pygame.K_TAB)
        seen.append(opened.focused)
    assert seen[-1] is opened.file_path_text_line and opened.cancel_button in seen  # round, and back
    while opened.focused is not opened.cancel_button:
        press(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    press(app, pygame.K_SPACE)
    settle(app)
    assert app.prompt.dialog is None


def test_a_click_beside_the_dialog_reaches_nothing_behind_it(app):
    press(app, pygame.K_o, mod=CTRL)
    click(app, app.controls.buttons["step"].rect.center)
    assert app.timeline.cursor == 0 and dialog(app)


def test_a_resized_window_keeps_the_dialog_and_what_was_typed(app):
    press(app, pygame.K_s, mod=CTRL)
    press(app, pygame.K_a, mod=CTRL)
    for char in "kept":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.tick(FRAME)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=720, size=(1100, 720)))
    settle(app)
    assert dialog(app).file_path_text_line.get_text() == "kept"
    assert app.surface.get_rect().contains(dialog(app).rect)
    enter(app)
    assert (documents() / "kept.json").is_file()


# -- every dialog at every text size, in both languages ---------------------------------------------


DIALOGS = [
    ("open", pygame.K_o, CTRL, ""),
    ("save", pygame.K_s, SHIFT_CTRL, ""),
    ("export", pygame.K_e, 0, "e"),
    ("page", pygame.K_e, pygame.KMOD_LSHIFT, "E"),
    ("screenshot", pygame.K_s, 0, "s"),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("scale", SCALES)
def test_every_dialog_fits_at_every_text_size_in_both_languages(lang, scale, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = new_app(8, "backtracking", lang=lang, ui_scale=scale)
    try:
        for name, key, mod, char in DIALOGS:
            type_key(app, key, char, mod)
            opened = dialog(app)
            window = app.surface.get_rect()
            assert window.contains(opened.rect), name
            font = app.manager.get_theme().get_font(["button"])
            parts = [
                opened.ok_button,
                opened.cancel_button,
                opened.home_button,
                opened.parent_directory_button,
            ]
            parts += [opened.refresh_button, *opened.extra_buttons.values()]
            for button in parts:  # every button's words whole, inside the dialog
                assert font.size(button.text)[0] <= button.rect.width, (name, button.text)
                assert opened.rect.contains(button.rect), (name, button.text)
            widgets = [opened.file_path_text_line, opened.file_selection_list, opened.status, *parts]
            widgets += list(opened.form_widgets.values())
            rects = [pygame.Rect(widget.rect) for widget in widgets]
            for i, a in enumerate(rects):  # nothing covers anything else
                assert opened.rect.contains(a), (name, i)
                assert a.collidelist(rects[i + 1 :]) == -1, (name, i)
            assert opened.file_selection_list.rect.height >= 2 * opened.row, name  # room for names
            assert opened.window_display_title == tr(
                {"open": "lesson_open_title", "save": "lesson_save_title", "export": "export_title"}.get(
                    name, "export_html_title" if name == "page" else "screenshot_title"
                ),
                lang,
            )
            press(app, pygame.K_ESCAPE)
            assert app.prompt.dialog is None
    finally:
        app.close()


def test_the_results_folder_dialog_picks_or_makes_a_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = new_app(6, "backtracking", mode="exercise")
    try:
        press(app, pygame.K_r, mod=CTRL)
        opened = dialog(app)
        assert (
            opened.request.kind == "folder" and Path(opened.current_directory_path) == documents().resolve()
        )
        answer_dialog(app, "Class 7B")  # a new folder, made on OK
        folder = documents() / "Class 7B"
        assert folder.is_dir() and app.mode.results == folder.resolve()
        assert app.prompt.active  # the exercise asks the student's name next
        press(app, pygame.K_ESCAPE)
        click(app, app.controls.buttons["results-folder"].rect.center)  # the button opens it too
        assert dialog(app).request.kind == "folder"
    finally:
        app.close()
