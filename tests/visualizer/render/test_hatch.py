"""The attacked squares as a hatch (issue 25): Shift+X and its button turn it on, the board then
draws lines of the attacked colour on the squares' own colours, a theme change keeps it, and the
saved settings bring it back."""

from __future__ import annotations

import pygame

from tests.ui import FRAME, click_button, new_app, press
from visualizer.render.board import hatch_colour
from visualizer.shell.preferences import open_window
from visualizer.shell.settings import Settings, SettingsStore, parse_settings


def colours_of(app, row: int, col: int) -> set[tuple[int, int, int]]:
    app.draw()
    square = app.geometry.square_rect(row, col)
    return {
        tuple(app.surface.get_at((x, y)))[:3]
        for x in range(square.left + 2, square.right - 2)
        for y in range(square.top + 2, square.top + 8)
    }


def test_shift_x_and_the_button_hatch_the_attacked_squares():
    app = new_app(8, "backtracking")
    press(app, pygame.K_RIGHT)  # a queen on row 1, column 1: row 2, column 1 is attacked
    tinted = colours_of(app, 1, 0)
    assert hatch_colour(app.theme) not in tinted
    press(app, pygame.K_x, "X", pygame.KMOD_SHIFT)
    assert app.theme.hatch and app.shade  # Shift+X: the pattern; X alone still the shading
    hatched = colours_of(app, 1, 0)
    assert hatch_colour(app.theme) in hatched and app.theme.dark_square in hatched
    assert colours_of(app, 2, 1) <= {app.theme.light_square, app.theme.dark_square}  # not attacked
    app.dispatch("theme", "projector")
    assert app.theme.name == "projector" and app.theme.hatch
    click_button(app, "hatch")
    assert not app.theme.hatch and app.controls.buttons["hatch"].text.endswith(("off", "关"))
    assert app.state()["hatch"] is False
    app.close()


def test_the_hatch_is_saved_with_the_other_settings(tmp_path):
    store = SettingsStore(tmp_path)
    app = open_window(store=store, size=(1280, 800))
    app.tick(FRAME)
    app.dispatch("hatch", True)
    app.close()
    assert parse_settings(store.path.read_bytes()).hatch is True
    again = open_window(store=SettingsStore(tmp_path), size=(1280, 800))
    assert again.theme.hatch and again.theme.name == "classroom"
    again.close()
    assert Settings(hatch="yes").validated().hatch is False  # a wrong type: the default
