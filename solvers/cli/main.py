"""The ``nqueens`` process around ``solvers.cli.subcommands``: exit status, signals and output errors.

Exit status:

- 0: done, also when the reader of a pipe stops early (``nqueens solve 8 | head -1``);
- 1: the output could not be written (a full disk, a closed or read-only stdout), one line;
- 2: a refused command line (bad argument, n out of range, a run estimated at hours), one line;
- 128 + the signal's number: Ctrl-C (130), SIGTERM (143), SIGHUP (129), one line, no traceback.

Only the standard library is imported before the signal handlers are in place; the commands load
under ``solvers.process.install``'s handler, so a Ctrl-C while they load is the same one line. They
load light: numpy, numba and the algorithms are imported by the command that needs them (``nqueens
count 8`` and ``--help`` never do), under the handlers below, which end the run in the same one line.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys

from solvers.cli.stop import SIGNALS, Interrupted, on_signal, say
from solvers.process import end_children, skip_final_collection

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it as True)
if TYPE_CHECKING:  # names for annotations only: typing alone is 2 ms of a 30 ms start
    from collections.abc import Sequence
    from typing import TextIO


def run(argv: Sequence[str], out: TextIO) -> int:
    """Run one command line writing to ``out``; a refusal is one line on stderr and status 2."""
    from solvers.cli import dispatch  # here: see the docstring
    from solvers.cli import subcommands as commands
    from solvers.cli.args import one_line
    from solvers.errors import SolverError
    from solvers.own.failure import SearchFailed

    argv = list(argv)
    try:
        return dispatch.run(argv, out)
    except SearchFailed as failure:  # the student's search ended badly: its sentence, status 1
        out.flush()
        say(str(failure))
        return 1
    except commands.UsageError as error:
        say(f"error: {one_line(str(error), argv)} (see 'nqueens --help')")
    except SolverError as error:
        say(f"error: {one_line(str(error), argv)}")
    except SystemExit as exit_:  # --help
        return exit_.code if isinstance(exit_.code, int) else 0
    return 2


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush cannot fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _run_to_stdout(argv: Sequence[str]) -> int:
    out = sys.stdout
    if out is None:  # started with stdout closed (>&-)
        say("error: cannot write the output: standard output is closed")
        return 1
    try:
        status = run(argv, out)
        out.flush()
    except BrokenPipeError:  # the reader has all it wanted
        _silence_stdout()
        return 0
    except OSError as error:
        _silence_stdout()
        say(f"error: cannot write the output: {error.strerror or error}")
        return 1
    except UnicodeEncodeError as error:  # PYTHONIOENCODING=ascii and Chinese text
        _silence_stdout()
        say(f"error: the output's encoding ({error.encoding}) cannot show this text (use UTF-8)")
        return 1
    return status


def main() -> None:
    """Console-script entry point (``nqueens``, ``python -m solvers``)."""
    from solvers.process import install

    install(lambda signum: f"nqueens: {SIGNALS[signal.Signals(signum)]}")  # while numpy loads
    from solvers.cli import dispatch  # noqa: F401  # loaded here, under the quiet handler

    for sig in SIGNALS:
        signal.signal(sig, on_signal)
    with contextlib.suppress(AttributeError, ValueError):  # an error line never fails on its encoding
        sys.stderr.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    try:
        status = _run_to_stdout(sys.argv[1:])
        for sig in SIGNALS:  # from here on a signal just ends the process, quietly
            signal.signal(sig, signal.SIG_DFL)
    except Interrupted as stop:
        say(SIGNALS[signal.Signals(stop.signum)])
        try:
            if sys.stdout is not None:
                sys.stdout.flush()  # what was printed before the signal stays printed
        except (OSError, ValueError):
            pass
        end_children()  # a student's search ends with the check that ran it
        os._exit(128 + stop.signum)  # now: a compiled kernel may still be running on a worker thread
    skip_final_collection()
    sys.exit(status)
