"""Where everything goes: one function from window size to rectangles.

Later panels (a search tree, a solutions gallery) get their rectangle here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import pygame

MIN_SIZE = (960, 640)
#: The largest window, headless or restored from settings (8K): a bigger one would take gigabytes of pixels.
MAX_SIZE = (7680, 4320)
MARGIN = 12
#: From ``SHARE_FROM`` up, the board's squares take at least this share of the window's height
#: (panels fold before it shrinks); below it (down to ``MIN_SIZE``) ``SMALL_SHARE``, so that the
#: control column keeps room for its labels.
BOARD_SHARE, SMALL_SHARE, SHARE_FROM = 0.55, 0.45, (1280, 720)
#: The presenter view's board takes at least this share of the height.
PRESENT_SHARE = 0.80
#: The margin round the board in its area, and the pixels lost to whole-pixel squares (n = 8).
BOARD_MARGIN, ROUNDING = 10, 8
#: The pixels whole-pixel squares lose on the largest board the flag strips show (n = 20).
FLAGS_ROUNDING = 19
#: The rank/file labels' type at text scale 1 (render/board_geometry.py draws them) and the
#: least square they are drawn on.
LABEL_TEXT, LABEL_MIN_SQUARE = 16, 12


def board_share(size: tuple[int, int]) -> float:
    """The least share of the height the board's squares take in a window of ``size``.

    >>> board_share((1280, 720)), board_share((960, 640))
    (0.55, 0.45)
    """
    return BOARD_SHARE if size[0] >= SHARE_FROM[0] and size[1] >= SHARE_FROM[1] else SMALL_SHARE


def board_side_min(height: int, share: float = BOARD_SHARE) -> int:
    """The least side of the board's squares in a window ``height`` pixels high."""
    return math.ceil(share * height)


def label_room(side: int, scale: float, n: int = 8) -> int:
    """The room the labels take beside a board of ``side`` pixels at text ``scale`` (the same sums
    as render/board_geometry.py's ``label_gutter``, for the labels of an ``n`` x ``n`` board)."""
    square = side / n
    if square < LABEL_MIN_SQUARE:
        return 0
    size = max(10, min(round(LABEL_TEXT * scale), round(square * 0.62)))
    return max(8, size // 3) + math.ceil(1.5 * size) - 4


def board_floor(height: int, scale: float = 1.0, share: float = BOARD_SHARE) -> tuple[int, int]:
    """The least (width, height) of the board's area in a window ``height`` pixels high at text
    ``scale``: squares of ``share`` of it, their labels (left and right, above), the margins and
    whole-pixel squares.

    >>> board_floor(800)
    (525, 497)
    """
    side = board_side_min(height, share)
    labels = label_room(side, scale)
    extra = 2 * BOARD_MARGIN + ROUNDING
    return side + 2 * labels + extra, side + labels + extra


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
    the board's column keeps the width its floor needs (``board_floor``).

    ``wide_side`` (a search tree or gallery in the side panel) gives that panel room taken from the
    board, which stays centred in what is left; the view has the height the ``counter_rows`` (the
    mode's counters, and its smaller rows) leave at labels as large as the controls' text.

    The board's column holds, top to bottom, the status area (``banner``), the board, the
    ``scrub`` strip and the ``narration`` panel (when asked for), each as high as its text needs
    at ``scale`` (``column_heights``): none ever covers the board. ``scrub`` (the search modes)
    makes the strip tall enough for the scrub bar and its label. ``strips`` (the flag arrays)
    keeps them room under the board when the height has some, else (from ``SHARE_FROM`` up)
    beside it: the board's column is then wider than the board's floor by what they take
    (``strips_beside``).

    However large the text, the board's area keeps ``board_floor`` of the height (squares of
    ``board_share`` of the window).

    >>> layout = compute_layout((1280, 800))
    >>> layout.controls.right < layout.board.left < layout.board.right < layout.counters.left
    True
    """
    width, height = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
    scale = min(max(min(width / 1280, height / 800), 0.8), 1.6) * ui_scale
    share = board_share((width, height))
    floor_w, floor_h = board_floor(height, scale, share)
    inner_height = height - 2 * MARGIN
    heights = column_heights(inner_height - floor_h, scale, narration=narration, scrub=scrub, strips=strips)
    if strips and not heights.strips and share == BOARD_SHARE:  # no room under the board: the strips
        # stand beside it, the side columns give the room they take beyond its right label gutter
        floor_w += max(0, strips_beside(scale) - label_room(board_side_min(height, share), scale))
        floor_w += FLAGS_ROUNDING - ROUNDING
    control_width = min(max(width * 0.175, 220), 320) * ui_scale
    info_width = min(max(width * 0.25, 280), 440) * ui_scale
    floor_room = width - floor_w - 4 * MARGIN  # the board's column: at least its floor
    room = min(width * 0.6 - 4 * MARGIN, floor_room)  # what the two side columns may take together
    if control_width + info_width > room:
        shrink = room / (control_width + info_width)
        control_width, info_width = control_width * shrink, info_width * shrink
    control_width, info_width = int(control_width), int(info_width)
    if wide_side:  # a view widens the side panel into the board's room only: the controls stay as they are
        room = int(min(width * 0.72 - 4 * MARGIN, floor_room))
        info_width = max(info_width, min(int(min(width * 0.42, 760) * ui_scale), room - control_width))
    controls = pygame.Rect(MARGIN, MARGIN, control_width, inner_height)
    info_left = width - MARGIN - info_width
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
    left = controls.right + MARGIN
    column = pygame.Rect(left, MARGIN, info_left - MARGIN - left, inner_height)
    status_h, scrub_h, narration_h = heights.status, heights.scrub, heights.narration
    gap = MARGIN // 2
    banner = pygame.Rect(column.x, column.y, column.w, status_h)
    below = scrub_h + gap + (narration_h + gap if narration else 0)
    board = pygame.Rect(column.x, banner.bottom + gap, column.w, column.bottom - below - banner.bottom - gap)
    strip_rect = pygame.Rect(board.x + 8, board.bottom + gap, board.width - 16, scrub_h)
    narration_rect = None
    if narration:
        narration_rect = pygame.Rect(column.x, strip_rect.bottom + gap, column.w, narration_h)
    progress = pygame.Rect(board.x + 8, board.y + 8, board.width - 16, int(40 * scale))
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
        board_side_min(height, share),
        control_text,
    )


def line_height(size: float) -> int:
    """The line height of type ``size`` pixels high (Noto Sans SC's, the taller of the two fonts)."""
    return math.ceil(1.46 * size)


#: Type sizes at text scale 1 (the status line, the scrub bar's label, the narration's sentence
#: and its log): render/panels.py, render/scrub.py and render/narration.py draw them so.
STATUS_TEXT, SCRUB_TEXT, SAY_TEXT, LOG_TEXT = 18, 14, 17, 14
#: Padding inside the narration panel (render/narration.py's ``PAD``).
SAY_PAD = 10


def status_need(scale: float, lines: int = 1) -> int:
    """The status area's height for ``lines`` lines of its text at ``scale``."""
    return lines * line_height(STATUS_TEXT * scale) + 8


def scrub_need(scale: float) -> int:
    """The scrub strip's height at ``scale``: its label's line."""
    return line_height(SCRUB_TEXT * scale) + 4


def narration_need(scale: float, lines: int = 2, log: int = 0) -> int:
    """The narration panel's height for a sentence of ``lines`` lines and ``log`` log lines."""
    log_rows = log * (line_height(LOG_TEXT * scale) + 2)
    return 2 * SAY_PAD + lines * line_height(SAY_TEXT * scale) + 6 + log_rows


class Heights(NamedTuple):
    """The heights in the board's column (``column_heights``) and whether the flag strips have
    room under the board."""

    status: int
    scrub: int
    narration: int
    strips: bool = False


def column_heights(spare: int, scale: float, *, narration: bool, scrub: bool, strips: bool) -> Heights:
    """(status, scrub strip, narration) heights in the board's column, which has ``spare`` pixels
    beside the board's floor: each as its text needs at ``scale``; then, where there is room to
    spare, two lines of the narration's log, the flag strips' room (when ``strips``: theirs under
    the board if all of it is there, else the board's, with the strips beside it), the status's
    second line and three more log lines, in that order (what is left goes to the board); when
    even one status line and a two-line sentence do not fit, all three shrink together (and their
    type with them): never the board."""
    gap = MARGIN // 2
    scrub_h = scrub_need(scale) if scrub else max(6, int(14 * scale))
    spare -= 2 * gap + (gap if narration else 0)
    least = [status_need(scale), scrub_h, narration_need(scale) if narration else 0]
    if sum(least) > spare:
        shrink = max(0.0, spare) / max(1, sum(least))
        return Heights(int(least[0] * shrink), int(least[1] * shrink), int(least[2] * shrink))
    spare -= sum(least)
    status_h, narration_h = least[0], least[2]
    row = line_height(LOG_TEXT * scale) + 2  # a line of the narration's log
    if narration:  # the log's first two lines, before the flag strips
        first = max(0, min(2, spare // row))
        narration_h, spare = narration_h + first * row, spare - first * row
    under = strips and spare >= strips_allowance(scale)
    spare -= strips_allowance(scale) if strips else 0  # beside the board: this height is the board's
    second = status_need(scale, 2) - status_h
    if spare >= second:  # a long summary or banner wraps onto a second line
        status_h, spare = status_h + second, spare - second
    if narration:  # more of the log: up to five lines where they fit
        narration_h += max(0, min(3, spare // row)) * row
    return Heights(status_h, scrub_h, narration_h, under)


#: The flag strips' text (and cells) in the room kept for them: 64% of the window's, at least 0.75.
STRIPS_TEXT, STRIPS_LEAST = 0.64, 0.75


def strips_allowance(scale: float) -> int:
    """The height kept under the board for three rows of flag cells at the smallest text they take
    (render/checks.py's ``strip_layout``: cells of 26 px and labels of 14 px at their scale)."""
    fit = max(STRIPS_LEAST, scale * STRIPS_TEXT)
    return 3 * (max(int(26 * fit), line_height(max(11, int(14 * fit)))) + 4) + 8


def strips_beside(scale: float) -> int:
    """The width the flag strips take standing right of the board, from its squares' edge
    (render/checks.py's ``upright_layout``: three strips 8 px apart, each as wide as a cell of
    26 px or its array's four-letter name in type of 14 px at their scale, 14 px from the board).

    >>> strips_beside(1.0), strips_beside(1.8)
    (102, 132)
    """
    fit = max(STRIPS_LEAST, scale * STRIPS_TEXT)
    name = math.ceil(2.1 * max(11, int(14 * fit)))
    return 3 * max(int(26 * fit), name) + 2 * 8 + 14


def _help_rect(width: int, height: int) -> pygame.Rect:
    """The help overlay, centred on the window."""
    rect = pygame.Rect(0, 0, int(width * 0.6), int(height * 0.86))
    rect.center = (width // 2, height // 2)
    return rect


#: The presenter view's text is this much larger than the window's own.
PRESENT_TEXT = 1.4


def present_layout(
    size: tuple[int, int], ui_scale: float = 1.0, *, scrub: bool = False, beside: bool = True
) -> Layout:
    """The presenter view (P): the board as large as the window's height allows (at least
    ``PRESENT_SHARE`` of it) and beside it a column of large type: the counters, the status line,
    the scrub strip and the narration, which takes the rest of the column's height. A window too
    narrow for that column beside the board, or not ``beside`` (a race's two boards), stacks them:
    the counters in one row at the top, the status line, the board, the strip and the narration
    under it.

    The control column and the side panel are not shown: their rectangles lie just outside the
    window (what a mode draws there is clipped away, and no click can reach a widget).

    >>> layout = present_layout((1280, 720))
    >>> layout.controls.left >= 1280 and layout.code.left >= 1280 and layout.board.h > 0.8 * 720
    True
    """
    width, height = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
    scale = min(max(min(width / 1280, height / 800), 0.8), 1.6) * ui_scale * PRESENT_TEXT
    inner_height = height - 2 * MARGIN
    outside = pygame.Rect(width + MARGIN, MARGIN, 320, inner_height)  # not shown
    scrub_h = scrub_need(scale) if scrub else max(6, int(14 * scale))
    gap = MARGIN // 2
    side = board_side_min(height, PRESENT_SHARE)
    labels = label_room(side, scale)
    board_w = width // 2 if width < 1.2 * height else min(width - 2 * MARGIN, height + labels)
    column_w = width - board_w - 3 * MARGIN
    least_column = int(min(width * 0.3, 280 * scale))
    if beside and column_w >= least_column:  # beside: the board left, the text's column right
        board = pygame.Rect(MARGIN, MARGIN, board_w, inner_height)
        right = pygame.Rect(board.right + MARGIN, MARGIN, width - board.right - 2 * MARGIN, inner_height)
        counters = pygame.Rect(right.x, right.y, right.w, int(min(right.h * 0.42, 320 * scale)))
        status_h = int(min(status_need(scale, 2), right.h * 0.2))
        banner = pygame.Rect(right.x, counters.bottom + gap, right.w, status_h)
        strip_rect = pygame.Rect(right.x, banner.bottom + gap, right.w, scrub_h)
        top = strip_rect.bottom + gap
        narration = pygame.Rect(right.x, top, right.w, right.bottom - top)
    else:  # stacked
        counters = pygame.Rect(MARGIN, MARGIN, width - 2 * MARGIN, int(min(62 * scale, inner_height * 0.1)))
        banner = pygame.Rect(
            MARGIN,
            counters.bottom + gap,
            width - 2 * MARGIN,
            int(min(status_need(scale), inner_height * 0.06)),
        )
        narration_h = int(min(narration_need(scale), inner_height * 0.14))
        top = banner.bottom + gap
        board = pygame.Rect(
            MARGIN, top, width - 2 * MARGIN, height - MARGIN - narration_h - scrub_h - 2 * gap - top
        )
        narration = pygame.Rect(MARGIN, height - MARGIN - narration_h, width - 2 * MARGIN, narration_h)
        strip_rect = pygame.Rect(board.x + 8, board.bottom + gap, board.width - 16, scrub_h)
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
        side,
        round(GUI_FONT * scale),
    )
