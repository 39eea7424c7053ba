"""The search tree on screen: a node-link drawing for small n, a search-space map for large n,
and the nodes-per-depth profile against the engine's full profile.

Pixels only: every function takes a read-only ``TreeModel`` (visualizer/core/tree_view.py),
where the layout, the icicle map and the profile were built outside drawing. The node-link
view (n <= 6) places every node where it sits in the finished tree, so nothing jumps as the
tree grows; the map view scales the model's mark codes (one band per depth) to the area.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pygame

from visualizer.core.icicle import EXPLORED_CODE, PRUNED_CODE, SOLUTION_CODE, pool_columns
from visualizer.core.tree import DEAD, FRUITFUL, REFUSED, SOLUTION, Layout
from visualizer.core.tree_view import TreeModel
from visualizer.look.i18n import tr
from visualizer.look.theme import Colour, Theme, blend
from visualizer.render.fonts import ellipsize, fitted, get_font


def map_palette(theme: Theme) -> np.ndarray:
    """RGB for each mark code: empty, refused slot, explored, refused board, solution."""
    empty = blend(theme.panel, theme.grid, 0.10)
    colours = [empty, blend(theme.conflict, theme.panel, 0.45), theme.tried, theme.conflict, theme.solution]
    return np.array(colours, dtype=np.uint8)


#: The last map image: (codes it shows, size, theme name) and the scaled surface.
_map_image: tuple[tuple[np.ndarray, tuple[int, int], str], pygame.Surface] | None = None


def map_image(codes: np.ndarray, size: tuple[int, int], theme: Theme) -> pygame.Surface:
    """``codes`` (bands x columns) as an image of ``size``, bands stacked top to bottom.

    The last image is kept while the model hands the same codes array (it makes a new one
    whenever the map changes), so a paused frame only blits.
    """
    global _map_image
    width, height = max(1, size[0]), max(1, size[1])
    key = (codes, (width, height), theme.name)
    if _map_image is not None:
        (old_codes, old_size, old_theme), image = _map_image
        if old_codes is codes and old_size == key[1] and old_theme == key[2]:
            return image
    rgb = map_palette(theme)[pool_columns(codes, width)]  # (bands, width, 3)
    small = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
    image = pygame.transform.scale(small, (width, height))
    _map_image = (key, image)
    return image


def solution_columns(codes: np.ndarray, width: int) -> np.ndarray:
    """Screen columns (out of ``width``) where the deepest band holds a solution."""
    return np.flatnonzero(pool_columns(codes[-1], width) == SOLUTION_CODE)


# -- drawing ---------------------------------------------------------------------------------


def _text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    pos: tuple[int, int],
    lang: str,
    *,
    anchor: str = "topleft",
    bold: bool = False,
    max_width: int | None = None,
) -> pygame.Rect:
    font = get_font(size, lang, bold) if max_width is None else fitted(text, size, max_width, lang, bold)
    if max_width is not None:
        text = ellipsize(font, text, max_width)
    image = font.render(text, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def scaled(points: int, scale: float) -> int:
    """A font size of ``points`` at text size ``scale`` (never under 8)."""
    return max(8, round(points * scale))


def title_and_info(
    surface: pygame.Surface,
    area: pygame.Rect,
    title: str,
    info: str,
    theme: Theme,
    lang: str,
    scale: float = 1.0,
) -> tuple[pygame.Rect, pygame.Rect]:
    """A panel's bold title at the top left and its info at the right of the same line, or on the
    line below when both do not fit side by side (at text size ``scale``); returns both rects."""
    pad = 8
    title_rect = _text(
        surface,
        title,
        scaled(18, scale),
        theme.text,
        (area.x + pad, area.y + pad),
        lang,
        bold=True,
        max_width=area.w - 2 * pad,
    )
    info_size = scaled(14, scale)
    width = get_font(info_size, lang).size(info)[0]
    if title_rect.right + 12 + width <= area.right - pad:
        anchor, pos = "midright", (area.right - pad, title_rect.centery)
    else:
        anchor, pos = "topleft", (area.x + pad, title_rect.bottom + 2)
    info_rect = _text(
        surface, info, info_size, theme.muted_text, pos, lang, anchor=anchor, max_width=area.w - 2 * pad
    )
    return title_rect, info_rect


def _star(surface: pygame.Surface, colour: Colour, centre: tuple[float, float], radius: float) -> None:
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)


def _cross(
    surface: pygame.Surface, colour: Colour, centre: tuple[float, float], half: float, width: int
) -> None:
    x, y = centre
    pygame.draw.line(surface, colour, (x - half, y - half), (x + half, y + half), width)
    pygame.draw.line(surface, colour, (x - half, y + half), (x + half, y - half), width)


def _legend(
    surface: pygame.Surface,
    area: pygame.Rect,
    items: list[tuple[str, str, Colour]],
    theme: Theme,
    lang: str,
    size: int,
    texts: list[pygame.Rect],
) -> int:
    """Draw legend swatches along the bottom of ``area`` (their labels' rects into ``texts``);
    returns the height used."""
    font = get_font(size, lang)
    height = font.get_linesize() + 6
    x, y = area.x + 8, area.bottom - height + 3
    box = size
    for shape, key, colour in items:
        label = tr(key, lang)
        image = font.render(label, True, theme.muted_text)
        if x + box + 5 + image.get_width() > area.right:  # no room left: the rest is not drawn
            break
        centre = (x + box // 2, y + height // 2 - 3)
        if shape == "line":
            pygame.draw.line(surface, colour, (x, centre[1]), (x + box, centre[1]), 4)
        else:
            pygame.draw.circle(surface, colour, centre, box // 2)
            if shape == "cross":
                pygame.draw.circle(surface, blend(theme.panel, theme.grid, 0.25), centre, box // 2)
                _cross(surface, theme.conflict, centre, box * 0.3, 2)
            elif shape == "star":
                _star(surface, theme.panel, centre, box * 0.38)
        texts.append(surface.blit(image, (x + box + 5, y + (height - 6 - image.get_height()) // 2)))
        x += box + 5 + image.get_width() + 16
    return height


#: Where a click on the tree lands: a node's (centre, radius, moment) in the node-link drawing.
NodeHit = tuple[tuple[int, int], int, int]


def _draw_node_link(
    surface: pygame.Surface,
    area: pygame.Rect,
    model: TreeModel,
    theme: Theme,
    layout: Layout,
    scale: float = 1.0,
) -> list[NodeHit]:
    nodes, n = model.nodes, model.n
    leaves = max(1, sum(1 for i in range(len(layout)) if _is_leaf(layout, i)))
    spacing = area.width / leaves
    level_h = area.height / (n + 0.6)
    radius = int(max(4, min(18 * scale, spacing * 0.4, level_h * 0.28)))
    show_numbers = radius >= 8

    def pos(i: int) -> tuple[int, int]:
        x, depth = layout[i]
        return round(area.x + x * area.width), round(area.y + radius + 2 + depth * level_h)

    on_path = set(model.path)
    edge = blend(theme.grid, theme.panel, 0.35)
    # edges first, the current path thick on top
    for i, node in enumerate(nodes):
        if node.parent is not None and i not in on_path:
            pygame.draw.line(surface, edge, pos(node.parent), pos(i), 2)
    for parent, child in zip(model.path, model.path[1:], strict=False):
        pygame.draw.line(surface, theme.tried, pos(parent), pos(child), max(4, radius // 3))
    # refused child slots: a small bar of n cells under each node that has any
    cell = max(3, min(8, int(spacing * 0.8 / n)))
    for i, node in enumerate(nodes):
        if not node.pruned or cell * n > spacing * 1.6:
            continue
        x, y = pos(i)
        left, top = x - cell * n // 2, y + radius + 3
        for col in range(n):
            rect = pygame.Rect(left + col * cell, top, cell - 1, cell - 1)
            if col in node.pruned:
                pygame.draw.rect(surface, theme.conflict, rect)
            elif col in node.placed:
                pygame.draw.rect(surface, theme.tried, rect)
            else:
                pygame.draw.rect(surface, edge, rect, 1)
    font_size = max(9, int(radius * 1.0))
    current = model.path[-1]
    for i, node in enumerate(nodes):
        centre = pos(i)
        state = node.state
        ink = theme.text
        if state == SOLUTION:
            pygame.draw.circle(surface, theme.solution, centre, radius + 5, 3)
            pygame.draw.circle(surface, theme.solution, centre, radius)
            ink = (255, 255, 255)
            _star(surface, theme.solution, (centre[0] + radius + 6, centre[1] - radius - 2), radius * 0.55)
        elif state in (DEAD, REFUSED):
            fill = (
                blend(theme.panel, theme.grid, 0.25)
                if state == DEAD
                else blend(theme.conflict, theme.panel, 0.5)
            )
            pygame.draw.circle(surface, fill, centre, radius)
            _cross(surface, theme.conflict, centre, radius * 0.72, max(2, radius // 6))
            ink = theme.text
        elif state == FRUITFUL:
            pygame.draw.circle(surface, theme.panel, centre, radius)
            pygame.draw.circle(surface, theme.solution, centre, radius, max(2, radius // 5))
        else:  # OPEN: on the current path
            pygame.draw.circle(surface, theme.panel, centre, radius)
            pygame.draw.circle(surface, theme.tried, centre, radius, max(2, radius // 5))
        if i == current:
            pygame.draw.circle(surface, theme.tried, centre, radius)
            pygame.draw.circle(surface, theme.text, centre, radius + 3, 2)
            ink = (255, 255, 255)
        if show_numbers:
            font = get_font(font_size, "en", bold=True)
            label = font.render(str(node.number), True, ink)
            if state in (DEAD, REFUSED) and i != current:  # a halo keeps the number readable over the X
                halo = font.render(str(node.number), True, theme.panel)
                for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    surface.blit(halo, halo.get_rect(center=(centre[0] + dx, centre[1] + dy)))
            surface.blit(label, label.get_rect(center=centre))
    return [(pos(i), radius, node.moment) for i, node in enumerate(nodes) if i]


def _is_leaf(layout: Layout, i: int) -> bool:
    """Whether node ``i`` of a layout is a leaf: the next node in visiting order is not deeper."""
    return i + 1 >= len(layout) or layout[i + 1][1] <= layout[i][1]


def _draw_map(
    surface: pygame.Surface,
    area: pygame.Rect,
    model: TreeModel,
    theme: Theme,
    texts: list[pygame.Rect],
    scale: float = 1.0,
) -> pygame.Rect:
    n, codes = model.n, model.codes
    assert codes is not None
    size = max(10, min(scaled(16, scale), area.height // (n + 1) - 2))
    font = get_font(size, "en")
    label_w = max(34, font.size(str(n))[0] + 10)  # as at text size 1, wider for larger numbers
    counts_w = max(64, font.size(f"{max(model.level_counts, default=0):,}")[0] + 10)
    rect = pygame.Rect(area.x + label_w, area.y, max(10, area.width - label_w - counts_w), area.height - 8)
    band = max(2, rect.height // (n + 1))
    rect.height = band * (n + 1)
    surface.blit(map_image(codes, rect.size, theme), rect)
    gap = theme.panel
    if band >= 6:
        for d in range(1, n + 1):
            pygame.draw.line(
                surface, gap, (rect.x, rect.y + d * band), (rect.right - 1, rect.y + d * band), 1
            )
    every = max(1, math.ceil(get_font(size, "en").get_linesize() / band))  # labels never overlap
    for d in range(0, n + 1, every):
        y = rect.y + d * band + band // 2
        texts.append(_text(surface, str(d), size, theme.muted_text, (rect.x - 6, y), "en", anchor="midright"))
        count = f"{model.level_counts[d]:,}"
        texts.append(_text(surface, count, size, theme.text, (rect.right + 6, y), "en", anchor="midleft"))
    # solutions: a tick under each column of the deepest band that holds one (shape, not only colour)
    bottom = rect.bottom
    for x in solution_columns(codes, rect.width):
        pygame.draw.line(surface, theme.solution, (rect.x + x, bottom + 1), (rect.x + x, bottom + 6), 1)
    # the current path: an outline around wide slots, a marker and a line through narrow ones
    points = []
    for d, (left, width) in enumerate(model.slots):
        x0 = rect.x + left * rect.width
        w = width * rect.width
        y0 = rect.y + d * band
        if w >= 4:
            pygame.draw.rect(surface, theme.text, pygame.Rect(round(x0), y0, max(2, round(w)), band), 2)
        else:
            pygame.draw.rect(surface, theme.text, pygame.Rect(round(x0 + w / 2) - 1, y0, 3, band))
        if d:
            points.append((x0 + w / 2, y0 + band / 2))
    if len(points) > 1:
        pygame.draw.lines(surface, theme.text, False, points, 2)
    return rect


@dataclass(frozen=True)
class TreeHits:
    """Where the last drawing put things a click, the wheel or a drag can reach."""

    nodes: tuple[NodeHit, ...] = ()  # node-link drawing
    map_rect: pygame.Rect | None = None  # map drawing: the bands, depth 0 on top
    bands: int = 0
    texts: tuple[pygame.Rect, ...] = ()  # every text drawn (they never overlap)

    def node_moment(self, pos: tuple[int, int]) -> int | None:
        """The moment of the node-link node under ``pos``, or None."""
        for (x, y), radius, moment in self.nodes:
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (radius + 3) ** 2:
                return moment
        return None

    def map_point(self, pos: tuple[int, int]) -> tuple[int, float] | None:
        """(depth, fraction of the window's width) under ``pos`` on the map, or None."""
        rect = self.map_rect
        if rect is None or not rect.collidepoint(pos) or not self.bands:
            return None
        return (pos[1] - rect.y) * self.bands // rect.height, (pos[0] - rect.x) / rect.width


def draw_tree(
    surface: pygame.Surface,
    area: pygame.Rect,
    model: TreeModel,
    theme: Theme,
    lang: str = "en",
    scale: float = 1.0,
) -> TreeHits:
    """Draw the search tree in ``area`` at text size ``scale``: nodes and edges for small trees,
    else the search-space map. Returns where nodes and the map went, for clicks, the wheel and drags."""
    surface.fill(theme.panel, area)
    pad = 8
    node_link = model.node_link
    title_key = "tree_title" if node_link else "tree_map_title"
    info = tr("tree_nodes", lang, count=f"{model.count:,}", depth=model.depth)
    if model.joined:  # a long run opened late: the tree grows from that moment on
        info = tr("tree_joined", lang, info=info, index=f"{model.joined:,}")
    title, info_rect = title_and_info(surface, area, tr(title_key, lang), info, theme, lang, scale)
    texts = [title, info_rect]
    top = max(title.bottom, info_rect.bottom)
    inner = pygame.Rect(area.x + pad, top + 8, area.width - 2 * pad, area.bottom - top - 8 - pad)
    if node_link:
        items = [
            ("line", "legend_current", theme.tried),
            ("cross", "legend_dead", theme.conflict),
            ("star", "legend_solution", theme.solution),
        ]
        legend_h = _legend(surface, inner, items, theme, lang, scaled(13, scale), texts)
        assert model.layout is not None
        body = pygame.Rect(inner.x + 14, inner.y + 6, inner.width - 28, inner.height - legend_h - 30)
        nodes = tuple(_draw_node_link(surface, body, model, theme, model.layout, scale))
        return TreeHits(nodes=nodes, texts=tuple(texts))
    else:
        palette = map_palette(theme)
        items = [
            ("box", "legend_explored", tuple(palette[EXPLORED_CODE])),
            ("box", "legend_pruned", tuple(palette[PRUNED_CODE])),
            ("box", "legend_solution", tuple(palette[SOLUTION_CODE])),
            ("line", "legend_current", theme.text),
        ]
        legend_h = _legend(surface, inner, items, theme, lang, scaled(13, scale), texts)
        body = pygame.Rect(inner.x, inner.y, inner.width, inner.height - legend_h - 4)
        if model.zoomable:  # how to zoom, and what the window shows
            key = "tree_following" if model.following else "tree_zoomed"
            zoom = f"{1 / model.window[1]:,.0f}"
            hint = _text(
                surface,
                tr(key, lang, zoom=zoom),
                scaled(13, scale),
                theme.muted_text,
                body.topleft,
                lang,
                max_width=body.width,
            )
            texts.append(hint)
            body = pygame.Rect(body.x, hint.bottom + 4, body.width, body.bottom - hint.bottom - 4)
        rect = _draw_map(surface, body, model, theme, texts, scale)
        return TreeHits(map_rect=rect, bands=model.n + 1, texts=tuple(texts))


def draw_profile(
    surface: pygame.Surface,
    area: pygame.Rect,
    counts_so_far: Sequence[int],
    full_profile: Sequence[int],
    theme: Theme,
    lang: str = "en",
    title_key: str = "profile_title",
    scale: float = 1.0,
) -> list[pygame.Rect]:
    """Nodes per depth so far (filled bars) against the full tree's profile (outlined bars);
    returns the rects of its texts. Needs ``profile_height(len(full_profile))`` pixels to keep
    the rows apart."""
    surface.fill(theme.panel, area)
    pad = 8
    total = tr("profile_total", lang, so_far=f"{sum(counts_so_far):,}", total=f"{sum(full_profile):,}")
    title, info = title_and_info(surface, area, tr(title_key, lang), total, theme, lang, scale)
    rows = len(full_profile)
    top = max(title.bottom, info.bottom) + 8
    texts = [title, info]
    row_h = max(6, (area.bottom - pad - top) // max(1, rows))
    size = max(9, min(scaled(15, scale), row_h - 4))
    while size > 9 and get_font(size, "en").get_height() > row_h:
        size -= 1
    font = get_font(size, "en")
    label_w = font.size(str(rows - 1))[0] + 10
    number_w = font.size(f"{max(full_profile):,} / {max(full_profile):,}")[0] + 10
    bar_x = area.x + pad + label_w
    bar_w = max(10, area.right - pad - number_w - bar_x)
    peak = max(full_profile) or 1
    outline = blend(theme.grid, theme.panel, 0.3)
    for d, full in enumerate(full_profile):
        so_far = counts_so_far[d] if d < len(counts_so_far) else 0
        y = top + d * row_h
        h = max(3, row_h - 4)
        depth_label = _text(
            surface, str(d), size, theme.muted_text, (bar_x - 6, y + row_h // 2 - 2), "en", anchor="midright"
        )
        texts.append(depth_label)
        full_w = max(1, round(bar_w * full / peak)) if full else 0
        done_w = round(bar_w * so_far / peak)
        if full_w:
            pygame.draw.rect(surface, blend(theme.tried, theme.panel, 0.8), (bar_x, y, full_w, h))
            pygame.draw.rect(surface, outline, (bar_x, y, full_w, h), 1)
        if done_w:
            colour = theme.solution if so_far == full and full else theme.tried
            pygame.draw.rect(surface, colour, (bar_x, y, done_w, h))
        label = f"{so_far:,} / {full:,}"
        texts.append(
            _text(surface, label, size, theme.text, (bar_x + full_w + 6, y + h // 2), "en", anchor="midleft")
        )
    return texts


#: A profile row needs this many pixels to keep its labels apart.
PROFILE_ROW = 14


def profile_height(rows: int, scale: float = 1.0) -> int:
    """The least height of a readable profile of ``rows`` depths (title and rows) at ``scale``."""
    return round(50 * scale) + PROFILE_ROW * rows
