"""Where a bug's traceback goes: a fresh file in the platform's log folder, never through a link.

``NQUEENS_LOG_DIR`` overrides the folder (tests point it at a temporary one). Writing a log never
raises: a window that cannot write its log still goes on.
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

import platformdirs

from visualizer.shell.settings import APP_NAME

_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def log_dir() -> Path:
    """$NQUEENS_LOG_DIR, else the platform's user log folder (platformdirs)."""
    if override := os.environ.get("NQUEENS_LOG_DIR"):
        return Path(override)
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def write_log(error: BaseException) -> Path | None:
    """Write ``error``'s traceback to a new file in ``log_dir()``; its path, or None if that failed."""
    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    folder = log_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        for attempt in range(100):  # O_EXCL: a fresh file, never one (or a link) already there
            path = folder / f"crash-{stamp}-{os.getpid()}-{attempt}.log"
            try:
                fd = os.open(path, _FLAGS, 0o600)
            except FileExistsError:
                continue
            with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as file:
                file.write(text)
            return path
    except OSError:
        pass
    return None
