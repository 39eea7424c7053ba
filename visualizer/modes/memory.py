"""What a mode the user left keeps for their way back (issue 38): watch -> game -> watch stands at
the same event, with the same side view, speed and show-all; the bookmarks live in the window's
lessons and never left.

``ModeMemory.switch`` is the window's mode switch. It notes what the left mode stood at
(``Kept``), makes the new mode as the window always did, shows it, and restores it from what it
kept when that mode was left at the same n and algorithm (another n or algorithm starts fresh).
What comes back, by mode: watch and race, the event the run stood at (reached again by the
run's own seek, as a bookmark is), the side view (race: the cost view), the other side of the
race, blocked squares and given queens, the speed and show-all; predict, the event and the
score; exercise, the teacher's options (goal, feedback, student, results folder) and the
instance: the attempt itself was written when the exercise was left, and a new one starts. The
game keeps nothing: a new game is dealt, as before.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from solvers.errors import SolverError

if TYPE_CHECKING:
    from solvers.instance import Instance
    from visualizer.core.predict import Score
    from visualizer.modes.base import Mode

#: The exercise's options kept (``ExerciseMode`` attributes), the ones that restart the attempt first.
EXERCISE_OPTIONS = ("goal", "feedback", "student", "results")


class Window(Protocol):
    """What the memory asks of the window (the App)."""

    mode: Mode
    speed: float
    show_all: bool
    lang: str

    def make_mode(self, name: str, n: int, algorithm: str, algo2: str | None = None) -> Mode: ...
    def take(self, mode: Mode, speed: float | None = None, lang: str | None = None) -> None: ...
    def set_speed(self, rate: float) -> None: ...
    def set_show_all(self, on: bool | None = None) -> None: ...
    def say(self, text: str, kind: str = "info") -> None: ...


@dataclass(frozen=True)
class Kept:
    """What one mode stood at when it was left."""

    n: int
    algorithm: str
    speed: float
    show_all: bool
    event: int = 0  # where its run stood (watch, race, predict)
    view: str | None = None  # its side view
    algo2: str | None = None  # a race's other side
    instance: Instance | None = None  # blocked squares and given queens
    score: Score | None = None  # predict's
    options: tuple[tuple[str, object], ...] = ()  # the exercise's

    def fits(self, n: int, algorithm: str) -> bool:
        """Whether the mode comes back to the run it left (the same n and algorithm)."""
        return (self.n, self.algorithm) == (n, algorithm)


def keep(mode: Mode, window: Window) -> Kept:
    """What ``mode`` stands at now."""
    kept = Kept(mode.n, mode.algorithm, window.speed, window.show_all, view=mode.view)
    timeline = mode.timeline
    if timeline is not None and timeline.spec.instance is not None and not timeline.spec.instance.plain:
        kept = replace(kept, instance=timeline.spec.instance)
    if mode.name == "exercise":
        return replace(kept, options=tuple((name, getattr(mode, name)) for name in EXERCISE_OPTIONS))
    if mode.player is not None:
        kept = replace(kept, event=int(mode.player.track.cursor))
    if mode.race is not None:
        kept = replace(kept, algo2=mode.race.b.spec.name)
    predictor = getattr(mode, "predictor", None)
    if predictor is not None:
        kept = replace(kept, score=replace(predictor.score))
    return kept


def restore(mode: Mode, kept: Kept, window: Window) -> None:
    """``mode`` (just shown) back where ``kept`` says; a part that cannot come back (a results
    folder gone, a seek too far) is said in a banner and the rest still comes back."""
    window.set_speed(kept.speed)
    window.set_show_all(kept.show_all)
    try:
        if kept.instance is not None:
            mode.constrain(kept.instance)
        if kept.view is not None and kept.view != mode.view:
            mode.set_view(kept.view)  # type: ignore[attr-defined]  # the modes with a view have it
        for name, value in kept.options:
            if value != getattr(mode, name):
                if name == "results":  # set as it was: no prompt for a name again
                    mode.results = value  # type: ignore[attr-defined]
                else:
                    mode.set_option(name, value)  # type: ignore[attr-defined]
        if kept.event and mode.player is not None:
            mode.goto_event(kept.event)  # type: ignore[attr-defined]  # the search modes'
        predictor = getattr(mode, "predictor", None)
        if kept.score is not None and predictor is not None:
            predictor.score = replace(kept.score)
    except (SolverError, ValueError, OSError) as exc:
        window.say(str(exc), "error")


class ModeMemory:
    """Each mode's ``Kept`` from the last time it was left (one window's)."""

    def __init__(self, window: Window) -> None:
        self.window = window
        self.kept: dict[str, Kept] = {}

    def switch(self, name: str, n: int) -> None:
        """Leave the window's mode for mode ``name`` at ``n`` (the same algorithm), restored when
        it was left at that n and algorithm. SolverError (nothing changed) for a mode that cannot
        take them, as ``make_mode`` says."""
        window = self.window
        left = window.mode
        algorithm = left.algorithm
        kept = self.kept.get(name)
        back = kept if kept is not None and kept.fits(n, algorithm) else None
        mode = window.make_mode(name, n, algorithm, back.algo2 if back is not None else None)
        self.kept[left.name] = keep(left, window)
        window.take(mode)
        if back is not None:
            restore(mode, back, window)
