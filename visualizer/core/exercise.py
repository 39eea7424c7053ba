"""Exercise mode's rules: the student makes every move of the search, graded step by step against
the model run (the algorithm's own events). No pygame.

The model run is cut into **steps**, one per move a student makes, in the algorithm's order:

* ``place`` / ``refuse``: the square the search tries next (a ``Place`` or a ``Conflict``) is
  safe and gets a queen, or attacked and is refused;
* ``backtrack`` (with a row): the queen of that row comes off (a ``Backtrack``, with the wipe-out
  and the restores that lead to it for forward checking);
* ``row`` (with a row): MRV's choice of the row it fills next (before each placement at a new depth);
* ``confirm``: forward checking's pruning after a placement, drawn, confirmed by the student.

Events before the first move that belong to none (a constrained instance's ``Setup``) are the
``start`` step, made at once: no one's move, never undone.

A ``Solution`` comes with the move that completes the board. Each answer is right or wrong; a
wrong one has its kind (``KINDS``) and the narration's sentence for the model's move. With
``feedback="continuous"`` the model's move is made at once (counted as a mistake); with
``"undo"`` the wrong move stands until the student undoes it (nothing else is taken meanwhile).

>>> from solvers import registry
>>> clock = iter(range(100)).__next__
>>> ex = Exercise(registry.get("backtracking"), 4, clock=lambda: float(clock()))
>>> ex.due.action, ex.due.square
('place', (0, 0))
>>> ex.answer("place").right, ex.due.action, ex.due.square
(True, 'refuse', (1, 0))
>>> wrong = ex.answer("place")
>>> wrong.right, wrong.kind, wrong.why["en"]
(False, 'missed-conflict', 'Row 2, column 1 is refused: the queen in row 1 holds that column.')
>>> ex.score()["right"], ex.score()["moves"]
(1, 2)
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from solvers.errors import SolverError
from solvers.events import Backtrack, Conflict, Event, Place, Prune, Restore, Solution
from solvers.narration import Narrator
from solvers.registry import AlgorithmSpec
from visualizer.look.i18n import LANGUAGES, tr

Square = tuple[int, int]
ACTIONS = ("place", "refuse", "backtrack", "row", "confirm")
#: The kinds of mistake, as the attempt record names them.
KINDS = ("missed-conflict", "false-conflict", "wrong-backtrack", "wrong-order", "wrong-row")
GOALS = ("first", "all")
FEEDBACK = ("continuous", "undo")
MIN_N, MAX_N = 4, 8
#: The longest model run an exercise takes, in events (n = 8, all solutions: 33,895).
MAX_EVENTS = 200_000


def exercisable(spec: AlgorithmSpec) -> bool:
    """Whether a student can carry out ``spec`` square by square: an exhaustive search that
    tries squares one by one in an order its own rules fix (the backtracking family, bitmask,
    forward checking, MRV; not the enumerations, dancing links or the construction)."""
    return spec.exhaustive and spec.predict == "square" and spec.own_rule != "squares"


def check_exercise(spec: AlgorithmSpec, n: int, lang: str = "en") -> None:
    """SolverError (translated) for an algorithm or an n the exercise does not take."""
    title = spec.title_zh if lang == "zh" else spec.title
    if not exercisable(spec):
        raise SolverError(tr("exercise_algorithm", lang, algorithm=title))
    if not MIN_N <= n <= MAX_N:
        raise SolverError(tr("exercise_n", lang, low=MIN_N, high=MAX_N, n=n))


@dataclass(frozen=True)
class Step:
    """One move of the model run: its action, the square tried or the queen lifted (``square``),
    the row chosen or lifted from (``row``), the model events it applies, and the one whose
    narration says why (None: nothing to say, a confirmed pruning)."""

    action: str
    square: Square | None = None
    row: int | None = None
    events: tuple[Event, ...] = ()
    said: Event | None = None

    def text(self) -> str:
        """The move as the attempt record writes it (0-based): "place 2 1", "backtrack 1", "confirm"."""
        return move_text(self.action, self.square if self.action in ("place", "refuse") else self.row)


def move_text(action: str, where: Square | int | None) -> str:
    """ "place 2 1", "row 3", "confirm" (0-based; the words of ``solvers/results.py``'s records)."""
    if isinstance(where, tuple):
        return f"{action} {where[0]} {where[1]}"
    return action if where is None else f"{action} {where}"


def model_steps(events: Iterable[Event], *, dynamic_rows: bool = False) -> list[Step]:
    """The model run's events cut into the student's moves (see the module's docstring)."""
    steps: list[Step] = []
    pending: list[Event] = []  # a wipe-out and restores: they lead to the backtrack that follows
    new_depth = True  # MRV chooses a row before a placement at a new depth (not after a backtrack)
    for count, event in enumerate(events):
        if count >= MAX_EVENTS:
            raise SolverError(f"the model run is longer than {MAX_EVENTS:,} events")
        kind = type(event)
        if kind is Place or (kind is Conflict and not event.wipeout):  # type: ignore[attr-defined]
            assert isinstance(event, (Place, Conflict))
            if dynamic_rows and new_depth:
                steps.append(Step("row", row=event.row, said=event))
            action = "place" if kind is Place else "refuse"
            steps.append(Step(action, (event.row, event.col), event.row, (*pending, event), event))
            pending = []
            new_depth = kind is Place
        elif kind is Prune:
            last = steps[-1] if steps else None
            if last is not None and last.action == "confirm" and not pending:
                steps[-1] = Step("confirm", events=(*last.events, event))
            else:
                steps.append(Step("confirm", events=(*pending, event)))
                pending = []
        elif kind is Backtrack:
            assert isinstance(event, Backtrack)
            said = pending[0] if pending and type(pending[0]) is Conflict else event
            steps.append(Step("backtrack", (event.row, event.col), event.row, (*pending, event), said))
            pending = []
            new_depth = False
        elif kind not in MOVE_EVENTS and not pending and all(step.action == "start" for step in steps):
            steps[:] = [Step("start", events=(*(steps[0].events if steps else ()), event))]
        elif kind is Solution and steps and not pending:
            last = steps[-1]
            steps[-1] = Step(last.action, last.square, last.row, (*last.events, event), last.said)
        else:  # a wipe-out, a restore: applied with the backtrack they lead to
            pending.append(event)
    if pending:  # events after the last move (none in the runs the exercise takes): kept with it
        last = steps[-1]
        steps[-1] = Step(last.action, last.square, last.row, (*last.events, *pending), last.said)
    return steps


#: The events that belong to a student's move; any other event before the first move (a constrained
#: instance's Setup: the given queens, the blocked squares) is the board's start.
MOVE_EVENTS = (Place, Conflict, Prune, Restore, Backtrack, Solution)


@dataclass(frozen=True)
class Graded:
    """One answer: the step it answered (1-based, a board's start not counted), what was done and
    what the model did, right or not, the kind of mistake, the seconds since the start, and why
    (per language)."""

    step: int
    move: str
    expected: str
    right: bool
    kind: str | None
    t: float
    why: dict[str, str] = field(default_factory=dict)
    board: int = 0  # model events the board stood after once the answer was taken (for the review)

    def record(self) -> dict[str, object]:
        """The move as the attempt file writes it."""
        return {
            "step": self.step,
            "move": self.move,
            "right": self.right,
            "kind": self.kind,
            "expected": self.expected,
            "t": round(self.t, 3),
        }


def mistake(due: Step, action: str, row: int | None) -> str | None:
    """The kind of mistake answering ``due`` with ``action`` (and ``row``) is; None when right.

    >>> mistake(Step("refuse", (1, 0), 1), "place", None), mistake(Step("place", (1, 2), 1), "refuse", None)
    ('missed-conflict', 'false-conflict')
    >>> mistake(Step("backtrack", (1, 3), 1), "backtrack", 0), mistake(Step("row", row=2), "row", 1)
    ('wrong-backtrack', 'wrong-row')
    """
    if action == due.action:
        if action in ("backtrack", "row") and row != due.row:
            return "wrong-backtrack" if action == "backtrack" else "wrong-row"
        return None
    if due.action == "refuse" and action == "place":
        return "missed-conflict"
    if due.action == "place" and action == "refuse":
        return "false-conflict"
    if action == "backtrack":
        return "wrong-backtrack"
    return "wrong-order"


class StandingMistake(ValueError):
    """A move refused because a wrong one stands (undo feedback): undo it first."""


class Exercise:
    """The model's steps, where the student stands among them, every answer graded, and the score.

    The caller moves the board: ``answer`` and ``undo`` return (with the answer) how many model
    events to step forward or back (``moved``). ``clock`` is the host's (tests fake it).
    """

    def __init__(
        self,
        spec: AlgorithmSpec,
        n: int,
        *,
        goal: str = "first",
        feedback: str = "continuous",
        clock: Callable[[], float],
        events: Iterable[Event] | None = None,
    ) -> None:
        if goal not in GOALS:
            raise ValueError(f"goal must be first or all (got {goal!r})")
        if feedback not in FEEDBACK:
            raise ValueError(f"feedback must be continuous or undo (got {feedback!r})")
        self.spec, self.n, self.goal, self.feedback = spec, n, goal, feedback
        run = spec.solve(n, first=goal == "first") if events is None else events
        self.steps = model_steps(run, dynamic_rows=spec.dynamic_rows)
        self.ends = list(itertools.accumulate(len(step.events) for step in self.steps))  # events after each
        self.clock = clock
        self.started = clock()
        self.ended: float | None = None
        self.at = 0  # the next model step due
        self.done: list[int] = []  # the steps made, in order (undo takes the last off)
        self.log: list[Graded] = []  # every answer, undone or not
        self.standing: Graded | None = None  # undo feedback: a wrong move left for the student to undo
        self.moved = 0  # events the last answer or undo moved the board (negative: back)
        self.narrator = Narrator(spec, n)
        if self.steps and self.steps[0].action == "start":  # the givens and the holes: no one's move
            for event in self.steps[0].events:
                self.narrator.apply(event)
            self.at = 1

    @property
    def due(self) -> Step | None:
        """The model's next move; None when the run is over."""
        return self.steps[self.at] if self.at < len(self.steps) else None

    @property
    def over(self) -> bool:
        return self.at >= len(self.steps)

    @property
    def events_done(self) -> int:
        """Model events the board stands after."""
        return self.ends[self.at - 1] if self.at else 0

    def next_end(self, cursor: int) -> int | None:
        """Where the model's move after event index ``cursor`` ends (the model answer's next
        stop); None past the model run's end."""
        index = bisect.bisect_right(self.ends, cursor)
        return self.ends[index] if index < len(self.ends) else None

    @property
    def first(self) -> int:
        """The first step a student makes (1 when the board has a start: the givens)."""
        return 1 if self.steps and self.steps[0].action == "start" else 0

    def seconds(self) -> float:
        end = self.ended if self.ended is not None else self.clock()
        return max(0.0, end - self.started)

    def why(self, step: Step) -> dict[str, str]:
        """The narration's sentence for the model's move ``step`` at the student's position."""
        if step.said is None:
            return {lang: tr("exercise_why_confirm", lang) for lang in LANGUAGES}
        said = {lang: self.narrator.say(step.said, lang) for lang in LANGUAGES}
        if step.action == "row":
            for lang in LANGUAGES:
                said[lang] = tr("exercise_why_row", lang, r=step.said.row + 1) + said[lang]  # type: ignore[attr-defined]
        elif step.said is not step.events[-1] and step.action == "backtrack":  # a wipe-out, then the lift
            assert step.square is not None
            for lang in LANGUAGES:
                gap = " " if lang == "en" else ""
                said[lang] += gap + tr("exercise_then_lift", lang, r=step.square[0] + 1, c=step.square[1] + 1)
        return said

    def answer(self, action: str, row: int | None = None) -> Graded:
        """Grade ``action`` (``row`` for backtrack / row) against the move due, and make the model's
        move when it was right (or, with continuous feedback, wrong). LookupError when the run is
        over; StandingMistake while a wrong move waits to be undone."""
        if action not in ACTIONS:
            raise ValueError(f"an exercise move is one of {', '.join(ACTIONS)} (got {action!r})")
        due = self.due
        if due is None:
            raise LookupError("the exercise is over")
        if self.standing is not None:
            raise StandingMistake("undo the wrong move first")
        kind = mistake(due, action, row)
        where = due.square if action in ("place", "refuse") else row
        step, why, seconds = self.at - self.first + 1, {} if kind is None else self.why(due), self.seconds()
        self.moved = 0
        if kind is None or self.feedback == "continuous":
            self._make(due)
        text, expected = move_text(action, where), due.text()
        graded = Graded(step, text, expected, kind is None, kind, seconds, why, self.events_done)
        if kind is not None and self.feedback == "undo":
            self.standing = graded
        self.log.append(graded)
        return graded

    def _make(self, step: Step) -> None:
        for event in step.events:
            self.narrator.apply(event)
        self.done.append(self.at)
        self.at += 1
        self.moved = len(step.events)
        if self.over and self.ended is None:
            self.ended = self.clock()

    def undo(self) -> bool:
        """Take back the wrong move standing, else the last move made; False when there is none.
        ``moved`` says how many events the board goes back."""
        self.moved = 0
        if self.standing is not None:
            self.standing = None
            return True
        if not self.done:
            return False
        self.at = self.done.pop()
        step = self.steps[self.at]
        for event in reversed(step.events):
            self.narrator.undo(event)
        self.moved = -len(step.events)
        self.ended = None
        return True

    def score(self) -> dict[str, object]:
        """Right answers out of all, the percentage, and mistakes by kind (the attempt's score)."""
        right = sum(g.right for g in self.log)
        moves = len(self.log)
        mistakes: dict[str, int] = {}
        for graded in self.log:
            if graded.kind is not None:
                mistakes[graded.kind] = mistakes.get(graded.kind, 0) + 1
        percent = round(100.0 * right / moves, 1) if moves else 100.0
        return {"right": right, "moves": moves, "percent": percent, "mistakes": mistakes}

    def marks(self) -> tuple[int, ...]:
        """The answers (1-based positions in the log) that were wrong: the scrub bar's marks."""
        return tuple(i + 1 for i, graded in enumerate(self.log) if not graded.right)
