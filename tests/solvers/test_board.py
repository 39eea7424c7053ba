"""The board model: attacks, validity, symmetries and fundamental classes."""

from __future__ import annotations

from solvers import registry
from solvers.board import (
    SYMMETRIES,
    Board,
    attacks,
    canonical,
    first_conflict,
    fundamental_classes,
    images,
    is_solution,
    symmetry_to_canonical,
)
from solvers.events import Solution


def all_solutions(n):
    return [e.queens for e in registry.get("bitmask").solve(n) if isinstance(e, Solution)]


def test_attacks_on_lines_and_diagonals():
    assert attacks((0, 0), (0, 5)) and attacks((0, 0), (5, 0)) and attacks((2, 3), (4, 5))
    assert attacks((2, 3), (4, 1)) and not attacks((0, 0), (1, 2)) and not attacks((1, 1), (1, 1))


def test_first_conflict_names_the_pair():
    assert first_conflict([0, 2, 1, None]) == ((1, 2), (2, 1))
    assert first_conflict([1, 3, 0, 2]) is None
    assert not is_solution([1, 3, 0, None]) and is_solution([1, 3, 0, 2])


def test_board_attacked_squares_and_attacker():
    board = Board(4, [0, None, None, None])
    grid = board.attacked()
    assert grid[0][0] is False, "a lone queen is not attacked"
    assert grid[0][3] and grid[3][0] and grid[3][3] and grid[1][1]
    assert not grid[1][2] and not grid[2][1]
    assert board.attacker(2, 2) == (0, 0) and board.attacker(1, 2) is None
    board.place(1, 1)
    assert board.attacked()[0][0] and board.conflict() == ((0, 0), (1, 1))
    board.remove(1, 1)
    assert board.depth() == 1


def test_eight_symmetries_form_the_group():
    q = (0, 4, 7, 5, 2, 6, 1, 3)
    found = images(q)
    assert len(found) == len(SYMMETRIES) == 8
    assert all(is_solution(image) for image in found.values())
    assert SYMMETRIES["rotate-90"](SYMMETRIES["rotate-270"](q)) == q
    assert SYMMETRIES["mirror"](SYMMETRIES["mirror"](q)) == q
    assert found["mirror"] == (7, 3, 0, 2, 5, 1, 6, 4)


def test_symmetry_to_canonical_maps_onto_the_representative():
    for q in all_solutions(8):
        name = symmetry_to_canonical(q)
        assert SYMMETRIES[name](q) == canonical(q)


def test_fundamental_classes(reference):
    fundamental = {int(k): v for k, v in reference["fundamental_solutions"].items()}
    for n in range(1, 10):
        classes = fundamental_classes(all_solutions(n))
        assert len(classes) == fundamental[n], n
    classes = fundamental_classes(all_solutions(8))
    assert sum(len(members) for members in classes.values()) == 92
    assert sorted(len(m) for m in classes.values()) == [4] + [8] * 11
