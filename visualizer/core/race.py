"""Two algorithms on the same n, advanced by the same number of events per tick. Pure, no pygame.

>>> race = Race("brute-force", "backtracking", 5)
>>> race.run_to_end()
>>> race.first_solution, race.finished_first
('b', 'b')
"""

from __future__ import annotations

from collections.abc import Callable

from solvers import registry
from solvers.engine import CancelFlag
from solvers.events import Event
from solvers.spec import COUNTERS, AlgorithmSpec
from visualizer.core.domains import DomainFollower, shows_domains
from visualizer.core.timeline import Timeline
from visualizer.core.until import Until, last_event

#: The pairs worth racing, from each spec's ``race_partner``: generate-and-test against
#: backtracking, plain against pruned permutations, and two backtrackers with identical
#: events but different check costs. Read at import: the built-in pairs (the race menu asks
#: ``registry.race_pairs()`` each time, so a student's search registered later is among them).
RACE_PAIRS: tuple[tuple[str, str], ...] = registry.race_pairs()
SIDES = ("a", "b")


def ranked(key: str, spec: AlgorithmSpec, other: AlgorithmSpec) -> bool:
    """Whether two algorithms' counts of ``key`` compare (fewer is better): both count it, it is
    not the solutions, and attempts only when both count the same thing: 57 boards are not fewer
    than 171 squares. The race's counters and its Cost vs n view rank by this.

    >>> b, f, p = (registry.get(name) for name in ("backtracking", "brute-force", "forward-checking"))
    >>> ranked("attempts", b, f), ranked("attempts", b, p), ranked("solutions", b, p)
    (False, True, False)
    """
    counted = key in COUNTERS and key in spec.counters and key in other.counters
    return counted and key != "solutions" and (key != "attempts" or spec.attempt_unit == other.attempt_unit)


class Race:
    """Side "a" and side "b": one timeline each, moved in lockstep (the same number of events).

    A Race is a track for the Player like a single Timeline: ``step``, ``back``,
    ``advance_until`` and ``reset`` move both sides; ``cursor`` counts lockstep ticks, and a side
    whose run has ended stays at its last event (``cursor`` of that side = min(ticks, its total)).
    """

    def __init__(self, algo_a: str, algo_b: str, n: int, *, log_capacity: int | None = None) -> None:
        self.n = n
        self.sides = {
            side: Timeline(registry.get(name), n, log_capacity=log_capacity)
            for side, name in zip(SIDES, (algo_a, algo_b), strict=True)
        }
        #: the domains of a side that propagates constraints (drawn on its board; they hear resets)
        self.domains = {
            side: DomainFollower(n).attach(timeline)
            for side, timeline in self.sides.items()
            if shows_domains(timeline.spec)
        }
        self._forget()

    def _forget(self) -> None:
        """Clear what the race has learnt about both runs."""
        self.first_event: dict[str, int | None] = {"a": None, "b": None}  # event number of the first solution
        self.total_events: dict[str, int | None] = {"a": None, "b": None}  # events in the whole run
        self.failed_at: dict[str, int | None] = {"a": None, "b": None}  # where a failed run ended
        self.reached: dict[str, int] = {"a": 0, "b": 0}  # the furthest event each side has applied
        self._until: Until | None = None  # the run-until goal under way and the sides that met it
        self._met: set[str] = set()
        self._compared = 0  # events compared side by side so far (first_difference)
        self._difference: int | None = None

    @property
    def a(self) -> Timeline:
        """Side a's timeline."""
        return self.sides["a"]

    @property
    def b(self) -> Timeline:
        """Side b's timeline."""
        return self.sides["b"]

    @property
    def cursor(self) -> int:
        """Lockstep ticks so far: the cursor of the side that is further on."""
        return max(timeline.cursor for timeline in self.sides.values())

    @property
    def finished(self) -> bool:
        """Whether both runs are over."""
        return all(timeline.finished for timeline in self.sides.values())

    def step(self, k: int = 1) -> int:
        """Apply up to ``k`` events on each side; returns the ticks made."""
        start = self.cursor
        for side in SIDES:
            self._advance_side(side, k, None)
        return self.cursor - start

    def ready(self, k: int) -> int:
        """Ticks of the next ``k`` both sides make without waiting for a solver."""
        return min(timeline.ready(k) for timeline in self.sides.values())

    def advance_until(self, stop: Callable[[Event], bool], limit: int | None = None) -> bool:
        """Step both sides in lockstep until either applies an event ``stop`` accepts (True),
        both runs end, or ``limit`` ticks were made (False). The side that got there first
        decides: the other one steps back to the same tick.

        An ``Until`` condition (run until) is met by each side on its own: a side that met it
        stays there, the other goes on until it meets it too or its run ends (True when neither
        moves on any more and at least one met it)."""
        if isinstance(stop, Until):
            return self._each_until(stop, limit)
        start = self.cursor
        reach = limit if limit is not None else 2**62
        hit = False
        for side in SIDES:
            if self._advance_side(side, reach, stop):
                hit = True
                reach = min(reach, self.sides[side].cursor - start)
        if hit:
            for timeline in self.sides.values():
                timeline.back(max(0, timeline.cursor - (start + reach)))
        return hit

    def _each_until(self, until: Until, limit: int | None) -> bool:
        """Each side toward ``until`` on its own, up to ``limit`` events each (see advance_until)."""
        if self._until is not until:  # a new goal: no side has met it yet
            self._until, self._met = until, set()
        reach = limit if limit is not None else 2**62
        for side in SIDES:
            if side not in self._met and self._advance_side(side, reach, until.bind(self.sides[side])):
                self._met.add(side)
        done = all(side in self._met or self.sides[side].finished for side in SIDES)
        return done and bool(self._met)

    def back(self, k: int = 1) -> int:
        """Undo up to ``k`` ticks on both sides; returns the ticks undone."""
        start = self.cursor
        target = max(start - int(k), 0)
        for timeline in self.sides.values():
            timeline.back(max(0, timeline.cursor - target))
        return start - self.cursor

    def reset(self) -> None:
        """Both runs from the start, as a new race."""
        for timeline in self.sides.values():
            timeline.reset()
        self._forget()

    def close(self) -> None:
        """Stop both solvers for good (the window closed this race)."""
        for timeline in self.sides.values():
            timeline.close()

    def _advance_side(self, side: str, k: int, stop: Callable[[Event], bool] | None) -> bool:
        """Up to ``k`` events on one side, noting its first solution and its end; True if ``stop`` hit."""
        timeline = self.sides[side]
        target = timeline.cursor + k
        hit = False
        while timeline.cursor < target and not timeline.finished:
            if stop is None and self.first_event[side] is not None:
                timeline.step(target - timeline.cursor)
                break
            watch_first = self.first_event[side] is None
            if not timeline.advance_until(_either(stop, watch_first), target - timeline.cursor):
                break
            last = timeline.last
            if watch_first and last is not None and last.solved() is not None:
                self.first_event[side] = timeline.cursor
            if stop is not None and last is not None and stop(last):
                hit = True
                break
        self._ended(side)
        self.reached[side] = max(self.reached[side], timeline.cursor)
        return hit

    def _ended(self, side: str) -> None:
        """Note the end of one side's run, once it stands there: its total, or where it failed
        (a run that failed never finishes: the other side finishes first)."""
        timeline = self.sides[side]
        if timeline.finished:
            ends = self.total_events if timeline.failure is None else self.failed_at
            ends[side] = timeline.cursor

    def run_to_end(self) -> None:
        """Finish both runs."""
        while not self.finished:
            self.step(10_000)

    # -- jumping (both sides seek; see Timeline.seek) ----------------------------------

    @property
    def engine_walks(self) -> bool:
        """Whether the engine walks both sides (next solution and the end come from it)."""
        return all(timeline.engine_walks for timeline in self.sides.values())

    @property
    def instant(self) -> bool:
        """Whether ``finish`` answers quickly on both sides."""
        return all(timeline.instant for timeline in self.sides.values())

    @property
    def event_total(self) -> int | None:
        """Ticks of the whole race (the longer run's events), once both totals are known."""
        totals = [timeline.event_total for timeline in self.sides.values()]
        return None if None in totals else max(t for t in totals if t is not None)

    @property
    def walked_attempts(self) -> int:
        """Both sides' ``walked_attempts`` together (progress of a long finish)."""
        return sum(timeline.walked_attempts for timeline in self.sides.values())

    def survey(self, cancel: CancelFlag | None = None) -> int:
        """Both runs' totals from the engine without moving; returns the race's ticks."""
        return max(timeline.survey(cancel) for timeline in self.sides.values())

    def walk_to(self, k: int, cancel: CancelFlag | None = None) -> None:
        """Both sides' engine walks toward tick ``k`` without moving (``Timeline.walk_to``)."""
        for timeline in self.sides.values():
            timeline.walk_to(k, cancel)

    def walked_share(self, k: int) -> float:
        """How much of both sides' walks toward tick ``k`` is done, 0 to 1."""
        return sum(timeline.walked_share(k) for timeline in self.sides.values()) / len(self.sides)

    def seek(self, k: int) -> int:
        """Stand at tick ``k`` on both sides (a side whose run is shorter at its end), exactly
        where stepping there would; returns the ticks reached."""
        k = max(0, k)
        for side, timeline in self.sides.items():
            total = timeline.event_total
            timeline.seek(k if total is None else min(k, total))
            self._learn(side)
        return self.cursor

    def finish(self, cancel: CancelFlag | None = None) -> None:
        """Both runs to their end (from the engine where it walks them)."""
        for side, timeline in self.sides.items():
            timeline.finish(cancel)
            self._learn(side)

    def next_solution(self, limit: int | None = None, *, jump: bool = True) -> bool:
        """Both sides to the tick where either reaches its next Solution (the engine finds it
        where it walks both; else they step in lockstep); True when one was reached."""
        if not (jump and self.engine_walks):
            return self.advance_until(is_solution, limit)
        ends = [t.solution_end(t.counters.solutions + 1) for t in self.sides.values()]
        found = [end for end in ends if end is not None]
        self.seek(min(found) if found else max(t.survey() for t in self.sides.values()))
        return bool(found)

    def next_solution_end(self) -> int | None:
        """The tick where the first of the two runs reaches its next solution (the engine's)."""
        if not self.engine_walks:
            return None
        ends = [t.solution_end(t.counters.solutions + 1) for t in self.sides.values()]
        found = [end for end in ends if end is not None]
        return min(found) if found else None

    def _learn(self, side: str) -> None:
        """Note what a jump tells about one side: how far it got, its end, its first solution."""
        timeline = self.sides[side]
        self.reached[side] = max(self.reached[side], timeline.cursor)
        self._ended(side)
        if self.first_event[side] is None and timeline.counters.solutions > 0 and timeline.engine_walks:
            self.first_event[side] = timeline.solution_end(1)

    def _winner(self, marks: dict[str, int | None]) -> str | None:
        """ "a", "b" or "tie" once the side with the smaller mark is certain, else None."""
        a, b = marks["a"], marks["b"]
        if a is not None and b is not None:
            return "tie" if a == b else ("a" if a < b else "b")
        for side, other in (("a", "b"), ("b", "a")):
            mine = marks[side]
            # the rival has passed this many events without reaching its mark, or never will
            over = self.total_events[other] is not None or self.failed_at[other] is not None
            if mine is not None and (self.reached[other] > mine or over):
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

    def first_difference(self) -> int | None:
        """The index of the first event where the two runs differ (in kind or square), among the
        events both sides have applied since the start; None while they agree. Each event is
        compared once (the logs are read from where the last call stopped)."""
        a, b = self.a, self.b
        if self._difference is None and a.log.start == 0 and b.log.start == 0:
            stop = min(a.cursor, b.cursor, a.log.end, b.log.end)
            for index in range(self._compared, stop):
                if _shape(a.log.get(index)) != _shape(b.log.get(index)):
                    self._difference = index
                    break
            self._compared = max(self._compared, stop)
            if self._difference is None and min(a.cursor, b.cursor) < self.cursor:
                ended = min(a.cursor, b.cursor)  # one run ended where the other goes on
                if (a.finished and a.cursor == ended) or (b.finished and b.cursor == ended):
                    self._difference = ended
        return self._difference

    def state(self) -> dict[str, object]:
        """JSON-ready: both sides' counters and the banners (the headless state's "race" value)."""
        out: dict[str, object] = {"n": self.n}
        for side, timeline in self.sides.items():
            out[side] = {
                "algorithm": timeline.spec.name,
                "attempt_unit": timeline.spec.attempt_unit,
                "events": timeline.cursor,
                "finished": timeline.finished,
                "first_solution_event": self.first_event[side],
                "failure": timeline.failure.as_json() if timeline.failure is not None else None,
                "depth": timeline.depth,
                "last_event": last_event(timeline.last),
                **timeline.counters.as_dict(),
            }
        out["first_solution"] = self.first_solution
        out["finished_first"] = self.finished_first
        if any(timeline.spec.checkable for timeline in self.sides.values()):  # a student's search
            out["first_difference"] = self.first_difference()
        return out


def _shape(event: Event) -> tuple[object, ...]:
    """What two runs must share at an event to agree: its kind and its square."""
    return (type(event).__name__, getattr(event, "row", None), getattr(event, "col", None))


def _either(stop: Callable[[Event], bool] | None, solutions: bool) -> Callable[[Event], bool]:
    """A stop condition: ``stop``, or also any Solution when ``solutions`` (to note the first one)."""
    if stop is None:
        return is_solution if solutions else _never
    if not solutions:
        return stop
    # stop hears every event (run until counts)
    return lambda event: stop(event) or event.solved() is not None


def is_solution(event: Event) -> bool:
    return event.solved() is not None


def _never(event: Event) -> bool:
    return False
