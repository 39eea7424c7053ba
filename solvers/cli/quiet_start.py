"""A stop signal while the program is still starting (before its own handlers are in place, and
while numpy loads, whose import turns any exception into an ImportError) ends it with one line and
status 128 + signal, never a traceback. Standard library only."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable


def install(line: Callable[[int], str]) -> None:
    """SIGINT and SIGTERM print ``line(signum)`` on stderr and end the process at once."""

    def stop(signum: int, _frame: object) -> None:
        with contextlib.suppress(OSError):  # stderr closed or full: the status still says it
            os.write(2, (line(signum) + "\n").encode())
        os._exit(128 + signum)

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, stop)
