"""The window's narration (visualizer/core/narration_log.py) says what a straight walk says, after
steps, step back, long jumps (rebuilt from the board) and resets, and its log lists past events."""

from __future__ import annotations

import pytest

from solvers import registry
from solvers.narration import Narrator
from visualizer.core import narration_log
from visualizer.core.narration_log import NarrationLog
from visualizer.core.timeline import Timeline

CASES = [(name, 5 if name != "brute-force" else 4) for name in registry.ALGORITHMS]


def walk(name: str, n: int, lang: str) -> list[str]:
    spec = registry.get(name)
    narrator = Narrator(spec, n)
    return [narrator.step(event, lang) for event in spec.solve(n)]


@pytest.mark.parametrize(("name", "n"), CASES)
def test_current_and_log_match_a_straight_walk(name: str, n: int, monkeypatch) -> None:
    monkeypatch.setattr(narration_log, "REBUILD", 7)  # small: long moves take the rebuild path
    monkeypatch.setattr(narration_log, "WINDOW", 3)  # and the log reads past the replayed events
    expected = {lang: walk(name, n, lang) for lang in ("en", "zh")}
    timeline = Timeline(registry.get(name), n)
    narration = NarrationLog(timeline)
    moves = [1, 1, 3, -2, 20, -9, 1, 50, -30, 200, -1, 5]
    for move in moves:
        timeline.step(move) if move > 0 else timeline.back(-move)
        cursor = timeline.cursor
        for lang in ("en", "zh"):
            said = narration.current(lang)
            assert said == (expected[lang][cursor - 1] if cursor else "")
            lines = narration.lines(4, lang)
            assert lines == [(i, expected[lang][i]) for i in range(max(0, cursor - 4), cursor)]
    narration.scroll_by(3, 4)
    cursor = timeline.cursor
    assert (
        narration.lines(4, "en")
        == [(i, expected["en"][i]) for i in range(max(0, cursor - 3 - 4), cursor - 3)]
        or cursor < 7
    )
    timeline.reset()
    assert narration.current("en") == "" and narration.lines(3, "en") == []
    timeline.step(2)
    assert narration.current("en") == expected["en"][1]


SEEK_CASES = [(name, 7 if name not in ("brute-force", "permutations") else 5) for name in registry.ALGORITHMS]


@pytest.mark.parametrize(("name", "n"), SEEK_CASES)
def test_after_seeks_the_narration_is_still_exact(name: str, n: int, monkeypatch) -> None:
    from visualizer.core import timeline as timeline_module

    for constant, value in (("NEAR", 4), ("LANDING", 8), ("BACK_WINDOW", 8), ("CHECKPOINT_EVERY", 32)):
        monkeypatch.setattr(timeline_module, constant, value)  # far moves jump by checkpoints
    monkeypatch.setattr(timeline_module, "REPLAY_CHECKPOINT_EVERY", 32)
    monkeypatch.setattr(narration_log, "WINDOW", 3)
    expected = walk(name, n, "en")
    timeline = Timeline(registry.get(name), n)
    narration = NarrationLog(timeline)
    total = len(expected)
    starts = []
    for target in (total // 2, total // 5, total - 1, 37, total // 3 + 11, 5):
        k = timeline.seek(min(target, total))
        starts.append(timeline.history_start)
        assert narration.current("en") == (expected[k - 1] if k else "")
        assert narration.lines(4, "en") == [
            (i, expected[i]) for i in range(max(timeline.history_start, k - 4), k)
        ]
    assert max(starts) > 0 or not timeline.seekable  # the log really started afresh after a jump
