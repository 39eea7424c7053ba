"""Shapes drawn on and around the board: the queen sprite, arrows, dashed frames, check marks and
crosses, and the colour helpers that pick readable ink. Pixels only."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from visualizer.look.theme import Colour, contrast_ratio

Point = tuple[int, int]
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


def luminance(colour: Colour) -> float:
    """Relative luminance in 0..1 (sRGB approximation), to pick readable text."""
    r, g, b = (c / 255 for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(colour: Colour) -> Colour:
    """Black or white, whichever has the higher WCAG contrast on ``colour`` (vermillion and bluish
    green take black: 5.4 and 6.1 to 1, where white has 3.9 and 3.4).

    >>> ink_on((213, 94, 0)), ink_on((0, 114, 178))
    ((0, 0, 0), (255, 255, 255))
    """
    return BLACK if contrast_ratio(BLACK, colour) >= contrast_ratio(WHITE, colour) else WHITE


# -- queen sprite ------------------------------------------------------------

_SUPERSAMPLE = 4
#: The crown outline in unit-square coordinates: five points and the band below them.
_CROWN = (
    (0.23, 0.72),
    (0.12, 0.32),
    (0.29, 0.53),
    (0.31, 0.24),
    (0.42, 0.50),
    (0.50, 0.18),
    (0.58, 0.50),
    (0.69, 0.24),
    (0.71, 0.53),
    (0.88, 0.32),
    (0.77, 0.72),
)
_TIPS = ((0.12, 0.32), (0.31, 0.24), (0.50, 0.18), (0.69, 0.24), (0.88, 0.32))
_BASE = (0.19, 0.74, 0.62, 0.12)  # x, y, w, h of the base band


@lru_cache(maxsize=64)
def queen_sprite(size: int, fill: Colour | None, outline: Colour, alpha: int = 255) -> pygame.Surface:
    """A queen (crown polygon, balls on its points, a base band) ``size`` pixels square.

    Drawn four times larger and smoothed down, so edges are anti-aliased. ``fill=None`` gives
    a hollow "ghost" queen: outline only.
    """
    big = max(8, size) * _SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    stroke = max(_SUPERSAMPLE, round(big * (0.065 if fill is None else 0.04)))

    def pts(shape: tuple[tuple[float, float], ...]) -> list[Point]:
        return [(round(x * big), round(y * big)) for x, y in shape]

    crown = pts(_CROWN)
    bx, by, bw, bh = (round(v * big) for v in _BASE)
    base = pygame.Rect(bx, by, bw, bh)
    ball = round(big * 0.065)

    def shape(colour: tuple[int, ...]) -> pygame.Surface:
        """The queen's silhouette in one colour."""
        layer = pygame.Surface((big, big), pygame.SRCALPHA)
        pygame.draw.polygon(layer, colour, crown)
        pygame.draw.rect(layer, colour, base, 0, border_radius=max(1, bh // 3))
        for tip in pts(_TIPS):
            pygame.draw.circle(layer, colour, tip, ball)
        return layer

    # The outline is the silhouette dilated: stamped around a circle of radius ``stroke``.
    rim = shape(outline)
    steps = 16
    for k in range(steps):
        angle = 2 * math.pi * k / steps
        canvas.blit(rim, (round(stroke * math.cos(angle)), round(stroke * math.sin(angle))))
    if fill is not None:
        canvas.blit(shape(fill), (0, 0))
        # A thin gap between crown and base reads as two parts, like a chess queen.
        pygame.draw.rect(canvas, outline, (bx, by - stroke // 2, bw, max(1, stroke // 2)))
    else:
        hole = shape((0, 0, 0, 255))
        canvas.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    sprite = pygame.transform.smoothscale(canvas, (size, size))
    if alpha < 255:
        sprite.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return sprite


# -- primitive marks ---------------------------------------------------------


def _arrowhead(surface: pygame.Surface, colour: Colour, tip: Point, frm: Point, size: float) -> None:
    angle = math.atan2(tip[1] - frm[1], tip[0] - frm[0])
    spread = math.radians(28)
    left = (tip[0] - size * math.cos(angle - spread), tip[1] - size * math.sin(angle - spread))
    right = (tip[0] - size * math.cos(angle + spread), tip[1] - size * math.sin(angle + spread))
    pygame.draw.polygon(surface, colour, [tip, left, right])


def draw_arrow(
    surface: pygame.Surface,
    colour: Colour,
    start: Point,
    end: Point,
    width: int,
    *,
    halo: Colour | None = None,
) -> None:
    """A straight arrow from ``start`` to ``end`` with a filled head, optionally on a halo."""
    length = math.dist(start, end)
    if length < 1:
        return
    head = max(8.0, width * 3.2)
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    shaft_end = (round(end[0] - ux * head * 0.8), round(end[1] - uy * head * 0.8))
    if halo is not None:
        pygame.draw.line(surface, halo, start, shaft_end, width + 4)
        _arrowhead(surface, halo, (round(end[0] + ux * 2), round(end[1] + uy * 2)), start, head + 5)
    pygame.draw.line(surface, colour, start, shaft_end, width)
    _arrowhead(surface, colour, end, start, head)


def draw_dashed_rect(
    surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int, dash: int
) -> None:
    """A rectangle outline in dashes of ``dash`` pixels."""
    dash = max(2, dash)
    for x in range(rect.left, rect.right, dash * 2):
        w = min(dash, rect.right - x)
        pygame.draw.rect(surface, colour, (x, rect.top, w, width))
        pygame.draw.rect(surface, colour, (x, rect.bottom - width, w, width))
    for y in range(rect.top, rect.bottom, dash * 2):
        h = min(dash, rect.bottom - y)
        pygame.draw.rect(surface, colour, (rect.left, y, width, h))
        pygame.draw.rect(surface, colour, (rect.right - width, y, width, h))


def draw_check(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int) -> None:
    """A check mark fitted in ``rect``."""
    points = [
        (rect.left + rect.w * 0.12, rect.top + rect.h * 0.55),
        (rect.left + rect.w * 0.40, rect.top + rect.h * 0.82),
        (rect.left + rect.w * 0.90, rect.top + rect.h * 0.18),
    ]
    pygame.draw.lines(surface, colour, False, points, width)
    for p in points:  # round joints and caps
        pygame.draw.circle(surface, colour, (round(p[0]), round(p[1])), max(1, width // 2))


def draw_cross(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int) -> None:
    """An X from corner to corner of ``rect``."""
    pygame.draw.line(surface, colour, rect.topleft, (rect.right - 1, rect.bottom - 1), width)
    pygame.draw.line(surface, colour, (rect.right - 1, rect.top), (rect.left, rect.bottom - 1), width)
