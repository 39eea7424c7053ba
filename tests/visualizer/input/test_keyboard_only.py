"""Keyboard only (issue 25): every control of every mode reached by Tab, ringed, and pressed by
Enter / Space (arrows for the slider) with the effect a click has."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine

from tests.ui import FRAME, click, new_app, press
from visualizer import modes
from visualizer.look.theme import THEMES
from visualizer.render.focus_ring import ring_rect, ring_width


def ring_drawn(app, rect: pygame.Rect) -> bool:
    """Whether the focus ring's band (the theme's text colour, ``ring_width`` thick) runs round ``rect``."""
    app.draw()
    outer, width = ring_rect(rect), ring_width(rect)
    band = [(outer.centerx, outer.top + i) for i in range(width)]  # top, bottom, left, right
    band += [(outer.centerx, outer.bottom - 1 - i) for i in range(width)]
    band += [(outer.left + i, outer.centery) for i in range(width)]
    band += [(outer.right - 1 - i, outer.centery) for i in range(width)]
    return all(tuple(app.surface.get_at(point))[:3] == app.theme.text for point in band)


def record(app) -> list[tuple]:
    """The commands the window is asked to run, recorded instead of run."""
    heard: list[tuple] = []
    app.dispatch = lambda *named: heard.append(named)
    return heard


def clicked(app, name, widget) -> list[tuple]:
    """What a click on the control does (the mouse's path), recorded."""
    heard = record(app)
    if isinstance(widget, UIButton):
        click(app, widget.rect.center)
    elif isinstance(widget, UIHorizontalSlider):
        click(app, widget.right_button.rect.center)
        app.tick(FRAME)
    elif isinstance(widget, UIDropDownMenu):  # its next choice, as Enter picks
        options = [o if isinstance(o, tuple) else (o, o) for o in widget.options_list]
        wanted = options[(options.index(widget.selected_option) + 1) % len(options)]
        click(app, widget.rect.center)
        items = widget.current_state.options_selection_list.item_list
        item = next(i for i in items if i["text"] == wanted[0] and i.get("object_id") in (wanted[1], None))
        click(app, item["button_element"].rect.center)
        for _ in range(3):
            app.tick(FRAME)
    del app.dispatch
    return heard


@pytest.mark.parametrize("mode", list(modes.MODES))
def test_tab_reaches_every_control_once_with_a_ring_round_it(mode):
    app = new_app(8, "backtracking", mode=mode)
    names = [name for name, _ in app.controls.focusables()]
    assert len(names) == len(set(names)) and len(names) >= 15, names
    assert {"mode:watch", "n", "sound", "language", "theme"} <= set(names)
    visited = []
    for _ in names:
        press(app, pygame.K_TAB)
        visited.append(app.focus.name)
        widget = dict(app.controls.focusables())[app.focus.name]
        assert ring_drawn(app, widget.rect), (mode, app.focus.name)
        if isinstance(widget, UITextEntryLine):  # a text box takes the keys while Tab is there
            assert app.controls.typing()
    assert visited == names
    press(app, pygame.K_TAB)
    assert app.focus.name == names[0]  # round again
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert app.focus.name == names[-1]  # Shift+Tab: back
    press(app, pygame.K_ESCAPE)
    assert app.focus.name is None and not ring_drawn(app, app.controls.buttons[names[-1]].rect)
    app.close()


@pytest.mark.parametrize("mode", list(modes.MODES))
def test_enter_or_space_does_what_a_click_does_on_every_control(mode):
    app = new_app(8, "backtracking", mode=mode)
    pressed = 0
    for index, (name, widget) in enumerate(app.controls.focusables()):
        press(app, pygame.K_TAB)
        assert app.focus.name == name
        if isinstance(widget, UITextEntryLine):
            continue  # typed into: the next test
        heard = record(app)
        key = (
            pygame.K_RIGHT
            if isinstance(widget, UIHorizontalSlider)
            else (pygame.K_RETURN, pygame.K_SPACE)[index % 2]
        )
        press(app, key)
        del app.dispatch
        if isinstance(widget, UIDropDownMenu):  # shown back as it was: the click picks the same next one
            from visualizer.input.focus import show_option

            options = [o if isinstance(o, tuple) else (o, o) for o in widget.options_list]
            show_option(widget, options[(options.index(widget.selected_option) - 1) % len(options)])
            app.tick(FRAME)
        expected = clicked(app, name, widget)
        if name == "until-kind":  # the condition is the column's own choice: no command, a new kind
            assert heard == expected == [] and app.controls.state.until_kind != "depth"
        else:
            assert heard == expected and len(heard) == 1, (mode, name, heard, expected)
        app.focus.name = name  # the click let go of it; Tab goes on from here
        pressed += 1
    assert pressed >= 13
    app.close()


def test_the_keys_press_for_real():
    app = new_app(8, "backtracking", speed=10.0)
    names = [name for name, _ in app.controls.focusables()]

    def tab_to(name: str) -> None:
        while app.focus.name != name:
            press(app, pygame.K_TAB)
            assert len(names) > 0

    tab_to("mode:game")
    press(app, pygame.K_SPACE)
    assert app.mode.name == "game" and app.focus.name == "mode:game"  # the ring stays on a rebuild
    tab_to("mode:watch")
    press(app, pygame.K_RETURN)
    assert app.mode.name == "watch"
    tab_to("speed")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_UP)
    assert 14 <= app.speed <= 16  # two steps of about x1.25 (the slider's arrows)
    press(app, pygame.K_LEFT)
    assert app.speed < 15
    tab_to("algorithms")
    press(app, pygame.K_DOWN)
    assert app.mode.algorithm != "backtracking"
    press(app, pygame.K_UP)
    assert app.mode.algorithm == "backtracking"
    tab_to("n")
    assert app.controls.typing()
    press(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="6"))
    app.tick(FRAME)
    press(app, pygame.K_SPACE, " ")  # a key typed into the box is no command (Space: play)
    assert not app.playing
    press(app, pygame.K_RETURN, "\r")
    app.tick(FRAME)
    assert app.mode.n == 6
    press(app, pygame.K_TAB)
    assert app.focus.name == "n-up" and not app.controls.typing()  # Tab leaves the box
    tab_to("language")
    press(app, pygame.K_RETURN)
    assert app.lang == "zh" and app.focus.name == "language"
    tab_to("theme")
    press(app, pygame.K_SPACE)
    assert app.theme.name != "classroom"
    press(app, pygame.K_ESCAPE)
    assert app.focus.name is None
    press(app, pygame.K_SPACE)  # no focus: Space plays again
    assert app.playing
    app.close()


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_ring_stands_out_on_every_theme(theme):
    from visualizer.look.theme import contrast_ratio

    app = new_app(8, "backtracking", theme=THEMES[theme])
    press(app, pygame.K_TAB)
    rect = app.controls.buttons["mode:watch"].rect
    assert ring_drawn(app, rect) and ring_width(rect) >= 3
    assert contrast_ratio(app.theme.text, app.theme.background) >= 4.5
    app.close()


def test_the_presenter_view_has_no_controls_to_tab_to():
    app = new_app(8, "backtracking")
    press(app, pygame.K_p)
    assert app.presenting
    press(app, pygame.K_TAB)
    press(app, pygame.K_SPACE)
    assert app.focus.name is None and app.playing  # Space still plays
    app.close()
