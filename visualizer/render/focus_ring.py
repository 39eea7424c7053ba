"""The focus ring: a thick frame round the control that has the keyboard (visualizer/input/focus.py)."""

from __future__ import annotations

import pygame

from visualizer.look.theme import Theme


def ring_width(rect: pygame.Rect) -> int:
    """The ring's thickness for a control ``rect`` high: 3 px at least, an eighth of a row beyond 24 px.

    >>> ring_width(pygame.Rect(0, 0, 100, 20)), ring_width(pygame.Rect(0, 0, 100, 80))
    (3, 10)
    """
    return max(3, rect.height // 8)


def ring_rect(rect: pygame.Rect) -> pygame.Rect:
    """The ring's outer edge: a pixel's line and the ring outside the control, which stays whole."""
    width = ring_width(rect) + 1
    return rect.inflate(2 * width, 2 * width)


def draw_focus_ring(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, on_dialog: bool = False
) -> None:
    """A frame ``ring_width`` thick round ``rect`` in the theme's text colour (4.5:1 or more on its
    background, the WCAG test's), with a line of the background inside it that parts it from a
    control of the same colour: seen by its thickness, not its colour alone. ``on_dialog``: a
    control of a file dialog, whose dark grey (or black) takes the theme's yellow accent instead."""
    ink, parting = (theme.code_highlight, (0, 0, 0)) if on_dialog else (theme.text, theme.background)
    outer = ring_rect(rect)
    pygame.draw.rect(surface, ink, outer, ring_width(rect))
    pygame.draw.rect(surface, parting, rect.inflate(2, 2), 1)
