"""The longest frame while the window works (issue 38): no frame should take over 100 ms.

Run from the repository root:

    python -m benchmarks.longest_frame                 # every kind of long work below
    python -m benchmarks.longest_frame --n 15 --only instant

In one process, with SDL's dummy driver, through the real ``App`` at 1920x1080, the frames the
window's loop makes (events, time, a full draw) while it works, the first being the one that
starts the work:

- ``instant``: Enter (Instant result) with forward checking and MRV at ``--n``;
- ``seek``: a seek far into backtracking's run at n = 14 (the scrub bar's command);
- ``export``: a GIF of 2,000 events of the run (E's dialog's command), from the command until the
  file is written;
- ``record``: G, 300 frames of the run playing, G again (the recording saved).

The figures are the longest frame's wall time and which frame it was, with the median beside it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZE = (1920, 1080)


def frames_while(app, start: Callable[[], None], working: Callable[[], bool]) -> list[float]:
    """The wall time of each frame: the first runs ``start``, the rest until not ``working()``."""
    for _ in range(10):
        app.tick(1 / 60)
    times = []
    while True:
        began = time.perf_counter()
        if not times:
            start()
        app.tick(1 / 60)
        times.append(time.perf_counter() - began)
        if len(times) > 2 and not working():
            return times
        time.sleep(max(0.0, 1 / 60 - times[-1]))


def new_app(algorithm: str, n: int):
    from visualizer.app import App

    return App(n, algorithm, size=SIZE)


def key(name: int, unicode: str = "") -> Callable[[], None]:
    import pygame

    def press() -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=unicode))

    return press


def instant(algorithm: str, n: int) -> list[float]:
    import pygame

    app = new_app(algorithm, n)
    try:
        return frames_while(app, key(pygame.K_RETURN, "\r"), lambda: app.busy)
    finally:
        app.close()


def seek(n: int = 14, event: int = 200_000_000) -> list[float]:
    app = new_app("backtracking", n)
    try:
        return frames_while(app, lambda: app.dispatch("seek", event), lambda: app.busy)
    finally:
        app.close()


def export(folder: Path, last: int = 2000) -> list[float]:
    app = new_app("backtracking", 8)
    path = str(folder / "stretch.gif")
    try:
        times = frames_while(
            app, lambda: app.dispatch("export", ("0", str(last), path)), lambda: app.lessons.working
        )
        assert Path(path).stat().st_size > 0, app.banner
        return times
    finally:
        app.close()


def record(folder: Path, frames: int = 300) -> list[float]:
    import pygame

    app = new_app("backtracking", 8)
    path = folder / "recording.gif"
    try:
        app.dispatch("speed", 60.0)
        app.dispatch("gif")
        key(pygame.K_SPACE, " ")()
        for _ in range(frames):
            app.tick(1 / 60)
        app.dispatch("pause")  # pause: the run stands still while the GIF is written
        times = frames_while(app, lambda: app.dispatch("gif", str(path)), lambda: not path.exists())
        assert path.stat().st_size > 0, app.banner
        return times
    finally:
        app.close()


def report(what: str, times: list[float]) -> None:
    worst = max(range(len(times)), key=times.__getitem__)
    print(
        f"{what}: {len(times)} frames, longest {times[worst] * 1000:.0f} ms "
        f"(frame {worst + 1}), median {statistics.median(times) * 1000:.1f} ms, "
        f"{sum(t > 0.1 for t in times)} over 100 ms",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=14)
    parser.add_argument("--only", choices=("instant", "seek", "export", "record"))
    args = parser.parse_args()
    instant("backtracking", 8)  # numba's kernels compiled and cached before timing
    runs = args.only
    if runs in (None, "instant"):
        for algorithm in ("forward-checking", "mrv"):
            report(f"instant result, {algorithm} n = {args.n}", instant(algorithm, args.n))
    if runs in (None, "seek"):
        report("seek to event 200,000,000, backtracking n = 14", seek())
    with tempfile.TemporaryDirectory() as folder:
        if runs in (None, "export"):
            report("GIF export of events 0-2,000, backtracking n = 8", export(Path(folder)))
        if runs in (None, "record"):
            report("GIF recording of 300 frames saved, backtracking n = 8", record(Path(folder)))


if __name__ == "__main__":
    main()
