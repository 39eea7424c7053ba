"""A compact, append-only event log: 16 bytes per event.

Step back over a whole run must not keep a Python object per event, let alone
a board copy. Each event packs into three words:

* ``head`` (32 bits): kind (3 bits), attempt (1), line (6), row (20);
* ``square`` (32 bits): col (20), checks (10);
* ``extra`` (64 bits): a (24 bits) and b (40 bits) -- the blocker of a Conflict,
  the old column and remaining conflicts of a Repair.

The fields are laid out so that packing stays in CPython's one-digit ints (below
2^30) for every common event: ``extend`` packs a batch in one loop, no call per
event, and that loop was the timeline's hot spot. Checks too large for 10 bits
are kept exactly in a side table. A Solution's queens are not stored: they are
the board at that moment, which the timeline rebuilds. So 10^7 events take
160 MB; past ``capacity`` the oldest events are forgotten (whole chunks), which
bounds memory on arbitrarily long runs.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Sequence

from solvers.counters import Counters
from solvers.events import Backtrack, Conflict, Event, Place, Repair, Solution

KINDS: tuple[type, ...] = (Place, Conflict, Backtrack, Solution, Repair)
_KIND_CODE = {kind: code for code, kind in enumerate(KINDS)}
_CHECKS_ESCAPE = (1 << 10) - 1
_COORD_BITS = 20
_COORD_LIMIT = 1 << _COORD_BITS
CHUNK = 1 << 16
BYTES_PER_EVENT = 16

Chunk = tuple[array, array, array]


def _chunk() -> Chunk:
    return array("I"), array("I"), array("Q")  # 4 + 4 + 8 bytes an event


class EventLog:
    """Events by absolute index; the oldest chunks drop out past ``capacity``."""

    def __init__(self, capacity: int = 10_000_000) -> None:
        self.capacity = max(capacity, CHUNK)
        self._chunks: deque[Chunk] = deque()
        self._big_checks: dict[int, int] = {}
        self.start = 0  # absolute index of the oldest event kept
        self.end = 0  # absolute index one past the newest

    def __len__(self) -> int:
        return self.end - self.start

    def append(self, event: Event) -> None:
        """Pack ``event`` at index ``end``."""
        self.extend((event,))

    def extend(self, events: Sequence[Event]) -> Counters:
        """Pack ``events`` at index ``end`` onwards; returns their tally, counted in the same pass."""
        heads: list[int] = []
        squares: list[int] = []
        extras: list[int] = []
        put_head, put_square, put_extra = heads.append, squares.append, extras.append
        escape, big = _CHECKS_ESCAPE, self._big_checks
        attempts = total_checks = placements = backtracks = solutions = repairs = 0
        for event in events:
            kind = type(event)
            attempt, line, checks = event.attempt, event.line, event.checks
            attempts += attempt
            total_checks += checks
            if checks >= escape:
                big[self.end + len(heads)] = checks
                checks = escape
            if kind is Conflict:
                row, col = event.row, event.col  # type: ignore[union-attr]
                a, b = event.blocker  # type: ignore[union-attr]
                put_head(1 | attempt << 3 | line << 4 | row << 10)
                put_extra(a | b << 24)
            elif kind is Place:
                row, col = event.row, event.col  # type: ignore[union-attr]
                placements += 1
                put_head(attempt << 3 | line << 4 | row << 10)
                put_extra(0)
            elif kind is Backtrack:
                row, col = event.row, event.col  # type: ignore[union-attr]
                backtracks += 1
                put_head(2 | attempt << 3 | line << 4 | row << 10)
                put_extra(0)
            elif kind is Solution:  # its queens are the board
                row = col = 0
                solutions += 1
                put_head(3 | attempt << 3 | line << 4)
                put_extra(0)
            else:
                row, col = event.row, event.new  # type: ignore[union-attr]
                repairs += 1
                put_head(4 | attempt << 3 | line << 4 | row << 10)
                put_extra(event.old | event.conflicts << 24)  # type: ignore[union-attr]
            if (row | col) >> _COORD_BITS:  # negative or too large
                big.pop(self.end + len(heads) - 1, None)
                raise ValueError("board too large for the event log")
            put_square(col | checks << _COORD_BITS)
        self._store(heads, squares, extras)
        return Counters(attempts, placements, backtracks, solutions, total_checks, repairs)

    def _store(self, heads: list[int], squares: list[int], extras: list[int]) -> None:
        before = self.end  # events up to here existed before this batch
        done = 0
        while done < len(heads):
            if not self._chunks or len(self._chunks[-1][0]) == CHUNK:
                self._chunks.append(_chunk())
            head, square, extra = self._chunks[-1]
            take = min(len(heads) - done, CHUNK - len(head))
            head.extend(heads[done : done + take])
            square.extend(squares[done : done + take])
            extra.extend(extras[done : done + take])
            done += take
            self.end += take
        # past the capacity, forget the oldest chunks, but none holding an event of this batch
        while len(self._chunks) * CHUNK > self.capacity and self.start + CHUNK <= before:
            self._forget_oldest_chunk()

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
        head, square, extra = self._chunks[offset // CHUNK]
        offset %= CHUNK
        word, place, more = head[offset], square[offset], extra[offset]
        kind = word & 7
        attempt = bool(word >> 3 & 1)
        line = word >> 4 & 63
        row = word >> 10
        col = place & (_COORD_LIMIT - 1)
        checks = place >> _COORD_BITS
        if checks == _CHECKS_ESCAPE:
            checks = self._big_checks.get(index, checks)
        a, b = more & ((1 << 24) - 1), more >> 24
        if kind == 0:
            return Place(row, col, line, attempt, checks)
        if kind == 1:
            return Conflict(row, col, (a, b), line, attempt, checks)
        if kind == 2:
            return Backtrack(row, col, line, attempt, checks)
        if kind == 3:
            return Solution(tuple(c for c in queens if c is not None), line, attempt, checks)
        return Repair(row, a, col, b, line, attempt, checks)

    def memory_bytes(self) -> int:
        """Bytes held by the packed arrays."""
        return sum(sum(part.itemsize * len(part) for part in chunk) for chunk in self._chunks)
