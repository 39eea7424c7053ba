"""The command palette's questions to the window: run an entry as its key or button runs it,
whether its toggle is on now, and whether it can run here and now (else it shows greyed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from visualizer.commands import COMMANDS
from visualizer.input.controls import control_state

if TYPE_CHECKING:
    from visualizer.input.palette import Entry
    from visualizer.modes.base import Mode


class PaletteGlue:
    """The App's answers to ``Palette`` (``visualizer/input/palette.py``)."""

    mode: Mode

    if TYPE_CHECKING:  # the App's

        @property
        def busy(self) -> bool: ...
        def dispatch(self, name: str, *args: object) -> None: ...

    def run_entry(self, name: str, argument: str | None) -> None:
        """A palette's entry, run as its key or button runs it."""
        self.dispatch(name) if argument is None else self.dispatch(name, argument)

    def entry_on(self, entry: Entry) -> bool | None:
        """Whether a palette entry's toggle is on now (None: not a toggle)."""
        if entry.name == "mode":
            return entry.argument == self.mode.name
        command = COMMANDS[entry.name]
        reads = command.toggle or (command.swap[0] if command.swap is not None else None)
        return bool(reads(control_state(self, self.mode))) if reads is not None else None  # type: ignore[arg-type]

    def entry_runs(self, entry: Entry) -> bool:
        """Whether a palette entry can run here and now (else it shows greyed, and says why if run)."""
        command = COMMANDS[entry.name]
        if not self.mode.takes(command) or (command.view is not None and command.view != self.mode.view):
            return False
        return command.while_busy or not self.busy
