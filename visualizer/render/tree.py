"""The search tree on screen: a node-link drawing for small n, a search-space map for large n,
and the nodes-per-depth profile against the engine's full profile.

The node-link view (n <= 6) places every node where it sits in the finished tree (leaves evenly
spaced, parents centred over their children), so nothing jumps as the tree grows. The map view
(an icicle: one band per depth, each node's slot split into n child slots) is painted
incrementally on a persistent pixel grid owned by an ``IcicleMap``; a frame only scales and blits it.
"""

from __future__ import annotations

import math
import weakref
from array import array

import numpy as np
import pygame

from visualizer.core.tree import (
    DEAD,
    EXPLORED,
    FRUITFUL,
    NODE_LINK_MAX_NODES,
    PRUNED,
    REFUSED,
    SOLUTION,
    SearchTree,
    complete_tree,
)
from visualizer.i18n import tr
from visualizer.render.fonts import ellipsize, get_font
from visualizer.theme import Colour, Theme

#: Mark codes of the map, in rising priority: a pixel shows the highest mark it holds.
EMPTY_CODE, PRUNED_CODE, EXPLORED_CODE, REFUSED_CODE, SOLUTION_CODE = range(5)
_CODE_OF = {PRUNED: PRUNED_CODE, EXPLORED: EXPLORED_CODE, REFUSED: REFUSED_CODE, SOLUTION: SOLUTION_CODE}
#: Columns of the map's pixel grid (pooled down to the screen width when drawn).
MAP_RESOLUTION = 2048


def blend(a: Colour, b: Colour, t: float) -> Colour:
    """``a`` moved a fraction ``t`` toward ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def map_palette(theme: Theme) -> np.ndarray:
    """RGB for each mark code: empty, refused slot, explored, refused board, solution."""
    empty = blend(theme.panel, theme.grid, 0.10)
    colours = [empty, blend(theme.conflict, theme.panel, 0.45), theme.tried, theme.conflict, theme.solution]
    return np.array(colours, dtype=np.uint8)


class IcicleMap:
    """The search space as bands, painted slot by slot as the tree reports changes.

    Each depth d is a band; the node whose path is (c1, ..., cd) owns the slot starting at
    sum(ci / n**i) of width 1 / n**d. Marks are counted per pixel column, so undo repaints
    exactly; slots narrower than a pixel share one and the highest mark wins.
    """

    def __init__(self, tree: SearchTree, resolution: int = MAP_RESOLUTION) -> None:
        self.tree = tree
        self.n = tree.n
        self.width = resolution
        zeros = bytes(4 * resolution)
        # counts[depth][code - 1][column]: how many slots with that mark touch the column
        self.counts = [[array("i", zeros) for _ in range(4)] for _ in range(self.n + 1)]
        self.codes = np.zeros((self.n + 1, resolution), dtype=np.uint8)
        self.dirty = True
        self._cache: tuple[tuple[int, int, str], pygame.Surface] | None = None
        self.paint(EXPLORED, 0, 0.0, 1.0, 1)  # the root
        tree.painters.append(self.paint)
        if tree.timeline is not None and tree.count > 1:
            self.counts = [[array("i", zeros) for _ in range(4)] for _ in range(self.n + 1)]
            self.codes[:] = 0
            self.paint(EXPLORED, 0, 0.0, 1.0, 1)
            tree.attach(tree.timeline)  # replays the events so far into this map

    def close(self) -> None:
        """Stop listening to the tree."""
        if self.paint in self.tree.painters:
            self.tree.painters.remove(self.paint)

    def paint(self, kind: str, depth: int, left: float, width: float, sign: int) -> None:
        """Add (sign +1) or remove (-1) a mark on a slot; O(1) for slots of a pixel or less."""
        w = self.width
        x0 = min(int(left * w), w - 1)
        x1 = min(int((left + width) * w), w)
        if x1 <= x0:
            x1 = x0 + 1
        code = _CODE_OF[kind]
        column = self.counts[depth][code - 1]
        for x in range(x0, x1):
            column[x] += sign
        marks = self.counts[depth]
        top = EMPTY_CODE
        for c in (SOLUTION_CODE, REFUSED_CODE, EXPLORED_CODE, PRUNED_CODE):
            if marks[c - 1][x0]:
                top = c
                break
        if x1 - x0 == 1:
            self.codes[depth, x0] = top
        else:  # slots wider than a pixel own their columns alone
            self.codes[depth, x0:x1] = top
        self.dirty = True

    def image(self, size: tuple[int, int], theme: Theme) -> pygame.Surface:
        """The map scaled to ``size`` (bands stacked top to bottom); cached until it changes."""
        key = (size[0], size[1], theme.name)
        if self._cache is not None and not self.dirty and self._cache[0] == key:
            return self._cache[1]
        width, height = max(1, size[0]), max(1, size[1])
        edges = (np.arange(width, dtype=np.int64) * self.width) // width
        pooled = np.maximum.reduceat(self.codes, edges, axis=1)
        rgb = map_palette(theme)[pooled]  # (bands, width, 3)
        small = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
        image = pygame.transform.scale(small, (width, height))
        self._cache = (key, image)
        self.dirty = False
        return image

    def solution_columns(self, width: int) -> np.ndarray:
        """Screen columns (out of ``width``) where the deepest band holds a solution."""
        edges = (np.arange(width, dtype=np.int64) * self.width) // width
        pooled = np.maximum.reduceat(self.codes[self.n], edges)
        return np.flatnonzero(pooled == SOLUTION_CODE)


_icicles: weakref.WeakKeyDictionary[SearchTree, IcicleMap] = weakref.WeakKeyDictionary()
_layouts: dict[tuple[str, int], list[tuple[float, int]] | None] = {}


def icicle_for(tree: SearchTree) -> IcicleMap:
    """The map painted from ``tree`` (created on first use, replaying the events so far)."""
    icicle = _icicles.get(tree)
    if icicle is None:
        icicle = _icicles[tree] = IcicleMap(tree)
    return icicle


# -- node-link layout ----------------------------------------------------------------------


def tidy_layout(tree: SearchTree) -> list[tuple[float, int]]:
    """(x in 0..1, depth) per node: leaves evenly spaced in visiting order, parents centred."""
    assert tree.nodes is not None
    nodes = tree.nodes
    leaves = [i for i, node in enumerate(nodes) if not node.children] or [0]
    xs = [0.0] * len(nodes)
    for k, i in enumerate(leaves):
        xs[i] = (k + 0.5) / len(leaves)
    for i in range(len(nodes) - 1, -1, -1):
        children = nodes[i].children
        if children:
            xs[i] = (xs[children[0]] + xs[children[-1]]) / 2
    return [(x, node.depth) for x, node in zip(xs, nodes, strict=True)]


def node_layout(tree: SearchTree) -> list[tuple[float, int]] | None:
    """Positions from the finished tree of the same search (stable while it grows), or None
    when that tree is too large to draw node by node."""
    spec = tree.spec
    if spec is None:
        return tidy_layout(tree) if tree.nodes is not None and tree.count <= NODE_LINK_MAX_NODES else None
    key = (spec.name, tree.n)
    if key not in _layouts:
        full = complete_tree(spec, tree.n)
        _layouts[key] = tidy_layout(full) if full is not None else None
    return _layouts[key]


def uses_node_link(tree: SearchTree) -> bool:
    """Whether ``draw_tree`` draws nodes and edges (else the search-space map)."""
    return tree.nodes is not None and node_layout(tree) is not None


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
    font = get_font(size, lang, bold)
    if max_width is not None:
        text = ellipsize(font, text, max_width)
    image = font.render(text, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


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
) -> int:
    """Draw legend swatches along the bottom of ``area``; returns the height used."""
    font = get_font(size, lang)
    height = font.get_linesize() + 6
    x, y = area.x + 8, area.bottom - height + 3
    box = size
    for shape, key, colour in items:
        label = tr(key, lang)
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
        image = font.render(label, True, theme.muted_text)
        surface.blit(image, (x + box + 5, y + (height - 6 - image.get_height()) // 2))
        x += box + 5 + image.get_width() + 16
    return height


def _draw_node_link(
    surface: pygame.Surface,
    area: pygame.Rect,
    tree: SearchTree,
    theme: Theme,
    lang: str,
    layout: list[tuple[float, int]],
) -> None:
    assert tree.nodes is not None
    nodes, n = tree.nodes, tree.n
    leaves = max(1, sum(1 for i in range(len(layout)) if _is_leaf(layout, i)))
    spacing = area.width / leaves
    level_h = area.height / (n + 0.6)
    radius = int(max(4, min(18, spacing * 0.4, level_h * 0.28)))
    show_numbers = radius >= 8

    def pos(i: int) -> tuple[int, int]:
        x, depth = layout[i]
        return round(area.x + x * area.width), round(area.y + radius + 2 + depth * level_h)

    on_path = set(tree.path)
    edge = blend(theme.grid, theme.panel, 0.35)
    # edges first, the current path thick on top
    for i, node in enumerate(nodes):
        if node.parent is not None and i not in on_path:
            pygame.draw.line(surface, edge, pos(node.parent), pos(i), 2)
    for parent, child in zip(tree.path, tree.path[1:], strict=False):
        pygame.draw.line(surface, theme.tried, pos(parent), pos(child), max(4, radius // 3))
    # refused child slots: a small bar of n cells under each node that has any
    cell = max(3, min(8, int(spacing * 0.8 / n)))
    for i, node in enumerate(nodes):
        if not node.pruned or cell * n > spacing * 1.6:
            continue
        x, y = pos(i)
        left, top = x - cell * n // 2, y + radius + 3
        placed = {square[1] for c in node.children if (square := nodes[c].square) is not None}
        for col in range(n):
            rect = pygame.Rect(left + col * cell, top, cell - 1, cell - 1)
            if col in node.pruned:
                pygame.draw.rect(surface, theme.conflict, rect)
            elif col in placed:
                pygame.draw.rect(surface, theme.tried, rect)
            else:
                pygame.draw.rect(surface, edge, rect, 1)
    font_size = max(9, int(radius * 1.0))
    current = tree.current
    for i, node in enumerate(nodes):
        centre = pos(i)
        state = tree.state(i)
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


def _is_leaf(layout: list[tuple[float, int]], i: int) -> bool:
    """Whether node ``i`` of a layout is a leaf: the next node in visiting order is not deeper."""
    return i + 1 >= len(layout) or layout[i + 1][1] <= layout[i][1]


def _draw_map(
    surface: pygame.Surface, area: pygame.Rect, tree: SearchTree, theme: Theme, lang: str, icicle: IcicleMap
) -> None:
    n = tree.n
    label_w = 34
    counts_w = 64
    rect = pygame.Rect(area.x + label_w, area.y, max(10, area.width - label_w - counts_w), area.height - 8)
    band = max(2, rect.height // (n + 1))
    rect.height = band * (n + 1)
    surface.blit(icicle.image(rect.size, theme), rect)
    gap = theme.panel
    if band >= 6:
        for d in range(1, n + 1):
            pygame.draw.line(
                surface, gap, (rect.x, rect.y + d * band), (rect.right - 1, rect.y + d * band), 1
            )
    size = max(10, min(16, band - 4))
    for d in range(n + 1):
        if band >= 11 or d % max(1, (12 // band)) == 0:
            y = rect.y + d * band + band // 2
            _text(surface, str(d), size, theme.muted_text, (rect.x - 6, y), "en", anchor="midright")
            _text(
                surface,
                f"{tree.level_counts[d]:,}",
                size,
                theme.text,
                (rect.right + 6, y),
                "en",
                anchor="midleft",
            )
    # solutions: a tick under each column of the deepest band that holds one (shape, not only colour)
    bottom = rect.bottom
    for x in icicle.solution_columns(rect.width)[::1]:
        pygame.draw.line(surface, theme.solution, (rect.x + x, bottom + 1), (rect.x + x, bottom + 6), 1)
    # the current path: an outline around wide slots, a marker and a line through narrow ones
    points = []
    for d in range(tree.depth + 1):
        left, width = tree.slot(d)
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


def draw_tree(
    surface: pygame.Surface,
    area: pygame.Rect,
    tree: SearchTree,
    theme: Theme,
    lang: str = "en",
    icicle: IcicleMap | None = None,
) -> None:
    """Draw the search tree in ``area``: nodes and edges for small trees, else the search-space map.

    ``icicle`` is the map to blit for large trees; by default one is kept per tree.
    """
    surface.fill(theme.panel, area)
    pad = 8
    node_link = icicle is None and uses_node_link(tree)
    title_key = "tree_title" if node_link else "tree_map_title"
    title = _text(
        surface,
        tr(title_key, lang),
        18,
        theme.text,
        (area.x + pad, area.y + pad),
        lang,
        bold=True,
        max_width=area.width - 2 * pad,
    )
    info = tr("tree_nodes", lang, count=f"{tree.count:,}", depth=tree.depth)
    _text(surface, info, 14, theme.muted_text, (area.right - pad, title.centery), lang, anchor="midright")
    inner = pygame.Rect(
        area.x + pad, title.bottom + 8, area.width - 2 * pad, area.bottom - title.bottom - 8 - pad
    )
    if node_link:
        items = [
            ("line", "legend_current", theme.tried),
            ("cross", "legend_dead", theme.conflict),
            ("star", "legend_solution", theme.solution),
        ]
        legend_h = _legend(surface, inner, items, theme, lang, 13)
        layout = node_layout(tree)
        assert layout is not None
        body = pygame.Rect(inner.x + 14, inner.y + 6, inner.width - 28, inner.height - legend_h - 30)
        _draw_node_link(surface, body, tree, theme, lang, layout)
    else:
        palette = map_palette(theme)
        items = [
            ("box", "legend_explored", tuple(palette[EXPLORED_CODE])),
            ("box", "legend_pruned", tuple(palette[PRUNED_CODE])),
            ("box", "legend_solution", tuple(palette[SOLUTION_CODE])),
            ("line", "legend_current", theme.text),
        ]
        legend_h = _legend(surface, inner, items, theme, lang, 13)
        body = pygame.Rect(inner.x, inner.y, inner.width, inner.height - legend_h - 4)
        _draw_map(surface, body, tree, theme, lang, icicle or icicle_for(tree))


def draw_profile(
    surface: pygame.Surface,
    area: pygame.Rect,
    counts_so_far: list[int],
    full_profile: list[int],
    theme: Theme,
    lang: str = "en",
) -> None:
    """Nodes per depth so far (filled bars) against the full tree's profile (outlined bars)."""
    surface.fill(theme.panel, area)
    pad = 8
    title = _text(
        surface, tr("profile_title", lang), 18, theme.text, (area.x + pad, area.y + pad), lang, bold=True
    )
    total = tr("profile_total", lang, so_far=f"{sum(counts_so_far):,}", total=f"{sum(full_profile):,}")
    _text(surface, total, 14, theme.muted_text, (area.right - pad, title.centery), lang, anchor="midright")
    rows = len(full_profile)
    top = title.bottom + 8
    row_h = max(6, (area.bottom - pad - top) // max(1, rows))
    size = max(9, min(15, row_h - 4))
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
        _text(
            surface, str(d), size, theme.muted_text, (bar_x - 6, y + row_h // 2 - 2), "en", anchor="midright"
        )
        full_w = max(1, round(bar_w * full / peak)) if full else 0
        done_w = round(bar_w * so_far / peak)
        if full_w:
            pygame.draw.rect(surface, blend(theme.tried, theme.panel, 0.8), (bar_x, y, full_w, h))
            pygame.draw.rect(surface, outline, (bar_x, y, full_w, h), 1)
        if done_w:
            colour = theme.solution if so_far == full and full else theme.tried
            pygame.draw.rect(surface, colour, (bar_x, y, done_w, h))
        label = f"{so_far:,} / {full:,}"
        _text(surface, label, size, theme.text, (bar_x + full_w + 6, y + h // 2), "en", anchor="midleft")
