"""Commands another package adds to ``nqueens``: the entry-point group ``nqueens.commands``.

Each entry point names a function that takes the parser's subcommands (``add_subparsers``) and adds
its own, each with ``set_defaults(handler=...)``: ``handler(args, out)`` runs it and returns the exit
status (a refusal raises ``subcommands.UsageError``). The window's package adds ``html`` and
``scorm`` so (``visualizer.web.command``): ``solvers`` names no package of the window's.

Reading the entry points costs tens of milliseconds (``importlib.metadata``): a command line that
names one of ``nqueens``'s own commands does without them (``wanted``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

GROUP = "nqueens.commands"


def wanted(argv: Sequence[str], own: Sequence[str]) -> bool:
    """Whether parsing ``argv`` needs the added commands: its command is none of ``own``, or it
    names none (``--help``, a bad line whose message lists every command).

    >>> wanted(["count", "8"], ["count"]), wanted(["html", "4"], ["count"]), wanted(["--help"], ["count"])
    (False, True, True)
    """
    command = next((arg for arg in argv if not arg.startswith("-")), None)
    return command not in own


def add(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add every installed package's commands, in the order of their entry points' names."""
    from importlib.metadata import entry_points

    for point in sorted(entry_points(group=GROUP), key=lambda point: point.name):
        point.load()(commands)
