"""The window's file dialog: pygame_gui's ``UIFileDialog``, laid out at the window's text size, in
its language, modal, and worked from the keyboard as well as the mouse.

What it adds to pygame_gui's dialog:

- rows as high as the text (its own are 20 and 30 px at any size), a title bar to match;
- a typed name is read in the folder shown (pygame_gui reads it in the current folder), the
  extension of the kind added; a bare name of a bundled lesson opens that lesson;
- buttons to the N-Queens documents folder and (when opening) the example lessons;
- a form below the list when the caller needs one (an export's stretch and format: ``Form``);
- a line of words under the list: the keys at first, then why OK was refused (no such file, a
  folder that cannot take it, a stretch past the run's end) -- OK is never silently greyed out;
- the keyboard: the path box has the keys at first; ↑ / ↓ walk the list (a folder's name, then
  Enter, goes into it), Alt+↑ goes to the folder above, Enter answers, Tab / Shift+Tab move
  through the form, OK, Cancel and the folder buttons (Enter or Space presses one, arrows change a
  drop-down), Esc cancels (``Prompt``'s key).

The answer is left in ``result`` (the path and the form's values) or ``cancelled``; ``Prompt``
reads it once pygame_gui has finished with the event, and closes the dialog.
"""

from __future__ import annotations

import contextlib
import locale
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UISelectionList, UITextEntryLine
from pygame_gui.windows import UIFileDialog
from pygame_gui.windows import ui_file_dialog as pygame_gui_dialog

from visualizer.features.saving import with_extension
from visualizer.input.focus import show_option
from visualizer.look.i18n import tr
from visualizer.look.wording import file_name, file_problem, short_path

#: Keys that press the focused button; arrows that change a focused drop-down.
PRESS_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE})
ARROWS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}
#: pygame_gui's anchors of an element in a container.
Anchors = dict[str, Any]


@dataclass
class Field:
    """One field of a dialog's form: a drop-down of ``options`` ((text, id) pairs) or, with none,
    a box for a whole number. ``value`` is the chosen id, or the number as typed."""

    name: str
    label: str
    value: str
    options: tuple[tuple[str, str], ...] = ()


class Form:
    """The fields under a dialog's list, in rows, and what they mean: a subclass says what a
    change in one field does to the others (``changed``), which extension the chosen format
    needs (``extension``) and why the answer cannot be taken (``check``)."""

    def __init__(self, rows: tuple[tuple[Field, ...], ...]) -> None:
        self.rows = rows

    @property
    def fields(self) -> list[Field]:
        return [item for row in self.rows for item in row]

    def values(self) -> dict[str, str]:
        return {item.name: item.value for item in self.fields}

    def changed(self, name: str) -> dict[str, str]:
        """Field ``name`` changed: the new values of other fields (none by default)."""
        return {}

    def extension(self) -> str | None:
        """The extension the answer's file needs now (None: the dialog's own)."""
        return None

    def check(self, path: Path) -> str | None:
        """Why ``path`` with these values cannot be the answer, in words (None: it can)."""
        return None


@dataclass(frozen=True)
class Request:
    """What a dialog asks for. ``kind``: "open" (an existing file), "save" (a new or existing file,
    its ``extension`` added to a name without it) or "folder" (an existing one, or a new one
    made on OK). ``suffixes``: the files listed (none: every file; a folder dialog lists none)."""

    title: str
    folder: Path
    kind: str = "save"
    name: str = ""
    suffixes: tuple[str, ...] = ()
    extension: str = ""
    examples: Path | None = None  # a button opens this folder (the bundled lessons)
    bundled: Callable[[str], Path | None] | None = None  # a bare name -> the bundled file, if any
    documents: Path | None = None  # a button opens this folder (N-Queens in the documents)
    form: Form | None = None


@dataclass
class Answer:
    """The dialog's answer: the path, the form's values, and whether the user agreed to replace the
    file that is there (a save dialog asks once, in its line of words: OK again replaces it)."""

    path: Path
    values: dict[str, str] = field(default_factory=dict)
    replacing: bool = False


@contextlib.contextmanager
def _tolerant_locale() -> Iterator[None]:
    """pygame_gui's dialog calls ``locale.setlocale(LC_ALL, "")``, which raises on a machine whose
    LANG names a locale it lacks: there the C locale is kept and the dialog opens all the same."""
    original = pygame_gui_dialog.locale.setlocale

    def setlocale(category: int, name: str | None = None) -> str:
        try:
            return original(category, name)
        except locale.Error:
            return original(category)

    pygame_gui_dialog.locale.setlocale = setlocale  # type: ignore[assignment]
    try:
        yield
    finally:
        pygame_gui_dialog.locale.setlocale = original  # type: ignore[assignment]


def row_height(manager: pygame_gui.UIManager) -> int:
    """A row of the dialog: the text's line and room round it (at least pygame_gui's 30 px)."""
    return max(30, manager.get_theme().get_font(["button"]).size("Ag中")[1] + 12)


def dialog_rect(manager: pygame_gui.UIManager, rows: int) -> pygame.Rect:
    """The dialog, centred in the window: wide enough for a long path at this text size, high
    enough for its rows and a list of several names, never beyond the window."""
    window = pygame.Rect((0, 0), manager.window_resolution)
    row = row_height(manager)
    size = manager.get_theme().get_font(["button"]).get_point_size()
    width = min(window.width - 24, max(640, size * 46, window.width * 3 // 5))
    height = min(window.height - 24, max(440, row * (rows + 8), window.height * 3 // 4))
    rect = pygame.Rect(0, 0, width, height)
    rect.center = window.center
    return rect


class FileDialog(UIFileDialog):
    """pygame_gui's file dialog for one ``Request``, in ``lang``."""

    def __init__(self, manager: pygame_gui.UIManager, request: Request, lang: str) -> None:
        self.request, self.lang = request, lang
        self.row = row_height(manager)
        self.gap = max(6, self.row // 5)
        self.form_rows = len(request.form.rows) if request.form else 0
        self.name = request.name  # the file name offered, kept while folders change (save)
        self.result: Answer | None = None
        self.cancelled = False
        self.replace: Path | None = None  # the existing file OK was pressed on once (save)
        self.focus_index = 0  # in ``focusables()``: the path box first
        self.extra_buttons: dict[str, UIButton] = {}
        self.form_widgets: dict[str, UIDropDownMenu | UITextEntryLine] = {}
        self.status: UILabel | None = None
        folder = request.folder if request.folder.is_dir() else request.documents or Path.home()
        start = folder / request.name if request.name else folder
        suffixes = {""} if not request.suffixes else set(request.suffixes)
        with _tolerant_locale():
            super().__init__(
                dialog_rect(manager, 4 + self.form_rows),
                manager,
                window_title=request.title,
                initial_file_path=str(start),
                allow_existing_files_only=request.kind != "save",
                allow_picking_directories=request.kind == "folder",
                allowed_suffixes=set() if request.kind == "folder" else suffixes,
            )
        self.set_blocking(True)  # modal: a click beside it reaches nothing behind
        self._show_path(start if request.kind == "save" else None)
        self.file_path_text_line.focus()
        manager.set_focus_set(self.file_path_text_line)

    # -- layout ----------------------------------------------------------------------------------

    def _setup_ui_elements(self) -> None:
        """pygame_gui's elements (the names its event code reads), at the text's size, and ours."""
        row, gap, manager = self.row, self.gap, self.ui_manager
        width = int(self.get_container().get_size()[0])
        top: Anchors = {"left": "left", "right": "left", "top": "top", "bottom": "top"}
        bottom_right: Anchors = {"left": "right", "right": "right", "top": "bottom", "bottom": "bottom"}
        font = manager.get_theme().get_font(["button"])

        def text_width(text: str) -> int:
            return font.size(text)[0] + row  # the text and room round it

        cancel, ok = tr("dialog_cancel", self.lang), tr("dialog_ok", self.lang)
        cancel_w = text_width(cancel)
        ok_w = max(text_width(ok), cancel_w)
        self.cancel_button = UIButton(
            pygame.Rect(-gap - cancel_w, -gap - row, cancel_w, row),
            cancel,
            manager,
            container=self,
            object_id="#cancel_button",
            anchors=bottom_right,
        )
        self.ok_button = UIButton(
            pygame.Rect(-2 * gap - cancel_w - ok_w, -gap - row, ok_w, row),
            ok,
            manager,
            container=self,
            object_id="#ok_button",
            anchors=bottom_right,
        )
        # pygame_gui's icons (⌂ ↑ ⇪) are not in the widgets' font: words instead
        named = [("home_button", "dialog_home"), ("parent_directory_button", "dialog_up")]
        named += [("refresh_button", "dialog_refresh")]
        x = gap
        for name, key in named:
            text = tr(key, self.lang)
            rect = pygame.Rect(x, gap, text_width(text), row)
            setattr(self, name, UIButton(rect, text, manager, container=self, anchors=top))
            x += rect.width + gap // 2
        # pygame_gui's code enables and disables it: it exists, hidden (no deleting from here)
        self.delete_button = UIButton(
            pygame.Rect(x, gap, row, row), "x", manager, container=self, anchors=top, visible=0
        )
        self.delete_button.disable()
        places = [("documents", self.request.documents), ("examples", self.request.examples)]
        for key, folder in places:
            if folder is None:
                continue
            text = tr(f"dialog_{key}", self.lang)
            self.extra_buttons[key] = UIButton(
                pygame.Rect(x + gap // 2, gap, text_width(text), row),
                text,
                manager,
                container=self,
                anchors=top,
            )
            x += text_width(text) + gap
        self.file_path_text_line = UITextEntryLine(
            pygame.Rect(gap, 2 * gap + row, width - 2 * gap, row),
            manager,
            container=self,
            object_id="#file_path_text_line",
            anchors={"left": "left", "right": "right", "top": "top", "bottom": "top"},
        )
        self.file_path_text_line.set_text_length_limit(4096)
        below = (row + gap) * (self.form_rows + 2) + gap  # the form, the line of words, OK and Cancel
        height = int(self.get_container().get_size()[1]) - (3 * gap + 2 * row) - below
        self.file_selection_list = UISelectionList(
            pygame.Rect(gap, 3 * gap + 2 * row, width - 2 * gap, max(row, height)),
            item_list=self.current_file_list,
            manager=manager,
            container=self,
            object_id="#file_display_list",
            anchors={"left": "left", "right": "right", "top": "top", "bottom": "bottom"},
        )
        self.status = UILabel(
            pygame.Rect(gap, -2 * (gap + row), width - 2 * gap, row),
            tr("dialog_keys", self.lang),
            manager,
            container=self,
            object_id="#dialog_label",
            anchors={"left": "left", "right": "right", "top": "bottom", "bottom": "bottom"},
        )
        self._build_form(width)

    def _build_form(self, width: int) -> None:
        """The form's rows above OK and Cancel: each field its label, then its drop-down or box."""
        form = self.request.form
        if form is None:
            return
        row, gap, manager = self.row, self.gap, self.ui_manager
        font = manager.get_theme().get_font(["label"])
        anchors: Anchors = {"left": "left", "right": "left", "top": "bottom", "bottom": "bottom"}
        for k, fields in enumerate(form.rows):
            y = -(row + gap) * (self.form_rows - k + 2)
            each = (width - gap) // len(fields)
            for i, item in enumerate(fields):
                left = gap + i * each
                label_width = min(font.size(item.label)[0] + 8, each // 2)
                UILabel(
                    pygame.Rect(left, y, label_width, row),
                    item.label,
                    manager,
                    container=self,
                    anchors=anchors,
                    object_id="#dialog_label",
                )
                rect = pygame.Rect(left + label_width + gap // 2, y, each - label_width - gap * 3 // 2, row)
                widget: UIDropDownMenu | UITextEntryLine
                if item.options:
                    chosen = next((o for o in item.options if o[1] == item.value), item.options[0])
                    widget = UIDropDownMenu(
                        list(item.options),
                        chosen,
                        rect,
                        manager,
                        container=self,
                        anchors=anchors,
                        object_id="#form_choice",  # opens upwards, over the list (look/appearance.py)
                        expansion_height_limit=max(row * 2, int(self.get_container().get_size()[1]) // 2),
                    )
                else:
                    widget = UITextEntryLine(rect, manager, container=self, anchors=anchors)
                    widget.set_text_length_limit(13)
                    widget.set_allowed_characters("numbers")
                    widget.set_text(item.value)
                self.form_widgets[item.name] = widget

    # -- what is shown ---------------------------------------------------------------------------

    def say(self, text: str, problem: bool = True) -> None:
        """A line of words under the list: why OK was refused (in the accent colour), or the keys."""
        if self.status is None:
            return
        wanted = "#dialog_problem" if problem else "#dialog_label"
        if self.status.object_ids[-1] != wanted:
            self.status.change_object_id(wanted)
        self.status.set_text(text)

    def _show_path(self, path: Path | None) -> None:
        """The path box shows ``path`` (None: the folder shown, ending in a separator), its file
        name selected so that typing replaces it."""
        if path is None:
            text = os.path.join(self.current_directory_path, "")
            self.file_path_text_line.set_text(text)
            self.file_path_text_line.edit_position = len(text)
            return
        self.current_file_path = path
        self.file_path_text_line.set_text(str(path))
        self._highlight_file_name_for_editing()  # pygame_gui's: it gives the path box the keys
        if self.focus_index and self.alive():  # the keys stay where Tab put them
            self._keys_to(self.focused)

    def _create_list_of_directories_and_files_on_current_path(self) -> None:
        """The folder's folders, then its files of the listed kinds (any case), no hidden ones."""
        here = Path(self.current_directory_path)
        folders, files = [], []
        for entry in here.iterdir():
            if entry.name.startswith("."):
                continue
            try:
                is_file = entry.is_file()
            except OSError:
                continue
            if not is_file:
                folders.append(entry.name)
            elif any(entry.name.lower().endswith(s.lower()) for s in self.allowed_suffixes):
                files.append(entry.name)
        folders.sort(key=_sort_key)
        files.sort(key=_sort_key)
        self.current_file_list = [(name, "#directory_list_item") for name in folders]
        self.current_file_list += [(name, "#file_list_item") for name in files]

    # -- reading what is typed -----------------------------------------------------------------

    def typed(self) -> Path:
        """The path box read as a path: ``~`` is home, a relative name is in the folder shown."""
        text = self.file_path_text_line.get_text().strip()
        path = Path(os.path.expanduser(text)) if text else Path(self.current_directory_path)
        return path if path.is_absolute() else Path(self.current_directory_path) / path

    def _process_file_path_entry_events(self, event: pygame.event.Event) -> None:
        """Typing follows the name; Enter goes into a folder, or answers."""
        if getattr(event, "ui_element", None) is not self.file_path_text_line:
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.activate(self.typed())
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            typed = self.typed()
            if self.request.kind == "save" and typed.name and not typed.is_dir():
                self.name = typed.name

    def _process_file_list_events(self, event: pygame.event.Event) -> None:
        """A name picked in the list shows in the path box; a double click on a folder opens it."""
        if getattr(event, "ui_element", None) is not self.file_selection_list:
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            self._select(str(event.text))
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self.activate(Path(self.current_directory_path) / str(event.text))

    def _select(self, name: str) -> None:
        """A name chosen in the list (a click or an arrow) shows in the path box, which keeps the
        keys when it had them: typing and Enter go on from the choice."""
        path = Path(self.current_directory_path) / name
        if path.is_dir():
            self.file_path_text_line.set_text(os.path.join(str(path), ""))
            self.file_path_text_line.edit_position = len(self.file_path_text_line.get_text())
        else:
            if self.request.kind == "save":
                self.name = name
            self._show_path(path)
        if self.focused is self.file_path_text_line:
            self._keys_to(self.file_path_text_line)

    def _change_directory_path(self, new_directory_path: Path) -> None:
        """Show folder ``new_directory_path``: its list, and in the path box the name being saved (or
        the folder)."""
        try:
            if not new_directory_path.is_dir():
                return
            next(iter(new_directory_path.iterdir()), None)  # a folder we may not read: said, not shown
        except OSError as error:
            self.say(tr("dialog_cannot_open", self.lang, reason=file_problem(error, self.lang)))
            return
        self.current_directory_path = str(new_directory_path.resolve())
        self.update_current_file_list()
        self.file_selection_list.set_item_list(self.current_file_list)
        if self.request.kind == "save" and self.name:
            self._show_path(Path(self.current_directory_path) / self.name)
        else:
            self.current_file_path = None
            self._show_path(None)
        self.say(tr("dialog_keys", self.lang), problem=False)

    # -- answering --------------------------------------------------------------------------------

    def activate(self, target: Path) -> None:
        """Enter (or a double click): into a folder, else the answer."""
        kind = self.request.kind
        here = Path(self.current_directory_path)
        if target.is_dir() and not (kind == "folder" and target.resolve() == here.resolve()):
            self._change_directory_path(target)
            return
        self.submit(target)

    def submit(self, target: Path) -> None:
        """OK: ``target`` is the answer if it may be; else the line under the list says why not."""
        request, lang = self.request, self.lang
        form = request.form
        if request.kind == "open":
            found = target if target.is_file() else None
            typed = self.file_path_text_line.get_text().strip()
            if found is None and request.bundled is not None and os.sep not in typed and "/" not in typed:
                found = request.bundled(typed)
            if found is None:
                key = "dialog_no_file" if target.parent.is_dir() else "dialog_no_folder"
                shown = file_name(target) if target.parent.is_dir() else short_path(target.parent, 48)
                self.say(tr(key, lang, name=shown))
                return
            self._answer(found)
            return
        if target.name in ("", ".", "..") or (target.is_dir() and request.kind == "save"):
            self.say(tr("dialog_need_name", lang))
            return
        if not target.parent.is_dir():
            self.say(tr("dialog_no_folder", lang, name=short_path(target.parent, 48)))
            return
        if request.kind == "folder":
            if not target.is_dir():
                try:
                    target.mkdir()
                except OSError as error:
                    self.say(tr("dialog_not_here", lang, reason=file_problem(error, lang)))
                    return
            self._answer(target)
            return
        extension = (form.extension() if form is not None else None) or request.extension
        if extension != "/":  # a folder of pictures takes the name as it is
            target = with_extension(target, extension)
        problem = form.check(target) if form is not None else None
        if problem is None and extension != "/":
            from visualizer.shell.safe_files import check_output_path

            try:
                check_output_path(target)
            except OSError as error:
                problem = tr("dialog_not_here", lang, reason=file_problem(error, lang))
        if problem is not None:
            self.say(problem)
            return
        replacing = os.path.lexists(target)
        if replacing and self.replace != target:  # asked once; OK (or Enter) again replaces it
            self.replace = target
            self.say(tr("dialog_replace", lang, name=file_name(target)))
            return
        self._answer(target, replacing)

    def _answer(self, path: Path, replacing: bool = False) -> None:
        form = self.request.form
        self.result = Answer(path, form.values() if form is not None else {}, replacing)

    def _process_ok_cancel_events(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.cancel_button:
            self.cancelled = True
        elif event.ui_element is self.ok_button:
            self.submit(self.typed())
        else:
            for key, button in self.extra_buttons.items():
                if event.ui_element is button:
                    folder = self.request.documents if key == "documents" else self.request.examples
                    if folder is not None:
                        self._change_directory_path(folder)

    def process_event(self, event: pygame.event.Event) -> bool:
        handled = super().process_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            clicked = [i for i, item in enumerate(self.focusables()) if item.rect.collidepoint(event.pos)]
            if clicked:  # the ring follows a click, as the keys do
                self.focus_index = clicked[0]
        form = self.request.form
        if form is None:
            return handled
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, widget in self.form_widgets.items():
                if event.ui_element is widget:
                    self.set_field(name, str(getattr(event, "selected_option_id", "")))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for name, widget in self.form_widgets.items():
                if event.ui_element is widget:
                    self.set_field(name, widget.get_text(), typed=True)
        elif (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.form_widgets.values()
        ):
            self.submit(self.typed())
        return handled

    def set_field(self, name: str, value: str, typed: bool = False) -> None:
        """Field ``name`` now holds ``value``: the form updates the others (and the extension)."""
        form = self.request.form
        assert form is not None
        fields = {item.name: item for item in form.fields}
        before = form.extension()
        fields[name].value = value
        for other, new in form.changed(name).items():
            fields[other].value = new
            widget = self.form_widgets[other]
            if isinstance(widget, UITextEntryLine):
                widget.set_text(new)
            else:
                option = next((o for o in fields[other].options if o[1] == new), None)
                if option is not None:
                    show_option(widget, option)
        after = form.extension()
        if after != before and self.request.kind == "save":
            self._retype(before, after)
        if not typed:
            self.say(tr("dialog_keys", self.lang), problem=False)

    def _retype(self, before: str | None, after: str | None) -> None:
        """The format changed: the name in the path box takes the new extension."""
        path = self.typed()
        name = path.name
        if before and before != "/" and name.lower().endswith(before.lower()):
            name = name[: -len(before)]
        if after and after != "/":
            name = with_extension(name, after).name
        self.name = name
        self.allowed_suffixes = {after} if after and after != "/" else {""}
        self.update_current_file_list()
        self.file_selection_list.set_item_list(self.current_file_list)
        self._show_path(path.with_name(name))

    # -- the keyboard ------------------------------------------------------------------------------

    def focusables(self) -> list[UIElement]:
        """What Tab reaches, in order: the path box, the form, OK, Cancel, the folder buttons."""
        items: list[UIElement] = [self.file_path_text_line, *self.form_widgets.values()]
        items += [self.ok_button, self.cancel_button, self.home_button, self.parent_directory_button]
        items += [self.refresh_button, *self.extra_buttons.values()]
        return [item for item in items if item.alive() and item.visible]

    @property
    def focused(self) -> UIElement:
        items = self.focusables()
        return items[self.focus_index % len(items)]

    def focus_rect(self) -> pygame.Rect | None:
        """The focused control's rectangle (for the focus ring), or None."""
        return pygame.Rect(self.focused.rect) if self.alive() else None

    def move_focus(self, step: int) -> None:
        """Tab / Shift+Tab: the next or previous control; a text box takes the keys (its text
        selected, as in a form: typing replaces it)."""
        self.focus_index = (self.focus_index + step) % len(self.focusables())
        widget = self.focused
        self._keys_to(widget)
        if isinstance(widget, UITextEntryLine):
            widget.select_range = [0, len(widget.get_text())]
            widget.edit_position = len(widget.get_text())

    def _keys_to(self, widget: UIElement) -> None:
        """Only ``widget`` takes typed keys (when it is a text box; else none of the dialog's boxes)."""
        for entry in (self.file_path_text_line, *self.form_widgets.values()):
            if isinstance(entry, UITextEntryLine) and entry is not widget and entry.is_focused:
                entry.unfocus()
        if isinstance(widget, UITextEntryLine):
            self.ui_manager.set_focus_set(widget)
            widget.focus()
        else:
            self.ui_manager.set_focus_set(self)

    def key(self, event: pygame.event.Event) -> None:
        """A KEYDOWN for the dialog (pygame_gui has had it: a focused box has typed it)."""
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        widget = self.focused
        if event.key == pygame.K_UP and event.mod & pygame.KMOD_ALT:
            self._change_directory_path(Path(self.current_directory_path).parent)
        elif widget is self.file_path_text_line and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.walk(1 if event.key == pygame.K_DOWN else -1)
        elif isinstance(widget, UIDropDownMenu) and (event.key in PRESS_KEYS or event.key in ARROWS):
            self._choose(widget, ARROWS.get(event.key, 1))
        elif isinstance(widget, UIButton) and event.key in PRESS_KEYS:
            pygame.event.post(
                pygame.event.Event(
                    pygame_gui.UI_BUTTON_PRESSED,
                    ui_element=widget,
                    ui_object_id=widget.most_specific_combined_id,
                )
            )

    def _choose(self, menu: UIDropDownMenu, step: int) -> None:
        options = [option if isinstance(option, tuple) else (option, option) for option in menu.options_list]
        index = options.index(menu.selected_option) if menu.selected_option in options else -1
        option = options[(index + step) % len(options)]
        show_option(menu, option)
        name = next(name for name, widget in self.form_widgets.items() if widget is menu)
        self.set_field(name, option[1])

    def walk(self, step: int) -> None:
        """↑ / ↓: the next name in the list, selected and shown in the path box, in view."""
        items = self.file_selection_list.item_list
        if not items:
            return
        chosen = [i for i, item in enumerate(items) if item["selected"]]
        index = min(
            max((chosen[0] + step) if chosen else (0 if step > 0 else len(items) - 1), 0), len(items) - 1
        )
        for i, item in enumerate(items):
            item["selected"] = i == index
            button = item.get("button_element")
            if button is not None:
                button.select() if i == index else button.unselect()
        self._select(str(items[index]["text"]))
        self._scroll_to(index, len(items))

    def _scroll_to(self, index: int, count: int) -> None:
        bar = self.file_selection_list.scroll_bar
        if bar is None or count <= 1:
            return
        visible = bar.visible_percentage
        start = bar.start_percentage
        where = index / count
        if where < start or where + 1 / count > start + visible:
            bar.set_scroll_from_start_percentage(min(max(where - visible / 2, 0.0), 1.0 - visible))


def _sort_key(name: str) -> str:
    try:
        return locale.strxfrm(name.casefold())
    except (OSError, ValueError):
        return name.casefold()
