"""Backtracking that tries each row's columns from the middle outwards: the same 92 solutions at
n = 8, found in another order."""

from solvers.events import Conflict


def search(n, board):
    middle = (n - 1) // 2
    order = sorted(range(n), key=lambda col: (abs(col - middle), col))

    def solve(row):
        for col in order:
            event = board.try_square(row, col)
            yield event
            if isinstance(event, Conflict):
                continue
            if row == n - 1:
                yield board.solution()
            else:
                yield from solve(row + 1)
            yield board.remove(row, col)

    yield from solve(0)
