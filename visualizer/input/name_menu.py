"""The control column's algorithm drop-down in the controls' own text size (issue 38).

pygame_gui draws a button's text on one line, and the longest names ("Explicit construction (no
search)") are wider than the column at every text size, so the drop-down used to shrink every
name until the longest fitted (15 px where the other controls had 20). Instead its closed box is
as many rows high as the longest name needs lines at the controls' size, the name is drawn
wrapped over it (``MenuLabel``; the theme makes pygame_gui's own one-line text transparent), and
the open list is as wide as the widest name (over the board if need be) and as tall as the
window allows: every name whole, on one line, in the controls' size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame
from pygame_gui.elements import UIDropDownMenu
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

from visualizer.look.appearance import NAMES_ID  # noqa: F401  # the drop-down's id, its theme's
from visualizer.render.fonts import get_font, wrapped

#: pygame_gui's drop-down arrow (its theme's default ``open_button_width``), and the room a name
#: keeps from the edges of its box.
ARROW, INSET = 20, 8
#: Room round a name in the open list (its item's borders, the list's own) and under the list.
LIST_PAD, BOTTOM = 24, 12
#: A wrapped name's lines are this many times its type size apart (pygame_gui's own spacing), at
#: least ``INK`` times (a line's ink: a capital's top to a descender's bottom).
SPACING, INK = 1.25, 1.2


def line_step(size: int) -> int:
    """The distance between two lines of a name at ``size`` px."""
    return round(SPACING * size)


def room(width: int) -> int:
    """The width a name has in a closed box ``width`` pixels wide (the arrow's right of it)."""
    return width - ARROW - 2 * INSET


@lru_cache(maxsize=256)
def lines(text: str, width: int, size: int) -> tuple[str, ...]:
    """``text`` on the lines it takes in a box ``width`` wide at ``size`` px (Noto Sans SC, the
    widgets' font; cached: a frame asks for the name it draws)."""
    return tuple(wrapped(get_font(size, "zh"), text, room(width)))


def rows_needed(texts: Sequence[str], width: int, size: int) -> int:
    """The lines the longest of ``texts`` takes in a box ``width`` wide at ``size`` px."""
    return max((len(lines(text, width, size)) for text in texts), default=1)


@dataclass(frozen=True)
class MenuLabel:
    """The name a closed (or opening) drop-down shows: its lines, their size and colour, the
    box's text area (the box without its arrow) and the lines' distance (``line_step``, closer
    where the box is lower: never below the ink's height, ``INK``)."""

    rect: pygame.Rect
    lines: tuple[str, ...]
    size: int
    colour: tuple[int, int, int]

    @property
    def step(self) -> int:
        return max(round(INK * self.size), min(line_step(self.size), self.rect.h // len(self.lines)))


def label(menu: UIDropDownMenu, size: int, colour: tuple[int, int, int]) -> MenuLabel:
    """What ``menu`` shows: its chosen option's text wrapped in its box at ``size`` px."""
    box = pygame.Rect(menu.rect)
    text = str(menu.selected_option[0])
    return MenuLabel(pygame.Rect(box.x, box.y, box.w - ARROW, box.h), lines(text, box.w, size), size, colour)


def widen(menu: UIDropDownMenu, size: int, window: tuple[int, int]) -> bool:
    """An open ``menu``'s list as wide as its widest option at ``size`` px (never past the window's
    right edge, never narrower than it was): True if it was widened."""
    expanded = menu.menu_states.get("expanded")
    if menu.current_state is not expanded or not isinstance(expanded, UIExpandedDropDownState):
        return False
    shown = expanded.options_selection_list
    if shown is None:
        return False
    font = get_font(size, "zh")
    need = max(font.size(str(option[0]))[0] for option in menu.options_list) + LIST_PAD
    if shown.scroll_bar is not None:
        need += shown.scroll_bar_width
    width = min(need, window[0] - shown.rect.x - BOTTOM)
    if width <= shown.rect.w:
        return False
    shown.set_dimensions((width, shown.rect.h))
    return True


def list_limit(box: pygame.Rect, window: tuple[int, int]) -> int:
    """The height the open list may take under a box at ``box``: down to the window's bottom."""
    return max(box.h, window[1] - box.bottom - BOTTOM)
