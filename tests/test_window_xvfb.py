"""One real window: the app on an X server (Xvfb), not the dummy driver."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def free_display() -> int:
    """A display number with no X server lock file."""
    for number in range(90, 200):
        if not Path(f"/tmp/.X{number}-lock").exists() and not Path(f"/tmp/.X11-unix/X{number}").exists():
            return number
    pytest.skip("no free X display number between :90 and :199")


@pytest.fixture
def xvfb_display():
    """A private Xvfb server; skipped (with the reason) when Xvfb is not installed."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb); .ci/run installs it")
    number = free_display()
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 20  # waiting for the server to start, not a timing assertion
    while not socket.exists() and server.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    if not socket.exists():
        server.kill()
        pytest.skip("Xvfb did not start")
    yield f":{number}"
    server.terminate()
    server.wait(10)


def test_the_window_opens_runs_frames_and_exits_cleanly(xvfb_display):
    env = {**os.environ, "DISPLAY": xvfb_display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "visualizer",
            "--n",
            "8",
            "--algo",
            "backtracking",
            "--frames",
            "20",
            "--script",
            "step:5;show-all:on;next",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
