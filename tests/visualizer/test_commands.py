"""The one command table: keys, help, buttons, busy rules and the script parser all derive from it."""

from __future__ import annotations

import re

import pygame
import pytest

from tests import ROOT
from tests.ui import FRAME, new_app
from visualizer.commands import COMMANDS, MODES, command_for_key, help_rows, key_table, parse_argument
from visualizer.look.i18n import STRINGS, tr
from visualizer.shell.headless import Command, ScriptError, needs_idle, parse_command, parse_script
from visualizer.views import registry as view_registry

pytestmark = pytest.mark.filterwarnings("ignore:pygame.init")  # key names need no initialised pygame

#: A valid script argument for every command ("" for none). A new command must add its own here.
SAMPLES: dict[str, str] = {
    "reset": "",
    "step": "3",
    "back": "2",
    "step-move": "",
    "options": "",
    "cost": "",  # issue 26: the cost vs n view
    "check": "",
    "back-move": "",
    "play": "0.5",
    "pause": "",
    "next": "",
    "instant": "",
    "show-all": "on",
    "shade": "off",
    "hatch": "on",  # issue 25: attacked squares hatched
    "faster": "",
    "slower": "",
    "speed": "200",
    "n-down": "",
    "n-up": "",
    "n-jump-down": "",
    "n-jump-up": "",
    "n": "6",
    "algo": "bitmask",
    "race-pair": "",
    "mode": "race",
    "help": "",
    "palette": "",
    "column": "on",
    "fullscreen": "",
    "lang": "zh",
    "theme": "projector",
    "scale": "1.5",
    "screenshot": "out.png",
    "gif": "",
    "tree": "",
    "gallery": "",
    "view": "tree",
    "escape": "",
    "cancel": "",
    "click": "1,2",
    "hint": "",
    "completions": "",
    "relaxed": "on",
    "legend": "on",  # issue 13: the legend of the board's marks
    "sound": "on",  # issue 25: sound cues
    "narrate": "off",  # issue 25: the narration spoken (off: no engine needed)
    "present": "on",  # issue 18: the presenter view
    "quit": "",
    "wait-idle": "",
    "key": "right",
    # gallery paging (issue 13)
    "gallery-up": "",
    "gallery-down": "",
    # lessons (issue 14)
    "until": "depth=3",
    "bookmark": "a note",
    "goto-bookmark": "1",
    "bookmark-prev": "",
    "bookmark-next": "",
    "lesson-save": "lesson.json",
    "lesson-save-as": "",  # issue 36: a file dialog
    "lesson-overwrite": "lesson.json",
    "lesson-open": "lesson.json",
    "hide": "code",
    "show": "tree",
    "toggle-code": "",
    "toggle-counters": "",
    "toggle-tree": "",
    "toggle-narration": "",
    "toggle-names": "",
    "toggle-log": "",
    "export": "0-40:run.mp4",
    "export-html": "b1-40:lesson.html",  # issue 24
    "export-exercise": "exercise.zip",  # issue 40: a SCORM package
    "export-fps": "12",
    "export-size": "640x400",
    # predict mode (issue 14)
    "guess": "0,0",
    "answer": "attacked",
    "safe": "",
    "attacked": "",
    # seek anywhere (issue 12)
    "seek": "40",
    # exercise mode (issue 23)
    "exercise": "backtrack:1",
    "ex-backtrack": "",
    "ex-row": "",
    "ex-confirm": "",
    "ex-undo": "",
    "ex-model": "",
    "ex-why": "",
    "ex-up": "",
    "ex-down": "",
    "results-folder": "",  # issue 36: a folder dialog
}
#: A side view's commands (``visualizer/views/``) take no argument: a view added needs no line here.
SAMPLES.update({command.name: "" for command in view_registry.commands() if command.name not in SAMPLES})


def test_every_command_has_a_script_sample():
    assert set(SAMPLES) == set(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_script_parser_is_the_tables(name):
    text = f"{name}:{SAMPLES[name]}" if SAMPLES[name] else name
    command = parse_command(text)
    assert command == Command(name, parse_argument(name, SAMPLES[name]))
    if COMMANDS[name].parse is None:  # a command without an argument refuses one
        with pytest.raises(ScriptError, match="takes no argument"):
            parse_command(f"{name}:7")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_labels_and_help_exist_in_both_languages(name):
    command = COMMANDS[name]
    for key in {command.label, command.help, *command.mode_labels.values()} - {None}:
        assert key in STRINGS, (name, key)
        english, chinese = STRINGS[key]
        assert english.strip() and chinese.strip()
        assert english != chinese or not re.search("[A-Za-z]{2}", english), key
    assert command.modes <= set(MODES) and command.modes
    assert command.owner is not None and callable(command.handler)  # declared beside its handler


def test_every_key_names_its_command_and_every_help_row_has_keys():
    table = key_table()
    for command in COMMANDS.values():
        for key in command.keys:
            code = pygame.key.key_code(key.name)
            if key.ctrl:  # Ctrl+S: only with Ctrl, and never the plain key's command
                assert command_for_key(code, key.shift, "", ctrl=True) == command.name, key
                assert table.get((code, key.shift)) != command.name, key
                continue
            if command.own_keys:  # B in exercise mode: only there (elsewhere the key's other command)
                for mode in command.modes:
                    assert command_for_key(code, key.shift, mode=mode) == command.name, key
                assert table.get((code, key.shift)) != command.name, key
                continue
            if command.view is not None:  # PgUp in the gallery: only while that view shows
                assert command_for_key(code, key.shift, view=command.view) == command.name, key
                assert table.get((code, key.shift)) != command.name, key
                continue
            assert table[(code, key.shift)] == command.name, key
            assert command_for_key(code, key.shift, key.name if key.typed else "") == command.name
    helped = {action for _, action in help_rows()}
    for command in COMMANDS.values():
        shown = bool(command.help and any(key.shown for key in command.keys))
        assert (command.help in helped) == shown, command.name
    for keys, action in help_rows():
        assert keys and tr(action, "zh") and any(c.help == action for c in COMMANDS.values())


def test_keys_are_unique():
    seen: dict[tuple[str, bool, bool, str | None, frozenset[str] | None], str] = {}
    for command in COMMANDS.values():
        for key in command.keys:
            own = command.modes if command.own_keys else None  # so may a mode
            name = (key.name, key.shift, key.ctrl, command.view, own)  # a view may give a key its own meaning
            assert name not in seen, (key, seen.get(name))
            seen[name] = command.name


@pytest.mark.parametrize(
    ("name", "key"),
    [(c.name, k) for c in COMMANDS.values() for k in c.keys],
    ids=lambda value: getattr(value, "name", value),
)
def test_a_real_key_press_dispatches_its_command(name, key):
    app = new_app(8, "backtracking", mode="exercise" if COMMANDS[name].own_keys else "watch")
    if COMMANDS[name].view is not None:  # a view's own key: open that view first
        app.dispatch("view", COMMANDS[name].view)
    called: list[str] = []
    app.dispatch = lambda command, *args: called.append(command)  # type: ignore[method-assign]
    try:
        mod = (pygame.KMOD_SHIFT if key.shift else 0) | (pygame.KMOD_CTRL if key.ctrl else 0)
        code = pygame.key.key_code(key.name)
        typed = key.name if key.typed or (len(key.name) == 1 and not key.ctrl) else ""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=typed, scancode=0))
        app.tick(FRAME)
        assert called == [name]
    finally:
        app.close()


@pytest.mark.parametrize("mode", MODES)
def test_every_button_names_a_command_of_its_mode(mode):
    app = new_app(6, "backtracking", mode=mode)
    try:
        assert app.controls.buttons
        for button in app.controls.buttons:
            command = COMMANDS[button.partition(":")[0]]
            assert mode in command.modes, (mode, button)
            assert command.label or command.name == "mode", button
    finally:
        app.close()


def test_busy_rules_come_from_the_table():
    app = new_app(16, "forward-checking")
    try:
        app.dispatch("instant")  # the engine walks n = 16 on one core: the worker thread is busy a minute
        assert app.busy
        for command in COMMANDS.values():
            if "watch" not in command.modes or command.script:
                continue
            assert needs_idle(Command(command.name)) == (not command.while_busy)
            if not command.while_busy:
                app.banner = None
                app.dispatch(command.name)
                assert app.banner is not None and app.banner[0] == tr("busy", "en"), command.name
        app.dispatch("escape")
        assert app.join(30)
    finally:
        app.close()


@pytest.mark.parametrize(
    ("script", "mode", "ok"),
    [
        ("relaxed:on", "watch", False),
        ("relaxed:on", "game", True),
        ("mode:game;relaxed:on;click:0,0", "watch", True),
        ("step", "game", False),
        ("mode:race;step:3;back;next", "game", True),
        ("mode:race;view:tree", "watch", False),
        ("hint", "race", False),
        ("guess:0,0;answer:safe;safe;attacked;step;algo:brute-force", "predict", True),
        ("mode:predict;guess:0,0;reset", "watch", True),
        ("guess:0,0", "watch", False),
        ("answer:safe", "game", False),
        ("play:1", "predict", False),
        ("back", "predict", False),
    ],
)
def test_a_script_is_checked_against_the_mode_in_effect(script, mode, ok):
    if ok:
        assert [c.name for c in parse_script(script, mode)] == [
            p.partition(":")[0] for p in script.split(";")
        ]
    else:
        with pytest.raises(ScriptError, match="works only in"):
            parse_script(script, mode)


def test_the_window_shell_imports_no_settings_glue_and_nothing_imports_it_back():
    """app.py does not import preferences.py (which opens the window from saved settings), and
    neither appearance.py nor commands.py nor the modes nor the features import app.py (not even for
    types): no cycle, no patching."""
    import subprocess
    import sys

    code = (
        "import sys, visualizer.app, visualizer.look.appearance, visualizer.commands, visualizer.modes.watch;"
        "print('visualizer.shell.preferences' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.split()[-1] == "False", done.stderr
    for module in (
        "look/appearance",
        "commands",
        "input/controls",
        "modes/base",
        "modes/watch",
        "modes/game",
        "modes/race",
        "features/lessons",  # the features are objects the App holds, each with its host protocol
        "features/capture",
        "features/export",
    ):
        source = (ROOT / "visualizer" / f"{module}.py").read_text()
        assert "from visualizer.app import" not in source and "import visualizer.app" not in source, module
