"""Export a stretch of the run (issue 14): event a to event b, one frame per event, as an animated
GIF (streamed: its memory does not grow with its length), an H.264 MP4 (imageio-ffmpeg's bundled
ffmpeg: yuv420p, even sizes, plays in browsers) or a folder of numbered PNGs for slides.

An ``Export`` is worked a few frames per window frame (``work``), so the window keeps drawing its
progress bar and Esc cancels it (nothing of it is left: every output is a ``NewFile`` or a fresh
folder, moved into place only when whole). Headless runs it to the end.
A stretch longer than ``MAX_FRAMES`` events is sampled evenly (``stride`` events per frame).
When it ends the run goes back to where it stood.
"""

from __future__ import annotations

import contextlib
import math
import os
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame
from PIL import Image

from visualizer.features.gif import (
    PALETTE_SAMPLES,
    GifWriter,
    change_bytes,
    frame_bytes_in_gif,
    gif_size,
    palette_of,
    thumbnail,
)
from visualizer.shell.safe_files import (
    NewFile,
    RefusedFile,
    check_folder,
    check_output_path,
    new_folder,
    remove_folder,
    settled,
)

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
    """Each frame streamed into a ``NewFile`` as it comes (``visualizer/features/gif.py``'s
    ``GifWriter``: two frames in memory at most), in the palette sampled before the export
    started (``GifPlan``); renamed onto the target at ``close``."""

    def __init__(self, path: Path, size: tuple[int, int], fps: float, plan: GifPlan | None = None) -> None:
        if plan is None:
            raise ValueError("a GIF export needs its palette first (plan_gif)")
        self.duration = max(20, round(1000 / fps))
        self.path, self.size = path, size
        self.new = NewFile(path)
        try:
            self.writer = GifWriter(self.new.file, size, plan.palette)
        except BaseException:
            self.new.discard()
            raise

    def add(self, rgb: bytes) -> None:
        self.writer.add(Image.frombytes("RGB", self.size, rgb), self.duration)

    def close(self) -> None:
        try:
            self.writer.close()
        except BaseException:
            self.abort()
            raise
        self.new.commit()

    def abort(self) -> None:
        self.new.discard()


@dataclass
class GifPlan:
    """A GIF export's palette and its size in bytes, about, from frames sampled before it starts."""

    palette: Image.Image
    size: int


def plan_gif(render: Callable[[int], bytes], stretch: Stretch, size: tuple[int, int]) -> GifPlan:
    """Render ``PALETTE_SAMPLES`` frames across ``stretch`` (the palette, from their thumbnails),
    then the first frame and three pairs of neighbouring frames (the GIF's size, about). One or
    two whole frames are held at a time."""

    def frame(index: int) -> Image.Image:
        return Image.frombytes("RGB", size, render(stretch.event(index)))

    count = stretch.frames
    picks = sorted({round(i * (count - 1) / max(1, PALETTE_SAMPLES - 1)) for i in range(PALETTE_SAMPLES)})
    palette = palette_of([thumbnail(frame(i)) for i in picks])
    starts = sorted({round(k * (count - 2) / 2) for k in range(3)}) if count > 1 else []
    changes = [change_bytes(frame(i), frame(i + 1), palette) for i in starts]
    return GifPlan(palette, gif_size(count, frame_bytes_in_gif(frame(0), palette), changes))


class Mp4Sink:
    """H.264 through imageio-ffmpeg's own ffmpeg binary into a ``NewFile`` beside the target, renamed
    onto it only once ffmpeg says it wrote the whole file (a full disk is an OSError, not a short MP4)."""

    def __init__(self, path: Path, size: tuple[int, int], fps: float) -> None:
        import imageio_ffmpeg

        self.new = NewFile(path, suffix=".mp4")
        self.path = path
        command = [
            imageio_ffmpeg.get_ffmpeg_exe(),
            "-y", "-loglevel", "error",
            "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{size[0]}x{size[1]}", "-r", f"{fps:g}", "-i", "-",
            "-an", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "25", "-movflags", "+faststart",
            "-f", "mp4", str(self.new.path),
        ]  # fmt: skip
        try:  # its own session: a Ctrl+C in the terminal reaches us, and we stop ffmpeg
            self.ffmpeg = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                start_new_session=True,
            )  # fmt: skip
        except BaseException:
            self.new.discard()
            raise

    def add(self, rgb: bytes) -> None:
        assert self.ffmpeg.stdin is not None
        try:
            self.ffmpeg.stdin.write(rgb)
        except BrokenPipeError:  # ffmpeg stopped: its own words say why
            raise OSError(f"ffmpeg stopped: {self._said()}") from None

    def close(self) -> None:
        assert self.ffmpeg.stdin is not None
        try:
            self.ffmpeg.stdin.close()
            if self.ffmpeg.wait() != 0:
                raise OSError(f"ffmpeg could not write the MP4: {self._said()}")
        except BaseException:
            self.abort()
            raise
        self.new.commit()

    def abort(self) -> None:
        if self.ffmpeg.poll() is None:
            self.ffmpeg.kill()
            self.ffmpeg.wait()
        with contextlib.suppress(OSError):
            if self.ffmpeg.stdin is not None:
                self.ffmpeg.stdin.close()
        self.new.discard()

    def _said(self) -> str:
        """ffmpeg's last error line (it has ended)."""
        assert self.ffmpeg.stderr is not None
        if self.ffmpeg.poll() is None:
            self.ffmpeg.wait()
        lines = self.ffmpeg.stderr.read().decode(errors="replace").strip().splitlines()
        return lines[-1] if lines else f"exit status {self.ffmpeg.returncode}"


class PngSink:
    """frame_00001.png, frame_00002.png ... written into a fresh hidden folder beside the target,
    moved into place at ``close`` (the folder renamed when new, else each frame), removed on abort."""

    def __init__(self, folder: Path, size: tuple[int, int], fps: float) -> None:
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            raise RefusedFile(folder, "is not a folder (name a .gif, .mp4 or a folder)")
        self.folder, self.size, self.count = folder, size, 0
        self.staging = new_folder(folder)

    def add(self, rgb: bytes) -> None:
        self.count += 1
        with NewFile(self.staging / f"frame_{self.count:05d}.png") as new:
            Image.frombytes("RGB", self.size, rgb).save(new.file, format="PNG")

    def close(self) -> None:
        try:
            self._move_in()
        except BaseException:
            self.abort()
            raise

    def _move_in(self) -> None:
        if not os.path.lexists(self.folder):
            os.rename(self.staging, self.folder)  # the new folder, whole, in one step
            os.chmod(self.folder, 0o777 & ~_umask())
            settled(self.staging)
            return
        check_folder(self.folder)
        names = sorted(os.listdir(self.staging))
        for name in names:  # refuse before moving any: no link among the old frames is replaced
            check_output_path(self.folder / name)
        for name in names:
            os.replace(self.staging / name, self.folder / name)
        remove_folder(self.staging)

    def abort(self) -> None:
        remove_folder(self.staging)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


SINKS: dict[str, Callable[..., Sink]] = {"gif": GifSink, "mp4": Mp4Sink, "png": PngSink}


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

    def __init__(
        self, path: str, stretch: Stretch, size: tuple[int, int], fps: float, plan: GifPlan | None = None
    ) -> None:
        if not MIN_FPS <= fps <= MAX_FPS:
            raise ValueError(f"the frame rate must be {MIN_FPS:g} to {MAX_FPS:g} frames per second")
        self.path, self.stretch, self.size, self.fps = Path(path), stretch, even_size(size), fps
        self.kind = kind_of(path)
        extra = (plan,) if self.kind == "gif" else ()
        self.sink: Sink = SINKS[self.kind](self.path, self.size, fps, *extra)
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
