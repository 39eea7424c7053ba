"""Creates and deletes files outside its folder."""

import os

OUTSIDE = "/nonexistent"


def search(n, board):
    yield board.try_square(0, 0)
    os.remove(OUTSIDE + "/secret.txt")
    yield board.try_square(1, 2)
    with open(OUTSIDE + "/written.txt", "w") as file:
        file.write("written by a search")
    yield board.try_square(2, 1)
