"""Colours and sizes. The marks' colours are Okabe and Ito's, and every colour signal is doubled
by a mark or a shape in the renderers: a refused square is crossed and lined to its attacker, a
solution framed and badged, a pruned column numbered, an attacked square dotted, a lifted queen a
dashed ghost.

``COLOUR_SAFE`` is the theme to recommend for colour vision deficiencies: its board is grey, so no
mark's hue meets a brown square's, and tests/visualizer/look/test_colour_vision.py measures every
theme's marks under simulated protanopia, deuteranopia and tritanopia (and their text's WCAG
contrast, ``contrast_ratio``)."""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]
#: Okabe and Ito's colours for telling queens apart (domains: which queen pruned a column):
#: blue, vermillion, bluish green, reddish purple, orange, sky blue, yellow.
OKABE_ITO: tuple[Colour, ...] = (
    (0, 114, 178),
    (213, 94, 0),
    (0, 158, 115),
    (204, 121, 167),
    (230, 159, 0),
    (86, 180, 233),
    (240, 228, 66),
)


def blend(a: Colour, b: Colour, t: float) -> Colour:
    """``a`` moved a fraction ``t`` toward ``b``.

    >>> blend((0, 0, 0), (255, 255, 255), 0.5)
    (128, 128, 128)
    """
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def relative_luminance(colour: Colour) -> float:
    """WCAG 2.1's relative luminance of an sRGB colour, 0 (black) to 1 (white).

    >>> relative_luminance((0, 0, 0)), relative_luminance((255, 255, 255))
    (0.0, 1.0)
    """

    def linear(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Colour, b: Colour) -> float:
    """WCAG 2.1's contrast ratio of two colours, 1 to 21 (4.5 for body text, 3 for large).

    >>> round(contrast_ratio((0, 0, 0), (255, 255, 255)), 1)
    21.0
    """
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


#: WCAG 2.1's contrast for body text (AA); large text (24 px, or 18.7 px bold) needs 3.
BODY_TEXT = 4.5


def legible(colour: Colour, background: Colour, ratio: float = BODY_TEXT) -> Colour:
    """``colour`` as text on ``background``: itself where it already has ``ratio`` of WCAG contrast,
    else moved toward black (on a light background) or white (on a dark one) just far enough.
    A mark's colour in a sentence (the race's winner in green) keeps its hue and is readable.

    >>> legible((0, 0, 0), (255, 255, 255))
    (0, 0, 0)
    >>> round(contrast_ratio(legible((0, 158, 115), (255, 255, 255)), (255, 255, 255)), 1) >= 4.5
    True
    """
    toward = (0, 0, 0) if relative_luminance(background) > 0.18 else (255, 255, 255)
    for step in range(21):
        moved = blend(colour, toward, step / 20)
        if contrast_ratio(moved, background) >= ratio:
            return moved
    return toward


@dataclass(frozen=True)
class Theme:
    """Everything a renderer needs to pick a colour."""

    name: str
    background: Colour
    panel: Colour
    text: Colour
    muted_text: Colour
    light_square: Colour
    dark_square: Colour
    grid: Colour
    queen: Colour
    queen_outline: Colour
    tried: Colour  # outline of the square being tried
    conflict: Colour  # refused square and the line to its attacker
    lifted: Colour  # a square a backtrack just emptied
    solution: Colour  # board frame and queens while a solution shows
    attacked: Colour  # shading of attacked squares (blended)
    code_highlight: Colour
    pruners: tuple[Colour, ...] = OKABE_ITO  # one per queen (by row, cycling) in the domains marks
    hole: Colour = (46, 46, 54)  # a blocked square (a constrained instance), hatched in ``ink_on`` it
    hatch: bool = False  # attacked squares hatched with diagonal lines instead of tinted (Shift+X)


CLASSROOM = Theme(
    name="classroom",
    background=(245, 247, 250),
    panel=(255, 255, 255),
    text=(20, 24, 32),
    muted_text=(90, 98, 112),
    light_square=(240, 217, 181),
    dark_square=(181, 136, 99),
    grid=(120, 90, 60),
    queen=(20, 20, 28),
    queen_outline=(250, 250, 250),
    tried=(0, 114, 178),  # blue
    conflict=(213, 94, 0),  # vermillion
    lifted=(204, 121, 167),  # reddish purple
    solution=(0, 158, 115),  # bluish green
    attacked=(86, 180, 233),  # sky blue
    code_highlight=(240, 228, 66),  # yellow
)

PROJECTOR = Theme(
    name="projector",
    background=(0, 0, 0),
    panel=(18, 18, 18),
    text=(255, 255, 255),
    muted_text=(200, 200, 200),
    light_square=(235, 235, 235),
    dark_square=(90, 90, 90),
    grid=(255, 255, 255),
    queen=(0, 0, 0),
    queen_outline=(255, 255, 255),
    tried=(86, 180, 233),
    conflict=(230, 159, 0),  # orange
    lifted=(204, 121, 167),
    solution=(0, 158, 115),
    attacked=(0, 114, 178),
    code_highlight=(240, 228, 66),
    pruners=OKABE_ITO[1:],  # less blue, the attacked shading's colour (a blue disc on it: ΔE 9 in tritanopia)
)

#: Colour-blind safe (issue 25): Okabe and Ito's colours on a grey board. The classroom board's
#: brown squares meet its green solution under protanopia and its purple lifted mark under
#: deuteranopia; on grey every mark keeps its distance under all three simulations (the test).
COLOUR_SAFE = Theme(
    name="colour-safe",
    background=(245, 245, 245),
    panel=(255, 255, 255),
    text=(0, 0, 0),
    muted_text=(80, 80, 80),
    light_square=(250, 250, 250),
    dark_square=(200, 200, 200),
    grid=(90, 90, 90),
    queen=(0, 0, 0),
    queen_outline=(255, 255, 255),
    tried=(0, 114, 178),  # blue
    conflict=(213, 94, 0),  # vermillion
    lifted=(204, 121, 167),  # reddish purple
    solution=(0, 158, 115),  # bluish green
    attacked=(230, 159, 0),  # orange
    code_highlight=(240, 228, 66),  # yellow
    # the pruning queens: Okabe and Ito's colours less yellow, which fades into the light squares
    # under tritanopia; the disc's number tells one queen from another
    pruners=OKABE_ITO[:6],
)

THEMES = {theme.name: theme for theme in (CLASSROOM, PROJECTOR, COLOUR_SAFE)}
