"""The options view (V): the squares left per empty row and free column, for the searches that keep
domains (forward checking, MRV, dancing links); the fewest is what MRV and dancing links choose."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from solvers.spec import AlgorithmSpec
from visualizer.core.domains import shows_domains
from visualizer.core.options import OptionsFollower, OptionsModel
from visualizer.core.timeline import Timeline
from visualizer.look.i18n import tr
from visualizer.views.base import Paint, SideView, ViewCommand

if TYPE_CHECKING:
    import pygame


class OptionsSide(SideView):
    """The counts of one timeline (``options``, its own domains follower)."""

    name = "options"
    order = 40
    commands = (ViewCommand("options", (("v", "V"),), help="view_options"),)

    def __init__(self, timelines: Sequence[Timeline]) -> None:
        super().__init__(timelines)
        self.options = OptionsFollower(self.timeline)

    @classmethod
    def refusal(cls, spec: AlgorithmSpec, lang: str) -> str | None:
        return None if shows_domains(spec) else tr("options_no_domains", lang, algorithm=spec.title)

    def rebuild(self, timelines: Sequence[Timeline]) -> bool:
        super().rebuild(timelines)
        self.options.detach()
        if not shows_domains(self.timeline.spec):
            return False
        self.options = OptionsFollower(self.timeline)
        return True

    def model(self) -> OptionsModel:
        return self.options.model()

    def draw(self, surface: pygame.Surface, area: pygame.Rect, model: OptionsModel, paint: Paint) -> None:
        from visualizer.render.options import draw_options

        draw_options(surface, area, model, paint.theme, paint.lang, paint.scale)


VIEW = OptionsSide
