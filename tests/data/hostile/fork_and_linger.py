"""Forks eight processes that outlive the check and write files later."""

import os
import time

OUTSIDE = "/nonexistent"


def search(n, board):
    yield board.try_square(0, 0)
    for k in range(8):
        if os.fork() == 0:
            os.setsid()
            time.sleep(2)
            with open(f"{OUTSIDE}/late{k}.txt", "w") as file:
                file.write("still here")
            os._exit(0)
    yield board.try_square(1, 2)
