"""The race: lockstep counters equal solo runs, and the banners name the right side."""

from __future__ import annotations

import json
import threading

import pygame
import pytest

from solvers import registry
from solvers.counters import tally
from solvers.events import Solution
from visualizer.core.player import Player
from visualizer.core.race import RACE_PAIRS, Race
from visualizer.core.timeline import Timeline
from visualizer.look.theme import CLASSROOM, legible
from visualizer.render.race import banners, draw_race


@pytest.mark.parametrize(("a", "b"), RACE_PAIRS)
def test_counters_equal_solo_runs(a, b):
    race = Race(a, b, 5)
    while not race.finished:
        race.step(37)
    for side, name in (("a", a), ("b", b)):
        solo = tally(registry.get(name).solve(5))
        assert race.sides[side].counters == solo
        assert race.total_events[side] == race.sides[side].cursor
    state = json.loads(json.dumps(race.state()))
    assert state["a"]["algorithm"] == a and state["b"]["solutions"] == 10


@pytest.mark.parametrize("n", [5, 6])
def test_backtracking_beats_brute_force_to_the_first_solution(n):
    race = Race("brute-force", "backtracking", n)
    race.step(10)
    assert race.first_solution is None
    while race.first_solution is None:
        race.step(50)
    assert race.first_solution == "b"
    solo = registry.get("backtracking").solve(n)
    first = next(i for i, e in enumerate(solo, start=1) if type(e).__name__ == "Solution")
    assert race.first_event["b"] == first
    race.run_to_end()
    assert race.finished_first == "b" and race.state()["finished_first"] == "b"


def test_identical_event_streams_tie():
    race = Race("backtracking-pairwise", "backtracking", 6)
    race.run_to_end()
    assert race.first_solution == "tie" and race.finished_first == "tie"
    assert race.a.counters.checks > race.b.counters.checks


def test_play_accumulates_fractional_events():
    race = Race("permutations", "permutations-pruned", 5)
    player = Player(race, threading.Lock())
    player.speed = 150
    player.toggle_play()
    for _ in range(10):
        player.advance(0.01)
    assert race.a.cursor == 15 and race.b.cursor == 15


@pytest.mark.parametrize(("a", "b"), RACE_PAIRS)
def test_back_and_forth_in_lockstep_equals_solo_runs(a, b):
    race = Race(a, b, 6)
    race.step(300)
    assert race.back(120) == 120
    race.step(20)
    for side, name in (("a", a), ("b", b)):
        solo = Timeline(registry.get(name), 6)
        solo.step(200)
        assert race.sides[side].counters == solo.counters and race.sides[side].queens == solo.queens
    assert race.back(10_000) == 200 and race.a.cursor == race.b.cursor == 0


@pytest.mark.parametrize(("a", "b"), RACE_PAIRS)
def test_next_solution_stops_both_sides_at_the_first_side_to_find_one(a, b):
    race = Race(a, b, 6)
    assert race.advance_until(lambda e: type(e) is Solution)
    ticks = race.cursor
    firsts = {}
    for side, name in (("a", a), ("b", b)):
        solo = Timeline(registry.get(name), 6)
        firsts[side] = solo.next_solution() and solo.cursor
    assert ticks == min(firsts.values())
    for side, name in (("a", a), ("b", b)):
        solo = Timeline(registry.get(name), 6)
        solo.step(ticks)
        assert race.sides[side].counters == solo.counters, side


def test_draw_race_banner_and_boards():
    race = Race("brute-force", "backtracking", 5)
    race.run_to_end()
    assert len(banners(race, "zh")) == 2
    surface = pygame.Surface((1000, 700))
    draw_race(surface, surface.get_rect(), race, CLASSROOM, "en")
    top = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 1000, 2) for y in range(5, 40)}
    assert legible(CLASSROOM.solution, CLASSROOM.background) in top  # the banner text, green made readable
    left = {tuple(surface.get_at((x, 300)))[:3] for x in range(0, 500)}
    right = {tuple(surface.get_at((x, 300)))[:3] for x in range(500, 1000)}
    assert CLASSROOM.dark_square in left and CLASSROOM.dark_square in right
