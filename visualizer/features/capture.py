"""Pictures of the window: a screenshot (S) and a GIF recording (G).

Without a path they go into a new time-stamped file in the first folder that takes it (the
pictures folder, then the current one, then home: ``visualizer/features/saving.py``). ``Capture``,
an object the App holds, is the receiver of the commands (``target="capture"``); the banner says
where the file went, or why it did not.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame

from visualizer.features.saving import SaveError, save_new_file
from visualizer.look.i18n import tr
from visualizer.shell.safe_files import NewFile

#: Frames per second kept in a GIF recording.
GIF_FPS = 15


def save(path: str | Path | None, suffix: str, write: Callable[[Path], object]) -> Path:
    """``write`` to ``path``, or to a new ``nqueens-<time><suffix>`` file; returns where."""
    if path:
        write(Path(path))
        return Path(path)
    return save_new_file("nqueens", suffix, write)


def save_png(surface: pygame.Surface, path: str | Path | None = None) -> Path:
    """Save ``surface`` as a PNG (a ``NewFile``: whole or not at all); returns its path."""
    return save(path, ".png", lambda target: write_png(surface, target))


def write_png(surface: pygame.Surface, target: Path) -> None:
    """``surface`` as a PNG at ``target``, through Pillow (whose write errors reach us, a full disk
    included, where SDL's own writer can leave a short file behind)."""
    from PIL import Image

    image = Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))
    with NewFile(target) as new:
        image.save(new.file, format="PNG")


class Recording:
    """A GIF being recorded: ``offer`` keeps a frame every 1 / GIF_FPS seconds of app time."""

    def __init__(self, now: float) -> None:
        from visualizer.features.gif import GifRecorder

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


class CaptureHost(Protocol):
    """What pictures of the window ask of it (the App is one)."""

    @property
    def lang(self) -> str: ...
    @property
    def surface(self) -> pygame.Surface: ...
    @property
    def now(self) -> float: ...

    def say(self, text: str, kind: str = "info") -> None: ...
    def draw(self, quiet: bool = False) -> None: ...


class Capture:
    """The screenshot and GIF commands of one window, and the recording under way (``recording``)."""

    def __init__(self, host: CaptureHost) -> None:
        self.host = host
        self.recording: Recording | None = None

    def screenshot(self, path: str | Path | None = None) -> Path | None:
        """S: save the current frame as a PNG; the saved path, or None (the banner says why)."""
        self.host.draw()
        return self._reported(lambda: save_png(self.host.surface, path), "screenshot_saved", path)

    def toggle_gif(self, path: str | Path | None = None) -> Path | None:
        """G: start recording a GIF, or stop and save it; the saved path when it stops."""
        host = self.host
        if self.recording is None:
            self.recording = Recording(host.now)
            host.say(tr("gif_recording", host.lang), "info")
            return None
        recording, self.recording = self.recording, None
        return self._reported(lambda: recording.save(host.surface, path), "gif_saved", path)

    def offer(self) -> None:
        """A frame was drawn: the recording keeps it when one is due."""
        if self.recording is not None:
            self.recording.offer(self.host.surface, self.host.now)

    def _reported(self, save: Callable[[], Path], said: str, path: str | Path | None) -> Path | None:
        """Run ``save``; the banner says where the file went, or why it did not (then None)."""
        host = self.host
        try:
            saved = save()
        except SaveError as exc:
            host.say(tr("error", host.lang, message=str(exc)), "error")
            return None
        except (OSError, pygame.error, ValueError) as exc:
            host.say(tr("error", host.lang, message=f"could not save {path}: {exc}"), "error")
            return None
        host.say(tr(said, host.lang, path=saved), "success")
        return saved
