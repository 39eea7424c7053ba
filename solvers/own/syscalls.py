"""The system calls a student's search may not make, as a seccomp filter (through ``pyseccomp``,
the ctypes binding of libseccomp, which every systemd-based Linux has).

A search computes and yields; it never needs another process, a program, a socket, a signal to
someone else, a new session or namespace, or a debugger's hold on a process. Each of those fails
with EPERM (``clone3`` with ENOSYS, so that the C library falls back to ``clone``, which is allowed
for threads only). ``available()`` says whether the filter can be loaded here.
"""

from __future__ import annotations

import errno
import os

CLONE_THREAD = 0x10000
TIOCSTI = 0x5412  # push characters into a terminal's input
#: refused outright (a name this architecture lacks is skipped: ``fork`` is not on arm64)
DENIED = (
    "fork", "vfork", "execve", "execveat",  # no other process, no other program
    "socket", "socketpair",  # no network, no X server, no session bus
    "kill", "tkill", "rt_sigqueueinfo", "pidfd_open", "pidfd_send_signal", "pidfd_getfd",
    "setsid", "setpgid",  # stay in the process group the parent kills
    "ptrace", "process_vm_readv", "process_vm_writev",
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot",
    "bpf", "perf_event_open", "userfaultfd", "keyctl", "add_key", "request_key",
)  # fmt: skip


def available() -> bool:
    """Whether a filter can be built and loaded here (Linux with libseccomp)."""
    try:
        import pyseccomp  # noqa: F401
    except (ImportError, OSError, AttributeError):
        return False
    return True


def confine() -> None:
    """Load the filter on this thread and every thread and process it starts (call it before
    starting any thread); OSError or RuntimeError if libseccomp refuses."""
    import pyseccomp as seccomp

    refused = seccomp.ERRNO(errno.EPERM)
    rules = seccomp.SyscallFilter(seccomp.ALLOW)
    for name in DENIED:
        try:
            rules.add_rule(refused, name)
        except (OSError, ValueError, RuntimeError):
            continue  # not a system call of this architecture
    rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    rules.add_rule(refused, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_THREAD, 0))
    pid = os.getpid()  # raise() and abort() signal this process's own threads: that stays allowed
    rules.add_rule(refused, "tgkill", seccomp.Arg(0, seccomp.NE, pid))
    rules.add_rule(refused, "rt_tgsigqueueinfo", seccomp.Arg(0, seccomp.NE, pid))
    rules.add_rule(refused, "ioctl", seccomp.Arg(1, seccomp.EQ, TIOCSTI))
    rules.load()
