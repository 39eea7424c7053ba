"""``nqueens html N --algo NAME [--lesson FILE] [--stretch FROM-TO] -o PATH`` (issue 24): a stretch
of a run, or a lesson, as one self-contained web page that plays offline.

The page is built by ``visualizer/web/`` (no pygame there, nor here). Without ``--stretch`` the
page holds the whole run, or with a lesson the run up to its last bookmark within ``MAX_EVENTS``
(a race lesson: both sides, each staying at its end as in the window's race); a stretch of more
than ``MAX_EVENTS`` events, a damaged lesson or a path that cannot be written is refused in one
line (exit status 2).
"""

from __future__ import annotations

import argparse
from typing import TextIO

from solvers.cli.subcommands import UsageError


def _lesson(path: str | None):  # -> Lesson | None
    if path is None:
        return None
    from solvers.safe_files import read_small_regular_file
    from visualizer.core.lesson import MAX_BYTES, LessonError, parse_lesson
    from visualizer.examples import lesson_path

    try:
        return parse_lesson(read_small_regular_file(lesson_path(path), MAX_BYTES))
    except LessonError as error:
        raise UsageError(f"{path} is not a usable lesson: {error}") from None
    except OSError as error:
        raise UsageError(
            f"cannot read the lesson {path}: {getattr(error, 'strerror', None) or error}"
        ) from None


def cmd_html(args: argparse.Namespace, out: TextIO) -> int:
    """Write the page; one line says where, how many events and how large."""
    from solvers import registry
    from solvers.safe_files import why_not_writable
    from visualizer.commands import ArgumentError, stretch_tokens
    from visualizer.core.lesson import Bookmarks
    from visualizer.web.page import page_data, render, write_page
    from visualizer.web.trace import MAX_EVENTS, TraceError

    if not args.output.lower().endswith((".html", ".htm")):
        raise UsageError(f"-o names the page to write, a .html file (got {args.output[:60]!r})")
    reason = why_not_writable(args.output)
    if reason is not None:
        raise UsageError(f"cannot write the page to {args.output[:60]!r}: {reason}")
    lesson = _lesson(args.lesson)
    marks = Bookmarks(list(lesson.bookmarks)) if lesson is not None else Bookmarks()
    name = args.algo or (lesson.algorithm if lesson is not None else None) or "backtracking"
    spec = registry.get(name)
    spec.check_n(args.n)
    last: int | None
    try:
        if args.stretch is not None:
            tokens = stretch_tokens(args.stretch, "--stretch")
            first, last = marks.event_of(tokens[0]), marks.event_of(tokens[1])
        else:
            fits = [mark.event for mark in marks.marks if mark.event < MAX_EVENTS]  # later ones left out
            first, last = 0, (fits[-1] if fits else None)
        data = page_data(spec, args.n, first, last, lesson)
        html = render(data)
    except (ArgumentError, TraceError, ValueError) as error:
        raise UsageError(str(error)) from None
    try:
        written = write_page(args.output, html)
    except OSError as error:
        raise UsageError(f"cannot write the page to {args.output[:60]!r}: {error}") from None
    count = data["trace"]["count"]  # type: ignore[index]
    out.write(f"wrote {written}: {count:,} events, {len(html.encode('utf-8')) // 1024:,} KB, plays offline\n")
    return 0
