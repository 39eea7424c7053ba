"""The algorithm's own check, drawn from a ``CheckMarks`` (``visualizer/core/checks.py``): the
earlier queens a pairwise check compared, the squares a board scan read, and the three flag
arrays as strips under the board with the looked-up flags lit. Pixels only."""

from __future__ import annotations

import pygame

from visualizer.core.checks import CheckMarks, FlagStrips
from visualizer.i18n import tr
from visualizer.render.board import BoardGeometry, ink_on
from visualizer.render.fonts import get_font
from visualizer.theme import Theme, blend

#: The flag strips' cells are at most this many pixels (times the text scale).
STRIP_CELL = 26
STRIP_KEYS = ("flags_columns", "flags_diagonals", "flags_anti")


def strip_cell(width: int, n: int, scale: float) -> int:
    """The side of one flag cell when the strips share ``width`` pixels with their labels."""
    label = int(150 * scale)
    return int(max(6, min(STRIP_CELL * scale, (width - label - 8) / max(1, 2 * n - 1))))


def split_for_strips(area: pygame.Rect, n: int, scale: float) -> tuple[pygame.Rect, pygame.Rect]:
    """``area`` split into the board's part and the strips' part below it."""
    cell = strip_cell(area.w, n, scale)
    height = 3 * (cell + 6) + 8
    board = pygame.Rect(area.x, area.y, area.w, area.h - height)
    return board, pygame.Rect(area.x, board.bottom, area.w, height)


def _left(area: pygame.Rect, n: int, scale: float) -> int:
    """Where the labels start so that labels and cells together are centred in ``area``."""
    total = int(150 * scale) + 8 + (2 * n - 1) * strip_cell(area.w, n, scale)
    return max(area.x, area.centerx - total // 2)


def strip_cell_rect(area: pygame.Rect, n: int, scale: float, strip: int, index: int) -> pygame.Rect:
    """The rect of flag ``index`` of strip ``strip`` (0 columns, 1 diagonals, 2 anti) in ``area``."""
    cell = strip_cell(area.w, n, scale)
    x = _left(area, n, scale) + int(150 * scale) + 8 + index * cell
    return pygame.Rect(x, area.y + 4 + strip * (cell + 6), cell - 1, cell - 1)


def strips_under(board: pygame.Rect, strips: pygame.Rect, gutter: int, scale: float) -> pygame.Rect:
    """The strips' area moved up under the drawn ``board`` (leaving room for the solution badge)."""
    top = min(strips.y, board.bottom + gutter + int(48 * scale))
    return pygame.Rect(strips.x, top, strips.w, strips.h)


def draw_cells(surface: pygame.Surface, geo: BoardGeometry, marks: CheckMarks, theme: Theme) -> None:
    """Pairwise: a ring round each queen compared. Board scan: each square read tinted and dotted.
    The queen the check stopped at is ringed in the conflict colour."""
    width = max(2, int(geo.square * 0.08))
    for cell in marks.cells:
        rect = geo.square_rect(*cell)
        if marks.kind == "board" and cell not in (marks.hit, marks.square):
            tint = pygame.Surface(rect.size, pygame.SRCALPHA)
            tint.fill((*theme.tried, 90))
            surface.blit(tint, rect)
            pygame.draw.circle(surface, theme.tried, rect.center, max(2, int(geo.square * 0.1)))
        colour = theme.conflict if cell == marks.hit else theme.tried
        if marks.kind == "pairwise" or cell == marks.hit:
            pygame.draw.rect(surface, colour, rect.inflate(-width, -width), width, border_radius=width * 2)


def draw_strips(
    surface: pygame.Surface, area: pygame.Rect, strips: FlagStrips, theme: Theme, lang: str, scale: float
) -> list[pygame.Rect]:
    """The three flag arrays in ``area`` (from ``split_for_strips``); returns their text rects."""
    n = len(strips.columns)
    cell = strip_cell(area.w, n, scale)
    font = get_font(max(11, int(14 * scale)), lang)
    digits = get_font(max(8, int(cell * 0.5)), "en")
    label_w = int(150 * scale)
    texts: list[pygame.Rect] = []
    for k, (flags, key) in enumerate(zip(strips.arrays(), STRIP_KEYS, strict=True)):
        y = area.y + 4 + k * (cell + 6)
        label = font.render(tr(key, lang), True, theme.text)
        right = _left(area, n, scale) + label_w
        texts.append(surface.blit(label, label.get_rect(midright=(right, y + cell // 2))))
        looked = strips.looked[k] if k < len(strips.looked) else None
        for index, taken in enumerate(flags):
            rect = strip_cell_rect(area, n, scale, k, index)
            fill = theme.queen if taken else blend(theme.light_square, theme.panel, 0.5)
            pygame.draw.rect(surface, fill, rect)
            pygame.draw.rect(surface, theme.grid, rect, 1)
            if cell >= 18:
                text = digits.render(str(index), True, ink_on(fill))
                surface.blit(text, text.get_rect(center=rect.center))
            if index == looked:
                last = k == len(strips.looked) - 1
                colour = theme.conflict if last and strips.stopped else theme.tried
                pygame.draw.rect(surface, colour, rect.inflate(4, 4), max(2, cell // 8))
    return texts
