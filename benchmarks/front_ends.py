"""The window against the command line for the same question, as whole processes (issue 21).

Run from the repository root:

    python -m benchmarks.front_ends               # 5 pairs a row (about 2 minutes)
    python -m benchmarks.front_ends --pairs 3

Each row is a pair of commands a user starts, run in turn A B A B ... after one warm-up each
(``startup.paired``), the ratio of wall times taken pair by pair: A the headless window
(``python -m visualizer --headless --n N --algo A --script S``: its start-up, pygame and the
widgets included), B the command line that answers the same question (``nqueens count N --algo
A`` for the Instant result, ``nqueens solve N --first --algo A`` for Next solution).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile

from benchmarks import startup

#: (algorithm, n, the window's script, the command line's arguments after its n)
ROWS = (
    ("forward-checking", 12, "instant", ("count", "--algo")),
    ("mrv", 12, "instant", ("count", "--algo")),
    ("backtracking", 12, "instant", ("count", "--algo")),
    ("forward-checking", 16, "next", ("solve", "--first", "--algo")),
    ("mrv", 16, "next", ("solve", "--first", "--algo")),
)


def row(name: str, n: int, script: str, cli: tuple[str, ...], pairs: int, state: str) -> str:
    window = [sys.executable, "-m", "visualizer", "--headless", "--n", str(n), "--algo", name]
    window += ["--script", script, "--state", state]
    command = [*startup.nqueens(), cli[0], str(n), *cli[1:], name]
    a, b, ratios = startup.paired(window, command, pairs)
    return (
        f"| {name} | {n} | {script} | `nqueens {' '.join(command[len(startup.nqueens()) :])}` | {a:.3f} | "
        f"{b:.3f} | {statistics.median(ratios):.2f} | {min(ratios):.2f}-{max(ratios):.2f} |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5, help="paired runs a row (default 5)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    print(startup.machine(), f"load average {os.getloadavg()[0]:.1f}\n")
    print("| algorithm | n | window script | command line | window s | CLI s | window/CLI median | min-max |")
    print("| --- | ---: | --- | --- | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as folder:
        for name, n, script, cli in ROWS:
            print(row(name, n, script, cli, args.pairs, os.path.join(folder, "state.json")), flush=True)


if __name__ == "__main__":
    main()
