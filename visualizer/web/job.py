"""A web page being built off the window's thread (issue 24). No pygame.

``PageJob`` runs a page's build on a worker thread (a stretch: ``page_data`` walks its own
timeline, never the window's; an exercise: ``visualizer/web/exercise.py``'s model runs), so the
window keeps drawing; the window polls it each frame with ``done`` and, once it is, writes the page
with ``finish`` -- a ``.zip`` path as a SCORM 1.2 package (issue 40) -- (the error, if the build
failed, is raised there). ``background=False`` (headless) builds at once.

>>> from solvers import registry
>>> job = PageJob.stretch(registry.get("backtracking"), 4, 0, 5, None, background=False)
>>> job.done(), job.frames
(True, 6)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from solvers.registry import AlgorithmSpec
from visualizer.core.lesson import Lesson
from visualizer.web.page import page_data, render, title_of, write_page
from visualizer.web.scorm import build_package, write_package


class PageJob:
    """The page of the data ``build`` returns (``page_data``'s or ``exercise_page``'s)."""

    def __init__(self, build: Callable[[], dict[str, object]], *, background: bool = True) -> None:
        self.frames = 0  # the events of a stretch, the most moves of an exercise
        self.data: dict[str, object] = {}
        self.html: str | None = None
        self.error: BaseException | None = None
        self._thread: threading.Thread | None = None
        work = lambda: self._build(build)  # noqa: E731
        if background:
            self._thread = threading.Thread(target=work, name="web-page", daemon=True)
            self._thread.start()
        else:
            work()

    @classmethod
    def stretch(
        cls,
        spec: AlgorithmSpec,
        n: int,
        first: int,
        last: int | None,
        lesson: Lesson | None,
        *,
        background: bool = True,
    ) -> PageJob:
        """The page of events ``first`` to ``last`` of ``spec`` at ``n`` (with ``lesson``'s bookmarks)."""
        return cls(lambda: page_data(spec, n, first, last, lesson), background=background)

    def _build(self, build: Callable[[], dict[str, object]]) -> None:
        try:
            data = build()
            exercise = data.get("exercise")
            if isinstance(exercise, dict):
                self.frames = max(len(i["acts"]) - i["first"] for i in exercise["instances"])  # type: ignore[attr-defined]
            else:
                self.frames = int(data["trace"]["count"])  # type: ignore[index]
            self.html = render(data)
            self.data = data
        except (ValueError, OSError) as error:
            self.error = error

    def done(self) -> bool:
        """Whether the page is built (or failed)."""
        return self._thread is None or not self._thread.is_alive()

    def finish(self, path: str | Path) -> Path:
        """Write the built page to ``path`` (a ``.zip``: the SCORM package); the build's error, if
        it failed."""
        if self.error is not None:
            raise self.error
        assert self.html is not None
        if str(path).lower().endswith(".zip"):
            exercise = self.data.get("exercise")
            mastery = exercise["mastery"] if isinstance(exercise, dict) else None
            return write_package(path, build_package(self.html, title_of(self.data), mastery))  # type: ignore[arg-type]
        return write_page(path, self.html)
