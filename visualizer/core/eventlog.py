"""A compact, append-only event log: two 64-bit words per event.

Step back over a whole run must not keep a Python object per event, let alone
a board copy. Each event packs into 16 bytes:

* word 1: kind (3 bits), attempt (1), line (6), row (20), col (20), checks (13);
* word 2: a (24 bits) and b (40 bits) -- the blocker of a Conflict, the queen
  of a Prune or Restore, the old column and remaining conflicts of a Repair.

Kind 7 is a Conflict with ``wipeout`` set (the eighth code of the 3 bits).

Checks too large for 13 bits are kept exactly in a side table. A Solution's
queens are not stored: they are the board at that moment, which the timeline
rebuilds. So 10^7 events take 160 MB; past ``capacity`` the oldest events are
forgotten (whole chunks), which bounds memory on arbitrarily long runs.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Sequence

from solvers.events import Backtrack, Conflict, Event, Place, Prune, Repair, Restore, Solution

KINDS: tuple[type, ...] = (Place, Conflict, Backtrack, Solution, Repair, Prune, Restore)
_KIND_CODE = {kind: code for code, kind in enumerate(KINDS)}
_WIPEOUT = 7  # a Conflict with wipeout=True
_CHECKS_ESCAPE = (1 << 13) - 1
_COORD_LIMIT = 1 << 20
CHUNK = 1 << 16
BYTES_PER_EVENT = 16


class EventLog:
    """Events by absolute index; the oldest chunks drop out past ``capacity``."""

    def __init__(self, capacity: int = 10_000_000) -> None:
        self.capacity = max(capacity, CHUNK)
        self._chunks: deque[tuple[array, array]] = deque()
        self._big_checks: dict[int, int] = {}
        self.start = 0  # absolute index of the oldest event kept
        self.end = 0  # absolute index one past the newest

    def __len__(self) -> int:
        return self.end - self.start

    def append(self, event: Event) -> None:
        """Pack ``event`` at index ``end``."""
        kind = _KIND_CODE[type(event)]
        checks = event.checks
        if checks >= _CHECKS_ESCAPE:
            self._big_checks[self.end] = checks
            checks = _CHECKS_ESCAPE
        a = b = 0
        if kind == 3:  # Solution: queens are the board
            row = col = 0
        elif kind == 4:  # Repair
            row, col, a, b = event.row, event.new, event.old, event.conflicts  # type: ignore[union-attr]
        else:
            row, col = event.row, event.col  # type: ignore[union-attr]
            if kind == 1:
                a, b = event.blocker  # type: ignore[union-attr]
                if event.wipeout:  # type: ignore[union-attr]
                    kind = _WIPEOUT
            elif kind >= 5:  # Prune, Restore
                a, b = event.by  # type: ignore[union-attr]
        if not (0 <= row < _COORD_LIMIT and 0 <= col < _COORD_LIMIT):
            raise ValueError("board too large for the event log")
        word1 = kind | event.attempt << 3 | event.line << 4 | row << 10 | col << 30 | checks << 50
        if not self._chunks or len(self._chunks[-1][0]) == CHUNK:
            self._chunks.append((array("q"), array("q")))
            if len(self._chunks) * CHUNK > self.capacity:
                self._forget_oldest_chunk()
        first, second = self._chunks[-1]
        first.append(word1)
        second.append(a | b << 24)
        self.end += 1

    def _forget_oldest_chunk(self) -> None:
        self._chunks.popleft()
        self.start += CHUNK
        for index in [i for i in self._big_checks if i < self.start]:
            del self._big_checks[index]

    def get(self, index: int, queens: Sequence[int | None] = ()) -> Event:
        """The event at absolute ``index``; a Solution takes ``queens`` (the board)."""
        if not self.start <= index < self.end:
            raise IndexError(f"event {index} is not in the log ({self.start}..{self.end - 1})")
        offset = index - self.start
        first, second = self._chunks[offset // CHUNK]
        word1, word2 = first[offset % CHUNK], second[offset % CHUNK]
        kind = word1 & 7
        attempt = bool(word1 >> 3 & 1)
        line = word1 >> 4 & 63
        row = word1 >> 10 & (_COORD_LIMIT - 1)
        col = word1 >> 30 & (_COORD_LIMIT - 1)
        checks = word1 >> 50
        if checks == _CHECKS_ESCAPE:
            checks = self._big_checks.get(index, checks)
        a, b = word2 & ((1 << 24) - 1), word2 >> 24
        if kind == 0:
            return Place(row, col, line, attempt, checks)
        if kind == 1:
            return Conflict(row, col, (a, b), line, attempt, checks)
        if kind == 2:
            return Backtrack(row, col, line, attempt, checks)
        if kind == 3:
            return Solution(tuple(c for c in queens if c is not None), line, attempt, checks)
        if kind == 4:
            return Repair(row, a, col, b, line, attempt, checks)
        if kind == 5:
            return Prune(row, col, (a, b), line, attempt, checks)
        if kind == 6:
            return Restore(row, col, (a, b), line, attempt, checks)
        return Conflict(row, col, (a, b), line, attempt, checks, True)

    def memory_bytes(self) -> int:
        """Bytes held by the packed arrays."""
        return sum(
            first.itemsize * len(first) + second.itemsize * len(second) for first, second in self._chunks
        )
