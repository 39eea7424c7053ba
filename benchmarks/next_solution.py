"""Next solution in the window against ``nqueens solve N --first`` (issue 21), at n = 20 and 30.

For every algorithm that takes the n, two paired measurements, each pair A then B, A/B taken
pair by pair and its median quoted (with the min-max):

* in one process, the work alone: A the headless window's Next solution (a fresh ``App``,
  ``dispatch("next")`` until it is idle again, as the N key does), B the command line's code
  (``solvers.cli.main.run(["solve", N, "--first", "--algo", A])``), both after one warm-up that
  loads the compiled kernels;
* with ``--processes``, whole processes as a user starts them (start-up included): A
  ``python -m visualizer --headless --n N --algo A --script next``, B ``nqueens solve N --first
  --algo A``.

    python -m benchmarks.next_solution [--pairs 5] [--processes]
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time

from benchmarks import startup
from benchmarks.window import _settled

SIZES = (20, 30)


def rows() -> list[tuple[str, int]]:
    """(algorithm, n) for every algorithm whose range holds n."""
    from solvers import registry

    return [(s.name, n) for s in registry.ALGORITHMS.values() for n in SIZES if s.min_n <= n <= s.max_n]


def window_next(name: str, n: int) -> float:
    """Wall seconds of the window's Next solution on a fresh headless App."""
    from visualizer.app import App

    app = App(n, name, size=(1280, 800))
    try:
        seconds = _settled(app, lambda: app.dispatch("next"))
        assert app.timeline is not None and app.timeline.counters.solutions >= 1, (name, n, app.banner)
    finally:
        app.close()
    return seconds


def cli_first(name: str, n: int) -> float:
    """Wall seconds of ``nqueens solve N --first --algo A``'s code in this process."""
    from solvers.cli.main import run

    out = io.StringIO()
    start = time.perf_counter()
    assert run(["solve", str(n), "--first", "--algo", name], out) == 0
    seconds = time.perf_counter() - start
    assert out.getvalue().startswith("Solution 1:"), out.getvalue()[:200]
    return seconds


def in_process(name: str, n: int, pairs: int) -> tuple[float, float, list[float]]:
    window_next(name, n), cli_first(name, n)  # warm-up: compiled kernels loaded
    a, b = [], []
    for _ in range(pairs):
        a.append(window_next(name, n))
        b.append(cli_first(name, n))
    return statistics.median(a), statistics.median(b), [x / y for x, y in zip(a, b, strict=True)]


def processes(name: str, n: int, pairs: int) -> tuple[float, float, list[float]]:
    window = [sys.executable, "-m", "visualizer", "--headless", "--n", str(n), "--algo", name]
    window += ["--script", "next"]
    return startup.paired(window, [*startup.nqueens(), "solve", str(n), "--first", "--algo", name], pairs)


def table(title: str, results: list[tuple[str, int, tuple[float, float, list[float]]]]) -> str:
    lines = [
        f"{title}",
        "",
        "| algorithm | n | window s | CLI s | window/CLI median | min-max |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, n, (a, b, ratios) in results:
        lines.append(
            f"| {name} | {n} | {a:.3f} | {b:.3f} | {statistics.median(ratios):.2f} | "
            f"{min(ratios):.2f}-{max(ratios):.2f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5, help="paired runs a row (default 5)")
    parser.add_argument("--processes", action="store_true", help="also whole processes, start-up included")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    print(startup.machine(), f"load average {os.getloadavg()[0]:.1f}\n")
    todo = rows()
    print(table("In one process (the work alone):", [(a, n, in_process(a, n, args.pairs)) for a, n in todo]))
    if args.processes:
        print()
        print(table("Whole processes:", [(a, n, processes(a, n, args.pairs)) for a, n in todo]))


if __name__ == "__main__":
    main()
