"""The min-conflicts chart: restarts marked, the solution a restart found, counts in the singular for one."""

from __future__ import annotations

import pygame
import pytest

from tests.ui import FRAME, new_app, press, share_near
from visualizer.render.chart import chart_status, count_text


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
    chart = app.mode.views.get("chart").chart.model()
    assert chart.solved and chart.restarts and app.timeline.counters.solutions == 1
    assert chart_status(chart.values, chart.restarts, True, "en").startswith("Solved after")
    area = app.layout.code
    app.draw()
    corner = pygame.Rect(area.right - 60, area.bottom - 110, 50, 60)  # the solution dot at 0
    assert share_near(app, corner, app.theme.solution, 30) > 0.02
    band = pygame.Rect(area.x + 40, area.y + 60, area.w - 50, area.h - 120)
    assert share_near(app, band, app.theme.lifted, 30) > 0.001  # the restart's dashed line
    press(app, pygame.K_LEFT)  # back before the solution: no longer solved
    assert not app.mode.views.get("chart").chart.model().solved
    app.close()
