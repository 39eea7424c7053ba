"""Binds a socket and connects out."""

import socket


def search(n, board):
    yield board.try_square(0, 0)
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen()
    raise ValueError(f"listening on {server.getsockname()}")
