"""Predict mode's rules: what the search does next, whether a guess was right, and why not. No pygame.

Two kinds of question, by algorithm:

* ``"square"`` (the backtracking family, bitmask, forward checking, MRV, construction): where
  does the next queen go? The answer is the next ``Place`` event.
* ``"answer"`` (brute force, permutations, pruned permutations): the board is complete -- is it
  safe (a solution) or attacked (rejected)? The answer is the next verdict, a ``Conflict`` or a
  ``Solution``.

Min-conflicts is refused: it picks the queen to move and breaks ties at random, so its next
move cannot be reasoned out from the board.

The ``Predictor`` reads the one timeline the Player moves: it *peeks* the coming events (pulled
into the timeline's log, not applied) and says how many events to step; it never moves the
timeline itself. Its ``Narrator`` follows the timeline, so a wrong guess is explained in the
narration's own sentences (``solvers/narration.py``), in both languages.

>>> from solvers import registry
>>> from visualizer.core.timeline import Timeline
>>> timeline = Timeline(registry.get("backtracking"), 8)
>>> predictor = Predictor(timeline)
>>> verdict, steps = predictor.judge_square((0, 0))
>>> verdict.right, timeline.step(steps), timeline.queens[0]
(True, 1, 0)
>>> verdict, steps = predictor.judge_square((1, 1))
>>> verdict.right, verdict.real, verdict.why["en"]
(False, (1, 2), 'Row 2, column 2 is refused: the queen in row 1, column 1 is on the same anti-diagonal.')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solvers import registry
from solvers.errors import SolverError
from solvers.events import Conflict, Event
from solvers.narration import Context, Narrator, narrate
from solvers.registry import AlgorithmSpec
from visualizer.core.timeline import Timeline
from visualizer.look.i18n import LANGUAGES, tr

Square = tuple[int, int]
ANSWERS = ("safe", "attacked")
#: The farthest a question looks ahead, in events (a placement or a verdict is always far nearer).
LOOKAHEAD = 1_000_000


def question_kind(spec: AlgorithmSpec, lang: str = "en") -> str:
    """The kind of question ``spec`` asks, "square" or "answer"; SolverError (translated) for an
    algorithm whose next move cannot be predicted."""
    if spec.predict is None:
        raise SolverError(tr("predict_random", lang, algorithm=spec.title_zh if lang == "zh" else spec.title))
    return spec.predict


def is_place(event: Event) -> bool:
    return event.placed() is not None


def is_verdict(event: Event) -> bool:
    """A whole board judged: rejected (Conflict) or a solution."""
    marks = event.marks()
    return marks.solution or marks.refused is not None


@dataclass(frozen=True)
class Verdict:
    """One judged guess: what was guessed, what really came, and why not (per language; empty when right).

    ``attacker`` is the queen that attacks a wrongly guessed square, when one does (for the line drawn).
    """

    guess: Square | str
    real: Square | str
    right: bool
    why: dict[str, str] = field(default_factory=dict)
    attacker: Square | None = None


@dataclass
class Score:
    """Right guesses out of those tried, the current streak of right ones and the best streak.

    >>> score = Score()
    >>> for right in (True, True, False, True):
    ...     score.record(right)
    >>> score.right, score.tried, score.streak, score.best
    (3, 4, 1, 2)
    """

    right: int = 0
    tried: int = 0
    streak: int = 0
    best: int = 0

    def record(self, right: bool) -> None:
        self.tried += 1
        self.right += right
        self.streak = self.streak + 1 if right else 0
        self.best = max(self.best, self.streak)

    def as_dict(self) -> dict[str, int]:
        return {"right": self.right, "tried": self.tried}


class Predictor:
    """The questions, verdicts and score of predict mode on one timeline (moved by someone else)."""

    def __init__(self, timeline: Timeline, lang: str = "en") -> None:
        self.kind = question_kind(timeline.spec, lang)
        self.timeline = timeline
        self.score = Score()
        self.verdict: Verdict | None = None  # the last judged guess, shown until the next one
        self.narrator = Narrator(timeline.spec, timeline.n)
        self._refuser = registry.get("backtracking")  # whose narration names a square's attacker
        self.narrator.context.attempts = timeline.counters.attempts
        timeline.listeners.append(self.narrator.on_event)
        timeline.reset_listeners.append(self.narrator.clear)

    def restart(self) -> None:
        """A new round: score and verdict cleared (the caller resets the timeline)."""
        self.score = Score()
        self.verdict = None

    # -- what comes next ------------------------------------------------------

    def coming(self) -> list[Event]:
        """The events up to and including the one asked about; [] when none is left."""
        stop = is_place if self.kind == "square" else is_verdict
        events = self.timeline.peek(stop, LOOKAHEAD)
        return events if events and stop(events[-1]) else []

    def to_question(self) -> int:
        """Answer kind: how many events to step so that the complete board waits for its verdict."""
        return max(len(self.coming()) - 1, 0)

    def waiting(self) -> bool:
        """Answer kind: whether the board shown is complete and not yet judged."""
        events = self.coming()
        return len(events) == 1

    def reveal_steps(self, events: list[Event]) -> int:
        """Events to step to show the real move: through it, and a Solution right after a placement."""
        steps = len(events)
        if self.kind == "square":
            after = self.timeline.peek(lambda e: True, len(events) + 1)[len(events) :]
            steps += bool(after) and after[0].solved() is not None
        return steps

    # -- judging ----------------------------------------------------------------

    def judge_square(self, guess: Square) -> tuple[Verdict, int]:
        """Judge ``guess`` of the next placement; returns the verdict (also scored and kept) and
        the events to step to show it. LookupError when no queen is placed any more."""
        events = self.coming()
        if not events:
            raise LookupError("no placement is left")
        real = events[-1].placed()
        assert real is not None, "the question waits for a placement"
        if tuple(guess) == real:
            verdict = Verdict(tuple(guess), real, True)  # type: ignore[arg-type]
        else:
            verdict = self._wrong_square((int(guess[0]), int(guess[1])), events)
        self._record(verdict)
        return verdict, self.reveal_steps(events)

    def judge_answer(self, answer: str) -> tuple[Verdict, int]:
        """Judge "safe" or "attacked" for the complete board shown; the verdict and the events to step."""
        if answer not in ANSWERS:
            raise ValueError(f"answer needs safe or attacked (got {answer!r})")
        events = self.coming()
        if len(events) != 1:
            raise LookupError("no complete board waits for its verdict")
        event = events[0]
        marks = event.marks()
        real = "attacked" if marks.refused is not None else "safe"
        why = {} if answer == real else self._said(events, 0)
        attacker = marks.blocker
        verdict = Verdict(answer, real, answer == real, why, attacker)
        self._record(verdict)
        return verdict, 1

    def _record(self, verdict: Verdict) -> None:
        self.verdict = verdict
        self.score.record(verdict.right)

    def _wrong_square(self, guess: Square, events: list[Event]) -> Verdict:
        """Why the next queen does not go on ``guess``, in the first of these that applies:
        a backtrack comes first; the search fills another row; the square is attacked; it was
        tried already; the columns are tried left to right (or the algorithm's own rule)."""
        real = events[-1].placed()
        assert real is not None, "the question waits for a placement"
        row, col = real
        spec = self.timeline.spec
        lifts = [i for i, e in enumerate(events) if e.marks().lifted is not None]
        if guess[0] != row:
            if lifts:
                why = self._said(events, lifts[0], then=real, lifted=len(lifts))
            elif spec.own_rows:  # its narration says why (its rows, or its squares)
                why = self._said(events, len(events) - 1)
            else:
                why = _both("predict_rows", r=row + 1)
            return Verdict(guess, real, False, why)
        attacker = self._attacker(guess, events)
        if attacker is not None:
            refusal = Conflict(guess[0], guess[1], attacker)  # said in the backtracking family's words
            plain = Context(self._refuser, self.timeline.n)
            why = {lang: narrate(refusal, plain, lang) for lang in LANGUAGES}
            return Verdict(guess, real, False, why, attacker)
        if spec.own_squares:
            return Verdict(guess, real, False, self._said(events, len(events) - 1))
        key = "predict_tried" if guess[1] < col else "predict_columns"
        return Verdict(guess, real, False, _both(key, r=row + 1, c=guess[1] + 1, first=col + 1))

    def _attacker(self, square: Square, events: list[Event]) -> Square | None:
        """The queen attacking ``square`` on the board just before the placement: the blocker the
        search itself named when it tried the square, else the attacker in the highest row."""
        for event in events:
            refusal = event.refusal()
            if refusal is not None and refusal[0] == square:
                return refusal[1]
        with self._ahead(events[:-1]):
            board = sorted(self.narrator.context.queens.items())
        row, col = square
        for r, c in board:
            if c == col or r + c == row + col or r - c == row - col:
                return (r, c)
        return None

    def _said(
        self, events: list[Event], index: int, then: Square | None = None, lifted: int = 1
    ) -> dict[str, str]:
        """The narration of ``events[index]`` at its moment, in every language (and where the queen
        then goes)."""
        with self._ahead(events[:index]):
            said = {lang: self.narrator.say(events[index], lang) for lang in LANGUAGES}
        for lang in LANGUAGES:
            gap = " " if lang == "en" else ""
            if lifted > 1:
                said[lang] += gap + tr("predict_lifts", lang, k=lifted)
            if then is not None:
                said[lang] += gap + tr("predict_then", lang, r=then[0] + 1, c=then[1] + 1)
        return said

    def _ahead(self, events: list[Event]) -> _Ahead:
        return _Ahead(self.narrator, events)

    # -- reading ------------------------------------------------------------------

    def state(self) -> dict[str, object]:
        """Predict mode's part of the state file."""
        verdict = self.verdict
        last = None
        if verdict is not None:
            last = {
                "guess": list(verdict.guess) if isinstance(verdict.guess, tuple) else verdict.guess,
                "real": list(verdict.real) if isinstance(verdict.real, tuple) else verdict.real,
                "right": verdict.right,
                "why": verdict.why.get("en", ""),
            }
        return {
            "question": self.kind,
            "score": self.score.as_dict(),
            "streak": self.score.streak,
            "last_guess": last,
        }


class _Ahead:
    """The narrator moved past ``events`` for the length of a ``with`` block, then moved back."""

    def __init__(self, narrator: Narrator, events: list[Event]) -> None:
        self.narrator, self.events = narrator, events

    def __enter__(self) -> None:
        for event in self.events:
            self.narrator.apply(event)

    def __exit__(self, *exc: object) -> None:
        for event in reversed(self.events):
            self.narrator.undo(event)


def _both(key: str, **fields: object) -> dict[str, str]:
    return {lang: tr(key, lang, **fields) for lang in LANGUAGES}
