"""What the board should show right now, derived from a timeline. Pure, no pygame.

Renderers draw a ``Scene``; they never look at the timeline or the solver.
The attacked squares come from ``solvers.board.attacked_squares`` (re-exported here).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers.board import attacked_squares
from solvers.events import NO_MARKS
from visualizer.core.domains import DomainFollower, DomainsView
from visualizer.core.timeline import Timeline

Square = tuple[int, int]
#: Above this n the attacked-squares shading is not computed (it is unreadable anyway).
MAX_SHADED_N = 200

__all__ = ["MAX_SHADED_N", "Scene", "attacked_squares", "scene_of"]


@dataclass(frozen=True)
class Scene:
    """The board's state and the last event's marks, ready to draw."""

    n: int
    queens: tuple[int | None, ...]
    tried: Square | None = None  # the square the last event tested or placed on
    refused: Square | None = None  # a square refused because ``blocker`` attacks it
    blocker: Square | None = None
    lifted: Square | None = None  # the square a backtrack just emptied
    moved: tuple[int, int, int] | None = None  # (row, old, new) of a local-search repair
    solution_number: int | None = None  # set while the board shows a solution
    line: int | None = None  # pseudo-code line of the last event
    attacked: np.ndarray | None = None  # bool (n, n): squares some queen attacks
    event_index: int = 0
    finished: bool = False
    won: bool = False  # game mode: the player's board is a solution (queens in the solution colour)
    domains: DomainsView | None = None  # constraint propagation: each empty row's remaining columns
    blocked: frozenset[Square] = frozenset()  # a constrained instance's holes (its Setup)
    given: frozenset[Square] = frozenset()  # ... and its given queens


def scene_of(
    timeline: Timeline, *, shade_attacked: bool = True, domains: DomainFollower | None = None
) -> Scene:
    """The scene for the timeline's current position (with ``domains`` following it: their snapshot)."""
    queens = tuple(timeline.queens)
    event = timeline.last
    marks = event.marks() if event is not None else NO_MARKS
    shade = shade_attacked and timeline.n <= MAX_SHADED_N
    return Scene(
        n=timeline.n,
        queens=queens,
        tried=marks.tried,
        refused=marks.refused,
        blocker=marks.blocker,
        lifted=marks.lifted,
        moved=marks.moved,
        solution_number=timeline.counters.solutions if marks.solution else None,
        line=event.line if event is not None else None,
        attacked=attacked_squares(queens) if shade else None,
        event_index=timeline.cursor,
        finished=timeline.finished,
        domains=domains.snapshot(queens, mrv=timeline.spec.dynamic_rows) if domains else None,
        blocked=timeline.board.blocked,
        given=timeline.board.given,
    )
