"""Export a stretch of the run (issue 14): event a to event b, one frame per event, as an animated
GIF (streamed: its memory does not grow with its length), an H.264 MP4 (imageio-ffmpeg's bundled
ffmpeg: yuv420p, even sizes, plays in browsers) or a folder of numbered PNGs for slides.

An ``Export`` draws a few frames per window frame (``work``) and encodes them on a thread of its
own, so the window keeps drawing its progress bar and Esc cancels it (nothing of it is left: every
output is a ``NewFile`` or a fresh folder, moved into place only when whole). Headless runs it to the end.
A stretch longer than ``MAX_FRAMES`` events is sampled evenly (``stride`` events per frame).
When it ends the run goes back to where it stood.
"""

from __future__ import annotations

import contextlib
import math
import os
import subprocess
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame
from PIL import Image

from visualizer.features.background import Worker
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
SLICE = 0.03


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


def gif_plan(stretch: Stretch, size: tuple[int, int]) -> Generator[None, bytes, GifPlan]:
    """A GIF's plan from the frames ``plan_order`` names, sent one at a time in that order (the
    window drawn at each, as RGB bytes of ``size``); returns the plan: the palette from the
    thumbnails of ``PALETTE_SAMPLES`` frames across ``stretch``, the GIF's size (about) from three
    pairs of neighbouring frames and the first. One or two whole frames are held at a time."""

    def frame() -> Generator[None, bytes, Image.Image]:
        return Image.frombytes("RGB", size, (yield))

    picks, starts = _plan_picks(stretch.frames)
    thumbs = []
    for _ in picks:
        thumbs.append(thumbnail((yield from frame())))
    palette = palette_of(thumbs)
    changes = []
    for _ in starts:
        before = yield from frame()
        changes.append(change_bytes(before, (yield from frame()), palette))
    whole = frame_bytes_in_gif((yield from frame()), palette)
    return GifPlan(palette, gif_size(stretch.frames, whole, changes))


def _plan_picks(count: int) -> tuple[list[int], list[int]]:
    """The frames a plan of ``count`` frames samples: for the palette, and the pairs' first frames."""
    picks = sorted({round(i * (count - 1) / max(1, PALETTE_SAMPLES - 1)) for i in range(PALETTE_SAMPLES)})
    starts = sorted({round(k * (count - 2) / 2) for k in range(3)}) if count > 1 else []
    return picks, starts


def plan_order(stretch: Stretch) -> list[int]:
    """The events ``gif_plan`` takes, in order.

    >>> len(plan_order(Stretch(0, 599, 1))), plan_order(Stretch(7, 7, 1))
    (19, [7, 7])
    """
    picks, starts = _plan_picks(stretch.frames)
    return [stretch.event(i) for i in [*picks, *(k for i in starts for k in (i, i + 1)), 0]]


def plan_gif(render: Callable[[int], bytes], stretch: Stretch, size: tuple[int, int]) -> GifPlan:
    """``gif_plan`` from frames drawn by ``render(event)``."""
    steps = gif_plan(stretch, size)
    next(steps)
    try:
        for event in plan_order(stretch):
            steps.send(render(event))
    except StopIteration as done:
        return done.value
    raise AssertionError("the plan took fewer frames than plan_order names")


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
    """One export under way. ``work``, called once a window frame, draws frames with
    ``render(event)`` (the window drawn at that event, as RGB bytes of ``size``) and hands them
    to a ``Worker`` that encodes them on its own thread (so the window keeps drawing), until done
    or cancelled. A GIF first works out its plan (``gif_plan``: its palette and size); when that
    size is over ``confirm_over`` bytes the export waits (``asking``) for ``go`` or ``cancel``."""

    def __init__(
        self,
        path: str,
        stretch: Stretch,
        size: tuple[int, int],
        fps: float,
        *,
        confirm_over: int | None = None,
    ) -> None:
        if not MIN_FPS <= fps <= MAX_FPS:
            raise ValueError(f"the frame rate must be {MIN_FPS:g} to {MAX_FPS:g} frames per second")
        self.path, self.stretch, self.size, self.fps = Path(path), stretch, even_size(size), fps
        self.kind = kind_of(path)
        self.done = 0  # frames drawn for the export
        self.planned = 0  # frames drawn for the plan
        self.cancelled = False
        self.asking = False
        self.plan: GifPlan | None = None
        self._confirm_over = confirm_over
        self._order = plan_order(stretch) if self.kind == "gif" else []
        self._planning: Generator[None, bytes, GifPlan] | None = None
        if self._order:
            self._planning = gif_plan(stretch, self.size)
            next(self._planning)
        self.sink: Sink | None = None
        if self._planning is None:
            self.sink = SINKS[self.kind](self.path, self.size, fps)
        self._closing = False
        self._worker = Worker(name="export")

    @property
    def planning(self) -> bool:
        """Whether the GIF's plan is still being worked out."""
        return self._planning is not None

    @property
    def plan_frames(self) -> int:
        return len(self._order)

    @property
    def finished(self) -> bool:
        return self.cancelled or (self._closing and self._worker.idle)

    @property
    def fraction(self) -> float:
        """How much of the work is done: the plan's frames, then the export's."""
        return (self.planned + self.done) / max(len(self._order) + self.stretch.frames, 1)

    def work(self, render: Callable[[int], bytes], budget: float = SLICE) -> bool:
        """Frames drawn for at most about ``budget`` seconds, while the worker takes them: the
        first always, each next one only while the longest so far still fits (a window frame
        stays short); True once every frame is written. A failure of the worker's is raised here."""
        self._worker.check()
        start, longest = time.perf_counter(), 0.0
        while self._worker.ready and not (self.cancelled or self.asking):
            began = time.perf_counter()
            if not self._hand_over(render):
                break
            now = time.perf_counter()
            longest = max(longest, now - began)
            if now - start + longest > budget:
                break
        self._worker.check()
        if self._closing and self._worker.idle and not self.cancelled:
            self._worker.stop()
            return True
        return False

    def wait(self, timeout: float) -> None:
        """Wait (up to ``timeout`` seconds) until the worker takes another frame, or, when it has
        every frame (the file being closed, the plan worked out), until it is done."""
        if self._closing or (self._planning is not None and self.planned == len(self._order)):
            self._worker.wait_idle(timeout)
        else:
            self._worker.wait(timeout)

    def _hand_over(self, render: Callable[[int], bytes]) -> bool:
        """Draw the next frame and hand it to the worker; False when there is none to draw now."""
        if self._planning is not None:
            if self.planned < len(self._order):
                rgb = render(self._order[self.planned])
                self.planned += 1
                self._worker.put(lambda: self._plan_with(rgb))
                return True
            if self.plan is None:  # the worker works it out
                return False
            self._planning = None
            if self._confirm_over is not None and self.plan.size > self._confirm_over:
                self.asking = True
                return False
            self.go()
        sink = self.sink
        if sink is None or self._closing:
            return False
        if self.done < self.stretch.frames:
            rgb = render(self.stretch.event(self.done))
            self.done += 1
            self._worker.put(lambda: sink.add(rgb))
            return True
        self._closing = True
        self._worker.put(sink.close)
        return False

    def _plan_with(self, rgb: bytes) -> None:
        """(On the worker's thread.) The plan's next frame; the plan once it has them all."""
        assert self._planning is not None
        try:
            self._planning.send(rgb)
        except StopIteration as done:
            self.plan = done.value

    def go(self) -> None:
        """Write the GIF its plan was worked out for (asked about first when large)."""
        self.asking = False
        self.sink = GifSink(self.path, self.size, self.fps, self.plan)

    def cancel(self) -> None:
        """Stop and remove what was written."""
        if not self.cancelled:
            self.cancelled = True
            self.asking = False
            self._worker.stop()
            if self.sink is not None:
                self.sink.abort()


def frame_bytes(surface: pygame.Surface, size: tuple[int, int]) -> bytes:
    """The surface's pixels scaled to ``size``, as RGB bytes."""
    if surface.get_size() != size:
        surface = pygame.transform.smoothscale(surface, size)
    return pygame.image.tobytes(surface, "RGB")
