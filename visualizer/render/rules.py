"""Game mode's "how to play" card, drawn where the code panel sits in watch mode."""

from __future__ import annotations

import pygame

from visualizer.look.i18n import tr
from visualizer.look.theme import Theme, blend
from visualizer.render.fonts import font_for, wrap

PAD = 12


def draw_rules(surface: pygame.Surface, area: pygame.Rect, theme: Theme, lang: str, relaxed: bool) -> None:
    """The rules of the game, the ones in force (strict or relaxed) marked."""
    area = pygame.Rect(area)
    pygame.draw.rect(surface, theme.panel, area, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.35), area, 1, border_radius=10)
    title_text = tr("game_rules_title", lang)
    title = font_for(title_text, 20, lang, bold=True).render(title_text, True, theme.text)
    surface.blit(title, (area.x + PAD, area.y + PAD))
    y = area.y + PAD + title.get_height() + 8
    font = font_for(tr("game_rules_text", lang), 16, lang)
    in_force = 3 if relaxed else 2  # the paragraph of the rules being played
    for index, paragraph in enumerate(tr("game_rules_text", lang).split("\n")):
        colour = theme.text if index in (0, 1, 4, in_force) else theme.muted_text
        for line in wrap(font, paragraph, area.w - 2 * PAD - 10):
            if y + font.get_linesize() > area.bottom - PAD:
                return
            if index == in_force:
                pygame.draw.rect(surface, theme.solution, (area.x + PAD, y + 2, 4, font.get_linesize() - 4))
            surface.blit(font.render(line, True, colour), (area.x + PAD + 10, y))
            y += font.get_linesize()
        y += 6
