"""A command declared beside the code that runs it (Textual's ``BINDINGS`` beside its ``action_*``
methods, with callables instead of names): ``@command(...)`` on the handler method itself, in the
class that runs it -- the App's window commands, ``Lessons``, ``Capture`` or a mode class.

    class WatchMode(SearchMode):
        @command("step-move", keys=(Key("right", "Ctrl+→", ctrl=True),), help="step_move")
        def step_move(self) -> None: ...

``handlers(cls)`` collects what a class takes from its MRO: a decorated method is inherited; a
plain method of the same name in a subclass overrides its handler (the declaration stays one);
``withdrawn`` (a class's tuple of handlers or commands) drops inherited ones. So which modes take
a command follows from which mode classes have it, and adding a key to a mode is one decorated
method in that mode's file (the table, keys, buttons, help, palette and script parser collect it).
A registry may also ``hand`` commands whose handler is any callable taking the receiver (a side
view's, declared in its own module). ``visualizer/commands.py`` holds the collected table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import FunctionType
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


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
    """One command: its handler (called as ``handler(receiver, *args)``), keys, help row, button,
    busy rule and script argument. ``owner`` is the class that declares it: the receiver is the
    object of that class the window holds. ``modes`` is filled in by the collected table."""

    name: str
    handler: Callable[..., object] | None = None
    keys: tuple[Key, ...] = ()
    help: str | None = None  # i18n key of the help overlay's row
    label: str | None = None  # i18n key of the button text (None: no button)
    while_busy: bool = False  # may run while the Player works on its worker thread
    parse: Callable[[str], object] | None = None  # script text -> argument (None: no argument)
    toggle: Callable[[Any], bool] | None = None  # whether the button shows "on" (of a ControlState)
    swap: tuple[Callable[[Any], bool], str] | None = None  # (while true, the i18n key shown instead)
    text: Callable[[Any, str], str] | None = None  # the button's own text (ControlState, language)
    mode_labels: Mapping[str, str] = field(default_factory=dict)  # the button's text in other modes
    view: str | None = None  # taken only while this side view shows (else a banner says how to open it)
    own_keys: bool = False  # its keys mean it only in its modes (elsewhere the key's other command)
    when: Callable[[type], bool] | None = None  # not a mode's own: the mode classes it works in (None: all)
    script: bool = False  # runs only in a headless script
    owner: type | None = None
    modes: frozenset[str] = frozenset()

    def run(self, receiver: object, *args: object) -> None:
        """Carry the command out on ``receiver`` (its class's handler: an override wins)."""
        handler = _collect(type(receiver)).get(self.name, (self, self.handler))[1]  # as the class is now
        if handler is None:
            raise TypeError(f"{type(receiver).__name__} does not run {self.name!r}")
        handler(receiver, *args)


#: Each decorated function's command (read by ``handlers``; nothing is looked up by name).
_DECLARED: dict[Callable[..., object], Command] = {}
#: Commands a registry handed in, each with its owner class and its handler.
_HANDED: list[Command] = []
_CACHE: dict[type, dict[str, tuple[Command, Callable[..., object]]]] = {}
#: Bumped whenever what is declared changes after collection (a registry handed commands in):
#: the collected table (``visualizer/commands.py``) collects again when it sees a new one.
VERSION = [0]


def command(name: str, **declared: Any) -> Callable[[F], F]:
    """Declare the decorated method as command ``name``'s handler (keywords: ``Command``'s fields)."""

    def mark(function: F) -> F:
        _DECLARED[function] = Command(name, function, **declared)
        return function

    return mark


def hand(*commands: Command) -> None:
    """Commands a registry declares elsewhere (each with ``owner`` and ``handler`` set)."""
    for one in commands:
        if one.owner is None or one.handler is None:
            raise ValueError(f"a handed command needs its owner and handler: {one.name!r}")
    _HANDED.extend(commands)
    forget()


def forget() -> None:
    """Collect again on the next use (a class was given a command after it was collected)."""
    _CACHE.clear()
    VERSION[0] += 1


def _declared(value: object) -> Command | None:
    return _DECLARED.get(value) if isinstance(value, FunctionType) else None


def _names(items: Iterable[object]) -> set[str]:
    """The command names of ``withdrawn``'s handlers (or commands)."""
    out = set()
    for item in items:
        found = item if isinstance(item, Command) else _declared(item)
        if found is None:
            raise TypeError(f"{item!r} is not a command's handler")
        out.add(found.name)
    return out


def handlers(cls: type) -> dict[str, tuple[Command, Callable[..., object]]]:
    """Command name -> (command, handler) for every command ``cls`` takes (cached: which commands a
    class takes does not change; ``Command.run`` looks at the class as it is, a patched method too)."""
    if cls not in _CACHE:
        _CACHE[cls] = _collect(cls)
    return _CACHE[cls]


def _collect(cls: type) -> dict[str, tuple[Command, Callable[..., object]]]:
    found: dict[str, tuple[Command, Callable[..., object]]] = {}
    attribute: dict[str, str] = {}  # method name -> its command
    for klass in reversed(cls.__mro__):
        for one in _HANDED:
            if one.owner is klass and one.handler is not None:
                found[one.name] = (one, one.handler)
        for name, value in vars(klass).items():
            declared = _declared(value)
            if declared is not None:
                if declared.name in found:  # one declaration: a subclass overrides the plain method
                    raise ValueError(f"command {declared.name!r} declared twice ({klass.__name__})")
                found[declared.name] = (replace(declared, owner=klass), value)
                attribute[name] = declared.name
            elif name in attribute and attribute[name] in found and isinstance(value, FunctionType):
                found[attribute[name]] = (found[attribute[name]][0], value)  # an override
        for name in _names(vars(klass).get("withdrawn", ())):
            found.pop(name, None)
    return found


def takes(cls: type, handler: Callable[..., object]) -> bool:
    """Whether class ``cls`` takes the command whose handler is ``handler`` (not withdrawn)."""
    declared = _declared(handler)
    return declared is not None and declared.name in handlers(cls)
