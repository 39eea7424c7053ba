"""Panels and overlays: counters, pseudo-code, progress, message banner, status line.

Text is sized for a projector: numbers large, labels smaller, every string already translated
or looked up through ``visualizer.look.i18n``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from visualizer.look.i18n import STRINGS, tr
from visualizer.look.layout import STATUS_TEXT, counters_need
from visualizer.look.theme import Colour, Theme, blend, legible
from visualizer.render.fonts import (
    displayable,
    ellipsize,
    font_for,
    get_font,
    get_mono_font,
    largest,
    needs_cjk,
    wrap,
    wrap_exact,
    wrapped,
)
from visualizer.render.shapes import draw_check, ink_on

#: Counters in the order a class reads them; others in the dict follow in their own order.
COUNTER_ORDER = ("attempts", "placements", "backtracks", "solutions", "checks", "repairs")
PAD = 12


def _card(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """A panel background with a thin border."""
    pygame.draw.rect(surface, theme.panel, rect, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.35), rect, 1, border_radius=10)


def _label(key: str, lang: str) -> str:
    return tr(key, lang) if key in STRINGS else key


def _format(value: int) -> str:
    return f"{value:,}"


def draw_counters(
    surface: pygame.Surface,
    area: pygame.Rect,
    counters: dict[str, int],
    extras: dict[str, str],
    theme: Theme,
    lang: str,
    scale: float = 1.0,
    least: int = 0,
) -> None:
    """The counters as label / big number rows, solutions emphasised, then ``extras`` smaller;
    shrunk to fit ``area``, labels never below ``least`` pixels (the controls' text size). A strip
    (six times as wide as high) shows them in one row, and an area where the rows do not fit at
    ``least`` (the presenter's column) in a grid of cells, each label over its value."""
    area = pygame.Rect(area)
    _card(surface, area, theme)
    keys = [k for k in COUNTER_ORDER if k in counters] + [k for k in counters if k not in COUNTER_ORDER]
    cells = [(_label(k, lang), _format(counters[k]), k == "solutions") for k in keys]
    cells += [(name, text, False) for name, text in extras.items()]
    if area.w >= 6 * area.h:  # a strip: the counters in one row
        _counter_row(surface, area, cells, theme, lang)
        return
    if counters_need(len(keys), len(extras), max(0.45, least / 17)) > area.h:
        _counter_grid(surface, area, cells, theme, lang)
        return
    # Shrink until every row fits: rows of counters at ``big``, extras at ``small``.
    fit = scale
    while counters_need(len(keys), len(extras), fit) > area.h and fit > max(0.45, least / 17):
        fit = max(fit * 0.9, least / 17)
    label_size, big, small = round(17 * fit), round(30 * fit), round(18 * fit)
    inner = area.inflate(-2 * PAD, -2 * PAD)
    y = inner.top
    for key in keys:
        emphasis = key == "solutions"
        row_h = big + 10
        row = pygame.Rect(inner.left, y, inner.w, row_h)
        tint = blend(theme.panel, theme.solution, 0.18)
        if emphasis:
            band = row.inflate(PAD, 0)
            pygame.draw.rect(surface, tint, band, border_radius=6)
            pygame.draw.rect(surface, theme.solution, (band.left, band.top, 5, band.h), border_radius=2)
        shown = _format(counters[key])  # "0.0 秒": a value may hold a Chinese unit
        value = font_for(shown, big, lang, bold=True).render(
            shown, True, legible(theme.solution, tint) if emphasis else theme.text
        )
        _blit_in_band(surface, value, value.get_rect(midright=(row.right - 4, row.centery)), row_h + PAD)
        label_font = get_font(label_size, lang, bold=emphasis)
        text = ellipsize(label_font, _label(key, lang), row.w - value.get_width() - 20)
        label = label_font.render(text, True, theme.text if emphasis else theme.muted_text)
        surface.blit(label, label.get_rect(midleft=(row.left + 8, row.centery)))
        y += row_h
    if extras and keys:  # a rule between the counters and the extras
        y += 4
        pygame.draw.line(
            surface, blend(theme.panel, theme.muted_text, 0.4), (inner.left, y), (inner.right, y)
        )
        y += 4
    for name, value_text in extras.items():
        row = pygame.Rect(inner.left, y, inner.w, small + 8)
        value = font_for(value_text, small, lang, bold=True).render(value_text, True, theme.text)
        _blit_in_band(surface, value, value.get_rect(midright=(row.right - 4, row.centery)), row.h + 4)
        label_font = font_for(name, small, lang)
        image = label_font.render(
            ellipsize(label_font, name, row.w - value.get_width() - 20), True, theme.muted_text
        )
        _blit_in_band(surface, image, image.get_rect(midleft=(row.left + 8, row.centery)), row.h + 4)
        y += small + 8


def _blit_in_band(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, band: int) -> None:
    """``image`` at ``rect``, its empty leading above and below the glyphs trimmed to ``band``
    pixels round its middle (large type's line is taller than a counter's row)."""
    trim = max(0, (rect.h - band) // 2)
    surface.blit(image, rect.move(0, trim), pygame.Rect(0, trim, rect.w, rect.h - 2 * trim))


def _counter_grid(
    surface: pygame.Surface, area: pygame.Rect, cells: list[tuple[str, str, bool]], theme: Theme, lang: str
) -> None:
    """``cells`` in rows of cells (``_counter_row``), as many a row as gives the largest type."""
    best = (0, 1)
    for columns in range(1, len(cells) + 1):
        rows = -(-len(cells) // columns)
        inner = pygame.Rect(area).inflate(-PAD, -PAD // 2)
        key = tuple((label, len(value)) for label, value, _ in cells)
        size = _row_size(inner.w // columns, int((area.h // rows - PAD // 2) * 0.44), key, lang)
        best = max(best, (size, columns))
    columns = best[1]
    rows = -(-len(cells) // columns)
    for row in range(rows):
        band = pygame.Rect(area.x, area.y + row * (area.h // rows), area.w, area.h // rows)
        _counter_row(surface, band, cells[row * columns : (row + 1) * columns], theme, lang, columns)


def _counter_row(
    surface: pygame.Surface,
    area: pygame.Rect,
    cells: list[tuple[str, str, bool]],
    theme: Theme,
    lang: str,
    slots: int = 0,
) -> None:
    """``cells`` (label, value, emphasised) side by side in ``area`` (in ``slots`` equal parts of it,
    if given): each label small over its value, in the largest type at which every cell fits its
    share of the width."""
    inner = area.inflate(-PAD, -PAD // 2)
    each = inner.w // max(1, slots or len(cells))
    # the type size: measured again only when a label, the room or a value's length changes
    big = _row_size(each, int(inner.h * 0.44), tuple((label, len(value)) for label, value, _ in cells), lang)
    small = max(9, int(big * 0.5))
    for k, (label, value, emphasis) in enumerate(cells):
        cell = pygame.Rect(inner.x + k * each, inner.y, each, inner.h)
        if emphasis:
            pygame.draw.rect(surface, blend(theme.panel, theme.solution, 0.18), cell, border_radius=6)
        text = font_for(label, small, lang).render(label, True, theme.text if emphasis else theme.muted_text)
        surface.blit(text, text.get_rect(midtop=(cell.centerx, cell.y + 2)))
        ink = legible(theme.solution, blend(theme.panel, theme.solution, 0.18)) if emphasis else theme.text
        number = font_for(value, big, lang, bold=True).render(value, True, ink)
        surface.blit(number, number.get_rect(midbottom=(cell.centerx, cell.bottom - 2)))


@functools.lru_cache(maxsize=64)
def _row_size(each: int, big: int, cells: tuple[tuple[str, int], ...], lang: str) -> int:
    """The largest value size up to ``big`` at which every cell's label (at half of it) and a value
    of its length in digits fit ``each`` pixels."""

    def fits(size: int) -> bool:
        small, values = max(9, int(size * 0.5)), get_font(size, "en", bold=True)
        return all(
            max(values.size("8" * length)[0], font_for(label, small, lang).size(label)[0]) <= each - 8
            for label, length in cells
        )

    return largest(10, max(10, big), fits)


def draw_marker(surface: pygame.Surface, colour: Colour, rect: pygame.Rect) -> None:
    """A ▶ play-style triangle fitted in ``rect`` (a polygon, not a font glyph)."""
    h = min(rect.h, rect.w) * 0.8
    cx, cy = rect.centerx, rect.centery
    pygame.draw.polygon(
        surface,
        colour,
        [(cx - h * 0.4, cy - h / 2), (cx - h * 0.4, cy + h / 2), (cx + h * 0.5, cy)],
    )


@dataclass(frozen=True)
class CodeRow:
    """One screen row of the code panel: a piece of source line ``index`` drawn from ``x``."""

    index: int
    text: str
    x: int
    first: bool  # the line's first row: its number and the marker go here


@dataclass(frozen=True)
class CodeLayout:
    """The code panel's rows at font ``size``: every line wrapped to the panel, none cut."""

    size: int
    rows: tuple[CodeRow, ...]
    text_left: int
    right: int
    line_h: int


def code_font(line: str, size: int) -> pygame.font.Font:
    """Fira Code, or Noto Sans SC for a line with Chinese in it."""
    return get_font(size, "zh") if needs_cjk(line) else get_mono_font(size)


def layout_code(lines: Sequence[str], area: pygame.Rect, scale: float = 1.0) -> CodeLayout:
    """``_layout_code``, kept for the same listing, panel and text size: a frame lays the code out
    only when one of them changed (wrapping a listing measures every line: 0.2 s on a busy machine)."""
    return _layout_code(tuple(lines), tuple(pygame.Rect(area)), scale)


@lru_cache(maxsize=32)
def _layout_code(lines: tuple[str, ...], box: tuple[int, int, int, int], scale: float) -> CodeLayout:
    """The rows of ``lines`` in ``area`` at the text size ``scale`` asks for: 16 px times ``scale``,
    shrunk to 14 to spare wrapping, to 12 when the rows do not all fit (at large text sizes down to
    12 px times the root of ``scale``: more of the listing shows; beyond that the panel scrolls). A line wider
    than the panel wraps onto rows indented under its own text. Indentation is measured in the
    monospace font, so a Chinese line nests exactly like the English one."""
    inner = pygame.Rect(box).inflate(-2 * PAD, -2 * PAD)
    size = max(10, round(16 * scale))
    smallest = max(10, round(12 * min(scale, scale**0.5)))
    unwrapped = max(10, round(14 * scale))  # shrink this far to avoid wrapping, then wrap
    while True:
        mono = get_mono_font(size)
        marker_w = max(12, size)
        number_w = get_mono_font(max(9, size - 3)).size(str(len(lines)))[0] + 18
        text_left = inner.left + marker_w + number_w
        line_h = mono.get_linesize() + 4
        rows: list[CodeRow] = []
        for index, line in enumerate(lines):
            line = line.rstrip()
            indent = len(line) - len(line.lstrip(" "))
            x = text_left + mono.size(" " * indent)[0]
            hang = x + mono.size("  ")[0]
            if hang > inner.right - 4 * size:  # deep nesting in a narrow panel: hang less
                hang = x
            font = code_font(line, size)
            body = line[indent:]
            first_width = inner.right - x
            pieces = wrap_exact(font, body, first_width)
            if len(pieces) > 1:  # rows after the first start at ``hang``: wrap the rest to that width
                rest = wrap_exact(font, body[len(pieces[0]) :], inner.right - hang)
                pieces = [pieces[0], *rest]
            for k, piece in enumerate(pieces):
                rows.append(CodeRow(index, piece, x if k == 0 else hang, k == 0))
        wraps = len(rows) > len(lines)
        fits = len(rows) * line_h <= inner.h
        if size <= smallest or (fits and not (wraps and size > unwrapped)):
            return CodeLayout(size, tuple(rows), text_left, inner.right, line_h)
        size -= 1


def draw_code(
    surface: pygame.Surface,
    area: pygame.Rect,
    lines: Sequence[str],
    current: int | None,
    theme: Theme,
    lang: str,
    scale: float = 1.0,
) -> CodeLayout:
    """Pseudo-code in Fira Code (Noto Sans SC for Chinese lines), line ``current`` highlighted
    and pointed at by a ▶ marker; long lines wrap (``layout_code``), a long listing scrolls to
    the current line. Returns the layout drawn."""
    area = pygame.Rect(area)
    _card(surface, area, theme)
    inner = area.inflate(-2 * PAD, -2 * PAD)
    code = layout_code(lines, area, scale)
    size, line_h, text_left = code.size, code.line_h, code.text_left
    marker_w = max(12, size)
    visible = max(1, inner.h // line_h)
    rows = code.rows
    first = 0
    if current is not None and len(rows) > visible:
        at = next((k for k, row in enumerate(rows) if row.index == current), 0)
        first = min(max(0, at - visible // 3), len(rows) - visible)
    number_font = get_mono_font(max(9, size - 3))
    clip = surface.get_clip()
    surface.set_clip(area)
    for i, code_row in enumerate(rows[first : first + visible]):
        row = pygame.Rect(inner.left, inner.top + i * line_h, inner.w, line_h)
        ink = theme.text
        if code_row.index == current:
            band = pygame.Rect(text_left - 6, row.top, inner.right - text_left + 6 + PAD // 2, row.h)
            pygame.draw.rect(surface, theme.code_highlight, band, border_radius=4)
            if code_row.first:
                draw_marker(surface, theme.text, pygame.Rect(row.left, row.top + 3, marker_w, row.h - 6))
            ink = ink_on(theme.code_highlight)
        if code_row.first:
            number = number_font.render(str(code_row.index + 1), True, theme.muted_text)
            surface.blit(number, number.get_rect(midright=(text_left - 9, row.centery)))
        font = code_font(code_row.text, size)
        text = font.render(code_row.text.rstrip(" "), True, ink)
        surface.blit(text, text.get_rect(midleft=(code_row.x, row.centery)))
    surface.set_clip(clip)
    return code


def dim(surface: pygame.Surface, area: pygame.Rect, alpha: int) -> None:
    veil = pygame.Surface(area.size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, area.topleft)


def draw_progress(
    surface: pygame.Surface,
    area: pygame.Rect,
    fraction: float,
    label: str,
    theme: Theme,
    lang: str,
    scale: float = 1.0,
) -> None:
    """A dimmed ``area`` with a centred box: ``label`` (at text size ``scale``) above a bar filled
    to ``fraction``; the box grows with the text, never past ``area``."""
    area = pygame.Rect(area)
    fraction = min(1.0, max(0.0, fraction))
    dim(surface, area, 120)
    font = font_for(label, round(22 * scale), lang)
    bar_h = round(24 * min(scale, 1.5))
    box = pygame.Rect(0, 0, min(round(560 * scale), area.w - 40), 0)
    box.h = min(area.h - 8, 18 + font.get_height() + 20 + bar_h + 24)
    box.center = area.center
    _card(surface, box, theme)
    text = font.render(ellipsize(font, label, box.w - 2 * PAD - 10), True, theme.text)
    surface.blit(text, text.get_rect(midtop=(box.centerx, box.top + 18)))
    bar = pygame.Rect(box.left + 24, box.bottom - 24 - bar_h, box.w - 48, bar_h)
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.25), bar, border_radius=12)
    if fraction > 0:
        filled = pygame.Rect(bar.left, bar.top, max(bar.h, round(bar.w * fraction)), bar.h)
        pygame.draw.rect(surface, theme.tried, filled, border_radius=12)
    pygame.draw.rect(surface, theme.muted_text, bar, 1, border_radius=12)


def progress_bar(area: pygame.Rect) -> pygame.Rect:
    """The bar of a progress strip drawn in ``area`` (its right part; the label has the left)."""
    bar = pygame.Rect(0, 0, int(area.w * 0.3), max(10, area.h // 3))
    bar.midright = (area.right - PAD, area.centery)
    return bar


def draw_progress_strip(
    surface: pygame.Surface,
    area: pygame.Rect,
    fraction: float | None,
    label: str,
    theme: Theme,
    lang: str,
) -> None:
    """A strip over ``area`` (the scrub bar's place under the board, so the board's labels stay
    visible): ``label`` on the left, a bar filled to ``fraction`` on the right (empty: unknown)."""
    area = pygame.Rect(area)
    _card(surface, area, theme)
    bar = progress_bar(area)
    font = font_for(label, max(12, int(area.h * 0.4)), lang)
    text = font.render(ellipsize(font, label, bar.left - area.left - 2 * PAD), True, theme.text)
    surface.blit(text, text.get_rect(midleft=(area.left + PAD, area.centery)))
    radius = bar.h // 2
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.25), bar, border_radius=radius)
    if fraction is not None and fraction > 0:
        fraction = min(1.0, fraction)
        filled = pygame.Rect(bar.left, bar.top, max(bar.h, round(bar.w * fraction)), bar.h)
        pygame.draw.rect(surface, theme.tried, filled, border_radius=radius)
    pygame.draw.rect(surface, theme.muted_text, bar, 1, border_radius=radius)


def _banner_icon(surface: pygame.Surface, rect: pygame.Rect, kind: str, ink: Colour, fill: Colour) -> None:
    """A shape that says the kind without colour: i in a circle, ! in a triangle, a check."""
    if kind == "success":
        draw_check(surface, ink, rect, max(2, rect.w // 7))
        return
    width = max(2, rect.w // 8)
    if kind == "error":
        pygame.draw.polygon(surface, ink, [rect.midtop, rect.bottomright, rect.bottomleft])
        stem = pygame.Rect(0, 0, width, rect.h * 0.4)
        stem.midtop = (rect.centerx, rect.top + rect.h * 0.32)
        pygame.draw.rect(surface, fill, stem)
        pygame.draw.circle(surface, fill, (rect.centerx, rect.bottom - rect.h * 0.14), width * 0.7)
        return
    pygame.draw.circle(surface, ink, rect.center, rect.w // 2)
    stem = pygame.Rect(0, 0, width, rect.h * 0.38)
    stem.midbottom = (rect.centerx, rect.bottom - rect.h * 0.18)
    pygame.draw.rect(surface, fill, stem)
    pygame.draw.circle(surface, fill, (rect.centerx, rect.top + rect.h * 0.28), width * 0.7)


def banner_lines(area: pygame.Rect, text: str, lang: str) -> tuple[pygame.font.Font, list[str]]:
    """The font and lines of a banner in ``area``: made displayable and shortened (``displayable``),
    wrapped (inside a word too long for a line, such as a path), the font shrunk until every line
    fits. Cached: a banner stands for seconds, and wrapping is far too slow to redo every frame."""
    return _banner_lines(tuple(pygame.Rect(area)), displayable(text), lang)


@lru_cache(maxsize=32)
def _banner_lines(
    rect: tuple[int, int, int, int], text: str, lang: str
) -> tuple[pygame.font.Font, list[str]]:
    area = pygame.Rect(rect)
    icon_size = max(12, min(round(area.h * 0.6), area.h - 14))
    room = area.w - icon_size - 3 * PAD

    def fits(size: int) -> bool:
        font = font_for(text, size, lang, bold=True)
        return len(wrapped(font, text, room)) * font.get_linesize() <= area.h - 4

    font = font_for(text, largest(9, max(9, int((area.h - 8) / 1.46)), fits), lang, bold=True)
    return font, wrapped(font, text, room)


def draw_banner(
    surface: pygame.Surface, area: pygame.Rect, text: str, theme: Theme, lang: str, kind: str = "info"
) -> None:
    """A message filling ``area`` (the status area): ``kind`` is "info", "error" or "success";
    long text wraps and the font shrinks until all of it shows."""
    area = pygame.Rect(area)
    fill = {"error": theme.conflict, "success": theme.solution}.get(kind, theme.tried)
    ink = ink_on(fill)
    pygame.draw.rect(surface, fill, area, border_radius=8)
    icon_size = max(12, min(round(area.h * 0.6), area.h - 14))
    icon = pygame.Rect(area.left + PAD, 0, icon_size, icon_size)
    icon.centery = area.centery
    _banner_icon(surface, icon, kind, ink, fill)
    font, lines = banner_lines(area, text, lang)
    step = font.get_linesize()
    top = area.centery - step * len(lines) // 2
    for k, line in enumerate(lines):
        rendered = font.render(line, True, ink)
        surface.blit(rendered, rendered.get_rect(midleft=(icon.right + PAD, top + k * step + step // 2)))


def draw_status(
    surface: pygame.Surface,
    area: pygame.Rect,
    title: str,
    summary: str,
    theme: Theme,
    lang: str,
    scale: float | None = None,
) -> None:
    """The status area when no banner shows: the algorithm's name and its summary, in the status
    line's type at ``scale`` (else a line as high as the area), on as many lines as the area holds
    (smaller only when they do not fit)."""
    area = pygame.Rect(area)
    text = f"{title}: {summary}" if summary else title
    most = round(STATUS_TEXT * scale) if scale is not None else None
    size, lines = _status_lines(tuple(area), text, lang, most)
    font, bold = font_for(text, size, lang), font_for(title, size, lang, bold=True)
    step = font.get_linesize()
    top = area.centery - step * len(lines) // 2
    for k, line in enumerate(lines):
        y = top + k * step
        if k == 0 and line.startswith(title):
            head = bold.render(title, True, theme.text)
            surface.blit(head, (area.left + PAD, y))
            tail = font.render(line[len(title) :], True, theme.muted_text)
            surface.blit(tail, (area.left + PAD + head.get_width(), y))
        else:
            surface.blit(font.render(line, True, theme.muted_text), (area.left + PAD, y))


@lru_cache(maxsize=32)
def _status_lines(
    rect: tuple[int, int, int, int], text: str, lang: str, most: int | None
) -> tuple[int, list[str]]:
    """The status line's type size and lines in an area (cached: it stands while the run goes on)."""
    area = pygame.Rect(rect)

    def lines_at(size: int) -> list[str]:
        return wrap(font_for(text, size, lang, bold=True), text, area.w - 2 * PAD)  # room for the bold name

    def fits(size: int) -> bool:
        return len(lines_at(size)) * font_for(text, size, lang).get_linesize() <= area.h

    high = max(9, int((area.h - 8) / 1.46))  # one line as high as the area
    size = largest(9, min(high, most) if most else high, fits)
    return size, lines_at(size)
