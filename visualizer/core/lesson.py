"""Lessons (issue 14): bookmarks with notes, hidden panels and the lesson file. No pygame.

A lesson file is a small JSON object (documented in README "Lessons")::

    {"format": "nqueens-lesson", "version": 1,
     "n": 6, "algorithm": "backtracking", "mode": "watch", "view": "code",
     "speed": 10, "lang": "en", "hidden": ["counters"],
     "bookmarks": [{"event": 11, "note": {"en": "Depth 4", "zh": "深度 4"}}]}

``event`` is an event index (the state file's ``event_index``); a ``note`` is a string or an
object of one string per language. ``"search": "my_search.py"`` names a student's search file
instead of an algorithm, by its path only (never its code; a relative path from the lesson's
folder); the window asks before it runs it. Anything else is refused with one reason (``LessonError``):
the caller shows it as a banner and keeps what it had.

>>> lesson = parse_lesson(b'{"n": 6, "bookmarks": [{"event": 3, "note": "three"}]}')
>>> lesson.n, lesson.bookmarks[0].event, lesson.bookmarks[0].text("zh")
(6, 3, 'three')
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field

FORMAT = "nqueens-lesson"
VERSION = 1
#: The largest lesson file read (bytes), the most bookmarks and the longest note (characters).
MAX_BYTES = 256 * 1024
MAX_BOOKMARKS = 500
MAX_NOTE = 280
#: The largest event index a bookmark may name (the window's logs hold far fewer).
MAX_EVENT = 10**12
MAX_PATH = 1024  # a search file's path, as the lesson names it
#: The panels an exercise may hide.
#: What an exercise may hide: panels, and "names" (the algorithm's name wherever it shows).
PANELS = ("code", "counters", "tree", "narration", "log", "names")
LESSON_MODES = ("watch", "race")
LESSON_LANGS = ("en", "zh")
#: What UTF-8 cannot hold: a surrogate code point alone (a JSON ``\ud800`` escape brings one, and so
#: does a command line in another encoding: Python's ``surrogateescape``).
_UNENCODABLE = re.compile("[\ud800-\udfff]")


class LessonError(ValueError):
    """A lesson file that cannot be used, with a one-line reason in words: ``key`` names it in the
    translation table (``visualizer/look/i18n.py``), ``fields`` fill it in; ``str()`` is English."""

    def __init__(self, key: str, **fields: object) -> None:
        self.key, self.fields = key, fields
        super().__init__(self.words("en"))

    def words(self, lang: str) -> str:
        """The reason in ``lang``."""
        from visualizer.look.i18n import tr

        return tr(self.key, lang, **self.fields)


@dataclass(frozen=True)
class Bookmark:
    """A moment of the run (an event index) and its note, per language (``""``: any language)."""

    event: int
    note: tuple[tuple[str, str], ...] = ()

    def text(self, lang: str) -> str:
        """The note in ``lang``, else in English, else any (empty: no note)."""
        notes = dict(self.note)
        return notes.get(lang) or notes.get("en") or notes.get("") or next(iter(notes.values()), "")

    def as_json(self) -> dict[str, object]:
        notes = dict(self.note)
        note: object = notes.get("", "") if set(notes) <= {""} else notes
        return {"event": self.event, "note": note}


def note_of(text: str, lang: str = "") -> tuple[tuple[str, str], ...]:
    """A typed note (cut to ``MAX_NOTE``, one line) as a Bookmark's ``note``."""
    text = " ".join(str(text).split())[:MAX_NOTE]
    return ((lang, text),) if text else ()


@dataclass
class Bookmarks:
    """The bookmarks of a run, in event order, at most one per event."""

    marks: list[Bookmark] = field(default_factory=list)

    def add(self, mark: Bookmark) -> int:
        """Add ``mark`` (replacing one at the same event); returns its number, from 1."""
        if len(self.marks) >= MAX_BOOKMARKS and all(m.event != mark.event for m in self.marks):
            raise ValueError(f"at most {MAX_BOOKMARKS} bookmarks")
        self.marks = sorted([m for m in self.marks if m.event != mark.event] + [mark], key=lambda m: m.event)
        return self.marks.index(mark) + 1

    def get(self, number: int) -> Bookmark:
        """Bookmark ``number`` (from 1); ValueError names the range."""
        if not 1 <= number <= len(self.marks):
            have = f"1 to {len(self.marks)}" if self.marks else "none yet"
            raise ValueError(f"no bookmark {number} (bookmarks: {have})")
        return self.marks[number - 1]

    def event_of(self, token: str) -> int:
        """``bK`` (bookmark K's event, from 1) or an event index as text.

        >>> Bookmarks([Bookmark(7)]).event_of("b1"), Bookmarks().event_of("12")
        (7, 12)
        """
        if token.lower().startswith("b"):
            return self.get(int(token[1:])).event
        return int(token)

    def after(self, cursor: int) -> int | None:
        """The number of the first bookmark after event ``cursor`` (None: none)."""
        return next((i + 1 for i, m in enumerate(self.marks) if m.event > cursor), None)

    def before(self, cursor: int) -> int | None:
        """The number of the last bookmark before event ``cursor`` (None: none)."""
        found = [i + 1 for i, m in enumerate(self.marks) if m.event < cursor]
        return found[-1] if found else None

    def at(self, cursor: int) -> int | None:
        """The number of the bookmark at event ``cursor``, if any."""
        return next((i + 1 for i, m in enumerate(self.marks) if m.event == cursor), None)


@dataclass
class Lesson:
    """What a lesson file keeps (None: the file does not say; the window keeps its own)."""

    n: int | None = None
    algorithm: str | None = None
    search: str | None = None  # a student's search file, by path (relative: to the lesson's folder)
    algo2: str | None = None
    mode: str = "watch"
    view: str | None = None
    speed: float | None = None
    lang: str | None = None
    hidden: tuple[str, ...] = ()
    bookmarks: tuple[Bookmark, ...] = ()

    def to_json(self) -> bytes:
        """The lesson file's bytes (UTF-8, indented, the keys in a fixed order); what UTF-8 cannot
        hold is written as U+FFFD (``utf8_safe``; ``encoded`` says how many)."""
        return self.encoded()[0]

    def encoded(self) -> tuple[bytes, int]:
        """``to_json``'s bytes, and how many code points UTF-8 cannot hold were replaced in them.

        >>> Lesson(bookmarks=(Bookmark(3, (("", "a\\ud800b"),)),)).encoded()[1]
        1
        """
        data: dict[str, object] = {"format": FORMAT, "version": VERSION}
        for key in ("n", "algorithm", "search", "algo2", "mode", "view", "speed", "lang"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        data["hidden"] = list(self.hidden)
        data["bookmarks"] = [mark.as_json() for mark in self.bookmarks]
        text, replaced = utf8_safe(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return text.encode("utf-8"), replaced

    @property
    def unencodable(self) -> int:
        """How many code points of the lesson UTF-8 cannot hold (written as U+FFFD)."""
        return self.encoded()[1]


def utf8_safe(text: str) -> tuple[str, int]:
    """``text`` with every code point UTF-8 cannot hold (a lone surrogate) replaced by U+FFFD,
    and how many were.

    >>> utf8_safe("ok \\udcff!")
    ('ok \ufffd!', 1)
    """
    return _UNENCODABLE.subn("\ufffd", text)


#: The fields a lesson file may hold; a JSON object with none of them is some other file.
FIELDS = ("format", "version", "n", "algorithm", "search", "algo2", "mode", "view", "speed", "lang")
FIELDS_SHOWN = "format, n, algorithm, bookmarks"


def _reject_constant(name: str) -> object:
    raise LessonError("lesson_not_finite", text=name)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise LessonError("lesson_not_finite", text=text[:20])
    return value


def _whole(data: dict[str, object], key: str, low: int, high: int) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise LessonError("lesson_bad_number", field=key, low=f"{low:,}", high=f"{high:,}")
    return value


def _choice(data: dict[str, object], key: str, choices: tuple[str, ...] | None = None) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40 or (choices is not None and value not in choices):
        if choices:
            raise LessonError("lesson_bad_choice", field=key, choices=", ".join(choices))
        raise LessonError("lesson_bad_name", field=key)
    return value


def _search_path(data: dict[str, object]) -> str | None:
    """A search file named by its path: a ``.py`` path, no code, nothing that cannot be a path."""
    value = data.get("search")
    if value is None:
        return None
    if (
        not isinstance(value, str)
        or not 0 < len(value) <= MAX_PATH
        or not value.endswith(".py")
        or any(ord(c) < 32 for c in value)
    ):
        raise LessonError("lesson_bad_search", limit=f"{MAX_PATH:,}")
    return value


def _note(value: object, number: int) -> tuple[tuple[str, str], ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        items = [("", value)]
    elif isinstance(value, dict) and all(k in LESSON_LANGS and isinstance(v, str) for k, v in value.items()):
        items = list(value.items())
    else:
        raise LessonError("lesson_bad_note", number=number)
    if any(len(text) > MAX_NOTE for _, text in items):
        raise LessonError("lesson_long_note", number=number, limit=MAX_NOTE)
    return tuple((lang, " ".join(text.split())) for lang, text in items)


def _bookmarks(value: object) -> tuple[Bookmark, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > MAX_BOOKMARKS:
        raise LessonError("lesson_bad_bookmarks", limit=MAX_BOOKMARKS)
    marks: dict[int, Bookmark] = {}
    for i, item in enumerate(value, 1):
        event = item.get("event") if isinstance(item, dict) else None
        if event is None:
            raise LessonError("lesson_bookmark_no_event", number=i)
        if type(event) is not int or not 0 <= event <= MAX_EVENT:
            raise LessonError("lesson_bookmark_event", number=i, high=f"{MAX_EVENT:,}")
        marks[event] = Bookmark(event, _note(item.get("note"), i))
    return tuple(marks[event] for event in sorted(marks))


def parse_lesson(data: bytes) -> Lesson:
    """The lesson in ``data``; LessonError (one line) for anything that is not a usable lesson.

    Survives any input: bad UTF-8, NaN, 1e400, deep nesting, wrong types, huge numbers.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LessonError("lesson_not_text") from None
    try:
        parsed = json.loads(text, parse_constant=_reject_constant, parse_float=_finite)
    except RecursionError:
        raise LessonError("lesson_too_deep") from None
    except LessonError:
        raise
    except ValueError:  # not JSON (the parser's own words are not the teacher's)
        raise LessonError("lesson_not_json") from None
    if not isinstance(parsed, dict):
        raise LessonError("lesson_not_object")
    if parsed.get("format", FORMAT) != FORMAT:
        shown = parsed["format"] if isinstance(parsed["format"], str) else json.dumps(parsed["format"])
        raise LessonError("lesson_other_format", format=str(shown)[:40])
    if not any(key in parsed for key in (*FIELDS, "hidden", "bookmarks")):
        raise LessonError("lesson_lacks", fields=FIELDS_SHOWN)
    version = parsed.get("version")
    if version is not None and (type(version) is not int or version < 1):
        raise LessonError("lesson_bad_number", field="version", low=1, high=VERSION)
    if version is not None and version > VERSION:
        raise LessonError("lesson_newer", version=version)
    speed = parsed.get("speed")
    if speed is not None and (type(speed) not in (int, float) or not 1 <= speed <= 10_000):
        raise LessonError("lesson_bad_speed")
    hidden = parsed.get("hidden", [])
    if not isinstance(hidden, list) or any(panel not in PANELS for panel in hidden):
        raise LessonError("lesson_bad_hidden", panels=", ".join(PANELS))
    return Lesson(
        n=_whole(parsed, "n", 1, 1000),
        algorithm=_choice(parsed, "algorithm"),
        search=_search_path(parsed),
        algo2=_choice(parsed, "algo2"),
        mode=_choice(parsed, "mode", LESSON_MODES) or "watch",
        view=_choice(parsed, "view"),
        speed=None if speed is None else float(speed),
        lang=_choice(parsed, "lang", LESSON_LANGS),
        hidden=tuple(dict.fromkeys(hidden)),
        bookmarks=_bookmarks(parsed.get("bookmarks")),
    )
