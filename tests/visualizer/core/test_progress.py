"""Progress of long work: exact, monotonic, with the time left, and Esc cancels it."""

from __future__ import annotations

import time

import pygame
import pytest

from solvers import registry
from solvers.counters import Counters, tally
from tests.ui import FRAME, pixels, press
from visualizer.app import App


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
    assert total == registry.get(name).whole_run(n)  # the closed form, from the tree profile
    assert player.whole is None  # (forward checking's and MRV's: tests/visualizer/test_app.py)
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
        whole = spec.whole_run(6)  # permutations-pruned: the engine's counters, no closed form
        attempts = whole.attempts if isinstance(whole, Counters) else whole
        assert attempts == tally(spec.solve(6)).attempts, name


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


def test_show_all_next_solution_measures_the_way_to_it_not_the_run(make_app):
    """Issue 38: with show-all on, Next solution's strip counts the events to the next solution
    (where the engine knows it), so it fills as the animation nears the solution."""
    app = make_app(8, "backtracking")
    app.dispatch("show-all", True)
    app.dispatch("speed", 1000.0)
    app.dispatch("next")
    way = app.mode.player.way
    assert way == (0, 982)  # n = 8: the first solution is event 982's end (876 attempts)
    fractions = []
    while app.mode.player.animating:
        app.tick(FRAME)
        strip = app.mode.progress_strip("en")
        if strip is not None:
            fractions.append(strip[0])
            assert strip[1].startswith("To the next solution: event ") and strip[1].endswith(" of 982")
    assert fractions == sorted(fractions) and fractions[-1] > 0.9
    assert app.timeline.counters.solutions == 1 and app.timeline.cursor == 982
