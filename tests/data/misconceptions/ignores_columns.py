"""Queens attack along diagonals, so I check the diagonals of every queen above."""

from solvers.events import Place


def search(n, board):
    def safe(row, col):
        for r in range(row):
            c = board.queens[r]
            if abs(c - col) == row - r:
                return False
        return True

    def solve(row):
        for col in range(n):
            if safe(row, col):
                board.queens[row] = col
                yield Place(row, col)
                if row == n - 1:
                    yield board.solution()
                else:
                    yield from solve(row + 1)
                yield board.remove(row, col)

    yield from solve(0)
