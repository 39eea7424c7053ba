"""Ctrl+Right / Ctrl+Left: from one move the board marks to the next, past the prunes, restores
and choices between (forward checking and dancing links say many events per queen)."""

from __future__ import annotations

import pygame
import pytest

from solvers.events import NO_MARKS
from tests.ui import new_app, press, type_n

CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def dlx():
    app = new_app(8, "dlx")
    yield app
    app.close()


def before_a_move(app) -> bool:
    """The cursor stands just before an event the board marks (the run's next move)."""
    timeline = app.timeline
    return timeline.log.get(timeline.cursor, timeline.queens).marks() != NO_MARKS


def test_ctrl_right_lands_before_each_move_and_ctrl_left_goes_back_exactly(dlx):
    stops = []
    for _ in range(6):
        press(dlx, pygame.K_RIGHT, mod=CTRL)
        stops.append(dlx.timeline.cursor)
        assert before_a_move(dlx), stops
        assert dlx.timeline.last is not None and dlx.timeline.last.marks() == NO_MARKS  # the choice said
    assert stops == sorted(set(stops)) and stops[1] - stops[0] > 5, "past the prunes, not one event"
    queens = list(dlx.timeline.queens)
    for expected in reversed(stops[:-1]):
        press(dlx, pygame.K_LEFT, mod=CTRL)
        assert dlx.timeline.cursor == expected
    press(dlx, pygame.K_RIGHT, mod=CTRL)
    assert dlx.timeline.cursor == stops[1]
    for _ in range(4):
        press(dlx, pygame.K_RIGHT, mod=CTRL)
    assert list(dlx.timeline.queens) == queens


def test_plain_arrows_still_step_one_event(dlx):
    press(dlx, pygame.K_RIGHT)
    press(dlx, pygame.K_RIGHT)
    assert dlx.timeline.cursor == 2
    press(dlx, pygame.K_LEFT)
    assert dlx.timeline.cursor == 1


def test_at_the_end_it_says_the_search_finished(dlx):
    type_n(dlx, "4")
    assert dlx.mode.n == 4
    for _ in range(60):
        press(dlx, pygame.K_RIGHT, mod=CTRL)
    assert dlx.timeline.finished and dlx.banner is not None and "finished" in dlx.banner[0].lower()


def test_a_backtracking_run_moves_one_event_at_a_time():
    app = new_app(6, "backtracking")
    try:
        press(app, pygame.K_RIGHT, mod=CTRL)
        press(app, pygame.K_RIGHT, mod=CTRL)
        assert app.timeline.cursor == 2  # every event of backtracking is a move
        press(app, pygame.K_LEFT, mod=CTRL)
        assert app.timeline.cursor == 1
    finally:
        app.close()


def test_race_mode_refuses_it_with_a_banner():
    app = new_app(6, "backtracking", mode="race")
    try:
        press(app, pygame.K_RIGHT, mod=CTRL)
        assert app.banner is not None and app.mode.name == "race"
        assert app.race is not None and app.race.cursor == 0
    finally:
        app.close()
