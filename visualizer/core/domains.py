"""The remaining columns of every row, kept in step with a propagation timeline. Pure, no pygame.

``DomainFollower`` wraps ``solvers.domains.Domains`` (the solvers' own domains, rebuilt
from the ``Prune`` and ``Restore`` events alone): each event applied or undone moves it,
so step back restores the columns; a reset empties it. ``snapshot`` hands the board a
frozen ``DomainsView``, with MRV's next row and why (its domain is the smallest).

>>> from solvers import registry
>>> from visualizer.core.timeline import Timeline
>>> timeline = Timeline(registry.get("mrv"), 4)
>>> follower = DomainFollower(4).attach(timeline)
>>> _ = timeline.step(6)  # (0, 0) placed, its five prunes
>>> view = follower.snapshot(timeline.queens, mrv=True)
>>> view.remaining(1), view.pruned_by[1][0], view.mrv_row, view.sizes[view.mrv_row]
((2, 3), (0, 0), 1, 2)
>>> _ = timeline.back(6); follower.snapshot(timeline.queens).sizes
(4, 4, 4, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solvers.domains import Domains, mrv_row
from solvers.events import BoardState, Event
from solvers.registry import AlgorithmSpec
from visualizer.core.follower import Follower
from visualizer.core.timeline import Timeline

Square = tuple[int, int]


def shows_domains(spec: AlgorithmSpec) -> bool:
    """Whether ``spec``'s events carry domains (``Prune`` / ``Restore``): constraint propagation."""
    return spec.keeps_domains


@dataclass(frozen=True, slots=True)
class DomainsView:
    """A read-only snapshot of the domains, as the board draws them."""

    n: int
    pruned_by: tuple[tuple[Square | None, ...], ...]  # [row][col]: the queen that pruned it, or None
    sizes: tuple[int, ...]  # columns left in each row
    empty_rows: tuple[int, ...]  # rows without a queen, whose domains the board shows
    mrv_row: int | None = None  # MRV's next row (fewest columns left, ties: the lowest; none at a wipe-out)

    def remaining(self, row: int) -> tuple[int, ...]:
        """``row``'s domain, ascending."""
        return tuple(col for col, by in enumerate(self.pruned_by[row]) if by is None)


class DomainFollower(Follower):
    """The domains after the events a timeline has applied (undo with step back)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.timeline: Timeline | None = None
        self.clear()

    def clear(self) -> None:
        """Every row with all n columns."""
        self.domains = Domains(self.n)

    def on_event(self, event: Event, sign: int) -> None:
        """Timeline listener: apply (sign +1) or undo (-1) a Prune or Restore."""
        self.domains.apply(event, sign)

    def on_seek(self) -> None:
        """The timeline jumped (a seek, a step back past its cache, an instant result): its log
        may start mid-run, so the domains are rebuilt from the board at the log's last Place
        (``domains_before``), else from the whole run up to the cursor."""
        timeline = self.timeline
        rebuilt = None
        if timeline is not None and timeline.spec.domains_after is not None:  # (a constrained run: replay)
            rebuilt = domains_before(timeline, timeline.cursor, timeline.queens)
        self.clear()
        if rebuilt is not None:
            self.domains = rebuilt
        elif timeline is not None:
            timeline.replay(self.on_event)

    def attach(self, timeline: Timeline) -> DomainFollower:
        """Listen to ``timeline``, first catching up with what it has applied (from its log)."""
        if timeline.n != self.n:
            raise ValueError(f"domains are for n = {self.n}, timeline has n = {timeline.n}")
        if timeline.history_start > 0:
            raise ValueError("the timeline forgot its first events; attach before running it")
        self.detach()
        self.clear()
        self.catch_up(timeline)
        self.follow(timeline)
        return self

    def snapshot(self, queens: Sequence[int | None], *, mrv: bool = False) -> DomainsView:
        """The domains now, and (``mrv``) the row MRV fills next (take it under the timeline's lock)."""
        domains = self.domains
        return DomainsView(
            n=self.n,
            pruned_by=tuple(tuple(row) for row in domains.by),
            sizes=tuple(domains.size),
            empty_rows=tuple(row for row, col in enumerate(queens) if col is None),
            mrv_row=_next_row(domains, queens) if mrv else None,
        )


def domains_before(timeline: Timeline, first: int, queens: Sequence[int | None]) -> Domains | None:
    """The domains before event ``first`` of ``timeline``'s log (``queens``: the board there):
    rebuilt from the board right after the last Place before it (its spec's ``domains_after``),
    then that Place's prunes and what followed; from the run's start when the log holds it, else
    from the checkpoint the log starts at (its spec's ``domains_at``). None when none of these is
    known (the spec cannot rebuild its domains)."""
    start, board = timeline.history_start, BoardState(list(queens))
    spec, base = timeline.spec, timeline.log_base
    at = first
    while at > start and (event := timeline.log.get(at - 1)).placed() is None:
        event.undo(board)
        at -= 1
    if at > start and spec.domains_after is not None:
        domains = spec.domains_after(board.queens)
    elif start == 0:
        domains = Domains(timeline.n)
    elif base is not None and spec.domains_at is not None:  # the log starts at a checkpoint
        domains = spec.domains_at(base)
    else:
        return None
    for row, col, pruned, a, b in timeline.log.domain_changes(at, first):
        if pruned:
            if domains.by[row][col] is None:
                domains.remove(row, col, (a, b))
            else:
                domains.by[row][col] = (a, b)
        elif domains.by[row][col] is not None:
            domains.put_back(row, col)
    return domains


def _next_row(domains: Domains, queens: Sequence[int | None]) -> int | None:
    """MRV's next row, or None on a full board or while a wipe-out (a row left empty) is undone."""
    row = mrv_row(domains, queens)
    return row if row is not None and domains.size[row] > 0 else None
