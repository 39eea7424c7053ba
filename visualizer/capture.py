"""Pictures of the window: a screenshot (S) and a GIF recording (G), with time-stamped names."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

#: Frames per second kept in a GIF recording.
GIF_FPS = 15


def timestamped(prefix: str, suffix: str, folder: Path | None = None) -> Path:
    """A file name like ``nqueens-20250101-120000.png`` in ``folder`` (default: the current dir)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = (folder or Path.cwd()) / f"{prefix}-{stamp}{suffix}"
    k = 1
    while path.exists():
        path = (folder or Path.cwd()) / f"{prefix}-{stamp}-{k}{suffix}"
        k += 1
    return path


def save_png(surface: pygame.Surface, path: str | Path | None = None) -> Path:
    """Save ``surface`` as a PNG at ``path`` (default: a time-stamped name here); returns the path."""
    target = Path(path) if path else timestamped("nqueens", ".png")
    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(target))
    return target


class Recording:
    """A GIF being recorded: ``offer`` keeps a frame every 1 / GIF_FPS seconds of app time."""

    def __init__(self, now: float) -> None:
        from visualizer.gif import GifRecorder

        self.recorder = GifRecorder(duration_ms=round(1000 / GIF_FPS))
        self.due = now

    def offer(self, surface: pygame.Surface, now: float) -> None:
        if now >= self.due:
            self.recorder.add_frame(surface)
            self.due = now + 1.0 / GIF_FPS

    def save(self, surface: pygame.Surface, path: str | Path | None = None) -> Path:
        """Write the GIF (at least the current frame) and return its path."""
        if not self.recorder.frames:
            self.recorder.add_frame(surface)
        return self.recorder.save(Path(path) if path else timestamped("nqueens", ".gif"))
