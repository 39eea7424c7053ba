"""The command palette (issue 38): Ctrl+K, typed letters in English or Chinese, Enter or a click;
every command with a key or a button is in it; a command that cannot run here shows as such."""

from __future__ import annotations

import pygame
import pytest

from tests.ui import FRAME, click, new_app, pixels, press
from visualizer.commands import COMMANDS
from visualizer.input.palette import entries, matches


def typed(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.tick(FRAME)


def test_every_command_with_a_key_or_a_button_is_in_the_palette_in_both_languages():
    names = {entry.name for entry in entries()}
    for command in COMMANDS.values():
        if not command.script and (any(k.shown for k in command.keys) or command.label):
            assert command.name in names or command.name in ("mode", "palette"), command.name
    for entry in entries():
        assert entry.text["en"] and entry.text["zh"] and entry.text["en"] != entry.name


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("next sol", "next"),
        ("FULLSCREEN", "fullscreen"),
        ("下一个解", "next"),
        ("全屏", "fullscreen"),
        ("F11", "fullscreen"),
    ],
)
def test_a_few_letters_find_a_command(query, first):
    assert matches(entries(), query)[0].name == first


def test_nothing_matches_gibberish():
    assert matches(entries(), "qqxz") == []


def test_ctrl_k_then_typing_then_enter_runs_the_command():
    app = new_app(8, "backtracking")
    before = pixels(app, app.surface.get_rect())
    press(app, pygame.K_k, mod=pygame.KMOD_CTRL)
    assert app.palette.active and pixels(app, app.surface.get_rect()) != before  # drawn over the window
    typed(app, "show all")
    press(app, pygame.K_RETURN)
    assert not app.palette.active and app.show_all


def test_the_palette_opens_in_chinese_runs_a_mode_and_esc_closes_it():
    app = new_app(8, "backtracking", lang="zh")
    press(app, pygame.K_k, mod=pygame.KMOD_CTRL)
    typed(app, "比赛")
    press(app, pygame.K_RETURN)
    assert app.mode.name == "race"
    press(app, pygame.K_k, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_ESCAPE)
    assert not app.palette.active and app.mode.name == "race"


def test_a_command_of_another_mode_shows_as_unavailable_and_a_click_runs_a_row():
    app = new_app(8, "backtracking")
    press(app, pygame.K_k, mod=pygame.KMOD_CTRL)
    typed(app, "hint")
    rows = app.palette.rows("en", app.entry_on, app.entry_runs)
    assert [row.entry.name for row in rows][:1] == ["hint"] and not rows[0].enabled  # a game's command
    press(app, pygame.K_BACKSPACE)
    for _ in range(3):
        press(app, pygame.K_BACKSPACE)
    typed(app, "instant")
    app.draw()
    rect, _ = app.palette.hits[0]
    click(app, rect.center)
    assert not app.palette.active and app.timeline.finished
