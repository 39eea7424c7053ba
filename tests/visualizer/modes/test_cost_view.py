"""W: the Cost vs n view (issue 26): the measured attempts of the current algorithm (in race mode:
both racers') for every n, as ``nqueens count N --algo A --json`` gives them, computed on a worker
thread (a frame never waits for it), drawn at every text and window size in both languages without
a text outside its panel or over another, and a click on a point sets the board's n (both boards)."""

from __future__ import annotations

import argparse
import json
import threading
from itertools import combinations

import pygame
import pytest

from solvers import cost as solver_cost
from solvers.cli.subcommands import cmd_count
from tests.ui import FRAME, choose, click, click_button, new_app, press
from visualizer.core import cost
from visualizer.look.appearance import SCALES
from visualizer.modes.race import race_area
from visualizer.render.cost import units_note

SIZES = [(960, 640), (1280, 800), (1920, 1080), (2560, 1440)]


@pytest.fixture(autouse=True)
def small_range(monkeypatch):
    """n up to 7 (quick), and the session's cache empty before and after each test."""
    monkeypatch.setattr(cost, "LIMIT", 7)
    cost.clear_cache()
    yield
    cost.clear_cache()


def opened(app, key: bool = True):
    """The view opened (W, or the command) and its points all measured."""
    if key:
        press(app, pygame.K_w, "w")
    else:
        app.dispatch("cost")
    assert app.mode.view == "cost", app.banner
    assert app.mode.views.get("cost").costs and app.mode.views.wait(60)
    app.tick(FRAME)
    return app.mode.views.model()


def panel_of(app) -> pygame.Rect:
    """Where the cost view draws: the side panel (watch mode), beside or under the boards (race)."""
    if app.mode.name == "race":
        panel = app.mode.areas(app.layout)[1]
        assert panel is not None
        return panel
    return app.layout.code


def counted(algorithm: str, n: int) -> dict[str, object]:
    """``nqueens count n --algo algorithm --json``, the CLI's own function."""
    return cmd_count(argparse.Namespace(n=n, algo=algorithm, first=False, by_columns=False, search=None))


def test_w_opens_the_view_and_again_goes_back_to_the_code():
    app = new_app(6, "backtracking")
    try:
        model = opened(app)
        assert model.done and model.current == 6 and model.sizes == range(1, 8)
        assert app.controls.buttons["cost"] is not None  # its button, beside the legend's
        press(app, pygame.K_w, "w")
        assert app.mode.view == "code" and app.mode.views.get("cost").cost is None  # its thread stopped
    finally:
        app.close()


@pytest.mark.parametrize(
    "algorithm", ["backtracking", "forward-checking", "permutations-pruned", "construction"]
)
def test_the_points_are_what_nqueens_count_gives(algorithm):
    app = new_app(5, algorithm)
    try:
        model = opened(app, key=False)
        for n, attempts in model.points:
            assert attempts == counted(algorithm, n)["attempts"], (algorithm, n)
        refused = {skip.n for skip in model.skipped}
        assert {n for n, _ in model.points} | refused == set(range(1, 8))
        for n in refused:  # construction has no answer at n = 2 and 3: the CLI refuses them too
            with pytest.raises(ValueError):
                counted(algorithm, n)
        fit = model.fit
        assert fit is not None and fit.ns == tuple(n for n, v in model.points if v > 0)
        assert fit == solver_cost.fit_growth(list(fit.ns), [v for n, v in model.points if v > 0])
    finally:
        app.close()


def test_a_frame_never_waits_for_the_worker(monkeypatch):
    gate, asked, real = threading.Event(), [], solver_cost.count_point

    def slow(name, n, progress=None, cancel=None):
        asked.append(n)
        gate.wait(30)  # held until the test lets it go
        return real(name, n)

    monkeypatch.setattr(solver_cost, "count_point", slow)
    app = new_app(6, "backtracking")
    try:
        press(app, pygame.K_w, "w")
        for _ in range(5):  # frames go on, drawn, while the first point is held
            app.tick(FRAME)
        model = app.mode.views.model()
        assert app.mode.view == "cost" and model.points == () and not model.done
        assert model.computing == 1 and asked == [1]
        gate.set()
        assert app.mode.views.get("cost").cost.join(60)
        app.tick(FRAME)
        model = app.mode.views.model()
        assert model.done and [n for n, _ in model.points] == list(range(1, 8))
    finally:
        gate.set()
        app.close()


def test_points_are_cached_for_the_session(monkeypatch):
    app = new_app(6, "backtracking")
    try:
        first = opened(app)
        calls, real = [], solver_cost.count_point
        monkeypatch.setattr(solver_cost, "count_point", lambda *a, **k: calls.append(a) or real(*a))
        press(app, pygame.K_w, "w")  # closed, then opened again, and at another n
        app.dispatch("n", 7)
        again = opened(app)
        assert calls == [] and again.points == first.points and again.current == 7
    finally:
        app.close()


def test_a_point_over_the_budget_is_skipped_with_a_note_never_run(monkeypatch):
    monkeypatch.setattr(cost, "BUDGET", 1e-6)  # the engine's estimate for backtracking: over it soon
    asked = []
    real = solver_cost.count_point

    def counting(name, n, progress=None, cancel=None):
        asked.append(n)
        return real(name, n)

    monkeypatch.setattr(solver_cost, "count_point", counting)
    app = new_app(6, "backtracking")
    try:
        model = opened(app)
        over = [skip.n for skip in model.skipped if skip.kind == "budget"]
        assert over and over == list(range(over[0], 8)) and not set(over) & set(asked)
        from visualizer.render.cost import note_texts

        notes = note_texts(model, "Backtracking", "en")
        assert any("over the 1e-06 s budget" in line for line in notes), notes
    finally:
        app.close()


def test_n_past_the_algorithms_limit_is_noted_never_run(monkeypatch):
    monkeypatch.setattr(cost, "LIMIT", 10)  # brute force stops at n = 8
    asked, real = [], solver_cost.count_point
    monkeypatch.setattr(solver_cost, "count_point", lambda name, n, **k: asked.append(n) or real(name, n))
    app = new_app(6, "brute-force")
    try:
        model = opened(app)
        assert [(skip.n, skip.kind) for skip in model.skipped] == [(9, "max"), (10, "max")]
        assert asked == list(range(1, 9)) and [n for n, _ in model.points] == asked
        from visualizer.render.cost import note_texts

        assert note_texts(model, "Brute force", "en") == ["n = 9..10 not run: Brute force accepts n up to 8"]
        assert note_texts(model, "暴力", "zh") == ["n = 9..10 未运行：暴力最大接受 n = 8"]
    finally:
        app.close()


def test_a_click_on_a_point_sets_n_and_the_view_stays():
    app = new_app(6, "backtracking")
    try:
        opened(app)
        centre = next(c for c, n in app.mode.views.get("cost").points if n == 4)
        click(app, centre)
        assert app.mode.n == 4 and app.mode.view == "cost"
        app.mode.views.get("cost").cost.join(60)
        app.tick(FRAME)
        assert app.mode.views.model().current == 4
    finally:
        app.close()


def test_it_follows_the_algorithm_chosen():
    app = new_app(6, "backtracking")
    try:
        opened(app)
        choose(app, "Forward checking with MRV")
        assert app.mode.view == "cost" and app.mode.views.get("cost").cost.algorithm == "mrv"
        assert app.mode.views.get("cost").cost.join(60)
        model = app.mode.views.model()
        assert dict(model.points)[6] == counted("mrv", 6)["attempts"]
    finally:
        app.close()


def test_race_w_opens_both_racers_curves_as_nqueens_count_gives_them():
    app = new_app(6, "brute-force", mode="race", algo2="backtracking")
    try:
        models = opened(app)
        assert isinstance(models, tuple) and [m.algorithm for m in models] == ["brute-force", "backtracking"]
        for model in models:
            assert model.done and model.current == 6 and model.points
            for n, attempts in model.points:
                assert attempts == counted(model.algorithm, n)["attempts"], (model.algorithm, n)
            assert model.fit == solver_cost.fit_growth(
                list(model.fit.ns), [v for n, v in model.points if v > 0]
            )
        drawn = {n for _, n in app.mode.views.get("cost").points}
        assert drawn == {n for m in models for n, v in m.points if v > 0}
        assert len(app.mode.views.get("cost").points) == sum(1 for m in models for _, v in m.points if v > 0)
        assert app.state()["view"] == "cost" and app.banner is None
        # boards against squares: said, never compared silently (the race's own rule)
        assert units_note(models, ["Brute force", "Backtracking"], "en") == (
            "Not the same unit: Brute force counts boards, Backtracking counts squares"
        )
        press(app, pygame.K_w, "w")  # again: the boards alone, the threads stopped
        assert app.mode.view == "code" and app.mode.views.get("cost").costs == ()
    finally:
        app.close()


def test_race_points_are_shared_with_watch_modes_cache(monkeypatch):
    app = new_app(6, "forward-checking")
    try:
        first = opened(app)
        calls, real = [], solver_cost.count_point
        monkeypatch.setattr(solver_cost, "count_point", lambda *a, **k: calls.append(a) or real(*a))
        app.dispatch("mode", "race")
        app.dispatch("race-pair", "forward-checking,mrv")
        click_button(app, "cost")  # the button, among the race's other controls
        assert app.mode.name == "race" and app.mode.view == "cost", app.banner
        assert app.mode.views.wait(60)
        app.tick(FRAME)
        models = app.mode.views.model()
        assert models[0].points == first.points and calls and all(a[0] == "mrv" for a in calls)
        assert dict(models[1].points)[6] == counted("mrv", 6)["attempts"]
        assert units_note(models, ["a", "b"], "en") is None  # both count squares
    finally:
        app.close()


def test_a_click_on_a_race_point_sets_n_for_both_boards():
    app = new_app(6, "brute-force", mode="race", algo2="backtracking")
    try:
        opened(app)
        centre = next(c for c, n in app.mode.views.get("cost").points if n == 4)
        click(app, centre)
        assert app.mode.n == 4 and app.mode.view == "cost"
        assert app.mode.race.a.n == 4 and app.mode.race.b.n == 4
        assert app.mode.views.wait(60)
        app.tick(FRAME)
        assert all(model.current == 4 for model in app.mode.views.model())
    finally:
        app.close()


def texts_are_apart_and_inside(app) -> None:
    panel = panel_of(app)
    texts = app.mode.views.get("cost").texts
    assert texts, "nothing drawn"
    for rect in texts:
        assert panel.contains(rect), (rect, panel)
    for a, b in combinations(texts, 2):
        assert not a.colliderect(b), (a, b)
    for (x, y), _ in app.mode.views.get("cost").points:
        assert panel.collidepoint(x, y)


def race_stays_whole(app) -> None:
    """The race beside (or over) the cost view: its boards, sentences and pairs' drop-down clear of
    the panel, inside the race's area, and no title or counter label cut."""
    panel, area = panel_of(app), race_area(app.layout)
    assert area.contains(panel)
    for rect in [*app.mode.board_rects.values(), *app.mode.narration_rects.values()]:
        assert area.contains(rect) and not rect.colliderect(panel), (rect, panel)
    assert app.mode.cut_texts == []
    menu = app.controls.algorithms  # the pairs' drop-down: over the boards' part (presenting: off screen)
    assert menu is not None and not menu.rect.colliderect(panel), (menu.rect, panel)


def test_race_in_the_presenter_view_keeps_the_cost_view_inside_the_window():
    app = new_app(6, "brute-force", mode="race", algo2="backtracking")
    try:
        opened(app)
        app.dispatch("present", True)
        app.tick(FRAME)
        assert app.presenting and app.mode.view == "cost"
        window = pygame.Rect((0, 0), app.surface.get_size())
        assert window.inflate(-16, -16).contains(panel_of(app)), panel_of(app)
        texts_are_apart_and_inside(app)
        race_stays_whole(app)
    finally:
        app.close()


#: watch mode's algorithms (construction: n = 2, 3 refused), race mode's pairs (boards against squares)
VIEWS = [
    ("watch", "backtracking", None),
    ("watch", "construction", None),
    ("race", "brute-force", "backtracking"),
]


@pytest.mark.parametrize(("mode", "algorithm", "algo2"), VIEWS, ids=lambda v: str(v))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_it_draws_at_every_size_in_both_languages_with_no_text_cut_out_or_over_another(
    size, mode, algorithm, algo2, monkeypatch
):
    monkeypatch.setattr(cost, "BUDGET", 1e-3)  # a skip note to place too
    for scale in SCALES:
        for lang in ("en", "zh"):
            app = new_app(6, algorithm, mode=mode, algo2=algo2, size=size, ui_scale=scale, lang=lang)
            try:
                app.dispatch("step", 30)
                model = opened(app, key=False)
                assert all(m.points for m in (model if isinstance(model, tuple) else (model,)))
                assert app.banner is None
                texts_are_apart_and_inside(app)
                assert app.mode.views.get("cost").points, (scale, lang)  # the plot had room
                if mode == "race":
                    race_stays_whole(app)
            finally:
                app.close()


def test_a_race_lesson_keeps_its_cost_view(tmp_path):
    path = tmp_path / "race.json"
    app = new_app(6, "brute-force", mode="race", algo2="backtracking")
    try:
        opened(app)
        app.dispatch("lesson-save", str(path))
        assert json.loads(path.read_text())["view"] == "cost", app.banner
        press(app, pygame.K_w, "w")  # the boards alone, then the lesson again
        app.dispatch("lesson-open", str(path))
        assert app.mode.name == "race" and app.mode.view == "cost", app.banner
        assert app.mode.views.wait(60)
    finally:
        app.close()
