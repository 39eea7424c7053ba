"""Runs another program."""

import subprocess

OUTSIDE = "/nonexistent"


def search(n, board):
    yield board.try_square(0, 0)
    subprocess.run(["touch", OUTSIDE + "/ran.txt"], check=True)
    yield board.try_square(1, 2)
