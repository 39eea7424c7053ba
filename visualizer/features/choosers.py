"""What each of the window's file dialogs asks (``visualizer/input/file_dialog.py``'s ``Request``),
and the export dialogs' form: which stretch of the run, in words.

Every dialog starts in ``N-Queens`` in the documents folder (``visualizer/features/saving.py``),
never in the folder the window was started from; one that saves adds its extension. The stretch
is offered as the whole run, a stretch between two of the lesson's bookmarks, or events from and
to (the two boxes always show the events the choice stands for), with defaults inside the run.
"""

from __future__ import annotations

from pathlib import Path

from visualizer.examples import bundled_lesson, lessons_folder
from visualizer.features.saving import documents_folder, stamped_name
from visualizer.input.file_dialog import Field, Form, Request
from visualizer.look.i18n import tr

#: Events offered by default from the moment shown (a video; a web page offers the whole run).
VIDEO_EVENTS, PAGE_EVENTS = 100, 1000
#: The most bookmark stretches offered (the first to the last, then neighbours).
MAX_MARK_CHOICES = 8
#: The export formats: id -> (i18n key of its name, extension; "/" is a folder of pictures).
FORMATS = {"mp4": ("format_mp4", ".mp4"), "gif": ("format_gif", ".gif"), "png": ("format_png", "/")}


def _folder(start: Path | None) -> Path:
    """Where a dialog starts: ``start`` if it is a folder of the user's (an absolute path, not the
    shipped lessons'), else N-Queens."""
    if start is None or not start.is_absolute() or not start.is_dir():
        return documents_folder()
    return documents_folder() if start.resolve() == lessons_folder().resolve() else start


def open_lesson(lang: str, current: Path | None) -> Request:
    """Ctrl+O: a lesson (.json) or a student's search (.py); the example lessons a button away,
    and a bundled lesson's bare name opens it."""
    return Request(
        tr("lesson_open_title", lang),
        _folder(current.parent if current is not None else None),
        kind="open",
        suffixes=(".json", ".py"),
        examples=lessons_folder(),
        bundled=bundled_lesson,
        documents=documents_folder(),
    )


def save_lesson(lang: str, current: Path | None) -> Request:
    """Save As: the lesson's own name (or ``lesson.json``) in its folder if it is the user's, else
    in N-Queens (a shipped lesson's copy); ``.json`` added."""
    name = current.name if current is not None else "lesson.json"
    return Request(
        tr("lesson_save_title", lang),
        _folder(current.parent if current is not None else None),
        name=name,
        suffixes=(".json",),
        extension=".json",
        documents=documents_folder(),
    )


def save_picture(lang: str, suffix: str, detail: str = "") -> Request:
    """S or G: a new time-stamped ``.png`` or ``.gif`` in N-Queens (``detail``: the GIF's size)."""
    key = "screenshot_title" if suffix == ".png" else "gif_title"
    return Request(
        tr(key, lang, detail=detail),
        documents_folder(),
        name=stamped_name("nqueens", suffix),
        suffixes=(suffix,),
        extension=suffix,
        documents=documents_folder(),
    )


def export_exercise(lang: str) -> Request:
    """Shift+E in exercise mode: a SCORM package (``.zip``, for an LMS) or a web page (``.html``)
    in N-Queens; ``.zip`` is added to a bare name."""
    return Request(
        tr("export_exercise_ask", lang),
        documents_folder(),
        name=stamped_name("nqueens-exercise", ".zip"),
        suffixes=(".zip", ".html"),
        extension=".zip",
        documents=documents_folder(),
    )


def results_folder(lang: str, current: Path | None) -> Request:
    """The exercise's results folder: an existing folder, or a new one named in the box."""
    return Request(
        tr("results_title", lang),
        _folder(current),
        kind="folder",
        documents=documents_folder(),
    )


class StretchForm(Form):
    """Which stretch of the run (and, for a video, the format): the choice, the from and to events,
    checked against the run's length (``total``, the last event's index; None while unknown)."""

    def __init__(
        self,
        lang: str,
        here: int,
        total: int | None,
        marks: list[int],
        *,
        page_limit: int | None = None,
        formats: bool = False,
    ) -> None:
        self.lang, self.total, self.page_limit = lang, total, page_limit
        self.spans: dict[str, tuple[int, int]] = {}
        options: list[tuple[str, str]] = []
        if total is not None and (page_limit is None or total + 1 <= page_limit):
            self.spans["whole"] = (0, total)
            options.append((tr("stretch_whole", lang, last=f"{total:,}"), "whole"))
        pairs = [(0, len(marks) - 1)] if len(marks) > 2 else []
        pairs += [(i, i + 1) for i in range(len(marks) - 1)]
        for a, b in pairs[:MAX_MARK_CHOICES]:
            key = f"b{a + 1}-b{b + 1}"
            self.spans[key] = (marks[a], marks[b])
            shown = {"first": f"{marks[a]:,}", "last": f"{marks[b]:,}"}
            options.append((tr("stretch_bookmarks", lang, a=a + 1, b=b + 1, **shown), key))
        options.append((tr("stretch_events", lang), "events"))
        chosen, first, last = self._default(here, marks, page_limit is not None)
        rows: list[tuple[Field, ...]] = [
            (Field("stretch", tr("form_stretch", lang), chosen, tuple(options)),)
        ]
        rows.append(
            (Field("from", tr("form_from", lang), str(first)), Field("to", tr("form_to", lang), str(last)))
        )
        if formats:
            names = tuple((tr(key, lang), kind) for kind, (key, _) in FORMATS.items())
            rows.append((Field("format", tr("form_format", lang), "mp4", names),))
        super().__init__(tuple(rows))

    def _default(self, here: int, marks: list[int], page: bool) -> tuple[str, int, int]:
        """The stretch offered first: a web page the whole run; a video the bookmarks around the
        moment shown; else from here on (inside the run when its end is known)."""
        if page and "whole" in self.spans:
            return ("whole", *self.spans["whole"])
        before = [i for i, event in enumerate(marks) if event <= here]
        after = [i for i, event in enumerate(marks) if event > here]
        if before and after:
            key = f"b{before[-1] + 1}-b{after[0] + 1}"
            if key in self.spans:
                return (key, *self.spans[key])
        length = PAGE_EVENTS if page else VIDEO_EVENTS
        first, last = here, here + length
        if self.total is not None:
            last = min(last, self.total)
            first = max(0, min(first, last - length)) if last - first < length else first
        return "events", first, last

    def changed(self, name: str) -> dict[str, str]:
        values = self.values()
        if name == "stretch" and values["stretch"] in self.spans:
            first, last = self.spans[values["stretch"]]
            return {"from": str(first), "to": str(last)}
        if name in ("from", "to"):
            shown = (values["from"], values["to"])
            match = next((key for key, span in self.spans.items() if tuple(map(str, span)) == shown), None)
            if values["stretch"] != (match or "events"):
                return {"stretch": match or "events"}
        return {}

    def extension(self) -> str | None:
        kind = self.values().get("format")
        return FORMATS[kind][1] if kind in FORMATS else None

    def check(self, path: Path) -> str | None:
        """Why this stretch cannot be exported, in words (None: it can)."""
        values, lang = self.values(), self.lang
        texts = (values["from"].strip(), values["to"].strip())
        if not all(text.isascii() and text.isdigit() for text in texts):
            return tr("stretch_need_numbers", lang)
        first, last = int(texts[0]), int(texts[1])
        if last < first:
            return tr("stretch_backwards", lang, first=f"{first:,}", last=f"{last:,}")
        if self.total is not None and last > self.total:
            return tr("stretch_past_end", lang, end=f"{self.total:,}")
        if self.page_limit is not None and last - first + 1 > self.page_limit:
            count = f"{last - first + 1:,}"
            return tr("stretch_too_long_page", lang, limit=f"{self.page_limit:,}", count=count)
        return None


def export_video(lang: str, here: int, total: int | None, marks: list[int]) -> Request:
    """E: a stretch as an MP4, a GIF or a folder of PNGs (the format chosen in words)."""
    return Request(
        tr("export_title", lang),
        documents_folder(),
        name=stamped_name("nqueens-stretch", ".mp4"),
        suffixes=(".mp4", ".gif"),
        extension=".mp4",
        documents=documents_folder(),
        form=StretchForm(lang, here, total, marks, formats=True),
    )


def export_page(lang: str, here: int, total: int | None, marks: list[int], limit: int) -> Request:
    """Shift+E: a stretch (at most ``limit`` events) as one web page."""
    return Request(
        tr("export_html_title", lang),
        documents_folder(),
        name=stamped_name("nqueens-lesson", ".html"),
        suffixes=(".html", ".htm"),
        extension=".html",
        documents=documents_folder(),
        form=StretchForm(lang, here, total, marks, page_limit=limit),
    )
