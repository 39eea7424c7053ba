"""Issue 12 in the window: seek:K stands where step:K would, step back after Instant result,
the scrub bar dragged with real mouse events, show-all at the slider's speed, and race mode's
instant / next / back / seek against solo runs."""

from __future__ import annotations

import pygame
import pytest

from solvers import registry
from solvers.counters import tally
from tests.ui import FRAME, new_app
from visualizer.core.domains import DomainFollower
from visualizer.core.race import Race
from visualizer.core.scrub import Scrub, ScrubDrag, index_at
from visualizer.core.timeline import Timeline
from visualizer.render.scrub import scrub_track
from visualizer.shell.headless import run_headless


def where(state: dict) -> tuple:
    """What must match: counters, board, event index."""
    return state["counters"], state["queens"], state["event_index"]


@pytest.mark.parametrize(
    ("name", "n", "k"),
    [
        ("backtracking", 8, 25_000),  # far enough from 0 to jump (NEAR is 20,000)
        ("backtracking-board", 9, 90_001),
        ("bitmask", 10, 60_000),
        ("permutations-pruned", 8, 40_321),
        ("permutations", 7, 30_000),
        ("brute-force", 6, 158_600),  # 28 events before the end of 6^6 boards
        ("forward-checking", 9, 40_000),  # the engine walks to a checkpoint, the generator replays on
        ("mrv", 9, 30_001),
        ("min-conflicts", 30, 500),  # no resume: steps from the start
    ],
)
def test_seek_stands_where_step_would(name, n, k):
    seek = run_headless(n=n, algorithm=name, script=f"seek:{k}")
    step = run_headless(n=n, algorithm=name, script=f"step:{k}")
    assert where(seek) == where(step)
    assert seek["finished"] == step["finished"]


def test_brute_force_8_near_its_end_two_ways_agree():
    """55 million events: seek near the end, and Instant result then step back, meet exactly."""
    total = run_headless(n=8, algorithm="brute-force", script="instant")["event_total"]
    assert total == 55_125_136
    seek = run_headless(n=8, algorithm="brute-force", script=f"seek:{total - 10}")
    back = run_headless(n=8, algorithm="brute-force", script="instant;back:10")
    walk = run_headless(n=8, algorithm="brute-force", script=f"seek:{total - 5000};step:4990")
    assert where(seek) == where(back) == where(walk)
    assert seek["event_index"] == total - 10 and seek["counters"]["attempts"] <= 8**8


@pytest.mark.parametrize("name", list(registry.ALGORITHMS))
def test_step_back_after_instant_result_in_every_algorithm(name):
    spec = registry.get(name)
    n = max(spec.min_n, 6)
    done = run_headless(n=n, algorithm=name, script="instant")
    total = done["event_total"]
    assert done["finished"] and total == done["event_index"] > 1
    back = run_headless(n=n, algorithm=name, script="instant;back:1")
    step = run_headless(n=n, algorithm=name, script=f"step:{total - 1}")
    assert where(back) == where(step)
    assert done["counters"] == {
        key: value for key, value in tally(spec.solve(n)).as_dict().items() if key in done["counters"]
    }


def drag(app, points: list[tuple[int, int]]) -> list[int]:
    """Press at the first point, move through the rest with the button held, release; the event
    index after each frame."""
    seen = []
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=1))
    app.tick(FRAME)
    seen.append(app.timeline.event_index)
    for point in points[1:]:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(1, 0), buttons=(1, 0, 0)))
        app.tick(FRAME)
        seen.append(app.timeline.event_index)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=points[-1], button=1))
    app.tick(FRAME)
    return seen


def test_brute_force_8_is_scrubbed_end_to_end_by_dragging_the_bar():
    app = new_app(8, "brute-force")
    try:
        app.mode.wait_total(60)
        total = app.mode.scrub_model().total
        assert total == 55_125_136
        track = scrub_track(app.layout.scrub)
        y = track.centery
        xs = [*range(track.left, track.right + 1, max(1, track.w // 12)), track.right + 40]
        seen = drag(app, [(x, y) for x in xs])
        assert seen == sorted(seen) and seen[0] == 0 and seen[-1] == total  # past the end: the end
        assert app.timeline.finished and app.timeline.counters.solutions == 92
        assert app.timeline.counters.attempts == 8**8
        middle = drag(app, [(track.right, y), (track.centerx, y)])[-1]
        assert middle == index_at(track.centerx, left=track.left, width=track.w, total=total)
        fresh = Timeline(registry.get("brute-force"), 8)
        fresh.seek(middle)
        assert (app.timeline.counters, app.timeline.queens) == (fresh.counters, fresh.queens)
        back = drag(app, [(track.centerx, y), (track.left - 40, y)])
        assert back[-1] == 0 and app.timeline.counters.attempts == 0
    finally:
        app.close()


def test_scrub_model_and_drag_are_pure():
    bar = Scrub(index=5, total=None, ticks=(3,))
    assert bar.span == 6 and bar.current is None and Scrub(3, None, (3,)).current == 0
    drag = ScrubDrag()
    assert drag.press(50, 5, (10, 0, 100, 10), None) is None, "no total: nothing to seek"
    assert drag.press(50, 50, (10, 0, 100, 10), 1000) is None, "below the bar"
    assert drag.press(60, 5, (10, 0, 100, 10), 1000) == 500
    assert drag.move(60, (10, 0, 100, 10), 1000) is None, "no change"
    assert drag.move(500, (10, 0, 100, 10), 1000) == 1000
    drag.release()
    assert drag.move(20, (10, 0, 100, 10), 1000) is None, "released"


def test_the_lessons_bookmarks_are_ticks_on_the_scrub_bar():
    """The bar is where bookmark ticks go: each at its event, the one the run stands on highlighted."""
    app = new_app(8, "backtracking")
    try:
        app.mode.wait_total(60)
        total = app.mode.scrub_model().total
        app.dispatch("seek", 9000)
        app.dispatch("bookmark", "a dead end")
        app.dispatch("seek", 100)
        assert app.mode.scrub_model().ticks == (9000,)
        app.draw()
        area = app.layout.scrub
        track = scrub_track(area)
        x = track.left + round(track.w * 9000 / total)
        assert app.surface.get_at((x, area.bottom - 2))[:3] == app.theme.text
        assert app.surface.get_at((x, area.top))[:3] != app.theme.code_highlight
        app.dispatch("seek", 9000)
        app.draw()
        assert app.surface.get_at((x, area.top))[:3] == app.theme.code_highlight  # standing on it
    finally:
        app.close()


@pytest.mark.parametrize("speed", [5.0, 40.0])
def test_show_all_next_plays_at_the_slider_speed(speed):
    app = new_app(8, "backtracking")
    try:
        app.dispatch("show-all", True)
        app.dispatch("speed", speed)
        app.dispatch("next")
        for second in (1, 2):
            for _ in range(60):
                app.tick(FRAME, draw=False)
            assert app.timeline.event_index == pytest.approx(speed * second, abs=1)
        solo = Timeline(registry.get("backtracking"), 8)
        solo.next_solution()
        while app.mode.player.animating:
            app.tick(1.0, draw=False)
        assert (app.timeline.counters, app.timeline.event_index) == (solo.counters, solo.cursor)
        app.dispatch("instant")  # show-all instant result: on to the end at the same speed
        start = app.timeline.event_index
        app.tick(1.0, draw=False)
        assert app.timeline.event_index - start == pytest.approx(speed, abs=1)
    finally:
        app.close()


PAIRS = [("brute-force", "backtracking", 6), ("permutations", "permutations-pruned", 7)]


def solo_at(name: str, n: int, k: int) -> Timeline:
    solo = Timeline(registry.get(name), n)
    solo.step(k)
    return solo


def sides_match(state: dict, n: int, ticks: int) -> None:
    for side in ("a", "b"):
        shown = state["race"][side]
        solo = solo_at(shown["algorithm"], n, ticks)
        assert shown["events"] == solo.cursor
        assert {key: shown[key] for key in ("attempts", "solutions", "checks")} == {
            key: getattr(solo.counters, key) for key in ("attempts", "solutions", "checks")
        }


@pytest.mark.parametrize(("a", "b", "n"), PAIRS)
def test_race_instant_back_seek_and_next_equal_solo_runs(a, b, n):
    common = {"n": n, "algorithm": a, "algo2": b, "mode": "race"}
    done = run_headless(**common, script="instant")
    total = done["event_total"]
    assert done["race"]["a"]["finished"] and done["race"]["b"]["finished"] and total == done["event_index"]
    sides_match(done, n, total)
    sides_match(run_headless(**common, script="instant;back:1"), n, total - 1)
    for k in (total // 3, max(0, total - 25_000), min(total, 21_000)):
        seek = run_headless(**common, script=f"seek:{k}")
        assert seek["event_index"] == k
        sides_match(seek, n, k)
    lockstep = Race(a, b, n)
    for _ in range(3):
        lockstep.advance_until(lambda e: type(e).__name__ == "Solution")
    jumped = run_headless(**common, script="next;next;next")
    assert jumped["event_index"] == lockstep.cursor
    sides_match(jumped, n, lockstep.cursor)


@pytest.mark.parametrize("name", ["forward-checking", "mrv"])
def test_domains_on_the_board_survive_a_seek(name):
    """A jump leaves a log that starts mid-run: the domains come from the whole run, not the log."""
    app = new_app(10, name)
    try:
        app.dispatch("instant")
        while app.busy:
            app.join(0.05)
            app.update(0.0)
        total = app.timeline.event_total
        for k in (total * 2 // 3, total // 4, total - 3):
            app.banner = None
            app.dispatch("seek", k)
            assert app.timeline.event_index == k and app.banner is None
            solo = Timeline(registry.get(name), 10)
            follower = DomainFollower(10).attach(solo)
            solo.step(k)
            assert app.mode.domains.domains.by == follower.domains.by
    finally:
        app.close()


def test_the_scrub_bar_surveys_for_its_total_unasked_only_where_the_survey_is_quick():
    """Bitmask at n = 10 gets its total in the background; at n = 20 (the engine answers it, but
    its survey would keep every core busy for days) no survey starts until one is asked for."""
    app = new_app(10, "bitmask")
    try:
        app.mode.wait_total(60)
        counters = app.timeline.spec.engine_counters(10)  # an event per placement, backtrack, solution
        assert app.mode.scrub_model().total == counters.placements + counters.backtracks + counters.solutions
        app.dispatch("n", 20)
        for _ in range(3):
            app.tick(FRAME)
        assert app.timeline.instant and app.mode.scrub_model().total is None
        assert app.mode._probe is None or app.mode._probe.owner is not app.timeline, "no survey started"
    finally:
        app.close()
