"""A student's search file as an algorithm: its spec, its events streamed from its own process.

``spec_for(path)`` reads and compiles the file (a syntax error is refused with its line before
anything runs) and returns an ``AlgorithmSpec`` whose generator starts the file's sandboxed process
(``solvers.own.sandbox``) and yields the events it writes, batch by batch, each line checked
(``solvers.own.wire``). Closing the generator (a reset, Esc, the end of a CLI command) kills the
process's whole group. However the student's code ends badly (an exception, an exit, a limit, a
bad event, silence) the events before it come first, then a ``SearchFailed`` naming their file and
line; nothing of ours is shown. The checker is imported here, before any child starts, so no
search can change the code that judges it (``solvers.own.integrity`` puts its files back).
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import replace
from importlib import resources
from pathlib import Path

from solvers.errors import SolverError
from solvers.events import Event
from solvers.own import integrity, sandbox, wire
from solvers.own.check import BROKEN, Checker  # loaded before any child runs (see above)
from solvers.own.failure import SearchFailed
from solvers.own.narrator import honest
from solvers.spec import AlgorithmSpec

MAX_BYTES = 200_000  # a search file is small
MAX_N = 12  # its run is drained and checked against every solution
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


class _Feed:
    """The reader thread's side of an ``EventStream``: the child's lines checked and decoded into a
    bounded buffer (a full buffer stops reading, so the child waits on its pipe), then how it
    ended. The thread alone watches the child: silence, its own wall time, its end."""

    BUFFER = 1 << 16

    def __init__(
        self, path: Path, source: str, n: int, limits: sandbox.Limits, silence: float, first: bool
    ) -> None:
        self.name, self.n, self.limits, self.silence, self.first = path.name, n, limits, silence, first
        self.lines = max(len(source.splitlines()), 1)
        if not sandbox.layers().landlock:  # a child that could write them: what the files are now
            integrity.keep()
        self.child = sandbox.start(path.name, n, self.lines, limits)
        self.source = source.encode("utf-8")
        self.events: deque[Event] = deque()
        self.lock = threading.Condition()
        self.finished = False  # nothing more will arrive (the child ended, failed or was stopped)
        self.error: SolverError | None = None  # raised once the events before it are taken
        self.closed = False
        self.waited = 0.0  # seconds spent waiting for the child (its own wall time)
        self.tampered: SearchFailed | None = None  # the program's files it changed (put back)
        self.reader = threading.Thread(target=self._read, name=f"search {self.name}", daemon=True)
        self.reader.start()

    def _read(self) -> None:
        end: dict[str, object] | None = None
        try:
            self._send_source()
            decoder, count, checker = wire.Decoder(self.n, self.lines), 0, Checker(self.n)
            for raw in self._lines():
                if raw.startswith(b"e "):
                    end = wire.decode_end(raw)
                    break
                count += 1
                if count > self.limits.events:
                    raise SearchFailed(self.name, "too_many", limit=self.limits.events)
                event = decoder.event(raw)
                problem = checker.step(event)
                if problem is not None and problem.key in BROKEN:  # the board would make no sense
                    raise SearchFailed(self.name, "broken", line=event.line + 1, problem=problem, event=event)
                with self.lock:
                    while len(self.events) >= self.BUFFER and not self.closed:
                        self.lock.wait()
                    if self.closed:
                        return
                    self.events.append(event)
                    self.lock.notify_all()
        except wire.BadLine as bad:
            line = bad.line + 1 if bad.line is not None and 0 <= bad.line < self.lines else None
            self._fail(SearchFailed(self.name, "bad_event", line=line, event=count, why=str(bad)))
        except SearchFailed as error:
            self._fail(error)
        finally:
            self.child.kill()
            changed = integrity.restore() if not sandbox.layers().landlock else []  # else it cannot write
            with self.lock:
                try:
                    if changed:  # whatever else happened, this run is not to be trusted
                        self.tampered = SearchFailed(self.name, "tampered", files=", ".join(changed[:3]))
                        self.error = self.tampered
                    elif self.error is None and not self.closed:
                        status = self.child.process.returncode
                        self.error = _ending(end, self.name, self.lines, self.limits, status)
                finally:  # the reader waits for this, whatever happened above
                    self.finished = True
                    self.lock.notify_all()

    def _send_source(self) -> None:
        stdin = self.child.process.stdin
        assert stdin is not None
        with contextlib.suppress(OSError):  # a child that died at once: its ending says why
            stdin.write(self.source)
        with contextlib.suppress(OSError):
            stdin.close()

    def _lines(self) -> Iterator[bytes]:
        """The child's stdout line by line, while it keeps to its silence and wall-time limits."""
        stdout = self.child.process.stdout
        assert stdout is not None
        fd, buffer, since = stdout.fileno(), b"", time.monotonic()
        while not self.closed:
            ready, _, _ = select.select([fd], [], [], POLL_SECONDS)
            now = time.monotonic()
            self.waited += now - since
            if not ready:
                if self.child.process.poll() is not None and now - since > POLL_SECONDS:
                    # it ended: what it wrote before it did is read still (its last lines may have
                    # come after this wait began), then nothing more, whoever holds its pipe
                    while select.select([fd], [], [], 0)[0] and (chunk := os.read(fd, 1 << 16)):
                        buffer += chunk
                    yield from (line for line in buffer.split(b"\n") if line)
                    return
                if now - since > self.silence:
                    raise SearchFailed(self.name, "stalled", seconds=self.silence)
                if self.waited > self.limits.wall:
                    raise SearchFailed(self.name, "slow", seconds=self.limits.wall)
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return
            buffer += chunk
            *complete, buffer = buffer.split(b"\n")
            if len(buffer) > wire.MAX_END:
                raise wire.BadLine(f"a line of more than {wire.MAX_END:,} bytes")
            if self.waited > self.limits.wall:
                raise SearchFailed(self.name, "slow", seconds=self.limits.wall)
            yield from complete
            since = time.monotonic()  # the time spent handing the lines over is not the child's

    def _fail(self, error: SolverError) -> None:
        if self.error is None:
            self.error = error
        self.child.kill()

    def close(self) -> None:
        """Stop the child and the reader (waiting for it, so that the program's files are checked
        and put back before this returns); nothing more arrives."""
        with self.lock:
            self.closed = True
            self.lock.notify_all()
        self.child.kill()
        if threading.current_thread() is not self.reader:
            self.reader.join(5)


POLL_SECONDS = 0.1  # how often the reader looks at the child while it says nothing


def _printable(text: object, limit: int = 300) -> str:
    """A string from the child made safe to show: control characters escaped, at most ``limit``."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def _ending(
    end: dict[str, object] | None, name: str, lines: int, limits: sandbox.Limits, status: int | None
) -> SolverError | None:
    """How the child ended, as the error to raise after its events (None: it finished)."""
    if end is None:  # the process died: killed by its limits, or os._exit
        if status == -getattr(signal, "SIGXCPU", 24) or status == -signal.SIGKILL:
            return SearchFailed(name, "cpu", seconds=limits.cpu)
        return SearchFailed(name, "exit", status=status)
    if end["end"] == "done":
        return None
    if end["end"] == "limit":
        return SearchFailed(name, "too_many", limit=limits.events)
    kind = str(end.get("kind"))
    line = end.get("line")
    line = line if isinstance(line, int) and 1 <= line <= lines else None
    values = {
        key: value if isinstance(value, int) and 0 <= value < 1 << 40 else _printable(value)
        for key, value in end.items()
        if key not in ("end", "kind", "line")
    }
    needs = {
        "exception": ("error",),
        "exit": ("status",),
        "bad_event": ("event", "why"),
        "not_generator": ("what",),
        "forbidden": ("what",),
        "sandbox": ("why",),
        "no_search": (),
    }
    if kind == "memory":
        return SearchFailed(name, "memory", line=line, mib=limits.memory)
    if kind == "forbidden" and "what" not in values:
        values["what"] = values.get("error", "")
    if kind == "bad_event" and not isinstance(values.get("event"), int):
        values.pop("event", None)  # made up: the ending below says only that it ended badly
    if kind not in needs or not all(key in values for key in needs[kind]):
        return SearchFailed(name, "exit", status="?")  # an ending the child made up: it ended badly
    if kind == "sandbox":  # ours, not the student's
        return SolverError(SearchFailed(name, "sandbox", why=values["why"]).sentence("en"))
    return SearchFailed(name, kind, line=line, **{key: values[key] for key in needs[kind]})


class EventStream:
    """The events of the search in a file at ``n``, from its own process, as they arrive: an
    iterator (it waits for the next event) that also says how many it has without waiting
    (``ready``), so a window takes only those and keeps drawing. Its errors come after the
    events before them; dropping or closing it stops the child."""

    def __init__(
        self,
        path: str | Path,
        n: int,
        limit: int | None = None,
        silence: float | None = None,
        *,
        first: bool = False,
    ) -> None:
        silence = SILENCE_SECONDS if silence is None else silence  # read now: a test may lengthen it
        path = Path(path)
        source = read_search(path)
        chosen = sandbox.limits()
        if limit is not None:
            chosen = replace(chosen, events=limit)
        self._feed = _Feed(path, source, n, chosen, silence, first)
        self._done = False

    def __iter__(self) -> EventStream:
        return self

    def __next__(self) -> Event:
        feed = self._feed
        with feed.lock:
            while not feed.events and not feed.finished and not self._done:
                feed.lock.wait(0.1)
            if feed.events and not self._done:
                event = feed.events.popleft()
                feed.lock.notify_all()
                if feed.first and event.solved() is not None:
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
            return sys.maxsize if feed.finished or self._done else len(feed.events)

    def close(self) -> None:
        """Stop the child (its events not yet taken are dropped)."""
        self._done = True
        self._feed.close()

    def finish(self) -> SearchFailed | None:
        """Stop the child and say whether the search changed the program's files (put back since):
        a verdict on its events stands only if this is None."""
        self.close()
        return self._feed.tampered

    def __del__(self) -> None:
        self._feed.close()


def events_of(
    path: str | Path, n: int, limit: int | None = None, silence: float | None = None
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
        narrator=honest,  # what the board shows, not what the search claims
    )
