"""Exercise mode in the window (issue 23): real key presses and clicks drive the moves, the board
follows the model run, the model answer plays and comes back, the review steps through the
student's moves, attempts are written, and nothing a student does ends the window."""

from __future__ import annotations

import json

import pygame
import pytest

from solvers import registry
from tests.ui import FRAME, click, click_button, new_app, press
from visualizer.look.i18n import tr
from visualizer.shell.headless import ScriptError, run_headless


def ex_state(app) -> dict:
    return app.state()["exercise"]


def test_keys_and_clicks_make_graded_moves():
    app = new_app(4, "backtracking", mode="exercise")
    try:
        assert app.mode.focus() == (0, 0)
        press(app, pygame.K_f, "f")  # safe, place (0, 0)
        assert app.mode.timeline.queens[0] == 0 and ex_state(app)["score"]["right"] == 1
        press(app, pygame.K_d, "d")  # (1, 0) attacked: refuse
        press(app, pygame.K_d, "d")  # (1, 1) attacked: refuse
        assert app.mode.focus() == (1, 2)
        click(app, app.geometry.center(1, 2))  # a click on the ringed square places it
        assert app.mode.timeline.queens[1] == 2
        press(app, pygame.K_f, "f")  # (2, 0) is attacked: a missed conflict, corrected
        state = ex_state(app)
        assert state["score"] == {"right": 4, "moves": 5, "percent": 80.0, "mistakes": {"missed-conflict": 1}}
        assert state["last"]["kind"] == "missed-conflict" and app.banner[0].startswith("Wrong")
        assert app.mode.scrub_model().marks == (5,)
        for _ in range(3):  # (2, 1), (2, 2), (2, 3): all attacked
            press(app, pygame.K_d, "d")
        assert ex_state(app)["cursor_row"] == 2  # the mark follows the row tried
        press(app, pygame.K_UP)  # to (0-based) row 1, whose queen comes off
        press(app, pygame.K_UP)
        press(app, pygame.K_DOWN)
        assert ex_state(app)["cursor_row"] == 1
        press(app, pygame.K_b, "b")  # row 3 is exhausted: the queen of row 2 comes off
        assert ex_state(app)["last"] == {**ex_state(app)["last"], "move": "backtrack 1", "right": True}
        assert app.mode.timeline.queens[1] is None and app.running
    finally:
        app.close()


def test_b_means_backtrack_only_in_exercise_mode():
    app = new_app(6, "backtracking", mode="watch")
    try:
        app.dispatch("step", 3)
        press(app, pygame.K_b, "b")  # watch mode: a bookmark (its note asked for)
        assert "exercise" not in app.state()
    finally:
        app.close()
    app = new_app(6, "backtracking", mode="exercise")
    try:
        press(app, pygame.K_b, "b")  # a try is due: a wrong backtrack
        assert ex_state(app)["last"]["kind"] == "wrong-backtrack"
    finally:
        app.close()


def test_a_perfect_student_through_the_window_ends_on_the_model_board(tmp_path):
    app = new_app(6, "mrv", mode="exercise")
    try:
        app.dispatch("exercise", ("results", str(tmp_path)))
        app.dispatch("exercise", ("student", "Ana"))
        mode = app.mode
        while (due := mode.exercise.due) is not None:
            row = due.row if due.action in ("backtrack", "row") else None
            app.dispatch("exercise", (due.action, row))
            app.tick(FRAME)
        events = list(registry.get("mrv").solve(6, first=True))
        assert mode.timeline.cursor == len(events) and mode.timeline.counters.solutions == 1
        assert ex_state(app)["score"]["percent"] == 100.0 and ex_state(app)["over"]
        saved = list(tmp_path.iterdir())
        assert len(saved) == 1 and json.loads(saved[0].read_text())["score"]["percent"] == 100.0
        app.dispatch("exercise", ("place", None))  # a move after the end: a banner, nothing else
        assert app.running and app.banner is not None and app.banner[1] != "error"
    finally:
        app.close()
    assert len(list(tmp_path.iterdir())) == 1  # written once


def test_undo_feedback_by_keys():
    app = new_app(4, "backtracking", mode="exercise")
    try:
        app.dispatch("exercise", ("feedback", "undo"))
        press(app, pygame.K_d, "d")  # (0, 0) is safe: a false conflict, left standing
        assert ex_state(app)["standing"] and app.mode.timeline.cursor == 0
        app.draw()  # the refused mark of the wrong move drawn
        press(app, pygame.K_f, "f")  # refused while the mistake stands
        assert ex_state(app)["score"]["moves"] == 1 and app.banner[0] == tr("exercise_ask_undo", "en")
        press(app, pygame.K_BACKSPACE)
        assert not ex_state(app)["standing"]
        press(app, pygame.K_f, "f")
        assert app.mode.timeline.queens[0] == 0
        press(app, pygame.K_u, "u")  # undoes the right move too
        assert app.mode.timeline.queens[0] is None
    finally:
        app.close()


def test_the_model_answer_plays_from_here_and_comes_back():
    app = new_app(5, "backtracking", mode="exercise")
    try:
        press(app, pygame.K_f, "f")
        live = app.mode.timeline.cursor
        press(app, pygame.K_o, "o")
        for _ in range(120):  # two seconds: four model moves
            app.tick(FRAME)
        assert app.mode.timeline.cursor > live and ex_state(app)["model_playing"]
        press(app, pygame.K_f, "f")  # no move while it plays
        assert ex_state(app)["score"]["moves"] == 1
        press(app, pygame.K_o, "o")
        assert app.mode.timeline.cursor == live and not ex_state(app)["model_playing"]
        press(app, pygame.K_o, "o")
        for _ in range(200):  # 50 s in all: the model run's end, where it stays
            app.tick(0.25)
        assert app.mode.timeline.cursor == app.mode.exercise.ends[-1] and ex_state(app)["model_playing"]
        press(app, pygame.K_ESCAPE)  # Esc comes back too
        assert app.mode.timeline.cursor == live and not ex_state(app)["model_playing"]
    finally:
        app.close()


def test_review_steps_through_the_students_moves():
    app = new_app(4, "backtracking", mode="exercise")
    try:
        for key in (pygame.K_f, pygame.K_f, pygame.K_d):  # right, wrong (corrected), right
            press(app, key, chr(key))
        live = app.mode.timeline.cursor
        press(app, pygame.K_LEFT)
        assert ex_state(app)["review"] == 2 and app.mode.timeline.cursor < live
        assert app.mode.scrub_model().index == 2 and app.mode.scrub_model().marks == (2,)
        press(app, pygame.K_LEFT)
        press(app, pygame.K_LEFT)
        assert app.mode.timeline.cursor == 0
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RIGHT)  # past the last: live again
        assert ex_state(app)["review"] is None and app.mode.timeline.cursor == live
        press(app, pygame.K_LEFT)
        press(app, pygame.K_f, "f")  # a move ends the review first
        assert ex_state(app)["review"] is None and ex_state(app)["score"]["moves"] == 4
    finally:
        app.close()


def test_nothing_a_student_does_ends_the_window():
    app = new_app(4, "forward-checking", mode="exercise")
    try:
        for key, char in ((pygame.K_n, "n"), (pygame.K_q, "q"), (pygame.K_z, "z"), (pygame.K_c, "c")):
            press(app, key, char)
        click(app, (2, 2))  # off the board
        click(app, app.geometry.center(3, 3))  # a square not asked about
        press(app, pygame.K_RETURN)  # confirm when a try is due: wrong order
        click_button(app, "ex-confirm")
        app.dispatch("mode", "watch")
        app.dispatch("algo", "brute-force")
        app.dispatch("mode", "exercise")  # refused with a banner: brute force is not square by square
        assert app.mode.name == "watch" and app.banner[1] == "error"
        assert app.running
    finally:
        app.close()


def test_a_mode_switch_brings_n_into_the_exercise_range():
    app = new_app(12, "backtracking", mode="watch")
    try:
        app.dispatch("mode", "exercise")
        assert app.mode.name == "exercise" and app.mode.n == 8
        app.dispatch("n", 9)  # refused: a banner
        assert app.mode.n == 8 and app.banner[1] == "error"
    finally:
        app.close()


def test_chinese_draws_the_intro_and_a_graded_mistake():
    app = new_app(5, "forward-checking", mode="exercise", lang="zh")
    try:
        assert "规则" in app.mode.intro()
        press(app, pygame.K_f, "f")
        press(app, pygame.K_f, "f")  # the pruning is due: wrong order
        app.draw()
        assert ex_state(app)["last"]["kind"] == "wrong-order" and "错" in app.banner[0]
    finally:
        app.close()


def test_headless_exercise_script_and_state_file(tmp_path):
    state_path = tmp_path / "state.json"
    results = tmp_path / "results"
    results.mkdir()
    script = (
        f"exercise:results:{results};exercise:student:Bo;exercise:place;exercise:refuse;exercise:refuse;"
        "exercise:refuse;exercise:backtrack:0;exercise:undo;exercise:refuse;key:b;exercise:model;"
        "exercise:model;reset"
    )
    state = run_headless(n=4, algorithm="backtracking", mode="exercise", script=script, state=str(state_path))
    written = json.loads(state_path.read_text())
    assert written["exercise"] == state["exercise"] and state["mode"] == "exercise"
    files = list(results.iterdir())
    assert len(files) == 1  # reset saved the attempt; the new one has no move yet
    record = json.loads(files[0].read_text())
    assert record["student"] == "Bo" and record["score"]["moves"] == 7
    # (1, 2) is safe; a backtrack while (2, 0) waits (corrected), undone and answered; B likewise
    kinds = [m["kind"] for m in record["moves"] if not m["right"]]
    assert kinds == ["false-conflict", "wrong-backtrack", "wrong-backtrack"]
    assert record["moves"][5] == {**record["moves"][5], "step": 5, "move": "refuse 2 0", "right": True}
    assert state["exercise"]["score"]["moves"] == 0


@pytest.mark.parametrize(
    "script",
    [
        "exercise:jump",
        "exercise:backtrack",
        "exercise:backtrack:x",
        "exercise:goal:some",
        "exercise:student:a;b",
    ],
)
def test_headless_refuses_bad_exercise_commands(script):
    with pytest.raises(ScriptError):
        run_headless(n=4, algorithm="backtracking", mode="exercise", script=script)


def test_exercise_commands_are_refused_outside_exercise_mode():
    with pytest.raises(ScriptError, match="exercise mode"):
        run_headless(n=4, algorithm="backtracking", mode="watch", script="exercise:place")


def test_a_seeded_instance_in_the_window_starts_with_its_givens(tmp_path):
    state = run_headless(
        n=6,
        algorithm="mrv",
        mode="exercise",
        script=f"exercise:results:{tmp_path};exercise:seed:42;exercise:row:1",
    )
    assert state["instance"]["seed"] == 42 and state["instance"]["given"] == [[0, 1]]
    assert state["queens"][0] == 1 and state["exercise"]["score"] == {
        **state["exercise"]["score"],
        "right": 1,
    }


def test_the_window_asks_the_students_name_for_the_results(tmp_path):
    from tests.ui import enter, type_text

    app = new_app(4, "backtracking", mode="exercise")
    try:
        app.dispatch("exercise", ("results", str(tmp_path)))
        assert app.prompt.active
        type_text(app, "Mei")
        enter(app)
        assert not app.prompt.active and ex_state(app)["student"] == "Mei"
        app.dispatch("exercise", ("student", "a;b"))  # the script's rule for a name: refused
        assert app.banner[1] == "error" and ex_state(app)["student"] == "Mei"
        press(app, pygame.K_f, "f")
    finally:
        app.close()
    assert json.loads(next(tmp_path.iterdir()).read_text())["student"] == "Mei"


def test_the_command_line_options_of_the_exercise(tmp_path):
    from tests.run import refused, viz

    state = tmp_path / "state.json"
    result = viz(
        "--headless", "--mode", "exercise", "--n", "5", "--goal", "all", "--feedback", "undo",
        "--seed", "3", "--student", "Li", "--results", str(tmp_path), "--script", "exercise:refuse",
        "--state", str(state),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text())["exercise"]
    assert (data["goal"], data["feedback"], data["student"], data["standing"]) == ("all", "undo", "Li", True)
    record = json.loads(next(tmp_path.glob("*Li*.json")).read_text())
    assert record["instance"]["seed"] == 3 and record["score"]["moves"] == 1
    refused(viz("--headless", "--goal", "all"), "--mode exercise")
    refused(viz("--headless", "--mode", "exercise", "--student", "a;b"), "';'")
    for name in ("Ana\n3 attempts", "Ana\x1b[2J", "=cmd|' /C calc'!A0", "a" * 41):  # the results' rule
        refused(viz("--headless", "--mode", "exercise", "--student", name), "a student's name is 1 to 40")
    refused(viz("--headless", "--mode", "exercise", "--n", "9"), "n from 4 to 8")


def test_the_window_refuses_a_missing_results_folder_before_it_opens(tmp_path, capsys):
    """Not a banner that passes while the attempts go unsaved: one line and status 2, as headless."""
    from visualizer.__main__ import main

    missing = str(tmp_path / "missing")
    assert main(["--mode", "exercise", "--results", missing, "--frames", "5"]) == 2
    assert capsys.readouterr().err.strip() == f"nqueens-viz: the results folder {missing!r} does not exist"


def test_a_press_on_the_scrub_bar_reviews_that_move():
    from visualizer.render.scrub import scrub_track

    app = new_app(4, "backtracking", mode="exercise")
    try:
        for key in (pygame.K_f, pygame.K_d, pygame.K_d, pygame.K_f):
            press(app, key, chr(key))
        app.draw()
        track = scrub_track(app.layout.scrub)
        click(app, (track.left + 1, track.centery))  # the bar's left end: before the first move
        assert ex_state(app)["review"] == 0 and app.mode.timeline.cursor == 0
        assert app.running
    finally:
        app.close()


@pytest.mark.parametrize(
    "script", ["exercise:refuse", "exercise:place;exercise:refuse;reset;exercise:refuse"]
)
def test_headless_on_a_full_disk_the_unsaved_attempt_is_one_line_and_status_2(tmp_path, monkeypatch, script):
    """Saved at the end (or by R on the way): a results folder whose disk is full is said, never exit 0."""
    import errno

    from solvers import safe_files
    from tests.run import viz

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safe_files.os, "fsync", full)
    state = tmp_path / "state.json"
    done = viz(
        "--mode", "exercise", "--n", "4", "--student", "Li", "--results", str(tmp_path), "--script", script,
        "--state", str(state),
    )  # fmt: skip
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "NOT saved" in done.stderr and "No space left on device" in done.stderr
    assert list(tmp_path.iterdir()) == []  # no attempt, no temporary, no state
    monkeypatch.undo()
    again = viz(
        "--mode", "exercise", "--n", "4", "--student", "Li", "--results", str(tmp_path), "--script", script
    )
    assert again.returncode == 0, again.stderr
    assert len(list(tmp_path.glob("Li-*.json"))) == script.count("reset") + 1


def test_in_the_window_a_finished_attempt_that_cannot_be_saved_says_so_with_the_score(tmp_path, monkeypatch):
    import errno

    from solvers import safe_files

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "磁盘已满")

    app = new_app(4, "backtracking", mode="exercise", lang="zh")
    try:
        app.dispatch("exercise", ("student", "Mei"))
        app.dispatch("exercise", ("results", str(tmp_path)))
        monkeypatch.setattr(safe_files.os, "fsync", full)
        for _ in range(200):  # the model answer's moves, one by one, to the end
            if app.mode.exercise.over:
                break
            due = app.mode.exercise.due
            app.dispatch(
                "exercise",
                (due.action, due.row) if due.action in ("backtrack", "row") else (due.action, None),
            )
        assert app.mode.exercise.over
        assert app.banner is not None and app.banner[1] == "error"
        assert "练习记录未能保存到" in app.banner[0] and "磁盘已满" in app.banner[0]
        assert app.mode.unsaved() is not None
    finally:
        app.close()


def test_w_and_the_end_name_the_misconception_and_the_attempt_file_keeps_it(tmp_path):
    """A student treating the r-c diagonals as safe, by keys: W names it (in English, then in
    Chinese), the end of the exercise says it, the state and the attempt file carry it."""
    from solvers.diagnosis import follow
    from solvers.misconceptions import get

    blind = get("ignores-difference-diagonals")
    app = new_app(6, "backtracking", mode="exercise")
    try:
        app.dispatch("exercise", ("student", "Ana"))
        app.dispatch("exercise", ("results", str(tmp_path)))  # named already: no prompt opens
        exercise = app.mode.exercise
        press(app, pygame.K_w, "w")
        assert app.banner[0] == "No wrong move: no misconception to name."
        table = exercise.predictions()
        while (index := exercise.at) < len(exercise.steps):
            action, _, row = follow(table.answer(blind, index), table.model(index)).partition(" ")
            if index < 12 and action in ("place", "refuse"):  # the first answers by keys
                press(app, pygame.K_f if action == "place" else pygame.K_d, action[0])
            else:
                app.dispatch("exercise", (action, int(row) if row else None))
            if index == 12:
                press(app, pygame.K_w, "w")
                assert (
                    "you seem to treat the r-c diagonals as safe — look at row 2, column 2." in app.banner[0]
                )
                app.dispatch("lang", "zh")
                press(app, pygame.K_w, "w")
                assert "你似乎把 r-c 对角线当成了安全的——看第 2 行第 2 列。" in app.banner[0]
                app.dispatch("lang", "en")
        assert ex_state(app)["over"] and "you seem to treat the r-c diagonals as safe" in app.banner[0]
        found = ex_state(app)["diagnosis"]
        assert [m["version"] for m in found["misconceptions"]] == [blind.key] and found["wrong"] == 27
        (saved,) = tmp_path.iterdir()
        record = json.loads(saved.read_text(encoding="utf-8"))
        assert record["diagnosis"] == found
    finally:
        app.close()


def test_headless_why_and_the_state_say_the_diagnosis(tmp_path):
    script = "exercise:place;exercise:refuse;exercise:place;exercise:why"  # (1, 1) is attacked: placed
    state = run_headless(n=6, algorithm="backtracking", mode="exercise", script=script)
    assert state["exercise"]["diagnosis"] == {"wrong": 1, "misconceptions": []}
