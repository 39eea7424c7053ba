"""The algorithm's own check, drawn from a ``CheckMarks`` (``visualizer/core/checks.py``): the
earlier queens a pairwise check compared, the squares a board scan read, and the three flag
arrays as strips with the looked-up flags lit: under the board, or (no room under it) standing
beside it, right of the board. Pixels only."""

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
#: Pixels between two strips standing beside the board, and between the board's squares and them
#: (clear of the solution frame, look/layout.py's ``strips_beside`` keeps the same room).
COLUMN_GAP, BESIDE_GAP = 8, 14


@dataclass(frozen=True)
class StripLayout:
    """Where the three strips go in an area: each label's rect and each strip's first cell.
    Flag 0 is the first cell; the others follow left to right, or down when ``upright``."""

    cell: int
    font_size: int
    labels: tuple[pygame.Rect, pygame.Rect, pygame.Rect]
    origins: tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
    height: int
    width: int = 0  # upright strips: the width of the three, labels included
    upright: bool = False
    names: tuple[str, ...] = ()  # the labels' texts (empty: the strings of ``STRIP_KEYS``)

    def label_texts(self, lang: str) -> tuple[str, ...]:
        return self.names or tuple(tr(key, lang) for key in STRIP_KEYS)

    def cell_rect(self, strip: int, index: int) -> pygame.Rect:
        """The rect of flag ``index`` of strip ``strip`` (0 columns, 1 diagonals, 2 anti)."""
        x, y = self.origins[strip]
        if self.upright:
            return pygame.Rect(x, y + index * self.cell, self.cell - 1, self.cell - 1)
        return pygame.Rect(x + index * self.cell, y, self.cell - 1, self.cell - 1)


def strip_layout(area: pygame.Rect, n: int, scale: float, lang: str, *, upright: bool = False) -> StripLayout:
    """The strips laid out in ``area`` (only its width and top count): labels left of the cells
    when both fit, else each label above its strip. Labels never overlap cells or each other.
    ``upright``: side by side from ``area``'s top left, standing (``upright_layout``)."""
    cells = 2 * n - 1
    size = max(11, int(14 * scale))
    if upright:
        return upright_layout(area, cells, size, scale, lang)
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


def upright_layout(area: pygame.Rect, cells: int, size: int, scale: float, lang: str) -> StripLayout:
    """Three strips of ``cells`` cells standing side by side from ``area``'s top left, each under
    its array's name (``array_name``, type of ``size`` pixels), the cells as large as ``area``'s
    height allows (at most ``STRIP_CELL`` x ``scale``, at least ``MIN_CELL``: the layout may be
    taller than ``area``); each strip as wide as its cells or the widest name, so no two names
    touch."""
    font = get_font(size, lang)
    line = font.get_linesize()
    cell = int(max(MIN_CELL, min(STRIP_CELL * scale, (area.h - line - 2) / cells)))
    names = tuple(array_name(key, lang) for key in STRIP_KEYS)
    widths = [font.size(name)[0] for name in names]
    pitch = max(cell, *widths) + COLUMN_GAP
    centres = [area.x + k * pitch + (pitch - COLUMN_GAP) // 2 for k in range(3)]
    labels = [pygame.Rect(c - w // 2, area.y, w, line) for c, w in zip(centres, widths, strict=True)]
    origins = [(c - cell // 2, area.y + line + 2) for c in centres]
    width, height = 3 * pitch - COLUMN_GAP, line + 2 + cells * cell
    return StripLayout(cell, size, tuple(labels), tuple(origins), height, width, True, names)  # type: ignore[arg-type]


def array_name(key: str, lang: str) -> str:
    """The array's name as the code spells it (the same in both languages), from its label.

    >>> array_name("flags_anti", "zh"), array_name("flags_columns", "en")
    ('anti', 'cols')
    """
    return tr(key, lang).split()[-1].split("[")[0]


#: The strips take at most this share of the board's area (else smaller text, else no strips).
STRIPS_SHARE = 0.3
#: The strips' text shrinks by these factors before the board does (at least to scale 0.75).
TEXT_FACTORS = (1.0, 0.8, 0.64, 0.5)


@dataclass(frozen=True)
class StripsPlace:
    """Where the board and the strips go in the board's area: the board's part (the area to
    fit it in), the strips' area, the text scale they fit at and whether they stand beside it."""

    board: pygame.Rect
    strips: pygame.Rect
    scale: float
    upright: bool = False


def split_for_strips(
    area: pygame.Rect, n: int, scale: float, lang: str = "en", min_side: int = 0
) -> StripsPlace | None:
    """``area`` split into the board's part and the strips' part below it, with the text scale
    the strips fit at (their text shrinks before the board does, and the board's squares keep
    a side of ``min_side``); with no room below, the strips stand beside the board
    (``split_beside``); None when they fit neither way."""
    for factor in TEXT_FACTORS:
        fitted = max(0.75, scale * factor)
        height = strip_layout(area, n, fitted, lang).height
        board = pygame.Rect(area.x, area.y, area.w, area.h - height)
        if height <= area.h * STRIPS_SHARE and fit_board(board, n, text=scale).rect.h >= min_side:
            return StripsPlace(board, pygame.Rect(area.x, board.bottom, area.w, height), fitted)
    return split_beside(area, n, scale, lang, min_side)


def split_beside(area: pygame.Rect, n: int, scale: float, lang: str, min_side: int) -> StripsPlace | None:
    """The strips standing right of the board (in its right label gutter, which flags leave
    empty, and what the area has beyond it), the board and the strips centred together across
    ``area``: the names in the band of the column labels, the cells from the board's top down
    (to the area's bottom margin when the board's height is too short for them). The board keeps
    ``min_side``; None when the strips do not fit even at their smallest text."""
    cells = 2 * n - 1
    gutter = fit_board(area, n, text=scale).gutter
    for factor in TEXT_FACTORS:
        fitted = max(0.75, scale * factor)
        widest = strip_layout(pygame.Rect(0, 0, 0, 10**6), n, fitted, lang, upright=True).width
        part = pygame.Rect(area.x, area.y, area.w - max(0, widest + BESIDE_GAP - gutter), area.h)
        geo = fit_board(part, n, text=scale)
        line = get_font(max(11, int(14 * fitted)), lang).get_linesize()
        top = geo.rect.top - line - 2 if geo.gutter >= line + 2 else geo.rect.top
        bottom = geo.rect.bottom
        if (bottom - top - line - 2) // cells < MIN_CELL:  # too short: down to the area's margin
            bottom = area.bottom - 10
        strips = pygame.Rect(geo.rect.right + BESIDE_GAP, top, widest, bottom - top)
        layout = strip_layout(strips, n, fitted, lang, upright=True)
        strips.size = (layout.width, layout.height)
        if geo.rect.h >= min_side and area.contains(strips):
            return StripsPlace(part, strips, fitted, True)
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
    surface: pygame.Surface,
    area: pygame.Rect,
    strips: FlagStrips,
    theme: Theme,
    lang: str,
    scale: float,
    upright: bool = False,
) -> list[pygame.Rect]:
    """The three flag arrays in ``area`` (from ``split_for_strips``), standing when ``upright``;
    returns their text rects."""
    n = len(strips.columns)
    layout = strip_layout(area, n, scale, lang, upright=upright)
    font = get_font(layout.font_size, lang)
    digits = get_font(max(8, int(layout.cell * 0.5)), "en")
    texts: list[pygame.Rect] = []
    dark = luminance(theme.background) < 0.5  # projector: taken flags white on the dark panel
    taken_fill = theme.queen_outline if dark else theme.queen
    free_fill = blend(theme.panel, theme.grid, 0.2) if dark else blend(theme.light_square, theme.panel, 0.5)
    for k, (flags, name) in enumerate(zip(strips.arrays(), layout.label_texts(lang), strict=True)):
        label = font.render(name, True, theme.text)
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
