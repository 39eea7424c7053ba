"""The narration panel below the board: the current event's sentence, then the log of earlier
events, newest first. Pixels only: it draws the sentences it is given and returns where each log
line lies, so that a click can go back to that moment."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from visualizer.look.i18n import tr
from visualizer.look.layout import LOG_TEXT, SAY_PAD, SAY_TEXT
from visualizer.look.theme import Theme, blend
from visualizer.render.fonts import font_for, wrap

PAD = SAY_PAD


@dataclass(frozen=True)
class NarrationSizes:
    """Font sizes and how many log lines fit in a panel."""

    big: int
    small: int
    log_lines: int


def narration_sizes(area: pygame.Rect, scale: float) -> NarrationSizes:
    """The sentence at 17 px and the log at 14 px times ``scale``, and how many log lines fit under
    a two-line sentence."""
    big, small = max(10, round(SAY_TEXT * scale)), max(9, round(LOG_TEXT * scale))
    room = area.h - 2 * PAD - 2 * font_for("", big).get_linesize() - 6
    lines = max(0, room // (font_for("", small).get_linesize() + 2))
    return NarrationSizes(big, small, lines)


def draw_narration(
    surface: pygame.Surface,
    area: pygame.Rect,
    current: str | None,
    log: Sequence[tuple[int, str]] | None,
    theme: Theme,
    lang: str,
    scale: float = 1.0,
) -> list[tuple[pygame.Rect, int]]:
    """``current`` wrapped on as many lines as it needs (the font shrinks only when they do not fit
    the panel: never cut), then ``log`` ((event index, sentence), oldest first) in the lines left,
    drawn newest first, one line each; either one None is hidden for an exercise (a muted
    "hidden" line stands in its place).
    Returns (rect, event index) of every log line drawn."""
    hidden = tr("hidden_card", lang)
    area = pygame.Rect(area)
    pygame.draw.rect(surface, theme.panel, area, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.35), area, 1, border_radius=10)
    sizes = narration_sizes(area, scale)
    inner = area.inflate(-2 * PAD, -2 * PAD)
    size = sizes.big
    while True:
        font = font_for(current or "", size, lang, bold=True)
        lines = wrap(font, current, inner.w) if current else []  # None: hidden
        if len(lines) * font.get_linesize() <= inner.h or size <= 9:
            break  # never below the panel's edge
        size -= 1
    y = inner.top
    clip = surface.get_clip()
    surface.set_clip(area)
    for line in lines:
        surface.blit(font.render(line, True, theme.text), (inner.left, y))
        y += font.get_linesize()
    if current is None:
        note = font_for(hidden, sizes.small, lang)
        surface.blit(note.render(hidden, True, theme.muted_text), (inner.left, y))
    y = max(y, inner.top + 2 * font_for("", sizes.big).get_linesize()) + 4
    pygame.draw.line(surface, blend(theme.panel, theme.muted_text, 0.4), (inner.left, y), (inner.right, y))
    y += 2
    hits: list[tuple[pygame.Rect, int]] = []
    if log is None:
        note = font_for(hidden, sizes.small, lang)
        surface.blit(note.render(hidden, True, theme.muted_text), (inner.left, y + 1))
        surface.set_clip(clip)
        return hits
    small = font_for("".join(text for _, text in log), sizes.small, lang)
    step = small.get_linesize() + 2
    number_w = small.size(f"{max((i for i, _ in log), default=0) + 1:,}")[0] + PAD
    for index, text in reversed(log):  # each sentence whole, wrapped: one that does not fit ends the log
        lines = wrap(small, text, inner.w - number_w)
        if y + step * len(lines) > inner.bottom + PAD // 2:
            break
        row = pygame.Rect(inner.left, y, inner.w, step * len(lines))
        number = small.render(f"{index + 1:,}", True, theme.muted_text)
        surface.blit(number, number.get_rect(topright=(row.left + number_w - PAD, y + 1)))
        for line in lines:
            surface.blit(small.render(line, True, theme.muted_text), (row.left + number_w, y + 1))
            y += step
        hits.append((row, index))
    surface.set_clip(clip)
    return hits
