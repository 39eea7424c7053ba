"""What an exported web page shows at each event of a stretch (issue 24), computed in Python. No pygame.

``build_trace`` runs its own timeline of the algorithm (the window's is never moved) from event
``first`` to ``last`` and records, for every cursor position, what the window shows there: the
queens, the last event's marks (tried, refused square and its attacker, lifted square), the
domains where the algorithm keeps them (and MRV's next row), the counters the window shows, the
pseudo-code line and the narration in both languages -- read through the same objects the
window's watch mode reads (``scene_of``, ``NarrationLog``, ``DomainFollower``).

The trace is compact: queens and domains are keyframes every ``KEYFRAME`` events plus each
event's changed rows, counters are per-event differences, marks and sentences are stored once
each in a table and named by their index. ``player.js`` rebuilds any event from them.

>>> from solvers import registry
>>> trace = build_trace(registry.get("backtracking"), 4, 0, 3)
>>> trace["count"], trace["queenKeys"][0], trace["queenSteps"][1], trace["lines"][:2]
(4, [-1, -1, -1, -1], [0, 0], [-1, 6])
>>> trace["sentences"][trace["said"][2]][0]
'Row 2, column 1 is refused: the queen in row 1 holds that column.'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from solvers.registry import AlgorithmSpec
from visualizer.core.domains import DomainFollower, shows_domains
from visualizer.core.narration_log import NarrationLog
from visualizer.core.scene import scene_of
from visualizer.core.timeline import Timeline
from visualizer.look.i18n import LANGUAGES

#: The most events one page holds (a longer stretch is refused: export a shorter one).
MAX_EVENTS = 100_000
#: A full copy of the queens (and domains) every this many events; the rest are changes.
KEYFRAME = 256


class TraceError(ValueError):
    """A stretch that cannot become a page, with a one-line reason."""


def check_stretch(first: int, last: int) -> None:
    """TraceError unless ``first`` to ``last`` is a stretch a page can hold.

    >>> try:
    ...     check_stretch(0, 100_000)
    ... except TraceError as error:
    ...     print(error)
    the stretch 0-100000 has 100,001 events; a page holds at most 100,000
    """
    if first < 0 or last < first:
        raise TraceError(f"the stretch {first}-{last} runs backwards or before event 0")
    if last - first + 1 > MAX_EVENTS:
        raise TraceError(
            f"the stretch {first}-{last} has {last - first + 1:,} events; a page holds at most {MAX_EVENTS:,}"
        )


def _changes(before: Sequence[object], after: Sequence[object]) -> list[object]:
    """``[row, value, row, value, ...]`` for the rows whose value differs."""
    out: list[object] = []
    for row, (old, new) in enumerate(zip(before, after, strict=True)):
        if old != new:
            out += [row, new]
    return out


class _Table:
    """Values stored once each; ``index`` names one by its place."""

    def __init__(self) -> None:
        self.values: list[object] = []
        self._index: dict[object, int] = {}

    def index(self, value: object) -> int:
        key = repr(value)
        if key not in self._index:
            self._index[key] = len(self.values)
            self.values.append(value)
        return self._index[key]


def _square(square: tuple[int, int] | None) -> list[int]:
    return [-1, -1] if square is None else [int(square[0]), int(square[1])]


def build_trace(
    spec: AlgorithmSpec,
    n: int,
    first: int,
    last: int | None,
    *,
    clamp: bool = False,
    stops: Sequence[int] | None = None,
) -> dict[str, object]:
    """The page's trace of events ``first`` to ``last`` (None: to the end of the run) of ``spec`` at
    ``n``. TraceError if the run has no event ``first`` or the stretch is too long; with ``clamp``
    (a race's side, which stays at its end) a run that ends sooner stops there instead. With
    ``stops`` (ascending cursor positions from ``first`` to ``last``, repeats allowed) a frame is
    kept at each of them only: an exercise's board after each of its moves.

    >>> from solvers import registry
    >>> build_trace(registry.get("backtracking"), 4, 0, 4, stops=[0, 1, 1, 4])["queenSteps"]
    [[], [0, 0], [], [1, 2]]
    """
    check_stretch(first, first if last is None else last)
    if stops is not None and (list(stops) != sorted(stops) or not stops or stops[0] != first):
        raise TraceError("an exercise's stops must ascend from its first event")
    following = iter(stops[1:] if stops is not None else ())
    timeline = Timeline(spec, n)
    narration = NarrationLog(timeline)
    domains = DomainFollower(n).attach(timeline) if shows_domains(spec) else None
    if first and timeline.seek(first) != first:
        if not clamp:
            raise TraceError(f"the run of {spec.name} at n = {n} has only {timeline.cursor:,} events")
        first = timeline.cursor
    end = first + MAX_EVENTS - 1 if last is None else last
    shown = tuple(spec.counters)
    marks, sentences = _Table(), _Table()
    trace: dict[str, list[object]] = {
        key: []
        for key in ("queenKeys", "queenSteps", "domainKeys", "domainSteps", "mrv", "marks", "said", "lines")
    }
    places: list[list[int]] = []  # [frame, row, col] of each frame whose last event is a Place
    totals: list[list[int]] = [[] for _ in shown]
    queens_before: list[int] = []
    rows_before: list[object] = []
    frame = 0
    while True:
        scene = scene_of(timeline, shade_attacked=False, domains=domains)
        queens = [-1 if col is None else int(col) for col in scene.queens]
        keyframe = frame % KEYFRAME == 0
        if keyframe:
            trace["queenKeys"].append(queens)
        trace["queenSteps"].append([] if keyframe else _changes(queens_before, queens))
        if scene.domains is not None:
            view = scene.domains
            rows: list[object] = [
                list(view.remaining(r)) if r in view.empty_rows else None for r in range(view.n)
            ]
            if keyframe:
                trace["domainKeys"].append(rows)
            trace["domainSteps"].append([] if keyframe else _changes(rows_before, rows))
            trace["mrv"].append(-1 if view.mrv_row is None else view.mrv_row)
            rows_before = rows
        queens_before = queens
        mark = [
            *_square(scene.tried),
            *_square(scene.refused),
            *_square(scene.blocker),
            *_square(scene.lifted),
        ]
        mark.append(0 if scene.solution_number is None else scene.solution_number)
        trace["marks"].append(marks.index(mark))
        said = tuple(narration.current(lang) for lang in LANGUAGES)
        trace["said"].append(sentences.index(list(said)))
        trace["lines"].append(-1 if scene.line is None else scene.line)
        placed = timeline.last.placed() if timeline.last is not None else None
        if placed is not None:
            places.append([frame, *placed])
        counters = timeline.counters
        for values, key in zip(totals, shown, strict=True):
            values.append(getattr(counters, key))
        frame += 1
        if stops is not None:
            gap = next(following, timeline.cursor - 1) - timeline.cursor
            if gap < 0 or timeline.step(gap) != gap:
                break
        elif timeline.cursor >= end or timeline.step(1) == 0:
            break
    if last is not None and timeline.cursor < last and not clamp:
        raise TraceError(
            f"the run of {spec.name} at n = {n} ends at event {timeline.cursor:,}, before {last:,}"
        )
    if last is None and not timeline.finished:
        raise TraceError(
            f"the whole run is longer than {MAX_EVENTS:,} events; export a stretch FROM-TO of at most that"
            " many"
        )
    counter_steps = [[values[0]] + [b - a for a, b in pairwise(values)] for values in totals]
    return {
        "n": n,
        "algorithm": spec.name,
        "title": {"en": spec.title, "zh": spec.title_zh},
        "first": first,
        "count": frame,
        "keyframe": KEYFRAME,
        "code": {lang: list(spec.code_in(lang)) for lang in LANGUAGES},
        "counters": list(shown),
        "counterSteps": counter_steps,
        "markTable": marks.values,
        "sentences": sentences.values,
        **trace,
        "domains": scene.domains is not None,
        "places": places,
    }
