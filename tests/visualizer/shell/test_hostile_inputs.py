"""Hostile inputs, table-driven: damaged settings files and malformed headless runs.

Each settings case plants something in an empty config folder and must give valid settings
(the defaults for whatever was bad) and exactly one reported problem of the expected kind.
Each headless case runs ``python -m visualizer --headless`` in-process through its entry point
(``visualizer.__main__.main``) and must exit 2 with one short line on stderr, no traceback, and
nothing created on disk. Add a row to grow the list.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from visualizer.__main__ import main
from visualizer.shell.preferences import problem_text
from visualizer.shell.settings import FILE_NAME, Settings, SettingsStore

# -- damaged settings files ---------------------------------------------------------


def _write(data: bytes) -> Callable[[Path], None]:
    return lambda folder: (folder / FILE_NAME).write_bytes(data)


def _json(value: object) -> Callable[[Path], None]:
    return _write(json.dumps(value).encode())


def _fifo(folder: Path) -> None:
    os.mkfifo(folder / FILE_NAME)


def _directory(folder: Path) -> None:
    (folder / FILE_NAME).mkdir()
    (folder / FILE_NAME / "inside.json").write_text("{}")


def _sparse(size: int) -> Callable[[Path], None]:
    def plant(folder: Path) -> None:
        with open(folder / FILE_NAME, "wb") as file:
            file.truncate(size)  # sparse: no disk space, but st_size says 300 MB

    return plant


def _link_to(target: str | None) -> Callable[[Path], None]:
    def plant(folder: Path) -> None:
        real = folder.parent / f"{folder.name}-target.json"
        if target is None:
            real.write_text(json.dumps({"n": 6}))
        (folder / FILE_NAME).symlink_to(target or real)

    return plant


SETTINGS_CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifo (hung startup)": (_fifo, "special"),
    "directory": (_directory, "special"),
    "300 MB sparse file": (_sparse(300 * 1024 * 1024), "large"),
    "64 KB + 1 byte": (_write(b"{" + b" " * (64 * 1024 - 1) + b"}"), "large"),
    "symlink to a good file": (_link_to(None), "link"),
    "dangling symlink": (_link_to("/nonexistent/settings.json"), "link"),
    "symlink to /dev/zero": (_link_to("/dev/zero"), "link"),
    "invalid UTF-8": (_write(b'{"lang": "\xff\xfe"}'), "corrupt"),
    "binary garbage": (_write(bytes(range(256))), "corrupt"),
    "empty file": (_write(b""), "corrupt"),
    "not JSON": (_write(b"{ this is not json"), "corrupt"),
    "100,000 nested brackets (200 KB)": (_write(b"[" * 100_000 + b"]" * 100_000), "large"),
    "30,000 nested brackets (60 KB)": (_write(b"[" * 30_000 + b"]" * 30_000), "corrupt"),
    "10,000 nested objects (60 KB)": (_write(b'{"a":' * 10_000 + b"1" + b"}" * 10_000), "corrupt"),
    "1e400": (_write(b'{"speed": 1e400}'), "corrupt"),
    "NaN": (_write(b'{"speed": NaN}'), "corrupt"),
    "-Infinity": (_write(b'{"ui_scale": -Infinity}'), "corrupt"),
    "a 5000-digit integer": (_write(b'{"n": ' + b"9" * 5000 + b"}"), "corrupt"),
    "top-level null": (_json(None), "corrupt"),
    "top-level list": (_json([1, 2]), "corrupt"),
    "top-level string": (_json("settings"), "corrupt"),
    "every value null": (
        _json({name: None for name in ("n", "algorithm", "speed", "lang", "theme")}),
        "range",
    ),
    "unhashable theme": (_json({"theme": ["projector"]}), "range"),
    "unhashable algorithm": (_json({"algorithm": {"a": 1}}), "range"),
    "unhashable lang": (_json({"lang": {"zh": 1}}), "range"),
    "bool as n": (_json({"n": True}), "range"),
    "string as n": (_json({"n": "8"}), "range"),
    "float width": (_json({"width": 1280.5}), "range"),
    "huge int speed": (_json({"speed": 10**300}), "range"),
}


@pytest.mark.parametrize("plant, kind", SETTINGS_CASES.values(), ids=SETTINGS_CASES.keys())
def test_a_damaged_settings_file_gives_valid_settings_and_one_problem(tmp_path, plant, kind):
    folder = tmp_path / "config"
    folder.mkdir()
    plant(folder)
    store = SettingsStore(folder)
    loaded = store.load()
    assert loaded == loaded.validated()  # every value of the right type and in range
    assert store.problem is not None and store.problem.kind == kind, store.problem
    for lang in ("en", "zh"):
        assert str(folder / FILE_NAME) in problem_text(store.problem, lang)
    if kind != "range":
        assert loaded == Settings()


def test_a_link_in_place_of_the_settings_file_is_neither_read_nor_written_through(tmp_path):
    folder, target = tmp_path / "config", tmp_path / "precious.txt"
    folder.mkdir()
    target.write_text("keep me")
    (folder / FILE_NAME).symlink_to(target)
    store = SettingsStore(folder)
    assert store.load() == Settings() and store.problem.kind == "link"
    assert not store.save(Settings(n=6)) and store.problem.kind == "write"
    assert target.read_text() == "keep me" and (folder / FILE_NAME).is_symlink()


def test_a_planted_settings_tmp_link_is_not_written_through(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    (tmp_path / "settings.tmp").symlink_to(target)
    store = SettingsStore(tmp_path)
    assert store.save(Settings(n=6))
    assert target.read_text() == "keep me"
    assert SettingsStore(tmp_path).load() == Settings(n=6)


def test_a_leftover_settings_tmp_directory_neither_blocks_a_save_nor_gains_company(tmp_path):
    (tmp_path / "settings.tmp").mkdir()
    assert SettingsStore(tmp_path).save(Settings(n=7))
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME, "settings.tmp"]
    assert SettingsStore(tmp_path).load() == Settings(n=7)


@pytest.mark.parametrize("hostile", ["symlink", "file"])
def test_a_config_folder_that_is_a_link_or_a_file_is_refused(tmp_path, hostile):
    real = tmp_path / "elsewhere"
    real.mkdir()
    (real / FILE_NAME).write_text(json.dumps({"n": 6}))
    folder = tmp_path / "config"
    if hostile == "symlink":
        folder.symlink_to(real)
    else:
        folder.write_text("not a folder")
    store = SettingsStore(folder)
    assert store.load() == Settings() and store.problem is not None
    assert not store.save(Settings(n=9)) and store.problem.kind == "write"
    assert json.loads((real / FILE_NAME).read_text()) == {"n": 6}
    assert folder.is_symlink() if hostile == "symlink" else folder.read_text() == "not a folder"


def test_a_save_that_fails_leaves_no_temporary_file(tmp_path, monkeypatch):
    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    store = SettingsStore(tmp_path)
    assert not store.save(Settings()) and "No space" in str(store.problem)
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_settings_file_does_not_stop_the_window_opening(tmp_path):
    from visualizer.shell.preferences import open_window

    os.mkfifo(tmp_path / FILE_NAME)
    app = open_window(store=SettingsStore(tmp_path))
    try:
        assert app.banner is not None and app.banner[1] == "error" and "regular file" in app.banner[0]
        assert app.timeline.n == 8
    finally:
        app.close()


# -- malformed headless runs ------------------------------------------------------

#: Where an output must not go: name -> path under tmp_path ({tmp} is replaced).
BAD_OUTPUTS = {
    "in /proc": "/proc/x.out",
    "a directory": "{tmp}",
    "into a missing folder": "{tmp}/missing/x.out",
    "under a file": "{tmp}/afile/x.out",
    "an existing fifo": "{tmp}/fifo",
    "a device": "/dev/null",
    "empty": "",
    "a NUL byte": "{tmp}/x\0.out",
}
OUTPUT_OPTIONS = {"--state": "state", "--screenshot": "screenshot", "--gif": "gif", "screenshot:": "command"}


def _output_cases() -> dict[str, tuple[str, ...]]:
    cases = {}
    for option in OUTPUT_OPTIONS:
        for name, path in BAD_OUTPUTS.items():
            if option == "screenshot:" and name == "a NUL byte":
                continue  # a NUL cannot travel in argv: the option cases cover it in-process
            args = ("--script", f"step:1;screenshot:{path}") if option == "screenshot:" else (option, path)
            cases[f"{option} {name}"] = args
    return cases


BIG = "9" * 100_000
HEADLESS_CASES: dict[str, tuple[str, ...]] = {
    **_output_cases(),
    # sizes
    "size 100000x100000": ("--size", "100000x100000"),
    "size 7681x4320": ("--size", "7681x4320"),
    "size 7680x4321": ("--size", "7680x4321"),
    "size 0x0": ("--size", "0x0"),
    "size -5x5": ("--size", "-5x5"),
    "size 8_00x600": ("--size", "8_00x600"),
    "size Arabic digits": ("--size", "٨٠٠x٦٠٠"),
    "size fullwidth digits": ("--size", "１２８０x８００"),
    "size padded": ("--size", " 1280x800"),
    "size 1280x": ("--size", "1280x"),
    "size x800": ("--size", "x800"),
    "size 1280x800x3": ("--size", "1280x800x3"),
    "size 1e3x800": ("--size", "1e3x800"),
    "size 40 digits": ("--size", "9" * 40 + "x800"),
    "size 100 KB": ("--size", BIG),
    # script commands
    "relaxed:on in watch mode": ("--script", "relaxed:on"),
    "relaxed:off in race mode": ("--mode", "race", "--script", "relaxed:off"),
    "relaxed:maybe in game mode": ("--mode", "game", "--script", "relaxed:maybe"),
    "step:-1": ("--script", "step:-1"),
    "step:1_0": ("--script", "step:1_0"),
    "step Arabic digit": ("--script", "step:٣"),
    "step 31 digits": ("--script", "step:" + "9" * 31),
    "step 100 KB": ("--script", "step:" + BIG),
    "back:x": ("--script", "back:x"),
    "play:1e400": ("--script", "play:1e400"),
    "play:nan": ("--script", "play:nan"),
    "play:inf": ("--script", "play:inf"),
    "play:-1": ("--script", "play:-1"),
    "play:1e9": ("--script", "play:1e9"),
    "play:1_0": ("--script", "play:1_0"),
    "speed:0": ("--script", "speed:0"),
    "speed:nan": ("--script", "speed:nan"),
    "speed:1e400": ("--script", "speed:1e400"),
    "n:0": ("--script", "n:0"),
    "n:1001 (window limit)": ("--script", "n:1001"),
    "n:abc": ("--script", "n:abc"),
    "click:-1,0": ("--script", "click:-1,0"),
    "click:a,b": ("--script", "click:a,b"),
    "click:1": ("--script", "click:1"),
    "click off the board": ("--script", "click:8,0"),
    "key:": ("--script", "key:"),
    "key:xyz": ("--script", "key:xyz"),
    "view:x": ("--script", "view:x"),
    "show-all:": ("--script", "show-all:"),
    "algo:": ("--script", "algo:"),
    "algo:nosuch": ("--script", "algo:nosuch"),
    "lang:fr": ("--script", "lang:fr"),
    "theme:x": ("--script", "theme:x"),
    "scale:0": ("--script", "scale:0"),
    "scale:nan": ("--script", "scale:nan"),
    "scale:1e400": ("--script", "scale:1e400"),
    "reset:x": ("--script", "reset:x"),
    "next:1": ("--script", "next:1"),
    "screenshot: empty": ("--script", "screenshot:"),
    "unknown command": ("--script", "dance"),
    "unknown command 100 KB": ("--script", "x" * 100_000),
    "control characters": ("--script", "step:\x01\x02"),
    # options
    "--n 8_0": ("--n", "8_0"),
    "--n Arabic digit": ("--n", "٨"),
    "--n fullwidth": ("--n", "０８"),
    "--n padded": ("--n", " 8 "),
    "--n 0": ("--n", "0"),
    "--n -1": ("--n", "-1"),
    "--n 30 digits": ("--n", "9" * 30),
    "--n 100 KB": ("--n", BIG),
    "--algo 100 KB": ("--algo", "a" * 100_000),
    "--mode 100 KB": ("--mode", "m" * 100_000),
    "--mode game --n 21": ("--mode", "game", "--n", "21"),
    "--mode race --algo2 nosuch": ("--mode", "race", "--algo2", "nosuch"),
    "--lang fr": ("--lang", "fr"),
    "--theme x": ("--theme", "x"),
    "--scale nan": ("--scale", "nan"),
    "--scale inf": ("--scale", "inf"),
    "--scale 1e400": ("--scale", "1e400"),
    "--frames 1_0": ("--frames", "1_0"),
    "unknown option": ("--bogus",),
}


@pytest.fixture
def hostile_folder(tmp_path):
    """A folder with a file (to put things under) and a fifo (to write into), nothing else."""
    (tmp_path / "afile").write_text("x")
    os.mkfifo(tmp_path / "fifo")
    return tmp_path


@pytest.mark.parametrize("args", HEADLESS_CASES.values(), ids=HEADLESS_CASES.keys())
def test_a_malformed_headless_run_is_one_line_and_exit_2(hostile_folder, args, capsys):
    args = tuple(arg.replace("{tmp}", str(hostile_folder)) for arg in args)
    before = sorted(p.name for p in hostile_folder.iterdir())
    try:
        status = main(["--headless", *args])
    except SystemExit as exit_info:  # argparse's own refusals
        status = exit_info.code
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("nqueens-viz: ") and "Traceback" not in err
    assert len(err) < 400  # a 100 KB argument is not echoed back whole
    assert sorted(p.name for p in hostile_folder.iterdir()) == before  # nothing created


@pytest.mark.parametrize(
    "args",
    [
        ("--mode", "game", "--script", "relaxed:on;click:0,0;click:1,1"),
        ("--size", "960x640"),
        ("--n", "08"),  # a leading zero is still ASCII digits
    ],
)
def test_the_good_neighbours_of_the_hostile_cases_still_run(tmp_path, args):
    out = tmp_path / "state.json"
    assert main(["--headless", *args, "--state", str(out)]) == 0
    state = json.loads(out.read_text(encoding="utf-8"))
    assert state["n"] == 8
    if "relaxed:on" in args:
        assert state["queens"][0] == 0 and state["queens"][1] is None  # (1, 1) was refused, not lost
