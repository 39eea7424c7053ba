"""A one-line question over the board (a bookmark's note, a lesson's path): a pygame_gui text box
that has the keyboard until Enter (the answer goes to ``on_done``) or Esc (nothing happens); or a
yes/no question (``confirm``: Y runs ``on_yes``, N or Esc does nothing)."""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UITextBox, UITextEntryLine

#: The longest answer typed (a note is cut shorter when stored).
MAX_TYPED = 300


class Prompt:
    """At most one question at a time; ``handle`` takes its events before the command keys."""

    def __init__(self) -> None:
        self.entry: UITextEntryLine | None = None
        self.label: UILabel | UITextBox | None = None
        self.on_done: Callable[[str], None] | None = None
        self.on_yes: Callable[[], None] | None = None
        self.on_no: Callable[[], None] | None = None

    @property
    def active(self) -> bool:
        return self.entry is not None or self.on_yes is not None

    def confirm(
        self,
        manager: pygame_gui.UIManager,
        rect: pygame.Rect,
        question: str,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
    ) -> None:
        """Ask a yes/no ``question`` over ``rect``: Y runs ``on_yes``, N or Esc ``on_no``."""
        self.close()
        height = max(28, rect.height)
        font = manager.get_theme().get_font(["label"])
        width, line = font.size(question)
        lines = width // max(1, rect.width - 32) + 2
        self.label = UITextBox(
            html.escape(question),
            pygame.Rect(rect.topleft, (rect.width, max(height, lines * line + 16))),
            manager,
        )
        self.on_yes, self.on_no = on_yes, on_no

    def open(
        self,
        manager: pygame_gui.UIManager,
        rect: pygame.Rect,
        question: str,
        on_done: Callable[[str], None],
        initial: str = "",
    ) -> None:
        """Ask ``question`` in a box over ``rect`` (the top of the board), ``initial`` typed in."""
        self.close()
        height = max(28, rect.height)
        font = manager.get_theme().get_font(["label"])
        width, line = font.size(question)
        label_rect = pygame.Rect(rect.left, rect.top, rect.width, height)
        if width + 16 <= rect.width:
            self.label = UILabel(label_rect, question, manager)
        else:  # too long for one line at this text size: a box that wraps it
            label_rect.height = max(height, (width // max(1, rect.width - 32) + 2) * line + 16)
            self.label = UITextBox(html.escape(question), label_rect, manager)
        entry_rect = pygame.Rect(rect.left, label_rect.bottom + 4, rect.width, height)
        self.entry = UITextEntryLine(entry_rect, manager, initial_text=initial)
        self.entry.set_text_length_limit(MAX_TYPED)
        self.entry.focus()
        self.entry.edit_position = len(initial)  # typing goes after the offered text
        self.on_done = on_done

    def close(self) -> None:
        for element in (self.entry, self.label):
            if element is not None:
                element.kill()
        self.entry = self.label = self.on_done = self.on_yes = self.on_no = None

    def handle(self, event: pygame.event.Event) -> bool:
        """Take ``event`` if it belongs to the question (keys while it is open, its Enter, Esc)."""
        if self.on_yes is not None:
            return self._answer(event)
        if self.entry is None:
            return False
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            done, text = self.on_done, self.entry.get_text()
            self.close()
            if done is not None:
                done(text)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)

    def _answer(self, event: pygame.event.Event) -> bool:
        """A yes/no question's keys: Y, N or Esc answer; every other key is held back from commands."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_y, pygame.K_n, pygame.K_ESCAPE):
            answer = self.on_yes if event.key == pygame.K_y else self.on_no
            self.close()
            if answer is not None:
                answer()
            return True
        return event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)
