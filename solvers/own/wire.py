"""The line the student's process writes for each event, and the parent's strict reading of it.

One ASCII line per event, whole numbers only: ``p R C L`` (Place), ``c R C BR BC L`` (Conflict),
``b R C L`` (Backtrack), ``s L C0 … Cn-1`` (Solution; -1 for an empty row), L the line of the
student's file (from 0). The last line is ``e`` and a JSON object: ``{"end": "done"}``,
``{"end": "limit"}`` or ``{"end": "error", ...}``. Nothing else the student chose travels: an
event's ``attempt`` and ``checks`` are the kind's own, so no forged field reaches the window.

The child is the student's own process, so every line is read as hostile: ``decode`` refuses any
line that is not exactly one of these shapes, with whole numbers on the board and a line of the
file, in one sentence (``BadLine``).

>>> encode(Place(1, 2, 7))
'p 1 2 7'
>>> Decoder(4, 10).event(b"c 1 1 0 0 3")
Conflict(row=1, col=1, blocker=(0, 0), line=3, attempt=True, checks=0, wipeout=False)
>>> Decoder(4, 10).event(b"p 1 9 3")
Traceback (most recent call last):
...
solvers.own.wire.BadLine: row 2, column 10 is not on the 4 x 4 board
"""

from __future__ import annotations

import json

from solvers.events import Backtrack, Conflict, Event, Place, Reader, Solution

MAX_LINE = 4096  # bytes of an event's line (a Solution of n = 12 takes 40)
MAX_END = 16384  # bytes of the last line (a traceback, cut to this)


class BadLine(Exception):
    """A line from the child that is not an event: why, in one sentence, and the line of the
    student's file it names (as sent: from 0, maybe not a line of the file; None: it names none)."""

    def __init__(self, why: str, line: int | None = None) -> None:
        super().__init__(why)
        self.line = line


class _Line(Reader[str]):
    """The line of each of the four kinds a search yields."""

    def other(self, event: Event) -> str:
        raise TypeError(type(event).__name__)

    def place(self, event: Place) -> str:
        return f"p {event.row} {event.col} {event.line}"

    def conflict(self, event: Conflict) -> str:
        br, bc = event.blocker
        return f"c {event.row} {event.col} {br} {bc} {event.line}"

    def backtrack(self, event: Backtrack) -> str:
        return f"b {event.row} {event.col} {event.line}"

    def solution(self, event: Solution) -> str:
        return " ".join(["s", str(event.line), *map(str, event.queens)])


_LINE = _Line()


def encode(event: Event) -> str:
    """The line of one of the four kinds a search yields (raises TypeError for any other)."""
    return event.read(_LINE)


def encode_end(end: dict[str, object]) -> str:
    """The last line."""
    return "e " + json.dumps(end)


class Decoder:
    """Reads the lines of one run at ``n`` of a file of ``lines`` lines."""

    def __init__(self, n: int, lines: int) -> None:
        self.n, self.lines = n, max(lines, 1)

    def event(self, raw: bytes) -> Event:
        """The event of one line; ``BadLine`` for anything else (with the event's ``line`` of the
        file, from 1, where its last field names one)."""
        if len(raw) > MAX_LINE:
            raise BadLine(f"its line is {len(raw):,} bytes long")
        parts = raw.split(b" ")
        try:
            numbers = list(map(int, parts[1:]))
        except ValueError:
            raise BadLine("its fields are not whole numbers") from None
        kind, n = parts[0], self.n
        try:
            if kind == b"p" or kind == b"b":
                row, col, line = numbers
                if 0 <= row < n and 0 <= col < n and 0 <= line < self.lines:
                    return (Place if kind == b"p" else Backtrack)(row, col, line)
                self._refuse((row, col), line)
            elif kind == b"c":
                row, col, br, bc, line = numbers
                if 0 <= row < n and 0 <= col < n and 0 <= br < n and 0 <= bc < n and 0 <= line < self.lines:
                    return Conflict(row, col, (br, bc), line)
                self._refuse((row, col), line, (br, bc))
            elif kind == b"s":
                line, *queens = numbers
                if len(queens) == n and all(-1 <= c < n for c in queens) and 0 <= line < self.lines:
                    return Solution(tuple(queens), line)
                if len(queens) != n:
                    raise BadLine(f"a solution needs {n} columns, not {len(queens)}", line)
                if not all(-1 <= c < n for c in queens):
                    raise BadLine(f"a solution's columns must be 1 to {n} (or an empty row)", line)
                self._refuse(None, line)
        except ValueError:  # too few or too many numbers to unpack
            raise BadLine(f"{len(numbers)} numbers do not make a {_shown(kind)} event") from None
        raise BadLine(f"unknown kind {_shown(kind)}")

    def _refuse(
        self, square: tuple[int, int] | None, line: int, other: tuple[int, int] | None = None
    ) -> None:
        """Raise the BadLine that says what of a decoded event is out of range."""
        for r, c in (s for s in (square, other) if s is not None):
            if not (0 <= r < self.n and 0 <= c < self.n):
                raise BadLine(f"row {r + 1}, column {c + 1} is not on the {self.n} x {self.n} board", line)
        raise BadLine(f"line {line + 1} is not a line of the file ({self.lines} lines)", line)


def _shown(kind: bytes) -> str:
    """A kind's letter as the sentence quotes it (at most 12 characters, none unprintable)."""
    return repr(kind[:12].decode("ascii", "backslashreplace"))


def decode_end(raw: bytes) -> dict[str, object]:
    """The last line's object; ``BadLine`` unless it is one of the three endings."""
    try:
        end = json.loads(raw[2 : MAX_END + 2].decode("utf-8", "replace"))
    except ValueError:
        raise BadLine("its last line is not an ending") from None
    if not isinstance(end, dict) or end.get("end") not in ("done", "limit", "error"):
        raise BadLine("its last line is not an ending")
    return end
