"""The window's own commands (the App's): what the class sees, how fast, the window's look and
size, the help, the palette, the presenter view, sound. Each is declared beside its handler with
``@command`` (``visualizer/input/command.py``); ``App`` inherits them (and runs ``set_mode``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from visualizer.commands import MODES
from visualizer.core.player import SPEED_FACTOR, clamp_speed
from visualizer.input.arguments import number, on_off, one_of, until_condition
from visualizer.input.arguments import scale as parse_scale
from visualizer.input.command import Key, command
from visualizer.look import appearance
from visualizer.look.i18n import LANGUAGES, tr
from visualizer.look.theme import THEMES, Theme
from visualizer.modes.base import plays

if TYPE_CHECKING:
    import pygame

    from visualizer.core.until import Until
    from visualizer.features.capture import Capture
    from visualizer.features.lessons import Lessons
    from visualizer.features.sound import Sound
    from visualizer.features.speech import Speech
    from visualizer.input.controls import Controls
    from visualizer.input.palette import Palette
    from visualizer.look.layout import Layout
    from visualizer.modes.base import Mode


def _theme_text(state: Any, lang: str) -> str:
    return tr(f"theme_{state.theme}", lang)  # the theme now: F3 / the button go on to the next


class WindowCommands:
    """The App's commands; the App holds the state they change and relayouts the window."""

    surface: pygame.Surface
    layout: Layout
    lang: str
    theme: Theme
    ui_scale: float
    speed: float
    show_all: bool
    shade: bool
    show_help: bool
    help_page: int  # the help's page shown (0: the first), brought into range as it is drawn
    show_legend: bool
    presenting: bool
    full_column: bool
    running: bool
    mode: Mode
    lessons: Lessons
    capture: Capture
    sound: Sound
    speech: Speech
    palette: Palette
    controls: Controls

    if TYPE_CHECKING:  # the App's (not defined here: they would hide the window's own)

        @property
        def busy(self) -> bool: ...
        def relayout(self, size: tuple[int, int] | None = None) -> None: ...
        def toggle_fullscreen(self) -> None: ...

    @command(
        "show-all",
        keys=(Key("a", "A"),),
        help="show_all",
        label="show_all",
        when=plays,
        parse=on_off("show-all"),
        toggle=lambda state: state.show_all,
    )
    def set_show_all(self, on: bool | None = None) -> None:
        """Show every attempt on the way (next, instant) or jump (A toggles); the search modes read it."""
        self.show_all = (not self.show_all) if on is None else bool(on)

    @command(
        "shade",
        keys=(Key("x", "X"),),
        help="shade",
        label="shade",
        while_busy=True,
        parse=on_off("shade"),
        toggle=lambda state: state.shade,
    )
    def set_shade(self, on: bool | None = None) -> None:
        self.shade = (not self.shade) if on is None else bool(on)

    @command(
        "hatch",
        keys=(Key("x", "Shift+X", shift=True),),
        help="hatch_help",
        label="hatch",
        while_busy=True,
        parse=on_off("hatch"),
        toggle=lambda state: state.hatch,
    )
    def set_hatch(self, on: bool | None = None) -> None:
        """Shift+X: the attacked squares hatched with diagonal lines, or tinted (``Theme.hatch``)."""
        self.theme = replace(self.theme, hatch=(not self.theme.hatch) if on is None else bool(on))

    @command(
        "faster", keys=(Key("+", "+"), Key("=", "="), Key("[+]")), help="faster", when=plays, while_busy=True
    )
    def faster(self) -> None:
        self.set_speed(self.speed * SPEED_FACTOR)

    @command("slower", keys=(Key("-", "-"), Key("[-]")), help="slower", when=plays, while_busy=True)
    def slower(self) -> None:
        self.set_speed(self.speed / SPEED_FACTOR)

    @command("speed", when=plays, while_busy=True, parse=number("speed", positive=True))
    def set_speed(self, rate: float) -> None:
        """Events per second while playing, 1 to 10,000 (the search modes' Player follows it)."""
        self.speed = clamp_speed(float(rate))

    @command("mode", parse=one_of("mode", MODES))
    def set_mode(self, name: str) -> None:
        """Watch, play the game, race, predict or the exercise (the App's own ``set_mode``)."""
        raise NotImplementedError

    @command(
        "column",
        help="column_help",
        label="column",
        parse=on_off("column"),
        toggle=lambda state: state.full,
        while_busy=True,
    )
    def toggle_column(self, on: bool | None = None) -> None:
        """Every control in the column, or the few a demonstration needs (the rest: More…, Ctrl+K)."""
        self.full_column = (not self.full_column) if on is None else bool(on)
        self.relayout()

    # no help row: the help's title names it (one row fewer: the help fits the smallest window)
    @command("palette", keys=(Key("k", "Ctrl+K", ctrl=True),), label="palette", while_busy=True)
    def toggle_palette(self) -> None:
        """Ctrl+K (or More…): the command palette, or closed again."""
        if self.palette.active:
            self.palette.close()
        else:
            self.show_help = False
            self.palette.open()

    @command(
        "help",
        keys=(Key("h", "H"), Key("?", "?", typed=True), Key("/", shift=True)),
        help="help",
        label="help",
        while_busy=True,
    )
    def toggle_help(self) -> None:
        self.show_help, self.help_page = not self.show_help, 0

    def turn_help_page(self, step: int) -> None:
        """PgDn / PgUp or the wheel while the help shows: its next or previous page (none past
        either end)."""
        from visualizer.render.overlays import help_pages

        last = help_pages(self.surface.get_size(), self.layout, self.lang) - 1
        self.help_page = max(0, min(min(self.help_page, last) + step, last))

    @command("fullscreen", keys=(Key("f11", "F11"),), help="fullscreen", label="fullscreen", while_busy=True)
    def fullscreen_command(self) -> None:
        """F11: the desktop's size, then back to the window's last size."""
        self.toggle_fullscreen()

    @command(
        "lang", keys=(Key("f2", "F2"),), help="switch_lang", while_busy=True, parse=one_of("lang", LANGUAGES)
    )
    def set_lang(self, lang: str | None = None) -> None:
        """English or Chinese (F2 swaps); every label, title and the code panel follow."""
        self.lang = appearance.next_lang(self.lang) if lang is None else one_of("lang", LANGUAGES)(str(lang))
        self.relayout()

    @command(
        "theme",
        keys=(Key("f3", "F3"),),
        help="switch_theme",
        label="theme_button",  # the button shows the theme's name
        while_busy=True,
        parse=one_of("theme", tuple(THEMES)),
        text=_theme_text,
    )
    def set_theme(self, name: str | None = None) -> None:
        """The classroom or the high-contrast projector theme (F3 swaps)."""
        chosen = (
            appearance.next_theme(self.theme)
            if name is None
            else THEMES[one_of("theme", tuple(THEMES))(name)]
        )
        self.theme = replace(chosen, hatch=self.theme.hatch)  # the pattern is a choice of its own
        self.relayout()

    @command(
        "scale",
        keys=(Key("f4", "F4"),),
        help="switch_scale",
        label="ui_scale",
        while_busy=True,
        parse=parse_scale,
        text=lambda state, lang: tr("ui_scale", lang, scale=f"{state.ui_scale:g}"),
    )
    def set_scale(self, scale: float | str | None = None) -> None:
        """Text and widget size, 0.5 to 4 (F4 cycles 1, 1.25, 1.5, 2)."""
        self.ui_scale = appearance.next_scale(self.ui_scale) if scale is None else parse_scale(str(scale))
        self.relayout()

    @command("escape", keys=(Key("escape", "Esc"),), help="cancel", while_busy=True)
    def escape(self) -> None:
        """Esc: cancel an export, a GIF being written or background work, else close the help, else
        leave the presenter view, else stop an animation."""
        if self.lessons.cancel_export() or self.capture.cancel():
            pass
        elif self.busy:
            self.mode.cancel()
        elif self.show_help:
            self.show_help = False
        elif self.presenting:
            self.toggle_present(False)
        else:
            self.mode.escape()

    # -- lessons (issue 14): run until
    @command(
        "until", keys=(Key("u", "U"),), help="until", label="until_run", when=plays, parse=until_condition
    )
    def run_until(self, until: Until | None = None) -> None:
        """Run until a condition (U, the Run until control, ``until:`` in a script)."""
        self.mode.run_until(until if until is not None else self.controls.until_condition())

    # -- the presenter view (issue 18)
    @command(
        "present",
        keys=(Key("p", "P"),),
        help="present_help",
        label="present",
        while_busy=True,
        parse=on_off("present"),
    )
    def toggle_present(self, on: bool | None = None) -> None:
        """P: the presenter view, for a projector (any click or Esc brings the controls back)."""
        self.presenting = (not self.presenting) if on is None else bool(on)
        self.relayout()

    # -- the legend (issue 13)
    @command(
        "legend",
        keys=(Key("k", "K"),),
        help="marks_help",
        label="legend",
        while_busy=True,
        parse=on_off("legend"),
        toggle=lambda state: state.legend,
    )
    def set_legend(self, on: bool | None = None) -> None:
        """K: show or hide the legend of the board's marks."""
        self.show_legend = (not self.show_legend) if on is None else bool(on)

    # -- sound cues (issue 25)
    @command(
        "sound",
        keys=(Key("m", "M"),),
        help="sound_help",
        label="sound",
        while_busy=True,
        parse=on_off("sound"),
        toggle=lambda state: state.sound,
    )
    def set_sound(self, on: bool | None = None) -> None:
        """M: sound cues on or off (visualizer/features/sound.py); no audio device is a banner."""
        self.sound.set(on)

    @command(
        "narrate",
        keys=(Key("m", "Shift+M", shift=True),),
        help="narrate_help",
        while_busy=True,
        parse=on_off("narrate"),
    )
    def set_narrate(self, on: bool | None = None) -> None:
        """Shift+M: the narration spoken aloud (visualizer/features/speech.py); no engine is a banner."""
        self.speech.set(on)

    @command("quit", while_busy=True)
    def quit(self) -> None:
        """Leave the loop, cancelling any background work."""
        self.running = False
        self.mode.cancel()
