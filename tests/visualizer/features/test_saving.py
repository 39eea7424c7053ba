"""S and G (issue 36): a file dialog in the window, starting in N-Queens in the documents folder;
without anyone to answer one (headless), a new time-stamped file in that folder -- never the
current folder; a disk that refuses is a banner in words."""

from __future__ import annotations

import errno
from pathlib import Path

import pygame
import pytest
from PIL import Image

from tests.ui import FRAME, answer_dialog, dialog, enter, new_app, press, settle, share_near
from visualizer.features import saving
from visualizer.features.saving import FOLDER_NAME, documents_folder

UNWRITABLE = Path("/proc")  # no one, root included, can create a file here


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    application = new_app(8, "backtracking")
    yield application
    application.close()


def documents() -> Path:
    return Path.home() / "Documents" / FOLDER_NAME


def test_the_documents_folder_is_made_on_first_use_and_follows_xdg(tmp_path, monkeypatch):
    assert documents_folder() == documents() and documents().is_dir()
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "user-dirs.dirs").write_text(f'XDG_DOCUMENTS_DIR="{tmp_path}/Dokumente"\n')
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert documents_folder() == tmp_path / "Dokumente" / FOLDER_NAME


def test_a_home_that_takes_nothing_falls_back_but_never_to_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(UNWRITABLE))
    monkeypatch.chdir(tmp_path)
    assert documents_folder() != tmp_path and documents_folder().is_dir()


def test_s_asks_where_and_saves_the_frame_it_was_pressed_on(app, tmp_path):
    app.dispatch("step", 5)
    press(app, pygame.K_s, "s")
    opened = dialog(app)
    assert Path(opened.current_directory_path) == documents().resolve()
    assert Path(opened.file_path_text_line.get_text()).name.startswith("nqueens-")
    answer_dialog(app, "board")
    shot = documents() / "board.png"
    assert shot.is_file() and not list(tmp_path.iterdir())
    with Image.open(shot) as image:  # the window as it was: no dialog in it
        assert image.size == (1280, 800) and image.getpixel(app.layout.board.center)[:3] != (33, 40, 45)
    assert app.banner is not None and app.banner[1] == "success" and "board.png" in app.banner[0]


def test_g_records_then_asks_where_and_esc_discards(app, tmp_path):
    press(app, pygame.K_g, "g")
    for _ in range(5):
        app.tick(FRAME)
    press(app, pygame.K_g, "g")
    assert "frames" in dialog(app).window_display_title  # its size, about
    press(app, pygame.K_ESCAPE)
    assert app.capture.recording is None and "discarded" in app.banner[0]
    assert not list(documents().glob("*.gif")) and not list(tmp_path.iterdir())
    press(app, pygame.K_g, "g")
    for _ in range(5):
        app.tick(FRAME)
    press(app, pygame.K_g, "g")
    enter(app)
    assert app.busy and app.capture.writing is not None  # written off the window's thread
    settle(app)
    assert len(list(documents().glob("nqueens-*.gif"))) == 1 and app.banner[1] == "success"


def test_the_recording_notice_is_on_screen_but_never_in_the_gif(app, tmp_path):
    """What is recorded is what the class saw: the "Recording GIF" notice shows on the window for
    a few seconds but is drawn after each frame is taken."""
    press(app, pygame.K_g, "g")
    app.tick(FRAME)
    banner = app.layout.banner
    assert share_near(app, banner, app.theme.tried) > 0.5  # the notice, on screen
    for _ in range(30):
        app.tick(FRAME)
    path = tmp_path / "rec.gif"
    assert app.capture.toggle_gif(path) is None  # written off the window's thread
    settle(app)
    assert app.banner[1] == "success" and "rec.gif" in app.banner[0]
    with Image.open(path) as gif:
        scale = gif.size[0] / app.surface.get_width()
        area = [
            round(v * scale) for v in (banner.left + 4, banner.top + 4, banner.right - 4, banner.bottom - 4)
        ]
        for index in range(gif.n_frames):
            gif.seek(index)
            pixels = list(zip(*[iter(gif.convert("RGB").crop(tuple(area)).tobytes())] * 3, strict=True))
            near = sum(all(abs(p[i] - app.theme.tried[i]) <= 30 for i in range(3)) for p in pixels)
            assert near / len(pixels) < 0.05, index  # no notice in any frame


def test_headless_s_and_g_go_into_the_documents_folder(tmp_path, monkeypatch):
    from visualizer.shell.headless import run_headless

    monkeypatch.chdir(tmp_path)
    run_headless(n=8, algorithm="backtracking", script="step:3;key:s;gif;step:2;gif")
    assert len(list(documents().glob("nqueens-*.png"))) == 1
    assert len(list(documents().glob("nqueens-*.gif"))) == 1
    assert not list(tmp_path.iterdir())


def test_headless_screenshot_keeps_writing_to_the_path_it_is_given(tmp_path, monkeypatch):
    from visualizer.shell.headless import run_headless

    monkeypatch.chdir(tmp_path)
    target = tmp_path / "out" / "shot.png"
    target.parent.mkdir()
    run_headless(n=8, algorithm="backtracking", script=f"step:3;screenshot:{target}")
    assert target.is_file() and pygame.image.load(str(target)).get_size() == (1280, 800)
    assert not documents().exists() or not list(documents().iterdir())


@pytest.mark.parametrize(
    ("code", "words"),
    [(errno.ENOSPC, "the disk is full"), (errno.EACCES, "permission"), (errno.EROFS, "read-only")],
)
def test_a_disk_that_refuses_is_a_banner_in_words(app, monkeypatch, code, words):
    def refuse(surface, target):
        raise OSError(code, "planted", str(target))

    from visualizer.features import capture

    monkeypatch.setattr(capture, "write_png", refuse)
    press(app, pygame.K_s, "s")
    enter(app)
    text, kind = app.banner[:2]
    assert kind == "error" and words in text and "Errno" not in text and "planted" not in text
    assert app.running


def test_nothing_half_written_is_left_when_the_documents_folder_refuses(tmp_path, monkeypatch):
    def refuse(target: Path) -> None:
        target.write_bytes(b"half")
        raise OSError(errno.ENOSPC, "No space left on device", str(target))

    monkeypatch.setattr(saving, "documents_folder", lambda: tmp_path)
    with pytest.raises(saving.SaveError) as raised:
        saving.save_new_file("nqueens", ".png", refuse)
    assert raised.value.folder == tmp_path and not list(tmp_path.iterdir())
