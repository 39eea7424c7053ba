"""The counters a user sees, kept identically by the CLI and the window."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass

from solvers.events import Backtrack, Conflict, Event, Place, Prune, Repair, Solution


@dataclass(slots=True)
class Counters:
    """Attempts, placements, backtracks, solutions, checks (and repairs, pruned, wipeouts).

    ``pruned`` counts columns removed from domains (Prune events; a Restore, like
    a Backtrack for placements, does not take one back) and ``wipeouts`` the
    placements that emptied a row (wipe-out Conflicts).

    ``apply`` and ``undo`` are inverses, so a timeline can step back.
    """

    attempts: int = 0
    placements: int = 0
    backtracks: int = 0
    solutions: int = 0
    checks: int = 0
    repairs: int = 0
    pruned: int = 0
    wipeouts: int = 0

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
        elif kind is Prune:
            self.pruned += sign
        elif kind is Conflict and event.wipeout:  # type: ignore[union-attr]
            self.wipeouts += sign

    def add(self, other: Counters) -> None:
        """Add ``other``'s counts to these."""
        self.attempts += other.attempts
        self.placements += other.placements
        self.backtracks += other.backtracks
        self.solutions += other.solutions
        self.checks += other.checks
        self.repairs += other.repairs
        self.pruned += other.pruned
        self.wipeouts += other.wipeouts

    def undo(self, event: Event) -> None:
        """Take ``event`` back out of the counts."""
        self.apply(event, -1)

    def as_dict(self) -> dict[str, int]:
        """The counters as a plain dict (JSON output, state files)."""
        return asdict(self)


def depth_profile(events: Iterable[Event], n: int) -> list[int]:
    """Nodes of the search tree at each depth 0..n, from the events: the root, then one node
    per Place at the depth it reaches (the queens on the board), so MRV's depth is queens placed."""
    levels = [1] + [0] * n
    depth = 0
    for event in events:
        kind = type(event)
        if kind is Place:
            depth += 1
            levels[depth] += 1
        elif kind is Backtrack:
            depth -= 1
    return levels


def tally(events: Iterable[Event]) -> Counters:
    """Drain ``events`` and return their counters."""
    counters = Counters()
    for event in events:
        counters.apply(event)
    return counters
