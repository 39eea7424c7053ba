"""Race mode: two algorithms on the same n, event for event, under one Player.

Because the Race is a track like a single timeline, every command of time works as in watch
mode: step, step back, play, next solution (both sides stop when either reaches one), instant
result (long ones on the worker thread, Esc cancels). Drawing is ``visualizer/render/race.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from solvers import registry
from solvers.engine import CancelFlag
from solvers.errors import SolverError
from solvers.events import Event
from solvers.spec import AlgorithmSpec
from visualizer.core.failure import Failure
from visualizer.core.narration_log import NarrationLog
from visualizer.core.player import Player
from visualizer.core.race import Race
from visualizer.core.until import last_event
from visualizer.input.command import command
from visualizer.look.i18n import LANGUAGES, tr
from visualizer.look.layout import SMALL_SHARE, board_side_min
from visualizer.look.names import shown_title
from visualizer.modes.base import SEARCH_ROWS, ControlPlan, Host, SearchMode
from visualizer.modes.views import CODE, Views
from visualizer.views import registry as view_registry
from visualizer.views.base import Reach

if TYPE_CHECKING:
    from visualizer.core.timeline import Timeline
    from visualizer.look.layout import Layout
    from visualizer.render.board import BoardGeometry

Pair = tuple[str, str]


def partner(algorithm: str) -> str:
    """The usual opponent of ``algorithm``: its spec's ``race_partner``, else the first algorithm
    that names it as its partner, else the first registered algorithm (plain backtracking);
    never ``algorithm`` itself.

    >>> partner("brute-force"), partner("bitmask"), partner("permutations")
    ('backtracking', 'backtracking', 'permutations-pruned')
    >>> all(partner(name) != name for name in registry.ALGORITHMS)
    True
    """
    own = registry.get(algorithm).race_partner
    if own is not None and own != algorithm:
        return own
    challengers = [a for a, b in registry.race_pairs() if b == algorithm and a != algorithm]
    if challengers:
        return challengers[0]
    return next(name for name in registry.ALGORITHMS if name != algorithm)


def race_area(layout: Layout) -> pygame.Rect:
    """Where the race draws: the board's column and the side panel (the presenter view: what of
    them is in the window), from the status area (a banner covers the race's own lines there) to
    the strip under the boards, which stays clear for the scrub bar and the lessons' ticks."""
    area = layout.board.union(layout.code).union(layout.counters).clip(pygame.Rect((0, 0), layout.size))
    top = layout.banner.top
    return pygame.Rect(area.left, top, area.width, layout.scrub.top - top)


#: The cost view beside the boards gets at most this share of the race's area, and goes under
#: them when less than ``COST_LEAST`` pixels (times the text scale) would be left beside.
COST_SHARE, COST_LEAST = 0.45, 280


def cost_split(layout: Layout, need: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The race's area and the Cost vs n panel's: the panel beside the boards when the race keeps
    the ``need`` pixels of width its counters take whole (``race_width``) and the panel at least
    ``COST_LEAST``, else under the boards; never under the status area's banners."""
    area, gap = race_area(layout), 10
    beside = int(min(area.w * COST_SHARE, area.w - need - gap))
    if beside >= COST_LEAST * layout.scale:
        race = pygame.Rect(area.x, area.y, area.w - beside - gap, area.h)
        panel = pygame.Rect(race.right + gap, area.y, beside, area.h)
        panel.width = min(panel.right, layout.size[0] - gap) - panel.left  # the presenter view: off the edge
        if panel.left < layout.banner.right:  # the status area reaches over: the panel starts under it
            panel.top = layout.banner.bottom + gap // 2
            panel.height = area.bottom - panel.top
        return race, panel
    under = int(area.h * 0.42)
    race = pygame.Rect(area.x, area.y, area.w, area.h - under - gap)
    return race, pygame.Rect(area.x + gap, race.bottom + gap, area.w - 2 * gap, under)


def pair_menu_rect(layout: Layout, area: pygame.Rect | None = None) -> pygame.Rect | None:
    """The race pairs' drop-down: a row across the top of the race's ``area`` (default
    ``race_area``), wide enough for both titles at the controls' text size (the control column
    cut them to 10 px); None without controls (the presenter view: the boards' titles say the pair)."""
    if not layout.controls.colliderect(pygame.Rect((0, 0), layout.size)):  # controls off screen
        return None
    area, pad = area or race_area(layout), 10
    height = max(24, min(round(2.5 * layout.control_text), area.height // 12))
    return pygame.Rect(area.x + pad, area.y + pad, area.width - 2 * pad, height)


def pair_id(pair: Pair) -> str:
    """The drop-down option id of a pair: ``"a,b"``."""
    return ",".join(pair)


def parse_pair(value: object) -> Pair:
    """A pair from ``"a,b"`` or a 2-tuple, both names checked against the registry."""
    parts = value.split(",") if isinstance(value, str) else list(value)  # type: ignore[call-overload]
    if len(parts) != 2:
        raise ValueError(f"a race pair is two algorithm names, like brute-force,backtracking (got {value!r})")
    a, b = (registry.get(str(part).strip()).name for part in parts)
    return a, b


class RaceMode(SearchMode):
    """One race in the window: the pair, the board size and the lockstep run under a Player."""

    name = "race"
    wide_side = False
    one_board = False  # two boards side by side: the presenter view stacks its text above and below
    race: Race
    views: Views
    _difference_told = False  # the first difference of a student's search was marked (once a race)

    def __init__(self, host: Host, n: int, algorithm: str, algo2: str | None = None) -> None:
        self.host = host
        self.narrations: dict[str, NarrationLog] = {}  # each side's sentences, as watch mode says them
        self.board_rects: dict[str, pygame.Rect] = {}  # where the last frame drew each side's board
        self.narration_rects: dict[str, pygame.Rect] = {}  # and its sentence
        self.cut_texts: list[str] = []  # the titles and counter labels the last frame cut (none should)
        self.views = Views()  # the side view beside the boards (Cost vs n of both racers, W), else none
        try:
            self._open((algorithm, algo2 or partner(algorithm)), n)
        except (SolverError, ValueError) as exc:
            if algo2 is None:
                raise
            rival = partner(algorithm)  # never the algorithm against itself
            self._open((algorithm, rival), n)
            title = shown_title(registry.get(rival), host.lang)  # at start-up: no name is hidden yet
            host.say(tr("race_algo2_refused", host.lang, message=str(exc), name=title), "error")

    def _report(self) -> None:
        """The Player's reports, then the first difference of a student's search (once a race)."""
        super()._report()
        self._mark_difference()

    def _mark_difference(self) -> None:
        """Racing a student's own search: the first event where it differs from the other side
        becomes a bookmark (both languages) and a banner, once per race."""
        race = self.race
        if self._difference_told or not any(t.spec.checkable for t in race.sides.values()):
            return
        with self.host.lock:
            index = race.first_difference()
            if index is None:
                return
            sides = [(t.spec, t.log.get(index) if index < t.log.end else None) for t in (race.a, race.b)]
        self._difference_told = True
        note = tuple((lang, difference_sentence(index, sides, lang)) for lang in LANGUAGES)
        self.host.mark(index + 1, note)
        self.host.say(difference_sentence(index, sides, self.host.lang), "info")

    def _open(self, pair: Pair, n: int) -> None:
        """A new race (a refused n or pair raises before anything changes)."""
        race = Race(*pair, n)  # each side's log: the timeline's cache (it seeks by checkpoints)
        with self.host.lock:
            old = getattr(self, "race", None)
            self.race = race
            self.player = Player(race, self.host.lock)
            self._difference_told = False
            for narration in self.narrations.values():
                narration.detach()
            self.narrations = {side: NarrationLog(timeline) for side, timeline in race.sides.items()}
        if old is not None:
            old.close()  # its solvers stop (a student's search: its process)
        self.views.rebuild(self.timelines)  # the new pair or n (Cost vs n: their points, cached ones at once)

    @property
    def pair(self) -> Pair:
        """The two algorithms racing (side a, side b)."""
        return self.race.a.spec.name, self.race.b.spec.name

    @property
    def n(self) -> int:
        return self.race.n

    @property
    def algorithm(self) -> str:
        return self.pair[0]

    @property
    def timelines(self) -> tuple[Timeline, ...]:
        """Both sides' timelines, the side views' subject."""
        return tuple(self.race.sides.values())

    @property
    def view(self) -> str:
        """The side view showing (Cost vs n of both racers), or "code" (none: the boards take it all)."""
        return self.views.view

    def controls(self) -> ControlPlan:
        buttons = view_registry.buttons(self.name)
        return ControlPlan((*SEARCH_ROWS, *((buttons,) if buttons else ())), choice="pairs")

    def close(self) -> None:
        super().close()
        self.views.close()  # the cost view's threads
        self.race.close()  # a student's search: its process ends with the window

    def failures(self) -> dict[str, Failure]:
        return {side: t.failure for side, t in self.race.sides.items() if t.failure is not None}

    def failures_here(self) -> dict[str, Failure]:
        """The sides standing where their run failed (each shows it under its board)."""
        return {side: f for side, f in self.failures().items() if self.race.sides[side].cursor == f.index}

    def wait_total(self, timeout: float | None = None) -> None:
        """Headless: the scrub bar's total, and the cost view's points (a screenshot shows them all)."""
        super().wait_total(timeout)
        self.views.wait(timeout)

    def set_view(self, view: str | None = None) -> None:
        """A side view a race shows (Cost vs n of both racers, W) beside (or under) the boards; the
        same again, None or "code": the boards alone."""
        kind = view_registry.get(view or CODE)
        if view not in (None, CODE) and (kind is None or self.name not in kind.modes):
            raise ValueError(tr("race_views", self.host.lang, view=view))
        self.views.set(view, self.timelines, self.host.lang)
        self.host.relayout()  # the pairs' drop-down spans the race's part only

    def view_action(self, command: str) -> None:
        """A side view's own command, on the view showing."""
        self.views.act(command)

    def areas(self, layout: Layout) -> tuple[pygame.Rect, pygame.Rect | None]:
        """Where the race draws and where the side view does (None: closed)."""
        if self.views.active is None:
            return race_area(layout), None
        from visualizer.render.race import race_width

        return cost_split(layout, race_width(self.race, self.host.lang, layout.control_text))

    def control_fields(self) -> dict[str, object]:
        menu = pair_menu_rect(self.host.layout, self.areas(self.host.layout)[0])
        return {
            "playing": self.playing,
            "race_pair": self.pair,
            "pair_menu": tuple(menu) if menu is not None else None,
        }

    # -- commands ------------------------------------------------------------

    def solutions_so_far(self) -> int:
        return max(side.counters.solutions for side in self.race.sides.values())

    def set_n(self, n: object) -> None:
        """Both sides restart at the new n."""
        self._open(self.pair, self.parse_n(n))

    def set_algorithm(self, name: str) -> None:
        """An algorithm against its usual partner."""
        algorithm = registry.get(str(name)).name
        self.set_pair((algorithm, partner(algorithm)))

    @command("race-pair")
    def set_pair(self, pair: object) -> None:
        """The drop-down's pair ("a,b")."""
        self._open(parse_pair(pair), self.n)
        self.host.relayout()  # the drop-down shows the new pair

    def click(self, pos: tuple[int, int]) -> bool:
        """A click in the side view (a point of Cost vs n: both boards at that n); True if taken."""
        return self.views.click(pos, Reach(self.seek, self.host.dispatch))

    def titles(self) -> dict[str, str]:
        """Each side's name as shown: its title, or "Algorithm A" / "B" while the names are hidden."""
        hidden, lang = "names" in self.host.hidden, self.host.lang
        return {side: shown_title(t.spec, lang, hidden, side) for side, t in self.race.sides.items()}

    def survey_twin(self, cancel: CancelFlag) -> int:
        """The race's ticks from a twin race's survey (the shown one is left alone)."""
        return Race(*self.pair, self.n).survey(cancel)

    # -- reading and drawing -------------------------------------------------

    def state(self) -> dict[str, object]:
        timeline = self.race.a  # side a stands in for the top-level fields
        with self.host.lock:
            counters = timeline.counters
            return {
                "finished": self.race.finished,
                # the counters the window shows for it: pruned and wipe-outs too for forward checking,
                # MRV and DLX, repairs for min-conflicts (``AlgorithmSpec.counters``)
                "counters": {key: getattr(counters, key) for key in timeline.spec.counters},
                "queens": list(timeline.queens),
                "event_index": self.race.cursor,  # lockstep ticks (side a's own: race.a.events)
                "event_total": self.scrub_model().total,  # the race's ticks, None (null) until known
                "depth": timeline.depth,
                "last_event": last_event(timeline.last),
                "race": self._race_state(),
                "view": self.views.view,
            }

    def _race_state(self) -> dict[str, object]:
        """The race's state with each side's current sentence (under the lock)."""
        out = self.race.state()
        for side, narration in self.narrations.items():
            out[side]["narration"] = narration.current(self.host.lang)  # type: ignore[index]
        return out

    def draw(self, surface: pygame.Surface, layout: Layout) -> BoardGeometry | None:
        from visualizer.render.race import draw_race

        area, panel = self.areas(layout)
        menu = pair_menu_rect(layout, area)
        lang, hidden = self.host.lang, self.host.hidden  # panels a lesson's exercise hides
        cut: list[str] = []
        side = None
        with self.host.lock:
            said = None  # F8 hides the sentences (not a failure: it stands where its side's sentence is)
            failed = {side: failure.sentence(lang) for side, failure in self.failures_here().items()}
            if "narration" not in hidden or failed:
                shown = "narration" not in hidden
                said = {
                    side: narration.current(lang) if shown else ""
                    for side, narration in self.narrations.items()
                }
                said.update(failed)
            self.board_rects, self.narration_rects = draw_race(
                surface,
                area,
                self.race,
                self.host.theme,
                lang,
                hide_counters="counters" in hidden,
                said=said,
                titles=self.titles(),
                scale=layout.scale,
                board_side=board_side_min(layout.size[1], SMALL_SHARE),  # two boards: 45% of the height each
                least=layout.control_text,
                cut=cut,
                menu=menu.height if menu is not None else 0,
                failed=frozenset(failed),
            )
            self.cut_texts = cut
            if panel is not None:
                side = self.views.model()
        if panel is not None:  # drawn from its snapshot, outside the lock, naming them as the boards do
            titles = tuple(self.titles().values())
            self.views.draw(surface, panel, side, self.host.theme, lang, scale=layout.scale, titles=titles)
        self.draw_scrub(surface, layout)
        return None


def _did(event: Event | None, lang: str) -> str:
    """What a side did at an event, for the difference's sentence."""
    if event is None:
        return tr("race_did_end", lang)
    key, numbers = event.did()
    return tr(f"race_did_{key}", lang, **numbers)


def difference_sentence(index: int, sides: list[tuple[AlgorithmSpec, Event | None]], lang: str) -> str:
    """ "Your search first differs at event 113: it tried row 4, column 6; backtracking tried row 4,
    column 5." (the student's side first)."""
    ordered = sorted(sides, key=lambda side: not side[0].checkable)
    (_, mine), (other, theirs) = ordered
    title = other.title_zh if lang == "zh" else other.title
    return tr(
        "race_differs",
        lang,
        event=f"{index + 1:,}",
        mine=_did(mine, lang),
        other=title,
        theirs=_did(theirs, lang),
    )
