"""V: the options view, squares left per empty row and free column, for the searches that keep
domains; the counts match the board, follow step back, and the fewest are drawn highlighted."""

from __future__ import annotations

import pygame
import pytest

from solvers.board import attacks
from tests.ui import choose, new_app, press, share_near
from visualizer.core.options import OptionsModel


@pytest.fixture
def dlx():
    app = new_app(8, "dlx")
    yield app
    app.close()


def counted_from_the_board(app) -> OptionsModel:
    """Squares no queen attacks, counted for each empty row and each free column."""
    queens = app.timeline.queens
    placed = [(r, c) for r, c in enumerate(queens) if c is not None]
    free = {(r, c) for r in range(8) for c in range(8) if queens[r] is None}
    free = {s for s in free if not any(s[1] == q[1] or attacks(s, q) for q in placed)}
    rows = tuple((r, sum(1 for s in free if s[0] == r)) for r in range(8) if queens[r] is None)
    taken = {c for _, c in placed}
    cols = tuple((c, sum(1 for s in free if s[1] == c)) for c in range(8) if c not in taken)
    return OptionsModel(8, rows, cols)


def test_v_shows_the_counts_the_board_has_and_they_follow_step_back(dlx):
    press(dlx, pygame.K_v, "v")
    assert dlx.mode.view == "options"
    for _ in range(3):
        press(dlx, pygame.K_RIGHT, mod=pygame.KMOD_LCTRL)  # a queen and all it hides
        assert dlx.mode.views.model() == counted_from_the_board(dlx)
    before = dlx.mode.views.model()
    press(dlx, pygame.K_RIGHT, mod=pygame.KMOD_LCTRL)
    press(dlx, pygame.K_LEFT, mod=pygame.KMOD_LCTRL)
    assert dlx.mode.views.model() == before
    press(dlx, pygame.K_v, "v")
    assert dlx.mode.view == "code"


def test_the_fewest_are_drawn_in_the_highlight(dlx):
    press(dlx, pygame.K_v, "v")
    for _ in range(2):
        press(dlx, pygame.K_RIGHT, mod=pygame.KMOD_LCTRL)
    dlx.draw()
    side = dlx.layout.code
    assert share_near(dlx, side, dlx.theme.tried, tolerance=10) > 0.02
    model = dlx.mode.views.model()
    assert model.fewest == min(k for _, k in model.rows + model.cols)


def test_a_search_without_domains_refuses_it_with_a_banner():
    app = new_app(8, "backtracking")
    try:
        press(app, pygame.K_v, "v")
        assert app.mode.view == "code" and app.banner is not None and app.banner[1] == "error"
    finally:
        app.close()


def test_choosing_a_search_without_domains_goes_back_to_the_code(dlx):
    press(dlx, pygame.K_v, "v")
    choose(dlx, "Backtracking with flag")
    assert dlx.mode.algorithm == "backtracking" and dlx.mode.view == "code"
    choose(dlx, "Forward checking with MRV")
    press(dlx, pygame.K_v, "v")
    assert dlx.mode.view == "options" and dlx.mode.views.model() == counted_from_the_board(dlx)


@pytest.mark.parametrize("size", [(960, 640), (2560, 1440)])
def test_it_draws_in_both_languages_at_every_size(size):
    app = new_app(8, "forward-checking", size=size, lang="zh")
    try:
        press(app, pygame.K_v, "v")
        for _ in range(3):
            press(app, pygame.K_RIGHT, mod=pygame.KMOD_LCTRL)
        app.draw()
        assert app.mode.view == "options" and app.banner is None
        app.dispatch("lang", "en")
        app.draw()
    finally:
        app.close()
