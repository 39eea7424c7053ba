"""A student's search file as an algorithm: its spec, its events streamed from its own process.

``spec_for(path)`` reads and compiles the file (a syntax error is refused with its line before
anything runs) and returns an ``AlgorithmSpec`` whose generator starts
``python -m solvers.own.child`` and yields the events it writes, batch by batch. The process has
a memory cap and a time limit; closing the generator (a reset, Esc, the end of a CLI command)
ends it. A crash, an exception or ``sys.exit`` in the student's code is a ``SolverError`` naming
their file and line; nothing of ours is shown.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from solvers.errors import SolverError
from solvers.events import Backtrack, Conflict, Event, Place, Solution
from solvers.spec import AlgorithmSpec

MAX_BYTES = 200_000  # a search file is small
MAX_N = 12  # its run is drained and checked against every solution
EVENT_LIMIT = 5_000_000  # a search that says more than this is stopped ("never ends")
MEMORY_BYTES = 2 << 30  # the student's process may not take more (RLIMIT_AS)
CPU_SECONDS = 120  # nor more processor time (RLIMIT_CPU)
SILENCE_SECONDS = 5.0  # a search that yields nothing for this long is stopped (the window never waits more)


def search_path(name_or_path: str | Path) -> Path:
    """A search file by path, or a shipped example by name (``backtracking``, ``middle_out``,
    ``missing_anti_diagonal``; ``solvers/own/examples``)."""
    path = Path(name_or_path)
    if path.exists() or path.parent != Path("."):
        return path
    example = resources.files("solvers.own.examples") / f"{path.stem}.py"
    return Path(str(example)) if example.is_file() else path


def read_search(path: str | Path) -> str:
    """The file's source; SolverError for a missing, huge or undecodable file, or a syntax error."""
    path = Path(path)
    try:
        if path.is_symlink():
            raise SolverError(f"{path}: a link, not a search file (name the file itself)")
        if not path.is_file():
            raise SolverError(f"{path}: no such search file")
        if path.stat().st_size > MAX_BYTES:
            raise SolverError(f"{path}: too large for a search file ({path.stat().st_size:,} bytes)")
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SolverError(f"{path}: cannot be read ({error})") from None
    try:
        compile(source, str(path), "exec")
    except SyntaxError as error:
        raise SolverError(f"{path.name}, line {error.lineno}: {error.msg}") from None
    return source


def _limits() -> None:  # pragma: no cover - runs in the child before exec
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


_KINDS = {"place": Place, "conflict": Conflict, "backtrack": Backtrack, "solution": Solution}


def _event(data: dict[str, object], n: int, index: int, name: str) -> Event:
    """One event of the stream, its squares on the board (else SolverError: the window draws it)."""
    kind = _KINDS[str(data.pop("event"))]
    for key in ("blocker", "queens"):
        if key in data:
            data[key] = tuple(data[key])  # type: ignore[arg-type]
    squares: list[object] = [(data["row"], data["col"])] if "row" in data else []
    squares += [data["blocker"]] if "blocker" in data else []
    for square in squares:
        r, c = square if isinstance(square, tuple) and len(square) == 2 else (None, None)
        if not (isinstance(r, int) and isinstance(c, int) and 0 <= r < n and 0 <= c < n):
            where = f"row {r + 1}, column {c + 1}" if isinstance(r, int) and isinstance(c, int) else square
            raise SolverError(f"{name}: event {index + 1}: {where} is not on the {n} x {n} board")
    queens = data.get("queens", ())
    assert isinstance(queens, tuple)
    if kind is Solution and (len(queens) != n or not all(isinstance(c, int) for c in queens)):
        raise SolverError(f"{name}: event {index + 1}: a solution needs the {n} columns, row by row")
    return kind(**data)  # type: ignore[arg-type]


class _Feed:
    """The reader thread's side of an ``EventStream``: the child's events decoded into a bounded
    buffer (a full buffer stops reading, so the child waits on its pipe), then how it ended."""

    BUFFER = 1 << 16

    def __init__(self, path: Path, n: int, limit: int, silence: float, first: bool) -> None:
        self.name, self.n, self.limit, self.silence, self.first = path.name, n, limit, silence, first
        command = [sys.executable, "-m", "solvers.own.child", str(path), str(n), str(limit)]
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        preexec = _limits if os.name == "posix" else None
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, preexec_fn=preexec
        )
        self.events: deque[Event] = deque()
        self.lock = threading.Condition()
        self.finished = False  # nothing more will arrive (the child ended, failed or was stopped)
        self.error: SolverError | None = None  # raised once the events before it are taken
        self.closed = False
        self.waiting_since: float | None = None  # the reader waits for the child since then
        threading.Thread(target=self._read, name=f"search {self.name}", daemon=True).start()

    def _read(self) -> None:
        end: dict[str, object] | None = None
        try:
            for index, line in enumerate(self._lines()):
                data = json.loads(line)
                if "end" in data:
                    end = data
                    break
                event = _event(data, self.n, index, self.name)
                with self.lock:
                    while len(self.events) >= self.BUFFER and not self.closed:
                        self.lock.wait()
                    if self.closed:
                        return
                    self.events.append(event)
                    self.lock.notify_all()
        except SolverError as error:
            self._fail(error)
        finally:
            self._stop()
            self.process.wait()
            assert self.process.stdout is not None
            self.process.stdout.close()
            with self.lock:
                if self.error is None and not self.closed:
                    self.error = _ending(end, self.name, self.limit, self.process.returncode)
                self.finished = True
                self.lock.notify_all()

    def _lines(self) -> Iterator[bytes]:
        """The child's stdout line by line (its reads timed for the silence check)."""
        assert self.process.stdout is not None
        fd, buffer = self.process.stdout.fileno(), b""
        while True:
            while b"\n" not in buffer:
                self.waiting_since = time.monotonic()
                chunk = os.read(fd, 1 << 16)
                self.waiting_since = None
                if not chunk:
                    return
                buffer += chunk
            line, buffer = buffer.split(b"\n", 1)
            yield line

    def check_silence(self) -> None:
        """Stop a child that has said nothing for ``silence`` seconds (call with the lock held)."""
        since = self.waiting_since
        if not self.finished and since is not None and time.monotonic() - since > self.silence:
            self._fail(
                SolverError(f"{self.name}: no event for {self.silence:g} s (a loop that yields nothing?)")
            )

    def _fail(self, error: SolverError) -> None:
        if self.error is None:
            self.error = error
        self._stop()

    def _stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()

    def close(self) -> None:
        """Stop the child and the reader; nothing more arrives."""
        with self.lock:
            self.closed = True
            self.lock.notify_all()
        self._stop()


def _ending(end: dict[str, object] | None, name: str, limit: int, status: int | None) -> SolverError | None:
    """How the child ended, as the error to raise after its events (None: it finished)."""
    if end is None:  # the process died: killed by its limits, or sys.exit / os._exit
        return SolverError(f"{name}: the search stopped without finishing (exit status {status})")
    if end["end"] == "limit":
        return SolverError(
            f"{name}: the search did not end within {limit:,} events (a loop that never stops?)"
        )
    if end["end"] == "error":
        return SolverError(f"{name}: the search raised an error\n{end['error']}")
    return None


class EventStream:
    """The events of the search in a file at ``n``, from its own process, as they arrive: an
    iterator (it waits for the next event) that also says how many it has without waiting
    (``ready``), so a window takes only those and keeps drawing. Its errors come after the
    events before them; dropping or closing it stops the child."""

    def __init__(
        self,
        path: str | Path,
        n: int,
        limit: int = EVENT_LIMIT,
        silence: float = SILENCE_SECONDS,
        *,
        first: bool = False,
    ) -> None:
        self._feed = _Feed(Path(path).resolve(), n, limit, silence, first)
        self._done = False

    def __iter__(self) -> EventStream:
        return self

    def __next__(self) -> Event:
        feed = self._feed
        with feed.lock:
            while not feed.events and not feed.finished and not self._done:
                feed.lock.wait(0.1)
                feed.check_silence()
            if feed.events and not self._done:
                event = feed.events.popleft()
                feed.lock.notify_all()
                if feed.first and isinstance(event, Solution):
                    self._done = True  # the run to the first solution ends here
                return event
            error, feed.error = feed.error, None
        self.close()
        if error is not None:
            raise error
        raise StopIteration

    def ready(self) -> int:
        """Events to be had now without waiting (``sys.maxsize`` once nothing is to be waited for)."""
        feed = self._feed
        with feed.lock:
            feed.check_silence()
            return sys.maxsize if feed.finished or self._done else len(feed.events)

    def close(self) -> None:
        """Stop the child (its events not yet taken are dropped)."""
        self._done = True
        self._feed.close()

    def __del__(self) -> None:
        self._feed.close()


def events_of(
    path: str | Path, n: int, limit: int = EVENT_LIMIT, silence: float = SILENCE_SECONDS
) -> EventStream:
    """The events of the search in ``path`` at ``n``, from its own process."""
    return EventStream(path, n, limit, silence)


def register(path: str | Path) -> AlgorithmSpec:
    """Make the search in ``path`` an algorithm of this process (the CLI's and the window's list)."""
    from solvers import registry

    spec = spec_for(path)
    registry.ALGORITHMS[spec.name] = spec
    _FILES[spec.name] = search_path(path).resolve()
    return spec


def file_of(name: str) -> Path | None:
    """The file of the registered student's search ``name`` (None: not one, or not registered)."""
    from solvers import registry

    return _FILES.get(name) if name in registry.ALGORITHMS else None


def registered(path: str | Path) -> str | None:
    """The name of the search registered from ``path``'s file, if it is registered."""
    resolved = search_path(path).resolve()
    return next((name for name in _FILES if file_of(name) == resolved), None)


#: The file behind each student's search registered in this process, by its algorithm's name.
_FILES: dict[str, Path] = {}


def spec_for(path: str | Path) -> AlgorithmSpec:
    """The student's search as an algorithm: its file's own lines as the code panel's code."""
    path = search_path(path)
    source = read_search(path)
    lines = tuple(source.splitlines()) or ("",)

    def generator(n: int, *, first: bool = False) -> Iterator[Event]:
        return EventStream(path, n, first=first)

    title = f"Your search ({path.name})"
    return AlgorithmSpec(
        f"own:{path.stem}",
        title,
        f"你的搜索（{path.name}）",
        f"The search written in {path.name}, run step by step and checked.",
        f"{path.name} 中写的搜索，逐步运行并检查。",
        generator,
        lines,
        lines,
        max_n=MAX_N,
        family="own",
        predict=None,
        profile="events",
        checkable=True,
        counters=("attempts", "placements", "backtracks", "solutions"),  # its checks are its own: not counted
        race_partner="backtracking",  # raced against the book, row by row
    )
