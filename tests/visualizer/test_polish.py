"""Polish of the views and race mode: a wider side panel, race controls, progress of long work."""

from __future__ import annotations

import time

import pygame
import pygame_gui
import pytest

from solvers import registry
from solvers.counters import tally
from tests.ui import FRAME, pixels, press
from visualizer.app import App
from visualizer.core.race import RACE_PAIRS
from visualizer.look.layout import compute_layout


@pytest.fixture
def make_app():
    apps: list[App] = []

    def make(*args, **kwargs) -> App:
        app = App(*args, size=(1280, 800), **kwargs)
        app.tick(FRAME)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


def test_layout_widens_the_side_panel_for_a_view():
    for size in ((1280, 800), (960, 640), (1920, 1080)):
        narrow, wide = compute_layout(size), compute_layout(size, wide_side=True)
        assert wide.code.width >= narrow.code.width + 100, size
        assert wide.board.width < narrow.board.width
        assert wide.controls == narrow.controls
        assert wide.controls.right < wide.board.left < wide.board.right < wide.code.left
        assert wide.code.right <= size[0] and wide.board.width >= 250


def test_tree_view_widens_the_panel_and_centres_the_board(make_app):
    app = make_app(8, "backtracking")
    narrow = app.layout.code.width
    press(app, pygame.K_t, "t")
    assert app.mode.views.view == "tree" and app.layout.code.width > narrow + 100
    board = app.layout.board
    assert board.contains(app.geometry.rect)
    assert abs(app.geometry.rect.centerx - board.centerx) <= app.geometry.gutter  # centred, labels aside
    strips = app.mode.strips_area  # the flag strips (issue 13) take the bottom of the area
    room = min(board.width, board.height - (strips.height if strips is not None else 0))
    assert app.geometry.rect.width >= 0.8 * room  # as large as the area allows
    press(app, pygame.K_t, "t")  # back to the code
    assert app.mode.views.view == "code" and app.layout.code.width == narrow


def test_gallery_at_n8_shows_several_classes_at_once(make_app):
    app = make_app(8, "backtracking")
    app.dispatch("instant")
    app.join(60)
    app.tick(FRAME)
    press(app, pygame.K_y, "y")
    assert app.mode.views.view == "gallery"
    app.draw()
    views = app.mode.views
    classes = {views.gallery.class_number(_representative(app, queens)) for _, queens in views.hits}
    assert len(classes) >= 3
    for rect, _ in app.mode.views.hits:  # every board drawn inside the side panel
        assert app.layout.code.contains(rect)


def _representative(app: App, queens: tuple[int, ...]) -> tuple[int, ...]:
    for representative, members in app.mode.views.gallery.groups():
        if any(entry.queens == queens for entry in members):
            return representative
    raise AssertionError(queens)


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


def _wait_for_total(app: App) -> int:
    for _ in range(1200):  # the engine's answer arrives from its own thread
        if app.mode.player.total is not None:
            return app.mode.player.total
        time.sleep(0.05)
    raise AssertionError("the expected total never arrived")


@pytest.mark.parametrize(("name", "n"), [("backtracking", 16), ("bitmask", 17)])
def test_worker_progress_is_exact_monotonic_with_time_left_and_esc_cancels(make_app, name, n):
    """Beyond the engine's quick range the instant result is its survey on the worker thread:
    progress is the attempts it has walked over the run's exact total, never going back."""
    app = make_app(n, name)
    app.dispatch("instant")
    assert app.busy
    player = app.mode.player
    job = player.job
    total = _wait_for_total(app)
    assert total == registry.get(name).expected_attempts(n)
    samples: list[float] = []
    while len(samples) < 20 or samples[-1] == 0.0:  # sampled until the walk shows (after compiling)
        fraction = player.fraction()
        assert fraction is not None and job.total_attempts == total and app.busy
        samples.append(fraction)
        time.sleep(0.02)
    assert samples == sorted(samples) and samples[0] >= 0 and samples[-1] < 1
    assert samples[-1] > 0 and player.time_left() is not None and player.time_left() > 0
    app.draw()  # the progress strip draws with the time left
    press(app, pygame.K_ESCAPE)
    assert app.join(30)
    app.tick(FRAME)
    assert job.cancelled and not app.timeline.finished and not app.busy
    assert app.banner is not None and app.banner[0] == "Cancelled"


def test_expected_totals_are_exact_for_exhaustive_algorithms():
    for name in ("permutations-pruned", "permutations", "backtracking-board", "bitmask", "brute-force"):
        spec = registry.get(name)
        assert spec.expected_attempts(6) == tally(spec.solve(6)).attempts, name


def test_show_all_instant_shows_progress_and_esc_stops_it(make_app):
    app = make_app(8, "backtracking")
    strip = app.layout.scrub  # progress shows in the scrub bar's strip
    app.dispatch("show-all", True)
    app.dispatch("instant")
    assert app.mode.player.goal.kind == "end"
    _wait_for_total(app)
    for _ in range(30):
        app.tick(FRAME)
    attempts = app.timeline.counters.attempts
    assert 0 < attempts < 15_720 and app.mode.player.progress() == pytest.approx(attempts / 15_720)
    app.draw()
    with_bar = pixels(app, strip)
    grid = app.geometry.rect
    labels = pygame.Rect(grid.left - app.geometry.gutter, grid.top - app.geometry.gutter, grid.w, grid.h)
    labels = labels.union(grid)  # the board with its column and row numbers
    assert not labels.colliderect(strip)  # the bar never covers the board or its labels
    press(app, pygame.K_ESCAPE)
    assert not app.mode.player.goal.animated and app.banner[0] == "Cancelled"
    app.draw()
    assert pixels(app, strip) != with_bar  # the same board without the progress bar
    cursor = app.timeline.cursor
    for _ in range(10):
        app.tick(FRAME)
    assert app.timeline.cursor == cursor and not app.timeline.finished


def test_race_instant_runs_in_the_background_and_esc_stops_it(make_app):
    """A long race's instant result runs on the worker thread, leaving each frame free for input."""
    app = make_app(12, "forward-checking", mode="race", algo2="mrv")
    app.dispatch("instant")
    app.tick(FRAME)
    assert app.busy and not app.race.finished, "one frame does not finish n = 12 without the engine"
    press(app, pygame.K_ESCAPE, "escape")
    assert app.join(30)
    app.tick(FRAME)
    assert not app.busy and not app.race.finished and app.banner[0] == "Cancelled"
    events = app.race.a.cursor
    app.tick(FRAME)
    assert app.race.a.cursor == events, "stopped"
