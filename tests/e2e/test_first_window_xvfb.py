"""Projector-first (issue 38): with no saved settings the real window opens at the desktop's
usable size, its title bar on the screen, on a 1280x720 projector as on a 1920x1080 screen; F4
steps through every text size there (each one saved, the window still on the screen); it closes on
Alt+F4 with status 0."""

from __future__ import annotations

import json
import time

import pytest

from tests.e2e.xwindow import Window, poll, xvfb_server
from visualizer.look.appearance import SCALES


def maximized(window: Window, screen: tuple[int, int]) -> tuple[int, int, int, int]:
    """The window's geometry once the window manager has made it as wide as the screen."""

    def wide() -> tuple[int, int, int, int] | None:
        geometry = window.geometry()
        return geometry if geometry is not None and geometry[2] == screen[0] else None

    return poll(wide, "the window maximized")  # type: ignore[return-value]


def settle(window: Window) -> tuple[int, int, int, int]:
    """The window's geometry once the window manager has finished placing it (two reads alike)."""
    seen: list[object] = [None]

    def still() -> tuple[int, int, int, int] | None:
        now = window.geometry()
        same, seen[0] = now == seen[0], now
        if not same:
            time.sleep(0.3)
        return now if same else None

    return poll(still, "the window settled")  # type: ignore[return-value]


def saved_scale(settings) -> float | None:
    """The text size the window saved (None: not yet, or caught mid-write)."""
    try:
        return json.loads(settings.read_text())["ui_scale"]
    except (OSError, ValueError, KeyError):
        return None


@pytest.mark.parametrize("screen", [(1280, 720), (1920, 1080)])
def test_a_first_window_fills_the_screen_with_its_title_bar_showing(tmp_path, screen):
    for display in xvfb_server(screen):
        config = tmp_path / "config"
        config.mkdir()
        window = Window(display, tmp_path, size=None, NQUEENS_CONFIG_DIR=str(config))
        try:
            maximized(window, screen)
            settings, settled = config / "settings.json", settle(window)
            x, y, _, height = settled  # as the window manager left it, not a first placement
            assert x >= 0 and y > 0 and y + height <= screen[1]  # a title bar above it, all on screen
            assert height >= screen[1] * 0.85
            for scale in (*SCALES[1:], SCALES[0]):  # F4 through every text size and back to the first
                window.key("F4")
                poll(lambda s=scale, f=settings: saved_scale(f) == s, f"text size {scale} saved")
                assert window.geometry() == settled  # the text grows inside the window, which stays put
            window.close()
            assert window.wait_exit()[0] == 0
        finally:
            if window.process.poll() is None:
                window.process.kill()
