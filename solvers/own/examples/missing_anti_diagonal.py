"""A search with a bug: it checks columns and one diagonal, and forgets the other one."""

from solvers.events import Place


def search(n, board):
    def safe(row, col):
        for r in range(row):
            c = board.queens[r]
            if c == col or r + c == row + col:  # (the other diagonal, r - c == row - col, is missing)
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
