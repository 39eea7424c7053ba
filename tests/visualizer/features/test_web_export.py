"""The window's web-page export (issue 24): the Web page button and Shift+E ask for the stretch,
the page is built off the window's thread and saved with a banner; headless
``export-html:FROM-TO:PATH`` (bookmarks ``bK``, or ``all``) writes it; a bad or oversized request
exits 2 with one line and writes nothing."""

from __future__ import annotations

import base64
import json
import re
import zlib

import pygame
import pytest

from tests.run import viz
from tests.ui import FRAME, click_button, new_app, press


def data_of(html: str) -> dict:
    found = re.search(r'<script type="application/octet-stream" id="data">([^<]+)</script>', html)
    assert found is not None
    return json.loads(zlib.decompress(base64.b64decode(found.group(1))))


def wait_for_page(app) -> None:
    """Frames until the page job has ended (its banner said)."""
    for _ in range(2000):
        job = app.lessons.page
        if job is None:
            return
        if job[0]._thread is not None:
            job[0]._thread.join(0.05)
        app.tick(FRAME, draw=False)
    raise AssertionError("the page was never built")


def test_headless_export_between_bookmarks_keeps_their_notes(tmp_path):
    path = tmp_path / "lesson.html"
    script = f"until:event=5;bookmark:first;until:event=25;bookmark:second;export-html:b1-b2:{path}"
    done = viz("--n", "6", "--algo", "forward-checking", "--script", script)
    assert done.returncode == 0, done.stderr
    data = data_of(path.read_text(encoding="utf-8"))
    assert data["trace"]["first"] == 5 and data["trace"]["count"] == 21
    assert [(m["frame"], m["note"]["en"]) for m in data["bookmarks"]] == [(0, "first"), (20, "second")]
    assert data["trace"]["domains"] and data["trace"]["algorithm"] == "forward-checking"


def test_headless_all_is_the_whole_run(tmp_path):
    path = tmp_path / "all.html"
    done = viz("--n", "4", "--script", f"export-html:all:{path}")
    assert done.returncode == 0, done.stderr
    data = data_of(path.read_text(encoding="utf-8"))
    assert data["trace"]["first"] == 0 and data["trace"]["count"] == 79  # events 0 to 78: the whole walk


def test_a_race_in_the_window_exports_both_sides(tmp_path):
    path = tmp_path / "race.html"
    script = f"step:40;export-html:0-300:{path}"
    done = viz("--lesson", "why-backtracking-beats-brute-force", "--script", script)
    assert done.returncode == 0, done.stderr
    data = data_of(path.read_text(encoding="utf-8"))
    assert (data["trace"]["algorithm"], data["race"]["algorithm"]) == ("brute-force", "backtracking")
    assert data["count"] == 301 and data["questions"] == []
    assert [mark["frame"] for mark in data["bookmarks"]] == [0, 22, 197]


def test_the_button_asks_and_enter_writes_the_page_with_a_banner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = new_app(6, "backtracking")
    try:
        app.dispatch("step", 10)
        click_button(app, "export-html")
        assert app.prompt.active and app.prompt.entry.get_text() == "10-1010:nqueens-lesson.html"
        app.prompt.entry.set_text("10-60:page.html")
        press(app, pygame.K_RETURN)
        app.tick(FRAME)
        wait_for_page(app)
        assert app.banner is not None and app.banner[1] == "success" and "51 events" in app.banner[0]
        assert data_of((tmp_path / "page.html").read_text(encoding="utf-8"))["trace"]["count"] == 51
        assert app.timeline.cursor == 10  # the window's own run never moved
    finally:
        app.close()


def test_shift_e_opens_the_same_question(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = new_app(6, "backtracking")
    try:
        press(app, pygame.K_e, "E", pygame.KMOD_SHIFT)
        assert app.prompt.active and app.prompt.entry.get_text().endswith(":nqueens-lesson.html")
    finally:
        app.close()


def test_an_oversized_page_is_a_banner_in_the_window(tmp_path):
    app = new_app(8, "backtracking")
    try:
        app.dispatch("export-html", ("0", "150000", str(tmp_path / "big.html")))
        wait_for_page(app)
        assert app.banner is not None and app.banner[1] == "error" and "at most 100,000" in app.banner[0]
        assert not list(tmp_path.iterdir())
    finally:
        app.close()


@pytest.mark.parametrize(
    "script",
    [
        "export-html:5:x.html",
        "export-html:0-10:x.gif",
        "export-html:0-10",
        "export-html:0-10:/no/such/folder/x.html",
        "export-html:10-0:x.html",
        "export-html:0-200000:x.html",
        "export-html:b1-b2:x.html",
        "mode:game;export-html:0-3:x.html",
    ],
)
def test_bad_web_exports_exit_2_with_one_line(script, tmp_path):
    done = viz("--script", script.replace("x.", f"{tmp_path}/x."))
    assert done.returncode == 2, done.stdout
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert not list(tmp_path.iterdir())


def test_a_file_name_goes_into_the_page_as_text_and_only_where_it_is_shown(tmp_path):
    """A search file named ``tmpl@@DATA@@<b>.py``: the title holds the name escaped, never the data."""
    from tests import EXAMPLE_SEARCHES

    search = tmp_path / "tmpl@@DATA@@<b>.py"
    search.write_bytes((EXAMPLE_SEARCHES / "backtracking.py").read_bytes())
    path = tmp_path / "page.html"
    done = viz("--search", str(search), "--n", "5", "--script", f"export-html:0-40:{path}")
    assert done.returncode == 0, done.stderr
    html = path.read_text(encoding="utf-8")
    titles = re.findall(r"<title>([^<]*)</title>", html)
    assert titles == ["Your search (tmpl@@DATA@@&lt;b&gt;.py) · n = 5"]
    assert html.count("tmpl@@DATA@@&lt;b&gt;.py") == 2  # the title and the heading, nowhere else
    assert data_of(html)["trace"]["count"] == 41 and len(html) < 60_000


def test_a_note_with_a_lone_surrogate_is_exported_as_the_replacement_character(tmp_path):
    lesson = tmp_path / "lesson.json"
    lesson.write_text(
        '{"n": 5, "bookmarks": [{"event": 3, "note": {"en": "a\\ud800b", "zh": "\\udcff"}}]}',
        encoding="ascii",
    )
    path = tmp_path / "page.html"
    done = viz("--lesson", str(lesson), "--script", f"export-html:0-20:{path}")
    assert done.returncode == 0, done.stderr
    assert data_of(path.read_text(encoding="utf-8"))["bookmarks"][0]["note"] == {
        "en": "a\ufffdb",
        "zh": "\ufffd",
    }
