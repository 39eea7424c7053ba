"""A GIF export's peak memory (issue 36): frames of WIDTH x HEIGHT streamed through the export's
GIF sink (``visualizer/features/export.py``), a board-like picture whose squares change every
frame. Prints the process's peak resident set (MB) after the tenth frame and at the end, the
frames in the GIF, its size and the seconds taken.

    python -m benchmarks.gif_memory                      # 3840 x 2160, 200 frames: the issue's case
    python -m benchmarks.gif_memory 1920 1080 80

Before issue 36 the sink kept every frame and Pillow's ``save_all`` quantized them all before
writing: 200 frames at 3840 x 2160 peaked at 3.7 GB. Streamed, the peak does not depend on the
number of frames (tests/visualizer/features/test_gif.py runs this at 1920 x 1080).
"""

from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
from PIL import Image

from visualizer.features.export import GifSink, Stretch, plan_gif


def peak_mb() -> int:
    """This process's peak resident set so far, in MB: Linux's VmHWM (the peak of this program's own
    memory: ``ru_maxrss`` keeps the parent's peak across fork and exec, a test runner's hundreds of
    MB), else ``ru_maxrss``."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def measure(width: int, height: int, frames: int, out: Path) -> tuple[int, int, int, int, float]:
    """(peak MB after 10 frames, peak MB at the end, frames in the GIF, its bytes, seconds)."""
    surface = pygame.Surface((width, height))
    side = height // 10

    def render(event: int) -> bytes:
        surface.fill((245, 247, 250))
        for k in range(40):
            x, y = (k * 7 + event * 3) % 10, (k * 3 + event) % 10
            colour = ((k * 37) % 256, (event * 11) % 256, (k * event) % 256)
            pygame.draw.rect(surface, colour, (x * side, y * side, side, side))
        return pygame.image.tobytes(surface, "RGB")

    started = time.perf_counter()
    stretch = Stretch(0, frames - 1, 1)
    sink = GifSink(out, (width, height), 10.0, plan_gif(render, stretch, (width, height)))
    early = 0
    for event in range(frames):
        sink.add(render(event))
        if event == min(9, frames - 1):
            early = peak_mb()
    sink.close()
    seconds = time.perf_counter() - started
    with Image.open(out) as gif:
        count = gif.n_frames
    return early, peak_mb(), count, out.stat().st_size, seconds


def main(argv: list[str]) -> None:
    width, height, frames = (int(a) for a in argv) if argv else (3840, 2160, 200)
    with tempfile.TemporaryDirectory() as folder:
        early, end, count, size, seconds = measure(width, height, frames, Path(folder) / "out.gif")
    print(early, end, count, size, f"{seconds:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
