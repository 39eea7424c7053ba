"""Where everything goes: one function from window size to rectangles.

Later panels (a search tree, a solutions gallery) get their rectangle here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_SIZE = (960, 640)
#: The largest window, headless or restored from settings (8K): a bigger one would take gigabytes of pixels.
MAX_SIZE = (7680, 4320)
MARGIN = 12


@dataclass(frozen=True)
class Layout:
    """The rectangles of one window size."""

    size: tuple[int, int]
    controls: pygame.Rect  # the pygame_gui column on the left
    board: pygame.Rect  # the area the board is fitted into (centre)
    counters: pygame.Rect  # right column, top
    code: pygame.Rect  # right column, below the counters
    banner: pygame.Rect  # the status area above the board: banners, else the algorithm's summary
    progress: pygame.Rect  # a strip at the top of the board area
    help: pygame.Rect  # the help overlay, centred on the window
    scale: float  # text scale for the panels
    scrub: pygame.Rect  # the thin strip under the board: the run, bookmark ticks
    narration: pygame.Rect | None = None  # below the strip: the current sentence and the log


def compute_layout(
    size: tuple[int, int],
    ui_scale: float = 1.0,
    *,
    wide_side: bool = False,
    narration: bool = False,
    scrub: bool = False,
) -> Layout:
    """Rectangles for a window of ``size`` (never smaller than ``MIN_SIZE``).

    ``ui_scale`` (the classroom text size) widens the side columns and multiplies ``scale``;
    the board keeps at least 40% of the width.

    ``wide_side`` (a search tree or gallery in the side panel) gives that panel room taken from the
    board, which stays centred in what is left.

    The status area (``banner``) sits above the board, the ``scrub`` strip right under it and the
    ``narration`` panel (when asked for) under that, all taken from the board's column: none ever
    covers the board. ``scrub`` (the search modes) makes the strip tall enough for the scrub bar,
    where progress shows too.

    >>> layout = compute_layout((1280, 800))
    >>> layout.controls.right < layout.board.left < layout.board.right < layout.counters.left
    True
    """
    width, height = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
    scale = min(width / 1280, height / 800)
    scale = min(max(scale, 0.8), 1.6) * ui_scale
    control_width = min(max(width * 0.19, 220), 320) * ui_scale
    info_width = min(max(width * 0.25, 280), 440) * ui_scale
    if wide_side:
        info_width = max(info_width, min(width * 0.42, 760) * ui_scale)
    room = width * (0.72 if wide_side else 0.6) - 4 * MARGIN  # what the two side columns may take together
    if control_width + info_width > room:
        shrink = room / (control_width + info_width)
        control_width, info_width = control_width * shrink, info_width * shrink
    control_width, info_width = int(control_width), int(info_width)
    inner_height = height - 2 * MARGIN
    controls = pygame.Rect(MARGIN, MARGIN, control_width, inner_height)
    info_left = width - MARGIN - info_width
    # the strip under the board: the scrub bar with the lessons' bookmark ticks (search modes)
    # (its label wants some 30 px; a small window at a large text size keeps the board's room)
    scrub_height = int(14 * scale)
    if scrub:
        scrub_height = max(scrub_height, min(int(36 * scale), int(inner_height * 0.045)))
    board = pygame.Rect(
        controls.right + MARGIN,
        MARGIN,
        info_left - controls.right - 2 * MARGIN,
        inner_height - scrub_height - MARGIN // 2,
    )
    counters_height = int(min(max(inner_height * 0.36, 220 * scale), inner_height * 0.5))
    counters = pygame.Rect(info_left, MARGIN, info_width, counters_height)
    code = pygame.Rect(
        info_left, counters.bottom + MARGIN, info_width, inner_height - counters_height - MARGIN
    )
    strip = int(40 * scale)
    progress = pygame.Rect(board.x + 8, board.y + 8, board.width - 16, strip)
    status_h = int(min(56 * scale, inner_height * 0.13))
    banner = pygame.Rect(board.x, board.y, board.width, status_h)
    board.top, board.height = banner.bottom + MARGIN // 2, board.height - status_h - MARGIN // 2
    narration_rect = None
    if narration:
        narration_h = int(min(150 * scale, inner_height * 0.28))
        board.height -= narration_h + MARGIN // 2
        below = board.bottom + MARGIN + scrub_height  # under the board and its strip
        narration_rect = pygame.Rect(board.x, below, board.width, narration_h)
    strip_rect = pygame.Rect(board.x + 8, board.bottom + MARGIN // 2, board.width - 16, scrub_height)
    help_rect = pygame.Rect(0, 0, int(width * 0.6), int(height * 0.86))
    help_rect.center = (width // 2, height // 2)
    return Layout(
        (width, height),
        controls,
        board,
        counters,
        code,
        banner,
        progress,
        help_rect,
        scale,
        strip_rect,
        narration_rect,
    )
