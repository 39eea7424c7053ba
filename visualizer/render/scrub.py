"""The scrub bar under the board: a track filled up to the current event, a knob to drag,
bookmark ticks, a run's failure (a flag in the conflict colour with a cross), and "Event k of
total" beside it. Reads a ``Scrub`` (``visualizer/core/scrub.py``).
"""

from __future__ import annotations

import pygame

from visualizer.core.scrub import Scrub
from visualizer.look.i18n import tr
from visualizer.look.theme import Theme, blend
from visualizer.render.fonts import ellipsize, font_for

#: Share of the strip's width the label takes (the track has the rest).
LABEL_SHARE = 0.5


def scrub_track(area: pygame.Rect) -> pygame.Rect:
    """The part of the strip that maps to the run: a press there seeks (left end = event 0)."""
    label = int(area.w * LABEL_SHARE)
    height = max(10, area.h // 3)
    track = pygame.Rect(area.left + label, 0, area.w - label - area.h // 2, height)
    track.centery = area.centery
    return track


def scrub_label(scrub: Scrub, lang: str) -> str:
    """ "Event 1,234 of 5,678" (or "... total not known yet"); at a failure, "... · failed here"."""
    if scrub.total is None:
        label = tr("scrub_unknown", lang, index=f"{scrub.index:,}")
    else:
        label = tr(scrub.unit, lang, index=f"{scrub.index:,}", total=f"{scrub.total:,}")
    return label + tr("scrub_failed", lang) if scrub.at_failure else label


def failure_flag(track: pygame.Rect, area: pygame.Rect, fraction: float) -> pygame.Rect:
    """Where a failure's flag flies: from the strip's top down to the track's middle at
    ``fraction`` of it (drawn over the knob), toward the track's middle from its pole."""
    x = track.left + round(track.w * fraction)
    height = max(10, track.centery - area.top)
    width = round(height * 1.5)
    return pygame.Rect(x - width if fraction > 0.5 else x, area.top, width, height)


def _draw_failure(
    surface: pygame.Surface, track: pygame.Rect, area: pygame.Rect, fraction: float, theme: Theme
) -> None:
    """A failure: a pole in the conflict colour through the strip and a flag with a cross, so it
    reads without colour too (the bookmarks are plain ticks)."""
    x = track.left + round(track.w * fraction)
    flag = failure_flag(track, area, fraction)
    pole = max(3, area.h // 10)
    pygame.draw.rect(surface, theme.conflict, (x - pole // 2, area.top, pole, area.h))
    pygame.draw.rect(surface, theme.conflict, flag)
    side = flag.h // 2
    cross = pygame.Rect(0, 0, side, side)
    cross.center = flag.center
    width = max(2, flag.h // 7)
    pygame.draw.line(surface, theme.panel, cross.topleft, cross.bottomright, width)
    pygame.draw.line(surface, theme.panel, cross.bottomleft, cross.topright, width)


def draw_scrub(surface: pygame.Surface, area: pygame.Rect, scrub: Scrub, theme: Theme, lang: str) -> None:
    """The strip ``area``: the label on the left, the track with its ticks and knob on the right."""
    label = scrub_label(scrub, lang)
    room = int(area.w * LABEL_SHARE) - 12
    size = max(10, int((area.h - 4) / 1.46))  # a line as high as the strip, smaller if it is too long
    while size > 10 and font_for(label, size, lang).size(label)[0] > room:
        size -= 1
    font = font_for(label, size, lang)
    text = font.render(ellipsize(font, label, room), True, theme.text)
    surface.blit(text, text.get_rect(midleft=(area.left + 4, area.centery)))
    track = scrub_track(area)
    radius = track.h // 2
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.25), track, border_radius=radius)
    fraction = scrub.fraction
    if fraction > 0:
        filled = pygame.Rect(track.left, track.top, max(track.h, round(track.w * fraction)), track.h)
        pygame.draw.rect(surface, theme.tried, filled, border_radius=radius)
    pygame.draw.rect(surface, theme.muted_text, track, 1, border_radius=radius)
    knob = (track.left + round(track.w * fraction), track.centery)
    pygame.draw.circle(surface, theme.queen, knob, max(radius + 4, area.h // 4))
    pygame.draw.circle(surface, theme.panel, knob, max(radius + 4, area.h // 4), 2)
    width = max(3, area.h // 10)
    for mark in scrub.mark_fractions:  # mistakes: a short bar in the conflict colour under the track
        x = track.left + round(track.w * mark)
        pygame.draw.rect(
            surface, theme.conflict, (x - width, track.bottom + 1, 2 * width, area.bottom - track.bottom - 1)
        )
    for failure in scrub.failure_fractions:  # a failure: a flag, before the bookmarks (one may sit there)
        _draw_failure(surface, track, area, failure, theme)
    for i, tick in enumerate(scrub.tick_fractions):  # bookmarks: a mark across the track, over the knob
        x = track.left + round(track.w * tick)
        tall = i == scrub.current  # the bookmark the run stands on
        top = area.top if tall else area.top + area.h // 5
        colour = theme.code_highlight if tall else theme.text
        pygame.draw.rect(surface, colour, (x - width // 2, top, width, area.bottom - top))
