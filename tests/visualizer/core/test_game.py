"""Seed 000's game rules, on the pure game model."""

from __future__ import annotations

import pytest

from visualizer.core.game import Game


def play(n, clicks, **options):
    game = Game(n, **options)
    results = [game.click(r, c) for r, c in clicks]
    return game, results


def test_four_safe_queens_win():
    game, results = play(4, [(0, 1), (1, 3), (2, 0), (3, 2)])
    assert results == ["placed", "placed", "placed", "won"]
    assert game.outcome == "won" and game.queens == [1, 3, 0, 2] and game.moves == 4


def test_an_attacked_square_loses_and_names_the_attacker():
    game, results = play(8, [(0, 0), (1, 1)])
    assert results == ["placed", "lost"]
    assert game.outcome == "lost"
    assert game.refusal.square == (1, 1) and game.refusal.attacker == (0, 0)
    assert game.click(5, 5) == "over"


def test_a_second_queen_in_a_row_is_attacked_by_the_first():
    game, results = play(8, [(3, 1), (3, 6)])
    assert results[-1] == "lost" and game.refusal.attacker == (3, 1)


def test_clicking_a_queen_removes_it():
    game, results = play(8, [(0, 0), (0, 0)])
    assert results == ["placed", "removed"] and game.queens == [None] * 8


def test_relaxed_refuses_instead_of_losing():
    game, results = play(8, [(0, 0), (1, 1), (1, 2)], relaxed=True)
    assert results == ["placed", "refused", "placed"]
    assert game.outcome == "playing" and game.refusal is None


def test_time_and_retry():
    now = [100.0]
    game = Game(4, clock=lambda: now[0])
    now[0] = 160.0  # a minute looking at the empty board: the clock has not started
    assert game.elapsed == 0.0
    now[0] = 100.0
    for square in [(0, 1), (1, 3), (2, 0)]:
        game.click(*square)
    now[0] = 112.5
    game.click(3, 2)
    now[0] = 200.0
    assert game.outcome == "won" and game.elapsed == 12.5
    game.retry()
    assert game.outcome == "playing" and game.queens == [None] * 4 and game.moves == 0


def test_hints_safe_squares_and_completions():
    game = Game(8)
    assert len(game.safe_squares()) == 64
    assert game.completions() == (92, True)
    game.click(0, 0)
    assert (1, 1) not in game.safe_squares() and (1, 2) in game.safe_squares()
    assert game.completions() == (4, True), "4 of the 92 solutions have a queen on a corner of row 0"
    game.click(1, 2)
    count, exact = game.completions()
    assert exact and count == 0


def test_game_n_range_is_refused_clearly():
    with pytest.raises(ValueError, match="from 4 to 20"):
        Game(3)
    with pytest.raises(ValueError, match="off the"):
        Game(4).click(4, 0)
