"""The window's race mode: the commands of the control column turned into ``Race`` moves.

The App keeps one ``RaceMode`` when started with ``--mode race`` and hands it the
commands of ``RACE_COMMANDS``; ``run`` answers whether Play stays on and which
banner to show. Play itself stays the App's animation (``play`` advances it).
Nothing here draws (``visualizer/render/race.py`` does).
"""

from __future__ import annotations

import time

from solvers import registry
from solvers.errors import SolverError
from visualizer.core.race import RACE_PAIRS, Race
from visualizer.i18n import tr

Banner = tuple[str, str]  # text, kind
#: Events a sprint step applies to each side between looks at the clock.
SPRINT_CHUNK = 2000
Pair = tuple[str, str]

#: Commands that drive both sides in race mode; the others act as in watch mode.
RACE_COMMANDS = frozenset(
    {"reset", "step", "back", "play", "next", "instant", "n", "algo", "n-up", "n-down", "race-pair"}
)


def partner(algorithm: str) -> str:
    """The usual opponent of ``algorithm`` (its RACE_PAIRS partner, else plain backtracking).

    >>> partner("brute-force"), partner("bitmask")
    ('backtracking', 'backtracking')
    """
    return next((b for a, b in RACE_PAIRS if a == algorithm), "backtracking")


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


class RaceMode:
    """One race in the window: the pair, the board size and the lockstep run."""

    def __init__(self, n: int, algorithm: str, algo2: str | None, lang: str = "en") -> None:
        self.lang = lang
        self.error: str | None = None  # a refused --algo2, for the App's first banner
        try:
            self.race = Race(algorithm, algo2 or partner(algorithm), n)
        except (SolverError, ValueError) as exc:
            self.error = f"--algo2: {exc}"
            self.race = Race(algorithm, algorithm, n)

    @property
    def pair(self) -> Pair:
        """The two algorithms racing (side a, side b)."""
        return self.race.a.spec.name, self.race.b.spec.name

    @property
    def n(self) -> int:
        return self.race.n

    def restart(self, n: int | None = None, pair: Pair | None = None) -> None:
        """A new race (same n and pair unless given); a refused n or pair changes nothing."""
        a, b = pair or self.pair
        self.race = Race(a, b, self.n if n is None else int(n))

    def play(self, dt: float, rate: float) -> bool:
        """Advance ``dt`` seconds of Play; True once the race is over (Play should stop)."""
        self.race.play(dt, rate)
        return self.race.finished

    def sprint(self, seconds: float) -> bool:
        """Instant result, one frame's share: step both sides for about ``seconds`` of
        wall time, so the window keeps answering; True once the race is over."""
        deadline = time.perf_counter() + seconds
        while not self.race.finished and time.perf_counter() < deadline:
            self.race.step(SPRINT_CHUNK)
        return self.race.finished

    def run(self, name: str, *args: object, playing: bool = False) -> tuple[str | None, Banner | None]:
        """Carry out command ``name``; returns (the animation to run: "play", "instant"
        or None, banner or None). Raises on refusals."""
        if name in ("play", "instant") and self.race.finished:
            return None, (tr("finished", self.lang), "success")
        if name == "play":
            return (None if playing else "play"), None
        if name == "reset":
            self.restart()
        elif name == "step":
            self.race.step(int(args[0]) if args else 1)  # type: ignore[call-overload]
        elif name == "instant":
            return "instant", None
        elif name == "n":
            self.restart(n=int(args[0]))  # type: ignore[call-overload]
        elif name in ("n-up", "n-down"):
            self.restart(n=self.n + (1 if name == "n-up" else -1))
        elif name == "race-pair":
            self.restart(pair=parse_pair(args[0]))
        elif name == "algo":
            algorithm = registry.get(str(args[0])).name
            self.restart(pair=(algorithm, partner(algorithm)))
        else:  # back, next
            raise ValueError(tr("race_no_back", self.lang))
        return None, None
