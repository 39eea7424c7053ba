"""Resuming a generator from a checkpoint yields exactly what the full run yields from there."""

from __future__ import annotations

from itertools import pairwise

import pytest

from solvers import registry
from solvers.counters import Counters
from solvers.errors import SolverError
from solvers.events import Backtrack, Event, Place, Repair
from solvers.resume import Checkpoint

RESUMABLE = [name for name, spec in registry.ALGORITHMS.items() if spec.resumer is not None]
# (algorithm, n, by_columns) drained in full; every checkpoint of the run is resumed
CASES = dict.fromkeys(
    [
        *[(name, n, False) for name in RESUMABLE for n in (1, 4, 5)],
        *[(name, 5 if name == "brute-force" else 6, False) for name in RESUMABLE],
        ("backtracking", 8, False),
        ("bitmask", 8, False),
        ("permutations-pruned", 7, False),
        *[(name, 6, True) for name in RESUMABLE if registry.get(name).by_columns],
    ]
)


def board_after(queens: list[int | None], event: Event) -> None:
    kind = type(event)
    if kind is Place:
        queens[event.row] = event.col  # type: ignore[union-attr]
    elif kind is Backtrack:
        queens[event.row] = None  # type: ignore[union-attr]
    elif kind is Repair:
        queens[event.row] = event.new  # type: ignore[union-attr]


def checkpoints(name: str, n: int, events: list[Event], by_columns: bool = False) -> list[Checkpoint]:
    """Every checkpoint of a drained run, found as a timeline finds them: from the board and
    the last event."""
    spec = registry.get(name)
    found = [spec.start_checkpoint(n)]
    queens: list[int | None] = [None] * n
    counters = Counters()
    for index, event in enumerate(events, 1):
        board_after(queens, event)
        counters.apply(event)
        state = spec.state_after(n, queens, event, by_columns=by_columns)
        if state is not None:
            found.append(Checkpoint(index, tuple(queens), Counters(**counters.as_dict()), state))
    return found


@pytest.mark.parametrize(("name", "n", "by_columns"), CASES)
@pytest.mark.parametrize("first", [False, True])
def test_resume_yields_the_rest_of_the_run(name, n, by_columns, first):
    spec = registry.get(name)
    options = {"by_columns": True} if by_columns else {}
    events = list(spec.solve(n, first=first, **options))
    found = checkpoints(name, n, events, by_columns)
    step = max(1, len(found) // 60)  # many k, spread over the whole run, and the last
    for checkpoint in [*found[::step], found[-1]]:
        rest = list(spec.resume(n, checkpoint, first=first, **options))
        assert rest == events[checkpoint.index :], (name, n, checkpoint)


@pytest.mark.parametrize(
    ("name", "anywhere"),
    [("backtracking", True), ("brute-force", True), ("permutations", False), ("permutations-pruned", False)],
)
def test_checkpoints_lie_close_together(name, anywhere):
    """Tree walks stop anywhere; the permutation walks right after each test, so a timeline
    replays at most the lifts and places of one move (2n events) to stand between two."""
    n = 5
    events = list(registry.get(name).solve(n))
    indices = [c.index for c in checkpoints(name, n, events)]
    if anywhere:
        assert indices == list(range(len(events) + 1))
    else:
        assert max(b - a for a, b in pairwise(indices)) <= 2 * n + 1
        assert len(events) - indices[-1] <= n  # the last clear


def test_algorithms_without_a_resumer_say_so():
    assert {"forward-checking", "mrv", "bitmask", "brute-force"} <= set(RESUMABLE)
    spec = registry.get("min-conflicts")
    with pytest.raises(SolverError, match="cannot resume"):
        spec.start_checkpoint(6)
