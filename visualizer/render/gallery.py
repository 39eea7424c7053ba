"""The solutions gallery: mini boards grouped by symmetry class, each labelled with the symmetry
that maps it onto its class representative. Returns hit rectangles so a click picks a solution."""

from __future__ import annotations

import pygame

from solvers.board import SYMMETRIES
from visualizer.core.gallery import GalleryEntry, GalleryModel
from visualizer.look.i18n import tr
from visualizer.look.theme import Theme, blend, legible
from visualizer.render.fonts import ellipsize, fitted, get_font

Hit = tuple[pygame.Rect, tuple[int, ...]]
#: Mini boards are at least this many pixels (fewer classes per page, paged by wheel and PgUp / PgDn).
MIN_BOARD = 48
MAX_BOARD = 96
#: Pixels between two boards, and between two classes' blocks.
GAP = 6


def draw_mini_board(
    surface: pygame.Surface, rect: pygame.Rect, queens: tuple[int | None, ...], theme: Theme
) -> None:
    """A small board: checkered squares and round queens, fitted into ``rect`` (square)."""
    n = len(queens)
    side = min(rect.width, rect.height)
    cell = side / n
    x0, y0 = rect.x + (rect.width - side) // 2, rect.y + (rect.height - side) // 2
    surface.fill(theme.light_square, (x0, y0, side, side))
    for r in range(n):
        for c in range(n):
            if (r + c) % 2:
                left, top = x0 + round(c * cell), y0 + round(r * cell)
                w, h = x0 + round((c + 1) * cell) - left, y0 + round((r + 1) * cell) - top
                surface.fill(theme.dark_square, (left, top, w, h))
    radius = max(1.5, cell * 0.36)
    for r, col in enumerate(queens):
        if col is not None:
            centre = (x0 + (col + 0.5) * cell, y0 + (r + 0.5) * cell)
            pygame.draw.circle(surface, theme.queen_outline, centre, radius + 1)
            pygame.draw.circle(surface, theme.queen, centre, radius)
    pygame.draw.rect(surface, theme.grid, (x0, y0, side, side), 1)


#: Where a composite symmetry name breaks onto two lines ("mirror, | rotate 90°", "镜像后 | 旋转 90°").
LABEL_BREAKS = (", ", "后")


def label_lines(text: str, seps: tuple[str, ...] = LABEL_BREAKS) -> list[str]:
    """``text`` split after the first of ``seps`` it holds (at most two parts)."""
    for sep in seps:
        head, found, tail = text.partition(sep)
        if found and tail:
            return [(head + found).rstrip(), tail]
    return [text]


def _fit_label(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """One line, or two split at the natural break (else at a space), each cut to ``width``."""
    if font.size(text)[0] <= width:
        return [text]
    return [ellipsize(font, line, width) for line in label_lines(text, (*LABEL_BREAKS, " "))]


def symmetry_label(entry: GalleryEntry, lang: str) -> str:
    """The translated name of the symmetry taking ``entry`` to its representative."""
    return tr(f"sym_{entry.symmetry}", lang)


def draw_gallery(
    surface: pygame.Surface,
    area: pygame.Rect,
    gallery: GalleryModel,
    theme: Theme,
    lang: str = "en",
    selected: tuple[int, ...] | None = None,
    *,
    first_class: int = 0,
    scale: float = 1.0,
) -> list[Hit]:
    """Draw the classes from ``first_class`` on, as many as fit (texts at text size ``scale``);
    returns (rect, queens) per board."""
    return draw_gallery_page(
        surface, area, gallery, theme, lang, selected, first_class=first_class, scale=scale
    )[0]


def draw_gallery_page(
    surface: pygame.Surface,
    area: pygame.Rect,
    gallery: GalleryModel,
    theme: Theme,
    lang: str = "en",
    selected: tuple[int, ...] | None = None,
    *,
    first_class: int = 0,
    scale: float = 1.0,
) -> tuple[list[Hit], int]:
    """``draw_gallery``, also returning how many classes fitted from ``first_class`` on."""
    surface.fill(theme.panel, area)
    pad = 10

    def pt(points: int) -> int:
        return max(8, round(points * scale))

    title_text = tr("gallery_title", lang)
    title_font = fitted(title_text, pt(18), area.width - 2 * pad, lang, bold=True)
    title = title_font.render(ellipsize(title_font, title_text, area.width - 2 * pad), True, theme.text)
    surface.blit(title, (area.x + pad, area.y + pad))
    info_font = get_font(pt(14), lang)
    summary = tr("gallery_summary", lang, solutions=f"{gallery.total:,}", classes=f"{gallery.class_count:,}")
    summary_font = fitted(summary, pt(14), area.width - 2 * pad, lang)
    image = summary_font.render(
        ellipsize(summary_font, summary, area.width - 2 * pad), True, theme.muted_text
    )
    top = area.y + pad + title.get_height() + 4
    if title.get_width() + image.get_width() + 3 * pad <= area.width:
        surface.blit(image, image.get_rect(topright=(area.right - pad, area.y + pad + 3)))
    else:  # a narrow panel: the summary goes on its own line under the title
        surface.blit(image, (area.x + pad, top))
        top += image.get_height() + 4
    if gallery.overflow:
        note = tr("gallery_overflow", lang, total=f"{gallery.total:,}", kept=f"{gallery.kept:,}")
        image = info_font.render(
            ellipsize(info_font, note, area.width - 2 * pad), True, legible(theme.conflict, theme.panel)
        )
        surface.blit(image, (area.x + pad, top))
        top += image.get_height() + 4
    groups = gallery.groups
    if not groups:
        empty = ellipsize(info_font, tr("gallery_empty", lang), area.width - 2 * pad)
        image = info_font.render(empty, True, theme.muted_text)
        surface.blit(image, image.get_rect(center=area.center))
        return [], 0
    first_class = max(0, min(first_class, len(groups) - 1))
    label_font = get_font(pt(11), lang)
    line_h = label_font.get_linesize()
    class_font = get_font(pt(13), lang, bold=True)
    header_h = class_font.get_linesize() + 2
    footer_h = info_font.get_linesize() + 4
    avail = pygame.Rect(area.x + pad, top, area.width - 2 * pad, area.bottom - pad - footer_h - top)
    label_w = max(label_font.size(line)[0] for line in _all_label_lines(lang)) + 6
    per_line, board = _fit(
        avail.size, len(groups) - first_class, max(len(m) for _, m in groups), label_w, line_h, header_h
    )
    gap = GAP
    cell_w = max(board, label_w) + gap
    block_w = per_line * cell_w + gap
    blocks_per_row = max(1, avail.width // block_w)
    cell_h = board + 2 * line_h + gap
    hits: list[Hit] = []
    shown = 0
    x, y, row_h = avail.x, avail.y, 0
    clip = surface.get_clip()
    surface.set_clip(avail)  # a block taller than a narrow panel (the first of a page) is cut at its edge
    edge = blend(theme.panel, theme.grid, 0.25)
    for k, (rep, members) in enumerate(groups[first_class:], start=first_class + 1):
        block_h = header_h + -(-len(members) // per_line) * cell_h
        if shown and shown % blocks_per_row == 0:
            x, y, row_h = avail.x, y + row_h + gap, 0
        if shown and y + block_h > avail.bottom:
            break
        row_h = max(row_h, block_h)
        pygame.draw.rect(surface, edge, (x, y, block_w - gap, block_h), 1, border_radius=4)
        heading = tr("gallery_class", lang, number=k, count=len(members))
        heading_font = fitted(heading, pt(13), block_w - gap - 12, lang, bold=True)
        label = heading_font.render(ellipsize(heading_font, heading, block_w - gap - 12), True, theme.text)
        surface.blit(label, (x + 6, y + 2))
        for j, entry in enumerate(members):
            cx = x + gap // 2 + (j % per_line) * cell_w + cell_w // 2
            cy = y + header_h + (j // per_line) * cell_h
            rect = pygame.Rect(cx - board // 2, cy + 2, board, board)
            draw_mini_board(surface, rect, entry.queens, theme)
            if entry.queens == rep:  # the representative itself: a frame (and the label says so)
                pygame.draw.rect(surface, theme.solution, rect.inflate(6, 6), 2)
            if entry.queens == selected:
                pygame.draw.rect(surface, theme.tried, rect.inflate(10, 10), 3)
            for i, text in enumerate(_fit_label(symmetry_label(entry, lang), label_font, cell_w - 4)):
                image = label_font.render(text, True, theme.muted_text)
                surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.bottom + 3 + i * line_h)))
            if avail.contains(rect):  # only what shows whole can be clicked
                hits.append((rect, entry.queens))
        x += block_w
        shown += 1
    surface.set_clip(clip)
    if shown < len(groups) - first_class or first_class:
        more = tr("gallery_more", lang, first=first_class + 1, last=first_class + shown, total=len(groups))
        more = tr("gallery_paging", lang, more=more)
        more_font = fitted(more, pt(14), area.width - 2 * pad, lang)
        image = more_font.render(ellipsize(more_font, more, area.width - 2 * pad), True, theme.muted_text)
        surface.blit(image, image.get_rect(bottomright=(area.right - pad, area.bottom - pad)))
    return hits, shown


def _all_label_lines(lang: str) -> list[str]:
    """Every line a symmetry label can take (composite names break after the mirror)."""
    return [line for name in SYMMETRIES for line in label_lines(tr(f"sym_{name}", lang))]


def _fit(
    size: tuple[int, int], classes: int, widest: int, label_w: int, line_h: int, header_h: int
) -> tuple[int, int]:
    """(boards per line in a class block, board side) giving the largest boards that show every class."""
    width, height = size
    gap = GAP
    best = (min(widest, 4), MIN_BOARD)
    best_shown = 0
    for per_line in sorted({min(widest, m) for m in (8, 4, 2, 1)}, reverse=True):
        lines = -(-widest // per_line)
        for board in range(MAX_BOARD, MIN_BOARD - 1, -2):
            cell_w = max(board, label_w) + gap
            blocks_per_row = width // (per_line * cell_w + gap)
            if blocks_per_row < 1:
                continue
            block_h = header_h + lines * (board + 2 * line_h + gap)
            block_rows = (height + gap) // (block_h + gap)
            shown = min(classes, block_rows * blocks_per_row)
            if shown > best_shown or (shown == best_shown and board > best[1]):
                best, best_shown = (per_line, board), shown
            if shown >= classes:
                break
    return best


def hit(hits: list[Hit], pos: tuple[int, int]) -> tuple[int, ...] | None:
    """The solution whose mini board is under ``pos``, or None."""
    for rect, queens in hits:
        if rect.collidepoint(pos):
            return queens
    return None
