"""The side panel's conflicts chart for min-conflicts: conflicts remaining after each repair."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pygame

from visualizer.look.i18n import tr
from visualizer.look.theme import Theme, blend, legible
from visualizer.render.fonts import ellipsize, fitted, font_for, get_font

PAD = 12


def chart_points(values: Sequence[int], plot: pygame.Rect, top: int) -> list[tuple[int, int]]:
    """Pixel points of ``values`` in ``plot`` (y = 0 at the bottom, ``top`` at the top).

    More values than pixel columns are thinned to one value per column (the last of each),
    so a long run still costs O(width) to draw.
    """
    count = len(values)
    if count == 0:
        return []
    data = np.asarray(values, dtype=float)
    columns = max(2, plot.w)
    if count > columns:
        picks = np.linspace(0, count - 1, columns).round().astype(int)
        xs, ys = picks, data[picks]
    else:
        xs, ys = np.arange(count), data
    span = max(1, count - 1)
    px = plot.left + np.round(xs * (plot.w - 1) / span).astype(int)
    py = plot.bottom - 1 - np.round(ys * (plot.h - 1) / max(1, top)).astype(int)
    return list(zip(px.tolist(), py.tolist(), strict=True))


def count_text(count: int, key: str, lang: str) -> str:
    """``count`` with its noun, singular or plural: ``key`` + "_one" / "_many" in visualizer/look/i18n.py.

    >>> count_text(1, "n_conflicts", "en"), count_text(2, "n_conflicts", "en")
    ('1 conflict', '2 conflicts')
    """
    return tr(f"{key}_{'one' if count == 1 else 'many'}", lang, count=f"{count:,}")


def chart_status(values: Sequence[int], restarts: Sequence[int], solved: bool, lang: str) -> str:
    """The line under the chart's title: conflicts now, repairs and restarts, or that it is solved."""
    repairs = count_text(len(values), "n_repairs", lang)
    if solved:
        return tr(
            "chart_solved", lang, repairs=repairs, restarts=count_text(len(restarts), "n_restarts", lang)
        )
    if not values:
        return tr("chart_empty", lang)
    return tr("chart_now", lang, conflicts=count_text(values[-1], "n_conflicts", lang), repairs=repairs)


def draw_conflicts_chart(
    surface: pygame.Surface,
    area: pygame.Rect,
    values: Sequence[int],
    theme: Theme,
    lang: str = "en",
    *,
    restarts: Sequence[int] = (),
    solved: bool = False,
    scale: float = 1.0,
) -> pygame.Rect:
    """A line chart of ``values`` (conflicts left after each repair) in ``area``, a dashed line
    at each restart and a solution dot at 0 once solved, its texts at text size ``scale``; returns
    the plot rect."""
    area = pygame.Rect(area)

    def pt(points: int) -> int:
        return max(8, round(points * scale))

    pygame.draw.rect(surface, theme.panel, area, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.35), area, 1, border_radius=10)
    title_font = fitted(tr("chart_title", lang), pt(18), area.w - 2 * PAD, lang, bold=True)
    title = title_font.render(
        ellipsize(title_font, tr("chart_title", lang), area.w - 2 * PAD), True, theme.text
    )
    surface.blit(title, (area.x + PAD, area.y + PAD))
    now = 0 if solved else (values[-1] if values else None)
    status_text = chart_status(values, restarts, solved, lang)
    status_font = fitted(status_text, pt(15), area.w - 2 * PAD, lang)
    status = status_font.render(ellipsize(status_font, status_text, area.w - 2 * PAD), True, theme.muted_text)
    surface.blit(status, (area.x + PAD, area.y + PAD + title.get_height() + 4))
    top_value = max(values) if values else 1
    number_font = get_font(pt(13), "en")
    axis_font = font_for(tr("chart_y", lang), pt(14), lang)
    left = area.x + PAD + max(number_font.size(f"{top_value:,}")[0], axis_font.get_height()) + 8
    plot_top = area.y + PAD + title.get_height() + status.get_height() + 16
    x_label_h = axis_font.get_height() + number_font.get_height() + 6
    plot = pygame.Rect(
        left, plot_top, max(10, area.right - PAD - left), max(10, area.bottom - PAD - x_label_h - plot_top)
    )
    grid = blend(theme.panel, theme.muted_text, 0.3)
    for k in range(5):  # horizontal grid lines at 0, 1/4, ..., top
        y = plot.bottom - 1 - round(k * (plot.h - 1) / 4)
        pygame.draw.line(surface, grid, (plot.left, y), (plot.right - 1, y))
    pygame.draw.line(surface, theme.muted_text, (plot.left, plot.top), (plot.left, plot.bottom - 1))
    pygame.draw.line(
        surface, theme.muted_text, (plot.left, plot.bottom - 1), (plot.right - 1, plot.bottom - 1)
    )
    for value, y in ((top_value, plot.top), (0, plot.bottom - 1)):
        label = number_font.render(f"{value:,}", True, theme.muted_text)
        surface.blit(label, label.get_rect(midright=(plot.left - 4, y)))
    end = number_font.render(f"{max(len(values), 1):,}", True, theme.muted_text)
    surface.blit(end, end.get_rect(topright=(plot.right, plot.bottom + 2)))
    surface.blit(number_font.render("1", True, theme.muted_text), (plot.left, plot.bottom + 2))
    x_font = fitted(tr("chart_x", lang), pt(14), plot.w, lang)
    x_label = x_font.render(ellipsize(x_font, tr("chart_x", lang), plot.w), True, theme.muted_text)
    surface.blit(x_label, x_label.get_rect(midtop=(plot.centerx, plot.bottom + 2 + number_font.get_height())))
    y_font = fitted(tr("chart_y", lang), pt(14), plot.h, lang)
    y_text = ellipsize(y_font, tr("chart_y", lang), plot.h)
    y_label = pygame.transform.rotate(y_font.render(y_text, True, theme.muted_text), 90)
    surface.blit(y_label, y_label.get_rect(midleft=(area.x + 4, plot.centery)))
    # a restart or a solution after the last repair gets room of its own at the right
    trailing = solved or bool(restarts and restarts[-1] >= len(values))
    line = pygame.Rect(plot.x, plot.y, plot.w - (40 if trailing and values else 0), plot.h)
    span = max(1, len(values) - 1)
    restart_font = get_font(pt(12), lang)
    for k, repairs in enumerate(restarts):  # a restart: dashed, between repair ``repairs`` and the next
        if repairs >= len(values):
            x = line.right + 12 if values else plot.left + 12
        else:
            x = line.left + round(max(repairs - 0.5, 0) * (line.w - 1) / span)
        for y in range(plot.top, plot.bottom, 8):
            pygame.draw.line(surface, theme.lifted, (x, y), (x, min(y + 4, plot.bottom - 1)), 2)
        if k == len(restarts) - 1 or len(restarts) <= 3:
            mark = restart_font.render(tr("chart_restart", lang), True, legible(theme.lifted, theme.panel))
            right = max(x - 3, plot.left + mark.get_width())
            surface.blit(mark, mark.get_rect(topright=(right, plot.top + 2)))
    points = chart_points(values, line, top_value)
    if len(points) == 1:
        pygame.draw.circle(surface, theme.conflict, points[0], 3)
    elif points:
        pygame.draw.lines(surface, theme.conflict, False, points, 2)
        pygame.draw.circle(surface, theme.conflict, points[-1], 4)
    if solved or (now == 0 and points):  # solved: a point at 0 (a restart's greedy start may be it)
        zero = (plot.right - 6, plot.bottom - 1)
        if points and points[-1] != zero:
            pygame.draw.line(surface, theme.solution, points[-1], zero, 2)
        pygame.draw.circle(surface, theme.solution, zero, 6)
    return plot
