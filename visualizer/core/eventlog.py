"""A compact, append-only event log: one 16-byte record per event.

Step back over a whole run must not keep a Python object per event, let alone
a board copy. Each event packs into a little-endian record of three words:

* ``head`` (32 bits): kind code (5 bits), attempt (1), line (6), row (20);
* ``square`` (32 bits): col (20), checks (10);
* ``extra`` (64 bits): a (24 bits) and b (40 bits) -- the blocker of a Conflict,
  the queen of a Prune or Restore, the old column and remaining conflicts of a Repair.

Each kind of event names its codes and what each counts (``Event.codes``; a wipe-out
Conflict has a code of its own) and puts its fields in the record itself
(``Event.pack`` / ``unpack``): the log knows no kind by name, and has room for 32 codes.

Checks too large for 10 bits, and lines past 62 (a student's own file), are kept
exactly in side tables; a line or a count that is no whole number from 0 to 2^63 (a forged
event) is logged as 0, so it can neither break a record nor index past the code. A Solution's
queens are not stored: they are the board at that moment, which the timeline
rebuilds. So 10^7 events take 160 MB; past ``capacity`` the oldest events are
forgotten (whole chunks), which bounds memory on arbitrarily long runs. A log may
begin mid-run (``start``): a timeline that seeks keeps only a cache of events
near its cursor and rebuilds the rest from checkpoints.

Logging is the timeline's hot spot, so ``extend`` takes a whole batch and has
no Python step per event when the solver repeats its (immutable) event objects,
as ``backtracking`` does: each distinct object is packed once and its record
remembered by identity; the batch is then one ``bytes.join``. The counters of a
stretch are read from the records with numpy (``tally``).
"""

from __future__ import annotations

import struct
from collections import deque
from collections.abc import Iterator, Sequence
from operator import itemgetter

import numpy as np

from solvers.counters import Counters
from solvers.events import CODES, Event

_KIND_BITS = 5
_KIND_MASK = (1 << _KIND_BITS) - 1
_CHECKS_ESCAPE = (1 << 10) - 1
_LINE_ESCAPE = (1 << 6) - 1
_COORD_BITS = 20
_COORD_LIMIT = 1 << _COORD_BITS
CHUNK = 1 << 16
BYTES_PER_EVENT = 16
_RECORD = struct.Struct("<IIQ")
_RECORDS = np.dtype([("head", "<u4"), ("square", "<u4"), ("extra", "<u8")])
MEMO_SIZE = 1 << 16  # distinct event objects remembered
MEMO_TRIAL = 1 << 12  # events logged before a memo that mostly misses is dropped

#: An event's record, its checks and its line when they pass their escapes (else 0), and the
#: event itself (held so that its id, the memo's key, stays its own).
_Packed = tuple[bytes, int, int, Event]
_BYTES, _BIG, _LONG = itemgetter(0), itemgetter(1), itemgetter(2)


#: The largest line or checks count logged as it is (a forged one past it is logged as 0).
_MAX_COUNT = (1 << 63) - 1


def _count(value: object) -> int:
    """``value`` when it is a whole number from 0 to ``_MAX_COUNT``, else 0 (a forged event's
    line or checks: a float, a negative number, 10^40).

    >>> _count(7), _count(10**40), _count(-1), _count(2.5), _count(True)
    (7, 0, 0, 0, 0)
    """
    return value if type(value) is int and 0 <= value <= _MAX_COUNT else 0


def _record(event: Event, code: int, row: int, col: int, a: int, b: int) -> bytes:
    """The record of ``event``, whose kind gives its ``code`` and its fields (``Event.pack``)."""
    if (row | col) >> _COORD_BITS:  # negative or too large
        raise ValueError("board too large for the event log")
    line = min(_count(event.line), _LINE_ESCAPE)
    head = code | bool(event.attempt) << _KIND_BITS | line << 6 | row << 12
    square = col | min(_count(event.checks), _CHECKS_ESCAPE) << _COORD_BITS
    return _RECORD.pack(head, square, a | b << 24)


def _pack(event: Event) -> _Packed:
    """The record of ``event`` (see the module docstring)."""
    checks, line = _count(event.checks), _count(event.line)
    return (
        event.pack(_record),
        checks if checks >= _CHECKS_ESCAPE else 0,
        line if line >= _LINE_ESCAPE else 0,
        event,
    )


def _positions(items: list, value: object) -> Iterator[int]:
    """Where ``value`` stands in ``items``, found by ``list.index`` (no Python step per item)."""
    i = 0
    while True:
        try:
            i = items.index(value, i)
        except ValueError:
            return
        yield i
        i += 1


class EventLog:
    """Events by absolute index; the oldest chunks drop out past ``capacity``."""

    def __init__(self, capacity: int = 10_000_000, start: int = 0) -> None:
        self.capacity = max(capacity, CHUNK)
        self._chunks: deque[bytearray] = deque()  # CHUNK records each, the last one filling
        self._big_checks: dict[int, int] = {}
        self._long_lines: dict[int, int] = {}
        self._memo: dict[int, _Packed] | None = {}  # id(event) -> its record, while worth it
        self.start = start  # absolute index of the oldest event kept (a log may begin mid-run)
        self.end = start  # absolute index one past the newest

    def __len__(self) -> int:
        return self.end - self.start

    def append(self, event: Event) -> None:
        """Pack ``event`` at index ``end``."""
        self.extend((event,))

    def extend(self, events: Sequence[Event]) -> None:
        """Pack ``events`` at index ``end`` onwards."""
        memo = self._memo
        if memo is None:
            records = list(map(_pack, events))
        else:
            found: list[_Packed | None] = list(map(memo.get, map(id, events)))
            misses = 0
            for i in _positions(found, None):
                found[i] = packed = _pack(events[i])
                misses += 1
                if len(memo) < MEMO_SIZE:
                    memo[id(events[i])] = packed
            if len(self) >= MEMO_TRIAL and 2 * misses > len(events):
                self._memo = None  # this solver makes a new object per event: stop remembering
            records = found  # type: ignore[assignment]  # no None left
        if any(map(_BIG, records)):
            for i, (_, big, _, _) in enumerate(records):
                if big:
                    self._big_checks[self.end + i] = big
        if any(map(_LONG, records)):
            for i, (_, _, line, _) in enumerate(records):
                if line:
                    self._long_lines[self.end + i] = line
        self._store(b"".join(map(_BYTES, records)))

    def _store(self, data: bytes) -> None:
        before = self.end  # events up to here existed before this batch
        view, done = memoryview(data), 0
        while done < len(data):
            if not self._chunks or len(self._chunks[-1]) == CHUNK * BYTES_PER_EVENT:
                self._chunks.append(bytearray())
            chunk = self._chunks[-1]
            take = min(len(data) - done, CHUNK * BYTES_PER_EVENT - len(chunk))
            chunk += view[done : done + take]
            done += take
            self.end += take // BYTES_PER_EVENT
        # past the capacity, forget the oldest chunks, but none holding an event of this batch
        while len(self._chunks) * CHUNK > self.capacity and self.start + CHUNK <= before:
            self._forget_oldest_chunk()

    def _forget_oldest_chunk(self) -> None:
        self._chunks.popleft()
        self.start += CHUNK
        for table in (self._big_checks, self._long_lines):
            for index in [i for i in table if i < self.start]:
                del table[index]

    def get(self, index: int, queens: Sequence[int | None] = ()) -> Event:
        """The event at absolute ``index``; a Solution takes ``queens`` (the board)."""
        if not self.start <= index < self.end:
            raise IndexError(f"event {index} is not in the log ({self.start}..{self.end - 1})")
        offset = index - self.start
        head, square, extra = _RECORD.unpack_from(self._chunks[offset // CHUNK], offset % CHUNK * 16)
        code = head & _KIND_MASK
        checks = square >> _COORD_BITS
        if checks == _CHECKS_ESCAPE:
            checks = self._big_checks.get(index, checks)
        line = head >> 6 & _LINE_ESCAPE
        if line == _LINE_ESCAPE:
            line = self._long_lines.get(index, line)
        common = (line, bool(head >> _KIND_BITS & 1), checks)  # line, attempt, checks
        col = square & (_COORD_LIMIT - 1)
        a, b = extra & ((1 << 24) - 1), extra >> 24
        return CODES[code][0].unpack(code, head >> 12, col, a, b, common, queens)

    def tally(self, start: int, stop: int) -> Counters:
        """The counters of the events from ``start`` to ``stop`` (exclusive), read from the
        records with numpy: what ``Counters.apply`` gives counting them one by one."""
        if not self.start <= start <= stop <= self.end:
            raise IndexError(f"events {start}..{stop} are not all in the log ({self.start}..{self.end})")
        per_code = np.zeros(_KIND_MASK + 1, np.int64)
        attempts = checks = 0
        index = start
        while index < stop:
            offset = index - self.start
            lo = offset % CHUNK
            hi = min(CHUNK, lo + stop - index)
            records = np.frombuffer(self._chunks[offset // CHUNK], _RECORDS)[lo:hi]
            heads, costs = records["head"], records["square"] >> _COORD_BITS
            per_code += np.bincount(heads & _KIND_MASK, minlength=_KIND_MASK + 1)
            attempts += int((heads >> _KIND_BITS & 1).sum())
            checks += int(costs.sum())
            for i in np.flatnonzero(costs == _CHECKS_ESCAPE).tolist():
                checks += self._big_checks.get(index + i, _CHECKS_ESCAPE) - _CHECKS_ESCAPE
            del records, heads, costs  # release the chunk's buffer before it grows again
            index += hi - lo
        return Counters.of_codes(per_code.tolist(), attempts, checks)

    def domain_changes(self, start: int, stop: int) -> list[tuple[int, int, bool, int, int]]:
        """(row, col, pruned, a, b) of every square's last Prune (pruned) or Restore (any kind with
        ``PRUNES`` set) from ``start`` to ``stop``, the queen on (a, b) named by it: what those events
        leave of the domains, read with numpy (the narration rebuilds its ``Domains`` from them after
        a long jump)."""
        if not self.start <= start <= stop <= self.end:
            raise IndexError(f"events {start}..{stop} are not all in the log ({self.start}..{self.end})")
        last: dict[tuple[int, int], tuple[bool, int, int]] = {}
        # the codes of the kinds that change a square's domain: whether they prune it (else restore it)
        prunes = {code: kind.PRUNES for code, (kind, _) in CODES.items() if kind.PRUNES is not None}
        index = start
        while index < stop:
            offset = index - self.start
            lo = offset % CHUNK
            hi = min(CHUNK, lo + stop - index)
            records = np.frombuffer(self._chunks[offset // CHUNK], _RECORDS)[lo:hi]
            codes = records["head"] & _KIND_MASK
            picked = np.flatnonzero(np.isin(codes, list(prunes)))
            if picked.size:
                rows = (records["head"][picked] >> 12).astype(np.int64)
                cols = (records["square"][picked] & (_COORD_LIMIT - 1)).astype(np.int64)
                extra = records["extra"][picked]
                _, from_end = np.unique((rows << _COORD_BITS | cols)[::-1], return_index=True)
                for k in (picked.size - 1 - from_end).tolist():  # each square's last event here
                    a, b = int(extra[k]) & ((1 << 24) - 1), int(extra[k]) >> 24
                    last[(int(rows[k]), int(cols[k]))] = (prunes[int(codes[picked[k]])], a, b)
            del records, codes
            index += hi - lo
        return [(row, col, pruned, a, b) for (row, col), (pruned, a, b) in last.items()]

    def memory_bytes(self) -> int:
        """Bytes held by the records."""
        return sum(len(chunk) for chunk in self._chunks)
