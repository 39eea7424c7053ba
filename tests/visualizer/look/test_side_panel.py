"""The side panel widens for a view (tree, gallery) and the board stays centred."""

from __future__ import annotations

import pygame
import pytest

from tests.ui import FRAME, new_app, press
from visualizer.app import App
from visualizer.look.appearance import SCALES
from visualizer.look.layout import board_floor, board_share, board_side_min, compute_layout


def test_layout_widens_the_side_panel_for_a_view():
    for size in ((1280, 800), (960, 640), (1920, 1080)):
        narrow, wide = compute_layout(size), compute_layout(size, wide_side=True)
        # at 960x640 the board's floor (45% of the height, issue 18) leaves the panel little more;
        # from 1280x720 up the board keeps 55% (issue 38)
        assert wide.code.width >= narrow.code.width + (100 if size[0] > 960 else 0), size
        floor = board_floor(size[1], wide.scale, board_share(size))[0]
        assert floor <= wide.board.width <= narrow.board.width
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
    _assert_centred_and_large(app)
    press(app, pygame.K_t, "t")  # back to the code
    assert app.mode.views.view == "code" and app.layout.code.width == narrow


def _assert_centred_and_large(app: App) -> None:
    """The board (with the flag strips beside it, issue 38) centred in its area, labels aside, and
    as large as the area allows (the strips take its bottom or its right)."""
    board, shown = app.layout.board, app.geometry.rect
    strips = app.mode.strips_area
    if strips is not None:
        assert app.layout.board.contains(strips) and not strips.colliderect(shown)
    upright = strips is not None and app.mode.strips_upright
    group = shown.union(strips) if upright else shown
    assert abs(group.centerx - board.centerx) <= app.geometry.gutter  # centred, labels aside
    width = board.width - (strips.width if upright else 0)
    height = board.height - (strips.height if strips is not None and not upright else 0)
    assert shown.width >= 0.8 * min(width, height)  # as large as the area allows


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_tree_view_keeps_the_flag_strips_at_every_text_size(size):
    """The tree widens the side panel into the board's room only: the flag strips keep theirs
    (beside the board at large text sizes) and the board its 55% of the height."""
    app = new_app(8, "backtracking", size=size, full_column=False)
    try:
        app.dispatch("tree")
        for scale in SCALES:
            app.set_scale(scale)
            app.dispatch("step", 10)
            app.tick(FRAME)
            assert app.mode.views.view == "tree" and app.mode.strips_area is not None, scale
            assert app.geometry.rect.h >= board_side_min(size[1]), scale
            assert not app.mode.strips_area.colliderect(app.layout.code), scale
            _assert_centred_and_large(app)
    finally:
        app.close()


def _representative(app: App, queens: tuple[int, ...]) -> tuple[int, ...]:
    for representative, members in app.mode.views.get("gallery").gallery.groups():
        if any(entry.queens == queens for entry in members):
            return representative
    raise AssertionError(queens)


def test_gallery_at_n8_shows_several_classes_at_once(make_app):
    app = make_app(8, "backtracking")
    app.dispatch("instant")
    app.join(60)
    app.tick(FRAME)
    press(app, pygame.K_y, "y")
    assert app.mode.views.view == "gallery"
    app.draw()
    views = app.mode.views
    classes = {
        views.get("gallery").gallery.class_number(_representative(app, queens))
        for _, queens in views.get("gallery").hits
    }
    assert len(classes) >= 3
    for rect, _ in app.mode.views.get("gallery").hits:  # every board drawn inside the side panel
        assert app.layout.code.contains(rect)
