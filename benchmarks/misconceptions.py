"""How well the diagnosis names a misconception: Markdown tables for benchmarks/README.md (issue 41).

Run from the repository root:

    python benchmarks/misconceptions.py                       # 200 attempts a version (about 10 minutes)
    python benchmarks/misconceptions.py --attempts 40 --slips 0.03 0.1

Exercise attempts: for each wrong version the exercise can show, ``--attempts`` simulated students
holding it (``solvers.simulated.trial``: seeded slips at the rate given, every third attempt with
undo feedback) play the exercises where it departs from the model at least three times (stopping
early: once), in turn; each attempt is written as the window writes it, re-graded and diagnosed
by ``nqueens results``' own ``regrade``. Students without a misconception (slips only, and no slip
at all) play every exercise. A row says how often the version was named first, another one was,
or none was.

Own searches: ``nqueens check N --search FILE`` on each file of ``tests/data/misconceptions/``
(each written as a student holding one misconception would), in this process, each search in its
sandbox, at most ``--events`` events; the row says whether the right version was named, at how
many events the run differs from it, and the seconds the check took.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from solvers.misconceptions import CATALOGUE, Version  # noqa: E402
from solvers.simulated import MIN_DEPARTURES, exercises, trial  # noqa: E402

SEARCHES = ROOT / "tests" / "data" / "misconceptions"


def exercise_table(attempts: int, slips: float, seed: int) -> str:
    """One row per wrong version the exercise shows, then the students without one."""
    pool = exercises()
    lines = [
        f"Slips: {slips:.0%} of the moves. Attempts per row: {attempts}.",
        "",
        "| students holding | exercises | named it | named another | named none | departures (median) "
        "| wrong moves (median) | seconds |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    rows: list[tuple[str, Version | None, float]] = [(v.key, v, slips) for v in CATALOGUE if v.in_exercise]
    rows += [("no misconception, slips only", None, slips), ("no misconception, no slip", None, 0.0)]
    for label, version, rate in rows:
        start = time.perf_counter()
        tally = trial(version, attempts, slips=rate, seed=seed, pool=pool)
        seconds = time.perf_counter() - start
        named = f"{tally.share(tally.named)}%" if version is not None else "-"
        departs = f"{tally.median(tally.departures):g}" if version is not None else "-"
        lines.append(
            f"| {label} | {tally.exercises} | {named} | {tally.share(tally.other)}% | "
            f"{tally.share(tally.none)}% | {departs} | {tally.median(tally.wrong):g} | {seconds:.1f} |"
        )
    return "\n".join(lines)


def own_search_table(sizes: list[int], events: int) -> str:
    """``nqueens check`` on each misconception's search file at each n."""
    from solvers.cli.main import run

    os.environ["NQUEENS_SEARCH_LIMITS"] = f"events={events}"
    lines = [
        f"Each search stopped after {events:,} events at most.",
        "",
        "| search file | n | exit | named | differs at | seconds |",
        "| --- | ---: | ---: | --- | ---: | ---: |",
    ]
    for version in CATALOGUE:
        path = SEARCHES / f"{version.key.replace('-', '_')}.py"
        for n in sizes:
            out, err = io.StringIO(), io.StringIO()
            start = time.perf_counter()
            with contextlib.redirect_stderr(err):
                status = run(["check", str(n), "--search", str(path)], out)
            seconds = time.perf_counter() - start
            said = out.getvalue()
            named = "yes" if f"that {version.name['en']} (" in said else "**no**"
            differs = said.rsplit("(", 1)[-1].split(")")[0] if named == "yes" else "-"
            lines.append(f"| `{path.name}` | {n} | {status} | {named} | {differs} | {seconds:.1f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=200, help="simulated attempts a row (default 200)")
    parser.add_argument(
        "--slips", type=float, nargs="+", default=[0.03, 0.1], help="slip rates (default 0.03 0.1)"
    )
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument(
        "--n", type=int, nargs="+", default=[6, 8], help="n of the own searches (default 6 8)"
    )
    parser.add_argument(
        "--events", type=int, default=200_000, help="events a search may make (default 200000)"
    )
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores; seed {args.seed}."
    )
    tried = f"at least {MIN_DEPARTURES} times (stopping: once)"
    print(f"A version is tried where it departs from the model {tried}.\n")
    print("### Exercise attempts\n")
    for slips in args.slips:
        print(exercise_table(args.attempts, slips, args.seed) + "\n")
    print("### Own searches (`nqueens check`)\n")
    print(own_search_table(args.n, args.events))


if __name__ == "__main__":
    main()
