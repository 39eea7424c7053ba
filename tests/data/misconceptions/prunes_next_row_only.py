"""Forward checking: a queen removes the columns it attacks from the next row's domain."""

from solvers.events import Place


def search(n, board):
    domain = [set(range(n)) for _ in range(n)]

    def solve(row):
        for col in sorted(domain[row]):
            board.queens[row] = col
            yield Place(row, col)
            below = row + 1
            removed = []
            if below < n:
                for c in (col - 1, col, col + 1):
                    if c in domain[below]:
                        domain[below].discard(c)
                        removed.append(c)
            if below < n and not domain[below]:
                pass  # wipe-out: take the queen back
            elif row == n - 1:
                yield board.solution()
            else:
                yield from solve(row + 1)
            for c in removed:
                domain[below].add(c)
            yield board.remove(row, col)

    yield from solve(0)
