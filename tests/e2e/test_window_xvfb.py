"""Real windows: the app on an X server (Xvfb) with a window manager (openbox), not the dummy
driver, driven with real key presses and clicks (xdotool)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tests import ROOT
from tests.e2e.xwindow import SCREEN, WINDOW, Window


def test_the_window_opens_runs_frames_and_exits_cleanly(xvfb_display):
    env = {**os.environ, "DISPLAY": xvfb_display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "-m", "visualizer", "--n", "8", "--algo", "backtracking", "--frames", "20"]
    command += ["--script", "step:5;show-all:on;next"]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert result.returncode == 0, result.stderr


def fullscreen_button(size: tuple[int, int]) -> tuple[int, int]:
    """Where the Fullscreen button sits in a window of ``size`` (the same layout, dummy driver)."""
    from tests.ui import new_app

    app = new_app(8, "backtracking", size=size)
    try:
        return tuple(app.controls.buttons["fullscreen"].rect.center)  # type: ignore[return-value]
    finally:
        app.close()


def test_f11_and_the_fullscreen_button_fill_the_screen_and_come_back_twice(xvfb_display, tmp_path):
    window = Window(xvfb_display, tmp_path, "--script", "column:on")  # every control: Fullscreen's button
    try:
        assert window.wait_size(WINDOW) == WINDOW
        buttons = {size: fullscreen_button(size) for size in (WINDOW, SCREEN)}
        for _ in range(2):
            window.switch_to(SCREEN, lambda: window.key("F11"))
            window.switch_to(WINDOW, lambda: window.key("F11"))
        for _ in range(2):
            window.switch_to(SCREEN, lambda: window.click(buttons[WINDOW]))
            window.switch_to(WINDOW, lambda: window.click(buttons[SCREEN]))
        window.process.send_signal(signal.SIGTERM)  # alive to the end; closing: the test below
        status, stderr = window.wait_exit()
        assert status == 128 + signal.SIGTERM and "Traceback" not in stderr, stderr
    finally:
        window.process.kill()


@pytest.mark.parametrize("how", ["close", signal.SIGTERM, signal.SIGINT], ids=["alt+F4", "SIGTERM", "SIGINT"])
def test_closing_or_stopping_the_window_during_long_work_ends_it_at_once(xvfb_display, tmp_path, how):
    window = Window(xvfb_display, tmp_path, "--algo", "forward-checking", "--n", "16", "--script", "instant")
    try:
        assert window.wait_size(WINDOW) == WINDOW  # the engine walks n = 16 a minute: the worker is busy
        sent = time.monotonic()
        if how == "close":
            window.close()
        else:
            window.process.send_signal(how)
        status, stderr = window.wait_exit()
        seconds = time.monotonic() - sent
        assert seconds < 20, stderr  # a liveness check with a loaded machine's margin, not a benchmark
        assert "Traceback" not in stderr, stderr
        if how == "close":
            assert status == 0, stderr
        else:
            assert status == 128 + how
            assert stderr.strip() == f"nqueens-viz: stopped by {signal.Signals(how).name}"
    finally:
        window.process.kill()
