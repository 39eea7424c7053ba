"""Where the window's files go: ``N-Queens`` in the user's documents folder (created on first use),
never the folder the window was started from; names with the extension their kind needs.

No pygame here: the caller hands over a ``write(path)`` function. The file dialogs start in
``documents_folder()``; a picture saved without a dialog (the headless mode's S or G, where no
one answers one) goes there under a new time-stamped name.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import platformdirs

#: The folder the window keeps its files in, inside the user's documents folder.
FOLDER_NAME = "N-Queens"


class SaveError(OSError):
    """The file could not be written; ``folder`` and ``reason`` say where and why."""

    def __init__(self, folder: Path, error: BaseException) -> None:
        super().__init__(getattr(error, "errno", None), _reason(error), str(folder))
        self.folder, self.error = folder, error


def documents_folder() -> Path:
    """``platformdirs.user_documents_dir()/N-Queens``, made if missing. Where it cannot be made (a
    read-only home), the home folder, then the temporary one: a place the user can find again,
    never the current folder."""
    for where in (lambda: Path(platformdirs.user_documents_dir()) / FOLDER_NAME, Path.home):
        try:
            folder = where()
            folder.mkdir(parents=True, exist_ok=True)
        except (OSError, RuntimeError):  # no home, a read-only one, a file in the way
            continue
        if folder.is_dir():
            return folder
    return Path(tempfile.gettempdir())


def with_extension(path: str | Path, extension: str) -> Path:
    """``path`` ending in ``extension`` (added when it ends otherwise; any case counts).

    >>> str(with_extension("-1", ".json")), str(with_extension("run.GIF", ".gif"))
    ('-1.json', 'run.GIF')
    >>> str(with_extension("lesson.v2", ".json"))
    'lesson.v2.json'
    """
    path = Path(path)
    if not extension or path.name.lower().endswith(extension.lower()):
        return path
    return path.with_name(path.name + extension)


def stamped_name(prefix: str, suffix: str) -> str:
    """A file name like ``nqueens-20250101-120000.png``."""
    return f"{prefix}-{time.strftime('%Y%m%d-%H%M%S')}{suffix}"


def timestamped(prefix: str, suffix: str, folder: Path) -> Path:
    """A new file name like ``nqueens-20250101-120000.png`` in ``folder`` (not taken yet)."""
    stem = stamped_name(prefix, "")
    path, k = folder / f"{stem}{suffix}", 1
    while path.exists() or path.is_symlink():
        path, k = folder / f"{stem}-{k}{suffix}", k + 1
    return path


def save_new_file(
    prefix: str, suffix: str, write: Callable[[Path], object], folder: Path | None = None
) -> Path:
    """``write`` a new time-stamped file into ``folder`` (the documents folder); returns its path.

    Raises SaveError (the folder and why) when it cannot be written; nothing half-written is left.
    """
    folder = documents_folder() if folder is None else folder
    path = timestamped(prefix, suffix, folder)
    try:
        write(path)
    except (OSError, RuntimeError, ValueError) as exc:  # pygame.error is a RuntimeError
        if path.is_file() and not path.is_symlink():  # a half-written file
            with contextlib.suppress(OSError):
                path.unlink()
        raise SaveError(folder, exc) from None
    return path


def _reason(exc: BaseException) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__


def is_writable_file(path: Path) -> bool:
    """Whether ``path`` is a regular file (no link) that may be written over, in a folder that takes
    a new file (saves are atomic: a new file beside it, renamed onto it). A file marked read-only
    (no write permission for anyone) is not, even for an administrator whom the system would let."""
    try:
        return (
            path.is_file()
            and not path.is_symlink()
            and path.stat().st_mode & 0o222 != 0
            and os.access(path, os.W_OK)
            and os.access(path.parent, os.W_OK | os.X_OK)
        )
    except OSError:
        return False
