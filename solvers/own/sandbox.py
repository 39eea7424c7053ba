"""Where a student's search runs: a process of its own, contained as far as the system allows.

The parent (``start``) gives the child a private scratch folder as its working and home folder, an
environment with nothing of the parent's, and its own session (so its process group is killed as
a whole: ``Child.kill``, on every way out, and at the parent's exit; by the child itself when it
finds its parent gone, killed outright), and caps its memory, processor time, open files, file
sizes and core dumps. A scratch folder a parent killed outright could not remove is removed at a
later start (``sweep``): its name carries the parent's pid and a marker beside the child's folder
says who made it. On Linux the child then confines itself (``enter``)
before the student's code is read: Landlock lets it read only Python's standard library and the
system's libraries and write only its scratch folder, execute nothing, use no TCP and signal no
process outside its sandbox; a seccomp filter refuses new processes, programs, sockets, signals to
others, new sessions and tracing. Where the kernel lacks one of these, ``layers()`` says which are
missing (the caller says so once) and the process limits remain. In every case the child may import
only ``solvers.events`` of this program.

The limits are module constants; ``NQUEENS_SEARCH_LIMITS`` (e.g. ``cpu=60,memory=1024,wall=30``)
changes them for a run.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import sysconfig
import tempfile
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path

from solvers.own import landlock, syscalls

ROOT = str(Path(__file__).resolve().parents[2])  # the folder holding the solvers package
ALLOWED_IMPORTS = ("solvers", "solvers.events")  # the student's API: nothing else of ours


@dataclass(frozen=True)
class Limits:
    """What a search may take: processor seconds, memory (MiB), seconds of its own wall time (the
    time the parent waits for it, a slow trickle of events included), open files, the size of a
    file it writes (MiB) and the events it may yield."""

    cpu: int = 120
    memory: int = 2048
    wall: int = 120
    files: int = 64
    file_size: int = 16
    events: int = 5_000_000


def limits() -> Limits:
    """The limits in force: the defaults, changed by ``NQUEENS_SEARCH_LIMITS`` where it says so
    (a malformed setting is ignored item by item: the defaults are safe)."""
    chosen = Limits()
    for item in os.environ.get("NQUEENS_SEARCH_LIMITS", "").split(","):
        name, _, value = item.partition("=")
        name = name.strip()
        if name in Limits.__dataclass_fields__ and value.strip().isdigit() and int(value) > 0:
            chosen = replace(chosen, **{name: int(value)})
    return chosen


@dataclass(frozen=True)
class Layers:
    """The kernel's containment this system offers: its Landlock ABI (0: none) and seccomp."""

    landlock: int
    seccomp: bool
    missing: tuple[str, ...] = field(default=())

    def sentence(self) -> str:
        """What is missing, for a one-time note (empty: nothing)."""
        if not self.missing:
            return ""
        return "a student's search is less contained here: " + "; ".join(self.missing)


_LAYERS: Layers | None = None


def layers() -> Layers:
    """The kernel's layers, probed once (``NQUEENS_SANDBOX=limits`` turns them off: process
    limits only, as on macOS; for a kernel that misbehaves, and for the tamper test)."""
    global _LAYERS
    if _LAYERS is None:
        if not sys.platform.startswith("linux"):
            _LAYERS = Layers(0, False, (f"{sys.platform} has no Landlock or seccomp",))
        elif os.environ.get("NQUEENS_SANDBOX") == "limits":
            _LAYERS = Layers(0, False, ("NQUEENS_SANDBOX=limits",))
        else:
            abi, filters = landlock.abi(), syscalls.available()
            missing: tuple[str, ...] = (
                () if abi else ("the kernel has no Landlock (files and network stay open)",)
            )
            if abi and abi < 6:
                missing += (f"Landlock ABI {abi} < 6 (signals to other processes stay possible)",)
            missing += () if filters else ("no libseccomp (new processes and sockets stay possible)",)
            _LAYERS = Layers(abi, filters, missing)
    return _LAYERS


def readable() -> list[str]:
    """What the child may read once confined: Python's standard library and the system's shared
    libraries (for the standard library's extension modules)."""
    paths = sysconfig.get_paths()
    return sorted(
        {paths["stdlib"], paths["platstdlib"], "/lib", "/lib64", "/usr/lib", "/usr/lib64", "/etc/ld.so.cache"}
    )


_CHILDREN: set[Child] = set()
_CHILDREN_LOCK = threading.Lock()


class Child:
    """One student's process: ``stdout`` is its event stream; ``kill`` ends its whole group and
    removes its scratch folder (safe to call any number of times, from any thread)."""

    def __init__(self, process: subprocess.Popen[bytes], scratch: str) -> None:
        self.process, self.scratch = process, scratch
        with _CHILDREN_LOCK:
            _CHILDREN.add(self)

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            if os.name == "posix":
                os.killpg(self.process.pid, signal.SIGKILL)  # its group is its own: start_new_session
            else:
                self.process.kill()
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            self.process.wait(5)
        shutil.rmtree(self.scratch, ignore_errors=True)  # rmtree never follows a link out of it
        with _CHILDREN_LOCK:
            _CHILDREN.discard(self)


@atexit.register
def kill_all() -> None:
    """Every student's process still running ends with this one (also after Ctrl-C or SIGTERM)."""
    with _CHILDREN_LOCK:
        children = list(_CHILDREN)
    for child in children:
        child.kill()


def _process_limits(chosen: Limits) -> None:  # pragma: no cover - runs in the child before exec
    import resource

    memory = chosen.memory << 20
    for name, value in (
        ("RLIMIT_AS", (memory, memory)),
        ("RLIMIT_CPU", (chosen.cpu, chosen.cpu + 2)),  # SIGXCPU first: the parent can name the limit
        ("RLIMIT_NOFILE", (chosen.files, chosen.files)),
        ("RLIMIT_FSIZE", (chosen.file_size << 20, chosen.file_size << 20)),
        ("RLIMIT_CORE", (0, 0)),
    ):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            resource.setrlimit(getattr(resource, name), value)
    if sys.platform == "darwin":  # no seccomp there: no new process by the process limit instead
        with contextlib.suppress(AttributeError, ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))


PREFIX = "nqueens-search-"  # a scratch folder's name: PREFIX, the parent's pid, "-", mkdtemp's letters
MARKER = "made-by"  # beside the child's folder (out of its reach): "nqueens-search PID STARTED"


def _started(pid: int) -> str:
    """When the process ``pid`` started, in clock ticks since boot (Linux); "-" where unknown."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            return file.read().rpartition(b")")[2].split()[19].decode()
    except (OSError, IndexError):
        return "-"


def _owner_gone(pid: int, started: str) -> bool:
    """Whether the process that made a scratch folder is dead, or the pid is now someone else's
    (another user's process, or one started at another time)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, but not ours
        return True
    return started != "-" and _started(pid) != started


def _owner(folder: str) -> tuple[int, str] | None:
    """The pid and start time the marker of ``folder`` names, if it is our user's real folder (no
    link) holding a marker that is a file; None otherwise."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
    try:
        handle = os.open(folder, flags | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return None
    try:
        facts = os.fstat(handle)
        if not stat.S_ISDIR(facts.st_mode) or facts.st_uid != os.getuid():
            return None
        marker = os.open(MARKER, flags, dir_fd=handle)
        try:
            words = os.read(marker, 200).decode("ascii", "replace").split()
        finally:
            os.close(marker)
    except OSError:
        return None
    finally:
        os.close(handle)
    if len(words) != 3 or words[0] != PREFIX.rstrip("-") or not words[1].isdigit():
        return None
    return int(words[1]), words[2]


def sweep() -> None:
    """Remove the scratch folders of parents killed outright (POSIX): a folder whose name and marker
    name the same pid, that process dead or not ours. Nothing else is touched; no link is followed."""
    if os.name != "posix":
        return
    base = tempfile.gettempdir()
    try:
        names = [entry.name for entry in os.scandir(base) if entry.name.startswith(PREFIX)]
    except OSError:
        return
    for name in names:
        pid = name[len(PREFIX) :].partition("-")[0]
        folder = os.path.join(base, name)
        owner = _owner(folder)
        if owner is not None and pid == str(owner[0]) and _owner_gone(*owner):
            shutil.rmtree(folder, ignore_errors=True)  # it refuses a link, and follows none inside


def _scratch() -> tuple[str, str]:
    """A new scratch folder (after the sweep) with its marker: the folder, and the child's within."""
    sweep()
    me = os.getpid()
    folder = tempfile.mkdtemp(prefix=f"{PREFIX}{me}-")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    marker = os.open(os.path.join(folder, MARKER), flags, 0o600)
    try:
        os.write(marker, f"{PREFIX.rstrip('-')} {me} {_started(me)}\n".encode())
    finally:
        os.close(marker)
    work = os.path.join(folder, "work")
    os.mkdir(work, 0o700)
    return folder, work


BOOT = "import sys; sys.path[:0] = [sys.argv[1]]; from solvers.own.child import main; main()"


def start(name: str, n: int, lines: int, chosen: Limits) -> Child:
    """Start the child for the file ``name`` (its source follows on its stdin) at ``n``."""
    folder, scratch = _scratch()
    found = layers()
    rules = {
        "name": name,
        "n": n,
        "lines": lines,
        "limit": chosen.events,
        "landlock": found.landlock,
        "seccomp": found.seccomp,
        "read": readable(),
        "scratch": scratch,
        "parent": os.getpid(),
    }
    env = {"HOME": scratch, "TMPDIR": scratch, "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"}
    if os.name == "nt":
        env["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
    command = [sys.executable, "-I", "-B", "-c", BOOT, ROOT, json.dumps(rules)]
    posix = os.name == "posix"
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=scratch,
        env=env,
        start_new_session=posix,
        creationflags=0 if posix else subprocess.CREATE_NEW_PROCESS_GROUP,  # type: ignore[attr-defined]
        preexec_fn=(lambda: _process_limits(chosen)) if posix else None,
    )
    return Child(process, folder)


# ---- the child's side ------------------------------------------------------------------------


class _OnlyTheStudentApi:
    """An import hook of the child: of this program, a search may import ``solvers.events`` alone."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> None:
        top = name.partition(".")[0]
        if top in ("solvers", "visualizer") and name not in ALLOWED_IMPORTS:
            raise ImportError(f"a search may import only solvers.events of this program, not {name}")


def enter(rules: dict[str, object]) -> None:  # pragma: no cover - runs in the child
    """Confine the child (call it before any thread starts and before the student's code runs);
    OSError if a layer the parent found cannot be put in place (the child then refuses to run)."""
    scratch = str(rules["scratch"])
    version = int(rules["landlock"])  # type: ignore[call-overload]
    if rules["seccomp"] and not syscalls.available():  # loads libseccomp while it can still be found
        raise OSError("libseccomp cannot be loaded")
    if version:
        read = [str(path) for path in rules["read"]]  # type: ignore[attr-defined]
        landlock.restrict(read, [scratch], version)
    if rules["seccomp"]:
        syscalls.confine()
    for name in [name for name in sys.modules if name.partition(".")[0] in ("solvers", "visualizer")]:
        if name not in ALLOWED_IMPORTS:
            del sys.modules[name]
    sys.meta_path.insert(0, _OnlyTheStudentApi())  # type: ignore[arg-type]
    sys.path[:] = [path for path in sys.path if path != ROOT]
