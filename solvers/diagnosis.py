"""Why a student goes wrong in an exercise: their moves compared, step by step, with the model and
with each wrong version of the algorithm (``solvers.misconceptions``) from the same position.

At every step of the model run (``solvers.exercise_model``) each applicable version is started
where the model stands (``spec.variants.start``: the same board, the same last move) and its
next move is read: its **answer** there, in the words of the student's keys. An answer is
``place`` or ``refuse`` (the square the exercise rings), ``try:place`` or ``try:refuse`` (the
version tries another square: F or D both say so), ``backtrack R``, ``row R``, ``confirm`` or
``stop`` (its run is over).
The student's first answer at each step is compared (a retry after an undo says nothing new), and
an attempt left unfinished ends with a ``stop`` at the step it stopped on.

For each version: a wrong answer of the student's that is the version's answer there is
**explained**; a step where the version departs from the model but the student answered as the
model is **contradicted**. The version with the most explained, net of the contradicted, is named
when that net is at least ``GAIN`` (an unfinished attempt that stops where the version stops
counts ``STOP_WEIGHT``); its explained moves are set aside and a second one may be named the same
way. Otherwise the wrong moves fit no misconception: slips. A student who made no wrong move has
none.

``Predictions`` holds one exercise's answers (an attempt's re-grading, a class of attempts, the
web page all read it); ``diagnose`` compares a student's answers with it; ``Diagnosis`` says the
result in a sentence (English and Chinese) and as the attempt record's ``diagnosis`` field.

>>> from solvers import registry
>>> from solvers.exercise_model import model_run
>>> spec, blind = registry.get("backtracking"), get("ignores-difference-diagonals")
>>> table = Predictions(spec, 6, "first", model_run(spec, 6, "first"))
>>> moves = {k: follow(table.answer(blind, k), table.model(k)) for k in table.steps_due()}
>>> diagnosis = diagnose(table, moves)
>>> diagnosis.misconceptions()
('ignores-difference-diagonals',)
>>> print(diagnosis.sentence("en"))  # doctest: +ELLIPSIS
Your 27 wrong moves all placed a queen on a square attacked only along an r-c diagonal: you seem ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from solvers.exercise_model import Step, model_steps
from solvers.instance import Instance
from solvers.misconceptions import CATALOGUE, Version, get
from solvers.spec import AlgorithmSpec
from solvers.variants import Follower, Position

#: Explained wrong moves net of contradicted steps a version needs to be named.
GAIN = 2
#: What an unfinished attempt stopping where a version stops counts (a slip never stops).
STOP_WEIGHT = 2
#: The most misconceptions named for one attempt.
MOST = 2
STOP, TRY = "stop", "try"

TEXT = {
    "en": {
        "all_one": "Your wrong move {did}",
        "all_many": "Your {k} wrong moves all {did}",
        "some": "{k} of your {w} wrong moves {did}",
        "finding": "{evidence}: you seem to {belief} — look at {where}.",
        "square": "row {r}, column {c}",
        "row": "row {r}",
        "step": "step {s}",
        "none": "No wrong move: no misconception to name.",
        "slip": "Your wrong move fits no known misconception: it looks like a slip.",
        "slips": "Your {w} wrong moves fit no known misconception: they look like slips.",
        "rest": "The other {k} look like slips.",
        "rest_one": "The other one looks like a slip.",
    },
    "zh": {
        "all_one": "你的一步错误{did}",
        "all_many": "你的 {k} 步错误都{did}",
        "some": "你的 {w} 步错误中有 {k} 步{did}",
        "finding": "{evidence}：你似乎{belief}——看{where}。",
        "square": "第 {r} 行第 {c} 列",
        "row": "第 {r} 行",
        "step": "第 {s} 步",
        "none": "没有错误的一步：没有要指出的误解。",
        "slip": "你的一步错误不符合任何已知的误解：看来是失误。",
        "slips": "你的 {w} 步错误不符合任何已知的误解：看来是失误。",
        "rest": "其余 {k} 步看来是失误。",
        "rest_one": "其余一步看来是失误。",
    },
}


def _said(step: Step) -> str:
    """A model step as the student's answer to it."""
    if step.action in ("backtrack", "row"):
        return f"{step.action} {step.row}"
    return step.action


def answer_of(move: str) -> str:
    """A record's move ("place 2 1", "backtrack 3") as an answer ("place", "backtrack 3").

    >>> answer_of("place 2 1"), answer_of("backtrack 3"), answer_of("confirm")
    ('place', 'backtrack 3', 'confirm')
    """
    action = move.split(" ")[0]
    return move if action in ("backtrack", "row") else action


def fits(answer: str, predicted: str) -> bool:
    """Whether the student's ``answer`` is the ``predicted`` one (``try:...``: place or refuse)."""
    return answer == predicted or (predicted.startswith(TRY) and answer in ("place", "refuse"))


def departs(predicted: str, model: str) -> bool:
    """Whether a version's answer differs from the model's in a way the student can show (trying
    another square where the model tries one cannot: the exercise names the square)."""
    if predicted.startswith(TRY):
        return model not in ("place", "refuse")
    return predicted != model


def follow(predicted: str, model: str) -> str:
    """The key a student holding a version presses for its ``predicted`` answer: trying another
    square is F or D as the version finds that square (or the model's answer, where the model
    tries a square too: the exercise names it)."""
    if predicted.startswith(TRY):
        return model if model in ("place", "refuse") else predicted[len(TRY) + 1 :]
    return predicted


class Predictions:
    """Each applicable version's answer at each step of one exercise's model run ``steps``
    (``spec`` possibly bound to an instance; ``goal`` "first" or "all"), worked out on demand."""

    def __init__(self, spec: AlgorithmSpec, n: int, goal: str, steps: Sequence[Step]) -> None:
        from solvers import registry

        self.base = registry.get(spec.name)  # the generator that takes the versions' rules
        self.instance: Instance | None = spec.instance
        self.n, self.goal, self.steps = n, goal, steps
        self.first = 1 if steps and steps[0].action == "start" else 0
        self.versions: tuple[Version, ...] = tuple(
            v for v in CATALOGUE if v.in_exercise and v.applies(self.base, goal)
        )
        self._positions: list[Position] | None = None
        self._answers: dict[tuple[str, int], str] = {}

    def steps_due(self) -> range:
        """The indices of the steps a student answers."""
        return range(self.first, len(self.steps))

    def positions(self) -> list[Position]:
        """The model run's position before each step (and after the last)."""
        if self._positions is None:
            follower, out = Follower(self.n), []
            for step in self.steps:
                out.append(follower.position())
                for event in step.events:
                    follower.apply(event)
            out.append(follower.position())
            self._positions = out
        return self._positions

    def model(self, index: int) -> str:
        """The model's answer at step ``index`` (``stop`` past the end)."""
        return _said(self.steps[index]) if index < len(self.steps) else STOP

    def answer(self, version: Version, index: int) -> str:
        """``version``'s answer at step ``index``: its next move from the model's position there."""
        key = (version.key, index)
        if key not in self._answers:
            self._answers[key] = self._work_out(version, index)
        return self._answers[key]

    def _work_out(self, version: Version, index: int) -> str:
        variants = self.base.variants
        assert variants is not None, "a version applies only to a spec with variants"
        position = self.positions()[index]
        events = version.run(
            self.base,
            self.n,
            first=self.goal == "first",
            instance=self.instance,
            **variants.start(position, version.rules),
        )
        after_row = index > self.first and self.steps[index - 1].action == "row"
        need = 3 if after_row else 2  # moves to read: the first whole (the row choice made already)
        limit = 16 * self.n + 16  # a move is at most a queen's prunes, a wipe-out, restores, a lift
        taken: list = []
        size = 4
        while True:
            taken.extend(islice(events, size - len(taken)))
            ended = len(taken) < size
            steps = model_steps(taken, dynamic_rows=self.base.dynamic_rows, new_depth=position.fresh)
            if ended or len(steps) >= need or size >= limit:
                break
            size = min(4 * size, limit)
        close = getattr(events, "close", None)
        if close is not None:
            close()
        if not ended:
            steps = steps[:-1]  # the last may be cut short
        due = self.steps[index] if index < len(self.steps) else None
        if after_row and steps and steps[0].action == "row":  # the model's row choice was made already
            steps = steps[1:]
        if not steps:  # its run is over (or one move is longer than the limit: then no word on it)
            return STOP if ended else self.model(index)
        mine = steps[0]
        if mine.action in ("place", "refuse") and (due is None or mine.square != due.square):
            return f"{TRY}:{mine.action}"
        return _said(mine)

    def departures(self, version: Version) -> dict[int, str]:
        """Every step at which ``version`` departs from the model, with its answer there."""
        out = {}
        for index in self.steps_due():
            answer = self.answer(version, index)
            if departs(answer, self.model(index)):
                out[index] = answer
        return out

    def web_data(self) -> dict[str, Any]:
        """What a page needs to diagnose an attempt without Python (``diagnose`` is the reference
        its script follows): the scoring's constants, the sentences and each version's phrases
        (English and Chinese), and every step at which some version departs from the model
        (numbered from 1 as the attempt record numbers them): the model's answer there, where its
        move points (``[row, col]``, ``[row]`` or ``[]``, from 0; a finding points at the row a
        student's ``backtrack R`` or ``row R`` names instead) and each departing version's answer
        (``stop``: an attempt that stops there is what the version does). A wrong answer at any
        other step is explained by no version: the page counts it among the wrong moves only."""
        departing: dict[int, dict[str, str]] = {}
        for version in self.versions:
            for index, answer in self.departures(version).items():
                departing.setdefault(index, {})[version.key] = answer
        steps = [
            {"step": i - self.first + 1, "model": self.model(i), "where": where_of(self, i), "versions": v}
            for i, v in sorted(departing.items())
        ]
        phrases = ("name", "did", "belief")
        return {
            "gain": GAIN,
            "stop_weight": STOP_WEIGHT,
            "most": MOST,
            "versions": [
                {"key": v.key, **{part: dict(getattr(v, part)) for part in phrases}} for v in self.versions
            ],
            "text": TEXT,
            "steps": steps,
        }


def where_of(table: Predictions, index: int) -> list[int]:
    """Where the model's move at step ``index`` points (from 0): ``[row, col]`` of the square
    tried, ``[row]`` of a backtrack or a row chosen, ``[]`` for a confirmation."""
    step = table.steps[index]
    if step.action in ("place", "refuse") and step.square is not None:
        return [step.square[0], step.square[1]]
    if step.action in ("backtrack", "row") and step.row is not None:
        return [step.row]
    return []


@dataclass(frozen=True)
class Finding:
    """One misconception named: the version's key, the wrong moves it explains (stopping early one
    of them), the steps it contradicts, and the first explained move: its step (from 1)
    and where it points (from 0: the row it lifted or chose, else the square tried, ``[row, col]``,
    or the model's row; ``[]`` for a confirmation or a stop)."""

    version: str
    explained: int
    contradicted: int
    step: int
    where: tuple[int, ...]

    def as_json(self) -> dict[str, object]:
        return {
            "version": self.version,
            "explained": self.explained,
            "contradicted": self.contradicted,
            "step": self.step,
            "where": list(self.where),
        }


@dataclass(frozen=True)
class Diagnosis:
    """An attempt's wrong answers (its first answers that were wrong, a stop before the end
    counted) and the misconceptions named (none: slips, or no wrong answer)."""

    wrong: int
    findings: tuple[Finding, ...] = ()

    def misconceptions(self) -> tuple[str, ...]:
        """The keys of the misconceptions named, in order."""
        return tuple(finding.version for finding in self.findings)

    def sentence(self, lang: str = "en") -> str:
        """What the diagnosis says, in ``lang``: each misconception with its evidence, or slips."""
        text = TEXT.get(lang, TEXT["en"])
        if not self.wrong:
            return text["none"]
        if not self.findings:
            return text["slip"] if self.wrong == 1 else text["slips"].format(w=self.wrong)
        said = [self._finding(finding, text, lang) for finding in self.findings]
        rest = self.wrong - sum(finding.explained for finding in self.findings)
        if rest > 0:
            said.append(text["rest_one"] if rest == 1 else text["rest"].format(k=rest))
        return (" " if lang == "en" else "").join(said)

    def _finding(self, finding: Finding, text: dict[str, str], lang: str) -> str:
        version = get(finding.version)
        k, w = finding.explained, self.wrong
        did = version.text("did", lang)
        if k < w:
            evidence = text["some"].format(k=k, w=w, did=did)
        else:
            evidence = text["all_one" if k == 1 else "all_many"].format(k=k, did=did)
        if len(finding.where) == 2:
            where = text["square"].format(r=finding.where[0] + 1, c=finding.where[1] + 1)
        elif len(finding.where) == 1:
            where = text["row"].format(r=finding.where[0] + 1)
        else:
            where = text["step"].format(s=finding.step)
        return text["finding"].format(evidence=evidence, belief=version.text("belief", lang), where=where)

    def as_json(self) -> dict[str, object]:
        """The attempt record's ``diagnosis`` field."""
        return {"wrong": self.wrong, "misconceptions": [finding.as_json() for finding in self.findings]}

    @classmethod
    def from_json(cls, data: object) -> Diagnosis:
        """The field read back (ValueError for anything else than what ``as_json`` writes)."""
        if not isinstance(data, dict) or not _count(data.get("wrong")):
            raise ValueError("not a diagnosis")
        found = data.get("misconceptions")
        if not isinstance(found, list) or len(found) > MOST:
            raise ValueError("its misconceptions are not a short list")
        findings = []
        for item in found:
            if not isinstance(item, dict) or item.get("version") not in {v.key for v in CATALOGUE}:
                raise ValueError("a misconception is not one of the catalogue")
            where = item.get("where")
            numbers = (item.get("explained"), item.get("contradicted"), item.get("step"))
            if not all(_count(x) for x in numbers) or not isinstance(where, list) or len(where) > 2:
                raise ValueError("a misconception's evidence is not counts and a square")
            if not all(_count(x) for x in where):
                raise ValueError("a misconception's square is not whole numbers")
            findings.append(Finding(item["version"], *numbers, tuple(where)))  # type: ignore[arg-type]
        return cls(data["wrong"], tuple(findings))


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << 31


def diagnose(table: Predictions, answers: Mapping[int, str], stop: int | None = None) -> Diagnosis:
    """The misconceptions behind ``answers`` (the student's first answer at each step index of
    ``table``'s run, in the words of ``answer_of``); ``stop``: the step index an unfinished
    attempt stopped at (None: it finished). Stopping counts as a wrong move only where a version
    named stops too (a student may leave an exercise for any reason)."""
    wrong = {k for k, answer in answers.items() if answer != table.model(k)}
    if stop is not None and stop >= len(table.steps):
        stop = None
    total = len(wrong)  # a stop is a wrong move only where a version stops too
    findings: list[Finding] = []
    left = set(wrong)
    stop_left = stop is not None
    for _ in range(MOST):
        best: tuple[tuple[int, int, int, int], Finding, set[int], bool] | None = None
        for rank, version in enumerate(table.versions):
            explained, contradicted, first = set(), 0, None
            for index in sorted(answers):
                predicted, model = table.answer(version, index), table.model(index)
                if not departs(predicted, model):
                    continue
                if answers[index] == model:
                    contradicted += 1
                elif index in left and fits(answers[index], predicted):
                    explained.add(index)
                    first = index if first is None else first
            stops = stop_left and stop is not None and table.answer(version, stop) == STOP
            weight = len(explained) + (STOP_WEIGHT if stops else 0)
            gain = weight - contradicted
            if gain < GAIN:
                continue
            moves = len(explained) + stops  # the wrong moves it explains, a stop one of them
            if first is not None:  # the first wrong move it explains: the row it names, else the square
                said = answers[first].split(" ")
                where = (int(said[1]),) if len(said) == 2 else tuple(where_of(table, first))
                finding = Finding(version.key, moves, contradicted, first - table.first + 1, where)
            else:  # only the stop: the step it stopped at
                assert stop is not None
                finding = Finding(version.key, moves, contradicted, stop - table.first + 1, ())
            score = (gain, weight, -contradicted, -rank)
            if best is None or score > best[0]:
                best = (score, finding, explained, stops)
        if best is None:
            break
        findings.append(best[1])
        left -= best[2]
        total += best[3]
        stop_left = stop_left and not best[3]
    return Diagnosis(total, tuple(findings))


def first_answers(moves: Iterable[tuple[int, str]], first: int) -> dict[int, str]:
    """The first answer at each step of ``moves`` ((step from 1, move in the record's words)), by
    step index (``first``: the run's first student step, 1 after a constrained start)."""
    out: dict[int, str] = {}
    for step, move in moves:
        out.setdefault(step - 1 + first, answer_of(move))
    return out


def diagnose_moves(table: Predictions, moves: Iterable[tuple[int, str]], stop: int | None) -> Diagnosis:
    """``diagnose`` on an attempt's moves ((step from 1, move in the record's words), in order)."""
    return diagnose(table, first_answers(moves, table.first), stop)


def page_data(spec: AlgorithmSpec, n: int, goal: str) -> dict[str, Any]:
    """The diagnosis data of an exercise for a web page (``Predictions.web_data``): ``spec``
    (bound to its instance, if any) at ``n``, to the first solution or all (``goal``). JSON-ready."""
    from solvers.exercise_model import model_run

    return Predictions(spec, n, goal, model_run(spec, n, goal)).web_data()
