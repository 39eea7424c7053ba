"""GIF recording: frames in, a looping GIF out, bounded memory."""

from __future__ import annotations

import pygame
import pytest
from PIL import Image

from solvers import registry
from visualizer.core.scene import scene_of
from visualizer.core.timeline import Timeline
from visualizer.features.gif import GifRecorder, surface_to_image
from visualizer.look.theme import CLASSROOM
from visualizer.render.board import draw_board


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def test_surface_to_image_copies_pixels():
    surface = pygame.Surface((30, 20))
    surface.fill((10, 20, 30))
    surface.set_at((29, 19), (200, 100, 50))
    image = surface_to_image(surface)
    assert image.size == (30, 20)
    assert image.getpixel((0, 0)) == (10, 20, 30)
    assert image.getpixel((29, 19)) == (200, 100, 50)


def test_five_scenes_make_a_five_frame_looping_gif(tmp_path):
    timeline = Timeline(registry.get("backtracking"), 6)
    recorder = GifRecorder(duration_ms=120)
    surface = pygame.Surface((1280, 800))
    for _ in range(5):
        timeline.step()
        surface.fill(CLASSROOM.background)
        draw_board(surface, pygame.Rect(0, 0, 800, 800), scene_of(timeline), CLASSROOM)
        recorder.add_frame(surface)
    assert recorder.frames == 5
    path = recorder.save(tmp_path / "out" / "run.gif")
    with Image.open(path) as gif:
        assert gif.n_frames == 5
        assert gif.size == (800, 500)
        assert gif.info.get("loop") == 0
        assert gif.info.get("duration") == 120


def test_full_buffer_keeps_every_other_frame_and_doubles_the_stride(tmp_path):
    recorder = GifRecorder(max_frames=4, duration_ms=50)
    surface = pygame.Surface((40, 30))
    kept = []
    for k in range(10):
        surface.fill((k * 20, 0, 0))
        recorder.add_frame(surface)
    assert recorder.frames == 3 and recorder.stride == 4  # frames 0, 4 and 8
    path = recorder.save(tmp_path / "decimated.gif")
    with Image.open(path) as gif:
        assert gif.n_frames == 3
        for index in range(gif.n_frames):
            gif.seek(index)
            kept.append(gif.convert("RGB").getpixel((5, 5))[0])
            assert gif.info.get("duration") == 200
    assert kept == [0, 80, 160]


def test_stopped_recorder_ignores_frames_and_empty_save_fails(tmp_path):
    recorder = GifRecorder()
    recorder.stop()
    recorder.add_frame(pygame.Surface((10, 10)))
    assert recorder.frames == 0
    with pytest.raises(ValueError):
        recorder.save(tmp_path / "empty.gif")
    recorder.start()
    recorder.add_frame(pygame.Surface((10, 10)))
    assert recorder.frames == 1 and recorder.size == (10, 10)


# -- issue 36: streamed, in bounded memory, its size told before ---------------------------------


def _probe_memory(width: int, height: int, frames: int) -> tuple[int, int, int]:
    """``benchmarks/gif_memory.py`` in a child process: (peak MB after 10 frames, at the end, frames)."""
    import os
    import subprocess
    import sys

    from tests import ROOT

    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SDL_VIDEODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    command = [sys.executable, "-m", "benchmarks.gif_memory", str(width), str(height), str(frames)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120, check=True)
    early, end, count = map(int, done.stdout.split()[:3])
    return early, end, count


def test_a_gif_export_streams_in_memory_that_does_not_grow_with_its_frames():
    """At 1920 x 1080, 10 frames and 80 frames peak alike: the sink holds two frames at most.

    The bound, argued: a frame of W x H pixels is 3WH bytes as RGB, WH quantized; the writer
    holds the last quantized frame, the new one and its difference (3WH), the renderer one RGB
    frame and its Pillow copy (6WH), so about 9-10 WH bytes past the interpreter: at 3840 x 2160
    (8.3 million pixels) some 80 MB, whatever the number of frames -- far under 500 MB.
    ``benchmarks/gif_memory.py`` measures that case itself (200 frames: the issue's 3.7 GB)."""
    early, end, count = _probe_memory(1920, 1080, 80)
    assert count == 80
    assert end - early < 25, (early, end)  # 70 more frames of 2 MB each would add 140 MB
    assert end < 400, end  # interpreter, pygame, Pillow and a few 1080p frames


def test_the_writer_writes_each_frame_as_it_comes_and_merges_a_repeat(tmp_path):
    from visualizer.features.gif import GifWriter, palette_of

    frames = [Image.new("RGB", (64, 48), (k * 40, 0, 0)) for k in range(4)]
    frames.insert(2, frames[1].copy())  # a frame that changes nothing: the one before lasts longer
    with (tmp_path / "s.gif").open("wb") as file:
        writer = GifWriter(file, (64, 48), palette_of(frames))
        sizes = []
        for image in frames:
            writer.add(image, 100)
            file.flush()
            sizes.append((tmp_path / "s.gif").stat().st_size)
        writer.close()
    assert sizes[0] < sizes[1] < sizes[3] < sizes[4]  # written out as it goes, not at the end
    with Image.open(tmp_path / "s.gif") as gif:
        durations = []
        for index in range(gif.n_frames):
            gif.seek(index)
            durations.append(gif.info["duration"])
        assert gif.n_frames == 4 and durations == [100, 200, 100, 100]


def test_the_estimate_is_near_the_size_written(tmp_path):
    timeline = Timeline(registry.get("backtracking"), 8)
    recorder = GifRecorder(duration_ms=60)
    surface = pygame.Surface((1280, 800))
    for _ in range(120):
        timeline.step()
        surface.fill(CLASSROOM.background)
        draw_board(surface, pygame.Rect(0, 0, 800, 800), scene_of(timeline), CLASSROOM)
        recorder.add_frame(surface)
    estimate = recorder.estimate()
    written = recorder.save(tmp_path / "e.gif").stat().st_size
    assert 0.5 < estimate / written < 2.0, (estimate, written)
