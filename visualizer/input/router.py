"""Where one pygame event goes: the window's own (close, resize), the palette, pygame_gui, a
question being typed, the focused control, a key's command, a button's, the scrub bar, or the
mode (a click on the board, a drag, the wheel). The ``Router`` is a part of the App."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from visualizer.commands import command_for_key

if TYPE_CHECKING:
    import pygame_gui

    from visualizer.input.controls import Controls
    from visualizer.input.focus import Focus
    from visualizer.input.palette import Palette
    from visualizer.input.prompt import Prompt
    from visualizer.modes.base import Mode
    from visualizer.render.board import BoardGeometry

#: The events a key press is made of (a key's text box must not get the key that opened it).
TYPING = (pygame.KEYDOWN, pygame.TEXTINPUT)
#: The keys that turn the help's pages while it shows (their commands wait till it is closed).
HELP_PAGE_KEYS = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: -1}


class Router:
    """``handle_event``: one pygame event to its place (the App's part that routes input)."""

    opening_key: str  # the text of the key that just opened a text box (its TEXTINPUT follows)
    presenting: bool
    show_help: bool
    pointer: tuple[int, int]
    geometry: BoardGeometry | None
    palette: Palette
    prompt: Prompt
    focus: Focus
    controls: Controls
    manager: pygame_gui.UIManager
    mode: Mode

    if TYPE_CHECKING:  # the App's

        def dispatch(self, name: str, *args: object) -> None: ...
        def guarded(self, work: Callable[..., object], *args: object) -> None: ...
        def quit(self) -> None: ...
        def relayout(self, size: tuple[int, int] | None = None) -> None: ...
        def turn_help_page(self, step: int) -> None: ...

    def pump(self) -> None:
        """Handle every queued pygame event."""
        for event in pygame.event.get():
            self.guarded(self.handle_event, event)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Route one pygame event to pygame_gui, the command table or the mode."""
        if not self._window_event(event):
            if event.type in TYPING:
                self.opening_key = ""
            if self.palette.handle(event):  # open: it has the keyboard and the mouse
                return
            consumed = self.manager.process_events(event)
            if not self.prompt.handle(event) and not self._focused(event):  # a note or a path typed
                self._command(event, consumed)

    def _window_event(self, event: pygame.event.Event) -> bool:
        """Closing, resizing, the opening key's text, a click leaving the presenter view: True if taken."""
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.relayout((event.w, event.h))
        elif event.type == pygame.TEXTINPUT and self.opening_key and event.text == self.opening_key:
            self.opening_key = ""  # the text of the key that opened a text box: not typed into it
        elif event.type == pygame.MOUSEBUTTONDOWN and self.presenting and not self.prompt.active:
            self.dispatch("present", False)  # any click brings the controls back (and does nothing else)
        else:
            return False
        return True

    def _focused(self, event: pygame.event.Event) -> bool:
        """Tab, Esc, or the focused control's Enter / Space (not in the presenter view: Space plays)."""
        if event.type != pygame.KEYDOWN or self.presenting:
            return False
        pressed = self.focus.key(event, self.controls)
        if pressed is None:
            return False
        for command, argument in pressed:
            self.dispatch(command) if argument is None else self.dispatch(command, argument)
        return True

    def _command(self, event: pygame.event.Event, consumed: bool) -> None:
        """A key's command, a widget's, the scrub bar's, or the mode's mouse."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus.name = None  # the mouse takes over: no ring (a box it clicked keeps the keys)
        if event.type == pygame.KEYDOWN and not self.controls.typing():
            self._key(event)
        elif (named := self.controls.command_of(event)) is not None:
            self.dispatch(named[0]) if named[1] is None else self.dispatch(*named)
        elif not consumed and (target := self.mode.scrub(event)) is not None:
            self.dispatch("seek", target)  # a press or a drag on the scrub bar
        else:
            self._mouse(event, consumed)

    def _mouse(self, event: pygame.event.Event, consumed: bool) -> None:
        """The pointer, or a left click the widgets left: the mode's (a side view) or a square's."""
        if event.type in (pygame.MOUSEWHEEL, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self._pointer(event, consumed)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            square = self.geometry.square_at(event.pos) if self.geometry is not None else None
            if not self.mode.click(event.pos) and square is not None:
                self.dispatch("click", *square)

    def _key(self, event: pygame.event.Event) -> None:
        """The command a key names (PgUp / PgDn page the help or the gallery while it shows)."""
        shift, ctrl = bool(event.mod & pygame.KMOD_SHIFT), bool(event.mod & pygame.KMOD_CTRL)
        if self.show_help and not ctrl and event.key in HELP_PAGE_KEYS:
            self.turn_help_page(HELP_PAGE_KEYS[event.key])
            return
        typed = getattr(event, "unicode", "")
        name = command_for_key(event.key, shift, typed, ctrl, self.mode.view, self.mode.name)
        if name is not None:
            self.dispatch(name)
            if self.prompt.active or self.controls.typing():
                self.opening_key = typed

    def _pointer(self, event: pygame.event.Event, consumed: bool) -> None:
        """The mouse beyond clicks: where it is (the wheel has no pos), the wheel (the narration
        log, gallery pages, tree zoom) and drags with the left button (tree pan) for the mode; while
        the help shows, the wheel turns its pages (down: the next)."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL and self.show_help:
            if event.y:
                self.turn_help_page(-1 if event.y > 0 else 1)
            return
        if consumed:
            return
        if event.type == pygame.MOUSEMOTION and event.buttons[0]:
            self.mode.drag(event.pos, event.rel)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mode.release(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.mode.wheel(self.pointer, event.y)
