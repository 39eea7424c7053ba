"""The size matrix of the side views and the help (issue 38): each side view (tree, gallery, chart,
options, rows) and the help overlay drawn at 1280x720 and 1920x1080, both languages, text 1 and 2:
every text lies inside its panel (the side panel, or the help's card), none is cut."""

from __future__ import annotations

import pygame
import pytest

from tests.ui import FRAME, new_app
from tests.visualizer.look.test_size_matrix import check_frame, recorded, recording  # noqa: F401
from visualizer.look.appearance import SCALES

SIZES = [(1280, 720), (1920, 1080)]
#: A view and the algorithm it shows (the chart follows a repair search, options forward checking).
VIEWS = [
    ("tree", "backtracking"),
    ("gallery", "backtracking"),
    ("chart", "min-conflicts"),
    ("options", "forward-checking"),
    ("rows", "backtracking"),
]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("view", VIEWS, ids=lambda v: v[0])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_of_a_side_view_lies_in_the_side_panel(recording, size, view, lang):  # noqa: F811
    name, algorithm = view
    app = new_app(8, algorithm, size=size, lang=lang, full_column=False)
    try:
        app.dispatch(name)
        app.dispatch("step", 30)
        for scale in SCALES:
            app.set_scale(scale)
            app.mode.views.wait()
            app.tick(FRAME)
            assert app.mode.views.view == name
            check_frame(app, (size, name, lang, scale))
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_of_the_help_lies_in_the_window_and_none_is_cut(recording, size, lang):  # noqa: F811
    app = new_app(8, "backtracking", size=size, lang=lang, full_column=False)
    try:
        app.dispatch("help")
        for scale in SCALES:
            app.set_scale(scale)
            app.tick(FRAME)
            report, texts = recorded(app)
            where = (size, lang, scale)
            assert app.show_help, where
            assert report["cut"] == [], (where, report["cut"])
            area = pygame.Rect((0, 0), size)
            assert texts and all(area.contains(rect) for _, rect in texts), where
    finally:
        app.close()
