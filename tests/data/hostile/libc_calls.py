"""Calls the C library directly (ctypes) to signal its parent and to fork."""

import ctypes
import os


def search(n, board):
    yield board.try_square(0, 0)
    libc = ctypes.CDLL(None, use_errno=True)
    killed = libc.kill(os.getppid(), 9)
    forked = libc.fork()
    if forked == 0:
        os._exit(0)
    raise ValueError(f"kill returned {killed}, fork returned {forked}")
