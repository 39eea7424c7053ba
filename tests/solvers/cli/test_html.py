"""``nqueens html`` (issue 24): one page written, refusals in one line with exit status 2."""

from __future__ import annotations

import pytest

from tests.run import nqueens, refused


def test_a_lesson_becomes_one_page(tmp_path):
    out = tmp_path / "four.html"
    result = nqueens("html", "4", "--lesson", "seed-003-four-queens", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"wrote {out}: 79 events")
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    assert "<title>Backtracking with flag arrays · n = 4</title>" in html
    assert "<script src" not in html and "<link" not in html  # nothing fetched


def test_a_stretch_by_bookmarks(tmp_path):
    out = tmp_path / "b.html"
    result = nqueens("html", "4", "--lesson", "seed-003-four-queens", "--stretch", "b2-b4", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert ": 6 events" in result.stdout  # events 4 to 9


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("8", "--stretch", "0-200000"), "a page holds at most 100,000"),
        (("8", "--stretch", "40-3"), "backwards"),
        (("8", "--stretch", "b2-5"), "no bookmark 2"),
        (("8", "--stretch", "x"), "FROM-TO"),
        (("4", "--stretch", "0-900"), "ends at event"),
        (("8", "--algo", "nosuch"), "nosuch"),
        (("8", "--lesson", "missing.json"), "cannot read the lesson"),
    ],
)
def test_refusals_are_one_line(tmp_path, args, needle):
    refused(nqueens("html", *args, "-o", str(tmp_path / "p.html")), needle)
    assert not (tmp_path / "p.html").exists()


def test_a_damaged_lesson_or_a_bad_path_is_refused(tmp_path):
    damaged = tmp_path / "bad.json"
    damaged.write_bytes(b'{"n": 4, "bookmarks": [{"event": -1}]}')
    page = str(tmp_path / "p.html")
    refused(nqueens("html", "4", "--lesson", str(damaged), "-o", page), "not a usable lesson")
    refused(nqueens("html", "4", "-o", str(tmp_path / "p.txt")), ".html")
    refused(nqueens("html", "4", "-o", str(tmp_path / "no" / "p.html")), "does not exist")
