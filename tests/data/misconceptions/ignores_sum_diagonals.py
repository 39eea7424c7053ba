"""My backtracking: one queen per row, each column checked against the queens above."""

from solvers.events import Place


def search(n, board):
    def safe(row, col):
        for r in range(row):
            c = board.queens[r]
            if c == col:  # same column
                return False
            if r - c == row - col:  # same diagonal
                return False
        return True

    def solve(row):
        for col in range(n):
            if not safe(row, col):
                continue
            board.queens[row] = col
            yield Place(row, col)
            if row == n - 1:
                yield board.solution()
            else:
                yield from solve(row + 1)
            yield board.remove(row, col)

    yield from solve(0)
