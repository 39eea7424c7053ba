"""At text size 2 in a 960x640 window nothing overlaps (issue 13): the texts of the side panel
(the search tree, its nodes-per-depth chart), the flag strips and the board's labels, measured as
rects; the algorithm drop-down shows whole titles."""

from __future__ import annotations

import itertools

import pygame
import pytest

from solvers import registry
from tests.ui import FRAME, new_app, press
from tests.visualizer.input.test_name_menu import label_problems
from visualizer.render.board_geometry import label_ink, label_rects
from visualizer.render.fonts import get_font

SIZE, SCALE = (960, 640), 2.0


def assert_apart(rects: list[pygame.Rect], where: str) -> None:
    assert rects, where
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (where, a, b)


@pytest.mark.parametrize(("n", "lang"), [(8, "en"), (8, "zh"), (5, "en"), (12, "zh")])
def test_the_tree_panel_texts_never_overlap(n, lang):
    app = new_app(n, "backtracking", size=SIZE, ui_scale=SCALE, lang=lang)
    app.dispatch("step", 300)
    press(app, pygame.K_t, "t")
    app.draw()
    views = app.mode.views
    texts = [*views.get("tree").hits.texts, *views.get("tree").profile_texts]
    assert_apart(texts, f"tree n={n} {lang}")
    for rect in texts:
        assert app.layout.code.contains(rect), rect
    if views.get("tree").hits.map_rect is not None:  # depth bands tall enough for their labels
        assert views.get("tree").hits.map_rect.height // (n + 1) >= 10
    app.close()


@pytest.mark.parametrize(
    ("n", "strips", "size", "scale"),
    [
        (8, True, (1920, 1080), 1.25),
        (8, True, (1920, 1080), SCALE),
        (12, True, (1280, 720), SCALE),
        (20, True, (1280, 720), SCALE),
        (20, False, SIZE, SCALE),
    ],
)
def test_the_flag_strips_and_the_board_labels_never_overlap(n, strips, size, scale):
    """At n = 20 in a 960x640 window the strips would leave the board too small: the board keeps
    the room. From 1280x720 up they show where the board keeps 55% of the height and the narration
    two lines: under the board (1920x1080 at text 1.25), else beside it (text 2, issue 38)."""
    app = new_app(n, "backtracking", size=size, ui_scale=scale)
    for _ in range(5):
        press(app, pygame.K_RIGHT)
    app.draw()
    labels = label_rects(app.geometry)
    assert len(labels) == n  # legible at n = 20 too: every row and column numbered
    inked = label_ink(app.geometry)
    columns = [column for column, _ in inked]
    rows = [row for _, row in inked]
    assert_apart(columns, "column labels")
    assert_apart(rows, "row labels")
    assert min(rect.h for _, rect, _ in labels) >= get_font(10).get_height() - 1  # 10 px text at least
    area = app.mode.strips_area
    if not strips:
        assert area is None and app.geometry.rect.h >= 0.6 * app.layout.board.h
        app.close()
        return
    texts = app.mode.strip_texts
    assert_apart([*texts, *columns, *rows], "strip labels and board labels")
    assert area is not None and not area.colliderect(app.geometry.rect)
    for rect in texts:
        assert app.layout.board.contains(rect)
    app.close()


@pytest.mark.parametrize("algorithm", list(registry.ALGORITHMS))
def test_the_drop_down_shows_whole_titles(algorithm):
    app = new_app(8, algorithm, size=SIZE, ui_scale=SCALE) if registry.get(algorithm).min_n <= 8 else None
    assert app is not None
    app.tick(FRAME)
    assert app.controls.algorithms.selected_option[0] == registry.get(algorithm).title
    assert label_problems(app) == []  # whole, wrapped in its box, in the controls' text size
    app.close()
