"""Every output of the headless mode (issue 18, items 10 and 11): a planted link is refused, never
written through; a full disk (RLIMIT_FSIZE, which makes a write fail as a full disk does) or a stop
signal leaves nothing half-written, keeps the old file, and the exit status says it failed."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import ROOT

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def viz(*args: str, file_limit: int | None = None) -> subprocess.CompletedProcess[str]:
    """The headless visualizer in a subprocess; ``file_limit``: the largest file it may write."""

    def limit() -> None:
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    command = [sys.executable, "-m", "visualizer", "--headless", "--n", "6", *args]
    return subprocess.run(
        command, capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=120, preexec_fn=limit
    )


def plant(tmp_path: Path, name: str, dangling: bool) -> Path:
    """A link at ``name`` to a victim file (missing when ``dangling``); returns the victim."""
    victim = tmp_path / "victim"
    if not dangling:
        victim.write_bytes(b"precious")
    (tmp_path / name).symlink_to(victim)
    return victim


def untouched(victim: Path, dangling: bool) -> bool:
    return not victim.exists() if dangling else victim.read_bytes() == b"precious"


OUTPUTS = [  # (name, the options that write it)
    ("s.json", lambda p: ["--state", p]),
    ("shot.png", lambda p: ["--screenshot", p]),
    ("run.gif", lambda p: ["--gif", p]),
    ("cmd.png", lambda p: ["--script", f"step:2;screenshot:{p}"]),
    ("stretch.gif", lambda p: ["--script", f"export:0-5:{p}"]),
    ("stretch.mp4", lambda p: ["--script", f"export:0-5:{p}"]),
]


@pytest.mark.parametrize("dangling", [True, False], ids=["dangling", "to-a-file"])
@pytest.mark.parametrize(("name", "options"), OUTPUTS, ids=[name for name, _ in OUTPUTS])
def test_a_link_planted_at_an_output_is_refused_not_followed(tmp_path, name, options, dangling):
    victim = plant(tmp_path, name, dangling)
    done = viz(*options(str(tmp_path / name)))
    assert done.returncode == 2, done.stderr
    assert "symbolic link" in done.stderr and "Traceback" not in done.stderr
    assert untouched(victim, dangling) and (tmp_path / name).is_symlink()


@pytest.mark.parametrize("dangling", [True, False], ids=["dangling", "to-a-file"])
def test_a_link_planted_among_a_png_exports_frames_is_refused_and_no_frame_is_left(tmp_path, dangling):
    frames = tmp_path / "frames"
    frames.mkdir()
    victim = plant(frames, "frame_00003.png", dangling)
    done = viz("--script", f"export:0-5:{frames}")
    assert done.returncode == 2, done.stderr
    assert "symbolic link" in done.stderr
    assert untouched(victim, dangling)
    left = {p.name for p in frames.iterdir()} | {p.name for p in tmp_path.iterdir()}
    assert left == {"frame_00003.png", "frames"} | ({"victim"} if not dangling else set())


FULL = [  # (name, options, the file size the disk takes)
    ("s.json", lambda p: ["--state", p], 200),
    ("shot.png", lambda p: ["--screenshot", p], 20_000),
    ("cmd.png", lambda p: ["--script", f"step:2;screenshot:{p}"], 20_000),
    ("run.gif", lambda p: ["--script", "step:30", "--gif", p], 20_000),
    ("stretch.gif", lambda p: ["--script", f"export:0-30:{p}"], 20_000),
    ("stretch.mp4", lambda p: ["--script", f"export:0-30:{p}"], 20_000),
    ("frames", lambda p: ["--script", f"export:0-3:{p}"], 20_000),
]


@pytest.mark.parametrize(("name", "options", "room"), FULL, ids=[name for name, _, _ in FULL])
def test_a_full_disk_fails_the_run_and_leaves_nothing_half_written(tmp_path, name, options, room):
    old = tmp_path / "s.json"
    old.write_text('{"old": true}\n')
    done = viz(*options(str(tmp_path / name)), file_limit=room)
    assert done.returncode != 0, done.stderr
    assert "Traceback" not in done.stderr
    assert old.read_text() == '{"old": true}\n'  # a rewritten --state keeps the old one
    assert {p.name for p in tmp_path.iterdir()} == {"s.json"}, done.stderr


def test_sigterm_during_an_mp4_export_leaves_no_part_file(tmp_path):
    target = tmp_path / "long.mp4"
    command = [sys.executable, "-m", "visualizer", "--headless", "--n", "8", "--script"]
    process = subprocess.Popen(
        [*command, f"export-size:1280x800;export:0-2999:{target}"],
        cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".long.mp4.*")) and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert process.poll() is None, process.communicate()[1]
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode != 0
    assert "Traceback" not in stderr
    assert list(tmp_path.iterdir()) == []
