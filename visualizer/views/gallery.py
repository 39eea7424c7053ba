"""The solutions gallery view (Y): the solutions found so far, grouped by symmetry class, a page at
a time (PgUp / PgDn, the wheel); a click on a mini board shows that solution until the next step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from visualizer.core.gallery import Gallery, GalleryModel, GalleryPager
from visualizer.core.timeline import Timeline
from visualizer.views.base import Paint, Reach, SideView, ViewCommand

if TYPE_CHECKING:
    import pygame


class GallerySide(SideView):
    """The gallery of one timeline: ``gallery`` follows it, ``pager`` is the page, ``hits`` the mini
    boards the last frame drew (rect, queens)."""

    name = "gallery"
    order = 20
    commands = (
        ViewCommand("gallery", (("y", "Y"),), help="view_gallery"),
        ViewCommand(
            "gallery-up",
            (("page up", "PgUp"),),
            help="gallery_page_up",
            action=lambda view: view.page(-1),
            while_busy=True,
        ),
        ViewCommand(
            "gallery-down",
            (("page down", "PgDn"),),
            help="gallery_page_down",
            action=lambda view: view.page(1),
            while_busy=True,
        ),
    )

    def __init__(self, timelines: Sequence[Timeline]) -> None:
        super().__init__(timelines)
        self.gallery = Gallery(self.timeline.n).attach(self.timeline)
        self.pager = GalleryPager()  # the gallery's page (wheel, PgUp / PgDn)
        self.hits: list = []
        self._selected: tuple[tuple[int, ...], Timeline, int] | None = None

    def reopen(self) -> None:
        self.hits = []

    def rebuild(self, timelines: Sequence[Timeline]) -> bool:
        super().rebuild(timelines)
        self.gallery.detach()
        self.gallery = Gallery(self.timeline.n).attach(self.timeline)
        self.pager = GalleryPager()
        self.hits, self._selected = [], None
        return True

    def hide(self) -> None:
        self.hits, self._selected = [], None

    def model(self) -> GalleryModel:
        return self.gallery.model()

    def draw(self, surface: pygame.Surface, area: pygame.Rect, model: GalleryModel, paint: Paint) -> None:
        from visualizer.render.gallery import draw_gallery_page

        self.pager.fit(model.class_count)
        moved = True
        while moved:  # a page asked for before the first draw moves once a page's size is known
            self.hits, shown = draw_gallery_page(
                surface,
                area,
                model,
                paint.theme,
                paint.lang,
                paint.chosen,
                first_class=self.pager.first,
                scale=paint.scale,
            )
            moved = self.pager.drawn(shown, model.class_count)

    def page(self, step: int) -> bool:
        """The next (``step`` > 0) or previous page; True if it moved."""
        classes = len(self.gallery.classes)
        return self.pager.down(classes) if step > 0 else self.pager.up()

    def board(self, timeline: Timeline) -> tuple[int, ...] | None:
        """The solution clicked, while the timeline has not moved since."""
        if self._selected is None:
            return None
        queens, owner, cursor = self._selected
        if owner is not timeline or cursor != timeline.cursor:
            self._selected = None
            return None
        return queens

    def click(self, pos: tuple[int, int], reach: Reach) -> bool:
        """Select the mini board under ``pos``."""
        from visualizer.render.gallery import hit

        queens = hit(self.hits, pos)
        if queens is None:
            return False
        self._selected = (queens, self.timeline, self.timeline.cursor)
        return True

    def wheel(self, pos: tuple[int, int], clicks: int) -> bool:
        """Up: the previous page."""
        self.page(-1 if clicks > 0 else 1)
        return True


VIEW = GallerySide
