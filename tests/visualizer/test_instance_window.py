"""A constrained instance in the window: --blocked / --given, the Setup drawn (holes hatched, given
queens locked), the search following it with real key presses, and the state file."""

from __future__ import annotations

import json

import pygame
import pytest

from solvers import registry
from solvers.instance import Instance
from tests.run import viz
from tests.ui import FRAME, new_app, press, share_near
from visualizer.core import timeline as timeline_module
from visualizer.core.scene import scene_of
from visualizer.core.timeline import Timeline
from visualizer.look.theme import CLASSROOM, blend
from visualizer.render.board import draw_board, ink_on

INSTANCE = Instance(6, frozenset({(2, 2), (4, 4)}), ((0, 1),))


def drawn(timeline: Timeline) -> tuple[pygame.Surface, object]:
    surface = pygame.Surface((800, 800))
    surface.fill(CLASSROOM.background)
    geo = draw_board(surface, pygame.Rect(0, 0, 800, 800), scene_of(timeline), CLASSROOM)
    return surface, geo


def share(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], tolerance: int = 8
) -> float:
    pixels = [
        surface.get_at((x, y))
        for x in range(rect.left, rect.right, 2)
        for y in range(rect.top, rect.bottom, 2)
    ]
    return sum(all(abs(p[i] - colour[i]) <= tolerance for i in range(3)) for p in pixels) / len(pixels)


def test_headless_runs_the_instance_and_writes_it_in_the_state(tmp_path):
    state = tmp_path / "state.json"
    result = viz(
        "--n",
        "6",
        "--algo",
        "forward-checking",
        "--given",
        "0,1",
        "--blocked",
        "2,2",
        "4,4",
        "--script",
        "step:9",
        "--state",
        str(state),
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text())
    assert data["instance"] == {"n": 6, "blocked": [[2, 2], [4, 4]], "given": [[0, 1]], "seed": None}
    events = list(registry.get("forward-checking").solve(6, instance=INSTANCE))[:9]
    assert data["event_index"] == 9 and data["queens"][0] == 1
    assert data["counters"]["placements"] == sum(type(e).__name__ == "Place" for e in events)


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--n", "6", "--algo", "dlx", "--given", "0,1"], "dlx takes no blocked squares"),
        (["--n", "6", "--given", "0,0", "2,2"], "the given queens on (0, 0) and (2, 2) attack each other"),
        (["--n", "10", "--blocked", "0,0"], "up to n = 8"),
        (["--n", "6", "--mode", "race", "--given", "0,1"], "the race mode takes no blocked squares"),
        (["--n", "6", "--blocked", "0;1"], "a square is written ROW,COL"),
        (["--n", "6", "--given", "٠,١"], "a square is written ROW,COL"),  # refused as n refuses "٨"
        (["--n", "6", "--given", " 0,1"], "a square is written ROW,COL"),
        (["--n", "6", "--given", "0,1", "0,1"], "the square (0, 1) is given twice"),
    ],
)
def test_a_refused_instance_is_one_line_and_status_2(argv, needle):
    result = viz(*argv)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and needle in result.stderr


def test_blocked_squares_are_hatched_holes_and_given_queens_carry_a_lock():
    timeline = Timeline(registry.get("backtracking").bound(INSTANCE), 6)
    before, geo = drawn(timeline)
    hole = geo.square_rect(2, 2)
    assert share(before, hole, CLASSROOM.hole) == 0, "nothing shows before the Setup"
    timeline.step(1)
    after, geo = drawn(timeline)
    assert share(after, hole, CLASSROOM.hole) > 0.5, "a dark hole"
    ink = blend(CLASSROOM.hole, ink_on(CLASSROOM.hole), 0.55)
    assert share(after, hole, ink) > 0.05, "hatched across"
    assert share(after, geo.square_rect(2, 3), CLASSROOM.hole) == 0
    plain = Timeline(registry.get("backtracking"), 6)
    plain.board.put(0, 1)  # the same queen, not given: no lock
    unlocked, _ = drawn(plain)
    corner = geo.square_rect(0, 1)
    corner = pygame.Rect(corner.centerx, corner.centery, corner.w // 2, corner.h // 2)
    assert share(after, corner, CLASSROOM.queen_outline, 20) > share(
        unlocked, corner, CLASSROOM.queen_outline, 20
    )


def test_keys_step_through_the_instance_and_another_n_drops_it():
    app = new_app(6, "forward-checking")
    try:
        app.mode.constrain(INSTANCE)
        press(app, pygame.K_RIGHT)
        assert app.mode.timeline is not None and app.mode.timeline.queens[0] == 1
        state = app.state()
        assert state["instance"]["given"] == [[0, 1]]  # type: ignore[index]
        square = app.geometry.square_rect(4, 4)  # type: ignore[union-attr]
        assert share_near(app, square, CLASSROOM.hole, 12) > 0.4
        press(app, pygame.K_RIGHT)
        assert app.state()["queens"][1] is not None  # type: ignore[index]
        app.dispatch("algo", "mrv")  # takes the instance: kept
        app.tick(FRAME)
        assert app.state()["instance"]["blocked"] == [[2, 2], [4, 4]]  # type: ignore[index]
        app.dispatch("algo", "dlx")  # takes none: the plain search
        app.tick(FRAME)
        assert "instance" not in app.state()
        app.dispatch("algo", "backtracking")
        app.mode.constrain(INSTANCE)
        press(app, pygame.K_RIGHTBRACKET, "]")  # n + 1: the instance belonged to n = 6
        assert app.state()["n"] == 7 and "instance" not in app.state()
    finally:
        app.close()


def test_a_jump_to_a_snapshot_keeps_the_holes_and_the_given_queens(monkeypatch):
    monkeypatch.setattr(timeline_module, "SNAPSHOT_EVERY", 8)
    monkeypatch.setattr(timeline_module, "NEAR", 2)
    timeline = Timeline(registry.get("backtracking").bound(INSTANCE), 6)
    assert timeline.run_to_end()
    end = timeline.cursor
    for target in (end // 2, 3, end - 5, 0, end // 3):
        timeline.seek(target)
        fresh = Timeline(registry.get("backtracking").bound(INSTANCE), 6)
        fresh.step(target)
        assert (timeline.board.blocked, timeline.board.given) == (fresh.board.blocked, fresh.board.given)
        assert timeline.queens == fresh.queens
    timeline.seek(end // 2)
    assert timeline.board.blocked == INSTANCE.blocked and timeline.board.given == {(0, 1)}


def test_the_legend_lists_the_holes_and_the_locks_only_while_an_instance_shows():
    from visualizer.render import legend

    surface = pygame.Surface((320, 700))
    plain = legend.draw_legend(surface, surface.get_rect(), CLASSROOM, "en")
    both = legend.draw_legend(surface, surface.get_rect(), CLASSROOM, "zh", constrained=True)
    assert len(plain) == len(legend.MARKS) and len(both) == len(legend.MARKS) + 2
    hole = both[len(legend.MARKS)]
    assert share(surface, hole.inflate(-14, -14), CLASSROOM.hole, 8) > 0.4, "the hole's sample is drawn"


def test_a_lesson_is_not_saved_from_a_constrained_run(tmp_path):
    app = new_app(6, "backtracking")
    try:
        app.mode.constrain(INSTANCE)
        press(app, pygame.K_RIGHT)
        app.dispatch("lesson-save", str(tmp_path / "lesson.json"))
        assert app.banner is not None and app.banner[1] == "error" and "given queens" in app.banner[0]
        assert not (tmp_path / "lesson.json").exists()
    finally:
        app.close()
