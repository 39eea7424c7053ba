"""The longest frame while the window works (issue 38): no frame should take over 100 ms.

Run from the repository root:

    python -m benchmarks.longest_frame            # forward checking and MRV, n = 14, Instant result
    python -m benchmarks.longest_frame --n 15

In one process, with SDL's dummy driver, through the real ``App`` at 1920x1080: Enter (Instant
result) as a key press, then frames as the window's loop makes them (events, time, a full draw)
until the work is done; the figure is the longest frame's wall time and the frame it was (the
first is the one that handles Enter), with the median beside it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def frames_of_instant(algorithm: str, n: int) -> list[float]:
    """The wall time of each frame from Enter until the instant result stands."""
    import pygame

    from visualizer.app import App

    app = App(n, algorithm, size=(1920, 1080))
    try:
        for _ in range(10):
            app.tick(1 / 60)
        times = []
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        while True:
            start = time.perf_counter()
            app.tick(1 / 60)
            times.append(time.perf_counter() - start)
            if len(times) > 2 and not app.busy:
                return times
            time.sleep(max(0.0, 1 / 60 - times[-1]))
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=14)
    args = parser.parse_args()
    frames_of_instant("backtracking", 8)  # numba's kernels compiled and cached before timing
    for algorithm in ("forward-checking", "mrv"):
        times = frames_of_instant(algorithm, args.n)
        worst = max(range(len(times)), key=times.__getitem__)
        print(
            f"{algorithm} n = {args.n}: {len(times)} frames, longest {times[worst] * 1000:.0f} ms "
            f"(frame {worst + 1}), median {statistics.median(times) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
