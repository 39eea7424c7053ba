"""Side-by-side speed and memory of N-Queens counters, and the event generator's overhead.

Run from the repository root, either way:

    python -m benchmarks                      # n = 8..16, 3 runs each, 10 s budget
    python benchmarks/run.py --max-n 12 --repeat 1 --budget 2   # a quick run

Contestants, each run in its own process (so its peak memory is its own):

* ``c``              -- benchmarks/nqueens.c, bitmask + mirror, built with ``cc -O2``;
* ``engine``         -- ``solvers.engine.count`` (numba kernels, all cores), timed in-process
                        after loading its compiled kernels;
* ``nqueens count``  -- the command line, wall time including Python and numba start-up;
* ``python-bitmask`` -- a plain-Python recursive bitmask counter with the mirror;
* ``python-lists``   -- a list-of-lists board and an ``is_safe`` scan, as many visualizers ship.

Times are medians of ``--repeat`` runs; a contestant is skipped for larger n once its
median passes ``--budget`` seconds. Peak memory is the process's maximum resident set
(interpreter, numpy and numba included), measured by GNU time where it exists.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

HERE = Path(__file__).resolve().parent
BUILD = HERE / "build"
C_SOURCE = HERE / "nqueens.c"
PYTHON_CONTESTANTS = ("engine", "python-bitmask", "python-lists")
ORDER = ("c", "engine", "nqueens count", "python-bitmask", "python-lists")


# --- the pure-Python contestants --------------------------------------------------------------


def median_seconds(repeat: int, work: Callable[[], object]) -> float:
    """The median wall time of ``repeat`` runs of ``work``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def python_bitmask(n: int) -> int:
    """Plain-Python bitmask counter with mirror symmetry on the first row."""
    full = (1 << n) - 1

    def solve(cols: int, diag: int, anti: int) -> int:
        if cols == full:
            return 1
        total = 0
        free = ~(cols | diag | anti) & full
        while free:
            bit = free & -free
            free ^= bit
            total += solve(cols | bit, ((diag | bit) << 1) & full, (anti | bit) >> 1)
        return total

    total = 0
    for col in range(n // 2):
        bit = 1 << col
        total += 2 * solve(bit, (bit << 1) & full, bit >> 1)
    if n % 2:
        bit = 1 << (n // 2)
        total += solve(bit, (bit << 1) & full, bit >> 1)
    return total


def python_lists(n: int) -> int:
    """A 2-D list board; each square checked by scanning its column and both diagonals."""
    board = [[0] * n for _ in range(n)]

    def is_safe(row: int, col: int) -> bool:
        for r in range(row):
            if board[r][col]:
                return False
        r, c = row - 1, col - 1
        while r >= 0 and c >= 0:
            if board[r][c]:
                return False
            r, c = r - 1, c - 1
        r, c = row - 1, col + 1
        while r >= 0 and c < n:
            if board[r][c]:
                return False
            r, c = r - 1, c + 1
        return True

    def solve(row: int) -> int:
        if row == n:
            return 1
        total = 0
        for col in range(n):
            if is_safe(row, col):
                board[row][col] = 1
                total += solve(row + 1)
                board[row][col] = 0
        return total

    return solve(0)


def engine_count(n: int) -> int:
    from solvers import engine

    engine.count(12, jit=True)  # load the compiled kernel from numba's cache (or compile it once)
    return engine.count(n, jit=True)


CHILD: dict[str, Callable[[int], int]] = {
    "engine": engine_count,
    "python-bitmask": python_bitmask,
    "python-lists": python_lists,
}


def child(name: str, n: int) -> None:
    """Child-process mode: run one contestant once, print its count and compute time."""
    if name == "engine":
        from solvers import engine

        engine.count(12, jit=True)
        start = time.perf_counter()
        result = engine.count(n, jit=True)
    else:
        start = time.perf_counter()
        result = CHILD[name](n)
    print(json.dumps({"count": result, "seconds": time.perf_counter() - start}))


# --- measuring ---------------------------------------------------------------------------------


def run_process(argv: list[str]) -> tuple[str, float, float]:
    """Run ``argv``; its stdout, wall seconds and peak memory in MB.

    The peak comes from GNU time's %M when it is installed; otherwise from wait4,
    which on Linux can report the parent's own peak for a child forked from it
    (an upper bound).
    """
    gnu_time = Path("/usr/bin/time")
    report = BUILD / "peak.txt"
    prefix = [str(gnu_time), "-f", "%M", "-o", str(report)] if gnu_time.exists() else []
    start = time.perf_counter()
    proc = subprocess.Popen(prefix + argv, stdout=subprocess.PIPE, cwd=ROOT)
    out = proc.stdout.read().decode() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        raise RuntimeError(f"{argv} failed with status {os.waitstatus_to_exitcode(status)}")
    peak_kb = int(report.read_text().split()[-1]) if prefix else usage.ru_maxrss
    return out, wall, peak_kb / 1024


def build_c() -> Path | None:
    """Compile the C baseline with the system compiler, or None if there is none."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    BUILD.mkdir(exist_ok=True)
    binary = BUILD / "nqueens"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(C_SOURCE)], check=True)
    return binary


def measure(name: str, n: int, binary: Path | None) -> tuple[int, float, float]:
    """One run of a contestant: (solutions, seconds, peak MB)."""
    if name == "c":
        assert binary is not None
        out, wall, peak = run_process([str(binary), str(n)])
        return int(out), wall, peak
    if name == "nqueens count":
        out, wall, peak = run_process([sys.executable, "-m", "solvers", "count", str(n), "--json"])
        return json.loads(out)["solutions"], wall, peak
    out, _, peak = run_process([sys.executable, str(Path(__file__).resolve()), "--child", name, str(n)])
    data = json.loads(out)
    return data["count"], data["seconds"], peak


def table(args: argparse.Namespace) -> list[dict[str, object]]:
    """Every contestant for n = min..max, skipping one once it passes the budget."""
    binary = build_c()
    names = [name for name in ORDER if name != "c" or binary is not None]
    over: set[str] = set()
    rows = []
    for n in range(args.min_n, args.max_n + 1):
        for name in names:
            if name in over:
                continue
            runs = [measure(name, n, binary) for _ in range(args.repeat)]
            counts = {r[0] for r in runs}
            assert len(counts) == 1, f"{name} gave different counts for n = {n}: {counts}"
            seconds = statistics.median(r[1] for r in runs)
            peak = max(r[2] for r in runs)
            rows.append({"n": n, "name": name, "count": counts.pop(), "seconds": seconds, "mb": peak})
            print(f"  n={n:2} {name:15} {seconds:9.4f} s", file=sys.stderr, flush=True)
            if seconds > args.budget:
                over.add(name)
    return rows


def markdown(rows: list[dict[str, object]]) -> str:
    """Seconds, ratio to C and peak memory per contestant and n."""
    base = {r["n"]: r["seconds"] for r in rows if r["name"] == "c"}
    lines = [
        "| n | contestant | solutions | median s | x C | peak MB |",
        "| ---: | --- | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        ratio = f"{r['seconds'] / base[r['n']]:.2f}" if r["n"] in base and base[r["n"]] > 0 else "-"
        lines.append(
            f"| {r['n']} | {r['name']} | {r['count']} | {r['seconds']:.4f} | {ratio} | {r['mb']:.0f} |"
        )
    return "\n".join(lines)


# --- parallel strategy and generator overhead ----------------------------------------------------


def parallel_strategies(n: int, repeat: int) -> str:
    """Engine threads (nogil kernels, dynamic hand-out) against one numba ``prange`` loop."""
    import numba
    import numpy as np

    from solvers import engine

    single = engine.count_states.compiled

    @numba.njit(parallel=True, cache=True)
    def prange_count(n: int, states: np.ndarray, row: int) -> int:
        total = 0
        for k in numba.prange(states.shape[0]):
            total += single(n, states, row, k, k + 1)
        return total

    depth = engine.split_depth(n)
    states, _ = engine.subproblems(n, depth)
    engine.count(12, jit=True)
    prange_count(10, *engine.subproblems(10, 2)[:1], 2)

    one = median_seconds(repeat, lambda: single(n, states, depth, 0, len(states)))
    threads = median_seconds(repeat, lambda: engine.count(n, jit=True))
    prange = median_seconds(repeat, lambda: prange_count(n, states, depth))
    return (
        f"| n = {n}, {len(states)} sub-problems | one thread {one:.3f} s "
        f"| engine threads {threads:.3f} s | numba prange {prange:.3f} s |"
    )


def plain_backtracking(n: int) -> tuple[int, int]:
    """``backtracking``'s search with the same flag arrays and no events: (attempts, solutions)."""
    cols, sums, difs = [-1] * n, [-1] * (2 * n - 1), [-1] * (2 * n - 1)
    stats = [0, 0]

    def solve(row: int) -> None:
        for col in range(n):
            stats[0] += 1
            if cols[col] >= 0 or sums[row + col] >= 0 or difs[row - col + n - 1] >= 0:
                continue
            cols[col] = sums[row + col] = difs[row - col + n - 1] = row
            if row == n - 1:
                stats[1] += 1
            else:
                solve(row + 1)
            cols[col] = sums[row + col] = difs[row - col + n - 1] = -1

    solve(0)
    return stats[0], stats[1]


def overhead(n: int, repeat: int) -> str:
    """Events per second of the ``backtracking`` generator, and its time over the plain search."""
    from solvers.algorithms.backtracking import backtracking
    from solvers.counters import tally

    events = sum(1 for _ in backtracking(n))
    plain = median_seconds(repeat, lambda: plain_backtracking(n))
    drained = median_seconds(repeat, lambda: collections.deque(backtracking(n), maxlen=0))
    counted = median_seconds(repeat, lambda: tally(backtracking(n)))
    return (
        f"| n = {n}: {events} events | plain search {plain:.3f} s | generator {drained:.3f} s "
        f"({events / drained:,.0f} events/s, x{drained / plain:.2f}) "
        f"| generator + counters {counted:.3f} s (x{counted / plain:.2f}) |"
    )


def machine() -> str:
    """The machine the figures come from."""
    model = platform.processor() or platform.machine()
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    try:
        import numba

        jit = f"numba {numba.__version__}"
    except ImportError:
        jit = "no numba"
    compiler = shutil.which("cc") or "no C compiler"
    cc = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    return (
        f"{model}, {os.cpu_count()} cores; Python {platform.python_version()}; {jit}; {cc}; "
        f"{platform.system()} {platform.release()}"
    )


def main(argv: list[str] | None = None) -> None:
    """Parse the flags and print every table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--min-n", type=int, default=8)
    parser.add_argument("--max-n", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=3, help="runs per point (median)")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds; stop a contestant past it")
    parser.add_argument("--events-n", type=int, default=10, help="board size of the overhead test")
    parser.add_argument("--child", nargs=2, metavar=("NAME", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child[0], int(args.child[1]))
        return
    print(f"Machine: {machine()}\n")
    print(markdown(table(args)))
    print("\nParallel strategy (count kernel, in-process, compiled):\n")
    try:
        print(parallel_strategies(min(max(args.max_n, 12), 15), args.repeat))
    except ImportError:
        print("numba is not installed: the engine runs interpreted on one thread")
    print("\nGenerator overhead (`backtracking`, drained):\n")
    print(overhead(args.events_n, args.repeat))
    print("\nTimeline throughput (benchmarks/timeline.py, CPU time):\n")
    from benchmarks import timeline  # after the sys.path line above, either way of running

    print(timeline.markdown(args.events_n, max(args.repeat, 3)))


if __name__ == "__main__":
    main()
