"""Exercise mode's pixels on the board: the square to decide on next, the row the keys B and C
point at, and a wrong move left standing. Reads what it is given; changes nothing."""

from __future__ import annotations

import pygame

from visualizer.look.theme import Theme
from visualizer.render.board_geometry import BoardGeometry
from visualizer.render.shapes import draw_cross, draw_dashed_rect, ink_on, queen_sprite


def draw_focus(surface: pygame.Surface, geo: BoardGeometry, square: tuple[int, int], theme: Theme) -> None:
    """A thick ring in the highlight colour round the square the search tries next."""
    rect = geo.square_rect(*square)
    width = int(max(3, min(8, geo.square // 9)))
    pygame.draw.rect(surface, theme.code_highlight, rect.inflate(width, width), width)


def draw_row_cursor(surface: pygame.Surface, geo: BoardGeometry, row: int, theme: Theme) -> None:
    """A dashed frame round the whole row that B (backtrack) and C (choose a row) act on."""
    first, last = geo.square_rect(row, 0), geo.square_rect(row, geo.n - 1)
    rect = first.union(last).inflate(4, 4)
    width = int(max(2, geo.square // 24))
    draw_dashed_rect(surface, theme.text, rect, width, max(6, int(geo.square // 5)))


def draw_wrong_queen(
    surface: pygame.Surface, geo: BoardGeometry, square: tuple[int, int], theme: Theme
) -> None:
    """A queen placed where the search refuses: a pale queen on the refused square (the board has
    drawn it in the conflict colour, with the line to its attacker)."""
    rect = geo.square_rect(*square)
    size = max(8, int(rect.w * 0.8))
    sprite = queen_sprite(size, ink_on(theme.conflict), theme.text, alpha=230)
    surface.blit(sprite, sprite.get_rect(center=rect.center))


def draw_pruning(
    surface: pygame.Surface, geo: BoardGeometry, squares: list[tuple[int, int]], theme: Theme
) -> None:
    """The squares the queen just placed prunes, waiting to be confirmed: a dashed cross each."""
    for row, col in squares:
        rect = geo.square_rect(row, col).inflate(-int(geo.square // 3), -int(geo.square // 3))
        draw_cross(surface, theme.conflict, rect, max(2, int(geo.square // 16)))
