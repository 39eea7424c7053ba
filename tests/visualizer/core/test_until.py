"""Run until (issue 14): each condition stops where a one-event-at-a-time walk says it should,
in watch mode and on each side of a race, through the Run until control, the U key and the
headless ``until:`` command."""

from __future__ import annotations

import json
from collections.abc import Callable

import pygame
import pytest

from solvers import registry
from solvers.events import Backtrack, Conflict, Place
from tests.run import viz
from tests.ui import FRAME, click, click_button, new_app, press
from visualizer.core.race import Race
from visualizer.core.timeline import Timeline
from visualizer.core.until import Until, last_event, parse_until


def met(until: Until) -> Callable[[Timeline], bool]:
    """The condition read from the timeline's state after an event (the reference)."""
    kind, value = until.kind, until.value
    return {
        "depth": lambda t: type(t.last) is Place and t.depth == value,
        "backtrack": lambda t: type(t.last) is Backtrack,
        "conflict-row": lambda t: type(t.last) is Conflict and t.last.row == value,
        "solution": lambda t: t.counters.solutions == value and type(t.last).__name__ == "Solution",
        "event": lambda t: t.cursor == value,
    }[kind]


def reference(algorithm: str, n: int, until: Until, start: int = 0) -> int:
    """The event index where ``until`` is met, walking one event at a time from ``start`` (-1: never)."""
    timeline = Timeline(registry.get(algorithm), n)
    timeline.step(start)
    test = met(until)
    while timeline.step(1):
        if test(timeline):
            return timeline.cursor
    return -1


CASES = [
    ("backtracking", 6, "depth=4", 0),
    ("backtracking", 6, "depth=2", 30),
    ("backtracking", 6, "backtrack", 0),
    ("backtracking", 6, "backtrack", 500),
    ("backtracking", 8, "conflict-row=5", 0),
    ("backtracking", 8, "conflict-row=0", 100),
    ("backtracking", 6, "solution=3", 0),
    ("backtracking", 8, "solution=40", 0),
    ("backtracking", 6, "event=777", 5),
    ("brute-force", 4, "conflict-row=2", 0),
    ("brute-force", 5, "solution=2", 0),
    ("forward-checking", 8, "depth=7", 0),
    ("forward-checking", 8, "backtrack", 60),
    ("bitmask", 10, "solution=100", 0),
    ("backtracking", 6, "depth=7", 0),  # never met: the run ends
]


@pytest.mark.parametrize(("algorithm", "n", "text", "start"), CASES)
def test_timeline_stops_where_the_one_event_walk_does(algorithm, n, text, start):
    until = parse_until(text)
    timeline = Timeline(registry.get(algorithm), n)
    timeline.step(start)
    found = timeline.advance_until(until)
    expected = reference(algorithm, n, until, start)
    assert found == (expected >= 0)
    assert timeline.cursor == (expected if found else timeline.log.end)
    assert timeline.finished == (not found)


@pytest.mark.parametrize("limit", [1, 3, 64, 1000])
def test_a_condition_survives_being_run_in_chunks(limit):
    until = parse_until("solution=4")
    timeline = Timeline(registry.get("backtracking"), 8)
    while not timeline.advance_until(until, limit):
        assert not timeline.finished
    assert timeline.cursor == reference("backtracking", 8, until)


@pytest.mark.parametrize(
    ("a", "b", "text"),
    [
        ("brute-force", "backtracking", "solution=1"),
        ("backtracking", "forward-checking", "depth=5"),
        ("backtracking", "brute-force", "conflict-row=3"),
        ("backtracking", "bitmask", "event=300"),
    ],
)
def test_race_sides_stop_at_the_condition_each_on_its_own(a, b, text):
    race = Race(a, b, 6)
    until = parse_until(text)
    while not race.advance_until(until, 500):
        assert not race.finished
    assert race.a.cursor == reference(a, 6, until)
    assert race.b.cursor == reference(b, 6, until)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "depth",
        "depth=",
        "depth=0",
        "solution=0",
        "depth=x",
        "depth=-1",
        "backtrack=2",
        "row=1",
        "depth=٣",
    ],
)
def test_bad_conditions_are_refused(text):
    with pytest.raises(ValueError):
        parse_until(text)


def test_last_event_names_the_square():
    assert last_event(None) is None
    assert last_event(Conflict(3, 1, (0, 1))) == {"kind": "conflict", "row": 3, "col": 1}


# -- the window: the Run until control and the U key ----------------------------------------


def type_into(app, entry, text: str) -> None:
    """Click ``entry``, clear it and type ``text`` with real key presses."""
    click(app, entry.rect.center)
    for _ in range(12):
        press(app, pygame.K_BACKSPACE)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.tick(FRAME)


def choose(app, menu, text: str) -> None:
    """Open drop-down ``menu`` and click its option ``text``."""
    click(app, menu.rect.center)
    items = menu.current_state.options_selection_list.item_list
    item = next(item for item in items if item["text"] == text)
    click(app, item["button_element"].rect.center)


@pytest.mark.parametrize(
    ("option", "typed", "expected"),
    [
        ("Depth", "5", Until("depth", 5)),
        ("Conflict in row", "4", Until("conflict-row", 3)),  # rows as people count, from 1
        ("Solution no.", "2", Until("solution", 2)),
        ("Event no.", "123", Until("event", 123)),
        ("Next backtrack", "", Until("backtrack")),
    ],
)
def test_the_run_until_control_stops_the_window_there(option, typed, expected):
    app = new_app(8, "backtracking")
    choose(app, app.controls.until_kind, option)
    if typed:
        type_into(app, app.controls.until_value, typed)
    click_button(app, "until")
    app.join(10)
    app.tick(FRAME)
    assert app.timeline.cursor == reference("backtracking", 8, expected)
    press(app, pygame.K_ESCAPE)  # leave the box
    if expected.kind in ("backtrack", "depth", "conflict-row"):  # U: the same condition, once more
        before = app.timeline.cursor
        press(app, pygame.K_u, "u")
        app.join(10)
        assert app.timeline.cursor == reference("backtracking", 8, expected, before)


def test_enter_in_the_number_box_runs_it_and_a_row_of_0_is_a_banner():
    app = new_app(8, "backtracking")
    choose(app, app.controls.until_kind, "Conflict in row")
    type_into(app, app.controls.until_value, "0")
    press(app, pygame.K_RETURN)
    app.tick(FRAME)  # pygame_gui's "finished" event comes on the next frame
    assert app.timeline.cursor == 0
    assert app.banner is not None and app.banner[1] == "error" and "1" in app.banner[0]
    type_into(app, app.controls.until_value, "8")
    press(app, pygame.K_RETURN)
    app.tick(FRAME)
    assert app.timeline.cursor == reference("backtracking", 8, Until("conflict-row", 7))


def test_the_control_keeps_its_choice_across_a_relayout():
    app = new_app(8, "backtracking")
    choose(app, app.controls.until_kind, "Solution no.")
    type_into(app, app.controls.until_value, "7")
    press(app, pygame.K_ESCAPE)
    app.relayout((1100, 760))
    app.tick(FRAME)
    assert str(app.controls.until_condition()) == "solution=7"


def test_run_until_while_playing_animates_at_the_play_speed():
    app = new_app(6, "backtracking")
    app.dispatch("speed", 60.0)
    press(app, pygame.K_SPACE, " ")
    app.dispatch("until", parse_until("backtrack"))
    assert app.mode.player.goal.kind == "until" and app.mode.player.goal.animated
    for _ in range(240):
        app.tick(FRAME)
    assert app.timeline.cursor == reference("backtracking", 6, Until("backtrack"))
    assert not app.playing


def test_run_until_is_refused_in_game_mode():
    app = new_app(6, "backtracking", mode="game")
    press(app, pygame.K_u, "u")
    assert app.banner is not None and app.banner[1] == "info"


# -- headless ----------------------------------------------------------------------------------


def test_headless_until_commands_and_the_state_file(tmp_path):
    state = tmp_path / "s.json"
    script = "until:depth=4;until:backtrack;until:conflict-row=5;until:solution=2;until:event=40"
    done = viz("--n", "6", "--script", script, "--state", str(state))
    assert done.returncode == 0, done.stderr
    result = json.loads(state.read_text())
    assert result["event_index"] == 40 and result["depth"] == Timeline_depth_at("backtracking", 6, 40)
    assert result["last_event"]["kind"] in ("place", "conflict", "backtrack", "solution")
    done = viz("--n", "6", "--script", "until:conflict-row=5", "--state", str(state))
    result = json.loads(state.read_text())
    assert result["last_event"]["kind"] == "conflict" and result["last_event"]["row"] == 5
    assert result["event_index"] == reference("backtracking", 6, Until("conflict-row", 5))


def Timeline_depth_at(algorithm: str, n: int, index: int) -> int:
    timeline = Timeline(registry.get(algorithm), n)
    timeline.step(index)
    return timeline.depth


def test_headless_race_until_reports_each_side(tmp_path):
    state = tmp_path / "s.json"
    done = viz(
        "--mode",
        "race",
        "--algo",
        "brute-force",
        "--n",
        "5",
        "--script",
        "until:solution=1",
        "--state",
        str(state),
    )
    assert done.returncode == 0, done.stderr
    race = json.loads(state.read_text())["race"]
    assert race["a"]["events"] == reference("brute-force", 5, Until("solution", 1))
    assert race["b"]["events"] == reference("backtracking", 5, Until("solution", 1))
    assert race["a"]["last_event"] == {"kind": "solution"} == race["b"]["last_event"]


@pytest.mark.parametrize("text", ["until:nope", "until:depth=0", "until:solution=x", "until"])
def test_headless_bad_until_exits_2_with_one_line(text):
    done = viz("--script", text)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
