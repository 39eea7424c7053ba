"""The conflicts chart view (min-conflicts opens on it): the conflicts left after each repair, its
restarts, and whether it solved."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from visualizer.core.conflicts import ChartModel, ConflictSeries
from visualizer.core.timeline import Timeline
from visualizer.views.base import Paint, SideView

if TYPE_CHECKING:
    import pygame


class ChartSide(SideView):
    """The conflicts per repair of one timeline (``chart``)."""

    name = "chart"
    order = 30

    def __init__(self, timelines: Sequence[Timeline]) -> None:
        super().__init__(timelines)
        self.chart = ConflictSeries().attach(self.timeline)

    def rebuild(self, timelines: Sequence[Timeline]) -> bool:
        super().rebuild(timelines)
        self.chart.attach(self.timeline)
        return True

    def model(self) -> ChartModel:
        return self.chart.model()

    def draw(self, surface: pygame.Surface, area: pygame.Rect, model: ChartModel, paint: Paint) -> None:
        from visualizer.render.chart import draw_conflicts_chart

        draw_conflicts_chart(
            surface,
            area,
            model.values,
            paint.theme,
            paint.lang,
            restarts=model.restarts,
            solved=model.solved,
            scale=paint.scale,
        )


VIEW = ChartSide
