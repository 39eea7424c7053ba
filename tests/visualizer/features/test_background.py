"""Work off the window's thread (issue 38: no frame over 100 ms while a GIF is written): the
``Worker`` runs jobs in order, a few at a time, and hands a failure back; an export and a recorded
GIF encode on it while the window keeps drawing, and a failure there is a banner."""

from __future__ import annotations

import threading

import pygame
import pytest
from PIL import Image

from tests.ui import FRAME, new_app, press, settle
from visualizer.features import gif as gif_module
from visualizer.features.background import Worker


def test_jobs_run_in_order_off_the_callers_thread_and_a_few_wait_at_most():
    worker = Worker(depth=2)
    release = threading.Event()
    ran: list[tuple[int, str]] = []
    worker.put(release.wait)
    worker.put(lambda: ran.append((1, threading.current_thread().name)))
    assert not worker.ready and not worker.idle  # two put, the first held
    assert not worker.wait(0.05)
    release.set()
    for k in (2, 3):
        worker.put(lambda k=k: ran.append((k, threading.current_thread().name)))
    assert worker.wait_idle(10) and worker.ready
    assert ran == [(1, "worker"), (2, "worker"), (3, "worker")]
    worker.check()
    worker.stop()


def test_a_failing_job_stops_the_rest_and_its_error_reaches_the_caller():
    worker = Worker(depth=5)
    ran: list[int] = []
    worker.put(lambda: ran.append(1))
    worker.put(lambda: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    worker.put(lambda: ran.append(3))
    assert worker.wait_idle(10)
    with pytest.raises(OSError, match="No space"):
        worker.check()
    assert ran == [1]
    worker.stop()


def test_stop_drops_the_jobs_not_started():
    worker = Worker(depth=5)
    release, ran = threading.Event(), []
    worker.put(release.wait)
    worker.put(lambda: ran.append(2))
    threading.Timer(0.1, release.set).start()
    worker.stop()
    assert ran == [] and worker.idle


def disk_full(*_args: object) -> None:
    raise OSError(28, "No space left on device")


def encoding_threads(monkeypatch) -> list[str]:
    """The names of the threads that quantize frames for a GIF (a plan's palette or a frame)."""
    names: list[str] = []
    quantized = gif_module._quantized

    def spy(image, palette):
        names.append(threading.current_thread().name)
        return quantized(image, palette)

    monkeypatch.setattr(gif_module, "_quantized", spy)
    return names


def test_an_export_encodes_off_the_window_thread_while_the_window_draws(tmp_path, monkeypatch):
    names = encoding_threads(monkeypatch)
    app = new_app(6, "backtracking")
    try:
        path = tmp_path / "run.gif"
        app.dispatch("export-size", (320, 200))
        app.dispatch("export", ("0", "60", str(path)))
        app.tick(FRAME)
        assert app.lessons.exporting.export.planning and app.busy
        settle(app)
        assert app.banner[1] == "success" and path.is_file()
        assert names and set(names) == {"export"}
        with Image.open(path) as image:
            assert image.n_frames > 1
    finally:
        app.close()


def test_an_export_whose_encoding_fails_says_why_and_leaves_nothing(tmp_path, monkeypatch):
    from visualizer.features import export as export_module

    monkeypatch.setattr(export_module.GifSink, "add", disk_full)
    app = new_app(6, "backtracking")
    try:
        app.dispatch("step", 9)
        app.dispatch("export-size", (320, 200))
        app.dispatch("export", ("0", "60", str(tmp_path / "run.gif")))
        settle(app)
        assert app.running and app.banner[1] == "error" and "the disk is full" in app.banner[0]
        assert app.lessons.exporting is None and not list(tmp_path.iterdir()) and app.timeline.cursor == 9
    finally:
        app.close()


def test_esc_while_a_gif_is_planned_cancels_it(tmp_path):
    app = new_app(6, "backtracking")
    try:
        app.dispatch("export", ("0", "60", str(tmp_path / "run.gif")))
        app.tick(FRAME)
        assert app.lessons.exporting.export.planning
        press(app, pygame.K_ESCAPE)
        assert app.lessons.exporting is None and not list(tmp_path.iterdir())
        assert "cancelled" in app.banner[0]
    finally:
        app.close()


def record(app, frames: int = 20) -> None:
    press(app, pygame.K_g, "g")
    app.dispatch("step", 1)
    for _ in range(frames):
        app.dispatch("step", 1)
        app.tick(0.1)  # a frame kept every 1/15 s of app time


def test_a_recorded_gif_is_written_off_the_window_thread_with_its_progress_on_screen(tmp_path, monkeypatch):
    names = encoding_threads(monkeypatch)
    release = threading.Event()
    palette = gif_module.GifRecorder.palette

    def held(self):  # the worker waits here until the window has been looked at
        release.wait(10)
        return palette(self)

    monkeypatch.setattr(gif_module.GifRecorder, "palette", held)
    app = new_app(6, "backtracking")
    try:
        record(app)
        path = tmp_path / "rec.gif"
        app.capture.toggle_gif(path)
        for _ in range(3):
            app.tick(FRAME)  # the window keeps making frames
        assert app.busy and app.capture.writing is not None and not path.exists()
        assert app.surface.get_at(app.layout.board.center)[:3] == app.theme.panel  # the progress box
        writing = app.capture.writing
        press(app, pygame.K_g, "g")  # one GIF written at a time
        assert app.capture.writing is writing and app.capture.recording is None and app.banner[1] == "info"
        release.set()
        settle(app)
        assert app.banner[1] == "success" and "rec.gif" in app.banner[0] and app.capture.writing is None
        assert names and set(names) == {"gif"}
        with Image.open(path) as image:
            assert image.n_frames > 1
    finally:
        release.set()
        app.close()


def test_a_recorded_gif_that_cannot_be_written_is_a_banner(tmp_path, monkeypatch):
    monkeypatch.setattr(gif_module.GifRecorder, "save", disk_full)
    app = new_app(6, "backtracking")
    try:
        record(app, 3)
        app.capture.toggle_gif(tmp_path / "rec.gif")
        settle(app)
        assert app.running and app.banner[1] == "error" and "rec.gif" in app.banner[0]
    finally:
        app.close()


def test_while_an_export_runs_the_window_shows_its_last_frame_and_draws_only_the_progress_box(
    tmp_path, monkeypatch
):
    app = new_app(6, "backtracking")
    draws: list[bool] = []
    draw = app.mode.draw

    def counted(surface, layout):
        draws.append(app.lessons.exporting is not None and app.lessons.exporting.capturing)
        return draw(surface, layout)

    monkeypatch.setattr(app.mode, "draw", counted)
    try:
        app.dispatch("export", ("0", "400", str(tmp_path / "run.mp4")))
        for _ in range(10):
            app.join(0.5)  # the worker takes the next frame
            app.tick(FRAME)
            assert app.surface.get_at(app.layout.board.center)[:3] == app.theme.panel  # the progress box
        assert draws and all(draws)  # the mode drawn for the export's frames only
        app.lessons.cancel_export()
        draws.clear()
        app.tick(FRAME)
        assert draws == [False]
    finally:
        app.close()


@pytest.mark.parametrize("how", ["escape", "close"])
def test_a_gif_stopped_while_it_is_written_keeps_nothing_of_it(tmp_path, monkeypatch, how):
    """Esc (the banner says so) or closing the window while the recording's GIF is written."""
    writing = threading.Event()
    add = gif_module.GifWriter.add

    def slow(self, image, duration_ms):
        writing.set()  # the first frame is being written
        add(self, image, duration_ms)

    monkeypatch.setattr(gif_module.GifWriter, "add", slow)
    app = new_app(6, "backtracking")
    try:
        record(app, 30)
        app.capture.toggle_gif(tmp_path / "rec.gif")
        assert writing.wait(10)
        if how == "escape":
            press(app, pygame.K_ESCAPE)
            assert not app.busy and "discarded" in app.banner[0]
        else:
            app.close()
        assert app.capture.writing is None and not list(tmp_path.iterdir())
    finally:
        app.close()


def test_headless_waits_for_the_files_close_without_spinning(tmp_path, monkeypatch):
    """The headless runner's wait for an export (``wait-idle``) sleeps on the worker while the file
    is closed (ffmpeg finishing an MP4, here held 1 s) instead of going round its loop."""
    import time

    from visualizer.features import export as export_module
    from visualizer.shell.headless import HeadlessRunner

    close = export_module.PngSink.close

    def slow_close(self):
        time.sleep(1.0)
        close(self)

    monkeypatch.setattr(export_module.PngSink, "close", slow_close)
    app = new_app(6, "backtracking")
    runner = HeadlessRunner(app)
    rounds = []
    update = app.update
    monkeypatch.setattr(app, "update", lambda dt: (rounds.append(dt), update(dt)))
    try:
        app.dispatch("export-size", (64, 40))
        app.dispatch("export", ("0", "3", str(tmp_path / "frames")))
        runner.wait_idle(total=False)
        assert len(list((tmp_path / "frames").iterdir())) == 4 and app.banner[1] == "success"
        assert len(rounds) < 100, len(rounds)  # about 25 (a round each 50 ms), hundreds when it spun
    finally:
        app.close()
