"""What the narration costs: frame time at 10,000 events/s and the instant result (Enter), with the
narration panel and without it (the same window with the watch mode's narration switched off),
in CPU seconds of the process (other programs on the machine barely move them).

    SDL_VIDEODRIVER=dummy python benchmarks/narration.py
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from visualizer.app import App
from visualizer.modes.watch import WatchMode

FRAME = 1 / 60


def app_for(algorithm: str, n: int, narrated: bool) -> App:
    WatchMode.narrates = narrated
    app = App(n, algorithm, speed=10_000)
    if not narrated:
        app.mode.narration = None
    app.tick(FRAME)
    return app


def play(algorithm: str, n: int, narrated: bool, frames: int = 240) -> float:
    """Median milliseconds per frame while playing at 10,000 events/s."""
    app = app_for(algorithm, n, narrated)
    app.dispatch("speed", 10_000.0)
    app.dispatch("play")
    times = []
    for _ in range(frames):
        started = time.process_time()
        app.tick(FRAME)
        times.append(time.process_time() - started)
    app.close()
    return statistics.median(times) * 1000


def instant(algorithm: str, n: int, narrated: bool) -> tuple[float, float]:
    """Seconds of the instant result until idle, and milliseconds of the first frame after it."""
    app = app_for(algorithm, n, narrated)
    started = time.process_time()
    app.dispatch("instant")
    app.join()
    jump = time.process_time() - started
    started = time.process_time()
    app.tick(FRAME)
    frame = time.process_time() - started
    app.close()
    return jump, frame * 1000


def main() -> None:
    for algorithm, n in (("backtracking", 10), ("backtracking-pairwise", 10), ("forward-checking", 10)):
        for narrated in (False, True):
            label = "narrated" if narrated else "plain   "
            ms = play(algorithm, n, narrated)
            jump, after = instant(algorithm, n, narrated)
            print(
                f"{algorithm:22} n={n} {label}  play 10k ev/s: {ms:5.1f} ms/frame"
                f"   instant: {jump:5.2f} s, first frame after {after:6.1f} ms"
            )


if __name__ == "__main__":
    main()
