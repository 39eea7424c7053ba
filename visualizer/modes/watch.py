"""Watch mode: one algorithm's search on the board, its counters, and the side view
(pseudo-code, search tree, solutions gallery or conflicts chart)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from solvers import registry
from visualizer.core.checks import CheckMarks, check_kind, check_marks, shows_check
from visualizer.core.domains import DomainFollower, shows_domains
from visualizer.core.player import Player
from visualizer.core.scene import Scene, scene_of
from visualizer.core.timeline import Timeline
from visualizer.core.until import last_event
from visualizer.i18n import tr
from visualizer.modes.base import SEARCH_ROWS, ControlPlan, Host, SearchMode
from visualizer.views import Views
from visualizer.window_n import check_window_n, row_heat

if TYPE_CHECKING:
    from visualizer.layout import Layout
    from visualizer.render.board import BoardGeometry


#: Above this n the check is not drawn (the backtracking family stops at 20 anyway).
MAX_CHECK_N = 32


def mrv_extra(scene: Scene, lang: str) -> dict[str, str]:
    """The side panel's line for MRV's next row: "Next row (MRV)": "3 · fewest remaining: 2"."""
    view = scene.domains
    if view is None or view.mrv_row is None:
        return {}
    row = view.mrv_row
    return {tr("mrv_next", lang): tr("mrv_why", lang, row=row + 1, left=view.sizes[row])}


class WatchMode(SearchMode):
    """One timeline under a Player, with the side views following it."""

    name = "watch"

    def __init__(self, host: Host, n: int, algorithm: str) -> None:
        self.host = host
        self.views = Views()  # the side panel: code, search tree, gallery or chart
        self.strips_area: pygame.Rect | None = None  # where the last frame drew the flag strips
        self.strip_texts: list[pygame.Rect] = []  # and their labels
        self.domains: DomainFollower | None = None  # constraint propagation: the domains on the board
        self._open(registry.get(algorithm), n)

    def _open(self, spec: registry.AlgorithmSpec, n: int) -> None:
        """A new run of ``spec`` at ``n`` (refused with SolverError before anything changes)."""
        check_window_n(n, spec, self.host.lang)  # the window draws up to n = 1000
        from visualizer import modes

        timeline = Timeline(spec, n, log_capacity=modes.LOG_CAPACITY)
        with self.host.lock:
            self.timeline = timeline
            self.player = Player(
                timeline,
                self.host.lock,
                attempts=lambda: timeline.counters.attempts,  # an int read, safe without the lock
                estimate=lambda cancel: spec.expected_attempts(n, cancel=cancel),
            )
            self.views.rebuild(timeline)
            # domains on the board (issue 15): followed from the first event, so step back undoes them
            if self.domains is not None:
                self.domains.detach()
            self.domains = DomainFollower(n).attach(timeline) if shows_domains(spec) else None
            if spec.family == "local-search" and self.views.view != "chart":
                self.views.set("chart", timeline)  # min-conflicts opens on its conflicts chart

    @property
    def n(self) -> int:
        return self.timeline.n

    @property
    def algorithm(self) -> str:
        return self.timeline.spec.name

    @property
    def view(self) -> str:
        """The side view showing: "code", "tree", "gallery" or "chart"."""
        return self.views.view

    @property
    def wide_side(self) -> bool:
        return self.views.view != "code"

    def controls(self) -> ControlPlan:
        return ControlPlan(SEARCH_ROWS)

    def control_fields(self) -> dict[str, object]:
        return {"playing": self.playing}

    # -- commands ------------------------------------------------------------

    def solutions_so_far(self) -> int:
        return self.timeline.counters.solutions

    def set_n(self, n: object) -> None:
        """A new board size for the same algorithm ([ and ], Shift for 10, or typed in the n box)."""
        self._open(self.timeline.spec, self.parse_n(n))
        self.host.relayout()  # the chart view may have opened: widths and controls

    def set_algorithm(self, name: str) -> None:
        """Another algorithm at the same n (the drop-down)."""
        self._open(registry.get(str(name)), self.n)
        self.host.relayout()

    def set_view(self, view: str | None = None) -> None:
        """The side panel: "code", "tree" (T) or "gallery" (Y); the shown view again goes back to code."""
        wide = self.wide_side
        with self.host.lock:
            self.views.set(view, self.timeline)
        if self.wide_side != wide:  # a tree or gallery takes room from the board
            self.host.relayout()

    def show_tree(self) -> None:
        self.set_view("tree")

    def show_gallery(self) -> None:
        self.set_view("gallery")

    def gallery_page_up(self) -> None:
        """The gallery's previous page (PgUp, while the gallery shows)."""
        self.views.page(-1)

    def gallery_page_down(self) -> None:
        """The gallery's next page (PgDn, while the gallery shows)."""
        self.views.page(1)

    def wheel(self, pos: tuple[int, int], clicks: int, layout: Layout) -> bool:
        """The mouse wheel: pages the gallery, zooms the tree; True if taken."""
        with self.host.lock:
            return self.views.wheel(pos, layout.code, clicks)

    def drag(self, pos: tuple[int, int], rel: tuple[int, int], layout: Layout) -> bool:
        """A drag with the left button: pans the tree's map; True if taken."""
        with self.host.lock:
            return self.views.drag(pos, rel)

    def release(self, pos: tuple[int, int]) -> None:
        """The left button released: a click (not a drag) on the tree's map goes to that node."""
        self._go_to(self.views.release(pos))

    def click(self, pos: tuple[int, int]) -> bool:
        """A click in the side view (a gallery board, a tree node); True if it was taken."""
        if self.views.over_tree(pos):
            self._go_to(self.views.press(pos))
            return True
        return self.views.click(pos, self.timeline)

    def _go_to(self, moment: int | None) -> None:
        """Step or step back to event index ``moment`` (a clicked tree node was entered there)."""
        if moment is None or self.player.busy:
            return
        cursor = self.timeline.cursor
        if moment < cursor:
            self.back(cursor - moment)
        elif moment > cursor:
            self.step(moment - cursor)

    # -- reading and drawing -------------------------------------------------

    def scene(self) -> Scene:
        """The board to draw now (a clicked gallery solution until the next step), under the lock."""
        with self.host.lock:
            scene = scene_of(self.timeline, shade_attacked=self.host.shade, domains=self.domains)
            chosen = self.views.selected(self.timeline)
        if chosen is not None:
            scene = Scene(n=scene.n, queens=chosen, event_index=scene.event_index)
        return scene

    def checks_lit(self) -> bool:
        """Whether the check is slow enough to follow: stepping by hand, or playing at
        ``SLOW_SPEED`` or slower (never during a jump or a show-all animation)."""
        player = self.player
        if player.busy or player.animating:
            return False
        return shows_check(self.host.speed, player.playing)

    def check_marks(self, scene: Scene) -> CheckMarks | None:
        """What the algorithm's own check read for the last event (None: it makes none to show)."""
        kind = check_kind(self.algorithm)
        if kind is None or scene.n > MAX_CHECK_N:
            return None
        with self.host.lock:
            event = self.timeline.last
        return check_marks(kind, scene.queens, event, lit=self.checks_lit())

    def check_state(self) -> dict[str, object] | None:
        """The check drawn now, for the state file: its kind, the board cells it read, the flag
        indices it looked up, and whether it stopped at an attacker."""
        marks = self.check_marks(self.scene())
        if marks is None:
            return None
        strips = marks.strips
        return {
            "kind": marks.kind,
            "lit": self.checks_lit(),
            "cells": [list(cell) for cell in marks.cells],
            "looked": list(strips.looked) if strips is not None else [],
            "stopped": marks.hit is not None or (strips is not None and strips.stopped),
        }

    def state(self) -> dict[str, object]:
        check = self.check_state()
        timeline = self.timeline
        with self.host.lock:
            counters = timeline.counters
            return {
                "finished": timeline.finished,
                "counters": {
                    key: getattr(counters, key)
                    for key in ("attempts", "placements", "backtracks", "solutions", "checks")
                },
                "queens": list(timeline.queens),
                "event_index": timeline.cursor,
                "depth": timeline.depth,
                "last_event": last_event(timeline.last),
                "view": self.views.view,
                **({"tree_nodes": self.views.tree.count} if self.views.tree is not None else {}),
                **({"check": check} if check is not None else {}),
                **self._domains_state(),
            }

    def _domains_state(self) -> dict[str, object]:
        """Constraint propagation's domains for the state file: each empty row's columns, MRV's row."""
        if self.domains is None:
            return {}
        view = scene_of(self.timeline, shade_attacked=False, domains=self.domains).domains
        assert view is not None
        return {
            "domains": [list(view.remaining(r)) if r in view.empty_rows else None for r in range(view.n)],
            "mrv_row": view.mrv_row,
        }

    def draw(self, surface: pygame.Surface, layout: Layout) -> BoardGeometry | None:
        from visualizer.render.board import draw_board
        from visualizer.render.lesson import draw_hidden
        from visualizer.render.panels import draw_code, draw_counters

        host, lang = self.host, self.host.lang
        with host.lock:
            scene = scene_of(self.timeline, shade_attacked=host.shade, domains=self.domains)
            chosen = self.views.selected(self.timeline)
            counters = self.timeline.counters.as_dict()
            depth = self.timeline.depth
            side = self.views.model()  # a read-only snapshot: drawing it needs no lock
        if chosen is not None:  # a gallery click: that solution until the next step
            scene = Scene(n=scene.n, queens=chosen, event_index=scene.event_index)
        family = self.timeline.spec.family  # counters only some families have
        if family != "local-search":
            counters.pop("repairs", None)
        if family != "propagation":
            counters.pop("pruned", None), counters.pop("wipeouts", None)
        marks = self.check_marks(scene) if chosen is None else None
        board_area, strips_area = layout.board, None
        if marks is not None and marks.strips is not None:
            from visualizer.render.checks import split_for_strips

            board_area, strips_area = split_for_strips(layout.board, scene.n, layout.scale, lang)
        geometry = draw_board(
            surface,
            board_area,
            scene,
            host.theme,
            lang=lang,
            show_attacked=host.shade,
            row_heat=row_heat(scene.queens),
        )
        if marks is not None:  # the algorithm's own check (slow speeds)
            from visualizer.render.checks import draw_cells, draw_strips, strips_under

            draw_cells(surface, geometry, marks, host.theme)
            if strips_area is not None and marks.strips is not None:
                strips_area = strips_under(geometry.rect, strips_area, geometry.gutter, layout.scale)
                self.strips_area = strips_area
                self.strip_texts = draw_strips(
                    surface, strips_area, marks.strips, host.theme, lang, layout.scale
                )
        extras = {
            **mrv_extra(scene, lang),  # MRV's next row and why (issue 15)
            tr("depth", lang): f"{depth} / {scene.n}",
            tr("event_index", lang): f"{scene.event_index:,}",
            tr("elapsed", lang): tr("seconds", lang, seconds=self.player.seconds()),
        }
        hidden = host.hidden  # lessons: panels hidden for an exercise (visualizer/lessons.py)
        if "counters" in hidden:
            draw_hidden(surface, layout.counters, tr("hidden_card", lang), host.theme, lang)
        else:
            draw_counters(surface, layout.counters, counters, extras, host.theme, lang, layout.scale)
        view = self.views.view
        if ("code" in hidden and view == "code") or ("tree" in hidden and view == "tree"):
            draw_hidden(surface, layout.code, tr("hidden_card", lang), host.theme, lang)
            return geometry
        side_view = self.views.draw(surface, layout.code, side, host.theme, lang, chosen)
        if not side_view:
            code = self.timeline.spec.code_in(lang)
            draw_code(surface, layout.code, code, scene.line, host.theme, lang, layout.scale)
        return geometry
