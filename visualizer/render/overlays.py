"""The window's last layers: the status line or a banner above the board, the legend, the help."""

from __future__ import annotations

import pygame

from visualizer.commands import help_rows
from visualizer.look.i18n import tr
from visualizer.look.layout import LOG_TEXT, MARGIN, Layout
from visualizer.look.theme import Theme
from visualizer.render import legend as marks
from visualizer.render.help import HelpCard, HelpPlan, draw_help, plan_help
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
    is ``constrained``); the help (page ``help_page`` of the keys, and the legend beside them or,
    when the keys take pages, on a page of its own after theirs): what it drew, or None."""
    if banner is not None:
        draw_banner(surface, layout.banner, banner[0], theme, lang, banner[1])
    elif status is not None:
        draw_status(surface, layout.banner, status[0], status[1], theme, lang, layout.scale)
    if legend and not help:
        marks.draw_legend(surface, layout.code, theme, lang, layout.scale, constrained=constrained)
    if not help:
        return None
    keys, side = help_areas(surface.get_size(), layout, lang)
    rows, scale, title = help_entries(lang), max(1, layout.scale), tr("help_title", lang)

    def legend_page(room: pygame.Rect) -> None:
        marks.draw_legend(surface, room, theme, lang, scale, constrained=constrained)

    last = legend_page if side is None else None
    card = draw_help(surface, keys, rows, theme, lang, title, scale, help_floor(layout), help_page, last)
    if side is not None:
        dim(surface, pygame.Rect(keys.right, 0, surface.get_width() - keys.w, surface.get_height()), 150)
        marks.draw_legend(surface, side, theme, lang, layout.scale, constrained=constrained)
    return card


def help_entries(lang: str) -> list[tuple[str, str]]:
    """The help's rows in ``lang``: every command's keys and what they do, then Tab's."""
    rows = [(keys, tr(action, lang)) for keys, action in help_rows()]
    rows.append(("Tab / Shift+Tab", tr("focus_help", lang)))  # not a command: visualizer/input/focus.py
    return rows


def help_areas(size: tuple[int, int], layout: Layout, lang: str) -> tuple[pygame.Rect, pygame.Rect | None]:
    """The help's parts in a window of ``size``: the keys' area (the left) and the legend's beside
    it (the right) when the keys fit one page there; else the whole window for the keys, and the
    legend a page of its own after theirs (None: it has no area beside them)."""
    area = pygame.Rect((0, 0), size)
    side = pygame.Rect(0, 0, int(area.w * 0.24), int(area.h * 0.86))
    side.midright = (area.right - MARGIN, area.centery)
    keys = pygame.Rect(area.left, area.top, side.left - area.left, area.h)
    if len(_plan(keys, layout, lang).rows.pages) == 1:
        return keys, side
    return area, None


def _plan(area: pygame.Rect, layout: Layout, lang: str, extra: int = 0) -> HelpPlan:
    """The help's plan in ``area`` (render/help.py's ``plan_help``, cached)."""
    rows, title = tuple(help_entries(lang)), tr("help_title", lang)
    return plan_help(rows, area.size, lang, title, max(1, layout.scale), help_floor(layout), extra)


def help_floor(layout: Layout) -> int:
    """The least type of the help's rows: the window's smallest running text at its text size (the
    narration's log and the scrub bar's label, ``LOG_TEXT`` times the scale) or the controls'
    text, whichever is larger. Rows that do not fit at it go onto more pages instead of shrinking."""
    return max(layout.control_text, round(LOG_TEXT * layout.scale))


def help_pages(size: tuple[int, int], layout: Layout, lang: str) -> int:
    """How many pages the help has in a window of ``size`` (what ``draw_overlays`` would draw):
    the keys' pages, and the legend's when it is not beside them."""
    keys, side = help_areas(size, layout, lang)
    extra = 0 if side is not None else 1
    return len(_plan(keys, layout, lang, extra).rows.pages) + extra
