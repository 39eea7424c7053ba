"""A long Instant result in the window: when the answer shows, and when the board gets there (issue 21).

Run from the repository root:

    python -m benchmarks.long_instant                # forward checking and MRV, n = 13..15
    python -m benchmarks.long_instant --max-n 14

In one process, headless, through the real ``App`` (Enter as a key press would, the worker
thread, the estimate thread): the seconds until the progress strip gives the engine's count of
the whole run (``Player.whole``: ``engine_counters``, what ``nqueens count N --algo A`` prints,
on every core), and until the board stands at the end (the window's own walk of the run, one
core, leaving the checkpoints its seeks use); next to them ``engine_counters`` alone, as the
command line runs it. The compiled kernels are loaded first (a small run), as a window that has
shown one instant result has them.
"""

from __future__ import annotations

import argparse
import os
import time

ALGORITHMS = ("forward-checking", "mrv")


def measure(name: str, n: int) -> tuple[float, float, float]:
    """(seconds to the whole run's count on screen, to the board at the end, engine_counters alone)."""
    from solvers import registry
    from visualizer.app import App

    spec = registry.get(name)
    start = time.perf_counter()
    spec.engine_counters(n)
    alone = time.perf_counter() - start
    app = App(n, name, size=(1280, 800))
    try:
        start = time.perf_counter()
        app.dispatch("instant")
        answer = None
        while app.busy:
            if answer is None and app.mode.player.whole is not None:
                answer = time.perf_counter() - start
            app.join(0.005)
            app.update(0.0)
        board = time.perf_counter() - start
        assert app.timeline is not None and app.timeline.finished, app.banner
        assert app.timeline.counters == spec.engine_counters(n)
    finally:
        app.close()
    return (board if answer is None else answer), board, alone


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=int, default=15, help="largest n (default 15)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from benchmarks import startup

    for name in ALGORITHMS:
        measure(name, 8)  # the kernels loaded
    print(startup.machine(), f"load average {os.getloadavg()[0]:.1f}\n")
    print("| algorithm | n | answer on screen s | board at the end s | `engine_counters` alone s |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in ALGORITHMS:
        for n in range(13, args.max_n + 1):
            answer, board, alone = measure(name, n)
            print(f"| {name} | {n} | {answer:.2f} | {board:.2f} | {alone:.2f} |", flush=True)


if __name__ == "__main__":
    main()
