"""Landlock, Linux's unprivileged sandbox, as the student's process needs it: three system calls.

The PyPI package ``landlock`` (1.0.0.dev5) covers the file system only; a search must also lose
TCP (Landlock ABI 4) and the right to signal processes outside its own sandbox or reach abstract
Unix sockets (ABI 6), so the calls are made here, through ctypes, for whatever ABI the kernel has.
``abi()`` is 0 where the kernel has no Landlock (or it is not Linux).

``restrict(read, write)``: from then on this thread (call it before starting any other) and every
process it starts may read only beneath the ``read`` paths, write only beneath ``write``, execute
nothing, and (ABI 4+) bind or connect no TCP port, (ABI 6+) signal only its own sandbox.
"""

from __future__ import annotations

import ctypes
import os
import sys

CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446  # the same number on every architecture
VERSION = 1  # LANDLOCK_CREATE_RULESET_VERSION
PATH_BENEATH = 1  # LANDLOCK_RULE_PATH_BENEATH
PR_SET_NO_NEW_PRIVS = 38

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1, 2, 4, 8
#: remove dir, remove file, make char / dir / reg / sock / fifo / block / sym
MAKE_AND_REMOVE = sum(1 << bit for bit in range(4, 13))
REFER, TRUNCATE, IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
NET_BIND_TCP, NET_CONNECT_TCP = 1, 2
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1, 2
FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV  # all a rule on a file may hold


class _Ruleset(ctypes.Structure):
    _fields_ = (("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64))


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = (("allowed", ctypes.c_uint64), ("parent_fd", ctypes.c_int32))


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def abi() -> int:
    """The kernel's Landlock ABI version (0: none, or not Linux)."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        version = _libc().syscall(CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(VERSION))
    except (OSError, AttributeError):
        return 0
    return max(int(version), 0)


def handled_fs(version: int) -> int:
    """Every file-system right the kernel of ``version`` knows: all of them are handled (denied
    unless a rule allows it)."""
    rights = EXECUTE | WRITE_FILE | READ_FILE | READ_DIR | MAKE_AND_REMOVE
    rights |= REFER if version >= 2 else 0
    rights |= TRUNCATE if version >= 3 else 0
    return rights | (IOCTL_DEV if version >= 5 else 0)


def _check(result: int, what: str) -> int:
    if result < 0:
        error = ctypes.get_errno()
        raise OSError(error, f"landlock {what}: {os.strerror(error)}")
    return result


def restrict(read: list[str], write: list[str], version: int) -> None:
    """Confine this thread and its future children (see the module's docstring); OSError if the
    kernel refuses a step. Paths that do not exist are skipped."""
    libc = _libc()
    fs = handled_fs(version)
    attr = _Ruleset(fs, NET_BIND_TCP | NET_CONNECT_TCP if version >= 4 else 0, 0)
    if version >= 6:
        attr.scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL
    size = 24 if version >= 6 else 16 if version >= 4 else 8
    ruleset = _check(libc.syscall(CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0), "ruleset")
    try:
        read_rights = READ_FILE | READ_DIR
        write_rights = fs & ~EXECUTE
        for paths, rights in ((read, read_rights), (write, write_rights)):
            for path in paths:
                _allow(libc, ruleset, path, rights)
        _check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
        _check(libc.syscall(RESTRICT_SELF, ruleset, 0), "restrict_self")
    finally:
        os.close(ruleset)


def _allow(libc: ctypes.CDLL, ruleset: int, path: str, rights: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # nothing there: nothing to allow
    try:
        if not os.path.isdir(path):
            rights &= FILE_RIGHTS
        rule = _PathBeneath(rights, fd)
        _check(libc.syscall(ADD_RULE, ruleset, PATH_BENEATH, ctypes.byref(rule), 0), f"rule for {path}")
    finally:
        os.close(fd)
