"""Exported web pages (issue 24) in a real browser: chromium headless, opened from file:// with the
network off. At event k the page shows what the headless window's state file says at event k;
play, a click on the scrub bar, the Chinese switch and a predict question work; the screenshot
shows the board; and player.js's own functions are tested in the same browser."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from solvers import registry
from tests.browser import offline_browser, open_page, requests
from tests.programs import needs
from tests.run import viz
from visualizer.core.lesson import parse_lesson
from visualizer.examples import lesson_path
from visualizer.web.page import page_html, write_page

N = 6
STRETCH = 400  # events 0..400: past a keyframe (every 256), so the page rebuilds across one
ALGORITHMS = ("backtracking", "permutations-pruned", "forward-checking")

pytestmark = needs("chromium", "chromedriver")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with offline_browser() as driver:
        yield driver


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pages")
    out = {}
    for name in ALGORITHMS:
        out[name] = write_page(folder / f"{name}.html", page_html(registry.get(name), N, 0, STRETCH))
    lesson = parse_lesson(lesson_path("seed-003-four-queens").read_bytes())
    out["lesson"] = write_page(
        folder / "lesson.html", page_html(registry.get("backtracking"), 4, 0, None, lesson)
    )
    race = parse_lesson(lesson_path("why-backtracking-beats-brute-force").read_bytes())
    out["race"] = write_page(folder / "race.html", page_html(registry.get("brute-force"), 6, 0, 1500, race))
    return out


def headless_state(tmp_path: Path, algorithm: str, k: int, lang: str = "en") -> dict:
    state = tmp_path / f"{algorithm}-{k}-{lang}.json"
    result = viz(
        "--n", str(N), "--algo", algorithm, "--script", f"lang:{lang};step:{k}", "--state", str(state)
    )
    assert result.returncode == 0, result.stderr
    return json.loads(state.read_text())


def shown(driver: object) -> dict:
    """What the page shows, read from its elements (not from its model)."""
    script = """
      const counters = {};
      document.querySelectorAll('#counters dd').forEach((dd) => {
        counters[dd.dataset.key] = Number(dd.textContent.replace(/,/g, ''));
      });
      const queens = Array(nqPage.n).fill(null);
      document.querySelectorAll('#board .queen').forEach((q) => { queens[+q.dataset.row] = +q.dataset.col; });
      const lines = [...document.querySelectorAll('#code li')];
      const current = lines.findIndex((li) => li.classList.contains('current'));
      return {counters, queens, narration: document.getElementById('narration').textContent,
              line: current < 0 ? null : current, code: lines.map((li) => li.textContent),
              frame: nqPage.frame};
    """
    return driver.execute_script(script)  # type: ignore[attr-defined]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_the_page_at_event_k_is_the_headless_state_at_event_k(browser, pages, tmp_path, algorithm):
    requests(browser)  # forget what came before
    open_page(browser, pages[algorithm])
    for k in (37, 300):  # before and after the second keyframe
        expected = headless_state(tmp_path, algorithm, k)
        browser.execute_script(f"nqPage.goto({k})")
        page = shown(browser)
        assert page["queens"] == expected["queens"]
        assert page["narration"] == expected["narration"] and page["narration"]
        assert page["line"] == expected["line"]
        assert page["code"] == expected["code"]
        for key, value in page["counters"].items():
            assert value == expected["counters"].get(key, value), key
        assert set(page["counters"]) >= {"attempts", "placements", "solutions"}
        if "domains" in expected:
            domains = browser.execute_script("return nqPage.state().domains")
            assert domains == expected["domains"]
    asked = requests(browser)
    assert asked and all(url.startswith("file://") for url in asked), asked  # the page itself, nothing more


def test_stepping_by_keys_and_buttons_matches_goto(browser, pages):
    open_page(browser, pages["backtracking"])
    body = browser.find_element("tag name", "body")
    for _ in range(5):
        body.send_keys("\ue014")  # Right arrow
    browser.find_element("id", "back").click()
    assert shown(browser)["frame"] == 4
    body.send_keys("\ue010")  # End
    assert shown(browser)["frame"] == STRETCH
    body.send_keys("\ue011")  # Home
    assert shown(browser)["frame"] == 0
    body.send_keys(" ")  # Space: play, and again: pause
    assert browser.execute_script("return nqPage.playing") is True
    body.send_keys(" ")
    assert browser.execute_script("return nqPage.playing") is False


def test_large_text_for_a_projector(browser, pages):
    open_page(browser, pages["backtracking"])
    size = "return parseFloat(getComputedStyle(document.getElementById('narration')).fontSize)"
    before = browser.execute_script(size)
    browser.find_element("id", "big").click()
    assert browser.execute_script(size) >= 1.5 * before
    browser.find_element("id", "big").click()
    assert browser.execute_script(size) == before


def test_play_moves_on_and_pause_stops(browser, pages):
    from selenium.webdriver.support.ui import WebDriverWait

    open_page(browser, pages["backtracking"])
    browser.execute_script(
        "document.getElementById('speed').value = '20'; document.getElementById('speed').onchange()"
    )
    browser.find_element("id", "play").click()
    # 20 events a second: the 400 events last 20 s, so the pause comes long before the end
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return nqPage.frame") > 5)
    browser.find_element("id", "play").click()  # now Pause
    stopped = browser.execute_script("return nqPage.frame")
    assert browser.execute_script("return nqPage.playing") is False
    assert (
        browser.execute_script("return new Promise((ok) => setTimeout(() => ok(nqPage.frame), 200))")
        == stopped
    )


def test_a_click_on_the_scrub_bar_seeks_there(browser, pages):
    from selenium.webdriver.common.action_chains import ActionChains

    open_page(browser, pages["backtracking"])
    bar = browser.find_element("id", "scrub")
    width = bar.size["width"]
    ActionChains(browser).move_to_element_with_offset(bar, width // 4 - width // 2, 0).click().perform()
    frame = shown(browser)["frame"]
    assert abs(frame - STRETCH / 4) <= STRETCH / width + 1, frame


def test_the_chinese_switch_shows_the_windows_chinese(browser, pages, tmp_path):
    open_page(browser, pages["forward-checking"])
    browser.execute_script("nqPage.goto(37)")
    browser.find_element("id", "lang").click()
    expected = headless_state(tmp_path, "forward-checking", 37, "zh")
    page = shown(browser)
    assert page["narration"] == expected["narration"] and page["code"] == expected["code"]
    assert browser.find_element("id", "play").text == "播放"
    browser.find_element("id", "lang").click()
    assert browser.find_element("id", "play").text == "Play"


def test_a_predict_question_is_answered_and_scored(browser, pages):
    open_page(browser, pages["lesson"])
    questions = browser.execute_script("return nqPage.data.questions")
    assert len(questions) >= 3
    first, second = questions[0], questions[1]
    browser.find_element("tag name", "body").send_keys("\ue00f")  # PgDn: the next bookmark
    browser.execute_script(f"nqPage.goto({first['frame']})")
    assert browser.find_element("id", "question").text.startswith("Where does the next queen go?")
    cell = f"#board rect[data-row='{first['row']}'][data-col='{first['col']}']"
    browser.find_element("css selector", cell).click()
    assert browser.find_element("id", "verdict").text.startswith("Right")
    browser.execute_script(f"nqPage.goto({second['frame']})")
    wrong = (second["col"] + 1) % 4
    browser.find_element(
        "css selector", f"#board rect[data-row='{second['row']}'][data-col='{wrong}']"
    ).click()
    assert browser.find_element("id", "verdict").text.startswith("Not this time")
    assert browser.find_element("id", "score").text == "Score: 1 of 2"
    assert browser.find_element("id", "note").text  # the bookmark's note on its card
    ticks = browser.find_elements("css selector", "#scrub .tick")
    assert len(ticks) == len(browser.execute_script("return nqPage.data.bookmarks"))


def test_the_screenshot_shows_the_board_where_it_is(browser, pages):
    open_page(browser, pages["backtracking"])
    browser.execute_script("nqPage.goto(37)")
    board = browser.find_element("id", "board")
    box = board.rect
    image = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    assert len(image.resize((60, 45)).getcolors(4096) or ()) > 8  # not blank
    queens = browser.execute_script("return nqPage.state().queens")
    cell = box["width"] / N
    for row, col in enumerate(queens):
        x, y = box["x"] + (col + 0.5) * cell if col is not None else 0, box["y"] + (row + 0.5) * cell
        if col is None:
            continue
        pixel = image.getpixel((round(x - cell * 0.25), round(y)))
        assert sum(pixel) < 200, (row, col, pixel)  # the dark queen disc there
    light = image.getpixel((round(box["x"] + 3), round(box["y"] + box["height"] - 3)))
    assert sum(light) > 300  # a board square, not the page's background or nothing


def test_player_js_functions(browser, pages):
    open_page(browser, pages["backtracking"])
    result = browser.execute_script(
        """
        const attacked = NQ.attacked([1, null, null, null]);
        return {
          fill: NQ.fill('Score: {right} of {asked} {none}', {right: 2, asked: 3}),
          attacked: [...attacked].sort(),
          ends: [nqPage.trace.at(-5).frame, nqPage.trace.at(10 ** 9).frame],
        };
        """
    )
    assert result["fill"] == "Score: 2 of 3 {none}"
    assert result["attacked"] == sorted(["0,0", "0,2", "0,3", "1,0", "1,1", "1,2", "2,1", "2,3", "3,1"])
    assert result["ends"] == [0, STRETCH]


def test_an_address_names_a_moment_and_a_language(browser, pages, tmp_path):
    browser.get(pages["forward-checking"].resolve().as_uri() + "#event=37&lang=zh")
    assert browser.execute_async_script("const done = arguments[0]; window.nqReady.then(done)") is True
    expected = headless_state(tmp_path, "forward-checking", 37, "zh")
    page = shown(browser)
    assert page["frame"] == 37 and page["narration"] == expected["narration"]


def test_the_page_plays_in_an_iframe(browser, pages):
    host = pages["backtracking"].parent / "host.html"
    host.write_text(
        '<!DOCTYPE html><iframe id="f" src="backtracking.html" width="900" height="700"></iframe>'
    )
    browser.get(host.resolve().as_uri())
    browser.switch_to.frame(browser.find_element("id", "f"))
    try:
        assert browser.execute_async_script("const done = arguments[0]; window.nqReady.then(done)") is True
        browser.find_element("id", "step").click()
        assert shown(browser)["frame"] == 1
    finally:
        browser.switch_to.default_content()


def test_on_a_phone_the_board_fits_the_screen(browser, pages):
    browser.set_window_size(390, 844)
    try:
        open_page(browser, pages["backtracking"])
        width = browser.execute_script("return document.documentElement.clientWidth")
        board = browser.find_element("id", "board").rect
        assert board["x"] > 0 and board["x"] + board["width"] <= width
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    finally:
        browser.set_window_size(1200, 900)


def test_a_race_lesson_shows_both_sides_as_the_window_does(browser, pages, tmp_path):
    open_page(browser, pages["race"])
    assert len(browser.find_elements("css selector", ".board")) == 2
    lesson = "why-backtracking-beats-brute-force"
    for tick in (197, 1400):  # backtracking's first solution; later, backtracking has ended (at its end)
        state = tmp_path / f"race-{tick}.json"
        result = viz("--lesson", lesson, "--script", f"step:{tick}", "--state", str(state))
        assert result.returncode == 0, result.stderr
        expected = json.loads(state.read_text())
        browser.execute_script(f"nqPage.goto({tick})")
        page = browser.execute_script("return nqPage.state()")
        for side, shown_side in (("a", page), ("b", page["race"])):
            assert shown_side["narration"] == expected["race"][side]["narration"], (tick, side)
            for key, value in shown_side["counters"].items():
                assert value == expected["race"][side][key], (tick, side, key)
        assert page["queens"] == expected["queens"]
        assert browser.find_element("id", "narration-b").text == expected["race"]["b"]["narration"]
    assert expected["race"]["b"]["finished"]  # the second tick is past backtracking's end


def test_a_note_is_shown_as_text_and_hidden_names_stay_hidden(browser, tmp_path):
    from visualizer.core.lesson import Bookmark, Lesson

    note = '<img src="http://example.com/x.png" onerror="document.title=1"> and <b>bold</b>'
    lesson = Lesson(n=5, hidden=("names", "code"), bookmarks=(Bookmark(3, (("en", note),)),))
    page = write_page(tmp_path / "exercise.html", page_html(registry.get("backtracking"), 5, 0, 20, lesson))
    requests(browser)
    open_page(browser, page)
    browser.execute_script("nqPage.goto(3)")
    assert browser.find_element("id", "note").text == note  # text, never markup
    assert browser.find_element("id", "title").text == "Algorithm A · n = 5"
    assert "Backtracking" not in browser.find_element("tag name", "body").text
    assert not browser.find_element("id", "code").is_displayed()
    assert all(url.startswith("file://") for url in requests(browser))


@pytest.mark.parametrize("lang", ["__proto__", "constructor", "toString", "hasOwnProperty", "fr", ""])
def test_an_address_with_a_language_the_page_lacks_keeps_its_own(browser, pages, lang):
    """``#lang=__proto__`` (or any name an object has) is no language: the page plays on in English."""
    page = pages["backtracking"].parent / f"lang-{lang or 'none'}.html"  # a new address: a fresh load
    page.write_bytes(pages["backtracking"].read_bytes())
    browser.get(page.resolve().as_uri() + f"#event=3&lang={lang}")
    ready = browser.execute_async_script("const done = arguments[0]; window.nqReady.then(done)")
    assert ready is True, browser.find_element("id", "error").text
    assert browser.execute_script("return nqPage.lang") == "en" and shown(browser)["frame"] == 3
    assert browser.find_element("id", "title").text.startswith("Backtracking")
