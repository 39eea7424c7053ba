"""A web page being built off the window's thread (issue 24). No pygame.

``PageJob`` runs ``page_html`` on a worker thread (it walks its own timeline, never the
window's), so the window keeps drawing; the window polls it each frame with ``done`` and, once
it is, writes the page with ``finish`` (the error, if the build failed, is raised there).
``background=False`` (headless) builds at once.

>>> from solvers import registry
>>> job = PageJob(registry.get("backtracking"), 4, 0, 5, None, background=False)
>>> job.done(), job.frames
(True, 6)
"""

from __future__ import annotations

import threading
from pathlib import Path

from solvers.registry import AlgorithmSpec
from visualizer.core.lesson import Lesson
from visualizer.web.page import page_data, render, write_page


class PageJob:
    """The page of events ``first`` to ``last`` of ``spec`` at ``n`` (with ``lesson``'s bookmarks)."""

    def __init__(
        self,
        spec: AlgorithmSpec,
        n: int,
        first: int,
        last: int | None,
        lesson: Lesson | None,
        *,
        background: bool = True,
    ) -> None:
        self.first = first
        self.frames = 0
        self.html: str | None = None
        self.error: BaseException | None = None
        self._thread: threading.Thread | None = None
        build = lambda: self._build(spec, n, first, last, lesson)  # noqa: E731
        if background:
            self._thread = threading.Thread(target=build, name="web-page", daemon=True)
            self._thread.start()
        else:
            build()

    def _build(
        self, spec: AlgorithmSpec, n: int, first: int, last: int | None, lesson: Lesson | None
    ) -> None:
        try:
            data = page_data(spec, n, first, last, lesson)
            self.frames = int(data["trace"]["count"])  # type: ignore[index]
            self.html = render(data)
        except (ValueError, OSError) as error:
            self.error = error

    def done(self) -> bool:
        """Whether the page is built (or failed)."""
        return self._thread is None or not self._thread.is_alive()

    def finish(self, path: str | Path) -> Path:
        """Write the built page to ``path``; the build's error, if it failed."""
        if self.error is not None:
            raise self.error
        assert self.html is not None
        return write_page(path, self.html)
