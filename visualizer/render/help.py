"""The help overlay's card: a title and key -> action rows, keys drawn as key caps.

The rows' type starts at ``ROW_TEXT`` times the text scale and shrinks (the rows spread over up to
four columns) until every row fits one card, but never below the window's own running text (the
``least`` the overlay passes: ``visualizer/render/overlays.py``'s ``help_floor``). When even that
does not fit, the help has pages (the title says "page 1/3"; PgUp / PgDn turn them), and the
overlay may add one more (the legend's). A long description wraps onto more lines; nothing is cut.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from visualizer.look.i18n import tr
from visualizer.look.theme import Theme, blend
from visualizer.render.fonts import font_for, largest, wrapped
from visualizer.render.panels import PAD, dim

#: The rows' and the title's type at text scale 1 (before shrinking to fit); the title at most
#: this many times the rows' least type (never smaller than the rows, never towering over them).
ROW_TEXT, TITLE_TEXT, TITLE_RATIO = 20, 28, 1.5
#: On pages, a second column only where its descriptions keep this many times the type's size
#: (about 20 Latin letters, 10 Chinese characters): fewer pages are not worth a cramped column.
PAGED_ROOM = 10
#: The card's margin inside its area, and the room above and below the title.
MARGIN, TITLE_TOP, TITLE_GAP = 20, 16, 8

Rows = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class HelpLayout:
    """The rows' text size, the key caps' width, the card's width and columns, each row's
    description broken into lines that fit its column, each row's height, and the pages: per page
    its columns, per column the indices of its rows."""

    size: int
    key_w: int
    box_w: int
    columns: int
    lines: tuple[tuple[str, ...], ...]
    heights: tuple[int, ...]
    pages: tuple[tuple[tuple[int, ...], ...], ...]


def _measure(
    rows: Rows, size: int, lang: str, width: int, columns: int, least_room: int = 4
) -> HelpLayout | None:
    """The rows at ``size`` in ``columns`` columns of a card at most ``width`` wide, all on one page
    (None: a column leaves a description less than ``least_room`` times ``size`` pixels)."""
    action_font = font_for("".join(a for _, a in rows), size, lang)
    key_w = max((font_for(k, size, lang, bold=True).size(k)[0] for k, _ in rows), default=0) + 20
    widest = max((action_font.size(a)[0] for _, a in rows), default=0)
    box_w = min(width, max(360, (key_w + widest + 5 * PAD) * columns))
    room = box_w // columns - key_w - 5 * PAD
    if room < least_room * size:
        return None
    lines = tuple(tuple(wrapped(action_font, action, room)) for _, action in rows)
    line_h = action_font.get_linesize()
    heights = tuple(max(1, len(ls)) * line_h + 2 + size // 4 for ls in lines)
    per_column = -(-len(rows) // columns)
    split = tuple(tuple(range(c * per_column, min(len(rows), (c + 1) * per_column))) for c in range(columns))
    return HelpLayout(size, key_w, box_w, columns, lines, heights, (split,))


def _tallest(fit: HelpLayout) -> int:
    """The height of the tallest column on any page."""
    return max((sum(fit.heights[i] for i in column) for page in fit.pages for column in page), default=0)


def _paged(fit: HelpLayout, height: int) -> HelpLayout:
    """``fit``'s rows in order, each column filled until the next row would pass ``height``,
    ``fit.columns`` columns a page."""
    columns: list[list[int]] = [[]]
    used = 0
    for index, row_h in enumerate(fit.heights):
        if columns[-1] and used + row_h > height:
            columns.append([])
            used = 0
        columns[-1].append(index)
        used += row_h
    each = fit.columns
    pages = tuple(
        tuple(tuple(column) for column in columns[k : k + each]) for k in range(0, len(columns), each)
    )
    return HelpLayout(fit.size, fit.key_w, fit.box_w, fit.columns, fit.lines, fit.heights, pages)


@lru_cache(maxsize=16)
def help_layout(rows: Rows, width: int, height: int, lang: str, start: int, least: int) -> HelpLayout:
    """The largest text size from ``start`` down to ``least`` and the fewest columns (1-4) at which
    every row, its description wrapped onto as many lines as it needs, fits one card at most
    ``width`` wide with ``height`` pixels of rows; else pages of rows at ``least`` (in as many
    columns as give the fewest pages; smaller only if not one column fits at ``least``)."""
    least = min(least, start)

    def one_page(size: int) -> HelpLayout | None:
        for columns in (1, 2, 3, 4):
            fit = _measure(rows, size, lang, width, columns)
            if fit is None:
                return None
            if _tallest(fit) <= height:
                return fit
        return None

    found = one_page(largest(least, start, lambda size: one_page(size) is not None))
    if found is not None:
        return found
    for size in range(least, 5, -1):
        options = []
        for columns in (1, 2, 3, 4):  # more columns only where their descriptions keep room
            fit = _measure(rows, size, lang, width, columns, PAGED_ROOM if columns > 1 else 4)
            if fit is None:
                break
            options.append(_paged(fit, height))
        if options:
            return min(options, key=lambda fit: (len(fit.pages), fit.columns))
    fit = _measure(rows, 6, lang, 10**6, 1)  # a window far too narrow for any column: never reached
    assert fit is not None
    return _paged(fit, height)


def page_title(title: str, page: int, pages: int, lang: str) -> str:
    """The card's title, with a line saying "page 2/3" when the rows take more than one page."""
    return title if pages <= 1 else f"{title}\n{tr('help_page', lang, page=page + 1, pages=pages)}"


def _widest(font: pygame.font.Font, title: str) -> int:
    """The width of the title's widest line."""
    return max(font.size(line)[0] for line in title.split("\n"))


def _heading(title: str, most: int, least: int, width: int, lang: str) -> tuple[pygame.font.Font, list[str]]:
    """The title's font and lines: ``most`` pixels, shrunk until each of its lines fits ``width``
    but not below ``least``; wrapped beyond that."""

    def fits(size: int) -> bool:
        return _widest(font_for(title, size, lang, bold=True), title) <= width

    size = most if fits(most) else largest(min(least, most), most, fits)
    font = font_for(title, size, lang, bold=True)
    return font, wrapped(font, title, width)


def _head(title: str, most: int, least: int, width: int, lang: str) -> int:
    """The height of the title's band at the card's top."""
    font, lines = _heading(title, most, least, width, lang)
    return TITLE_TOP + len(lines) * font.get_linesize() + TITLE_GAP


@dataclass(frozen=True)
class HelpPlan:
    """Where the help goes in an area: the rows' layout, the card's width (the rows', or the
    title's on one line where the area has room) and the height kept for the title."""

    rows: HelpLayout
    box_w: int
    head: int
    title_size: int
    least: int


@lru_cache(maxsize=16)
def plan_help(
    rows: Rows, size: tuple[int, int], lang: str, title: str, scale: float, least: int, extra: int = 0
) -> HelpPlan:
    """The help's layout in an area of ``size``: the title's band as high as its lines need (with
    "page n/n" when the rows take pages, or ``extra`` pages follow them) and the rows in what is
    left (``help_layout``)."""
    width, height = size[0] - 2 * MARGIN, size[1] - 2 * MARGIN
    most, start = min(round(TITLE_TEXT * scale), round(TITLE_RATIO * least)), round(ROW_TEXT * scale)
    head = _head(title, most, least, width - 2 * PAD, lang)
    for _ in range(4):  # a longer title may need more lines, and the rows then more pages
        fit = help_layout(rows, width, height - head - PAD, lang, start, least)
        count = len(fit.pages) + extra
        text = page_title(title, count - 1, count, lang)
        box_w = max(fit.box_w, min(width, _widest(font_for(text, most, lang, bold=True), text) + 2 * PAD))
        need = _head(text, most, least, box_w - 2 * PAD, lang)
        if need <= head:
            break
        head = need
    else:
        fit = help_layout(rows, width, height - head - PAD, lang, start, least)
    return HelpPlan(fit, box_w, head, most, least)


@dataclass(frozen=True)
class HelpCard:
    """What ``draw_help`` drew: the card, the rows' type size, the page shown (0-based) of how
    many, the indices of the rows on it and each one's rectangle."""

    box: pygame.Rect
    size: int
    page: int
    pages: int
    shown: tuple[int, ...]
    rects: tuple[pygame.Rect, ...]


def draw_help(
    surface: pygame.Surface,
    area: pygame.Rect,
    rows: Sequence[tuple[str, str]],
    theme: Theme,
    lang: str,
    title: str,
    scale: float = 1.0,
    least: int | None = None,
    page: int = 0,
    last: Callable[[pygame.Rect], None] | None = None,
) -> HelpCard:
    """A translucent overlay over ``area``: ``title`` and page ``page`` (0-based, brought into range)
    of the key -> action rows (``plan_help``), rows no smaller than ``least`` pixels (default: 14
    times ``scale``); ``last``, if given, draws one more page after the rows' in the card's room
    under its title (the legend)."""
    area = pygame.Rect(area)
    dim(surface, area, 150)
    least = round(14 * scale) if least is None else least
    extra = 0 if last is None else 1
    plan = plan_help(tuple(rows), area.size, lang, title, scale, least, extra)
    fit, size = plan.rows, plan.rows.size
    pages = len(fit.pages) + extra
    page = max(0, min(page, pages - 1))
    box = pygame.Rect(0, 0, plan.box_w, min(area.h - 2 * MARGIN, plan.head + _tallest(fit) + PAD))
    box.center = area.center
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    panel.fill((*theme.panel, 235))
    surface.blit(panel, box.topleft)
    pygame.draw.rect(surface, theme.muted_text, box, 1, border_radius=10)
    heading = page_title(title, page, pages, lang)
    font, lines = _heading(heading, plan.title_size, plan.least, box.w - 2 * PAD, lang)
    for k, line in enumerate(lines):
        image = font.render(line, True, theme.text)
        top = box.top + TITLE_TOP + k * font.get_linesize()
        surface.blit(image, image.get_rect(midtop=(box.centerx, top)))
    if last is not None and page == pages - 1:
        last(pygame.Rect(box.left + PAD, box.top + plan.head, box.w - 2 * PAD, box.h - plan.head - PAD))
        return HelpCard(box, size, page, pages, (), ())
    shown, drawn = _draw_rows(surface, box, rows, fit, fit.pages[page], plan.head, theme, lang)
    return HelpCard(box, size, page, pages, shown, drawn)


def _draw_rows(
    surface: pygame.Surface,
    box: pygame.Rect,
    rows: Sequence[tuple[str, str]],
    fit: HelpLayout,
    columns: tuple[tuple[int, ...], ...],
    head: int,
    theme: Theme,
    lang: str,
) -> tuple[tuple[int, ...], tuple[pygame.Rect, ...]]:
    """The rows of one page's ``columns`` in the card ``box`` under its title: each key in a key
    cap, its description beside it; the rows' indices and rectangles."""
    size, column_w = fit.size, box.w // fit.columns
    action_font = font_for("".join(a for _, a in rows), size, lang)
    line_h = action_font.get_linesize()
    cap_fill = blend(theme.panel, theme.muted_text, 0.18)
    shown: list[int] = []
    drawn: list[pygame.Rect] = []
    for c, column in enumerate(columns):
        y, left = box.top + head, box.left + c * column_w
        for index in column:
            key = rows[index][0]
            cap = pygame.Rect(left + 2 * PAD, y, fit.key_w, line_h + 2)
            pygame.draw.rect(surface, cap_fill, cap, border_radius=6)
            pygame.draw.rect(surface, theme.muted_text, cap, 1, border_radius=6)
            text = font_for(key, size, lang, bold=True).render(key, True, theme.text)
            surface.blit(text, text.get_rect(center=cap.center))
            for k, piece in enumerate(fit.lines[index]):
                label = action_font.render(piece, True, theme.text)
                surface.blit(label, (cap.right + 2 * PAD, cap.y + 1 + k * line_h))
            shown.append(index)
            drawn.append(pygame.Rect(left, y, column_w, fit.heights[index]))
            y += fit.heights[index]
    return tuple(shown), tuple(drawn)
