"""The headless mode: the real App on SDL's dummy driver, driven by a script.

Every script command is a command of ``visualizer/commands.py`` (the same ones keys and buttons
run), parsed by the table's parser; ``key:NAME`` and ``click:ROW,COL`` post real pygame events
through ``App.handle_event``. Time is simulated at 60 frames per second.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from visualizer.commands import COMMANDS, command_for_key, parse_argument
from visualizer.input.arguments import ArgumentError, key_name, no_argument, shown
from visualizer.input.arguments import output_path as checked_path
from visualizer.input.arguments import whole_number as _whole_number
from visualizer.input.command import command as declared
from visualizer.look.layout import MAX_SIZE

if TYPE_CHECKING:  # the app loads pygame: imported where used
    from visualizer.app import App

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


def whole_number(text: str, what: str, minimum: int = 0) -> int:
    """``text`` as an int of ASCII digits (no ``_``, no other scripts' digits) at least ``minimum``.

    >>> whole_number("12", "n")
    12
    """
    try:
        return _whole_number(text, what, minimum)
    except ArgumentError as exc:
        raise ScriptError(str(exc)) from None


def output_path(path: str, what: str) -> str:
    """``path`` if ``what`` (a screenshot, the state, a GIF) can be written there; else ScriptError.

    Nothing is created: the folder must already exist.
    """
    try:
        return checked_path(path, what)
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


def parse_script(script: str, mode: str = "watch") -> list[Command]:
    """Every ``;``-separated command of ``script``, checked before anything runs -- for the mode
    in effect where it stands too (``--mode``, then each ``mode:`` command), as the table says."""
    commands = [parse_command(part) for part in script.split(";") if part.strip()]
    for command in commands:
        if command.name == "mode":
            mode = str(command.arg)
        elif mode not in COMMANDS[command.name].modes:
            modes = " or ".join(sorted(COMMANDS[command.name].modes))
            raise ScriptError(f"{command.name} works only in {modes} mode, not in {mode} mode")
    return commands


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` as a pair of ints.

    >>> parse_size("1280x800")
    (1280, 800)
    """
    width, sep, height = text.lower().partition("x")
    if not sep:
        raise ScriptError(f"size must look like 1280x800 (got {shown(text)})")
    size = whole_number(width, "width", 1), whole_number(height, "height", 1)
    if size[0] > MAX_SIZE[0] or size[1] > MAX_SIZE[1]:
        raise ScriptError(f"size {size[0]}x{size[1]} is larger than the largest, {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return size


class HeadlessRunner:
    """Runs parsed commands on an App; a refused command raises ScriptError when ``strict``
    (headless), and stays a banner on screen when not (a window's ``--script``)."""

    def __init__(self, app, *, strict: bool = True) -> None:  # app: visualizer.app.App (lazy: pygame)
        self.app = app
        self.strict = strict
        if strict:  # no one to answer a yes/no question: what would ask is refused, saying why
            app.asks = False

    def run(self, commands: list[Command]) -> None:
        """Run ``commands`` in order."""
        for command in commands:
            self.run_one(command)

    def run_one(self, command: Command) -> None:
        """Run one command; errors the window would show as a banner raise ScriptError."""

        app = self.app
        name, arg = command.name, command.arg
        if needs_idle(command):
            self.wait_idle(total=name != "instant")  # an instant result's own walk gives the total
        before = app.banner
        if name == "wait-idle":
            self.wait_idle()
        elif name == "play" and arg is not None:  # play:SECONDS of simulated time
            self.play(float(arg) if isinstance(arg, (int, float)) else 0.0)
        elif name == "screenshot":
            _write(str(arg), "screenshot", _saved(app, lambda: app.capture.screenshot(str(arg))))
        elif name == "key" and isinstance(arg, tuple):  # (key code, key name), checked by the parser
            self._post_key(*arg)
        elif name == "click" and isinstance(arg, tuple):  # (row, col), checked by the parser
            self._post_click(*arg)
        elif name == "view" and app.state().get("view") == arg:
            pass  # already shown (the view command toggles back to the code otherwise)
        else:
            app.dispatch(name) if arg is None else app.dispatch(name, arg)
        self.settle()
        if self.strict and app.banner is not None and app.banner is not before and app.banner[1] == "error":
            raise ScriptError(app.banner[0])

    def play(self, seconds: float) -> None:
        """Play for ``seconds`` of simulated time at the current speed, then pause."""
        app = self.app
        if not app.playing:
            app.dispatch("play")
        for _ in range(round(seconds / FRAME)):
            if not app.playing:
                break
            app.tick(FRAME, draw=app.capture.recording is not None)
        if app.playing:
            app.dispatch("pause")

    def settle(self) -> None:
        """Let an animated next/instant (show-all on) run to its end in simulated frames."""
        app = self.app
        frames = 0
        player = app.mode.player
        while player is not None and player.animating and frames < MAX_ANIMATION_FRAMES:
            app.tick(FRAME, draw=app.capture.recording is not None)
            frames += 1

    @declared("wait-idle", while_busy=True, parse=no_argument("wait-idle"), script=True)
    def wait_idle(self, total: bool = True) -> None:
        """Wait for background work, then let the app report it; a failure it reports (an export
        the disk refused) raises ScriptError when ``strict``. With ``total``, wait for the scrub
        bar's total too (a far seek uses it; a screenshot and the final state show it), which an
        Instant result need not wait for: its own walk of the run gives it."""
        app = self.app
        before = app.banner
        while app.busy:
            app.join(0.05)
            app.update(0.0)
        if self.strict and app.banner is not None and app.banner is not before and app.banner[1] == "error":
            raise ScriptError(app.banner[0])
        if total:
            app.mode.wait_total(60.0)  # the search modes' scrub bar total

    @declared("key", while_busy=True, parse=key_name, script=True)  # a real key press, as typed
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


def _write_text(path: str, text: str) -> None:
    """``text`` as UTF-8 into ``path``: the old file stays whole until the new one is."""
    from visualizer.shell.safe_files import write_atomically

    write_atomically(path, text.encode("utf-8"), mode=0o666)


def _saved(app: App, save: Callable[[], Path | None]) -> Callable[[], None]:
    """``save`` through the app (a screenshot, a GIF), whose failure is a banner: here an OSError."""

    def run() -> None:
        if save() is None:
            raise OSError(app.banner[0] if app.banner else "not saved")

    return run


def _write(path: str, what: str, write: Callable[[], object]) -> None:
    """Run ``write``; a disk that refuses (full, gone, read-only) is a ScriptError naming ``path``."""
    import pygame

    try:
        write()
    except (OSError, pygame.error) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise ScriptError(f"could not write the {what} to {shown(path)}: {reason}") from None


def constrain(app: App, blocked: Sequence[str], given: Sequence[str]) -> None:
    """Start the app's search on the instance of ``--blocked`` / ``--given`` (none: leave it);
    a bad instance raises SolverError (one line, status 2)."""
    if blocked or given:
        from solvers.instance import Instance

        app.mode.constrain(Instance.parse(app.mode.n, blocked, given))


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
    lesson: str | None = None,
    sound: bool = False,
    sound_file: str | None = None,
    blocked: Sequence[str] = (),
    given: Sequence[str] = (),
    narrate_file: str | None = None,
) -> dict[str, object]:
    """Run ``script`` on a headless App and write the requested outputs; returns the final state.

    ``blocked`` and ``given`` (``--blocked R,C ...`` / ``--given R,C ...``) start the search on that
    constrained instance (``solvers.instance``) before the script.

    ``sound`` turns the sound cues on (the mixer, on SDL's dummy driver unless told otherwise);
    ``sound_file`` instead lays them, at their simulated times, in a WAV written there at the end;
    ``narrate_file`` the same for the spoken narration (espeak-ng writes each sentence).

    Raises ScriptError (or SolverError) with a one-line message on bad input.
    """
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    commands = parse_script(script, mode)  # every command is checked before the app starts
    if lesson is not None:  # --lesson: opened before the script runs (refused: exit 2)
        commands.insert(0, Command("lesson-open", lesson))
    for path, what in (
        (state, "state"),
        (screenshot, "screenshot"),
        (gif, "GIF"),
        (sound_file, "sound file"),
        (narrate_file, "narration file"),
    ):
        if path is not None:
            output_path(path, what)  # an unwritable output fails now, not after the whole run
    if not (0 < size[0] <= MAX_SIZE[0] and 0 < size[1] <= MAX_SIZE[1]):
        raise ScriptError(f"size {size[0]}x{size[1]} is outside 1x1 to {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    from visualizer.app import App

    if mode == "race" and algo2 is not None:
        from solvers import registry
        from solvers.errors import SolverError

        try:  # a bad --algo2 is a one-line refusal, not a banner
            registry.get(algo2).check_n(n)
        except SolverError as exc:
            raise ScriptError(f"--algo2: {exc}") from None
    from visualizer.look.theme import THEMES

    app = App(
        n, algorithm, lang=lang, size=size, mode=mode, algo2=algo2, theme=THEMES[theme], ui_scale=ui_scale
    )
    try:
        if app.banner is not None and app.banner[1] == "error":  # a refused start-up choice (--algo2)
            raise ScriptError(app.banner[0])
        constrain(app, blocked, given)
        if gif:
            app.capture.toggle_gif()
            app.draw()
        if sound_file:
            app.sound.record()
        elif sound:
            app.dispatch("sound", True)
        if narrate_file:
            app.speech.record()
        runner = HeadlessRunner(app)
        runner.run(commands)
        runner.wait_idle()
        failed = app.mode.unsaved()  # an exercise's attempt the results folder refused (a full disk)
        if failed is not None:
            raise ScriptError(failed)
        result = app.state()
        if state:
            _write(state, "state", lambda: _write_text(state, json.dumps(result, indent=2) + "\n"))
        if screenshot:
            _write(screenshot, "screenshot", _saved(app, lambda: app.capture.screenshot(screenshot)))
        if gif:
            app.draw()
            _write(gif, "GIF", _saved(app, lambda: app.capture.toggle_gif(gif)))
        if sound_file:
            _write(sound_file, "sound file", lambda: app.sound.write(sound_file))
        if narrate_file:
            _write(narrate_file, "narration file", lambda: app.speech.write(narrate_file))
        return result
    finally:
        app.close()
