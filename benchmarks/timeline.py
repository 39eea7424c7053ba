"""Events per second through the window's timeline, next to the bare generator.

The timeline pulls the solver's events, logs them compactly for step back,
keeps the board, the counters and the kept solutions, and lets its listeners
hear each event: that is the window's cost per event on top of the search.
Each row drains ``backtracking`` at n = 10 (384,412 events) in steps of
``worker.CHUNK`` events, as the window's background worker does. Times are
CPU seconds of this process (``time.process_time``), best of ``repeat``, runs
interleaved, so other jobs on a shared machine disturb them less than wall time.

    python -m benchmarks.timeline [--n 10] [--repeat 5]
"""

from __future__ import annotations

import argparse
import collections
import time
from collections.abc import Callable

from solvers import registry
from visualizer.core.gallery import Gallery
from visualizer.core.timeline import Timeline
from visualizer.core.tree import SearchTree

STEP = 1000  # visualizer.worker.CHUNK: events applied per lock hold


def _drain_generator(n: int) -> None:
    collections.deque(registry.get("backtracking").solve(n), maxlen=0)


def _drain_timeline(n: int, view: str) -> None:
    timeline = Timeline(registry.get("backtracking"), n)
    if view == "tree":
        SearchTree(n).attach(timeline)
    elif view == "gallery":
        Gallery(n).attach(timeline)
    while timeline.step(STEP) == STEP:
        pass


#: (row name, work) in the table's order; "code" is the default view (no listener).
ROWS: tuple[tuple[str, Callable[[int], None]], ...] = (
    ("bare generator", _drain_generator),
    ("timeline, code view (default)", lambda n: _drain_timeline(n, "code")),
    ("timeline, gallery view", lambda n: _drain_timeline(n, "gallery")),
    ("timeline, tree view", lambda n: _drain_timeline(n, "tree")),
)


def measure(n: int, repeat: int) -> list[tuple[str, float]]:
    """Best CPU seconds of each row, the rows run in turn ``repeat`` times."""
    best = {name: float("inf") for name, _ in ROWS}
    for _ in range(repeat):
        for name, work in ROWS:
            start = time.process_time()
            work(n)
            best[name] = min(best[name], time.process_time() - start)
    return list(best.items())


def markdown(n: int, repeat: int) -> str:
    """The table: events per second and the share of the bare generator's rate."""
    events = sum(1 for _ in registry.get("backtracking").solve(n))
    results = measure(n, repeat)
    bare = results[0][1]
    lines = [
        f"| `backtracking`, n = {n}: {events:,} events | CPU s | events/s | share of the generator's rate |",
        "| --- | ---: | ---: | ---: |",
    ]
    for name, seconds in results:
        lines.append(f"| {name} | {seconds:.3f} | {events / seconds / 1e6:.2f} M | {bare / seconds:.0%} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print(markdown(args.n, args.repeat))


if __name__ == "__main__":
    main()
