"""Messages a teacher understands (issue 36, item 3), in both languages: a file that is not a
lesson says so and why in words; a long path is shortened in its middle and stays readable; no
parser, errno or exception text reaches a banner; the Run until box says what to type."""

from __future__ import annotations

import errno
import json
import re

import pygame
import pytest

from tests.run import viz
from tests.ui import FRAME, click, click_button, new_app, press
from tests.visualizer.core.test_until import choose
from visualizer.core.lesson import LessonError, parse_lesson
from visualizer.look.wording import file_problem, readable, short_path

#: Words of a machine that must never reach a teacher's banner.
MACHINE_WORDS = ("Expecting", "line 1 column", "Traceback", "Errno", "JSONDecodeError", "codec", "'utf-8'")

NOT_LESSONS = [
    ("passwd", b"root:x:0:0:root:/root:/bin/bash\n", "it is not JSON", "它不是 JSON"),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\xff\xfe", "it is not text", "它不是文本"),
    ("a list", b"[1, 2, 3]", "not an object of named fields", "不是带字段名的对象"),
    (
        "another program's",
        b'{"format": "vscode-settings", "n": 3}',
        "another program's file",
        "别的程序的文件",
    ),
    (
        "no lesson fields",
        b'{"name": "my notes", "items": []}',
        "it lacks a lesson's fields",
        "缺少课程的字段",
    ),
    ("newer", b'{"format": "nqueens-lesson", "version": 9}', "a newer version", "更新版本"),
]


@pytest.mark.parametrize(("what", "body", "english", "chinese"), NOT_LESSONS, ids=[c[0] for c in NOT_LESSONS])
def test_a_file_that_is_not_a_lesson_says_so_in_words_in_both_languages(
    tmp_path, what, body, english, chinese
):
    path = tmp_path / "notes.json"
    path.write_bytes(body)
    with pytest.raises(LessonError) as raised:
        parse_lesson(body)
    assert english in raised.value.words("en") and chinese in raised.value.words("zh")
    for lang, said in (("en", english), ("zh", chinese)):
        app = new_app(8, "backtracking", lang=lang)
        try:
            app.dispatch("lesson-open", str(path))
            text, kind = app.banner[:2]
            assert kind == "error" and said in text and str(path) in text, text
            assert not any(word in text for word in MACHINE_WORDS), text
            assert app.mode.n == 8
        finally:
            app.close()


def test_the_command_line_says_the_same_in_one_line(tmp_path):
    path = tmp_path / "passwd"
    path.write_text("root:x:0:0:root:/root:/bin/bash\n")
    done = viz("--lesson", str(path))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "This file is not a lesson (it is not JSON)" in done.stderr
    assert not any(word in done.stderr for word in MACHINE_WORDS)


def test_a_5000_character_path_is_shortened_in_the_middle_and_readable(tmp_path):
    long = "/" + "/".join(["a-very-long-folder-name"] * 210) + "/my lesson.json"
    assert len(long) > 5000
    app = new_app(8, "backtracking")
    try:
        app.dispatch("lesson-open", long)
        text = app.banner[0]
        assert len(text) < 300 and "…" in text and "my lesson.json" in text and text.startswith("Error: ")
        assert text.endswith("(the name is too long)")
        app.tick(FRAME)
        from visualizer.render.panels import banner_lines

        font, lines = banner_lines(app.layout.banner, text, "en")
        assert font.get_height() >= 14 and len(lines) <= 3  # a size a class reads, not 8 px
    finally:
        app.close()


def test_short_path_keeps_both_ends_and_escapes_control_characters():
    assert short_path("/home/ann/x.json") == "/home/ann/x.json"
    shown = short_path("/home/" + "d" * 300 + "/four queens.json", 60)
    assert len(shown) == 60 and shown.startswith("/home/ddd") and shown.endswith("/four queens.json")
    assert short_path("/tmp/a\nb\x07.json") == "/tmp/a\\nb\\x07.json"
    assert readable("Saved " + "x" * 3000).count("…") == 1


@pytest.mark.parametrize(
    ("code", "english", "chinese"),
    [
        (errno.ENOSPC, "the disk is full", "磁盘已满"),
        (errno.EACCES, "permission", "权限"),
        (errno.EROFS, "read-only", "只读"),
        (errno.ENOENT, "does not exist", "不存在"),
    ],
)
def test_a_file_error_is_said_in_words(code, english, chinese):
    error = OSError(code, "machine words", "/x/y.json")
    assert english in file_problem(error, "en") and chinese in file_problem(error, "zh")


def test_a_full_disk_while_saving_a_lesson_is_a_banner_in_words(tmp_path, monkeypatch):
    from visualizer.features import lessons

    def full(path, data, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(lessons, "write_atomically", full)
    app = new_app(8, "backtracking", lang="zh")
    try:
        app.dispatch("lesson-save", str(tmp_path / "l.json"))
        text = app.banner[0]
        assert app.banner[1] == "error" and "磁盘已满" in text and "No space" not in text
        assert not (tmp_path / "l.json").exists()
    finally:
        app.close()


def test_an_os_error_anywhere_is_worded_by_the_windows_guard(monkeypatch):
    app = new_app(8, "backtracking")
    try:

        def denied(*_args):
            raise PermissionError(errno.EACCES, "Permission denied", "/etc/shadow")

        monkeypatch.setattr(type(app.mode), "step", denied)
        app.dispatch("step")
        text = app.banner[0]
        assert "/etc/shadow: you do not have permission" in text and "Errno" not in text
    finally:
        app.close()


@pytest.mark.parametrize(
    ("option", "typed", "english", "chinese"),
    [
        ("Depth", "", "type the depth to stop at in the box, a whole number from 1 to 8", "1 到 8"),
        ("Depth", "12", "from 1 to 8", "1 到 8"),
        ("Conflict in row", "0", "the row to watch", "要关注的行"),
        ("Solution no.", "0", "which solution", "第几个解"),
    ],
)
def test_run_until_says_what_to_type_in_words(option, typed, english, chinese):
    for lang, said in (("en", english), ("zh", chinese)):
        app = new_app(8, "backtracking", lang=lang)
        try:
            shown = (
                option
                if lang == "en"
                else {"Depth": "深度", "Conflict in row": "某行冲突"}.get(option, "第几个解")
            )
            choose(app, app.controls.until_kind, shown)
            click(app, app.controls.until_value.rect.center)
            app.controls.until_value.set_text(typed)
            press(app, pygame.K_ESCAPE)
            click_button(app, "until")
            text = app.banner[0]
            assert app.banner[1] == "error" and said in text and not re.search(r"until:[a-z]|=", text), text
            assert app.timeline.cursor == 0
        finally:
            app.close()


def test_a_shipped_lessons_fields_still_load_after_the_wording():
    from visualizer.examples import bundled_lessons, lesson_path

    for name in bundled_lessons():
        lesson = parse_lesson(lesson_path(name).read_bytes())
        assert lesson.bookmarks
    assert parse_lesson(json.dumps({"n": 5}).encode()).n == 5  # a hand-written lesson: one field is enough
