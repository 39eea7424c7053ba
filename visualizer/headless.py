"""The headless mode: the real App on SDL's dummy driver, driven by a script.

Every script command maps onto an App command (the same ones keys and
buttons run); ``key:NAME`` and ``click:ROW,COL`` post real pygame events
through ``App.handle_event``. Time is simulated at 60 frames per second.
"""

from __future__ import annotations

import json
import os
import warnings
from dataclasses import dataclass
from pathlib import Path

FRAME = 1.0 / 60.0
#: Script commands that need the timeline at rest (they wait for background work first).
_NEEDS_IDLE = frozenset(
    {"reset", "step", "back", "next", "instant", "show-all", "play", "n", "algo", "click", "view"}
)
#: Simulated frames an animated next/instant may take before the script gives up on it.
MAX_ANIMATION_FRAMES = 10_000_000


class ScriptError(ValueError):
    """A script the headless mode cannot run, with a one-line reason."""


@dataclass(frozen=True)
class Command:
    """One parsed script command: ``name`` and its already-checked argument."""

    name: str
    arg: object = None


def _int(text: str, what: str, minimum: int = 0) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ScriptError(f"{what} must be a whole number (got {text!r})") from None
    if value < minimum:
        raise ScriptError(f"{what} must be at least {minimum} (got {value})")
    return value


def _float(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ScriptError(f"{what} must be a number (got {text!r})") from None
    if not value >= 0 or value == float("inf"):
        raise ScriptError(f"{what} must be a non-negative number (got {text!r})")
    return value


def parse_command(text: str) -> Command:
    """One ``name[:arg]`` command, checked.

    >>> parse_command("step:40")
    Command(name='step', arg=40)
    >>> parse_command("show-all:on")
    Command(name='show-all', arg=True)
    """
    name, _, arg = text.strip().partition(":")
    name = name.strip().lower()
    arg = arg.strip()
    if name in ("reset", "next", "instant", "wait-idle"):
        if arg:
            raise ScriptError(f"{name} takes no argument (got {text!r})")
        return Command(name)
    if name in ("step", "back"):
        return Command(name, _int(arg, name, 0) if arg else 1)
    if name == "show-all":
        if arg not in ("on", "off"):
            raise ScriptError(f"show-all needs on or off (got {arg!r})")
        return Command(name, arg == "on")
    if name == "play":
        return Command(name, _float(arg, "play seconds"))
    if name == "speed":
        rate = _float(arg, "speed")
        if rate <= 0:
            raise ScriptError(f"speed must be positive (got {arg!r})")
        return Command(name, rate)
    if name == "n":
        return Command(name, _int(arg, "n", 1))
    if name == "algo":
        from solvers.registry import ALGORITHMS

        if arg not in ALGORITHMS:
            raise ScriptError(f"unknown algorithm {arg!r}; choose one of: {', '.join(ALGORITHMS)}")
        return Command(name, arg)
    if name == "click":
        row, sep, col = arg.partition(",")
        if not sep:
            raise ScriptError(f"click needs ROW,COL (got {arg!r})")
        return Command(name, (_int(row, "click row"), _int(col, "click column")))
    if name == "key":
        import pygame

        try:
            with warnings.catch_warnings():  # the name table needs no initialised pygame
                warnings.simplefilter("ignore")
                code = pygame.key.key_code(arg)
        except (ValueError, pygame.error):
            raise ScriptError(f"unknown key name {arg!r} (use pygame names like right, space, n)") from None
        return Command(name, (code, arg))
    if name == "view":
        if arg not in ("code", "tree", "gallery", "chart"):
            raise ScriptError(f"view needs code, tree, gallery or chart (got {arg!r})")
        return Command(name, arg)
    if name == "relaxed":  # game mode: relaxed rules on or off (starts a new round)
        if arg not in ("on", "off"):
            raise ScriptError(f"relaxed needs on or off (got {arg!r})")
        return Command(name, arg == "on")
    if name == "screenshot":
        if not arg:
            raise ScriptError("screenshot needs a path")
        return Command(name, arg)
    if name in ("lang", "theme", "scale"):
        from visualizer.preferences import parse_preference

        try:
            return Command(name, parse_preference(name, arg))
        except ValueError as exc:
            raise ScriptError(str(exc)) from None
    raise ScriptError(f"unknown command {name!r} in the script")


def parse_script(script: str) -> list[Command]:
    """Every ``;``-separated command of ``script``, checked before anything runs."""
    return [parse_command(part) for part in script.split(";") if part.strip()]


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` as a pair of ints.

    >>> parse_size("1280x800")
    (1280, 800)
    """
    width, sep, height = text.lower().partition("x")
    if not sep:
        raise ScriptError(f"size must look like 1280x800 (got {text!r})")
    return _int(width, "width", 1), _int(height, "height", 1)


class HeadlessRunner:
    """Runs parsed commands on an App; a refused command raises ScriptError."""

    def __init__(self, app) -> None:  # app: visualizer.app.App (imported lazily: pygame)
        self.app = app

    def run(self, commands: list[Command]) -> None:
        """Run ``commands`` in order."""
        for command in commands:
            self.run_one(command)

    def run_one(self, command: Command) -> None:
        """Run one command; errors the window would show as a banner raise ScriptError."""
        app = self.app
        if command.name in _NEEDS_IDLE or (
            command.name == "key" and isinstance(command.arg, tuple) and command.arg[1] != "escape"
        ):
            self.wait_idle()
        before = app.banner
        name, arg = command.name, command.arg
        if name == "wait-idle":
            self.wait_idle()
        elif name == "play":
            self.play(float(arg) if isinstance(arg, (int, float)) else 0.0)
        elif name == "screenshot":
            app.screenshot(arg)
        elif name == "key" and isinstance(arg, tuple):  # (key code, key name), checked by the parser
            self._post_key(*arg)
        elif name == "click" and isinstance(arg, tuple):  # (row, col), checked by the parser
            self._post_click(*arg)
        elif name == "view":
            if app.views.view != arg:
                app.dispatch(name, arg)
        elif name in ("step", "back", "speed", "n", "algo", "show-all", "relaxed", "lang", "theme", "scale"):
            app.dispatch(name, arg)
        else:
            app.dispatch(name)
        self.settle()
        if app.banner is not None and app.banner is not before and app.banner[1] == "error":
            raise ScriptError(app.banner[0])

    def play(self, seconds: float) -> None:
        """Play for ``seconds`` of simulated time at the current speed, then pause."""
        app = self.app
        if not app.playing:
            app.dispatch("play")
        for _ in range(round(seconds / FRAME)):
            if not app.playing:
                break
            app.tick(FRAME, draw=app.gif is not None)
        if app.playing:
            app.dispatch("pause")

    def settle(self) -> None:
        """Let an animated next/instant (show-all on) run to its end in simulated frames."""
        app = self.app
        frames = 0
        while app.anim in ("next", "instant") and frames < MAX_ANIMATION_FRAMES:
            app.tick(FRAME, draw=app.gif is not None)
            frames += 1

    def wait_idle(self) -> None:
        """Wait for background work, then let the app report it."""
        app = self.app
        while app.busy:
            app.worker.join(0.05)
            app.update(0.0)

    def _post_key(self, code: int, name: str) -> None:
        import pygame

        unicode = name if len(name) == 1 else ""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=unicode, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=unicode, scancode=0))
        self.app.pump()

    def _post_click(self, row: int, col: int) -> None:
        import pygame

        app = self.app
        if not (row < app.timeline.n and col < app.timeline.n):
            raise ScriptError(f"square ({row}, {col}) is off the {app.timeline.n} x {app.timeline.n} board")
        if app.geometry is None:
            app.draw()
        pos = app.geometry.center(row, col)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.pump()


def run_headless(
    *,
    n: int,
    algorithm: str,
    mode: str = "watch",
    lang: str = "en",
    size: tuple[int, int] = (1280, 800),
    script: str = "",
    state: str | None = None,
    screenshot: str | None = None,
    gif: str | None = None,
    algo2: str | None = None,
    theme: str = "classroom",
    ui_scale: float = 1.0,
) -> dict[str, object]:
    """Run ``script`` on a headless App and write the requested outputs; returns the final state.

    Raises ScriptError (or SolverError) with a one-line message on bad input.
    """
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    commands = parse_script(script)  # every command is checked before the app starts
    from visualizer.app import App

    if mode == "race" and algo2 is not None:
        from solvers import registry

        registry.get(algo2)  # a bad --algo2 is a one-line refusal (SolverError), not a banner
    from visualizer.theme import THEMES

    app = App(
        n, algorithm, lang=lang, size=size, mode=mode, algo2=algo2, theme=THEMES[theme], ui_scale=ui_scale
    )
    try:
        if gif:
            app.toggle_gif()
            app.draw()
        runner = HeadlessRunner(app)
        runner.run(commands)
        runner.wait_idle()
        result = app.state()
        if state:
            Path(state).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        if screenshot:
            app.screenshot(screenshot)
        if gif:
            app.draw()
            app.toggle_gif(gif)
        return result
    finally:
        app.close()
