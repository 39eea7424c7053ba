"""An exercise attempt as the JSON record the teacher's folder keeps (format "nqueens-exercise/1"),
and its atomic write. The one place that writes it: when ``solvers/results.py`` lands, its
``write_attempt`` takes over here."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from solvers.safe_files import write_atomically
from visualizer.core.exercise import Exercise

FORMAT = "nqueens-exercise/1"


def attempt_record(exercise: Exercise, student: str, started: str) -> dict[str, object]:
    """The attempt file's record of ``exercise`` by ``student`` (``started``: its wall-clock start)."""
    instance = exercise.spec.instance
    plain = {"n": exercise.n, "blocked": [], "given": [], "seed": None}
    return {
        "format": FORMAT,
        "student": student,
        "algorithm": exercise.spec.name,
        "instance": instance.as_json() if instance is not None else plain,
        "goal": exercise.goal,
        "feedback": exercise.feedback,
        "started": started,
        "seconds": round(exercise.seconds(), 3),
        "finished": exercise.over,
        "moves": [graded.record() for graded in exercise.log],
        "score": exercise.score(),
    }


def file_name(record: dict[str, object]) -> str:
    """ "20261203T172501-ana-backtracking-8.json": the start, the student, the algorithm and n.

    >>> file_name({"started": "2026-12-03T17:25:01Z", "student": "Ana Li", "algorithm": "mrv",
    ...            "instance": {"n": 5}})
    '20261203T172501-Ana-Li-mrv-5.json'
    """
    stamp = re.sub(r"[^0-9T]", "", str(record["started"]))
    who = re.sub(r"[^\w]+", "-", str(record["student"]) or "anonymous").strip("-")[:40] or "anonymous"
    instance = record["instance"]
    n = instance["n"] if isinstance(instance, dict) else 0
    return f"{stamp}-{who}-{record['algorithm']}-{n}.json"


def write_attempt(folder: str | Path, record: dict[str, object]) -> Path:
    """``record`` written atomically as a new file in ``folder`` (never over another attempt)."""
    folder = Path(folder)
    path = folder / file_name(record)
    stem, k = path.stem, 1
    while path.exists():
        k += 1
        path = folder / f"{stem}-{k}.json"
    data = json.dumps(record, ensure_ascii=False, indent=1).encode("utf-8") + b"\n"
    write_atomically(path, data, mode=0o644)
    return path


def now_stamp() -> str:
    """The wall-clock time an attempt starts, as ISO 8601 UTC."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
