"""Forward checking with MRV: fill next the empty row where the fewest squares are attacked."""

from solvers.events import Place


def search(n, board):
    domain = [set(range(n)) for _ in range(n)]

    def attacked(r):
        return n - len(domain[r])

    def most_constrained():
        rows = [r for r in range(n) if board.queens[r] is None]
        return min(rows, key=attacked)

    def solve(placed):
        row = most_constrained()
        for col in sorted(domain[row]):
            board.queens[row] = col
            yield Place(row, col)
            removed = []
            wiped = False
            for r in range(n):
                if board.queens[r] is not None:
                    continue
                d = abs(r - row)
                for c in (col - d, col, col + d):
                    if c in domain[r]:
                        domain[r].discard(c)
                        removed.append((r, c))
                if not domain[r]:
                    wiped = True
                    break
            if not wiped:
                if placed + 1 == n:
                    yield board.solution()
                else:
                    yield from solve(placed + 1)
            for r, c in removed:
                domain[r].add(c)
            yield board.remove(row, col)

    yield from solve(0)
