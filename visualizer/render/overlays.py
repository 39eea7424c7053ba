"""The window's last layers: the status line or a banner above the board, the legend, the help."""

from __future__ import annotations

import pygame

from visualizer.commands import help_rows
from visualizer.look.i18n import tr
from visualizer.look.layout import LOG_TEXT, MARGIN, Layout
from visualizer.look.theme import Theme
from visualizer.render import legend as marks
from visualizer.render.help import HelpCard, draw_help, plan_help
from visualizer.render.panels import dim, draw_banner, draw_status


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
    help_page: int = 0,
) -> HelpCard | None:
    """``banner`` (text, kind) or else ``status`` (title, summary) in the status area; the
    legend over the side panel when asked for (with the blocked and given marks while the board
    is ``constrained``); the help (page ``help_page`` of the keys, and the legend beside them):
    what it drew, or None."""
    if banner is not None:
        draw_banner(surface, layout.banner, banner[0], theme, lang, banner[1])
    elif status is not None:
        draw_status(surface, layout.banner, status[0], status[1], theme, lang, layout.scale)
    if legend and not help:
        marks.draw_legend(surface, layout.code, theme, lang, layout.scale, constrained=constrained)
    if not help:
        return None
    keys, side = help_areas(surface.get_size())
    rows, scale = help_entries(lang), max(1, layout.scale)
    card = draw_help(
        surface, keys, rows, theme, lang, tr("help_title", lang), scale, help_floor(layout), help_page
    )
    dim(surface, pygame.Rect(keys.right, 0, surface.get_width() - keys.w, surface.get_height()), 150)
    marks.draw_legend(surface, side, theme, lang, layout.scale, constrained=constrained)
    return card


def help_entries(lang: str) -> list[tuple[str, str]]:
    """The help's rows in ``lang``: every command's keys and what they do, then Tab's."""
    rows = [(keys, tr(action, lang)) for keys, action in help_rows()]
    rows.append(("Tab / Shift+Tab", tr("focus_help", lang)))  # not a command: visualizer/input/focus.py
    return rows


def help_areas(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The help's two parts in a window of ``size``: the keys' area (the left) and the legend's."""
    area = pygame.Rect((0, 0), size)
    side = pygame.Rect(0, 0, int(area.w * 0.24), int(area.h * 0.86))
    side.midright = (area.right - MARGIN, area.centery)
    return pygame.Rect(area.left, area.top, side.left - area.left, area.h), side


def help_floor(layout: Layout) -> int:
    """The least type of the help's rows: the window's smallest running text at its text size (the
    narration's log and the scrub bar's label, ``LOG_TEXT`` times the scale) or the controls'
    text, whichever is larger. Rows that do not fit at it go onto more pages instead of shrinking."""
    return max(layout.control_text, round(LOG_TEXT * layout.scale))


def help_pages(size: tuple[int, int], layout: Layout, lang: str) -> int:
    """How many pages the help has in a window of ``size`` (what ``draw_overlays`` would draw)."""
    keys, _ = help_areas(size)
    rows = tuple(help_entries(lang))
    scale = max(1, layout.scale)
    return len(plan_help(rows, keys.size, lang, tr("help_title", lang), scale, help_floor(layout)).rows.pages)
