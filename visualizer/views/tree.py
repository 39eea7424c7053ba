"""The search tree view (T): the tree (node by node, or as a zoomable map) over the nodes-per-depth
profile; a click on a node, or on the map's node (not dragged), goes to the moment it was entered."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from visualizer.core.timeline import Timeline
from visualizer.core.tree import SearchTree
from visualizer.core.tree_view import TreeModel, TreeView
from visualizer.views.base import Paint, Reach, SideView, ViewCommand

if TYPE_CHECKING:
    import pygame

    from visualizer.render.tree import TreeHits


class TreeSide(SideView):
    """The tree panel of one timeline: ``tree_view`` follows it, ``hits`` is where the last frame
    drew the nodes or the map, ``profile_texts`` the profile's texts."""

    name = "tree"
    order = 10
    commands = (ViewCommand("tree", (("t", "T"),), help="view_tree"),)

    def __init__(self, timelines: Sequence[Timeline]) -> None:
        super().__init__(timelines)
        from visualizer.render.tree import TreeHits

        self.tree_view = TreeView(self.timeline)
        self.hits: TreeHits = TreeHits()
        self.profile_texts: list[pygame.Rect] = []
        self._press: tuple[int, int] | None = None  # a press on the map, until released or dragged

    @property
    def tree(self) -> SearchTree:
        return self.tree_view.tree

    def reopen(self) -> None:
        self.tree_view.follow()  # opened again: follow the current subtree

    def rebuild(self, timelines: Sequence[Timeline]) -> bool:
        super().rebuild(timelines)
        self.tree_view.detach()
        self.tree_view = TreeView(self.timeline)
        return True

    def model(self) -> TreeModel:
        return self.tree_view.model()

    def draw(self, surface: pygame.Surface, area: pygame.Rect, model: TreeModel, paint: Paint) -> None:
        """The tree on top, the profile under it when both fit."""
        import pygame

        from visualizer.render.tree import draw_profile, draw_tree, profile_height

        rows = model.n + 1
        profile_h = max(min(area.height * 2 // 5, 34 + 22 * rows), profile_height(rows, paint.scale))
        if area.height - profile_h - 8 < 110 + 12 * rows:  # too short for both: the tree alone
            profile_h = -8
        top = pygame.Rect(area.x, area.y, area.width, area.height - profile_h - 8)
        self.hits = draw_tree(surface, top, model, paint.theme, paint.lang, paint.scale)
        self.profile_texts = []
        if profile_h > 0:
            bottom = pygame.Rect(area.x, top.bottom + 8, area.width, profile_h)
            counts = model.level_counts
            title = "profile_title_queens" if model.by_queens else "profile_title"
            self.profile_texts = draw_profile(
                surface,
                bottom,
                counts,
                model.full_profile or counts,
                paint.theme,
                paint.lang,
                title,
                paint.scale,
            )

    def click(self, pos: tuple[int, int], reach: Reach) -> bool:
        """A node-link node: its moment at once; on the map, the press is kept until ``release``
        (a drag cancels it)."""
        if self.hits.map_point(pos) is not None:
            self._press = pos
            return True
        moment = self.hits.node_moment(pos)
        if moment is None:
            return False
        reach.go_to(moment)
        return True

    def release(self, pos: tuple[int, int], reach: Reach) -> None:
        """The map's node pressed (not dragged): its moment."""
        pressed, self._press = self._press, None
        point = self.hits.map_point(pressed) if pressed is not None else None
        moment = self.tree_view.moment_at(*point) if point is not None else None
        if moment is not None:
            reach.go_to(moment)

    def drag(self, pos: tuple[int, int], rel: tuple[int, int]) -> bool:
        """A drag over the map pans it."""
        rect = self.hits.map_rect
        if rect is None or (self._press is None and not rect.collidepoint(pos)):
            return False
        self._press = None  # a drag, not a click
        self.tree_view.pan(-rel[0] / max(1, rect.width))
        return True

    def wheel(self, pos: tuple[int, int], clicks: int) -> bool:
        """The map zooms (up: in) around the pointer."""
        point = self.hits.map_point(pos)
        if point is None:
            return False
        self.tree_view.zoom(point[1], clicks)
        return True

    def state(self) -> dict[str, object]:
        return {"tree_nodes": self.tree.count}


VIEW = TreeSide
