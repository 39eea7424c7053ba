"""A newcomer's 45-minute lesson in a real window, compressed: every mode, every view, each prompt
with a typo and with an empty answer, the presenter view, F11, a resize and Alt+F4. The window must
answer all of it, end with status 0 and print nothing on stderr."""

from __future__ import annotations

import pytest

from tests.e2e.xwindow import SCREEN, WINDOW, Window

#: Prompts: the key that opens each, then a typo, then the same prompt emptied and answered.
PROMPTS = ("e", "b", "u", "ctrl+o", "ctrl+s")
#: Views and toggles a teacher shows, each pressed on and off again.
VIEWS = ("t", "y", "k", "d", "x", "c", "h", "p", "F5", "F6", "F7", "F2", "F3", "F4")
#: What a lesson does in each mode, beyond the prompts.
MODE_KEYS = {
    "watch": ("space", "space", "Right", "Right", "Left", "n", "a", "n", "a", "Next", "Prior", "r", "Return"),
    "race": ("space", "space", "n", "Right", "Return", "r"),
    "game": ("i", "i", "r", "Right"),
    "predict": ("Right", "n", "r"),
}


def answer(window: Window, prompt: str, text: str) -> None:
    """Open ``prompt``, empty its box, type ``text`` (nothing: the empty answer), press Enter."""
    window.key(prompt)
    window.key("ctrl+a")
    window.key("BackSpace")
    if text:
        window.type(text)
    window.key("Return")


@pytest.mark.parametrize("mode", list(MODE_KEYS))
def test_a_lesson_in_every_mode_ends_with_status_0_and_nothing_on_stderr(xvfb_display, tmp_path, mode):
    window = Window(xvfb_display, tmp_path, "--mode", mode, "--n", "6")
    try:
        assert window.wait_size(WINDOW) == WINDOW
        for key in MODE_KEYS[mode]:
            window.key(key)
        for key in VIEWS:
            window.key(key)
            window.key(key)
        for key in ("p", "Right", "Next", "Prior", "Escape"):  # the presenter view, left with Esc
            window.key(key)
        window.key("p")
        window.click((WINDOW[0] // 2, WINDOW[1] // 2))  # a click brings the controls back, and only that
        for prompt in PROMPTS:
            answer(window, prompt, "hello:7x/..")  # a typo in every kind of answer
            answer(window, prompt, "")
            window.key("Escape")  # whatever is still open closes
        window.switch_to(SCREEN, lambda: window.key("F11"))
        window.switch_to(WINDOW, lambda: window.key("F11"))
        window.resize((1280, 800))
        assert window.wait_size((1280, 800)) == (1280, 800)
        assert window.process.poll() is None, "the window ended during the lesson"
        window.close()
        status, stderr = window.wait_exit()
        assert (status, stderr) == (0, ""), stderr
    finally:
        window.process.kill()
