"""Ready for a classroom: language, projector theme and text size at run time, saved settings."""

from __future__ import annotations

import json

import pygame
import pytest

from solvers.registry import ALGORITHMS
from tests.ui import FRAME, click, press
from visualizer.app import App
from visualizer.look.theme import CLASSROOM, PROJECTOR
from visualizer.shell.headless import ScriptError, parse_script, run_headless
from visualizer.shell.preferences import open_window
from visualizer.shell.settings import FILE_NAME, SettingsStore


def snapshot(app: App, rect: pygame.Rect) -> bytes:
    """The raw pixels of ``rect`` on the app's surface."""
    return pygame.image.tobytes(app.surface.subsurface(rect).copy(), "RGB")


def ink_height(app: App, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """Height of the first run of pixel rows in ``rect`` holding a pixel near ``colour`` (a text line)."""
    run = 0
    for y in range(rect.top, rect.bottom):
        inked = any(
            all(abs(app.surface.get_at((x, y))[i] - colour[i]) <= 40 for i in range(3))
            for x in range(rect.left, rect.right)
        )
        if inked:
            run += 1
        elif run:
            return run
    return run


def test_f2_switches_the_language_of_buttons_titles_code_and_counters(app):
    counters_before = snapshot(app, app.layout.counters)
    code_before = snapshot(app, app.layout.code)
    press(app, pygame.K_F2)
    assert app.state()["lang"] == "zh"
    assert app.controls.buttons["reset"].text == "重置"
    assert app.controls.algorithms.selected_option[0] == ALGORITHMS["backtracking"].title_zh
    assert app.controls.languages.selected_option[0] == "中文"
    assert snapshot(app, app.layout.counters) != counters_before  # 遍历次数 instead of Attempts
    assert snapshot(app, app.layout.code) != code_before  # the Chinese pseudo-code
    press(app, pygame.K_F2)
    assert app.state()["lang"] == "en" and app.controls.buttons["reset"].text == "Reset"
    assert snapshot(app, app.layout.counters) == counters_before


def test_the_language_drop_down_switches_to_chinese(app):
    click(app, app.controls.languages.rect.center)  # opens the menu (upwards)
    state = app.controls.languages.current_state
    items = state.options_selection_list.item_list
    chinese = next(item for item in items if item["text"] == "中文")
    click(app, chinese["button_element"].rect.center)
    for _ in range(3):  # the list tells the menu, the menu tells the app: one frame each
        app.tick(FRAME)
    assert app.lang == "zh"
    assert app.controls.buttons["step"].text == "单步"


def test_headless_lang_command_and_bad_values_refused():
    state = run_headless(n=6, algorithm="backtracking", script="step:3;lang:zh;theme:projector;scale:1.5")
    assert (state["lang"], state["theme"], state["ui_scale"]) == ("zh", "projector", 1.5)
    for bad in ("lang:fr", "theme:dark", "scale:9", "scale:big"):
        with pytest.raises(ScriptError):
            parse_script(bad)


def test_f3_projector_theme_changes_background_board_and_widgets(app):
    corner = (app.layout.board.left + 2, app.layout.board.bottom - 2)
    assert tuple(app.surface.get_at(corner))[:3] == CLASSROOM.background
    square = app.geometry.center(0, 0)
    assert tuple(app.surface.get_at(square))[:3] == CLASSROOM.light_square
    press(app, pygame.K_F3)
    assert app.state()["theme"] == "projector"
    assert tuple(app.surface.get_at(corner))[:3] == PROJECTOR.background
    assert tuple(app.surface.get_at(app.geometry.center(0, 0)))[:3] == PROJECTOR.light_square
    reset = app.controls.buttons["reset"].rect
    inside = (reset.left + 6, reset.top + 6)  # inside the border, left of the label
    assert tuple(app.surface.get_at(inside))[:3] == PROJECTOR.panel
    assert app.controls.buttons["theme"].text == "Projector"  # the button names the theme shown


def test_f4_scale_makes_the_counters_text_and_widget_text_taller(app):
    counters = app.layout.counters
    values = pygame.Rect(counters.centerx, counters.top, counters.w // 2, counters.h // 3)
    before = ink_height(app, values, CLASSROOM.text)  # the attempts number, "0"
    font_before = app.controls.buttons["reset"].font.size("Reset")[1]
    press(app, pygame.K_F4)
    assert app.state()["ui_scale"] == 1.25
    counters = app.layout.counters
    values = pygame.Rect(counters.centerx, counters.top, counters.w // 2, counters.h // 3)
    after = ink_height(app, values, CLASSROOM.text)
    assert before > 10 and after > before
    assert app.controls.buttons["reset"].font.size("Reset")[1] > font_before
    assert app.controls.buttons["scale"].text == "Size 1.25x"


def test_scale_cycles_and_every_scale_lays_out_inside_the_window(app):
    seen = []
    for _ in range(4):
        press(app, pygame.K_F4)
        seen.append(app.ui_scale)
        window = app.surface.get_rect()
        for button in app.controls.buttons.values():
            assert window.contains(button.rect)
        assert app.layout.board.w > 0.35 * window.w
    assert seen == [1.25, 1.5, 2.0, 1.0]


def test_settings_round_trip_through_the_window(tmp_path, monkeypatch):
    monkeypatch.setenv("NQUEENS_CONFIG_DIR", str(tmp_path))
    first = open_window()
    first.tick(FRAME)
    press(first, pygame.K_RIGHTBRACKET)  # n = 9
    press(first, pygame.K_F2)  # Chinese
    press(first, pygame.K_F3)  # projector
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    first.tick(FRAME)
    assert not first.running
    first.close()
    saved = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    assert (saved["n"], saved["lang"], saved["theme"]) == (9, "zh", "projector")
    again = open_window()
    try:
        assert (again.timeline.n, again.lang, again.theme.name) == (9, "zh", "projector")
        assert again.controls.buttons["reset"].text == "重置"
        assert again.banner is None
    finally:
        again.close()
    overridden = open_window(n=6, lang="en")  # command-line options win over the saved values
    try:
        assert (overridden.timeline.n, overridden.lang, overridden.theme.name) == (6, "en", "projector")
    finally:
        overridden.close()


def test_a_corrupt_settings_file_is_a_banner_and_the_window_keeps_running(tmp_path):
    (tmp_path / FILE_NAME).write_text("{ not json", encoding="utf-8")
    app = open_window(store=SettingsStore(tmp_path))
    try:
        assert app.banner is not None and app.banner[1] == "error"
        assert "settings" in app.banner[0].lower()
        app.tick(FRAME)
        press(app, pygame.K_RIGHT)
        assert app.state()["event_index"] == 1
        press(app, pygame.K_F4)  # a change saves a good file over the bad one
        assert json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))["ui_scale"] == 1.25
    finally:
        app.close()


def test_the_settings_banner_speaks_chinese_too(tmp_path):
    (tmp_path / FILE_NAME).write_text("[1, 2]", encoding="utf-8")
    app = open_window(store=SettingsStore(tmp_path), lang="zh")
    try:
        assert app.banner is not None and app.banner[0].startswith("保存的设置无法读取")
    finally:
        app.close()


def test_headless_runs_save_no_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("NQUEENS_CONFIG_DIR", str(tmp_path))
    run_headless(n=5, algorithm="backtracking", script="lang:zh;n:6")
    assert not (tmp_path / FILE_NAME).exists()


def test_command_line_theme_and_scale(tmp_path, capsys):
    from visualizer.__main__ import main

    out = tmp_path / "state.json"
    assert main(["--headless", "--theme", "projector", "--scale", "1.5", "--state", str(out)]) == 0
    state = json.loads(out.read_text(encoding="utf-8"))
    assert (state["theme"], state["ui_scale"], state["n"]) == ("projector", 1.5, 8)
    for bad in (["--scale", "9"], ["--scale", "big"], ["--theme", "dark"]):
        with pytest.raises(SystemExit) as exit_info:
            main(["--headless", *bad])
        assert exit_info.value.code == 2
        assert capsys.readouterr().err.count("\n") == 1


def test_help_keys_use_a_font_with_arrows():
    from visualizer.render.fonts import needs_cjk

    assert needs_cjk("→") and needs_cjk("中") and not needs_cjk("Space")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_theme_button_names_each_theme_whole_as_f3_steps_through_them(lang):
    """F3 goes classroom -> projector -> colour-blind safe -> classroom; the button names the theme
    shown, never cut (in smaller text where "Colour-safe" needs it)."""
    from tests.ui import new_app
    from visualizer.look.i18n import tr

    app = new_app(8, "backtracking", size=(1280, 800), lang=lang)
    try:
        for name in ("projector", "colour-safe", "classroom"):
            press(app, pygame.K_F3)
            app.tick(FRAME)
            assert app.theme.name == name
            button = app.controls.buttons["theme"]
            assert button.text == tr(f"theme_{name}", lang)
            assert button.font.size(button.text)[0] + 12 <= button.rect.width, button.text
    finally:
        app.close()
