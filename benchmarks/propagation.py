"""Backtracking, forward checking and MRV side by side: a Markdown table for benchmarks/README.md.

Run from the repository root:

    python benchmarks/propagation.py                 # n = 4..12, one run each (about 2 minutes)
    python benchmarks/propagation.py --max-n 9 --repeat 3

For each n every algorithm's event generator is drained and counted in this
process (the counters the CLI and the window show, and the events); the time is
the median wall time of ``--repeat`` such drains.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from solvers import registry  # noqa: E402
from solvers.counters import Counters  # noqa: E402

ALGORITHMS = ("backtracking", "forward-checking", "mrv")
SHORT = {"backtracking": "BT", "forward-checking": "FC", "mrv": "MRV"}


def measure(name: str, n: int, repeat: int) -> tuple[Counters, int, float]:
    """The counters of a full run, its number of events and the median seconds to drain it."""
    spec = registry.get(name)
    times, counters, events = [], Counters(), 0
    for _ in range(repeat):
        start = time.perf_counter()
        counters, events = Counters(), 0
        for event in spec.solve(n):
            counters.apply(event)
            events += 1
        times.append(time.perf_counter() - start)
    return counters, events, statistics.median(times)


def joined(values: list[int | float], fmt: str = "{:,}") -> str:
    return " / ".join(fmt.format(v) for v in values)


def table(min_n: int, max_n: int, repeat: int) -> str:
    """The Markdown table, one row per n."""
    all_three = " / ".join(SHORT[a] for a in ALGORITHMS)
    two = " / ".join(SHORT[a] for a in ALGORITHMS[1:])
    lines = [
        f"| n | solutions | attempts {all_three} | placements {all_three} | pruned {two} "
        f"| wipe-outs {two} | events {all_three} | seconds {all_three} |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for n in range(min_n, max_n + 1):
        runs = [measure(name, n, repeat) for name in ALGORITHMS]
        counters = [c for c, _, _ in runs]
        if len({c.solutions for c in counters}) != 1:
            raise SystemExit(f"the algorithms disagree on n = {n}: {[c.solutions for c in counters]}")
        lines.append(
            f"| {n} | {counters[0].solutions:,} "
            f"| {joined([c.attempts for c in counters])} "
            f"| {joined([c.placements for c in counters])} "
            f"| {joined([c.pruned for c in counters[1:]])} "
            f"| {joined([c.wipeouts for c in counters[1:]])} "
            f"| {joined([e for _, e, _ in runs])} "
            f"| {joined([s for _, _, s in runs], '{:.3f}')} |"
        )
        print(lines[-1], file=sys.stderr, flush=True)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-n", type=int, default=4)
    parser.add_argument("--max-n", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=1, help="median of this many drains")
    args = parser.parse_args(argv)
    result = table(args.min_n, args.max_n, args.repeat)
    print(f"Python {platform.python_version()} on {platform.machine()}; median of {args.repeat} run(s).\n")
    print(result)


if __name__ == "__main__":
    main()
