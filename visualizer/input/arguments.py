"""The script arguments of the window's commands: text -> the checked argument, or ArgumentError
with a one-line reason. A command names its parser where it is declared (``parse=whole("step", 0, 1)``).

Hostile input is expected: only ASCII digits count as numbers (no ``_``, no other scripts'
digits), nothing infinite or NaN passes, and an argument is echoed back at most ``ECHO`` long.

>>> whole("step", 0, 1)("40"), on_off("show-all")("on")
(40, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: The window's text size, smallest and largest (F4, ``scale:``).
MIN_SCALE, MAX_SCALE = 0.5, 4.0


class ArgumentError(ValueError):
    """A command's argument that cannot be used, with a one-line reason."""


#: Characters of a bad argument echoed back in an error message.
ECHO = 40
#: The longest ``play`` in simulated seconds (an hour: 216,000 frames).
MAX_PLAY_SECONDS = 3600.0
_WHOLE = re.compile(r"-?[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?", re.ASCII)


def shown(text: str) -> str:
    """``text`` quoted for an error message, cut to ``ECHO`` characters.

    >>> shown("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (50 characters)"
    """
    if len(text) <= ECHO:
        return repr(text)
    return f"{text[:ECHO]!r}… ({len(text)} characters)"


def no_argument(name: str) -> Callable[[str], None]:
    def parse(text: str) -> None:
        if text:
            raise ArgumentError(f"{name} takes no argument (got {shown(name + ':' + text)})")

    return parse


def whole_number(text: str, what: str, minimum: int = 0) -> int:
    """``text`` as an int of ASCII digits at least ``minimum``; ArgumentError says why not.

    >>> whole_number("12", "n")
    12
    """
    if not _WHOLE.fullmatch(text):
        raise ArgumentError(f"{what} must be a whole number (got {shown(text)})")
    if len(text) > 30:
        raise ArgumentError(f"{what} is far too large (got {shown(text)})")
    value = int(text)
    if value < minimum:
        raise ArgumentError(f"{what} must be at least {minimum} (got {value})")
    return value


def whole(what: str, minimum: int = 0, default: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not text and default is not None:
            return default
        return whole_number(text, what, minimum)

    return parse


def number(what: str, *, positive: bool = False, maximum: float | None = None) -> Callable[[str], float]:
    def parse(text: str) -> float:
        if not _DECIMAL.fullmatch(text) or len(text) > 30:
            raise ArgumentError(f"{what} must be a number (got {shown(text)})")
        value = float(text)
        if not 0 <= value < float("inf"):
            raise ArgumentError(f"{what} must be a non-negative number (got {shown(text)})")
        if positive and value <= 0:
            raise ArgumentError(f"{what} must be positive (got {shown(text)})")
        if maximum is not None and value > maximum:
            raise ArgumentError(f"{what} must be at most {maximum:g} (got {shown(text)})")
        return value

    return parse


def on_off(name: str) -> Callable[[str], bool]:
    def parse(text: str) -> bool:
        if text not in ("on", "off"):
            raise ArgumentError(f"{name} needs on or off (got {shown(text)})")
        return text == "on"

    return parse


def one_of(name: str, choices: tuple[str, ...]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        text = text.strip().lower()
        if text not in choices:
            raise ArgumentError(f"{name} needs one of: {', '.join(choices)} (got {shown(text)})")
        return text

    return parse


#: exercise:ACTION[:ROW] (rows 0-based, as click:ROW,COL): the student's moves and the exercise's options
EXERCISE_ACTIONS = ("place", "refuse", "backtrack", "row", "confirm", "undo", "model", "why")
EXERCISE_OPTIONS = ("goal", "feedback", "student", "results", "seed")
#: A random instance's blocked squares and given queens unless told (``exercise:seed:SEED``).
RANDOM_INSTANCE = (2, 1)


def exercise_action(text: str) -> tuple[str, object]:
    """``place``, ``refuse``, ``backtrack:ROW``, ``row:ROW``, ``confirm``, ``undo``, ``model``,
    ``why`` (the misconception behind the wrong moves so far), or an option: ``goal:first|all``,
    ``feedback:continuous|undo``, ``student:NAME``, ``results:FOLDER``, ``seed:SEED[,BLOCKED,GIVEN]``
    (a random instance).

    >>> exercise_action("backtrack:2"), exercise_action("place"), exercise_action("goal:all")
    (('backtrack', 2), ('place', None), ('goal', 'all'))
    >>> exercise_action("seed:7"), exercise_action("seed:7,3,2")
    (('seed', (7, 2, 1)), ('seed', (7, 3, 2)))
    """
    action, _, rest = text.strip().partition(":")
    action = action.strip().lower()
    if action in ("backtrack", "row"):
        return action, whole_number(rest.strip(), f"exercise:{action}'s row")
    if action in EXERCISE_ACTIONS:
        no_argument(f"exercise:{action}")(rest.strip())
        return action, None
    if action == "goal":
        return action, one_of("exercise:goal", ("first", "all"))(rest)
    if action == "feedback":
        return action, one_of("exercise:feedback", ("continuous", "undo"))(rest)
    if action == "student":  # the rule the results' writer holds a name to
        from solvers.results import STUDENT_RULE, is_student_name

        if not is_student_name(rest.strip()):
            raise ArgumentError(f"a student's name is {STUDENT_RULE} (got {shown(rest)})")
        return action, rest.strip()
    if action == "seed":  # a random instance: SEED, or SEED,BLOCKED,GIVEN
        parts = rest.split(",")
        if len(parts) not in (1, 3):
            raise ArgumentError(f"exercise:seed needs SEED or SEED,BLOCKED,GIVEN (got {shown(rest)})")
        numbers = [whole_number(part.strip(), "exercise:seed's numbers") for part in parts]
        return action, tuple(numbers) if len(numbers) == 3 else (numbers[0], *RANDOM_INSTANCE)
    if action == "results":
        if not rest.strip():
            raise ArgumentError("exercise:results needs a folder")
        return action, rest.strip()
    choices = ", ".join((*EXERCISE_ACTIONS, *EXERCISE_OPTIONS))
    raise ArgumentError(f"exercise needs one of: {choices} (got {shown(text)})")


def view_name(text: str) -> str:
    """One of the side panel's views (``visualizer/modes/views.py``)."""
    from visualizer.modes.views import VIEWS

    return one_of("view", VIEWS)(text)


def algorithm(text: str) -> str:
    from solvers.registry import ALGORITHMS

    if text not in ALGORITHMS:
        raise ArgumentError(f"unknown algorithm {shown(text)}; choose one of: {', '.join(ALGORITHMS)}")
    return text


def square(text: str, name: str = "click") -> tuple[int, int]:
    row, sep, col = text.partition(",")
    if not sep:
        raise ArgumentError(f"{name} needs ROW,COL (got {shown(text)})")
    return whole_number(row.strip(), f"{name} row"), whole_number(col.strip(), f"{name} column")


def guess_square(text: str) -> tuple[int, int]:
    """Predict mode's ``guess:ROW,COL`` (0-based, like ``click``)."""
    return square(text, "guess")


def scale(text: str) -> float:
    value = number("scale")(text.strip())
    if not MIN_SCALE <= value <= MAX_SCALE:
        raise ArgumentError(f"scale must be between {MIN_SCALE} and {MAX_SCALE} (got {shown(text)})")
    return value


def output_path(text: str, what: str = "screenshot") -> str:
    """A path ``what`` can be written to (its folder exists, it is no link, pipe or folder)."""
    from visualizer.shell.safe_files import why_not_writable

    if not text:
        raise ArgumentError(f"{what} needs a path")
    reason = why_not_writable(text)
    if reason is not None:
        raise ArgumentError(f"cannot write the {what} to {shown(text)}: {reason}")
    return text


def until_condition(text: str) -> object:
    """``until:`` condition (``visualizer/core/until.py``): depth=K, backtrack, conflict-row=R,
    solution=K or event=K."""
    from visualizer.core.until import parse_until

    try:
        return parse_until(text)
    except ValueError as error:
        raise ArgumentError(str(error)) from None


def note(text: str) -> str:
    """A bookmark's note as typed (may be empty; cut when stored)."""
    return text


def panel(text: str) -> str:
    """One of the panels an exercise may hide (``visualizer/core/lesson.py``)."""
    from visualizer.core.lesson import PANELS

    return one_of("panel", PANELS)(text)


def lesson_path(text: str) -> str:
    if not text:
        raise ArgumentError("lesson-open needs a path")
    return text


def stretch_tokens(text: str, what: str = "export") -> tuple[str, str]:
    """``FROM-TO``, each an event index or ``bK`` (bookmark K, from 1), checked, as two tokens.

    >>> stretch_tokens("b1-40")
    ('b1', '40')
    """
    first, dash, last = text.strip().partition("-")
    if not dash:
        raise ArgumentError(f"{what} needs FROM-TO, as in 0-40 or b1-b3 (got {shown(text)})")
    for token in (first, last):
        digits = token[1:] if token[:1].lower() == "b" else token
        whole_number(
            digits, f"{what}'s from and to (an event, or bK for bookmark K)", 1 if digits != token else 0
        )
    return first, last


def export_spec(text: str) -> tuple[str, str, str]:
    """``FROM-TO:PATH``: events (or bookmarks ``bK``) FROM to TO into PATH (.gif, .mp4 or a folder)."""
    stretch, sep, path = text.partition(":")
    if not sep or "-" not in stretch or not path.strip():
        raise ArgumentError(f"export needs FROM-TO:PATH, as in export:0-40:run.mp4 (got {shown(text)})")
    first, last = stretch_tokens(stretch)
    path = path.strip()
    if path.lower().endswith((".gif", ".mp4")):
        return first, last, output_path(path, "export")
    from pathlib import Path

    folder = Path(path)
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise ArgumentError(f"cannot export into {shown(path)}: not a folder (name a .gif, .mp4 or a folder)")
    if not folder.parent.is_dir():
        raise ArgumentError(f"cannot export into {shown(path)}: its parent folder does not exist")
    return first, last, path


def export_html_spec(text: str) -> tuple[str, str, str]:
    """``FROM-TO:PATH.html`` (or ``all:PATH.html``, the whole run): the stretch as one web page."""
    stretch, sep, path = text.partition(":")
    path = path.strip()
    if not sep or not path:
        raise ArgumentError(
            f"export-html needs FROM-TO:PATH.html, as in export-html:0-400:lesson.html (got {shown(text)})"
        )
    if not path.lower().endswith((".html", ".htm")):
        raise ArgumentError(f"export-html writes a .html file (got {shown(path)})")
    first, last = ("0", "") if stretch.strip().lower() == "all" else stretch_tokens(stretch, "export-html")
    return first, last, output_path(path, "web page")


def exercise_export_path(text: str) -> str:
    """``PATH.html`` (the exercise as a web page) or ``PATH.zip`` (a SCORM 1.2 package)."""
    path = text.strip()
    if not path.lower().endswith((".html", ".htm", ".zip")):
        raise ArgumentError(
            f"export-exercise writes a .html page or a .zip SCORM package (got {shown(path)})"
        )
    return output_path(path, "exercise page")


def export_size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    if not sep:
        raise ArgumentError(f"export-size must look like 640x400 (got {shown(text)})")
    size = whole_number(width, "width", 16), whole_number(height, "height", 16)
    if size[0] > 3840 or size[1] > 2160:
        raise ArgumentError(f"export-size is at most 3840x2160 (got {shown(text)})")
    return size


def key_name(text: str) -> tuple[int, str]:
    """A pygame key name as (key code, name)."""
    import warnings

    import pygame

    try:
        with warnings.catch_warnings():  # the name table needs no initialised pygame
            warnings.simplefilter("ignore")
            return pygame.key.key_code(text), text
    except (ValueError, pygame.error):
        hint = "use pygame names like right, space, n"
        raise ArgumentError(f"unknown key name {shown(text)} ({hint})") from None
