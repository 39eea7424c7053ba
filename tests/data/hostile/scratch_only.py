"""Writes and reads back a file in its own working folder: allowed (a scratch folder of its own)."""

import os


def search(n, board):
    with open("notes.txt", "w") as file:
        file.write(os.getcwd())
    with open("notes.txt") as file:
        assert file.read() == os.getcwd()
    yield board.try_square(0, 0)
