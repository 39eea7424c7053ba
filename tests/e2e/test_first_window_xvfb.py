"""Projector-first (issue 38): with no saved settings the real window opens at the desktop's
usable size, its title bar on the screen, on a 1280x720 projector as on a 1920x1080 screen; it
closes on Alt+F4 with status 0."""

from __future__ import annotations

import pytest

from tests.e2e.xwindow import Window, poll, xvfb_server


def maximized(window: Window, screen: tuple[int, int]) -> tuple[int, int, int, int]:
    """The window's geometry once the window manager has made it as wide as the screen."""

    def wide() -> tuple[int, int, int, int] | None:
        geometry = window.geometry()
        return geometry if geometry is not None and geometry[2] == screen[0] else None

    return poll(wide, "the window maximized")  # type: ignore[return-value]


@pytest.mark.parametrize("screen", [(1280, 720), (1920, 1080)])
def test_a_first_window_fills_the_screen_with_its_title_bar_showing(tmp_path, screen):
    for display in xvfb_server(screen):
        config = tmp_path / "config"
        config.mkdir()
        window = Window(display, tmp_path, size=None, NQUEENS_CONFIG_DIR=str(config))
        try:
            x, y, _, height = maximized(window, screen)
            assert x >= 0 and y > 0 and y + height <= screen[1]  # a title bar above it, all on screen
            assert height >= screen[1] * 0.85
            window.close()
            assert window.wait_exit()[0] == 0
        finally:
            if window.process.poll() is None:
                window.process.kill()
