"""The side panel's view: the code (none), or one of the side views of ``visualizer/views/``.

``Views`` keeps the views built so far (each listens to the mode's timelines: built on first use,
cleared by the timeline itself when it is reset, rebuilt when the timelines are replaced) and which
one shows; everything else it hands to that view. Drawing is two steps: ``model`` takes a
read-only snapshot (under the lock the worker steps the timeline with), ``draw`` paints it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from visualizer.core.timeline import Timeline
from visualizer.look.theme import Theme
from visualizer.views import registry
from visualizer.views.base import Paint, Reach, SideView

#: No side view: the side panel shows the pseudo-code.
CODE = "code"
VIEWS = (CODE, *registry.names())

Timelines = Timeline | Sequence[Timeline]


def _tuple(timelines: Timelines) -> tuple[Timeline, ...]:
    return (timelines,) if isinstance(timelines, Timeline) else tuple(timelines)


class Views:
    """Which side view shows (``active``; None: the code) and the views built so far."""

    def __init__(self) -> None:
        self.built: dict[str, SideView] = {}
        self.active: SideView | None = None

    @property
    def view(self) -> str:
        """The name of the view showing, or "code"."""
        return self.active.name if self.active is not None else CODE

    def get(self, name: str) -> SideView | None:
        """The view called ``name`` if it was built (tests and lessons look inside)."""
        return self.built.get(name)

    def set(self, view: str | None, timelines: Timelines, lang: str = "en") -> None:
        """Show ``view`` built on ``timelines``; the same view again (or None) goes back to the
        code. A view that cannot show the search refuses with ValueError, in ``lang``."""
        name = CODE if view is None or view == self.view else str(view)
        kind = registry.get(name)
        if kind is None and name != CODE:
            raise ValueError(f"view must be one of {', '.join(VIEWS)} (got {name!r})")
        shown = _tuple(timelines)
        if kind is not None:
            reason = kind.refusal(shown[0].spec, lang)
            if reason is not None:
                raise ValueError(reason)
        old = self.active
        self.active = None if kind is None else self._open(kind, shown)
        if old is not None and old is not self.active:
            old.hide()

    def _open(self, kind: type[SideView], timelines: tuple[Timeline, ...]) -> SideView:
        built = self.built.get(kind.name)
        if built is None:
            built = self.built[kind.name] = kind(timelines)
        elif not built.follows(timelines):
            built.rebuild(timelines)
        else:
            built.reopen()
        return built

    def rebuild(self, timelines: Timelines) -> None:
        """The timelines were replaced: the built views follow the new ones (one that cannot show
        the new search is dropped, and the code shows if it showed).

        (A reset of the same timeline needs nothing: the views hear it.)
        """
        shown = _tuple(timelines)
        for name, built in list(self.built.items()):
            if not built.rebuild(shown):
                del self.built[name]
                if self.active is built:
                    self.active = None

    def close(self) -> None:
        """The mode closes: every view stops (the cost view's threads)."""
        for built in self.built.values():
            built.close()

    def wait(self, timeout: float | None = None) -> bool:
        """Headless: wait for the views' background work (the cost points); True if all done."""
        return all([built.wait(timeout) for built in self.built.values()])

    def state(self) -> dict[str, object]:
        """The built views' fields for the headless state file (the tree's node count)."""
        return {key: value for built in self.built.values() for key, value in built.state().items()}

    def act(self, command: str) -> None:
        """Run a view command's action on the view showing (the App checks it is that view)."""
        if self.active is not None:
            action = next(c.action for c in self.active.commands if c.name == command)
            if action is not None:
                action(self.active)

    def selected(self, timeline: Timeline) -> tuple[int, ...] | None:
        """The board the view showing puts on the board (a gallery solution clicked), or None."""
        return self.active.board(timeline) if self.active is not None else None

    def click(self, pos: tuple[int, int], reach: Reach) -> bool:
        """A left press in the side panel, for the view showing; True if taken."""
        return self.active is not None and self.active.click(pos, reach)

    def release(self, pos: tuple[int, int], reach: Reach) -> None:
        if self.active is not None:
            self.active.release(pos, reach)

    def drag(self, pos: tuple[int, int], rel: tuple[int, int]) -> bool:
        return self.active is not None and self.active.drag(pos, rel)

    def wheel(self, pos: tuple[int, int], area: pygame.Rect, clicks: int) -> bool:
        """The mouse wheel over the side panel ``area``; True if the view showing took it."""
        return area.collidepoint(pos) and self.active is not None and self.active.wheel(pos, clicks)

    def model(self) -> object | None:
        """A read-only snapshot of the view showing, or None when the code shows.

        Take it under the lock that guards the timeline; drawing it then needs no lock.
        """
        return self.active.model() if self.active is not None else None

    def draw(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        model: object | None,
        theme: Theme,
        lang: str,
        chosen: tuple[int, ...] | None = None,
        scale: float = 1.0,
        titles: tuple[str, ...] | None = None,
    ) -> bool:
        """Draw ``model`` (from ``model()``) in ``area``; False when the code view shows.

        ``chosen`` is the gallery's selected solution (``selected``), framed when drawn; ``scale``
        the window's text size; ``titles`` the timelines' names as shown (None: their titles).
        """
        if self.active is None or model is None:
            return False
        self.active.draw(surface, area, model, Paint(theme, lang, scale, chosen, titles))
        return True
