"""An idle window's processor use (issue 38): the real window, doing nothing, at 1920x1080.

Run from the repository root:

    python -m benchmarks.idle              # 20 s of measurement after the window is up
    python -m benchmarks.idle --seconds 60

It starts a private Xvfb screen of 1920x1080 (Debian: xvfb; without it, SDL's dummy driver, which
draws the same frames but shows none), opens ``python -m visualizer --size 1920x1080`` with a fresh
settings folder, waits until the window has drawn for 5 s, then reads the process's processor time
(user + system, from /proc) over the measurement: the figure is CPU seconds per idle minute and
the share of one core.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cpu_seconds(pid: int) -> float:
    """User + system processor seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(seconds: float) -> tuple[float, str]:
    env = {**os.environ, "NQUEENS_CONFIG_DIR": tempfile.mkdtemp(), "SDL_AUDIODRIVER": "dummy"}
    server = None
    if shutil.which("Xvfb"):
        display = f":{90 + os.getpid() % 100}"
        server = subprocess.Popen(
            ["Xvfb", display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)
        env.update(DISPLAY=display, SDL_VIDEODRIVER="x11")
        where = "Xvfb 1920x1080"
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
        where = "dummy driver"
    window = subprocess.Popen(
        [sys.executable, "-m", "visualizer", "--size", "1920x1080"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(8.0)  # start-up (numba, fonts) and 5 s of the first frames
        if window.poll() is not None:
            raise SystemExit(f"the window ended with status {window.returncode}")
        start, begun = cpu_seconds(window.pid), time.monotonic()
        time.sleep(seconds)
        used = cpu_seconds(window.pid) - start
        return used / (time.monotonic() - begun), where
    finally:
        window.terminate()
        window.wait(10)
        if server is not None:
            server.terminate()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    share, where = measure(args.seconds)
    print(f"idle window ({where}): {share * 60:.2f} CPU s per minute, {share:.1%} of one core")


if __name__ == "__main__":
    main()
