"""The side panel's view: the code (default), the search tree or the solutions gallery.

``Views`` owns the SearchTree and Gallery listening to the app's timeline. They
are built on first use and rebuilt whenever the timeline is reset or replaced
(``Timeline.reset`` keeps listeners but does not tell them).
"""

from __future__ import annotations

import pygame

from visualizer.core.conflicts import ConflictSeries
from visualizer.core.gallery import Gallery
from visualizer.core.timeline import Timeline
from visualizer.core.tree import SearchTree
from visualizer.theme import Theme

VIEWS = ("code", "tree", "gallery", "chart")
#: Above this n the full level profile is not computed (the chart shows the counts so far).
PROFILE_MAX_N = 14
_profiles: dict[int, list[int]] = {}


def full_profile(n: int) -> list[int] | None:
    """Nodes per depth of the whole backtracking tree (cached), or None when n is too large."""
    if n > PROFILE_MAX_N:
        return None
    if n not in _profiles:
        from solvers import engine

        _profiles[n] = engine.profile(n)
    return _profiles[n]


class Views:
    """Which side view shows, the tree and gallery behind it and the gallery's selection."""

    def __init__(self) -> None:
        self.view = "code"
        self.tree: SearchTree | None = None
        self.gallery: Gallery | None = None
        self.chart: ConflictSeries | None = None  # conflicts per repair (min-conflicts)
        self.hits: list = []
        self._selected: tuple[tuple[int, ...], Timeline, int] | None = None

    def set(self, view: str | None, timeline: Timeline) -> None:
        """Show ``view``; the same view again (or None) goes back to the code."""
        view = "code" if view is None or view == self.view else str(view)
        if view not in VIEWS:
            raise ValueError(f"view must be one of {', '.join(VIEWS)} (got {view!r})")
        if view == "tree" and (self.tree is None or self.tree.timeline is not timeline):
            self.tree = SearchTree(timeline.n).attach(timeline)
        if view == "gallery" and (self.gallery is None or self.gallery.timeline is not timeline):
            self.gallery = Gallery(timeline.n).attach(timeline)
        if view == "chart" and (self.chart is None or self.chart.timeline is not timeline):
            self.chart = ConflictSeries().attach(timeline)
        self.view = view
        self.hits = []

    def rebuild(self, timeline: Timeline) -> None:
        """The timeline was reset or replaced: start the built views again from it."""
        self._selected = None
        self.hits = []
        if self.tree is not None:
            self.tree.detach()
            self.tree = SearchTree(timeline.n).attach(timeline)
        if self.gallery is not None:
            self.gallery.detach()
            self.gallery = Gallery(timeline.n).attach(timeline)
        if self.chart is not None:
            self.chart.attach(timeline)

    def selected(self, timeline: Timeline) -> tuple[int, ...] | None:
        """The gallery solution clicked, while the timeline has not moved since."""
        if self._selected is None:
            return None
        queens, owner, cursor = self._selected
        if owner is not timeline or cursor != timeline.cursor or self.view != "gallery":
            self._selected = None
            return None
        return queens

    def click(self, pos: tuple[int, int], timeline: Timeline) -> bool:
        """A click in the gallery: select the mini board under ``pos``; True if one was hit."""
        from visualizer.render.gallery import hit

        if self.view != "gallery":
            return False
        queens = hit(self.hits, pos)
        if queens is None:
            return False
        self._selected = (queens, timeline, timeline.cursor)
        return True

    def draw(
        self, surface: pygame.Surface, area: pygame.Rect, timeline: Timeline, theme: Theme, lang: str
    ) -> bool:
        """Draw the tree or gallery view in ``area``; False when the code view shows."""
        if self.view == "tree" and self.tree is not None:
            from visualizer.render.tree import draw_profile, draw_tree

            profile_h = min(area.height * 2 // 5, 34 + 22 * (timeline.n + 1))
            top = pygame.Rect(area.x, area.y, area.width, area.height - profile_h - 8)
            bottom = pygame.Rect(area.x, top.bottom + 8, area.width, profile_h)
            draw_tree(surface, top, self.tree, theme, lang)
            counts = list(self.tree.level_counts)
            draw_profile(surface, bottom, counts, full_profile(timeline.n) or counts, theme, lang)
            return True
        if self.view == "gallery" and self.gallery is not None:
            from visualizer.render.gallery import draw_gallery

            chosen = self.selected(timeline)
            self.hits = draw_gallery(surface, area, self.gallery, theme, lang, chosen)
            return True
        if self.view == "chart" and self.chart is not None:
            from visualizer.render.chart import draw_conflicts_chart

            draw_conflicts_chart(surface, area, self.chart.values, theme, lang)
            return True
        return False
