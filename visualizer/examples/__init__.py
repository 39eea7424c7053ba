"""What ships for users to open: example lessons, found by name or by path.

``nqueens-viz --lesson seed-003-four-queens`` opens the bundled lesson of that name; a path that
exists is opened as given. The files live in the package, so a wheel or pipx install has them.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

LESSON_SUFFIX = ".json"


def bundled_lessons() -> list[str]:
    """The names of the lessons that ship with the package, sorted."""
    names = (entry.name for entry in (resources.files(__name__) / "lessons").iterdir())
    return sorted(name.removesuffix(LESSON_SUFFIX) for name in names if name.endswith(LESSON_SUFFIX))


def lesson_path(name_or_path: str) -> Path:
    """``name_or_path`` itself when it names an existing file (or is not a bundled name), else the
    bundled lesson of that name (with or without ``.json``)."""
    given = Path(name_or_path)
    if given.exists() or given.parent != Path("."):
        return given
    name = name_or_path.removesuffix(LESSON_SUFFIX)
    if name not in bundled_lessons():
        return given
    with resources.as_file(resources.files(__name__) / "lessons" / f"{name}{LESSON_SUFFIX}") as path:
        return Path(path)  # a real file: the package is installed as files, never zipped
