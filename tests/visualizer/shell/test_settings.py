"""Settings persist, and a missing or corrupt file never stops the app."""

from __future__ import annotations

import json
import os
import stat
import sys

from visualizer.shell.settings import Settings, SettingsStore, config_dir


def test_round_trip(tmp_path):
    store = SettingsStore(tmp_path)
    chosen = Settings(n=10, algorithm="permutations-pruned", speed=250.0, lang="zh", theme="projector")
    assert store.save(chosen)
    assert SettingsStore(tmp_path).load() == chosen


def test_missing_file_gives_defaults_without_a_problem(tmp_path):
    store = SettingsStore(tmp_path / "nowhere")
    assert store.load() == Settings() and store.problem is None


def test_corrupt_file_is_reported_once_and_replaced(tmp_path):
    (tmp_path / "settings.json").write_text("{ this is not json")
    store = SettingsStore(tmp_path)
    assert store.load() == Settings()
    assert store.problem.kind == "corrupt" and "unreadable" in str(store.problem)
    store.save(Settings(n=6))
    again = SettingsStore(tmp_path)
    assert again.load().n == 6 and again.problem is None


def test_out_of_range_values_are_reset(tmp_path):
    data = {"n": 99, "algorithm": "brute-force", "speed": -5, "lang": "fr", "theme": "neon", "width": 12}
    (tmp_path / "settings.json").write_text(json.dumps(data))
    store = SettingsStore(tmp_path)
    loaded = store.load()
    assert loaded.algorithm == "brute-force" and loaded.n == 8
    assert (loaded.speed, loaded.lang, loaded.theme, loaded.width) == (20.0, "en", "classroom", 1280)
    assert store.problem.kind == "range" and "out of range" in str(store.problem)


def test_wrong_json_shape_and_unknown_keys(tmp_path):
    (tmp_path / "settings.json").write_text("[1, 2]")
    store = SettingsStore(tmp_path)
    assert store.load() == Settings() and store.problem
    (tmp_path / "settings.json").write_text(json.dumps({"n": 5, "colour": "red"}))
    assert SettingsStore(tmp_path).load().n == 5


def test_unwritable_directory_is_reported(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = SettingsStore(blocker / "sub")
    assert not store.save(Settings()) and "could not save" in str(store.problem)


def test_config_dir_honours_the_override(monkeypatch, tmp_path):
    monkeypatch.setenv("NQUEENS_CONFIG_DIR", str(tmp_path))
    assert config_dir() == tmp_path


def test_config_dir_is_the_platforms_own(monkeypatch, tmp_path):
    monkeypatch.delenv("NQUEENS_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert config_dir().name == "nqueens-visualizer"
    if sys.platform.startswith("linux"):  # XDG: $XDG_CONFIG_HOME/nqueens-visualizer
        assert config_dir() == tmp_path / "nqueens-visualizer"


def test_a_save_is_atomic_and_private(tmp_path):
    store = SettingsStore(tmp_path / "new" / "folder")
    assert store.save(Settings(n=9))  # the missing config folder is created
    files = list((tmp_path / "new" / "folder").iterdir())
    assert [f.name for f in files] == ["settings.json"]  # the temporary file was renamed, not left
    assert json.loads(files[0].read_text())["n"] == 9
    if os.name == "posix":
        assert stat.S_IMODE(files[0].stat().st_mode) == 0o600  # mkstemp's mode


def test_a_utf8_bom_is_accepted(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"\xef\xbb\xbf" + json.dumps({"n": 6}).encode())
    store = SettingsStore(tmp_path)
    assert store.load().n == 6 and store.problem is None


def test_a_window_larger_than_the_size_cap_is_reset(tmp_path):
    """One cap (layout.MAX_SIZE) for --size and for settings: 16384x16384 would be 1 GB of pixels."""
    from visualizer.look.layout import MAX_SIZE

    (tmp_path / "settings.json").write_text(json.dumps({"width": 16384, "height": 16384}))
    loaded = SettingsStore(tmp_path).load()
    assert (loaded.width, loaded.height) == (1280, 800)
    (tmp_path / "settings.json").write_text(json.dumps({"width": MAX_SIZE[0], "height": MAX_SIZE[1]}))
    assert (SettingsStore(tmp_path).load().width, SettingsStore(tmp_path).load().height) == MAX_SIZE
