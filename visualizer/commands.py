"""The one command table, collected: every command declared with ``@command`` beside its handler
(``visualizer/input/command.py``) in the classes that run them -- the window's own
(``visualizer/shell/window_commands.py``), the lessons, the captures, the headless script and the
mode classes -- and any a registry handed in. Keys, the help overlay, the buttons, the palette,
the busy gate, the refusals and the headless parser all read ``COMMANDS``; no module lists them.

>>> COMMANDS["next"].keys[0].name, sorted(COMMANDS["next"].modes)
('n', ['race', 'watch'])
>>> parse_argument("step", "40"), parse_argument("show-all", "on")
(40, True)
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from visualizer.input.arguments import (  # noqa: F401  # the parsers, as the script and the CLI know them
    MAX_PLAY_SECONDS,
    MAX_SCALE,
    MIN_SCALE,
    ArgumentError,
    exercise_action,
    no_argument,
    output_path,
    scale,
    shown,
    stretch_tokens,
    whole_number,
)
from visualizer.input.command import VERSION, Command, Key, hand, handlers
from visualizer.look.i18n import tr

MODES = ("watch", "game", "race", "predict", "exercise")

__all__ = ["COMMANDS", "MODES", "ArgumentError", "Command", "Key", "command_for_key", "parse_argument"]

#: The order the help overlay, the palette and the keys page list commands in (a lesson's order:
#: time, the look, n, the window, the views, the modes' own). Only the order: a command not named
#: here comes after these, in the order it was collected -- adding one needs no edit here.
ORDER = (
    "reset", "step", "back", "step-move", "back-move", "play", "pause", "next", "instant", "show-all",
    "shade", "hatch", "faster", "slower", "speed", "n-down", "n-up", "n-jump-down", "n-jump-up", "n",
    "algo", "race-pair", "mode", "column", "palette", "help", "fullscreen", "lang", "theme", "scale",
    "screenshot", "gif", "tree", "gallery", "options", "cost", "check", "view", "escape", "cancel",
    "click", "hint", "completions", "relaxed", "gallery-up", "gallery-down", "until", "bookmark",
    "goto-bookmark", "bookmark-prev", "bookmark-next", "lesson-save", "lesson-save-as",
    "lesson-overwrite", "lesson-open", "hide", "show", "toggle-code", "toggle-counters", "toggle-tree",
    "toggle-narration", "toggle-names", "toggle-log", "export", "export-html", "export-exercise",
    "export-fps", "export-size", "present", "legend", "sound", "narrate", "guess", "answer", "safe",
    "attacked", "seek", "exercise", "results-folder", "ex-backtrack", "ex-row", "ex-confirm",
    "ex-undo", "ex-model", "ex-why", "ex-up", "ex-down", "quit", "wait-idle", "key",
)  # fmt: skip


def receivers() -> list[type]:
    """The classes whose commands the table collects: the window's, the lessons', the captures',
    the headless script's, then each mode's (imported here: they import this module's users)."""
    from visualizer.features.capture import Capture
    from visualizer.features.lessons import Lessons
    from visualizer.modes import mode_classes
    from visualizer.shell.headless import HeadlessRunner
    from visualizer.shell.window_commands import WindowCommands

    hand_view_commands()
    return [WindowCommands, Lessons, Capture, HeadlessRunner, *mode_classes().values()]


def hand_view_commands() -> None:
    """Hand the side views' commands (``visualizer/views/``) to the search modes, once: a view's
    own key shows it (again: the code) through the mode's ``set_view``; a command with an action
    runs it on the view while it shows (the gallery's PgUp / PgDn) through ``view_action``."""
    from visualizer.modes.base import SearchMode
    from visualizer.views import registry

    if _HANDED_VIEWS:
        return
    _HANDED_VIEWS.append(True)
    for declared in registry.commands():
        view = registry.owner(declared.name).name
        show = declared.action is None
        hand(
            Command(
                declared.name,
                partial(_show_view, view=view) if show else partial(_view_action, name=declared.name),
                keys=tuple(Key(name, shown) for name, shown in declared.keys),
                help=declared.help,
                label=declared.label,
                while_busy=declared.while_busy,
                view=None if show else view,
                when=partial(_in_modes, modes=declared.modes),
                owner=SearchMode,
            )
        )


_HANDED_VIEWS: list[bool] = []


def _show_view(mode: Any, view: str) -> None:
    mode.set_view(view)


def _view_action(mode: Any, name: str) -> None:
    mode.view_action(name)


def _in_modes(cls: type, modes: frozenset[str]) -> bool:
    return getattr(cls, "name", None) in modes


def collect() -> dict[str, Command]:
    """Every command of the ``receivers``, each once, with the modes that take it (``Mode.takes``)."""
    from visualizer.modes import mode_classes

    found: dict[str, Command] = {}
    for cls in receivers():
        for name, (declared, _) in handlers(cls).items():
            if found.setdefault(name, declared) != declared:
                raise ValueError(f"command {name!r} is declared twice")
    classes = mode_classes()
    rank = {name: i for i, name in enumerate(ORDER)}
    ordered = sorted(found.values(), key=lambda one: rank.get(one.name, len(rank)))
    return {
        one.name: replace(one, modes=frozenset(m for m, cls in classes.items() if cls.takes(one)))
        for one in ordered
    }


class Table(Mapping[str, Command]):
    """``COMMANDS``: collected on first use (the modes and features import this module first)."""

    def __init__(self) -> None:
        self._table: dict[str, Command] = {}
        self._version = -1

    def fresh(self) -> dict[str, Command]:
        """The table, collected now if it never was or commands were handed in since."""
        if self._version != VERSION[0]:  # first use, or commands were handed in since
            self._table.clear()
            for cache in (_KEYS, _MODE_KEYS, _TYPED):
                cache.clear()
            self._table.update(collect())
            self._version = VERSION[0]
        return self._table

    def __getitem__(self, name: str) -> Command:
        return self.fresh()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.fresh())

    def __len__(self) -> int:
        return len(self.fresh())


COMMANDS = Table()


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


def _code(name: str) -> int:
    import pygame

    with warnings.catch_warnings():  # the name table needs no initialised pygame
        warnings.simplefilter("ignore")
        return pygame.key.key_code(name)


def key_table() -> dict[tuple[int, bool], str]:
    """(pygame key code, Shift held) -> command name; a key without Shift matches either way."""
    table: dict[tuple[int, bool], str] = {}
    for command in COMMANDS.values():
        for key in command.keys:
            if not key.ctrl and command.view is None and not command.own_keys:
                table.setdefault((_code(key.name), key.shift), command.name)
    return table


def view_key_table() -> dict[tuple[int, bool, str], str]:
    """(pygame key code, Shift held, side view) -> command name, for the keys that mean something
    else while a side view shows (PgUp / PgDn page the gallery; elsewhere they go to bookmarks)."""
    return {
        (_code(key.name), key.shift, command.view): command.name
        for command in COMMANDS.values()
        if command.view is not None
        for key in command.keys
    }


def mode_key_table() -> dict[tuple[int, bool, str], str]:
    """(pygame key code, Shift held, mode) -> command name, for the keys a mode gives a meaning of
    its own (B backtracks in exercise mode; elsewhere it sets a bookmark)."""
    return {
        (_code(key.name), key.shift, mode): command.name
        for command in COMMANDS.values()
        if command.own_keys
        for key in command.keys
        for mode in command.modes
    }


def ctrl_table() -> dict[tuple[int, bool], str]:
    """(pygame key code, Shift held) -> command name, for the keys pressed with Ctrl (Ctrl+S,
    Ctrl+Shift+S, Ctrl+O)."""
    return {
        (_code(key.name), key.shift): command.name
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
        mode_keys = _cached(_MODE_KEYS, mode_key_table)
        own = mode_keys.get((key, mod_shift, mode)) or mode_keys.get((key, False, mode))
        if own is not None:
            return own
    if view is not None:
        own = view_key_table().get((key, mod_shift, view))
        if own is not None:
            return own
    typed_table = _cached(_TYPED, typed_keys)
    if typed and typed in typed_table:
        return typed_table[typed]
    table = _cached(_KEYS, key_table)
    if mod_shift and (key, True) in table:
        return table[(key, True)]
    return table.get((key, False))


_KEYS: dict[Any, str] = {}
_MODE_KEYS: dict[Any, str] = {}
_TYPED: dict[Any, str] = {}


def _cached(cache: dict[Any, str], build: Any) -> dict[Any, str]:
    COMMANDS.fresh()  # commands handed in since: every key table again
    if not cache:  # built on first use: pygame's key codes, and this module imports without pygame
        cache.update(build())
    return cache


def button_text(name: str, state: Any, lang: str, mode: str) -> str:
    """The text of command ``name``'s button, given the ControlState ``state``."""
    command = COMMANDS[name]
    label = command.mode_labels.get(mode, command.label or name)
    if command.swap is not None and command.swap[0](state):
        return tr(command.swap[1], lang)
    if command.toggle is not None:
        on = command.toggle(state)
        return tr("toggle", lang, label=tr(label, lang), state=tr("on" if on else "off", lang))
    if command.text is not None:
        return command.text(state, lang)
    return tr(label, lang)


def refusal(name: str, mode: str, lang: str) -> tuple[str, str]:
    """The banner for command ``name`` in a mode that does not take it."""
    modes = COMMANDS[name].modes
    if modes == {"game"}:
        return tr("game_watch_only", lang), "info"
    if modes == {"race"}:
        return tr("race_only", lang), "error"
    return tr("not_in_mode", lang, mode=tr(f"mode_{mode}", lang)), "info"
