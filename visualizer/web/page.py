"""One self-contained HTML page that plays a stretch of a run offline (issue 24). No pygame.

The page is ``page.html`` with ``player.js`` and the page's data inlined: the trace
(``visualizer/web/trace.py``), the lesson's bookmarks and predict questions, and the page's
strings in both languages, as JSON compressed with zlib and base64-encoded (the browser's own
``DecompressionStream`` opens it). Nothing is fetched when it is opened: no CDN, no font, no
script from elsewhere, so it works from ``file://``, in an iframe and in a learning-management
system.

>>> from solvers import registry
>>> html = page_html(registry.get("backtracking"), 4, 0, 10)
>>> html.startswith("<!DOCTYPE html>"), "http" in html.split("<script")[0]
(True, False)
"""

from __future__ import annotations

import base64
import html as markup
import json
import re
import zlib
from importlib import resources
from pathlib import Path

from solvers import registry
from solvers.registry import AlgorithmSpec
from solvers.safe_files import write_atomically
from visualizer.core.lesson import Lesson, utf8_safe
from visualizer.look.i18n import LANGUAGES, STRINGS, tr
from visualizer.web.trace import TraceError, build_trace

#: The largest page written (bytes); 100,000 events take well under it (README "A lesson as a web page").
MAX_PAGE_BYTES = 4 * 1024 * 1024
#: The strings of ``visualizer/look/i18n.py`` the page shows.
PAGE_STRINGS = (
    "play", "pause", "attempts", "placements", "backtracks", "solutions", "checks", "repairs", "pruned",
    "wipeouts", "hidden_name",
)  # fmt: skip
PREFIX = "web_"
EXERCISE_PREFIX = "exercise_"
#: The template's places for the scripts, the title and the data: each filled once, in one pass, so
#: nothing filled in (a file name holding ``@@DATA@@``) is ever read as a place of its own.
PLACES = re.compile(r"/\*PLAYER_JS\*/|/\*EXERCISE_JS\*/|@@TITLE@@|@@DATA@@")


def _strings() -> dict[str, dict[str, str]]:
    """The page's strings per language: its own (``web_*``), the counters' names and the window's
    exercise's (``exercise_*``, kept whole: the exercise in the page says what the window says)."""
    keys = [key for key in STRINGS if key.startswith(PREFIX)] + list(PAGE_STRINGS)
    keys += [key for key in STRINGS if key.startswith(EXERCISE_PREFIX)]
    return {
        lang: {key.removeprefix(PREFIX): STRINGS[key][i] for key in keys} for i, lang in enumerate(LANGUAGES)
    }


def questions(
    places: list[list[int]], bookmarks: list[dict[str, object]], count: int
) -> list[dict[str, int]]:
    """A predict question at each bookmark the next queen follows: where does it go?

    >>> questions([[2, 0, 1], [5, 1, 3]], [{"frame": 0}, {"frame": 3}, {"frame": 5}], 9)
    [{'frame': 0, 'answer': 2, 'row': 0, 'col': 1}, {'frame': 3, 'answer': 5, 'row': 1, 'col': 3}]
    """
    out = []
    for mark in bookmarks:
        frame = int(mark["frame"])  # type: ignore[call-overload]
        following = next((place for place in places if place[0] > frame), None)
        if following is not None and following[0] < count:
            out.append({"frame": frame, "answer": following[0], "row": following[1], "col": following[2]})
    return out


def page_data(
    spec: AlgorithmSpec, n: int, first: int, last: int | None, lesson: Lesson | None = None
) -> dict[str, object]:
    """Everything the page needs: the trace (a race lesson: one per side, each staying at its end like
    the window's race), the bookmarks in the stretch (as frames), the questions."""
    racing = lesson is not None and lesson.mode == "race" and lesson.algo2 is not None
    trace = build_trace(spec, n, first, last, clamp=racing)
    places = trace.pop("places")
    count = int(trace["count"])  # type: ignore[call-overload]
    race = None
    if racing:
        assert lesson is not None and lesson.algo2 is not None
        race = build_trace(registry.get(lesson.algo2), n, first, last, clamp=True)
        race.pop("places")
        count = max(int(t["first"]) + int(t["count"]) - first for t in (trace, race))  # type: ignore[call-overload]
        if count < 1:
            raise TraceError(f"neither run reaches event {first:,}")
    marks = []
    for mark in lesson.bookmarks if lesson is not None else ():
        if first <= mark.event < first + count:
            marks.append({"frame": mark.event - first, "note": {lang: mark.text(lang) for lang in LANGUAGES}})
    asks = questions(places, marks, count) if spec.asks_squares and not racing else []  # type: ignore[arg-type]
    return {
        "first": first,
        "count": count,
        "trace": trace,
        "race": race,
        "bookmarks": marks,
        "questions": asks,
        "lang": (lesson.lang if lesson is not None else None) or "en",
        "hidden": list(lesson.hidden) if lesson is not None else [],
        "strings": _strings(),
    }


def _asset(name: str) -> str:
    return resources.files("visualizer.web").joinpath(name).read_text(encoding="utf-8")


def encode(data: dict[str, object]) -> str:
    """``data`` as compact JSON, zlib-compressed, base64 (safe inside a ``<script>`` element); a
    code point UTF-8 cannot hold (a lone surrogate in a note) as U+FFFD."""
    raw = utf8_safe(json.dumps(data, separators=(",", ":"), ensure_ascii=False))[0].encode("utf-8")
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def page_html(spec: AlgorithmSpec, n: int, first: int, last: int | None, lesson: Lesson | None = None) -> str:
    """The page's text; TraceError for a stretch it cannot hold."""
    return render(page_data(spec, n, first, last, lesson))


def exercise_page_data(exercise: dict[str, object], lang: str = "en") -> dict[str, object]:
    """A page of the exercise ``exercise`` (``visualizer/web/exercise.py``'s ``exercise_data``)."""
    return {"exercise": exercise, "lang": lang, "strings": _strings()}


def title_of(data: dict[str, object]) -> str:
    """The page's title (English; the page shows it in its language once open)."""
    exercise = data.get("exercise")
    if isinstance(exercise, dict):
        return f"{tr('exercise_title', 'en')} · {exercise['title']['en']} · n = {exercise['n']}"
    trace = data["trace"]
    assert isinstance(trace, dict)
    race = data.get("race")
    names = [trace["title"]["en"]] + ([race["title"]["en"]] if isinstance(race, dict) else [])
    if "names" in data["hidden"]:  # type: ignore[operator]  # an exercise: which algorithm is it?
        names = [tr("hidden_name", "en", letter=letter) for letter in "AB"[: len(names)]]
    return f"{' vs '.join(names)} · n = {trace['n']}"


def render(data: dict[str, object]) -> str:
    """The page with ``data`` (``page_data``'s or ``exercise_page_data``'s) inlined; TraceError if it
    would be too large."""
    filled = {
        "/*PLAYER_JS*/": _asset("player.js"),
        "/*EXERCISE_JS*/": _asset("exercise.js"),
        "@@TITLE@@": markup.escape(utf8_safe(title_of(data))[0]),
        "@@DATA@@": encode(data),
    }
    html = PLACES.sub(lambda place: filled[place.group()], _asset("page.html"))
    if len(html.encode("utf-8")) > MAX_PAGE_BYTES:
        shorter = "fewer instances" if "exercise" in data else "a shorter stretch"
        raise TraceError(f"the page would take more than {MAX_PAGE_BYTES // 2**20} MB; export {shorter}")
    return html


def write_page(path: str | Path, html: str) -> Path:
    """Write the page whole or not at all (``solvers/safe_files.py``); returns its path."""
    path = Path(path)
    write_atomically(path, html.encode("utf-8"), mode=0o644)
    return path
