"""A student's search in its sandbox: start-up, the event stream's rate, and a flood (issue 35).

Run from the repository root (or from a checkout of an older commit, to compare):

    python -m benchmarks.sandbox                 # all three, 5 runs each where it is quick
    python -m benchmarks.sandbox --flood 1000000 # a smaller flood

- start-up: seconds from asking for a search's events (``events_of``) to its first event, the
  shipped example backtracking search at n = 4 (a new process, the sandbox put in place, the
  source read and compiled): the median of 9;
- rate: events per second that reach the reader, the same search at n = 9 and n = 10 (81,123 and
  384,412 events), median of 5;
- flood: a search that yields valid events without end (``tests/data/hostile/flood.py``), stopped
  at the event limit (5,000,000 by default): the seconds to the stop, and the reading process's
  peak memory (its own ``ru_maxrss``, in a fresh process that does nothing else).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "solvers" / "own" / "examples" / "backtracking.py"
FLOOD = ROOT / "tests" / "data" / "hostile" / "flood.py"


def first_event() -> float:
    from solvers.own.search import events_of

    start = time.perf_counter()
    stream = events_of(EXAMPLE, 4)
    next(iter(stream))
    seconds = time.perf_counter() - start
    stream.close()
    return seconds


def rate(n: int) -> tuple[int, float]:
    from solvers.own.search import events_of

    start = time.perf_counter()
    count = sum(1 for _ in events_of(EXAMPLE, n))
    return count, time.perf_counter() - start


FLOOD_SCRIPT = """
import resource, sys, time
from solvers.errors import SolverError
from solvers.own.search import events_of
start, count = time.perf_counter(), 0
try:
    for _ in events_of(sys.argv[1], 4, limit=int(sys.argv[2])):
        count += 1
except SolverError as error:
    said = str(error)
else:
    said = "ended"
print(count, time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, said)
"""


def flood(limit: int) -> tuple[int, float, int, str]:
    """(events read, seconds, peak KiB of the reading process, how it ended)."""
    done = subprocess.run(
        [sys.executable, "-c", FLOOD_SCRIPT, str(FLOOD), str(limit)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    count, seconds, peak, said = done.stdout.split(" ", 3)
    return int(count), float(seconds), int(peak), said.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", type=int, default=5_000_000, help="the event limit of the flood")
    args = parser.parse_args()
    startups = [first_event() for _ in range(9)]
    print(
        f"start-up to the first event: median {statistics.median(startups):.3f} s "
        f"(min {min(startups):.3f}, max {max(startups):.3f})"
    )
    for n in (9, 10):
        runs = [rate(n) for _ in range(5)]
        count, seconds = runs[0][0], statistics.median(s for _, s in runs)
        print(f"n = {n}: {count:,} events in {seconds:.2f} s (median of 5): {count / seconds:,.0f} events/s")
    count, seconds, peak, said = flood(args.flood)
    print(
        f"flood to {args.flood:,}: {count:,} events in {seconds:.1f} s, "
        f"reader's peak {peak / 1024:.0f} MiB; {said}"
    )


if __name__ == "__main__":
    main()
