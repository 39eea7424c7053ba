"""Yields a queen far off the board, with forged fields."""

from solvers.events import Place


def search(n, board):
    yield board.try_square(0, 0)
    yield Place(10**9, 10**9, checks=float("nan"))
