"""A seek, a step, a bookmark or a run until an event far beyond the run (issue 18 item 12, issue
36 item 5): the window answers at once; the way there runs in the background with progress and Esc
(the engine's walk where it walks the algorithm, else the replay), past the end it stops at the
end, and a walk the engine would take more than a minute over is refused, saying how long, in
both languages."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pygame
import pytest

from solvers import registry
from tests.run import viz
from tests.ui import FRAME, new_app, press
from visualizer.core.lesson import Bookmark
from visualizer.core.timeline import Timeline
from visualizer.core.until import Until
from visualizer.modes.base import SEEK_LIMIT

#: n = 20 backtracking: the engine walks 4e9 events in about 40 s here (estimated under the limit),
#: 1e12 in hours (refused)
WITHIN_REACH, OUT_OF_REACH = 4 * 10**9, 10**12


@contextmanager
def answers_within(seconds: float = 20.0) -> Iterator[None]:
    """Fails the test (instead of hanging it) if the block keeps the UI thread longer: a liveness
    check with a loaded machine's margin (the answer takes a second at most: ``INSTANT_WAIT``)."""

    def frozen(signum: int, frame: object) -> None:
        raise AssertionError(f"the UI thread gave no answer for {seconds} s")

    previous = signal.signal(signal.SIGALRM, frozen)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def go_far(app, command: str, event: int) -> None:
    if command == "bookmark":
        app.lessons.bookmarks.add(Bookmark(event, "far"))
        app.dispatch("goto-bookmark", 1)
    elif command == "until":  # run until event K, not animated: a seek there
        app.dispatch("until", Until("event", event))
    else:
        app.dispatch(command, event)


@pytest.mark.parametrize("command", ["seek", "step", "bookmark", "until"])
def test_a_far_target_walks_in_the_background_with_progress_and_esc_stops_it(command):
    app = new_app(20, "backtracking")
    try:
        with answers_within():
            go_far(app, command, WITHIN_REACH)
            app.tick(FRAME)
            assert app.busy  # on its way, and the window goes on drawing
            fraction, label = app.mode.progress_strip("en")
            assert fraction is not None and 0.0 <= fraction < 1.0 and "Esc" in label
            press(app, pygame.K_ESCAPE)
        assert app.mode.player.join(30.0)
        app.tick(FRAME)
        assert not app.busy and app.timeline.cursor == 0, "cancelled: the board stays where it was"
        assert app.banner is not None and app.banner[0] == "Cancelled"
    finally:
        app.close()


def test_without_the_engine_the_replay_runs_in_the_background_and_esc_stops_it(monkeypatch):
    # every exhaustive algorithm has the engine now: dancing links without it stands for one
    spec = registry.get("dlx")
    monkeypatch.setitem(registry.ALGORITHMS, "dlx", replace(spec, engine=None, resumer=None))
    app = new_app(13, "dlx")
    assert not app.timeline.spec.engine_seeks
    try:
        with answers_within():
            app.dispatch("seek", 10**9)
            app.tick(FRAME)
            assert app.busy
            press(app, pygame.K_ESCAPE)
        assert app.mode.player.join(30.0)
        app.tick(FRAME)
        assert not app.busy and 0 < app.timeline.cursor < 10**9
    finally:
        app.close()


def test_a_far_seek_the_engine_walks_stands_where_step_would():
    app = new_app(20, "backtracking")
    try:
        app.dispatch("seek", 500_000)  # beyond FAR_EVENTS: by way of the worker thread
        assert app.mode.player.join(60.0)
        app.tick(FRAME)
        stepped = Timeline(registry.get("backtracking"), 20)
        stepped.step(500_000)
        timeline = app.timeline
        assert (timeline.cursor, timeline.counters, timeline.queens) == (
            500_000,
            stepped.counters,
            stepped.queens,
        )
        assert app.banner is not None and app.banner[1] == "success"
    finally:
        app.close()


@pytest.mark.parametrize("command", ["seek", "step", "bookmark", "until"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_walk_estimated_over_the_limit_is_refused_at_once_saying_how_long(command, lang):
    app = new_app(20, "backtracking", lang=lang)
    try:
        with answers_within():
            go_far(app, command, OUT_OF_REACH)
            app.tick(FRAME)
        assert not app.busy and app.timeline.cursor == 0
        assert app.banner is not None and app.banner[1] == "error"
        text = app.banner[0]
        assert "1,000,000,000,000" in text
        assert ("hours" in text and "60 s" in text) if lang == "en" else ("小时" in text and "60 秒" in text)
    finally:
        app.close()


def test_a_race_counts_both_sides_walks():
    app = new_app(20, "backtracking", mode="race", algo2="bitmask")
    try:
        seconds_each = SEEK_LIMIT * 0.75 / 1e-8  # events one side walks in 3/4 of the limit
        app.dispatch("seek", int(seconds_each))
        assert not app.busy and app.banner is not None and "too far" in app.banner[0]
    finally:
        app.close()


def test_headless_a_far_seek_and_a_far_bookmark_are_one_line_and_status_2(tmp_path):
    seek = viz("--n", "20", "--script", f"seek:{OUT_OF_REACH}")
    assert seek.returncode == 2 and "too far" in seek.stderr and len(seek.stderr.splitlines()) == 1
    lesson = tmp_path / "far.json"
    marks = [{"event": 5, "note": "near"}, {"event": OUT_OF_REACH, "note": "far"}]
    lesson.write_text(json.dumps({"n": 20, "algorithm": "backtracking", "bookmarks": marks}))
    state = tmp_path / "state.json"
    near = viz("--lesson", str(lesson), "--script", "goto-bookmark:1", "--state", str(state))
    assert near.returncode == 0, near.stderr
    assert json.loads(state.read_text())["event_index"] == 5
    far = viz("--lesson", str(lesson), "--script", "goto-bookmark:2")
    assert far.returncode == 2 and "1,000,000,000,000 is too far" in far.stderr


def test_a_seek_past_the_end_of_the_run_stands_at_the_end_at_once():
    app = new_app(6, "backtracking")
    try:
        app.mode.wait_total(60.0)
        total = app.mode.scrub_model().total
        assert total is not None
        with answers_within():
            app.dispatch("seek", 10**12)
            app.tick(FRAME)
        assert not app.busy and app.timeline.cursor == total and app.timeline.finished
    finally:
        app.close()


def test_a_seek_past_the_end_before_the_total_is_known_walks_to_the_end():
    app = new_app(11, "backtracking")
    try:
        app.mode._drop_probe()  # the scrub bar's survey of a twin: not there yet
        assert app.mode.scrub_model().total is None
        app.dispatch("seek", 10**12)  # the whole run at n = 11 is walked in well under a second
        assert app.mode.player.join(60.0)
        app.tick(FRAME)
        assert app.timeline.finished and app.timeline.cursor == app.timeline.event_total
        assert app.banner is not None and app.banner[1] == "success"
    finally:
        app.close()
