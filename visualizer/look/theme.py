"""Colours and sizes. The palette is colour-blind safe (Okabe and Ito), and
every colour signal is doubled by a mark or a shape in the renderers."""

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
)

THEMES = {theme.name: theme for theme in (CLASSROOM, PROJECTOR)}
