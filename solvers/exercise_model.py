"""The exercise's model: a search's run cut into the moves a student makes, and each move graded
against it. No pygame, no narration: the window's exercise (``visualizer/core/exercise.py``)
and ``nqueens results``' re-grading (``solvers/results.py``) grade with this one ``Grader``.

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
wrong one has its kind (``KINDS``). With ``feedback="continuous"`` the model's move is made at
once (counted as a mistake); with ``"undo"`` the wrong move stands until the student undoes it
(nothing else is taken meanwhile).

>>> from solvers import registry
>>> grader = Grader(model_run(registry.get("backtracking"), 4, "first"))
>>> grader.due.text(), grader.answer("place").right, grader.due.text()
('place 0 0', True, 'refuse 1 0')
>>> grader.answer("place")
Verdict(step=2, move='place 1 0', expected='refuse 1 0', right=False, kind='missed-conflict')
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solvers.errors import SolverError
from solvers.events import Backtrack, Conflict, Event, Place, Prune, Reader, Restore, Solution

if TYPE_CHECKING:
    from solvers.spec import AlgorithmSpec

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
    return spec.exhaustive and spec.asks_squares and not spec.own_squares


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


class _Moves(Reader[None]):
    """Cuts a model run into moves, event by event (each kind read by its own method): a placement
    or a refusal is a move, a backtrack one too with the wipe-out and restores that led to it, the
    prunes after a queen the confirmation; any other kind before the first move (a constrained
    instance's Setup: the given queens, the blocked squares) is the board's start."""

    def __init__(self, dynamic_rows: bool, new_depth: bool) -> None:
        self.steps: list[Step] = []
        self.pending: list[Event] = []  # a wipe-out and restores: they lead to the backtrack that follows
        # MRV chooses a row before a placement at a new depth (not after a backtrack): ``new_depth``
        self.dynamic_rows, self.new_depth = dynamic_rows, new_depth

    def other(self, event: Event) -> None:
        steps = self.steps
        if not self.pending and all(step.action == "start" for step in steps):
            steps[:] = [Step("start", events=(*(steps[0].events if steps else ()), event))]
        else:
            self.pending.append(event)

    def _tried(self, action: str, event: Place | Conflict) -> None:
        if self.dynamic_rows and self.new_depth:
            self.steps.append(Step("row", row=event.row, said=event))
        self.steps.append(Step(action, (event.row, event.col), event.row, (*self.pending, event), event))
        self.pending = []
        self.new_depth = action == "place"

    def place(self, event: Place) -> None:
        self._tried("place", event)

    def conflict(self, event: Conflict) -> None:
        if event.wipeout:  # applied with the backtrack it leads to
            self.pending.append(event)
        else:
            self._tried("refuse", event)

    def prune(self, event: Prune) -> None:
        last = self.steps[-1] if self.steps else None
        if last is not None and last.action == "confirm" and not self.pending:
            self.steps[-1] = Step("confirm", events=(*last.events, event))
        else:
            self.steps.append(Step("confirm", events=(*self.pending, event)))
            self.pending = []

    def restore(self, event: Restore) -> None:
        self.pending.append(event)  # applied with the backtrack it leads to

    def backtrack(self, event: Backtrack) -> None:
        pending = self.pending
        said = pending[0] if pending and pending[0].marks().refused is not None else event  # a wipe-out
        self.steps.append(Step("backtrack", (event.row, event.col), event.row, (*pending, event), said))
        self.pending = []
        self.new_depth = False

    def solution(self, event: Solution) -> None:
        if self.steps and not self.pending:
            last = self.steps[-1]
            self.steps[-1] = Step(last.action, last.square, last.row, (*last.events, event), last.said)
        else:
            self.pending.append(event)


def model_steps(events: Iterable[Event], *, dynamic_rows: bool = False, new_depth: bool = True) -> list[Step]:
    """The model run's events cut into the student's moves (see the module's docstring and
    ``_Moves``). ``new_depth``: the first placement is at a new depth (False for a run taken up
    right after a backtrack or a refusal: MRV goes on in the same row, no row is chosen)."""
    moves = _Moves(dynamic_rows, new_depth)
    for count, event in enumerate(events):
        if count >= MAX_EVENTS:
            raise SolverError(f"the model run is longer than {MAX_EVENTS:,} events")
        event.read(moves)
    steps, pending = moves.steps, moves.pending
    if pending and steps:  # events after the last move (none in the runs the exercise takes): kept with it
        last = steps[-1]
        steps[-1] = Step(last.action, last.square, last.row, (*last.events, *pending), last.said)
    return steps


def model_run(spec: AlgorithmSpec, n: int, goal: str) -> list[Step]:
    """The steps of ``spec``'s run at ``n`` to its first solution (``goal="first"``) or through all."""
    if goal not in GOALS:
        raise ValueError(f"goal must be first or all (got {goal!r})")
    return model_steps(spec.solve(n, first=goal == "first"), dynamic_rows=spec.dynamic_rows)


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


@dataclass(frozen=True)
class Verdict:
    """One answer graded: the step it answered (1-based, a board's start not counted), what was
    done and what the model did (in the record's words), right or not, the kind of mistake."""

    step: int
    move: str
    expected: str
    right: bool
    kind: str | None


class Grader:
    """Where a student stands among the model's ``steps`` and each answer graded there.

    ``answer`` is ``grade`` (no change) then ``take`` (the model's move made when the answer was
    right or the feedback continuous; a wrong one left standing with undo feedback). ``moved``:
    the events the last answer or undo moved the board (negative: back).
    """

    def __init__(self, steps: Sequence[Step], feedback: str = "continuous") -> None:
        if feedback not in FEEDBACK:
            raise ValueError(f"feedback must be continuous or undo (got {feedback!r})")
        self.steps, self.feedback = steps, feedback
        self.ends = list(itertools.accumulate(len(step.events) for step in steps))  # events after each
        #: The first step a student makes (1 when the board has a start: the givens).
        self.first = 1 if steps and steps[0].action == "start" else 0
        self.at = self.first  # the next model step due
        self.done: list[int] = []  # the steps made, in order (undo takes the last off)
        self.standing: Verdict | None = None  # undo feedback: a wrong move left to undo
        self.moved = 0
        self.reached = False  # whether the run's end (the goal) was ever reached

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

    def grade(self, action: str, row: int | None = None) -> Verdict:
        """``action`` (``row`` for backtrack / row) graded against the move due, nothing changed.
        ValueError for an unknown action, LookupError when the run is over, StandingMistake
        while a wrong move waits to be undone."""
        if action not in ACTIONS:
            raise ValueError(f"an exercise move is one of {', '.join(ACTIONS)} (got {action!r})")
        due = self.due
        if due is None:
            raise LookupError("the exercise is over")
        if self.standing is not None:
            raise StandingMistake("undo the wrong move first")
        kind = mistake(due, action, row)
        where = due.square if action in ("place", "refuse") else row
        return Verdict(self.at - self.first + 1, move_text(action, where), due.text(), kind is None, kind)

    def take(self, verdict: Verdict) -> None:
        """The answer ``verdict`` (``grade``'s, for the move due) taken."""
        self.moved = 0
        if verdict.right or self.feedback == "continuous":
            self._make(self.steps[self.at])
        else:
            self.standing = verdict

    def answer(self, action: str, row: int | None = None) -> Verdict:
        """``grade`` then ``take``: the answer graded and taken."""
        verdict = self.grade(action, row)
        self.take(verdict)
        return verdict

    def _make(self, step: Step) -> None:
        self.done.append(self.at)
        self.at += 1
        self.moved = len(step.events)
        self.reached = self.reached or self.over

    def undo(self) -> bool:
        """Take back the wrong move standing, else the last move made; False when there is none."""
        self.moved = 0
        if self.standing is not None:
            self.standing = None
            return True
        if not self.done:
            return False
        self.at = self.done.pop()
        self.moved = -len(self.steps[self.at].events)
        return True
