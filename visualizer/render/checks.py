"""The algorithm's own check, drawn from a ``CheckMarks`` (``visualizer/core/checks.py``): the
earlier queens a pairwise check compared, the squares a board scan read, and the three flag
arrays as strips under the board with the looked-up flags lit. Pixels only."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from visualizer.core.checks import CheckMarks, FlagStrips
from visualizer.look.i18n import tr
from visualizer.look.theme import Theme, blend
from visualizer.render.board_geometry import BoardGeometry, fit_board
from visualizer.render.fonts import get_font
from visualizer.render.shapes import ink_on, luminance

#: The flag strips' cells are at most this many pixels (times the text scale), at least MIN_CELL.
STRIP_CELL = 26
MIN_CELL = 9
#: Pixels between two strips side by side with their labels.
ROW_GAP = 4
STRIP_KEYS = ("flags_columns", "flags_diagonals", "flags_anti")


@dataclass(frozen=True)
class StripLayout:
    """Where the three strips go in an area: each label's rect and each strip's first cell."""

    cell: int
    font_size: int
    labels: tuple[pygame.Rect, pygame.Rect, pygame.Rect]
    origins: tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
    height: int

    def cell_rect(self, strip: int, index: int) -> pygame.Rect:
        """The rect of flag ``index`` of strip ``strip`` (0 columns, 1 diagonals, 2 anti)."""
        x, y = self.origins[strip]
        return pygame.Rect(x + index * self.cell, y, self.cell - 1, self.cell - 1)


def strip_layout(area: pygame.Rect, n: int, scale: float, lang: str) -> StripLayout:
    """The strips laid out in ``area`` (only its width and top count): labels left of the cells
    when both fit, else each label above its strip. Labels never overlap cells or each other."""
    cells = 2 * n - 1
    size = max(11, int(14 * scale))
    font = get_font(size, lang)
    label_w = max(font.size(tr(key, lang))[0] for key in STRIP_KEYS) + 8
    inline = int(min(STRIP_CELL * scale, (area.w - label_w) / cells))
    if inline >= max(MIN_CELL, int(12 * scale)):  # labels and cells side by side
        cell = inline
        row = max(cell, font.get_linesize()) + ROW_GAP
        left = max(area.x, area.centerx - (label_w + cells * cell) // 2)
        labels = [pygame.Rect(left, area.y + 4 + k * row, label_w - 8, font.get_linesize()) for k in range(3)]
        origins = [(left + label_w, area.y + 4 + k * row + (row - ROW_GAP - cell) // 2) for k in range(3)]
        height = 3 * row + 8
    else:  # stacked: each label on its own line above its strip
        cell = int(max(MIN_CELL, min(STRIP_CELL * scale, area.w / cells)))
        line = font.get_linesize()
        row = line + cell + 8
        left = max(area.x, area.centerx - cells * cell // 2)
        labels = [
            pygame.Rect(left, area.y + 4 + k * row, font.size(tr(key, lang))[0], line)
            for k, key in enumerate(STRIP_KEYS)
        ]
        origins = [(left, area.y + 4 + k * row + line + 2) for k in range(3)]
        height = 3 * row + 8
    return StripLayout(cell, size, tuple(labels), tuple(origins), height)  # type: ignore[arg-type]


#: The strips take at most this share of the board's area (else smaller text, else no strips).
STRIPS_SHARE = 0.3


def split_for_strips(
    area: pygame.Rect, n: int, scale: float, lang: str = "en", min_side: int = 0
) -> tuple[pygame.Rect, pygame.Rect, float] | None:
    """``area`` split into the board's part and the strips' part below it, with the text scale
    the strips fit at (their text shrinks before the board does, and the board's squares keep
    a side of ``min_side``); None when they cannot fit."""
    for factor in (1.0, 0.8, 0.64, 0.5):
        fitted = max(0.75, scale * factor)
        height = strip_layout(area, n, fitted, lang).height
        board = pygame.Rect(area.x, area.y, area.w, area.h - height)
        if height <= area.h * STRIPS_SHARE and fit_board(board, n, text=scale).rect.h >= min_side:
            return board, pygame.Rect(area.x, board.bottom, area.w, height), fitted
    return None


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
    layout = strip_layout(area, n, scale, lang)
    font = get_font(layout.font_size, lang)
    digits = get_font(max(8, int(layout.cell * 0.5)), "en")
    texts: list[pygame.Rect] = []
    dark = luminance(theme.background) < 0.5  # projector: taken flags white on the dark panel
    taken_fill = theme.queen_outline if dark else theme.queen
    free_fill = blend(theme.panel, theme.grid, 0.2) if dark else blend(theme.light_square, theme.panel, 0.5)
    for k, (flags, key) in enumerate(zip(strips.arrays(), STRIP_KEYS, strict=True)):
        label = font.render(tr(key, lang), True, theme.text)
        box = layout.labels[k]
        texts.append(surface.blit(label, label.get_rect(midleft=box.midleft)))
        looked = strips.looked[k] if k < len(strips.looked) else None
        for index, taken in enumerate(flags):
            rect = layout.cell_rect(k, index)
            fill = taken_fill if taken else free_fill
            pygame.draw.rect(surface, fill, rect)
            pygame.draw.rect(surface, theme.grid, rect, 1)
            if layout.cell >= 18:
                text = digits.render(str(index), True, ink_on(fill))
                surface.blit(text, text.get_rect(center=rect.center))
            if index == looked:
                last = k == len(strips.looked) - 1
                colour = theme.conflict if last and strips.stopped else theme.tried
                pygame.draw.rect(surface, colour, rect.inflate(4, 4), max(2, layout.cell // 8))
    return texts
