"""Options left: how many squares each empty row and each free column still has, from the domains
a propagation timeline's events leave. Pure, no pygame.

Forward checking and MRV choose among rows; dancing links among rows *and* columns, the one with
the fewest options first. The side view of these counts shows why the next line is chosen.

>>> from solvers import registry
>>> from visualizer.core.timeline import Timeline
>>> timeline = Timeline(registry.get("dlx"), 4)
>>> options = OptionsFollower(timeline)
>>> _ = timeline.step(8)  # the first queen on (0, 0) and its six hides, then the next choice
>>> model = options.model()
>>> model.rows, model.cols, model.fewest
(((1, 2), (2, 2), (3, 2)), ((1, 2), (2, 2), (3, 2)), 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from visualizer.core.domains import DomainFollower
from visualizer.core.timeline import Timeline

Counts = tuple[tuple[int, int], ...]  # (row or column, squares left), ascending


@dataclass(frozen=True, slots=True)
class OptionsModel:
    """A read-only snapshot of the counts, as the side view draws them."""

    n: int
    rows: Counts  # each empty row's squares left (its domain)
    cols: Counts  # each free column's squares left in the empty rows

    @property
    def fewest(self) -> int | None:
        """The smallest count of a row or column (None on a full board)."""
        counts = [k for _, k in self.rows + self.cols]
        return min(counts) if counts else None


class OptionsFollower:
    """The counts of ``timeline``, kept by its own domains follower (step back and seeks included)."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.domains = DomainFollower(timeline.n).attach(timeline)

    def detach(self) -> None:
        self.domains.detach()

    def model(self) -> OptionsModel:
        """The counts now (take it under the timeline's lock)."""
        domains, queens = self.domains.domains, self.timeline.queens
        empty = [r for r, c in enumerate(queens) if c is None]
        taken = {c for c in queens if c is not None}
        rows = tuple((r, domains.size[r]) for r in empty)
        cols = tuple((c, sum(domains.has(r, c) for r in empty)) for c in range(domains.n) if c not in taken)
        return OptionsModel(domains.n, rows, cols)
