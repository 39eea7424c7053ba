"""The process a student's search runs in: ``python -m solvers.own.child FILE N LIMIT``.

It runs the file's ``search(n, board)`` generator and writes each event it yields as one JSON line
on the stream it was given (the original stdout), in batches; the student's own ``print`` goes to
stderr, so it can never corrupt the stream. The last line is ``{"end": ...}``: ``done``,
``limit`` (more than LIMIT events), or ``error`` with the student's traceback, their file's frames
only. Memory and CPU time are capped by the parent (``solvers.own.search``).
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
import sys
import threading
import traceback
from collections.abc import Iterator
from types import FrameType
from typing import TextIO

from solvers.events import Backtrack, Conflict, Event, Place, Solution, event_to_dict

BATCH = 256  # events written at a time
FLUSH_SECONDS = 0.05  # or what there is after this long: the window sees a slow search's events soon
KINDS = (Place, Conflict, Backtrack, Solution)  # what a student's search may yield


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
        others = [(r, c) for r, c in enumerate(self.queens) if c is not None and r != row]
        for same in (lambda r, c: c == col, lambda r, c: r + c == row + col, lambda r, c: r - c == row - col):
            for r, c in others:
                if same(r, c):
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
    """A Place or Backtrack the student built by hand moves their board too."""
    if isinstance(event, Place):
        board.queens[event.row] = event.col
    elif isinstance(event, Backtrack) and board.queens[event.row] == event.col:
        board.queens[event.row] = None


def _student_traceback(error: BaseException, path: str) -> str:
    """The traceback of ``error`` with only the frames of the student's file."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == path]
    lines = [f'  File "{os.path.basename(path)}", line {f.lineno}, in {f.name}\n    {f.line}' for f in frames]
    return "\n".join([*lines, f"{type(error).__name__}: {error}"])


def _yield_line(events: object) -> int:
    """The line (0-based) of the ``yield`` the search stands at: the innermost generator of its
    ``yield from`` chain (0 when the search is not a generator)."""
    while inspect.isgenerator(getattr(events, "gi_yieldfrom", None)):
        events = events.gi_yieldfrom  # type: ignore[attr-defined]
    frame = getattr(events, "gi_frame", None)
    return frame.f_lineno - 1 if frame is not None else 0


class _Writer:
    """The events' lines to the stream: a batch at a time, and at least every ``FLUSH_SECONDS``
    from a thread of its own, so the events of a search that is slow (or stuck) arrive soon."""

    def __init__(self, stream: TextIO) -> None:
        self.stream, self.lock = stream, threading.Lock()
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
            with self.lock:
                if self.batch and not self.done.is_set():
                    self._flush()

    def _flush(self) -> None:
        self.stream.write("\n".join(self.batch) + "\n")
        self.stream.flush()
        self.batch.clear()


def run(path: str, n: int, limit: int, stream: TextIO) -> None:
    """Run the search of ``path`` at ``n``, writing its events to ``stream`` (at most ``limit``)."""
    source = open(path, encoding="utf-8").read()  # noqa: SIM115 - read once, closed by the GC
    namespace: dict[str, object] = {"__name__": "student_search", "__file__": path}
    end: dict[str, object] = {"end": "done"}
    writer = _Writer(stream)
    try:
        exec(compile(source, path, "exec"), namespace)  # the student's own file
        search = namespace.get("search")
        if not callable(search):
            raise NameError("the file defines no search(n, board) function")
        board = SearchBoard(n, path)
        events: Iterator[object] = iter(search(n, board))  # type: ignore[call-overload]
        for count, event in enumerate(events, 1):
            if not isinstance(event, KINDS):
                raise TypeError(
                    f"search yielded {event!r}, not an event (Place, Conflict, Backtrack, Solution)"
                )
            if event.line == 0:  # an event the search built itself: the line of its yield
                event = dataclasses.replace(event, line=_yield_line(events))
            _track(board, event)
            if count > limit:
                end = {"end": "limit", "limit": limit}
                break
            writer.add(json.dumps(event_to_dict(event)))
    except BaseException as error:  # the student's: reported, never ours
        if isinstance(error, KeyboardInterrupt):
            raise
        end = {"end": "error", "error": _student_traceback(error, path)}
    writer.close(json.dumps(end))


def main() -> None:
    path, n, limit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    stream = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # whatever the student's code writes to stdout goes to stderr
    sys.stdout = sys.stderr
    run(path, n, limit, stream)


if __name__ == "__main__":
    main()
