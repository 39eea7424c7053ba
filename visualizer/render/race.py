"""A race on screen: two boards side by side, each side's sentence and counters below, and the banners."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from solvers.spec import COUNTERS
from visualizer.core.race import SIDES, Race, ranked
from visualizer.core.scene import scene_of
from visualizer.look.i18n import STRINGS, tr
from visualizer.look.theme import Colour, Theme, legible
from visualizer.render.board import draw_board, fit_board
from visualizer.render.fonts import ellipsize, font_for, get_font, needs_cjk, wrap


def race_counters(race: Race) -> tuple[str, ...]:
    """The counters under each board: every algorithm's, then those either side's spec adds (pruned
    and wipe-outs for constraint propagation, so the saving is visible), the same on both sides."""
    keys = dict.fromkeys(COUNTERS)
    for timeline in race.sides.values():
        keys.update(dict.fromkeys(timeline.spec.counters))
    return tuple(keys)


def _banner(
    race: Race, key: str, winner: str, events: int | None, lang: str, titles: Mapping[str, str] | None
) -> str:
    if winner == "tie":
        name = tr("race_tie", lang)
    else:
        name = titles[winner] if titles is not None else side_title(race, winner, lang)
    return tr(key, lang, name=name, events=f"{events:,}" if events is not None else "?")


def banners(race: Race, lang: str = "en", titles: Mapping[str, str] | None = None) -> list[str]:
    """The banner lines to show now (first solution, finished first), translated; ``titles``:
    each side's shown name (default its spec's title)."""
    lines = []
    first = race.first_solution
    if first is not None:
        side = "a" if first == "tie" else first
        lines.append(_banner(race, "race_first_solution", first, race.first_event[side], lang, titles))
    done = race.finished_first
    if done is not None:
        side = "a" if done == "tie" else done
        lines.append(_banner(race, "race_finished_first", done, race.total_events[side], lang, titles))
    return lines


@dataclass(frozen=True)
class CounterRow:
    """One counter under a board: its label, this side's value and whether it leads (drawn bold
    and green: fewer than the rival's, of the same thing)."""

    key: str
    label: str
    value: int
    leads: bool


def attempts_label(unit: str, lang: str) -> str:
    """ "Attempts (boards)": what one attempt of this side is (its spec's ``attempt_unit``)."""
    key = f"unit_{unit}"
    return tr("attempts_of", lang, unit=tr(key, lang) if key in STRINGS else unit)


def counter_rows(race: Race, side: str, lang: str = "en") -> list[CounterRow]:
    """The rows under side ``side``'s board: events (never ranked: the sides move in lockstep), then
    ``race_counters``. A smaller value leads
    (not solutions, nor a counter only some algorithms have or one side does not count, such as a
    student's checks), and attempts only when both sides' attempts count the same thing: 57 boards
    are not fewer than 171 squares."""
    timeline, other = race.sides[side], race.sides["b" if side == "a" else "a"]
    mine, theirs = timeline.counters.as_dict(), other.counters.as_dict()
    rows = [CounterRow("race_events", tr("race_events", lang), timeline.cursor, False)]  # lockstep: a tie
    for key in race_counters(race):
        leads = ranked(key, timeline.spec, other.spec) and mine[key] < theirs[key]
        label = attempts_label(timeline.spec.attempt_unit, lang) if key == "attempts" else tr(key, lang)
        rows.append(CounterRow(key, label, mine[key], leads))
    return rows


def draw_race(
    surface: pygame.Surface,
    area: pygame.Rect,
    race: Race,
    theme: Theme,
    lang: str = "en",
    hide_counters: bool = False,
    said: Mapping[str, str] | None = None,
    titles: Mapping[str, str] | None = None,
    scale: float = 1.0,
    board_side: int = 0,
    least: int = 0,
    menu: int = 0,
    cut: list[str] | None = None,
    failed: frozenset[str] = frozenset(),
) -> tuple[dict[str, pygame.Rect], dict[str, pygame.Rect]]:
    """Both sides' boards, each side's sentence ``said`` (the watch mode's narration; None: the
    narration is hidden), their counters (the leader's value in bold; a card instead when
    ``hide_counters``, a lesson's exercise) and the banners, in text of ``scale``. ``titles``: each
    side's shown name (default its spec's title). ``menu``: the height of a row kept at the top of
    ``area`` (the pair's drop-down, which names both sides: no title is drawn over the boards then).

    A board gets a side of at least ``board_side`` (or as wide as its half allows): the counters
    fold into two columns, the text shrinks (never below ``least`` pixels, the controls' text
    size), the boards' margins narrow, then the sentences and the banners take one line each.
    Returns where each side's board and sentence were drawn; ``cut`` (a list) gets every title
    and counter label that had to be shortened with "…" (none should). The sides in ``failed``
    stand where their run failed: their sentence (the failure's) is drawn in the conflict colour."""
    cut = [] if cut is None else cut
    surface.fill(theme.background, area)
    pad = 10
    half = (area.width - 3 * pad) // 2
    keys = race_counters(race)
    cells = [[(row.label, f"{row.value:,}") for row in counter_rows(race, side, lang)] for side in SIDES]
    plan = _fit(area, race.n, len(keys) + 1, said is not None, scale, board_side, least, lang, menu, cells)
    sizes, columns, rows = plan.sizes, plan.columns, plan.rows
    found = banners(race, lang, titles)
    colour = legible(theme.solution, theme.background) if found else theme.muted_text
    lines = found or [tr("race_running", lang)]
    if len(lines) > plan.banner_lines:
        lines = ["  ·  ".join(lines)]
    y = area.y + pad + (menu + 4 if menu else 0)
    for text in lines:
        image = sizes.banner.render(ellipsize(sizes.banner, text, area.width - 2 * pad), True, colour)
        surface.blit(image, image.get_rect(midtop=(area.centerx, y)))
        y += image.get_height() + 2
    row_h = sizes.row.get_linesize()
    say_h = plan.say_h
    top = plan.top
    boards: dict[str, pygame.Rect] = {}
    sentences: dict[str, pygame.Rect] = {}
    for k, side in enumerate(SIDES):
        timeline = race.sides[side]
        column = pygame.Rect(area.x + pad + k * (half + pad), top, half, area.bottom - pad - top)
        surface.fill(theme.panel, column)
        title_h = 0
        if not menu:
            name = titles[side] if titles is not None else side_title(race, side, lang)
            if sizes.title.size(name)[0] > column.width - 12:  # a title too long: its command-line name
                name = timeline.spec.name if titles is None or name == side_title(race, side, lang) else name
            shown = ellipsize(sizes.title, name, column.width - 12)
            cut.extend([name] if shown != name else [])
            title = sizes.title.render(shown, True, theme.text)
            surface.blit(title, title.get_rect(midtop=(column.centerx, column.y + 6)))
            title_h = sizes.title.get_linesize() + 8
        table_h = rows * row_h + pad
        board_area = pygame.Rect(
            column.x, column.y + title_h, column.width, column.height - title_h - table_h - say_h
        )
        scene = scene_of(timeline, domains=race.domains.get(side))
        fit, margin = plan.sizes.fit, plan.margin
        geometry = draw_board(surface, board_area, scene, theme, lang=lang, margin=margin, text=fit)
        boards[side] = pygame.Rect(geometry.rect)
        y = board_area.bottom + 4
        if said is not None:
            box = pygame.Rect(column.x + 12, y, column.width - 24, say_h - 4)
            ink = legible(theme.conflict, theme.panel) if side in failed else theme.text
            sentences[side] = _draw_sentence(
                surface, box, said.get(side, ""), ink, lang, sizes.say_size, plan.say_lines
            )
            y += say_h
        if hide_counters:
            from visualizer.render.lesson import draw_hidden

            table = pygame.Rect(column.x + 8, y, column.width - 16, column.bottom - y - 4)
            draw_hidden(surface, table, tr("hidden_card", lang), theme, lang)
            continue
        entries = counter_rows(race, side, lang)
        lefts = _cell_lefts(sizes, entries, rows, columns, column.width - 16)
        for index, row in enumerate(entries):
            left, right = lefts[index // rows], lefts[index // rows + 1]
            cell = pygame.Rect(column.x + 8 + left, y + (index % rows) * row_h, right - left, row_h)
            font = sizes.bold if row.leads else sizes.row
            lead = legible(theme.solution, theme.panel)
            image = font.render(f"{row.value:,}", True, lead if row.leads else theme.text)
            room = cell.width - image.get_width() - 24
            shown = ellipsize(sizes.row, row.label, room)
            cut.extend([row.label] if shown != row.label else [])
            label = sizes.row.render(shown, True, theme.muted_text)
            surface.blit(label, (cell.x + 8, cell.y))
            surface.blit(image, image.get_rect(topright=(cell.right - 8, cell.y)))
    return boards, sentences


def _cell_lefts(
    sizes: _RaceText, entries: list[CounterRow], rows: int, columns: int, width: int
) -> list[int]:
    """Where each column of the counters starts (and, last, where the table ends) in ``width``:
    each column as wide as its longest label and value need, what is left shared out evenly (a
    long label, "Attempts (squares)", is not cut because its neighbour's are short)."""
    need = []
    for column in range(columns):
        cells = entries[column * rows : (column + 1) * rows]
        sized = (sizes.row.size(e.label)[0] + sizes.bold.size(f"{e.value:,}")[0] + 24 for e in cells)
        need.append(max(sized, default=0))
    spare = width - sum(need)
    widths = [w + spare // columns for w in need] if spare >= 0 else [w * width // sum(need) for w in need]
    lefts = [0]
    for w in widths:
        lefts.append(lefts[-1] + w)
    return lefts


@dataclass(frozen=True)
class _Plan:
    """How a race is laid out in its area: text, counter columns, the boards' margin, the lines
    the sentences and the banners take, and where the sides' columns start."""

    sizes: _RaceText
    columns: int
    rows: int
    margin: int
    say_lines: int
    say_h: int
    banner_lines: int
    top: int
    board: int  # the side the boards get


def _fit(
    area: pygame.Rect,
    n: int,
    entries: int,
    saying: bool,
    scale: float,
    board_side: int,
    least: int,
    lang: str,
    menu: int,
    cells: Sequence[Sequence[tuple[str, str]]] = (),
) -> _Plan:
    """The first layout, from the roomiest to the most folded, whose boards get ``board_side``
    and whose counters' ``cells`` (label, value) fit whole in a half; else the one whose boards
    are largest among those with whole counters."""
    pad = 10
    half = (area.width - 3 * pad) // 2
    floor = max(0.75, least / 15)  # the counters' text (15 x fit) never below ``least``
    widest = fit_board(pygame.Rect(0, 0, half, 10**6), n, 4, text=floor).rect.w  # as wide as a half allows
    want = min(board_side, widest)
    fits = [scale]
    while fits[-1] > floor:
        fits.append(max(fits[-1] * 0.9, floor))
    tries = [(scale, 1, 16, 2, 2)] + [(fit, 2, 16, 2, 2) for fit in fits]
    tries += [(floor, 2, margin, 2, 2) for margin in (10, 4)] + [(floor, 2, 4, 1, 2), (floor, 2, 4, 1, 1)]
    tries += [(fit, 1, 4, 1, 1) for fit in fits]  # a narrow half (a side view beside): one column
    plan, best = None, None
    for fit, columns, margin, say_lines, banner_lines in tries:
        sizes = _RaceText(fit, lang, least)
        rows = -(-entries // columns)
        say_h = say_lines * sizes.say.get_linesize() + 6 if saying else 0
        top = area.y + pad + (menu + 4 if menu else 0) + banner_lines * (sizes.banner.get_linesize() + 2)
        title_h = 0 if menu else sizes.title.get_linesize() + 8
        board_h = area.bottom - pad - top - title_h - rows * sizes.row.get_linesize() - pad - say_h
        side = fit_board(pygame.Rect(0, 0, half, max(1, board_h)), n, margin, text=fit).rect.h
        plan = _Plan(sizes, columns, rows, margin, say_lines, say_h, banner_lines, top, side)
        if max((counter_width(sizes, side, rows) for side in cells), default=0) > half - 16:
            continue  # a label would be cut
        if side >= want:
            return plan
        best = plan if best is None or plan.board > best.board else best
    assert plan is not None
    return best or plan


def counter_width(sizes: _RaceText, cells: Sequence[tuple[str, str]], rows: int) -> int:
    """The width one side's counters need to show every (label, value) of ``cells`` whole, in
    columns of ``rows`` (as ``_cell_lefts`` shares them out)."""
    widths = [sizes.row.size(label)[0] + sizes.bold.size(value)[0] + 24 for label, value in cells]
    step = max(1, rows)
    return sum(max(widths[k : k + step]) for k in range(0, len(widths), step))


def race_width(race: Race, lang: str, least: int) -> int:
    """The narrowest area that shows the race with its counters whole: one column of them under
    each board at the least text, values up to a billion."""
    sizes = _RaceText(max(0.75, least / 15), lang, least)
    need = max(
        counter_width(sizes, [(row.label, f"{10**9:,}") for row in counter_rows(race, side, lang)], 99)
        for side in SIDES
    )
    return 2 * (need + 16) + 3 * 10


class _RaceText:
    """The race's fonts at text scale ``fit``, none smaller than ``least`` pixels."""

    def __init__(self, fit: float, lang: str, least: int = 0) -> None:
        self.fit = fit  # the boards' labels follow it too
        self.banner = get_font(max(least, round(17 * fit)), lang, bold=True)
        self.title = get_font(max(least, round(16 * fit)), lang, bold=True)
        self.row = get_font(max(least, round(15 * fit)), lang)
        self.bold = get_font(max(least, round(15 * fit)), lang, bold=True)
        self.say_size = max(least, round(14 * fit))
        self.say = get_font(self.say_size, lang)


def _draw_sentence(
    surface: pygame.Surface,
    box: pygame.Rect,
    text: str,
    ink: Colour,
    lang: str,
    size: int = 14,
    most: int = 2,
) -> pygame.Rect:
    """``text`` in ``ink`` on the lines ``box`` holds (at least ``most``), its type smaller when it
    needs more (down to 9 px; the last line cut with "…" only then); returns the box."""
    font = font_for(text, size, lang)
    lines = wrap(font, text, box.width) if text else []
    while size > 9 and len(lines) > max(most, box.height // font.get_linesize()):
        size -= 1
        font = font_for(text, size, lang)
        lines = wrap(font, text, box.width)
    most = max(most, box.height // font.get_linesize())
    if len(lines) > most:
        rest = ("" if needs_cjk(text) else " ").join(lines[max(0, most - 1) :])
        lines = [*lines[: most - 1], ellipsize(font, rest, box.width)]
    y = box.y
    for line in lines:
        surface.blit(font.render(line, True, ink), (box.x, y))
        y += font.get_linesize()
    return box


def side_title(race: Race, side: str, lang: str) -> str:
    """The title of side ``side``'s algorithm in ``lang``."""
    spec = race.sides[side].spec
    return spec.title_zh if lang == "zh" else spec.title
