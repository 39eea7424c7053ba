"""Record window frames and save them as an animated GIF (Pillow).

Frames are downscaled to ``max_width`` and kept zlib-compressed (flat board colours shrink
20-50x), so a long recording stays small in memory. Drop policy: when ``max_frames`` are held,
every second frame is dropped and from then on only every second offered frame is kept (the
stride doubles again each time the buffer fills). The GIF so always spans the whole recording,
evenly, and each kept frame lasts ``stride * duration_ms`` so playback speed stays true.
"""

from __future__ import annotations

import zlib
from pathlib import Path

import pygame
from PIL import Image

from visualizer.shell.safe_files import NewFile

#: Frames sampled to build the one palette every frame shares (no colour flicker).
PALETTE_SAMPLES = 12


def surface_to_image(surface: pygame.Surface) -> Image.Image:
    """The surface's pixels as an RGB Pillow image (a copy)."""
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


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
        self._frames: list[bytes] = []
        self._size: tuple[int, int] | None = None

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
        if not self.recording:
            return
        self._offered += 1
        if (self._offered - 1) % self.stride:
            return
        image = surface_to_image(surface)
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

    def _palette(self) -> Image.Image:
        """A 256-colour palette from frames sampled across the recording, stacked."""
        assert self._size is not None
        count = len(self._frames)
        picks = sorted({round(i * (count - 1) / max(1, PALETTE_SAMPLES - 1)) for i in range(PALETTE_SAMPLES)})
        thumb = (max(1, self._size[0] // 2), max(1, self._size[1] // 2))
        sheet = Image.new("RGB", (thumb[0], thumb[1] * len(picks)))
        for k, index in enumerate(picks):
            sheet.paste(self._image(index).resize(thumb, Image.Resampling.NEAREST), (0, k * thumb[1]))
        return sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT)

    def save(self, path: str | Path) -> Path:
        """Write the held frames as a looping GIF at ``path``; returns the path."""
        if not self._frames:
            raise ValueError("no frames recorded")
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        palette = self._palette()
        frames = [
            self._image(i).quantize(palette=palette, dither=Image.Dither.NONE)
            for i in range(len(self._frames))
        ]
        with NewFile(path) as new:  # whole or not at all: no link followed, no half GIF left
            frames[0].save(
                new.file,
                format="GIF",
                save_all=True,
                append_images=frames[1:],
                duration=self.duration_ms * self.stride,
                loop=0,
                optimize=True,
                disposal=1,
            )
        return path
