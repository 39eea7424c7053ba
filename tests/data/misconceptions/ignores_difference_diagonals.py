"""Backtracking with flags: a column taken, a diagonal taken."""

from solvers.events import Place


def search(n, board):
    column = [False] * n
    diagonal = [False] * (2 * n - 1)  # row + col

    def solve(row):
        for col in range(n):
            if column[col] or diagonal[row + col]:
                continue
            column[col] = diagonal[row + col] = True
            board.queens[row] = col
            yield Place(row, col)
            if row == n - 1:
                yield board.solution()
            else:
                yield from solve(row + 1)
            column[col] = diagonal[row + col] = False
            yield board.remove(row, col)

    yield from solve(0)
