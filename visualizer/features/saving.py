"""Where the window's screenshots (S) and GIFs (G) go, and saving them without crashing.

No pygame here: the caller hands over a ``write(path)`` function. The first folder that
takes the file wins: the user's pictures folder, then the current folder, then home.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

import platformdirs


class SaveError(OSError):
    """No folder took the file; the message names the folders and why."""


def timestamped(prefix: str, suffix: str, folder: Path) -> Path:
    """A new file name like ``nqueens-20250101-120000.png`` in ``folder``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{prefix}-{stamp}{suffix}"
    k = 1
    while path.exists() or path.is_symlink():
        path = folder / f"{prefix}-{stamp}-{k}{suffix}"
        k += 1
    return path


def output_folders() -> list[Path]:
    """The folders to try, best first: pictures, the current folder, home (existing ones only)."""
    found: list[Path] = []
    for where in (platformdirs.user_pictures_dir, os.getcwd, Path.home):
        try:
            folder = Path(where()).resolve()
        except (OSError, RuntimeError):  # a deleted current folder, no home
            continue
        if folder.is_dir() and folder not in found:
            found.append(folder)
    return found


def save_new_file(
    prefix: str, suffix: str, write: Callable[[Path], object], folders: list[Path] | None = None
) -> Path:
    """``write`` a new timestamped file into the first folder that takes it; returns its path.

    Raises SaveError naming every folder tried when none does.
    """
    problems = []
    for folder in output_folders() if folders is None else folders:
        path = timestamped(prefix, suffix, folder)
        try:
            write(path)
        except (OSError, RuntimeError, ValueError) as exc:  # pygame.error is a RuntimeError
            if _is_ours(path):  # a half-written file
                with contextlib.suppress(OSError):
                    path.unlink()
            problems.append(f"{folder} ({_reason(exc)})")
            continue
        return path
    raise SaveError("could not save into " + ("; ".join(problems) or "any folder (none exists)"))


def _is_ours(path: Path) -> bool:
    """Whether ``path`` is a regular file (a half-written one to remove), not a link."""
    return path.is_file() and not path.is_symlink()


def _reason(exc: Exception) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
