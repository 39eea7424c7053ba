"""A process's start and end, shared by ``nqueens`` and the window (``nqueens-viz``). Standard
library only.

- ``install``: a stop signal while the program is still starting (before its own handlers are in
  place, and while numpy loads, whose import turns any exception into an ImportError) ends it with
  one line and status 128 + signal, never a traceback.
- ``skip_final_collection``: at exit Python collects every object it still holds; with numba and
  its compiled kernels loaded that walk is 0.25-0.3 s (a third of ``nqueens count 14``, measured).
  ``gc.freeze`` moves them all out of the collector's sight: nothing it would free outlives the
  process, and every exit handler still runs.
- ``end_children``: a student's search ends with the program that ran it.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
from collections.abc import Callable


def install(line: Callable[[int], str]) -> None:
    """SIGINT and SIGTERM print ``line(signum)`` on stderr and end the process at once."""

    def stop(signum: int, _frame: object) -> None:
        with contextlib.suppress(OSError):  # stderr closed or full: the status still says it
            os.write(2, (line(signum) + "\n").encode())
        os._exit(128 + signum)

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, stop)


def skip_final_collection() -> None:
    """Call right before the process returns its status."""
    gc.freeze()


def end_children() -> None:
    """Kill every student's search process still running (``solvers.own.sandbox``), if any was
    started: call it before ``os._exit``, which skips the exit handlers that would."""
    sandbox = sys.modules.get("solvers.own.sandbox")
    if sandbox is not None:
        sandbox.kill_all()
