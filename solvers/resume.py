"""Checkpoints: where a run stands, enough to resume its generator from there.

A ``Checkpoint`` is the event index, the board, the counters and a small
``state`` of ints that, with the board, tells a generator what comes next.
``spec.resume(n, checkpoint)`` yields exactly the events the full run yields
from ``checkpoint.index`` on.

Each shape of walk is a ``Resumer`` its ``AlgorithmSpec`` holds (``spec.resumer``). The one
several families share is here:

* ``TreeResume`` -- the backtracking family, bitmask and brute force: one
  queen per row, a square at a time. The state is ``(row, col, phase)``:
  ``TRY`` (row, col) next (a column past the last: go back a row), ``FULL``
  (the board is complete: its Solution or verdict comes next), ``LIFT``
  (the last row's queen is lifted next) or ``SOLVED`` (a Solution was just
  reported: lift next, unless the run stops at the first). Every event
  boundary is a checkpoint.

A family whose walk has a shape of its own keeps its resumer beside its spec, with its engine
model and kernels: ``enumeration_engine.PermutationResume`` (the permutation walks, checkpoints
right after each test) and ``propagation_engine.PlacementResume`` (forward checking and MRV,
right after each Place, Solution and Backtrack), in ``solvers/algorithms/``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from solvers.counters import Counters
from solvers.events import Backtrack, Conflict, Event, Place, Reader, Solution

Board = tuple[int | None, ...]
State = tuple[int, ...]

TRY, FULL, LIFT, SOLVED = 0, 1, 2, 3
PLACED = 4  # constraint propagation: right after a Place (its prunes come next)
PRUNED = 5  # ... right after its prunes (a wrong version's start: ``solvers.variants``)


#: Where a generator starts: the board (``queens[row]``, None or -1 for an empty row) and its state.
Start = tuple[Sequence[int | None], State]


def begin(n: int, start: Start | None) -> tuple[list[int], int, int, int]:
    """The board as a list (-1 for an empty row) and the three ints of the state to start from
    (a tree walk's start, ``(0, 0, TRY)``, when ``start`` is None)."""
    if start is None:
        return [-1] * n, 0, 0, TRY
    board, (a, b, c) = start
    return [-1 if q is None else q for q in board], a, b, c


@dataclass(frozen=True)
class Checkpoint:
    """A moment of a run: ``index`` events applied, the board and counters then, and the walk's state."""

    index: int
    queens: Board
    counters: Counters = field(compare=True)
    state: State

    def placed(self) -> list[int]:
        """The board as the generators take it: ``queens[row]``, -1 for an empty row."""
        return [-1 if c is None else c for c in self.queens]


class Resumer:
    """How one shape of walk names its state (held by an ``AlgorithmSpec`` as ``resume``)."""

    def start(self, n: int) -> Checkpoint:
        """The checkpoint before the first event."""
        raise NotImplementedError

    def state_after(self, n: int, queens: Sequence[int | None], event: Event) -> State | None:
        """The state right after ``event`` left the board ``queens``; None when that is no checkpoint."""
        raise NotImplementedError


class After(Reader[State | None]):
    """A resumer's state right after one event, on the board ``queens`` of size ``n`` (each kind
    read by its own method; a kind that leaves no checkpoint: None)."""

    def __init__(self, n: int, queens: Sequence[int | None]) -> None:
        self.n, self.queens = n, queens

    def other(self, event: Event) -> State | None:
        return None


class _TreeAfter(After):
    def __init__(self, n: int, queens: Sequence[int | None], verdicts: bool) -> None:
        super().__init__(n, queens)
        self.verdicts = verdicts

    def place(self, event: Place) -> State | None:
        row, col = event.row, event.col
        return (row, col, FULL) if row == self.n - 1 else (row + 1, 0, TRY)

    def solution(self, event: Solution) -> State | None:
        return (self.n - 1, self.queens[self.n - 1] or 0, SOLVED)

    def conflict(self, event: Conflict) -> State | None:
        if self.verdicts:
            return (self.n - 1, self.queens[self.n - 1] or 0, LIFT)
        return (event.row, event.col + 1, TRY)

    def backtrack(self, event: Backtrack) -> State | None:
        return (event.row, event.col + 1, TRY)


class TreeResume(Resumer):
    """One queen per row, square by square (backtracking family, bitmask, brute force).

    ``verdicts``: a Conflict closes a whole board (brute force) rather than refusing one square.
    """

    def __init__(self, verdicts: bool = False) -> None:
        self.verdicts = verdicts

    def start(self, n: int) -> Checkpoint:
        return Checkpoint(0, (None,) * n, Counters(), (0, 0, TRY))

    def state_after(self, n: int, queens: Sequence[int | None], event: Event) -> State | None:
        return event.read(_TreeAfter(n, queens, self.verdicts))


def transpose(queens: Sequence[int | None]) -> Board:
    """The board seen column by column: ``out[col] = row`` (an involution on partial boards)."""
    out: list[int | None] = [None] * len(queens)
    for row, col in enumerate(queens):
        if col is not None:
            out[col] = row
    return tuple(out)


class Transposed:
    """Swap rows and columns of every event: seed 001's column-by-column walk."""

    @staticmethod
    def event(event: Event) -> Event:
        return event.transposed()
