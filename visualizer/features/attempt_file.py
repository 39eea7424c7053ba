"""An exercise attempt as the record ``solvers/results.py`` keeps (format "nqueens-exercise/1"),
written by its ``write_attempt`` (atomic, under a name no other attempt takes, schema-checked)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from solvers.instance import Instance
from solvers.results import make_record, write_attempt
from visualizer.core.exercise import Exercise


def attempt_record(exercise: Exercise, student: str, started: datetime) -> dict[str, object]:
    """The attempt file's record of ``exercise`` by ``student`` (``started``: its wall-clock start)."""
    instance = exercise.spec.instance or Instance(exercise.n)
    return make_record(
        algorithm=exercise.spec.name,
        instance=instance,
        goal=exercise.goal,
        feedback=exercise.feedback,
        moves=[graded.record() for graded in exercise.log],
        seconds=round(exercise.seconds(), 3),
        student=student,
        started=started,
        diagnosis=exercise.diagnosis(stopped=True),
    )


def save_attempt(folder: Path, exercise: Exercise, student: str, started: datetime) -> Path:
    """``exercise``'s attempt written into ``folder``; returns its path (OSError, SolverError if not)."""
    return write_attempt(folder, attempt_record(exercise, student, started))


def now() -> datetime:
    """The wall-clock time an attempt starts (UTC)."""
    return datetime.now(timezone.utc)
