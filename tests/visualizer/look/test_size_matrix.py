"""The size matrix (issue 38): every window size from 1280x720 to 3840x2160 x text size x language x
mode, one frame each. Every text the window draws (each image a font of render/fonts.py renders,
found where it is blitted) lies whole inside one panel of the layout, no text is cut (the layout
report's "cut" is empty), and in watch mode the board's side is at least 55% of the height (80% in
the presenter view) and backtracking's flag strips show (under the board, or beside it), clear of
the board and of every other panel, at n = 4, 8, 12 and 20 (the largest n they show)."""

from __future__ import annotations

import math
import weakref

import pygame
import pytest

from tests.ui import FRAME, new_app
from visualizer.app import App
from visualizer.look.appearance import SCALES
from visualizer.look.layout import BOARD_SHARE, PRESENT_SHARE
from visualizer.render import board, fonts
from visualizer.render.board_geometry import label_ink

SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]
MODES = ["watch", "game", "race", "predict", "exercise"]


class Recording(pygame.Surface):
    """A window surface that notes where each rendered text is blitted (whole, before clipping)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.texts: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        rendered = fonts.RENDERED
        if rendered is not None and source in rendered:
            rect = pygame.Rect(dest if len(dest) == 4 else (*dest, 0, 0))
            rect.size = pygame.Rect(area).size if area is not None else source.get_size()
            self.texts.append((rendered[source], rect))
        return super().blit(source, dest, area, special_flags)


@pytest.fixture
def recording(monkeypatch):
    """Fonts note what they render (label images cached earlier are rendered again)."""
    monkeypatch.setattr(fonts, "RENDERED", weakref.WeakKeyDictionary())
    board._label_text.cache_clear()
    yield
    board._label_text.cache_clear()


def prepare(app: App, mode: str) -> None:
    """A state with the mode's longest texts: a run under way, a graded exercise mistake."""
    if mode == "exercise":
        app.dispatch("exercise", ("row", 0))
        app.dispatch("exercise", ("place", None))
        app.dispatch("exercise", ("row", 3))
    elif mode != "game":
        app.dispatch("step", 30)
    app.tick(FRAME)


def panels(app: App) -> list[pygame.Rect]:
    layout = app.layout
    rects = [layout.controls, layout.counters, layout.code, layout.banner, layout.scrub, layout.board]
    rects += [layout.narration] if layout.narration is not None else []
    if app.mode.name == "race":  # the race's own area (its banners, boards and sentences) and side panel
        rects += [rect for rect in app.mode.areas(layout) if rect is not None]
    return [pygame.Rect(rect) for rect in rects]


def recorded(app: App) -> tuple[dict[str, object], list[tuple[str, pygame.Rect]]]:
    """One frame drawn on a recording surface: its layout report and every text it rendered."""
    window = app.surface
    app.surface = Recording(window.get_size())
    try:
        return app.layout_report(), app.surface.texts
    finally:
        app.surface = window


def check_frame(app: App, where: tuple[object, ...]) -> None:
    """Draw one frame on a recording surface: every text inside a panel, none cut."""
    report, texts = recorded(app)
    assert report["cut"] == [], where
    assert texts, where
    area, inside = pygame.Rect((0, 0), app.surface.get_size()), panels(app)
    for text, rect in texts:
        if not area.colliderect(rect):
            continue  # drawn in a panel outside the window (presenting: the side panel), clipped away
        assert area.contains(rect), (where, text, rect)
        assert any(panel.contains(rect) for panel in inside), (where, text, rect, inside)


def check_strips(app: App, where: tuple[object, ...]) -> None:
    """The flag strips drawn: in the board's column, clear of the board's squares (and the solution
    frame round them), of its labels and of every other panel; their labels apart."""
    strips, layout, board = app.mode.strips_area, app.layout, app.geometry.rect
    assert strips is not None, where
    assert layout.board.contains(strips), (where, strips, layout.board)
    assert not strips.colliderect(board.inflate(16, 16)), (where, strips, board)
    others = [layout.controls, layout.counters, layout.code, layout.banner, layout.scrub, layout.narration]
    assert not any(strips.colliderect(panel) for panel in others if panel is not None), where
    labels = [rect for pair in label_ink(app.geometry, app.lang) for rect in pair]
    texts = app.mode.strip_texts
    assert len(texts) == 3 and all(strips.contains(text) for text in texts), where
    for k, text in enumerate(texts):
        assert text.collidelist([*texts[k + 1 :], *labels]) == -1, (where, text)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_lies_in_its_panel_and_the_board_keeps_its_share(recording, size, mode, lang):
    algorithm = "mrv" if mode == "exercise" else "backtracking"
    app = new_app(8, algorithm, mode=mode, algo2="forward-checking", size=size, lang=lang, full_column=False)
    try:
        for scale in SCALES:
            app.set_scale(scale)
            prepare(app, mode)
            where = (size, mode, lang, scale)
            check_frame(app, where)
            if mode != "watch":
                continue
            assert app.geometry.rect.h >= math.ceil(BOARD_SHARE * size[1]), where
            check_strips(app, where)
            app.toggle_present(True)
            app.tick(FRAME)
            check_frame(app, (*where, "presenting"))
            assert app.geometry.rect.h >= math.ceil(PRESENT_SHARE * size[1]), where
            app.toggle_present(False)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [4, 12, 20])
def test_the_flag_strips_show_at_every_size_and_n(size, n, lang):
    """A small board, a larger one and backtracking's largest (n = 20, 39 flags a strip): the strips
    show at every text size, the board keeps 55% of the height, nothing is cut."""
    app = new_app(n, "backtracking", size=size, lang=lang, full_column=False)
    try:
        for scale in SCALES:
            app.set_scale(scale)
            app.dispatch("step", 7)
            app.tick(FRAME)
            where = (size, n, lang, scale)
            assert app.layout_report()["cut"] == [], where
            assert app.geometry.rect.h >= math.ceil(BOARD_SHARE * size[1]), where
            check_strips(app, where)
    finally:
        app.close()
