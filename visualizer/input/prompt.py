"""A question over the board: a one-line text box (a bookmark's note, a student's name) that has
the keyboard until Enter (the answer goes to ``on_done``) or Esc (nothing happens); a yes/no
question (``confirm``: Y runs ``on_yes``, N or Esc ``on_no``); or a file dialog (``choose``:
``visualizer/input/file_dialog.py``), whose answer goes to ``on_answer`` and whose Esc, Cancel
or close button to ``on_cancel``. At most one at a time; all of them hold the keys back from the
commands while they are open."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UITextBox, UITextEntryLine

from visualizer.input.file_dialog import Answer, FileDialog, Request

#: The longest answer typed (a note is cut shorter when stored).
MAX_TYPED = 300


class Prompt:
    """At most one question at a time; ``handle`` takes its events before the command keys."""

    def __init__(self) -> None:
        self.entry: UITextEntryLine | None = None
        self.label: UILabel | UITextBox | None = None
        self.dialog: FileDialog | None = None  # a file dialog (``choose``)
        self.on_done: Callable[[str], None] | None = None
        self.on_yes: Callable[[], object] | None = None
        self.on_no: Callable[[], object] | None = None
        self.on_answer: Callable[[Answer], None] | None = None  # the file dialog's answer
        self.on_cancel: Callable[[], None] | None = None  # ... and its Esc or Cancel

    @property
    def active(self) -> bool:
        return self.entry is not None or self.on_yes is not None or self.dialog is not None

    def confirm(
        self,
        manager: pygame_gui.UIManager,
        rect: pygame.Rect,
        question: str,
        on_yes: Callable[[], object],
        on_no: Callable[[], object] | None = None,
    ) -> None:
        """Ask a yes/no ``question`` over ``rect``: Y runs ``on_yes``, N or Esc ``on_no`` (what
        they return is not used)."""
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

    def choose(
        self,
        manager: pygame_gui.UIManager,
        request: Request,
        lang: str,
        on_answer: Callable[[Answer], None],
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        """A file dialog for ``request``, in ``lang``: its answer goes to ``on_answer``; Esc, Cancel
        or its close button run ``on_cancel``."""
        self.close()
        self.dialog = FileDialog(manager, request, lang)
        self.on_answer, self.on_cancel = on_answer, on_cancel

    def relayout(self, manager: pygame_gui.UIManager) -> None:
        """The window's widgets were built anew (a new size, language or text size): a file dialog is
        built again in ``manager`` where it stood (its folder, the name typed, the form's values);
        a text box or a question is closed."""
        dialog = self.dialog
        if dialog is None or not dialog.alive():
            self.close()
            return
        typed, folder = dialog.file_path_text_line.get_text(), Path(dialog.current_directory_path)
        request, lang = dialog.request, dialog.lang
        on_answer, on_cancel = self.on_answer, self.on_cancel
        self.close()
        assert on_answer is not None
        self.choose(manager, replace(request, folder=folder), lang, on_answer, on_cancel)
        assert self.dialog is not None
        self.dialog.file_path_text_line.set_text(typed)
        self.dialog.file_path_text_line.edit_position = len(typed)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The file dialog drawn again over what the window drew after its widgets (a banner, the
        status line, a mode's overlay): it stays on top, as a modal dialog does."""
        dialog = self.dialog
        if dialog is None or not dialog.alive():
            return
        group = dialog.ui_manager.get_sprite_group()
        for layer in sorted(layer for layer in group.layers() if layer >= dialog.layer):
            for sprite in group.get_sprites_from_layer(layer):  # as pygame's LayeredDirty draws them
                if sprite.visible and sprite.image is not None:
                    surface.blit(sprite.image, sprite.rect, sprite.source_rect, sprite.blendmode)

    def focus_rect(self) -> pygame.Rect | None:
        """The file dialog's focused control (for the focus ring), or None."""
        return self.dialog.focus_rect() if self.dialog is not None and self.dialog.alive() else None

    def close(self) -> None:
        for element in (self.entry, self.label, self.dialog):
            if element is not None:
                element.kill()
        self.entry = self.label = self.on_done = self.on_yes = self.on_no = None
        self.dialog = self.on_answer = self.on_cancel = None

    def _dialog_event(self, event: pygame.event.Event) -> bool:
        """The file dialog's keys, then its answer (or its cancel) once pygame_gui is done with the
        event; every event is the dialog's while it is open (it is modal)."""
        dialog = self.dialog
        assert dialog is not None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            dialog.cancelled = True
        elif event.type == pygame.KEYDOWN and dialog.alive():
            dialog.key(event)
        if dialog.result is not None:
            answer, on_answer = dialog.result, self.on_answer
            self.close()
            if on_answer is not None:
                on_answer(answer)
        elif dialog.cancelled or not dialog.alive():  # Esc, Cancel, or its close button
            on_cancel = self.on_cancel
            self.close()
            if on_cancel is not None:
                on_cancel()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """Take ``event`` if it belongs to the question (keys while it is open, its Enter, Esc)."""
        if self.on_yes is not None:
            return self._answer(event)
        if self.dialog is not None:
            return self._dialog_event(event)
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
