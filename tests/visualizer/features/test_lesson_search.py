"""A lesson may name a student's search file, by path only: the window asks before running it
(issue 22), the headless mode runs it only when --search names that file too."""

from __future__ import annotations

import json
import shutil

import pygame
import pytest

from solvers import registry
from solvers.own.search import register
from tests import EXAMPLE_SEARCHES
from tests.run import viz
from tests.ui import FRAME, answer_dialog, click_button, dialog, new_app, press
from visualizer.core.lesson import LessonError, parse_lesson


@pytest.mark.parametrize(
    "value", [5, "", "mine.txt", "mi\x00ne.py", "line\nbreak.py", "x" * 1100 + ".py", ["a.py"]], ids=repr
)
def test_a_search_is_named_by_a_py_path_and_nothing_else(value):
    with pytest.raises(LessonError, match=r"search must be the path of a \.py file"):
        parse_lesson(json.dumps({"search": value}).encode())


def _lesson_of_a_search(tmp_path):
    """A lesson saved from a window showing tmp_path/mine.py, then the search forgotten (a new window)."""
    search = tmp_path / "mine.py"
    shutil.copy(EXAMPLE_SEARCHES / "backtracking.py", search)
    spec = register(search)
    app = new_app(6, spec.name)
    try:
        app.dispatch("step", 9)
        assert app.join(30)  # a step waits for a student's search on the worker thread after STEP_WAIT
        app.tick(FRAME)
        app.dispatch("bookmark", "nine")
        app.dispatch("lesson-save", str(tmp_path / "lesson.json"))
    finally:
        app.close()
    del registry.ALGORITHMS[spec.name]
    return tmp_path / "lesson.json"


def test_a_saved_lesson_names_the_search_by_its_relative_path_never_its_code(tmp_path):
    lesson = _lesson_of_a_search(tmp_path)
    data = json.loads(lesson.read_text(encoding="utf-8"))
    assert data["search"] == "mine.py" and "algorithm" not in data
    assert "def search" not in lesson.read_text(encoding="utf-8")


def test_opening_it_asks_first_n_changes_nothing_and_y_runs_the_search(tmp_path):
    lesson = _lesson_of_a_search(tmp_path)
    app = new_app(8, "backtracking")
    try:
        app.dispatch("lesson-open", str(lesson))
        assert app.prompt.active and app.mode.algorithm == "backtracking"
        assert "mine.py" in app.prompt.label.html_text  # type: ignore[union-attr]
        press(app, pygame.K_n)
        assert not app.prompt.active and app.mode.algorithm == "backtracking" and app.mode.n == 8
        assert app.banner is not None and "not run" in app.banner[0]
        assert "own:mine" not in registry.ALGORITHMS
        app.dispatch("lesson-open", str(lesson))
        press(app, pygame.K_y)
        assert not app.prompt.active
        assert (app.mode.algorithm, app.mode.n) == ("own:mine", 6)
        assert [mark.event for mark in app.lessons.bookmarks.marks] == [9]
    finally:
        app.close()


def test_a_search_that_no_longer_compiles_is_refused_after_yes(tmp_path):
    lesson = _lesson_of_a_search(tmp_path)
    (tmp_path / "mine.py").write_text("def search(n, board):\n    yield (\n", encoding="utf-8")
    app = new_app(8, "backtracking")
    try:
        app.dispatch("lesson-open", str(lesson))
        press(app, pygame.K_y)
        assert app.mode.algorithm == "backtracking" and app.banner is not None
        assert "line 2" in app.banner[0] and app.banner[1] == "error"
    finally:
        app.close()


def test_headless_runs_it_only_when_search_names_the_same_file(tmp_path):
    lesson = _lesson_of_a_search(tmp_path)
    state = tmp_path / "state.json"
    refused = viz("--n", "8", "--script", f"lesson-open:{lesson}")
    assert refused.returncode == 2 and "--search" in refused.stderr and "Traceback" not in refused.stderr
    agreed = viz("--search", str(tmp_path / "mine.py"), "--lesson", str(lesson), "--state", str(state))
    assert agreed.returncode == 0, agreed.stderr
    data = json.loads(state.read_text(encoding="utf-8"))
    assert (data["algorithm"], data["n"], len(data["bookmarks"])) == ("own:mine", 6, 1)


def test_ctrl_o_on_a_py_file_opens_it_as_the_search_shown(tmp_path):
    search = tmp_path / "mine.py"
    shutil.copy(EXAMPLE_SEARCHES / "middle_out.py", search)
    app = new_app(6, "backtracking")
    try:
        press(app, pygame.K_o, mod=pygame.KMOD_CTRL)
        assert ".py" in dialog(app).request.suffixes  # lessons and searches listed
        answer_dialog(app, str(search))
        assert not app.prompt.active
        assert (app.mode.name, app.mode.algorithm, app.mode.n) == ("watch", "own:mine", 6)
        assert app.banner is not None and "Your search opened" in app.banner[0]
        app.dispatch("step", 5)
        assert app.timeline.counters.attempts > 0
        (tmp_path / "broken.py").write_text("def search(n, board)\n", encoding="utf-8")
        app.dispatch("lesson-open", str(tmp_path / "broken.py"))
        assert app.mode.algorithm == "own:mine" and app.banner is not None and app.banner[1] == "error"
        assert "line 1" in app.banner[0]
    finally:
        app.close()


def test_opening_a_search_while_racing_races_it_against_its_partner():
    app = new_app(6, "backtracking", mode="race")
    try:
        app.dispatch("lesson-open", str(EXAMPLE_SEARCHES / "middle_out.py"))
        race = app.race
        assert race is not None and (race.a.spec.name, race.b.spec.name) == ("own:middle_out", "backtracking")
    finally:
        app.close()


def test_the_open_button_asks_for_a_lesson_or_a_search_and_opens_the_search(tmp_path):
    search = tmp_path / "mine.py"
    shutil.copy(EXAMPLE_SEARCHES / "backtracking.py", search)
    app = new_app(6, "backtracking", size=(960, 640))
    try:
        assert app.controls.buttons["lesson-open"].text == "Open…"
        click_button(app, "lesson-open")
        assert ".py" in dialog(app).window_display_title
        answer_dialog(app, str(search))
        assert app.mode.algorithm == "own:mine"
        click_button(app, "lesson-save")  # Save: the lesson's file asked for (it has none yet)
        assert dialog(app).request.kind == "save"
    finally:
        app.close()
