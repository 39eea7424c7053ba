"""Where the n x n board lies on screen: the squares' rectangle and room for its 1-based
rank/file labels, above and beside it; their type follows the window's text size."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from visualizer.render.fonts import get_font

Point = tuple[int, int]
#: Above this n the board is drawn as a scaled image and queens as marks.
VECTOR_MAX_N = 64
#: Squares smaller than this (pixels) get no rank/file labels.
LABEL_MIN_SQUARE = 12
#: The labels' type at text scale 1, in pixels (never more than 62% of a square: two digits fit).
LABEL_TEXT = 16


@dataclass(frozen=True)
class BoardGeometry:
    """Where the n x n board lies on screen: ``rect`` is the board itself, labels excluded."""

    rect: pygame.Rect
    n: int
    square: float
    gutter: int = 0  # room above, left and right of the board for labels (and domain sizes)
    label: int = 0  # the labels' type size (0: no labels)

    def _edge(self, k: int) -> int:
        return round(k * self.square)

    def square_rect(self, row: int, col: int) -> pygame.Rect:
        """The screen rect of square (row, col); neighbours share edges, never overlap."""
        x0, x1 = self._edge(col), self._edge(col + 1)
        y0, y1 = self._edge(row), self._edge(row + 1)
        return pygame.Rect(self.rect.x + x0, self.rect.y + y0, max(1, x1 - x0), max(1, y1 - y0))

    def center(self, row: int, col: int) -> Point:
        """The centre pixel of square (row, col)."""
        return self.square_rect(row, col).center

    def _index(self, offset: int) -> int | None:
        k = int(offset / self.square)
        while k > 0 and self._edge(k) > offset:
            k -= 1
        while k < self.n - 1 and self._edge(k + 1) <= offset:
            k += 1
        return k if 0 <= k < self.n and 0 <= offset < self._edge(self.n) else None

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The (row, col) under pixel ``pos``, or None off the board."""
        col = self._index(int(pos[0]) - self.rect.x)
        row = self._index(int(pos[1]) - self.rect.y)
        return None if row is None or col is None else (row, col)


def label_size(square: float, n: int, text: float = 1.0) -> int:
    """The labels' type size on squares of ``square`` pixels at text scale ``text`` (0: none).

    >>> label_size(60, 8), label_size(60, 8, 2.0), label_size(10, 8), label_size(60, 100)
    (16, 32, 0, 0)
    """
    if n > VECTOR_MAX_N or square < LABEL_MIN_SQUARE:
        return 0
    return max(10, min(round(LABEL_TEXT * text), round(square * 0.62)))


def label_gap(size: int) -> int:
    """The space between a label and the board (clear of the solution frame)."""
    return max(8, size // 3)


def label_gutter(size: int) -> int:
    """The room a label of ``size`` pixels takes beside the board with its gap (0 for no label)."""
    return label_gap(size) + math.ceil(1.5 * size) - 4 if size > 0 else 0


def fit_board(
    area: pygame.Rect, n: int, margin: int = 10, *, labels: bool = True, text: float = 1.0
) -> BoardGeometry:
    """The largest square board in ``area`` with room for labels above and beside it when they fit
    (and ``labels`` asks for them), at text scale ``text``: centred across, and the board with its
    column labels centred down.

    Square sizes are whole pixels up to ``VECTOR_MAX_N`` (crisp edges), fractional above.
    """
    area = pygame.Rect(area)
    n = max(1, n)
    room_w, room_h = max(1, area.w - 2 * margin), max(1, area.h - 2 * margin)
    size = label_size(min(room_w, room_h) / n, n, text) if labels else 0
    gutter = label_gutter(size)
    side = max(1, min(room_w - 2 * gutter, room_h - gutter))
    if size and label_size(side / n, n, text) < size:  # the squares came out smaller: so do their labels
        size = label_size(side / n, n, text)
        gutter = label_gutter(size)
        side = max(1, min(room_w - 2 * gutter, room_h - gutter))
    if size and side / n < LABEL_MIN_SQUARE:  # no room for labels after all
        size = gutter = 0
        side = min(room_w, room_h)
    if n <= VECTOR_MAX_N:
        square: float = max(1, side // n)
        width = int(square) * n
    else:
        square = side / n
        width = side
    size = min(size, round(square * 0.62)) if size else 0
    x = area.x + (area.w - width) // 2
    y = area.y + (area.h - width - gutter) // 2 + gutter
    return BoardGeometry(pygame.Rect(x, y, width, width), n, square, gutter, size)


def label_rects(geo: BoardGeometry, lang: str = "en") -> list[tuple[int, pygame.Rect, pygame.Rect]]:
    """(k, column label rect, row label rect) of each rank/file label ``k + 1`` (none without a
    gutter); the size fits two digits in a square, so neighbours never touch."""
    if geo.gutter <= 0 or geo.label <= 0:
        return []
    gap = label_gap(geo.label)
    font = get_font(geo.label, lang)
    rects = []
    for k in range(geo.n):
        w, h = font.size(str(k + 1))
        top, left = geo.square_rect(0, k), geo.square_rect(k, 0)
        column = pygame.Rect(0, 0, w, h)
        column.midbottom = (top.centerx, geo.rect.top - gap + 4)
        row = pygame.Rect(0, 0, w, h)
        row.midright = (geo.rect.left - gap, left.centery)
        rects.append((k, column, row))
    return rects


def label_ink(geo: BoardGeometry, lang: str = "en") -> list[tuple[pygame.Rect, pygame.Rect]]:
    """(column, row) rects of the digits' ink of each label (the glyphs, without the line's
    leading): what a reader sees, so neighbours may share leading but never ink."""
    inked = []
    font = get_font(max(1, geo.label), lang)
    for k, column, row in label_rects(geo, lang):
        metrics = [m for m in font.metrics(str(k + 1)) if m is not None]
        top = font.get_ascent() - max(m[3] for m in metrics)
        height = max(m[3] for m in metrics) - min(m[2] for m in metrics)
        inked.append(
            (
                column.move(0, top).clip(column.x, column.y + top, column.w, height),
                row.move(0, top).clip(row.x, row.y + top, row.w, height),
            )
        )
    return inked
