"""Events a stream lets through that no solver of ours makes (a student's forged ones): the event
log and the gallery take them without breaking, whatever the stream's own checks let pass."""

from __future__ import annotations

from solvers import registry
from solvers.events import Backtrack, Place, Solution
from visualizer.core.eventlog import EventLog
from visualizer.core.gallery import Gallery
from visualizer.core.timeline import Timeline


def test_forged_lines_and_counts_are_logged_without_breaking_the_log():
    log = EventLog()
    events = [
        Place(0, 0, 10**9, checks=10**40),
        Place(1, 2, -5, checks=-3),
        Backtrack(1, 2, 2.5, attempt=7),  # type: ignore[arg-type]
        Place(1, 3, 4, checks=2000),
    ]
    log.extend(events)
    read = [log.get(i) for i in range(4)]
    assert [e.line for e in read] == [10**9, 0, 0, 4]
    assert [e.checks for e in read] == [0, 0, 0, 2000]
    assert log.tally(0, 4).checks == 2000 and log.tally(0, 4).attempts == 4


def test_the_gallery_counts_a_solution_off_the_board_but_files_only_real_boards():
    timeline = Timeline(registry.get("backtracking"), 6)
    gallery = Gallery(6).attach(timeline)
    right = (1, 3, 5, 0, 2, 4)
    for queens in [(10**6,) * 6, right, (0, 1), right]:
        gallery.on_event(Solution(queens), 1)
    assert gallery.total == 4 and [e.queens for e in gallery.entries] == [right, right]
    for expected in ([right], [right], [], []):  # undone newest first: each filed one leaves in turn
        gallery.on_event(Solution(()), -1)
        assert [e.queens for e in gallery.entries] == expected
    assert gallery.total == 0
