"""What ships for users to open: example lessons, found by name or by path.

``nqueens-viz --lesson seed-003-four-queens`` opens the bundled lesson of that name, always: a
file of that name in the current folder never stands in for it (``./seed-003-four-queens.json``
names that file). The files live in the package, so a wheel or pipx install has them.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

LESSON_SUFFIX = ".json"


def bundled_lessons() -> list[str]:
    """The names of the lessons that ship with the package, sorted."""
    names = (entry.name for entry in (resources.files(__name__) / "lessons").iterdir())
    return sorted(name.removesuffix(LESSON_SUFFIX) for name in names if name.endswith(LESSON_SUFFIX))


def lessons_folder() -> Path:
    """The folder of the bundled lessons (a real folder: the package is installed as files)."""
    with resources.as_file(resources.files(__name__) / "lessons") as path:
        return Path(path)


def bundled_lesson(name: str) -> Path | None:
    """The bundled lesson ``name`` (with or without ``.json``; no folder in it), or None."""
    if not name or "/" in name or os.sep in name:
        return None
    stem = name.removesuffix(LESSON_SUFFIX)
    return lessons_folder() / f"{stem}{LESSON_SUFFIX}" if stem in bundled_lessons() else None


def is_bundled(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is one of the bundled lessons (saved over: never; Save is Save As)."""
    try:
        return Path(path).resolve().parent == lessons_folder().resolve()
    except (OSError, RuntimeError):
        return False


def lesson_path(name_or_path: str) -> Path:
    """The bundled lesson when ``name_or_path`` is a bundled lesson's bare name, else the path as
    given (a lesson of the user's, or a name refused later with its reason)."""
    return bundled_lesson(name_or_path) or Path(name_or_path)
