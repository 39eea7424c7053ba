"""Run ``nqueens-viz --headless`` from a test: in this process (the same ``main`` a user's command
runs, without a new interpreter's two seconds of start-up), or as a real process for the e2e tests;
and ``nqueens`` the same way."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from tests import ROOT


def viz(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``nqueens-viz --headless *args`` run in-process from ``cwd`` (the repository's root by default);
    its exit status and what it wrote on stdout and stderr, as ``subprocess.run`` reports them."""
    from visualizer.__main__ import main

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(cwd or ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(["--headless", *args])
            except SystemExit as exit_:  # argparse's refusals
                status = exit_.code if isinstance(exit_.code, int) else 2
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(
        ["nqueens-viz", "--headless", *args], status, out.getvalue(), err.getvalue()
    )


def viz_process(
    *args: str, cwd: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``python -m visualizer --headless *args`` as a real process (for what only a process shows:
    start-up, signals, exit statuses, the streams it is given)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "-m", "visualizer", "--headless", *args]
    return subprocess.run(
        command, capture_output=True, text=True, cwd=cwd or ROOT, env=env, timeout=timeout, check=False
    )


def nqueens(*argv: str) -> subprocess.CompletedProcess[str]:
    """``nqueens *argv`` run in-process through the CLI's ``run`` (what the console script calls after
    installing its signal handlers); its exit status, stdout and stderr."""
    from solvers.cli.main import run

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            status = run(list(argv), out)
        except SystemExit as exit_:  # --help
            status = exit_.code if isinstance(exit_.code, int) else 0
    return subprocess.CompletedProcess(["nqueens", *argv], status, out.getvalue(), err.getvalue())


def refused(result: subprocess.CompletedProcess[str], needle: str) -> None:
    """``result`` is a refusal as the CLI contract says: status 2, one line naming ``needle``, no trace."""
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert needle in lines[0]
    assert "Traceback" not in result.stderr
