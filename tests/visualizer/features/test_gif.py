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
