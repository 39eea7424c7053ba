"""Watch mode: one algorithm's search on the board, its counters, and the side panel (the
pseudo-code or one of the side views of ``visualizer/views/``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from solvers import registry
from solvers.engine import CancelFlag
from solvers.errors import SolverError
from solvers.instance import MAX_LOGGED_N, Instance
from visualizer.core.checks import CheckMarks, check_kind, check_marks, shows_check
from visualizer.core.domains import DomainFollower, shows_domains
from visualizer.core.failure import Failure
from visualizer.core.narration_log import NarrationLog
from visualizer.core.player import Player, is_move
from visualizer.core.scene import Scene, scene_of
from visualizer.core.timeline import Timeline
from visualizer.core.until import last_event
from visualizer.input.arguments import view_name
from visualizer.input.command import Key, command
from visualizer.input.window_n import check_window_n, row_heat
from visualizer.look.i18n import tr
from visualizer.modes.base import FAR_EVENTS, SEARCH_ROWS, ControlPlan, Host, SearchMode
from visualizer.modes.views import Views
from visualizer.views import registry as view_registry
from visualizer.views.base import Reach

if TYPE_CHECKING:
    from visualizer.look.layout import Layout
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
    narrates = True  # the layout keeps a narration panel below the board
    timeline: Timeline
    views: Views

    def __init__(self, host: Host, n: int, algorithm: str) -> None:
        self.host = host
        self.views = Views()  # the side panel: the code or a side view
        self.strips_area: pygame.Rect | None = None  # where the last frame drew the flag strips
        self.strip_texts: list[pygame.Rect] = []  # and their labels
        self.strips_scale = 1.0  # and the text scale they fitted at
        self.strips_upright = False  # and whether they stood beside the board
        self.narration: NarrationLog | None = None
        self.narration_hits: list[tuple[pygame.Rect, int]] = []  # log lines drawn: (rect, event index)
        self.log_lines = 3  # log lines the last frame showed (the wheel scrolls by them)
        self.domains: DomainFollower | None = None  # constraint propagation: the domains on the board
        self._open(registry.get(algorithm), n)

    def _open(self, spec: registry.AlgorithmSpec, n: int) -> None:
        """A new run of ``spec`` at ``n`` (refused with SolverError before anything changes)."""
        check_window_n(n, spec, self.host.lang)  # the window draws up to n = 1000
        # the timeline's own log: a 16 MB cache near the cursor where the run can seek (any
        # moment is reached again from checkpoints), the whole run (up to 10^7 events) otherwise
        timeline = Timeline(spec, n)
        with self.host.lock:
            old = getattr(self, "timeline", None)
            self.timeline = timeline
            self.player = Player(
                timeline,
                self.host.lock,
                attempts=lambda: timeline.counters.attempts,  # an int read, safe without the lock
                estimate=lambda cancel: spec.whole_run(n, cancel=cancel),
            )
            self.views.rebuild(timeline)
            if self.narration is not None:
                self.narration.detach()
            self.narration = NarrationLog(timeline)
            self.narration_hits = []
            # domains on the board (issue 15): followed from the first event, so step back undoes them
            if self.domains is not None:
                self.domains.detach()
            self.domains = DomainFollower(n).attach(timeline) if shows_domains(spec) else None
            if spec.view is not None and self.views.view != spec.view:
                self.views.set(spec.view, timeline)  # the view a search opens on (min-conflicts: its chart)
        if old is not None:
            old.close()  # its solver stops (a student's search: its process)

    @property
    def n(self) -> int:
        return self.timeline.n

    @property
    def algorithm(self) -> str:
        return self.timeline.spec.name

    @property
    def view(self) -> str:
        """The side view showing, or "code"."""
        return self.views.view

    @property
    def flag_strips(self) -> bool:
        return check_kind(self.timeline.spec) == "flags"

    @property
    def wide_side(self) -> bool:
        return self.views.active is not None

    @property
    def counter_rows(self) -> tuple[int, int]:
        """The counters this algorithm counts; depth, event, elapsed and MRV's next row below them."""
        return len(self.timeline.spec.counters), 3 + (self.domains is not None)

    def controls(self) -> ControlPlan:
        return ControlPlan((*SEARCH_ROWS, ("legend", *view_registry.buttons(self.name))))

    def close(self) -> None:
        super().close()
        self.views.close()  # the cost view's threads
        self.timeline.close()  # a student's search: its process ends with the window

    def failures(self) -> dict[str, Failure]:
        failure = self.timeline.failure
        return {"": failure} if failure is not None else {}

    def failures_here(self) -> dict[str, Failure]:
        failure = self.timeline.failure
        return {"": failure} if failure is not None and self.timeline.cursor == failure.index else {}

    def standing_banner(self) -> tuple[str, str] | None:
        """A run that failed, standing where it failed: the failure in the student's words."""
        if self.player.busy:
            return None
        with self.host.lock:
            failure = self.failures_here().get("")
        return (failure.sentence(self.host.lang), "error") if failure is not None else None

    def wait_total(self, timeout: float | None = None) -> None:
        """Headless: the scrub bar's total, and the cost view's points (a screenshot shows them all)."""
        super().wait_total(timeout)
        self.views.wait(timeout)

    def survey_twin(self, cancel: CancelFlag) -> int:
        """The run's total from a twin timeline's survey (the shown one is left alone)."""
        return Timeline(self.timeline.spec, self.n).survey(cancel)

    def control_fields(self) -> dict[str, object]:
        return {"playing": self.playing}

    # -- commands ------------------------------------------------------------

    def solutions_so_far(self) -> int:
        return self.timeline.counters.solutions

    def set_n(self, n: object) -> None:
        """A new board size for the same algorithm ([ and ], Shift for 10, or typed in the n box);
        blocked squares and given queens belong to their n: another n is the plain search."""
        spec, size = self.timeline.spec, self.parse_n(n)
        self._open(registry.get(spec.name) if spec.instance is not None and size != self.n else spec, size)
        self.host.relayout()  # the chart view may have opened: widths and controls

    def set_algorithm(self, name: str) -> None:
        """Another algorithm at the same n (the drop-down), on the same blocked squares and given
        queens if it takes them (else the plain search)."""
        spec, instance = registry.get(str(name)), self.timeline.spec.instance
        self._open(spec.bound(instance) if instance is not None and spec.constrained else spec, self.n)
        self.host.relayout()

    def constrain(self, instance: Instance) -> None:
        """Run this algorithm on ``instance`` (``--blocked`` / ``--given``): the board starts with
        its holes and given queens (its Setup event). Refused (SolverError) for an algorithm that
        takes none, or a board over ``MAX_LOGGED_N``."""
        if not instance.plain and instance.n > MAX_LOGGED_N:
            raise SolverError(
                f"the window shows blocked squares and given queens up to n = {MAX_LOGGED_N}"
                f" (got {instance.n})"
            )
        self._open(registry.get(self.algorithm).bound(instance), instance.n)
        self.host.relayout()

    @command("view", parse=view_name)
    def set_view(self, view: str | None = None) -> None:
        """The side panel: the side view ``view`` (its key: T, Y, V, W...); the shown view again, or
        None, goes back to the code."""
        wide = self.wide_side
        with self.host.lock:
            self.views.set(view, self.timeline, self.host.lang)
        if self.wide_side != wide:  # a side view takes room from the board
            self.host.relayout()

    def view_action(self, command: str) -> None:
        """A side view's own command (PgUp / PgDn page the gallery), on the view showing."""
        self.views.act(command)

    def reach(self) -> Reach:
        """What a side view's click may do here: go to a moment, run a command."""
        return Reach(self.go_to, self.host.dispatch)

    def drag(self, pos: tuple[int, int], rel: tuple[int, int]) -> bool:
        """A drag with the left button, for the side view (the tree's map pans); True if taken."""
        with self.host.lock:
            return self.views.drag(pos, rel)

    def release(self, pos: tuple[int, int]) -> None:
        """The left button released, for the side view (a click, not a drag, on the tree's map)."""
        self.views.release(pos, self.reach())

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a narration log line (back to that moment) or in the side view (a gallery
        board, a tree node, a cost point); True if it was taken."""
        for rect, index in self.narration_hits:
            if rect.collidepoint(pos):
                self.go_to(index + 1)
                return True
        return self.views.click(pos, self.reach())

    def finished_key(self) -> str:
        return "finished" if self.timeline.spec.exhaustive else "finished_one"

    @command("step-move", keys=(Key("right", "Ctrl+→", ctrl=True),), help="step_move")
    def step_move(self) -> None:
        """Ctrl+Right: the next move the board marks (a queen placed, refused, lifted) with what
        follows it up to the move after (its prunes, restores, the next choice); pauses Play."""
        self.player.pause()
        timeline = self.timeline
        with self.host.lock:
            if not timeline.advance_until(is_move, timeline.ready(FAR_EVENTS)):  # never waits for a solver
                if timeline.finished and timeline.failure is None:
                    self.host.say(tr(self.finished_key(), self.host.lang), "success")
                return
            while timeline.ready(1) and timeline.step(1):
                if timeline.last is not None and is_move(timeline.last):
                    timeline.back(1)  # stand just before the next move
                    break

    @command("back-move", keys=(Key("left", "Ctrl+←", ctrl=True),), help="back_move")
    def back_move(self) -> None:
        """Ctrl+Left: back to just before the last move the board marked (``step_move``'s
        inverse); pauses Play."""
        self.player.pause()
        timeline = self.timeline
        with self.host.lock:
            while (last := timeline.last) is not None and timeline.back(1) and not is_move(last):
                pass

    def go_to(self, cursor: int) -> None:
        """To the moment just after event ``cursor - 1`` (a click on its log line or on the tree
        node it entered)."""
        if not self.player.busy:
            self.player.pause()
            with self.host.lock:
                self.timeline.seek(cursor)
        elif cursor < self.timeline.cursor:  # while work runs, only back through what is known
            self.back(self.timeline.cursor - cursor)
        if self.narration is not None:
            self.narration.scroll = 0

    def wheel(self, pos: tuple[int, int], dy: int) -> bool:
        """The mouse wheel: over the narration panel it scrolls its log (up: further back); over
        the side view, what the view does with it (the gallery pages, the tree's map zooms)."""
        area = self.host.layout.narration
        if area is not None and area.collidepoint(pos) and self.narration is not None:
            with self.host.lock:
                self.narration.scroll_by(int(dy), self.log_lines)
            return True
        with self.host.lock:
            return self.views.wheel(pos, self.host.layout.code, dy)

    def status(self, lang: str) -> tuple[str, str]:
        """The algorithm's name and one-line summary, for the status area."""
        from visualizer.look.names import shown_summary, shown_title

        spec, hidden = self.timeline.spec, "names" in self.host.hidden  # a quiz: "which algorithm is this?"
        return shown_title(spec, lang, hidden), shown_summary(spec, lang, hidden)

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
        kind = check_kind(self.timeline.spec)
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
                # the counters the window shows for it: pruned and wipe-outs too for forward checking,
                # MRV and DLX, repairs for min-conflicts (``AlgorithmSpec.counters``)
                "counters": {key: getattr(counters, key) for key in timeline.spec.counters},
                "queens": list(timeline.queens),
                "event_index": timeline.cursor,
                "event_total": self.scrub_model().total,  # the scrub bar's: None (null) until known
                "depth": timeline.depth,
                "last_event": last_event(timeline.last),
                "line": timeline.last.line if timeline.last is not None else None,  # the code's current line
                "view": self.views.view,
                "narration": self.narration.current(self.host.lang) if self.narration is not None else "",
                "code": list(timeline.spec.code_in(self.host.lang)),
                "failure": timeline.failure.as_json() if timeline.failure is not None else None,
                **({"instance": timeline.spec.instance.as_json()} if timeline.spec.instance else {}),
                **self.views.state(),  # the built views' own fields (the tree's node count)
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
            said, log = self._narration(layout, lang)
        if chosen is not None:  # a gallery click: that solution until the next step
            scene = Scene(n=scene.n, queens=chosen, event_index=scene.event_index)
        shown = self.timeline.spec.counters  # repairs, pruned, wipe-outs: only for those that count them
        counters = {key: value for key, value in counters.items() if key in shown}
        marks = self.check_marks(scene) if chosen is None else None
        board_area, strips_area = layout.board, None
        self.strips_area, self.strip_texts = None, []
        if marks is not None and marks.strips is not None:
            from visualizer.render.checks import split_for_strips

            place = split_for_strips(layout.board, scene.n, layout.scale, lang, layout.board_side)
            if place is not None:  # no room (a tiny board): the board keeps it, the strips wait
                board_area, strips_area = place.board, place.strips
                self.strips_scale, self.strips_upright = place.scale, place.upright
        geometry = draw_board(
            surface,
            board_area,
            scene,
            host.theme,
            lang=lang,
            show_attacked=host.shade,
            row_heat=row_heat(scene.queens),
            text=layout.scale,
        )
        if marks is not None:  # the algorithm's own check (slow speeds)
            from visualizer.render.checks import draw_cells, draw_strips, strips_under

            draw_cells(surface, geometry, marks, host.theme)
            if strips_area is not None and marks.strips is not None:
                if not self.strips_upright:  # beside the board: placed where the board is drawn
                    strips_area = strips_under(geometry.rect, strips_area, geometry.gutter, layout.scale)
                self.strips_area = strips_area
                self.strip_texts = draw_strips(
                    surface,
                    strips_area,
                    marks.strips,
                    host.theme,
                    lang,
                    self.strips_scale,
                    self.strips_upright,
                )
        extras = {
            **mrv_extra(scene, lang),  # MRV's next row and why (issue 15)
            tr("depth", lang): f"{depth} / {scene.n}",
            tr("event_index", lang): f"{scene.event_index:,}",
            tr("elapsed", lang): tr("seconds", lang, seconds=self.player.seconds()),
        }
        hidden = host.hidden  # lessons: panels hidden for an exercise (visualizer/features/lessons.py)
        if "counters" in hidden:
            draw_hidden(surface, layout.counters, tr("hidden_card", lang), host.theme, lang)
        else:
            draw_counters(
                surface,
                layout.counters,
                counters,
                extras,
                host.theme,
                lang,
                layout.scale,
                layout.control_text,
            )
        self.draw_scrub(surface, layout)
        if self.views.view in hidden:  # a lesson hid the code, or the tree (F5, F7)
            draw_hidden(surface, layout.code, tr("hidden_card", lang), host.theme, lang)
        elif not self.views.draw(surface, layout.code, side, host.theme, lang, chosen, layout.scale):
            code = self.timeline.spec.code_in(lang)
            draw_code(surface, layout.code, code, scene.line, host.theme, lang, layout.scale)
        self._draw_narration(surface, layout, said, log)
        return geometry

    def _draw_narration(
        self, surface: pygame.Surface, layout: Layout, said: str, log: list[tuple[int, str]]
    ) -> None:
        """The narration panel, if the layout has one: its sentence and its log hide each on its own
        (F8, F10); the log lines' places kept for a click."""
        if layout.narration is None:
            return
        from visualizer.render.narration import draw_narration

        hidden, host = self.host.hidden, self.host
        self.narration_hits = draw_narration(
            surface,
            layout.narration,
            None if "narration" in hidden else said,
            None if "log" in hidden else log,
            host.theme,
            host.lang,
            layout.scale,
        )

    def _narration(self, layout: Layout, lang: str) -> tuple[str, list[tuple[int, str]]]:
        """The current sentence and the log lines the panel has room for (under the lock): only
        these sentences are made. The log starts before the current event (said above it)."""
        if layout.narration is None or self.narration is None:
            return "", []
        from visualizer.render.narration import narration_sizes

        self.log_lines = narration_sizes(layout.narration, layout.scale).log_lines
        log = self.narration.lines(self.log_lines, lang, skip=1)
        said = self.narration.current(lang)
        return said or tr("first_hint", lang), log  # before the first move: what to press


#: What a run played in time and its side views take, and a mode that moves the run its own way
#: (predict, the exercise) withdraws: play, next, the end, moves, the side view (the views' own
#: keys are the watch and race modes' only: ``commands.hand_view_commands``).
PLAYED = (
    SearchMode.toggle_play,
    SearchMode.pause,
    SearchMode.next_solution,
    SearchMode.instant,
    WatchMode.step_move,
    WatchMode.back_move,
    WatchMode.set_view,
)
