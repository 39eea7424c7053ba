"""Every window size from 960x640 to 2560x1440, every text size, both languages, every mode
(issue 18, item 8): the board keeps its share of the height (55% from 1280x720 up, issue 38; 45%
below), no label is cut, the counters' labels are
never smaller than the controls' text, and no two panels overlap (backtracking's flag strips show
from 1280x720 up, clear of the board and every panel)."""

from __future__ import annotations

import math
from itertools import combinations

import pygame
import pytest

from tests.ui import FRAME, new_app
from tests.visualizer.input.test_name_menu import label_problems
from visualizer.look.appearance import SCALES
from visualizer.look.layout import COUNTER_ROWS, EXTRA_ROWS, board_share, board_side_min, counters_need

SIZES = [(960, 640), (1280, 800), (1920, 1080), (2560, 1440)]
#: forward checking: the most counters and the domains' legend; backtracking: the flag strips
MODES = [
    ("watch", "backtracking"),
    ("watch", "forward-checking"),
    ("predict", "backtracking"),
    ("game", "backtracking"),
    ("exercise", "mrv"),  # the most exercise buttons (choose a row, confirm the pruning)
]
#: Race mode's pairs: forward checking's (the most counters, the domains' legends) and brute force's
#: (the longest title).
RACE_PAIRS = [("forward-checking", "mrv"), ("brute-force", "backtracking")]


def cut_labels(app) -> list[str]:
    """The buttons (and drop-downs' shown options) whose text is wider than the button; the
    column's algorithm drop-down: its name drawn wrapped over it (input/name_menu.py)."""
    buttons = list(app.controls.buttons.values())
    for menu in (app.controls.algorithms, app.controls.languages):
        if menu is not None and not (menu is app.controls.algorithms and app.controls.menu_label()):
            buttons.append(menu.current_state.selected_option_button)
    wrapped = label_problems(app) if app.controls.menu_label() is not None else []
    return wrapped + [b.text for b in buttons if b.font.size(b.text)[0] + 4 > b.rect.width]


@pytest.mark.filterwarnings("error:Label Rect is too small")  # pygame_gui's word for a cut label
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("mode", "algorithm"), MODES)
def test_the_board_keeps_its_room_and_nothing_is_cut_or_overlaps(size, mode, algorithm):
    for scale in SCALES:
        for lang in ("en", "zh"):
            app = new_app(8, algorithm, mode=mode, size=size, ui_scale=scale, lang=lang)
            try:
                if mode == "exercise":  # a right move and a graded mistake: the card's longest text
                    app.dispatch("exercise", ("row", 0))
                    app.dispatch("exercise", ("place", None))
                    app.dispatch("exercise", ("row", 3))
                elif mode != "game":
                    app.dispatch("step", 30)  # queens, refusals, the flag strips or the domains
                app.tick(FRAME)
                where = (scale, lang)
                layout = app.layout
                assert app.geometry.rect.h >= board_side_min(size[1], board_share(size)), where
                assert layout.board.contains(app.geometry.rect), where
                assert cut_labels(app) == [], where
                assert counters_need(COUNTER_ROWS, EXTRA_ROWS, layout.control_text / 17) <= layout.counters.h
                panels = [layout.controls, layout.counters, layout.code, layout.banner, layout.scrub]
                panels += [layout.narration] if layout.narration is not None else []
                panels.append(app.geometry.rect)
                strips = app.mode.strips_area if mode == "watch" else None
                if algorithm == "backtracking" and mode == "watch" and size[0] >= 1280:  # issue 38
                    assert strips is not None and layout.board.contains(strips), where
                panels += [strips] if strips is not None else []
                for a, b in combinations(panels, 2):
                    assert not pygame.Rect(a).colliderect(b), (where, a, b)
                assert pygame.Rect((0, 0), size).contains(layout.controls.union(layout.code)), where
            finally:
                app.close()


@pytest.mark.filterwarnings("error:Label Rect is too small")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("pair", RACE_PAIRS, ids=lambda p: p[0])
def test_race_boards_keep_their_room_and_nothing_is_cut(size, pair):
    """Each of the two boards keeps 45% of the window's height too: the counters fold into two
    columns, their text shrinks to the controls' size and no further, the margins narrow and the
    sentences take one line before a board shrinks; no title or counter label is cut."""
    for scale in SCALES:
        for lang in ("en", "zh"):
            app = new_app(8, pair[0], mode="race", algo2=pair[1], size=size, ui_scale=scale, lang=lang)
            try:
                app.dispatch("step", 30)
                app.tick(FRAME)
                where = (scale, lang)
                a, b = app.mode.board_rects["a"], app.mode.board_rects["b"]
                # below 1280x720 the labels (their type follows the text size, issue 38) take a little more
                least = 0.45 if size[0] >= 1280 else 0.37  # docs/teaching/projector.md
                assert min(a.h, b.h) >= math.ceil(least * size[1]), (where, a, b)
                assert not a.colliderect(b) and not app.layout.controls.colliderect(a)
                assert a.right <= size[0] and b.right <= size[0] and b.bottom <= app.layout.scrub.top
                assert app.mode.cut_texts == [], where
                sayings = list(app.mode.narration_rects.values())
                for board, saying in combinations([a, b, *sayings], 2):
                    assert not board.colliderect(saying), where
                assert cut_labels(app) == [], where
                menu = app.controls.algorithms  # the pairs: a row above the boards, titles whole
                assert menu is not None and not menu.rect.colliderect(app.layout.controls), where
                assert not menu.rect.colliderect(a) and not menu.rect.colliderect(b), where
                assert menu.rect.height >= app.layout.control_text, where
                assert not app.controls.short_pairs and menu.class_ids[-1] is None, (where, menu.class_ids)
            finally:
                app.close()


@pytest.mark.filterwarnings("error:Label Rect is too small")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_side_views_leave_the_counters_whole(size):
    """The tree (T), gallery (Y), options (V) and cost (W) views widen the side panel into the board's room
    only: the counters keep every row (MRV's, the most: seven counters and four smaller rows) at
    labels as large as the controls' text, the controls keep their column, the board its share."""
    for scale in SCALES:
        for lang in ("en", "zh"):
            app = new_app(8, "mrv", mode="watch", size=size, ui_scale=scale, lang=lang)
            try:
                app.dispatch("step", 30)
                app.tick(FRAME)
                controls, text = app.layout.controls, app.layout.control_text
                for view in ("tree", "gallery", "options", "cost"):
                    app.dispatch(view)
                    app.tick(FRAME)
                    layout, where = app.layout, (scale, lang, view)
                    assert app.mode.views.view == view and app.mode.wide_side, where
                    assert layout.controls == controls and layout.control_text == text, where
                    assert counters_need(COUNTER_ROWS, EXTRA_ROWS, text / 17) <= layout.counters.h, where
                    assert app.geometry.rect.h >= board_side_min(size[1], board_share(size)), where
                    panels = [layout.controls, layout.counters, layout.code, app.geometry.rect]
                    for a, b in combinations(panels, 2):
                        assert not pygame.Rect(a).colliderect(b), (where, a, b)
                    assert pygame.Rect((0, 0), size).contains(layout.counters.union(layout.code)), where
                    app.dispatch(view)  # the same key again: back to the code
                    app.tick(FRAME)
            finally:
                app.close()
