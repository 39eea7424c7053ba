"""Backtracking without recursion: go down a row when a queen fits, back up when none does."""

from solvers.events import Place


def search(n, board):
    queens = [-1] * n

    def safe(row, col):
        return all(queens[r] != col and abs(queens[r] - col) != row - r for r in range(row))

    row, col = 0, 0
    while row >= 0:
        while col < n and not safe(row, col):
            col += 1
        if col == n:
            row -= 1  # back up
            if row < 0:
                return
        else:
            queens[row] = col
            board.queens[row] = col
            yield Place(row, col)
            if row < n - 1:
                row, col = row + 1, 0
                continue
            yield board.solution()
        yield board.remove(row, queens[row])
        queens[row] = -1
        col = 0  # try the row again from the start
