"""A race on screen: two boards side by side, each side's sentence and counters below, and the banners."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from visualizer.core.race import SIDES, Race
from visualizer.core.scene import scene_of
from visualizer.look.i18n import STRINGS, tr
from visualizer.look.theme import Theme
from visualizer.render.board import draw_board
from visualizer.render.fonts import ellipsize, font_for, get_font, wrap

#: Counters shown under each board, in order.
RACE_COUNTERS = ("attempts", "placements", "backtracks", "solutions", "checks")
#: Shown too when either side propagates constraints (issue 15), so the saving is visible.
PROPAGATION_COUNTERS = ("pruned", "wipeouts")


def race_counters(race: Race) -> tuple[str, ...]:
    """The counters under each board: the usual ones, plus pruned and wipe-outs for propagation."""
    if any(timeline.spec.family == "propagation" for timeline in race.sides.values()):
        return RACE_COUNTERS + PROPAGATION_COUNTERS
    return RACE_COUNTERS


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
    (not solutions, nor the propagation counters), and attempts only when both sides' attempts
    count the same thing: 57 boards are not fewer than 171 squares."""
    timeline, other = race.sides[side], race.sides["b" if side == "a" else "a"]
    mine, theirs = timeline.counters.as_dict(), other.counters.as_dict()
    same_unit = timeline.spec.attempt_unit == other.spec.attempt_unit
    rows = [CounterRow("race_events", tr("race_events", lang), timeline.cursor, False)]  # lockstep: a tie
    for key in race_counters(race):
        ranked = key not in PROPAGATION_COUNTERS and key != "solutions" and (key != "attempts" or same_unit)
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
) -> tuple[dict[str, pygame.Rect], dict[str, pygame.Rect]]:
    """Both sides' boards, each side's sentence ``said`` (the watch mode's narration; None: the
    narration is hidden), their counters (the leader's value in bold; a card instead when
    ``hide_counters``, a lesson's exercise) and the banners. ``titles``: each side's shown name
    (default its spec's title). Returns where each side's board and sentence were drawn."""
    surface.fill(theme.background, area)
    pad = 10
    banner_font = get_font(17, lang, bold=True)
    found = banners(race, lang, titles)
    colour = theme.solution if found else theme.muted_text
    y = area.y + pad
    for text in found or [tr("race_running", lang)]:
        image = banner_font.render(ellipsize(banner_font, text, area.width - 2 * pad), True, colour)
        surface.blit(image, image.get_rect(midtop=(area.centerx, y)))
        y += image.get_height() + 2
    top = area.y + pad + 2 * (banner_font.get_linesize() + 2)
    half = (area.width - 3 * pad) // 2
    row_font = get_font(15, lang)
    row_bold = get_font(15, lang, bold=True)
    row_h = row_font.get_linesize()
    keys = race_counters(race)
    table_h = (len(keys) + 1) * row_h + pad
    say_font = get_font(14, lang)
    say_h = 2 * say_font.get_linesize() + 6 if said is not None else 0  # two lines of narration
    title_font = get_font(16, lang, bold=True)
    boards: dict[str, pygame.Rect] = {}
    sentences: dict[str, pygame.Rect] = {}
    for k, side in enumerate(SIDES):
        timeline = race.sides[side]
        column = pygame.Rect(area.x + pad + k * (half + pad), top, half, area.bottom - pad - top)
        surface.fill(theme.panel, column)
        name = titles[side] if titles is not None else side_title(race, side, lang)
        title = title_font.render(ellipsize(title_font, name, column.width - 12), True, theme.text)
        surface.blit(title, title.get_rect(midtop=(column.centerx, column.y + 6)))
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
            sentences[side] = _draw_sentence(surface, box, said.get(side, ""), theme, lang)
            y += say_h
        if hide_counters:
            from visualizer.render.lesson import draw_hidden

            table = pygame.Rect(column.x + 8, y, column.width - 16, column.bottom - y - 4)
            draw_hidden(surface, table, tr("hidden_card", lang), theme, lang)
            continue
        for row in counter_rows(race, side, lang):
            label = row_font.render(ellipsize(row_font, row.label, column.width // 2), True, theme.muted_text)
            surface.blit(label, (column.x + 16, y))
            font = row_bold if row.leads else row_font
            image = font.render(f"{row.value:,}", True, theme.solution if row.leads else theme.text)
            surface.blit(image, image.get_rect(topright=(column.right - 16, y)))
            y += row_h
    return boards, sentences


def _draw_sentence(
    surface: pygame.Surface, box: pygame.Rect, text: str, theme: Theme, lang: str
) -> pygame.Rect:
    """``text`` on up to two lines in ``box`` (the second cut with "…"); returns the box."""
    font = font_for(text, 14, lang)
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
