"""Idle when idle (issue 38): a window where nothing moves sleeps until input and draws only then;
one that plays, works, records or asks draws every frame."""

from __future__ import annotations

import time

import pygame

from tests.ui import FRAME, new_app, press
from visualizer.app import SETTLE_SECONDS, App


def settled(app: App) -> App:
    """``app`` once its start-up work (the scrub bar's survey of the run's total) is done."""
    deadline = time.monotonic() + 30
    while not app.quiet and time.monotonic() < deadline:
        app.tick(FRAME)
        time.sleep(0.01)
    assert app.quiet
    return app


def test_a_fresh_window_is_quiet_and_playing_or_asking_is_not():
    app = settled(new_app(8, "backtracking"))
    press(app, pygame.K_SPACE)  # play
    assert not app.quiet
    press(app, pygame.K_SPACE)  # pause
    assert app.quiet
    press(app, pygame.K_b)  # a bookmark's note: a prompt whose cursor blinks
    assert app.prompt.active and not app.quiet
    press(app, pygame.K_ESCAPE)
    app.tick(FRAME)
    assert app.quiet


def test_a_quiet_window_sleeps_until_input_and_then_answers_it(monkeypatch):
    app = settled(new_app(8, "backtracking"))
    sleeps: list[float] = []
    drawn: list[int] = []
    draw = app.draw
    monkeypatch.setattr(app, "draw", lambda quiet=False: (drawn.append(len(sleeps)), draw(quiet)))

    def sleep(seconds: float) -> bool:  # the loop's sleep, counted instead of waited
        sleeps.append(seconds)
        if len(sleeps) == 3:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        if len(sleeps) == 6:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return bool(pygame.event.peek())

    monkeypatch.setattr(App, "_sleep", staticmethod(sleep))
    monkeypatch.setattr(
        pygame, "quit", lambda: None
    )  # the window's end: the fonts this process caches stay valid
    assert app.run() == 0
    assert app.timeline.cursor == 1  # the key came during a sleep and was answered
    assert drawn == [1, 2, 3, 4, 5, 6]  # one frame per wake, never one without a sleep before it
    assert max(sleeps) <= SETTLE_SECONDS  # input had just come: it looks again soon
