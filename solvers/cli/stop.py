"""How ``nqueens`` stops on a signal and says one line on stderr (``solvers.cli.main`` installs
``on_signal``; the commands say their warnings with ``say``). Standard library only."""

from __future__ import annotations

import signal
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it as True)
if TYPE_CHECKING:
    from types import FrameType

SIGNALS = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}
if hasattr(signal, "SIGHUP"):  # not on Windows
    SIGNALS[signal.SIGHUP] = "hung up"


class Interrupted(BaseException):
    """A signal asked the run to stop (BaseException: no ``except Exception`` swallows it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def on_signal(signum: int, _frame: FrameType | None) -> None:
    """The handler of SIGNALS: ignore the next one, end the run with ``Interrupted``."""
    for sig in SIGNALS:  # a second Ctrl-C must not interrupt the way out
        signal.signal(sig, signal.SIG_IGN)
    raise Interrupted(signum)


def say(line: str) -> None:
    """One line on stderr, prefixed ``nqueens:``; nothing if stderr is closed or broken."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(f"nqueens: {line}\n")
            sys.stderr.flush()
    except (OSError, ValueError):
        pass
