"""Regenerate the README's screenshots with the headless mode:
``python -m visualizer.shell.screenshots [DIR]``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from visualizer.shell.headless import run_headless

#: file name -> (n, algorithm, language, script) of each screenshot.
SHOTS: dict[str, tuple[int, str, str, str]] = {
    "start.png": (8, "backtracking", "en", ""),
    "conflict.png": (8, "backtracking", "en", "step:12"),
    "solution.png": (8, "backtracking", "en", "next"),
    "instant.png": (8, "backtracking", "en", "instant;wait-idle"),
    "scrub.png": (8, "brute-force", "en", "seek:27000000"),  # mid-way through 55 million events
    "help-zh.png": (8, "backtracking", "zh", "step:30;key:h"),
    "tree.png": (5, "backtracking", "en", "step:60;key:t"),
    "gallery.png": (8, "backtracking", "en", "instant;wait-idle;key:y"),
    "min-conflicts.png": (1000, "min-conflicts", "en", "step:1018"),  # mid-repair, with the chart
    "large-n.png": (1000, "construction", "en", "instant"),
    # the algorithm's own check at slow speed, the gallery's second page, the tree following its subtree
    "checks.png": (8, "backtracking", "en", "speed:10;step:40"),
    "gallery-page2.png": (8, "backtracking", "en", "instant;wait-idle;key:y;key:page down"),
    "tree-zoom.png": (8, "backtracking", "en", "step:300;key:t"),
    "narration.png": (8, "backtracking", "en", "step:40"),  # the sentence and the log below the board
    "legend.png": (8, "backtracking", "en", "step:12;legend:on"),  # every mark, drawn by the board
    # issue 15: MRV mid-search at a slow speed, each empty row's domain on the board, the row it picks framed
    "domains.png": (8, "mrv", "en", "speed:4;play:66"),
    # issue 18: the presenter view (P) for a projector
    "presenter.png": (8, "backtracking", "en", "present:on;step:40"),
    # issue 20: dancing links with the options view (V): the rows and columns it chooses among
    "options.png": (8, "dlx", "en", "view:options;step:30"),
    # issue 26: Cost vs n (W): backtracking's attempts for n = 1..12 measured, n = 8 marked, the fit
    "cost.png": (8, "backtracking", "en", "step:30;cost;wait-idle"),
}
#: file name -> (n, example search of solvers/own/examples, script): a student's search in the window.
SEARCH_SHOTS: dict[str, tuple[int, str, str]] = {
    "own-search.png": (6, "backtracking", "step:25"),
    "own-mistake.png": (6, "missing_anti_diagonal", "instant;wait-idle;check"),  # J: its first mistake
}
#: file name -> (n, language, script) of each game-mode screenshot.
GAME_SHOTS: dict[str, tuple[int, str, str]] = {
    "game-lost.png": (8, "en", "click:0,0;click:1,1"),
}

#: file name -> (n, algorithm a, algorithm b, script) of each race-mode screenshot.
RACE_SHOTS: dict[str, tuple[int, str, str, str]] = {
    "race.png": (6, "brute-force", "backtracking", "speed:400;play:1"),
    # issue 26: Cost vs n in race mode (W): both racers' attempts, boards against squares said so
    "cost-race.png": (8, "brute-force", "backtracking", "step:30;cost;wait-idle"),
}

#: file name -> (n, algorithm, language, script) of each exercise-mode screenshot (issue 23): an
#: exercise in progress (one mistake marked on the bar, the next square ringed) and a graded mistake
#: left standing for the student to undo (a queen put where the anti-diagonal is attacked); W's
#: diagnosis after a student's moves that treat the r-c diagonals as safe.
EXERCISE_SHOTS: dict[str, tuple[int, str, str, str]] = {
    "exercise.png": (6, "backtracking", "en", "PRRPPRRRPRPRRR"),  # P: place, R: refuse
    "exercise-mistake.png": (6, "backtracking", "en", "exercise:feedback:undo;PRRPRP"),
    # issue 41: a student who treats the r-c diagonals as safe, W: the misconception named
    "exercise-why.png": (6, "backtracking", "en", "PRPPRRRPPRPRRRPRRRRRPW"),
}

#: file name -> the arguments of ``nqueens lab`` whose ``--plot`` it is (issue 26: README, "The cost lab").
LAB_SHOTS: dict[str, tuple[str, ...]] = {
    "cost-lab.png": (
        *("--algo", "backtracking", "--algo", "permutations", "--algo", "permutations-pruned"),
        *("--algo", "brute-force", "--algo", "forward-checking", "--n", "4-12"),
    ),
}

#: file name -> (bundled lesson, script) of each lesson screenshot (issue 14).
LESSON_SHOTS: dict[str, tuple[str, str]] = {
    "lesson.png": ("seed-003-four-queens", "goto-bookmark:3"),
}
#: file name -> (language, text size, script, command) of each file dialog (issue 36): the script
#: runs first (headless), then the command opens its dialog as its key or button would.
MARKS = "until:event=12;bookmark:a;until:event=40;bookmark:b;back:8"
DIALOG_SHOTS: dict[str, tuple[str, float, str, str]] = {
    "dialog-open.png": ("en", 1.0, "", "lesson-open"),
    "dialog-open-zh.png": ("zh", 1.0, "", "lesson-open"),
    "dialog-export.png": ("en", 1.0, MARKS, "export"),
    "dialog-export-zh.png": ("zh", 1.5, MARKS, "export"),
    "dialog-page.png": ("en", 1.25, "lesson-open:seed-003-four-queens;wait-idle", "export-html"),
    "dialog-page-zh.png": ("zh", 1.0, "lesson-open:seed-003-four-queens;lang:zh;wait-idle", "export-html"),
    "dialog-save-zh.png": ("zh", 2.0, "lesson-open:seed-003-four-queens;lang:zh", "lesson-save"),
}
#: What the dialogs' documents folder holds in the screenshots (a made-up teacher's home).
SAMPLE_FILES = ("Class 7B/", "four queens, annotated.json", "my_search.py", "week 3.json")

#: file name -> (n, algorithm, language, script) of each predict-mode screenshot (issue 14).
PREDICT_SHOTS: dict[str, tuple[int, str, str, str]] = {
    "predict.png": (8, "backtracking", "en", "guess:0,0;guess:1,2;guess:2,4;guess:3,1;guess:4,5"),
}

#: file name -> (n, algorithm, language, theme, UI scale, script) of each classroom-settings screenshot.
CLASSROOM_SHOTS: dict[str, tuple[int, str, str, str, float, str]] = {
    "projector-zh.png": (8, "backtracking", "zh", "projector", 1.5, "step:30"),
}


#: file name -> (n, algorithm, blocked squares, given queens, script) of a constrained instance (issue 23):
#: the holes hatched, the given queens locked, the search moving past their rows.
INSTANCE_SHOTS: dict[str, tuple[int, str, tuple[str, ...], tuple[str, ...], str]] = {
    "instance.png": (6, "forward-checking", ("2,2", "4,4"), ("0,1",), "speed:10;step:9"),
    "instance-backtracking.png": (6, "backtracking", ("1,0", "3,4"), ("2,4",), "speed:10;step:7"),
}


#: file name -> (n, algorithm, script) of the colour-blind safe theme, shown beside a simulated
#: deuteranopia view of the same frame (issue 25).
COLOUR_SAFE_SHOTS: dict[str, tuple[int, str, str]] = {
    "colour-safe.png": (8, "backtracking", "step:12;legend:on"),
    "colour-safe-hatch.png": (8, "backtracking", "step:12;hatch:on;legend:on"),  # the pattern (Shift+X)
}
#: Machado, Oliveira and Fernandes (2009), deuteranopia at severity 1, on linear RGB (the matrix
#: colorspacious uses: tests/visualizer/look/test_colour_vision.py checks the two agree).
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)


def simulate_deuteranopia(rgb):  # numpy array (..., 3) of 0..255 -> the same, as deuteranopia sees it
    """An sRGB image as full deuteranopia sees it (Machado 2009), clipped back into sRGB."""
    import numpy as np

    c = np.asarray(rgb, float) / 255
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    seen = np.clip(linear @ np.array(DEUTERANOPIA).T, 0, 1)
    srgb = np.where(seen <= 0.0031308, seen * 12.92, 1.055 * seen ** (1 / 2.4) - 0.055)
    return np.round(srgb * 255).astype(np.uint8)


def make_colour_safe(folder: Path) -> list[Path]:
    """The colour-safe theme's screenshot: the frame at half size beside its deuteranopia view."""
    import pygame

    from visualizer.render.fonts import get_font
    from visualizer.shell.safe_files import NewFile

    paths = []
    for name, (n, algorithm, script) in COLOUR_SAFE_SHOTS.items():
        path = folder / name
        with tempfile.TemporaryDirectory() as scratch:  # the full-size frame
            frame = str(Path(scratch) / "frame.png")
            run_headless(n=n, algorithm=algorithm, theme="colour-safe", script=script, screenshot=frame)
            shot = pygame.image.load(frame)
        half = pygame.transform.smoothscale(shot, (shot.get_width() // 2, shot.get_height() // 2))
        pixels = pygame.surfarray.array3d(half)
        seen = pygame.surfarray.make_surface(simulate_deuteranopia(pixels))
        caption = 30
        out = pygame.Surface((half.get_width() * 2 + 8, half.get_height() + caption))
        out.fill((255, 255, 255))
        font = get_font(18, "en", bold=True)
        for k, (image, text) in enumerate(((half, "Colour-safe theme"), (seen, "Simulated deuteranopia"))):
            x = k * (half.get_width() + 8)
            out.blit(font.render(text, True, (0, 0, 0)), (x + 8, 5))
            out.blit(image, (x, caption))
        with NewFile(path, suffix=".png") as new:
            pygame.image.save(out, new.file, "colour-safe.png")
        paths.append(path)
    return paths


def make_instances(folder: Path) -> list[Path]:
    """Write the constrained-instance screenshots (``INSTANCE_SHOTS``) into ``folder``."""
    paths = []
    for name, (n, algorithm, blocked, given, script) in INSTANCE_SHOTS.items():
        path = folder / name
        run_headless(
            n=n, algorithm=algorithm, blocked=blocked, given=given, script=script, screenshot=str(path)
        )
        paths.append(path)
    return paths


def make_classroom(folder: Path) -> list[Path]:
    """Write the projector / language / text-size screenshots into ``folder``."""
    paths = []
    for name, (n, algorithm, lang, theme, scale, script) in CLASSROOM_SHOTS.items():
        path = folder / name
        run_headless(
            n=n,
            algorithm=algorithm,
            lang=lang,
            theme=theme,
            ui_scale=scale,
            script=script,
            screenshot=str(path),
        )
        paths.append(path)
    return paths


#: The default window (the simple column) at projector and screen sizes, both languages, text 1x and 2x
#: (issue 38): name -> (size, lang, text size).
DEFAULT_SHOTS: dict[str, tuple[tuple[int, int], str, float]] = {
    "default-1280x720-en.png": ((1280, 720), "en", 1.0),
    "default-1280x720-en-2x.png": ((1280, 720), "en", 2.0),
    "default-1280x720-zh-2x.png": ((1280, 720), "zh", 2.0),
    "default-1920x1080-zh.png": ((1920, 1080), "zh", 1.0),
    "default-1920x1080-en-2x.png": ((1920, 1080), "en", 2.0),
    "default-3840x2160-en-2x.png": ((3840, 2160), "en", 2.0),
}


def make_defaults(folder: Path) -> list[Path]:
    """Write the default window at the sizes of ``DEFAULT_SHOTS`` into ``folder``."""
    paths = []
    for name, (size, lang, scale) in DEFAULT_SHOTS.items():
        path = folder / name
        run_headless(
            n=8, algorithm="backtracking", lang=lang, size=size, ui_scale=scale, script="step:12",
            screenshot=str(path),
        )  # fmt: skip
        paths.append(path)
    return paths


def make_lab(folder: Path) -> list[Path]:
    """The cost lab's figures: ``nqueens lab ... --plot`` itself, in a child process (its table on
    stdout is not wanted here; an error line and status are)."""
    import subprocess

    paths = []
    for name, argv in LAB_SHOTS.items():
        path = folder / name
        command = [sys.executable, "-m", "solvers", "lab", *argv, "--plot", str(path)]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        paths.append(path)
    return paths


def make_all(folder: Path) -> list[Path]:
    """Write every screenshot into ``folder``; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, (n, algorithm, lang, script) in SHOTS.items():
        path = folder / name
        run_headless(
            n=n, algorithm=algorithm, lang=lang, size=(1280, 800), script=script, screenshot=str(path)
        )
        paths.append(path)
    for name, (n, example, script) in SEARCH_SHOTS.items():
        from solvers.own.search import register

        spec = register(example)  # a shipped example, found by name
        path = folder / name
        run_headless(n=n, algorithm=spec.name, size=(1280, 800), script=script, screenshot=str(path))
        paths.append(path)
    for name, (n, lang, script) in GAME_SHOTS.items():
        path = folder / name
        run_headless(
            n=n, algorithm="backtracking", mode="game", lang=lang, script=script, screenshot=str(path)
        )
        paths.append(path)
    for name, (n, algorithm, algo2, script) in RACE_SHOTS.items():
        path = folder / name
        run_headless(n=n, algorithm=algorithm, algo2=algo2, mode="race", script=script, screenshot=str(path))
        paths.append(path)
    for name, (n, algorithm, lang, script) in PREDICT_SHOTS.items():
        path = folder / name
        run_headless(n=n, algorithm=algorithm, mode="predict", lang=lang, script=script, screenshot=str(path))
        paths.append(path)
    paths += make_exercise(folder)
    paths += make_dialogs(folder)
    paths += make_classroom(folder)
    paths += make_defaults(folder)
    paths += make_instances(folder)
    paths += make_lab(folder)
    paths += make_colour_safe(folder)
    for name, (lesson, script) in LESSON_SHOTS.items():
        path = folder / name
        run_headless(n=8, algorithm="backtracking", lesson=lesson, script=script, screenshot=str(path))
        paths.append(path)
    return paths


def make_dialogs(folder: Path) -> list[Path]:
    """The file dialogs (``DIALOG_SHOTS``), each over the window as its key opens it, with a
    made-up home whose documents folder holds ``SAMPLE_FILES`` (never the user's own files)."""
    import os
    import shutil

    from visualizer.app import App
    from visualizer.examples import lesson_path
    from visualizer.features.capture import save_png
    from visualizer.shell.headless import FRAME, HeadlessRunner, parse_script

    paths = []
    home = os.environ.get("HOME")
    with tempfile.TemporaryDirectory(prefix="teacher-") as scratch:
        os.environ["HOME"] = scratch
        documents = Path(scratch) / "Documents" / "N-Queens"
        documents.mkdir(parents=True)
        for name in SAMPLE_FILES:
            if name.endswith("/"):
                (documents / name).mkdir()
            else:
                shutil.copyfile(lesson_path("seed-003-four-queens"), documents / name)
        try:
            for name, (lang, scale, script, command) in DIALOG_SHOTS.items():
                app = App(8, "backtracking", lang=lang, ui_scale=scale)
                try:
                    HeadlessRunner(app).run(parse_script(script))
                    app.asks = True  # someone answers a dialog now, as in the window
                    app.dispatch(command)
                    for _ in range(3):
                        app.tick(FRAME)
                    path = folder / name
                    save_png(app.surface, path)
                    paths.append(path)
                finally:
                    app.close()
        finally:
            if home is None:
                os.environ.pop("HOME", None)
            else:
                os.environ["HOME"] = home
    return paths


def make_exercise(folder: Path) -> list[Path]:
    """The exercise-mode screenshots (``EXERCISE_SHOTS``) in ``folder``."""
    paths = []
    for name, (n, algorithm, lang, script) in EXERCISE_SHOTS.items():
        path = folder / name
        options, _, moves = script.rpartition(";")
        said = {"P": "exercise:place", "R": "exercise:refuse", "W": "exercise:why"}
        script = ";".join([*filter(None, [options]), *(said[move] for move in moves)])
        run_headless(
            n=n, algorithm=algorithm, mode="exercise", lang=lang, script=script, screenshot=str(path)
        )
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    """Make the screenshots in the folder given (default: ./screenshots); ``--help`` says so."""
    parser = argparse.ArgumentParser(
        prog="python -m visualizer.shell.screenshots", description="Make the README's screenshots."
    )
    parser.add_argument("folder", nargs="?", default="screenshots", help="where to write them")
    parser.add_argument("--only", choices=("dialogs",), help="make only these (the file dialogs)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    Path(args.folder).mkdir(parents=True, exist_ok=True)
    made = make_dialogs(Path(args.folder)) if args.only == "dialogs" else make_all(Path(args.folder))
    for path in made:
        sys.stdout.write(f"{path}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
