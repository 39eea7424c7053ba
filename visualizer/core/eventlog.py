"""A compact, append-only event log: one 16-byte record per event.

Step back over a whole run must not keep a Python object per event, let alone
a board copy. Each event packs into a little-endian record of three words:

* ``head`` (32 bits): kind (3 bits), attempt (1), line (6), row (20);
* ``square`` (32 bits): col (20), checks (10);
* ``extra`` (64 bits): a (24 bits) and b (40 bits) -- the blocker of a Conflict,
  the queen of a Prune or Restore, the old column and remaining conflicts of a Repair.

Kind 7, the last code of the 3 bits, is a Conflict with ``wipeout`` set.

Checks too large for 10 bits are kept exactly in a side table. A Solution's
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
from solvers.events import Backtrack, Conflict, Event, Place, Prune, Repair, Restore, Solution

KINDS: tuple[type, ...] = (Place, Conflict, Backtrack, Solution, Repair, Prune, Restore)
_KIND_CODE = {kind: code for code, kind in enumerate(KINDS)}
_WIPEOUT = 7  # a Conflict with wipeout=True
_CHECKS_ESCAPE = (1 << 10) - 1
_COORD_BITS = 20
_COORD_LIMIT = 1 << _COORD_BITS
CHUNK = 1 << 16
BYTES_PER_EVENT = 16
_RECORD = struct.Struct("<IIQ")
_RECORDS = np.dtype([("head", "<u4"), ("square", "<u4"), ("extra", "<u8")])
MEMO_SIZE = 1 << 16  # distinct event objects remembered
MEMO_TRIAL = 1 << 12  # events logged before a memo that mostly misses is dropped

#: An event's record, its checks when they pass the escape (else 0), and the event itself
#: (held so that its id, the memo's key, stays its own).
_Packed = tuple[bytes, int, Event]
_BYTES, _BIG = itemgetter(0), itemgetter(1)


def _pack(event: Event) -> _Packed:
    """The record of ``event`` (see the module docstring)."""
    kind = type(event)
    checks = event.checks
    big = checks if checks >= _CHECKS_ESCAPE else 0
    extra = 0
    code = _KIND_CODE[kind]
    if kind is Conflict or kind is Prune or kind is Restore:
        row, col = event.row, event.col  # type: ignore[union-attr]
        a, b = event.by if kind is not Conflict else event.blocker  # type: ignore[union-attr]
        extra = a | b << 24
        if kind is Conflict and event.wipeout:  # type: ignore[union-attr]
            code = _WIPEOUT
    elif kind is Solution:  # its queens are the board
        row = col = 0
    elif kind is Repair:
        row, col = event.row, event.new  # type: ignore[union-attr]
        extra = event.old | event.conflicts << 24  # type: ignore[union-attr]
    else:
        row, col = event.row, event.col  # type: ignore[union-attr]
    if (row | col) >> _COORD_BITS:  # negative or too large
        raise ValueError("board too large for the event log")
    head = code | event.attempt << 3 | event.line << 4 | row << 10
    square = col | min(checks, _CHECKS_ESCAPE) << _COORD_BITS
    return _RECORD.pack(head, square, extra), big, event


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
            for i, (_, big, _) in enumerate(records):
                if big:
                    self._big_checks[self.end + i] = big
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
        for index in [i for i in self._big_checks if i < self.start]:
            del self._big_checks[index]

    def get(self, index: int, queens: Sequence[int | None] = ()) -> Event:
        """The event at absolute ``index``; a Solution takes ``queens`` (the board)."""
        if not self.start <= index < self.end:
            raise IndexError(f"event {index} is not in the log ({self.start}..{self.end - 1})")
        offset = index - self.start
        head, square, extra = _RECORD.unpack_from(self._chunks[offset // CHUNK], offset % CHUNK * 16)
        kind = head & 7
        attempt = bool(head >> 3 & 1)
        line = head >> 4 & 63
        row = head >> 10
        col = square & (_COORD_LIMIT - 1)
        checks = square >> _COORD_BITS
        if checks == _CHECKS_ESCAPE:
            checks = self._big_checks.get(index, checks)
        a, b = extra & ((1 << 24) - 1), extra >> 24
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

    def tally(self, start: int, stop: int) -> Counters:
        """The counters of the events from ``start`` to ``stop`` (exclusive), read from the
        records with numpy: what ``Counters.apply`` gives counting them one by one."""
        if not self.start <= start <= stop <= self.end:
            raise IndexError(f"events {start}..{stop} are not all in the log ({self.start}..{self.end})")
        per_kind = np.zeros(_WIPEOUT + 1, np.int64)
        attempts = checks = 0
        index = start
        while index < stop:
            offset = index - self.start
            lo = offset % CHUNK
            hi = min(CHUNK, lo + stop - index)
            records = np.frombuffer(self._chunks[offset // CHUNK], _RECORDS)[lo:hi]
            heads, costs = records["head"], records["square"] >> _COORD_BITS
            per_kind += np.bincount(heads & 7, minlength=_WIPEOUT + 1)
            attempts += int((heads >> 3 & 1).sum())
            checks += int(costs.sum())
            for i in np.flatnonzero(costs == _CHECKS_ESCAPE).tolist():
                checks += self._big_checks.get(index + i, _CHECKS_ESCAPE) - _CHECKS_ESCAPE
            del records, heads, costs  # release the chunk's buffer before it grows again
            index += hi - lo
        placements, _, backtracks, solutions, repairs, pruned, _, wipeouts = per_kind.tolist()
        return Counters(attempts, placements, backtracks, solutions, checks, repairs, pruned, wipeouts)

    def domain_changes(self, start: int, stop: int) -> list[tuple[int, int, bool, int, int]]:
        """(row, col, pruned, a, b) of every square's last Prune (pruned) or Restore from ``start``
        to ``stop``, the queen on (a, b) named by it: what those events leave of the domains, read
        with numpy (the narration rebuilds its ``Domains`` from them after a long jump)."""
        if not self.start <= start <= stop <= self.end:
            raise IndexError(f"events {start}..{stop} are not all in the log ({self.start}..{self.end})")
        last: dict[tuple[int, int], tuple[bool, int, int]] = {}
        prune, restore = _KIND_CODE[Prune], _KIND_CODE[Restore]
        index = start
        while index < stop:
            offset = index - self.start
            lo = offset % CHUNK
            hi = min(CHUNK, lo + stop - index)
            records = np.frombuffer(self._chunks[offset // CHUNK], _RECORDS)[lo:hi]
            kinds = records["head"] & 7
            picked = np.flatnonzero((kinds == prune) | (kinds == restore))
            if picked.size:
                rows = (records["head"][picked] >> 10).astype(np.int64)
                cols = (records["square"][picked] & (_COORD_LIMIT - 1)).astype(np.int64)
                extra = records["extra"][picked]
                _, from_end = np.unique((rows << _COORD_BITS | cols)[::-1], return_index=True)
                for k in (picked.size - 1 - from_end).tolist():  # each square's last event here
                    a, b = int(extra[k]) & ((1 << 24) - 1), int(extra[k]) >> 24
                    last[(int(rows[k]), int(cols[k]))] = (int(kinds[picked[k]]) == prune, a, b)
            del records, kinds
            index += hi - lo
        return [(row, col, pruned, a, b) for (row, col), (pruned, a, b) in last.items()]

    def memory_bytes(self) -> int:
        """Bytes held by the records."""
        return sum(len(chunk) for chunk in self._chunks)
