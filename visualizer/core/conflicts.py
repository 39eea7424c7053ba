"""The conflicts-remaining series of a local search, kept in step with a timeline. Pure, no pygame.

Attached as a timeline listener: each applied ``Repair`` appends its ``conflicts``
value, each undone one pops it, so step back shrinks the series; a reset empties it.
"""

from __future__ import annotations

from solvers.events import Event, Repair
from visualizer.core.timeline import Follower, Timeline


class ConflictSeries(Follower):
    """Conflicts left after each repair applied so far, in order."""

    def __init__(self) -> None:
        self.values: list[int] = []
        self.timeline: Timeline | None = None

    def clear(self) -> None:
        """No repairs."""
        self.values = []

    def __len__(self) -> int:
        return len(self.values)

    def on_event(self, event: Event, sign: int) -> None:
        """Timeline listener: record (sign +1) or forget (sign -1) a repair."""
        if type(event) is not Repair:
            return
        if sign > 0:
            self.values.append(event.conflicts)  # type: ignore[union-attr]
        elif self.values:
            self.values.pop()

    def attach(self, timeline: Timeline) -> ConflictSeries:
        """Listen to ``timeline`` from now on, starting from the repairs it has already applied."""
        self.detach()
        self.clear()
        self.catch_up(timeline)
        self.follow(timeline)
        return self
