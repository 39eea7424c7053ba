"""The solutions found so far, grouped into classes under the board's eight symmetries. Pure, no pygame.

Seed 004 remarks that the 92 solutions of n = 8 come in symmetric groups: rotating or mirroring
a solution gives a solution, and the 92 fall into 12 classes (one of 4, eleven of 8). Each
solution is filed under its class representative (the smallest of its eight images) as it
arrives, with the symmetry that maps it onto the representative; undo removes the last one.
A "solution" whose queens are not on the n x n board (a student's forged event) is counted but
not filed: it has no image under the symmetries.

>>> from solvers import registry
>>> from visualizer.core.timeline import Timeline
>>> timeline = Timeline(registry.get("backtracking"), 8)
>>> gallery = Gallery(8).attach(timeline)
>>> timeline.run_to_end()
True
>>> gallery.total, len(gallery.classes), sorted(len(v) for v in gallery.classes.values())[:2]
(92, 12, [4, 8])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solvers.board import canonical, symmetry_to_canonical
from solvers.events import Event
from visualizer.core.follower import Follower
from visualizer.core.timeline import MAX_KEPT_SOLUTIONS, Timeline


@dataclass(frozen=True, slots=True)
class GalleryEntry:
    """One kept solution and how it relates to its class."""

    number: int  # 1-based order of discovery
    queens: tuple[int, ...]
    representative: tuple[int, ...]
    symmetry: str  # a key of solvers.board.SYMMETRIES mapping ``queens`` onto ``representative``


@dataclass(frozen=True, slots=True)
class GalleryModel:
    """A read-only snapshot of the gallery, what its renderer draws."""

    total: int  # solutions found (kept or not)
    kept: int
    groups: tuple[tuple[tuple[int, ...], tuple[GalleryEntry, ...]], ...]  # classes, first seen first

    @property
    def overflow(self) -> bool:
        """Whether more solutions were found than are kept."""
        return self.total > self.kept

    @property
    def class_count(self) -> int:
        """How many symmetry classes the kept solutions fall into."""
        return len(self.groups)


class Gallery(Follower):
    """Kept solutions in discovery order, and their classes in order of first appearance."""

    def __init__(self, n: int, *, keep: int = MAX_KEPT_SOLUTIONS) -> None:
        self.n = n
        self.keep = keep
        self.timeline: Timeline | None = None
        self.clear()

    def clear(self) -> None:
        """No solutions."""
        self.total = 0
        self.entries: list[GalleryEntry] = []
        self._skipped: list[int] = []  # the numbers of the solutions off the board, not filed
        self.classes: dict[tuple[int, ...], list[int]] = {}  # representative -> entry indices
        self._model: GalleryModel | None = None

    def attach(self, timeline: Timeline) -> Gallery:
        """Listen to ``timeline``, starting from the solutions it already holds. Returns self."""
        if timeline.n != self.n:
            raise ValueError(f"gallery is for n = {self.n}, timeline has n = {timeline.n}")
        self.detach()
        self.follow(timeline)
        self.on_seek()
        return self

    def on_seek(self) -> None:
        """The timeline jumped: file again the solutions it holds now."""
        timeline = self.timeline
        self.clear()
        if timeline is not None:
            for number, queens in enumerate(timeline.solutions[: self.keep], 1):
                self.total = number
                self._file(queens)
            self.total = timeline.counters.solutions

    @property
    def kept(self) -> int:
        """How many solutions are kept (and grouped)."""
        return len(self.entries)

    @property
    def overflow(self) -> bool:
        """Whether more solutions were found than are kept."""
        return self.total > self.kept

    def on_event(self, event: Event, sign: int) -> None:
        """Timeline listener: file a solution (+1) or take the last one back (-1)."""
        queens = event.solved()
        if queens is None:
            return
        self._model = None
        filed = self.kept + len(self._skipped)
        if sign > 0:
            self.total += 1
            if filed < self.keep:
                self._file(queens)
        else:
            if self.total == filed:  # this one was filed
                if self._skipped and self._skipped[-1] == self.total:
                    self._skipped.pop()
                else:
                    self.remove_last()
            self.total -= 1

    def _file(self, queens: tuple[int, ...]) -> None:
        """File solution number ``total``, or note it as skipped when it is off the board."""
        n = self.n
        if len(queens) == n and all(type(c) is int and 0 <= c < n for c in queens):
            self.add(queens)
        else:
            self._skipped.append(self.total)

    def add(self, queens: tuple[int, ...]) -> GalleryEntry:
        """File one solution under its class (O(n), independent of how many are kept)."""
        queens = tuple(queens)
        self._model = None
        entry = GalleryEntry(len(self.entries) + 1, queens, canonical(queens), symmetry_to_canonical(queens))
        self.classes.setdefault(entry.representative, []).append(len(self.entries))
        self.entries.append(entry)
        if self.total < self.kept:
            self.total = self.kept
        return entry

    def remove_last(self) -> None:
        """Take the most recent solution out (its class goes too if it was the first of it)."""
        self._model = None
        entry = self.entries.pop()
        members = self.classes[entry.representative]
        members.pop()
        if not members:  # the class appeared with this very solution, so it is the newest key
            del self.classes[entry.representative]

    def class_number(self, representative: tuple[int, ...]) -> int:
        """1-based number of a class, in order of first appearance."""
        return list(self.classes).index(representative) + 1

    def groups(self) -> list[tuple[tuple[int, ...], list[GalleryEntry]]]:
        """Classes in order of first appearance, each with its entries."""
        return [(rep, [self.entries[i] for i in members]) for rep, members in self.classes.items()]

    def model(self) -> GalleryModel:
        """The snapshot to draw now (rebuilt only after a change)."""
        if self._model is None:
            groups = tuple(
                (rep, tuple(self.entries[i] for i in members)) for rep, members in self.classes.items()
            )
            self._model = GalleryModel(self.total, self.kept, groups)
        return self._model


@dataclass
class GalleryPager:
    """Which class the gallery starts at, paging by as many classes as the last draw showed.

    >>> pager = GalleryPager()
    >>> pager.drawn(3, 12), pager.down(12), pager.first, pager.down(12), pager.first, pager.up(), pager.first
    (False, True, 3, True, 6, True, 3)
    """

    first: int = 0  # index of the first class shown
    shown: int = 0  # how many classes the last draw fitted from ``first``
    earlier: list[int] = field(default_factory=list)  # the first class of each earlier page
    pending: int = 0  # pages asked for before any draw said how many classes a page holds

    def down(self, classes: int) -> bool:
        """The next page, if the last one did not show the last class; True if it moved (or will,
        at the next draw, when nothing has been drawn yet)."""
        if self.shown == 0:
            self.pending += 1
            return True
        if self.first + self.shown >= classes:
            return False
        self.earlier.append(self.first)
        self.first += self.shown
        return True

    def drawn(self, shown: int, classes: int) -> bool:
        """A draw fitted ``shown`` classes from ``first``; True if a pending page now moved it."""
        self.shown = shown
        moved = False
        while self.pending and shown:
            self.pending -= 1
            moved = self.down(classes) or moved
        return moved

    def up(self) -> bool:
        """The previous page; True if it moved."""
        if not self.earlier and self.first == 0:
            return False
        self.first = self.earlier.pop() if self.earlier else 0
        return True

    def fit(self, classes: int) -> None:
        """Back to the first page when stepping back removed the classes this page started at."""
        if self.first and self.first >= classes:
            self.first, self.earlier = 0, []
