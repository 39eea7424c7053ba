"""A one-line question over the board (a bookmark's note, a lesson's path): a pygame_gui text box
that has the keyboard until Enter (the answer goes to ``on_done``) or Esc (nothing happens); or a
yes/no question (``confirm``: Y runs ``on_yes``, N or Esc does nothing). A path question can offer
a Browse button (``Browse``): pygame_gui's file chooser, whose pick is the answer; the path stays
typeable for the keyboard."""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox, UITextEntryLine
from pygame_gui.windows import UIFileDialog

#: The longest answer typed (a note is cut shorter when stored).
MAX_TYPED = 300


@dataclass(frozen=True)
class Browse:
    """A path question's file chooser: its button's text, its title, and whether only an existing
    file may be picked (open) or a new name typed too (save as). With ``keep_before`` the typed
    answer is ``SOMETHING<keep_before>PATH`` (an export's ``FROM-TO:PATH``): the chooser starts at
    PATH and its pick replaces PATH only."""

    button: str
    title: str
    existing_only: bool
    keep_before: str | None = None

    def split(self, typed: str) -> tuple[str, str]:
        """(what is kept, the path) of the typed answer."""
        if self.keep_before is None or self.keep_before not in typed:
            return "", typed
        kept, path = typed.split(self.keep_before, 1)
        return kept + self.keep_before, path


class Prompt:
    """At most one question at a time; ``handle`` takes its events before the command keys."""

    def __init__(self) -> None:
        self.entry: UITextEntryLine | None = None
        self.label: UILabel | UITextBox | None = None
        self.button: UIButton | None = None  # Browse, beside a path's box
        self.dialog: UIFileDialog | None = None  # the file chooser it opened
        self.browse: Browse | None = None
        self.manager: pygame_gui.UIManager | None = None
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
        browse: Browse | None = None,
    ) -> None:
        """Ask ``question`` in a box over ``rect`` (the top of the board), ``initial`` typed in;
        with ``browse``, a button beside the box opens a file chooser."""
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
        if browse is not None:
            button_width = min(rect.width // 3, font.size(browse.button)[0] + 32)
            entry_rect.width -= button_width + 4
            button_rect = pygame.Rect(entry_rect.right + 4, entry_rect.top, button_width, height)
            self.button = UIButton(button_rect, browse.button, manager)
            self.browse, self.manager = browse, manager
        self.entry = UITextEntryLine(entry_rect, manager, initial_text=initial)
        self.entry.set_text_length_limit(MAX_TYPED)
        self.entry.focus()
        self.entry.edit_position = len(initial)  # typing goes after the offered text
        self.on_done = on_done

    def close(self) -> None:
        for element in (self.entry, self.label, self.button, self.dialog):
            if element is not None:
                element.kill()
        self.entry = self.label = self.on_done = self.on_yes = self.on_no = None
        self.button = self.dialog = self.browse = self.manager = None

    def _open_dialog(self) -> None:
        """The file chooser, centred in the window, starting at the typed path (or the current folder)."""
        assert self.manager is not None and self.browse is not None and self.entry is not None
        window = pygame.Rect((0, 0), self.manager.window_resolution)
        size = (max(320, min(720, window.width - 40)), max(300, min(520, window.height - 40)))
        rect = pygame.Rect((0, 0), size)
        rect.center = window.center
        typed = self.browse.split(self.entry.get_text().strip())[1]
        start = os.path.abspath(typed) if typed else os.getcwd()
        self.dialog = UIFileDialog(
            rect,
            self.manager,
            window_title=self.browse.title,
            initial_file_path=start,
            allow_existing_files_only=self.browse.existing_only,
        )

    def _dialog_event(self, event: pygame.event.Event) -> bool:
        """The chooser's events: its pick answers the question; cancelled, closed or Esc, the typed
        box has the keys again."""
        dialog = self.dialog
        assert dialog is not None
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is dialog:
            kept = self.browse.split(self.entry.get_text().strip())[0] if self.browse and self.entry else ""
            done, text = self.on_done, kept + str(event.text)
            self.close()
            if done is not None:
                done(text)
            return True
        closed = event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is dialog
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            dialog.kill()
            closed = True
        if closed:
            self.dialog = None
            if self.entry is not None:
                self.entry.focus()
            return True
        return event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)

    def handle(self, event: pygame.event.Event) -> bool:
        """Take ``event`` if it belongs to the question (keys while it is open, its Enter, Esc)."""
        if self.on_yes is not None:
            return self._answer(event)
        if self.entry is None:
            return False
        if self.dialog is not None:
            return self._dialog_event(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self._open_dialog()
            return True
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
