"""Small fixes of issue 13, each through real input: the speed slider's arrows and its label's
contrast, race mode's first pair and its titles, the min-conflicts chart's restarts and plurals,
the game's loss banner at once, and the Hint button's on / off."""

from __future__ import annotations

import itertools

import pygame
import pytest

from solvers import registry
from tests.ui import FRAME, click, new_app, press, share_near
from visualizer.look.theme import CLASSROOM, PROJECTOR
from visualizer.render.chart import chart_status, count_text


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


def test_race_mode_starts_with_two_algorithms_named_by_their_titles():
    app = new_app(8, "backtracking")
    click(app, app.controls.buttons["mode:race"].rect.center)
    a, b = app.mode.pair
    assert a != b and app.race.a.spec.name == a and app.race.b.spec.name == b
    text, _ = app.controls.algorithms.selected_option
    assert registry.get(a).title in text and registry.get(b).title in text
    app.close()


@pytest.mark.parametrize(
    ("count", "key", "lang", "text"),
    [
        (1, "n_conflicts", "en", "1 conflict"),
        (0, "n_conflicts", "en", "0 conflicts"),
        (2, "n_repairs", "en", "2 repairs"),
        (1, "n_restarts", "en", "1 restart"),
        (1, "n_conflicts", "zh", "1 个冲突"),
    ],
)
def test_counts_take_the_singular_for_one(count, key, lang, text):
    assert count_text(count, key, lang) == text


def test_the_chart_marks_restarts_and_the_solution_a_restart_found():
    app = new_app(8, "min-conflicts")
    app.dispatch("instant")
    app.join(30)
    app.tick(FRAME)
    chart = app.mode.views.chart.model()
    assert chart.solved and chart.restarts and app.timeline.counters.solutions == 1
    assert chart_status(chart.values, chart.restarts, True, "en").startswith("Solved after")
    area = app.layout.code
    app.draw()
    corner = pygame.Rect(area.right - 60, area.bottom - 110, 50, 60)  # the solution dot at 0
    assert share_near(app, corner, app.theme.solution, 30) > 0.02
    band = pygame.Rect(area.x + 40, area.y + 60, area.w - 50, area.h - 120)
    assert share_near(app, band, app.theme.lifted, 30) > 0.001  # the restart's dashed line
    press(app, pygame.K_LEFT)  # back before the solution: no longer solved
    assert not app.mode.views.chart.model().solved
    app.close()


def test_the_loss_banner_shows_at_once_and_the_hint_button_says_on_or_off():
    app = new_app(8, "backtracking", mode="game")
    hint = app.controls.buttons["hint"]
    assert hint.text.endswith("off")
    press(app, pygame.K_i, "i")  # hints on: its own banner comes up
    assert app.controls.buttons["hint"].text.endswith("on") and app.banner is not None
    geometry = app.geometry
    click(app, geometry.center(0, 0))
    click(app, geometry.center(1, 1))  # attacked: lost
    assert app.state()["outcome"] == "lost"
    assert app.banner is None  # the hint banner gave way
    app.draw()
    assert share_near(app, app.layout.banner.inflate(-40, -16), app.theme.conflict, 30) > 0.4
    app.close()
