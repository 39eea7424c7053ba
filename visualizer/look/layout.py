"""Where everything goes: one function from window size to rectangles.

Later panels (a search tree, a solutions gallery) get their rectangle here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

MIN_SIZE = (960, 640)
#: The largest window, headless or restored from settings (8K): a bigger one would take gigabytes of pixels.
MAX_SIZE = (7680, 4320)
MARGIN = 12
#: The board's squares take at least this share of the window's height (panels fold before it shrinks).
BOARD_SHARE = 0.45


def board_side_min(height: int) -> int:
    """The least side of the board's squares in a window ``height`` pixels high."""
    return math.ceil(BOARD_SHARE * height)


def board_floor(height: int) -> int:
    """The least height (and width) of the board's area in a window ``height`` pixels high: squares
    of ``BOARD_SHARE`` of it, with their margins, labels of the widest kind (a small n's) and
    whole-pixel squares (up to 16 pixels lost to rounding).

    >>> board_floor(800)
    468
    """
    return board_side_min(height) + 2 * 16 + 2 * 30 + 16


#: The counters panel has room for this many counter rows and smaller rows below them (depth,
#: event, elapsed, MRV's next row) with labels as large as the controls' text.
COUNTER_ROWS, EXTRA_ROWS = 7, 4
#: pygame_gui's own text size at scale 1 (its default).
GUI_FONT = 14


def counters_need(counters: int, extras: int, fit: float) -> int:
    """The height of a counters panel of ``counters`` rows and ``extras`` rows at text scale ``fit``
    (labels of 17 x ``fit`` pixels; render/panels.py draws them)."""
    return counters * (round(30 * fit) + 10) + extras * (round(18 * fit) + 8) + 2 * 12 + (8 if extras else 0)


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
    board_side: int = 0  # the board's squares never get a smaller side than this (flag strips, ...)
    control_text: int = GUI_FONT  # the controls' text size: no counter label is smaller


def compute_layout(
    size: tuple[int, int],
    ui_scale: float = 1.0,
    *,
    wide_side: bool = False,
    narration: bool = False,
    scrub: bool = False,
    strips: bool = False,
    counter_rows: tuple[int, int] = (COUNTER_ROWS, EXTRA_ROWS),
) -> Layout:
    """Rectangles for a window of ``size`` (never smaller than ``MIN_SIZE``).

    ``ui_scale`` (the classroom text size) widens the side columns and multiplies ``scale``;
    the board keeps at least 40% of the width.

    ``wide_side`` (a search tree or gallery in the side panel) gives that panel room taken from the
    board, which stays centred in what is left; the view has the height the ``counter_rows`` (the
    mode's counters, and its smaller rows) leave at labels as large as the controls' text.

    The status area (``banner``) sits above the board, the ``scrub`` strip right under it and the
    ``narration`` panel (when asked for) under that, all taken from the board's column: none ever
    covers the board. ``scrub`` (the search modes) makes the strip tall enough for the scrub bar,
    where progress shows too. ``strips`` (flag arrays shown under the board) keeps them some room.

    However large the text, the board's area keeps ``board_floor`` of the height (squares of 45%
    of the window): the narration panel gives up its log first, then the status area its lines.

    >>> layout = compute_layout((1280, 800))
    >>> layout.controls.right < layout.board.left < layout.board.right < layout.counters.left
    True
    """
    width, height = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
    scale = min(width / 1280, height / 800)
    scale = min(max(scale, 0.8), 1.6) * ui_scale
    control_width = min(max(width * 0.19, 220), 320) * ui_scale
    info_width = min(max(width * 0.25, 280), 440) * ui_scale
    floor_room = width - board_floor(height) - 4 * MARGIN  # the board's column: at least its floor
    room = min(width * 0.6 - 4 * MARGIN, floor_room)  # what the two side columns may take together
    if control_width + info_width > room:
        shrink = room / (control_width + info_width)
        control_width, info_width = control_width * shrink, info_width * shrink
    control_width, info_width = int(control_width), int(info_width)
    if wide_side:  # a view widens the side panel into the board's room only: the controls stay as they are
        room = int(min(width * 0.72 - 4 * MARGIN, floor_room))
        info_width = max(info_width, min(int(min(width * 0.42, 760) * ui_scale), room - control_width))
    inner_height = height - 2 * MARGIN
    controls = pygame.Rect(MARGIN, MARGIN, control_width, inner_height)
    info_left = width - MARGIN - info_width
    scrub_height = _scrub_height(scale, inner_height, scrub, 36)
    board = pygame.Rect(
        controls.right + MARGIN,
        MARGIN,
        info_left - controls.right - 2 * MARGIN,
        inner_height - scrub_height - MARGIN // 2,
    )
    # pygame_gui's text size: never below its own, never wider than the column has room for (200 px per 14)
    control_text = round(GUI_FONT * max(1.0, min(scale, control_width / 200)))
    counters_height = max(
        inner_height * 0.36, 220 * scale, counters_need(COUNTER_ROWS, EXTRA_ROWS, control_text / 17)
    )
    counters_height = int(min(counters_height, inner_height * 0.66))
    if wide_side:  # a tree, gallery or options view takes all the column the counters' rows leave
        counters_height = int(min(counters_need(*counter_rows, control_text / 17), inner_height * 0.66))
    counters = pygame.Rect(info_left, MARGIN, info_width, counters_height)
    code = pygame.Rect(
        info_left, counters.bottom + MARGIN, info_width, inner_height - counters_height - MARGIN
    )
    strip = int(40 * scale)
    progress = pygame.Rect(board.x + 8, board.y + 8, board.width - 16, strip)
    status_h = int(min(56 * scale, inner_height * 0.13))
    narration_h = int(min(150 * scale, inner_height * 0.28)) if narration else 0
    floor = board_floor(height)
    # what the status area, the narration and the flag strips may take without cutting into the floor
    spare = board.height - floor - MARGIN // 2 - (MARGIN // 2 if narration else 0)
    spare -= strips_allowance(scale) if strips else 0
    line = int(30 * scale)  # one line of the status area's or the narration's text
    if status_h + narration_h > spare:
        narration_h = max(min(narration_h, spare - status_h), min(narration_h, int(1.4 * line)))
        status_h = max(min(status_h, spare - narration_h), min(status_h, line))
    banner = pygame.Rect(board.x, board.y, board.width, status_h)
    board.top, board.height = banner.bottom + MARGIN // 2, board.height - status_h - MARGIN // 2
    narration_rect = None
    if narration:
        board.height -= narration_h + MARGIN // 2
        below = board.bottom + MARGIN + scrub_height  # under the board and its strip
        narration_rect = pygame.Rect(board.x, below, board.width, narration_h)
    strip_rect = pygame.Rect(board.x + 8, board.bottom + MARGIN // 2, board.width - 16, scrub_height)
    return Layout(
        (width, height),
        controls,
        board,
        counters,
        code,
        banner,
        progress,
        _help_rect(width, height),
        scale,
        strip_rect,
        narration_rect,
        board_side_min(height),
        control_text,
    )


def _scrub_height(scale: float, inner_height: int, scrub: bool, label: int) -> int:
    """The strip under the board: thin, or tall enough for the scrub bar and its ``label`` (in
    pixels at scale 1) when the mode scrubs; a small window at a large text size keeps the
    board's room."""
    thin = int(14 * scale)
    return max(thin, min(int(label * scale), int(inner_height * 0.045))) if scrub else thin


def _help_rect(width: int, height: int) -> pygame.Rect:
    """The help overlay, centred on the window."""
    rect = pygame.Rect(0, 0, int(width * 0.6), int(height * 0.86))
    rect.center = (width // 2, height // 2)
    return rect


def strips_allowance(scale: float) -> int:
    """The height kept under the board for three rows of flag cells at the smallest text they take."""
    return int(3 * 24 * max(0.75, scale * 0.64) + 8)


#: The presenter view's text is this much larger than the window's own.
PRESENT_TEXT = 1.4


def present_layout(size: tuple[int, int], ui_scale: float = 1.0, *, scrub: bool = False) -> Layout:
    """The presenter view (P): the counters in one row at the top, the status line, the board as
    large as the window allows, the scrub strip and the narration in large type under it.

    The control column and the side panel are not shown: their rectangles lie just outside the
    window (what a mode draws there is clipped away, and no click can reach a widget).

    >>> layout = present_layout((1280, 800))
    >>> layout.controls.left >= 1280 and layout.code.left >= 1280 and layout.board.width > 1000
    True
    """
    width, height = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
    scale = min(max(min(width / 1280, height / 800), 0.8), 1.6) * ui_scale * PRESENT_TEXT
    inner_height = height - 2 * MARGIN
    outside = pygame.Rect(width + MARGIN, MARGIN, 320, inner_height)  # not shown
    counters = pygame.Rect(MARGIN, MARGIN, width - 2 * MARGIN, int(min(62 * scale, inner_height * 0.12)))
    banner = pygame.Rect(
        MARGIN, counters.bottom + MARGIN // 2, width - 2 * MARGIN, int(min(34 * scale, inner_height * 0.07))
    )
    narration_h = int(min(70 * scale, inner_height * 0.16))
    scrub_height = _scrub_height(scale, inner_height, scrub, 30)
    top = banner.bottom + MARGIN // 2
    board = pygame.Rect(
        MARGIN, top, width - 2 * MARGIN, height - MARGIN - narration_h - scrub_height - MARGIN - top
    )
    strip_rect = pygame.Rect(board.x + 8, board.bottom + MARGIN // 2, board.width - 16, scrub_height)
    narration = pygame.Rect(MARGIN, height - MARGIN - narration_h, width - 2 * MARGIN, narration_h)
    progress = pygame.Rect(board.x + 8, board.y + 8, board.width - 16, int(40 * scale))
    return Layout(
        (width, height),
        outside,
        board,
        counters,
        pygame.Rect(outside),
        banner,
        progress,
        _help_rect(width, height),
        scale,
        strip_rect,
        narration,
        board_side_min(height),
        round(GUI_FONT * scale),
    )
