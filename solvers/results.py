"""Exercise attempts: one JSON file per attempt in a folder the teacher names, and the class summary.

An attempt record (``FORMAT``) is one JSON object::

    {"format": "nqueens-exercise/1", "student": "Ana" or "", "algorithm": "backtracking",
     "instance": {"n": 6, "blocked": [[2, 2]], "given": [[0, 1]], "seed": 7 or null},
     "goal": "first" | "all", "feedback": "continuous" | "undo",
     "started": "2026-12-03T17:00:00+00:00", "seconds": 95.5,
     "moves": [{"step": 1, "move": "place 1 0", "right": true, "kind": null, "expected": "place 1 0",
                "t": 2.5}, ...],
     "score": {"right": 9, "moves": 10, "percent": 90.0, "mistakes": {"missed-conflict": 1}},
     "diagnosis": {"wrong": 1, "misconceptions": [{"version": "ignores-columns", "explained": 1,
                   "contradicted": 0, "step": 4, "where": [1, 0]}]}}

``step`` is the model run's step the move answers (from 1), ``move`` and ``expected`` the
student's and the model's move in words ("place R C", "refuse R C", "backtrack R", "row R",
"confirm"), ``kind`` the mistake's kind (``KINDS``) when ``right`` is false, ``t`` the seconds since
the start. ``right``, ``kind``, ``expected`` and ``score`` are what the window said (``score_of``
counts them when the record is made), and so is ``diagnosis`` (optional: older records have none),
the misconceptions the window named (``solvers.diagnosis``); a reader never trusts them: ``regrade``
replays the moves against the model run of the attempt's instance with the window's own ``Grader``
(``solvers/exercise_model.py``) and says what each move was, whether the goal was reached, the
grade, and the misconceptions behind the wrong moves.

``write_attempt`` writes one atomically under a name that cannot clash; ``read_attempt`` reads one
back (a bounded regular file, its schema checked: ``DamagedAttempt`` says what is wrong);
``summarize`` reads a whole folder, re-grades every attempt, counts one per student and exercise
(the best; ``all_attempts``: every one) and copies once, the damaged files listed with their
reasons and skipped. No pygame here: the exercise mode writes, ``nqueens results`` reads.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import re
import secrets
import stat
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from solvers.diagnosis import Diagnosis, Predictions, diagnose_moves
from solvers.errors import SolverError
from solvers.exercise_model import FEEDBACK, GOALS, KINDS, MAX_N, MIN_N, Grader, Step
from solvers.instance import Instance
from solvers.safe_files import NewFile, RefusedFile, read_small_regular_file
from solvers.untrusted import csv_cell

FORMAT = "nqueens-exercise/1"
#: The largest attempt file read (some 10,000 moves); a larger one is damaged.
MAX_BYTES = 8_000_000  # the largest attempt (n = 8, every solution, backtracking) is 2.3 MB
#: The most files of a folder ``summarize`` reads (the rest are reported, not read).
MAX_FILES = 10_000
MAX_MOVES = 50_000
MAX_TEXT = 200  # characters of a name or a move
#: What a student's name may be (``--student``, ``exercise:student:``, the window's prompt).
STUDENT_RULE = "1 to 40 letters, digits, spaces, . ' -"
_STUDENT = re.compile(r"[\w .'-]{1,40}")
Record = dict[str, Any]


class DamagedAttempt(SolverError):
    """An attempt file that cannot be read as one, with the reason in a few words."""


class ResultsFolderError(SolverError):
    """A results folder that cannot be used (missing, a link, not a folder), in one sentence."""


def is_student_name(text: str) -> bool:
    """Whether ``text`` is a student's name by ``STUDENT_RULE``: letters and digits of any script,
    spaces, ``.``, ``'`` and ``-``; never a control character, a newline or an escape.

    >>> is_student_name("陈静"), is_student_name("Ana Lu-O'Neil"), is_student_name("Ana\\x1b[2J")
    (True, True, False)
    """
    return _STUDENT.fullmatch(text) is not None


def score_of(moves: Sequence[Mapping[str, Any]]) -> Record:
    """The score of a list of moves: right ones, all of them, the percentage (one decimal; 0.0 for
    no move) and the mistakes by kind.

    >>> score_of([{"right": True, "kind": None}, {"right": False, "kind": "missed-conflict"}])
    {'right': 1, 'moves': 2, 'percent': 50.0, 'mistakes': {'missed-conflict': 1}}
    """
    right = sum(1 for move in moves if move["right"])
    mistakes = Counter(str(move["kind"]) for move in moves if not move["right"])
    percent = round(100.0 * right / len(moves), 1) if moves else 0.0
    return {
        "right": right,
        "moves": len(moves),
        "percent": percent,
        "mistakes": dict(sorted(mistakes.items())),
    }


def make_record(
    *,
    algorithm: str,
    instance: Instance,
    goal: str,
    feedback: str,
    moves: Sequence[Mapping[str, Any]],
    seconds: float,
    student: str = "",
    started: datetime | None = None,
    diagnosis: Diagnosis | None = None,
) -> Record:
    """A complete attempt record (its score counted from ``moves``; ``diagnosis``: what the window
    said of its misconceptions), validated; a student's name that breaks ``STUDENT_RULE`` is
    refused (``DamagedAttempt``)."""
    if student and not is_student_name(student):
        raise DamagedAttempt(f"the student's name is not {STUDENT_RULE}")
    record: Record = {
        "format": FORMAT,
        "student": student,
        "algorithm": algorithm,
        "instance": instance.as_json(),
        "goal": goal,
        "feedback": feedback,
        "started": (started or datetime.now(timezone.utc)).isoformat(timespec="seconds"),
        "seconds": float(seconds),
        "moves": [dict(move) for move in moves],
        "score": score_of(moves),
    }
    if diagnosis is not None:
        record["diagnosis"] = diagnosis.as_json()
    return validate(record)


# -- the schema ---------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(value)  # type: ignore[arg-type]


def _text(value: object, what: str, *, empty: bool = True) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT or (not empty and not value):
        raise DamagedAttempt(f"{what} is not a text of at most {MAX_TEXT} characters")
    return value


def _squares(value: object, n: int, what: str) -> list[tuple[int, int]]:
    if not isinstance(value, list) or len(value) > n * n:
        raise DamagedAttempt(f"instance {what} is not a list of squares")
    out = []
    for square in value:
        if not (isinstance(square, list) and len(square) == 2 and all(_is_int(v) for v in square)):
            raise DamagedAttempt(f"instance {what} holds {square!r}, not a [row, col] square")
        out.append((square[0], square[1]))
    return out


def instance_of(record: Mapping[str, Any]) -> Instance:
    """The instance an attempt was made on (``DamagedAttempt`` if it is not one)."""
    data = record.get("instance")
    if not isinstance(data, dict):
        raise DamagedAttempt("its instance is missing")
    n, seed = data.get("n"), data.get("seed")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 64:
        raise DamagedAttempt("instance n is not a board size")
    if seed is not None and not _is_int(seed):
        raise DamagedAttempt("instance seed is neither a whole number nor null")
    blocked, given = _squares(data.get("blocked"), n, "blocked"), _squares(data.get("given"), n, "given")
    try:
        return Instance(n, frozenset(blocked), tuple(given), seed).validate()
    except SolverError as error:
        raise DamagedAttempt(f"its instance is refused: {error}") from None


def _check_move(move: object, index: int) -> None:
    """The fields of a move a reader uses: ``step`` (from 1), ``move``, ``t``. What the file says of
    it (``right``, ``kind``, ``expected``) is never read: ``regrade`` finds it again."""
    where = f"move {index + 1}"
    if not isinstance(move, dict):
        raise DamagedAttempt(f"{where} is not an object")
    if not _is_int(move.get("step")) or move["step"] < 1:
        raise DamagedAttempt(f"{where} has no step number")
    _text(move.get("move"), f"{where}'s move", empty=False)
    if not _is_number(move.get("t")) or move["t"] < 0:
        raise DamagedAttempt(f"{where} has no time")


def validate(record: object) -> Record:
    """``record`` if it is an attempt record of ``FORMAT``; ``DamagedAttempt`` saying what is not.
    Its score and its moves' verdicts are not checked: no reader trusts them (``regrade``)."""
    if not isinstance(record, dict):
        raise DamagedAttempt("not a JSON object")
    if record.get("format") != FORMAT:
        raise DamagedAttempt(f"not an attempt record (format is not {FORMAT!r})")
    _text(record.get("student"), "the student's name")
    _text(record.get("algorithm"), "the algorithm", empty=False)
    instance_of(record)
    if record.get("goal") not in GOALS:
        raise DamagedAttempt(f"its goal is not one of {', '.join(GOALS)}")
    if record.get("feedback") not in FEEDBACK:
        raise DamagedAttempt(f"its feedback is not one of {', '.join(FEEDBACK)}")
    started = _text(record.get("started"), "its start time", empty=False)
    try:
        datetime.fromisoformat(started)
    except ValueError:
        raise DamagedAttempt("its start time is not an ISO date and time") from None
    if not _is_number(record.get("seconds")) or record["seconds"] < 0:
        raise DamagedAttempt("its time taken is not a number of seconds")
    moves = record.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise DamagedAttempt(f"its moves are not a list of at most {MAX_MOVES}")
    for index, move in enumerate(moves):
        _check_move(move, index)
    if "diagnosis" in record:  # optional: what the window said (older records have none)
        try:
            Diagnosis.from_json(record["diagnosis"])
        except ValueError as error:
            raise DamagedAttempt(f"its diagnosis is not one: {error}") from None
    return record


# -- re-grading -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Grade:
    """An attempt re-graded: right answers, all answers, mistakes by kind; whether the goal was
    reached (``complete``), the model's steps made at the end and in all; the steps answered wrong
    at least once with the model's move there; a fingerprint of the moves (steps, words, times):
    copies share it; and the misconceptions behind the wrong moves (``solvers.diagnosis``)."""

    right: int
    moves: int
    mistakes: dict[str, int]
    complete: bool
    steps_done: int
    steps_total: int
    wrong: dict[int, str] = field(default_factory=dict)
    fingerprint: str = ""
    diagnosis: Diagnosis = field(default_factory=lambda: Diagnosis(0))

    @property
    def percent(self) -> float:
        """Right answers over all answers, the steps never reached counted as wrong ones (one
        decimal): a complete attempt's share of right moves; a one-move record of a long run, little.

        >>> Grade(3, 4, {}, True, 4, 4).percent, Grade(1, 1, {}, False, 1, 20).percent
        (75.0, 5.0)
        """
        left = 0 if self.complete else self.steps_total - self.steps_done
        asked = self.moves + left
        return round(100.0 * self.right / asked, 1) if asked else 0.0


@functools.lru_cache(maxsize=32)
def predictions(algorithm: str, instance: Instance, goal: str) -> Predictions:
    """The wrong versions' answers along the model run (``solvers.diagnosis``), worked out once
    per exercise for every attempt at it."""
    from solvers import registry

    steps = _model(algorithm, instance, goal)
    return Predictions(registry.get(algorithm).bound(instance), instance.n, goal, steps)


@functools.lru_cache(maxsize=32)
def _model(algorithm: str, instance: Instance, goal: str) -> tuple[Step, ...]:
    """The model run's steps of ``algorithm`` on ``instance`` (the window's, ``model_run``);
    DamagedAttempt when the exercise does not take that algorithm or n."""
    from solvers import registry
    from solvers.exercise_model import exercisable, model_run

    if algorithm not in registry.ALGORITHMS or not exercisable(registry.get(algorithm)):
        raise DamagedAttempt(f"its algorithm {algorithm!r} is not one the exercise takes")
    if not MIN_N <= instance.n <= MAX_N:
        raise DamagedAttempt(f"its n is {instance.n}: the exercise takes n from {MIN_N} to {MAX_N}")
    try:
        return tuple(model_run(registry.get(algorithm).bound(instance), instance.n, goal))
    except SolverError as error:
        raise DamagedAttempt(f"its model run cannot be made: {error}") from None


def _parsed(text: str, n: int) -> tuple[str, int | None]:
    """A record's move ("backtrack 2", "place 1 0") as the grader's action and row (the row only
    for backtrack and row: the others' square is the one due, checked by the grader's words)."""
    action, *rest = text.split(" ")
    if action in ("backtrack", "row"):
        if len(rest) != 1 or not rest[0].isascii() or not rest[0].isdigit() or int(rest[0]) >= n:
            raise ValueError(text)
        return action, int(rest[0])
    return action, None


def regrade(record: Mapping[str, Any]) -> Grade:
    """``record``'s moves replayed in order against the model run of its instance by the window's
    ``Grader``: each answer graded again (the file's ``right``, ``kind``, ``expected`` and score
    never read); the undos between them are those its ``step`` numbers imply. DamagedAttempt
    when a move is not one the exercise could have taken there (another square than the one
    tried, a step not reached, a move after the end, an unknown word)."""
    instance = instance_of(record)
    unseeded = Instance(instance.n, instance.blocked, instance.given)  # the seed drew it; the run is its own
    steps = _model(str(record["algorithm"]), unseeded, record["goal"])
    grader = Grader(steps, record["feedback"])
    right, mistakes, wrong = 0, Counter[str](), dict[int, str]()
    for index, move in enumerate(record["moves"]):
        where = f"move {index + 1} ({move['move']!r}, step {move['step']})"
        target = grader.first + move["step"] - 1
        while (grader.standing is not None or grader.at > target) and grader.undo():
            pass
        if grader.at < target:
            raise DamagedAttempt(f"{where} answers a step the attempt had not reached")
        try:
            verdict = grader.grade(*_parsed(move["move"], instance.n))
        except LookupError:
            raise DamagedAttempt(f"{where} comes after the end of the run") from None
        except ValueError:
            raise DamagedAttempt(f"{where} is not a move of the exercise") from None
        if verdict.move != move["move"]:
            raise DamagedAttempt(f"{where} is not the exercise's words for that answer ({verdict.move!r})")
        grader.take(verdict)
        if verdict.right:
            right += 1
        else:
            mistakes[str(verdict.kind)] += 1
            wrong.setdefault(verdict.step, verdict.expected)
    trail = json.dumps([[m["step"], m["move"], m["t"]] for m in record["moves"]]).encode("utf-8")
    stop = None if grader.reached or grader.standing is not None else grader.at
    table = predictions(str(record["algorithm"]), unseeded, record["goal"])
    diagnosis = diagnose_moves(table, ((m["step"], m["move"]) for m in record["moves"]), stop)
    return Grade(
        right,
        len(record["moves"]),
        {kind: mistakes[kind] for kind in KINDS if mistakes[kind]},
        grader.reached,
        grader.at - grader.first,
        len(steps) - grader.first,
        wrong,
        hashlib.sha256(trail).hexdigest(),
        diagnosis,
    )


# -- files --------------------------------------------------------------------------------


def check_results_folder(folder: str | os.PathLike[str]) -> Path:
    """``folder`` as a Path if it is a real folder; ``ResultsFolderError`` in one sentence if not."""
    path = Path(folder)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        raise ResultsFolderError(f"the results folder {str(path)!r} does not exist") from None
    except OSError as error:
        raise ResultsFolderError(f"the results folder {str(path)!r}: {error.strerror or error}") from None
    if stat.S_ISLNK(info.st_mode):
        raise ResultsFolderError(
            f"the results folder {str(path)!r} is a symbolic link: name the folder itself"
        )
    if not stat.S_ISDIR(info.st_mode):
        raise ResultsFolderError(f"the results folder {str(path)!r} is not a folder")
    return path


def _slug(student: str) -> str:
    """The student's name as a file-name part: letters and digits kept (any script), the rest '-'."""
    kept = "".join(c if c.isalnum() else "-" for c in student.strip())[:40].strip("-")
    return "-".join(part for part in kept.split("-") if part) or "anonymous"


def write_attempt(folder: str | os.PathLike[str], record: Mapping[str, Any]) -> Path:
    """Write ``record`` (validated) into ``folder`` atomically as
    ``<student>-<UTC time>-<random>.json``, a name no other attempt takes; returns its path.
    ``ResultsFolderError`` for a folder that is missing, a link or not a folder; OSError (a full
    disk, no permission) as the system gives it, nothing left behind."""
    data = validate(dict(record))
    where = check_results_folder(folder)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    text = (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    for _ in range(16):
        path = where / f"{_slug(data['student'])}-{stamp}-{secrets.token_hex(4)}.json"
        if not os.path.lexists(path):
            break
    else:  # pragma: no cover - 16 draws of 32 random bits all taken
        raise ResultsFolderError(f"no free file name for this attempt in {str(where)!r}")
    with NewFile(path, suffix=".json", mode=0o644) as new:
        new.file.write(text)
    return path


def read_attempt(path: str | os.PathLike[str]) -> Record:
    """The attempt record in ``path``: a regular file of at most ``MAX_BYTES``, UTF-8 JSON of the
    schema; ``DamagedAttempt`` with the reason ("not JSON", "is a symbolic link", ...) if not."""
    try:
        data = read_small_regular_file(path, MAX_BYTES)
    except RefusedFile as error:
        raise DamagedAttempt(error.reason) from None
    except OSError as error:
        raise DamagedAttempt(f"cannot be read: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedAttempt("not UTF-8 text") from None
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        raise DamagedAttempt("not JSON") from None
    return validate(record)


# -- the class summary --------------------------------------------------------------------


def instance_label(record: Mapping[str, Any]) -> str:
    """The attempt's exercise in a few words: algorithm, n, the instance's squares, the goal.

    >>> inst = {"n": 6, "blocked": [[2, 2]], "given": [[0, 1]], "seed": None}
    >>> instance_label({"algorithm": "mrv", "instance": inst, "goal": "first"})
    'mrv n=6 given 0,1 blocked 2,2 (first)'
    """
    inst = record["instance"]
    parts = [f"{record['algorithm']} n={inst['n']}"]
    if inst.get("seed") is not None:
        parts.append(f"seed {inst['seed']}")
    for key in ("given", "blocked"):
        if inst[key]:
            parts.append(f"{key} " + " ".join(f"{r},{c}" for r, c in inst[key]))
    return " ".join(parts) + f" ({record['goal']})"


@dataclass(frozen=True)
class HardStep:
    """A step of one exercise that several attempts got wrong."""

    exercise: str  # ``instance_label``
    step: int
    expected: str  # the model's move there
    wrong: int  # attempts wrong at this step
    attempts: int  # attempts of this exercise


@dataclass(frozen=True)
class Attempt:
    """One attempt read: its file's name, its record (the moves left out once re-graded) and its grade."""

    file: str
    record: Record
    grade: Grade


@dataclass(frozen=True)
class Summary:
    """What ``nqueens results`` prints: the attempts counted, the median grade, mistakes by kind
    over them, the steps most often wrong, the damaged files (name, reason), the files read but
    not counted (copies of another file, attempts that are not their student's best), and the
    misconceptions named with the students who show each (``misconception_students``)."""

    attempts: tuple[Attempt, ...]
    median_percent: float | None
    mistakes: dict[str, int]
    hard_steps: tuple[HardStep, ...]
    damaged: tuple[tuple[str, str], ...] = field(default=())
    copies: tuple[tuple[str, str], ...] = field(default=())  # (file, the file it copies)
    not_best: tuple[tuple[str, str], ...] = field(default=())  # (file, the student's best's file)
    #: each misconception named in an attempt counted (catalogue order), with its students
    misconceptions: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.attempts)


def _hard_steps(attempts: Iterable[Attempt], top: int) -> tuple[HardStep, ...]:
    """The ``top`` steps wrong in the most attempts of the same exercise (each attempt counted once
    per step), most often first, then by exercise and step."""
    per_exercise: Counter[str] = Counter()
    wrong: Counter[tuple[str, int]] = Counter()
    expected: dict[tuple[str, int], str] = {}
    for attempt in attempts:
        label = instance_label(attempt.record)
        per_exercise[label] += 1
        for step, move in attempt.grade.wrong.items():
            wrong[(label, step)] += 1
            expected[(label, step)] = move  # the model's: the same for every attempt of the exercise
    ranked = sorted(wrong.items(), key=lambda item: (-item[1], item[0]))[:top]
    return tuple(
        HardStep(label, step, expected[(label, step)], k, per_exercise[label]) for (label, step), k in ranked
    )


def _student_key(name: str) -> str:
    """A student's name compared: case and runs of spaces aside ("ana  lu" is "Ana Lu")."""
    return " ".join(name.split()).casefold()


def _rank(attempt: Attempt) -> tuple[bool, float, float, str]:
    """Best first: the goal reached, then the higher grade, the shorter time, the first file."""
    grade = attempt.grade
    return (not grade.complete, -grade.percent, attempt.record["seconds"], attempt.file)


Pairs = list[tuple[str, str]]


def _counted(attempts: list[Attempt], all_attempts: bool) -> tuple[list[Attempt], Pairs, Pairs]:
    """The attempts that count, in file-name order; the copies (file, the one it copies): a copy of
    another file (the same exercise, feedback, start and moves) counts once; and the attempts that
    are not their student's best (file, the best's): of a named student's attempts at one exercise
    only the best (``_rank``) counts unless ``all_attempts``. Anonymous attempts cannot be told
    apart: each counts."""
    kept: list[Attempt] = []
    copies: Pairs = []
    originals: dict[tuple[str, ...], str] = {}
    for attempt in attempts:
        record = attempt.record
        copy = (instance_label(record), record["feedback"], record["started"], attempt.grade.fingerprint)
        if copy in originals:
            copies.append((attempt.file, originals[copy]))
        else:
            originals[copy] = attempt.file
            kept.append(attempt)
    if all_attempts:
        return kept, copies, []
    best: dict[tuple[str, str], Attempt] = {}
    for attempt in kept:
        key = (_student_key(attempt.record["student"]), instance_label(attempt.record))
        if key[0] and (key not in best or _rank(attempt) < _rank(best[key])):
            best[key] = attempt
    counted: list[Attempt] = []
    not_best: Pairs = []
    for attempt in kept:
        key = (_student_key(attempt.record["student"]), instance_label(attempt.record))
        if not key[0] or best[key] is attempt:
            counted.append(attempt)
        else:
            not_best.append((attempt.file, best[key].file))
    return counted, copies, not_best


def summarize(folder: str | os.PathLike[str], *, top: int = 10, all_attempts: bool = False) -> Summary:
    """Read every ``*.json`` of ``folder`` (not hidden ones, in name order, at most ``MAX_FILES``) and
    re-grade it (``regrade``); each damaged one is listed with its reason and skipped; the attempts
    that count (``_counted``) are summed up."""
    where = check_results_folder(folder)
    names = sorted(
        entry.name
        for entry in os.scandir(where)
        if entry.name.endswith(".json") and not entry.name.startswith(".")
    )
    read: list[Attempt] = []
    damaged: list[tuple[str, str]] = [
        (name, f"not read: more than {MAX_FILES} files") for name in names[MAX_FILES:]
    ]
    for name in names[:MAX_FILES]:
        try:
            record = read_attempt(where / name)
            grade = regrade(record)
        except DamagedAttempt as error:
            damaged.append((name, str(error)))
            continue
        kept = {key: value for key, value in record.items() if key not in ("moves", "score")}
        read.append(Attempt(name, kept, grade))
    counted, copies, not_best = _counted(read, all_attempts)
    mistakes: Counter[str] = Counter()
    for attempt in counted:
        mistakes.update(attempt.grade.mistakes)
    percents = [attempt.grade.percent for attempt in counted]
    return Summary(
        tuple(counted),
        round(statistics.median(percents), 1) if percents else None,
        {kind: mistakes[kind] for kind in KINDS if mistakes[kind]},
        _hard_steps(counted, top),
        tuple(sorted(damaged)),
        tuple(copies),
        tuple(not_best),
        misconception_students(counted),
    )


def student_label(attempt: Attempt) -> str:
    """Who made an attempt: the student's name, or "anonymous (FILE)"."""
    return attempt.record["student"] or f"anonymous ({attempt.file})"


def misconception_students(attempts: Iterable[Attempt]) -> dict[str, tuple[str, ...]]:
    """Each misconception named in ``attempts``, in catalogue order, with the students who show
    it (each once, as first met; names compared as ``_student_key`` does)."""
    from solvers.misconceptions import KEYS

    found: dict[str, dict[str, str]] = {}
    for attempt in attempts:
        for key in attempt.grade.diagnosis.misconceptions():
            label = student_label(attempt)
            found.setdefault(key, {}).setdefault(_student_key(label), label)
    return {key: tuple(found[key].values()) for key in KEYS if key in found}


CSV_FIELDS = (
    "file", "student", "algorithm", "n", "seed", "given", "blocked", "goal", "feedback", "started",
    "seconds", "right", "moves", "percent", "complete", "steps_done", "steps_total", *KINDS,
    "misconceptions",
)  # fmt: skip


def csv_rows(summary: Summary) -> list[dict[str, object]]:
    """One row per attempt counted, ``CSV_FIELDS`` each (squares written ``R,C R,C``; the grade the
    re-graded one; ``complete`` yes or no; ``misconceptions`` the keys named, space-separated),
    every text cell made safe (``untrusted.csv_cell``)."""
    rows = []
    for attempt in summary.attempts:
        record, grade = attempt.record, attempt.grade
        inst = record["instance"]
        row: dict[str, object] = {
            "file": attempt.file,
            "student": record["student"],
            "algorithm": record["algorithm"],
            "n": inst["n"],
            "seed": "" if inst["seed"] is None else inst["seed"],
            "given": " ".join(f"{r},{c}" for r, c in inst["given"]),
            "blocked": " ".join(f"{r},{c}" for r, c in inst["blocked"]),
            "goal": record["goal"],
            "feedback": record["feedback"],
            "started": record["started"],
            "seconds": record["seconds"],
            "right": grade.right,
            "moves": grade.moves,
            "percent": grade.percent,
            "complete": "yes" if grade.complete else "no",
            "steps_done": grade.steps_done,
            "steps_total": grade.steps_total,
        }
        row.update({kind: grade.mistakes.get(kind, 0) for kind in KINDS})
        row["misconceptions"] = " ".join(grade.diagnosis.misconceptions())
        rows.append({key: csv_cell(value) for key, value in row.items()})
    return rows


def write_csv(path: str | os.PathLike[str], summary: Summary) -> Path:
    """The attempts as CSV (``csv_rows``), written atomically."""
    import csv
    import io

    text = io.StringIO()
    writer = csv.DictWriter(text, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_rows(summary))
    with NewFile(path, suffix=".csv", mode=0o644) as new:
        new.file.write(text.getvalue().encode("utf-8"))
    return Path(path)
