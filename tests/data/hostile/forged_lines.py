"""Writes lines of its own into the event stream (every descriptor it may hold)."""

import contextlib
import os


def search(n, board):
    yield board.try_square(0, 0)
    for fd in range(3, 12):
        with contextlib.suppress(OSError):
            os.write(fd, b"p 0 1\nx y z\n")
    yield board.try_square(1, 2)
