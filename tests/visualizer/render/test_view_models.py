"""Renderers read, never write: drawing a side view leaves the timeline and the view models as they
were, and the incremental models (tree, icicle map, gallery, chart) always equal ones built from
scratch at the same event index, through steps, steps back and resets."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from solvers import engine, registry
from visualizer.core import tree as core_tree
from visualizer.core.timeline import Timeline
from visualizer.core.tree_view import TreeView
from visualizer.look.theme import CLASSROOM, PROJECTOR
from visualizer.modes.views import Views


def timeline_at(algo: str, n: int, cursor: int) -> Timeline:
    timeline = Timeline(registry.get(algo), n)
    timeline.step(cursor)
    return timeline


def timeline_state(timeline: Timeline) -> tuple:
    return (
        timeline.cursor,
        timeline.counters.as_dict(),
        len(timeline.log),
        timeline.log.end,
        timeline.exhausted,
        list(timeline.queens),
        len(timeline.solutions),
        len(timeline.listeners),
        len(timeline.reset_listeners),
    )


def views_state(views: Views) -> tuple:
    """Everything the side views hold, as plain values."""
    tree_side, gallery_side, chart_side = views.get("tree"), views.get("gallery"), views.get("chart")
    tree_view = tree_side.tree_view if tree_side is not None else None
    tree = icicle = None
    if tree_view is not None:
        tree = tree_view.tree.snapshot()
        if tree_view.icicle is not None:
            icicle = (
                tree_view.icicle.codes.tobytes(),
                tuple(bytes(column) for marks in tree_view.icicle.counts for column in marks),
            )
    gallery = None
    if gallery_side is not None:
        built = gallery_side.gallery
        gallery = (built.total, tuple(built.entries), repr(built.classes))
    chart = tuple(chart_side.chart.values) if chart_side is not None else None
    return tree, icicle, gallery, chart


def model_state(model: object) -> object:
    """A model as plain values (its numpy codes as bytes)."""
    codes = getattr(model, "codes", None)
    if isinstance(codes, np.ndarray):
        return (repr(model), codes.tobytes())
    return repr(model)


def forbid(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("drawing moved the timeline, searched or computed a profile")


#: (view, algorithm, n, events applied before drawing)
DRAW_CASES = [
    ("tree", "backtracking", 4, 45),  # node-link
    ("tree", "backtracking", 5, 120),
    ("tree", "backtracking", 6, 400),
    ("tree", "backtracking", 8, 3_000),  # icicle map and profile chart
    ("tree", "backtracking", 9, 20_000),
    ("tree", "backtracking", 10, 60_000),
    ("tree", "brute-force", 5, 900),  # too many nodes for node-link: the map
    ("gallery", "backtracking", 8, 40_000),
    ("chart", "min-conflicts", 24, 300),
]


@pytest.mark.parametrize(("view", "algo", "n", "steps"), DRAW_CASES)
def test_drawing_changes_nothing(view, algo, n, steps, monkeypatch):
    timeline = timeline_at(algo, n, steps)
    views = Views()
    views.set(view, timeline)  # building the model may search (the layout) and profile: not drawing
    before = (timeline_state(timeline), views_state(views))
    model = views.model()
    assert model is not None
    frozen = model_state(model)
    # drawing may not move the timeline, run a search or compute a profile
    for name in ("step", "back", "reset", "advance_until", "_pull"):
        monkeypatch.setattr(timeline, name, forbid)
    monkeypatch.setattr(engine, "profile", forbid)
    monkeypatch.setattr(core_tree, "complete_tree", forbid)
    for size, theme, lang in (((520, 760), CLASSROOM, "en"), ((900, 600), PROJECTOR, "zh")):
        surface = pygame.Surface(size)
        assert views.draw(surface, surface.get_rect(), model, theme, lang)
        assert len({tuple(surface.get_at((x, size[1] // 2))) for x in range(0, size[0], 7)}) > 1
    assert (timeline_state(timeline), views_state(views)) == before
    assert model_state(model) == frozen
    assert model_state(views.model()) == frozen  # nothing moved: the next snapshot is the same


def test_the_window_draws_the_tree_without_moving_the_timeline(app, monkeypatch):
    app.dispatch("step", 300)
    app.dispatch("view", "tree")  # turned on mid-run: built from the log, once, here
    assert app.mode.views.get("tree").tree is not None and app.mode.views.get("tree").tree.count > 1
    before = (timeline_state(app.timeline), views_state(app.mode.views))
    for name in ("step", "back", "_pull"):
        monkeypatch.setattr(app.timeline, name, forbid)
    monkeypatch.setattr(engine, "profile", forbid)
    app.draw()
    app.draw()
    assert (timeline_state(app.timeline), views_state(app.mode.views)) == before


def test_icicle_model_codes_are_read_only():
    view = TreeView(timeline_at("backtracking", 8, 500))
    codes = view.model().codes
    assert codes is not None
    with pytest.raises(ValueError):
        codes[0, 0] = 0


# -- incremental == from scratch -------------------------------------------------------------

#: (algorithm, n, operations): ("step", k), ("back", k) or ("reset", 0), each checked after it
SCRATCH_CASES = [
    ("backtracking", 4, [("step", 30), ("back", 12), ("step", 100), ("reset", 0), ("step", 7)]),
    ("backtracking", 6, [("step", 700), ("back", 650), ("reset", 0), ("step", 1_000)]),
    ("backtracking", 8, [("step", 5_000), ("back", 4_321), ("step", 900), ("reset", 0), ("step", 2_500)]),
    ("backtracking", 10, [("step", 40_000), ("back", 39_999), ("step", 15_000)]),
    ("brute-force", 5, [("step", 1_500), ("back", 700), ("reset", 0), ("step", 300)]),
    ("permutations-pruned", 7, [("step", 2_000), ("back", 1_999), ("step", 3_000)]),
]


def fresh_views(algo: str, n: int, cursor: int, finished: bool = False) -> Views:
    timeline = timeline_at(algo, n, cursor)
    if finished:  # at the last event: let it find out there is no next one (root closes)
        assert timeline.run_to_end() and timeline.cursor == cursor
    views = Views()
    for view in ("tree", "gallery", "chart"):
        views.set(view, timeline)
    return views


@pytest.mark.parametrize(("algo", "n", "operations"), SCRATCH_CASES)
def test_incremental_views_equal_views_built_from_scratch(algo, n, operations):
    timeline = Timeline(registry.get(algo), n)
    views = fresh_views(algo, n, 0)
    for view in ("tree", "gallery", "chart"):
        views.set(view, timeline)
    for operation, k in operations:
        if operation == "step":
            timeline.step(k)
        elif operation == "back":
            timeline.back(k)
        else:
            timeline.reset()
        scratch = fresh_views(algo, n, timeline.cursor, timeline.finished)
        assert views_state(views) == views_state(scratch), (operation, k, timeline.cursor)
        assert model_state(views.get("tree").tree_view.model()) == model_state(
            scratch.get("tree").tree_view.model()
        )


def test_reset_clears_every_follower_and_they_keep_following():
    timeline = timeline_at("min-conflicts", 16, 0)
    views = Views()
    for view in ("tree", "gallery", "chart"):
        views.set(view, timeline)
    timeline.run_to_end(limit=5_000)
    assert views.get("chart").chart is not None and len(views.get("chart").chart) > 0
    timeline.reset()
    assert views_state(views) == views_state(fresh_views("min-conflicts", 16, 0))
    timeline.step(200)
    assert views_state(views) == views_state(fresh_views("min-conflicts", 16, 200))


def test_a_detached_view_no_longer_hears_resets():
    timeline = timeline_at("backtracking", 8, 2_000)
    view = TreeView(timeline)
    grown = view.tree.snapshot()
    view.detach()
    timeline.reset()
    assert view.tree.snapshot() == grown
    assert timeline.listeners == [] and timeline.reset_listeners == []
