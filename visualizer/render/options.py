"""The side panel's options view: a bar for each empty row and each free column, as tall as the
squares it has left, the fewest in the accent colour (what MRV and dancing links choose by)."""

from __future__ import annotations

import pygame

from visualizer.core.options import Counts, OptionsModel
from visualizer.look.i18n import tr
from visualizer.look.theme import Theme, blend
from visualizer.render.fonts import ellipsize, fitted, get_font

PAD = 12


def draw_options(
    surface: pygame.Surface,
    area: pygame.Rect,
    model: OptionsModel,
    theme: Theme,
    lang: str,
    scale: float = 1.0,
) -> None:
    """The title, the rows' bars, then the columns' bars, each group with its own baseline; texts at
    text size ``scale``."""
    area = pygame.Rect(area)
    pygame.draw.rect(surface, theme.panel, area, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.35), area, 1, border_radius=10)
    title_text = tr("options_title", lang)
    title_font = fitted(title_text, _pt(18, scale), area.w - 2 * PAD, lang, bold=True)
    title = title_font.render(ellipsize(title_font, title_text, area.w - 2 * PAD), True, theme.text)
    surface.blit(title, (area.x + PAD, area.y + PAD))
    fewest = model.fewest
    status_text = tr("options_full", lang) if fewest is None else tr("options_fewest", lang, k=fewest)
    status_font = fitted(status_text, _pt(15, scale), area.w - 2 * PAD, lang)
    status = status_font.render(ellipsize(status_font, status_text, area.w - 2 * PAD), True, theme.muted_text)
    top = area.y + PAD + title.get_height() + 4
    surface.blit(status, (area.x + PAD, top))
    top += status.get_height() + 8
    half = max(40, (area.bottom - PAD - top) // 2)
    for index, (key, counts) in enumerate((("options_rows", model.rows), ("options_cols", model.cols))):
        group = pygame.Rect(area.x + PAD, top + index * half, area.w - 2 * PAD, half - 6)
        _draw_group(surface, group, tr(key, lang), counts, model.n, fewest, theme, lang, scale)


def _draw_group(
    surface: pygame.Surface,
    area: pygame.Rect,
    label: str,
    counts: Counts,
    n: int,
    fewest: int | None,
    theme: Theme,
    lang: str,
    scale: float,
) -> None:
    label_font = fitted(label, _pt(14, scale), area.w, lang, bold=True)
    if label_font.get_height() > area.h:
        return  # no room even for the group's name
    surface.blit(label_font.render(ellipsize(label_font, label, area.w), True, theme.text), area.topleft)
    size = max(8, min(_pt(13, scale), area.w // max(1, 3 * n)))
    room = area.h - label_font.get_height() - 6 - 8  # two lines of numbers and a bar of 8 px at least
    while size > 8 and 2 * get_font(size, "en").get_height() > room:
        size -= 1
    number_font = get_font(size, "en")
    line = number_font.get_height()
    if 2 * line > room:
        return  # no room for the bars' numbers: the name alone
    plot = pygame.Rect(area.x, area.y + label_font.get_height() + line + 4, area.w, 0)
    plot.height = max(8, area.bottom - line - 2 - plot.y)
    pygame.draw.line(surface, theme.muted_text, (plot.left, plot.bottom), (plot.right, plot.bottom))
    if not counts:
        return
    slot = plot.w / n  # every row or column keeps its place, filled or not
    width = max(2, int(slot * 0.7))
    for item, left in counts:
        x = plot.x + int(item * slot + (slot - width) / 2)
        height = round(plot.h * left / max(1, n))
        colour = theme.tried if left == fewest else blend(theme.panel, theme.text, 0.45)
        if height:
            pygame.draw.rect(surface, colour, (x, plot.bottom - height, width, height))
        centre = x + width // 2
        value = number_font.render(str(left), True, theme.tried if left == fewest else theme.text)
        surface.blit(value, value.get_rect(midbottom=(centre, plot.bottom - height - 1)))
        name = number_font.render(str(item + 1), True, theme.muted_text)
        surface.blit(name, name.get_rect(midtop=(centre, plot.bottom + 2)))


def _pt(points: int, scale: float) -> int:
    """A font size of ``points`` at text size ``scale``."""
    return max(8, round(points * scale))
