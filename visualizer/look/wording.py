"""Paths and file errors as a teacher reads them, in both languages. No pygame.

``short_path`` keeps a long path readable on one line: its start and its file name, the middle
shortened to "…", control characters shown as ``\\x07`` (never drawn as boxes or line breaks).
``file_problem`` says why a file could not be read or written in words (the disk is full, no
permission, ...), never the exception's own text (``[Errno 28] No space left on device: '...'``).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from visualizer.look.i18n import tr

#: The longest path a banner shows whole (characters); a longer one keeps its two ends.
PATH_CHARS = 96


def printable(text: str) -> str:
    """``text`` with every control character (and lone surrogate) written as an escape.

    >>> printable("a\\nb\\x07")
    'a\\\\nb\\\\x07'
    """
    out = []
    for char in text:
        code = ord(char)
        if code < 32 or code == 127 or 0xD800 <= code <= 0xDFFF or 0x80 <= code < 0xA0:
            out.append(repr(char)[1:-1] if code < 0xD800 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def short_path(path: str | os.PathLike[str], limit: int = PATH_CHARS) -> str:
    """``path`` in at most ``limit`` characters: whole when it fits, else its beginning, "…" and
    its end (the file name kept whole while it leaves room for a few characters of the start).

    >>> short_path("/home/ann/lessons/four.json")
    '/home/ann/lessons/four.json'
    >>> short_path("/a/" + "x" * 100 + "/four queens.json", 40)
    '/a/xxxxxxxxxxxxxxxxxxx…/four queens.json'
    >>> len(short_path("/" + "y" * 5000, 40))
    40
    """
    text = printable(os.fspath(path))
    if len(text) <= limit:
        return text
    name = text[text.rfind(os.sep) :] if os.sep in text else ""
    tail = len(name) if 0 < len(name) <= limit * 2 // 3 else (limit - 1) // 2
    head = limit - 1 - tail
    return text[:head] + "…" + text[len(text) - tail :]


#: errno -> i18n key of its words.
ERRNO_WORDS = {
    errno.ENOSPC: "problem_full",
    errno.EDQUOT: "problem_full",
    errno.EACCES: "problem_permission",
    errno.EPERM: "problem_permission",
    errno.EROFS: "problem_read_only",
    errno.ENOENT: "problem_missing",
    errno.ENOTDIR: "problem_missing",
    errno.EISDIR: "problem_folder",
    errno.ENAMETOOLONG: "problem_long_name",
    errno.EEXIST: "problem_exists",
    errno.EIO: "problem_device",
}
#: RefusedFile's kind (``solvers/safe_files.py``) -> i18n key of its words.
REFUSED_WORDS = {"link": "problem_link", "large": "problem_large", "special": "problem_special"}


def file_problem(error: BaseException, lang: str) -> str:
    """Why a file could not be read or written, in words (no errno, no exception text)."""
    from solvers.safe_files import RefusedFile

    if isinstance(error, RefusedFile):
        if "does not exist" in error.reason:
            return tr("problem_missing", lang)
        if "not a folder" in error.reason and error.kind != "link":
            return tr("problem_not_folder", lang)
        return tr(REFUSED_WORDS.get(error.kind, "problem_special"), lang)
    code = getattr(error, "errno", None)
    if isinstance(code, int) and code in ERRNO_WORDS:
        return tr(ERRNO_WORDS[code], lang)
    return tr("problem_other", lang)


def file_name(path: str | os.PathLike[str]) -> str:
    """The last part of ``path``, printable (``four queens.json``)."""
    return printable(Path(path).name or os.fspath(path))


def megabytes(size: int) -> str:
    """A size in bytes as a teacher reads it.

    >>> megabytes(1_234_567), megabytes(340 * 1024 * 1024)
    ('1.2 MB', '340 MB')
    """
    mb = size / (1024 * 1024)
    return f"{mb:.1f} MB" if mb < 10 else f"{mb:,.0f} MB"


#: The longest word a banner shows whole (characters); a path is one word.
WORD_CHARS = 160


def readable(text: str) -> str:
    """``text`` with control characters escaped and every word longer than ``WORD_CHARS`` (a path
    typed or picked anywhere) shortened in its middle, so that a banner stays readable.

    >>> len(readable("Saved: /" + "x" * 5000))
    167
    """
    words = printable(text).split(" ")
    return " ".join(short_path(word, WORD_CHARS) if len(word) > WORD_CHARS else word for word in words)
