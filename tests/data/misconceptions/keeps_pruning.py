"""Forward checking: each queen prunes what it attacks from every row below; an empty row
means going back."""

from solvers.events import Place


def search(n, board):
    domain = [set(range(n)) for _ in range(n)]

    def solve(row):
        for col in sorted(domain[row]):
            board.queens[row] = col
            yield Place(row, col)
            wiped = False
            for r in range(row + 1, n):
                d = r - row
                for c in (col - d, col, col + d):
                    domain[r].discard(c)
                if not domain[r]:
                    wiped = True
                    break
            if not wiped:
                if row == n - 1:
                    yield board.solution()
                else:
                    yield from solve(row + 1)
            yield board.remove(row, col)

    yield from solve(0)
