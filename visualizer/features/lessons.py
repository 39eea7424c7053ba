"""The window's lesson commands (issue 14): bookmarks and their notes, hidden panels, lesson files.

Each function takes the App first (commands with ``target="lesson"`` in ``visualizer/commands.py``);
errors are raised as ValueError / OSError, which the App turns into a banner. The bookmarks, the
hidden panels and the lesson file's path live on the App (``app.bookmarks``, ``app.hidden``,
``app.lesson_path``); the file format is ``visualizer/core/lesson.py``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from visualizer.core.lesson import (
    MAX_BYTES,
    PANELS,
    Bookmark,
    Bookmarks,
    Lesson,
    LessonError,
    note_of,
    parse_lesson,
)
from visualizer.examples import lesson_path
from visualizer.features.export import MAX_FPS, MIN_FPS, Export, Stretch, even_size, frame_bytes, kind_of
from visualizer.input.prompt import Browse
from visualizer.look.i18n import tr
from visualizer.shell.safe_files import (
    RefusedFile,
    check_output_path,
    read_small_regular_file,
    write_atomically,
)

if TYPE_CHECKING:
    from visualizer.app import App
    from visualizer.look.layout import Layout

#: Where Ctrl+S offers to save a lesson that has no file yet.
DEFAULT_NAME = "lesson.json"


def _search(app: App):  # -> SearchMode (watch or race): the command table allows no other mode
    return app.mode


def cursor(app: App) -> int:
    """The event index the run stands on (a race: its ticks)."""
    return int(_search(app).player.track.cursor)


# -- bookmarks ---------------------------------------------------------------------------------


def bookmark(app: App, note: str | None = None) -> None:
    """B: a bookmark here, its note asked in a text box; ``bookmark:NOTE`` in a script."""
    if note is None:
        question = tr("bookmark_note", app.lang, event=f"{cursor(app):,}")
        app.prompt.open(app.manager, app.layout.progress, question, lambda text: bookmark(app, text))
        return
    number = app.bookmarks.add(Bookmark(cursor(app), note_of(note, app.lang)))
    app.say(tr("bookmark_set", app.lang, number=number, event=f"{cursor(app):,}"), "success")


def goto_bookmark(app: App, number: int) -> None:
    """Stand at bookmark ``number`` (from 1): stepping back, or a jump forward."""
    mark = app.bookmarks.get(int(number))
    _search(app).goto_event(mark.event)
    app.banner = None  # the bookmark's note shows at once, not after an older banner


def bookmark_next(app: App) -> None:
    """PgDn: the next bookmark after the current event."""
    number = app.bookmarks.after(cursor(app))
    if number is None:
        app.say(tr("bookmark_none_after", app.lang), "info")
    else:
        goto_bookmark(app, number)


def bookmark_prev(app: App) -> None:
    """PgUp: the bookmark before the current event."""
    number = app.bookmarks.before(cursor(app))
    if number is None:
        app.say(tr("bookmark_none_before", app.lang), "info")
    else:
        goto_bookmark(app, number)


def standing_note(app: App) -> tuple[str, str] | None:
    """The banner while the run stands on a bookmark: its number and note."""
    if app.mode.name not in ("watch", "race") or not app.bookmarks.marks:
        return None
    number = app.bookmarks.at(cursor(app))
    if number is None:
        return None
    note = app.bookmarks.get(number).text(app.lang)
    key = "bookmark_here_note" if note else "bookmark_here"
    return tr(key, app.lang, number=number, note=note), "info"


def draw_note(app: App, surface: pygame.Surface, layout: Layout) -> pygame.Rect | None:
    """The note of the bookmark the run stands on, wrapped in a card that never leaves the window
    nor covers the board or the counters: in the narration panel when there is one (the note is
    the teacher's word for this moment), else in the status area above the board. The card, or None."""
    standing = standing_note(app)
    if standing is None:
        return None
    from visualizer.render.lesson import draw_note_card

    top = layout.banner
    area = layout.narration or pygame.Rect(top.left, top.top, top.width, layout.board.top - top.top)
    return draw_note_card(surface, area, standing[0], app.theme, app.lang, max(14, round(top.height * 0.5)))


# -- hidden panels ------------------------------------------------------------------------------


def _panel(panel: str) -> str:
    if panel not in PANELS:
        raise ValueError(f"hide and show take one of: {', '.join(PANELS)} (got {panel[:40]!r})")
    return panel


def hide(app: App, panel: str) -> None:
    app.hidden.add(_panel(panel))


def show(app: App, panel: str) -> None:
    app.hidden.discard(_panel(panel))


def toggle(app: App, panel: str) -> None:
    """F5 to F10: hide or show one panel (the code, the counters, the tree, the narration's
    sentence, its log) or the algorithm's name."""
    (show if _panel(panel) in app.hidden else hide)(app, panel)
    key = "panel_hidden" if panel in app.hidden else "panel_shown"
    app.say(tr(key, app.lang, panel=tr(f"panel_{panel}", app.lang)), "info")


def toggle_code(app: App) -> None:
    toggle(app, "code")


def toggle_counters(app: App) -> None:
    toggle(app, "counters")


def toggle_tree(app: App) -> None:
    toggle(app, "tree")


def toggle_narration(app: App) -> None:
    toggle(app, "narration")


def toggle_log(app: App) -> None:
    toggle(app, "log")


def toggle_names(app: App) -> None:
    toggle(app, "names")


# -- lesson files -------------------------------------------------------------------------------


def current(app: App) -> Lesson:
    """The window as a lesson: n, algorithm, mode, view, speed, language, hidden panels, bookmarks."""
    if app.mode.name not in ("watch", "race"):
        raise ValueError(tr("lesson_modes", app.lang))
    views = app.mode.views
    race = app.race
    return Lesson(
        n=app.mode.n,
        algorithm=app.mode.algorithm,
        algo2=race.b.spec.name if race is not None else None,
        mode=app.mode.name,
        view=views.view if views is not None else None,
        speed=app.speed,
        lang=app.lang,
        hidden=tuple(panel for panel in PANELS if panel in app.hidden),
        bookmarks=tuple(app.bookmarks.marks),
    )


def lesson_save(app: App, path: str | None = None, overwrite: bool = False) -> None:
    """Ctrl+S: write the lesson to ``path`` (asked for when the lesson has no file yet). Saving over
    a file this window did not create in this run asks first (Y / N); the headless mode, with no
    one to ask, refuses unless the script says ``lesson-overwrite:PATH``."""
    if path is None and app.lesson_path is None:
        question = tr("lesson_save_as", app.lang)
        browse = Browse(tr("browse", app.lang), tr("lesson_save_title", app.lang), existing_only=False)
        answer = lambda text: _save_typed(app, text)  # noqa: E731
        app.prompt.open(app.manager, app.layout.progress, question, answer, DEFAULT_NAME, browse)
        return
    target = Path(path) if path is not None else app.lesson_path
    assert target is not None
    data = current(app).to_json()
    try:
        check_output_path(target)  # a link, folder or unwritable place: refused before any question
    except RefusedFile as error:
        raise ValueError(tr("lesson_not_saved", app.lang, path=target, reason=error.reason)) from None
    existed = os.path.lexists(target)
    if existed and not overwrite and os.path.abspath(target) not in app.made_here:
        if not app.asks:
            raise ValueError(tr("lesson_overwrite_refused", app.lang, path=target))
        question = tr("lesson_overwrite_ask", app.lang, path=target)
        kept = lambda: app.say(tr("lesson_kept", app.lang, path=target), "info")  # noqa: E731
        app.prompt.confirm(
            app.manager, app.layout.progress, question, lambda: lesson_overwrite(app, str(target)), kept
        )
        return
    try:
        write_atomically(target, data)
    except RefusedFile as error:
        raise ValueError(tr("lesson_not_saved", app.lang, path=target, reason=error.reason)) from None
    if not existed:
        app.made_here.add(os.path.abspath(target))
    app.lesson_path = target
    app.say(tr("lesson_saved", app.lang, path=target), "success")


def lesson_overwrite(app: App, path: str) -> None:
    """Y to the question, or ``lesson-overwrite:PATH``: save the lesson over ``path`` as it is."""
    lesson_save(app, path, overwrite=True)


def _save_typed(app: App, text: str) -> None:
    if text.strip():
        app.dispatch("lesson-save", text.strip())


def lesson_open(app: App, path: str | None = None) -> None:
    """Ctrl+O (the path asked for), ``--lesson`` or ``lesson-open:PATH``: read, check, then apply.

    A refused or broken file changes nothing: the reason is the error banner."""
    if path is None:
        question = tr("lesson_open_path", app.lang)
        initial = str(app.lesson_path or "")
        browse = Browse(tr("browse", app.lang), tr("lesson_open_title", app.lang), existing_only=True)
        answer = lambda text: _open_typed(app, text)  # noqa: E731
        app.prompt.open(app.manager, app.layout.progress, question, answer, initial, browse)
        return
    try:
        lesson = parse_lesson(read_small_regular_file(lesson_path(path), MAX_BYTES))
    except RefusedFile as error:
        raise ValueError(tr("lesson_refused", app.lang, path=path, reason=error.reason)) from None
    except LessonError as error:
        raise ValueError(tr("lesson_refused", app.lang, path=path, reason=str(error))) from None
    except OSError as error:
        raise ValueError(tr("lesson_refused", app.lang, path=path, reason=error.strerror or error)) from None
    apply(app, lesson)
    app.lesson_path = Path(path)
    app.say(tr("lesson_opened", app.lang, path=path, count=len(lesson.bookmarks)), "success")


def _open_typed(app: App, text: str) -> None:
    if text.strip():
        app.dispatch("lesson-open", text.strip())


def apply(app: App, lesson: Lesson) -> None:
    """Make the window what ``lesson`` says: the new mode is built first, so a refused n or
    algorithm (SolverError) leaves everything as it was."""
    from solvers import registry
    from visualizer import modes
    from visualizer.core.player import clamp_speed
    from visualizer.modes.views import VIEWS

    algorithm = registry.get(lesson.algorithm or app.mode.algorithm).name
    if lesson.algo2 is not None:
        registry.get(lesson.algo2)
    if lesson.view is not None and lesson.view not in VIEWS:
        raise LessonError(f"view must be one of: {', '.join(VIEWS)}")
    new = modes.make(lesson.mode, app, lesson.n or app.mode.n, algorithm, lesson.algo2)
    app.mode.close()
    app.mode = new
    if lesson.speed is not None:
        app.speed = clamp_speed(lesson.speed)
    if lesson.lang is not None:
        app.lang = lesson.lang
    views = getattr(new, "views", None)
    if lesson.view is not None and views is not None and views.view != lesson.view:
        new.set_view(lesson.view)  # type: ignore[attr-defined]  # watch mode's
    app.hidden = set(lesson.hidden)
    app.bookmarks = Bookmarks(list(lesson.bookmarks))
    app.relayout()


def state(app: App) -> dict[str, object]:
    """The lesson's part of the headless state file."""
    marks = app.bookmarks.marks
    here = app.bookmarks.at(cursor(app)) if app.mode.name in ("watch", "race") else None
    return {
        "bookmarks": [mark.as_json() for mark in marks],
        "bookmark": here,
        "hidden": [panel for panel in PANELS if panel in app.hidden],
        "lesson": str(app.lesson_path) if app.lesson_path is not None else None,
    }


def draw(app: App, surface: pygame.Surface, layout: Layout) -> None:
    """The strip under the board with the bookmark ticks (watch and race). It spans the whole run
    once its length is known (``event_total``); before that, what is known of it and a quarter more."""
    if app.mode.name not in ("watch", "race") or app.mode.scrubs:
        return  # the search modes' scrub bar draws the ticks (visualizer/render/scrub.py)
    from visualizer.render.lesson import draw_strip

    track = _search(app).player.track
    with app.lock:
        here = int(track.cursor)
        timelines = list(track.sides.values()) if hasattr(track, "sides") else [track]
        totals = [t.event_total for t in timelines]
        known = max([here, *(t.log.end for t in timelines), *(m.event for m in app.bookmarks.marks), 1])
        span = max(total or 0 for total in totals) if all(totals) else round(known * 1.25)
    marks = [mark.event for mark in app.bookmarks.marks]
    at = app.bookmarks.at(here)
    draw_strip(surface, layout.scrub, here, span, marks, None if at is None else at - 1, app.theme)


# -- export a stretch ---------------------------------------------------------------------------


class ExportJob:
    """An export under way in the window: the Export, where the run stood before, and whether a
    frame is being drawn for it (then no progress bar is drawn into that frame)."""

    def __init__(self, export: Export, return_to: int) -> None:
        self.export, self.return_to, self.capturing = export, return_to, False


def _event_of(app: App, token: str) -> int:
    """``bK`` (bookmark K, from 1) or an event index."""
    if token.lower().startswith("b"):
        return app.bookmarks.get(int(token[1:])).event
    return int(token)


def export(app: App, spec: tuple[str, str, str] | None = None) -> None:
    """E (the stretch and path asked in a text box) or ``export:FROM-TO:PATH``: event (or bookmark
    ``bK``) FROM to TO as a GIF, an MP4 or a folder of PNGs, at ``app.export_fps`` frames per
    second and ``app.export_size`` (default: the window's size)."""
    if spec is None:
        question = tr("export_ask", app.lang)
        browse = Browse(
            tr("browse", app.lang), tr("export_title", app.lang), existing_only=False, keep_before=":"
        )
        answer = lambda text: _export_typed(app, text)  # noqa: E731
        app.prompt.open(app.manager, app.layout.progress, question, answer, _offer(app), browse)
        return
    first, last = _event_of(app, spec[0]), _event_of(app, spec[1])
    kind = kind_of(spec[2])
    size = app.export_size or app.surface.get_size()
    job = ExportJob(Export(spec[2], Stretch.of(first, last, kind), size, app.export_fps), cursor(app))
    app.exporting = job
    _search(app).goto_event(first)


def _offer(app: App) -> str:
    """The text box's offer: the bookmarks around the run, or the next 100 events, to an MP4."""
    here = cursor(app)
    before, after = app.bookmarks.before(here + 1), app.bookmarks.after(here)
    stretch = f"b{before}-b{after}" if before and after else f"{here}-{here + 100}"
    return f"{stretch}:nqueens-stretch.mp4"


def _export_typed(app: App, text: str) -> None:
    if text.strip():
        app.dispatch("export", parse_export(text.strip()))


def parse_export(text: str) -> tuple[str, str, str]:
    from visualizer.commands import parse_argument

    spec = parse_argument("export", text)
    assert isinstance(spec, tuple)
    return spec


def export_tick(app: App) -> None:
    """A window frame's share of the export; at the end the banner and the run back where it stood."""
    job = app.exporting
    if job is None or app.mode.busy:
        return
    try:
        done = job.export.work(lambda event: _render(app, job, event))
    except (OSError, ValueError, StopIteration) as error:
        job.export.cancel()
        app.exporting = None
        app.say(tr("error", app.lang, message=f"export failed: {error}"), "error")
        return
    if done:
        app.exporting = None
        _search(app).goto_event(job.return_to)
        frames = job.export.stretch.frames
        app.say(tr("export_saved", app.lang, path=job.export.path, frames=frames), "success")


def _render(app: App, job: ExportJob, event: int) -> bytes:
    """The window drawn at ``event`` (no banner, no progress bar), as the export's RGB bytes."""
    _search(app).goto_event(event)
    job.capturing, banner, app.banner = True, app.banner, None
    try:
        app.draw()
    finally:
        job.capturing, app.banner = False, banner
    return frame_bytes(app.surface, job.export.size)


def cancel_export(app: App) -> bool:
    """Esc during an export: stop it, remove the partial output, the run back where it stood."""
    job = app.exporting
    if job is None:
        return False
    job.export.cancel()
    app.exporting = None
    _search(app).goto_event(job.return_to)
    app.say(tr("export_cancelled", app.lang), "info")
    return True


def draw_export_progress(app: App) -> None:
    job = app.exporting
    if job is None or job.capturing:
        return
    from visualizer.render.panels import draw_progress

    export = job.export
    label = tr("exporting", app.lang, done=export.done, frames=export.stretch.frames)
    draw_progress(app.surface, app.layout.board, export.fraction, label, app.theme, app.lang)


def set_export_fps(app: App, fps: float) -> None:
    if not MIN_FPS <= float(fps) <= MAX_FPS:
        raise ValueError(f"the frame rate must be {MIN_FPS:g} to {MAX_FPS:g} frames per second")
    app.export_fps = float(fps)


def set_export_size(app: App, size: tuple[int, int]) -> None:
    app.export_size = even_size(size)
