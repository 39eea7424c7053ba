"""``nqueens html N --algo NAME [--lesson FILE] [--stretch FROM-TO] -o PATH`` (issue 24): a stretch
of a run, or a lesson, as one self-contained web page that plays offline. With ``--exercise`` (and
``--goal``, ``--feedback``, ``--instances``, ``--seed`` or ``--blocked`` / ``--given``, ``--mastery``)
the page is the exercise
(issue 40); ``--scorm`` (or ``nqueens scorm``) writes it as a SCORM 1.2 package, a .zip for an LMS.

The page is built by ``visualizer/web/`` (no pygame there, nor here). Without ``--stretch`` the
page holds the whole run, or with a lesson the run up to its last bookmark within ``MAX_EVENTS``
(a race lesson: both sides, each staying at its end as in the window's race); a stretch of more
than ``MAX_EVENTS`` events, a damaged lesson or a path that cannot be written is refused in one
line (exit status 2).

``add_commands`` adds the two commands to ``nqueens``: it is the entry point ``web`` of the group
``nqueens.commands`` (pyproject.toml), read by ``solvers.cli.plugins``; the solvers name no module
of the window's.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from solvers.cli.args import whole_number
from solvers.cli.subcommands import N_MAX, UsageError


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """``nqueens html`` and ``nqueens scorm``, each run by ``cmd_html``."""
    page = commands.add_parser(
        "html",
        help="write a stretch of a run, or a lesson, as one web page that plays offline",
        description="Write one self-contained .html page (no network needed) that plays the run:"
        " board, counters, pseudo-code, narration in English and Chinese, bookmarks, predict questions.",
    )
    _page_arguments(page, "the page to write (.html; with --scorm a .zip)")
    page.add_argument("--scorm", action="store_true", help="write a SCORM 1.2 package (.zip) for an LMS")
    package = commands.add_parser(
        "scorm",
        help="write the page as a SCORM 1.2 package (.zip) for an LMS (Moodle, Blackboard...)",
        description="Write a SCORM 1.2 package: imsmanifest.xml and the page, which reports to the LMS"
        " (with --exercise: the status against the mastery score, the score, one interaction per move,"
        " the time, and where to resume). `nqueens html --scorm` does the same.",
    )
    _page_arguments(package, "the package to write (.zip)")
    for parser in (page, package):
        parser.set_defaults(handler=cmd_html)


def _page_arguments(page: argparse.ArgumentParser, output: str) -> None:
    """``nqueens html``'s and ``nqueens scorm``'s arguments: the run or lesson, or the exercise."""
    page.add_argument("n", type=whole_number("n", 1, N_MAX), help="board size")
    page.add_argument("--algo", help="algorithm name (default: the lesson's, else backtracking)")
    page.add_argument("--lesson", metavar="FILE", help="a lesson file: its bookmarks, notes, language")
    page.add_argument(
        "--stretch", metavar="FROM-TO", help="events FROM to TO (bK: bookmark K; default: the whole run)"
    )
    page.add_argument("-o", "--output", required=True, metavar="PATH", help=output)
    exercise = page.add_argument_group(
        "the exercise (the student carries out the search, graded move by move)"
    )
    exercise.add_argument("--exercise", action="store_true", help="the page is the exercise (n 4..8)")
    exercise.add_argument("--goal", choices=("first", "all"), help="the first solution (default) or all")
    exercise.add_argument(
        "--feedback",
        choices=("continuous", "undo"),
        help="a wrong move corrected at once (default) or undone",
    )
    exercise.add_argument(
        "--instances", type=whole_number("instances", 1, 20), help="random instances, one per attempt (1..20)"
    )
    exercise.add_argument(
        "--seed",
        metavar="SEED[,BLOCKED,GIVEN]",
        help="draw the instances from SEED (default 2 blocked, 1 given)",
    )
    exercise.add_argument("--blocked", nargs="+", metavar="R,C", help="one instance: these squares blocked")
    exercise.add_argument("--given", nargs="+", metavar="R,C", help="one instance: these queens given")
    exercise.add_argument(
        "--mastery", type=whole_number("mastery", 0, 100), help="the percentage that passes (default 80)"
    )
    exercise.add_argument("--lang", choices=("en", "zh"), help="the page's first language (default en)")


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


EXERCISE_OPTIONS = ("goal", "feedback", "instances", "seed", "mastery", "blocked", "given")


def _exercise(args: argparse.Namespace) -> dict[str, object]:
    """The exercise's page data from the options; UsageError for what it does not take."""
    from solvers import registry
    from solvers.errors import SolverError
    from solvers.instance import Instance
    from visualizer.commands import ArgumentError, exercise_action
    from visualizer.web.exercise import MASTERY, exercise_page

    if args.lesson or args.stretch:
        raise UsageError("--exercise takes no --lesson or --stretch: the student makes the whole run")
    if args.seed is not None and (args.blocked or args.given):
        raise UsageError("--seed draws the instances: give it, or --blocked / --given, not both")
    try:
        instance = Instance.parse(args.n, args.blocked or (), args.given or ())
        seed = exercise_action(f"seed:{args.seed}")[1] if args.seed is not None else None
        return exercise_page(
            registry.get(args.algo or "backtracking"),
            args.n,
            goal=args.goal or "first",
            feedback=args.feedback or "continuous",
            count=args.instances or 1,
            seed=seed,  # type: ignore[arg-type]
            mastery=MASTERY if args.mastery is None else args.mastery,
            lang=args.lang or "en",
            instance=None if instance.plain else instance,
        )
    except (ArgumentError, SolverError, ValueError) as error:
        raise UsageError(str(error)) from None


def cmd_html(args: argparse.Namespace, out: TextIO) -> int:
    """Write the page (or the SCORM package); one line says where, what and how large."""
    from solvers import registry
    from solvers.safe_files import why_not_writable
    from visualizer.commands import ArgumentError, stretch_tokens
    from visualizer.core.lesson import Bookmarks
    from visualizer.web.page import page_data, render
    from visualizer.web.trace import MAX_EVENTS, TraceError

    scorm = args.command == "scorm" or args.scorm
    what, suffixes = ("package", (".zip",)) if scorm else ("page", (".html", ".htm"))
    if not args.output.lower().endswith(suffixes):
        raise UsageError(f"-o names the {what} to write, a {suffixes[0]} file (got {args.output[:60]!r})")
    reason = why_not_writable(args.output)
    if reason is not None:
        raise UsageError(f"cannot write the {what} to {args.output[:60]!r}: {reason}")
    exercise = args.exercise or any(getattr(args, name) is not None for name in EXERCISE_OPTIONS)
    if exercise:
        data = _exercise(args)
        try:
            html = render(data)
        except TraceError as error:
            raise UsageError(str(error)) from None
        return _write(args.output, data, html, scorm, out)
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
    return _write(args.output, data, html, scorm, out)


def _write(path: str, data: dict[str, object], html: str, scorm: bool, out: TextIO) -> int:
    """Write the page, or its SCORM package, and say so in one line."""
    from visualizer.web.page import title_of, write_page
    from visualizer.web.scorm import build_package, write_package

    exercise = data.get("exercise")
    if isinstance(exercise, dict):
        drawn = exercise["instances"]
        assert isinstance(drawn, list)
        steps = max(len(instance["acts"]) - instance["first"] for instance in drawn)
        what = f"an exercise of {len(drawn)} instance{'s' * (len(drawn) > 1)} (up to {steps:,} moves)"
    else:
        what = f"{data['trace']['count']:,} events"  # type: ignore[index]
    try:
        if scorm:
            mastery = exercise["mastery"] if isinstance(exercise, dict) else None
            package = build_package(html, title_of(data), mastery)  # type: ignore[arg-type]
            written, size, kind = write_package(path, package), len(package), "SCORM 1.2 package"
        else:
            written, size, kind = write_page(path, html), len(html.encode("utf-8")), "plays offline"
    except OSError as error:
        raise UsageError(f"cannot write to {path[:60]!r}: {error}") from None
    out.write(f"wrote {written}: {what}, {size // 1024:,} KB, {kind}\n")
    return 0
