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
    fits. Returns the samples' rects, in that order."""
    shown = MARKS + INSTANCE_MARKS if constrained else MARKS
    area = pygame.Rect(area)
    pygame.draw.rect(surface, theme.panel, area, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.35), area, 1, border_radius=10)
    fit = scale
    while True:
        square, size = max(10, round(26 * fit)), max(9, round(16 * fit))
        title_font = font_for(tr("marks_title", lang), round(size * 1.25), lang, bold=True)
        font = font_for("", size, lang)
        text_left = area.left + PAD + 2 * square + 2 * PAD
        room = area.right - PAD - text_left
        texts = [wrap(font, tr(mark.key, lang), room) for mark in shown]
        heights = [
            max(mark.scene.n * square + 12, len(lines) * font.get_linesize())
            for mark, lines in zip(shown, texts, strict=True)
        ]
        needed = title_font.get_linesize() + PAD + sum(heights) + 6 * len(shown) + 2 * PAD
        if needed <= area.h or fit <= 0.4:
            break
        fit *= 0.9
    clip = surface.get_clip()
    surface.set_clip(area)
    y = area.top + PAD
    surface.blit(title_font.render(tr("marks_title", lang), True, theme.text), (area.left + PAD, y))
    y += title_font.get_linesize() + PAD // 2
    samples = []
    for mark, lines, height in zip(shown, texts, heights, strict=True):
        side = mark.scene.n * square + 12  # the solution frame is drawn outside the squares
        sample = pygame.Rect(0, 0, side, side)
        sample.center = (area.left + PAD + square, y + height // 2)
        draw_board(surface, sample, mark.scene, theme, lang=lang, margin=6, labels=False, badge=False)
        samples.append(sample)
        top = y + (height - len(lines) * font.get_linesize()) // 2
        for k, line in enumerate(lines):
            surface.blit(font.render(line, True, theme.text), (text_left, top + k * font.get_linesize()))
        y += height + 6
    surface.set_clip(clip)
    return samples
