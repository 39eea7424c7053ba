"""Strict argument types for the command line, and how a bad argument is shown back.

Only ASCII digits make a number: Python's ``int()`` also reads ``8_0`` as 80,
full-width ``８`` and Arabic-Indic ``٨`` as 8, and ``" 8 "`` with its spaces,
which a user never meant as a board size.

>>> whole_number("n", 1, 99)("12")
12
>>> shown("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

from solvers.untrusted import printable

SHOWN_CHARS = 40  # at most this much of a bad argument is echoed back
_DIGITS = re.compile(r"-?[0-9]+")  # fullmatch; str.isdigit() would let "٨" and "８" in
_MAX_DIGITS = 30  # longer digit strings are refused before int() reads them


def shown(text: str) -> str:
    """``text`` quoted for an error message: control characters escaped, at most SHOWN_CHARS of it.

    >>> shown("8\\n9")
    "'8\\\\n9'"
    """
    if len(text) <= SHOWN_CHARS:
        return repr(text)
    return f"{text[:SHOWN_CHARS]!r}"[:-1] + f"…' ({len(text)} characters)"


def whole_number(what: str, minimum: int, maximum: int) -> Callable[[str], int]:
    """An argparse type: ASCII digits (an optional minus) giving a number in minimum..maximum.

    >>> whole_number("limit", 0, 10)("8_0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: limit must be a whole number in ASCII digits, not '8_0'
    """

    def parse(text: str) -> int:
        if not _DIGITS.fullmatch(text):
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number in ASCII digits, not {shown(text)}"
            )
        if len(text.lstrip("-0")) > _MAX_DIGITS:
            raise argparse.ArgumentTypeError(f"{what} must be at most {maximum} (got {shown(text)})")
        value = int(text)
        if value < minimum:
            rule = "must not be negative" if minimum == 0 else f"must be at least {minimum}"
            raise argparse.ArgumentTypeError(f"{what} {rule} (got {value})")
        if value > maximum:
            raise argparse.ArgumentTypeError(f"{what} must be at most {maximum} (got {value})")
        return value

    return parse


def size_range(what: str, minimum: int, maximum: int) -> Callable[[str], range]:
    """An argparse type: board sizes ``A-B`` (or one size ``N``), each in minimum..maximum, A <= B.

    >>> size_range("n", 1, 99)("4-12"), size_range("n", 1, 99)("8")
    (range(4, 13), range(8, 9))
    >>> size_range("n", 1, 99)("9-4")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: n runs backwards ('9-4'): write 4-9
    """
    number = whole_number(what, minimum, maximum)

    def parse(text: str) -> range:
        first, dash, last = text.partition("-")
        last = last if dash else first
        if not (_DIGITS.fullmatch(first) and _DIGITS.fullmatch(last)):
            raise argparse.ArgumentTypeError(
                f"{what} must be one size or sizes A-B (like 4-12) in ASCII digits, not {shown(text)}"
            )
        low, high = number(first), number(last)
        if high < low:
            raise argparse.ArgumentTypeError(f"{what} runs backwards ({shown(text)}): write {high}-{low}")
        return range(low, high + 1)

    return parse


def one_line(message: str, argv: list[str]) -> str:
    """An argparse message made safe to print as one line: long arguments clipped, controls escaped.

    argparse quotes arguments itself ("invalid choice: 'xx…'", "unrecognized
    arguments: …"), so every long argument of ``argv`` is clipped wherever it
    appears, and any control character left (a newline in an argument) is escaped.

    >>> one_line("unrecognized arguments: " + "y" * 50, ["y" * 50])
    "unrecognized arguments: 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…' (50 characters)"
    """
    for arg in sorted(argv, key=len, reverse=True):
        if len(arg) > SHOWN_CHARS:
            message = message.replace(repr(arg), shown(arg)).replace(arg, shown(arg))
    return printable(message)
