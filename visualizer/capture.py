"""Pictures of the window: a screenshot (S) and a GIF recording (G).

Without a path they go into a new time-stamped file in the first folder that takes it (the
pictures folder, then the current one, then home: ``visualizer/saving.py``). Failures raise
(OSError, pygame.error, ValueError); the App turns them into a banner.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from visualizer.saving import save_new_file

#: Frames per second kept in a GIF recording.
GIF_FPS = 15


def save(path: str | Path | None, suffix: str, write: Callable[[Path], object]) -> Path:
    """``write`` to ``path``, or to a new ``nqueens-<time><suffix>`` file; returns where."""
    if path:
        write(Path(path))
        return Path(path)
    return save_new_file("nqueens", suffix, write)


def save_png(surface: pygame.Surface, path: str | Path | None = None) -> Path:
    """Save ``surface`` as a PNG; returns its path."""
    return save(path, ".png", lambda target: pygame.image.save(surface, str(target)))


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
        return save(path, ".gif", self.recorder.save)
