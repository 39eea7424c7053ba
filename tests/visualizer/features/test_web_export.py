"""The window's web-page export (issue 24): the Web page button and Shift+E ask for the stretch,
the page is built off the window's thread and saved with a banner; headless
``export-html:FROM-TO:PATH`` (bookmarks ``bK``, or ``all``) writes it; a bad or oversized request
exits 2 with one line and writes nothing."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import pygame
import pytest

from tests.run import viz
from tests.ui import FRAME, answer_dialog, click, click_button, dialog, enter, new_app, press


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
        app.mode.wait_total(30)  # the run's length known: the whole run is offered
        click_button(app, "export-html")
        opened = dialog(app)
        assert opened.file_path_text_line.get_text().endswith(".html")
        assert opened.request.form.values()["stretch"] == "whole"  # the run's 1,050 events fit a page
        for name, typed in (("from", "10"), ("to", "60")):  # typed: the stretch becomes "the events below"
            click(app, opened.form_widgets[name].rect.center)
            press(app, pygame.K_a, mod=pygame.KMOD_CTRL)
            for char in typed:
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
                app.tick(FRAME)
        settle(app)
        assert opened.request.form.values() == {"stretch": "events", "from": "10", "to": "60"}
        answer_dialog(app, str(tmp_path / "page"))  # the extension is added
        wait_for_page(app)
        assert app.banner is not None and app.banner[1] == "success" and "51 events" in app.banner[0]
        assert data_of((tmp_path / "page.html").read_text(encoding="utf-8"))["trace"]["count"] == 51
        assert app.timeline.cursor == 10  # the window's own run never moved
    finally:
        app.close()


def settle(app) -> None:
    for _ in range(3):
        app.tick(FRAME)


def test_shift_e_opens_the_same_dialog(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = new_app(6, "backtracking")
    try:
        press(app, pygame.K_e, "E", pygame.KMOD_SHIFT)
        assert dialog(app).window_display_title == "Save a stretch as a web page"
        assert "E" not in dialog(app).file_path_text_line.get_text().rsplit("/", 1)[-1][:1]
    finally:
        app.close()


def test_a_lessons_page_is_offered_its_whole_run_and_saved_at_once(tmp_path, monkeypatch):
    """The issue's case: the page dialog on the 78-event shipped lesson offered a stretch past the
    run's end (8-1008), which the app itself refused. Now: the whole run, valid, saved by Enter."""
    monkeypatch.chdir(tmp_path)
    app = new_app(8, "backtracking")
    try:
        app.dispatch("lesson-open", "seed-003-four-queens")
        app.mode.wait_total(30)
        app.dispatch("goto-bookmark", 1)
        press(app, pygame.K_e, "E", pygame.KMOD_SHIFT)
        values = dialog(app).request.form.values()
        total = app.mode.scrub_model().total
        assert values == {"stretch": "whole", "from": "0", "to": str(total)} and total == 78
        enter(app)
        wait_for_page(app)
        assert app.banner is not None and app.banner[1] == "success", app.banner
        saved = list((Path.home() / "Documents" / "N-Queens").glob("*.html"))
        assert len(saved) == 1 and data_of(saved[0].read_text(encoding="utf-8"))["trace"]["count"] == 79
        assert not list(tmp_path.iterdir())
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
    assert data_of(html)["trace"]["count"] == 41
    plain = tmp_path / "plain.html"  # the same page for a plainly named file: the data went in once
    viz(
        "--search",
        str(EXAMPLE_SEARCHES / "backtracking.py"),
        "--n",
        "5",
        "--script",
        f"export-html:0-40:{plain}",
    )
    assert abs(len(html) - len(plain.read_text(encoding="utf-8"))) < 200


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
