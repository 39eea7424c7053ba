"""Switching mode and coming back keeps the run (issue 38): watch at event 40 -> game -> watch
stands at event 40 with the same side view, speed, show-all and bookmarks; a race keeps its
place and pair, predict its place and score, the exercise the teacher's options; another n
starts fresh. Real input: keys, the mode buttons, the note typed, and the headless script."""

from __future__ import annotations

import json

import pygame

from tests.run import viz
from tests.ui import click, click_button, enter, new_app, press, type_text


def where(app) -> dict[str, object]:
    state = app.state()
    keys = ("mode", "n", "algorithm", "event_index", "queens", "counters", "view", "show_all", "bookmarks")
    return {key: state.get(key) for key in keys}


def test_watch_at_event_40_comes_back_at_event_40_with_its_view_speed_and_bookmarks():
    app = new_app(8, "backtracking")
    try:
        for _ in range(40):
            press(app, pygame.K_RIGHT)
        press(app, pygame.K_t)  # the search tree beside the board
        press(app, pygame.K_PLUS, "+")
        press(app, pygame.K_PLUS, "+")
        press(app, pygame.K_a, "a")  # show-all on
        press(app, pygame.K_b, "b")
        type_text(app, "forty")
        enter(app)  # a bookmark at event 40
        before, speed = where(app), app.speed
        assert before["event_index"] == 40 and before["view"] == "tree" and before["show_all"]
        assert before["bookmarks"] == [{"event": 40, "note": {"en": "forty"}}] and speed > 10.0
        click_button(app, "mode:game")
        assert app.state()["mode"] == "game"
        click(app, app.geometry.center(0, 0))  # a queen in the game
        click_button(app, "mode:watch")
        assert where(app) == before and app.speed == speed
        tree = app.mode.views.get("tree")
        assert tree is not None and tree.tree.count > 1  # the tree, grown to 40
        press(app, pygame.K_RIGHT)  # and it goes on from there
        assert app.state()["event_index"] == 41
    finally:
        app.close()


def test_each_search_mode_keeps_its_own_place_and_speed():
    app = new_app(8, "backtracking")
    try:
        for _ in range(12):
            press(app, pygame.K_RIGHT)
        click_button(app, "mode:race")
        app.dispatch("pair", "backtracking,bitmask")
        for _ in range(7):
            press(app, pygame.K_RIGHT)
        press(app, pygame.K_MINUS, "-")
        press(app, pygame.K_a, "a")  # show-all on in the race
        race_speed = app.speed
        race = app.state()["race"]
        click_button(app, "mode:watch")  # watch's own place, speed and show-all
        assert app.state()["event_index"] == 12 and app.speed == 10.0 and not app.show_all
        click_button(app, "mode:game")
        click_button(app, "mode:race")  # the race's: the same pair, the same event, its speed
        assert app.state()["race"] == race and app.state()["event_index"] == 7
        assert app.speed == race_speed < 10.0 and app.show_all
    finally:
        app.close()


def test_predict_keeps_its_place_and_score():
    app = new_app(6, "bitmask")
    try:
        click_button(app, "mode:predict")
        app.draw()
        click(app, app.geometry.center(0, 0))  # the first queen: a right guess
        app.draw()
        click(app, app.geometry.center(1, 3))  # a wrong one
        before = app.state()
        assert before["score"] == {"right": 1, "tried": 2}
        click_button(app, "mode:watch")
        assert app.state()["event_index"] == 0  # watch had not moved
        click_button(app, "mode:predict")
        after = app.state()
        assert after["score"] == before["score"] and after["event_index"] == before["event_index"]
        assert after["queens"] == before["queens"] and after["asking"] == before["asking"]
    finally:
        app.close()


def test_the_exercise_keeps_the_teachers_options_and_starts_a_new_attempt(tmp_path):
    app = new_app(5, "backtracking", mode="exercise")
    try:
        app.dispatch("exercise", ("goal", "all"))
        app.dispatch("exercise", ("feedback", "undo"))
        app.dispatch("exercise", ("student", "Ana Li"))
        press(app, pygame.K_f, "f")
        assert len(app.state()["exercise"]["score"]["mistakes"]) == 0
        assert app.state()["exercise"]["score"]["moves"] == 1
        click_button(app, "mode:watch")
        click_button(app, "mode:exercise")
        shown = app.state()["exercise"]
        assert (shown["goal"], shown["feedback"], shown["student"]) == ("all", "undo", "Ana Li")
        assert shown["score"]["moves"] == 0  # the attempt left was the attempt: a new one starts
    finally:
        app.close()


def test_another_n_or_algorithm_starts_fresh():
    app = new_app(8, "backtracking")
    try:
        for _ in range(40):
            press(app, pygame.K_RIGHT)
        press(app, pygame.K_t)
        click_button(app, "mode:game")
        press(app, pygame.K_RIGHTBRACKET, "]")  # n = 9 in the game
        assert app.state()["n"] == 9
        click_button(app, "mode:watch")
        state = app.state()
        assert (state["n"], state["event_index"], state["view"]) == (9, 0, "code")
        for _ in range(5):
            press(app, pygame.K_RIGHT)
        click_button(app, "mode:race")
        app.dispatch("algo", "bitmask")  # another algorithm in the race
        click_button(app, "mode:watch")
        assert (app.state()["algorithm"], app.state()["event_index"]) == ("bitmask", 0)
    finally:
        app.close()


def test_headless_script_mode_round_trip(tmp_path):
    state = tmp_path / "state.json"
    result = viz("--n", "8", "--script", "step:40;tree;mode:game;mode:watch", "--state", str(state))
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text())
    assert (data["mode"], data["event_index"], data["view"]) == ("watch", 40, "tree")
