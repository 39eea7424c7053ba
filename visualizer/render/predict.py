"""Predict mode's pixels: the mark of a right guess on the board, and the card that asks the
question and says the last verdict. Reads what it is given; changes nothing."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from visualizer.look.theme import Colour, Theme, blend, legible
from visualizer.render.board_geometry import BoardGeometry
from visualizer.render.fonts import font_for, wrap
from visualizer.render.shapes import draw_check, ink_on

PAD = 12


@dataclass(frozen=True)
class PredictCard:
    """What the card says, already translated: title, question, verdict line (and its colour
    key: "right", "wrong" or ""), why, and the score line."""

    title: str
    question: str
    verdict: str = ""
    outcome: str = ""
    why: str = ""


def draw_right_guess(
    surface: pygame.Surface, geo: BoardGeometry, square: tuple[int, int], theme: Theme
) -> None:
    """A ring in the solution colour round the guessed square, with a check badge in its corner."""
    rect = geo.square_rect(*square)
    width = int(max(3, min(8, geo.square // 10)))
    pygame.draw.rect(surface, theme.solution, rect.inflate(width, width), width)
    badge = pygame.Rect(0, 0, max(10, rect.w // 3), max(10, rect.h // 3))
    badge.topright = rect.topright
    pygame.draw.rect(surface, theme.solution, badge)
    draw_check(surface, ink_on(theme.solution), badge.inflate(-4, -4), max(2, badge.w // 6))


def draw_card(
    surface: pygame.Surface, area: pygame.Rect, card: PredictCard, theme: Theme, lang: str, scale: float
) -> int:
    """The question card at the top of ``area``; returns its bottom (the code panel goes below)."""
    area = pygame.Rect(area)
    inner_w = area.w - 2 * PAD
    title_font = font_for(card.title, round(20 * scale), lang, bold=True)
    text_font = font_for(card.question + card.why, round(16 * scale), lang)
    bold_font = font_for(card.verdict, round(17 * scale), lang, bold=True)
    blocks: list[tuple[pygame.font.Font, str, Colour]] = [(title_font, card.title, theme.text)]
    blocks += [(text_font, line, theme.text) for line in wrap(text_font, card.question, inner_w)]
    outcome = {"right": theme.solution, "wrong": theme.conflict}.get(card.outcome, theme.text)
    ink = legible(outcome, theme.panel)  # the verdict's words; the frame keeps the mark's own colour
    if card.verdict:
        blocks += [(bold_font, line, ink) for line in wrap(bold_font, card.verdict, inner_w)]
    if card.why:
        blocks += [(text_font, line, theme.muted_text) for line in wrap(text_font, card.why, inner_w)]
    height = sum(font.get_linesize() for font, _, _ in blocks) + 2 * PAD + 12
    rect = pygame.Rect(area.x, area.y, area.w, min(height, area.h))
    pygame.draw.rect(surface, theme.panel, rect, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, outcome, 0.6), rect, 2, border_radius=10)
    y = rect.y + PAD
    for index, (font, line, colour) in enumerate(blocks):
        if y + font.get_linesize() > rect.bottom - PAD // 2:
            break
        surface.blit(font.render(line, True, colour), (rect.x + PAD, y))
        y += font.get_linesize() + (6 if index == 0 else 0)
    return rect.bottom
