"""Every string the window shows, in English and Chinese.

>>> tr("reset", "zh")
'重置'
>>> tr("solution_n", "en", number=3)
'Solution 3'
"""

from __future__ import annotations

from pathlib import Path

from visualizer.look.strings import board, exercise, files, lessons, progress, speech, web

LANGUAGES = ("en", "zh")
#: The tables by subject; a key in two of them is a mistake (``merged`` raises).
TABLES = (
    board.STRINGS,
    speech.STRINGS,
    lessons.STRINGS,
    files.STRINGS,
    web.STRINGS,
    exercise.STRINGS,
    progress.STRINGS,
)


def merged(*tables: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """One table of ``tables``; ValueError naming a key that two of them define.

    >>> merged({"a": ("A", "甲")}, {"a": ("B", "乙")})
    Traceback (most recent call last):
    ValueError: strings defined twice: ['a']
    """
    out: dict[str, tuple[str, str]] = {}
    for table in tables:
        twice = out.keys() & table.keys()
        if twice:
            raise ValueError(f"strings defined twice: {sorted(twice)}")
        out.update(table)
    return out


#: key -> (English, Chinese). Format fields use str.format names.
STRINGS: dict[str, tuple[str, str]] = merged(*TABLES)


def add(table: dict[str, tuple[str, str]]) -> None:
    """A plug-in's own strings (a side view's module), added at its import; adding the same
    again is harmless, another text for a key already there is a ValueError."""
    twice = STRINGS.keys() & table.keys()
    if any(STRINGS[key] != table[key] for key in twice):
        raise ValueError(f"strings defined twice: {sorted(twice)}")
    STRINGS.update(table)


def tr(key: str, lang: str = "en", **fields: object) -> str:
    """The string ``key`` in ``lang``, with ``fields`` filled in."""
    english, chinese = STRINGS[key]
    text = chinese if lang == "zh" else english
    return text.format(**fields) if fields else text


def font_path(lang: str, bold: bool = False) -> Path:
    """The bundled font that has every glyph ``lang`` needs (pygame_gui's Noto fonts)."""
    import pygame_gui

    data = Path(pygame_gui.__file__).parent / "data"
    if lang == "zh":
        return data / ("NotoSansSC-Bold.otf" if bold else "NotoSansSC-Regular.otf")
    return data / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
