"""Export a stretch of the run (issue 14): event a to event b, one frame per event, as an animated
GIF, an H.264 MP4 (imageio-ffmpeg's bundled ffmpeg: yuv420p, even sizes, plays in browsers) or
a folder of numbered PNGs for slides.

An ``Export`` is worked a few frames per window frame (``work``), so the window keeps drawing its
progress bar and Esc cancels it (the partial file is removed). Headless runs it to the end.
A stretch longer than ``MAX_FRAMES`` events is sampled evenly (``stride`` events per frame).
When it ends the run goes back to where it stood.
"""

from __future__ import annotations

import math
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame
from PIL import Image

from visualizer.features.gif import GifRecorder

#: The most frames one export writes (a longer stretch is sampled evenly); a GIF holds fewer.
MAX_FRAMES = 3000
MAX_GIF_FRAMES = 600
MIN_FPS, MAX_FPS = 1.0, 60.0
#: Seconds of work per window frame (the progress bar and Esc stay responsive).
SLICE = 0.05


def kind_of(path: str) -> str:
    """ "gif", "mp4" or "png" (a folder of PNGs) from the path's ending.

    >>> kind_of("a.GIF"), kind_of("b.mp4"), kind_of("frames/")
    ('gif', 'mp4', 'png')
    """
    suffix = Path(path).suffix.lower()
    return {".gif": "gif", ".mp4": "mp4"}.get(suffix, "png")


def even_size(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` rounded down to even numbers (H.264 in yuv420p needs them), at least 2 x 2.

    >>> even_size((1279, 801))
    (1278, 800)
    """
    return max(2, size[0] - size[0] % 2), max(2, size[1] - size[1] % 2)


class Sink(Protocol):
    def add(self, rgb: bytes) -> None: ...
    def close(self) -> None: ...
    def abort(self) -> None: ...


class GifSink:
    """The G key's recorder (``visualizer/features/gif.py``: compressed frames, one palette sampled across
    them), holding every frame, written beside the target at ``close`` then renamed."""

    def __init__(self, path: Path, size: tuple[int, int], fps: float) -> None:
        duration = max(20, round(1000 / fps))
        self.path, self.size = path, size
        self.recorder = GifRecorder(max_width=size[0], max_frames=MAX_GIF_FRAMES + 1, duration_ms=duration)

    def add(self, rgb: bytes) -> None:
        self.recorder.add_frame(pygame.image.frombytes(rgb, self.size, "RGB"))

    def close(self) -> None:
        part = self.path.with_name(self.path.name + ".part.gif")
        self.recorder.save(part)
        os.replace(part, self.path)

    def abort(self) -> None:
        self.recorder.clear()


class Mp4Sink:
    """H.264 through imageio-ffmpeg's own ffmpeg binary, written beside the target then renamed."""

    def __init__(self, path: Path, size: tuple[int, int], fps: float) -> None:
        import imageio_ffmpeg

        self.path = path
        self.part = path.with_name(path.name + ".part.mp4")
        self.writer = imageio_ffmpeg.write_frames(
            str(self.part),
            size,
            fps=fps,
            codec="libx264",
            pix_fmt_in="rgb24",
            pix_fmt_out="yuv420p",
            macro_block_size=2,
            ffmpeg_log_level="error",
            output_params=["-movflags", "+faststart"],
        )
        self.writer.send(None)

    def add(self, rgb: bytes) -> None:
        self.writer.send(rgb)

    def close(self) -> None:
        self.writer.close()
        os.replace(self.part, self.path)

    def abort(self) -> None:
        self.writer.close()
        self.part.unlink(missing_ok=True)


class PngSink:
    """frame_00001.png, frame_00002.png ... in a folder (made if missing; its parent must exist)."""

    def __init__(self, folder: Path, size: tuple[int, int], fps: float) -> None:
        self.made = not folder.exists()
        folder.mkdir(exist_ok=True)
        self.folder, self.size, self.count = folder, size, 0
        self.written: list[Path] = []

    def add(self, rgb: bytes) -> None:
        self.count += 1
        path = self.folder / f"frame_{self.count:05d}.png"
        Image.frombytes("RGB", self.size, rgb).save(path)
        self.written.append(path)

    def close(self) -> None:
        pass

    def abort(self) -> None:
        for path in self.written:
            path.unlink(missing_ok=True)
        if self.made:
            shutil.rmtree(self.folder, ignore_errors=True)


SINKS: dict[str, Callable[[Path, tuple[int, int], float], Sink]] = {
    "gif": GifSink,
    "mp4": Mp4Sink,
    "png": PngSink,
}


@dataclass
class Stretch:
    """Events ``first`` to ``last`` (inclusive) taken every ``stride`` events."""

    first: int
    last: int
    stride: int

    @classmethod
    def of(cls, first: int, last: int, kind: str) -> Stretch:
        if last < first:
            raise ValueError(f"the stretch runs backwards ({first} to {last})")
        cap = MAX_GIF_FRAMES if kind == "gif" else MAX_FRAMES
        return cls(first, last, max(1, math.ceil((last - first) / max(cap - 1, 1))))

    @property
    def frames(self) -> int:
        return (
            (self.last - self.first) // self.stride + 1 + (1 if (self.last - self.first) % self.stride else 0)
        )

    def event(self, i: int) -> int:
        """The event index of frame ``i`` (the last frame is always ``last``)."""
        return min(self.first + i * self.stride, self.last)


class Export:
    """One export under way: ``work`` renders frames with ``render(event)`` (the window drawn at
    that event, as RGB bytes of ``size``) until done or cancelled."""

    def __init__(self, path: str, stretch: Stretch, size: tuple[int, int], fps: float) -> None:
        if not MIN_FPS <= fps <= MAX_FPS:
            raise ValueError(f"the frame rate must be {MIN_FPS:g} to {MAX_FPS:g} frames per second")
        self.path, self.stretch, self.size, self.fps = Path(path), stretch, even_size(size), fps
        self.kind = kind_of(path)
        self.sink: Sink = SINKS[self.kind](self.path, self.size, fps)
        self.done = 0
        self.cancelled = False

    @property
    def finished(self) -> bool:
        return self.cancelled or self.done >= self.stretch.frames

    @property
    def fraction(self) -> float:
        return self.done / max(self.stretch.frames, 1)

    def work(self, render: Callable[[int], bytes], budget: float = SLICE) -> bool:
        """Frames for about ``budget`` seconds (at least one); True once every frame is written."""
        start = time.perf_counter()
        while not self.finished:
            self.sink.add(render(self.stretch.event(self.done)))
            self.done += 1
            if time.perf_counter() - start > budget:
                break
        if self.done >= self.stretch.frames and not self.cancelled:
            self.sink.close()
            return True
        return False

    def cancel(self) -> None:
        """Stop and remove what was written."""
        if not self.cancelled:
            self.cancelled = True
            self.sink.abort()


def frame_bytes(surface: pygame.Surface, size: tuple[int, int]) -> bytes:
    """The surface's pixels scaled to ``size``, as RGB bytes."""
    if surface.get_size() != size:
        surface = pygame.transform.smoothscale(surface, size)
    return pygame.image.tobytes(surface, "RGB")
