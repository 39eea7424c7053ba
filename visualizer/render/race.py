"""A race on screen: two boards side by side, each side's counters below, and the banners."""

from __future__ import annotations

import pygame

from visualizer.core.race import SIDES, Race
from visualizer.core.scene import scene_of
from visualizer.look.i18n import tr
from visualizer.look.theme import Theme
from visualizer.render.board import draw_board
from visualizer.render.fonts import ellipsize, get_font

#: Counters shown under each board, in order.
RACE_COUNTERS = ("attempts", "placements", "backtracks", "solutions", "checks")
#: Shown too when either side propagates constraints (issue 15), so the saving is visible.
PROPAGATION_COUNTERS = ("pruned", "wipeouts")


def race_counters(race: Race) -> tuple[str, ...]:
    """The counters under each board: the usual ones, plus pruned and wipe-outs for propagation."""
    if any(timeline.spec.family == "propagation" for timeline in race.sides.values()):
        return RACE_COUNTERS + PROPAGATION_COUNTERS
    return RACE_COUNTERS


def _banner(race: Race, key: str, winner: str, events: int | None, lang: str) -> str:
    if winner == "tie":
        name = tr("race_tie", lang)
    else:
        spec = race.sides[winner].spec
        name = spec.title_zh if lang == "zh" else spec.title
    return tr(key, lang, name=name, events=f"{events:,}" if events is not None else "?")


def banners(race: Race, lang: str = "en") -> list[str]:
    """The banner lines to show now (first solution, finished first), translated."""
    lines = []
    first = race.first_solution
    if first is not None:
        side = "a" if first == "tie" else first
        lines.append(_banner(race, "race_first_solution", first, race.first_event[side], lang))
    done = race.finished_first
    if done is not None:
        side = "a" if done == "tie" else done
        lines.append(_banner(race, "race_finished_first", done, race.total_events[side], lang))
    return lines


def draw_race(
    surface: pygame.Surface,
    area: pygame.Rect,
    race: Race,
    theme: Theme,
    lang: str = "en",
    hide_counters: bool = False,
) -> None:
    """Both sides' boards, their counters (the leader's value in bold; a card instead when
    ``hide_counters``, a lesson's exercise) and the banners."""
    surface.fill(theme.background, area)
    pad = 10
    banner_font = get_font(17, lang, bold=True)
    found = banners(race, lang)
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
    title_font = get_font(16, lang, bold=True)
    for k, side in enumerate(SIDES):
        timeline = race.sides[side]
        other = race.sides["b" if side == "a" else "a"]
        column = pygame.Rect(area.x + pad + k * (half + pad), top, half, area.bottom - pad - top)
        surface.fill(theme.panel, column)
        spec = timeline.spec
        title = title_font.render(
            ellipsize(title_font, spec.title_zh if lang == "zh" else spec.title, column.width - 12),
            True,
            theme.text,
        )
        surface.blit(title, title.get_rect(midtop=(column.centerx, column.y + 6)))
        board_area = pygame.Rect(
            column.x,
            column.y + title.get_height() + 8,
            column.width,
            column.height - title.get_height() - 8 - table_h,
        )
        scene = scene_of(timeline, domains=race.domains.get(side))
        draw_board(surface, board_area, scene, theme, lang=lang)
        y = board_area.bottom + 4
        if hide_counters:
            from visualizer.render.lesson import draw_hidden

            table = pygame.Rect(column.x + 8, y, column.width - 16, column.bottom - y - 4)
            draw_hidden(surface, table, tr("hidden_card", lang), theme, lang)
            continue
        values = [("race_events", timeline.cursor, other.cursor, False)]
        mine, theirs = timeline.counters.as_dict(), other.counters.as_dict()
        values += [(key, mine[key], theirs[key], key not in PROPAGATION_COUNTERS) for key in keys]
        for key, value, rival, lower_wins in values:
            label = row_font.render(tr(key, lang), True, theme.muted_text)
            surface.blit(label, (column.x + 16, y))
            leads = lower_wins and key != "solutions" and value < rival
            font = row_bold if leads else row_font
            image = font.render(f"{value:,}", True, theme.solution if leads else theme.text)
            surface.blit(image, image.get_rect(topright=(column.right - 16, y)))
            y += row_h
