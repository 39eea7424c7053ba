"""A seek, a step or a bookmark far beyond the run (issue 18, item 12): the window answers at once,
the way there runs in the background with progress and Esc, and past the end it stops at the end."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from tests.ui import FRAME, new_app, press


@contextmanager
def answers_within(seconds: float) -> Iterator[None]:
    """Fails the test (instead of hanging it) if the block keeps the UI thread longer."""

    def frozen(signum: int, frame: object) -> None:
        raise AssertionError(f"the UI thread gave no answer for {seconds} s")

    previous = signal.signal(signal.SIGALRM, frozen)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("command", ["seek", "step", "bookmark"])
def test_a_target_far_beyond_the_run_runs_in_the_background_and_esc_stops_it(command):
    app = new_app(20, "backtracking")
    try:
        with answers_within(8.0):
            if command == "bookmark":
                from visualizer.core.lesson import Bookmark

                app.lessons.bookmarks.add(Bookmark(10**8, "far"))
                app.dispatch("goto-bookmark", 1)
            else:
                app.dispatch(command, 10**8)
            app.tick(FRAME)
            assert app.busy  # on its way, and the window goes on drawing
            press(app, pygame.K_ESCAPE)
            assert app.mode.player.join(5.0)
            app.tick(FRAME)
        assert not app.busy and 0 < app.timeline.cursor < 10**8
    finally:
        app.close()


def test_a_seek_past_the_end_of_the_run_stands_at_the_end_at_once():
    app = new_app(6, "backtracking")
    try:
        app.mode.wait_total(60.0)
        total = app.mode.scrub_model().total
        assert total is not None
        with answers_within(8.0):
            app.dispatch("seek", 10**12)
            app.tick(FRAME)
        assert not app.busy and app.timeline.cursor == total and app.timeline.finished
    finally:
        app.close()
