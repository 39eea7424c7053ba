"""The themes' colours, measured (issue 25): every pair of meanings the board tells apart stays apart
under simulated colour vision deficiencies, and text meets WCAG 2.1 contrast.

**Distance.** CIE76 ΔE (Euclidean distance in CIELAB, D65), computed by colorspacious. ΔE 2.3 is
a just-noticeable difference for two patches side by side; the board's marks are small and apart,
seen at a glance from the back of a room, so the bar is ``MIN_DELTA_E = 10``, a difference that is
"clearly distinguishable" rather than merely noticeable.

**Simulation.** colorspacious' ``sRGB1+CVD`` space (the Machado, Oliveira and Fernandes 2009
model) at severity 100: full protanopia, deuteranopia and tritanopia, the colours clipped back to
sRGB as a screen would show them.

**Meanings.** Each meaning is drawn in the theme's colours below (``meanings``); the distance of
two meanings is the smallest over their colours. Safe and attacked squares are compared on the
same parity only (the shading is a blend of the square it lies on, and each shaded square is seen
beside its unshaded twins). The pruned discs' colours only say *which* queen pruned (the number
inside says it too), so "pruned" is measured against what the discs lie on: the squares.

The colour-blind safe theme must pass under all three simulations; the classroom and projector
themes in normal vision. Where they fall short under a simulation, ``KNOWN_SHORTFALLS`` lists the
pairs: a changed colour that fixes or breaks one fails the test, so the list stays measured.
Every such pair is also told by shape (visualizer/look/theme.py's docstring): the cross, the
dashed ghost, the solution's frame and badge, the numbered disc.
"""

from __future__ import annotations

import itertools

import colorspacious
import numpy as np
import pytest

from visualizer.look.theme import (
    BODY_TEXT,
    COLOUR_SAFE,
    THEMES,
    Colour,
    Theme,
    blend,
    contrast_ratio,
    legible,
    relative_luminance,
)
from visualizer.render.board import ATTACKED_ALPHA, ink_on

#: The smallest CIE76 ΔE between two meanings (see the module docstring for why 10).
MIN_DELTA_E = 10.0
#: WCAG 2.1 for large text (24 px, or 18.7 px bold: the solution badge).
LARGE_TEXT = 3.0
#: The simulations: None is normal vision.
VISION = {
    "normal": None,
    "protanopia": "protanomaly",
    "deuteranopia": "deuteranomaly",
    "tritanopia": "tritanomaly",
}


def meanings(theme: Theme) -> dict[str, list[Colour]]:
    """Each meaning the board distinguishes, as the theme's colours that draw it."""
    return {
        "safe": [theme.light_square, theme.dark_square],
        "attacked": [
            blend(square, theme.attacked, ATTACKED_ALPHA)
            for square in (theme.light_square, theme.dark_square)
        ],
        "refused": [theme.conflict],
        "queen": [theme.queen],
        "solution": [theme.solution],
        "current row": [theme.tried],  # the square being tried, MRV's next row
        "backtrack": [theme.lifted],
        "pruned": list(theme.pruners),
    }


def pairs() -> list[tuple[str, str]]:
    plain = [name for name in meanings(COLOUR_SAFE) if name != "pruned"]
    return [*itertools.combinations(plain, 2), ("pruned", "safe"), ("pruned", "attacked")]


def simulate(colours: list[Colour], vision: str | None) -> np.ndarray:
    rgb = np.asarray(colours, float) / 255
    if vision is not None:
        space = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
        rgb = np.clip(colorspacious.cspace_convert(rgb, space, "sRGB1"), 0, 1)
    return colorspacious.cspace_convert(rgb, "sRGB1", "CIELab")


def distance(theme: Theme, a: str, b: str, vision: str | None) -> float:
    """The smallest ΔE between meaning ``a`` and meaning ``b`` as ``vision`` sees them."""
    colours = meanings(theme)
    lab_a, lab_b = simulate(colours[a], vision), simulate(colours[b], vision)
    if {a, b} == {"safe", "attacked"}:  # light with light, dark with dark
        return float(np.linalg.norm(lab_a - lab_b, axis=1).min())
    return float(np.linalg.norm(lab_a[:, None, :] - lab_b[None, :, :], axis=2).min())


def shortfalls(theme: Theme, vision: str | None) -> set[tuple[str, str]]:
    return {(a, b) for a, b in pairs() if distance(theme, a, b, vision) < MIN_DELTA_E}


#: (theme, simulation) -> the pairs closer than MIN_DELTA_E (measured; each also told by shape).
KNOWN_SHORTFALLS: dict[tuple[str, str], set[tuple[str, str]]] = {
    # the bluish-green solution (queens, frame) and a bluish-green pruning disc on the brown dark square
    ("classroom", "protanopia"): {("safe", "solution"), ("pruned", "safe")},
    # the reddish-purple lifted ghost, and a reddish-purple disc, on the sky-blue shading
    ("classroom", "deuteranopia"): {("attacked", "backtrack"), ("pruned", "attacked")},
    # the yellow pruning disc on a light square
    ("classroom", "tritanopia"): {("pruned", "safe")},
}


def smallest(theme: Theme, vision: str | None) -> tuple[float, str, str]:
    return min((distance(theme, a, b, vision), a, b) for a, b in pairs())


@pytest.mark.parametrize("vision", list(VISION))
def test_the_colour_blind_safe_theme_keeps_every_pair_apart(vision):
    gap, a, b = smallest(COLOUR_SAFE, VISION[vision])
    assert gap >= MIN_DELTA_E, f"{vision}: {a} / {b} only ΔE {gap:.1f} apart"


@pytest.mark.parametrize("name", list(THEMES))
def test_every_theme_keeps_every_pair_apart_in_normal_vision(name):
    gap, a, b = smallest(THEMES[name], None)
    assert gap >= MIN_DELTA_E, f"{name}: {a} / {b} only ΔE {gap:.1f} apart"


@pytest.mark.parametrize(("name", "vision"), [(t, v) for t in THEMES for v in VISION if v != "normal"])
def test_the_other_themes_fall_short_only_where_documented(name, vision):
    assert shortfalls(THEMES[name], VISION[vision]) == KNOWN_SHORTFALLS.get((name, vision), set())


def test_the_simulation_is_the_real_one():
    """A check on the tool: under deuteranopia red and green meet, blue and orange stay apart."""
    red, green = (213, 94, 0), (0, 158, 115)
    normal, deutan = simulate([red, green], None), simulate([red, green], "deuteranomaly")
    assert np.linalg.norm(normal[0] - normal[1]) > 60 > np.linalg.norm(deutan[0] - deutan[1])
    blue, orange = (0, 114, 178), (230, 159, 0)
    assert np.linalg.norm(np.subtract(*simulate([blue, orange], "deuteranomaly"))) > 40


# -- text: WCAG 2.1 contrast -----------------------------------------------------------------


def test_relative_luminance_is_wcag_s():
    """Reference values: WCAG's own formula gives mid grey #777 4.48:1 on white (it just fails AA)."""
    assert relative_luminance((255, 255, 255)) == 1.0
    assert contrast_ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio((118, 118, 118), (255, 255, 255)) >= BODY_TEXT


@pytest.mark.parametrize("name", list(THEMES))
def test_body_text_has_4_5_to_1(name):
    """The panels' text and muted text (the board's labels, the counters' names) on the window's
    background and on the panels."""
    theme = THEMES[name]
    for ink in (theme.text, theme.muted_text):
        for ground in (theme.background, theme.panel):
            assert contrast_ratio(ink, ground) >= BODY_TEXT, (ink, ground)


@pytest.mark.parametrize("name", list(THEMES))
def test_text_on_marks_has_4_5_to_1(name):
    """Digits and words drawn on a mark's colour in ``ink_on``'s ink: a pruning disc's row number,
    MRV's domain size, the refused square's cross, the code highlight; the solution badge (large,
    bold) would need 3 but has 4.5 too."""
    theme = THEMES[name]
    for colour in (*theme.pruners, theme.tried, theme.conflict, theme.code_highlight, theme.solution):
        assert contrast_ratio(ink_on(colour), colour) >= BODY_TEXT, colour
    assert contrast_ratio(ink_on(theme.solution), theme.solution) >= LARGE_TEXT


@pytest.mark.parametrize("name", list(THEMES))
def test_words_in_a_marks_colour_are_made_legible(name):
    """The race's winner and leading counters and the Solutions counter on its tinted band
    (solution colour), the gallery's overflow note and predict's wrong verdict (conflict), the
    chart's restarts (lifted): ``legible`` keeps the hue and reaches 4.5:1."""
    theme = THEMES[name]
    tint = blend(theme.panel, theme.solution, 0.18)  # visualizer/render/panels.py's band
    for colour in (theme.solution, theme.conflict, theme.lifted):
        for ground in (theme.background, theme.panel, tint):
            shown = legible(colour, ground)
            assert contrast_ratio(shown, ground) >= BODY_TEXT
            if contrast_ratio(colour, ground) >= BODY_TEXT:
                assert shown == colour  # already readable: untouched


def test_the_projector_widgets_read_too():
    """The dark theme dresses the widgets (visualizer/look/appearance.py): text on a button, and
    the selected button's background-coloured text on the yellow accent."""
    theme = THEMES["projector"]
    assert contrast_ratio(theme.text, theme.panel) >= BODY_TEXT
    assert contrast_ratio(theme.background, theme.code_highlight) >= BODY_TEXT
    assert contrast_ratio(theme.muted_text, theme.background) >= BODY_TEXT  # a disabled button


def figures() -> str:
    """The measured figures, one line per theme and vision (for the README and the report)."""
    lines = []
    for name, theme in THEMES.items():
        for vision, kind in VISION.items():
            gap, a, b = smallest(theme, kind)
            lines.append(f"{name:12} {vision:13} smallest ΔE {gap:5.1f} ({a} / {b})")
    return "\n".join(lines)


if __name__ == "__main__":
    print(figures())


def test_the_readme_s_deuteranopia_view_is_colorspacious_s():
    """The screenshot tool simulates with the Machado matrix itself (no colorspacious at run time)."""
    from visualizer.shell.screenshots import simulate_deuteranopia

    colours = np.array([*COLOUR_SAFE.pruners, COLOUR_SAFE.light_square, (255, 0, 0), (20, 200, 90)], np.uint8)
    ours = simulate_deuteranopia(colours).astype(float)
    space = {"name": "sRGB1+CVD", "cvd_type": "deuteranomaly", "severity": 100}
    theirs = np.clip(colorspacious.cspace_convert(colours / 255, space, "sRGB1"), 0, 1) * 255
    assert np.abs(ours - theirs).max() <= 1.5


# -- shapes: no mark by colour alone -------------------------------------------------------


def test_a_won_game_is_framed_not_only_coloured():
    """The game's won board (no solution number to badge) has the solution frame round the board."""
    import pygame

    from visualizer.core.scene import Scene
    from visualizer.render.board import draw_board

    pygame.font.init()
    for won in (False, True):
        surface = pygame.Surface((400, 400))
        surface.fill(COLOUR_SAFE.background)
        scene = Scene(n=4, queens=(1, 3, 0, 2), won=won)
        geo = draw_board(surface, pygame.Rect(0, 0, 400, 400), scene, COLOUR_SAFE)
        edge = tuple(surface.get_at((geo.rect.centerx, geo.rect.top - 4)))[:3]
        assert (edge == COLOUR_SAFE.solution) == won


# -- the hatch (Shift+X): attacked squares as diagonal lines, not a tint -------------------------


def hatched(theme: Theme) -> dict[str, list[Colour]]:
    """The meanings with the attacked squares hatched: the lines' colour, on either square."""
    from visualizer.render.board import hatch_colour

    return {**meanings(theme), "attacked": [hatch_colour(theme)]}


def hatch_distance(theme: Theme, a: str, b: str, vision: str | None) -> float:
    colours = hatched(theme)
    lab_a, lab_b = simulate(colours[a], vision), simulate(colours[b], vision)
    return float(np.linalg.norm(lab_a[:, None, :] - lab_b[None, :, :], axis=2).min())


#: A pruning disc is drawn over the square, lines and all, and says which queen by its number: it
#: is told from what lies under it by the square ("pruned" / "safe"), the thin lines cross it.
HATCH_PAIRS = [pair for pair in pairs() if pair != ("pruned", "attacked")]


@pytest.mark.parametrize(("name", "vision"), [(t, v) for t in THEMES for v in VISION])
def test_the_hatch_lines_show_on_both_squares(name, vision):
    """On every theme and under every simulation the lines stand ``MIN_DELTA_E`` from the light and
    the dark square they cross: a pattern seen where a tint may not be."""
    theme = THEMES[name]
    gap = hatch_distance(theme, "attacked", "safe", VISION[vision])
    assert gap >= MIN_DELTA_E, f"{name} {vision}: the hatch only ΔE {gap:.1f} from a square"


@pytest.mark.parametrize("vision", list(VISION))
def test_the_colour_blind_safe_theme_hatched_keeps_every_pair_apart(vision):
    gap, a, b = min((hatch_distance(COLOUR_SAFE, a, b, VISION[vision]), a, b) for a, b in HATCH_PAIRS)
    assert gap >= MIN_DELTA_E, f"{vision}: {a} / {b} only ΔE {gap:.1f} apart"


def test_hatched_squares_are_lines_on_the_squares_own_colours():
    """Drawn, a hatched attacked square holds the square's own colour and the lines' (no tint), and
    the lines run diagonally: a pixel and the one right-and-up of it are alike."""
    from dataclasses import replace

    import pygame

    from visualizer.core.scene import Scene
    from visualizer.render.board import draw_board, hatch_colour

    pygame.font.init()
    theme = replace(COLOUR_SAFE, hatch=True)
    attacked = np.zeros((4, 4), bool)
    attacked[1, 1] = True  # a light square
    surface = pygame.Surface((400, 400))
    geo = draw_board(
        surface,
        pygame.Rect(0, 0, 400, 400),
        Scene(n=4, queens=(None,) * 4, attacked=attacked),
        theme,
        labels=False,
    )
    square = geo.square_rect(1, 1)
    seen = {
        tuple(surface.get_at((x, y)))[:3] for x in range(square.left, square.right) for y in (square.top + 2,)
    }
    assert hatch_colour(theme) in seen and theme.light_square in seen
    tinted = blend(theme.light_square, theme.attacked, ATTACKED_ALPHA)
    assert tinted not in seen
    x, y = square.left + 5, square.top + 10
    line = [tuple(surface.get_at((x + k, y - k)))[:3] for k in range(6)]
    assert len(set(line)) == 1  # along a diagonal "/" the colour holds
