"""The one command table: every command once, with its keys, help row, button label, modes,
busy rule and script argument. Keys, the help overlay, the buttons, the busy gate and the
headless parser are all derived from ``COMMANDS``; nothing else lists command names.

Adding a control: one ``Command`` here, one method on the App (``target="app"``) or on the modes
that accept it, and its translated label in ``visualizer/look/i18n.py``.

>>> COMMANDS["next"].keys[0].name, sorted(COMMANDS["next"].modes)
('n', ['race', 'watch'])
>>> parse_argument("step", "40"), parse_argument("show-all", "on")
(40, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from visualizer.look.i18n import LANGUAGES, tr
from visualizer.look.theme import THEMES

MODES = ("watch", "game", "race", "predict", "exercise")
ALL = frozenset(MODES)
SEARCH = frozenset({"watch", "race"})  # the modes whose Player moves a search
PREDICT = frozenset({"predict"})  # predict mode (issue 14)
WATCH = frozenset({"watch"})
EXERCISE = frozenset({"exercise"})  # exercise mode (issue 23)
MIN_SCALE, MAX_SCALE = 0.5, 4.0


class ArgumentError(ValueError):
    """A command's argument that cannot be used, with a one-line reason."""


# -- argument parsers: script text -> the command's argument (None: no argument) -------------
# Hostile input is expected: only ASCII digits count as numbers (no ``_``, no other scripts'
# digits), nothing infinite or NaN passes, and an argument is echoed back at most ``ECHO`` long.

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
    """One of the side panel's views (``visualizer/views/``), or the code."""
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


# -- the table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Key:
    """A key naming a command: a pygame key name, with Shift or not, and how the help shows it
    (empty: a second key for the same thing, not shown). ``typed``: also matched by the character
    typed (``?`` is Shift+/ on most keyboards)."""

    name: str
    shown: str = ""
    shift: bool = False
    typed: bool = False
    ctrl: bool = False  # with Ctrl held (Ctrl+S); such a key never runs its plain twin


@dataclass(frozen=True)
class Command:
    """One command. ``method`` runs on its receiver, an object the App holds (``App.receiver``):
    the App itself, the current mode, the lessons or the captures; "script" commands only run
    in a headless script."""

    name: str
    method: str
    target: str = "mode"  # "app", "mode", "lesson", "capture" or "script"
    keys: tuple[Key, ...] = ()
    help: str | None = None  # i18n key of the help overlay's row
    label: str | None = None  # i18n key of the button text (None: no button)
    modes: frozenset[str] = ALL
    while_busy: bool = False  # may run while the Player works on its worker thread
    parse: Callable[[str], object] | None = None  # script text -> argument (None: no argument)
    toggle: str | None = None  # ControlState field the button shows as on / off
    swap: tuple[str, str] | None = None  # (ControlState field, i18n key shown while it is true)
    mode_labels: Mapping[str, str] = field(default_factory=dict)  # the button's text in other modes
    view: str | None = None  # taken only while this side view shows (else a banner says how to open it)
    own_keys: bool = False  # its keys mean it only in its modes (elsewhere the key's other command)
    bound: tuple[object, ...] = ()  # arguments given before the script's (a view's command: its view)


def _table(*commands: Command) -> dict[str, Command]:
    return {command.name: command for command in commands}


def view_commands() -> tuple[Command, ...]:
    """The side views' commands (``visualizer/views/``): a view's own key shows it (again: the
    code) through ``set_view(view)``; a command with an action runs it on the view while it shows."""
    from visualizer.views import registry

    out = []
    for declared in registry.commands():
        view = registry.owner(declared.name).name
        keys = tuple(Key(name, shown) for name, shown in declared.keys)
        out.append(
            Command(
                declared.name,
                "set_view" if declared.action is None else "view_action",
                keys=keys,
                help=declared.help,
                label=declared.label,
                modes=declared.modes,
                while_busy=declared.while_busy,
                view=None if declared.action is None else view,
                bound=(view,) if declared.action is None else (declared.name,),
            )
        )
    return tuple(out)


COMMANDS: dict[str, Command] = _table(
    Command(
        "reset",
        "reset",
        keys=(Key("r", "R"),),
        help="reset",
        label="reset",
        mode_labels={"game": "game_retry"},
    ),
    Command(
        "step",
        "step",
        keys=(Key("right", "→"),),
        help="step",
        label="step",
        modes=SEARCH | PREDICT | EXERCISE,  # predict: show the next move unscored; exercise: review
        parse=whole("step", 0, 1),
        mode_labels={"predict": "predict_skip"},
    ),
    Command(
        "back",
        "back",
        keys=(Key("left", "←"),),
        help="back",
        label="back",
        modes=SEARCH | EXERCISE,  # exercise: review the student's own moves
        parse=whole("back", 0, 1),
    ),
    Command(
        "step-move", "step_move", keys=(Key("right", "Ctrl+→", ctrl=True),), help="step_move", modes=WATCH
    ),
    Command(
        "back-move", "back_move", keys=(Key("left", "Ctrl+←", ctrl=True),), help="back_move", modes=WATCH
    ),
    Command(
        "play",
        "toggle_play",
        keys=(Key("space", "Space"),),
        help="play",
        label="play",
        modes=SEARCH,
        parse=number("play seconds", maximum=MAX_PLAY_SECONDS),
        swap=("playing", "pause"),
    ),
    Command("pause", "pause", modes=SEARCH),
    Command("next", "next_solution", keys=(Key("n", "N"),), help="next", label="next", modes=SEARCH),
    Command(
        "instant",
        "instant",
        keys=(Key("return", "Enter"), Key("enter")),
        help="instant",
        label="instant",
        modes=SEARCH,
    ),
    Command(
        "show-all",
        "set_show_all",
        "app",
        (Key("a", "A"),),
        "show_all",
        "show_all",
        SEARCH,
        parse=on_off("show-all"),
        toggle="show_all",
    ),
    Command(
        "shade",
        "set_shade",
        "app",
        (Key("x", "X"),),
        "shade",
        "shade",
        while_busy=True,
        parse=on_off("shade"),
        toggle="shade",
    ),
    Command(
        "hatch",
        "set_hatch",
        "app",
        (Key("x", "Shift+X", shift=True),),
        "hatch_help",
        "hatch",
        while_busy=True,
        parse=on_off("hatch"),
        toggle="hatch",
    ),
    Command(
        "faster",
        "faster",
        "app",
        (Key("+", "+"), Key("=", "="), Key("[+]")),
        "faster",
        modes=SEARCH,
        while_busy=True,
    ),
    Command("slower", "slower", "app", (Key("-", "-"), Key("[-]")), "slower", modes=SEARCH, while_busy=True),
    Command("speed", "set_speed", "app", modes=SEARCH, while_busy=True, parse=number("speed", positive=True)),
    Command("n-down", "n_down", keys=(Key("[", "["),), help="n_down", label="n_down"),
    Command("n-up", "n_up", keys=(Key("]", "]"),), help="n_up", label="n_up"),
    Command("n-jump-down", "n_jump_down", keys=(Key("[", "Shift+[", shift=True),), help="n_jump_down"),
    Command("n-jump-up", "n_jump_up", keys=(Key("]", "Shift+]", shift=True),), help="n_jump_up"),
    Command("n", "set_n", parse=whole("n", 1)),
    Command("algo", "set_algorithm", modes=SEARCH | PREDICT, parse=algorithm),
    Command("race-pair", "set_pair", modes=frozenset({"race"})),
    Command("mode", "set_mode", "app", help=None, parse=one_of("mode", MODES)),
    Command(
        "column",
        "toggle_column",
        "app",
        help="column_help",
        label="column",
        parse=on_off("column"),
        toggle="full",
        while_busy=True,
    ),
    Command(
        "palette",
        "toggle_palette",
        "app",
        (Key("k", "Ctrl+K", ctrl=True),),
        None,  # the help's title names it (one row fewer: the help fits the smallest window)
        "palette",
        while_busy=True,
    ),
    Command(
        "help",
        "toggle_help",
        "app",
        (Key("h", "H"), Key("?", "?", typed=True), Key("/", shift=True)),
        "help",
        "help",
        while_busy=True,
    ),
    Command(
        "fullscreen",
        "toggle_fullscreen",
        "app",
        (Key("f11", "F11"),),
        "fullscreen",
        "fullscreen",
        while_busy=True,
    ),
    Command(
        "lang",
        "set_lang",
        "app",
        (Key("f2", "F2"),),
        "switch_lang",
        while_busy=True,
        parse=one_of("lang", LANGUAGES),
    ),
    Command(
        "theme",
        "set_theme",
        "app",
        (Key("f3", "F3"),),
        "switch_theme",
        "theme_button",  # shows the theme's name (button_text)
        while_busy=True,
        parse=one_of("theme", tuple(THEMES)),
    ),
    Command(
        "scale",
        "set_scale",
        "app",
        (Key("f4", "F4"),),
        "switch_scale",
        "ui_scale",
        while_busy=True,
        parse=scale,
    ),
    Command(
        "screenshot",
        "screenshot",
        "capture",
        (Key("s", "S"),),
        "screenshot",
        "screenshot",
        while_busy=True,
        parse=output_path,
    ),
    Command(
        "gif",
        "toggle_gif",
        "capture",
        (Key("g", "G"),),
        "gif",
        "gif",
        while_busy=True,
        swap=("recording", "gif_stop"),
    ),
    *view_commands(),  # the side views' keys (tree T, gallery Y and its pages, options V, cost W...)
    Command("check", "check_search", "lesson", (Key("j", "J"),), "check_search", modes=frozenset({"watch"})),
    Command("view", "set_view", modes=frozenset({"watch"}), parse=view_name),
    Command("escape", "escape", "app", (Key("escape", "Esc"),), "cancel", while_busy=True),
    Command("cancel", "cancel", while_busy=True),
    Command("click", "click_square", parse=square),
    Command(
        "hint",
        "toggle_hints",
        keys=(Key("i", "I"),),
        help="hint",
        label="game_hint_button",
        modes=frozenset({"game"}),
        toggle="hints",  # the button says whether hints are on
    ),
    Command(
        "completions",
        "completions",
        keys=(Key("c", "C"),),
        help="completions",
        label="game_completions_button",
        modes=frozenset({"game"}),
    ),
    Command(
        "relaxed",
        "set_relaxed",
        keys=(Key("l", "L"),),
        help="relaxed",
        label="game_relaxed_button",
        modes=frozenset({"game"}),
        parse=on_off("relaxed"),
        toggle="relaxed",
    ),
    # -- lessons (issue 14): run until ------------------------------------------------------
    Command(
        "until",
        "run_until",
        "app",
        (Key("u", "U"),),
        "until",
        "until_run",
        SEARCH,
        parse=until_condition,
    ),
    # -- lessons (issue 14): bookmarks, hidden panels, lesson files ----------------------------
    Command(
        "bookmark", "bookmark", "lesson", (Key("b", "B"),), "bookmark", "bookmark_button", SEARCH, parse=note
    ),
    Command("goto-bookmark", "goto_bookmark", "lesson", modes=SEARCH, parse=whole("goto-bookmark", 1)),
    Command(
        "bookmark-prev",
        "bookmark_prev",
        "lesson",
        (Key("page up", "PgUp"),),
        "bookmark_prev",
        "bookmark_prev_button",
        SEARCH,
    ),
    Command(
        "bookmark-next",
        "bookmark_next",
        "lesson",
        (Key("page down", "PgDn"),),
        "bookmark_next",
        "bookmark_next_button",
        SEARCH,
    ),
    Command(
        "lesson-save",
        "lesson_save",
        "lesson",
        (Key("s", "Ctrl+S", ctrl=True),),
        "lesson_save",
        label="save_button",
        modes=SEARCH,
        parse=lambda text: output_path(text, "lesson"),
    ),
    Command(
        "lesson-save-as",
        "lesson_save_as",
        "lesson",
        (Key("s", "", shift=True, ctrl=True),),  # in the help, on Save's row (one row fewer)
        label="save_as_button",
        modes=SEARCH,
    ),
    Command(
        "lesson-overwrite",
        "lesson_overwrite",
        "lesson",
        modes=SEARCH,
        parse=lambda text: output_path(text, "lesson"),
    ),
    Command(
        "lesson-open",
        "lesson_open",
        "lesson",
        (Key("o", "Ctrl+O", ctrl=True),),
        "lesson_open",
        label="open_button",
        parse=lesson_path,
    ),
    Command("hide", "hide", "lesson", while_busy=True, parse=panel),
    Command("show", "show", "lesson", while_busy=True, parse=panel),
    Command("toggle-code", "toggle_code", "lesson", (Key("f5", "F5"),), "toggle_code", while_busy=True),
    Command(
        "toggle-counters", "toggle_counters", "lesson", (Key("f6", "F6"),), "toggle_counters", while_busy=True
    ),
    Command("toggle-tree", "toggle_tree", "lesson", (Key("f7", "F7"),), "toggle_tree", while_busy=True),
    Command(
        "toggle-narration",
        "toggle_narration",
        "lesson",
        (Key("f8", "F8"),),
        "toggle_narration",
        while_busy=True,
    ),
    Command("toggle-names", "toggle_names", "lesson", (Key("f9", "F9"),), "toggle_names", while_busy=True),
    Command("toggle-log", "toggle_log", "lesson", (Key("f10", "F10"),), "toggle_log", while_busy=True),
    # -- lessons (issue 14): export a stretch ------------------------------------------------
    Command(
        "export", "export", "lesson", (Key("e", "E"),), "export", "export_button", SEARCH, parse=export_spec
    ),
    Command(
        "export-html",
        "export_html",
        "lesson",
        (Key("e", "Shift+E", shift=True),),
        "export_html",
        "export_html_button",
        SEARCH,
        parse=export_html_spec,
    ),
    Command(
        "export-exercise",
        "export_exercise",
        "lesson",
        (Key("e", "Shift+E", shift=True),),
        "export_html",  # one help row for Shift+E: a stretch, or in exercise mode the exercise
        "export_exercise_button",
        EXERCISE,
        parse=exercise_export_path,
        own_keys=True,  # Shift+E: elsewhere a stretch as a web page (export-html)
    ),
    Command("export-fps", "set_export_fps", "lesson", parse=number("export-fps", positive=True, maximum=60)),
    Command("export-size", "set_export_size", "lesson", parse=export_size),
    # -- the presenter view (issue 18) --
    Command(
        "present",
        "toggle_present",
        "app",
        (Key("p", "P"),),
        "present_help",
        "present",
        while_busy=True,
        parse=on_off("present"),
    ),
    # -- the legend (issue 13) --
    Command(
        "legend",
        "set_legend",
        "app",
        (Key("k", "K"),),
        "marks_help",
        "legend",
        while_busy=True,
        parse=on_off("legend"),
        toggle="legend",
    ),
    # -- sound cues (issue 25) --
    Command(
        "sound",
        "set_sound",
        "app",
        (Key("m", "M"),),
        "sound_help",
        "sound",
        while_busy=True,
        parse=on_off("sound"),
        toggle="sound",
    ),
    Command(
        "narrate",
        "set_narrate",
        "app",
        (Key("m", "Shift+M", shift=True),),
        "narrate_help",
        while_busy=True,
        parse=on_off("narrate"),
    ),
    # -- predict mode (issue 14): a board click is the guess; F / D answer for whole boards --
    Command("guess", "guess", modes=PREDICT, parse=guess_square),
    Command("answer", "answer", modes=PREDICT, parse=one_of("answer", ("safe", "attacked"))),
    Command(
        "safe",
        "answer_safe",
        keys=(Key("f", "F"),),
        help="predict_safe_help",
        label="predict_safe",
        modes=PREDICT | EXERCISE,  # exercise: safe, place
        mode_labels={"exercise": "exercise_place"},
    ),
    Command(
        "attacked",
        "answer_attacked",
        keys=(Key("d", "D"),),
        help="predict_attacked_help",
        label="predict_attacked",
        modes=PREDICT | EXERCISE,  # exercise: attacked, refuse
        mode_labels={"exercise": "exercise_refuse"},
    ),
    # -- seek anywhere (issue 12): the scrub bar's command; headless seek:K == step:K from the start
    Command("seek", "seek", modes=SEARCH | EXERCISE, parse=whole("seek", 0)),
    # -- exercise mode (issue 23): F / D answer safe / attacked (above); B, C, Enter and U are its own
    Command("exercise", "exercise_action", modes=EXERCISE, parse=exercise_action),
    Command(
        "results-folder",
        "choose_results",
        "lesson",
        (Key("r", "Ctrl+R", ctrl=True),),
        None,  # exercise mode's own button says it (the help card of the smallest window is full)
        "results_button",
        EXERCISE,
    ),
    Command(
        "ex-backtrack",
        "backtrack",
        keys=(Key("b", "B"),),
        help="exercise_backtrack_help",
        label="exercise_backtrack",
        modes=EXERCISE,
        own_keys=True,
    ),
    Command(
        "ex-row",
        "choose_row",
        keys=(Key("c", "C"),),
        help="exercise_row_help",
        label="exercise_row",
        modes=EXERCISE,
        own_keys=True,
    ),
    Command(
        "ex-confirm",
        "confirm",
        keys=(Key("return", "Enter"), Key("enter")),
        help="exercise_confirm_help",
        label="exercise_confirm",
        modes=EXERCISE,
        own_keys=True,
    ),
    Command(
        "ex-undo",
        "undo",
        keys=(Key("u", "U"), Key("backspace", "Backspace")),
        help="exercise_undo_help",
        label="exercise_undo",
        modes=EXERCISE,
        own_keys=True,
    ),
    Command(
        "ex-model",
        "model",
        keys=(Key("o", "O"),),
        help="exercise_model_help",
        label="exercise_model",
        modes=EXERCISE,
    ),
    Command(  # no row of its own in the help overlay (it would not fit the smallest window): its
        "ex-why",  # button names the key, and so does the exercise's first card
        "why",
        keys=(Key("w", "W"),),
        label="exercise_why",
        modes=EXERCISE,
        own_keys=True,
    ),
    Command("ex-up", "row_up", keys=(Key("up", "↑"),), help="exercise_up_help", modes=EXERCISE),
    Command("ex-down", "row_down", keys=(Key("down", "↓"),), help="exercise_down_help", modes=EXERCISE),
    Command("quit", "quit", "app", while_busy=True),
    Command("wait-idle", "wait_idle", "script", while_busy=True, parse=no_argument("wait-idle")),
    Command("key", "post_key", "script", while_busy=True, parse=key_name),
)


def parse_argument(name: str, text: str) -> object:
    """The checked argument of script command ``name`` (None: it takes none). ArgumentError says why not."""
    command = COMMANDS.get(name)
    if command is None:
        raise ArgumentError(f"unknown command {shown(name)} in the script")
    text = text.strip()
    if command.parse is None:
        return no_argument(name)(text)
    return command.parse(text)


def help_rows() -> list[tuple[str, str]]:
    """(keys as shown, i18n key of the action) for the help overlay, in table order; a key that
    means the same action in two modes (Shift+E: a stretch, or the exercise) is one row."""
    rows: list[tuple[str, str]] = []
    for command in COMMANDS.values():
        shown = [key.shown for key in command.keys if key.shown]
        if shown and command.help and (" / ".join(shown), command.help) not in rows:
            rows.append((" / ".join(shown), command.help))
    return rows


def key_table() -> dict[tuple[int, bool], str]:
    """(pygame key code, Shift held) -> command name; a key without Shift matches either way."""
    import warnings

    import pygame

    table: dict[tuple[int, bool], str] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for command in COMMANDS.values():
            for key in command.keys:
                if not key.ctrl and command.view is None and not command.own_keys:
                    table.setdefault((pygame.key.key_code(key.name), key.shift), command.name)
    return table


def view_key_table() -> dict[tuple[int, bool, str], str]:
    """(pygame key code, Shift held, side view) -> command name, for the keys that mean something
    else while a side view shows (PgUp / PgDn page the gallery; elsewhere they go to bookmarks)."""
    import warnings

    import pygame

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return {
            (pygame.key.key_code(key.name), key.shift, command.view): command.name
            for command in COMMANDS.values()
            if command.view is not None
            for key in command.keys
        }


def mode_key_table() -> dict[tuple[int, bool, str], str]:
    """(pygame key code, Shift held, mode) -> command name, for the keys a mode gives a meaning of
    its own (B backtracks in exercise mode; elsewhere it sets a bookmark)."""
    import warnings

    import pygame

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return {
            (pygame.key.key_code(key.name), key.shift, mode): command.name
            for command in COMMANDS.values()
            if command.own_keys
            for key in command.keys
            for mode in command.modes
        }


def ctrl_table() -> dict[tuple[int, bool], str]:
    """(pygame key code, Shift held) -> command name, for the keys pressed with Ctrl (Ctrl+S,
    Ctrl+Shift+S, Ctrl+O)."""
    import warnings

    import pygame

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return {
            (pygame.key.key_code(key.name), key.shift): command.name
            for command in COMMANDS.values()
            for key in command.keys
            if key.ctrl
        }


def typed_keys() -> dict[str, str]:
    """Typed character -> command name, for the keys matched by what they type (``?``)."""
    return {key.name: command.name for command in COMMANDS.values() for key in command.keys if key.typed}


def command_for_key(
    key: int,
    mod_shift: bool,
    typed: str = "",
    ctrl: bool = False,
    view: str | None = None,
    mode: str | None = None,
) -> str | None:
    """The command a key press names, or None: the typed character first, then Shift+key, then the key.
    With Ctrl held only the Ctrl keys count (Ctrl+S is not S); while side view ``view`` shows, its
    own keys come first (PgUp in the gallery pages it), and so do mode ``mode``'s own (B in exercise mode)."""
    if ctrl:
        return ctrl_table().get((key, mod_shift))
    if mode is not None:
        mode_keys = _mode_keys()
        own = mode_keys.get((key, mod_shift, mode)) or mode_keys.get((key, False, mode))
        if own is not None:
            return own
    if view is not None:
        own = view_key_table().get((key, mod_shift, view))
        if own is not None:
            return own
    if typed and typed in _TYPED:
        return _TYPED[typed]
    table = _keys()
    if mod_shift and (key, True) in table:
        return table[(key, True)]
    return table.get((key, False))


_TYPED = typed_keys()
_KEYS: dict[tuple[int, bool], str] = {}
_MODE_KEYS: dict[tuple[int, bool, str], str] = {}


def _keys() -> dict[tuple[int, bool], str]:
    if not _KEYS:  # built on first use: pygame's key codes, and this module imports without pygame
        _KEYS.update(key_table())
    return _KEYS


def _mode_keys() -> dict[tuple[int, bool, str], str]:
    if not _MODE_KEYS:
        _MODE_KEYS.update(mode_key_table())
    return _MODE_KEYS


def button_text(name: str, state: Any, lang: str, mode: str) -> str:
    """The text of command ``name``'s button, given the ControlState ``state``."""
    command = COMMANDS[name]
    label = command.mode_labels.get(mode, command.label or name)
    if command.swap is not None and getattr(state, command.swap[0]):
        return tr(command.swap[1], lang)
    if command.toggle is not None:
        on = bool(getattr(state, command.toggle))
        return tr("toggle", lang, label=tr(label, lang), state=tr("on" if on else "off", lang))
    if name == "scale":
        return tr(label, lang, scale=f"{state.ui_scale:g}")
    if name == "theme":  # the theme now: F3 / the button go on to the next
        return tr(f"theme_{state.theme}", lang)
    return tr(label, lang)


def refusal(name: str, mode: str, lang: str) -> tuple[str, str]:
    """The banner for command ``name`` in a mode that does not take it."""
    modes = COMMANDS[name].modes
    if modes == {"game"}:
        return tr("game_watch_only", lang), "info"
    if modes == {"race"}:
        return tr("race_only", lang), "error"
    return tr("not_in_mode", lang, mode=tr(f"mode_{mode}", lang)), "info"
