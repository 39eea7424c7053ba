"""The side panel's view: the code (default), the search tree, the solutions gallery, the
conflicts chart, the options left or the cost against n.

``Views`` owns the models listening to the app's timeline (``TreeView``, ``Gallery``,
``ConflictSeries``): built on first use, cleared by the timeline itself when it is reset,
rebuilt when the timeline is replaced. The cost view (``CostRunner``) measures on its own
thread, restarted for another algorithm or range of n and stopped when the view closes.
Drawing is two steps: ``model`` takes a read-only snapshot (under the lock the worker steps the
timeline with), ``draw`` paints it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from solvers.spec import AlgorithmSpec
from visualizer.core.conflicts import ChartModel, ConflictSeries
from visualizer.core.cost import CostModel, CostRunner, sizes
from visualizer.core.domains import shows_domains
from visualizer.core.gallery import Gallery, GalleryModel, GalleryPager
from visualizer.core.options import OptionsFollower, OptionsModel
from visualizer.core.timeline import Timeline
from visualizer.core.tree import SearchTree
from visualizer.core.tree_view import TreeModel, TreeView
from visualizer.look.i18n import tr
from visualizer.look.theme import Theme
from visualizer.render.tree import TreeHits

VIEWS = ("code", "tree", "gallery", "chart", "options", "cost")
#: What the side panel draws: a snapshot of the tree panel, the gallery, the chart's values, the
#: options left or the cost against n.
SideModel = TreeModel | GalleryModel | ChartModel | OptionsModel | CostModel | tuple[CostModel, ...]
#: A click this close to a cost point (in pixels, times the text scale) is on it.
COST_HIT = 12


class Views:
    """Which side view shows, the models behind it and the gallery's selection."""

    def __init__(self) -> None:
        self.view = "code"
        self.tree_view: TreeView | None = None
        self.gallery: Gallery | None = None
        self.chart: ConflictSeries | None = None  # conflicts per repair (min-conflicts)
        self.options: OptionsFollower | None = None  # squares left per row and column (propagation)
        self.costs: tuple[CostRunner, ...] = ()  # the cost against n of each algorithm, on their threads
        self.cost_names: tuple[str, ...] | None = None  # their names as shown (None: their titles; race: set)
        self.cost_n = 0  # the board's n, marked on the cost view
        self.cost_points: list[tuple[tuple[int, int], int]] = []  # drawn cost points: (centre, n)
        self.cost_texts: list[pygame.Rect] = []  # the cost view's texts, last frame
        self.cost_hit = COST_HIT
        self.hits: list = []
        self.pager = GalleryPager()  # the gallery's page (wheel, PgUp / PgDn)
        self.tree_hits = TreeHits()  # where the last frame drew the tree's nodes or map
        self.profile_texts: list[pygame.Rect] = []  # the nodes-per-depth chart's texts, last frame
        self._press: tuple[int, int] | None = None  # a press on the map, until released or dragged
        self._selected: tuple[tuple[int, ...], Timeline, int] | None = None

    @property
    def tree(self) -> SearchTree | None:
        """The search tree behind the tree view (None until it is first shown)."""
        return self.tree_view.tree if self.tree_view is not None else None

    def set(self, view: str | None, timeline: Timeline, lang: str = "en") -> None:
        """Show ``view``; the same view again (or None) goes back to the code. The options view
        needs a search that keeps domains (ValueError, in ``lang``, for another)."""
        view = "code" if view is None or view == self.view else str(view)
        if view not in VIEWS:
            raise ValueError(f"view must be one of {', '.join(VIEWS)} (got {view!r})")
        if view == "tree" and (self.tree_view is None or self.tree_view.timeline is not timeline):
            self.tree_view = TreeView(timeline)
        elif view == "tree" and self.tree_view is not None:
            self.tree_view.follow()  # opened again: follow the current subtree
        if view == "gallery" and (self.gallery is None or self.gallery.timeline is not timeline):
            self.gallery = Gallery(timeline.n).attach(timeline)
        if view == "chart" and (self.chart is None or self.chart.timeline is not timeline):
            self.chart = ConflictSeries().attach(timeline)
        if view == "options" and (self.options is None or self.options.timeline is not timeline):
            if not shows_domains(timeline.spec):
                raise ValueError(tr("options_no_domains", lang, algorithm=timeline.spec.title))
            self.options = OptionsFollower(timeline)
        if view == "cost":
            self.cost_for((timeline.spec,), timeline.n)
        else:  # closed: its threads stop (the points done stay cached)
            self._stop_costs(0)
        self.view = view
        self.hits = []

    @property
    def cost(self) -> CostRunner | None:
        """The cost runner of the (first) algorithm, or None while the view is closed."""
        return self.costs[0] if self.costs else None

    def cost_for(self, specs: Sequence[AlgorithmSpec], n: int) -> None:
        """The cost view shows, for each of ``specs`` (race mode: both racers) at ``n``: their
        runners, new ones for another algorithm or range of n (cached points at once)."""
        wanted = tuple((spec.name, sizes(spec.min_n, n)) for spec in specs)
        self.cost_n, self.view = n, "cost"
        if tuple((runner.algorithm, runner.sizes) for runner in self.costs) != wanted:
            self._stop_costs(0)  # never waited for: each ends at its next look at the flag
            self.costs = tuple(CostRunner(name, span).start() for name, span in wanted)
            self.cost_points = []

    def _stop_costs(self, timeout: float = 2.0) -> None:
        for runner in self.costs:
            runner.stop(timeout)
        self.costs = ()

    def join_costs(self, timeout: float | None = None) -> bool:
        """Wait for every cost point (headless screenshots); True if all are measured."""
        return all([runner.join(timeout) for runner in self.costs])

    def close(self) -> None:
        """The mode closes: the cost threads stop."""
        self._stop_costs()

    def rebuild(self, timeline: Timeline) -> None:
        """The timeline was replaced: start the built views again from the new one.

        (A reset of the same timeline needs nothing: the views hear it.)
        """
        self._selected = None
        self.hits = []
        if self.tree_view is not None:
            self.tree_view.detach()
            self.tree_view = TreeView(timeline)
        if self.gallery is not None:
            self.gallery.detach()
            self.gallery = Gallery(timeline.n).attach(timeline)
        self.pager = GalleryPager()
        if self.chart is not None:
            self.chart.attach(timeline)
        if self.options is not None:
            self.options.detach()
            self.options = OptionsFollower(timeline) if shows_domains(timeline.spec) else None
            if self.options is None and self.view == "options":
                self.view = "code"
        if self.view == "cost":
            self.cost_for((timeline.spec,), timeline.n)  # another algorithm or n: its points (cached at once)

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

    def cost_at(self, pos: tuple[int, int]) -> int | None:
        """The n of the cost point drawn nearest ``pos``, within ``cost_hit`` pixels; None: none."""
        if self.view != "cost":
            return None
        near = [
            ((x - pos[0]) ** 2 + (y - pos[1]) ** 2, n)
            for (x, y), n in self.cost_points
            if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= self.cost_hit**2
        ]
        return min(near)[1] if near else None

    def page(self, step: int) -> bool:
        """The gallery's next (``step`` > 0) or previous page; True if it moved."""
        if self.view != "gallery" or self.gallery is None:
            return False
        classes = len(self.gallery.classes)
        return self.pager.down(classes) if step > 0 else self.pager.up()

    def wheel(self, pos: tuple[int, int], area: pygame.Rect, clicks: int) -> bool:
        """The mouse wheel over the side panel: the gallery pages (up: back), the tree's map
        zooms (up: in) around the pointer; True if taken."""
        if not area.collidepoint(pos):
            return False
        if self.view == "gallery":
            self.page(-1 if clicks > 0 else 1)
            return True
        point = self.tree_hits.map_point(pos)
        if self.view == "tree" and self.tree_view is not None and point is not None:
            self.tree_view.zoom(point[1], clicks)
            return True
        return False

    def drag(self, pos: tuple[int, int], rel: tuple[int, int]) -> bool:
        """A drag with the left button over the tree's map pans it; True if taken."""
        rect = self.tree_hits.map_rect
        if self.view != "tree" or self.tree_view is None or rect is None:
            return False
        if self._press is None and not rect.collidepoint(pos):
            return False
        self._press = None  # a drag, not a click
        self.tree_view.pan(-rel[0] / max(1, rect.width))
        return True

    def press(self, pos: tuple[int, int]) -> int | None:
        """A left press in the tree: a node-link node's moment at once; on the map, the press is
        kept until ``release`` (a drag cancels it). None when nothing is to be done now."""
        if self.view != "tree" or self.tree_view is None:
            return None
        if self.tree_hits.map_point(pos) is not None:
            self._press = pos
            return None
        return self.tree_hits.node_moment(pos)

    def release(self, pos: tuple[int, int]) -> int | None:
        """The left button released: the moment of the map's node pressed (not dragged), or None."""
        pressed, self._press = self._press, None
        point = self.tree_hits.map_point(pressed) if pressed is not None else None
        if point is None or self.tree_view is None:
            return None
        return self.tree_view.moment_at(*point)

    def over_tree(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the tree's map or a node (a press there is the tree's)."""
        hits = self.tree_hits
        return self.view == "tree" and (hits.map_point(pos) is not None or hits.node_moment(pos) is not None)

    def model(self) -> SideModel | None:
        """A read-only snapshot of the side view to draw, or None when the code shows.

        Take it under the lock that guards the timeline; drawing it then needs no lock.
        """
        if self.view == "tree" and self.tree_view is not None:
            return self.tree_view.model()
        if self.view == "gallery" and self.gallery is not None:
            return self.gallery.model()
        if self.view == "chart" and self.chart is not None:
            return self.chart.model()
        if self.view == "options" and self.options is not None:
            return self.options.model()
        if self.view == "cost" and len(self.costs) == 1:
            return self.costs[0].model(self.cost_n)
        if self.view == "cost" and self.costs:
            return tuple(runner.model(self.cost_n) for runner in self.costs)
        return None

    def draw(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        model: SideModel | None,
        theme: Theme,
        lang: str,
        chosen: tuple[int, ...] | None = None,
        scale: float = 1.0,
    ) -> bool:
        """Draw ``model`` (from ``model()``) in ``area``; False when the code view shows.

        ``chosen`` is the gallery's selected solution (``selected``), framed when drawn; ``scale``
        the window's text size (the cost view follows it).
        """
        if isinstance(model, TreeModel):
            from visualizer.render.tree import draw_profile, draw_tree, profile_height

            rows = model.n + 1
            profile_h = max(min(area.height * 2 // 5, 34 + 22 * rows), profile_height(rows))
            if area.height - profile_h - 8 < 110 + 12 * rows:  # too short for both: the tree alone
                profile_h = -8
            top = pygame.Rect(area.x, area.y, area.width, area.height - profile_h - 8)
            self.tree_hits = draw_tree(surface, top, model, theme, lang)
            self.profile_texts = []
            if profile_h > 0:
                bottom = pygame.Rect(area.x, top.bottom + 8, area.width, profile_h)
                counts = model.level_counts
                title = "profile_title_queens" if model.by_queens else "profile_title"
                self.profile_texts = draw_profile(
                    surface, bottom, counts, model.full_profile or counts, theme, lang, title
                )
            return True
        if isinstance(model, GalleryModel):
            from visualizer.render.gallery import draw_gallery_page

            self.pager.fit(model.class_count)
            moved = True
            while moved:  # a page asked for before the first draw moves once a page's size is known
                self.hits, shown = draw_gallery_page(
                    surface, area, model, theme, lang, chosen, first_class=self.pager.first
                )
                moved = self.pager.drawn(shown, model.class_count)
            return True
        if isinstance(model, ChartModel):
            from visualizer.render.chart import draw_conflicts_chart

            draw_conflicts_chart(
                surface, area, model.values, theme, lang, restarts=model.restarts, solved=model.solved
            )
            return True
        if isinstance(model, OptionsModel):
            from visualizer.render.options import draw_options

            draw_options(surface, area, model, theme, lang)
            return True
        if isinstance(model, (CostModel, tuple)):
            from visualizer.render.cost import draw_cost

            drawn = draw_cost(surface, area, model, theme, lang, scale, self.cost_names)
            self.cost_points, self.cost_texts = drawn.points, drawn.texts
            self.cost_hit = round(COST_HIT * max(1.0, scale))
            return True
        return False
