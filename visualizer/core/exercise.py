"""Exercise mode's rules: the student makes every move of the search, graded step by step against
the model run. No pygame.

The model (its steps, the grading of each answer, undo) is ``solvers/exercise_model.py``'s
``Grader``, the one ``nqueens results`` re-grades attempt files with; ``Exercise`` adds what the
window needs: the clock, the narration's sentence for each mistake, the log of answers, the
score and the misconceptions behind the wrong answers (``solvers/diagnosis.py``). A wrong
answer's ``why`` is the narration's sentence for the model's move.

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

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from solvers.diagnosis import Diagnosis, Predictions, diagnose_moves
from solvers.errors import SolverError
from solvers.events import Event
from solvers.exercise_model import (
    GOALS,
    MAX_N,
    MIN_N,
    Grader,
    Step,
    Verdict,
    exercisable,
    model_run,
    model_steps,
)
from solvers.narration import Narrator
from solvers.registry import AlgorithmSpec
from visualizer.look.i18n import LANGUAGES, tr


def check_exercise(spec: AlgorithmSpec, n: int, lang: str = "en") -> None:
    """SolverError (translated) for an algorithm or an n the exercise does not take."""
    title = spec.title_zh if lang == "zh" else spec.title
    if not exercisable(spec):
        raise SolverError(tr("exercise_algorithm", lang, algorithm=title))
    if not MIN_N <= n <= MAX_N:
        raise SolverError(tr("exercise_n", lang, low=MIN_N, high=MAX_N, n=n))


@dataclass(frozen=True)
class Graded(Verdict):
    """One answer in the window: the ``Verdict``, the seconds since the start, why (per language),
    and the model events the board stood after once it was taken (for the review)."""

    t: float = 0.0
    why: dict[str, str] = field(default_factory=dict)
    board: int = 0

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


class Exercise(Grader):
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
        if events is None:
            steps = model_run(spec, n, goal)
        else:
            steps = model_steps(events, dynamic_rows=spec.dynamic_rows)
        super().__init__(steps, feedback)
        self.spec, self.n, self.goal = spec, n, goal
        self.clock = clock
        self.started = clock()
        self.ended: float | None = None
        self.log: list[Graded] = []  # every answer, undone or not
        self._predictions: Predictions | None = None  # the wrong versions' answers, worked out on demand
        self._diagnosis: tuple[tuple[int, int | None], Diagnosis] | None = None  # the last one, by its moves
        self.narrator = Narrator(spec, n)
        if self.first:  # the givens and the holes: no one's move
            for event in self.steps[0].events:
                self.narrator.apply(event)

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
        verdict = self.grade(action, row)
        why = {} if verdict.right else self.why(self.steps[self.at])
        seconds = self.seconds()
        self.take(verdict)
        graded = Graded(**vars(verdict), t=seconds, why=why, board=self.events_done)
        if self.standing is verdict:
            self.standing = graded
        self.log.append(graded)
        return graded

    def _make(self, step: Step) -> None:
        for event in step.events:
            self.narrator.apply(event)
        super()._make(step)
        if self.over and self.ended is None:
            self.ended = self.clock()

    def undo(self) -> bool:
        """Take back the wrong move standing, else the last move made; False when there is none.
        ``moved`` says how many events the board goes back."""
        at = self.at
        if not super().undo():
            return False
        if self.at != at:
            for event in reversed(self.steps[self.at].events):
                self.narrator.undo(event)
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

    def diagnosis(self, *, stopped: bool = False) -> Diagnosis:
        """The misconceptions behind the wrong moves so far (``solvers.diagnosis``); ``stopped``:
        the attempt ends here unfinished (saved before the goal), which a version may explain."""
        stop = self.at if stopped and not self.over and self.standing is None else None
        key = (len(self.log), stop)  # a frame asks again and again: the same answers, the same diagnosis
        if self._diagnosis is None or self._diagnosis[0] != key:
            found = diagnose_moves(self.predictions(), ((g.step, g.move) for g in self.log), stop)
            self._diagnosis = (key, found)
        return self._diagnosis[1]

    def predictions(self) -> Predictions:
        """Each wrong version's answer along this exercise's model run (worked out as asked)."""
        if self._predictions is None:
            self._predictions = Predictions(self.spec, self.n, self.goal, self.steps)
        return self._predictions

    def marks(self) -> tuple[int, ...]:
        """The answers (1-based positions in the log) that were wrong: the scrub bar's marks."""
        return tuple(i + 1 for i, graded in enumerate(self.log) if not graded.right)
