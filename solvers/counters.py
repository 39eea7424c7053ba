"""The counters a user sees, kept identically by the CLI and the window."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from solvers.events import CODES, Event


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
        """Count ``event`` (``sign=-1`` takes it back out): its attempt, its checks, and one on
        the counter its kind names (``Event.codes``)."""
        self.attempts += sign * event.attempt
        self.checks += sign * event.checks
        counter = CODES[event.code()][1]
        if counter is not None:
            setattr(self, counter, getattr(self, counter) + sign)

    @classmethod
    def of_codes(cls, per_code: Sequence[int], attempts: int, checks: int) -> Counters:
        """The counters of events numbered per event log code (``per_code[code]``), with their
        ``attempts`` and ``checks``: what ``apply`` gives counting them one by one."""
        counters = cls(attempts=attempts, checks=checks)
        for code, (_, counter) in CODES.items():
            if counter is not None and per_code[code]:
                setattr(counters, counter, getattr(counters, counter) + per_code[code])
        return counters

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
    depths = _Depths(n)
    for event in events:
        event.walk(depths, 1)
    return depths.levels


class _Depths:
    """Walks the search tree keeping only its nodes per depth (``solvers.events.Walker``)."""

    def __init__(self, n: int) -> None:
        self.levels = [1] + [0] * n
        self.depth = 0

    def placed(self, row: int, col: int, sign: int) -> None:
        if sign > 0:
            self.depth += 1
            self.levels[self.depth] += 1
        else:
            self.levels[self.depth] -= 1
            self.depth -= 1

    def lifted(self, row: int, col: int, sign: int) -> None:
        self.depth -= sign

    def refused(self, row: int, col: int, wipeout: bool, sign: int) -> None:
        pass

    def solved(self, sign: int) -> None:
        pass


def tally(events: Iterable[Event]) -> Counters:
    """Drain ``events`` and return their counters."""
    counters = Counters()
    for event in events:
        counters.apply(event)
    return counters
