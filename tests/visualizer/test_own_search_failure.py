"""A student's search that fails, in the window: the events before the failure are kept (step, seek,
explain, check), the failure is a flag on the scrub bar and a sentence where the run stands, the
keys answer throughout, and a race shows it on its side while the other side runs on."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import replace

import pygame

from solvers import registry
from solvers.events import Backtrack, Place, Solution
from solvers.own.failure import SearchFailed
from solvers.own.search import EventStream, register
from tests.run import viz
from tests.ui import FRAME, click, new_app, press
from visualizer.core.player import Player, until_goal
from visualizer.core.timeline import Timeline
from visualizer.core.until import Until
from visualizer.look.theme import legible
from visualizer.render.scrub import failure_flag, scrub_track

#: Twelve good events (a queen tried and lifted on each square of row 1, twice), then an error on line 6.
FAILS_AT_24 = """def search(n, board):
    for _ in range(4):
        for col in range(3):
            yield board.try_square(0, col)
            yield board.remove(0, col)
    raise ValueError("boom")
"""
#: One event, then a loop that yields nothing.
STALLS = """import time
def search(n, board):
    yield board.try_square(0, 0)
    while True:
        time.sleep(0.01)
    yield board.remove(0, 0)
"""


def search_file(tmp_path, name: str, text: str, *, silence: float | None = None) -> str:
    """Register the search ``text`` as tmp_path/name; with ``silence``, its stream gives up after
    that many seconds without an event (the window's own limit is 5 s). Returns its name."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    spec = register(path)
    if silence is not None:

        def quick(n: int, *, first: bool = False) -> EventStream:
            return EventStream(path, n, silence=silence, first=first)

        registry.ALGORITHMS[spec.name] = replace(spec, generator=quick)
    return spec.name


def settle(app, seconds: float = 25.0) -> None:
    """Frames, in real time, until the app's background work is over and reported."""
    deadline = time.monotonic() + seconds
    while (app.busy or app.mode.player.busy) and time.monotonic() < deadline:
        app.tick(FRAME)
        time.sleep(0.01)
    app.tick(FRAME)
    assert not app.busy, "the window's work never ended"


def test_a_search_that_fails_at_event_25_keeps_its_24_events_to_step_seek_and_explain(tmp_path):
    app = new_app(6, search_file(tmp_path, "fails.py", FAILS_AT_24))
    try:
        press(app, pygame.K_RETURN)  # Enter: the instant result
        settle(app)
        timeline = app.timeline
        assert (timeline.cursor, timeline.event_total, timeline.failure.index) == (24, 24, 24)
        assert timeline.counters.placements == 12 and timeline.counters.backtracks == 12
        standing = app.mode.standing_banner()
        assert standing is not None and standing[1] == "error"
        assert "fails.py" in standing[0] and "line 6" in standing[0] and "boom" in standing[0]
        assert app.banner is None, "no 'Done in' or 'finished' over it: the search did not finish"
        state = app.state()
        assert state["failure"]["event"] == 24 and state["event_total"] == 24
        assert "boom" in state["failure"]["sentence"]["en"] and state["failure"]["sentence"]["zh"]
        press(app, pygame.K_LEFT)
        assert timeline.cursor == 23 and app.mode.standing_banner() is None  # before the failure
        assert "board.try_square" in timeline.spec.code[timeline.last.line]  # the code panel's line
        assert app.mode.narration.current("en")
        press(app, pygame.K_RIGHT)  # back onto the failure; once more says the failure, not "finished"
        press(app, pygame.K_RIGHT)
        assert timeline.cursor == 24 and app.banner is None and app.mode.standing_banner() == standing
        track = scrub_track(app.layout.scrub)
        click(app, (track.centerx, track.centery))  # the scrub bar seeks over the kept events
        assert timeline.cursor == 12 and list(timeline.queens) == [None] * 6
        app.dispatch("reset")
        assert timeline.cursor == 0 and timeline.failure is not None  # the run's failure is still known
        app.dispatch("instant")
        settle(app)
        assert timeline.cursor == 24 and app.mode.standing_banner() == standing
        assert app.logged == {}
    finally:
        app.close()


def test_a_searchfailed_is_said_in_the_windows_language_with_its_kind_and_line(tmp_path):
    """The stream's ``SearchFailed`` (kind, line, a sentence per language) is what the window says."""
    name = search_file(tmp_path, "mine.py", FAILS_AT_24)

    def failing(n: int, *, first: bool = False):
        yield from (Place(0, 0), Backtrack(0, 0), Place(0, 1))
        raise SearchFailed("mine.py", "exception", line=4, error="ValueError: boom")

    registry.ALGORITHMS[name] = replace(registry.get(name), generator=failing)
    app = new_app(6, name)
    try:
        app.dispatch("step", 10)
        assert app.timeline.cursor == 3
        assert app.mode.standing_banner() == ("mine.py, line 4: the search raised ValueError: boom", "error")
        app.dispatch("lang", "zh")
        assert app.mode.standing_banner() == ("mine.py 第 4 行：搜索抛出了 ValueError: boom", "error")
        failure = app.state()["failure"]
        assert (failure["event"], failure["kind"], failure["line"]) == (3, "exception", 4)
    finally:
        app.close()


def test_j_after_a_failure_checks_the_kept_events_then_says_the_failure(tmp_path):
    app = new_app(6, search_file(tmp_path, "fails.py", FAILS_AT_24))
    try:
        press(app, pygame.K_j, "j")
        assert app.banner is not None and "Enter" in app.banner[0]  # not at its end yet
        app.dispatch("instant")
        settle(app)
        app.dispatch("seek", 5)
        press(app, pygame.K_j, "j")
        (mark,) = app.lessons.bookmarks.marks
        assert mark.event == 24 and app.timeline.cursor == 24  # the run goes to the failure
        english, chinese = dict(mark.note)["en"], dict(mark.note)["zh"]
        assert (
            english.startswith("No mistake in the 24 events before the search failed: ") and "boom" in english
        )
        assert chinese.startswith("搜索失败之前的 24 个事件没有错误")
    finally:
        app.close()


def test_j_marks_a_mistake_before_the_failure_rather_than_the_failure(tmp_path):
    text = "def search(n, board):\n    yield board.try_square(0, 0)\n"
    text += "    from solvers.events import Place\n    yield Place(1, 1)\n    raise ValueError('late')\n"
    app = new_app(6, search_file(tmp_path, "wrong.py", text))
    try:
        app.dispatch("instant")
        settle(app)
        assert app.timeline.failure.index == 2
        press(app, pygame.K_j, "j")
        (mark,) = app.lessons.bookmarks.marks
        assert mark.event == 2 and dict(mark.note)["en"].startswith("Mistake: Event 2: row 2, column 2")
    finally:
        app.close()


def test_a_stalled_search_ends_in_its_failure_and_every_key_answers_throughout(tmp_path):
    """The worker waiting for a stalled search ends when the stream gives up (it used to die with the
    error, leaving "Working… 0 events" for good); the window answers before, during and after."""
    name = search_file(tmp_path, "stall.py", STALLS, silence=1.0)
    app = new_app(6, name)
    try:
        press(app, pygame.K_RETURN)
        assert app.busy, "the search sends one event and stalls: the worker waits for it"
        press(app, pygame.K_r)
        assert app.banner is not None and "Esc" in app.banner[0]  # R answers: busy, Esc cancels
        settle(app)
        timeline = app.timeline
        assert timeline.cursor == 1 and timeline.failure is not None and timeline.failure.index == 1
        standing = app.mode.standing_banner()
        assert standing is not None and "stall.py" in standing[0]
        assert app.mode.scrub_model().failures == (1,) and app.mode.scrub_model().total == 1
        press(app, pygame.K_ESCAPE)  # nothing to cancel: answered, nothing breaks
        press(app, pygame.K_r)
        assert timeline.cursor == 0 and not app.busy
        press(app, pygame.K_o, "o", pygame.KMOD_CTRL)  # Ctrl+O: the lesson's path is asked
        assert app.prompt.active
        press(app, pygame.K_ESCAPE)
        assert not app.prompt.active
        app.dispatch("mode", "race")
        assert app.mode.name == "race" and app.race.a.spec.name == name
        app.dispatch("mode", "watch")
        assert app.mode.name == "watch" and app.logged == {}
    finally:
        app.close()


def test_esc_and_r_answer_while_a_stalled_search_is_waited_for(tmp_path):
    """Esc cancels the wait at once (the stream's own limit is far off), R then starts again, and
    a step asked of a search that sends nothing returns at once, its wait on the worker."""
    app = new_app(6, search_file(tmp_path, "stall.py", STALLS, silence=60.0))
    try:
        app.dispatch("step", 5)  # one event comes; the other four never do
        assert app.busy and app.timeline.cursor <= 1
        press(app, pygame.K_ESCAPE)
        assert app.join(5.0)
        app.tick(FRAME)
        assert not app.busy and app.banner is not None and app.banner[0] == "Cancelled"
        press(app, pygame.K_r)
        assert app.timeline.cursor == 0 and not app.busy and app.timeline.failure is None
    finally:
        app.close()


def test_the_failure_is_a_flag_on_the_scrub_bar(tmp_path):
    app = new_app(6, search_file(tmp_path, "fails.py", FAILS_AT_24))
    try:
        app.dispatch("instant")
        settle(app)
        model = app.mode.scrub_model()
        assert model.failures == (24,) and model.at_failure
        area = app.layout.scrub
        track = scrub_track(area)
        flag = failure_flag(track, area, 1.0)
        app.dispatch("seek", 0)
        app.draw()
        assert app.surface.get_at(flag.topleft)[:3] == app.theme.conflict  # the flag, in the conflict colour
        assert app.surface.get_at(flag.center)[:3] == app.theme.panel  # its cross (it reads without colour)
        before = pygame.image.tobytes(app.surface.subsurface(area), "RGB")
        app.dispatch("algo", "backtracking")  # a run that did not fail: no flag
        app.draw()
        assert app.surface.get_at(flag.topleft)[:3] != app.theme.conflict
        assert pygame.image.tobytes(app.surface.subsurface(area), "RGB") != before
    finally:
        app.close()


def test_a_race_shows_the_failure_on_its_side_and_the_other_side_runs_on(tmp_path):
    app = new_app(6, search_file(tmp_path, "fails.py", FAILS_AT_24), mode="race")
    try:
        race = app.race
        app.dispatch("step", 30)
        settle(app)
        assert (race.a.cursor, race.b.cursor) == (24, 30) and race.a.failure.index == 24
        app.dispatch("step", 100)
        settle(app)
        assert (race.a.cursor, race.b.cursor) == (24, 130), "the book's side runs on"
        assert app.mode.failures_here().keys() == {"a"} and app.mode.scrub_model().failures == (24,)
        app.draw()
        box = app.mode.narration_rects["a"]
        ink = legible(app.theme.conflict, app.theme.panel)
        image = app.surface.subsurface(box)
        assert any(image.get_at((x, y))[:3] == ink for x in range(box.w) for y in range(box.h))
        app.dispatch("instant")
        settle(app)
        assert race.b.finished and race.finished_first == "b"  # a run that failed never finishes first
        state = app.state()["race"]
        assert state["a"]["failure"]["event"] == 24 and state["b"]["failure"] is None
        assert app.logged == {}
    finally:
        app.close()


def test_a_race_against_a_stalled_search_ends_and_answers(tmp_path):
    app = new_app(6, search_file(tmp_path, "stall.py", STALLS, silence=1.0), mode="race")
    try:
        app.dispatch("instant")
        settle(app)
        race = app.race
        assert race.finished and race.a.cursor == 1 and race.b.cursor > 100
        press(app, pygame.K_r)
        assert race.cursor == 0
    finally:
        app.close()


def test_the_worker_never_dies_silently_an_unexpected_error_is_raised_on_the_ui_thread():
    timeline = Timeline(registry.get("backtracking"), 8)
    advance = timeline.advance_until

    def breaking(stop, limit=None):
        if threading.current_thread() is not threading.main_thread():
            raise RuntimeError("a bug on the worker")
        return advance(stop, limit)

    timeline.advance_until = breaking  # type: ignore[method-assign]
    player = Player(timeline, threading.Lock())
    player.go(until_goal(Until("event", 20_000)))  # past what the UI thread does itself
    assert player.join(30)
    try:
        player.advance(0.0)
    except RuntimeError as error:
        assert str(error) == "a bug on the worker"
    else:
        raise AssertionError("the worker's error was lost")
    assert not player.busy


def test_forged_events_in_the_window_are_shown_never_a_crash(tmp_path):
    """Whatever a stream lets through (its own checks aside), the log, the code panel, the tree and
    the gallery take it: a line of 10^9, a negative one, 10^40 checks, a solution off the board."""
    name = search_file(tmp_path, "forged.py", FAILS_AT_24)  # its code panel; its events are these:
    forged = (
        Place(0, 0, 10**9, checks=10**40),
        Backtrack(0, 0, -7, checks=-1),
        Solution((10**6,) * 6),
        Solution((1, 3, 5, 0, 2, 4)),
    )
    registry.ALGORITHMS[name] = replace(registry.get(name), generator=lambda n, first=False: iter(forged))
    app = new_app(6, name)
    try:
        for view in ("code", "tree", "gallery"):
            app.dispatch("reset")
            app.dispatch("view", view)
            app.dispatch("step", 4)
            settle(app)
            app.draw()
            assert app.timeline.cursor == 4 and app.logged == {}, view
        gallery = app.mode.views.get("gallery").gallery
        assert (
            gallery is not None
            and gallery.total == 2
            and [e.queens for e in gallery.entries] == [(1, 3, 5, 0, 2, 4)]
        )
    finally:
        app.close()


def test_headless_a_failing_search_writes_its_state_and_screenshot(tmp_path):
    path = tmp_path / "fails.py"
    path.write_text(FAILS_AT_24, encoding="utf-8")
    state, shot = tmp_path / "state.json", tmp_path / "failed.png"
    script = "instant;wait-idle;back:4"
    result = viz(
        "--n",
        "6",
        "--search",
        str(path),
        "--script",
        script,
        "--state",
        str(state),
        "--screenshot",
        str(shot),
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text(encoding="utf-8"))
    assert data["event_index"] == 20 and data["event_total"] == 24 and data["failure"]["event"] == 24
    assert shot.stat().st_size > 0
