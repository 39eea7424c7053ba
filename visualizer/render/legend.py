"""The legend: every mark the board draws, each drawn by the board's own renderer
(``draw_board`` on a one- or two-square sample scene), beside what it means."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame

from visualizer.core.scene import Scene
from visualizer.look.i18n import tr
from visualizer.look.theme import Theme, blend
from visualizer.render.board import draw_board
from visualizer.render.fonts import font_for, wrap

PAD = 12


@dataclass(frozen=True)
class Mark:
    """One legend row: the i18n key of its text and the sample scene drawn beside it."""

    key: str
    scene: Scene


MARKS: tuple[Mark, ...] = (
    Mark("marks_queen", Scene(n=1, queens=(0,))),
    Mark("marks_tried", Scene(n=1, queens=(0,), tried=(0, 0))),
    Mark("marks_refused", Scene(n=1, queens=(None,), tried=(0, 0), refused=(0, 0))),
    Mark("marks_attacker", Scene(n=2, queens=(0, None), tried=(1, 1), refused=(1, 1), blocker=(0, 0))),
    Mark("marks_attacked", Scene(n=1, queens=(None,), attacked=np.ones((1, 1), bool))),
    Mark("marks_lifted", Scene(n=1, queens=(None,), lifted=(0, 0))),
    Mark("marks_moved", Scene(n=2, queens=(1, None), moved=(0, 0, 1), tried=(0, 1))),
    Mark("marks_solution", Scene(n=1, queens=(0,), solution_number=1)),
)
#: The marks of a constrained instance's board, listed after the rest while one is shown.
INSTANCE_MARKS: tuple[Mark, ...] = (
    Mark("marks_blocked", Scene(n=1, queens=(None,), blocked=frozenset({(0, 0)}))),
    Mark("marks_given", Scene(n=1, queens=(0,), given=frozenset({(0, 0)}))),
)


#: A second column of marks only where each meaning keeps this many times the type's size
#: (about 28 Latin letters, 14 Chinese characters).
COLUMN_ROOM = 14


@dataclass(frozen=True)
class LegendFit:
    """The legend's type and samples at one size: the marks shown, the square's side, the text's
    size, its fonts, the meanings' lines and each row's height, and the rows of each column (indices)."""

    marks: tuple[Mark, ...]
    square: int
    size: int
    title_font: pygame.font.Font
    font: pygame.font.Font
    texts: tuple[tuple[str, ...], ...]
    heights: tuple[int, ...]
    columns: tuple[tuple[int, ...], ...]

    def needed(self) -> int:
        """The height the card needs: its title and its tallest column."""
        tallest = max(sum(self.heights[i] + 6 for i in column) for column in self.columns)
        return self.title_font.get_linesize() + PAD + tallest + 2 * PAD


def _fit(shown: tuple[Mark, ...], width: int, lang: str, fit: float, count: int) -> LegendFit | None:
    """The rows at scale ``fit`` in ``count`` columns of a card ``width`` wide, split where the
    taller column is lowest (None: a column leaves its meanings too little room)."""
    square, size = max(10, round(26 * fit)), max(9, round(16 * fit))
    title_font = font_for(tr("marks_title", lang), round(size * 1.25), lang, bold=True)
    font = font_for("", size, lang)
    room = width // count - 2 * square - 4 * PAD
    if count > 1 and room < COLUMN_ROOM * size:
        return None
    texts = tuple(tuple(wrap(font, tr(mark.key, lang), room)) for mark in shown)
    heights = tuple(
        max(mark.scene.n * square + 12, len(lines) * font.get_linesize())
        for mark, lines in zip(shown, texts, strict=True)
    )
    rows = range(len(shown))
    if count == 1:
        columns: tuple[tuple[int, ...], ...] = (tuple(rows),)
    else:
        split = min(range(1, len(shown)), key=lambda k: max(sum(heights[:k]), sum(heights[k:])))
        columns = (tuple(rows[:split]), tuple(rows[split:]))
    return LegendFit(shown, square, size, title_font, font, texts, heights, columns)


def fit_legend(area: pygame.Rect, lang: str, scale: float, constrained: bool = False) -> LegendFit:
    """The legend's largest type from ``scale`` down that fits ``area`` in one column, or in two
    where the card is wide enough for them."""
    shown = MARKS + INSTANCE_MARKS if constrained else MARKS
    fit = scale
    while True:
        for count in (1, 2):
            found = _fit(shown, area.w, lang, fit, count)
            if found is not None and (found.needed() <= area.h or (fit <= 0.4 and count == 1)):
                return found
        fit *= 0.9


def draw_legend(
    surface: pygame.Surface,
    area: pygame.Rect,
    theme: Theme,
    lang: str,
    scale: float = 1.0,
    *,
    constrained: bool = False,
) -> list[pygame.Rect]:
    """A card filling ``area``: a title, then each mark's sample and its meaning (wrapped), the
    ``INSTANCE_MARKS`` too while the board is ``constrained``. The samples shrink until every row
    fits (in two columns where the card is wide). Returns the samples' rects, in that order."""
    area = pygame.Rect(area)
    pygame.draw.rect(surface, theme.panel, area, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.35), area, 1, border_radius=10)
    fit = fit_legend(area, lang, scale, constrained)
    shown = fit.marks
    square, font, line_h = fit.square, fit.font, fit.font.get_linesize()
    clip = surface.get_clip()
    surface.set_clip(area)
    top = area.top + PAD
    surface.blit(fit.title_font.render(tr("marks_title", lang), True, theme.text), (area.left + PAD, top))
    top += fit.title_font.get_linesize() + PAD // 2
    samples: dict[int, pygame.Rect] = {}
    column_w = area.w // len(fit.columns)
    for c, column in enumerate(fit.columns):
        left, y = area.left + c * column_w, top
        text_left = left + PAD + 2 * square + 2 * PAD
        for index in column:
            mark, lines, height = shown[index], fit.texts[index], fit.heights[index]
            side = mark.scene.n * square + 12  # the solution frame is drawn outside the squares
            sample = pygame.Rect(0, 0, side, side)
            sample.center = (left + PAD + square, y + height // 2)
            draw_board(surface, sample, mark.scene, theme, lang=lang, margin=6, labels=False, badge=False)
            samples[index] = sample
            first = y + (height - len(lines) * line_h) // 2
            for k, line in enumerate(lines):
                surface.blit(font.render(line, True, theme.text), (text_left, first + k * line_h))
            y += height + 6
    surface.set_clip(clip)
    return [samples[i] for i in range(len(shown))]
