"""The window's lesson commands (issue 14): bookmarks and their notes, hidden panels, lesson files.

Each function takes the App first (commands with ``target="lesson"`` in ``visualizer/commands.py``);
errors are raised as ValueError / OSError, which the App turns into a banner. The bookmarks, the
hidden panels and the lesson file's path live on the App (``app.bookmarks``, ``app.hidden``,
``app.lesson_path``); the file format is ``visualizer/core/lesson.py``.
"""

from __future__ import annotations

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
from visualizer.i18n import tr
from visualizer.safe_files import RefusedFile, check_output_path, read_small_regular_file, write_atomically

if TYPE_CHECKING:
    from visualizer.app import App
    from visualizer.layout import Layout

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
    """F5 / F6 / F7: hide or show the code, the counters or the tree."""
    (show if _panel(panel) in app.hidden else hide)(app, panel)
    key = "panel_hidden" if panel in app.hidden else "panel_shown"
    app.say(tr(key, app.lang, panel=tr(f"panel_{panel}", app.lang)), "info")


def toggle_code(app: App) -> None:
    toggle(app, "code")


def toggle_counters(app: App) -> None:
    toggle(app, "counters")


def toggle_tree(app: App) -> None:
    toggle(app, "tree")


# -- lesson files -------------------------------------------------------------------------------


def current(app: App) -> Lesson:
    """The window as a lesson: n, algorithm, mode, view, speed, language, hidden panels, bookmarks."""
    if app.mode.name not in ("watch", "race"):
        raise ValueError(tr("lesson_modes", app.lang))
    views = getattr(app.mode, "views", None)
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


def lesson_save(app: App, path: str | None = None) -> None:
    """Ctrl+S: write the lesson to ``path`` (asked for when the lesson has no file yet)."""
    if path is None and app.lesson_path is None:
        question = tr("lesson_save_as", app.lang)
        app.prompt.open(
            app.manager, app.layout.progress, question, lambda text: _save_typed(app, text), DEFAULT_NAME
        )
        return
    target = Path(path) if path is not None else app.lesson_path
    assert target is not None
    data = current(app).to_json()
    try:
        check_output_path(target)
        write_atomically(target, data)
    except RefusedFile as error:
        raise ValueError(tr("lesson_not_saved", app.lang, path=target, reason=error.reason)) from None
    app.lesson_path = target
    app.say(tr("lesson_saved", app.lang, path=target), "success")


def _save_typed(app: App, text: str) -> None:
    if text.strip():
        app.dispatch("lesson-save", text.strip())


def lesson_open(app: App, path: str | None = None) -> None:
    """Ctrl+O (the path asked for), ``--lesson`` or ``lesson-open:PATH``: read, check, then apply.

    A refused or broken file changes nothing: the reason is the error banner."""
    if path is None:
        question = tr("lesson_open_path", app.lang)
        initial = str(app.lesson_path or "")
        app.prompt.open(
            app.manager, app.layout.progress, question, lambda text: _open_typed(app, text), initial
        )
        return
    try:
        lesson = parse_lesson(read_small_regular_file(path, MAX_BYTES))
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
    from visualizer.views import VIEWS

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
    """The strip under the board with the bookmark ticks (watch and race)."""
    if app.mode.name not in ("watch", "race"):
        return
    from visualizer.render.lesson import draw_strip

    track = _search(app).player.track
    with app.lock:
        here = int(track.cursor)
        timelines = list(track.sides.values()) if hasattr(track, "sides") else [track]
        span = max([here, *(t.log.end for t in timelines), *(m.event for m in app.bookmarks.marks), 1])
    marks = [mark.event for mark in app.bookmarks.marks]
    at = app.bookmarks.at(here)
    draw_strip(surface, layout.scrub, here, span, marks, None if at is None else at - 1, app.theme)
