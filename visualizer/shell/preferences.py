"""The window's saved settings: open the window from them and save them on every change.

``open_window`` starts the App from the saved settings (command-line options win) and hooks a
``Keeper`` that saves them again whenever they change and on quit. The file itself is
``visualizer/shell/settings.py``; switching language, theme and size at run time is ``appearance.py``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from solvers import registry
from visualizer.look.i18n import tr
from visualizer.look.theme import THEMES
from visualizer.shell.settings import Problem, Settings, SettingsStore

if TYPE_CHECKING:
    from visualizer.app import App


# -- the window's saved settings -------------------------------------------------


def settings_of(app: App, previous: Settings) -> Settings:
    """The app's current choices as Settings (the window size is kept while fullscreen)."""
    width, height = app.surface.get_size()
    if app.surface.get_flags() & pygame.FULLSCREEN:
        width, height = previous.width, previous.height
    return replace(
        previous,
        n=app.mode.n,
        algorithm=app.mode.algorithm,
        speed=float(app.speed),
        lang=app.lang,
        theme=app.theme.name,
        width=int(width),
        height=int(height),
        ui_scale=float(app.ui_scale),
        hatch=app.theme.hatch,
        full_column=app.full_column,
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


#: Room a desktop keeps for a title bar and a task bar when the window is not yet maximized.
DESKTOP_MARGIN = (0, 96)


def desktop_size() -> tuple[int, int] | None:
    """The size of the desktop the window opens on (None: no display knows it)."""
    import pygame

    pygame.display.init()
    sizes = pygame.display.get_desktop_sizes()
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def fits(size: tuple[int, int]) -> bool:
    """Whether a window of ``size`` (with its title bar) fits on the desktop."""
    desktop = desktop_size()
    return desktop is None or (size[0] <= desktop[0] and size[1] + DESKTOP_MARGIN[1] <= desktop[1])


def desktop_fit() -> tuple[int, int]:
    """The largest window that fits the desktop with its title and task bars (1280x800 if unknown)."""
    desktop = desktop_size()
    if desktop is None:
        return (1280, 800)
    return (desktop[0] - DESKTOP_MARGIN[0], desktop[1] - DESKTOP_MARGIN[1])


def maximize() -> None:
    """Ask the window manager to give the window the desktop's usable area (its title bar on screen)."""
    import contextlib
    import warnings

    import pygame

    with contextlib.suppress(pygame.error, AttributeError), warnings.catch_warnings():
        # pygame-ce warns that a display-module window should be drawn through Window.flip;
        # we only maximize it, and the display module has no other way to reach its window
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().maximize()


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
    fill = size is None and (store.first_run or not fits((saved.width, saved.height)))
    app = App(
        chosen_n,
        chosen_algorithm,
        lang=lang or saved.lang,
        size=size or (desktop_fit() if fill else (saved.width, saved.height)),
        mode=mode,
        theme=replace(THEMES[theme or saved.theme], hatch=saved.hatch),
        speed=saved.speed,
        algo2=algo2,
        ui_scale=scale if scale is not None else saved.ui_scale,
        full_column=saved.full_column,
    )
    if fill:  # a first run, or a saved size this desktop cannot show: the desktop's usable area
        maximize()
    if store.problem:
        app.say(problem_text(store.problem, app.lang), "error")
        store.problem = None
    app.on_change.append(Keeper(app, store, saved))
    return app
