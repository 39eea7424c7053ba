"""Start-up tax of the command line (issue 21): whole processes, paired runs, ratios.

Run from the repository root:

    python benchmarks/startup.py                 # 15 pairs a row (about a minute)
    python benchmarks/startup.py --pairs 5       # a quick run
    python benchmarks/startup.py --nqueens ../old/.venv/bin/nqueens   # another checkout (compileall it first)
    python benchmarks/startup.py --large --pairs 3   # also count 16 and 17 against C (about 5 minutes)

Each row runs a command A and its yardstick B in turn, A B A B ..., after one warm-up of each
(which also loads or writes numba's disk cache), and takes the ratio of wall times pair by pair,
so that the ratio holds when the machine's speed drifts; the table gives the medians of A, of B
and of the ratios (with the ratios' min-max). The yardsticks: ``python -c pass`` on the same
interpreter as ``nqueens`` (its site, and an editable install's finder, included), and the C
reference ``benchmarks/nqueens.c`` (one thread, ``cc -O2``, built as ``run.py`` builds it).
``nqueens`` is the console script next to this interpreter (else ``python -m solvers``); the
package's ``.pyc`` files are written first (``compileall``), as an installed package has them.
The last column says whether the command imported numpy or numba (``-X importtime``, one run).
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.run import build_c, machine  # noqa: E402  # after the sys.path line, either way of running


def nqueens() -> list[str]:
    """How a user starts the command line with this interpreter."""
    script = Path(sys.executable).with_name("nqueens")
    return [str(script)] if script.exists() else [sys.executable, "-m", "solvers"]


def wall(argv: list[str]) -> float:
    """Seconds from start to exit of one run of ``argv`` (its output thrown away)."""
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, check=True)
    return time.perf_counter() - start


def paired(a: list[str], b: list[str], pairs: int) -> tuple[float, float, list[float]]:
    """Medians of A and B over ``pairs`` runs in turn, after a warm-up, and the ratios A/B pair by pair."""
    wall(a), wall(b)
    times_a, times_b = [], []
    for _ in range(pairs):
        times_a.append(wall(a))
        times_b.append(wall(b))
    ratios = [x / y for x, y in zip(times_a, times_b, strict=True)]
    return statistics.median(times_a), statistics.median(times_b), ratios


def heavy_imports(argv: list[str]) -> str:
    """Which of numpy and numba ``argv`` imports (read from ``-X importtime``, one run)."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=env, check=True)
    names = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    found = [name for name in ("numpy", "numba") if name in names]
    return " + ".join(found) or "neither"


def rows(pairs: int, cli: list[str], python: list[str], large: bool = False) -> list[str]:
    """The table: each command against its yardstick (with ``large``, count 16 and 17 too)."""
    binary = build_c()
    cases: list[tuple[str, list[str], str, list[str]]] = [
        ("nqueens count 8", [*cli, "count", "8"], "python -c pass", python),
        ("nqueens --help", [*cli, "--help"], "python -c pass", python),
    ]
    if binary is not None:
        for n in (12, 14, 15, *((16, 17) if large else ())):
            cases.append((f"nqueens count {n}", [*cli, "count", str(n)], f"C {n}", [str(binary), str(n)]))
    lines = [
        "| A | B | A median s | B median s | A/B median | A/B min-max | A imports |",
        "| --- | --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for name_a, a, name_b, b in cases:
        median_a, median_b, ratios = paired(a, b, pairs)
        lines.append(
            f"| `{name_a}` | `{name_b}` | {median_a:.3f} | {median_b:.3f} | {statistics.median(ratios):.2f}"
            f" | {min(ratios):.2f}-{max(ratios):.2f} | {heavy_imports(a)} |"
        )
        print(f"  {name_a} / {name_b}: {statistics.median(ratios):.2f}", file=sys.stderr, flush=True)
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=15, help="counted runs of each command (median)")
    parser.add_argument(
        "--nqueens", metavar="SCRIPT", help="another nqueens to time (an older checkout's .venv/bin/nqueens)"
    )
    parser.add_argument("--large", action="store_true", help="also count 16 and 17 against C")
    args = parser.parse_args(argv)
    if args.nqueens:  # its own interpreter is the yardstick's too
        cli = [args.nqueens]
        python = [Path(args.nqueens).read_text().splitlines()[0].removeprefix("#!"), "-c", "pass"]
    else:
        compileall.compile_dir(ROOT / "solvers", quiet=1)
        cli, python = nqueens(), [sys.executable, "-c", "pass"]
    print(f"Machine: {machine()}\n")
    print("\n".join(rows(args.pairs, cli, python, args.large)))


if __name__ == "__main__":
    main()
