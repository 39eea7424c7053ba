"""Two algorithms on the same n, advanced by the same number of events per tick. Pure, no pygame.

>>> race = Race("brute-force", "backtracking", 5)
>>> race.run_to_end()
>>> race.first_solution, race.finished_first
('b', 'b')
"""

from __future__ import annotations

from solvers import registry
from solvers.events import Solution
from visualizer.core.timeline import Timeline

#: The pairs worth racing, from each spec's ``race_partner``: generate-and-test against
#: backtracking, plain against pruned permutations, and two backtrackers with identical
#: events but different check costs.
RACE_PAIRS: tuple[tuple[str, str], ...] = registry.race_pairs()
SIDES = ("a", "b")


class Race:
    """Side "a" and side "b": one timeline each, stepped in lockstep."""

    def __init__(self, algo_a: str, algo_b: str, n: int, *, log_capacity: int = 2_000_000) -> None:
        self.n = n
        self.sides = {
            side: Timeline(registry.get(name), n, log_capacity=log_capacity)
            for side, name in zip(SIDES, (algo_a, algo_b), strict=True)
        }
        self.first_event: dict[str, int | None] = {"a": None, "b": None}  # event number of the first solution
        self.total_events: dict[str, int | None] = {
            "a": None,
            "b": None,
        }  # events in the whole run, once known
        self._carry = 0.0

    @property
    def a(self) -> Timeline:
        """Side a's timeline."""
        return self.sides["a"]

    @property
    def b(self) -> Timeline:
        """Side b's timeline."""
        return self.sides["b"]

    @property
    def finished(self) -> bool:
        """Whether both runs are over."""
        return all(total is not None for total in self.total_events.values())

    def step(self, k: int = 1) -> None:
        """Apply up to ``k`` events on each side."""
        for side, timeline in self.sides.items():
            if self.total_events[side] is not None:
                continue
            for _ in range(k):
                if not timeline.step():
                    self.total_events[side] = timeline.cursor
                    break
                if self.first_event[side] is None and type(timeline.last) is Solution:
                    self.first_event[side] = timeline.cursor

    def play(self, dt: float, rate: float) -> int:
        """Advance ``dt`` seconds at ``rate`` events per second per side; returns the events stepped."""
        self._carry += max(0.0, dt) * max(0.0, rate)
        k = int(self._carry)
        self._carry -= k
        if k:
            self.step(k)
        return k

    def run_to_end(self) -> None:
        """Finish both runs."""
        while not self.finished:
            self.step(10_000)

    def _winner(self, marks: dict[str, int | None]) -> str | None:
        """ "a", "b" or "tie" once the side with the smaller mark is certain, else None."""
        a, b = marks["a"], marks["b"]
        if a is not None and b is not None:
            return "tie" if a == b else ("a" if a < b else "b")
        for side, other in (("a", "b"), ("b", "a")):
            mine = marks[side]
            rival = self.sides[other]
            # the rival has passed this many events without reaching its mark, or never will
            if mine is not None and (rival.cursor > mine or self.total_events[other] is not None):
                return side
        return None

    @property
    def first_solution(self) -> str | None:
        """Which side reached a solution in fewer events ("a", "b", "tie"), once known."""
        return self._winner(dict(self.first_event))

    @property
    def finished_first(self) -> str | None:
        """Which side finished in fewer events ("a", "b", "tie"), once known."""
        return self._winner(dict(self.total_events))

    def state(self) -> dict[str, object]:
        """JSON-ready: both sides' counters and the banners (the headless state's "race" value)."""
        out: dict[str, object] = {"n": self.n}
        for side, timeline in self.sides.items():
            out[side] = {
                "algorithm": timeline.spec.name,
                "events": timeline.cursor,
                "finished": self.total_events[side] is not None,
                "first_solution_event": self.first_event[side],
                **timeline.counters.as_dict(),
            }
        out["first_solution"] = self.first_solution
        out["finished_first"] = self.finished_first
        return out
