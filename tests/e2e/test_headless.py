"""The headless contract: `python -m visualizer --headless ...` as a user or a script runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import ROOT
from tests.run import viz_process
from visualizer.shell.headless import Command, ScriptError, parse_command, parse_script, parse_size


def viz(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the headless visualizer in a real process."""
    return viz_process(*args, cwd=cwd, timeout=300)


def state_after(tmp_path: Path, *args: str) -> dict:
    out = tmp_path / "state.json"
    result = viz(*args, "--state", str(out))
    assert result.returncode == 0, result.stderr
    return json.loads(out.read_text())


def test_next_gives_the_first_solution_of_eight_queens(tmp_path):
    state = state_after(tmp_path, "--n", "8", "--algo", "backtracking", "--script", "next")
    assert state["counters"]["solutions"] == 1
    assert state["counters"]["attempts"] == 876
    assert state["queens"] == [0, 4, 7, 5, 2, 6, 1, 3]
    assert (state["n"], state["algorithm"], state["mode"]) == (8, "backtracking", "watch")
    assert state["show_all"] is False and state["finished"] is False


def test_forty_steps_there_and_back_is_the_empty_board(tmp_path):
    state = state_after(tmp_path, "--n", "8", "--script", "step:40;back:40")
    assert set(state["counters"].values()) == {0}
    assert set(state["counters"]) == {"attempts", "placements", "backtracks", "solutions", "checks"}
    assert state["queens"] == [None] * 8


def test_instant_waits_for_the_background_run(tmp_path):
    state = state_after(tmp_path, "--n", "6", "--algo", "backtracking", "--script", "instant;wait-idle")
    assert state["finished"] is True
    assert state["counters"]["solutions"] == 4


def test_show_all_next_animates_to_the_same_solution(tmp_path):
    state = state_after(tmp_path, "--script", "show-all:on;next")
    assert state["show_all"] is True
    assert state["counters"]["attempts"] == 876


def test_play_uses_simulated_time_at_the_chosen_speed(tmp_path):
    from solvers import registry
    from visualizer.core.timeline import Timeline

    state = state_after(tmp_path, "--script", "speed:20;play:1.5")
    expected = Timeline(registry.get("backtracking"), 8)
    expected.step(30)  # 20 events/s for 1.5 s of simulated frames
    assert state["event_index"] == 30
    assert (state["counters"], state["queens"]) == (
        {k: v for k, v in expected.counters.as_dict().items() if k in state["counters"]},
        expected.queens,
    )


def test_keys_go_through_the_same_event_path(tmp_path):
    state = state_after(tmp_path, "--script", "key:right;key:right;key:right;key:left;key:n")
    assert state["counters"]["solutions"] == 1
    state = state_after(tmp_path, "--script", "key:right;key:right;key:left")
    assert state["queens"][0] == 0 and state["counters"]["attempts"] == 1


def test_n_and_algo_commands_and_click(tmp_path):
    from solvers import registry
    from visualizer.core.timeline import Timeline

    script = "n:5;algo:permutations;next"
    state = state_after(tmp_path, "--script", script)
    expected = Timeline(registry.get("permutations"), 5)
    expected.next_solution()
    assert (state["n"], state["algorithm"], state["counters"]["solutions"]) == (5, "permutations", 1)
    assert (state["event_index"], state["queens"]) == (expected.cursor, expected.queens)
    clicked = state_after(tmp_path, "--script", script + ";click:0,0")
    assert clicked == state, "a click on the board in watch mode only looks: the run stays put"


def test_a_window_script_shows_a_settings_save_failure_as_a_banner(tmp_path):
    (tmp_path / "afile").write_text("x")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["NQUEENS_CONFIG_DIR"] = str(tmp_path / "afile" / "config")  # no folder can be made there
    result = subprocess.run(
        [sys.executable, "-m", "visualizer", "--script", "n:6;step:2", "--frames", "3"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr  # the window ran its frames and closed
    assert "Traceback" not in result.stderr and result.stderr == ""


def test_a_window_script_refusal_stays_a_banner_on_screen(tmp_path):
    from visualizer.shell.headless import HeadlessRunner
    from visualizer.shell.preferences import open_window
    from visualizer.shell.settings import SettingsStore

    (tmp_path / "afile").write_text("x")
    app = open_window(store=SettingsStore(tmp_path / "afile"))
    try:
        HeadlessRunner(app, strict=False).run(parse_script("n:6"))
        assert app.banner is not None and app.banner[1] == "error" and "save" in app.banner[0]
        assert app.timeline.n == 6 and app.running
    finally:
        app.close()


@pytest.mark.parametrize("size", ["7680x4320", "960x640"])
def test_the_size_cap_is_inclusive(size):
    assert parse_size(size) == tuple(int(x) for x in size.split("x"))


def test_screenshot_and_gif_files_are_written(tmp_path):
    shot, mid, gif = tmp_path / "end.png", tmp_path / "mid.png", tmp_path / "run.gif"
    result = viz(
        "--script",
        f"step:5;screenshot:{mid};speed:50;play:1",
        "--screenshot",
        str(shot),
        "--gif",
        str(gif),
        "--lang",
        "zh",
        "--size",
        "1000x700",
    )
    assert result.returncode == 0, result.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert mid.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert gif.read_bytes()[:3] == b"GIF"
    from PIL import Image

    with Image.open(shot) as image:
        assert image.size == (1000, 700)
    with Image.open(gif) as image:
        assert image.n_frames > 5


@pytest.mark.parametrize(
    "args",
    [
        ("--script", "jump"),
        ("--script", "step:many"),
        ("--script", "speed:-3"),
        ("--script", "show-all:maybe"),
        ("--script", "key:notakey"),
        ("--script", "click:9,9"),
        ("--script", "n:99"),
        ("--n", "9", "--algo", "brute-force"),
        ("--algo", "nosuch"),
        ("--n", "eight"),
        ("--size", "big"),
        ("--mode", "fly"),
        ("--mode", "game", "--n", "3"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args):
    result = viz(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr


def test_parse_script_checks_every_command():
    assert parse_script("reset; step:3 ;back;show-all:off;play:0.5") == [
        Command("reset"),
        Command("step", 3),
        Command("back", 1),
        Command("show-all", False),
        Command("play", 0.5),
    ]
    with pytest.raises(ScriptError, match="unknown command"):
        parse_command("dance")
    with pytest.raises(ScriptError, match="ROW,COL"):
        parse_command("click:3")


@pytest.mark.parametrize("output", ["screenshot", "gif", "screenshot-command"])
def test_a_write_that_fails_after_the_path_check_is_exit_2_not_silence(tmp_path, monkeypatch, output):
    """The path passed its check, then the disk filled up half-way through the picture: one
    ScriptError naming it and saying why in words, and nothing of the picture left, not even a
    temporary file."""
    from PIL import Image

    from visualizer.shell.headless import run_headless

    def half_then_full(image: Image.Image, file: object, *args: object, **kwargs: object) -> None:
        file.write(b"\x89PNG half a picture")  # type: ignore[attr-defined]
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Image.Image, "save", half_then_full)
    from visualizer.features.gif import GifWriter  # a GIF is streamed, frame by frame

    monkeypatch.setattr(GifWriter, "add", lambda writer, *_args: half_then_full(None, writer.file))  # type: ignore[arg-type]
    target = tmp_path / ("run.gif" if output == "gif" else "shot.png")
    options: dict[str, object] = {"screenshot": str(target)} if output == "screenshot" else {}
    if output == "gif":
        options["gif"] = str(target)
    script = f"step:3;screenshot:{target}" if output == "screenshot-command" else "step:3"
    with pytest.raises(ScriptError, match="the disk is full") as refused:  # in words (issue 36)
        run_headless(n=6, algorithm="backtracking", script=script, **options)  # type: ignore[arg-type]
    assert str(target) in str(refused.value) and not target.exists()
    assert list(tmp_path.iterdir()) == []
