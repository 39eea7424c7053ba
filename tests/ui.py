"""Real-input helpers for the UI tests: frames, clicks, key presses, pixels.

Events go through pygame's queue and the App's own ``tick``, exactly as in the window.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from visualizer.app import App

FRAME = 1 / 60


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click at ``pos``: move, press, release, with frames between."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.tick(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.tick(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.tick(FRAME)
    app.tick(FRAME)  # pygame_gui posts the button's event on mouse-up; this frame handles it


def click_button(app: App, name: str) -> None:
    """Click the centre of the control-column button ``name``."""
    click(app, app.controls.buttons[name].rect.center)


def choose(app: App, text: str) -> None:
    """Open the algorithm drop-down with a click and click the option starting with ``text``."""
    menu = app.controls.algorithms
    assert menu is not None
    click(app, menu.rect.center)
    options = menu.current_state.options_selection_list.item_list  # type: ignore[union-attr]
    option = next(item for item in options if item["text"].startswith(text))
    click(app, option["button_element"].rect.center)
    for _ in range(3):  # the selection list, then the drop-down, then the app hear it
        app.tick(FRAME)


def press(app: App, key: int, unicode: str = "", mod: int = 0) -> None:
    """A key press (down and up) and a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    app.tick(FRAME)


def type_key(app: App, key: int, char: str, mod: int = 0) -> None:
    """A key as SDL sends it from a keyboard: KEYDOWN, its TEXTINPUT, KEYUP, then a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=char, scancode=0))
    app.tick(FRAME)


def type_text(app: App, text: str) -> None:
    """``text`` typed key by key (KEYDOWN + TEXTINPUT each), a frame after each."""
    for char in text:
        type_key(app, pygame.key.key_code(char) if char.isascii() and char.isalnum() else 0, char)


def enter(app: App) -> None:
    """Enter, and the frame on which pygame_gui's "finished" event is handled."""
    press(app, pygame.K_RETURN)
    app.tick(FRAME)


def settle(app: App, seconds: float = 60.0) -> None:
    """Frames until the window's background work (a search, an export, a GIF being written) is
    done and reported (``until`` it is not busy), then one more."""
    until(app, lambda: not app.busy, seconds)
    app.tick(FRAME)


def until(app: App, condition: Callable[[], bool], seconds: float = 60.0) -> None:
    """Frames until ``condition`` holds, each waiting for the window's background work up to
    0.1 s (``seconds`` in all at most): never a fixed count of frames, which a loaded machine
    may not give the worker enough time in."""
    for _ in range(int(seconds * 10)):
        if condition():
            return
        app.join(0.1)
        app.tick(FRAME)
    assert condition(), "the condition did not come true"


def pixels(app: App, rect: pygame.Rect) -> bytes:
    """The RGB bytes of ``rect`` on the app's surface, freshly drawn."""
    app.draw()
    return pygame.image.tobytes(app.surface.subsurface(rect), "RGB")


def new_app(*args: object, **kwargs: object) -> App:
    """An App in a 1280x800 window (unless ``size`` is given), one frame drawn, with every control
    in its column (``full_column=False``: the simple column a first run shows, tested on its own)."""
    kwargs.setdefault("size", (1280, 800))
    kwargs.setdefault("full_column", True)
    application = App(*args, **kwargs)  # type: ignore[arg-type]
    application.tick(FRAME)
    return application


def share_near(app: App, rect: pygame.Rect, colour: tuple[int, int, int], tolerance: int = 24) -> float:
    """The share of sampled pixels in ``rect`` within ``tolerance`` of ``colour``."""
    hits = total = 0
    for x in range(rect.left + 1, rect.right - 1, 2):
        for y in range(rect.top + 1, rect.bottom - 1, 2):
            pixel = app.surface.get_at((x, y))
            total += 1
            hits += all(abs(pixel[i] - colour[i]) <= tolerance for i in range(3))
    return hits / total


def type_n(app: App, text: str) -> None:
    """Click the n box, clear it, type ``text`` and press Enter (real events)."""
    assert app.controls.n_label is not None
    click(app, app.controls.n_label.rect.center)
    assert app.controls.typing()
    for _ in range(12):
        press(app, pygame.K_BACKSPACE)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.tick(FRAME)
    press(app, pygame.K_RETURN, "\r")
    app.tick(FRAME)  # pygame_gui posts "entry finished" while handling Enter; this frame runs it


def dialog(app: App):  # -> visualizer.input.file_dialog.FileDialog
    """The file dialog open now (it fails the test when none is)."""
    opened = app.prompt.dialog
    assert opened is not None and opened.alive(), app.banner
    return opened


def answer_dialog(app: App, text: str) -> None:
    """In the open file dialog: the path box given the keys (unless it has them), emptied (Ctrl+A,
    Backspace), ``text`` typed into it, then Enter."""
    box = dialog(app).file_path_text_line
    if not box.is_focused:
        click(app, box.rect.center)
    press(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_BACKSPACE)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.tick(FRAME)
    enter(app)
