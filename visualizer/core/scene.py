"""What the board should show right now, derived from a timeline. Pure, no pygame.

Renderers draw a ``Scene``; they never look at the timeline or the solver.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers.events import Backtrack, Conflict, Place, Repair, Solution
from visualizer.core.timeline import Timeline

Square = tuple[int, int]
#: Above this n the attacked-squares shading is not computed (it is unreadable anyway).
MAX_SHADED_N = 200


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


def attacked_squares(queens: tuple[int | None, ...]) -> np.ndarray:
    """A bool (n, n) array: squares attacked by a queen other than one on them.

    Queens per row, column and diagonal are counted once (``bincount``), then every
    square adds up its four lines: O(n^2) whatever the number of queens.
    """
    n = len(queens)
    rows = np.array([r for r, c in enumerate(queens) if c is not None], dtype=np.int64)
    cols = np.array([c for c in queens if c is not None], dtype=np.int64)
    r, c = np.indices((n, n))
    count = (
        np.bincount(rows, minlength=n)[r]
        + np.bincount(cols, minlength=n)[c]
        + np.bincount(rows + cols, minlength=2 * n - 1)[r + c]
        + np.bincount(rows - cols + n - 1, minlength=2 * n - 1)[r - c + n - 1]
    )
    own = np.zeros((n, n), dtype=np.int64)
    if len(rows):
        own[rows, cols] = 4  # a queen lies on each of its own four lines
    return count > own


def scene_of(timeline: Timeline, *, shade_attacked: bool = True) -> Scene:
    """The scene for the timeline's current position."""
    queens = tuple(timeline.queens)
    event = timeline.last
    marks: dict[str, object] = {}
    if isinstance(event, Place):
        marks["tried"] = (event.row, event.col)
    elif isinstance(event, Conflict):
        marks.update(tried=(event.row, event.col), refused=(event.row, event.col), blocker=event.blocker)
    elif isinstance(event, Backtrack):
        marks["lifted"] = (event.row, event.col)
    elif isinstance(event, Repair):
        marks.update(moved=(event.row, event.old, event.new), tried=(event.row, event.new))
    elif isinstance(event, Solution):
        marks["solution_number"] = timeline.counters.solutions
    shade = shade_attacked and timeline.n <= MAX_SHADED_N
    return Scene(
        n=timeline.n,
        queens=queens,
        line=event.line if event is not None else None,
        attacked=attacked_squares(queens) if shade else None,
        event_index=timeline.cursor,
        finished=timeline.finished,
        **marks,  # type: ignore[arg-type]
    )
