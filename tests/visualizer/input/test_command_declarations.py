"""Commands declared beside their handlers (issue 37): the one table is collected from the classes
that run them, a mode's commands follow from its class, and nothing dispatches by a name as text."""

from __future__ import annotations

import ast

import pygame
import pytest

from tests import ROOT
from tests.ui import new_app, press
from visualizer.app import App
from visualizer.commands import COMMANDS, command_for_key
from visualizer.input import command as declarations
from visualizer.input.command import Command, Key, command, handlers
from visualizer.modes.base import SearchMode
from visualizer.modes.exercise import ExerciseMode
from visualizer.modes.game import GameMode
from visualizer.modes.predict import PredictMode
from visualizer.modes.watch import WatchMode
from visualizer.shell.headless import ScriptError, parse_script

pytestmark = pytest.mark.filterwarnings("ignore:pygame.init")

#: The way from a key, a button, the palette or a script to a handler: no attribute found by name here.
DISPATCH = (
    "app.py",
    "commands.py",
    "input/command.py",
    "input/palette_glue.py",
    "input/router.py",
    "input/controls.py",
    "shell/window_commands.py",
)
#: Words that would mean a command's method, target or state field named as text.
COMMAND_WORDS = ("command", "method", "target", "toggle", "swap", "receiver", "handler")


def _dynamic_getattrs(path) -> list[str]:
    """The second argument of every ``getattr``/``setattr`` call of ``path`` that is not a literal."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if (
            (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "setattr")
            )
            and len(node.args) > 1
            and not isinstance(node.args[1], ast.Constant)
        ):
            found.append(ast.unparse(node.args[1]))
    return found


def test_no_command_is_found_by_its_name_as_text():
    """Dispatch calls the declared handler: no ``getattr`` on a method name, a target or a state
    field anywhere in the window, and none at all with a computed name on the way to a handler."""
    for name in DISPATCH:
        assert _dynamic_getattrs(ROOT / "visualizer" / name) == [], name
    for path in (ROOT / "visualizer").rglob("*.py"):
        for argument in _dynamic_getattrs(path):
            assert not any(word in argument.lower() for word in COMMAND_WORDS), (path, argument)


def test_a_mode_takes_what_its_class_has():
    """Inherited, overridden (the subclass's method runs) or withdrawn: the modes follow the classes."""
    assert handlers(PredictMode)["step"][1] is PredictMode.step  # an override runs in its mode
    assert handlers(WatchMode)["step"][1] is SearchMode.step
    assert handlers(GameMode)["reset"][1] is GameMode.reset
    assert handlers(App)["mode"][1] is App.set_mode  # the window's: declared with the others, run by the App
    assert "play" not in handlers(PredictMode) and "play" not in handlers(ExerciseMode)  # withdrawn
    assert "back" in handlers(ExerciseMode) and "back" not in handlers(PredictMode)
    assert COMMANDS["play"].modes == {"watch", "race"} and COMMANDS["step-move"].modes == {"watch"}
    assert COMMANDS["safe"].modes == {"predict", "exercise"}  # one declaration, two modes
    assert COMMANDS["show-all"].modes == COMMANDS["play"].modes  # the window's: where a run is played


def test_a_command_declared_twice_is_refused():
    class Base:
        @command("twice")
        def first(self) -> None: ...

    class Again(Base):
        @command("twice")
        def second(self) -> None: ...

    with pytest.raises(ValueError, match="declared twice"):
        handlers(Again)


def test_adding_a_key_to_a_mode_is_one_decorated_method():
    """A new method with ``@command`` on a mode class (what its file would hold) is the whole change:
    the table, its modes, its key, the script parser and a real key press all find it."""
    shouted: list[str] = []

    def shout(self: GameMode) -> None:
        shouted.append(self.name)

    GameMode.shout = command("shout", keys=(Key("f12", "F12"),), help="step", label="step")(shout)  # type: ignore[attr-defined]
    declarations.forget()
    try:
        assert COMMANDS["shout"].modes == {"game"}
        assert command_for_key(pygame.K_F12, False) == "shout"
        assert [c.name for c in parse_script("shout", "game")] == ["shout"]
        with pytest.raises(ScriptError, match="works only in game mode"):
            parse_script("shout", "watch")
        app = new_app(6, "backtracking", mode="game")
        try:
            press(app, pygame.K_F12, "")
            assert shouted == ["game"]
        finally:
            app.close()
    finally:
        del GameMode.shout  # type: ignore[attr-defined]
        declarations.forget()
    assert "shout" not in COMMANDS


def test_a_registry_hands_in_commands_with_any_handler(monkeypatch):
    """A plug-in's command (a side view's, declared in its own module): a callable taking the mode."""
    pinged: list[str] = []
    monkeypatch.setattr(declarations, "_HANDED", list(declarations._HANDED))  # the views' stay
    declarations.hand(
        Command(
            "ping",
            handler=lambda mode: pinged.append(mode.name),
            owner=WatchMode,
            keys=(Key("f12", "F12"),),
            help="step",
            when=lambda mode: mode is WatchMode,
        )
    )
    try:
        assert COMMANDS["ping"].modes == {"watch"}
        app = new_app(6, "backtracking")
        try:
            press(app, pygame.K_F12, "")
            app.dispatch("mode", "predict")
            app.dispatch("ping")  # not predict's: a banner says so
            assert pinged == ["watch"] and app.banner is not None
        finally:
            app.close()
    finally:
        monkeypatch.undo()
        declarations.forget()
    assert "ping" not in COMMANDS
