"""The control column's widgets: each only names a command; the app carries it out.

``Controls`` builds the pygame_gui widgets from the current mode's ``ControlPlan`` (button texts
come from the command table) and maps each widget event back to its command.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel, UITextEntryLine

from solvers.registry import ALGORITHMS
from visualizer.commands import COMMANDS, MODES, button_text
from visualizer.core.player import MAX_SPEED, MIN_SPEED
from visualizer.core.until import KINDS as UNTIL_KINDS
from visualizer.core.until import Until, parse_until
from visualizer.input import name_menu
from visualizer.look.appearance import fit_class, label_size
from visualizer.look.i18n import tr
from visualizer.look.theme import Theme
from visualizer.modes.base import ControlPlan, Mode, plays

#: What the column shows of a search mode's rows by default (issue 38: the few a demonstration
#: needs; the rest are one click away, in More… / Ctrl+K, or all of them with "Every control").
SIMPLE = frozenset({"reset", "back", "step", "play", "next", "instant", "show-all"})

#: The slider's arrows move it this far: a factor of 1.25 in events per second (log scale).
ARROW_STEP = math.log10(1.25)


def speed_to_slider(rate: float) -> float:
    """Slider position 0..4 of ``rate`` events per second (log scale)."""
    return math.log10(min(max(rate, MIN_SPEED), MAX_SPEED))


def slider_to_speed(value: float) -> float:
    """Events per second at slider position ``value`` (0..4), rounded to a readable figure.

    >>> slider_to_speed(0), slider_to_speed(2), slider_to_speed(4)
    (1.0, 100.0, 10000.0)
    """
    return float(f"{10 ** min(max(value, 0.0), 4.0):.2g}")


def format_speed(rate: float) -> str:
    """``rate`` without a needless decimal point.

    >>> format_speed(3.2), format_speed(1000.0)
    ('3.2', '1000')
    """
    return f"{rate:.1f}" if rate < 10 and rate != int(rate) else f"{int(rate)}"


def title(algorithm: str, lang: str) -> str:
    """The algorithm's title in ``lang`` (the registry's)."""
    spec = ALGORITHMS[algorithm]
    return spec.title_zh if lang == "zh" else spec.title


def race_options(
    pair: tuple[str, str], lang: str, short: bool = False
) -> tuple[list[tuple[str, str]], tuple[str, str]]:
    """The race drop-down's (text, "a,b") options, ``pair`` among them, and the one for ``pair``;
    ``short``: the algorithms' command-line names instead of their titles (a narrow column)."""
    from solvers.registry import race_pairs
    from visualizer.modes.race import pair_id

    known = race_pairs()  # the registry's now: a student's search registered since start-up too
    pairs = list(known) if pair in known else [*known, pair]
    name = (lambda algorithm: algorithm) if short else (lambda algorithm: title(algorithm, lang))
    options = [(tr("race_pair", lang, a=name(a), b=name(b)), pair_id((a, b))) for a, b in pairs]
    return options, options[pairs.index(pair)]


#: (name as its speakers write it, code) of each language in the language drop-down.
LANGUAGE_NAMES: tuple[tuple[str, str], ...] = (("English", "en"), ("中文", "zh"))


@dataclass
class ControlState:
    """What the widgets show; the app passes it in on every rebuild and refresh."""

    n: int
    algorithm: str
    speed: float
    playing: bool = False
    show_all: bool = False
    shade: bool = True
    hatch: bool = False  # the attacked squares hatched, not tinted (Theme.hatch)
    recording: bool = False
    lang: str = "en"
    mode: str = "watch"
    plan: ControlPlan = field(default_factory=lambda: ControlPlan(()))  # the mode's buttons
    relaxed: bool = False  # game mode: relaxed rules
    hints: bool = False  # game mode: safe squares ringed
    race_pair: tuple[str, str] | None = None  # race mode: the drop-down offers race pairs instead
    pair_menu: tuple[int, int, int, int] | None = None  # race mode: the pairs' row above the boards
    theme: str = "classroom"  # the theme button shows its name
    ui_scale: float = 1.0  # text size (visualizer/look/appearance.py): rows grow with it
    until_kind: str = "depth"  # the Run until control's condition and number box
    until_value: str = "1"
    legend: bool = False  # the legend of the board's marks shows
    sound: bool = False  # sound cues (issue 25)
    names_hidden: bool = False  # a quiz: the drop-down shows "Algorithm A" (visualizer/look/names.py)
    full: bool = False  # every control in the column, else the few a demonstration needs (issue 38)
    plays: bool = False  # the mode's run is played in time (watch, race): the lesson rows show


class Shell(Protocol):
    """What the widgets show of the window (the App)."""

    speed: float
    show_all: bool
    shade: bool
    lang: str
    theme: Theme
    ui_scale: float

    show_legend: bool

    @property
    def sound_on(self) -> bool: ...  # sound cues playing (issue 25)

    full_column: bool  # every control in the column (else the few a demonstration needs)

    @property
    def recording(self) -> bool: ...  # a GIF being recorded
    @property
    def hidden(self) -> set[str]: ...  # panels hidden for an exercise


def control_state(shell: Shell, mode: Mode) -> ControlState:
    """What the widgets should show now: the window's settings and the current mode's part."""
    return ControlState(
        n=mode.n,
        algorithm=mode.algorithm,
        speed=shell.speed,
        show_all=shell.show_all,
        shade=shell.shade,
        hatch=shell.theme.hatch,
        recording=shell.recording,
        lang=shell.lang,
        mode=mode.name,
        plan=mode.controls(),
        theme=shell.theme.name,
        ui_scale=shell.ui_scale,
        legend=shell.show_legend,
        sound=shell.sound_on,
        names_hidden="names" in shell.hidden,
        full=shell.full_column,
        plays=plays(type(mode)),
        **mode.control_fields(),  # type: ignore[arg-type]
    )


@dataclass
class Controls:
    """The control column's pygame_gui widgets, each tagged with its command."""

    manager: pygame_gui.UIManager
    rect: pygame.Rect
    state: ControlState
    buttons: dict[str, UIButton] = field(default_factory=dict)
    slider: UIHorizontalSlider | None = None
    speed_label: UILabel | None = None
    n_label: UITextEntryLine | None = None  # n: type a number and press Enter
    algorithms: UIDropDownMenu | None = None
    modes: UIDropDownMenu | None = None  # the mode switch of the simple column
    languages: UIDropDownMenu | None = None
    until_kind: UIDropDownMenu | None = None  # run until: the condition ...
    short_pairs: bool = False  # race pairs named by their command-line names (a narrow column)
    name_rows: int = 1  # the rows the column's algorithm drop-down takes (its longest name's lines)
    until_value: UITextEntryLine | None = None  # ... and its number, as people count (rows from 1)
    order: list[str] = field(default_factory=list)  # the controls' names in Tab's order (focusables)
    runs: dict[str, tuple[str, str]] = field(default_factory=dict)  # a button's command and argument

    def build(self) -> None:
        """Create every widget inside ``rect`` (call ``kill`` first on a rebuild)."""
        lang, plan = self.state.lang, self.state.plan
        menu_rect = pygame.Rect(self.state.pair_menu) if self.state.pair_menu is not None else None
        if self.state.race_pair is not None:  # titles that would shrink below 12 px: the short names
            texts = [text for text, _ in race_options(self.state.race_pair, lang)[0]]
            font_size = self.manager.get_theme().get_font(["button"]).get_point_size()
            across = menu_rect.width if menu_rect is not None else self.rect.width
            room = across - 2 * font_size - 8  # the drop-down's arrow (about a row wide)
            self.short_pairs = min(label_size(text, room, font_size) for text in texts) < 12
        x, y, width = self.rect.x, self.rect.y, self.rect.width
        simple = not self.state.full
        mode_buttons = tuple(f"mode:{mode}" for mode in MODES)
        self.runs.update({f"mode:{mode}": ("mode", mode) for mode in MODES})  # its command and argument
        font = self.manager.get_theme().get_font(["button"])
        # as wide as the widest name in either language: F2 moves no control
        titles = [tr(f"mode_{mode}", language) for mode in MODES for language in ("en", "zh")]
        widest = max(font.size(title)[0] for title in titles)
        spaced = 3 * max(4, min(round(40 * self.state.ui_scale), self.rect.height // 20) // 6)
        per_row = len(mode_buttons) if widest + 12 <= (width - spaced) // len(mode_buttons) else 2
        plan_rows = [r for r in plan.rows if not simple or not self.state.plays or set(r) <= SIMPLE]
        # Every row in the column's height: the mode rows, the drop-down, n, the mode's rows, the
        # lesson rows (run until, bookmarks, open / save), the speed, then three rows of the window's
        # own; a gap under each row and one more between the groups (rows + 2 gaps in all).
        in_column = plan.choice is not None and menu_rect is None  # the race's pairs: a row of their own
        self.name_rows = 1
        if in_column and plan.choice != "pairs":  # the names in the controls' size, on the rows they take
            titles = [title(name, language) for name in ALGORITHMS for language in ("en", "zh")]
            self.name_rows = name_menu.rows_needed(titles, width, self._font_size())
        rows = (1 if simple else -(-len(mode_buttons) // per_row)) + in_column + 1 + len(plan_rows)
        rows += self.name_rows - 1
        lesson_rows = 1 if self.state.mode == "exercise" else 0 if simple else 4 if self.state.plays else 0
        rows += lesson_rows + (2 if plan.speed else 0) + (1 if simple else 4)
        row = max(20, min(round(40 * self.state.ui_scale), self.rect.height // 20))
        while row > 20 and rows * row + (rows + 2) * max(4, row // 6) > self.rect.height:
            row -= 1
        gap = max(4, row // 6)

        def place(name: str, rect: pygame.Rect) -> None:
            text, on = self._fitted(name, rect.width)  # as refresh shows it: the first frame is no other
            self.buttons[name] = button = self._button(rect, text)
            self.order.append(name)
            if on:
                button.select()

        def place_row(names: tuple[str, ...], top: int) -> None:
            each = (width - (len(names) - 1) * gap) // len(names)
            for i, name in enumerate(names):
                place(name, pygame.Rect(x + i * (each + gap), top, each, row))

        if simple:  # one drop-down, the same place and width in every language
            self._mode_menu(pygame.Rect(x, y, width, row))
            y += row + gap
        else:
            for start in range(0, len(mode_buttons), per_row):  # in two rows when one is too narrow
                place_row(mode_buttons[start : start + per_row], y)
                y += row + gap
            self.buttons[f"mode:{self.state.mode}"].select()  # the mode shown
        if menu_rect is not None or plan.choice is not None:
            self.order.append("algorithms")
        if menu_rect is not None:
            self._algorithm_menu(menu_rect)
        elif plan.choice is not None:
            tall = self.name_rows * row + (self.name_rows - 1) * gap
            self._algorithm_menu(pygame.Rect(x, y, width, tall))
            y += tall + gap
        third = (width - 2 * gap) // 3  # n - 1, the n box, n + 1
        for name, left in (("n-down", x), ("n-up", x + 2 * (third + gap))):
            self.buttons[name] = self._button(pygame.Rect(left, y, third, row), self._text(name))
        self.n_label = UITextEntryLine(
            pygame.Rect(x + third + gap, y, third, row), self.manager, initial_text=self._n_text()
        )
        self.n_label.set_text_length_limit(9)
        self.order += ["n-down", "n", "n-up"]
        y += row + 2 * gap
        for names in plan_rows:
            place_row(names, y)
            y += row + gap
        if self.state.plays and not simple:  # lessons: run until, and the bookmarks
            self._until_row(x, y, width, row, gap)
            y += row + gap
            place_row(("bookmark-prev", "bookmark", "bookmark-next"), y)
            y += row + gap
            place_row(("lesson-open", "lesson-save", "lesson-save-as"), y)  # a lesson (or a search)
            y += row + gap
            place_row(("export", "export-html"), y)  # a stretch as a video or pictures, or a web page
            y += row + gap
        elif self.state.mode == "exercise":  # where the students' attempts are written
            place_row(("results-folder",), y)
            y += row + gap
        y += gap
        if plan.speed:
            fastest = tr("speed", lang, rate=format_speed(MAX_SPEED))
            self.speed_label = UILabel(
                pygame.Rect(x, y, width, row),
                self._speed_text(),
                self.manager,
                object_id=self._fitting(None, [fastest], width, row),
            )
            y += row
            self.slider = UIHorizontalSlider(
                pygame.Rect(x, y, width, row),
                speed_to_slider(self.state.speed),
                (0.0, 4.0),
                self.manager,
                click_increment=ARROW_STEP,  # an arrow: about x1.25 (not a whole decade)
            )
            self.order.append("speed")
            y += row + 2 * gap
        if simple:  # everything else: one click away, found by name
            place_row(("palette",), y)
            return
        place_row(("screenshot", "gif", "sound"), y)
        y += row + gap
        place_row(("help", "fullscreen", "present"), y)
        y += row + 2 * gap
        current_language = next(o for o in LANGUAGE_NAMES if o[1] == lang)
        third = (width - 2 * gap) // 3  # language, text size, theme: one row (room for the lesson rows)
        self.languages = UIDropDownMenu(
            list(LANGUAGE_NAMES),
            current_language,
            pygame.Rect(x, y, third, row),
            self.manager,
            # opens upwards (the theme in visualizer/look/appearance.py); its names whole
            object_id=self._fitting("#language", [name for name, _ in LANGUAGE_NAMES], third - row - 8),
        )
        self.order.append("language")
        for i, name in enumerate(("scale", "theme"), 1):
            place(name, pygame.Rect(x + i * (third + gap), y, third, row))
        y += row + gap
        place_row(("palette", "column"), y)

    def _mode_menu(self, rect: pygame.Rect) -> None:
        """The mode switch as one drop-down (the simple column), showing the mode that runs."""
        lang = self.state.lang
        options = [(tr(f"mode_{mode}", lang), mode) for mode in MODES]
        current = next(option for option in options if option[1] == self.state.mode)
        self.modes = UIDropDownMenu(
            [*options], current, rect, self.manager, expansion_height_limit=rect.h * 6
        )
        self.order.append("modes")

    def focusables(self) -> list[tuple[str, UIElement]]:
        """(name, widget) of every control Tab reaches, in the column's order: top to bottom, left
        to right (the race's pairs above the boards first, as the drop-down's place in the column)."""
        widgets: dict[str, UIElement | None] = {
            "modes": self.modes,
            "algorithms": self.algorithms,
            "n": self.n_label,
            "until-kind": self.until_kind,
        }
        widgets |= {"until-value": self.until_value, "speed": self.slider, "language": self.languages}
        out = [(name, self.buttons.get(name) or widgets.get(name)) for name in self.order]
        return [(name, widget) for name, widget in out if widget is not None and widget.alive()]

    def _menu_options(self) -> tuple[list[tuple[str, str]], tuple[str, str]]:
        """The algorithm drop-down's (text, id) options and the one the mode runs now."""
        lang, hidden = self.state.lang, self.state.names_hidden
        if self.state.plan.choice == "pairs" and self.state.race_pair is not None:
            options, current = race_options(self.state.race_pair, lang, self.short_pairs)
            neutral = tr(
                "race_pair",
                lang,
                a=tr("hidden_name", lang, letter="A"),
                b=tr("hidden_name", lang, letter="B"),
            )
        else:
            options = [(title(name, lang), name) for name in ALGORITHMS]
            current = next(option for option in options if option[1] == self.state.algorithm)
            neutral = tr("hidden_name", lang, letter="A")
        if not hidden:
            return options, current
        # the list still names them all, the neutral entry first (the one shown as chosen)
        return [(neutral, current[1]), *options], (neutral, current[1])

    def _algorithm_menu(self, rect: pygame.Rect) -> None:
        """The algorithm (or race pair) drop-down in ``rect``, showing what the mode runs: the
        algorithms in the controls' text size (``name_menu``), the race's pairs shrunk to fit."""
        options, current = self._menu_options()
        if self._names():
            self.algorithms = UIDropDownMenu(
                [*options],  # a fresh list typed as pygame_gui's list[str | tuple[str, str]]
                current,
                rect,
                self.manager,
                expansion_height_limit=name_menu.list_limit(rect, self.manager.window_resolution),
                object_id=ObjectID(object_id=name_menu.NAMES_ID),
            )
            return
        self.algorithms = UIDropDownMenu(
            [*options],
            current,
            rect,
            self.manager,
            expansion_height_limit=rect.height * 10,
            object_id=self._fitting(
                "#algorithms", [text for text, _ in options], rect.width - rect.height - 8
            ),
        )

    def _names(self) -> bool:
        """Whether the algorithm drop-down is the column's list of algorithms (not the race's pairs)."""
        return self.state.plan.choice != "pairs"

    def _font_size(self) -> int:
        """The controls' text size (pygame_gui's button font)."""
        return int(self.manager.get_theme().get_font(["button"]).get_point_size())

    def menu_label(self) -> name_menu.MenuLabel | None:
        """The name the column's algorithm drop-down shows, to draw over it (pygame_gui's own text
        is transparent); None for the race's pairs, or while another drop-down's list is open
        (over it)."""
        menu = self.algorithms
        if menu is None or not self._names() or not menu.visible:
            return None
        others = [menu for menu in (self.modes, self.languages, self.until_kind) if menu is not None]
        if any(other.current_state is other.menu_states["expanded"] for other in others):
            return None
        theme = self.manager.get_theme()
        colour = theme.get_colour("normal_text", ["drop_down_menu"])
        return name_menu.label(menu, self._font_size(), (colour.r, colour.g, colour.b))

    def _menus_follow(self) -> bool:
        """A drop-down that shows a choice the app refused shows what runs again: it is built
        anew in its place (not between frames: its own event may still wait). True if one was."""
        menu = self.algorithms
        if menu is None or menu.current_state is not menu.menu_states["closed"]:
            return False
        current = self._menu_options()[1]
        if menu.selected_option == current:
            return False
        rect = pygame.Rect(menu.relative_rect)
        menu.kill()
        self._algorithm_menu(rect)
        return True

    def _until_row(self, x: int, y: int, width: int, row: int, gap: int) -> None:
        """Run until: the condition drop-down, its number box and the button."""
        lang = self.state.lang
        options = [(tr(f"until_{kind.replace('-', '_')}", lang), kind) for kind in UNTIL_KINDS]
        chosen = next(o for o in options if o[1] == self.state.until_kind)
        label = self.manager.get_theme().get_font(["button"]).size(self._text("until"))[0] + 14
        box = int(width * 0.16)
        button = min(max(int(width * 0.3), label), int(width * 0.44))  # "Run until" uncut where it can be
        menu = width - box - button - 2 * gap
        self.until_kind = UIDropDownMenu(
            [*options], chosen, pygame.Rect(x, y, menu, row), self.manager, expansion_height_limit=row * 6
        )
        self.until_value = UITextEntryLine(
            pygame.Rect(x + menu + gap, y, box, row), self.manager, initial_text=self.state.until_value
        )
        self.until_value.set_text_length_limit(9)
        self.until_value.set_allowed_characters("numbers")  # a U typed here is no "7u" for the parser
        self.order += ["until-kind", "until-value", "until"]
        rect = pygame.Rect(x + menu + box + 2 * gap, y, button, row)
        self.buttons["until"] = self._button(rect, self._text("until"))

    def _until_text(self) -> str:
        return self.until_value.get_text() if self.until_value is not None else self.state.until_value

    def carry_over(self, old: Controls | None) -> None:
        """Keep what the user chose in ``old``'s Run until control (before ``build``)."""
        if old is not None:
            self.state.until_kind, self.state.until_value = old.state.until_kind, old._until_text()

    def until_condition(self) -> Until:
        """The Run until control's condition, the number box read as people count (rows from 1);
        a box that holds no usable number is a sentence in words (what to type, from what to what),
        never the script's ``until:depth=3`` syntax."""
        kind = self.state.until_kind
        if kind == "backtrack":
            return parse_until(kind)
        value, n = self._until_text().strip(), self.state.n
        number = int(value) if value.isascii() and value.isdigit() and len(value) <= 15 else None
        low, high = {"depth": (1, n), "conflict-row": (1, n), "solution": (1, None)}.get(kind, (0, None))
        if number is None or number < low or (high is not None and number > high):
            raise ValueError(tr(f"until_need_{kind.replace('-', '_')}", self.state.lang, n=n))
        return Until(kind, number - 1 if kind == "conflict-row" else number)

    def kill(self) -> None:
        """Remove every widget from the manager."""
        widgets = [self.slider, self.speed_label, self.n_label, self.algorithms, self.languages, self.modes]
        widgets += [self.until_kind, self.until_value]
        for element in [*self.buttons.values(), *widgets]:
            if element is not None:
                element.kill()
        self.buttons.clear()
        self.order.clear()

    def refresh(self, state: ControlState, *, answered: bool = False) -> None:
        """Update texts that follow the app's state (play/pause, toggles, n, speed); once a
        command was ``answered``, the drop-downs too (a refused choice shows what runs again)."""
        state.until_kind, state.until_value = self.state.until_kind, self._until_text()
        self.state = state
        changed = False
        for name, button in self.buttons.items():
            text, on = self._fitted(name, button.rect.width)
            if on is not None and on != button.is_selected:
                button.select() if on else button.unselect()
            if button.text != text:
                button.set_text(text)
                changed = True
        typing = self.typing() and not answered  # Enter in the box answered: a refused n shows the old one
        if self.n_label is not None and not typing and self.n_label.get_text() != self._n_text():
            self.n_label.set_text(self._n_text())
            changed = True
        if self.speed_label is not None and self.speed_label.text != self._speed_text():
            self.speed_label.set_text(self._speed_text())
            changed = True
        if (
            self.slider is not None
            and abs(self.slider.get_current_value() - speed_to_slider(state.speed)) > 1e-6
        ):
            self.slider.set_current_value(speed_to_slider(state.speed))
        changed = (answered and self._menus_follow()) or changed
        if self.algorithms is not None and self._names():  # an open list: every name whole, on one line
            window = self.manager.window_resolution
            changed = name_menu.widen(self.algorithms, self._font_size(), window) or changed
        if changed:  # set_text only queues the redraw; a frame drawn before the next update would be stale
            self.manager.update(0.0)

    def typing(self) -> bool:
        """Whether the n entry has the keyboard (keys then type into it, not run commands)."""
        entries = (self.n_label, self.until_value)
        return any(entry is not None and entry.is_focused for entry in entries)

    def command_of(self, event: pygame.event.Event) -> tuple[str, object] | None:
        """The (command, argument) a pygame_gui event names, or None."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.n_label:
            return "n", event.text
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    return self.runs.get(name, (name, None))
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            return "speed", slider_to_speed(float(event.value))
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.until_kind:
            kind = getattr(event, "selected_option_id", None)
            self.state.until_kind = kind if kind in UNTIL_KINDS else self.state.until_kind
            return None
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.until_value:
            return "until", None  # Enter in the number box runs it
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.modes:
            chosen_mode = getattr(event, "selected_option_id", None)
            return ("mode", chosen_mode) if chosen_mode in MODES else None
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.languages:
            code = getattr(event, "selected_option_id", None)
            if code not in {c for _, c in LANGUAGE_NAMES}:
                code = dict(LANGUAGE_NAMES).get(event.text)
            return ("lang", code) if code else None
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.algorithms:
            chosen: str | None = getattr(event, "selected_option_id", None)
            if self.state.race_pair is not None:
                ids = dict(race_options(self.state.race_pair, self.state.lang, self.short_pairs)[0])
                pair = chosen if chosen and "," in chosen else ids.get(event.text)
                return ("race-pair", pair) if pair else None
            if chosen not in ALGORITHMS:
                titles = {spec.title: key for key, spec in ALGORITHMS.items()}
                titles.update({spec.title_zh: key for key, spec in ALGORITHMS.items()})
                chosen = titles.get(event.text)
            return ("algo", chosen) if chosen else None
        return None

    def _text(self, name: str) -> str:
        if name in self.runs:  # a mode's button: its name
            return tr(f"mode_{self.runs[name][1]}", self.state.lang)
        return button_text(name, self.state, self.state.lang, self.state.mode)

    def _button(self, rect: pygame.Rect, text: str) -> UIButton:
        """A button showing ``text`` whole: in the column's text size, or a smaller one that fits."""
        return UIButton(rect, text, self.manager, object_id=self._fitting(None, [text], rect.width))

    def _fitting(
        self, object_id: str | None, texts: list[str], width: int, height: int | None = None
    ) -> ObjectID:
        """The ids of a widget ``width`` pixels wide (and ``height`` high) for its text that shows every
        one of ``texts`` whole (a drop-down: ``width`` is what its arrow leaves)."""
        font_size = self.manager.get_theme().get_font(["button"]).get_point_size()
        size = min(label_size(text, width, font_size, height) for text in texts)
        return ObjectID(object_id=object_id, class_id=fit_class(size) if size < font_size else None)

    def _fitted(self, name: str, width: int) -> tuple[str, bool | None]:
        """The button's text, and None; or, for a toggle too narrow for "Projector: off", its bare
        label and whether it is on, shown as the button's selection (as the mode buttons show the mode)."""
        text = self._text(name)
        command = COMMANDS.get(name)
        if command is None or command.toggle is None:  # refreshed every frame: measure toggles only
            return text, None
        if self.manager.get_theme().get_font(["button"]).size(text)[0] + 12 <= width:
            return text, None
        label = command.mode_labels.get(self.state.mode, command.label or name)
        return tr(label, self.state.lang), command.toggle(self.state)

    def _n_text(self) -> str:
        return str(self.state.n)

    def _speed_text(self) -> str:
        return tr("speed", self.state.lang, rate=format_speed(self.state.speed))
