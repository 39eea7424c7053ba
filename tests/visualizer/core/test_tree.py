"""The search tree: seed 003's numbered walk, undo, Knuth's profile, and the pictures."""

from __future__ import annotations

import pygame
import pytest

from solvers import engine, registry
from visualizer.core.icicle import EXPLORED_CODE, PRUNED_CODE, SOLUTION_CODE, IcicleMap
from visualizer.core.timeline import Timeline
from visualizer.core.tree import DEAD, SOLUTION, SearchTree
from visualizer.core.tree_view import TreeView
from visualizer.look.theme import CLASSROOM
from visualizer.render.tree import draw_profile, draw_tree, map_image, map_palette


def grown(algo: str, n: int, steps: int | None = None, **kwargs) -> tuple[Timeline, SearchTree]:
    timeline = Timeline(registry.get(algo), n)
    tree = SearchTree(n, **kwargs).attach(timeline)
    if steps is None:
        timeline.run_to_end()
    else:
        timeline.step(steps)
    return timeline, tree


def test_n4_walk_matches_seed_003(reference):
    _, tree = grown("backtracking", 4)
    assert tree.count == 17
    squares = [list(node.square) for node in tree.nodes[1:]]
    assert squares == reference["n4_search_order"]["placements"]
    solutions = [node.number for i, node in enumerate(tree.nodes) if tree.state(i) == SOLUTION]
    assert solutions == [9, 13]
    # seed 003: node 3 is a dead end with every square of row 3 refused
    assert tree.state(2) == DEAD and tree.nodes[2].pruned == [0, 1, 2, 3]
    assert tree.nodes[16].parent == 13  # node 17 hangs from node 14


@pytest.mark.parametrize(("k", "m"), [(5, 7), (20, 25), (31, 1), (40, 30)])
def test_step_back_restores_the_same_tree(k, m):
    timeline, tree = grown("backtracking", 4, k)
    before = tree.snapshot()
    timeline.step(m)
    assert tree.snapshot() != before
    timeline.back(m)
    assert tree.snapshot() == before


def test_step_back_restores_large_tree_and_enumeration():
    for algo, n, k, m in (("backtracking", 8, 3000, 2500), ("brute-force", 5, 900, 700)):
        timeline, tree = grown(algo, n, k)
        before = tree.snapshot()
        timeline.step(m)
        timeline.back(m)
        assert tree.snapshot() == before


def test_n8_profile_is_knuths(reference):
    _, tree = grown("backtracking", 8)
    assert tree.level_counts == reference["backtrack_tree_profile"]["8"] == engine.profile(8)
    assert tree.count == 2057 and tree.nodes is None


def test_attach_mid_run_replays():
    timeline = Timeline(registry.get("backtracking"), 5)
    timeline.step(100)
    late = SearchTree(5).attach(timeline)
    _, early = grown("backtracking", 5, 100)
    assert late.snapshot() == early.snapshot()


def _pixel(surface: pygame.Surface, icicle: IcicleMap, area: pygame.Rect, depth: int, frac: float):
    band = area.height // (icicle.n + 1)
    return tuple(surface.get_at((area.x + int(frac * area.width), area.y + depth * band + band // 2)))[:3]


def test_icicle_paints_and_undo_repaints():
    timeline = Timeline(registry.get("backtracking"), 8)
    tree = SearchTree(8)
    icicle = IcicleMap(8)
    tree.add_painter(icicle)
    tree.attach(timeline)
    timeline.next_solution()  # 0 4 7 5 2 6 1 3
    palette = [tuple(int(v) for v in colour) for colour in map_palette(CLASSROOM)]
    image = map_image(icicle.codes.copy(), (800, 9 * 20), CLASSROOM)
    area = pygame.Rect(0, 0, 800, 180)
    surface = pygame.Surface(area.size)
    surface.blit(image, (0, 0))
    assert _pixel(surface, icicle, area, 1, 0.05) == palette[EXPLORED_CODE]  # node (0, 0)
    assert _pixel(surface, icicle, area, 2, 0.05 / 8) == palette[PRUNED_CODE]  # (1, 0) refused under (0, 0)
    left, width = tree.slot(8)
    assert icicle.codes[8, int((left + width / 2) * icicle.width)] == SOLUTION_CODE
    assert _pixel(surface, icicle, area, 1, 0.9) == palette[0]  # column 7 not reached yet
    before = icicle.codes.copy()
    timeline.step(500)
    assert (icicle.codes != before).any()
    timeline.back(500)
    assert (icicle.codes == before).all()
    timeline.back(timeline.cursor)
    assert icicle.codes[1:].max() == 0 and icicle.codes[0].min() == EXPLORED_CODE


def test_draw_tree_node_link_marks_states():
    timeline, _tree = grown("backtracking", 4, 45)  # node 12 current, node 9 a solution
    model = TreeView(timeline).model()
    assert model.node_link
    surface = pygame.Surface((900, 600))
    draw_tree(surface, surface.get_rect(), model, CLASSROOM)
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 900, 3) for y in range(0, 600, 3)}
    assert CLASSROOM.solution in colours and CLASSROOM.conflict in colours and CLASSROOM.tried in colours


def test_draw_tree_map_for_large_n():
    timeline, _tree = grown("backtracking", 12, 5000)
    model = TreeView(timeline).model()
    assert not model.node_link
    surface = pygame.Surface((900, 600))
    draw_tree(surface, surface.get_rect(), model, CLASSROOM, "zh")
    explored = tuple(int(v) for v in map_palette(CLASSROOM)[EXPLORED_CODE])
    assert any(tuple(surface.get_at((x, 100)))[:3] == explored for x in range(0, 900))


def colour_bands(surface: pygame.Surface, colour: tuple[int, int, int]) -> list[int]:
    """Widths of the horizontal bands drawn in ``colour``, top to bottom (one per bar)."""
    widths = [
        sum(tuple(surface.get_at((x, y)))[:3] == colour for x in range(surface.get_width()))
        for y in range(surface.get_height())
    ]
    bands: list[int] = []
    for y, width in enumerate(widths):
        if width and (y == 0 or not widths[y - 1]):
            bands.append(width)
    return bands


def test_draw_profile_bars_follow_counts():
    surface = pygame.Surface((500, 360))
    full = engine.profile(8)  # [1, 8, 42, 140, 344, 568, ...]
    draw_profile(surface, surface.get_rect(), [1, 8, 42, 70, 0, 0, 0, 0, 0], full, CLASSROOM)
    # completed depths 0-2 in the solution colour, depth 3 (70 of 140) in the tried colour
    done, partial = colour_bands(surface, CLASSROOM.solution), colour_bands(surface, CLASSROOM.tried)
    assert len(done) == 3 and len(partial) == 1
    # each bar as long as its count, the peak (568 at depth 5) filling the bar's width, whatever it is
    peak = max(full)
    assert any([round(bar * c / peak) for c in (1, 8, 42, 70)] == done + partial for bar in range(1, 500))


def test_the_tree_opened_after_a_long_instant_result_joins_the_run_and_follows_it_both_ways():
    """Brute force n = 6 (158,628 events, more than the tree replays): T after Instant result does
    not replay the run; the tree grows from the current path, says so, and steps back and forth."""
    from tests.ui import FRAME, new_app, press
    from visualizer.core.tree import REPLAY_LIMIT

    app = new_app(6, "brute-force")
    try:
        app.dispatch("instant")
        assert app.join(120)
        app.tick(FRAME)
        timeline = app.timeline
        assert timeline is not None and timeline.finished and timeline.cursor > REPLAY_LIMIT
        app.dispatch("seek", timeline.cursor - 50)  # mid-board, queens on the board
        press(app, pygame.K_t)
        app.tick(FRAME)
        tree = app.mode.views.get("tree").tree_view.tree
        assert tree.joined == timeline.cursor and tree.moment == timeline.cursor
        placed = [c for c in timeline.queens if c is not None]
        assert tree.depth == len(placed) and tree.path_cols == placed
        for key, steps in ((pygame.K_LEFT, 30), (pygame.K_RIGHT, 45), (pygame.K_LEFT, 10)):
            for _ in range(steps):
                press(app, key)
                app.tick(FRAME)
            placed = [c for c in timeline.queens if c is not None]
            assert tree.moment == timeline.cursor
            assert (tree.depth, tree.path_cols) == (len(placed), placed)
        model = app.mode.views.model()
        assert model is not None and 0 < model.joined == tree.joined <= timeline.cursor
    finally:
        app.close()


@pytest.mark.parametrize("algorithm", ["construction", "min-conflicts"])
def test_the_tree_view_at_n_150_draws_without_overflow(algorithm):
    """Issue 18 item 13: n**depth past a float's range (150**142) raised OverflowError."""
    from tests.ui import FRAME, new_app, type_key

    app = new_app(150, algorithm)
    try:
        type_key(app, pygame.K_t, "t")
        app.dispatch("step", 200)
        app.tick(FRAME)
        assert app.mode.view == "tree" and app.banner is None and app.logged == {}
    finally:
        app.close()
