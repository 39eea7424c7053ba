"""Text someone else wrote (an attempt file's student name, a file name) made safe to show: on a
terminal every control character escaped, in a spreadsheet no cell read as a formula.

>>> printable("Ana\\n3 attempts\\x1b[2J")
'Ana\\\\n3 attempts\\\\x1b[2J'
>>> csv_cell("=cmd|' /C calc'!A0"), csv_cell("-2+3"), csv_cell("Ana"), csv_cell(-2)
("'=cmd|' /C calc'!A0", "'-2+3", 'Ana', -2)
"""

from __future__ import annotations

#: A cell that begins with one of these is a formula to a spreadsheet (the OWASP list).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def printable(text: str) -> str:
    """``text`` with every character that is not printable (newlines, ESC and the other controls,
    direction overrides, line separators) written as its escape, so it stays one line that says
    what it holds."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def csv_cell(value: object) -> object:
    """A CSV cell: a number as it is; a text with its controls escaped (``printable``) and, when
    it begins as a formula would, a ``'`` put first (OWASP's rule against CSV injection)."""
    if not isinstance(value, str):
        return value
    text = printable(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text
