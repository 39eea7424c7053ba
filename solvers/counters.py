"""The counters a user sees, kept identically by the CLI and the window."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass

from solvers.events import Backtrack, Event, Place, Repair, Solution


@dataclass(slots=True)
class Counters:
    """Attempts, placements, backtracks, solutions, checks (and repairs).

    ``apply`` and ``undo`` are inverses, so a timeline can step back.
    """

    attempts: int = 0
    placements: int = 0
    backtracks: int = 0
    solutions: int = 0
    checks: int = 0
    repairs: int = 0

    def apply(self, event: Event, sign: int = 1) -> None:
        """Count ``event`` (``sign=-1`` takes it back out)."""
        self.attempts += sign * event.attempt
        self.checks += sign * event.checks
        kind = type(event)
        if kind is Place:
            self.placements += sign
        elif kind is Backtrack:
            self.backtracks += sign
        elif kind is Solution:
            self.solutions += sign
        elif kind is Repair:
            self.repairs += sign

    def add(self, other: Counters) -> None:
        """Add ``other``'s counts to these."""
        self.attempts += other.attempts
        self.placements += other.placements
        self.backtracks += other.backtracks
        self.solutions += other.solutions
        self.checks += other.checks
        self.repairs += other.repairs

    def undo(self, event: Event) -> None:
        """Take ``event`` back out of the counts."""
        self.apply(event, -1)

    def as_dict(self) -> dict[str, int]:
        """The counters as a plain dict (JSON output, state files)."""
        return asdict(self)


def tally(events: Iterable[Event]) -> Counters:
    """Drain ``events`` and return their counters."""
    counters = Counters()
    for event in events:
        counters.apply(event)
    return counters
