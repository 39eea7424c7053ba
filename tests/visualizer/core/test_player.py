"""The Player owns time: goals, frames, jumps on the worker thread, cancel -- for one timeline or a race."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest

from solvers import registry
from solvers.counters import tally
from solvers.events import Backtrack
from visualizer.core.player import END, NEXT, SYNC_EVENTS, Goal, Player
from visualizer.core.race import Race
from visualizer.core.timeline import Timeline


def player_for(name: str, n: int) -> Player:
    timeline = Timeline(registry.get(name), n)
    return Player(
        timeline,
        threading.Lock(),
        attempts=lambda: timeline.counters.attempts,
        estimate=lambda cancel: timeline.spec.whole_run(n, cancel=cancel),
    )


def keys(player: Player) -> list[str]:
    return [report.key for report in player.take_reports()]


def test_play_advances_rate_times_dt_across_frames():
    player = player_for("backtracking", 8)
    player.speed = 20.0
    player.toggle_play()
    for _ in range(90):  # 1.5 s of 60 fps frames
        player.advance(1 / 60)
    assert player.track.cursor == 30 and player.playing
    player.toggle_play()
    player.advance(1.0)
    assert player.track.cursor == 30 and not player.playing


@pytest.mark.parametrize("animated", [False, True])
def test_next_and_end_reach_the_same_place_animated_or_not(animated):
    player = player_for("backtracking", 6)
    player.go(NEXT, animated=animated)
    while player.goal.animated:
        player.advance(0.1)
    solo = Timeline(registry.get("backtracking"), 6)
    solo.next_solution()
    assert player.track.counters == solo.counters and player.track.queens == solo.queens
    player.go(END, animated=animated)
    while player.goal.animated:
        player.advance(0.5)
    assert player.track.counters == tally(registry.get("backtracking").solve(6))
    assert ("finished" if animated else "done_in") in keys(player)  # a jump says how long it took
    player.go(NEXT)
    assert keys(player) == ["no_more_solutions"]


def test_a_long_jump_goes_to_the_worker_thread_and_reports_when_collected(monkeypatch):
    # dancing links without its engine: no checkpoints, no engine walk, far more events than SYNC_EVENTS
    spec = registry.get("dlx")
    monkeypatch.setitem(registry.ALGORITHMS, "dlx", replace(spec, engine=None, resumer=None))
    player = player_for("dlx", 10)
    player.go(END)
    assert player.busy and player.track.cursor >= SYNC_EVENTS
    assert player.join(120)
    assert player.busy, "finished but not reported yet"
    player.advance(0.0)
    assert not player.busy and player.track.finished
    assert keys(player) == ["done_in"]
    assert player.track.counters == tally(registry.get("dlx").solve(10))


@pytest.mark.parametrize(("name", "n"), [("dlx", 12), ("backtracking", 16), ("forward-checking", 16)])
def test_cancel_stops_the_worker_and_says_so(name, n):
    """The generator's chunks (no engine) and the engine's survey (beyond its quick range) both stop."""
    player = player_for(name, n)
    player.go(END)
    assert player.busy
    player.cancel()
    assert player.join(30)
    player.advance(0.0)
    assert keys(player) == ["cancelled"] and not player.track.finished
    cursor = player.track.cursor
    player.advance(1.0)
    assert player.track.cursor == cursor


def test_a_goal_until_any_condition():
    """ "Until a condition" is one more Goal: here, until the first backtrack from row 2."""
    player = player_for("backtracking", 8)
    until = Goal("until", stop=lambda e: type(e) is Backtrack and e.row == 2)
    player.go(until)
    last = player.track.last
    assert type(last) is Backtrack and last.row == 2
    solo = Timeline(registry.get("backtracking"), 8)
    solo.advance_until(lambda e: type(e) is Backtrack and e.row == 2)
    assert player.track.counters == solo.counters


def test_one_player_moves_a_race_like_a_timeline():
    race = Race("brute-force", "backtracking", 5)
    player = Player(race, threading.Lock())
    player.step(40)
    player.back(15)
    assert race.a.cursor == race.b.cursor == 25
    found = race.a.counters.solutions + race.b.counters.solutions
    player.go(NEXT)
    assert race.a.counters.solutions + race.b.counters.solutions == found + 1
    assert race.a.cursor == race.b.cursor
    player.go(END)
    player.join(60)
    player.advance(0.0)
    assert race.finished and race.finished_first == "b"
    for side, name in (("a", "brute-force"), ("b", "backtracking")):
        assert race.sides[side].counters == tally(registry.get(name).solve(5))
    player.reset()
    assert race.cursor == 0 and race.first_solution is None and race.finished_first is None
    assert race.a.counters == race.b.counters == tally([])
