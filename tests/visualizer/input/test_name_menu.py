"""The algorithm drop-down in the controls' text size at every text size (issue 38): its closed
box shows the chosen name wrapped (as many rows high as the longest name needs), its open list
every name whole on one line; F4 and F2 pressed as keys, the list opened with a click."""

from __future__ import annotations

import pygame
import pytest

from solvers import registry
from tests.ui import FRAME, click, new_app, press
from tests.visualizer.look.test_size_matrix import recorded, recording  # noqa: F401
from visualizer.input.name_menu import INK
from visualizer.look.appearance import SCALES
from visualizer.render.fonts import get_font

#: The longest names in each language (at Noto Sans SC's widths).
LONGEST = {"en": ["construction", "backtracking-iterative", "brute-force"], "zh": ["mrv", "forward-checking"]}


def label_problems(app) -> list[str]:
    """What is wrong with the name drawn over the column's algorithm drop-down: a line wider than
    its box, lines taller than it, text lost, a size other than the controls'."""
    label, menu = app.controls.menu_label(), app.controls.algorithms
    assert label is not None and menu is not None
    font, text = get_font(label.size, "zh"), str(menu.selected_option[0])
    problems = [line for line in label.lines if font.size(line)[0] > label.rect.w - 8]
    if len(label.lines) * label.step > label.rect.h or label.step < INK * label.size - 1:
        problems.append(f"{len(label.lines)} lines in {label.rect.h} px")
    if "".join(label.lines).replace(" ", "") != text.replace(" ", ""):
        problems.append(f"{label.lines} is not {text!r}")
    if label.size != app.layout.control_text:
        problems.append(f"{label.size} px, the controls' {app.layout.control_text}")
    return problems


def list_problems(app) -> list[str]:
    """The open list's names drawn narrower than their text, or not in the controls' size."""
    shown = app.controls.algorithms.current_state.options_selection_list
    problems = []
    for item in shown.item_list:
        button = item.get("button_element")
        if button is None:
            continue
        if button.font.get_point_size() != app.layout.control_text:
            problems.append(f"{item['text']}: {button.font.get_point_size()} px")
        if button.font.size(item["text"])[0] + 4 > button.rect.w:
            problems.append(f"{item['text']} cut in {button.rect.w} px")
    if shown.scroll_bar is not None:
        problems.append("a scroll bar")
    return problems


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_drop_down_keeps_the_controls_size_after_f4(recording, lang):  # noqa: F811
    app = new_app(8, "backtracking", size=(1280, 720), lang=lang, full_column=False)
    try:
        for scale in SCALES[1:] + SCALES[:1]:  # F4 from 1: 1.25, 1.5, 2, then back to 1
            press(app, pygame.K_F4)
            assert app.ui_scale == scale
            for algorithm in LONGEST[lang]:
                app.dispatch("algo", algorithm)
                app.tick(FRAME)
                where = (lang, scale, algorithm)
                assert label_problems(app) == [], where
                menu = app.controls.algorithms
                _, texts = recorded(app)  # the lines drawn, over the box, as high as the controls' type
                tall = app.controls.menu_label().step - 1
                for line in app.controls.menu_label().lines:
                    assert any(t == line and menu.rect.contains(r) and r.h >= tall for t, r in texts), where
                click(app, menu.rect.center)  # open: every name whole, in the controls' size
                assert menu.current_state is menu.menu_states["expanded"], where
                assert list_problems(app) == [], where
                shown = menu.current_state.options_selection_list
                assert shown.rect.right <= 1280 and shown.rect.bottom <= 720, where
                press(app, pygame.K_ESCAPE)
                click(app, menu.rect.center)  # closed again
                app.tick(FRAME)
    finally:
        app.close()


def test_a_name_chosen_in_the_open_list_runs_and_shows_whole():
    app = new_app(8, "backtracking", size=(1280, 720), ui_scale=2.0)
    try:
        menu = app.controls.algorithms
        click(app, menu.rect.center)
        shown = menu.current_state.options_selection_list
        item = next(i for i in shown.item_list if i["text"] == registry.get("construction").title)
        click(app, item["button_element"].rect.center)
        for _ in range(3):  # the selection list, then the drop-down, then the app hear it
            app.tick(FRAME)
        assert app.mode.algorithm == "construction"
        assert label_problems(app) == []
        assert app.controls.menu_label().lines == ("Explicit construction (no", "search)")
    finally:
        app.close()
