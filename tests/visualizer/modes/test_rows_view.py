"""Z: the safe squares per row, a side view added as one module (``visualizer/views/rows.py``) and
found by the views' registry; its key, its counts against the board, its pixels, both languages,
its refusal in race mode and its headless script; and the side views' plug-in claim itself."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from solvers.board import attacks
from tests.run import viz
from tests.ui import new_app, pixels, press, share_near
from visualizer.commands import COMMANDS, help_rows, parse_argument
from visualizer.input.palette import entries
from visualizer.views import registry
from visualizer.views.rows import dead_track

ROOT = Path(__file__).resolve().parents[3]


def counted(queens) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each row's squares no queen of another row attacks, and each queen's attackers, by hand."""
    n = len(queens)
    placed = [(r, c) for r, c in enumerate(queens) if c is not None]
    safe = tuple(
        sum(1 for c in range(n) if not any(q[0] != r and (q[1] == c or attacks((r, c), q)) for q in placed))
        for r in range(n)
    )
    attackers = [0] * n
    for r, c in placed:
        attackers[r] = sum(1 for q in placed if q[0] != r and (q[1] == c or attacks((r, c), q)))
    return safe, tuple(attackers)


@pytest.fixture
def app():
    application = new_app(8, "backtracking")
    yield application
    application.close()


def test_z_shows_the_safe_squares_and_again_the_code(app):
    app.dispatch("step", 12)
    side = app.layout.code
    code = pixels(app, side)
    press(app, pygame.K_z, "z")
    assert app.mode.view == "rows" and app.mode.wide_side
    assert app.mode.state()["view"] == "rows"
    model = app.mode.views.model()
    assert (model.safe, model.attackers) == counted(app.timeline.queens)
    drawn = pixels(app, app.layout.code)
    assert drawn != code
    press(app, pygame.K_RIGHT)  # the next event: the counts follow the board
    model = app.mode.views.model()
    assert (model.safe, model.attackers) == counted(app.timeline.queens)
    press(app, pygame.K_z, "z")
    assert app.mode.view == "code" and pixels(app, app.layout.code) != drawn


def test_a_dead_row_is_drawn_in_the_conflict_colour(app):
    press(app, pygame.K_z, "z")
    side = app.layout.code
    wash = dead_track(app.theme)
    assert share_near(app, side, wash, tolerance=6) == 0  # the empty board: every row has safe squares
    for _ in range(400):  # step until a row is left with no safe square (backtracking meets one soon)
        press(app, pygame.K_RIGHT)
        if app.mode.views.model().dead:
            break
    model = app.mode.views.model()
    assert model.dead > 0 and model.safe == counted(app.timeline.queens)[0]
    app.draw()
    assert share_near(app, side, wash, tolerance=6) > 0.01  # the dead row's whole track


def test_min_conflicts_queens_under_attack_are_counted():
    app = new_app(8, "min-conflicts")
    try:
        press(app, pygame.K_z, "z")
        assert app.mode.view == "rows"
        for _ in range(200):  # its first full board has conflicts to repair
            press(app, pygame.K_RIGHT)
            if any(app.mode.views.model().attackers):
                break
        model = app.mode.views.model()
        assert model.attackers == counted(app.timeline.queens)[1] and any(model.attackers)
        assert share_near(app, app.layout.code, app.theme.conflict, tolerance=6) > 0.001  # their marks
    finally:
        app.close()


def test_it_draws_in_chinese_and_a_race_refuses_its_key():
    app = new_app(8, "backtracking", lang="zh", size=(960, 640))
    try:
        app.dispatch("step", 20)
        press(app, pygame.K_z, "z")
        assert app.mode.view == "rows" and app.banner is None
        app.draw()
        app.dispatch("mode", "race")
        press(app, pygame.K_z, "z")  # watch mode's view only: a banner, the boards stay alone
        assert app.mode.name == "race" and app.mode.view == "code" and app.banner is not None
    finally:
        app.close()


def test_a_headless_script_opens_it(tmp_path):
    state = tmp_path / "state.json"
    result = viz("--n", "6", "--script", "step:30;view:rows", "--state", str(state))
    assert result.returncode == 0, result.stderr
    assert json.loads(state.read_text(encoding="utf-8"))["view"] == "rows"


def test_the_view_is_a_plug_in_found_by_the_registry():
    """One module declares it (class, command, key, strings); nothing else names it."""
    assert registry.names()[-1] == "rows" and registry.get("rows").__module__ == "visualizer.views.rows"
    command = COMMANDS["rows"]
    assert [key.name for key in command.keys] == ["z"] and command.modes == frozenset({"watch"})
    found = [(entry.keys, entry.text["zh"]) for entry in entries() if entry.name == "rows"]
    assert found == [("Z", "每行安全格视图（再按：代码）")] and parse_argument("view", "rows") == "rows"
    assert all(row[0] != "Z" for row in help_rows())  # the help card is full: the palette says it
    named = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "visualizer").rglob("*.py")
        if "view_rows" in path.read_text(encoding="utf-8") or "RowsSide" in path.read_text(encoding="utf-8")
    ]
    assert named == ["visualizer/views/rows.py"]


@pytest.mark.parametrize("module", ["modes/views.py", "modes/watch.py", "modes/race.py"])
def test_the_modes_name_no_side_view(module):
    """The active view and the modes that show one hold no view's name (the code is no view)."""
    text = (ROOT / "visualizer" / module).read_text(encoding="utf-8")
    for name in registry.names():
        assert f'"{name}"' not in text and f"'{name}'" not in text, (module, name)
