"""Backtracking with a row pointer: forward when a queen fits, back when the row is used up."""

from solvers.events import Place


def search(n, board):
    queens = [-1] * n

    def safe(row, col):
        return all(queens[r] != col and abs(queens[r] - col) != row - r for r in range(row))

    def lift(row):
        col = queens[row]
        queens[row] = -1
        return board.remove(row, col), col

    row, col = 0, 0
    while True:
        while col < n and not safe(row, col):
            col += 1
        if col < n:
            queens[row] = col
            board.queens[row] = col
            yield Place(row, col)
            if row < n - 1:
                row, col = row + 1, 0
                continue
            yield board.solution()
            event, col = lift(row)
            yield event
            col += 1
            continue
        if row == 0:
            return
        row -= 1  # the row above gives way
        event, col = lift(row)
        yield event
        if row > 0:  # and the one above it
            row -= 1
            event, col = lift(row)
            yield event
        col += 1
