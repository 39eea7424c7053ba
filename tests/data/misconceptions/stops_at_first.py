"""Backtracking: stop as soon as the board is full."""

from solvers.events import Conflict


def search(n, board):
    done = []

    def solve(row):
        for col in range(n):
            event = board.try_square(row, col)
            yield event
            if isinstance(event, Conflict):
                continue
            if row == n - 1:
                yield board.solution()
                done.append(True)
                return  # found it
            yield from solve(row + 1)
            if done:
                return
            yield board.remove(row, col)

    yield from solve(0)
