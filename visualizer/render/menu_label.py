"""The name the control column's algorithm drop-down shows, drawn over it in the controls' text
size on as many lines as it takes (``visualizer/input/name_menu.py`` says why and where)."""

from __future__ import annotations

import pygame

from visualizer.input.name_menu import MenuLabel
from visualizer.render.fonts import get_font

#: How far above the baseline a name's ink reaches, in type sizes (Chinese and capitals).
ABOVE = 0.96


def draw_menu_label(surface: pygame.Surface, label: MenuLabel) -> None:
    """``label``'s lines centred in its box, in Noto Sans SC (the widgets' font), ``label.step``
    apart: each line's image trimmed to its ink (the font's own leading is taller)."""
    font = get_font(label.size, "zh")
    step = label.step
    top = label.rect.centery - step * len(label.lines) // 2
    for k, line in enumerate(label.lines):
        image = font.render(line, True, label.colour)
        trim = max(0, font.get_ascent() - round(ABOVE * label.size))  # the leading above the ink
        band = pygame.Rect(0, trim, image.get_width(), min(step, image.get_height() - trim))
        surface.blit(image, (label.rect.centerx - image.get_width() // 2, top + k * step), band)
