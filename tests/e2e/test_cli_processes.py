"""The nqueens command as a hostile user meets it: real processes, real signals, real broken outputs.

Every refusal is one line on stderr, nothing on stdout, no traceback. The tables grow.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solvers import engine
from solvers.cli.main import run

NQUEENS = [sys.executable, "-m", "solvers"]
HUGE = "9" * 100_000
AT_ONCE = {**os.environ, "NQUEENS_PROGRESS_AFTER": "0"}  # the line without waiting a second
LONG_LINE = 400  # no refusal is longer than this, whatever was typed


def nqueens(*argv: str | bytes, **kw) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*NQUEENS, *argv], capture_output=True, timeout=120, **kw)


# (argv, a phrase of the one line on stderr)
REFUSED = [
    (["count", "8_0"], "ASCII digits, not '8_0'"),
    (["count", "０８"], "ASCII digits"),
    (["count", "٨"], "ASCII digits"),
    (["count", " 8 "], "ASCII digits, not ' 8 '"),
    (["count", "8.0"], "ASCII digits"),
    (["count", "1e3"], "ASCII digits"),
    (["count", "0x10"], "ASCII digits"),
    (["count", "+8"], "ASCII digits"),
    (["count", ""], "ASCII digits"),
    (["count", "-0"], "at least 1"),
    (["count", "0"], "at least 1"),
    (["count", "10000000000"], "at most 1000000000"),
    (["count", "9" * 40], "at most 1000000000"),
    (["count", HUGE], "(100000 characters)"),
    (["solve", "4", "--limit", "9223372036854775808"], "at most 9223372036854775807"),
    (["events", "4", "--limit", "9223372036854775808"], "at most 9223372036854775807"),
    (["events", "4", "--limit", "1_000"], "ASCII digits"),
    (["events", "4", "--limit", "-1"], "must not be negative"),
    (["events", "4", "--limit"], "expected one argument"),
    (["solve", "4", "--algo", "x" * 100_000], "(100000 characters)"),
    (["solve", "4", "--algo", "bit\nmask"], "'bit\\nmask'"),
    (["solve", "4", "--algo", "\x1b[31mred"], "'\\x1b[31mred'"),
    (["solve", "4", "--algo", ""], "unknown algorithm ''"),
    (["solve", "4", "--format", "xml"], "invalid choice"),
    (["dance" + "y" * 100_000], "(100005 characters)"),
    (["count", "8", "--bogus" + "z" * 100_000], "unrecognized arguments"),
    (["count", "8", "extra"], "unrecognized arguments: extra"),
    (["solve"], "required: n"),
    ([], "required"),
    (["count", "8", "--first"], "need --algo"),
    (["count", "9", "--algo", "brute-force"], "too large for brute-force"),
    (["count", "11000000", "--algo", "construction"], "too large for construction"),
    (["solve", "4", "--algo", "permutations", "--by-columns"], "column-by-column"),
    (["count", "63"], "the engine takes n up to 62"),
    (["count", "31", "--algo", "bitmask"], "too large for bitmask"),
    # Estimated at days or more even on a thousand cores.
    (["count", "25"], "too large to count here"),
    (["profile", "24"], "too large to profile here"),
    (["count", "24", "--algo", "bitmask"], "too large to count here"),
    (["count", "30", "--algo", "bitmask"], "more than a million years"),
]


@pytest.mark.parametrize(("argv", "phrase"), REFUSED, ids=[" ".join(a)[:30] for a, _ in REFUSED])
def test_refused_in_one_short_line_with_status_2(argv, phrase):
    result = nqueens(*argv)
    assert result.returncode == 2
    assert result.stdout == b""
    err = result.stderr.decode("utf-8", "backslashreplace")
    assert err.endswith("\n") and err.count("\n") == 1, err[:500]
    assert err.startswith("nqueens: error: ")
    assert phrase in err
    assert len(err) < LONG_LINE
    assert "\x1b" not in err


def test_an_argument_that_is_not_utf8_is_shown_escaped():
    result = nqueens("count", b"\xff8")
    assert result.returncode == 2
    assert result.stderr.count(b"\n") == 1 and b"\\udcff8" in result.stderr


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["count", "21", "--algo", "bitmask"], "about 31 hours"),
        (["profile", "20"], "about 4 hours"),
        (["count", "20"], "about 4 hours"),
        (["count", "18", "--algo", "backtracking"], "about 2 hours"),
        (["count", "20", "--algo", "backtracking"], "about 5 days"),
    ],
)
def test_hour_long_runs_are_refused_with_the_estimate_on_two_cores(monkeypatch, capsys, argv, needle):
    monkeypatch.setattr(engine, "WORKERS", 2)
    assert run(argv, sys.stdout) == 2
    err = capsys.readouterr().err
    assert needle in err and "runs estimated over 1 hour are refused" in err


# (shell redirection, exit status, the stderr line or "" for silence)
OUTPUTS = [
    ("count 8 > /dev/full", 1, "nqueens: error: cannot write the output: No space left on device\n"),
    ("solve 8 > /dev/full", 1, "nqueens: error: cannot write the output: No space left on device\n"),
    ("count 8 >&-", 1, "nqueens: error: cannot write the output: standard output is closed\n"),
    ("count 8 1< /dev/null", 1, "nqueens: error: cannot write the output: Bad file descriptor\n"),
    ("solve 12 | head -1 > /dev/null", 0, ""),
    ("events 10 | head -1 > /dev/null", 0, ""),
    ("solve 10 --format json | head -c 10 > /dev/null", 0, ""),
    ("count 8 2>&- > /dev/null", 0, ""),
    ("count eight 2>&-", 2, ""),
]


@pytest.mark.parametrize(("shell", "status", "stderr"), OUTPUTS)
def test_broken_outputs(shell, status, stderr):
    command = " ".join(f"'{part}'" for part in NQUEENS)
    # PIPESTATUS: the status of nqueens itself, not of head
    script = f"{command} {shell}; exit ${{PIPESTATUS[0]}}"
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stderr) == (status, stderr)


# (argv of a long run, signal, seconds after its handlers are in place, exit status, the line)
SIGNALLED = [
    (["count", "17"], signal.SIGINT, 1.5, 130, "nqueens: interrupted\n"),
    (["count", "17"], signal.SIGINT, 0.0, 130, "nqueens: interrupted\n"),  # numpy still loading
    (["count", "17"], signal.SIGTERM, 1.5, 143, "nqueens: terminated\n"),
    (["count", "16", "--algo", "backtracking"], signal.SIGINT, 1.5, 130, "nqueens: interrupted\n"),
    # the engine's walk from solution to solution (count 30 --first is now a second's work)
    (["solve", "30", "--algo", "bitmask", "--limit", "0"], signal.SIGINT, 1.5, 130, "nqueens: interrupted\n"),
    (["solve", "14"], signal.SIGINT, 1.5, 130, "nqueens: interrupted\n"),
    (["events", "14"], signal.SIGTERM, 1.5, 143, "nqueens: terminated\n"),
    (["profile", "17"], signal.SIGHUP, 1.5, 129, "nqueens: hung up\n"),
]


@pytest.mark.parametrize(("argv", "sig", "after", "status", "line"), SIGNALLED)
def test_a_signal_ends_a_long_run_in_one_line(argv, sig, after, status, line):
    process = subprocess.Popen(
        [*NQUEENS, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    handlers_in_place(process, sig)  # before them the interpreter's own start-up: its default handling
    time.sleep(after)  # let the run get going; not a timing assertion
    assert process.poll() is None, "the run ended before the signal"
    os.kill(process.pid, sig)
    _, err = process.communicate(timeout=40)  # a run that ignored the signal fails here (loaded: generous)
    assert (process.returncode, err) == (status, line)


def handlers_in_place(process: subprocess.Popen, sig: int) -> None:
    """Wait until nqueens catches ``sig`` (for SIGINT, which Python on its own catches, SIGTERM: its
    handlers are set together), as /proc says; a loaded machine may take seconds to get there.
    Without /proc, a second's wait."""
    bit = (signal.SIGTERM if sig == signal.SIGINT else sig) - 1
    status = Path(f"/proc/{process.pid}/status")
    if not status.exists():
        time.sleep(1.0)
        return
    deadline = time.monotonic() + 45
    while process.poll() is None and time.monotonic() < deadline:
        with contextlib.suppress(OSError, StopIteration):
            line = next(line for line in status.read_text().splitlines() if line.startswith("SigCgt:"))
            if int(line.split()[1], 16) >> bit & 1:
                return
        time.sleep(0.01)


def _on_a_terminal(argv: list[str]) -> tuple[int, bytes]:
    """Run nqueens with stderr on a pseudo-terminal; its status and everything it drew there."""
    leader, follower = os.openpty()
    process = subprocess.Popen([*NQUEENS, *argv], stdout=subprocess.DEVNULL, stderr=follower, env=AT_ONCE)
    os.close(follower)
    drawn = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            drawn += chunk
        elif process.poll() is not None:
            break
    os.close(leader)
    return process.wait(timeout=120), drawn


@pytest.mark.parametrize(
    ("argv", "drawn"),
    [
        (["profile", "14"], b"%|"),  # the engine reports a fraction: a bar with the time left
        (["count", "100000", "--algo", "min-conflicts"], b"elapsed"),  # no fraction: the time so far
        (["solve", "24", "--algo", "bitmask", "--first"], b"0 found so far"),  # a long silence
    ],
)
def test_a_long_run_draws_a_progress_line_on_a_terminal_only(argv, drawn):
    status, on_terminal = _on_a_terminal(argv)
    assert status == 0
    assert drawn in on_terminal
    piped = nqueens(*argv, env=AT_ONCE)
    assert (piped.returncode, piped.stderr) == (0, b"")
