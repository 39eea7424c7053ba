"""The conflicts-remaining series of a local search, kept in step with a timeline. Pure, no pygame.

Attached as a timeline listener: each applied ``Repair`` appends its ``conflicts``
value, each undone one pops it, so step back shrinks the series; a reset empties it.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.events import Backtrack, Event, Reader, Repair, Solution
from visualizer.core.follower import Follower
from visualizer.core.timeline import Timeline


@dataclass(frozen=True)
class ChartModel:
    """What the chart draws: conflicts after each repair, where the search restarted, and
    whether the board is solved (a restart's greedy start can solve it with no repair)."""

    values: tuple[int, ...]
    restarts: tuple[int, ...] = ()  # repairs made before each restart
    solved: bool = False


class ConflictSeries(Follower, Reader[None]):
    """Conflicts left after each repair applied so far, in order, and the restarts between them.

    A restart takes every queen away (n ``Backtrack`` events, row 0 first); it is recorded at
    its first one.
    """

    def __init__(self) -> None:
        self.values: list[int] = []
        self.restarts: list[int] = []
        self.solved = False
        self.timeline: Timeline | None = None
        self._sign = 1  # of the event being read

    def clear(self) -> None:
        """No repairs."""
        self.values = []
        self.restarts = []
        self.solved = False

    def model(self) -> ChartModel:
        """A read-only snapshot to draw."""
        return ChartModel(tuple(self.values), tuple(self.restarts), self.solved)

    def __len__(self) -> int:
        return len(self.values)

    def on_event(self, event: Event, sign: int) -> None:
        """Timeline listener: record (sign +1) or forget (sign -1) a repair."""
        self._sign = sign
        event.read(self)

    def other(self, event: Event) -> None:
        """Placements and the kinds of other searches draw nothing here."""

    def backtrack(self, event: Backtrack) -> None:
        if event.row != 0:  # a restart is recorded at its first lift
            return
        if self._sign > 0:
            self.restarts.append(len(self.values))
        elif self.restarts:
            self.restarts.pop()

    def solution(self, event: Solution) -> None:
        self.solved = self._sign > 0

    def repair(self, event: Repair) -> None:
        if self._sign > 0:
            self.values.append(event.conflicts)
        elif self.values:
            self.values.pop()

    def attach(self, timeline: Timeline) -> ConflictSeries:
        """Listen to ``timeline`` from now on, starting from the repairs it has already applied."""
        self.detach()
        self.clear()
        self.catch_up(timeline)
        self.follow(timeline)
        return self
