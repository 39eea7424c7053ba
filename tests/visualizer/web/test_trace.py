"""The web page's trace (issue 24): rebuilt at any event it equals the window's timeline there, it
is compact, and a stretch too long or past the run's end is refused with one reason."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from solvers import registry
from visualizer.core.narration_log import NarrationLog
from visualizer.core.timeline import Timeline
from visualizer.web.page import encode, page_data, page_html, questions
from visualizer.web.trace import KEYFRAME, MAX_EVENTS, TraceError, build_trace


def rebuilt(keys: list, steps: list, frame: int) -> list:
    """What player.js's ``rebuild`` does, in Python."""
    rows = list(keys[frame // KEYFRAME])
    for f in range(frame // KEYFRAME * KEYFRAME + 1, frame + 1):
        change = steps[f]
        for i in range(0, len(change), 2):
            rows[change[i]] = change[i + 1]
    return rows


@pytest.mark.parametrize("algorithm", ["backtracking", "permutations-pruned", "mrv", "brute-force"])
def test_every_frame_rebuilds_the_timeline_there(algorithm):
    spec = registry.get(algorithm)
    first, last = 5, 5 + 2 * KEYFRAME + 7
    trace = build_trace(spec, 6, first, last)
    timeline = Timeline(spec, 6)
    narration = NarrationLog(timeline)
    timeline.step(first)
    totals = [0] * len(trace["counters"])
    for frame in range(trace["count"]):
        queens = [-1 if col is None else col for col in timeline.queens]
        assert rebuilt(trace["queenKeys"], trace["queenSteps"], frame) == queens, frame
        totals = [t + steps[frame] for t, steps in zip(totals, trace["counterSteps"], strict=True)]
        assert totals == [getattr(timeline.counters, key) for key in trace["counters"]]
        assert trace["sentences"][trace["said"][frame]] == [narration.current("en"), narration.current("zh")]
        assert trace["lines"][frame] == (timeline.last.line if timeline.last is not None else -1)
        timeline.step(1)
    assert trace["count"] == last - first + 1


def test_domains_follow_the_prunes_and_restores():
    trace = build_trace(registry.get("forward-checking"), 5, 0, 300)
    assert trace["domains"] and len(trace["domainKeys"]) == 2
    empty = rebuilt(trace["domainKeys"], trace["domainSteps"], 0)
    assert empty == [[0, 1, 2, 3, 4]] * 5
    assert any(len(row or []) < 5 for row in rebuilt(trace["domainKeys"], trace["domainSteps"], 12))


def test_refused_stretches_say_why():
    with pytest.raises(TraceError, match="at most 100,000"):
        build_trace(registry.get("backtracking"), 8, 0, MAX_EVENTS)
    with pytest.raises(TraceError, match="ends at event"):
        build_trace(registry.get("backtracking"), 4, 0, 500)
    with pytest.raises(TraceError, match="has only"):
        build_trace(registry.get("backtracking"), 4, 500, 510)
    with pytest.raises(TraceError, match="backwards"):
        build_trace(registry.get("backtracking"), 4, 9, 3)


def test_a_hundred_thousand_events_stay_under_two_megabytes():
    html = page_html(registry.get("backtracking"), 10, 0, MAX_EVENTS - 1)  # others: benchmarks/web_page.py
    assert len(html.encode("utf-8")) < 2 * 1024 * 1024


def test_the_data_opens_again_and_questions_follow_bookmarks():
    from visualizer.core.lesson import Bookmark, Lesson

    lesson = Lesson(n=4, bookmarks=(Bookmark(0, (("en", "start"),)), Bookmark(4), Bookmark(500)))
    data = page_data(registry.get("backtracking"), 4, 0, None, lesson)
    assert json.loads(zlib.decompress(base64.b64decode(encode(data)))) == json.loads(json.dumps(data))
    assert [mark["frame"] for mark in data["bookmarks"]] == [0, 4]  # 500 is past the run
    assert data["bookmarks"][0]["note"] == {"en": "start", "zh": "start"}
    assert [(q["frame"], q["row"]) for q in data["questions"]] == [(0, 0), (4, 1)]
    assert questions([[3, 1, 1]], [{"frame": 3}], 9) == []  # no queen after the last bookmark


def test_whole_board_questions_are_not_asked():
    from visualizer.core.lesson import Bookmark, Lesson

    data = page_data(registry.get("brute-force"), 4, 0, 50, Lesson(bookmarks=(Bookmark(3),)))
    assert data["questions"] == [] and len(data["bookmarks"]) == 1


def test_a_stretch_far_into_the_run_is_what_stepping_there_shows():
    spec = registry.get("backtracking")
    trace = build_trace(spec, 9, 60_000, 60_010)  # reached by a seek, the narration rebuilt
    timeline = Timeline(spec, 9)
    narration = NarrationLog(timeline)
    timeline.step(60_000)
    for frame in range(trace["count"]):
        assert trace["sentences"][trace["said"][frame]] == [narration.current("en"), narration.current("zh")]
        queens = [-1 if col is None else col for col in timeline.queens]
        assert rebuilt(trace["queenKeys"], trace["queenSteps"], frame) == queens
        timeline.step(1)
