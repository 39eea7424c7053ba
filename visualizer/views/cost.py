"""The cost view (W): the measured attempts against n of the algorithm (race mode: of both racers),
measured on threads of their own, restarted for another algorithm or range of n and stopped when
the view closes (the points done stay cached); a click on a point opens the board at that n."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from visualizer.core.cost import CostModel, CostRunner, sizes
from visualizer.core.timeline import Timeline
from visualizer.views.base import Paint, Reach, SideView, ViewCommand

if TYPE_CHECKING:
    import pygame

#: A click this close to a cost point (in pixels, times the text scale) is on it.
COST_HIT = 12


class CostSide(SideView):
    """The cost against n of each timeline's algorithm: ``costs`` (their runners, none while closed),
    ``points`` and ``texts`` where the last frame drew its points and texts."""

    name = "cost"
    order = 50
    modes = frozenset({"watch", "race"})
    commands = (
        ViewCommand(
            "cost",
            (("w", "W"),),
            help="view_cost",
            label="cost",
            modes=frozenset({"watch", "race"}),
            button=True,
        ),
    )

    def __init__(self, timelines: Sequence[Timeline]) -> None:
        super().__init__(timelines)
        self.costs: tuple[CostRunner, ...] = ()
        self.points: list[tuple[tuple[int, int], int]] = []  # drawn cost points: (centre, n)
        self.texts: list[pygame.Rect] = []
        self.hit = COST_HIT
        self._start()

    @property
    def cost(self) -> CostRunner | None:
        """The runner of the (first) algorithm, or None while the view is closed."""
        return self.costs[0] if self.costs else None

    def _start(self) -> None:
        """Runners for the timelines' algorithms at their n: new ones for another algorithm or
        range of n (cached points at once)."""
        n = self.timeline.n
        wanted = tuple((t.spec.name, sizes(t.spec.min_n, n)) for t in self.timelines)
        if tuple((runner.algorithm, runner.sizes) for runner in self.costs) != wanted:
            self._stop(0)  # never waited for: each ends at its next look at the flag
            self.costs = tuple(CostRunner(name, span).start() for name, span in wanted)
            self.points = []

    def _stop(self, timeout: float) -> None:
        for runner in self.costs:
            runner.stop(timeout)
        self.costs = ()

    def reopen(self) -> None:
        self._start()

    def rebuild(self, timelines: Sequence[Timeline]) -> bool:
        super().rebuild(timelines)
        if self.costs:  # showing: another algorithm or n, its points (cached at once)
            self._start()
        return True

    def hide(self) -> None:
        self._stop(0)

    def close(self) -> None:
        self._stop(2.0)

    def wait(self, timeout: float | None = None) -> bool:
        return all([runner.join(timeout) for runner in self.costs])

    def model(self) -> CostModel | tuple[CostModel, ...]:
        n = self.timeline.n
        if len(self.costs) == 1:
            return self.costs[0].model(n)
        return tuple(runner.model(n) for runner in self.costs)

    def draw(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        model: CostModel | tuple[CostModel, ...],
        paint: Paint,
    ) -> None:
        from visualizer.render.cost import draw_cost

        drawn = draw_cost(surface, area, model, paint.theme, paint.lang, paint.scale, paint.titles)
        self.points, self.texts = drawn.points, drawn.texts
        self.hit = round(COST_HIT * max(1.0, paint.scale))

    def at(self, pos: tuple[int, int]) -> int | None:
        """The n of the point drawn nearest ``pos``, within ``hit`` pixels; None: none."""
        near = [
            ((x - pos[0]) ** 2 + (y - pos[1]) ** 2, n)
            for (x, y), n in self.points
            if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= self.hit**2
        ]
        return min(near)[1] if near else None

    def click(self, pos: tuple[int, int], reach: Reach) -> bool:
        """A point: the board at that n (a refusal is a banner)."""
        n = self.at(pos)
        if n is None:
            return False
        if n != self.timeline.n:
            reach.dispatch("n", n)
        return True


VIEW = CostSide
