"""Export a stretch (issue 14): GIF, H.264 MP4 (probed with imageio-ffmpeg) and PNG folders,
from events or bookmarks, through the E key's text box and Esc, and the headless contract."""

from __future__ import annotations

from pathlib import Path

import imageio_ffmpeg
import pygame
import pytest
from PIL import Image

from tests.run import viz
from tests.ui import FRAME, click, dialog, new_app, press, until
from visualizer.features.export import MAX_FRAMES, MAX_GIF_FRAMES, Stretch, even_size
from visualizer.shell.headless import FRAME as HEADLESS_FRAME


def probe(path: Path) -> dict[str, object]:
    frames = imageio_ffmpeg.read_frames(str(path))
    meta = next(frames)
    frames.close()
    count, _ = imageio_ffmpeg.count_frames_and_secs(str(path))
    return {
        "codec": meta["codec"],
        "pix_fmt": meta["pix_fmt"].split("(")[0],
        "size": meta["size"],
        "frames": count,
    }


def finish(app) -> None:
    """Run the export to its end, frame by frame, as the window does."""
    for _ in range(10_000):
        if app.lessons.exporting is None:
            return
        app.join(1)
        app.tick(HEADLESS_FRAME, draw=False)
    raise AssertionError("the export did not end")


@pytest.mark.parametrize(
    ("first", "last", "kind", "frames", "stride"),
    [
        (0, 40, "mp4", 41, 1),
        (7, 7, "gif", 1, 1),
        (0, MAX_FRAMES - 1, "mp4", MAX_FRAMES, 1),
        (0, 10_000, "mp4", None, 4),
        (0, 10_000, "gif", None, 17),
        (5, 5 + MAX_GIF_FRAMES * 3, "gif", None, 4),
    ],
)
def test_a_stretch_is_sampled_evenly_and_ends_on_its_last_event(first, last, kind, frames, stride):
    stretch = Stretch.of(first, last, kind)
    assert stretch.stride == stride
    count = stretch.frames
    assert count <= (MAX_GIF_FRAMES if kind == "gif" else MAX_FRAMES)
    assert frames is None or count == frames
    events = [stretch.event(i) for i in range(count)]
    assert events[0] == first and events[-1] == last and events == sorted(set(events))


def test_backwards_stretch_is_refused():
    with pytest.raises(ValueError):
        Stretch.of(10, 3, "mp4")


@pytest.mark.parametrize(
    ("size", "even"), [((641, 401), (640, 400)), ((1280, 800), (1280, 800)), ((1, 1), (2, 2))]
)
def test_sizes_are_made_even(size, even):
    assert even_size(size) == even


def test_headless_mp4_is_h264_yuv420p_with_one_frame_per_event(tmp_path):
    path, state = tmp_path / "run.mp4", tmp_path / "s.json"
    done = viz(
        "--n",
        "6",
        "--script",
        f"step:3;export-size:641x401;export-fps:12;export:0-40:{path}",
        "--state",
        str(state),
    )
    assert done.returncode == 0, done.stderr
    assert probe(path) == {"codec": "h264", "pix_fmt": "yuv420p", "size": (640, 400), "frames": 41}
    assert '"event_index": 3' in state.read_text()  # the run went back where it stood
    assert not list(tmp_path.glob("*.part*"))


def test_headless_gif_between_two_bookmarks(tmp_path):
    path = tmp_path / "run.gif"
    marks = "until:event=5;bookmark:a;until:event=25;bookmark:b"
    script = f"{marks};export-fps:5;export-size:320x200;export:b1-b2:{path}"
    done = viz("--n", "6", "--script", script)
    assert done.returncode == 0, done.stderr
    with Image.open(path) as image:
        assert image.n_frames == 21 and image.size == (320, 200) and image.info["duration"] == 200


def test_a_png_frame_is_the_window_at_that_event(tmp_path):
    app = new_app(6, "backtracking")
    try:
        folder = tmp_path / "frames"
        app.dispatch("export", ("7", "9", str(folder)))
        finish(app)
        assert sorted(p.name for p in folder.iterdir()) == [
            "frame_00001.png",
            "frame_00002.png",
            "frame_00003.png",
        ]
        assert app.timeline.cursor == 0 and app.banner is not None and app.banner[1] == "success"
        app.dispatch("step", 8)
        app.banner = None
        app.draw()
        window = pygame.image.tobytes(app.surface, "RGB")
        with Image.open(folder / "frame_00002.png") as frame:
            assert frame.size == app.surface.get_size() and frame.convert("RGB").tobytes() == window
    finally:
        app.close()


def test_e_offers_the_stretch_between_bookmarks_and_enter_exports_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = new_app(6, "backtracking")
    try:
        app.dispatch("bookmark", "")
        app.dispatch("step", 12)
        app.dispatch("bookmark", "")
        app.dispatch("back", 6)
        app.dispatch("export-size", (320, 200))
        press(app, pygame.K_e, "e")
        values = dialog(app).request.form.values()
        assert values == {"stretch": "b1-b2", "from": "0", "to": "12", "format": "mp4"}
        assert dialog(app).file_path_text_line.get_text().endswith(".mp4")
        press(app, pygame.K_RETURN)
        app.tick(FRAME)
        finish(app)
        saved = list(documents().glob("nqueens-stretch-*.mp4"))
        assert len(saved) == 1 and probe(saved[0])["frames"] == 13
        assert app.timeline.cursor == 6 and not list(tmp_path.iterdir())  # nothing in the current folder
    finally:
        app.close()


def documents() -> Path:
    return Path.home() / "Documents" / "N-Queens"


def test_the_export_dialog_in_words_keyboard_only(tmp_path):
    """Tab to the format, an arrow to GIF (the name takes .gif), Tab to the from box, a typed
    number (the stretch becomes "the events below"), Enter: a GIF of those events."""
    app = new_app(6, "backtracking")
    try:
        app.dispatch("export-size", (160, 100))
        press(app, pygame.K_e, "e")
        opened = dialog(app)
        form = opened.request.form
        assert form.values()["stretch"] == "events" and form.values()["from"] == "0"
        while opened.focused is not opened.form_widgets["format"]:
            press(app, pygame.K_TAB)
        press(app, pygame.K_RIGHT)
        assert form.values()["format"] == "gif" and opened.file_path_text_line.get_text().endswith(".gif")
        while opened.focused is not opened.form_widgets["to"]:
            press(app, pygame.K_TAB)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="9"))
        app.tick(FRAME)
        app.tick(FRAME)  # pygame_gui's "changed" event is handled on the next frame
        assert form.values()["to"] == "9" and form.values()["stretch"] == "events"
        press(app, pygame.K_RETURN)
        app.tick(FRAME)
        finish(app)
        saved = list(documents().glob("*.gif"))
        assert len(saved) == 1, app.banner
        with Image.open(saved[0]) as gif:
            assert gif.size == (160, 100) and gif.n_frames >= 2
    finally:
        app.close()


@pytest.mark.parametrize(
    ("field", "typed", "said"),
    [
        ("from", "", "type whole numbers"),
        ("to", "99999999", "ends at event"),
        ("from", "50", "runs backwards"),
    ],
)
def test_a_stretch_the_run_cannot_give_is_said_in_the_dialog(field, typed, said):
    app = new_app(4, "backtracking")
    try:
        app.dispatch("instant")
        app.join(10)
        app.mode.wait_total(30)
        app.dispatch("reset")
        app.dispatch("bookmark", "")
        app.dispatch("step", 20)
        press(app, pygame.K_e, "e")
        opened = dialog(app)
        widget = opened.form_widgets[field]
        widget.set_text(typed)
        opened.set_field(field, typed, typed=True)
        opened.form_widgets["to" if field == "from" else "from"].set_text("30" if field == "from" else "0")
        opened.set_field("to" if field == "from" else "from", "30" if field == "from" else "0", typed=True)
        click(app, opened.ok_button.rect.center)
        assert said in dialog(app).status.text and app.lessons.exporting is None
    finally:
        app.close()


def test_a_large_gif_is_confirmed_first_and_n_exports_nothing(tmp_path, monkeypatch):
    from visualizer.features import lesson_exports

    monkeypatch.setattr(lesson_exports, "LARGE_GIF", 1000)  # any GIF is "large" here
    app = new_app(6, "backtracking")
    try:
        path = tmp_path / "big.gif"
        app.dispatch("export-size", (320, 200))
        app.dispatch("export", ("0", "30", str(path)))
        export = app.lessons.exporting.export
        assert export.planning and not app.prompt.active  # its plan first, frame by frame
        until(app, lambda: app.prompt.active)  # the plan is worked out on the worker's thread
        assert export.asking and export.planned == export.plan_frames and export.done == 0
        assert (
            "This GIF will be about" in app.prompt.label.html_text
            and "31 frames" in app.prompt.label.html_text
        )
        press(app, pygame.K_n)
        assert app.lessons.exporting is None and not path.exists() and app.timeline.cursor == 0
        assert not list(tmp_path.iterdir())
        app.dispatch("export", ("0", "30", str(path)))
        until(app, lambda: app.prompt.active)
        press(app, pygame.K_y)
        finish(app)
        with Image.open(path) as gif:
            assert gif.n_frames >= 2
    finally:
        app.close()


def test_esc_cancels_an_export_and_removes_the_partial_file(tmp_path):
    app = new_app(8, "backtracking")
    try:
        app.dispatch("step", 50)
        path = tmp_path / "long.mp4"
        app.dispatch("export", ("0", "2500", str(path)))
        app.tick(FRAME)
        export = app.lessons.exporting.export
        assert 0 < export.done < export.stretch.frames
        assert app.busy  # other commands wait; the progress bar is drawn over the board
        app.draw()
        assert app.surface.get_at(app.layout.board.center)[:3] == app.theme.panel  # its card
        press(app, pygame.K_ESCAPE)
        assert app.lessons.exporting is None and export.cancelled
        assert not path.exists() and not list(tmp_path.iterdir())
        assert app.timeline.cursor == 50
    finally:
        app.close()


@pytest.mark.parametrize(
    "script",
    [
        "export:5:x.mp4",
        "export:a-b:x.mp4",
        "export:0-10",
        "export:0-10:/no/such/folder/x.mp4",
        "export:10-0:x.mp4",
        "export:b1-b2:x.mp4",
        "export:b0-b1:x.mp4",
        "export-fps:0",
        "export-fps:100",
        "export-size:10x10",
        "mode:game;export:0-3:x.gif",
    ],
)
def test_bad_exports_exit_2_with_one_line(script, tmp_path):
    done = viz("--script", script.replace("x.", f"{tmp_path}/x."))
    assert done.returncode == 2, done.stdout
    assert len(done.stderr.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())
