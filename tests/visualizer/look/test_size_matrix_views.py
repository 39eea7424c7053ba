"""The size matrix of the side views and the help (issue 38): each side view (tree, gallery, chart,
options, rows) and the help overlay drawn at 1280x720 and 1920x1080, both languages, every text
size: every text lies inside its panel (the side panel, or the help's card), none is cut; the
help's rows never shrink below the window's running text, and go onto pages instead."""

from __future__ import annotations

import pygame
import pytest

from tests.ui import FRAME, new_app, press
from tests.visualizer.look.test_size_matrix import check_frame, recorded, recording  # noqa: F401
from visualizer.look.appearance import SCALES
from visualizer.look.i18n import tr
from visualizer.render.fonts import font_for
from visualizer.render.legend import MARKS
from visualizer.render.overlays import help_entries, help_floor

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


def turn(app, key: int, times: int = 1) -> None:
    """PgDn or PgUp pressed ``times`` times (real key events), a frame after each."""
    for _ in range(times):
        press(app, key)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_of_the_help_lies_in_the_window_and_none_is_cut(recording, size, lang):  # noqa: F811
    """At each text size the help's rows are drawn no smaller than the window's running text
    (``help_floor``: 25 px at 1280x720 text 2); what does not fit goes onto pages that PgDn / PgUp
    turn, each row on exactly one of them, every text in the window and whole on each page."""
    app = new_app(8, "backtracking", size=size, lang=lang, full_column=False)
    rows = help_entries(lang)
    try:
        app.dispatch("help")
        for scale in SCALES:
            app.set_scale(scale)
            app.tick(FRAME)
            floor, pages, shown = help_floor(app.layout), app.help_card.pages, []
            for page in range(pages):
                report, texts = recorded(app)
                card, where = app.help_card, (size, lang, scale, page)
                assert app.show_help and card.page == page, where
                assert report["cut"] == [], (where, report["cut"])
                area = pygame.Rect((0, 0), size)
                assert texts and all(area.contains(rect) for _, rect in texts), where
                assert card.size >= floor, (where, card.size, floor)
                for index in card.shown:  # each row's first line drawn, in type as high as the floor's
                    action = rows[index][1]
                    line, rect = max(
                        ((t, r) for t, r in texts if t and action.startswith(t)), key=lambda d: len(d[0])
                    )
                    assert rect.h >= font_for(line, floor, lang).get_height(), (where, line, rect)
                shown += card.shown
                legend = [rect for text, rect in texts if text == tr("marks_title", lang)]
                assert legend or page < pages - 1, where  # the legend: beside every page, or the last
                if legend and not card.shown:  # the legend's own page: its meanings no smaller either
                    meanings = [tr(mark.key, lang) for mark in MARKS]
                    lines = [(t, r) for t, r in texts if len(t) > 3 and any(t in m for m in meanings)]
                    assert len(lines) >= len(MARKS), where
                    assert all(r.h >= font_for(t, floor, lang).get_height() for t, r in lines), where
                turn(app, pygame.K_PAGEDOWN)
            assert sorted(shown) == list(range(len(rows))), (size, lang, scale)  # each row once
            assert app.help_card.page == pages - 1  # PgDn on the last page stays there
            turn(app, pygame.K_PAGEUP, pages)
            assert app.help_card.page == 0 and app.show_help
            if (size, scale) == ((1280, 720), 2.0):  # the keys' pages, then the legend's own
                assert floor >= 25 and pages > 2 and card.shown == ()  # card: the last page's
    finally:
        app.close()


def test_the_wheel_turns_the_help_and_esc_closes_it_on_any_page():
    app = new_app(8, "backtracking", size=(1280, 720), ui_scale=2.0)
    try:
        press(app, pygame.K_h)
        assert app.help_card is not None and app.help_card.pages > 1
        for y, page in ((-1, 1), (-1, 2), (1, 1)):  # down: the next page; up: the one before
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
            app.tick(FRAME)
            assert app.help_card.page == page
        press(app, pygame.K_RIGHT)  # the arrows still step the search behind the help
        assert app.help_card.page == 1 and app.timeline.cursor > 0
        press(app, pygame.K_ESCAPE)
        assert not app.show_help and app.help_card is None
        press(app, pygame.K_h)  # opened again: the first page
        assert app.help_card.page == 0
    finally:
        app.close()
