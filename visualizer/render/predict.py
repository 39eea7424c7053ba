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
    """The question card at the top of ``area``, every line of it wrapped, its type at ``scale``
    (smaller only when the card would not fit ``area`` whole); returns its bottom (the code panel
    goes below)."""
    area = pygame.Rect(area)
    outcome = {"right": theme.solution, "wrong": theme.conflict}.get(card.outcome, theme.text)
    fit = scale
    while True:
        blocks, titles = _card_lines(card, area.w - 2 * PAD, theme, lang, fit)
        height = sum(font.get_linesize() for font, _, _ in blocks) + 2 * PAD + 12
        if height <= area.h or fit <= 0.5:
            break
        fit *= 0.92
    rect = pygame.Rect(area.x, area.y, area.w, min(height, area.h))
    pygame.draw.rect(surface, theme.panel, rect, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, outcome, 0.6), rect, 2, border_radius=10)
    y = rect.y + PAD
    for index, (font, line, colour) in enumerate(blocks):
        if y + font.get_linesize() > rect.bottom - PAD // 2:
            break
        surface.blit(font.render(line, True, colour), (rect.x + PAD, y))
        y += font.get_linesize() + (6 if index == titles - 1 else 0)
    return rect.bottom


def _card_lines(
    card: PredictCard, width: int, theme: Theme, lang: str, scale: float
) -> tuple[list[tuple[pygame.font.Font, str, Colour]], int]:
    """The card's lines (font, text, colour) wrapped to ``width`` at text ``scale`` (the title's,
    the question's, the verdict's and the why's), and how many are the title's."""
    title_font = font_for(card.title, round(20 * scale), lang, bold=True)
    text_font = font_for(card.question + card.why, round(16 * scale), lang)
    bold_font = font_for(card.verdict, round(17 * scale), lang, bold=True)
    blocks = [(title_font, line, theme.text) for line in wrap(title_font, card.title, width)]
    blocks += [(text_font, line, theme.text) for line in wrap(text_font, card.question, width)]
    outcome = {"right": theme.solution, "wrong": theme.conflict}.get(card.outcome, theme.text)
    ink = legible(outcome, theme.panel)  # the verdict's words; the frame keeps the mark's own colour
    if card.verdict:
        blocks += [(bold_font, line, ink) for line in wrap(bold_font, card.verdict, width)]
    if card.why:
        blocks += [(text_font, line, theme.muted_text) for line in wrap(text_font, card.why, width)]
    return blocks, len(wrap(title_font, card.title, width))
