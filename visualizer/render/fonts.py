"""Cached fonts: Noto Sans (Latin), Noto Sans SC (Chinese, covers Latin too) and Fira Code (code)."""

from __future__ import annotations

import re
import unicodedata
import weakref
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pygame

from visualizer.look.i18n import font_path


def _ensure_font_module() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


#: While a test sets it to a ``WeakKeyDictionary``, every text a font of this module renders, keyed by
#: its image (tests/visualizer/look/test_size_matrix.py finds where each was drawn); None in use.
RENDERED: weakref.WeakKeyDictionary[pygame.Surface, str] | None = None


class Font(pygame.font.Font):
    """pygame's font, noting what it renders in ``RENDERED`` while a test asks."""

    def render(self, text, antialias, color, bg=None, wraplength=0):  # type: ignore[no-untyped-def]
        image = super().render(text, antialias, color, bg, wraplength)
        if RENDERED is not None:
            RENDERED[image] = str(text)
        return image


@lru_cache(maxsize=128)
def get_font(size: int, lang: str = "en", bold: bool = False) -> pygame.font.Font:
    """The UI font for ``lang`` at ``size`` pixels (cached)."""
    _ensure_font_module()
    return Font(str(font_path(lang, bold)), max(6, int(size)))


def mono_font_path() -> Path:
    """pygame_gui's bundled Fira Code, next to its Noto fonts."""
    return font_path("en").parent / "FiraCode-Regular.ttf"


@lru_cache(maxsize=64)
def get_mono_font(size: int) -> pygame.font.Font:
    """A monospace font for pseudo-code (ASCII; use ``get_font(size, "zh")`` for CJK text)."""
    _ensure_font_module()
    return Font(str(mono_font_path()), max(6, int(size)))


#: The most characters of one text (a banner, a note) drawn; longer ones keep their two ends.
MAX_SHOWN = 400


def displayable(text: str, limit: int = MAX_SHOWN) -> str:
    r"""``text`` as fonts can draw it: control characters (a NUL makes pygame raise) and lone
    surrogates as U+FFFD (newlines kept), at most ``limit`` characters, the middle cut ("…").

    >>> displayable("a\x00b"), displayable("x" * 10, 5)
    ('a\ufffdb', 'xx…xx')
    """
    if len(text) > limit:
        head = (limit - 1) // 2
        text = f"{text[:head]}…{text[len(text) - (limit - 1 - head) :]}"
    if text.isprintable():
        return text
    return "".join(
        ch if ch == "\n" or unicodedata.category(ch) not in ("Cc", "Cs") else "\ufffd" for ch in text
    )


def needs_cjk(text: str) -> bool:
    """Whether ``text`` has characters outside Latin-1 that Fira Code and Noto Sans lack."""
    return any(ord(ch) > 0x2FFF or 0x2190 <= ord(ch) <= 0x21FF for ch in text)  # CJK, arrows (→ in help)


def font_for(text: str, size: int, lang: str = "en", bold: bool = False) -> pygame.font.Font:
    """``get_font`` for ``lang``, switched to Chinese when ``text`` holds CJK characters."""
    return get_font(size, "zh" if lang == "zh" or needs_cjk(text) else "en", bold)


def largest(low: int, high: int, fits: Callable[[int], bool]) -> int:
    """The largest size in ``low`` .. ``high`` that ``fits`` (``low`` when none does), found by
    halving: a font of each size tried is loaded, so a step down at a time is far too slow.

    >>> largest(9, 40, lambda size: size <= 23), largest(9, 40, lambda size: False)
    (23, 9)
    """
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


def fitted(text: str, size: int, width: int, lang: str = "en", bold: bool = False) -> pygame.font.Font:
    """``font_for(text, size, ...)`` shrunk (down to 9 points) until ``text`` is no wider than
    ``width``: a text too long for its area at a large text size shrinks rather than being cut."""

    def fits(points: int) -> bool:
        return font_for(text, points, lang, bold).size(text)[0] <= width

    return font_for(text, size if fits(size) else largest(9, size, fits), lang, bold)


#: The texts ``ellipsize`` had to cut since the window's last frame began (the headless state's
#: ``layout.cut``: a window where every text fits leaves it empty).
CUT: list[str] = []


def ellipsize(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` cut and ended with "…" so it renders no wider than ``width`` pixels (noted in ``CUT``)."""
    if width <= 0:
        if text:
            CUT.append(text)
        return ""
    if font.size(text)[0] <= width:
        return text
    CUT.append(text)
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid].rstrip() + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…" if lo else ""


#: A unit of a Chinese line that is not broken: a run of Latin letters and digits (a word, a
#: number, "MRV", "PgDn"), else one character; with the opening brackets before it and the
#: closing brackets and punctuation after it (no line ends in "（" or starts with "，").
_CJK_UNIT = re.compile(r"[（(“「]*(?:[0-9A-Za-z\u00c0-\u024f.,'+^/_-]+|.)[）)”」，。：；、！？]*")


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (at spaces; in Chinese between any two
    characters, but not inside a Latin word or a number)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        cjk = needs_cjk(paragraph)
        units = _CJK_UNIT.findall(paragraph) if cjk else paragraph.split(" ")
        glue = "" if cjk else " "
        line = ""
        for unit in units:
            candidate = f"{line}{glue}{unit}" if line else unit
            if line and font.size(candidate.rstrip(" "))[0] > width:
                lines.append(line.rstrip(" ") if cjk else line)
                line = unit.lstrip(" ") if cjk else unit
            else:
                line = candidate
        lines.append(line)
    return lines


def wrap_exact(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` cut into pieces no wider than ``width`` whose concatenation is ``text`` exactly:
    after a space where one fits (anywhere in Chinese), else inside a word too long for a line.

    >>> import pygame; pygame.font.init()
    >>> "".join(wrap_exact(get_mono_font(14), "for c in 0 .. n - 1:", 60))
    'for c in 0 .. n - 1:'
    """
    pieces: list[str] = []
    rest = text
    while rest and font.size(rest)[0] > width:
        lo, hi = 1, len(rest)
        while lo < hi:  # the longest prefix that fits (at least one character)
            mid = (lo + hi + 1) // 2
            if font.size(rest[:mid].rstrip(" "))[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        cut = lo
        if not needs_cjk(rest[:cut]):
            space = rest.rfind(" ", 0, cut + 1)
            if space > 0 and rest[:space].strip():
                cut = space + 1  # the space stays at the end of this piece
        pieces.append(rest[:cut])
        rest = rest[cut:]
    if rest or not pieces:
        pieces.append(rest)
    return pieces


def wrapped(font: pygame.font.Font, text: str, room: int) -> list[str]:
    """``text`` wrapped to ``room`` (``wrap``), inside a word too long for a line (a path) too."""
    return [piece.rstrip(" ") for line in wrap(font, text, room) for piece in wrap_exact(font, line, room)]
