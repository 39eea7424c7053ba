"""Keys and widgets: both only name a command; the app carries it out.

``KEYS`` maps a pygame key to a command name, ``Controls`` builds the
pygame_gui widgets of the control column and maps each one back to its
command. Neither knows what a command does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel, UITextEntryLine

from solvers.registry import ALGORITHMS
from visualizer.i18n import tr

MIN_SPEED = 1.0
MAX_SPEED = 10_000.0
#: One press of + or - multiplies the speed by this (four presses per decade).
SPEED_FACTOR = 10**0.25

#: pygame key -> command name (the same names as the headless script's commands).
KEYS: dict[int, str] = {
    pygame.K_r: "reset",
    pygame.K_RIGHT: "step",
    pygame.K_LEFT: "back",
    pygame.K_SPACE: "play",
    pygame.K_n: "next",
    pygame.K_RETURN: "instant",
    pygame.K_KP_ENTER: "instant",
    pygame.K_a: "show-all",
    pygame.K_x: "shade",
    pygame.K_PLUS: "faster",
    pygame.K_EQUALS: "faster",
    pygame.K_KP_PLUS: "faster",
    pygame.K_MINUS: "slower",
    pygame.K_KP_MINUS: "slower",
    pygame.K_LEFTBRACKET: "n-down",
    pygame.K_RIGHTBRACKET: "n-up",
    pygame.K_h: "help",
    pygame.K_QUESTION: "help",
    pygame.K_F11: "fullscreen",
    pygame.K_F2: "lang",  # English / Chinese (visualizer/preferences.py)
    pygame.K_F3: "theme",  # classroom / projector
    pygame.K_F4: "scale",  # text size 1, 1.25, 1.5, 2
    pygame.K_s: "screenshot",
    pygame.K_g: "gif",
    pygame.K_t: "tree",
    pygame.K_y: "gallery",
    pygame.K_ESCAPE: "escape",
    pygame.K_i: "hint",  # game mode: ring the safe squares
    pygame.K_c: "completions",  # game mode: can this position still be completed?
    pygame.K_l: "relaxed",  # game mode: relaxed rules on / off
}
#: Game mode: button -> i18n key of its text (R is "Retry" there).
GAME_BUTTON_TEXTS = {
    "reset": "game_retry",
    "hint": "game_hint_button",
    "completions": "game_completions_button",
}
#: Shift + key -> command, checked before ``KEYS``.
SHIFT_KEYS: dict[int, str] = {
    pygame.K_LEFTBRACKET: "n-jump-down",
    pygame.K_RIGHTBRACKET: "n-jump-up",
}

#: (keys as shown, i18n key of the action) for the help overlay, in reading order.
HELP_ROWS: tuple[tuple[str, str], ...] = (
    ("R", "reset"),
    ("→", "step"),
    ("←", "back"),
    ("Space", "play"),
    ("N", "next"),
    ("Enter", "instant"),
    ("A", "show_all"),
    ("X", "shade"),
    ("+ / =", "faster"),
    ("-", "slower"),
    ("[", "n_down"),
    ("]", "n_up"),
    ("Shift+[", "n_jump_down"),
    ("Shift+]", "n_jump_up"),
    ("H / ?", "help"),
    ("F11", "fullscreen"),
    ("F2", "switch_lang"),
    ("F3", "switch_theme"),
    ("F4", "switch_scale"),
    ("S", "screenshot"),
    ("G", "gif"),
    ("T", "view_tree"),
    ("Y", "view_gallery"),
    ("Esc", "cancel"),
    ("I", "hint"),
    ("C", "completions"),
    ("L", "relaxed"),
)


def command_for_key(event: pygame.event.Event) -> str | None:
    """The command a KEYDOWN event names, or None ("?" is Shift+/ on most keyboards)."""
    if getattr(event, "unicode", "") == "?":
        return "help"
    if event.key == pygame.K_SLASH and event.mod & pygame.KMOD_SHIFT:
        return "help"
    if event.mod & pygame.KMOD_SHIFT and event.key in SHIFT_KEYS:
        return SHIFT_KEYS[event.key]
    return KEYS.get(event.key)


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


def race_options(pair: tuple[str, str], lang: str) -> tuple[list[tuple[str, str]], tuple[str, str]]:
    """The race drop-down's (text, "a,b") options, ``pair`` among them, and the one for ``pair``."""
    from visualizer.core.race import RACE_PAIRS
    from visualizer.race_mode import pair_id

    pairs = list(RACE_PAIRS) if pair in RACE_PAIRS else [*RACE_PAIRS, pair]
    options = [(tr("race_pair", lang, a=a, b=b), pair_id((a, b))) for a, b in pairs]
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
    recording: bool = False
    lang: str = "en"
    game: bool = False  # game mode: game buttons instead of the search's
    relaxed: bool = False  # game mode: relaxed rules
    race_pair: tuple[str, str] | None = None  # race mode: the drop-down offers race pairs instead
    theme: str = "classroom"  # the projector button shows whether the projector theme is on
    ui_scale: float = 1.0  # text size (visualizer/preferences.py): rows grow with it


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
    languages: UIDropDownMenu | None = None

    def build(self) -> None:
        """Create every widget inside ``rect`` (call ``kill`` first on a rebuild)."""
        lang = self.state.lang
        x, y, width = self.rect.x, self.rect.y, self.rect.width
        row = max(24, min(round(40 * self.state.ui_scale), self.rect.height // 19))
        gap = max(4, row // 6)
        half = (width - gap) // 2
        third = (width - 2 * gap) // 3

        def place(name: str, rect: pygame.Rect) -> None:
            self.buttons[name] = UIButton(rect, self._text(name), self.manager)

        options = [(spec.title_zh if lang == "zh" else spec.title, name) for name, spec in ALGORITHMS.items()]
        current = next(option for option in options if option[1] == self.state.algorithm)
        if self.state.race_pair is not None:
            options, current = race_options(self.state.race_pair, lang)
        self.algorithms = UIDropDownMenu(
            [*options],  # a fresh list typed as pygame_gui's list[str | tuple[str, str]] (list is invariant)
            current,
            pygame.Rect(x, y, width, row),
            self.manager,
            expansion_height_limit=row * 10,
        )
        if self.state.game:  # the game has no algorithm to choose
            self.algorithms.hide()
        y += row + gap
        place("n-down", pygame.Rect(x, y, third, row))
        self.n_label = UITextEntryLine(
            pygame.Rect(x + third + gap, y, third, row), self.manager, initial_text=self._n_text()
        )
        self.n_label.set_text_length_limit(9)
        place("n-up", pygame.Rect(x + 2 * (third + gap), y, third, row))
        y += row + 2 * gap
        place("reset", pygame.Rect(x, y, width, row))
        y += row + gap
        if self.state.game:  # game mode: no hidden search to move, the game's own buttons instead
            for name in ("hint", "completions", "relaxed", "shade"):
                place(name, pygame.Rect(x, y, width, row))
                y += row + gap
            y += gap
        else:
            place("back", pygame.Rect(x, y, half, row))
            place("step", pygame.Rect(x + half + gap, y, half, row))
            y += row + gap
            for name in ("play", "next", "instant", "show-all", "shade"):
                place(name, pygame.Rect(x, y, width, row))
                y += row + gap
            y += gap
            self.speed_label = UILabel(pygame.Rect(x, y, width, row), self._speed_text(), self.manager)
            y += row
            self.slider = UIHorizontalSlider(
                pygame.Rect(x, y, width, row), speed_to_slider(self.state.speed), (0.0, 4.0), self.manager
            )
            y += row + 2 * gap
        place("screenshot", pygame.Rect(x, y, half, row))
        place("gif", pygame.Rect(x + half + gap, y, half, row))
        y += row + gap
        place("help", pygame.Rect(x, y, half, row))
        place("fullscreen", pygame.Rect(x + half + gap, y, half, row))
        y += row + 2 * gap
        current_language = next(o for o in LANGUAGE_NAMES if o[1] == lang)
        self.languages = UIDropDownMenu(
            list(LANGUAGE_NAMES),
            current_language,
            pygame.Rect(x, y, half, row),
            self.manager,
            object_id="#language",  # opens upwards (the theme in visualizer/preferences.py)
        )
        place("scale", pygame.Rect(x + half + gap, y, half, row))
        y += row + gap
        place("theme", pygame.Rect(x, y, width, row))
        if self.state.race_pair is not None:  # a race only goes forward
            for name in ("back", "next"):
                self.buttons[name].disable()

    def kill(self) -> None:
        """Remove every widget from the manager."""
        widgets = [self.slider, self.speed_label, self.n_label, self.algorithms, self.languages]
        for element in [*self.buttons.values(), *widgets]:
            if element is not None:
                element.kill()
        self.buttons.clear()

    def refresh(self, state: ControlState) -> None:
        """Update texts that follow the app's state (play/pause, toggles, n, speed)."""
        self.state = state
        changed = False
        for name, button in self.buttons.items():
            text = self._text(name)
            if button.text != text:
                button.set_text(text)
                changed = True
        if self.n_label is not None and not self.typing() and self.n_label.get_text() != self._n_text():
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
        if changed:  # set_text only queues the redraw; a frame drawn before the next update would be stale
            self.manager.update(0.0)

    def typing(self) -> bool:
        """Whether the n entry has the keyboard (keys then type into it, not run commands)."""
        return self.n_label is not None and self.n_label.is_focused

    def command_of(self, event: pygame.event.Event) -> tuple[str, object] | None:
        """The (command, argument) a pygame_gui event names, or None."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.n_label:
            return "n", event.text
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    return name, None
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            return "speed", slider_to_speed(float(event.value))
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.languages:
            code = getattr(event, "selected_option_id", None)
            if code not in {c for _, c in LANGUAGE_NAMES}:
                code = dict(LANGUAGE_NAMES).get(event.text)
            return ("lang", code) if code else None
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.algorithms:
            chosen: str | None = getattr(event, "selected_option_id", None)
            if self.state.race_pair is not None:
                ids = dict(race_options(self.state.race_pair, self.state.lang)[0])
                pair = chosen if chosen and "," in chosen else ids.get(event.text)
                return ("race-pair", pair) if pair else None
            if chosen not in ALGORITHMS:
                titles = {spec.title: key for key, spec in ALGORITHMS.items()}
                titles.update({spec.title_zh: key for key, spec in ALGORITHMS.items()})
                chosen = titles.get(event.text)
            return ("algo", chosen) if chosen else None
        return None

    def _text(self, name: str) -> str:
        lang, state = self.state.lang, self.state
        on, off = tr("on", lang), tr("off", lang)
        if name == "play":
            return tr("pause" if state.playing else "play", lang)
        if name == "show-all":
            return tr("toggle", lang, label=tr("show_all", lang), state=on if state.show_all else off)
        if name == "shade":
            return tr("toggle", lang, label=tr("shade", lang), state=on if state.shade else off)
        if name == "gif":
            return tr("gif_stop" if state.recording else "gif", lang)
        if name == "theme":
            projector = state.theme == "projector"
            return tr("toggle", lang, label=tr("projector", lang), state=on if projector else off)
        if name == "scale":
            return tr("ui_scale", lang, scale=f"{state.ui_scale:g}")
        if state.game and name in GAME_BUTTON_TEXTS:
            return tr(GAME_BUTTON_TEXTS[name], lang)
        if name == "relaxed":
            label = tr("game_relaxed_button", lang)
            return tr("toggle", lang, label=label, state=on if state.relaxed else off)
        return tr(name.replace("-", "_"), lang)

    def _n_text(self) -> str:
        return str(self.state.n)

    def _speed_text(self) -> str:
        return tr("speed", self.state.lang, rate=format_speed(self.state.speed))
