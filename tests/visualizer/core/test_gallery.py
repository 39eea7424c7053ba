"""The gallery: 92 solutions of n = 8 in 12 classes, symmetries, overflow notice, clicks."""

from __future__ import annotations

import pygame

from solvers import registry
from solvers.board import SYMMETRIES
from visualizer.core.gallery import Gallery
from visualizer.core.timeline import Timeline
from visualizer.look.theme import CLASSROOM, legible
from visualizer.render.gallery import MIN_BOARD, draw_gallery, draw_gallery_page, hit


def full_gallery(n: int = 8, **kwargs) -> tuple[Timeline, Gallery]:
    timeline = Timeline(registry.get("backtracking"), n)
    gallery = Gallery(n, **kwargs).attach(timeline)
    timeline.run_to_end()
    return timeline, gallery


def test_n8_twelve_classes(reference):
    _, gallery = full_gallery()
    assert gallery.total == gallery.kept == 92
    assert len(gallery.classes) == reference["fundamental_solutions"]["8"] == 12
    assert sorted(len(m) for m in gallery.classes.values()) == [4] + [8] * 11
    for entry in gallery.entries:
        assert SYMMETRIES[entry.symmetry](entry.queens) == entry.representative
        assert entry.representative in gallery.classes


def test_undo_removes_solutions_and_classes():
    timeline = Timeline(registry.get("backtracking"), 8)
    gallery = Gallery(8).attach(timeline)
    for _ in range(10):
        timeline.next_solution()
    before = (
        gallery.total,
        [e.queens for e in gallery.entries],
        {k: list(v) for k, v in gallery.classes.items()},
    )
    timeline.next_solution()
    timeline.next_solution()
    assert gallery.total == 12
    timeline.back(timeline.cursor - before_cursor(timeline, 10))
    after = (
        gallery.total,
        [e.queens for e in gallery.entries],
        {k: list(v) for k, v in gallery.classes.items()},
    )
    assert after == before
    timeline.back(timeline.cursor)
    assert gallery.total == 0 and not gallery.classes


def before_cursor(timeline: Timeline, solutions: int) -> int:
    """The cursor just after the ``solutions``-th solution (replayed on a fresh timeline)."""
    fresh = Timeline(timeline.spec, timeline.n)
    for _ in range(solutions):
        fresh.next_solution()
    return fresh.cursor


def test_too_many_to_keep_is_said_and_counted():
    timeline, gallery = full_gallery(keep=20)
    assert gallery.kept == 20 and gallery.total == 92 and gallery.overflow
    surface = pygame.Surface((900, 700))
    draw_gallery(surface, surface.get_rect(), gallery.model(), CLASSROOM, "en")
    notice_row = [tuple(surface.get_at((x, y)))[:3] for x in range(0, 600) for y in range(30, 60)]
    assert legible(CLASSROOM.conflict, CLASSROOM.panel) in notice_row  # the overflow line: the warning colour
    timeline.back(timeline.cursor)
    assert gallery.total == 0 and gallery.kept == 0


def test_draw_gallery_returns_hits_that_select():
    _timeline, gallery = full_gallery()
    surface = pygame.Surface((1000, 760))
    hits = draw_gallery(surface, surface.get_rect(), gallery.model(), CLASSROOM, "zh")
    paged, first = [], 0  # boards of at least MIN_BOARD pixels: the 92 take pages
    while first < 12:
        page, shown = draw_gallery_page(
            surface, surface.get_rect(), gallery.model(), CLASSROOM, "zh", first_class=first
        )
        assert shown >= 1 and all(rect.w >= MIN_BOARD for rect, _ in page)
        paged, first = paged + page, first + shown
    assert len(paged) == 92 and {q for _, q in paged} == {e.queens for e in gallery.entries}
    rect, queens = hits[17]
    assert hit(hits, rect.center) == queens and hit(hits, (0, 0)) is None
    drawn = draw_gallery(surface, surface.get_rect(), gallery.model(), CLASSROOM, "en", selected=queens)
    rect = next(r for r, q in drawn if q == queens)
    assert tuple(surface.get_at((rect.x - 4, rect.centery)))[:3] == CLASSROOM.tried
    # a queen is drawn on the mini board where the solution has one (row 0)
    n = gallery.n
    x = rect.x + int((queens[0] + 0.5) * rect.width / n)
    y = rect.y + int(0.5 * rect.height / n)
    assert tuple(surface.get_at((x, y)))[:3] == CLASSROOM.queen
