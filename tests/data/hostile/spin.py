"""Spins on the processor, yielding now and then so that it is never silent."""


def search(n, board):
    while True:
        for col in range(n):
            total = 0
            for k in range(200_000):
                total += k
            yield board.try_square(0, col)
            yield board.remove(0, col)
