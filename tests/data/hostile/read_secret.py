"""Reads a secret outside its folder (a teacher's key) and shows it in the verdict."""

OUTSIDE = "/nonexistent"


def search(n, board):
    with open(OUTSIDE + "/secret.txt") as file:
        raise ValueError("stolen: " + file.read())
    yield board.try_square(0, 0)
