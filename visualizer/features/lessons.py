"""The window's lesson feature (issue 14): bookmarks and their notes, hidden panels, lesson files,
the export of a stretch.

``Lessons`` is an object the App holds (the receiver of the commands declared here with
``@command``, ``visualizer/input/command.py``); it owns the bookmarks, the hidden panels, the
lesson file's path and the export under way, and asks the window only what ``LessonHost``
declares (it never imports the App). Errors are raised as ValueError / OSError, which the App
turns into a banner; the file format is ``visualizer/core/lesson.py``.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from solvers.events import BoardState
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
from visualizer.examples import is_bundled, lesson_path
from visualizer.features import choosers
from visualizer.features.lesson_exports import ExportJob, LessonExports, LessonHost, exercising, plays
from visualizer.features.saving import is_writable_file
from visualizer.input.arguments import (
    lesson_path as lesson_file,
)
from visualizer.input.arguments import (
    note,
    output_path,
    panel,
    whole,
)
from visualizer.input.command import Key, command
from visualizer.input.file_dialog import Answer
from visualizer.look.i18n import LANGUAGES, tr
from visualizer.look.wording import file_problem, short_path
from visualizer.shell.safe_files import (
    check_output_path,
    read_small_regular_file,
    write_atomically,
)

if TYPE_CHECKING:
    from visualizer.look.layout import Layout
    from visualizer.web.job import PageJob


def _lesson_path(text: str) -> str:
    return output_path(text, "lesson")


def _watch(mode: type) -> bool:
    from visualizer.modes.watch import WatchMode

    return mode is WatchMode


def _panel(panel: str) -> str:
    if panel not in PANELS:
        raise ValueError(f"hide and show take one of: {', '.join(PANELS)} (got {panel[:40]!r})")
    return panel


class Lessons(LessonExports):
    """The bookmarks, the hidden panels, the lesson file and the export under way of one window."""

    def __init__(self, host: LessonHost) -> None:
        self.host = host
        self.bookmarks = Bookmarks()
        self.hidden: set[str] = set()  # panels hidden for an exercise (the modes read the host's)
        self.path: Path | None = None  # the lesson file opened or saved
        self.made_here: set[str] = set()  # files this window created in this run (saved over freely)
        self.exporting: ExportJob | None = None  # an export of a stretch under way
        self.page: tuple[PageJob, str] | None = None  # a web page being built, and its path
        self.export_fps = 10.0  # an export's frames per second and size (None: the window's)
        self.export_size: tuple[int, int] | None = None

    def _search(self):  # -> SearchMode (watch or race): the command table allows no other mode
        return self.host.mode

    def cursor(self) -> int:
        """The event index the run stands on (a race: its ticks)."""
        return int(self._search().player.track.cursor)

    # -- bookmarks ---------------------------------------------------------------------------------

    @command(
        "bookmark", keys=(Key("b", "B"),), help="bookmark", label="bookmark_button", when=plays, parse=note
    )
    def bookmark(self, note: str | None = None) -> None:
        """B: a bookmark here, its note asked in a text box; ``bookmark:NOTE`` in a script."""
        if note is None:
            question = tr("bookmark_note", self.host.lang, event=f"{self.cursor():,}")
            self.host.prompt.open(
                self.host.manager, self.host.layout.progress, question, lambda text: self.bookmark(text)
            )
            return
        number = self.bookmarks.add(Bookmark(self.cursor(), note_of(note, self.host.lang)))
        self.host.say(
            tr("bookmark_set", self.host.lang, number=number, event=f"{self.cursor():,}"), "success"
        )

    @command("check", keys=(Key("j", "J"),), help="check_search", when=_watch)
    def check_search(self) -> None:
        """J: check a student's finished run (``solvers.own.check``); its first mistake becomes a
        bookmark, in both languages, and the run goes there; a right search says so. A run that
        failed is checked as far as it went: a mistake before the failure is said as above, else
        the failure becomes the bookmark (the events before it were right). Either says which known
        wrong version of a search the run behaves like, if one (``solvers.own.likeness``)."""
        from solvers.own.check import TEXT, check
        from solvers.own.likeness import behaves_like

        host, timeline = self.host, self.host.mode.timeline
        if timeline is None or not timeline.spec.checkable:
            raise ValueError(tr("check_not_own", host.lang))
        failure = timeline.failure
        ended = timeline.finished or (failure is not None and timeline.exhausted)
        if not ended or timeline.log.start > 0:
            raise ValueError(tr("check_finish_first", host.lang))
        log, end, board = timeline.log, timeline.log.end, BoardState([None] * timeline.n)
        events = []
        for index in range(end):  # the log keeps no Solution's board: it is the board then
            events.append(log.get(index, board.queens))
            events[-1].apply(board)
        problem = check(events, timeline.n, complete=failure is None)
        if problem is None and failure is not None:
            note = tuple(
                (lang, tr("check_failed", lang, events=f"{end:,}", sentence=failure.sentence(lang)))
                for lang in LANGUAGES
            )
            self.goto_bookmark(self.bookmarks.add(Bookmark(failure.index, note)))
            return
        likeness = behaves_like(events, timeline.n, ended=True)

        def like(lang: str) -> str:
            return "" if likeness is None else (" " if lang == "en" else "") + likeness.sentence(lang)

        if problem is None:
            solutions = timeline.counters.solutions
            host.say(TEXT[host.lang]["ok"].format(found=solutions, events=end) + like(host.lang), "success")
            return
        moment = end if problem.event is None else problem.event + 1  # just after the wrong event
        note = tuple(
            (lang, tr("check_mistake", lang, sentence=problem.sentence(lang)) + like(lang))
            for lang in LANGUAGES
        )
        number = self.bookmarks.add(Bookmark(moment, note))
        self.goto_bookmark(number)

    @command("goto-bookmark", when=plays, parse=whole("goto-bookmark", 1))
    def goto_bookmark(self, number: int) -> None:
        """Stand at bookmark ``number`` (from 1): stepping back, or a jump forward."""
        mark = self.bookmarks.get(int(number))
        self._search().goto_event(mark.event)
        self.host.clear_banner()  # the bookmark's note shows at once, not after an older banner

    @command(
        "bookmark-next",
        keys=(Key("page down", "PgDn"),),
        help="bookmark_next",
        label="bookmark_next_button",
        when=plays,
    )
    def bookmark_next(self) -> None:
        """PgDn: the next bookmark after the current event."""
        number = self.bookmarks.after(self.cursor())
        if number is None:
            self.host.say(tr("bookmark_none_after", self.host.lang), "info")
        else:
            self.goto_bookmark(number)

    @command(
        "bookmark-prev",
        keys=(Key("page up", "PgUp"),),
        help="bookmark_prev",
        label="bookmark_prev_button",
        when=plays,
    )
    def bookmark_prev(self) -> None:
        """PgUp: the bookmark before the current event."""
        number = self.bookmarks.before(self.cursor())
        if number is None:
            self.host.say(tr("bookmark_none_before", self.host.lang), "info")
        else:
            self.goto_bookmark(number)

    def standing_note(self) -> tuple[str, str] | None:
        """The banner while the run stands on a bookmark: its number and note."""
        if self.host.mode.name not in ("watch", "race") or not self.bookmarks.marks:
            return None
        number = self.bookmarks.at(self.cursor())
        if number is None:
            return None
        note = self.bookmarks.get(number).text(self.host.lang)
        key = "bookmark_here_note" if note else "bookmark_here"
        return tr(key, self.host.lang, number=number, note=note), "info"

    def draw_note(self, surface: pygame.Surface, layout: Layout) -> pygame.Rect | None:
        """The note of the bookmark the run stands on, wrapped in a card that never leaves the window
        nor covers the board or the counters: in the narration panel when there is one (the note is
        the teacher's word for this moment), else in the status area above the board. The card, or None."""
        standing = self.standing_note()
        if standing is None:
            return None
        from visualizer.render.lesson import draw_note_card

        top = layout.banner
        area = layout.narration or pygame.Rect(top.left, top.top, top.width, layout.board.top - top.top)
        return draw_note_card(
            surface, area, standing[0], self.host.theme, self.host.lang, max(14, round(top.height * 0.5))
        )

    # -- hidden panels ------------------------------------------------------------------------------

    @command("hide", while_busy=True, parse=panel)
    def hide(self, panel: str) -> None:
        self.hidden.add(_panel(panel))

    @command("show", while_busy=True, parse=panel)
    def show(self, panel: str) -> None:
        self.hidden.discard(_panel(panel))

    def toggle(self, panel: str) -> None:
        """F5 to F10: hide or show one panel (the code, the counters, the tree, the narration's
        sentence, its log) or the algorithm's name."""
        (self.show if _panel(panel) in self.hidden else self.hide)(panel)
        key = "panel_hidden" if panel in self.hidden else "panel_shown"
        self.host.say(tr(key, self.host.lang, panel=tr(f"panel_{panel}", self.host.lang)), "info")

    @command("toggle-code", keys=(Key("f5", "F5"),), help="toggle_code", while_busy=True)
    def toggle_code(self) -> None:
        self.toggle("code")

    @command("toggle-counters", keys=(Key("f6", "F6"),), help="toggle_counters", while_busy=True)
    def toggle_counters(self) -> None:
        self.toggle("counters")

    @command("toggle-tree", keys=(Key("f7", "F7"),), help="toggle_tree", while_busy=True)
    def toggle_tree(self) -> None:
        self.toggle("tree")

    @command("toggle-narration", keys=(Key("f8", "F8"),), help="toggle_narration", while_busy=True)
    def toggle_narration(self) -> None:
        self.toggle("narration")

    @command("toggle-log", keys=(Key("f10", "F10"),), help="toggle_log", while_busy=True)
    def toggle_log(self) -> None:
        self.toggle("log")

    @command("toggle-names", keys=(Key("f9", "F9"),), help="toggle_names", while_busy=True)
    def toggle_names(self) -> None:
        self.toggle("names")

    # -- lesson files -------------------------------------------------------------------------------

    def current(self, folder: Path | None = None) -> Lesson:
        """The window as a lesson: n, algorithm, mode, view, speed, language, hidden panels, bookmarks.
        A student's search is named by its file's path (relative to ``folder``, the lesson's, when
        it is below it), never by its code."""
        from solvers.own.search import file_of

        if self.host.mode.name not in ("watch", "race"):
            raise ValueError(tr("lesson_modes", self.host.lang))
        views = self.host.mode.views
        race = self.host.mode.race
        search = file_of(self.host.mode.algorithm)
        if search is not None and folder is not None and search.is_relative_to(folder.resolve()):
            search = search.relative_to(folder.resolve())
        return Lesson(
            n=self.host.mode.n,
            algorithm=self.host.mode.algorithm if search is None else None,
            search=search.as_posix() if search is not None else None,
            algo2=race.b.spec.name if race is not None else None,
            mode=self.host.mode.name,
            view=views.view if views is not None else None,
            speed=self.host.speed,
            lang=self.host.lang,
            hidden=tuple(panel for panel in PANELS if panel in self.hidden),
            bookmarks=tuple(self.bookmarks.marks),
        )

    def own_file(self) -> Path | None:
        """The lesson's file when Ctrl+S may write it as it is: the user's own, writable (a shipped
        lesson, a read-only file or none at all: None, and Save is Save As)."""
        path = self.path
        if path is None or is_bundled(path) or not is_writable_file(path):
            return None
        return path

    @command(
        "lesson-save",
        keys=(Key("s", "Ctrl+S", ctrl=True),),
        help="lesson_save",
        label="save_button",
        when=plays,
        parse=_lesson_path,
    )
    def lesson_save(self, path: str | None = None, overwrite: bool = False) -> None:
        """Ctrl+S: write the lesson to ``path``, or to its own file (``own_file``), or ask where
        (Save As). Saving over a file this window did not create in this run asks first (Y / N);
        the headless mode, with no one to ask, refuses unless the script says ``lesson-overwrite:PATH``."""
        timeline = self.host.mode.timeline
        lang = self.host.lang
        if timeline is not None and timeline.spec.instance is not None:  # its moments are not the plain run's
            raise ValueError(tr("lesson_no_instance", lang))
        target = Path(path) if path is not None else self.own_file()
        if target is None:
            self.lesson_save_as()
            return
        target = Path(path) if path is not None else self.path
        assert target is not None
        data, replaced = self.current(target.parent).encoded()
        shown = short_path(target)
        try:
            check_output_path(target)  # a link, folder or unwritable place: refused before any question
        except OSError as error:
            raise ValueError(
                tr("lesson_not_saved", lang, path=shown, reason=file_problem(error, lang))
            ) from None
        existed = os.path.lexists(target)
        if existed and not overwrite and os.path.abspath(target) not in self.made_here:
            if not self.host.asks:
                raise ValueError(tr("lesson_overwrite_refused", lang, path=shown, typed=target))
            question = tr("lesson_overwrite_ask", lang, path=shown)
            kept = lambda: self.host.say(tr("lesson_kept", lang, path=shown), "info")  # noqa: E731
            self.host.prompt.confirm(
                self.host.manager,
                self.host.layout.progress,
                question,
                lambda: self.lesson_overwrite(str(target)),
                kept,
            )
            return
        try:
            write_atomically(target, data)
        except OSError as error:
            raise ValueError(
                tr("lesson_not_saved", lang, path=shown, reason=file_problem(error, lang))
            ) from None
        if not existed:
            self.made_here.add(os.path.abspath(target))
        self.path = target
        if replaced:  # a lone surrogate in a note (a JSON escape, a command line's bytes)
            self.host.say(tr("lesson_saved_replaced", self.host.lang, path=shown, count=replaced), "info")
        else:
            self.host.say(tr("lesson_saved", self.host.lang, path=shown), "success")

    # Ctrl+Shift+S: in the help, on Save's row (one row fewer)
    @command(
        "lesson-save-as", keys=(Key("s", "", shift=True, ctrl=True),), label="save_as_button", when=plays
    )
    def lesson_save_as(self) -> None:
        """Ctrl+Shift+S (and Ctrl+S on a lesson that is not the user's): a file dialog, starting in
        the lesson's folder if it is the user's, else in N-Queens; ``.json`` is added."""
        host = self.host
        if not host.asks:
            raise ValueError(tr("lesson_save_needs_path", host.lang))
        if self.host.mode.name not in ("watch", "race"):
            raise ValueError(tr("lesson_modes", host.lang))
        request = choosers.save_lesson(host.lang, self.path)  # a shipped one's copy goes into N-Queens
        host.prompt.choose(host.manager, request, host.lang, self._save_chosen)

    @command("lesson-overwrite", when=plays, parse=_lesson_path)
    def lesson_overwrite(self, path: str) -> None:
        """Y to the question, or ``lesson-overwrite:PATH``: save the lesson over ``path`` as it is."""
        self.lesson_save(path, overwrite=True)

    def _save_chosen(self, answer: Answer) -> None:
        """The Save As dialog's file: saved there (over the file there once the dialog asked)."""
        self._chosen("lesson-overwrite" if answer.replacing else "lesson-save", answer)

    def _chosen(self, command: str, answer: Answer) -> None:
        """A file dialog's path, run as ``command`` (the command table's checks and busy rule)."""
        self.host.dispatch(command, str(answer.path))

    @command(
        "lesson-open",
        keys=(Key("o", "Ctrl+O", ctrl=True),),
        help="lesson_open",
        label="open_button",
        parse=lesson_file,
    )
    def lesson_open(self, path: str | None = None) -> None:
        """Ctrl+O (the path asked for), ``--lesson`` or ``lesson-open:PATH``: read, check, then apply.

        A refused or broken file changes nothing: the reason is the error banner."""
        host = self.host
        if path is None:
            if not host.asks:
                raise ValueError(tr("lesson_open_needs_path", host.lang))
            request = choosers.open_lesson(host.lang, self.path)
            host.prompt.choose(
                host.manager, request, host.lang, lambda answer: self._chosen("lesson-open", answer)
            )
            return
        if path.lower().endswith(".py"):
            self.open_search(path)
            return
        lang = host.lang
        try:
            lesson = parse_lesson(read_small_regular_file(lesson_path(path), MAX_BYTES))
        except LessonError as error:
            raise ValueError(
                tr("lesson_refused", lang, path=short_path(path), reason=error.words(lang))
            ) from None
        except OSError as error:
            reason = file_problem(error, lang)
            raise ValueError(tr("lesson_unreadable", lang, path=short_path(path), reason=reason)) from None
        if lesson.search is not None:
            self._open_naming_search(lesson, path)
            return
        self._opened(lesson, path)

    def _opened(self, lesson: Lesson, path: str) -> None:
        lang = self.host.lang
        try:
            self.apply(lesson)
        except LessonError as error:
            raise ValueError(
                tr("lesson_refused", lang, path=short_path(path), reason=error.words(lang))
            ) from None
        self.path = lesson_path(path).absolute()  # a bundled lesson: its own file, never the cwd's
        self.host.say(
            tr("lesson_opened", lang, path=short_path(path), count=len(lesson.bookmarks)), "success"
        )

    def open_search(self, path: str) -> None:
        """Ctrl+O on a ``.py`` file: the user's own choice of a student's search, shown at once
        (watch mode, or a race against its partner when racing; n kept when the search allows it)."""
        from solvers.errors import SolverError
        from solvers.own.search import register

        lang = self.host.lang
        try:
            spec = register(path)
        except SolverError as error:
            raise ValueError(tr("search_refused", lang, reason=error)) from None
        mode = self.host.mode
        n = mode.n if 1 <= mode.n <= spec.max_n else min(8, spec.max_n)
        if mode.name == "race":
            new = self.host.make_mode("race", n, spec.name, spec.race_partner)
        else:
            new = self.host.make_mode("watch", n, spec.name)
        self.host.take(new, None, None)
        self.host.say(tr("search_opened", lang, path=path), "success")

    def _open_naming_search(self, lesson: Lesson, path: str) -> None:
        """A lesson naming a student's search file runs it only once someone agrees: a search
        already opened from that file (``--search``) is agreed; otherwise the window asks (Y / N)
        and the headless mode, with no one to ask, refuses."""
        from solvers.own.search import registered

        assert lesson.search is not None
        search = Path(lesson_path(path)).parent / lesson.search  # an absolute path stays as it is
        name = registered(search)
        if name is not None:
            self._opened(replace(lesson, algorithm=name), path)
            return
        lang = self.host.lang
        if not self.host.asks:
            raise ValueError(
                tr("lesson_refused", lang, path=path, reason=tr("search_not_agreed", lang, path=search))
            )
        declined = lambda: self.host.say(tr("search_declined", lang, path=search), "info")  # noqa: E731
        self.host.prompt.confirm(
            self.host.manager,
            self.host.layout.progress,
            tr("search_ask", lang, path=search),
            lambda: self._open_with_search(lesson, path, search),
            declined,
        )

    def _open_with_search(self, lesson: Lesson, path: str, search: Path) -> None:
        """Y to the question: the search file becomes an algorithm, then the lesson opens on it."""
        from solvers.errors import SolverError
        from solvers.own.search import register

        try:
            name = register(search).name
        except SolverError as error:
            raise ValueError(tr("lesson_refused", self.host.lang, path=path, reason=str(error))) from None
        self._opened(replace(lesson, algorithm=name), path)

    def apply(self, lesson: Lesson) -> None:
        """Make the window what ``lesson`` says: the new mode is built first, so a refused n or
        algorithm (SolverError) leaves everything as it was."""
        from solvers import registry
        from visualizer.core.player import clamp_speed
        from visualizer.modes.views import VIEWS

        for name in (lesson.algorithm, lesson.algo2):
            if name is not None and name not in registry.ALGORITHMS:
                raise LessonError("lesson_unknown_algorithm", name=name)
        algorithm = registry.get(lesson.algorithm or self.host.mode.algorithm).name
        if lesson.view is not None and lesson.view not in VIEWS:
            raise LessonError("lesson_bad_choice", field="view", choices=", ".join(VIEWS))
        new = self.host.make_mode(lesson.mode, lesson.n or self.host.mode.n, algorithm, lesson.algo2)
        speed = clamp_speed(lesson.speed) if lesson.speed is not None else None
        views = new.views
        if lesson.view is not None and views is not None and views.view != lesson.view:
            new.set_view(lesson.view)  # type: ignore[attr-defined]  # watch mode's
        self.hidden = set(lesson.hidden)
        self.bookmarks = Bookmarks(list(lesson.bookmarks))
        self.host.take(new, speed, lesson.lang)

    def state(self) -> dict[str, object]:
        """The lesson's part of the headless state file."""
        marks = self.bookmarks.marks
        here = self.bookmarks.at(self.cursor()) if self.host.mode.name in ("watch", "race") else None
        return {
            "bookmarks": [mark.as_json() for mark in marks],
            "bookmark": here,
            "hidden": [panel for panel in PANELS if panel in self.hidden],
            "lesson": str(self.path) if self.path is not None else None,
        }

    def draw(self, surface: pygame.Surface, layout: Layout) -> None:
        """The strip under the board with the bookmark ticks (watch and race). It spans the whole run
        once its length is known (``event_total``); before that, what is known of it and a quarter more."""
        if self.host.mode.name not in ("watch", "race") or self.host.mode.scrubs:
            return  # the search modes' scrub bar draws the ticks (visualizer/render/scrub.py)
        from visualizer.render.lesson import draw_strip

        track = self._search().player.track
        with self.host.lock:
            here = int(track.cursor)
            timelines = list(track.sides.values()) if hasattr(track, "sides") else [track]
            totals = [t.event_total for t in timelines]
            known = max([here, *(t.log.end for t in timelines), *(m.event for m in self.bookmarks.marks), 1])
            span = max(total or 0 for total in totals) if all(totals) else round(known * 1.25)
        marks = [mark.event for mark in self.bookmarks.marks]
        at = self.bookmarks.at(here)
        draw_strip(surface, layout.scrub, here, span, marks, None if at is None else at - 1, self.host.theme)

    # -- the exercise's results folder ------------------------------------------------------------

    # exercise mode's own button says it (the help card of the smallest window is full)
    @command("results-folder", keys=(Key("r", "Ctrl+R", ctrl=True),), label="results_button", when=exercising)
    def choose_results(self) -> None:
        """Ctrl+R or the Results folder button (exercise mode): a folder dialog, an existing folder
        or a new one; the exercise then writes each attempt there (and asks the student's name)."""
        host = self.host
        if not host.asks:
            raise ValueError(tr("results_needs_path", host.lang))
        current = getattr(host.mode, "results", None)
        request = choosers.results_folder(host.lang, current)
        host.prompt.choose(host.manager, request, host.lang, self._results_chosen)

    def _results_chosen(self, answer: Answer) -> None:
        host = self.host
        host.say(tr("results_set", host.lang, path=short_path(answer.path)), "success")
        host.dispatch("exercise", ("results", str(answer.path)))
