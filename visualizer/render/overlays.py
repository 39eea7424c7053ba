"""The window's last layers: the status line or a banner above the board, the legend, the help."""

from __future__ import annotations

import pygame

from visualizer.commands import help_rows
from visualizer.look.i18n import tr
from visualizer.look.layout import MARGIN, Layout
from visualizer.look.theme import Theme
from visualizer.render import legend as marks
from visualizer.render.panels import dim, draw_banner, draw_help, draw_status


def draw_overlays(
    surface: pygame.Surface,
    layout: Layout,
    theme: Theme,
    lang: str,
    *,
    banner: tuple[str, str] | None,
    status: tuple[str, str] | None,
    legend: bool,
    help: bool,
    constrained: bool = False,
) -> None:
    """``banner`` (text, kind) or else ``status`` (title, summary) in the status area; the
    legend over the side panel when asked for (with the blocked and given marks while the board
    is ``constrained``); the help (keys, and the legend beside them)."""
    if banner is not None:
        draw_banner(surface, layout.banner, banner[0], theme, lang, banner[1])
    elif status is not None:
        draw_status(surface, layout.banner, status[0], status[1], theme, lang, layout.scale)
    if legend and not help:
        marks.draw_legend(surface, layout.code, theme, lang, layout.scale, constrained=constrained)
    if help:
        rows = [(keys, tr(action, lang)) for keys, action in help_rows()]
        rows.append(("Tab / Shift+Tab", tr("focus_help", lang)))  # not a command: visualizer/input/focus.py
        area, scale = surface.get_rect(), max(1, layout.scale)
        side = pygame.Rect(0, 0, int(area.w * 0.24), int(area.h * 0.86))
        side.midright = (area.right - MARGIN, area.centery)
        keys = pygame.Rect(area.left, area.top, side.left - area.left, area.h)
        draw_help(surface, keys, rows, theme, lang, tr("help_title", lang), scale)
        dim(surface, pygame.Rect(keys.right, 0, area.w - keys.w, area.h), 150)
        marks.draw_legend(surface, side, theme, lang, layout.scale, constrained=constrained)
