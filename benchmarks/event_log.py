"""Ten million events into the window's event log: time and memory at its cap.

A run that cannot seek (min-conflicts, construction) keeps its last 10^7 events for step back,
16 bytes each; past the cap the oldest whole chunks are forgotten. This appends 10^7 + 2 events
into a default ``EventLog`` and reports the seconds, the events per second and the log's bytes.
The same code path at a small cap is tested in tests/visualizer/core/test_timeline.py.

    python -m benchmarks.event_log [--events 10000000]
"""

from __future__ import annotations

import argparse
import collections
import itertools
import time

from solvers.events import Conflict, Place, Repair
from visualizer.core.eventlog import EventLog


def fill(events: int) -> tuple[float, EventLog]:
    """Seconds to append ``events`` + 2 events to a default log, and the log."""
    log = EventLog()
    started = time.perf_counter()
    log.append(Conflict(1, 2, (0, 2), 3, True, 9))
    collections.deque(map(log.append, itertools.repeat(Place(3, 5, 4, True, 3), events)), maxlen=0)
    log.append(Repair(7, 1, 4, 5, 2, True, 70_000))
    return time.perf_counter() - started, log


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000_000)
    events = parser.parse_args(argv).events
    seconds, log = fill(events)
    print(f"{events + 2:,} appends in {seconds:.2f} s ({(events + 2) / seconds:,.0f} events/s)")
    print(f"kept {len(log):,} events from index {log.start:,}: {log.memory_bytes() / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
