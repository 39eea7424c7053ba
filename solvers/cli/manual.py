"""``nqueens docs``: build the manual (``docs/``, MkDocs) into a folder and open it, offline.

The manual is built from the program's source folder, where ``mkdocs.yml`` and ``docs/`` are, by
``python -m mkdocs build --strict`` (the ``docs`` extra); its reference pages are made from the
code at that moment. By default it goes into the user's data folder
(``platformdirs.user_data_dir("nqueens-visualizer")/manual``); ``--output DIR`` names another, which
must be new, empty or a manual built before (MkDocs empties the folder it builds into).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TextIO

from solvers.errors import SolverError

ROOT = Path(__file__).resolve().parents[2]
MARK = ".nqueens-manual"  # a folder holding it was made by this command: it may be built over


def add_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = commands.add_parser("docs", help="build the manual and open it in the browser (offline)")
    parser.add_argument("--output", metavar="DIR", help="where to build it (default: the user's data folder)")
    parser.add_argument("--no-open", action="store_true", help="build it, do not open the browser")


def _folder(output: str | None) -> Path:
    if output is None:
        import platformdirs

        return Path(platformdirs.user_data_dir("nqueens-visualizer")) / "manual"
    folder = Path(output)
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise SolverError(f"{output} is not a folder")
    if folder.is_dir() and any(folder.iterdir()) and not (folder / MARK).is_file():
        raise SolverError(f"{output} is not empty: the build would empty it; name a new folder")
    return folder


def cmd_docs(args: argparse.Namespace, out: TextIO) -> int:
    """Build the manual; print where its front page is; open it unless ``--no-open``."""
    import importlib.util
    import subprocess

    config = ROOT / "mkdocs.yml"
    if not config.is_file() or not (ROOT / "docs").is_dir():
        raise SolverError("the manual is built from the program's source folder (mkdocs.yml and docs/)")
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None:
        raise SolverError("the manual needs MkDocs and its Material theme: pip install -e '.[docs]'")
    site = _folder(args.output)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(config), "-d", str(site)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise SolverError(f"the manual could not be built: {last}")
    (site / MARK).write_text("built by nqueens docs\n", encoding="utf-8")
    front = site / "index.html"
    out.write(f"the manual: {front}\n")
    if not args.no_open:
        import webbrowser

        webbrowser.open(front.resolve().as_uri())
    return 0
