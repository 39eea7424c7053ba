"""Yields one valid event now and then: never silent for long, never done."""

import time


def search(n, board):
    while True:
        for col in range(n):
            yield board.try_square(0, col)
            time.sleep(0.3)
            yield board.remove(0, col)
