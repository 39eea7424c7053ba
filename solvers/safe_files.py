"""Small files read and written safely: no planted link followed, no pipe waited on, no partial write.

Reading opens with ``O_NOFOLLOW | O_NONBLOCK`` and checks the open descriptor (``fstat``): only
a regular file of at most ``limit`` bytes is read. Every file the program writes goes through
``NewFile``: a fresh file made with ``O_CREAT | O_EXCL | O_NOFOLLOW`` in the target's folder,
renamed onto the target once complete (``os.replace``), removed on any failure, cancel or stop
signal. Readers see the old file or the new one, never half of one; a link in place of the file is
refused, never written through. Output paths the user names (headless ``--state`` and the like)
are checked up front by ``check_output_path``. No pygame here: lesson files and settings share it,
and so does the command line (``nqueens lab``'s CSV and plot); ``visualizer.shell.safe_files`` is
the window's name for it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
import stat
import tempfile
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

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


#: Temporary files and folders being written: removed by ``remove_temporaries`` if the process is
#: stopped before they are renamed into place.
_live: set[Path] = set()


def _check_target(path: Path) -> None:
    """RefusedFile if ``path`` is there and is anything but a regular file (a link above all)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(info.st_mode):
        kind = "link" if stat.S_ISLNK(info.st_mode) else "special"
        raise RefusedFile(path, f"is {_kind(info.st_mode)}, not a regular file (not written through)", kind)


def temporary_name(target: Path, suffix: str = "") -> Path:
    """A new hidden name beside ``target``: ``.NAME.<random>.part<suffix>`` (the name cut to fit)."""
    return target.with_name(f".{target.name[:100]}.{secrets.token_hex(6)}.part{suffix}")


class NewFile:
    """A fresh file beside ``target`` (``path``, open as ``file``) that becomes ``target`` on ``commit``
    and vanishes on ``discard``. As a context manager: committed when the block ends, discarded
    when it raises anything (an OSError such as a full disk, a cancel, a stop signal).

    RefusedFile if ``target`` is a link, folder or device, or if the temporary name is already
    taken (by a folder, a link or anything else: never followed); OSError as the system gives it.
    ``suffix`` ends the temporary name (tools that pick a format by it, such as ffmpeg); ``mode``
    is the new file's permissions (less the umask; 0o600 for a private one).
    """

    def __init__(self, target: str | os.PathLike[str], *, suffix: str = "", mode: int = 0o666) -> None:
        self.target = Path(target)
        _check_target(self.target)
        self.path = temporary_name(self.target, suffix)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY | _CLOEXEC
        try:
            fd = os.open(self.path, flags, mode)
        except FileExistsError:
            info = os.lstat(self.path)
            kind = "link" if stat.S_ISLNK(info.st_mode) else "special"
            reason = f"temporary file {self.path} already exists as {_kind(info.st_mode)}"
            raise RefusedFile(self.path, reason, kind) from None
        _live.add(self.path)
        self.identity = _identity(os.fstat(fd))
        self.file: BinaryIO = os.fdopen(fd, "wb")

    def commit(self) -> Path:
        """Flush the file to disk and rename it onto the target; on any failure, discard it."""
        try:
            self.file.flush()
            os.fsync(self.file.fileno())
            self.file.close()
            if _identity(os.lstat(self.path)) != self.identity:  # swapped for another file meanwhile
                raise RefusedFile(self.path, "was replaced while being written", "link")
            _check_target(self.target)
            os.replace(self.path, self.target)
        except BaseException:
            self.discard()
            raise
        _live.discard(self.path)
        return self.target

    def discard(self) -> None:
        """Close and remove the temporary file (never the target)."""
        with contextlib.suppress(OSError):
            self.file.close()
        with contextlib.suppress(OSError):
            if _identity(os.lstat(self.path)) == self.identity:
                os.unlink(self.path)
        _live.discard(self.path)

    def __enter__(self) -> NewFile:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def _identity(info: os.stat_result) -> tuple[int, int]:
    return info.st_dev, info.st_ino


def new_folder(target: Path) -> Path:
    """A fresh private folder beside ``target`` to fill before it is moved into place (removed by
    ``remove_temporaries`` if the process is stopped first, or by ``remove_folder``)."""
    folder = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name[:100]}.", suffix=".part"))
    _live.add(folder)
    return folder


def remove_folder(folder: Path) -> None:
    """Remove a folder made by ``new_folder`` and everything in it."""
    shutil.rmtree(folder, ignore_errors=True)
    _live.discard(folder)


def settled(folder: Path) -> None:
    """``folder`` (from ``new_folder``) was moved into place: no longer the program's to remove."""
    _live.discard(folder)


def remove_temporaries() -> None:
    """Remove every temporary file and folder not yet renamed into place (a stopped process)."""
    for path in list(_live):
        if path.is_dir() and not path.is_symlink():
            remove_folder(path)
        else:
            with contextlib.suppress(OSError):
                os.unlink(path)
            _live.discard(path)


def write_atomically(
    path: str | os.PathLike[str], data: bytes, *, make_folder: bool = False, mode: int = 0o600
) -> None:
    """Replace ``path`` by ``data`` in one step (a ``NewFile``).

    With ``make_folder`` a missing folder is created (not its missing parents' links followed
    further than the system does). RefusedFile if the folder is a link or a file, or if ``path``
    is a link or anything but a regular file; OSError if the disk refuses. No temporary file is
    left behind on failure, and the old file is kept. ``mode``: private unless told.
    """
    path = Path(path)
    folder = path.parent
    if make_folder and not os.path.lexists(folder):
        folder.mkdir(parents=True, exist_ok=True)
    check_folder(folder)
    with NewFile(path, mode=mode) as new:
        new.file.write(data)


def write_new(path: str | os.PathLike[str], data: bytes, *, mode: int = 0o644) -> None:
    """A new file ``path`` holding ``data``, never replacing anything there (``FileExistsError``)
    nor following a link (``RefusedFile``). On any failure (a full disk, a stop signal) the file
    it made is removed: nothing empty or partial is left behind to be taken for a finished one."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY | _CLOEXEC, mode)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise RefusedFile(path, "is a symbolic link", "link") from None
        raise
    _live.add(path)
    identity = _identity(os.fstat(fd))
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            if _identity(os.lstat(path)) == identity:  # still the file made here
                os.unlink(path)
        raise
    finally:
        _live.discard(path)
    os.close(fd)


def check_output_path(path: str | os.PathLike[str]) -> Path:
    """``path`` if a file can be written there; RefusedFile or OSError (with the reason) if not.

    The folder must exist and be a folder (nothing is created for you); ``path`` must not be a
    link (dangling or not), a folder, a pipe or a device; and the folder must really take a new
    file (probed with a temporary file that is removed at once, since ``os.access`` says yes to
    root everywhere).
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
    _check_target(path)  # a link planted there is refused, dangling or not
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


def why_not_writable(path: str | os.PathLike[str]) -> str | None:
    """Why a file cannot be written at ``path`` (``check_output_path``'s reason), or None if it can."""
    try:
        check_output_path(path)
    except RefusedFile as error:
        return error.reason
    except OSError as error:
        return error.strerror or str(error)
    return None
