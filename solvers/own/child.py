"""The process a student's search runs in (started by ``solvers.own.sandbox.start``).

It reads the search's source on stdin, confines itself (``sandbox.enter``: after that it can read
only Python's library, write only its scratch folder, start nothing, reach no one), then runs the
file's ``search(n, board)`` generator and writes each event it yields as one line
(``solvers.own.wire``) on the stream it was given (the original stdout), in batches; the student's
own ``print`` goes nowhere, so it can never corrupt the stream. The last line is the ending:
``done``, ``limit`` (more events than allowed), or ``error`` with its kind and the student's line.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import linecache
import os
import signal
import sys
import threading
import traceback
from collections.abc import Iterator
from types import FrameType
from typing import BinaryIO, NoReturn

from solvers.events import Backtrack, Conflict, Event, Place, Solution
from solvers.own import sandbox, wire

BATCH = 256  # events written at a time
FLUSH_SECONDS = 0.05  # or what there is after this long: the window sees a slow search's events soon
KINDS = (Place, Conflict, Backtrack, Solution)  # what a student's search may yield
MAX_SOURCE = 200_000  # bytes: the parent refuses a larger file before it starts us
_EXIT = os._exit  # kept before ``_flush_before_exit`` wraps os._exit (the writer must not re-enter itself)


class SearchBoard:
    """The board a student's search works on: each method returns the event to yield.

    ``try_square(row, col)`` places a queen there when no queen attacks it (a Place event) or
    says which queen does (a Conflict naming it); ``remove(row, col)`` lifts a queen (Backtrack);
    ``solution()`` reports the board as a solution. Each event remembers the line of the
    student's file that asked for it (the code panel lights that line)."""

    def __init__(self, n: int, path: str) -> None:
        self.n = n
        self.queens: list[int | None] = [None] * n
        self._path = path

    def _line(self) -> int:
        frame: FrameType | None = sys._getframe(2)
        while frame is not None and frame.f_code.co_filename != self._path:
            frame = frame.f_back
        return frame.f_lineno - 1 if frame is not None else 0

    def attacker(self, row: int, col: int) -> tuple[int, int] | None:
        """The queen attacking (row, col), or None: the one on its column first, then on its
        r + c diagonal, then on its r - c one (the order the window's backtracking names them)."""
        queens = self.queens
        for r, c in enumerate(queens):
            if c == col and r != row:
                return (r, c)
        for r, c in enumerate(queens):
            if c is not None and r + c == row + col and r != row:
                return (r, c)
        for r, c in enumerate(queens):
            if c is not None and r - c == row - col and r != row:
                return (r, c)
        return None

    def try_square(self, row: int, col: int) -> Event:
        """Place a queen on (row, col) if it is safe; the event says which happened."""
        blocker = self.attacker(row, col)
        if blocker is not None:
            return Conflict(row, col, blocker, self._line())
        self.queens[row] = col
        return Place(row, col, self._line())

    def remove(self, row: int, col: int) -> Event:
        """Lift the queen on (row, col)."""
        if self.queens[row] == col:
            self.queens[row] = None
        return Backtrack(row, col, self._line())

    def solution(self) -> Event:
        """Report the board as a solution."""
        return Solution(tuple(c if c is not None else -1 for c in self.queens), self._line())


def _track(board: SearchBoard, event: Event) -> None:
    """A Place or Backtrack the student built by hand moves their board too (a square off the
    board moves nothing: the parent refuses that event)."""
    row = getattr(event, "row", None)
    if type(row) is not int or not 0 <= row < board.n:
        return
    placed, lifted = event.placed(), event.marks().lifted
    if placed is not None:
        board.queens[row] = placed[1]
    elif lifted is not None and board.queens[row] == lifted[1]:
        board.queens[row] = None


def _yield_line(events: object) -> int:
    """The line (0-based) of the ``yield`` the search stands at: the innermost generator of its
    ``yield from`` chain (0 when the search is not a generator)."""
    while inspect.isgenerator(getattr(events, "gi_yieldfrom", None)):
        events = events.gi_yieldfrom  # type: ignore[attr-defined]
    frame = getattr(events, "gi_frame", None)
    return frame.f_lineno - 1 if frame is not None else 0


class _Writer:
    """The events' lines to the stream: a batch at a time, and at least every ``FLUSH_SECONDS``
    from a thread of its own, so the events of a search that is slow (or stuck) arrive soon. The
    thread also ends the process, and its group, if its parent is gone (nobody is left to stop it)."""

    def __init__(self, stream: BinaryIO, parent: int) -> None:
        self.stream, self.lock, self.parent = stream, threading.Lock(), parent
        self.batch: list[str] = []
        self.done = threading.Event()
        threading.Thread(target=self._flush_often, daemon=True).start()

    def add(self, line: str) -> None:
        with self.lock:
            self.batch.append(line)
            if len(self.batch) >= BATCH:
                self._flush()

    def close(self, last: str) -> None:
        """Write what is left and the ``last`` line; nothing more after it."""
        self.done.set()
        with self.lock:
            self.batch.append(last)
            self._flush()

    def _flush_often(self) -> None:
        while not self.done.wait(FLUSH_SECONDS):
            if os.name == "posix" and os.getppid() != self.parent:
                _orphaned()
            with self.lock:
                if self.batch and not self.done.is_set():
                    self._flush()

    def _flush(self) -> None:
        try:
            self.stream.write(("\n".join(self.batch) + "\n").encode("ascii", "replace"))
            self.stream.flush()
        except OSError:  # the parent stopped reading: nothing more to do
            _EXIT(0)  # the real exit: os._exit now flushes through this writer
        self.batch.clear()


def _orphaned() -> NoReturn:
    """The parent was killed outright: end this process's group (what the search may have started,
    where the sandbox lets it), then this process."""
    with contextlib.suppress(OSError):  # seccomp refuses every kill: then nothing else was started
        os.killpg(0, signal.SIGKILL)
    _EXIT(0)  # the real exit: os._exit now flushes through this writer


def _where(error: BaseException, path: str) -> int | None:
    """The line (from 1) of the student's file where ``error`` was raised, if it was there."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == path]
    return frames[-1].lineno if frames else None


def _failure(error: BaseException, path: str) -> dict[str, object]:
    """The ending that tells the parent what the student's code raised."""
    line = _where(error, path)
    if isinstance(error, MemoryError):
        return {"end": "error", "kind": "memory", "line": line}
    if isinstance(error, SystemExit):
        return {"end": "error", "kind": "exit", "line": line, "status": str(error.code)}
    text = "".join(traceback.format_exception_only(type(error), error)).strip()
    kind = "forbidden" if isinstance(error, (PermissionError, ImportError)) else "exception"
    return {"end": "error", "kind": kind, "line": line, "error": text}


def run(source: str, rules: dict[str, object], stream: BinaryIO) -> None:
    """Run the search in ``source`` (the file ``rules["name"]``) at ``rules["n"]``, writing its
    events to ``stream`` (at most ``rules["limit"]``)."""
    path, n, limit = str(rules["name"]), int(rules["n"]), int(rules["limit"])  # type: ignore[call-overload]
    namespace: dict[str, object] = {"__name__": "student_search", "__file__": path}
    end: dict[str, object] = {"end": "done"}
    writer = _Writer(stream, int(rules["parent"]))  # type: ignore[call-overload]
    _flush_before_exit(writer)
    count = 0
    try:
        exec(compile(source, path, "exec"), namespace)  # the student's own file
        search = namespace.get("search")
        if not callable(search):
            end = {"end": "error", "kind": "no_search", "line": None}
            raise StopIteration
        board = SearchBoard(n, path)
        result = search(n, board)
        if not hasattr(result, "__iter__"):
            end = {"end": "error", "kind": "not_generator", "line": None, "what": type(result).__name__}
            raise StopIteration
        events: Iterator[object] = iter(result)
        for count, event in enumerate(events, 1):
            if count > limit:
                end = {"end": "limit", "limit": limit}
                break
            if not isinstance(event, KINDS):
                why = f"it is {type(event).__name__}, not Place, Conflict, Backtrack or Solution"
                line = _yield_line(events) + 1
                end = {"end": "error", "kind": "bad_event", "line": line, "event": count, "why": why}
                break
            if event.line == 0:  # an event the search built itself: the line of its yield
                event = _with_line(event, _yield_line(events))
            _track(board, event)
            writer.add(wire.encode(event))  # checked by the parent: it trusts nothing from here
    except StopIteration:
        pass
    except BaseException as error:  # the student's: reported, never ours
        end = _failure(error, path)
    writer.close(wire.encode_end(end))


def _flush_before_exit(writer: _Writer) -> None:
    """``os._exit`` (and its ``posix`` / ``nt`` twin) first sends the events yielded so far: a
    search that ends its process keeps them, as one that raises does."""
    exit_now = os._exit

    def flushed_exit(status: int) -> NoReturn:
        with contextlib.suppress(Exception):
            writer.close(
                wire.encode_end({"end": "error", "kind": "exit", "line": None, "status": str(status)})
            )
        exit_now(status)

    os._exit = flushed_exit
    native = sys.modules.get("posix") or sys.modules.get("nt")
    if native is not None:
        native._exit = flushed_exit  # type: ignore[attr-defined]


def _with_line(event: Event, line: int) -> Event:
    import dataclasses

    return dataclasses.replace(event, line=line)  # type: ignore[type-var]


def main() -> None:
    """``python -c BOOT ROOT RULES`` (``sandbox.start``): the source on stdin, events on stdout."""
    rules = json.loads(sys.argv[2])
    source = sys.stdin.buffer.read(MAX_SOURCE + 1).decode("utf-8", "replace")
    path = str(rules["name"])
    linecache.cache[path] = (len(source), None, source.splitlines(True), path)  # its tracebacks' lines
    stream = os.fdopen(os.dup(1), "wb")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # whatever the student's code writes to stdout goes nowhere
    sys.stdout = sys.stderr
    import dataclasses  # noqa: F401 - every module run needs is loaded before the sandbox closes

    try:
        sandbox.enter(rules)
    except (OSError, RuntimeError, ValueError) as error:
        ending = wire.encode_end({"end": "error", "kind": "sandbox", "why": str(error)})
        stream.write((ending + "\n").encode())
        stream.flush()
        os._exit(0)
    run(source, rules, stream)
