"""Exercise attempts: one JSON file per attempt in a folder the teacher names, and the class summary.

An attempt record (``FORMAT``) is one JSON object::

    {"format": "nqueens-exercise/1", "student": "Ana" or "", "algorithm": "backtracking",
     "instance": {"n": 6, "blocked": [[2, 2]], "given": [[0, 1]], "seed": 7 or null},
     "goal": "first" | "all", "feedback": "continuous" | "undo",
     "started": "2026-12-03T17:00:00+00:00", "seconds": 95.5,
     "moves": [{"step": 0, "move": "place 1 0", "right": true, "kind": null, "expected": "place 1 0",
                "t": 2.5}, ...],
     "score": {"right": 9, "moves": 10, "percent": 90.0, "mistakes": {"missed-conflict": 1}}}

``step`` is the model run's step the move answers, ``move`` and ``expected`` the student's and the
model's move in words ("place R C", "refuse R C", "backtrack R", "row R", "prune ..."), ``kind`` the
mistake's kind (``KINDS``) when ``right`` is false, ``t`` the seconds since the start. The score
is the moves' own count (``score_of``); a file whose score does not match its moves is damaged.

``write_attempt`` writes one atomically under a name that cannot clash; ``read_attempt`` reads one
back (a bounded regular file, its schema checked: ``DamagedAttempt`` says what is wrong);
``summarize`` reads a whole folder, the damaged files listed with their reasons and skipped.
No pygame here: the exercise mode writes, ``nqueens results`` reads.
"""

from __future__ import annotations

import json
import math
import os
import secrets
import stat
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from solvers.errors import SolverError
from solvers.instance import Instance
from solvers.safe_files import NewFile, RefusedFile, read_small_regular_file

FORMAT = "nqueens-exercise/1"
KINDS = ("missed-conflict", "false-conflict", "wrong-backtrack", "wrong-order", "wrong-row")
GOALS = ("first", "all")
FEEDBACK = ("continuous", "undo")
#: The largest attempt file read (some 10,000 moves); a larger one is damaged.
MAX_BYTES = 2_000_000
#: The most files of a folder ``summarize`` reads (the rest are reported, not read).
MAX_FILES = 10_000
MAX_MOVES = 50_000
MAX_TEXT = 200  # characters of a name or a move
Record = dict[str, Any]


class DamagedAttempt(SolverError):
    """An attempt file that cannot be read as one, with the reason in a few words."""


class ResultsFolderError(SolverError):
    """A results folder that cannot be used (missing, a link, not a folder), in one sentence."""


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
) -> Record:
    """A complete attempt record (its score counted from ``moves``), validated."""
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
    where = f"move {index + 1}"
    if not isinstance(move, dict):
        raise DamagedAttempt(f"{where} is not an object")
    if not _is_int(move.get("step")) or move["step"] < 0:
        raise DamagedAttempt(f"{where} has no step number")
    _text(move.get("move"), f"{where}'s move", empty=False)
    _text(move.get("expected"), f"{where}'s expected move")
    if not isinstance(move.get("right"), bool):
        raise DamagedAttempt(f"{where} does not say whether it is right")
    kind = move.get("kind")
    if move["right"] and kind is not None:
        raise DamagedAttempt(f"{where} is right and has a mistake kind")
    if not move["right"] and kind not in KINDS:
        raise DamagedAttempt(f"{where} is wrong without a known mistake kind ({', '.join(KINDS)})")
    if not _is_number(move.get("t")) or move["t"] < 0:
        raise DamagedAttempt(f"{where} has no time")


def validate(record: object) -> Record:
    """``record`` if it is an attempt record of ``FORMAT``; ``DamagedAttempt`` saying what is not."""
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
    score = record.get("score")
    if not isinstance(score, dict):
        raise DamagedAttempt("its score is missing")
    expected = score_of(moves)
    same = all(score.get(key) == expected[key] for key in ("right", "moves", "mistakes"))
    if not same or not _is_number(score.get("percent")) or abs(score["percent"] - expected["percent"]) > 0.05:
        raise DamagedAttempt("its score does not match its moves")
    return record


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
class Summary:
    """What ``nqueens results`` prints: the attempts read (file name, record), the median score,
    mistakes by kind over all attempts, the steps most often wrong and the damaged files."""

    attempts: tuple[tuple[str, Record], ...]
    median_percent: float | None
    mistakes: dict[str, int]
    hard_steps: tuple[HardStep, ...]
    damaged: tuple[tuple[str, str], ...] = field(default=())

    @property
    def count(self) -> int:
        return len(self.attempts)


def _hard_steps(attempts: Iterable[Record], top: int) -> tuple[HardStep, ...]:
    """The ``top`` steps wrong in the most attempts of the same exercise (each attempt counted once
    per step), most often first, then by exercise and step."""
    per_exercise: Counter[str] = Counter()
    wrong: Counter[tuple[str, int]] = Counter()
    expected: dict[tuple[str, int], str] = {}
    for record in attempts:
        label = instance_label(record)
        per_exercise[label] += 1
        steps = set()
        for move in record["moves"]:
            key = (label, move["step"])
            expected.setdefault(key, move["expected"])
            if not move["right"]:
                steps.add(move["step"])
        for step in steps:
            wrong[(label, step)] += 1
    ranked = sorted(wrong.items(), key=lambda item: (-item[1], item[0]))[:top]
    return tuple(
        HardStep(label, step, expected[(label, step)], k, per_exercise[label]) for (label, step), k in ranked
    )


def summarize(folder: str | os.PathLike[str], *, top: int = 10) -> Summary:
    """Read every ``*.json`` of ``folder`` (not hidden ones, in name order, at most ``MAX_FILES``);
    each damaged one is listed with its reason and skipped, the others summed up."""
    where = check_results_folder(folder)
    names = sorted(
        entry.name
        for entry in os.scandir(where)
        if entry.name.endswith(".json") and not entry.name.startswith(".")
    )
    read: list[tuple[str, Record]] = []
    damaged: list[tuple[str, str]] = [
        (name, f"not read: more than {MAX_FILES} files") for name in names[MAX_FILES:]
    ]
    for name in names[:MAX_FILES]:
        try:
            read.append((name, read_attempt(where / name)))
        except DamagedAttempt as error:
            damaged.append((name, str(error)))
    mistakes: Counter[str] = Counter()
    for _, record in read:
        mistakes.update(record["score"]["mistakes"])
    percents = [record["score"]["percent"] for _, record in read]
    return Summary(
        tuple(read),
        round(statistics.median(percents), 1) if percents else None,
        {kind: mistakes[kind] for kind in KINDS if mistakes[kind]},
        _hard_steps((record for _, record in read), top),
        tuple(sorted(damaged)),
    )


CSV_FIELDS = (
    "file", "student", "algorithm", "n", "seed", "given", "blocked", "goal", "feedback", "started",
    "seconds", "right", "moves", "percent", *KINDS,
)  # fmt: skip


def csv_rows(summary: Summary) -> list[dict[str, object]]:
    """One row per attempt read, ``CSV_FIELDS`` each (squares written ``R,C R,C``)."""
    rows = []
    for name, record in summary.attempts:
        inst, score = record["instance"], record["score"]
        row: dict[str, object] = {
            "file": name,
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
            "right": score["right"],
            "moves": score["moves"],
            "percent": score["percent"],
        }
        row.update({kind: score["mistakes"].get(kind, 0) for kind in KINDS})
        rows.append(row)
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
