"""Claims a line of its file that does not exist, and absurd checks."""

from solvers.events import Place


def search(n, board):
    yield Place(0, 0, line=10**9, checks=10**40)
