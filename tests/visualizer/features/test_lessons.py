"""Lessons (issue 14): bookmarks with notes, hidden panels and lesson files -- through real key
presses and text boxes, the headless contract, hostile files, and the two example lessons."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tests import ROOT
from tests.run import viz
from tests.ui import FRAME, answer_dialog, click_button, dialog, new_app, pixels, press
from visualizer.core.lesson import MAX_BYTES, PANELS, LessonError, parse_lesson
from visualizer.core.until import Until

LESSONS = ROOT / "visualizer" / "examples" / "lessons"
EXAMPLES = sorted(LESSONS.glob("*.json"))


def type_text(app, text: str) -> None:
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.tick(FRAME)


def enter(app) -> None:
    press(app, pygame.K_RETURN)
    app.tick(FRAME)  # pygame_gui's "finished" event is handled on the next frame


def note_banner(app, lang: str) -> str:
    """The standing banner of the bookmark the run stands on, in ``lang``."""
    old, app.lang = app.lang, lang
    try:
        standing = app.lessons.standing_note()
    finally:
        app.lang = old
    assert standing is not None
    return standing[0]


def where(app) -> dict[str, object]:
    """What a refused lesson must leave alone."""
    state = app.state()
    keys = ("n", "algorithm", "mode", "event_index", "bookmarks", "hidden", "lang", "lesson", "view")
    return {key: state.get(key) for key in keys}


# -- the example lessons ---------------------------------------------------------------------


def test_there_are_two_example_lessons():
    assert [path.name for path in EXAMPLES] == [
        "seed-003-four-queens.json",
        "why-backtracking-beats-brute-force.json",
    ]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_lesson_loads_and_every_bookmark_is_reachable(path):
    lesson = parse_lesson(path.read_bytes())
    assert lesson.bookmarks
    for mark in lesson.bookmarks:  # English and Chinese notes
        notes = dict(mark.note)
        assert notes.get("en") and notes.get("zh") and any("\u4e00" <= c <= "\u9fff" for c in notes["zh"])
    app = new_app(8, "backtracking")
    try:
        app.dispatch("lesson-open", str(path))
        assert app.banner is not None and app.banner[1] == "success", app.banner
        assert (app.mode.name, app.mode.n) == (lesson.mode, lesson.n)
        order = list(range(1, len(lesson.bookmarks) + 1))
        for k in order + order[::-1][1:]:  # forward through them all, then back
            app.dispatch("goto-bookmark", k)
            assert app.join(60)
            app.update(0.0)
            assert app.mode.player.track.cursor == lesson.bookmarks[k - 1].event
            assert app.state()["bookmark"] == k
            app.banner = None
            assert lesson.bookmarks[k - 1].text("zh") in note_banner(app, "zh")
    finally:
        app.close()


def test_the_seed_003_lesson_lands_on_the_walks_nodes():
    app = new_app(8, "backtracking")
    try:
        app.dispatch("lesson-open", str(LESSONS / "seed-003-four-queens.json"))
        expected = {3: 3, 5: 9, 6: 13, 7: 17, 8: 17}  # bookmark -> tree nodes (seed 003 numbers the root 1)
        for k, nodes in expected.items():
            app.dispatch("goto-bookmark", k)
            assert app.state()["tree_nodes"] == nodes
        app.dispatch("goto-bookmark", 5)
        assert app.state()["queens"] == [1, 3, 0, 2] and app.state()["counters"]["solutions"] == 1
    finally:
        app.close()


# -- bookmarks through real input --------------------------------------------------------------


@pytest.fixture
def app():
    application = new_app(6, "backtracking")
    yield application
    application.close()


def test_b_asks_for_a_note_and_enter_sets_the_bookmark(app):
    app.dispatch("step", 9)
    press(app, pygame.K_b, "b")
    assert app.prompt.active
    type_text(app, "three queens")
    assert app.timeline.cursor == 9  # typing "n", "e"... ran no command
    enter(app)
    assert not app.prompt.active
    assert app.state()["bookmarks"] == [{"event": 9, "note": {"en": "three queens"}}]
    app.banner = None
    assert note_banner(app, "en") == "Bookmark 1: three queens"


def test_esc_in_the_note_box_sets_nothing(app):
    press(app, pygame.K_b, "b")
    type_text(app, "never mind")
    press(app, pygame.K_ESCAPE)
    assert not app.prompt.active and app.state()["bookmarks"] == []


def test_page_keys_and_buttons_walk_the_bookmarks(app):
    for event in (5, 40, 120):
        app.dispatch("until", Until("event", event))
        app.dispatch("bookmark", "")
    press(app, pygame.K_PAGEUP)
    assert app.timeline.cursor == 40
    press(app, pygame.K_PAGEUP)
    assert app.timeline.cursor == 5
    press(app, pygame.K_PAGEUP)  # none before: a banner, no move
    assert app.timeline.cursor == 5 and app.banner is not None
    press(app, pygame.K_PAGEDOWN)
    assert app.timeline.cursor == 40
    click_button(app, "bookmark-next")
    app.join(10)
    assert app.timeline.cursor == 120
    click_button(app, "bookmark-prev")
    assert app.timeline.cursor == 40


def test_the_strip_shows_a_tick_per_bookmark(app):
    rect = app.layout.scrub
    before = pixels(app, rect)
    app.dispatch("step", 300)
    app.dispatch("bookmark", "x")
    moved = pixels(app, rect)
    assert moved != before
    app.dispatch("back", 300)
    with_tick = pixels(app, rect)
    assert with_tick != before  # the tick stays where the bookmark is


def test_goto_a_missing_bookmark_is_a_banner_and_exit_2_headless(app, tmp_path):
    app.dispatch("goto-bookmark", 3)
    assert app.banner is not None and app.banner[1] == "error" and "bookmark 3" in app.banner[0]
    done = viz("--script", "bookmark:a;goto-bookmark:2")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


# -- hidden panels --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "panel", "rect"), [(pygame.K_F5, "code", "code"), (pygame.K_F6, "counters", "counters")]
)
def test_f5_f6_hide_and_show_a_panel(app, key, panel, rect):
    area = getattr(app.layout, rect)
    shown = pixels(app, area)
    press(app, key)
    assert app.state()["hidden"] == [panel]
    assert pixels(app, area) != shown
    press(app, key)
    app.banner = None
    assert app.state()["hidden"] == [] and pixels(app, area) == shown


def test_f7_hides_the_tree_only_while_it_is_shown(app):
    press(app, pygame.K_F7)
    code = pixels(app, app.layout.code)
    press(app, pygame.K_t, "t")  # the tree view, hidden
    app.banner = None
    assert app.state()["view"] == "tree" and app.state()["hidden"] == ["tree"]
    hidden_tree = pixels(app, app.layout.code)
    press(app, pygame.K_F7)
    app.banner = None
    assert pixels(app, app.layout.code) != hidden_tree
    assert code  # the code panel was drawn while only the tree was hidden


def test_hiding_the_counters_in_a_race_covers_both_tables():
    race = new_app(6, "brute-force", mode="race")
    try:
        layout = race.layout
        tables = pygame.Rect(
            layout.board.x, layout.scrub.top - 110, layout.counters.right - layout.board.x, 100
        )
        race.dispatch("step", 40)
        before = pixels(race, tables)
        race.dispatch("step", 40)
        assert pixels(race, tables) != before  # the counters count
        race.dispatch("hide", "counters")
        hidden = pixels(race, tables)
        race.dispatch("step", 40)
        assert pixels(race, tables) == hidden  # the cards stay while the run moves
        race.dispatch("show", "counters")
        assert pixels(race, tables) != hidden
    finally:
        race.close()


def test_headless_hide_show_and_the_state(tmp_path):
    state = tmp_path / "s.json"
    done = viz("--script", "hide:code;hide:counters;hide:tree;show:code", "--state", str(state))
    assert done.returncode == 0, done.stderr
    assert json.loads(state.read_text())["hidden"] == ["counters", "tree"]
    assert viz("--script", "hide:board").returncode == 2


# -- lesson files: save, open, round trip ----------------------------------------------------


def test_ctrl_s_asks_for_a_path_then_ctrl_o_opens_it_again(app, tmp_path):
    app.dispatch("step", 30)
    app.dispatch("bookmark", "thirty")
    app.dispatch("hide", "counters")
    path = tmp_path / "mine.json"
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert Path(dialog(app).file_path_text_line.get_text()).name == "lesson.json"
    answer_dialog(app, str(path))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["n"] == 6 and saved["bookmarks"] == [{"event": 30, "note": {"en": "thirty"}}]
    assert saved["hidden"] == ["counters"]
    assert not list(tmp_path.glob("screenshot*"))  # Ctrl+S is not S
    fresh = new_app(8, "bitmask")
    try:
        press(fresh, pygame.K_o, mod=pygame.KMOD_CTRL)
        answer_dialog(fresh, str(path))
        assert (fresh.mode.n, fresh.mode.algorithm) == (6, "backtracking")
        assert fresh.state()["bookmarks"] == saved["bookmarks"] and fresh.state()["hidden"] == ["counters"]
        press(fresh, pygame.K_PAGEDOWN)
        assert fresh.timeline.cursor == 30
    finally:
        fresh.close()


def test_headless_lesson_save_and_open_round_trip(tmp_path):
    path, state = tmp_path / "l.json", tmp_path / "s.json"
    script = (
        "view:tree;speed:50;until:depth=4;bookmark:four;until:solution=1;bookmark:one;hide:code;lesson-save:"
        + str(path)
    )
    assert viz("--n", "6", "--script", script).returncode == 0
    done = viz("--lesson", str(path), "--script", "goto-bookmark:2", "--state", str(state))
    assert done.returncode == 0, done.stderr
    result = json.loads(state.read_text())
    assert result["n"] == 6 and result["view"] == "tree" and result["hidden"] == ["code"]
    assert result["bookmark"] == 2 and result["counters"]["solutions"] == 1
    assert result["lesson"] == str(path)


# -- hostile lesson files: a banner (exit 2 headless), nothing changed ------------------------


def _write(tmp_path: Path, body: bytes | str) -> Path:
    path = tmp_path / "bad.json"
    path.write_bytes(body.encode("utf-8") if isinstance(body, str) else body)
    return path


HOSTILE = [
    ("not json", "{n: 6"),
    ("not an object", "[1, 2]"),
    ("bad utf-8", b'{"n": 6, "lang": "\xff"}'),
    ("NaN", '{"speed": NaN}'),
    ("huge float", '{"speed": 1e400}'),
    ("deep", "[" * 100_000 + "]" * 100_000),
    ("n text", '{"n": "6"}'),
    ("n bool", '{"n": true}'),
    ("n zero", '{"n": 0}'),
    ("n huge", '{"n": 100000000000000000000000}'),
    ("n past the window", '{"n": 5000}'),
    ("too big for brute force", '{"n": 40, "algorithm": "brute-force"}'),
    ("unknown algorithm", '{"algorithm": "quantum"}'),
    ("game mode", '{"mode": "game"}'),
    ("unknown view", '{"view": "nowhere"}'),
    ("unknown panel", '{"hidden": ["board"]}'),
    ("bookmarks not a list", '{"bookmarks": {"event": 1}}'),
    ("negative event", '{"bookmarks": [{"event": -1}]}'),
    ("event missing", '{"bookmarks": [{"note": "x"}]}'),
    ("note too long", '{"bookmarks": [{"event": 1, "note": "' + "x" * 1000 + '"}]}'),
    ("note of a strange language", '{"bookmarks": [{"event": 1, "note": {"fr": "bonjour"}}]}'),
    ("too many bookmarks", json.dumps({"bookmarks": [{"event": i} for i in range(501)]})),
    ("other format", '{"format": "something-else"}'),
    ("speed out of range", '{"speed": 0}'),
]


@pytest.mark.parametrize(("what", "body"), HOSTILE, ids=[case[0] for case in HOSTILE])
def test_a_bad_lesson_is_a_banner_and_changes_nothing(app, tmp_path, what, body):
    app.dispatch("step", 12)
    app.dispatch("bookmark", "kept")
    before = where(app)
    app.dispatch("lesson-open", str(_write(tmp_path, body)))
    assert app.banner is not None and app.banner[1] == "error", what
    assert where(app) == before


def test_links_pipes_folders_and_big_files_are_refused(app, tmp_path):
    good = tmp_path / "good.json"
    good.write_text('{"n": 5}')
    link = tmp_path / "link.json"
    link.symlink_to(good)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    big = tmp_path / "big.json"
    big.write_text('{"n": 5, "pad": "' + "x" * MAX_BYTES + '"}')
    before = where(app)
    for path in (link, fifo, tmp_path, big, tmp_path / "missing.json"):
        app.banner = None
        app.dispatch("lesson-open", str(path))  # a pipe must not block: O_NONBLOCK, then refused
        assert app.banner is not None and app.banner[1] == "error", path
        assert where(app) == before
    app.dispatch("lesson-open", str(good))
    assert app.mode.n == 5


def test_saving_onto_a_link_is_refused_and_the_target_is_untouched(app, tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("keep me")
    link = tmp_path / "lesson.json"
    link.symlink_to(target)
    app.dispatch("lesson-save", str(link))
    assert app.banner is not None and app.banner[1] == "error"
    assert target.read_text() == "keep me"


@pytest.mark.parametrize("body", ['{"n": true}', "[", '{"hidden": ["x"]}'])
def test_headless_bad_lesson_exits_2_with_one_line(tmp_path, body):
    done = viz("--lesson", str(_write(tmp_path, body)))
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "lesson" in done.stderr.lower()


def test_the_parser_survives_the_table_directly():
    for _what, body in HOSTILE[:11]:  # these the parser refuses itself, before any window
        data = body.encode("utf-8") if isinstance(body, str) else body
        with pytest.raises(LessonError):
            parse_lesson(data)
    assert set(PANELS) == {"code", "counters", "tree", "narration", "log", "names"}


@pytest.mark.parametrize("lesson", ["bad", "good"])
def test_the_window_opens_with_a_lesson_and_a_bad_one_is_only_a_banner(tmp_path, lesson):
    path = _write(tmp_path, '{"n": 5, "bookmarks": [{"event": 3}]}' if lesson == "good" else '{"n": "five"}')
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["NQUEENS_CONFIG_DIR"] = str(tmp_path / "config")
    command = [
        sys.executable,
        "-m",
        "visualizer",
        "--lesson",
        str(path),
        "--script",
        "bookmark-next",
        "--frames",
        "3",
    ]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    settings = tmp_path / "config" / "settings.json"  # written only when something changed
    saved = json.loads(settings.read_text()) if settings.exists() else {"n": 8}
    assert saved["n"] == (5 if lesson == "good" else 8)


def test_bundled_lessons_open_by_name_and_a_path_names_a_file(tmp_path, monkeypatch):
    """A shipped lesson's name always opens the shipped lesson: a file of that name in the current
    folder never stands in for it (issue 36); a path (``./NAME.json``) names the file."""
    from visualizer.examples import bundled_lessons, lesson_path

    assert bundled_lessons() == sorted(path.stem for path in EXAMPLES) != []
    assert lesson_path("seed-003-four-queens") == LESSONS / "seed-003-four-queens.json"
    assert lesson_path("seed-003-four-queens.json") == LESSONS / "seed-003-four-queens.json"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "seed-003-four-queens.json").write_text("{}")
    (tmp_path / "seed-003-four-queens").write_text("{}")
    assert lesson_path("seed-003-four-queens.json") == LESSONS / "seed-003-four-queens.json"
    assert lesson_path("seed-003-four-queens") == LESSONS / "seed-003-four-queens.json"
    assert lesson_path("./seed-003-four-queens.json") == Path("./seed-003-four-queens.json")
    assert lesson_path("no-such-lesson") == Path("no-such-lesson")  # refused later, naming it
    app = new_app(8, "backtracking")
    try:
        app.dispatch("lesson-open", "why-backtracking-beats-brute-force")
        assert app.lessons.path is not None and app.race is not None
    finally:
        app.close()


# -- saving over a file this window did not make (issue 18, item 3) ---------------------------


def test_ctrl_s_over_an_opened_lesson_asks_first_and_n_keeps_it(tmp_path):
    path = tmp_path / "seed-003-four-queens.json"
    shipped = (LESSONS / "seed-003-four-queens.json").read_bytes()
    path.write_bytes(shipped)
    app = new_app(8, "backtracking")
    try:
        app.dispatch("lesson-open", str(path))
        app.dispatch("step", 7)
        press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
        assert app.prompt.active and path.read_bytes() == shipped  # asked, nothing written yet
        press(app, pygame.K_s)  # other keys answer nothing and run no command (no screenshot)
        assert app.prompt.active and path.read_bytes() == shipped
        press(app, pygame.K_n)
        assert not app.prompt.active and path.read_bytes() == shipped
        assert app.banner is not None and "kept" in app.banner[0]
        press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
        press(app, pygame.K_y)
        assert not app.prompt.active and path.read_bytes() != shipped
        assert json.loads(path.read_text(encoding="utf-8"))["n"] == parse_lesson(shipped).n
    finally:
        app.close()


@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1920, 1080), (2560, 1440)], ids=str)
@pytest.mark.parametrize("lesson", ["seed-003-four-queens", "why-backtracking-beats-brute-force"])
def test_every_note_card_is_on_screen_and_covers_no_square_or_counter(lesson, size, monkeypatch):
    """Each bookmark's card at every window size, text size and language: inside the window, clear
    of every board square and of the counters (it was cut off at the top, issue 18)."""
    cards: list[pygame.Rect] = []
    app = new_app(8, "backtracking", size=size)
    original = app.lessons.draw_note
    monkeypatch.setattr(app.lessons, "draw_note", lambda *a: cards.append(card := original(*a)) or card)
    try:
        app.dispatch("lesson-open", lesson)
        for scale, lang in ((1.0, "en"), (2.0, "zh")):
            app.dispatch("scale", scale)
            app.dispatch("lang", lang)
            for number in range(1, len(app.lessons.bookmarks.marks) + 1):
                app.dispatch("goto-bookmark", number)
                for _ in range(200):  # a far bookmark on a busy machine: the jump ends on the worker
                    if not app.busy:
                        break
                    app.join(1)
                    app.tick(FRAME)
                cards.clear()
                app.tick(FRAME)
                card = cards[-1]
                assert card is not None, (number, scale, lang)
                assert app.surface.get_rect().contains(card), (number, card)
                boards = app.geometry if isinstance(app.geometry, tuple) else (app.geometry,)
                for geometry in filter(None, boards):
                    n = geometry.n
                    squares = geometry.square_rect(0, 0).union(geometry.square_rect(n - 1, n - 1))
                    assert not card.colliderect(squares), (number, scale, lang, card, squares)
                assert not card.colliderect(app.layout.counters), (number, card, app.layout.counters)
    finally:
        app.close()


def test_a_lesson_this_window_made_is_saved_again_without_a_question(tmp_path):
    path = tmp_path / "mine.json"
    app = new_app(6, "backtracking")
    try:
        app.dispatch("lesson-save", str(path))
        first = path.read_bytes()
        app.dispatch("step", 9)
        app.dispatch("bookmark", "nine")
        press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
        assert not app.prompt.active and path.read_bytes() != first
    finally:
        app.close()


def test_headless_refuses_to_save_over_a_file_unless_the_script_says_overwrite(tmp_path):
    path = tmp_path / "old.json"
    path.write_text('{"n": 5}\n', encoding="utf-8")
    done = viz("--n", "6", "--script", f"bookmark:x;lesson-save:{path}")
    assert done.returncode == 2 and "lesson-overwrite:" in done.stderr and "Traceback" not in done.stderr
    assert path.read_text(encoding="utf-8") == '{"n": 5}\n'
    done = viz("--n", "6", "--script", f"bookmark:x;lesson-overwrite:{path}")
    assert done.returncode == 0, done.stderr
    assert json.loads(path.read_text(encoding="utf-8"))["n"] == 6
