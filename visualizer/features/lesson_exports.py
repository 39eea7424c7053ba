"""The export of a stretch of the run from the window (issue 14, 24, 40): a video or pictures
(E), a web page (Shift+E), an exercise's page or SCORM package (Shift+E in exercise mode), their
frames rate and size; the export under way, its progress bar and Esc. A part of ``Lessons``
(``visualizer/features/lessons.py``), which holds the bookmarks a stretch may start or end at.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

from visualizer.features import choosers
from visualizer.features.export import (
    MAX_FPS,
    MIN_FPS,
    Export,
    Stretch,
    even_size,
    frame_bytes,
    kind_of,
)
from visualizer.features.gif import LARGE_GIF
from visualizer.input.arguments import (
    exercise_export_path,
    export_html_spec,
    export_size,
    export_spec,
    number,
)
from visualizer.input.command import Key, command
from visualizer.input.file_dialog import Answer
from visualizer.look.i18n import tr
from visualizer.look.wording import file_problem, megabytes, short_path
from visualizer.shell.stopping import deferred

if TYPE_CHECKING:
    import threading

    from visualizer.core.lesson import Bookmarks, Lesson
    from visualizer.input.prompt import Prompt
    from visualizer.look.layout import Layout
    from visualizer.look.theme import Theme
    from visualizer.modes.base import Mode
    from visualizer.web.job import PageJob


def plays(mode: type) -> bool:
    """The modes with a run played in time (watch, race): bookmarks, saving, exports of a stretch."""
    from visualizer.modes.base import plays

    return plays(mode)


def exercising(mode: type) -> bool:
    from visualizer.modes.exercise import ExerciseMode

    return issubclass(mode, ExerciseMode)


class ExportJob:
    """An export under way in the window: the Export, where the run stood before, and whether a
    frame is being drawn for it (then no progress bar is drawn into that frame)."""

    def __init__(self, export: Export, return_to: int) -> None:
        self.export, self.return_to, self.capturing = export, return_to, False
        self.asked = False  # a large GIF's question is up (or was answered)
        self.shown = False  # a frame of the export was drawn into the window


class LessonHost(Protocol):
    """What the lesson feature asks of the window (the App is one)."""

    @property
    def lang(self) -> str: ...
    @property
    def mode(self) -> Mode: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def prompt(self) -> Prompt: ...
    @property
    def manager(self) -> pygame_gui.UIManager: ...
    @property
    def theme(self) -> Theme: ...
    @property
    def surface(self) -> pygame.Surface: ...
    @property
    def speed(self) -> float: ...
    @property
    def lock(self) -> threading.Lock: ...
    @property
    def asks(self) -> bool: ...  # someone can answer a question (False headless)

    def say(self, text: str, kind: str = "info") -> None: ...
    def dispatch(self, name: str, *args: object) -> None: ...
    def clear_banner(self) -> None: ...
    def draw(self, quiet: bool = False) -> None: ...
    def relayout(self, size: tuple[int, int] | None = None) -> None: ...
    def take(self, mode: Mode, speed: float | None, lang: str | None) -> None: ...
    def make_mode(self, name: str, n: int, algorithm: str, algo2: str | None = None) -> Mode: ...


class LessonExports:
    """The export commands of ``Lessons`` and the export under way."""

    host: LessonHost
    bookmarks: Bookmarks
    exporting: ExportJob | None  # an export of a stretch under way
    page: tuple[PageJob, str] | None  # a web page being built, and its path
    export_fps: float  # an export's frames per second and size (None: the window's)
    export_size: tuple[int, int] | None

    if TYPE_CHECKING:  # the lessons'

        def _search(self): ...  # type: ignore[no-untyped-def]
        def cursor(self) -> int: ...
        def current(self, folder: Path | None = None) -> Lesson: ...

    # -- export a stretch ---------------------------------------------------------------------------

    def _event_of(self, token: str) -> int:
        """``bK`` (bookmark K, from 1) or an event index."""
        return self.bookmarks.event_of(token)

    def _span(self) -> tuple[int, int | None, list[int]]:
        """The moment shown, the run's last event index (None while unknown) and the bookmarks'
        events: what the export dialogs offer."""
        mode = self.host.mode
        total = mode.scrub_model().total if hasattr(mode, "scrub_model") else None
        return self.cursor(), total, [mark.event for mark in self.bookmarks.marks]

    @command(
        "export", keys=(Key("e", "E"),), help="export", label="export_button", when=plays, parse=export_spec
    )
    def export(self, spec: tuple[str, str, str] | None = None) -> None:
        """E (a dialog: the stretch in words, the format, the file) or ``export:FROM-TO:PATH``:
        event (or bookmark ``bK``) FROM to TO as a GIF, an MP4 or a folder of PNGs, at
        ``self.export_fps`` frames per second and ``self.export_size`` (default: the window's).
        A GIF's palette and size are worked out first (frames of the run drawn, a window frame's
        share at a time); a large one is confirmed (Y / N)."""
        host = self.host
        if spec is None:
            request = choosers.export_video(host.lang, *self._span())
            host.prompt.choose(host.manager, request, host.lang, self._export_chosen)
            return
        first, last = self._event_of(spec[0]), self._event_of(spec[1])
        size = even_size(self.export_size or host.surface.get_size())
        stretch = Stretch.of(first, last, kind_of(spec[2]))
        confirm = LARGE_GIF if host.asks else None
        with deferred():  # a stop signal waits until the export (and its ffmpeg) is ours to cancel
            export = Export(spec[2], stretch, size, self.export_fps, confirm_over=confirm)
            self.exporting = ExportJob(export, self.cursor())
        self._search().goto_event(stretch.first)

    def _ask_large(self, job: ExportJob) -> None:
        """A GIF whose plan says it is large: Y writes it, N or Esc drops it (the run back where it stood)."""
        host, export = self.host, job.export
        assert export.plan is not None
        job.asked = True
        question = tr(
            "gif_large_ask",
            host.lang,
            size=megabytes(export.plan.size),
            frames=f"{export.stretch.frames:,}",
            width=export.size[0],
            height=export.size[1],
        )
        host.prompt.confirm(host.manager, host.layout.progress, question, export.go, self.cancel_export)

    def _export_chosen(self, answer: Answer) -> None:
        values = answer.values
        self.host.dispatch("export", (values["from"], values["to"], str(answer.path)))

    @command(
        "export-html",
        keys=(Key("e", "Shift+E", shift=True),),
        help="export_html",
        label="export_html_button",
        when=plays,
        parse=export_html_spec,
    )
    def export_html(self, spec: tuple[str, str, str] | None = None) -> None:
        """Shift+E or the Web page button (a dialog: the whole run, the bookmarks or from / to events,
        and the file) or ``export-html:FROM-TO:PATH.html``: the stretch as one self-contained web
        page (``visualizer/web/``), with the bookmarks and hidden panels, built off the window's thread."""
        from visualizer.web.trace import MAX_EVENTS

        host = self.host
        if spec is None:
            request = choosers.export_page(host.lang, *self._span(), limit=MAX_EVENTS)
            host.prompt.choose(host.manager, request, host.lang, self._page_chosen)
            return
        from solvers import registry
        from visualizer.web.job import PageJob

        first = self._event_of(spec[0])
        last = self._event_of(spec[1]) if spec[1] else None
        if last is not None and last >= first and last - first + 1 > MAX_EVENTS:
            count = f"{last - first + 1:,}"
            raise ValueError(tr("stretch_too_long_page", host.lang, limit=f"{MAX_EVENTS:,}", count=count))
        total = self._span()[1]
        if total is not None and max(first, last or 0) > total:
            raise ValueError(tr("stretch_past_end", host.lang, end=f"{total:,}"))
        mode = host.mode
        job = PageJob.stretch(
            registry.get(mode.algorithm), mode.n, first, last, self.current(), background=self.host.asks
        )
        self.page = (job, spec[2])
        self.page_tick()

    @command(
        "export-exercise",
        keys=(Key("e", "Shift+E", shift=True),),
        help="export_html",  # one help row for Shift+E: a stretch, or in exercise mode the exercise
        label="export_exercise_button",
        when=exercising,
        parse=exercise_export_path,
        own_keys=True,  # Shift+E: elsewhere a stretch as a web page (export-html)
    )
    def export_exercise(self, path: str | None = None) -> None:
        """Shift+E in exercise mode (the path asked in a text box) or ``export-exercise:PATH``: the
        exercise as the window sets it (algorithm, n, goal, feedback, instance) as a web page, or a
        SCORM 1.2 package for an LMS when the path ends in .zip (issue 40), built off the window's
        thread."""
        if path is None:
            host = self.host
            request = choosers.export_exercise(host.lang)
            host.prompt.choose(
                host.manager, request, host.lang, lambda answer: self.export_exercise(str(answer.path))
            )
            return
        from solvers import registry
        from visualizer.web.exercise import exercise_page
        from visualizer.web.job import PageJob

        mode = self.host.mode
        spec, n, lang = registry.get(mode.algorithm), mode.n, self.host.lang
        goal, feedback = mode.exercise.goal, mode.exercise.feedback  # type: ignore[attr-defined]
        instance = mode.timeline.spec.instance  # type: ignore[attr-defined, union-attr]
        build = lambda: exercise_page(  # noqa: E731
            spec, n, goal=goal, feedback=feedback, instance=instance, lang=lang
        )
        self.page = (PageJob(build, background=self.host.asks), path)
        self.page_tick()

    def _page_chosen(self, answer: Answer) -> None:
        values = answer.values
        self.host.dispatch("export-html", (values["from"], values["to"], str(answer.path)))

    def page_tick(self) -> None:
        """Once the page is built: write it, and say so (or why not, in words) in a banner."""
        if self.page is None or not self.page[0].done():
            return
        from visualizer.web.trace import MAX_EVENTS, TraceError

        job, path = self.page
        self.page = None
        lang = self.host.lang
        try:
            written = job.finish(path)
        except TraceError:
            reason = tr("page_outside", lang, limit=f"{MAX_EVENTS:,}")
            self.host.say(tr("export_html_failed", lang, path=short_path(path), reason=reason), "error")
            return
        except OSError as error:
            reason = file_problem(error, lang)
            self.host.say(tr("export_html_failed", lang, path=short_path(path), reason=reason), "error")
            return
        size = max(1, round(written.stat().st_size / 1024))
        saved = "export_exercise_saved" if "exercise" in job.data else "export_html_saved"
        self.host.say(
            tr(saved, self.host.lang, path=short_path(written), frames=job.frames, size=size), "success"
        )

    @property
    def working(self) -> bool:
        """Whether an export or a web page is under way."""
        return self.exporting is not None or self.page is not None

    def join_export(self, timeout: float | None) -> None:
        """Wait (up to ``timeout`` seconds, or 1 s) until an export under way takes another frame."""
        if self.exporting is not None and not self.exporting.export.asking:
            self.exporting.export.wait(1.0 if timeout is None else timeout)

    def export_tick(self) -> None:
        """A window frame's share of the export; at the end the banner and the run back where it stood."""
        self.page_tick()
        job = self.exporting
        if job is None or self.host.mode.busy:
            return
        if job.export.asking:
            if not job.asked:
                self._ask_large(job)
            return
        lang = self.host.lang
        try:
            done = job.export.work(lambda event: self._render(job, event))
        except (OSError, ValueError, StopIteration) as error:
            job.export.cancel()
            self.exporting = None
            self._search().goto_event(job.return_to)
            reason = file_problem(error, lang) if isinstance(error, OSError) else tr("problem_other", lang)
            self.host.say(tr("export_failed", lang, path=short_path(job.export.path), reason=reason), "error")
            return
        if done:
            self.exporting = None
            self._search().goto_event(job.return_to)
            frames = job.export.stretch.frames
            self.host.say(
                tr("export_saved", lang, path=short_path(job.export.path), frames=frames), "success"
            )

    def _render(self, job: ExportJob, event: int) -> bytes:
        """The window drawn at ``event`` (no banner, no progress bar), as the export's RGB bytes."""
        self._search().goto_event(event)
        job.capturing = True
        try:
            self.host.draw(quiet=True)
        finally:
            job.capturing = False
        job.shown = True
        return frame_bytes(self.host.surface, job.export.size)

    def cancel_export(self) -> bool:
        """Esc during an export: stop it, remove the partial output, the run back where it stood."""
        job = self.exporting
        if job is None:
            return False
        job.export.cancel()
        self.exporting = None
        self._search().goto_event(job.return_to)
        self.host.say(tr("export_cancelled", self.host.lang), "info")
        return True

    @property
    def showing_export(self) -> bool:
        """Whether the window shows the frame the export drew last (the window at that event), so
        a window frame need only draw the progress box over it."""
        job = self.exporting
        return job is not None and job.shown and not job.capturing and not job.export.asking

    def draw_export_progress(self) -> None:
        job = self.exporting
        if job is None or job.capturing or job.export.asking:
            return
        from visualizer.render.panels import draw_progress

        export, lang = job.export, self.host.lang
        if export.planning:
            label = tr("export_planning", lang, done=export.planned, frames=export.plan_frames)
        else:
            label = tr("exporting", lang, done=export.done, frames=export.stretch.frames)
        host = self.host
        draw_progress(
            host.surface, host.layout.board, export.fraction, label, host.theme, host.lang, host.layout.scale
        )

    @command("export-fps", parse=number("export-fps", positive=True, maximum=60))
    def set_export_fps(self, fps: float) -> None:
        if not MIN_FPS <= float(fps) <= MAX_FPS:
            raise ValueError(f"the frame rate must be {MIN_FPS:g} to {MAX_FPS:g} frames per second")
        self.export_fps = float(fps)

    @command("export-size", parse=export_size)
    def set_export_size(self, size: tuple[int, int]) -> None:
        self.export_size = even_size(size)
