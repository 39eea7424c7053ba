"""Shows the parent's environment (a token, a password) in the verdict."""

import os


def search(n, board):
    raise ValueError("environment: " + repr(dict(os.environ)))
    yield board.try_square(0, 0)
