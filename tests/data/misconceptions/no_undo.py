"""Backtracking with three flag arrays: columns, r + c diagonals, r - c diagonals."""

from solvers.events import Place


def search(n, board):
    cols = [False] * n
    sums = [False] * (2 * n - 1)
    diffs = [False] * (2 * n - 1)

    def solve(row):
        for col in range(n):
            if cols[col] or sums[row + col] or diffs[row - col + n - 1]:
                continue
            cols[col] = sums[row + col] = diffs[row - col + n - 1] = True
            board.queens[row] = col
            yield Place(row, col)
            if row == n - 1:
                yield board.solution()
            else:
                yield from solve(row + 1)
            # on to the next column

    yield from solve(0)
