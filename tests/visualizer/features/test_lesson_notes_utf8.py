"""A note may hold any code point (issue 36 item 5): what UTF-8 cannot hold (a lone surrogate, from a
JSON escape or a command line's bytes) is saved back as U+FFFD, and the banner says so."""

from __future__ import annotations

import json

import pytest

from tests.run import viz
from tests.ui import new_app
from visualizer.core.lesson import parse_lesson

ESCAPED = '{"n": 6, "bookmarks": [{"event": 4, "note": {"en": "a\\ud800b", "zh": "\\udfff"}}, {"event": 9}]}'


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_opened_note_with_a_lone_surrogate_saves_back_and_the_banner_says_so(tmp_path, lang):
    source, saved = tmp_path / "in.json", tmp_path / "out.json"
    source.write_text(ESCAPED, encoding="ascii")
    app = new_app(6, "backtracking", lang=lang)
    try:
        app.dispatch("lesson-open", str(source))
        app.dispatch("lesson-save", str(saved))
        assert app.banner is not None and app.banner[1] == "info"
        assert "2" in app.banner[0] and "U+FFFD" in app.banner[0]
    finally:
        app.close()
    lesson = parse_lesson(saved.read_bytes())  # UTF-8 through and through
    assert [mark.note for mark in lesson.bookmarks] == [(("en", "a\ufffdb"), ("zh", "\ufffd")), ()]


def test_a_typed_note_from_a_command_line_in_another_encoding_saves(tmp_path):
    app = new_app(6, "backtracking")
    try:
        app.dispatch("bookmark", "caf\udce9")  # b"caf\xe9" (Latin-1) read by Python as UTF-8
        app.dispatch("lesson-save", str(tmp_path / "typed.json"))
        assert app.banner is not None and "U+FFFD" in app.banner[0]
    finally:
        app.close()
    data = json.loads((tmp_path / "typed.json").read_text(encoding="utf-8"))
    assert data["bookmarks"][0]["note"] == {"en": "caf\ufffd"}


def test_a_plain_note_saves_with_the_plain_banner(tmp_path):
    app = new_app(6, "backtracking")
    try:
        app.dispatch("bookmark", "皇后 ♛ 𝄞")
        app.dispatch("lesson-save", str(tmp_path / "plain.json"))
        assert app.banner is not None and app.banner[1] == "success" and "U+FFFD" not in app.banner[0]
    finally:
        app.close()
    assert json.loads((tmp_path / "plain.json").read_text(encoding="utf-8"))["bookmarks"][0]["note"] == {
        "en": "皇后 ♛ 𝄞"
    }


def test_headless_the_saved_lesson_opens_again(tmp_path):
    source, saved = tmp_path / "in.json", tmp_path / "out.json"
    source.write_text(ESCAPED, encoding="ascii")
    done = viz(
        "--lesson", str(source), "--script", f"lesson-save:{saved};lesson-open:{saved};goto-bookmark:1"
    )
    assert done.returncode == 0, done.stderr
