"""The command palette's pixels: a card over the window with what is typed, then the matching
commands, each with its keys, on or off, and greyed when it cannot run here; the chosen one
highlighted. Returns where each row lies, so that a click runs it."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from visualizer.input.palette import Row
from visualizer.look.i18n import tr
from visualizer.look.theme import Theme, blend
from visualizer.render.fonts import ellipsize, font_for
from visualizer.render.panels import dim

PAD = 14


def draw_palette(
    surface: pygame.Surface, query: str, rows: Sequence[Row], theme: Theme, lang: str, scale: float = 1.0
) -> list[tuple[pygame.Rect, int]]:
    """The palette over ``surface``; (row's rect, its index among the matches) for each row drawn."""
    area = surface.get_rect()
    dim(surface, area, 120)
    size = max(12, round(20 * scale))
    font, small = font_for(query + "中", size, lang), font_for("中", max(11, round(15 * scale)), lang)
    row_h = font.get_linesize() + 10
    card = pygame.Rect(0, 0, min(area.w - 40, round(760 * scale)), 0)
    card.h = min(area.h - 40, 2 * PAD + row_h * (max(1, len(rows)) + 1) + 8)
    card.midtop = (area.centerx, max(20, area.h // 8))
    pygame.draw.rect(surface, theme.panel, card, border_radius=10)
    pygame.draw.rect(surface, theme.muted_text, card, 1, border_radius=10)
    inner = card.inflate(-2 * PAD, -2 * PAD)
    box = pygame.Rect(inner.left, inner.top, inner.w, row_h)
    pygame.draw.rect(surface, blend(theme.panel, theme.text, 0.06), box, border_radius=6)
    typed = query or tr("palette_hint", lang)
    ink = theme.text if query else theme.muted_text
    shown = font_for(typed, size, lang).render(ellipsize(font, typed, box.w - 24), True, ink)
    at = shown.get_rect(midleft=(box.left + 8, box.centery))
    surface.blit(shown, at)
    caret = at.right + 2 if query else box.left + 6  # where the next letter goes
    pygame.draw.line(surface, theme.text, (caret, box.top + 6), (caret, box.bottom - 6), max(1, size // 10))
    y = box.bottom + 8
    hits: list[tuple[pygame.Rect, int]] = []
    if not rows:
        said = small.render(tr("palette_none", lang), True, theme.muted_text)
        surface.blit(said, (inner.left + 8, y + 6))
    for i, row in enumerate(rows):
        rect = pygame.Rect(inner.left, y + i * row_h, inner.w, row_h)
        if row.chosen:
            pygame.draw.rect(surface, blend(theme.panel, theme.solution, 0.25), rect, border_radius=6)
        ink = theme.text if row.enabled else blend(theme.panel, theme.muted_text, 0.6)
        state = ""
        if row.on is not None:
            state = tr("palette_on" if row.on else "palette_off", lang)
        if not row.enabled:
            state = tr("palette_unavailable", lang)
        right = "   ".join(part for part in (state, row.keys) if part)
        keys = small.render(right, True, theme.muted_text) if right else None
        room = rect.w - 16 - (keys.get_width() + 16 if keys is not None else 0)
        label_font = font_for(row.text, size, lang)
        label = label_font.render(ellipsize(label_font, row.text, room), True, ink)
        surface.blit(label, label.get_rect(midleft=(rect.left + 8, rect.centery)))
        if keys is not None:
            surface.blit(keys, keys.get_rect(midright=(rect.right - 8, rect.centery)))
        hits.append((rect, row.index))
    return hits
