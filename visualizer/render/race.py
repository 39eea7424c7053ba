"""A race on screen: two boards side by side, each side's sentence and counters below, and the banners."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from solvers.spec import COUNTERS
from visualizer.core.race import SIDES, Race
from visualizer.core.scene import scene_of
from visualizer.look.i18n import STRINGS, tr
from visualizer.look.theme import Theme
from visualizer.render.board import draw_board
from visualizer.render.fonts import ellipsize, font_for, get_font, wrap


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
    same_unit = timeline.spec.attempt_unit == other.spec.attempt_unit
    rows = [CounterRow("race_events", tr("race_events", lang), timeline.cursor, False)]  # lockstep: a tie
    for key in race_counters(race):
        counted = key in COUNTERS and key in timeline.spec.counters and key in other.spec.counters
        ranked = counted and key != "solutions" and (key != "attempts" or same_unit)
        label = attempts_label(timeline.spec.attempt_unit, lang) if key == "attempts" else tr(key, lang)
        rows.append(CounterRow(key, label, mine[key], ranked and mine[key] < theirs[key]))
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
) -> tuple[dict[str, pygame.Rect], dict[str, pygame.Rect]]:
    """Both sides' boards, each side's sentence ``said`` (the watch mode's narration; None: the
    narration is hidden), their counters (the leader's value in bold; a card instead when
    ``hide_counters``, a lesson's exercise) and the banners, in text of ``scale``. ``titles``: each
    side's shown name (default its spec's title). The counters fold into two columns, then the
    text shrinks (its counters never below ``least`` pixels, the controls' text size), before a
    board gets a side under ``board_side`` (or as wide as its half allows).
    Returns where each side's board and sentence were drawn."""
    surface.fill(theme.background, area)
    pad = 10
    half = (area.width - 3 * pad) // 2
    keys = race_counters(race)
    want = min(board_side, half - 2 * 16 - 2 * 30)  # the board's side, labels and margins aside
    fit, columns = scale, 1
    while True:
        sizes = _RaceText(fit, lang)
        rows = -(-(len(keys) + 1) // columns)  # the events row and the counters
        say_h = 2 * sizes.say.get_linesize() + 6 if said is not None else 0  # two lines of narration
        top = area.y + pad + 2 * (sizes.banner.get_linesize() + 2)
        board_h = (
            area.bottom
            - pad
            - top
            - sizes.title.get_linesize()
            - 8
            - rows * sizes.row.get_linesize()
            - pad
            - say_h
        )
        if board_h - 2 * 16 - 2 * 30 >= want or fit <= max(0.75, least / 15):
            break
        if columns == 1:
            columns = 2
        else:
            fit = max(fit * 0.9, least / 15)
    found = banners(race, lang, titles)
    colour = theme.solution if found else theme.muted_text
    y = area.y + pad
    for text in found or [tr("race_running", lang)]:
        image = sizes.banner.render(ellipsize(sizes.banner, text, area.width - 2 * pad), True, colour)
        surface.blit(image, image.get_rect(midtop=(area.centerx, y)))
        y += image.get_height() + 2
    row_h = sizes.row.get_linesize()
    boards: dict[str, pygame.Rect] = {}
    sentences: dict[str, pygame.Rect] = {}
    for k, side in enumerate(SIDES):
        timeline = race.sides[side]
        column = pygame.Rect(area.x + pad + k * (half + pad), top, half, area.bottom - pad - top)
        surface.fill(theme.panel, column)
        name = titles[side] if titles is not None else side_title(race, side, lang)
        title = sizes.title.render(ellipsize(sizes.title, name, column.width - 12), True, theme.text)
        surface.blit(title, title.get_rect(midtop=(column.centerx, column.y + 6)))
        table_h = rows * row_h + pad
        board_area = pygame.Rect(
            column.x,
            column.y + title.get_height() + 8,
            column.width,
            column.height - title.get_height() - 8 - table_h - say_h,
        )
        scene = scene_of(timeline, domains=race.domains.get(side))
        geometry = draw_board(surface, board_area, scene, theme, lang=lang)
        boards[side] = pygame.Rect(geometry.rect)
        y = board_area.bottom + 4
        if said is not None:
            box = pygame.Rect(column.x + 12, y, column.width - 24, say_h - 4)
            sentences[side] = _draw_sentence(surface, box, said.get(side, ""), theme, lang, sizes.say_size)
            y += say_h
        if hide_counters:
            from visualizer.render.lesson import draw_hidden

            table = pygame.Rect(column.x + 8, y, column.width - 16, column.bottom - y - 4)
            draw_hidden(surface, table, tr("hidden_card", lang), theme, lang)
            continue
        cell_w = (column.width - 16) // columns
        for index, row in enumerate(counter_rows(race, side, lang)):
            cell = pygame.Rect(
                column.x + 8 + (index // rows) * cell_w, y + (index % rows) * row_h, cell_w, row_h
            )
            font = sizes.bold if row.leads else sizes.row
            image = font.render(f"{row.value:,}", True, theme.solution if row.leads else theme.text)
            room = cell.width - image.get_width() - 24
            label = sizes.row.render(ellipsize(sizes.row, row.label, room), True, theme.muted_text)
            surface.blit(label, (cell.x + 8, cell.y))
            surface.blit(image, image.get_rect(topright=(cell.right - 8, cell.y)))
    return boards, sentences


class _RaceText:
    """The race's fonts at text scale ``fit``."""

    def __init__(self, fit: float, lang: str) -> None:
        self.banner = get_font(round(17 * fit), lang, bold=True)
        self.title = get_font(round(16 * fit), lang, bold=True)
        self.row = get_font(round(15 * fit), lang)
        self.bold = get_font(round(15 * fit), lang, bold=True)
        self.say_size = round(14 * fit)
        self.say = get_font(self.say_size, lang)


def _draw_sentence(
    surface: pygame.Surface, box: pygame.Rect, text: str, theme: Theme, lang: str, size: int = 14
) -> pygame.Rect:
    """``text`` on up to two lines in ``box`` (the second cut with "…"); returns the box."""
    font = font_for(text, size, lang)
    lines = wrap(font, text, box.width) if text else []
    if len(lines) > 2:
        lines = [lines[0], ellipsize(font, text[len(lines[0]) :].lstrip(), box.width)]
    y = box.y
    for line in lines:
        surface.blit(font.render(line, True, theme.text), (box.x, y))
        y += font.get_linesize()
    return box


def side_title(race: Race, side: str, lang: str) -> str:
    """The title of side ``side``'s algorithm in ``lang``."""
    spec = race.sides[side].spec
    return spec.title_zh if lang == "zh" else spec.title
