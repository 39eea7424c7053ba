"""Issue 13 on screen, through real input and the headless contract: the narration line and its
log (wheel, click to go back, step back), the code panel that wraps instead of cutting and follows
the text size, and the status area that holds banners without covering the board or counters."""

from __future__ import annotations

import json

import pygame
import pytest

from solvers import registry
from solvers.narration import Narrator
from tests.run import viz
from tests.ui import FRAME, click, new_app, press, share_near
from visualizer.look.layout import compute_layout
from visualizer.render.board import fit_board
from visualizer.render.checks import split_for_strips
from visualizer.render.fonts import get_mono_font
from visualizer.render.panels import banner_lines, code_font, layout_code


def sentences(name: str, n: int, lang: str) -> list[str]:
    spec = registry.get(name)
    narrator = Narrator(spec, n)
    return [narrator.step(event, lang) for event in spec.solve(n)]


# -- narration ----------------------------------------------------------------------------


def test_the_narration_line_follows_steps_and_step_back():
    app = new_app(8, "backtracking")
    expected = sentences("backtracking", 8, "en")
    for _ in range(12):
        press(app, pygame.K_RIGHT)
    assert app.state()["narration"] == expected[11]
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert app.timeline.cursor == 10 and app.state()["narration"] == expected[9]
    area = app.layout.narration
    assert area is not None and not area.colliderect(app.geometry.rect)
    before = pygame.image.tobytes(app.surface.subsurface(area), "RGB")
    press(app, pygame.K_RIGHT)  # the line on screen changes with the event
    assert pygame.image.tobytes(app.surface.subsurface(area), "RGB") != before


def test_f2_says_it_in_chinese():
    app = new_app(8, "backtracking")
    for _ in range(5):
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_F2)
    assert app.lang == "zh"
    assert app.state()["narration"] == sentences("backtracking", 8, "zh")[4]
    assert app.state()["code"] == list(registry.get("backtracking").code_zh)


def test_the_wheel_scrolls_the_log_and_a_click_goes_back_to_that_moment():
    app = new_app(8, "backtracking")
    expected = sentences("backtracking", 8, "en")
    mode = app.mode
    mode.timeline.step(40)
    app.tick(FRAME)
    newest = [index for _, index in mode.narration_hits]
    assert newest and newest[0] == 38  # newest first, the current event (39) is the line above
    centre = app.layout.narration.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    app.tick(FRAME)
    scrolled = [index for _, index in mode.narration_hits]
    assert scrolled[0] == newest[0] - 2
    rect, index = mode.narration_hits[-1]  # a sentence shown whole (long ones wrap: maybe only one)
    click(app, rect.center)
    assert mode.timeline.cursor == index + 1
    assert app.state()["narration"] == expected[index]


def test_headless_state_file_has_narration_and_the_code_on_screen(tmp_path):
    state = tmp_path / "s.json"
    result = viz(
        "--algo", "permutations", "--n", "6", "--lang", "zh", "--script", "step:25", "--state", str(state)
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(state.read_text(encoding="utf-8"))
    assert data["narration"] == sentences("permutations", 6, "zh")[24]
    assert data["code"] == list(registry.get("permutations").code_zh)


# -- the code panel --------------------------------------------------------------------------


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("name", list(registry.ALGORITHMS))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_code_line_is_cut_at_1280x800(name: str, scale: float, lang: str):
    pygame.font.init()
    layout = compute_layout((1280, 800), scale, narration=True)
    lines = registry.get(name).code_in(lang)
    code = layout_code(lines, layout.code, layout.scale)
    assert code.size >= round(12 * min(layout.scale, layout.scale**0.5))  # large text: more lines show
    mono = get_mono_font(code.size)
    for index, line in enumerate(lines):
        rows = [row for row in code.rows if row.index == index]
        indent = len(line) - len(line.lstrip(" "))
        assert " " * indent + "".join(row.text for row in rows) == line.rstrip()
        assert rows[0].x == code.text_left + mono.size(" " * indent)[0]  # indentation in Fira Code widths
        for row in rows:
            width = code_font(row.text, code.size).size(row.text.rstrip(" "))[0]
            assert row.x + width <= code.right, (name, row.text)


def test_the_code_follows_the_text_size():
    pygame.font.init()
    lines = registry.get("backtracking").code
    sizes = [layout_code(lines, compute_layout((1600, 1000), s).code, s).size for s in (1.0, 2.0)]
    assert sizes[1] >= 1.25 * sizes[0]  # the counters' large labels take some of the column (issue 18)


# -- the status area ---------------------------------------------------------------------------

LONG = "could not save /a/rather/long/folder/name/that/goes/on/and/on/picture.png: " + "x " * 40


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_banners_never_cover_the_board_or_counters_and_wrap(size, scale):
    app = new_app(8, "backtracking", size=size, ui_scale=scale)
    app.mode.next_solution()
    app.say(LONG, "error")
    app.tick(FRAME)
    layout = app.layout
    banner = layout.banner
    geometry = app.geometry
    labelled = geometry.rect.inflate(2 * geometry.gutter, 2 * geometry.gutter)
    assert not banner.colliderect(labelled)
    assert not banner.colliderect(layout.counters)
    assert layout.narration is None or not banner.colliderect(layout.narration)
    # the solution badge lies in the board's area below the board, under the status area
    assert app.state()["counters"]["solutions"] == 1 and banner.bottom < layout.board.top
    font, lines = banner_lines(banner, LONG, "en")
    assert "".join(lines).replace(" ", "") == LONG.replace(" ", "")  # nothing cut off
    assert len(lines) * font.get_linesize() <= banner.h
    assert all(font.size(line)[0] <= banner.w - 40 for line in lines)  # beside the icon
    assert share_near(app, banner, app.theme.conflict) > 0.3  # the banner is drawn there
    area = layout.board
    if app.mode.strips_area is not None:  # the flag strips (issue 13) take the bottom or the right of it
        place = split_for_strips(area, 8, layout.scale, app.lang, layout.board_side)
        assert place is not None and place.upright == app.mode.strips_upright
        area = place.board
    assert fit_board(area, 8, text=layout.scale).rect == geometry.rect


def test_the_status_area_names_the_algorithm_and_its_summary():
    app = new_app(8, "backtracking-pairwise")
    spec = registry.get("backtracking-pairwise")
    assert app.mode.status("en") == (spec.title, spec.summary)
    blank = pygame.Surface(app.layout.banner.size)
    blank.fill(app.theme.background)
    shown = app.surface.subsurface(app.layout.banner)
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(blank, "RGB")


# -- the legend --------------------------------------------------------------------------------


def test_every_legend_sample_is_drawn_by_the_board_renderer(monkeypatch):
    from visualizer.look.theme import CLASSROOM
    from visualizer.render import legend

    pygame.font.init()
    drawn = []
    real = legend.draw_board

    def spy(surface, area, scene, theme, **options):
        drawn.append(scene)
        return real(surface, area, scene, theme, **options)

    monkeypatch.setattr(legend, "draw_board", spy)
    surface = pygame.Surface((400, 640))
    surface.fill(CLASSROOM.background)
    samples = legend.draw_legend(surface, surface.get_rect(), CLASSROOM, "en")
    assert drawn == [mark.scene for mark in legend.MARKS]
    refused = samples[[m.key for m in legend.MARKS].index("marks_refused")]
    conflict = sum(
        surface.get_at((x, y))[:3] == CLASSROOM.conflict
        for x in range(refused.left, refused.right)
        for y in range(refused.top, refused.bottom)
    )
    assert conflict > 20  # the refused square is really filled in the conflict colour


def test_k_and_the_button_show_the_legend_and_the_help_has_it(monkeypatch):
    from visualizer.render import legend

    app = new_app(8, "backtracking")
    code = app.layout.code
    before = pygame.image.tobytes(app.surface.subsurface(code), "RGB")
    press(app, pygame.K_k, "k")
    assert app.state()["legend"] is True
    assert pygame.image.tobytes(app.surface.subsurface(code), "RGB") != before
    click(app, app.controls.buttons["legend"].rect.center)
    assert app.state()["legend"] is False
    calls = []
    monkeypatch.setattr(legend, "draw_legend", lambda *a, **k: calls.append(a[1]) or [])
    press(app, pygame.K_h, "h")
    for _ in range(app.help_card.pages - 1):  # beside the keys, or on the help's last page
        press(app, pygame.K_PAGEDOWN)
    assert app.show_help and calls and calls[-1].right <= app.surface.get_width()
    from visualizer.commands import help_rows

    assert ("K", "marks_help") in help_rows()


def test_headless_legend_command(tmp_path):
    state, shot = tmp_path / "s.json", tmp_path / "l.png"
    result = viz("--script", "step:3;legend:on", "--state", str(state), "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    assert json.loads(state.read_text(encoding="utf-8"))["legend"] is True


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
@pytest.mark.parametrize("scale", [1.0, 2.0])
@pytest.mark.parametrize("mode", ["watch", "race", "game"])
def test_every_control_fits_in_its_column_with_the_legend_button(size, scale, mode):
    app = new_app(8, "backtracking", size=size, ui_scale=scale, mode=mode)
    column = app.layout.controls
    assert ("legend" in app.controls.buttons) == (mode == "watch")
    for name, button in app.controls.buttons.items():
        assert column.contains(button.rect), (name, button.rect, column)
