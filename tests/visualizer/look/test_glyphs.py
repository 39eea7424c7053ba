"""Every Chinese string the window can say draws with real glyphs (issue 38): no character falls to
the font's .notdef box (the presenter view once drew "0.0 □" for 0.0 秒)."""

from __future__ import annotations

import pygame
import pytest

from visualizer.look.i18n import STRINGS
from visualizer.render.fonts import font_for

NOT_A_CHARACTER = "\U0010fffd"  # private use: no font here has it, so it draws as .notdef


def missing_glyphs(font: pygame.font.Font, text: str) -> list[str]:
    """The characters of ``text`` that ``font`` draws as its .notdef box."""
    box = pygame.image.tobytes(font.render(NOT_A_CHARACTER, True, (0, 0, 0)), "RGBA")
    return [
        ch
        for ch in sorted(set(text) - set(" \n\t"))
        if pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA") == box
    ]


@pytest.mark.parametrize("bold", [False, True])
def test_every_chinese_string_has_every_glyph(bold):
    pygame.font.init()
    gaps = {}
    for key, (_, chinese) in STRINGS.items():
        font = font_for(chinese, 18, "zh", bold)
        if lost := missing_glyphs(font, chinese):
            gaps[key] = lost
    assert gaps == {}


def test_a_counter_value_with_a_chinese_unit_draws_its_unit():
    pygame.font.init()
    value = "0.0 秒"
    assert missing_glyphs(font_for(value, 24, "zh", True), value) == []
    assert missing_glyphs(font_for(value, 24, "en", True), value) == []  # the value's own script decides
