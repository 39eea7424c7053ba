"""Game mode's "how to play" card, drawn where the code panel sits in watch mode."""

from __future__ import annotations

import pygame

from visualizer.look.i18n import tr
from visualizer.look.theme import Theme, blend
from visualizer.render.fonts import font_for, wrap

PAD = 12


def draw_rules(
    surface: pygame.Surface, area: pygame.Rect, theme: Theme, lang: str, relaxed: bool, scale: float = 1.0
) -> None:
    """The rules of the game, the ones in force (strict or relaxed) marked, in type of ``scale``
    (smaller only when the rules would not fit ``area`` whole: never cut)."""
    area = pygame.Rect(area)
    pygame.draw.rect(surface, theme.panel, area, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.35), area, 1, border_radius=10)
    title_text, text = tr("game_rules_title", lang), tr("game_rules_text", lang)
    fit = scale
    while True:
        title_font, font = (
            font_for(title_text, round(20 * fit), lang, bold=True),
            font_for(text, round(16 * fit), lang),
        )
        titles = wrap(title_font, title_text, area.w - 2 * PAD)
        paragraphs = [wrap(font, paragraph, area.w - 2 * PAD - 10) for paragraph in text.split("\n")]
        height = len(titles) * title_font.get_linesize() + 8 + 2 * PAD
        height += sum(len(lines) * font.get_linesize() + 6 for lines in paragraphs)
        if height <= area.h or fit <= 0.5:
            break
        fit *= 0.92
    y = area.y + PAD
    for line in titles:
        surface.blit(title_font.render(line, True, theme.text), (area.x + PAD, y))
        y += title_font.get_linesize()
    y += 8
    in_force = 3 if relaxed else 2  # the paragraph of the rules being played
    for index, lines in enumerate(paragraphs):
        colour = theme.text if index in (0, 1, 4, in_force) else theme.muted_text
        for line in lines:
            if y + font.get_linesize() > area.bottom - PAD // 2:
                return
            if index == in_force:
                pygame.draw.rect(surface, theme.solution, (area.x + PAD, y + 2, 4, font.get_linesize() - 4))
            surface.blit(font.render(line, True, colour), (area.x + PAD + 10, y))
            y += font.get_linesize()
        y += 6
