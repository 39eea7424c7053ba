"""What a side view is: ``SideView``, the base every view module's ``VIEW`` extends, and
``ViewCommand``, the commands it declares (data: ``visualizer/commands.py`` makes them commands).

A view is built from the timelines of the mode showing it (watch mode: its one; race mode: both
sides), follows them, and is rebuilt when they are replaced. Drawing is two steps: ``model`` takes a
read-only snapshot under the lock the worker steps the timeline with, ``draw`` paints it (no lock).
A click, the wheel and a drag in the side panel go to the view showing; what a click does to the
mode (go to a moment, run a command) goes through ``Reach``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import pygame

    from solvers.spec import AlgorithmSpec
    from visualizer.core.timeline import Timeline
    from visualizer.look.theme import Theme

#: Where a view without an ``order`` goes: after today's views.
LAST = 1_000
WATCH = frozenset({"watch"})


@dataclass(frozen=True)
class ViewCommand:
    """A command a view declares. ``keys``: (pygame key name, as the help shows it); ``help``: i18n
    key of its help overlay row (None: none); ``label``: of its text in the palette and, with
    ``button``, on its button; ``modes``: where it runs. Without ``action`` it shows the view
    (again: the code); with one, ``action(view)`` runs on the view while it shows (else the banner
    ``<view>_closed`` says how to open it)."""

    name: str
    keys: tuple[tuple[str, str], ...] = ()
    help: str | None = None
    label: str | None = None
    modes: frozenset[str] = WATCH
    action: Callable[[Any], object] | None = None
    while_busy: bool = False
    button: bool = False


@dataclass(frozen=True)
class Paint:
    """How to draw: the theme, the language, the text scale, the gallery's chosen solution (framed)
    and the names the timelines are shown by (race mode: as the boards name them; None: titles)."""

    theme: Theme
    lang: str
    scale: float = 1.0
    chosen: tuple[int, ...] | None = None
    titles: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Reach:
    """What a view's click may do to the mode showing it: go to a moment (just after event
    ``cursor - 1``) or run a command as a key would."""

    go_to: Callable[[int], None]
    dispatch: Callable[..., None]


def same(a: Sequence[Timeline], b: Sequence[Timeline]) -> bool:
    """Whether two sequences hold the very same timelines."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


class SideView:
    """One side view, built on the timelines it follows. Subclasses set ``name`` (its command and
    the headless state's ``view``), ``order`` (its place in lists) and ``commands``; ``modes`` are
    the modes it can show in (watch; the cost view race mode too)."""

    name: ClassVar[str] = ""
    order: ClassVar[int] = LAST
    modes: ClassVar[frozenset[str]] = WATCH
    commands: ClassVar[tuple[ViewCommand, ...]] = ()

    def __init__(self, timelines: Sequence[Timeline]) -> None:
        self.timelines = tuple(timelines)

    @property
    def timeline(self) -> Timeline:
        """The (first) timeline it follows."""
        return self.timelines[0]

    @classmethod
    def refusal(cls, spec: AlgorithmSpec, lang: str) -> str | None:
        """Why it cannot show ``spec``'s search, in ``lang``; None: it can."""
        return None

    def follows(self, timelines: Sequence[Timeline]) -> bool:
        """Whether it was built on these very timelines."""
        return same(self.timelines, timelines)

    def reopen(self) -> None:
        """Shown again, on the timelines it follows."""

    def rebuild(self, timelines: Sequence[Timeline]) -> bool:
        """The timelines were replaced: follow the new ones; False if it cannot show their search
        (it is dropped, and the code shows if it showed)."""
        self.timelines = tuple(timelines)
        return True

    def hide(self) -> None:
        """Another view (or the code) took the panel."""

    def close(self) -> None:
        """The mode closes: stop following, end any thread."""
        self.hide()

    def model(self) -> object:
        """A read-only snapshot to draw (take it under the timeline's lock)."""
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, area: pygame.Rect, model: Any, paint: Paint) -> None:
        """Paint ``model`` (from ``model()``) in ``area``."""
        raise NotImplementedError

    def board(self, timeline: Timeline) -> tuple[int, ...] | None:
        """A board to show instead of ``timeline``'s (the gallery's clicked solution), or None."""
        return None

    def click(self, pos: tuple[int, int], reach: Reach) -> bool:
        """A left click (press) in the side panel; True if taken."""
        return False

    def release(self, pos: tuple[int, int], reach: Reach) -> None:
        """The left button released."""

    def drag(self, pos: tuple[int, int], rel: tuple[int, int]) -> bool:
        """A drag with the left button; True if taken."""
        return False

    def wheel(self, pos: tuple[int, int], clicks: int) -> bool:
        """The mouse wheel over the side panel (up: ``clicks`` > 0); True if taken."""
        return False

    def state(self) -> dict[str, object]:
        """Its fields in the headless state file, while it is built."""
        return {}

    def wait(self, timeout: float | None = None) -> bool:
        """Headless: wait for its background work (screenshots show it whole); True if done."""
        return True
