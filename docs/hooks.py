"""MkDocs hooks of the manual: the pages made from the code, the screenshots, the benchmarks.

- ``reference/keys.md``, ``reference/cli.md``, ``reference/algorithms.md``: written from the code
  at every build (``visualizer.shell.reference``), so they cannot drift from it;
- ``screenshots/*.png``: the repository's ``screenshots/`` folder (made by
  ``python -m visualizer.shell.screenshots``), served at the site's root;
- ``inside/benchmark-figures.md``: ``benchmarks/README.md`` as it is, the figures' one home.
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]


def on_files(files: Files, config) -> Files:  # config: MkDocs' MkDocsConfig
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the key table's module imports pygame
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from visualizer.shell.reference import PAGES

    for path, page in PAGES.items():
        files.append(File.generated(config, path, content=page()))
    benchmarks = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    files.append(File.generated(config, "inside/benchmark-figures.md", content=benchmarks))
    for picture in sorted((ROOT / "screenshots").glob("*.png")):
        files.append(File.generated(config, f"screenshots/{picture.name}", abs_src_path=str(picture)))
    return files
