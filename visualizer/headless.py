"""The headless mode: the real App on SDL's dummy driver, driven by a script.

Every script command is a command of ``visualizer/commands.py`` (the same ones keys and buttons
run), parsed by the table's parser; ``key:NAME`` and ``click:ROW,COL`` post real pygame events
through ``App.handle_event``. Time is simulated at 60 frames per second.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from visualizer.commands import COMMANDS, ArgumentError, command_for_key, parse_argument, whole

FRAME = 1.0 / 60.0
#: Simulated frames an animated next/instant may take before the script gives up on it.
MAX_ANIMATION_FRAMES = 10_000_000


class ScriptError(ValueError):
    """A script the headless mode cannot run, with a one-line reason."""


@dataclass(frozen=True)
class Command:
    """One parsed script command: ``name`` and its already-checked argument."""

    name: str
    arg: object = None


def parse_command(text: str) -> Command:
    """One ``name[:arg]`` command, checked against the command table (``visualizer/commands.py``).

    >>> parse_command("step:40")
    Command(name='step', arg=40)
    >>> parse_command("show-all:on")
    Command(name='show-all', arg=True)
    """
    name, _, arg = text.strip().partition(":")
    name = name.strip().lower()
    try:
        return Command(name, parse_argument(name, arg))
    except ArgumentError as exc:
        raise ScriptError(str(exc)) from None


def needs_idle(command: Command) -> bool:
    """Whether ``command`` must wait for background work first: what the table says may not run
    while busy (for ``key:NAME``, the command the key names)."""
    name = command.name
    if name == "key" and isinstance(command.arg, tuple):
        code, key = command.arg
        name = command_for_key(code, False, key if len(key) == 1 else "") or ""
    return name in COMMANDS and not COMMANDS[name].while_busy


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
    try:
        return whole("width", 1)(width), whole("height", 1)(height)
    except ArgumentError as exc:
        raise ScriptError(str(exc)) from None


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
        if needs_idle(command):
            self.wait_idle()
        before = app.banner
        name, arg = command.name, command.arg
        if name == "wait-idle":
            self.wait_idle()
        elif name == "play" and arg is not None:  # play:SECONDS of simulated time
            self.play(float(arg) if isinstance(arg, (int, float)) else 0.0)
        elif name == "key" and isinstance(arg, tuple):  # (key code, key name), checked by the parser
            self._post_key(*arg)
        elif name == "click" and isinstance(arg, tuple):  # (row, col), checked by the parser
            self._post_click(*arg)
        elif name == "view" and app.state().get("view") == arg:
            pass  # already shown (the view command toggles back to the code otherwise)
        else:
            app.dispatch(name) if arg is None else app.dispatch(name, arg)
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
        player = getattr(app.mode, "player", None)
        while player is not None and player.animating and frames < MAX_ANIMATION_FRAMES:
            app.tick(FRAME, draw=app.gif is not None)
            frames += 1

    def wait_idle(self) -> None:
        """Wait for background work, then let the app report it."""
        app = self.app
        while app.busy:
            app.join(0.05)
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
        n = app.mode.n
        if not (row < n and col < n):
            raise ScriptError(f"square ({row}, {col}) is off the {n} x {n} board")
        if app.geometry is None:
            app.draw()
        if app.geometry is None:  # race mode draws no single board to click
            raise ScriptError(f"click needs a board: not in {app.mode.name} mode")
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
