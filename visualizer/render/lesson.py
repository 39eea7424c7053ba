"""Lessons on screen (issue 14): the progress strip under the board with its bookmark ticks, and
the card that stands in for a hidden panel. Read-only: nothing here moves the run.

The strip is the thin bar a scrub bar will grow from: the run so far is filled, each bookmark
is a tick (the one the run stands on drawn taller and in the highlight colour).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from visualizer.look.theme import Theme, blend
from visualizer.render.fonts import displayable, ellipsize, font_for, wrap


def tick_x(rect: pygame.Rect, event: int, span: int) -> int:
    """Where event ``event`` of a run drawn as ``span`` events sits on the strip ``rect``.

    >>> tick_x(pygame.Rect(10, 0, 101, 8), 50, 100)
    60
    """
    return rect.left + round((rect.width - 1) * min(max(event / max(span, 1), 0.0), 1.0))


def draw_strip(
    surface: pygame.Surface,
    rect: pygame.Rect,
    cursor: int,
    span: int,
    ticks: Sequence[int],
    current: int | None,
    theme: Theme,
) -> None:
    """The run's strip: filled up to ``cursor`` of ``span`` events, a tick per bookmark event
    (``current``: the index in ``ticks`` the run stands on)."""
    bar = pygame.Rect(rect.left, rect.centery - rect.height // 4, rect.width, max(2, rect.height // 2))
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.25), bar, border_radius=bar.h // 2)
    filled = tick_x(rect, cursor, span) - rect.left
    if filled > 0:
        pygame.draw.rect(surface, theme.tried, (bar.left, bar.top, filled, bar.h), border_radius=bar.h // 2)
    width = max(2, rect.height // 5)
    for i, event in enumerate(ticks):
        x = tick_x(rect, event, span)
        tall = i == current
        colour = theme.code_highlight if tall else theme.text
        top = rect.top if tall else rect.top + rect.height // 6
        pygame.draw.rect(surface, colour, (x - width // 2, top, width, rect.bottom - top))
        if tall:
            pygame.draw.rect(surface, theme.text, (x - width // 2 - 1, top, width + 2, rect.bottom - top), 1)


def draw_hidden(surface: pygame.Surface, rect: pygame.Rect, title: str, theme: Theme, lang: str) -> None:
    """A plain card with ``title`` where a hidden panel would be (an exercise)."""
    pygame.draw.rect(surface, theme.panel, rect, border_radius=10)
    pygame.draw.rect(surface, theme.grid, rect, 1, border_radius=10)
    font = font_for(title, max(14, min(24, rect.h // 6)), lang)
    text = font.render(ellipsize(font, title, rect.w - 24), True, theme.muted_text)
    surface.blit(text, text.get_rect(center=rect.center))


#: The most lines of a note shown (a longer one ends in an ellipsis).
NOTE_LINES = 4
#: The smallest text a note shrinks to so that it fits its area.
NOTE_MIN_SIZE = 12


def draw_note_card(
    surface: pygame.Surface, area: pygame.Rect, text: str, theme: Theme, lang: str, size: int
) -> pygame.Rect:
    """A bookmark's note, wrapped, in a card inside ``area`` (its top-left corner), in text of
    ``size`` px or smaller until it fits; the last line that fits ends in an ellipsis. Returns the card."""
    text = displayable(text)  # a NUL typed or in a lesson file: pygame refuses to draw it
    for trial in range(max(size, NOTE_MIN_SIZE), NOTE_MIN_SIZE - 1, -1):
        font = font_for(text, trial, lang)
        pad = max(4, trial // 3)
        step = font.get_linesize()
        room = max(1, min(NOTE_LINES, (area.height - 2 * pad) // step))
        lines = wrap(font, text, area.width - 2 * pad)
        if len(lines) <= room:
            break
    if len(lines) > room:
        lines = [*lines[: room - 1], ellipsize(font, " ".join(lines[room - 1 :]), area.width - 2 * pad)]
    card = pygame.Rect(area.left, area.top, area.width, min(area.height, len(lines) * step + 2 * pad))
    pygame.draw.rect(surface, theme.panel, card, border_radius=10)
    pygame.draw.rect(surface, theme.code_highlight, card, 3, border_radius=10)
    for i, line in enumerate(lines):
        surface.blit(font.render(line, True, theme.text), (card.left + pad, card.top + pad + i * step))
    return card
