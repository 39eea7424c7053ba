"""The program's own files, as they were before any student's search ran, put back if one changed.

A search runs as the teacher's user. Where the kernel confines it (Landlock) it cannot write here,
and nothing here is done (a file that changes then was changed by someone else: an upgrade, an
edit). Where it does not (macOS, Windows, an old kernel), it could rewrite the checker so that every
later verdict says "Correct". So the parent keeps the bytes of every file of its two packages in memory
from before the first child starts (``keep``), and after each child ends ``restore`` puts back any
file that changed or vanished and removes any code file that appeared (a new ``check/`` package
would be imported before ``check.py``). Compiled caches (``.pyc``) that appeared or changed since
are deleted without a word: any process may write them, and Python makes them again from the
sources, while a forged one would be loaded instead of its source. The checker itself is imported
before the first child starts, so the run in progress judges with the code it started with.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
from pathlib import Path

PACKAGES = ("solvers", "visualizer")
CODE = (".py", ".json", ".html", ".js")  # files an import or a page would read

_KEPT: dict[Path, tuple[int, int, bytes]] = {}  # path -> (size, mtime_ns, bytes)
_CACHES: dict[Path, tuple[int, int]] = {}  # each .pyc -> (size, mtime_ns)
_LOCK = threading.Lock()
_TAKEN = False


def _root() -> Path:
    return Path(__file__).resolve().parents[2]


def _files() -> list[Path]:
    root = _root()
    found = (p for package in PACKAGES for p in (root / package).rglob("*"))
    return [p for p in found if p.is_file() and not p.is_symlink()]


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        status = os.lstat(path)
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns


def keep() -> None:
    """Remember the program's files as they are now (once per process; later calls do nothing)."""
    global _TAKEN
    with _LOCK:
        if _TAKEN:
            return
        for path in _files():
            with contextlib.suppress(OSError):
                if path.suffix == ".pyc":
                    _CACHES[path] = _stat(path) or (0, 0)
                elif path.suffix in CODE:
                    size, mtime = _stat(path) or (0, 0)
                    _KEPT[path] = (size, mtime, path.read_bytes())
        _TAKEN = True


def restore() -> list[str]:
    """Put back what changed since ``keep`` (and remove new code files and changed caches); the
    names of the code files that had changed, relative to the packages' folder (empty: none)."""
    with _LOCK:
        if not _TAKEN:
            return []
        root, changed = _root(), []
        for path, (size, mtime, data) in _KEPT.items():
            try:
                same = _stat(path) == (size, mtime) and path.read_bytes() == data
            except OSError:
                same = False
            if not same:
                changed.append(str(path.relative_to(root)))
                _write_back(path, data)
                _KEPT[path] = (size, *(_stat(path) or (0, 0))[1:], data)
        for path in _files():
            if path.suffix == ".pyc" and _CACHES.get(path) != _stat(path):
                with contextlib.suppress(OSError):
                    path.unlink()
            elif path.suffix in CODE and path not in _KEPT:
                changed.append(str(path.relative_to(root)))
                with contextlib.suppress(OSError):
                    path.unlink()
        return sorted(changed)


def _write_back(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically, replacing whatever (a link included) stands there."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".restore-")
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
