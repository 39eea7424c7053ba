"""Constraint propagation on the board: each empty row's remaining columns and MRV's next row.

Reads a ``DomainsView`` (``visualizer/core/domains.py``) and draws, changing nothing:

* a column still in an empty row's domain: a small dark dot with a light ring;
* a pruned column: a disc in the colour of the queen that pruned it, with that queen's row
  number inside (the number is the colour-blind cue), the queen wearing the same colour and
  number as a tag in its corner;
* right of the board, each empty row's domain size; MRV's next row is framed and its size
  shown in a pill ("fewest remaining" in the side panel says why);
* below the board, when there is room, a one-line key to the dot and the disc.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from visualizer.core.domains import DomainsView
from visualizer.look.i18n import tr
from visualizer.look.theme import Colour, Theme
from visualizer.render.board_geometry import BoardGeometry
from visualizer.render.fonts import font_for, get_font
from visualizer.render.shapes import ink_on

#: Squares smaller than this (pixels) get dots and discs but no numbers.
NUMBER_MIN_SQUARE = 26
#: Squares smaller than this get no domain marks at all.
MARK_MIN_SQUARE = 8


def pruner_colour(theme: Theme, queen_row: int) -> Colour:
    """The colour of the queen in ``queen_row`` in the domains marks (the theme's palette, cycling)."""
    return theme.pruners[queen_row % len(theme.pruners)]


@lru_cache(maxsize=256)
def _number(text: str, size: int, colour: Colour, bold: bool = True) -> pygame.Surface:
    return get_font(size, "en", bold=bold).render(text, True, colour)


def _disc(surface: pygame.Surface, centre: tuple[int, int], radius: int, fill: Colour, rim: Colour) -> None:
    pygame.draw.circle(surface, rim, centre, radius + 1)
    pygame.draw.circle(surface, fill, centre, radius)


def _numbered_disc(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: Colour, row: int, show: bool
) -> None:
    """A disc of ``colour`` with ``row + 1`` in it (when ``show``), ringed in the readable ink."""
    ink = ink_on(colour)
    _disc(surface, centre, radius, colour, (0, 0, 0) if ink == (0, 0, 0) else (255, 255, 255))
    if show:
        text = _number(str(row + 1), max(8, round(radius * 1.35)), ink)
        surface.blit(text, text.get_rect(center=centre))


def draw_domain_marks(surface: pygame.Surface, geo: BoardGeometry, view: DomainsView, theme: Theme) -> None:
    """Dots for the remaining columns and numbered discs for the pruned ones, in every empty row."""
    if geo.square < MARK_MIN_SQUARE:
        return
    show = geo.square >= NUMBER_MIN_SQUARE
    dot = max(2, round(geo.square * 0.11))
    disc = max(3, round(geo.square * 0.24))
    for row in view.empty_rows:
        for col, by in enumerate(view.pruned_by[row]):
            centre = geo.center(row, col)
            if by is None:
                _disc(surface, centre, dot, theme.queen, theme.queen_outline)
            elif by != (row, col):  # a square pruned by itself is a blocked one: the board hatches it
                _numbered_disc(surface, centre, disc, pruner_colour(theme, by[0]), by[0], show)


def draw_queen_tags(
    surface: pygame.Surface, geo: BoardGeometry, queens: tuple[int | None, ...], theme: Theme
) -> None:
    """Each queen's colour and row number in its square's top-left corner (matches its discs)."""
    if geo.square < NUMBER_MIN_SQUARE:
        return
    radius = max(5, round(geo.square * 0.17))
    for row, col in enumerate(queens):
        if col is not None:
            rect = geo.square_rect(row, col)
            centre = (rect.left + radius + 2, rect.top + radius + 2)
            _numbered_disc(surface, centre, radius, pruner_colour(theme, row), row, True)


def draw_domain_sizes(surface: pygame.Surface, geo: BoardGeometry, view: DomainsView, theme: Theme) -> None:
    """Each empty row's domain size right of the board; MRV's next row framed, its size in a pill."""
    width = max(3, round(geo.square * 0.07))
    if view.mrv_row is not None:
        row = view.mrv_row
        band = geo.square_rect(row, 0).union(geo.square_rect(row, geo.n - 1))
        pygame.draw.rect(surface, theme.queen_outline, band.inflate(width * 2 + 2, width * 2 + 2), width + 2)
        pygame.draw.rect(surface, theme.tried, band.inflate(width * 2, width * 2), width)
    if geo.gutter <= 0:
        return
    size = max(10, geo.label or round(geo.gutter * 0.55))
    x = geo.rect.right + width + 2 + geo.gutter // 2
    for row in view.empty_rows:
        y = geo.center(row, 0)[1]
        text = str(view.sizes[row])
        if row == view.mrv_row:
            image = _number(text, size, ink_on(theme.tried))
            pill = image.get_rect(center=(x, y)).inflate(8, 4)
            pygame.draw.rect(surface, theme.tried, pill, border_radius=pill.h // 2)
            surface.blit(image, image.get_rect(center=pill.center))
        else:
            image = _number(text, size, theme.muted_text, False)
            surface.blit(image, image.get_rect(center=(x, y)))


def draw_domain_legend(
    surface: pygame.Surface,
    area: pygame.Rect,
    geo: BoardGeometry,
    view: DomainsView,
    theme: Theme,
    lang: str,
    text: float = 1.0,
) -> None:
    """A key below the board: the dot (still in the domain) and a disc (pruned by the queen in row k),
    within ``area``'s width: on one line in smaller type if need be, else on two lines."""
    area = pygame.Rect(area)
    room = area.bottom - geo.rect.bottom - 6
    if not view.empty_rows or room < 22 or geo.square < NUMBER_MIN_SQUARE:
        return
    parts = [(None, tr("domains_key_left", lang)), (0, tr("domains_key_pruned", lang, row=1))]
    size = min(round(16 * text), int((room - 12) / 1.46))  # the text size's, a line within the room
    while True:
        radius = size // 2
        font = font_for(" ".join(text for _, text in parts), size, lang)
        widths = [font.size(text)[0] + 2 * radius + 24 for _, text in parts]
        if sum(widths) <= area.w - 8 or size <= 10:
            break
        size -= 1
    images = [font.render(text, True, theme.muted_text) for _, text in parts]
    lines = [list(zip(parts, images, widths, strict=True))]
    if sum(widths) > area.w - 8 and room >= 2 * font.get_linesize() + 12:  # still too wide: one part a line
        lines = [[entry] for entry in lines[0]]
    step = font.get_linesize()
    y = geo.rect.bottom + 6 + min(room // (2 * len(lines)), 24 if len(lines) == 1 else step // 2)
    for line in lines:
        x = geo.rect.centerx - sum(width for *_, width in line) // 2
        x = max(area.left + 4, min(x, area.right - 4 - sum(width for *_, width in line)))
        for (row, _), image, width in line:
            centre = (x + radius, y)
            if row is None:
                _disc(surface, centre, max(2, radius // 2), theme.queen, theme.queen_outline)
            else:
                _numbered_disc(surface, centre, radius, pruner_colour(theme, row), row, True)
            surface.blit(image, image.get_rect(midleft=(x + 2 * radius + 6, y)))
            x += width
        y += step
