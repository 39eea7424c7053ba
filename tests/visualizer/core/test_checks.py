"""The algorithm's own check made visible (issue 13): the pure marks agree with the solvers'
costs over whole runs, and the window draws them at slow speeds only, through real key presses."""

from __future__ import annotations

import pygame
import pytest

from solvers import registry
from solvers.events import Conflict, Place
from tests.ui import new_app, press, share_near
from visualizer.core.checks import CHECK_KINDS, SLOW_SPEED, check_kind, check_marks, flag_strips
from visualizer.core.timeline import Timeline
from visualizer.look.layout import STRIPS_LEAST, STRIPS_TEXT, strips_beside
from visualizer.render.checks import BESIDE_GAP, strip_layout


def marks_cost(kind: str, marks, event) -> int:
    """The checks the marks stand for: one per cell or flag; pairwise two per queen compared."""
    if kind == "flags":
        return len(marks.strips.looked)
    if kind == "board":
        return len(marks.cells)
    stopped_on_column = marks.hit is not None and marks.hit[1] == event.col
    return 2 * len(marks.cells) - stopped_on_column


CHECKED = sorted(name for name, spec in registry.ALGORITHMS.items() if spec.check in CHECK_KINDS)


def test_the_four_backtracking_variants_show_their_checks():
    kinds = {name: check_kind(registry.get(name)) for name in CHECKED}
    assert kinds == {
        "backtracking": "flags",
        "backtracking-pairwise": "pairwise",
        "backtracking-iterative": "pairwise",
        "backtracking-board": "board",
    }


@pytest.mark.parametrize("algorithm", CHECKED)
@pytest.mark.parametrize("n", [4, 6])
def test_the_marks_replay_exactly_the_checks_each_event_spent(algorithm, n):
    timeline = Timeline(registry.get(algorithm), n)
    kind = check_kind(timeline.spec)
    checked = 0
    while not timeline.finished:
        timeline.step()
        event = timeline.last
        marks = check_marks(kind, tuple(timeline.queens), event)
        if isinstance(event, (Place, Conflict)):
            assert marks_cost(kind, marks, event) == event.checks, event
            if isinstance(event, Conflict) and kind != "flags":
                assert marks.hit == event.blocker or kind == "pairwise"
            checked += 1
    assert checked == timeline.counters.attempts


@pytest.mark.parametrize(
    ("queens", "square", "looked", "stopped"),
    [
        ((0, None, None, None), (1, 0), (0,), True),  # the column's flag is taken
        ((0, None, None, None), (1, 1), (1, 2, 3), True),  # col 1, diag 2 free; anti 3 taken
        ((1, None, None, None), (1, 0), (0, 1), True),  # diag r+c = 1 taken
        ((0, None, None, None), (1, 2), (2, 3, 2), False),  # all three free
    ],
)
def test_flag_look_ups_stop_at_the_first_taken_flag(queens, square, looked, stopped):
    strips = flag_strips(queens, *square)
    assert strips.looked == looked
    assert strips.stopped == stopped


def test_an_algorithm_without_a_board_check_shows_none():
    assert check_kind(registry.get("brute-force")) is None
    assert check_kind(registry.get("mrv")) is None  # its domains are drawn, not a check
    assert check_marks(None, (None,), None) is None


def _strip_rect(app, strip: int, index: int) -> pygame.Rect:
    app.draw()
    area, board = app.mode.strips_area, app.geometry.rect
    assert area is not None and app.layout.board.contains(area)
    upright = app.mode.strips_upright
    assert area.left > board.right if upright else area.top > board.bottom  # beside the board, or under it
    layout = strip_layout(area, app.mode.n, app.mode.strips_scale, app.lang, upright=upright)
    return layout.cell_rect(strip, index)


def _outlined(app, rect: pygame.Rect, colour) -> bool:
    app.draw()
    ring = rect.inflate(4, 4)
    edge = pygame.Rect(ring.left, ring.top, ring.w, 2)
    return share_near(app, edge.inflate(0, 2), colour, 30) > 0.5


@pytest.mark.parametrize(
    ("size", "scale", "upright"),
    [((1280, 800), 1.0, False), ((1280, 720), 2.0, True), ((1366, 768), 1.5, True)],
)
def test_flag_strips_light_the_looked_up_flags_when_stepping_by_hand(size, scale, upright):
    """Under the board where the height has room, else standing beside it (issue 38): the same
    cells lit, flag 0 first (left, or top)."""
    app = new_app(8, "backtracking", size=size, ui_scale=scale)
    for _ in range(40):
        press(app, pygame.K_RIGHT)
    check = app.state()["check"]
    assert check == {"kind": "flags", "lit": True, "cells": [], "looked": [3, 6], "stopped": True}
    assert app.mode.strips_upright == upright
    theme = app.theme
    assert _outlined(app, _strip_rect(app, 0, 3), theme.tried)  # cols[3] looked up, free
    assert _outlined(app, _strip_rect(app, 1, 6), theme.conflict)  # diag[6] taken: refused
    assert not _outlined(app, _strip_rect(app, 2, 6), theme.tried)  # anti never looked up
    queen_cell = _strip_rect(app, 0, 0)  # row 1's queen holds column 0: its flag is filled
    assert share_near(app, queen_cell.inflate(-6, -6), theme.queen, 30) > 0.3
    queens = app.mode.scene().queens  # each queen's three flags filled, and only theirs
    taken = [set(), set(), set()]
    for row, col in enumerate(queens):
        if col is not None:
            for strip, index in enumerate((col, row + col, row - col + 8 - 1)):
                taken[strip].add(index)
    assert len(taken[0]) == 3
    for strip, flags in enumerate((8, 15, 15)):
        for index in range(flags):
            filled = share_near(app, _strip_rect(app, strip, index).inflate(-6, -6), theme.queen, 30)
            assert (filled > 0.3) == (index in taken[strip]), (strip, index, filled)


def test_fast_play_hides_the_check_and_slow_play_shows_it():
    app = new_app(8, "backtracking-pairwise", speed=10.0)
    press(app, pygame.K_SPACE)
    for _ in range(40):
        app.tick(1 / 10)
    assert app.playing and app.speed <= SLOW_SPEED
    assert app.state()["check"]["lit"] is True
    while app.speed <= SLOW_SPEED:
        press(app, pygame.K_EQUALS, "=")
    app.tick(1 / 60)
    check = app.state()["check"]
    assert check["lit"] is False and check["cells"] == []
    press(app, pygame.K_SPACE)  # paused: stepping by hand shows it again
    press(app, pygame.K_RIGHT)
    assert app.state()["check"]["lit"] is True


def test_pairwise_rings_each_earlier_queen_it_compared():
    app = new_app(8, "backtracking-pairwise")
    for _ in range(40):
        press(app, pygame.K_RIGHT)
    check = app.state()["check"]
    assert check["kind"] == "pairwise" and check["cells"] == [[0, 0]] and check["stopped"]
    rect = app.geometry.square_rect(0, 0)
    app.draw()
    width = max(2, int(app.geometry.square * 0.08))
    inner = rect.inflate(-width, -width)
    edge = pygame.Rect(inner.left + inner.w // 3, inner.top, inner.w // 3, width)
    assert share_near(app, edge, app.theme.conflict, 30) > 0.5  # the queen it stopped at


def test_board_scan_reads_the_column_then_the_diagonals():
    app = new_app(8, "backtracking-board")
    for _ in range(40):
        press(app, pygame.K_RIGHT)
    cells = [tuple(cell) for cell in app.state()["check"]["cells"]]
    assert cells[:8] == [(r, 3) for r in range(8)] and cells[-1] == (2, 4)
    app.draw()
    centre = app.geometry.square_rect(5, 3).center  # a square read: its dot in the tried colour
    assert app.surface.get_at(centre)[:3] == app.theme.tried


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_layout_keeps_the_width_the_strips_beside_the_board_take(lang):
    """look/layout.py's ``strips_beside`` (the room kept for the strips standing beside the board)
    is at least what render/checks.py's upright strips take, their largest cells included."""
    for scale in (0.8, 1.0, 1.35, 1.8, 2.4, 3.2):
        fit = max(STRIPS_LEAST, scale * STRIPS_TEXT)
        tall = pygame.Rect(0, 0, 0, 10**6)  # room for the largest cells
        assert strip_layout(tall, 4, fit, lang, upright=True).width + BESIDE_GAP <= strips_beside(scale)
