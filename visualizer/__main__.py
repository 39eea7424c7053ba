"""``python -m visualizer`` / ``nqueens-viz``: the window, or the headless mode with --headless."""

from __future__ import annotations

import signal
import sys

if __name__ == "__main__" or sys.argv[0].endswith("nqueens-viz"):  # started, not imported by a test
    from solvers.process import install

    install(lambda signum: f"nqueens-viz: stopped by {signal.Signals(signum).name}")  # first of all

import argparse
import contextlib
import os
import sys
from collections.abc import Callable
from typing import NoReturn

from solvers.process import skip_final_collection

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
#: The longest error line (arguments echoed inside it are cut).
MAX_MESSAGE = 160


class _Parser(argparse.ArgumentParser):
    """Bad arguments: one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"nqueens-viz: {one_line(message)}\n")


def one_line(message: str) -> str:
    """``message`` on one line, cut to ``MAX_MESSAGE`` characters (a 100 KB argument is not echoed whole).

    >>> one_line("bad\\nvalue " + "x" * 200)[-3:], len(one_line("x" * 500))
    ('xx…', 160)
    """
    message = " ".join(message.split())
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"


def _whole(what: str, minimum: int) -> Callable[[str], int]:
    """An argparse type: ASCII digits only (``8_0``, ``٨`` and `` 8 `` are refused)."""

    def parse(text: str) -> int:
        from visualizer.shell.headless import ScriptError, whole_number

        try:
            return whole_number(text, what, minimum)
        except ScriptError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def _scale(text: str) -> float:
    """``--scale``: a number from 0.5 to 4 (argparse turns the ValueError into exit status 2)."""
    from visualizer.commands import scale

    try:
        return scale(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    """The command line of the window and of the headless mode."""
    parser = _Parser(prog="nqueens-viz", description="Watch an N-Queens search step by step.")
    parser.add_argument("--n", type=_whole("n", 1), help="board size (default 8; the window: the saved one)")
    parser.add_argument("--algo", help="algorithm name (see `nqueens algorithms`; default backtracking)")
    parser.add_argument("--algo2", help="race mode: the second algorithm (default: its usual rival)")
    parser.add_argument(
        "--search",
        metavar="FILE",
        help="your own search file, shown like any algorithm (`nqueens new-search`)",
    )
    parser.add_argument(
        "--mode",
        default="watch",
        help="watch, game (place the queens, n 4..20), race, predict or exercise (do the search, n 4..8)",
    )
    parser.add_argument(
        "--blocked",
        nargs="+",
        default=[],
        metavar="R,C",
        help="squares no queen may stand on (row,col from 0)",
    )
    parser.add_argument(
        "--given",
        nargs="+",
        default=[],
        metavar="R,C",
        help="queens on the board from the start (row,col from 0)",
    )
    parser.add_argument("--lang", choices=("en", "zh"), help="language of the window (default en)")
    parser.add_argument("--size", help="window size WxH (960x640 to 7680x4320; default 1280x800)")
    parser.add_argument(
        "--theme",
        choices=("classroom", "projector", "colour-safe"),  # visualizer/look/theme.py's THEMES
        help="colours (projector: high contrast; colour-safe: for colour-blind eyes, Okabe-Ito on grey)",
    )
    parser.add_argument("--scale", type=_scale, help="text and widget size, e.g. 1.5 (0.5 to 4; default 1)")
    parser.add_argument("--headless", action="store_true", help="no window: run --script and write outputs")
    parser.add_argument(
        "--sound", action="store_true", help="sound cues on (M): pitch by row, click, falling tone, chord"
    )
    parser.add_argument(
        "--sound-file", metavar="PATH", help="headless: write the sound cues as a WAV (simulated time)"
    )
    parser.add_argument(
        "--narrate", action="store_true", help="speak the narration aloud (Shift+M; espeak-ng or macOS say)"
    )
    parser.add_argument(
        "--narrate-file", metavar="PATH", help="headless: write the spoken narration as a WAV (espeak-ng)"
    )
    parser.add_argument(
        "--present", action="store_true", help="start in the presenter view (P; a click or Esc: the controls)"
    )
    exercise = parser.add_argument_group("exercise mode (--mode exercise)")
    exercise.add_argument(
        "--goal", choices=("first", "all"), help="the first solution (default) or all of them"
    )
    exercise.add_argument(
        "--feedback",
        choices=("continuous", "undo"),
        help="a wrong move corrected at once (default) or left to undo",
    )
    exercise.add_argument(
        "--seed",
        metavar="SEED[,BLOCKED,GIVEN]",
        help="a random instance drawn from SEED (default: 2 blocked squares, 1 given queen)",
    )
    exercise.add_argument(
        "--student", help="the student's name (1 to 40 letters, digits, spaces, . ' -), in the attempt file"
    )
    exercise.add_argument("--results", metavar="FOLDER", help="write each attempt as a JSON file into FOLDER")
    parser.add_argument("--script", default="", help='commands separated by ";", e.g. "step:40;next"')
    parser.add_argument("--state", help="headless: write the final state as JSON here")
    parser.add_argument("--screenshot", help="headless: save the final frame as a PNG here")
    parser.add_argument("--gif", help="headless: record every frame into this GIF")
    parser.add_argument("--lesson", help="open this lesson file (JSON: n, algorithm, bookmarks...)")
    parser.add_argument(
        "--frames", type=_whole("frames", 0), help="window: quit after this many frames (smoke tests)"
    )
    return parser


def exercise_script(args: argparse.Namespace) -> str:
    """The exercise options as script commands ("exercise:goal:all;..."); ValueError when given
    outside exercise mode or holding a ";" (the script parser checks each value further)."""
    given = [(name, getattr(args, name)) for name in ("goal", "feedback", "student", "results", "seed")]
    given = [(name, value) for name, value in given if value is not None]
    if given and args.mode != "exercise":
        raise ValueError("--goal, --feedback, --seed, --student and --results need --mode exercise")
    if any(";" in str(value) for _, value in given):
        raise ValueError("--student and --results may not hold a ';'")
    return ";".join(f"exercise:{name}:{value}" for name, value in given)


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, then run the window or the headless script; returns the exit status.

    SIGINT / SIGTERM: background work is cancelled and joined, one line, status 128 + signal.
    """
    from visualizer.shell.stopping import announce, stop_on_signals, stopped_in

    with contextlib.suppress(AttributeError, ValueError):  # one line never fails on its encoding
        sys.stderr.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]

    try:
        with stop_on_signals():
            return _main(argv)
    except BaseException as error:  # a stop signal, also one a C extension wrapped in its own error
        stop = stopped_in(error)
        if stop is None:
            raise
        announce(stop.signum)
        return 128 + stop.signum


def _main(argv: list[str] | None) -> int:
    args = build_parser().parse_args(argv)
    from visualizer.shell.stopping import deferred

    with deferred():  # a stop signal inside numpy's or pygame's import became their ImportError (status 1)
        import numpy  # noqa: F401
        import pygame
    try:
        options = exercise_script(args)
    except ValueError as exc:
        from visualizer.shell.stopping import say

        say(f"nqueens-viz: {exc}")
        return 2
    if options:  # the exercise's options first, then the script
        args.script = options + (f";{args.script}" if args.script else "")
    if args.present:  # the presenter view first, then the script
        args.script = "present:on" + (f";{args.script}" if args.script else "")
    if args.sound_file and not args.headless:
        from visualizer.shell.stopping import say

        say("nqueens-viz: --sound-file needs --headless (in the window, --sound plays them)")
        return 2
    if args.sound and not args.headless:  # the window: sound on before the script
        args.script = "sound:on" + (f";{args.script}" if args.script else "")
    if args.narrate_file and not args.headless:
        from visualizer.shell.stopping import say

        say("nqueens-viz: --narrate-file needs --headless (in the window, --narrate speaks)")
        return 2
    if args.narrate and not args.headless:
        args.script = "narrate:on" + (f";{args.script}" if args.script else "")
    from solvers.errors import SolverError
    from visualizer.shell.headless import ScriptError, parse_script, parse_size
    from visualizer.shell.stopping import say

    try:
        size = parse_size(args.size) if args.size else None
        if args.search:  # a student's file: one more algorithm of this process, shown first
            from solvers.own.sandbox import layers
            from solvers.own.search import register

            args.algo = register(args.search).name
            if layers().missing:  # said once, where the teacher started it
                say(layers().sentence())
        if args.headless:
            from visualizer.shell.headless import run_headless

            run_headless(
                n=8 if args.n is None else args.n,
                algorithm=args.algo or "backtracking",
                mode=args.mode,
                lang=args.lang or "en",
                size=size or (1280, 800),
                theme=args.theme or "classroom",
                ui_scale=args.scale or 1.0,
                script=args.script,
                state=args.state,
                screenshot=args.screenshot,
                gif=args.gif,
                algo2=args.algo2,
                lesson=args.lesson,
                sound=args.sound,
                sound_file=args.sound_file,
                blocked=args.blocked,
                given=args.given,
                narrate_file=args.narrate_file,
            )
            return 0
        commands = parse_script(args.script, args.mode)
        if args.results is not None:  # before the window opens: its banner would pass, the attempts unsaved
            from solvers.results import check_results_folder

            check_results_folder(args.results)
        from visualizer.shell.headless import Command, HeadlessRunner

        if args.lesson:  # opened first; in the window a refused lesson is a banner
            commands.insert(0, Command("lesson-open", args.lesson))
        from visualizer.shell.preferences import open_window

        # the saved settings (visualizer/shell/settings.py), each option given here overriding its value
        app = open_window(
            n=args.n,
            algorithm=args.algo,
            lang=args.lang,
            theme=args.theme,
            scale=args.scale,
            size=size,
            mode=args.mode,
            algo2=args.algo2,
        )
        try:
            from visualizer.shell.headless import constrain

            constrain(app, args.blocked, args.given)  # refused: one line and status 2, as a bad --n
            HeadlessRunner(app, strict=False).run(commands)  # in a window, a refusal is a banner
        except BaseException:  # a stop signal or a refused command: the worker is joined first
            app.close()
            raise
        return app.run(max_frames=args.frames)
    except (ScriptError, SolverError) as exc:
        say(f"nqueens-viz: {one_line(str(exc))}")
        return 2
    except pygame.error as exc:
        say(f"nqueens-viz: the window could not be opened: {one_line(str(exc))}")  # no display, X gone
        return 1


def entry() -> NoReturn:
    """The process: ``main``'s status, without the interpreter's last garbage collection."""
    status = main()
    skip_final_collection()
    sys.exit(status)


if __name__ == "__main__":
    entry()
