"""Instant result, next solution and seek through the window's timeline, next to ``nqueens count``.

For each algorithm the engine walks from a checkpoint, in one run:

* ``nqueens count`` -- ``python -m solvers count N --algo A --json`` as a user runs it
  (wall time, Python and numba start-up included);
* instant result -- ``Timeline.finish()`` on a fresh timeline: the final counters,
  board and the run's total, the engine's kernel already loaded in this process;
* next solution -- ``Timeline.next_solution(jump=True)`` from a fresh timeline, and
  how many events it skipped;
* seek -- ``Timeline.seek(k)`` to random k of the whole run: the first ``SEEKS`` on a fresh
  timeline (each may walk the engine up to its target), then as many after ``finish``
  (checkpoints every ``CHECKPOINT_EVERY`` events known); median and worst of each.

Times are wall seconds (``time.perf_counter``) on whatever the machine is doing.

    python -m benchmarks.seek [--quick] [--algo A ...]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from solvers import registry
from visualizer.core.timeline import Timeline

#: (algorithm, n for the instant result and seeks, n for next solution)
ROWS = (
    ("backtracking", 12, 20),
    ("backtracking-pairwise", 12, 20),
    ("backtracking-board", 12, 20),
    ("backtracking-iterative", 12, 20),
    ("bitmask", 12, 30),
    ("brute-force", 8, 8),
    ("permutations", 10, 10),
    ("permutations-pruned", 12, 12),
    ("forward-checking", 12, 16),
    ("mrv", 12, 16),
)
QUICK = (("backtracking", 10, 16), ("brute-force", 7, 7), ("permutations-pruned", 9, 9), ("mrv", 9, 12))
SEEKS = 30


def _timed(work: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def count_cli(name: str, n: int) -> float:
    """Wall seconds of ``nqueens count`` (the ``solvers`` module run as a command)."""
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "solvers", "count", str(n), "--algo", name, "--json"],
        check=True,
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - start
    json.loads(out.stdout)  # it answered
    return seconds


def seek_times(timeline: Timeline, total: int, rng: random.Random) -> list[float]:
    times = []
    for _ in range(SEEKS):
        k = rng.randrange(total + 1)
        seconds, reached = _timed(lambda k=k: timeline.seek(k))
        assert reached == k
        times.append(seconds)
    return times


def measure(name: str, n: int, n_next: int) -> dict[str, object]:
    spec = registry.get(name)
    Timeline(spec, 4).finish()  # load the compiled kernel once, as a window has by then
    cli = count_cli(name, n)
    timeline = Timeline(spec, n)
    instant, _ = _timed(timeline.finish)
    total = timeline.event_total
    assert total is not None
    fresh = Timeline(spec, n_next)
    next_s, _ = _timed(lambda: fresh.next_solution(jump=True))
    rng = random.Random(f"{name}{n}")
    cold = seek_times(Timeline(spec, n), total, rng)
    warm = seek_times(timeline, total, rng)
    return {
        "algorithm": name,
        "n": n,
        "events": total,
        "count_cli": cli,
        "instant": instant,
        "next_n": n_next,
        "next": next_s,
        "skipped": fresh.cursor,
        "cold": (statistics.median(cold), max(cold)),
        "warm": (statistics.median(warm), max(warm)),
    }


def picked(rows: tuple[tuple[str, int, int], ...], names: list[str] | None) -> list[tuple[str, int, int]]:
    """The rows of the algorithms ``names`` (every row when None); an unknown name is refused."""
    if names is None:
        return list(rows)
    unknown = set(names) - {row[0] for row in rows}
    if unknown:
        raise SystemExit(f"no benchmark row for {', '.join(sorted(unknown))}")
    return [row for row in rows if row[0] in names]


def table(rows: list[dict[str, object]]) -> str:
    lines = [
        "| algorithm | n | events | `nqueens count` s | instant result s | next solution (n) s | "
        "events skipped | seek, fresh: median / worst s | seek, after finish: median / worst s |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        cold, warm = r["cold"], r["warm"]
        lines.append(
            f"| {r['algorithm']} | {r['n']} | {r['events']:,} | {r['count_cli']:.2f} | {r['instant']:.3f} | "
            f"{r['next']:.3f} ({r['next_n']}) | {r['skipped']:,} | {cold[0]:.3f} / {cold[1]:.3f} | "  # type: ignore[index]
            f"{warm[0]:.3f} / {warm[1]:.3f} |"  # type: ignore[index]
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="four small rows, for a smoke run")
    parser.add_argument("--algo", action="append", help="only this algorithm's row (repeatable)")
    args = parser.parse_args(argv)
    rows = [measure(*row) for row in picked(QUICK if args.quick else ROWS, args.algo)]
    print(table(rows))


if __name__ == "__main__":
    main()
