"""A student's search in the window: opened like any algorithm (--search), its own lines in the
code panel, step back and reset, and a failing search shown as a banner, never a crash."""

from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pytest

from solvers import registry
from solvers.counters import tally
from solvers.own.search import register
from tests import EXAMPLE_SEARCHES as EXAMPLES
from tests.run import viz
from tests.ui import FRAME, new_app, press


def test_headless_search_counts_what_the_book_counts(tmp_path):
    state = tmp_path / "state.json"
    result = viz(
        "--n",
        "6",
        "--search",
        str(EXAMPLES / "backtracking.py"),
        "--script",
        "step:25",
        "--state",
        str(state),
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text(encoding="utf-8"))
    book = tally(event for _, event in zip(range(25), registry.get("backtracking").solve(6), strict=False))
    assert data["algorithm"] == "own:backtracking" and data["event_index"] == 25
    assert (data["counters"]["attempts"], data["counters"]["placements"]) == (book.attempts, book.placements)


def test_the_code_panel_is_the_students_file_and_each_step_lights_its_line():
    spec = register(EXAMPLES / "middle_out.py")
    app = new_app(6, spec.name)
    try:
        app.dispatch("step", 12)
        assert app.join(30)  # a step waits for a student's search on the worker thread after STEP_WAIT
        app.tick(FRAME)
        timeline = app.timeline
        assert timeline is not None and timeline.spec.code[0].startswith('"""Backtracking that tries')
        line = timeline.spec.code[timeline.last.line]
        assert "board.try_square" in line or "board.remove" in line or "board.solution" in line, line
        queens = list(timeline.queens)
        app.dispatch("step", 5)
        assert app.join(30)
        app.tick(FRAME)
        app.dispatch("back", 5)
        assert list(timeline.queens) == queens
        app.dispatch("reset")
        app.dispatch("step", 12)
        assert app.join(30)
        app.tick(FRAME)
        assert list(app.timeline.queens) == queens
    finally:
        app.close()


def test_a_failing_search_keeps_its_event_says_its_failure_and_the_window_goes_on(tmp_path):
    path = tmp_path / "boom.py"
    path.write_text("def search(n, board):\n    yield board.try_square(0, 0)\n    raise ValueError('oops')\n")
    spec = register(path)
    app = new_app(6, spec.name)
    try:
        app.dispatch("step", 10)
        assert app.join(20)
        app.tick(FRAME)
        standing = app.mode.standing_banner()
        assert app.running and app.timeline.cursor == 1 and standing is not None and standing[1] == "error"
        assert "boom.py" in standing[0] and "oops" in standing[0] and app.logged == {}
        app.dispatch("algo", "backtracking")
        app.dispatch("step", 3)
        assert app.timeline is not None and app.timeline.cursor == 3
    finally:
        app.close()


def test_j_marks_the_first_mistake_as_a_bookmark_and_goes_there(tmp_path):
    state = tmp_path / "state.json"
    script = "instant;wait-idle;check"
    result = viz("--n", "6", "--search", "missing_anti_diagonal", "--script", script, "--state", str(state))
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text(encoding="utf-8"))
    assert data["event_index"] == 2 and data["bookmark"] == 1
    note = data["bookmarks"][0]["note"]
    assert note["en"] == (
        "Mistake: Event 2: row 2, column 2 is attacked by the queen in row 1, column 1 along a diagonal."
        " Your search behaves like backtracking with flag arrays that ignores the r-c diagonals"
        " (it differs from it at no event)."
    )
    assert note["zh"].startswith("错误：第 2 个事件")
    assert note["zh"].endswith(
        "你的搜索的行为像忽略 r-c 对角线的回溯法（标记数组）（没有一个事件与它不同）。"
    )


def test_j_says_a_right_search_is_right_and_refuses_the_rest():
    spec = register("middle_out")
    app = new_app(6, spec.name)
    try:
        press(app, pygame.K_j, "j")
        assert app.banner is not None and "Enter" in app.banner[0]  # not finished yet
        app.dispatch("instant")
        assert app.join(30)
        app.tick(FRAME)
        press(app, pygame.K_j, "j")
        assert app.banner is not None and app.banner[0].startswith("Correct: 4 solutions")
        assert app.lessons.bookmarks.marks == []
        app.dispatch("algo", "backtracking")
        press(app, pygame.K_j, "j")
        assert app.banner is not None and "built-in" in app.banner[0]
    finally:
        app.close()


def test_racing_the_book_marks_the_first_difference_once(tmp_path):
    state = tmp_path / "state.json"
    result = viz(
        "--n", "6", "--mode", "race", "--search", "middle_out", "--script", "step:30", "--state", str(state)
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text(encoding="utf-8"))
    assert data["race"]["first_difference"] == 0 and data["race"]["b"]["algorithm"] == "backtracking"
    (mark,) = data["bookmarks"]
    assert mark["event"] == 1
    assert mark["note"]["en"] == (
        "Your search first differs at event 1: it tried row 1, column 3; "
        "Backtracking with flag arrays tried row 1, column 1."
    )
    assert mark["note"]["zh"].startswith("你的搜索在第 1 个事件处第一次不同")


def test_a_search_that_is_the_book_never_differs(tmp_path):
    state = tmp_path / "state.json"
    result = viz(
        "--n",
        "5",
        "--mode",
        "race",
        "--search",
        "backtracking",
        "--script",
        "instant;wait-idle",
        "--state",
        str(state),
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text(encoding="utf-8"))
    assert (
        data["race"]["a"]["finished"] and data["race"]["first_difference"] is None and data["bookmarks"] == []
    )


def test_a_long_student_run_seeks_by_snapshots_and_stands_where_the_book_does():
    """A student's run has no checkpoints to resume from: far seeks land on snapshots of its log
    (one jump, heard once) and stand exactly where the book's timeline does."""
    from visualizer.core.timeline import NEAR, Timeline

    own = Timeline(register(EXAMPLES / "backtracking.py"), 9)
    book = Timeline(registry.get("backtracking"), 9)
    own.run_to_end()
    total = own.cursor
    assert total > 4 * NEAR
    jumps: list[int] = []
    own.seek_listeners.append(lambda: jumps.append(own.cursor))
    for k in (total // 2, 10, total - 3, NEAR * 2 + 17):  # each over NEAR from the last
        own.seek(k)
        book.seek(k)
        assert (own.cursor, own.queens, own.solutions) == (book.cursor, book.queens, book.solutions)
        assert replace(own.counters, checks=0) == replace(book.counters, checks=0)  # a student's counts none
        assert type(own.last) is type(book.last)  # the same event (their code lines differ)
    assert jumps == [total // 2, 10, total - 3, NEAR * 2 + 17]


@pytest.fixture
def _gated(tmp_path, monkeypatch):
    """A search that sends nothing until the file ``go`` appears: (its file, the flag). Its silence
    limit is 30 s, not 5: the test's frames on a loaded machine must not meet it while it waits."""
    from solvers.own import search as own_search

    monkeypatch.setattr(own_search, "SILENCE_SECONDS", 30.0)
    flag = tmp_path / "go"
    search = tmp_path / "gated.py"
    search.write_text(
        "import os, time\n"
        "def search(n, board):\n"
        f"    while not os.path.exists({str(flag)!r}):\n"
        "        time.sleep(0.01)\n"
        "    for col in range(n):\n"
        "        yield board.try_square(0, col)\n"
        "        yield board.remove(0, col)\n",
        encoding="utf-8",
    )
    return search, flag


def test_playing_a_search_still_at_work_never_waits_for_it(_gated):
    """The window takes only the events that have arrived: while the search waits, frames go on
    (a frame that waited would meet the silence limit and show its error), then it plays."""
    import time

    search, flag = _gated
    app = new_app(6, register(search).name)
    try:
        app.dispatch("play")
        for _ in range(30):
            app.tick(FRAME)
        assert app.timeline.cursor == 0 and app.mode.playing and app.banner is None
        flag.touch()
        deadline = time.monotonic() + 45  # generous: a loaded machine, not a timing assertion
        while not app.timeline.finished and time.monotonic() < deadline:
            app.tick(FRAME)
            time.sleep(0.005)
        assert app.timeline.cursor == 12 and app.timeline.finished
    finally:
        app.close()


def test_instant_result_on_a_search_at_work_answers_at_once_and_esc_cancels_it(_gated):
    """Enter hands the run to the worker, which waits for the search outside the lock; Esc stops it."""
    search, flag = _gated
    app = new_app(6, register(search).name)
    try:
        app.dispatch("instant")  # returned: the search has sent nothing, so nothing ran here
        assert app.busy and app.timeline.cursor == 0
        app.tick(FRAME)  # a frame draws under the lock: the worker does not hold it while waiting
        press(app, pygame.K_ESCAPE)
        assert app.mode.player.join(30.0)  # a deadline for a loaded machine, not a timing
        app.tick(FRAME)  # the worker's report is read on the next frame
        assert not app.busy
        assert app.banner is not None and app.banner[0] == "Cancelled"
        flag.touch()
        app.dispatch("instant")
        assert app.mode.player.join(45.0)
        app.tick(FRAME)
        assert app.timeline.finished and app.timeline.cursor == 12
    finally:
        app.close()
