"""Each panel hides on its own key, and the algorithm's name can be hidden (issue 18, item 7)."""

from __future__ import annotations

import pygame

from tests.ui import choose, new_app, pixels, press
from visualizer.commands import help_rows


def test_f5_hides_the_code_and_leaves_the_narration():
    app = new_app(8, "backtracking")
    app.dispatch("step", 5)
    area = app.layout.narration
    assert area is not None
    shown = pixels(app, area)
    code = pixels(app, app.layout.code)
    press(app, pygame.K_F5)
    assert "code" in app.hidden
    assert pixels(app, app.layout.code) != code  # the card
    assert pixels(app, area) == shown  # the narration and its log stay
    app.dispatch("step", 1)
    assert pixels(app, area) != shown  # and go on narrating


def test_narration_and_log_hide_each_on_its_own_key():
    app = new_app(8, "backtracking")
    app.dispatch("step", 5)
    area = app.layout.narration
    assert area is not None
    code = pixels(app, app.layout.code)
    shown = pixels(app, area)
    press(app, pygame.K_F8)
    assert app.hidden == {"narration"}
    without_sentence = pixels(app, area)
    assert without_sentence != shown and pixels(app, app.layout.code) == code
    press(app, pygame.K_F10)
    assert app.hidden == {"narration", "log"}
    both = pixels(app, area)
    assert both != without_sentence
    app.dispatch("step", 3)
    assert pixels(app, area) == both  # nothing of the run shows through
    press(app, pygame.K_F8)
    press(app, pygame.K_F10)
    assert not app.hidden
    keys = dict((action, keys) for keys, action in help_rows())
    assert keys["toggle_narration"] == "F8" and keys["toggle_log"] == "F10" and keys["toggle_names"] == "F9"


def test_the_race_sentences_hide_with_the_narration():
    app = new_app(6, "brute-force", mode="race", algo2="backtracking")
    app.dispatch("step", 5)
    app.draw()
    assert set(app.mode.narration_rects) == {"a", "b"}  # type: ignore[attr-defined]
    press(app, pygame.K_F8)
    app.draw()
    assert app.mode.narration_rects == {}  # type: ignore[attr-defined]


def test_f9_hides_the_algorithm_name_everywhere():
    app = new_app(8, "backtracking")
    menu = app.controls.algorithms
    assert menu is not None and menu.selected_option[0] == "Backtracking with flag arrays"
    press(app, pygame.K_F9)
    assert "names" in app.hidden
    menu = app.controls.algorithms
    assert menu is not None and menu.selected_option == ("Algorithm A", "backtracking")
    title, summary = app.mode.status("en")  # type: ignore[attr-defined]
    assert (title, summary) == ("Algorithm A", "")
    assert "Backtracking" not in pygame.display.get_caption()[0]
    app.dispatch("show", "names")
    assert app.controls.algorithms.selected_option[0] == "Backtracking with flag arrays"  # type: ignore[union-attr]


def test_hidden_names_in_a_race():
    from visualizer.render.race import banners

    app = new_app(5, "brute-force", mode="race", algo2="backtracking")
    app.dispatch("hide", "names")
    menu = app.controls.algorithms
    assert menu is not None and menu.selected_option[0] == "Algorithm A vs Algorithm B"
    app.dispatch("instant")
    assert app.join(30)
    app.tick(1 / 60)
    race = app.race
    assert race is not None
    said = banners(race, "en", app.mode.titles())  # type: ignore[attr-defined]
    assert said and all("Backtracking" not in line and "Algorithm B" in line for line in said)


def test_every_help_row_fits_its_card_in_the_smallest_window():
    """700 x 640 (the keys' part of the smallest window): the card fits, each row lies inside it on
    exactly one of the help's pages, in type no smaller than asked (14 px)."""
    from visualizer.look.i18n import tr
    from visualizer.look.theme import CLASSROOM
    from visualizer.render.help import draw_help

    surface = pygame.Surface((700, 640))
    rows = [(keys, tr(action, "en")) for keys, action in help_rows()]
    shown: list[int] = []
    first = draw_help(surface, surface.get_rect(), rows, CLASSROOM, "en", "Keys", least=14)
    for page in range(first.pages):
        card = draw_help(surface, surface.get_rect(), rows, CLASSROOM, "en", "Keys", least=14, page=page)
        assert surface.get_rect().contains(card.box) and card.size >= 14
        assert card.page == page and all(card.box.contains(rect) for rect in card.rects)
        shown += card.shown
    assert sorted(shown) == list(range(len(rows)))  # each row once (F8, F9, F10 once pushed one out)


def test_the_menu_opens_and_chooses_with_the_names_hidden():
    app = new_app(6, "backtracking")
    press(app, pygame.K_F9)
    choose(app, "Brute force")  # opening the list with "Algorithm A" shown crashed pygame_gui
    assert app.mode.algorithm == "brute-force"
    menu = app.controls.algorithms
    assert menu is not None and menu.selected_option == ("Algorithm A", "brute-force")
    race = new_app(6, "brute-force", mode="race", algo2="backtracking")
    race.dispatch("hide", "names")
    choose(race, "Algorithm A vs")  # the neutral entry: the same race again
    assert race.mode.pair == ("brute-force", "backtracking")  # type: ignore[attr-defined]
