"""README's pictures of the exported web pages (issue 24): the two example lessons, each written as
a page and photographed by Debian's ``chromium`` headless at one of its bookmarks.

    python -m visualizer.web.screenshots screenshots/

writes ``web-<lesson>.png`` (and keeps the pages, ``web-<lesson>.html``, in a temporary folder).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from solvers import registry
from visualizer.core.lesson import parse_lesson
from visualizer.examples import lesson_path
from visualizer.web.page import page_html, write_page
from visualizer.web.trace import MAX_EVENTS

#: lesson -> (the event shown, the language)
SHOTS = {
    "seed-003-four-queens": (8, "en"),
    "why-backtracking-beats-brute-force": (197, "zh"),
}
SIZE = (1200, 900)


def photograph(page: Path, out: Path, event: int, lang: str) -> None:
    """``page`` opened at ``event`` in ``lang`` by chromium headless (no network), saved as ``out``."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        raise SystemExit("needs chromium (apt-get install chromium)")
    subprocess.run(
        [
            browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--force-device-scale-factor=1", f"--window-size={SIZE[0]},{SIZE[1]}",
            "--virtual-time-budget=4000", f"--screenshot={out.resolve()}",
            f"{page.resolve().as_uri()}#event={event}&lang={lang}",
        ],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip


def main(folder: str) -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    pages = Path(tempfile.mkdtemp(prefix="nqueens-pages-"))
    for name, (event, lang) in SHOTS.items():
        lesson = parse_lesson(lesson_path(name).read_bytes())
        spec = registry.get(lesson.algorithm or "backtracking")
        last = max(mark.event for mark in lesson.bookmarks if mark.event < MAX_EVENTS)
        page = write_page(pages / f"web-{name}.html", page_html(spec, lesson.n or 8, 0, last, lesson))
        photograph(page, out / f"web-{name}.png", event, lang)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "screenshots")
