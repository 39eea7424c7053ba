"""The drawing layer, checked on sampled pixels of scenes from real timelines."""

from __future__ import annotations

import itertools

import numpy as np
import pygame
import pytest

from solvers import registry
from solvers.events import Backtrack, Conflict
from visualizer.core.scene import Scene, scene_of
from visualizer.core.timeline import Timeline
from visualizer.look.i18n import tr
from visualizer.look.theme import CLASSROOM, PROJECTOR, Theme, blend
from visualizer.render.board import ATTACKED_ALPHA, draw_board, fit_board
from visualizer.render.fonts import ellipsize, get_font
from visualizer.render.help import draw_help
from visualizer.render.panels import (
    draw_banner,
    draw_code,
    draw_counters,
    draw_progress,
    draw_progress_strip,
    progress_bar,
)

SIZE = (1280, 800)
BOARD_AREA = pygame.Rect(0, 0, 800, 800)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def close(a, b, tolerance: int = 3) -> bool:
    return all(abs(int(x) - int(y)) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def render(scene: Scene, theme: Theme = CLASSROOM, area: pygame.Rect = BOARD_AREA, **kw):
    surface = pygame.Surface(SIZE)
    surface.fill(theme.background)
    geo = draw_board(surface, area, scene, theme, **kw)
    return surface, geo


def at(geo, row: int, col: int, fx: float, fy: float) -> tuple[int, int]:
    """A pixel at fraction (fx, fy) of square (row, col)."""
    rect = geo.square_rect(row, col)
    return rect.left + int(rect.w * fx), rect.top + int(rect.h * fy)


def conflict_timeline() -> Timeline:
    timeline = Timeline(registry.get("backtracking"), 8)
    assert timeline.advance_until(lambda e: isinstance(e, Conflict) and e.row - e.blocker[0] >= 2)
    return timeline


# -- geometry ----------------------------------------------------------------


@pytest.mark.parametrize("area", [pygame.Rect(0, 0, 1281, 799), pygame.Rect(13, 7, 801, 603)])
@pytest.mark.parametrize("n", [1, 5, 8, 13, 64, 65, 100])
def test_square_at_inverts_center_and_board_is_centred(area, n):
    geo = fit_board(area, n)
    assert geo.rect.w == geo.rect.h
    assert area.contains(geo.rect)
    assert abs(geo.rect.centerx - area.centerx) <= 1  # centred across; down, with its column labels above
    assert abs(geo.rect.centery - geo.gutter / 2 - area.centery) <= 1
    for row in range(n):
        for col in range(n):
            assert geo.square_at(geo.center(row, col)) == (row, col)
    assert geo.square_at((geo.rect.left - 1, geo.rect.top)) is None
    assert geo.square_at((geo.rect.right, geo.rect.bottom - 1)) is None


def test_small_boards_have_whole_pixel_squares_and_fill_the_area():
    geo = fit_board(pygame.Rect(0, 0, 900, 700), 8)
    assert geo.square == int(geo.square)
    assert geo.rect.w == 8 * geo.square
    assert geo.rect.h > 700 - 2 * 16 - 2 * geo.gutter - 8  # as large as the area allows


def test_fractional_squares_tile_a_large_board_without_gaps():
    geo = fit_board(pygame.Rect(0, 0, 1280, 800), 300)
    assert geo.square != int(geo.square)
    rects = [geo.square_rect(0, col) for col in range(300)]
    assert all(a.right == b.left for a, b in itertools.pairwise(rects))
    assert rects[0].left == geo.rect.left and rects[-1].right == geo.rect.right


# -- the board ---------------------------------------------------------------


def test_queen_body_stands_on_its_square_and_not_on_empty_ones():
    timeline = conflict_timeline()
    scene = scene_of(timeline)
    surface, geo = render(scene)
    queens = [(r, c) for r, c in enumerate(scene.queens) if c is not None]
    assert queens
    for row, col in queens:
        assert close(surface.get_at(geo.center(row, col)), CLASSROOM.queen)
        assert close(surface.get_at(at(geo, row, col, 0.5, 0.6)), CLASSROOM.queen)
    empty = [(7, c) for c in range(8)]
    for row, col in empty:
        assert not close(surface.get_at(geo.center(row, col)), CLASSROOM.queen, 40)


@pytest.mark.parametrize("theme", [CLASSROOM, PROJECTOR])
def test_refused_square_and_conflict_line(theme):
    scene = scene_of(conflict_timeline())
    assert scene.refused is not None and scene.blocker is not None
    surface, geo = render(scene, theme)
    assert close(surface.get_at(at(geo, *scene.refused, 0.15, 0.5)), theme.conflict)
    (x0, y0), (x1, y1) = geo.center(*scene.refused), geo.center(*scene.blocker)
    assert close(surface.get_at(((x0 + x1) // 2, (y0 + y1) // 2)), theme.conflict)
    # The cross: the refused square's centre is not the conflict colour.
    assert not close(surface.get_at(geo.center(*scene.refused)), theme.conflict, 30)


def test_no_conflict_marks_without_a_conflict():
    timeline = conflict_timeline()
    refused = timeline.last.row, timeline.last.col
    timeline.step()
    while isinstance(timeline.last, Conflict):
        timeline.step()
    scene = scene_of(timeline)
    assert scene.refused is None
    surface, geo = render(scene)
    assert scene.queens[refused[0]] != refused[1]
    assert not close(surface.get_at(at(geo, *refused, 0.15, 0.5)), CLASSROOM.conflict, 30)


def test_attacked_squares_are_shaded_and_dotted():
    scene = scene_of(conflict_timeline())
    surface, geo = render(scene)
    attacked = scene.attacked
    assert attacked is not None
    hit = free = None
    for row in range(8):
        for col in range(8):
            if (row + col) % 2 or scene.queens[row] == col or (row, col) in (scene.tried, scene.refused):
                continue
            if attacked[row, col] and hit is None:
                hit = (row, col)
            if not attacked[row, col] and free is None:
                free = (row, col)
    assert hit is not None and free is not None
    hit_corner = surface.get_at(at(geo, *hit, 0.2, 0.2))
    free_corner = surface.get_at(at(geo, *free, 0.2, 0.2))
    assert close(free_corner, CLASSROOM.light_square)
    assert close(hit_corner, blend(CLASSROOM.light_square, CLASSROOM.attacked, ATTACKED_ALPHA))
    assert surface.get_at(geo.center(*hit))[:3] != hit_corner[:3]  # the dot
    plain, geo = render(scene, show_attacked=False)
    assert close(plain.get_at(at(geo, *hit, 0.2, 0.2)), CLASSROOM.light_square)


def test_tried_square_is_outlined():
    timeline = Timeline(registry.get("backtracking"), 8)
    timeline.step()
    scene = scene_of(timeline)
    assert scene.tried == (0, 0)
    surface, geo = render(scene)
    rect = geo.square_rect(0, 0)
    assert close(surface.get_at((rect.centerx, rect.top)), CLASSROOM.tried)


def test_lifted_square_shows_a_ghost_in_the_lifted_colour():
    timeline = Timeline(registry.get("backtracking"), 8)
    assert timeline.advance_until(lambda e: isinstance(e, Backtrack))
    scene = scene_of(timeline)
    assert scene.lifted is not None
    surface, geo = render(scene)
    pixels = pygame.surfarray.pixels3d(surface)
    rect = geo.square_rect(*scene.lifted)
    square = pixels[rect.left : rect.right, rect.top : rect.bottom]
    lifted = np.all(np.abs(square.astype(int) - CLASSROOM.lifted) <= 3, axis=-1)
    assert lifted.sum() > rect.w * 4
    del pixels


def test_repair_arrow_runs_from_old_to_new_square():
    queens = (1, 3, 5, 7, 2, 0, 6, 4)
    scene = Scene(n=8, queens=queens, moved=(2, 1, 5), tried=(2, 5))
    surface, geo = render(scene)
    (x0, y0), (x1, _) = geo.center(2, 1), geo.center(2, 5)
    assert close(surface.get_at(((x0 + x1) // 2, y0)), CLASSROOM.tried)


def test_solution_frame_badge_and_queen_colour():
    timeline = Timeline(registry.get("backtracking"), 8)
    before, geo = render(scene_of(timeline))
    assert timeline.next_solution()
    scene = scene_of(timeline)
    surface, geo = render(scene, lang="zh", area=pygame.Rect(0, 0, 700, 800))  # room below the board
    frame_pixel = (geo.rect.left - 3, geo.rect.centery)
    assert close(surface.get_at(frame_pixel), CLASSROOM.solution)
    assert not close(before.get_at(frame_pixel), CLASSROOM.solution, 30)
    for row, col in enumerate(scene.queens):
        assert close(surface.get_at(geo.center(row, col)), CLASSROOM.solution)
    below = pygame.surfarray.array3d(surface)[geo.rect.left : geo.rect.right, geo.rect.bottom + 8 :]
    assert np.all(np.abs(below.astype(int) - CLASSROOM.solution) <= 3, axis=-1).sum() > 500  # the badge


def test_large_board_draws_in_one_call_with_queen_marks_and_row_heat():
    timeline = Timeline(registry.get("construction"), 1000)
    timeline.run_to_end()
    scene = scene_of(timeline)
    assert scene.attacked is None and all(c is not None for c in scene.queens)
    heat = np.arange(1000)
    surface, geo = render(scene, row_heat=heat)
    colour = CLASSROOM.solution if scene.solution_number is not None else CLASSROOM.queen
    for row in (0, 1, 500, 999):
        assert close(surface.get_at(geo.center(row, scene.queens[row])), colour)
    empty_col = (scene.queens[500] + 500) % 1000
    assert not close(surface.get_at(geo.center(500, empty_col)), colour, 10)
    strip_x = geo.rect.left - 6  # in the margin: a board this large has no labels
    assert close(surface.get_at((strip_x, geo.rect.bottom - 1)), CLASSROOM.conflict, 6)
    assert close(surface.get_at((strip_x, geo.rect.top)), CLASSROOM.background, 6)


def test_medium_board_image_mode_shades_attacked_squares():
    timeline = Timeline(registry.get("construction"), 100)
    timeline.step(3)
    scene = scene_of(timeline)
    assert scene.attacked is not None
    surface, geo = render(scene)
    plain, _ = render(scene, show_attacked=False)
    occupied = {(r, c) for r, c in enumerate(scene.queens) if c is not None}
    hits = [tuple(p) for p in np.argwhere(scene.attacked) if tuple(p) not in occupied]
    assert hits
    for row, col in hits[:: max(1, len(hits) // 20)]:
        assert surface.get_at(geo.center(row, col))[:3] != plain.get_at(geo.center(row, col))[:3]


# -- panels ------------------------------------------------------------------


def colour_count(surface: pygame.Surface, rect: pygame.Rect, colour, tolerance: int = 3) -> int:
    pixels = pygame.surfarray.array3d(surface)[rect.left : rect.right, rect.top : rect.bottom]
    return int(np.all(np.abs(pixels.astype(int) - colour) <= tolerance, axis=-1).sum())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_counters_panel_stays_in_its_area_and_emphasises_solutions(lang):
    surface = pygame.Surface(SIZE)
    surface.fill((1, 2, 3))
    area = pygame.Rect(820, 60, 420, 330)
    counters = {"attempts": 15720, "placements": 2056, "backtracks": 2056, "solutions": 92, "checks": 24648}
    extras = {tr("depth", lang): "8", tr("elapsed", lang): "1.5 s"}
    draw_counters(surface, area, counters, extras, CLASSROOM, lang)
    outside = pygame.Rect(0, 0, area.left, SIZE[1])
    assert colour_count(surface, outside, (1, 2, 3), 0) == outside.w * outside.h
    assert colour_count(surface, area, CLASSROOM.solution) > 50
    assert colour_count(surface, area, CLASSROOM.text) > 200


def test_counters_shrink_to_fit_a_short_area():
    surface = pygame.Surface(SIZE)
    surface.fill((1, 2, 3))
    area = pygame.Rect(10, 10, 300, 150)
    draw_counters(surface, area, {"attempts": 1, "solutions": 2, "checks": 3}, {"x": "y"}, PROJECTOR, "en")
    below = pygame.Rect(10, 161, 300, 100)
    assert colour_count(surface, below, (1, 2, 3), 0) == below.w * below.h


def test_code_panel_highlights_the_current_line_with_a_marker():
    lines = registry.get("backtracking").code
    area = pygame.Rect(820, 400, 440, 300)
    surface = pygame.Surface(SIZE)
    draw_code(surface, area, lines, None, CLASSROOM, "en")
    assert colour_count(surface, area, CLASSROOM.code_highlight) == 0
    draw_code(surface, area, lines, 3, CLASSROOM, "en")
    assert colour_count(surface, area, CLASSROOM.code_highlight) > 1000
    ys = [
        y
        for y in range(area.top, area.bottom)
        if close(surface.get_at((area.right - 20, y)), CLASSROOM.code_highlight)
    ]
    band_centre = (ys[0] + ys[-1]) // 2
    assert len(lines) > 4 and ys[0] > area.top + 3 * (ys[-1] - ys[0])  # the fourth line, not the first
    marker = pygame.Rect(area.left + 8, band_centre - 3, 20, 6)
    assert colour_count(surface, marker, CLASSROOM.text, 10) > 5


def test_code_panel_scrolls_long_listings_to_the_current_line():
    lines = [f"line {k}" for k in range(60)]
    area = pygame.Rect(0, 0, 400, 200)
    surface = pygame.Surface((400, 200))
    draw_code(surface, area, lines, 55, CLASSROOM, "zh")
    assert colour_count(surface, area, CLASSROOM.code_highlight) > 500


def test_progress_bar_fills_its_fraction():
    surface = pygame.Surface(SIZE)
    surface.fill(CLASSROOM.background)
    area = pygame.Rect(0, 0, *SIZE)
    draw_progress(surface, area, 0.37, tr("working", "zh", percent=37), CLASSROOM, "zh")
    row = [surface.get_at((x, 0)) for x in range(0, SIZE[0], 4)]
    assert all(not close(p, CLASSROOM.background, 0) for p in row)  # dimmed
    tried = [x for x in range(SIZE[0]) if close(surface.get_at((x, area.centery + 20)), CLASSROOM.tried)]
    assert tried
    width = min(560, SIZE[0] - 40) - 48
    assert abs((tried[-1] - tried[0] + 1) - 0.37 * width) < 4


def test_progress_strip_fills_its_fraction_and_nothing_above():
    surface = pygame.Surface(SIZE)
    surface.fill(CLASSROOM.background)
    area = pygame.Rect(20, SIZE[1] - 60, SIZE[0] - 40, 44)
    draw_progress_strip(surface, area, 0.37, tr("working", "zh", percent=37), CLASSROOM, "zh")
    above = pygame.Rect(0, 0, SIZE[0], area.top)
    assert colour_count(surface, above, CLASSROOM.background) == above.w * above.h  # nothing drawn above
    bar = progress_bar(area)
    tried = [x for x in range(SIZE[0]) if close(surface.get_at((x, bar.centery)), CLASSROOM.tried)]
    assert tried and tried[0] >= bar.left
    assert abs((tried[-1] - tried[0] + 1) - 0.37 * bar.w) < 4
    surface.fill(CLASSROOM.background)
    draw_progress_strip(surface, area, None, tr("working_events", "en", events="1,000"), CLASSROOM, "en")
    assert colour_count(surface, area, CLASSROOM.tried) == 0  # an unknown total: no fill pretending


@pytest.mark.parametrize(
    ("kind", "colour"), [("error", "conflict"), ("success", "solution"), ("info", "tried")]
)
def test_banner_colour_follows_its_kind(kind, colour):
    surface = pygame.Surface((800, 60))
    draw_banner(surface, pygame.Rect(0, 0, 800, 60), "n too large " * 20, CLASSROOM, "en", kind=kind)
    assert colour_count(surface, pygame.Rect(0, 0, 800, 60), getattr(CLASSROOM, colour)) > 800 * 60 // 2


def test_help_overlay_is_translucent_and_lists_rows():
    surface = pygame.Surface(SIZE)
    surface.fill((200, 200, 200))
    rows = [("Space", tr("play", "zh")), ("N", tr("next", "zh")), ("←", tr("back", "zh"))]
    draw_help(surface, pygame.Rect(0, 0, *SIZE), rows, PROJECTOR, "zh", tr("help", "zh"))
    corner = surface.get_at((2, 2))
    assert 0 < corner[0] < 200  # dimmed, not hidden
    assert colour_count(surface, pygame.Rect(0, 0, *SIZE), PROJECTOR.text, 40) > 100


def test_fonts_are_cached_and_ellipsis_fits():
    assert get_font(20, "zh") is get_font(20, "zh")
    font = get_font(18)
    text = ellipsize(font, "a very long line of pseudo-code " * 5, 150)
    assert text.endswith("…") and font.size(text)[0] <= 150
