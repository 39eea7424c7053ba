"""Each event kind owns its effect: on the board and domains, in the tree, the marks and the counts."""

from __future__ import annotations

import pytest

from solvers.counters import Counters, depth_profile
from solvers.domains import Domains
from solvers.events import (
    CODES,
    KINDS,
    NO_MARKS,
    Backtrack,
    BoardState,
    Conflict,
    Event,
    Marks,
    Place,
    Prune,
    Repair,
    Restore,
    Solution,
)

#: One event of every kind (a wipe-out Conflict too), as it may come on the board below.
SAMPLES: list[Event] = [
    Place(2, 1),
    Conflict(2, 0, (0, 2)),
    Conflict(3, 3, (0, 2), attempt=False, wipeout=True),
    Backtrack(0, 2),
    Solution((2, 0, 1, 3)),
    Repair(1, 0, 3, 4),
    Prune(3, 1, (0, 2)),
    Restore(3, 0, (0, 2)),
]


def _board() -> BoardState:
    """Queens on rows 0 and 1; row 3's column 0 pruned by (0, 2)."""
    domains = Domains(4)
    domains.remove(3, 0, (0, 2))
    return BoardState([2, 0, None, None], domains)


def _seen(board: BoardState) -> tuple:
    assert board.domains is not None
    return list(board.queens), [list(row) for row in board.domains.by], list(board.domains.size)


#: The kinds events.py defines; an algorithm module's own kinds are tested by its test module.
SHARED = {kind for kind in KINDS if kind.__module__ == "solvers.events"}


def test_every_shared_kind_is_sampled():
    assert {type(event) for event in SAMPLES} == SHARED


@pytest.mark.parametrize("event", SAMPLES, ids=repr)
def test_undo_is_the_exact_inverse_of_apply(event):
    board = _board()
    before = _seen(board)
    event.apply(board)
    event.undo(board)
    assert _seen(board) == before


def test_each_kind_moves_its_own_part_of_the_board():
    board = _board()
    Place(2, 1).apply(board)
    Repair(1, 0, 3, 4).apply(board)
    Backtrack(0, 2).apply(board)
    assert board.queens == [None, 3, 1, None]
    Prune(3, 1, (0, 2)).apply(board)
    Restore(3, 0, (0, 2)).apply(board)
    assert board.domains is not None and board.domains.remaining(3) == [0, 2, 3]
    plain = BoardState([None] * 4)  # no domains kept: Prune and Restore leave it alone
    Prune(3, 1, (0, 2)).apply(plain)
    assert plain.queens == [None] * 4 and plain.domains is None


def test_a_board_hears_each_solution_applied_and_undone():
    heard: list[tuple[tuple[int, ...], int]] = []

    class Listening(BoardState):
        def solved(self, queens, sign):
            heard.append((queens, sign))

    board = Listening([1, 3, 0, 2])
    Solution((1, 3, 0, 2)).apply(board)
    Solution((1, 3, 0, 2)).undo(board)
    assert heard == [((1, 3, 0, 2), 1), ((1, 3, 0, 2), -1)]


def test_codes_are_built_from_the_kinds_and_fit_five_bits():
    assert sorted(code for code, (kind, _) in CODES.items() if kind in SHARED) == list(range(8))
    for kind in KINDS:
        for code, counter in kind.codes().items():
            assert CODES[code] == (kind, counter) and 0 <= code < 32
    for event in SAMPLES:
        assert CODES[event.code()][0] is type(event)
    assert Conflict(0, 0, (0, 0)).code() != Conflict(0, 0, (0, 0), wipeout=True).code()


def test_each_event_counts_on_the_counter_its_kind_names():
    counters = Counters()
    for event in SAMPLES:
        counters.apply(event)
    assert counters == Counters(
        attempts=3, placements=1, backtracks=1, solutions=1, repairs=1, pruned=1, wipeouts=1
    )
    for event in SAMPLES:
        counters.undo(event)
    assert counters == Counters()


def test_counters_of_codes_match_counting_one_by_one():
    per_code = [0] * 32
    for event in SAMPLES:
        per_code[event.code()] += 1
    counted = Counters()
    for event in SAMPLES:
        counted.apply(event)
    assert Counters.of_codes(per_code, counted.attempts, counted.checks) == counted


def test_marks_say_what_the_board_shows_after_each_kind():
    assert Place(2, 1).marks() == Marks(tried=(2, 1))
    assert Conflict(2, 0, (0, 2)).marks() == Marks(tried=(2, 0), refused=(2, 0), blocker=(0, 2))
    assert Backtrack(0, 2).marks() == Marks(lifted=(0, 2))
    assert Repair(1, 0, 3, 4).marks() == Marks(tried=(1, 3), moved=(1, 0, 3))
    assert Solution((1, 3, 0, 2)).marks() == Marks(solution=True)
    assert Prune(3, 1, (0, 2)).marks() is NO_MARKS is Restore(3, 0, (0, 2)).marks()


def test_events_walk_the_search_tree():
    steps: list[tuple] = []

    class Recorder:
        def placed(self, row, col, sign):
            steps.append(("placed", row, col, sign))

        def lifted(self, row, col, sign):
            steps.append(("lifted", row, col, sign))

        def refused(self, row, col, wipeout, sign):
            steps.append(("refused", row, col, wipeout, sign))

        def solved(self, sign):
            steps.append(("solved", sign))

    for event in SAMPLES:
        event.walk(Recorder(), -1)
    assert steps == [
        ("placed", 2, 1, -1),
        ("refused", 2, 0, False, -1),
        ("refused", 3, 3, True, -1),
        ("lifted", 0, 2, -1),
        ("solved", -1),
    ]
    assert depth_profile([Place(0, 1), Conflict(1, 0, (0, 1)), Place(1, 3), Backtrack(1, 3)], 4) == [
        1,
        1,
        1,
        0,
        0,
    ]
