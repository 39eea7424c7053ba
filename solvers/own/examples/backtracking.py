"""Backtracking, row by row, columns left to right: the window's own backtracking, event for event."""

from solvers.events import Conflict


def search(n, board):
    def solve(row):
        for col in range(n):
            event = board.try_square(row, col)  # a Place, or a Conflict naming the attacker
            yield event
            if isinstance(event, Conflict):
                continue
            if row == n - 1:
                yield board.solution()
            else:
                yield from solve(row + 1)
            yield board.remove(row, col)

    yield from solve(0)
