"""Stops, then kills, the process that runs it."""

import os
import signal


def search(n, board):
    yield board.try_square(0, 0)
    for sig in (signal.SIGSTOP, signal.SIGTERM, signal.SIGKILL):
        os.kill(os.getppid(), sig)
    yield board.try_square(1, 2)
