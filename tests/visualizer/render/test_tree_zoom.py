"""The search tree at n = 8 is readable (issue 13): the map follows the current subtree, the wheel
zooms and a drag pans it, and a click on a node goes to the moment it was entered; all through
real pygame events."""

from __future__ import annotations

import pygame
import pytest

from solvers import registry
from tests.ui import FRAME, new_app, press, share_near
from visualizer.core.timeline import Timeline
from visualizer.core.tree import SearchTree
from visualizer.core.zoom import SlotMarks


def post(event_type: int, **fields: object) -> None:
    pygame.event.post(pygame.event.Event(event_type, **fields))


def wheel(app, pos, y: int) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)
    app.tick(FRAME)


@pytest.fixture
def app():
    application = new_app(8, "backtracking")
    for _ in range(3):
        press(application, pygame.K_RIGHT)
    application.dispatch("step", 297)
    press(application, pygame.K_t, "t")
    application.draw()
    yield application
    application.close()


def _map(app) -> pygame.Rect:
    rect = app.mode.views.get("tree").hits.map_rect
    assert rect is not None and app.layout.code.contains(rect)
    return rect


def _band(rect: pygame.Rect, depth: int, n: int = 8) -> pygame.Rect:
    band = rect.height // (n + 1)
    return pygame.Rect(rect.x, rect.y + depth * band + 2, rect.width, band - 4)


def test_following_the_subtree_makes_the_explored_part_wide(app):
    view = app.mode.views.get("tree").tree_view
    assert view.window.follow and view.model().following
    rect = _map(app)
    app.draw()
    explored = share_near(app, _band(rect, 4), app.theme.tried, 20)
    refused = share_near(app, _band(rect, 3), app.theme.conflict, 200)  # any marked colour
    assert explored > 0.03 and refused > 0.5  # the whole map showed it as a 30 px sliver


def test_the_wheel_zooms_around_the_pointer_and_a_drag_pans(app):
    view = app.mode.views.get("tree").tree_view
    rect = _map(app)
    before = view.model().window
    wheel(app, rect.center, 1)
    zoomed = view.model().window
    assert not view.window.follow and zoomed[1] == pytest.approx(before[1] / 2)
    centre = before[0] + before[1] * (rect.centerx - rect.x) / rect.width
    assert zoomed[0] < centre < zoomed[0] + zoomed[1]
    for _ in range(12):  # all the way out: the whole map
        wheel(app, rect.center, -1)
    assert view.model().window == (0.0, 1.0)
    wheel(app, rect.center, 1)
    wheel(app, rect.center, 1)
    left = view.model().window[0]
    post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    app.tick(FRAME)
    post(pygame.MOUSEMOTION, pos=(rect.centerx - 50, rect.centery), rel=(-50, 0), buttons=(1, 0, 0))
    app.tick(FRAME)
    post(pygame.MOUSEBUTTONUP, pos=(rect.centerx - 50, rect.centery), button=1)
    app.tick(FRAME)
    moved = view.model().window
    assert moved[0] == pytest.approx(left + 50 / rect.width * moved[1])
    assert app.timeline.cursor == 300  # a drag is no click: the search did not move


def test_clicking_a_node_goes_to_the_moment_it_was_entered(app):
    rect = _map(app)
    view = app.mode.views.get("tree").tree_view
    n, depth = 8, 3
    # the first explored slot of depth 3 in the window: its pixel column from the model's codes
    codes = view.model().codes
    columns = [x for x in range(codes.shape[1]) if codes[depth, x] == 2]
    run = [c for k, c in enumerate(columns) if c - columns[0] == k]  # the first explored slot
    x = rect.x + int((run[0] + run[-1] + 1) / 2 * rect.width / codes.shape[1])
    y = _band(rect, depth).centery
    expected = view.moment_at(depth, (x - rect.x) / rect.width)
    assert expected is not None and expected < 300
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.tick(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    app.tick(FRAME)
    assert app.timeline.cursor == expected
    assert app.timeline.depth == depth  # the node just entered: its queen is the last placed
    assert n == app.mode.n


def test_clicking_a_node_link_node_goes_to_its_moment():
    app = new_app(4, "backtracking")
    app.dispatch("instant")
    app.join(30)
    app.tick(FRAME)
    press(app, pygame.K_t, "t")
    app.draw()
    nodes = app.mode.views.get("tree").hits.nodes
    assert len(nodes) == 16  # every node but the root
    centre, _, moment = nodes[4]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    app.tick(FRAME)
    assert app.timeline.cursor == moment and app.mode.views.get("tree").tree.count == 6
    app.close()


def test_exact_marks_equal_a_tree_built_from_scratch_after_stepping_back():
    timeline = Timeline(registry.get("backtracking"), 6)
    tree = SearchTree(6, keep_nodes=False)
    marks = SlotMarks(tree)
    tree.add_painter(marks)
    tree.attach(timeline)
    timeline.step(900)
    timeline.back(400)
    fresh_tree = SearchTree(6, keep_nodes=False)
    fresh = SlotMarks(fresh_tree)
    fresh_tree.add_painter(fresh)
    fresh_tree.attach(timeline)
    assert marks.top == fresh.top and marks.entered == fresh.entered
    assert (marks.window_codes(0.1, 0.05, 64) == fresh.window_codes(0.1, 0.05, 64)).all()
