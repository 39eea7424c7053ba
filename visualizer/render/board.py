"""The chessboard: squares, 1-based rank/file labels, vector queens and the last event's marks.

Row 0 is drawn at the top and column 0 at the left, as ``queens[row] = col`` reads; the labels
count from 1 (row 1 is ``queens[0]``) because that is how a class counts squares. Up to
``VECTOR_MAX_N`` every square is drawn; above it the board is a numpy image scaled to the board
rect and queens become marks, so n = 1000 still draws in a few milliseconds. Where it lies:
``board_geometry``; the shapes it draws with: ``shapes``.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import pygame

from visualizer.core.scene import Scene
from visualizer.look.i18n import tr
from visualizer.look.theme import Colour, Theme, blend
from visualizer.render.board_geometry import VECTOR_MAX_N, BoardGeometry, fit_board, label_rects
from visualizer.render.fonts import get_font
from visualizer.render.shapes import (
    BLACK,
    Point,
    draw_arrow,
    draw_check,
    draw_cross,
    draw_dashed_rect,
    ink_on,
    luminance,
    queen_sprite,
)

__all__ = ["BoardGeometry", "draw_board", "fit_board", "ink_on", "luminance", "solution_badge"]

#: Opacity of the attacked-square shading.
ATTACKED_ALPHA = 0.45
#: The hatch (``Theme.hatch``): diagonal lines of the attacked colour, a line per this many pixels
#: across a square's side (at least 4 px apart), each a fifth of that wide (at least 1 px).
HATCH_LINES = 5


def _queen_colours(scene: Scene, theme: Theme) -> Colour:
    return theme.solution if scene.solution_number is not None or scene.won else theme.queen


@lru_cache(maxsize=4)
def _checker_exact(n: int, side: int, light: Colour, dark: Colour) -> pygame.Surface:
    """The empty checkerboard of ``side``-pixel squares, each square exactly where it is filled."""
    parity = np.add.outer(np.arange(n), np.arange(n)) % 2
    image = np.where(parity[..., None] == 0, np.array(light, np.uint8), np.array(dark, np.uint8))
    image = np.repeat(np.repeat(image.astype(np.uint8), side, axis=0), side, axis=1)
    return pygame.surfarray.make_surface(np.ascontiguousarray(image.swapaxes(0, 1)))


def hatch_spacing(side: int) -> tuple[int, int]:
    """(pixels between two hatch lines, a line's width) on a square ``side`` pixels wide.

    >>> hatch_spacing(60), hatch_spacing(8)
    ((12, 3), (4, 1))
    """
    spacing = max(4, side // HATCH_LINES)
    return spacing, max(1, spacing // 4)


def hatch_colour(theme: Theme) -> Colour:
    """The hatch lines' colour: the attacked colour itself, at full strength (not a blend)."""
    return theme.attacked


@lru_cache(maxsize=8)
def _hit_tile(
    w: int, h: int, colour: Colour, dot: Colour | None, radius: int, hatch: Colour | None = None
) -> pygame.Surface:
    """One attacked square, ``w`` x ``h`` pixels, with its dot when ``dot`` is given, and diagonal
    lines of ``hatch`` over it when given (cached)."""
    tile = pygame.Surface((w, h))
    tile.fill(colour)
    if hatch is not None:
        spacing, width = hatch_spacing(min(w, h))
        mask = (np.add.outer(np.arange(w), np.arange(h)) % spacing) < width  # x + y: lines like "/"
        pixels = pygame.surfarray.pixels3d(tile)
        pixels[mask] = hatch
        del pixels
    if dot is not None:
        pygame.draw.circle(tile, dot, pygame.Rect(0, 0, w, h).center, radius)
    return tile


def _draw_squares_vector(
    surface: pygame.Surface, geo: BoardGeometry, scene: Scene, theme: Theme, shade: bool
) -> None:
    """The checkerboard as one cached blit, then each attacked square as a cached tile.

    Squares are whole pixels here (``fit_board``), so every square is ``side`` x ``side`` and
    the tiles give exactly the pixels that filling each square and drawing its dot would.
    """
    n = geo.n
    side = max(1, round(geo.square))
    surface.blit(_checker_exact(n, side, tuple(theme.light_square), tuple(theme.dark_square)), geo.rect)
    if not shade or scene.attacked is None:
        return
    hit = np.asarray(scene.attacked).astype(bool)[:n, :n].copy()
    for row, col in enumerate(scene.queens):
        if col is not None:
            hit[row, col] = False
    rows, cols = np.nonzero(hit)
    if rows.size == 0:
        return
    dot = blend(theme.attacked, BLACK, 0.45) if geo.square >= 8 else None
    radius = max(2, round(geo.square * 0.09))
    if theme.hatch:  # the squares' own colours under the lines
        lines = hatch_colour(theme)
        tiles = (
            _hit_tile(side, side, theme.light_square, dot, radius, lines),
            _hit_tile(side, side, theme.dark_square, dot, radius, lines),
        )
    else:
        tiles = (
            _hit_tile(side, side, blend(theme.light_square, theme.attacked, ATTACKED_ALPHA), dot, radius),
            _hit_tile(side, side, blend(theme.dark_square, theme.attacked, ATTACKED_ALPHA), dot, radius),
        )
    x0, y0 = geo.rect.x, geo.rect.y
    surface.blits(
        [
            (tiles[(r + c) % 2], (x0 + c * side, y0 + r * side))
            for r, c in zip(rows.tolist(), cols.tolist(), strict=True)
        ],
        doreturn=False,
    )


@lru_cache(maxsize=512)
def _label_text(k: int, size: int, lang: str, colour: Colour) -> pygame.Surface:
    """The rendered label ``k + 1`` (cached: rendering text is the slow part of labels)."""
    return get_font(size, lang).render(str(k + 1), True, colour)


def _draw_labels(surface: pygame.Surface, geo: BoardGeometry, theme: Theme, lang: str) -> None:
    for k, column, row in label_rects(geo, lang):
        text = _label_text(k, geo.label, lang, tuple(theme.muted_text))
        surface.blit(text, column)
        surface.blit(text, row)


@lru_cache(maxsize=4)
def _checker_surface(n: int, size: int, light: Colour, dark: Colour) -> pygame.Surface:
    """The empty n x n checkerboard scaled to ``size`` pixels (cached: it depends on nothing else)."""
    parity = np.add.outer(np.arange(n), np.arange(n)) % 2
    image = np.where(parity[..., None] == 0, np.array(light, np.uint8), np.array(dark, np.uint8))
    return _array_to_surface(image.astype(np.uint8), size)


def _array_to_surface(image: np.ndarray, size: int | tuple[int, int]) -> pygame.Surface:
    """An (rows, cols, 3) uint8 array as a surface scaled to ``size``; nearest when enlarging."""
    small = pygame.surfarray.make_surface(np.ascontiguousarray(image.swapaxes(0, 1)))
    target = (size, size) if isinstance(size, int) else size
    if target[0] >= small.get_width() and target[1] >= small.get_height():
        return pygame.transform.scale(small, target)
    return pygame.transform.smoothscale(small, target)


def _draw_squares_image(
    surface: pygame.Surface, geo: BoardGeometry, scene: Scene, theme: Theme, shade: bool
) -> None:
    n, size = geo.n, geo.rect.w
    attacked = scene.attacked if shade else None
    if attacked is None:
        surface.blit(_checker_surface(n, size, theme.light_square, theme.dark_square), geo.rect)
        return
    parity = np.add.outer(np.arange(n), np.arange(n)) % 2
    image = np.where(
        parity[..., None] == 0, np.array(theme.light_square, float), np.array(theme.dark_square, float)
    )
    if theme.hatch:  # lines on the screen's pixels, so they stay lines however small a square is
        _draw_hatched_image(surface, geo, np.asarray(attacked, bool)[:n, :n], image.astype(np.uint8), theme)
        return
    hit = attacked.astype(bool)[..., None]
    image = np.where(hit, image + (np.array(theme.attacked, float) - image) * ATTACKED_ALPHA, image)
    surface.blit(_array_to_surface(image.astype(np.uint8), size), geo.rect)


def _draw_hatched_image(
    surface: pygame.Surface, geo: BoardGeometry, attacked: np.ndarray, squares: np.ndarray, theme: Theme
) -> None:
    """A large board's squares (``squares``: n x n x 3) at the board's pixel size, the attacked
    ones crossed by diagonal lines 4 px apart (``hatch_spacing`` of the smallest square)."""
    size, n = geo.rect.w, geo.n
    index = np.arange(size) * n // size  # the square of each pixel across (and down)
    image = squares[index][:, index]
    spacing, width = hatch_spacing(0)
    lines = (np.add.outer(np.arange(size), np.arange(size)) % spacing) < width
    image[attacked[index][:, index] & lines] = hatch_colour(theme)
    surface.blit(pygame.surfarray.make_surface(np.ascontiguousarray(image.swapaxes(0, 1))), geo.rect)


def _draw_row_heat(surface: pygame.Surface, geo: BoardGeometry, heat: np.ndarray, theme: Theme) -> None:
    values = np.asarray(heat, dtype=float).reshape(-1)[: geo.n]
    if values.size > geo.rect.h > 0:  # more rows than pixels: each pixel shows its hottest row
        pooled = np.zeros(geo.rect.h)
        np.maximum.at(pooled, np.arange(values.size) * geo.rect.h // values.size, values)
        values = pooled
    top = float(values.max()) if values.size else 0.0
    t = (values / top if top > 0 else np.zeros_like(values))[:, None]
    colours = np.array(theme.background, float) + (np.array(theme.conflict, float) - theme.background) * t
    width = max(4, min(12, geo.gutter or 8))
    strip = _array_to_surface(colours[:, None, :].astype(np.uint8), (width, geo.rect.h))
    clear = 8 if geo.gutter else 2  # clear of the solution frame, or within the margin (no labels)
    surface.blit(strip, (geo.rect.left - width - clear, geo.rect.top))


def _draw_queens(surface: pygame.Surface, geo: BoardGeometry, scene: Scene, theme: Theme) -> None:
    colour = _queen_colours(scene, theme)
    if geo.n <= VECTOR_MAX_N and geo.square >= 6:
        size = int(geo.square * 0.9)
        sprite = queen_sprite(size, colour, theme.queen_outline)
        for row, col in enumerate(scene.queens):
            if col is not None:
                surface.blit(sprite, sprite.get_rect(center=geo.center(row, col)))
        return
    mark = max(2, math.ceil(geo.square * 0.8))
    for row, col in enumerate(scene.queens):
        if col is not None:
            cell = geo.square_rect(row, col)
            dot = pygame.Rect(0, 0, mark, mark)
            dot.center = cell.center
            surface.fill(colour, dot)


def _draw_blocked(surface: pygame.Surface, geo: BoardGeometry, scene: Scene, theme: Theme) -> None:
    """Each blocked square a dark hole crossed by diagonal hatching (a shape, not colour alone)."""
    if not scene.blocked:
        return
    ink = blend(theme.hole, ink_on(theme.hole), 0.55)
    width = max(1, round(geo.square * 0.05))
    for row, col in scene.blocked:
        rect = geo.square_rect(row, col)
        surface.fill(theme.hole, rect)
        step = max(4, rect.w // 4)
        for k in range(step, 2 * rect.w, step):  # lines x + y = k, clipped to the square
            a = (rect.left + min(k, rect.w - 1), rect.top + max(0, k - rect.w + 1))
            b = (rect.left + max(0, k - rect.h + 1), rect.top + min(k, rect.h - 1))
            pygame.draw.line(surface, ink, a, b, width)


def _draw_given(surface: pygame.Surface, geo: BoardGeometry, scene: Scene, theme: Theme) -> None:
    """A padlock in the corner of each given queen's square: it was there from the start."""
    if not scene.given or geo.square < 12:
        return
    for row, col in scene.given:
        if scene.queens[row] != col:
            continue
        rect = geo.square_rect(row, col)
        side = max(6, round(rect.w * 0.34))
        body = pygame.Rect(0, 0, side, round(side * 0.62))
        body.bottomright = (rect.right - max(2, rect.w // 16), rect.bottom - max(2, rect.w // 16))
        shackle = pygame.Rect(0, 0, round(side * 0.64), round(side * 0.8))
        shackle.midbottom = (body.centerx, body.top + shackle.h // 2)
        stroke = max(2, side // 6)
        backing = body.union(shackle).inflate(stroke * 2, stroke * 2)
        pygame.draw.rect(surface, theme.queen_outline, backing, border_radius=stroke)
        pygame.draw.rect(surface, theme.queen, backing, max(1, stroke // 2), border_radius=stroke)
        pygame.draw.arc(surface, theme.queen, shackle, 0, math.pi, stroke)
        pygame.draw.line(surface, theme.queen, shackle.midleft, (shackle.left, body.top), stroke)
        pygame.draw.line(
            surface, theme.queen, (shackle.right - 1, shackle.centery), (shackle.right - 1, body.top), stroke
        )
        pygame.draw.rect(surface, theme.queen, body, border_radius=max(1, stroke // 2))


def _mark_rect(geo: BoardGeometry, square: tuple[int, int], minimum: int = 10) -> pygame.Rect:
    """The square's rect, grown to at least ``minimum`` pixels so marks stay visible on big boards."""
    rect = geo.square_rect(*square)
    if rect.w >= minimum:
        return rect
    grown = pygame.Rect(0, 0, minimum, minimum)
    grown.center = rect.center
    return grown


def _stroke(geo: BoardGeometry, fraction: float, low: int, high: int) -> int:
    return int(min(high, max(low, geo.square * fraction)))


def _draw_refused(surface: pygame.Surface, geo: BoardGeometry, scene: Scene, theme: Theme) -> None:
    """The refused square filled and crossed (before queens; a queen may stand on it)."""
    if scene.refused is None:
        return
    rect = _mark_rect(geo, scene.refused)
    surface.fill(theme.conflict, rect)
    occupied = scene.queens[scene.refused[0]] == scene.refused[1]
    width = _stroke(geo, 0.08, 2, 8)
    if occupied:  # the queen stays readable; the cross moves to a corner badge
        corner = pygame.Rect(0, 0, rect.w // 3, rect.h // 3)
        corner.topright = rect.topright
        draw_cross(surface, ink_on(theme.conflict), corner.inflate(-width, -width), max(2, width // 2))
    else:
        inset = max(3, rect.w // 4)
        draw_cross(surface, ink_on(theme.conflict), rect.inflate(-inset * 2, -inset * 2), width)


def _draw_conflict_line(surface: pygame.Surface, geo: BoardGeometry, scene: Scene, theme: Theme) -> None:
    """The line from the refused square to the queen that attacks it, ringed at the queen."""
    if scene.refused is None or scene.blocker is None:
        return
    start, end = geo.center(*scene.refused), geo.center(*scene.blocker)
    width = _stroke(geo, 0.07, 3, 7)
    halo = theme.queen_outline if luminance(theme.conflict) < 0.5 else theme.queen
    ring = max(6, round(geo.square * 0.48))
    distance = math.dist(start, end)
    lead = geo.square * 0.3  # leave the refused square's cross readable
    if distance > ring + lead:
        # The arrow stops at the ring around the blocker, so its head points at the queen.
        a, b = lead / distance, (distance - ring) / distance
        tail = (round(start[0] + (end[0] - start[0]) * a), round(start[1] + (end[1] - start[1]) * a))
        tip = (round(start[0] + (end[0] - start[0]) * b), round(start[1] + (end[1] - start[1]) * b))
        draw_arrow(surface, theme.conflict, tail, tip, width, halo=halo)
    pygame.draw.circle(surface, halo, end, ring + 2, width + 4)
    pygame.draw.circle(surface, theme.conflict, end, ring, width)


def _draw_tried(surface: pygame.Surface, geo: BoardGeometry, scene: Scene, theme: Theme) -> None:
    if scene.tried is None:
        return
    rect = _mark_rect(geo, scene.tried, 12)
    width = _stroke(geo, 0.1, 3, 8)
    pygame.draw.rect(surface, theme.tried, rect.inflate(width, width), width)


def _draw_lifted(surface: pygame.Surface, geo: BoardGeometry, scene: Scene, theme: Theme) -> None:
    """A ghost queen in a dashed frame with an up-arrow: a backtrack just took it away."""
    if scene.lifted is None:
        return
    rect = _mark_rect(geo, scene.lifted, 12)
    width = _stroke(geo, 0.06, 2, 5)
    draw_dashed_rect(surface, theme.lifted, rect.inflate(-width, -width), width, max(3, rect.w // 8))
    if rect.w >= 16:
        ghost = queen_sprite(int(rect.w * 0.8), None, theme.lifted, 200)
        surface.blit(ghost, ghost.get_rect(center=rect.center))
    arrow_x = rect.right - max(4, rect.w // 6)
    draw_arrow(
        surface,
        theme.lifted,
        (arrow_x, rect.bottom - rect.h // 5),
        (arrow_x, rect.top + rect.h // 8),
        max(2, width),
        halo=theme.queen_outline,
    )


def _draw_moved(surface: pygame.Surface, geo: BoardGeometry, scene: Scene, theme: Theme) -> None:
    """A repair: a ghost queen where the queen was and an arrow to where it went."""
    if scene.moved is None:
        return
    row, old, new = scene.moved
    rect = _mark_rect(geo, (row, old), 12)
    width = _stroke(geo, 0.06, 2, 6)
    if rect.w >= 16:
        ghost = queen_sprite(int(rect.w * 0.8), None, theme.lifted, 200)
        surface.blit(ghost, ghost.get_rect(center=rect.center))
    else:
        draw_dashed_rect(surface, theme.lifted, rect, 2, 3)
    if old != new:
        start, end = geo.center(row, old), geo.center(row, new)
        shorten = min(geo.square * 0.45, math.dist(start, end) / 2)
        direction = 1 if new > old else -1
        draw_arrow(
            surface,
            theme.tried,
            (round(start[0] + direction * shorten), start[1]),
            (round(end[0] - direction * shorten), end[1]),
            width,
            halo=theme.queen_outline,
        )


def solution_badge(surface: pygame.Surface, anchor: Point, number: int, theme: Theme, lang: str, height: int):
    """The "Solution k" badge with a check mark, centred on ``anchor``; returns its rect."""
    height = max(24, height)
    font = get_font(round(height * 0.58), lang, bold=True)
    text = font.render(tr("solution_n", lang, number=number), True, ink_on(theme.solution))
    icon = height - 10
    rect = pygame.Rect(0, 0, text.get_width() + icon + height, height)
    rect.center = anchor
    pygame.draw.rect(surface, theme.solution, rect, border_radius=height // 2)
    pygame.draw.rect(surface, theme.queen_outline, rect, 2, border_radius=height // 2)
    check = pygame.Rect(rect.left + height // 2 - 2, rect.top + 5, icon, icon)
    draw_check(surface, ink_on(theme.solution), check, max(2, height // 9))
    surface.blit(text, text.get_rect(midleft=(check.right + 6, rect.centery)))
    return rect


def _draw_solution(
    surface: pygame.Surface,
    area: pygame.Rect,
    geo: BoardGeometry,
    scene: Scene,
    theme: Theme,
    lang: str,
    badge: bool = True,
    text: float = 1.0,
) -> None:
    """A frame round the board and the badge below it (over its bottom edge when there is no room).
    A won game is framed too: its queens' colour is never the only sign (it has no number to badge)."""
    if scene.solution_number is None and not scene.won:
        return
    frame = max(4, min(7, geo.gutter // 4 or 4))
    pygame.draw.rect(surface, theme.solution, geo.rect.inflate(frame * 2 + 2, frame * 2 + 2), frame)
    if not badge or scene.solution_number is None:
        return
    room = pygame.Rect(area).bottom - (geo.rect.bottom + frame + 1)
    height = min(round(44 * text), room - 4)  # the badge's type follows the text size
    if height >= round(26 * text):
        centre_y = geo.rect.bottom + frame + 1 + room // 2
    else:
        height = max(24, min(round(34 * text), int(geo.square)))  # over the last row: no taller than it
        centre_y = geo.rect.bottom - height // 2 - frame
    solution_badge(surface, (geo.rect.centerx, centre_y), scene.solution_number, theme, lang, height)


def draw_board(
    surface: pygame.Surface,
    area: pygame.Rect,
    scene: Scene,
    theme: Theme,
    *,
    lang: str = "en",
    show_attacked: bool = True,
    row_heat: np.ndarray | None = None,
    margin: int = 10,
    labels: bool = True,
    badge: bool = True,
    text: float = 1.0,
) -> BoardGeometry:
    """Draw ``scene`` centred in ``area``; returns the geometry used (for mouse clicks).

    ``row_heat`` (n values, e.g. conflicts per row) is shown as a colour strip left of the board.
    ``labels`` and ``badge`` off draw a bare sample of the marks (the legend's); ``text`` is the
    window's text scale (the labels' and the badge's type follow it).
    """
    geo = fit_board(area, scene.n, margin, labels=labels, text=text)
    shade = show_attacked and scene.attacked is not None
    if geo.n <= VECTOR_MAX_N:
        _draw_squares_vector(surface, geo, scene, theme, shade)
    else:
        _draw_squares_image(surface, geo, scene, theme, shade)
    _draw_blocked(surface, geo, scene, theme)
    pygame.draw.rect(surface, theme.grid, geo.rect.inflate(2, 2), 1)
    _draw_labels(surface, geo, theme, lang)
    if row_heat is not None:
        _draw_row_heat(surface, geo, row_heat, theme)
    domains = scene.domains if geo.n <= VECTOR_MAX_N else None  # constraint propagation (issue 15)
    if domains is not None:
        from visualizer.render.domains import draw_domain_marks

        draw_domain_marks(surface, geo, domains, theme)
    _draw_refused(surface, geo, scene, theme)
    _draw_lifted(surface, geo, scene, theme)
    _draw_queens(surface, geo, scene, theme)
    _draw_given(surface, geo, scene, theme)
    if domains is not None:
        from visualizer.render.domains import draw_domain_legend, draw_domain_sizes, draw_queen_tags

        draw_queen_tags(surface, geo, scene.queens, theme)
        draw_domain_sizes(surface, geo, domains, theme)
        draw_domain_legend(surface, area, geo, domains, theme, lang, text)
    _draw_moved(surface, geo, scene, theme)
    _draw_tried(surface, geo, scene, theme)
    _draw_conflict_line(surface, geo, scene, theme)
    _draw_solution(surface, area, geo, scene, theme, lang, badge, text)
    return geo
