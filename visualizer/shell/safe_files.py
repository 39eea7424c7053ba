"""Small files read and written safely: no planted link followed, no pipe waited on, no partial write.

Reading opens with ``O_NOFOLLOW | O_NONBLOCK`` and checks the open descriptor (``fstat``): only
a regular file of at most ``limit`` bytes is read. Writing goes to a fresh ``mkstemp`` file in
the same folder, then ``os.replace``: readers see the old file or the new one, never half of one,
and a link in place of the file or its folder is refused, never written through. Output paths the
user names (headless ``--state`` and the like) are checked up front by ``check_output_path``.
No pygame here: lesson files and settings share it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class RefusedFile(OSError):
    """A path we will not read or write, with a ``reason`` and a ``kind``: ``"link"`` (a symbolic
    link), ``"large"`` (over the limit) or ``"special"`` (a folder, pipe, device, bad name...)."""

    def __init__(self, path: str | os.PathLike[str], reason: str, kind: str = "special") -> None:
        super().__init__(errno.EINVAL, reason, str(path))
        self.reason = reason
        self.kind = kind


def _kind(mode: int) -> str:
    """What a non-regular file is, in a few words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _refuse_link(path: Path) -> None:
    """RefusedFile if ``path`` itself is a symbolic link (where O_NOFOLLOW is missing, e.g. Windows)."""
    try:
        if stat.S_ISLNK(os.lstat(path).st_mode):
            raise RefusedFile(path, "is a symbolic link", "link")
    except FileNotFoundError:
        pass


def read_small_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes, not reached by a link.

    FileNotFoundError if it does not exist; RefusedFile for a link, folder, pipe, device or a
    file over ``limit``; other OSErrors as the system gives them. Never blocks on a pipe.
    """
    path = Path(path)
    _refuse_link(path)
    try:  # O_NONBLOCK: opening a pipe returns at once instead of waiting for a writer
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _BINARY | _CLOEXEC)
    except OSError as error:
        if error.errno == errno.ELOOP:  # O_NOFOLLOW met a link
            raise RefusedFile(path, "is a symbolic link", "link") from None
        raise
    try:
        info = os.fstat(fd)  # the opened file itself, not a path that may have changed since
        if not stat.S_ISREG(info.st_mode):
            raise RefusedFile(path, f"is {_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise RefusedFile(path, f"is larger than {limit} bytes", "large")
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as file:
        data = file.read(limit + 1)  # the file may have grown since fstat
    if len(data) > limit:
        raise RefusedFile(path, f"is larger than {limit} bytes", "large")
    return data


def check_folder(folder: str | os.PathLike[str]) -> None:
    """RefusedFile unless ``folder`` is a real folder (not a link to one, not a file);
    FileNotFoundError if there is nothing there."""
    info = os.lstat(folder)
    if not stat.S_ISDIR(info.st_mode):
        kind = "link" if stat.S_ISLNK(info.st_mode) else "special"
        raise RefusedFile(folder, f"is {_kind(info.st_mode)}, not a folder", kind)


def write_atomically(path: str | os.PathLike[str], data: bytes, *, make_folder: bool = False) -> None:
    """Replace ``path`` by ``data`` in one step (a same-folder temporary file, then ``os.replace``).

    With ``make_folder`` a missing folder is created (not its missing parents' links followed
    further than the system does). RefusedFile if the folder is a link or a file, or if ``path``
    is a link or anything but a regular file; OSError if the disk refuses. No temporary file is
    left behind on failure.
    """
    path = Path(path)
    folder = path.parent
    if make_folder and not os.path.lexists(folder):
        folder.mkdir(parents=True, exist_ok=True)
    check_folder(folder)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        pass
    else:
        if not stat.S_ISREG(info.st_mode):
            kind = "link" if stat.S_ISLNK(info.st_mode) else "special"
            raise RefusedFile(path, f"is {_kind(info.st_mode)}, not a regular file", kind)
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def check_output_path(path: str | os.PathLike[str]) -> Path:
    """``path`` if a file can be written there; RefusedFile or OSError (with the reason) if not.

    The folder must exist and be a folder (nothing is created for you); ``path`` must not be a
    folder, a pipe or a device; and the folder must really take a new file (probed with a
    temporary file that is removed at once, since ``os.access`` says yes to root everywhere).
    """
    path = Path(path)
    if "\0" in str(path):
        raise RefusedFile(path, "contains a NUL character")
    if path.name in ("", ".", ".."):
        raise RefusedFile(path, "is not a file name")
    folder = path.parent
    try:
        folder_info = os.stat(folder)
    except FileNotFoundError:
        raise RefusedFile(path, f"folder {str(folder)!r} does not exist") from None
    if not stat.S_ISDIR(folder_info.st_mode):
        raise RefusedFile(path, f"{str(folder)!r} is not a folder")
    try:
        info = os.stat(path)
    except FileNotFoundError:
        pass
    else:
        if not stat.S_ISREG(info.st_mode):
            raise RefusedFile(path, f"is {_kind(info.st_mode)}, not a regular file")
        with open(path, "ab"):  # an existing file must be writable (opened for append: unchanged)
            pass
    fd, probe = tempfile.mkstemp(dir=folder, prefix=".nqueens-probe-")
    os.close(fd)
    os.unlink(probe)
    return path
