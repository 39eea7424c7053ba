"""Large n: time against n for the explicit construction and min-conflicts.

Run from the repository root:

    python benchmarks/large_n.py                      # print the tables
    python benchmarks/large_n.py --write benchmarks/LARGE_N.md

Construction is timed for n = 10^3 .. 10^6 (build, then the vectorised check);
min-conflicts for n = 10^3 .. 10^4 over several seeds, with the repairs it needed
after its greedy start (Minton et al. 1992 report roughly constant repairs, about
50, as n grows).  Times are the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from solvers.algorithms import construction, local_search

CONSTRUCTION_N = (1_000, 10_000, 100_000, 1_000_000)
MIN_CONFLICTS_N = (1_000, 2_000, 5_000, 10_000)


def best_time(work: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs of ``work``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def construction_table(repeat: int) -> list[str]:
    rows = ["| n | construct (s) | check (s) | valid |", "| ---: | ---: | ---: | --- |"]
    for n in CONSTRUCTION_N:
        build = best_time(lambda n=n: construction.construct(n), repeat)
        queens = construction.construct(n)
        check = best_time(lambda q=queens: construction.is_valid(q), repeat)
        rows.append(f"| {n:,} | {build:.4f} | {check:.4f} | {construction.is_valid(queens)} |")
    return rows


def min_conflicts_table(seeds: int) -> list[str]:
    rows = [
        "| n | seconds (median) | repairs (median) | repairs (min-max) | greedy-start conflicts (median)"
        " | restarts | valid |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for n in MIN_CONFLICTS_N:
        seconds, repairs, start, restarts, valid = [], [], [], 0, True
        for seed in range(seeds):
            begin = time.perf_counter()
            queens, counters = local_search.answer(n, seed=seed)
            seconds.append(time.perf_counter() - begin)
            repairs.append(counters["repairs"])
            start.append(counters["start_conflicts"])
            restarts += counters["restarts"]
            valid &= construction.is_valid(queens)
        rows.append(
            f"| {n:,} | {statistics.median(seconds):.3f} | {statistics.median(repairs):g}"
            f" | {min(repairs)}-{max(repairs)} | {statistics.median(start):g} | {restarts} | {valid} |"
        )
    return rows


CLI_RUNS = (
    ("solve", "1000000", "--algo", "construction", "--first", "--format", "json"),
    ("solve", "5000", "--algo", "min-conflicts", "--first"),
    ("count", "100000", "--algo", "min-conflicts", "--json"),
)


def cli_table() -> list[str]:
    """Whole commands, process start and output included (stdout discarded)."""
    rows = ["| command | seconds |", "| --- | ---: |"]
    for argv in CLI_RUNS:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "solvers", *argv], stdout=subprocess.DEVNULL, check=True)
        rows.append(f"| `nqueens {' '.join(argv)}` | {time.perf_counter() - start:.2f} |")
    return rows


def report(repeat: int, seeds: int) -> str:
    machine = (
        f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()},"
        f" {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start"
    )
    lines = [
        "# Large n",
        "",
        "Made by `python benchmarks/large_n.py --write benchmarks/LARGE_N.md` on " + machine + ".",
        "",
        f"## Explicit construction (best of {repeat})",
        "",
        *construction_table(repeat),
        "",
        f"## Min-conflicts (seeds 0..{seeds - 1})",
        "",
        *min_conflicts_table(seeds),
        "",
        "## The command line (one run each, process start included)",
        "",
        *cli_table(),
        "",
        "Seconds include the greedy start (O(n) per row in the worst case, usually a few random",
        "samples) and every repair (O(n) each).  Repairs stay in the tens as n grows, as Minton,",
        "Johnston, Philips & Laird (1992) found.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per construction size (best kept)")
    parser.add_argument("--seeds", type=int, default=5, help="seeds per min-conflicts size")
    parser.add_argument("--write", type=Path, help="also write the tables to this Markdown file")
    args = parser.parse_args(argv)
    text = report(args.repeat, args.seeds)
    sys.stdout.write(text)
    if args.write:
        args.write.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
