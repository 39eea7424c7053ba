"""The safe squares view (Z): for the board at the cursor, a bar for each row as long as the squares
of that row no queen of another row attacks (nor blocks), a row left with none washed in the
conflict colour (an empty one: a dead end ahead), and a mark beside each queen other queens attack
(min-conflicts' conflicts). Any search; read from the board at the cursor, so it needs no follower.

>>> rows_model(4, (1, None, None, None)).safe  # row 0: where its queen could go
(4, 1, 2, 3)
>>> rows_model(4, (0, 1, None, None)).attackers
(1, 1, 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from visualizer.look import i18n
from visualizer.views.base import Paint, SideView, ViewCommand

if TYPE_CHECKING:
    import pygame

    from visualizer.core.timeline import Timeline
    from visualizer.look.theme import Theme

i18n.add(
    {
        "rows_title": ("Safe squares per row", "每行的安全格"),
        "rows_status_free": ("Every row still has a safe square", "每一行都还有安全格"),
        "rows_status_dead": ("Rows with no safe square: {k}", "没有安全格的行：{k}"),
        "rows_attacked": ("Queens under attack: {k}", "受到攻击的皇后：{k}"),
        "view_rows": ("Safe squares per row (again: code)", "每行安全格视图（再按：代码）"),
    }
)

PAD = 12


@dataclass(frozen=True)
class RowsModel:
    """Per row: its safe squares and, for a row with a queen, how many other queens attack it."""

    n: int
    safe: tuple[int, ...]
    attackers: tuple[int, ...]
    queens: tuple[int | None, ...]

    @property
    def dead(self) -> int:
        """Rows left with no safe square."""
        return self.safe.count(0)


def rows_model(n: int, queens: Sequence[int | None], blocked: Sequence[tuple[int, int]] = ()) -> RowsModel:
    """The counts for ``queens`` (a column or None per row) on an n x n board with ``blocked``
    squares: numpy over rows x queens, so n = 1000 stays a few milliseconds."""
    placed = [(r, c) for r, c in enumerate(queens) if c is not None]
    attacked = np.zeros((n, n), dtype=bool)
    for r, c in blocked:
        attacked[r, c] = True
    attackers = [0] * n
    if placed:
        qr, qc = (np.array(side) for side in zip(*placed, strict=True))
        gap = np.arange(n)[:, None] - qr[None, :]  # rows x queens: how far each row is from each queen
        for cols in (np.broadcast_to(qc, gap.shape), qc + gap, qc - gap):
            hit = (gap != 0) & (cols >= 0) & (cols < n)  # a queen attacks other rows only
            attacked[np.nonzero(hit)[0], cols[hit]] = True
        dr, dc = qr[:, None] - qr[None, :], qc[:, None] - qc[None, :]
        pairs = (dr != 0) & ((dc == 0) | (np.abs(dr) == np.abs(dc)))
        for r, count in zip(qr.tolist(), pairs.sum(axis=1).tolist(), strict=True):
            attackers[r] = count
    safe = n - attacked.sum(axis=1)
    return RowsModel(n, tuple(int(s) for s in safe), tuple(attackers), tuple(queens))


def dead_track(theme: Theme) -> tuple[int, int, int]:
    """The whole track of a row left with no safe square: a light wash of the conflict colour."""
    from visualizer.look.theme import blend

    return blend(theme.panel, theme.conflict, 0.3)


class RowsSide(SideView):
    """The safe squares per row of one timeline's board, at its cursor."""

    name = "rows"
    # no help overlay row (the smallest window's card is full): the palette lists it, with its key
    commands = (ViewCommand("rows", (("z", "Z"),), label="view_rows"),)

    def __init__(self, timelines: Sequence[Timeline]) -> None:
        super().__init__(timelines)
        self._cache: tuple[object, RowsModel] | None = None

    def model(self) -> RowsModel:
        timeline = self.timeline
        queens = tuple(timeline.queens)
        if self._cache is None or self._cache[0] != (id(timeline), queens):
            instance = timeline.spec.instance
            blocked = sorted(instance.blocked) if instance is not None else ()
            self._cache = ((id(timeline), queens), rows_model(timeline.n, queens, blocked))
        return self._cache[1]

    def draw(self, surface: pygame.Surface, area: pygame.Rect, model: RowsModel, paint: Paint) -> None:
        """The title, what stands out (dead rows, queens attacked), then a bar per row."""
        import pygame

        from visualizer.look.theme import blend
        from visualizer.render.fonts import ellipsize, fitted, get_font

        theme, lang, tr = paint.theme, paint.lang, i18n.tr
        area = pygame.Rect(area)
        pygame.draw.rect(surface, theme.panel, area, border_radius=10)
        pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.35), area, 1, border_radius=10)
        top = area.y + PAD
        attacked = sum(1 for k in model.attackers if k)
        dead = model.dead
        lines = [
            (tr("rows_title", lang), 18, True, theme.text),
            (
                tr("rows_status_dead", lang, k=dead) if dead else tr("rows_status_free", lang),
                15,
                False,
                theme.conflict if dead else theme.muted_text,
            ),
        ]
        if attacked:
            lines.append((tr("rows_attacked", lang, k=attacked), 15, False, theme.conflict))
        for text, size, bold, colour in lines:
            font = fitted(text, round(size * paint.scale), area.w - 2 * PAD, lang, bold)
            label = font.render(ellipsize(font, text, area.w - 2 * PAD), True, colour)
            surface.blit(label, (area.x + PAD, top))
            top += label.get_height() + 4
        plot = pygame.Rect(area.x + PAD, top + 4, area.w - 2 * PAD, area.bottom - PAD - top - 4)
        if plot.h < model.n or plot.w < 40:
            return  # too small for a bar a row
        slot = plot.h / model.n
        number = get_font(max(8, min(round(14 * paint.scale), int(slot) - 2)), "en")
        labels = number.get_height() <= slot
        gutter = number.size(str(model.n))[0] + 6 if labels else 0
        bars = pygame.Rect(plot.x + gutter, plot.y, plot.w - 2 * gutter, plot.h)
        for row, (safe, hits) in enumerate(zip(model.safe, model.attackers, strict=True)):
            y = plot.y + int(row * slot)
            height = max(1, int(slot * 0.75))
            empty = model.queens[row] is None
            colour = theme.tried
            if not empty:
                colour = blend(theme.panel, colour, 0.55)  # a row already holding its queen, quieter
            width = round(bars.w * safe / max(1, model.n))
            track = dead_track(theme) if safe == 0 else blend(theme.panel, theme.muted_text, 0.15)
            pygame.draw.rect(surface, track, (bars.x, y, bars.w, height))
            if width:
                pygame.draw.rect(surface, colour, (bars.x, y, width, height))
            if labels:
                name = number.render(str(row + 1), True, theme.muted_text)
                surface.blit(name, name.get_rect(midright=(bars.x - 4, y + height // 2)))
                value = number.render(str(safe), True, theme.conflict if safe == 0 else theme.text)
                surface.blit(value, value.get_rect(midleft=(bars.right + 4, y + height // 2)))
            if hits:  # this row's queen is attacked: a mark on the right, as wide as its attackers
                mark = min(gutter or 4, 3 + 3 * hits)
                pygame.draw.rect(surface, theme.conflict, (bars.right - mark, y, mark, height))


VIEW = RowsSide
