"""Every string the window shows exists in both languages, and the font used
for each language has a glyph for every character in it."""

from __future__ import annotations

import re
import string

import pygame.freetype
import pytest

from solvers import registry
from visualizer.look.i18n import LANGUAGES, STRINGS, font_path, tr


def ui_texts(lang: str) -> list[str]:
    index = 0 if lang == "en" else 1
    # the exported web page's own strings (web_*) are drawn by the browser's fonts, not the window's
    texts = [pair[index] for key, pair in STRINGS.items() if not key.startswith("web_")]
    for spec in registry.ALGORITHMS.values():
        texts += [spec.title, spec.summary] if lang == "en" else [spec.title_zh, spec.summary_zh]
        texts += list(spec.code_in(lang))
    return texts


def test_every_key_has_both_languages():
    for key, (english, chinese) in STRINGS.items():
        assert english.strip() and chinese.strip(), key
        fields_en = [f for _, f, _, _ in string.Formatter().parse(english) if f]
        fields_zh = [f for _, f, _, _ in string.Formatter().parse(chinese) if f]
        assert sorted(fields_en) == sorted(fields_zh), key
    assert tr("reset", "zh") == "重置" and tr("reset", "en") == "Reset"


def test_chinese_strings_are_translated():
    """A Chinese string identical to the English one is only fine without words ("n = {n}")."""
    untranslated = [k for k, (en, zh) in STRINGS.items() if en == zh and re.search(r"[A-Za-z]{2,}", en)]
    assert not untranslated


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_font_has_every_glyph(lang):
    pygame.freetype.init()
    font = pygame.freetype.Font(str(font_path(lang)), 20)
    characters = sorted({ch for text in ui_texts(lang) for ch in text if not ch.isspace()})
    metrics = font.get_metrics("".join(characters))
    missing = [ch for ch, glyph in zip(characters, metrics, strict=True) if glyph is None]
    assert not missing, f"{lang} font lacks {''.join(missing)!r}"


def test_the_glyph_check_can_fail():
    pygame.freetype.init()
    latin = pygame.freetype.Font(str(font_path("en")), 20)
    assert latin.get_metrics("重")[0] is None
