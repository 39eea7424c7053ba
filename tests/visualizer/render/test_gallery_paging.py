"""The solutions gallery reaches every class (issue 13): the wheel and PgUp / PgDn page through it,
mini boards stay at least 48 pixels, and PgUp / PgDn mean nothing while the gallery is shut."""

from __future__ import annotations

import pygame
import pytest

from tests.ui import FRAME, new_app, pixels, press
from visualizer.render.gallery import MIN_BOARD


def _classes(app) -> set[int]:
    """The class numbers of the mini boards drawn in the last frame."""
    app.draw()
    gallery = app.mode.views.get("gallery").gallery
    number = {e.queens: gallery.class_number(rep) for rep, es in gallery.groups() for e in es}
    return {number[queens] for _, queens in app.mode.views.get("gallery").hits}


@pytest.fixture
def solved():
    app = new_app(8, "backtracking")
    app.dispatch("instant")
    app.join(60)
    app.tick(FRAME)
    press(app, pygame.K_y, "y")
    yield app
    app.close()


def wheel(app, pos: tuple[int, int], y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    app.tick(FRAME)


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_page_down_reaches_every_class_with_boards_of_48_pixels(size):
    app = new_app(8, "backtracking", size=size)
    app.dispatch("instant")
    app.join(60)
    app.tick(FRAME)
    press(app, pygame.K_y, "y")
    seen: set[int] = set()
    for _ in range(12):
        seen |= _classes(app)
        for rect, _ in app.mode.views.get("gallery").hits:
            assert rect.w >= MIN_BOARD and app.layout.code.contains(rect)
        press(app, pygame.K_PAGEDOWN)
    assert seen == set(range(1, 13))
    last = _classes(app)
    press(app, pygame.K_PAGEUP)
    assert min(_classes(app)) < min(last)
    app.close()


def test_the_wheel_pages_over_the_gallery_only(solved):
    app = solved
    first = _classes(app)
    before = pixels(app, app.layout.code)
    wheel(app, app.layout.board.center, -1)  # over the board: nothing moves
    assert _classes(app) == first
    wheel(app, app.layout.code.center, -1)  # over the gallery: the next page
    second = _classes(app)
    assert min(second) == max(first) + 1
    assert pixels(app, app.layout.code) != before
    wheel(app, app.layout.code.center, 1)  # and back
    assert _classes(app) == first


def test_page_keys_with_the_gallery_shut_are_the_bookmarks_and_its_commands_say_how_to_open_it():
    app = new_app(8, "backtracking")
    called: list[str] = []
    dispatch = app.dispatch
    app.dispatch = lambda name, *args: (called.append(name), dispatch(name, *args))  # type: ignore[method-assign]
    press(app, pygame.K_PAGEDOWN)
    assert called == ["bookmark-next"]
    app.dispatch("gallery-down")  # the gallery's command, the gallery shut: a banner says how
    assert app.banner is not None and "Y" in app.banner[0]
    assert app.mode.views.get("gallery") is None and app.mode.views.view == "code"  # never built
    press(app, pygame.K_y, "y")
    called.clear()
    press(app, pygame.K_PAGEDOWN)
    assert called == ["gallery-down"]
    app.close()
