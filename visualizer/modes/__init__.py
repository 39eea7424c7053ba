"""The window's modes: watch a search, play the queens game, race two searches, predict a search's
next move, carry out a search as a graded exercise (``make`` builds one)."""

from __future__ import annotations

from solvers import registry
from visualizer.commands import MODES
from visualizer.core.game import MAX_N as GAME_MAX_N
from visualizer.core.game import MIN_N as GAME_MIN_N
from visualizer.input.window_n import WINDOW_MAX_N
from visualizer.modes.base import Host, Mode, ModeBase


def mode_classes() -> dict[str, type[ModeBase]]:
    """Each mode's name and class (what ``commands.COMMANDS`` asks which commands each takes)."""
    from visualizer.modes.exercise import ExerciseMode
    from visualizer.modes.game import GameMode
    from visualizer.modes.predict import PredictMode
    from visualizer.modes.race import RaceMode
    from visualizer.modes.watch import WatchMode

    classes: dict[str, type[ModeBase]] = {
        cls.name: cls for cls in (WatchMode, GameMode, RaceMode, PredictMode, ExerciseMode)
    }
    return {name: classes[name] for name in MODES}


def make(name: str, host: Host, n: int, algorithm: str, algo2: str | None = None) -> Mode:
    """The mode ``name`` at ``n``; SolverError (translated where the user sees it) for a bad n."""
    from solvers.errors import SolverError

    if name == "watch":
        from visualizer.modes.watch import WatchMode

        return WatchMode(host, n, algorithm)
    if name == "game":
        from visualizer.modes.game import GameMode

        return GameMode(host, n, algorithm)
    if name == "race":
        from visualizer.modes.race import RaceMode

        return RaceMode(host, n, algorithm, algo2)
    if name == "predict":
        from visualizer.modes.predict import PredictMode

        return PredictMode(host, n, algorithm)
    if name == "exercise":
        from visualizer.modes.exercise import ExerciseMode

        return ExerciseMode(host, n, algorithm)
    raise SolverError(f"unknown mode {name!r}; choose one of: {', '.join(MODES)}")


def fit_n(name: str, n: int, algorithm: str) -> int:
    """``n`` brought into the range mode ``name`` can show with ``algorithm`` (for a mode switch).

    >>> fit_n("game", 1000, "construction"), fit_n("watch", 20, "brute-force"), fit_n("race", 9, "bitmask")
    (20, 8, 9)
    """
    spec = registry.get(algorithm)
    low, high = spec.min_n, min(spec.max_n, WINDOW_MAX_N)
    if name == "game":
        low, high = GAME_MIN_N, GAME_MAX_N
    elif name == "exercise":
        from solvers.exercise_model import MAX_N, MIN_N

        low, high = MIN_N, MAX_N
    elif name == "race":
        from visualizer.modes.race import partner

        other = registry.get(partner(algorithm))
        low, high = max(low, other.min_n), min(high, other.max_n)
    return min(max(n, low), high)
