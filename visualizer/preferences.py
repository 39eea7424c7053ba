"""Ready for a classroom: language, theme and UI scale at run time, and the window's saved settings.

``install(app)`` adds the commands ``lang``, ``theme`` and ``scale`` (F2, F3, F4 and the control
column's widgets name them). ``manager_for(app)`` gives the pygame_gui manager themed for the
app's colours, language and text size: fonts are rendered at the scaled size, never bitmap-scaled.
``open_window`` starts the window from the saved settings (command-line options win) and saves
them again on every change and on quit.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from solvers import registry
from visualizer.i18n import LANGUAGES, font_path, tr
from visualizer.settings import Problem, Settings, SettingsStore
from visualizer.theme import CLASSROOM, THEMES, Colour, Theme

if TYPE_CHECKING:
    from visualizer.app import App

#: The text sizes F4 cycles through.
SCALES = (1.0, 1.25, 1.5, 2.0)
MIN_SCALE, MAX_SCALE = 0.5, 4.0
#: pygame_gui's own text size at scale 1 (its default).
GUI_FONT = 14
#: Element types whose font the theme sets (the drop-down and slider buttons inherit from these).
FONT_ELEMENTS = (
    "button",
    "label",
    "drop_down_menu",
    "horizontal_slider",
    "text_entry_line",
    "text_box",
    "tool_tip",
)


def next_scale(scale: float) -> float:
    """The next size of ``SCALES`` after ``scale`` (back to the first after the last).

    >>> next_scale(1.0), next_scale(2.0), next_scale(1.1)
    (1.25, 1.0, 1.25)
    """
    return next((s for s in SCALES if s > scale + 1e-9), SCALES[0])


def parse_preference(name: str, text: str) -> str | float:
    """The checked argument of ``lang``, ``theme`` or ``scale``; ValueError says why not.

    >>> parse_preference("scale", "1.5"), parse_preference("lang", "zh")
    (1.5, 'zh')
    """
    text = text.strip().lower()
    if name == "lang":
        if text not in LANGUAGES:
            raise ValueError(f"lang needs one of: {', '.join(LANGUAGES)} (got {text!r})")
        return text
    if name == "theme":
        if text not in THEMES:
            raise ValueError(f"theme needs one of: {', '.join(THEMES)} (got {text!r})")
        return text
    if name == "scale":
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"scale must be a number such as 1.5 (got {text!r})") from None
        if not MIN_SCALE <= value <= MAX_SCALE:
            raise ValueError(f"scale must be between {MIN_SCALE} and {MAX_SCALE} (got {text!r})")
        return value
    raise ValueError(f"unknown preference {name!r}")


def _hex(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def gui_theme(theme: Theme, font_size: int) -> dict[str, dict[str, object]]:
    """A pygame_gui theme dict: widget colours from ``theme``, Noto Sans SC at ``font_size`` pixels.

    Noto Sans SC has Latin and Chinese glyphs, so the language menu's "中文" shows in English too.
    The classroom theme keeps pygame_gui's own colours; the projector one is black, white and yellow.
    """
    font = {
        "name": "noto_sans_sc",
        "size": str(font_size),
        "regular_path": str(font_path("zh")),
        "bold_path": str(font_path("zh", bold=True)),
    }
    result: dict[str, dict[str, Any]] = {name: {"font": font} for name in FONT_ELEMENTS}
    item_height = {"list_item_height": str(round(font_size * 1.5))}  # drop-down lists: room for the text
    result["drop_down_menu"]["misc"] = dict(item_height)
    result["selection_list"] = {"font": font, "misc": dict(item_height)}
    result["#language"] = {"misc": {"expand_direction": "up"}}  # the language menu sits at the bottom
    if theme.name != CLASSROOM.name:
        accent = theme.code_highlight
        colours = {
            "normal_bg": _hex(theme.panel),
            "hovered_bg": _hex(_mix(theme.panel, theme.text, 0.25)),
            "active_bg": _hex(accent),
            "selected_bg": _hex(accent),
            "disabled_bg": _hex(theme.background),
            "dark_bg": _hex(theme.background),
            "normal_text": _hex(theme.text),
            "hovered_text": _hex(theme.text),
            "active_text": _hex(theme.background),
            "selected_text": _hex(theme.background),
            "disabled_text": _hex(theme.muted_text),
            "normal_border": _hex(theme.text),
            "hovered_border": _hex(accent),
            "active_border": _hex(accent),
            "selected_border": _hex(accent),
            "disabled_border": _hex(theme.muted_text),
        }
        result["defaults"] = {"colours": colours}
        for name in ("button", "drop_down_menu", "horizontal_slider"):
            result[name].setdefault("misc", {}).update({"border_width": "2", "shadow_width": "0"})
    return result


def gui_font_size(app: App) -> int:
    """pygame_gui's text size for the app's layout (window size and UI scale together), never below
    pygame_gui's own and never wider than the control column has room for (a 200-pixel column per 14)."""
    return round(GUI_FONT * max(1.0, min(app.layout.scale, app.layout.controls.w / 200)))


def manager_for(app: App) -> pygame_gui.UIManager:
    """The app's manager if its theme, language and text size still hold, else a new one."""
    key = (app.theme.name, app.lang, gui_font_size(app))
    manager = getattr(app, "manager", None)
    if manager is not None and getattr(manager, "classroom_key", None) == key:
        manager.set_window_resolution(app.layout.size)
        return manager
    manager = pygame_gui.UIManager(
        app.layout.size, theme_path=gui_theme(app.theme, key[2]), starting_language=app.lang
    )
    manager.classroom_key = key  # type: ignore[attr-defined]
    return manager


def _restyle(app: App) -> None:
    """Rebuild the layout, the manager and the widgets after a language, theme or scale change."""
    pygame.display.set_caption(tr("title", app.lang))
    app.relayout(app.surface.get_size())


def set_lang(app: App, lang: str | None = None) -> None:
    """English or Chinese (F2 swaps); every label, title and the code panel follow."""
    lang = LANGUAGES[(LANGUAGES.index(app.lang) + 1) % len(LANGUAGES)] if lang is None else lang
    app.lang = str(parse_preference("lang", str(lang)))
    if app.game is not None:
        app.game.lang = app.lang
    if app.racing is not None and hasattr(app.racing, "lang"):
        app.racing.lang = app.lang
    _restyle(app)


def set_theme(app: App, name: str | None = None) -> None:
    """The classroom or the high-contrast projector theme (F3 swaps)."""
    if name is None:
        name = CLASSROOM.name if app.theme.name != CLASSROOM.name else "projector"
    app.theme = THEMES[str(parse_preference("theme", str(name)))]
    _restyle(app)


def set_scale(app: App, scale: float | str | None = None) -> None:
    """Text and widget size, 0.5 to 4 (F4 cycles 1, 1.25, 1.5, 2)."""
    app.ui_scale = next_scale(app.ui_scale) if scale is None else float(parse_preference("scale", str(scale)))
    _restyle(app)


def install(app: App) -> None:
    """Add the ``lang``, ``theme`` and ``scale`` commands to ``app``."""
    app.commands["lang"] = lambda lang=None: set_lang(app, lang)
    app.commands["theme"] = lambda name=None: set_theme(app, name)
    app.commands["scale"] = lambda scale=None: set_scale(app, scale)


# -- the window's saved settings -------------------------------------------------


def settings_of(app: App, previous: Settings) -> Settings:
    """The app's current choices as Settings (the window size is kept while fullscreen)."""
    width, height = app.surface.get_size()
    if app.surface.get_flags() & pygame.FULLSCREEN:
        width, height = previous.width, previous.height
    return replace(
        previous,
        n=app.timeline.n,
        algorithm=app.spec.name,
        speed=float(app.speed),
        lang=app.lang,
        theme=app.theme.name,
        width=int(width),
        height=int(height),
        ui_scale=float(app.ui_scale),
    ).validated()


class Keeper:
    """Saves the app's settings whenever they differ from the last saved ones."""

    def __init__(self, app: App, store: SettingsStore, saved: Settings) -> None:
        self.app, self.store, self.saved = app, store, saved
        self._reported = False

    def __call__(self) -> None:
        current = settings_of(self.app, self.saved)
        if current == self.saved:
            return
        if self.store.save(current):
            self.saved = current
        elif not self._reported and self.store.problem:
            self._reported = True
            self.app.say(problem_text(self.store.problem, self.app.lang), "error")


def problem_text(problem: Problem, lang: str) -> str:
    """The banner for a settings-file problem, in ``lang``."""
    return tr(f"settings_{problem.kind}", lang, path=problem.path)


def open_window(
    *,
    n: int | None = None,
    algorithm: str | None = None,
    lang: str | None = None,
    theme: str | None = None,
    scale: float | None = None,
    size: tuple[int, int] | None = None,
    mode: str = "watch",
    algo2: str | None = None,
    store: SettingsStore | None = None,
) -> App:
    """The window's App from the saved settings; each given option overrides its saved value.

    A corrupt settings file becomes one banner; the app saves on every change and on quit.
    """
    from visualizer.app import App

    store = store or SettingsStore()
    saved = store.load()
    chosen_algorithm = algorithm or saved.algorithm
    chosen_n = n
    if chosen_n is None:  # the saved n, brought into the range of the algorithm (and of the game)
        low, high = registry.get(chosen_algorithm).min_n, registry.get(chosen_algorithm).max_n
        if mode == "game":
            from visualizer.core.game import MAX_N, MIN_N

            low, high = max(low, MIN_N), min(high, MAX_N)
        chosen_n = min(max(saved.n, low), high)
    app = App(
        chosen_n,
        chosen_algorithm,
        lang=lang or saved.lang,
        size=size or (saved.width, saved.height),
        mode=mode,
        theme=THEMES[theme or saved.theme],
        speed=saved.speed,
        algo2=algo2,
        ui_scale=scale if scale is not None else saved.ui_scale,
    )
    if store.problem:
        app.say(problem_text(store.problem, app.lang), "error")
        store.problem = None
    app.on_change.append(Keeper(app, store, saved))
    return app
