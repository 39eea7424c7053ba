"""The speed slider: its arrows step by about a quarter, its label reads at 4.5:1 on every theme."""

from __future__ import annotations

import itertools

import pytest

from tests.ui import FRAME, click, new_app
from visualizer.look.theme import CLASSROOM, PROJECTOR


def relative_luminance(colour) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_slider_arrows_step_by_about_a_quarter():
    app = new_app(8, "backtracking", speed=10.0)
    speeds = [app.speed]
    for _ in range(4):
        click(app, app.controls.slider.right_button.rect.center)
        app.tick(FRAME)  # the slider reports its move on the next frame
        speeds.append(app.speed)
    click(app, app.controls.slider.left_button.rect.center)
    app.tick(FRAME)
    app.close()
    steps = [b / a for a, b in itertools.pairwise(speeds)]
    assert all(1.1 <= step <= 1.4 for step in steps), speeds  # x10 a click before
    assert app.speed < speeds[-1]


@pytest.mark.parametrize("theme", [CLASSROOM, PROJECTOR], ids=lambda t: t.name)
def test_the_speed_label_reads_at_4_5_to_1(theme):
    app = new_app(8, "backtracking", theme=theme)
    app.draw()
    rect = app.controls.speed_label.rect
    pixels = [
        app.surface.get_at((x, y)) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
    ]
    background = max(set(map(tuple, pixels)), key=[tuple(p) for p in pixels].count)
    best = max(contrast(background, pixel) for pixel in pixels)
    app.close()
    assert best >= 4.5, (theme.name, background, best)
