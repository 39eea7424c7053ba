"""S and G save a new file into the first folder that takes it; no folder taking it is a banner."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.ui import FRAME, new_app, press
from visualizer.features.saving import output_folders

UNWRITABLE = Path("/proc")  # no one, root included, can create a file here

#: (has ~/Pictures, current folder, home) -> the folder that gets the file (None: an error banner).
CASES = [
    pytest.param(True, "tmp", "tmp", "pictures", id="pictures-folder"),
    pytest.param(False, "tmp", "tmp", "cwd", id="no-pictures-so-current-folder"),
    pytest.param(False, "unwritable", "tmp", "home", id="unwritable-current-folder-so-home"),
    pytest.param(True, "unwritable", "unwritable", None, id="nothing-writable"),
]


def _where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pictures: bool, cwd: str, home: str) -> dict:
    folders = {"cwd": tmp_path / "cwd", "home": tmp_path / "home"}
    folders["cwd"].mkdir()
    folders["home"].mkdir()
    if home == "unwritable":
        folders["home"] = UNWRITABLE
    folders["pictures"] = folders["home"] / "Pictures"
    if pictures and home != "unwritable":
        folders["pictures"].mkdir()
    monkeypatch.setenv("HOME", str(folders["home"]))
    monkeypatch.chdir(folders["cwd"] if cwd == "tmp" else UNWRITABLE)
    return folders


@pytest.mark.parametrize(("pictures", "cwd", "home", "expected"), CASES)
@pytest.mark.parametrize("key", [pygame.K_s, pygame.K_g], ids=["S", "G"])
def test_s_and_g_save_into_the_first_folder_that_takes_the_file(
    tmp_path, monkeypatch, key, pictures, cwd, home, expected
):
    folders = _where(tmp_path, monkeypatch, pictures, cwd, home)
    app = new_app(8, "backtracking")
    try:
        press(app, key)
        if key == pygame.K_g:  # G starts a recording; a few frames, then G saves it
            for _ in range(3):
                app.tick(FRAME)
            press(app, key)
        suffix = ".png" if key == pygame.K_s else ".gif"
        assert app.banner is not None
        text, kind = app.banner[:2]
        if expected is None:
            assert kind == "error" and str(UNWRITABLE) in text
        else:
            saved = [p for p in folders[expected].iterdir() if p.suffix == suffix]
            assert len(saved) == 1 and saved[0].name.startswith("nqueens-")
            assert kind == "success" and str(saved[0].resolve()) in text
        assert app.running and app.capture.recording is None
        app.dispatch("step")  # still answering
        assert app.timeline.cursor == 1
    finally:
        app.close()


def test_the_pictures_folder_comes_first_and_missing_folders_are_left_out(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert output_folders() == [tmp_path.resolve()]  # no ~/Pictures: the current folder once
    (tmp_path / "Pictures").mkdir()
    assert output_folders() == [(tmp_path / "Pictures").resolve(), tmp_path.resolve()]


def test_headless_screenshot_keeps_writing_to_the_path_it_is_given(tmp_path, monkeypatch):
    from visualizer.shell.headless import run_headless

    monkeypatch.chdir(tmp_path)
    (tmp_path / "Pictures").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path))
    target = tmp_path / "out" / "shot.png"
    target.parent.mkdir()
    run_headless(n=8, algorithm="backtracking", script=f"step:3;screenshot:{target}")
    assert target.is_file() and pygame.image.load(str(target)).get_size() == (1280, 800)
    assert list((tmp_path / "Pictures").iterdir()) == []
