"""Frame time of the App's draw while playing: n = 8, 32, 100 at 1280x800.

Run ``python benchmarks/frame_time.py`` (writes benchmarks/FRAME_TIME.md). Each frame advances
the playing search by 1/60 s at 600 events per second (10 events a frame) and draws the whole
window; the table gives the median and 95th percentile of the draw in milliseconds.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from visualizer.app import App

FRAMES = 300
WARMUP = 20
CASES = ((8, "backtracking"), (32, "min-conflicts"), (100, "min-conflicts"))  # no exhaustive search takes 32


def measure(n: int, algorithm: str) -> tuple[float, float]:
    """Median and p95 (ms) of ``App.draw`` while playing ``algorithm`` at ``n``."""
    app = App(n, algorithm, size=(1280, 800), speed=600)
    app.dispatch("play")
    times = []
    for frame in range(FRAMES + WARMUP):
        app.pump()
        app.update(1 / 60)
        if not app.playing:
            app.dispatch("reset")
            app.dispatch("play")
        start = time.perf_counter()
        app.draw()
        if frame >= WARMUP:
            times.append((time.perf_counter() - start) * 1000)
    app.close()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)]


def main() -> int:
    """Measure every case and write the table."""
    rows = [(n, algo, *measure(n, algo)) for n, algo in CASES]
    lines = [
        "# Frame time",
        "",
        "`python benchmarks/frame_time.py`: the App playing at 600 events/s (10 events a frame),",
        f"1280x800, SDL dummy driver, {FRAMES} frames after {WARMUP} warm-up frames; the time of",
        "`App.draw()` (board, counters, code, widgets). Goal: at most 8 ms at n = 32.",
        "",
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}.",
        "",
        "| n | algorithm | median ms | p95 ms |",
        "| ---: | --- | ---: | ---: |",
        *(f"| {n} | {algo} | {median:.2f} | {p95:.2f} |" for n, algo, median, p95 in rows),
        "",
    ]
    text = "\n".join(lines)
    Path(__file__).with_name("FRAME_TIME.md").write_text(text, encoding="utf-8")
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
