"""SIGINT and SIGTERM end the app as closing the window does: the main thread unwinds (its
``finally`` blocks cancel and join background work) and the process exits with one line.

SDL turns SIGTERM into a quit event only a frame loop reads (the headless mode has none),
and leaves SIGINT to Python's KeyboardInterrupt traceback; installing these handlers before
pygame starts makes SDL keep its own away (it takes only signals left at their default).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from solvers.process import end_children
from visualizer.shell.safe_files import remove_temporaries

#: The signals that stop the app.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
#: Seconds the main thread has to unwind before the process ends anyway (a safety net: a
#: library's bare ``except:`` can swallow the Stopped raised while it runs).
GRACE_SECONDS = 2.0


class Stopped(BaseException):
    """Raised in the main thread by a stop signal; a BaseException, so no ``except Exception`` eats it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def stopped_in(error: BaseException) -> Stopped | None:
    """The stop signal behind ``error``: itself, or the Stopped a C extension turned into another
    error when the signal's handler raised inside its callback (pygame's font loading raises
    SystemError "returned a result with an exception set", its cause the Stopped); else None.

    >>> stopped_in(Stopped(15)).signum, stopped_in(ValueError()) is None
    (15, True)
    """
    seen: set[int] = set()
    link: BaseException | None = error
    while link is not None and id(link) not in seen:
        if isinstance(link, Stopped):
            return link
        seen.add(id(link))
        link = link.__cause__ or link.__context__
    return None


def message(signum: int, prog: str = "nqueens-viz") -> str:
    """The one line a stopped run prints."""
    return f"{prog}: stopped by {signal.Signals(signum).name}"


_announced = threading.Event()
#: ``deferred`` blocks open now, and the stop signal that arrived inside them (raised at their end).
_held: dict[str, int] = {"depth": 0, "pending": 0}


@contextmanager
def deferred() -> Iterator[None]:
    """Within the block a stop signal waits and is raised as Stopped when the block ends: for work
    that must not be cut in half (a helper process started and its owner told, so that the
    unwinding can stop it; a signal inside ``subprocess.Popen`` would leave it running)."""
    _held["depth"] += 1
    try:
        yield
    finally:
        _held["depth"] -= 1
        pending, _held["pending"] = _held["pending"], 0
        if pending and _held["depth"] == 0:
            raise Stopped(pending)
        _held["pending"] = pending


def announce(signum: int) -> None:
    """Print the stopped line, once per process (the main thread or the safety net, whichever first)."""
    if not _announced.is_set():
        _announced.set()
        say(message(signum))


def say(line: str) -> None:
    """``line`` on stderr; a stderr that refuses it (``2>/dev/full``, closed) is pointed at the null
    device instead, so neither this nor the interpreter's last flush fails (status 120)."""
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)
            os.close(devnull)
        except OSError:
            pass


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, the first SIGINT or SIGTERM raises Stopped; later ones wait for the cleanup.

    Should the Stopped get lost (raised where Python cannot raise it, which it would print as
    "Exception ignored"), or the interpreter's exit hang after it, the process ends
    ``GRACE_SECONDS`` after the signal anyway, with the same line and status.
    """
    fired: list[int] = []
    wake = threading.Event()

    def handler(signum: int, frame: FrameType | None) -> None:
        if not fired:
            fired.append(signum)
            wake.set()
            if _held["depth"]:  # inside ``deferred``: raised at its end
                _held["pending"] = signum
                return
            raise Stopped(signum)

    def last_resort() -> None:
        wake.wait()  # a signal, or the end of the block without one
        if fired:
            time.sleep(GRACE_SECONDS)  # a normal exit ends the process (and this thread) first
            announce(fired[0])
            remove_temporaries()  # what the unwinding did not get to
            end_children()
            os._exit(128 + fired[0])

    def unraisable(raised: sys.UnraisableHookArgs) -> None:
        if isinstance(raised.exc_value, Stopped):  # raised where Python cannot (a weakref callback,
            return  # a __del__): not printed; the watch thread ends the process
        hook(raised)

    # handlers first: a signal must never find the watch thread running and Python's default in place
    previous = {signum: signal.signal(signum, handler) for signum in STOP_SIGNALS}
    hook, sys.unraisablehook = sys.unraisablehook, unraisable
    threading.Thread(target=last_resort, name="stop-signal-watch", daemon=True).start()
    try:
        yield
    finally:
        sys.unraisablehook = hook
        for signum, old in previous.items():
            signal.signal(signum, old)
        if fired:  # a temporary file the signal caught between its making and its owner's cleanup
            remove_temporaries()
        wake.set()
