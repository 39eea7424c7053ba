"""Keyboard-only control: which control of the column has the keyboard (issue 25).

Tab / Shift+Tab move through the controls in their order on screen, Enter or Space presses the
focused one (a drop-down: its next choice; arrows go back and forth), the arrows move a focused
slider, Esc lets go. A press is the pygame_gui event a click would post, read by the same
``Controls.command_of``, so a key does exactly what the mouse does. A text box (the n box, the
Run until number) takes the keyboard itself: keys type into it, Tab moves on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine

from visualizer.input.controls import ARROW_STEP, Controls

#: Keys that press the focused control.
PRESS_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE})
#: Arrows: -1 back (left, up), +1 on (right, down); a slider reads up as on.
ARROWS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}

Commands = list[tuple[str, object]]


def show_option(menu: UIDropDownMenu, option: tuple[str, str]) -> None:
    """Make a closed drop-down show ``option`` as chosen (as a click on it would)."""
    menu.selected_option = option
    closed = menu.menu_states["closed"]
    closed.selected_option = option
    if menu.current_state is closed:
        closed.finish()
        closed.start()


@dataclass
class Focus:
    """The name of the focused control (``Controls.focusables``), kept across a rebuild of the column."""

    name: str | None = None

    def widget(self, controls: Controls) -> UIElement | None:
        """The focused widget in ``controls`` now, or None."""
        return dict(controls.focusables()).get(self.name) if self.name is not None else None

    def clear(self, controls: Controls) -> None:
        """Esc or a click: no control has the keyboard."""
        widget = self.widget(controls)
        if isinstance(widget, UITextEntryLine) and widget.is_focused:
            widget.unfocus()
            controls.manager.set_focus_set(None)
        self.name = None

    def move(self, controls: Controls, step: int) -> None:
        """The next (``step`` 1) or previous (-1) control, wrapping round; a text box takes the keys."""
        names = [name for name, _ in controls.focusables()]
        if not names:
            self.name = None
            return
        typed = next((name for name, widget in controls.focusables() if widget.is_focused), None)
        current = self.name if self.name in names else typed  # a box clicked into: Tab goes on from it
        self.clear(controls)
        if current in names:
            index = (names.index(current) + step) % len(names)
        else:
            index = 0 if step > 0 else len(names) - 1
        self.name = names[index]
        widget = self.widget(controls)
        if isinstance(widget, UITextEntryLine):
            controls.manager.set_focus_set(widget)
            widget.focus()
            widget.select_range = [0, len(widget.get_text())]  # as in a form: typing replaces it
            widget.edit_position = len(widget.get_text())

    def key(self, event: pygame.event.Event, controls: Controls) -> Commands | None:
        """The commands a KEYDOWN means for the focused control, or None when it is not taken
        (the command table's key then)."""
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if event.key == pygame.K_TAB and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.move(controls, -1 if shift else 1)
            return []
        widget = self.widget(controls)
        if widget is None:
            self.name = None  # a control gone with its mode
            return None
        if event.key == pygame.K_ESCAPE:
            self.clear(controls)
            return []
        if isinstance(widget, UITextEntryLine):
            return None  # it types; Enter in it is its own "finished" event
        if isinstance(widget, UIHorizontalSlider) and event.key in ARROWS:
            step = -ARROWS[event.key] if event.key in (pygame.K_UP, pygame.K_DOWN) else ARROWS[event.key]
            low, high = widget.value_range
            value = min(max(float(widget.get_current_value()) + step * ARROW_STEP, low), high)
            return self._heard(controls, pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, widget, value=value)
        if isinstance(widget, UIDropDownMenu) and (event.key in PRESS_KEYS or event.key in ARROWS):
            return self._choose(controls, widget, ARROWS.get(event.key, 1))
        if isinstance(widget, UIButton) and event.key in PRESS_KEYS:
            return self._heard(controls, pygame_gui.UI_BUTTON_PRESSED, widget)
        return None

    def _choose(self, controls: Controls, menu: UIDropDownMenu, step: int) -> Commands:
        """The drop-down's next (or previous) choice, shown and reported as a click on it is."""
        options = [option if isinstance(option, tuple) else (option, option) for option in menu.options_list]
        index = options.index(menu.selected_option) if menu.selected_option in options else -1
        option = options[(index + step) % len(options)]
        show_option(menu, option)
        changed = pygame_gui.UI_DROP_DOWN_MENU_CHANGED
        return self._heard(controls, changed, menu, text=option[0], selected_option_id=option[1])

    @staticmethod
    def _heard(controls: Controls, kind: int, widget: UIElement, **fields: Any) -> Commands:
        """What the column makes of the event pygame_gui posts for a click on ``widget``."""
        event = pygame.event.Event(
            kind, ui_element=widget, ui_object_id=widget.most_specific_combined_id, **fields
        )
        named = controls.command_of(event)
        return [named] if named is not None else []
