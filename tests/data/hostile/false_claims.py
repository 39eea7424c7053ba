"""Places queens without checking and calls every full board a solution."""

from solvers.events import Place, Solution


def search(n, board):
    for row in range(n):
        yield Place(row, 0)
    yield Solution(tuple([0] * n))
