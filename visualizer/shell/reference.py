"""The manual's reference pages, made from the code itself so that they cannot drift from it.

``keys_page()`` lists every command of the window's one table (``visualizer.commands``: its keys,
what it does in both languages, the modes it works in, its name in a headless script);
``cli_page()`` every subcommand and option of ``nqueens`` and every option of ``nqueens-viz``, from
their argparse parsers; ``algorithms_page()`` each algorithm with its counters at n = 8, counted
as ``nqueens count 8 --algo NAME`` counts them. The manual's build (``docs/hooks.py``) writes them
as ``reference/keys.md``, ``reference/cli.md`` and ``reference/algorithms.md``.
"""

from __future__ import annotations

import argparse
import io
import json

GENERATED = "<!-- generated from the code by visualizer/shell/reference.py: do not edit -->\n\n"


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def keys_page() -> str:
    """Every command of the window's table, with its keys (the reference's keys page)."""
    from visualizer.commands import COMMANDS, MODES
    from visualizer.look.i18n import tr

    lines = [
        GENERATED,
        "# Keys and commands\n",
        "Every command of the window, as its one table declares it: the keys that run it, what it",
        "does (in English and Chinese, as the help overlay H says it), the modes where it works, and",
        'its name in a headless script (`--script "name:argument;..."`). Commands without a key',
        "run from their button or from a script.\n",
        "| keys | command | 中文 | modes | script |",
        "| --- | --- | --- | --- | --- |",
    ]
    for command in COMMANDS.values():
        keys = " / ".join(key.shown for key in command.keys if key.shown) or "—"
        described = command.help or command.label
        english = tr(described, "en") if described else command.name.replace("-", " ").capitalize()
        chinese = tr(described, "zh") if described else "—"
        modes = (
            "all" if set(command.modes) == set(MODES) else ", ".join(m for m in MODES if m in command.modes)
        )
        if command.script:
            modes = "headless script only"
        script = f"`{command.name}`" + (":…" if command.parse is not None else "")
        lines.append(f"| {_cell(keys)} | {_cell(english)} | {_cell(chinese)} | {modes} | {script} |")
    return "\n".join(lines) + "\n"


def _options(parser: argparse.ArgumentParser) -> list[str]:
    rows = ["| option | what it does | default |", "| --- | --- | --- |"]
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        metavar = action.metavar if isinstance(action.metavar, str) else None
        name = ", ".join(action.option_strings) or (metavar or action.dest)
        if action.option_strings and action.nargs != 0:
            name += f" {metavar or action.dest.upper()}"
        if action.choices is not None and not isinstance(action.choices, dict):
            name += " {" + ",".join(map(str, action.choices)) + "}"
        default = "" if action.default in (None, False, argparse.SUPPRESS) else f"`{action.default}`"
        rows.append(f"| `{_cell(str(name))}` | {_cell(action.help or '')} | {default} |")
    return rows


def cli_page() -> str:
    """Every subcommand and option of ``nqueens``, and the window's options (``nqueens-viz``)."""
    from solvers.cli.subcommands import build_parser
    from visualizer.__main__ import build_parser as window_parser

    parser = build_parser()
    lines = [
        GENERATED,
        "# Command line\n",
        "Everything `nqueens` and `nqueens-viz` take, read from their parsers. A refused command line",
        "is one line on stderr and exit status 2; a student's search that is wrong or fails, status 1.\n",
        "## nqueens-viz (the window)\n",
        f"`{window_parser().format_usage().strip().removeprefix('usage: ')}`\n",
        *_options(window_parser()),
        "",
    ]
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {choice.dest: choice.help for choice in sub._choices_actions}
    for name, command in sub.choices.items():
        lines += [f"## nqueens {name}\n", f"{helps.get(name) or command.description or ''}\n"]
        lines += [f"`{command.format_usage().strip().removeprefix('usage: ')}`\n", *_options(command), ""]
    return "\n".join(lines) + "\n"


COUNTERS = ("attempts", "placements", "backtracks", "solutions", "checks", "pruned", "wipeouts")


def algorithms_page() -> str:
    """Each algorithm: its name, title in both languages, largest n, and counters at n = 8."""
    from solvers import registry
    from solvers.cli.dispatch import run

    lines = [
        GENERATED,
        "# Algorithms\n",
        "Every algorithm the window and `nqueens` know, with the counters of one whole run at",
        "n = 8, counted here as `nqueens count 8 --algo NAME --json` counts them when the manual is",
        "built (min-conflicts and the construction find one solution).\n",
        "| name | title | 中文 | n up to | " + " | ".join(COUNTERS) + " |",
        "| --- | --- | --- | --- | " + " | ".join("---:" for _ in COUNTERS) + " |",
    ]
    for spec in registry.ALGORITHMS.values():
        if spec.family == "own":
            continue
        out = io.StringIO()
        run(["count", "8", "--algo", spec.name, "--json"], out)
        counts = json.loads(out.getvalue())
        cells = " | ".join(f"{counts.get(k, 0):,}" for k in COUNTERS)
        lines.append(
            f"| `{spec.name}` | {_cell(spec.title)} | {_cell(spec.title_zh)} | {spec.max_n:,} | {cells} |"
        )
    lines += ["", "## What each one does\n"]
    for spec in registry.ALGORITHMS.values():
        if spec.family != "own":
            lines += [f"**{spec.title}** (`{spec.name}`): {spec.summary}\n"]
    return "\n".join(lines) + "\n"


PAGES = {
    "reference/keys.md": keys_page,
    "reference/cli.md": cli_page,
    "reference/algorithms.md": algorithms_page,
}
