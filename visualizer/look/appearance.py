"""How the window looks, switched at run time: language, colour theme and text size.

``next_lang``, ``next_theme`` and ``next_scale`` are what F2, F3 and F4 step through (the App's
``set_lang``, ``set_theme``, ``set_scale``); ``manager_for`` gives the pygame_gui
manager the look needs: fonts are rendered at the scaled size, never bitmap-scaled. Saving the
choices is ``visualizer/shell/preferences.py``'s job.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame_gui

from visualizer.look.i18n import LANGUAGES, font_path
from visualizer.look.layout import Layout
from visualizer.look.theme import CLASSROOM, THEMES, Colour, Theme, relative_luminance
from visualizer.render.fonts import get_font

#: The text sizes F4 cycles through.
SCALES = (1.0, 1.25, 1.5, 2.0)
#: The object id of the control column's algorithm drop-down: the theme makes its own one-line
#: text transparent, the name is drawn wrapped over it (``visualizer/input/name_menu.py``).
NAMES_ID = "#algorithm_names"
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


def next_lang(lang: str) -> str:
    """The language F2 switches to from ``lang``.

    >>> next_lang("en"), next_lang("zh")
    ('zh', 'en')
    """
    return LANGUAGES[(LANGUAGES.index(lang) + 1) % len(LANGUAGES)]


def next_theme(theme: Theme) -> Theme:
    """The theme F3 switches to: classroom, projector, colour-blind safe, then classroom again.

    >>> [next_theme(THEMES[name]).name for name in THEMES]
    ['projector', 'colour-safe', 'classroom']
    """
    names = list(THEMES)
    return THEMES[names[(names.index(theme.name) + 1) % len(names)]] if theme.name in THEMES else CLASSROOM


def _hex(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def gui_theme(theme: Theme, font_size: int) -> dict[str, dict[str, object]]:
    """A pygame_gui theme dict: widget colours from ``theme``, Noto Sans SC at ``font_size`` pixels.

    Noto Sans SC has Latin and Chinese glyphs, so the language menu's "中文" shows in English too.
    The light themes keep pygame_gui's own colours; the dark projector one is black, white and yellow.
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
    # the column's algorithm drop-down: its chosen name is drawn wrapped over it (input/name_menu.py)
    clear = {state: "#00000000" for state in ("normal", "hovered", "selected", "active", "disabled")}
    result[f"{NAMES_ID}.@selected_option"] = {"colours": {f"{k}_text": v for k, v in clear.items()}}
    for size in range(FIT_SMALLEST, font_size):  # a button whose label would be cut takes a smaller one
        # a button; a drop-down's buttons and its list
        for block in (
            fit_class(size),
            *(f"{fit_class(size)}.{part}" for part in ("button", "selection_list")),
        ):
            result[block] = {"font": {**font, "size": str(size)}}
    # labels (the speed label) stand on the window's background: its text colour, in both themes
    result["label"]["colours"] = {"normal_text": _hex(theme.text), "dark_bg": "#00000000"}
    dark = relative_luminance(theme.background) < 0.5
    # a file dialog (visualizer/input/file_dialog.py): its title bar as high as its text, its labels
    # in the dialog's own text colour, a refusal in the accent colour; its drop-downs open upwards
    result["#file_dialog"] = {"misc": {"title_bar_height": str(round(font_size * 1.7 + 6))}}
    on_dialog = _hex(theme.text) if dark else DIALOG_TEXT
    result["#dialog_label"] = {"colours": {"normal_text": on_dialog, "dark_bg": "#00000000"}}
    result["#dialog_problem"] = {
        "colours": {"normal_text": _hex(theme.code_highlight), "dark_bg": "#00000000"}
    }
    result["#form_choice"] = {"misc": {"expand_direction": "up"}}
    if dark:  # a dark theme dresses the widgets too
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


#: pygame_gui's own text colour, on its own dark grey windows (the light themes' file dialogs).
DIALOG_TEXT = "#c5cbd8"
#: The smallest text a button's label is shrunk to so that it is not cut.
FIT_SMALLEST = 10
#: The room a pygame_gui button keeps around its text (borders and padding).
BUTTON_PADDING = 12


def fit_class(size: int) -> str:
    """The theme class of buttons whose label is drawn at ``size`` pixels (see ``label_size``)."""
    return f"@fit_{size}"


@lru_cache(maxsize=4096)
def label_size(text: str, width: int, font_size: int, height: int | None = None) -> int:
    """The text size a button ``width`` pixels wide (and ``height`` high, if given) shows ``text`` at:
    ``font_size``, or the largest smaller size at which the label is whole ("Bookmark" at text size 2
    in a third of the column). Cached: every relayout asks it again for each button, measuring the
    label at each size on the way down (a monkey run's relayouts spent 6 % of it here)."""
    size = font_size

    def cut(size: int) -> bool:
        w, h = get_font(size, "zh").size(text)  # Noto Sans SC, the widgets' font
        return w + BUTTON_PADDING > width or (height is not None and h > height)

    while size > FIT_SMALLEST and cut(size):
        size -= 1
    return size


def gui_font_size(layout: Layout) -> int:
    """pygame_gui's text size for ``layout`` (window size and UI scale together)."""
    return layout.control_text


#: The managers a window keeps (see ``manager_for``): the presenter view's, both languages', both themes'.
KEPT_MANAGERS = 4

ManagerKey = tuple[str, str, int]


def manager_for(
    kept: dict[ManagerKey, pygame_gui.UIManager], layout: Layout, theme: Theme, lang: str
) -> pygame_gui.UIManager:
    """The manager for this theme, language and text size: the window's own from ``kept`` if it
    has one, else a new one, kept (the least recently used dropped past ``KEPT_MANAGERS``).

    A new manager loads Noto Sans SC at every size from ``FIT_SMALLEST`` up (about 0.2 s on a
    loaded 2-core machine), so P, F2, F3 and F4 pressed back and forth reuse the manager they had:
    the relayout kills the old controls, so a kept manager holds no widget while it waits."""
    key = (theme.name, lang, gui_font_size(layout))
    manager = kept.pop(key, None)
    if manager is None:
        look = gui_theme(theme, key[2])
        manager = pygame_gui.UIManager(layout.size, theme_path=look, starting_language=lang)
        while len(kept) >= KEPT_MANAGERS:
            del kept[next(iter(kept))]
    else:
        manager.set_window_resolution(layout.size)
    kept[key] = manager  # the most recently used last
    return manager


def finish_gui_loaders() -> None:
    """End pygame_gui's font loader threads that a half-built UIManager left waiting (a stop signal
    in its constructor): they would block the exit, or crash loading a font after pygame quits."""
    import threading

    from pygame_gui.core.utility import StoppableOutputWorker

    loaders = [t for t in threading.enumerate() if isinstance(t, StoppableOutputWorker)]
    for thread in loaders:
        thread.in_queue.close()  # one end marker per thread, as pygame_gui's own loader does
    for thread in loaders:
        thread.join(2.0)
