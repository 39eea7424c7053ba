"""Animated GIFs in bounded memory (Pillow's GIF encoder, one frame at a time).

``GifWriter`` streams a GIF into an open file: the header and one shared palette first, then each
frame quantized to that palette and cropped to what changed since the one before (a frame that
changes nothing lengthens the one before). It holds two frames at most, so its memory does not
grow with the number of frames: at 3840 x 2160 it peaks near a dozen frame-sized buffers
(tests/visualizer/features/test_gif.py measures it). Pillow's own ``save_all`` keeps every
frame until the end (3.7 GB for 200 such frames).

``GifRecorder`` is the G key's recording: frames downscaled to ``max_width`` (800 px) and kept
zlib-compressed (flat board colours shrink 20-50x: a few MB for its 600 frames), written out by
``save`` through a ``GifWriter`` with a palette sampled across the whole recording (no colour
flicker). Drop
policy: when ``max_frames`` are held, every second frame is dropped and from then on only every
second offered frame is kept (the stride doubles again each time); each kept frame lasts
``stride * duration_ms``, so the GIF spans the whole recording at its true speed.

``gif_size`` tells the size before it is written: a whole frame and the changes between sampled
neighbours (``change_bytes``), encoded as the writer would.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

import pygame
from PIL import GifImagePlugin, Image, ImageChops

from visualizer.shell.safe_files import NewFile

#: Frames sampled to build the one palette every frame shares.
PALETTE_SAMPLES = 12
#: The widest a palette's sample is drawn (its colours, not its detail, matter; 240 px keeps the
#: median cut of twelve samples near 35 ms, a window frame's share, against 100 ms at 480 px).
PALETTE_WIDTH = 240
#: A GIF larger than this (bytes) is confirmed before it is written.
LARGE_GIF = 50 * 1024 * 1024
#: The longest a GIF frame may last (its delay is 16 bits of hundredths of a second).
LONGEST_MS = 600_000


def surface_to_image(surface: pygame.Surface) -> Image.Image:
    """The surface's pixels as an RGB Pillow image (a copy)."""
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


def thumbnail(image: Image.Image) -> Image.Image:
    """A copy of ``image`` at most ``PALETTE_WIDTH`` wide: what a palette is sampled from (its
    colours, not its detail, matter; a 3840 x 2160 frame is 25 MB, its thumbnail 0.1 MB)."""
    width, height = image.size
    scale = min(1.0, PALETTE_WIDTH / width)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return image.resize(size, Image.Resampling.NEAREST) if size != image.size else image.copy()


def palette_of(images: Sequence[Image.Image]) -> Image.Image:
    """A 256-colour palette image from ``images`` (their thumbnails, stacked)."""
    thumbs = [thumbnail(image) for image in images]
    width, height = thumbs[0].size
    sheet = Image.new("RGB", (width, height * len(thumbs)))
    for k, thumb in enumerate(thumbs):
        sheet.paste(thumb.resize((width, height)), (0, k * height))
    return sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT)


def _quantized(image: Image.Image, palette: Image.Image) -> Image.Image:
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def _changed(before: Image.Image, after: Image.Image) -> tuple[int, int, int, int] | None:
    """The box of the pixels that differ between two frames of one palette (None: none)."""
    return ImageChops.subtract_modulo(after, before).getbbox()


class GifWriter:
    """A looping GIF streamed into ``file``, every frame in ``palette``'s colours."""

    def __init__(self, file: BinaryIO, size: tuple[int, int], palette: Image.Image) -> None:
        self.file, self.size, self.palette = file, size, palette
        self.frames = 0
        self._last: Image.Image | None = None  # the last frame, as shown (quantized)
        self._pending: tuple[Image.Image, tuple[int, int], int] | None = None  # written when the next comes
        header = Image.new("P", size)
        header.putpalette(palette.getpalette() or [])
        lines, _ = GifImagePlugin.getheader(header, info={"loop": 0, "duration": 100})
        for line in lines:
            file.write(line)

    def add(self, image: Image.Image, duration_ms: int) -> None:
        """The next frame (RGB, of the GIF's size), shown ``duration_ms``."""
        frame = _quantized(image, self.palette)
        if self._last is None:
            box: tuple[int, int, int, int] | None = (0, 0, *self.size)
        else:
            box = _changed(self._last, frame)
        if box is None and self._pending is not None and self._pending[2] + duration_ms <= LONGEST_MS:
            part, offset, duration = self._pending  # nothing changed: the frame before lasts longer
            self._pending = (part, offset, duration + duration_ms)
            return
        box = box or (0, 0, 1, 1)  # a frame that changes nothing, after one that lasts its longest
        self._flush()
        part = frame if box == (0, 0, *self.size) else frame.crop(box)
        self._pending = (part, box[:2], duration_ms)
        self._last = frame
        self.frames += 1

    def _flush(self) -> None:
        if self._pending is None:
            return
        part, offset, duration = self._pending
        part.putpalette(self.palette.getpalette() or [])
        for chunk in GifImagePlugin.getdata(part, offset, duration=duration, disposal=1):
            self.file.write(chunk)
        self._pending = None

    def close(self) -> None:
        """The last frame and the GIF's end (the file stays open: its owner commits it)."""
        self._flush()
        self.file.write(b";")
        self.file.flush()


def frame_bytes_in_gif(
    image: Image.Image, palette: Image.Image, box: tuple[int, int, int, int] | None = None
) -> int:
    """How many bytes ``image`` (or its ``box``) takes in a GIF in ``palette``'s colours."""
    frame = _quantized(image, palette)
    if box is not None:
        frame = frame.crop(box)
    frame.putpalette(palette.getpalette() or [])
    return sum(len(chunk) for chunk in GifImagePlugin.getdata(frame, (0, 0), duration=100, disposal=1))


def change_bytes(before: Image.Image, after: Image.Image, palette: Image.Image) -> int:
    """How many bytes frame ``after`` takes in a GIF after frame ``before`` (what changed)."""
    box = _changed(_quantized(before, palette), _quantized(after, palette))
    return 0 if box is None else frame_bytes_in_gif(after, palette, box)


def gif_size(frames: int, whole: int, changes: Sequence[int]) -> int:
    """The size of a GIF of ``frames`` frames, about: its header and palette, a first frame of
    ``whole`` bytes, and every other frame the mean of the sampled ``changes``."""
    mean = sum(changes) / len(changes) if changes else whole
    return 800 + whole + round(max(0, frames - 1) * mean)


class Abandoned(Exception):
    """A GIF's writing stopped before its end (the window closed): nothing of it is kept."""


class GifRecorder:
    """Collects frames with ``add_frame`` while ``recording``; ``save`` writes the GIF."""

    def __init__(self, *, max_width: int = 800, max_frames: int = 600, duration_ms: int = 100) -> None:
        if max_frames < 2:
            raise ValueError("max_frames must be at least 2")
        self.max_width = max_width
        self.max_frames = max_frames
        self.duration_ms = duration_ms
        self.recording = True
        self.stride = 1
        self._offered = 0
        self._frames: list[bytes] = []  # each frame kept, zlib-compressed RGB
        self._size: tuple[int, int] | None = None
        self.written = 0  # frames written by ``save`` so far (read by another thread: progress)
        self.abandoned = False  # set from another thread: ``save`` stops, keeping nothing

    @property
    def frames(self) -> int:
        """How many frames are held."""
        return len(self._frames)

    @property
    def size(self) -> tuple[int, int] | None:
        """The (width, height) of the saved GIF, once a frame is held."""
        return self._size

    def start(self) -> None:
        """Start (or resume) recording."""
        self.recording = True

    def stop(self) -> None:
        """Stop recording; frames held so far are kept for ``save``."""
        self.recording = False

    def clear(self) -> None:
        """Forget every frame and the drop stride."""
        self._frames.clear()
        self._size = None
        self._offered = 0
        self.stride = 1

    def add_frame(self, surface: pygame.Surface) -> None:
        """Copy the surface as the next frame (subject to the drop policy); ignored when stopped."""
        if self.recording:
            self.add_image(surface_to_image(surface))

    def add_image(self, image: Image.Image) -> None:
        """The next frame as an RGB image (subject to the drop policy)."""
        self._offered += 1
        if (self._offered - 1) % self.stride:
            return
        if self._size is None:
            width, height = image.size
            if width > self.max_width:
                height, width = max(1, round(height * self.max_width / width)), self.max_width
            self._size = (width, height)
        if image.size != self._size:
            image = image.resize(self._size, Image.Resampling.BILINEAR, reducing_gap=2.0)
        self._frames.append(zlib.compress(image.tobytes(), 1))
        if len(self._frames) >= self.max_frames:
            self._frames = self._frames[::2]
            self.stride *= 2

    def _image(self, index: int) -> Image.Image:
        assert self._size is not None
        return Image.frombytes("RGB", self._size, zlib.decompress(self._frames[index]))

    def _samples(self, count: int) -> list[int]:
        last = len(self._frames) - 1
        return sorted({round(i * last / max(1, count - 1)) for i in range(count)})

    def palette(self) -> Image.Image:
        """A 256-colour palette from frames sampled across the recording."""
        return palette_of([thumbnail(self._image(i)) for i in self._samples(PALETTE_SAMPLES)])

    def estimate(self) -> int:
        """The GIF's size in bytes, about (``gif_size`` from three sampled neighbours)."""
        if not self._frames:
            return 0
        palette = self.palette()
        picks = [i for i in self._samples(3) if i + 1 < len(self._frames)]
        changes = [change_bytes(self._image(i), self._image(i + 1), palette) for i in picks]
        return gif_size(len(self._frames), frame_bytes_in_gif(self._image(0), palette), changes)

    def save(self, path: str | Path) -> Path:
        """Write the held frames as a looping GIF at ``path`` (whole or not at all); returns it."""
        if not self._frames:
            raise ValueError("no frames recorded")
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        assert self._size is not None
        palette = self.palette()
        self.written = 0
        with NewFile(path) as new:  # no link followed, no half GIF left
            writer = GifWriter(new.file, self._size, palette)
            for index in range(len(self._frames)):
                if self.abandoned:
                    raise Abandoned(path)
                writer.add(self._image(index), self.duration_ms * self.stride)
                self.written = index + 1
            writer.close()
        return path
