"""The window's Instant result, Next solution and scrub-bar seeks, next to ``nqueens count``.

Every row runs in one process, headless (dummy video driver), through the real ``App`` and
its command path (``app.dispatch``, the busy gate, the Player, the worker thread), show-all
off, as a key press would:

* ``nqueens count`` -- ``python -m solvers count N --algo A --json`` as a user runs it
  (wall time, Python and numba start-up included);
* instant result -- ``dispatch("instant")`` on a fresh window until the final counters are on
  screen (the worker joined and its report collected); the engine's kernel already loaded,
  as a window has by then;
* next solution -- ``dispatch("next")`` on a fresh window at the algorithm's top n (the first
  solution), and how many events it skipped;
* seek -- ``dispatch("seek", k)`` to random k of the whole run after the scrub bar's total is
  known: median and worst.

Forward checking and MRV take the engine's path too since issue 21 (their seek kernel).

    python -m benchmarks.window [--quick] [--algo A ...]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from benchmarks import seek
from benchmarks.seek import count_cli

#: (algorithm, n for the instant result and seeks, n for next solution): the rows of benchmarks/seek.py
ROWS = seek.ROWS
QUICK = (("backtracking", 10, 16), ("brute-force", 7, 7), ("forward-checking", 8, 10))
SEEKS = 20


def _settled(app: object, work: Callable[[], None]) -> float:
    """Wall seconds of ``work`` until the window is idle again (the worker's report collected)."""
    start = time.perf_counter()
    work()
    while app.busy:  # type: ignore[attr-defined]
        app.join(0.01)  # type: ignore[attr-defined]
        app.update(0.0)  # type: ignore[attr-defined]
    return time.perf_counter() - start


def measure(name: str, n: int, n_next: int) -> dict[str, object]:
    from visualizer.app import App

    warm = App(4, name, size=(1280, 800))
    _settled(warm, lambda: warm.dispatch("instant"))  # load the compiled kernel once
    warm.close()
    cli = count_cli(name, n)
    app = App(n, name, size=(1280, 800))
    instant = _settled(app, lambda: app.dispatch("instant"))
    assert app.timeline is not None and app.timeline.finished
    total = app.timeline.event_index
    jumper = App(n_next, name, size=(1280, 800))
    next_s = _settled(jumper, lambda: jumper.dispatch("next"))
    assert jumper.timeline is not None
    skipped = jumper.timeline.event_index
    jumper.close()
    rng = random.Random(f"{name}{n}")
    seeks = []
    for _ in range(SEEKS):
        k = rng.randrange(total + 1)
        seeks.append(_settled(app, lambda k=k: app.dispatch("seek", k)))
        assert app.timeline.event_index == k, (name, n, k, app.timeline.event_index, app.banner)
    app.close()
    return {
        "algorithm": name,
        "n": n,
        "events": total,
        "count_cli": cli,
        "instant": instant,
        "next_n": n_next,
        "next": next_s,
        "skipped": skipped,
        "seek": (statistics.median(seeks), max(seeks)),
    }


def table(rows: list[dict[str, object]]) -> str:
    lines = [
        "| algorithm | n | events | `nqueens count` s | window instant result s | ratio | "
        "window next solution (n) s | events skipped | window seek: median / worst s |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        seek = r["seek"]
        ratio = r["instant"] / r["count_cli"]  # type: ignore[operator]
        lines.append(
            f"| {r['algorithm']} | {r['n']} | {r['events']:,} | {r['count_cli']:.2f} | {r['instant']:.3f} | "
            f"{ratio:.2f} | {r['next']:.3f} ({r['next_n']}) | {r['skipped']:,} | "
            f"{seek[0]:.3f} / {seek[1]:.3f} |"  # type: ignore[index]
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="three small rows, for a smoke run")
    parser.add_argument("--algo", action="append", help="only this algorithm's row (repeatable)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    rows = [measure(*row) for row in seek.picked(QUICK if args.quick else ROWS, args.algo)]
    print(table(rows))


if __name__ == "__main__":
    main()
