"""Race mode's controls: Play again, a new n, the pair drop-down, Instant result in the background."""

from __future__ import annotations

import pygame
import pygame_gui

from solvers import registry
from solvers.counters import tally
from tests.ui import FRAME, click, new_app, pixels, press
from visualizer.core.race import RACE_PAIRS


def test_play_reads_play_again_when_the_race_ends(make_app):
    app = make_app(4, "brute-force", mode="race", algo2="backtracking")
    fresh = make_app(4, "brute-force", mode="race", algo2="backtracking")
    button = app.controls.buttons["play"].rect
    fresh.draw()
    idle = pixels(fresh, button)
    app.dispatch("speed", 10_000)
    press(app, pygame.K_SPACE, " ")
    app.draw()
    assert app.controls.buttons["play"].text == "Pause" and pixels(app, button) != idle
    for _ in range(60):
        app.tick(FRAME)
        if app.race.finished:
            break
    assert app.race.finished and not app.playing
    assert app.controls.buttons["play"].text == "Play"
    assert pixels(app, button) == idle  # drawn right after the last tick: the button says Play


def test_race_n_change_restarts_both_sides(make_app):
    app = make_app(5, "brute-force", mode="race", algo2="backtracking")
    app.dispatch("step", 30)
    press(app, pygame.K_RIGHTBRACKET, "]")
    race = app.race
    assert race.n == 6 and race.a.cursor == race.b.cursor == 0
    assert app.banner is None or app.banner[1] != "error"
    app.dispatch("instant")  # on the worker thread, like watch mode's
    assert app.join(60)
    app.tick(FRAME)
    for side, name in (("a", "brute-force"), ("b", "backtracking")):
        assert race.sides[side].counters == tally(registry.get(name).solve(6)), side
    app.dispatch("n", 3)
    assert app.race.n == 3 and app.race.a.cursor == 0


def test_race_drop_down_offers_the_pairs(make_app):
    app = make_app(5, "brute-force", mode="race", algo2="backtracking")
    menu = app.controls.algorithms
    assert len(menu.options_list) == len(RACE_PAIRS)
    a, b = RACE_PAIRS[1]
    kind = pygame_gui.UI_DROP_DOWN_MENU_CHANGED
    event = pygame.event.Event(kind, ui_element=menu, text=f"{a} vs {b}", selected_option_id=f"{a},{b}")
    app.handle_event(event)
    assert (app.race.a.spec.name, app.race.b.spec.name) == (a, b)
    assert app.controls.algorithms.selected_option[1] == f"{a},{b}"
    app.dispatch("step", 30)
    app.dispatch("back", 10)  # a race steps back like a single run
    assert app.race.a.cursor == app.race.b.cursor == 20 and app.banner is None


def test_race_instant_runs_in_the_background_and_esc_stops_it(make_app):
    """A long race's instant result runs on the worker thread, leaving each frame free for input."""
    app = make_app(16, "forward-checking", mode="race", algo2="mrv")
    app.dispatch("instant")
    app.tick(FRAME)
    assert app.busy and not app.race.finished, "the engine's walk of n = 16 takes a minute"
    press(app, pygame.K_ESCAPE, "escape")
    assert app.join(30)
    app.tick(FRAME)
    assert not app.busy and not app.race.finished and app.banner[0] == "Cancelled"
    events = app.race.a.cursor
    app.tick(FRAME)
    assert app.race.a.cursor == events, "stopped"


def test_race_mode_starts_with_two_algorithms_named_by_their_titles():
    app = new_app(8, "backtracking")
    click(app, app.controls.buttons["mode:race"].rect.center)
    a, b = app.mode.pair
    assert a != b and app.race.a.spec.name == a and app.race.b.spec.name == b
    assert app.mode.titles() == {"a": registry.get(a).title, "b": registry.get(b).title}  # over the boards
    # the drop-down: the titles where they fit at 12 px or more, else the command-line names (issue 18)
    text, _ = app.controls.algorithms.selected_option
    short = app.controls.short_pairs
    assert (
        (a in text and b in text)
        if short
        else (registry.get(a).title in text and registry.get(b).title in text)
    )
    button = app.controls.algorithms.current_state.selected_option_button
    assert button.font.size(text)[0] <= button.rect.width  # whole
    app.close()
