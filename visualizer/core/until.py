"""Run-until conditions: where play, next or a jump stop (issue 14). No pygame.

An ``Until`` is a goal's stop condition that needs the state of the timeline it runs on (the
depth, the event index, the solutions so far): ``bind(timeline)`` makes the per-event test,
seeded from that timeline's state and kept up to date event by event, since events are tested
before a batch is applied. ``Timeline.advance_until`` binds it on every call, and a race binds
it on each side, so each side stops at the condition on its own.

Rows and solutions count as the headless contract does: rows from 0, solutions from 1.

>>> from solvers import registry
>>> from visualizer.core.timeline import Timeline
>>> timeline = Timeline(registry.get("backtracking"), 6)
>>> timeline.advance_until(Until("depth", 4)), timeline.depth
(True, 4)
>>> timeline.advance_until(Until("solution", 1)), timeline.counters.solutions
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from solvers.counters import Counters
from solvers.events import Backtrack, Conflict, Event, Place, Reader, Solution


class Standing(Protocol):
    """Where a run stands (a ``Timeline``): what a condition is bound to."""

    @property
    def depth(self) -> int: ...

    @property
    def cursor(self) -> int: ...

    @property
    def counters(self) -> Counters: ...


#: The condition kinds, as the headless ``until:`` command names them.
KINDS = ("depth", "backtrack", "conflict-row", "solution", "event")
#: The kinds that take a number (``until:backtrack`` takes none).
NUMBERED = frozenset(KINDS) - {"backtrack"}


@dataclass(frozen=True)  # a race tells goals apart by identity (``is``): each run is a new Until
class Until:
    """Stop at: depth ``value`` reached, the next backtrack, the next conflict in row ``value``,
    the ``value``-th solution of the run, or event index ``value``."""

    kind: str
    value: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"until needs one of: {', '.join(KINDS)} (got {self.kind!r})")
        if self.value < 0:
            raise ValueError(f"until {self.kind} must be at least 0 (got {self.value})")

    def __str__(self) -> str:
        return self.kind if self.kind not in NUMBERED else f"{self.kind}={self.value}"

    def bind(self, timeline: Standing) -> Callable[[Event], bool]:
        """The per-event test on ``timeline`` from where it stands now."""
        return _Bound(self, timeline.depth, timeline.cursor, timeline.counters.solutions)

    def __call__(self, event: Event) -> bool:  # a Goal's stop: only ever used bound
        raise TypeError("an Until condition must be bound to a timeline (Until.bind)")


class _Bound(Reader[bool]):
    """One run of an Until on one timeline: the depth, event index and solutions kept as events
    pass (each kind read by its own method). Asked twice in a row about the same event (a race
    re-checks the last one), it answers the same without counting it again."""

    def __init__(self, until: Until, depth: int, cursor: int, solutions: int) -> None:
        self.kind, self.value = until.kind, until.value
        self.depth, self.cursor, self.solutions = depth, cursor, solutions
        self._last: Event | None = None
        self._answer = False

    def __call__(self, event: Event) -> bool:
        if event is self._last:
            return self._answer
        self.cursor += 1
        self._last, self._answer = event, event.read(self)
        return self._answer

    def other(self, event: Event) -> bool:
        return self.kind == "event" and self.cursor == self.value

    def place(self, event: Place) -> bool:
        self.depth += 1
        return self.other(event) or (self.kind == "depth" and self.depth == self.value)

    def backtrack(self, event: Backtrack) -> bool:
        self.depth -= 1
        return self.other(event) or self.kind == "backtrack"

    def solution(self, event: Solution) -> bool:
        self.solutions += 1
        return self.other(event) or (self.kind == "solution" and self.solutions == self.value)

    def conflict(self, event: Conflict) -> bool:
        return self.other(event) or (self.kind == "conflict-row" and event.row == self.value)


def parse_until(text: str) -> Until:
    """``depth=K``, ``backtrack``, ``conflict-row=R``, ``solution=K`` or ``event=K`` (ValueError if not).

    >>> parse_until("conflict-row=2"), parse_until(" backtrack ")
    (Until(kind='conflict-row', value=2), Until(kind='backtrack', value=0))
    """
    kind, sep, number = text.strip().lower().partition("=")
    kind, number = kind.strip(), number.strip()
    if kind not in KINDS:
        raise ValueError(f"until needs one of: {', '.join(KINDS)} (got {text[:40]!r})")
    if kind not in NUMBERED:
        if sep:
            raise ValueError(f"until:{kind} takes no number")
        return Until(kind)
    if not (number.isascii() and number.isdigit()) or len(number) > 18:
        raise ValueError(f"until:{kind} needs a whole number, as in until:{kind}=3 (got {text[:40]!r})")
    value = int(number)
    if kind in ("solution", "depth") and value < 1:
        raise ValueError(f"until:{kind} must be at least 1 (got {value})")
    return Until(kind, value)


def last_event(event: Event | None) -> dict[str, object] | None:
    """The state file's ``last_event``: its kind and, when it has one, its square (from 0).

    >>> last_event(Place(2, 5))
    {'kind': 'place', 'row': 2, 'col': 5}
    """
    if event is None:
        return None
    out: dict[str, object] = {"kind": type(event).__name__.lower()}
    row = getattr(event, "row", None)
    if row is not None:
        col = getattr(event, "col", getattr(event, "new", None))
        out.update(row=row, col=col)
    return out
