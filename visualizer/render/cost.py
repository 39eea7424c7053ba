"""The side panel's cost view (issue 26): the measured attempts of one algorithm against n on a
log scale, the current n marked, the fitted growth per extra queen under it, and a note for
each n not run. Every text is as large as the window's text size (``scale``); a text with no
room is left out whole, never drawn over another or outside the panel."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from visualizer.core.cost import CostModel, reason, skip_runs
from visualizer.look.i18n import STRINGS, tr
from visualizer.look.names import shown_title
from visualizer.look.theme import Theme, blend, legible
from visualizer.render.fonts import ellipsize, font_for, wrap

PAD = 12


@dataclass
class CostDrawn:
    """What the last frame drew: each point's centre and n (for clicks), every text's rect, the plot."""

    points: list[tuple[tuple[int, int], int]] = field(default_factory=list)
    texts: list[pygame.Rect] = field(default_factory=list)
    plot: pygame.Rect | None = None


def short_number(value: float) -> str:
    """A tick's value: 1, 10, 100, 1k, ..., 1M, 1G, 1T, then 1e15.

    >>> [short_number(10**k) for k in (0, 2, 3, 7, 9, 16)]
    ['1', '100', '1k', '10M', '1G', '1e16']
    """
    k = round(math.log10(value)) if value > 0 else 0
    for power, suffix in ((12, "T"), (9, "G"), (6, "M"), (3, "k")):
        if power <= k < power + 3:
            return f"{10 ** (k - power)}{suffix}"
    return f"{10**k}" if 0 <= k < 3 else f"1e{k}"


def duration_text(secs: float, lang: str) -> str:
    """An estimate in the window's words: seconds, minutes or hours."""
    if secs < 90:
        return tr("time_seconds", lang, seconds=secs)
    if secs < 2 * 3600:
        return tr("time_minutes", lang, minutes=secs / 60)
    return tr("cost_hours", lang, hours=secs / 3600)


def status_text(models: Sequence[CostModel], lang: str) -> str:
    """The progress of every algorithm's points together."""
    total = sum(len(m.sizes) for m in models)
    done = sum(len(m.points) + len(m.skipped) for m in models)
    computing = next((m.computing for m in models if m.computing is not None), None)
    if computing is not None:
        return tr("cost_computing", lang, n=computing, done=done, total=total)
    if not all(m.done for m in models):
        return tr("cost_waiting", lang)
    return tr("cost_done", lang, done=sum(len(m.points) for m in models), total=total)


def fit_text(model: CostModel, algorithm: str, lang: str, short: bool = False, named: bool = False) -> str:
    """The fit as a sentence: "Backtracking grows about 4.4x per extra queen (R² 0.996, n = 1..12)"
    (``short``: "about 4.4x per extra queen, R² 0.996"; ``named`` too: "Backtracking: about 4.4x
    per queen, R² 0.996", for a plot of several algorithms)."""
    fit, form = model.fit, ("_named" if named else "_short") if short else ""
    if fit is None:
        return tr(f"cost_no_fit{form}", lang, algorithm=algorithm)
    return tr(
        f"cost_fit{form}",
        lang,
        algorithm=algorithm,
        base=f"{fit.base:.1f}",
        r2=f"{fit.r2:.3f}",
        first=min(fit.ns),
        last=max(fit.ns),
    )


def note_texts(model: CostModel, algorithm: str, lang: str) -> list[str]:
    """A line for each run of n not run, with its reason."""
    from solvers import registry

    spec = registry.get(model.algorithm)
    lines = []
    for skip, last in skip_runs(model.skipped):
        ns = str(skip.n) if last == skip.n else f"{skip.n}..{last}"
        fields = {"ns": ns, "algorithm": algorithm, "budget": f"{model.budget:g}"}
        if skip.kind == "budget" and skip.seconds is not None:
            lines.append(tr("cost_skip_budget", lang, time=duration_text(skip.seconds, lang), **fields))
        elif skip.kind == "budget":
            lines.append(tr("cost_skip_after", lang, **fields))
        elif skip.kind in ("max", "min"):
            lines.append(tr(f"cost_skip_{skip.kind}", lang, max=spec.max_n, min=spec.min_n, **fields))
        else:
            lines.append(tr("cost_skip_refused", lang, reason=reason(skip.words), **fields))
    return lines


def units_note(models: Sequence[CostModel], names: Sequence[str], lang: str) -> str | None:
    """The note under a plot of algorithms whose attempts count different things (the race's rule,
    ``visualizer.core.race.ranked``): "Backtracking counts squares, Brute force boards: the curves
    are not the same unit"; None when they compare (or for one algorithm)."""
    from solvers import registry
    from visualizer.core.race import ranked

    specs = [registry.get(m.algorithm) for m in models]
    if len(specs) < 2 or all(ranked(models[0].metric, specs[0], other) for other in specs[1:]):
        return None
    units = [tr(f"unit_{u}", lang) if f"unit_{u}" in STRINGS else u for u in (s.attempt_unit for s in specs)]
    return tr("cost_units", lang, a=names[0], unit_a=units[0], b=names[1], unit_b=units[1])


#: The shape of each algorithm's points on a plot of several (the colour is not all that tells them apart).
MARKERS = ("circle", "square")


def series_colours(theme: Theme, count: int) -> list[tuple[int, int, int]]:
    """Each algorithm's colour: the tried squares' blue, then the lifted queens' purple (readable on
    the panel)."""
    return [legible(colour, theme.panel, 3.0) for colour in (theme.tried, theme.lifted)][:count]


@dataclass
class _Row:
    """A line of text the panel may show: where (above or below the plot), how much it matters
    (the least first left out when the panel is short) and its height."""

    text: str
    font: pygame.font.Font
    colour: tuple[int, int, int]
    above: bool
    rank: float
    whole: int | None = None  # a line of this algorithm's whole fit sentence (left out all at once)
    marker: int | None = None  # the legend: this algorithm's marker before the text
    indent: bool = False  # under a marked line: as far in as its text
    joined: str = ""  # a short form's first line: the whole short form, once its second is left out
    tail: bool = False  # a short form's second line
    order: float = 0  # where it goes, above or below the plot: the least first


def draw_cost(
    surface: pygame.Surface,
    area: pygame.Rect,
    models: CostModel | Sequence[CostModel],
    theme: Theme,
    lang: str,
    scale: float = 1.0,
    names: Sequence[str] | None = None,
) -> CostDrawn:
    """The panel: title, progress, the plot, then the fit's sentence, a hint and the notes under it.
    Several ``models`` (race mode: both racers) share the plot and its log scale, each in its colour
    and marker shape; each one's fit, after its marker and its name (``names``, default: their
    titles), is the legend, and a note says when their attempts count different things.

    A short panel leaves out, in this order: the notes (the last first), the hint, the n beyond
    the plot, the fit's whole sentence (for its short form), the progress once done, the axes'
    names, the units' note's second line, the short form's second line, the progress while it
    runs, the units' note, the title, the short form's first line."""
    from solvers import registry

    models = (models,) if isinstance(models, CostModel) else tuple(models)
    area = pygame.Rect(area)
    drawn = CostDrawn()
    pygame.draw.rect(surface, theme.panel, area, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.35), area, 1, border_radius=10)
    pad = round(PAD * min(scale, 1.5))
    inner = area.inflate(-2 * pad, -2 * pad)
    if inner.w < 40 or inner.h < 40:
        return drawn
    if names is None:
        names = [shown_title(registry.get(m.algorithm), lang, False) for m in models]
    several = len(models) > 1
    colours = series_colours(theme, len(models))

    def size(points: float) -> int:
        return max(8, round(points * scale))

    title_text = tr("cost", lang) if several else tr("cost_title", lang, algorithm=names[0])
    title_font = font_for(title_text, size(18), lang, bold=True)
    status = status_text(models, lang)
    busy = 5 if not all(m.done for m in models) else 3.4  # the progress matters while it runs
    rows = [_Row(title_text, title_font, theme.text, True, 5.6, order=-1)]  # given up before the fits
    rows.append(_Row(status, font_for(status, size(15), lang), theme.muted_text, True, busy))

    def fit_rows(k: int, text: str, rank: float, step: float, most: int, whole: int | None) -> list[_Row]:
        """Algorithm ``k``'s fit as rows ranked ``rank``, ``rank - step``, ...: at most ``most``
        lines of the whole sentence (``whole``: none when it needs more) or of the short form;
        after its marker on a plot of several (their legend)."""
        font = font_for(text, size(15), lang)
        lines = wrap(font, text, inner.w - (marker_room(font) if several else 0))
        if whole is not None and len(lines) > most:
            return []
        return [
            _Row(
                line,
                font,
                theme.text,
                False,
                rank - j * step - k / 10,
                whole=whole,
                marker=k if several and j == 0 else None,
                indent=several and j > 0,
                order=k,
                joined=text if whole is None and j == 0 and len(lines) > 1 else "",
                tail=whole is None and j > 0,
            )
            for j, line in enumerate(lines[:most])
        ]

    def short_rows(k: int) -> list[_Row]:
        """Algorithm ``k``'s fit in short, on one line or two (the second left out at rank 4.5)."""
        short = fit_text(models[k], names[k], lang, short=True, named=several)
        return fit_rows(k, short, 6, 1.5, 2, None)

    for k, (model, name) in enumerate(zip(models, names, strict=True)):
        # a narrow panel: the short form at once, never a sentence cut before its numbers
        rows += fit_rows(k, fit_text(model, name, lang), 3, 0, 3, k) or short_rows(k)
    units = units_note(models, names, lang)
    if units is not None:
        units_font = font_for(units, size(13), lang)
        for k, line in enumerate(wrap(units_font, units, inner.w)[:2]):
            rows.append(_Row(line, units_font, theme.muted_text, False, 5.2 - k * 0.8, order=10))
    current, last = models[0].current, max(m.sizes[-1] for m in models)
    if not any(current in m.sizes for m in models):
        beyond = tr("cost_beyond", lang, n=current, last=last)
        rows.append(_Row(beyond, font_for(beyond, size(15), lang), theme.text, False, 2.5, order=11))
    hint = tr("cost_click_both" if several else "cost_click", lang)
    rows.append(_Row(hint, font_for(hint, size(13), lang), theme.muted_text, False, 2, order=12))
    notes = [
        line for model, name in zip(models, names, strict=True) for line in note_texts(model, name, lang)
    ]
    note_font = font_for(" ".join(notes) or "n", size(13), lang)
    rows += [
        _Row(line, note_font, theme.muted_text, False, 1 - k / 100, order=13) for k, line in enumerate(notes)
    ]
    number_font = font_for("0123456789", size(13), lang)
    axis_font = font_for(tr("cost_y", lang) + tr("cost_x", lang), size(14), lang)
    gap = round(3 * scale)
    axes = True  # the axes' names (rank 4: after the hint, before the progress)

    def need() -> int:
        plot = round(40 * scale) + 2 * number_font.get_height() + (axis_font.get_height() if axes else 0)
        return plot + sum(r.font.get_height() + gap for r in rows) + gap

    while need() > inner.h and (rows or axes):
        lowest = min(rows, key=lambda r: r.rank, default=None)
        if axes and (lowest is None or lowest.rank > 4):
            axes = False
        elif lowest is not None and lowest.whole is not None:
            rows = [r for r in rows if r.whole != lowest.whole] + short_rows(lowest.whole)
        elif lowest is not None:
            rows.remove(lowest)
            for row in rows:  # a short form's second line left out: its first says all it can
                if lowest.tail and row.joined and row.order == lowest.order:
                    row.text, row.joined = row.joined, ""
    rows.sort(key=lambda r: r.order)  # stable: a sentence's lines, the notes, in their order
    top = inner.y
    for row in (r for r in rows if r.above):
        _put_row(surface, drawn, row, (inner.x, top), inner.w, colours)
        top += row.font.get_height() + gap
    bottom = inner.bottom
    for row in reversed([r for r in rows if not r.above]):
        bottom -= row.font.get_height()
        _put_row(surface, drawn, row, (inner.x, bottom), inner.w, colours)
        bottom -= gap
    room = pygame.Rect(inner.x, top, inner.w, bottom - gap - top)
    if room.h >= round(40 * scale) + 2 * number_font.get_height():
        plot = _Plot(models, colours, theme, lang, scale, number_font, axis_font if axes else None)
        plot.draw(surface, room, drawn)
    return drawn


def marker_room(font: pygame.font.Font) -> int:
    """How far a legend's text starts after its marker, in a line of ``font``."""
    h = font.get_height()
    return 2 * max(3, h // 4) + max(4, h // 3)


def _put_row(
    surface: pygame.Surface,
    drawn: CostDrawn,
    row: _Row,
    topleft: tuple[int, int],
    width: int,
    colours: Sequence[tuple[int, int, int]],
) -> None:
    """A row's text, cut to ``width`` (left out when nothing is left); a legend row after its marker."""
    x, y = topleft
    if row.marker is not None:
        h = row.font.get_height()
        radius = max(3, h // 4)
        _marker(surface, MARKERS[row.marker], colours[row.marker], (x + radius, y + h // 2), radius)
    if row.marker is not None or row.indent:
        x += marker_room(row.font)
        width -= marker_room(row.font)
    shown = ellipsize(row.font, row.text, width)
    if shown:
        _put(surface, drawn, shown, row.font, row.colour, topleft=(x, y))


def _marker(
    surface: pygame.Surface, shape: str, colour: tuple[int, int, int], centre: tuple[int, int], radius: int
) -> None:
    """A point of the plot: a disc, or a square as wide."""
    if shape == "square":
        rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        rect.center = centre
        pygame.draw.rect(surface, colour, rect)
    else:
        pygame.draw.circle(surface, colour, centre, radius)


@dataclass
class _Plot:
    """The axes, the decades, the n ticks, each algorithm's fitted line and points and the current
    n (the axes' names unless ``axis_font`` is None: no room), over every model's points."""

    models: tuple[CostModel, ...]
    colours: Sequence[tuple[int, int, int]]
    theme: Theme
    lang: str
    scale: float
    number_font: pygame.font.Font
    axis_font: pygame.font.Font | None

    def draw(self, surface: pygame.Surface, room: pygame.Rect, drawn: CostDrawn) -> None:
        theme, scale, number_font, axis_font = self.theme, self.scale, self.number_font, self.axis_font
        values = [v for m in self.models for _, v in m.points if v > 0]
        low = math.floor(math.log10(min(values))) if values else 0
        high = max(low + 1, math.ceil(math.log10(max(values)))) if values else 1
        if values and 10**high < max(values):  # float rounding on an exact power
            high += 1
        line_h = number_font.get_height()
        y_label = None
        if axis_font is not None:
            text = tr("cost_y", self.lang)
            y_label = pygame.transform.rotate(axis_font.render(text, True, theme.muted_text), 90)
        widest = max(number_font.size(short_number(10**k))[0] for k in range(low, high + 1))
        left = room.x + (y_label.get_width() + round(6 * scale) if y_label is not None else 0) + widest + 4
        x_label_h = axis_font.get_height() if axis_font is not None else 0
        plot = pygame.Rect(left, room.y + line_h // 2, room.right - left - line_h // 2, 0)
        plot.height = room.bottom - plot.y - line_h - x_label_h - round(4 * scale)
        if plot.w < 30 or plot.h < 30:
            return
        drawn.plot = plot
        grid = blend(theme.panel, theme.muted_text, 0.3)

        def y_of(value: float) -> int:
            share = (math.log10(value) - low) / (high - low)
            return round(plot.bottom - 1 - share * (plot.h - 1))

        first, last = min(m.sizes[0] for m in self.models), max(m.sizes[-1] for m in self.models)
        current = self.models[0].current
        margin = round(8 * scale)

        def x_of(n: float) -> int:
            return round(plot.left + margin + (n - first) * (plot.w - 2 * margin) / max(1, last - first))

        # the decades: a grid line each, labelled as often as they do not touch
        every = max(1, math.ceil((line_h + 2) * (high - low) / max(1, plot.h)))
        for k in range(low, high + 1):
            y = y_of(10**k)
            pygame.draw.line(surface, grid, (plot.left, y), (plot.right - 1, y))
            if (k - low) % every == 0:
                tick = (plot.left - 4, y)
                _put(surface, drawn, short_number(10**k), number_font, theme.muted_text, midright=tick)
        pygame.draw.line(surface, theme.muted_text, (plot.left, plot.top), (plot.left, plot.bottom - 1))
        pygame.draw.line(
            surface, theme.muted_text, (plot.left, plot.bottom - 1), (plot.right - 1, plot.bottom - 1)
        )
        label_rect = y_label.get_rect(midleft=(room.x, plot.centery)) if y_label is not None else None
        if y_label is not None and label_rect is not None and label_rect.h <= room.h:
            label_rect.clamp_ip(room)  # beside the plot, never over the texts above or below it
            surface.blit(y_label, label_rect)
            drawn.texts.append(label_rect)
        # the n ticks, thinned so their labels keep apart; an n no algorithm ran is greyed
        widest_n = number_font.size(str(last))[0] + round(6 * scale)
        step = max(1, math.ceil(widest_n * max(1, last - first) / max(1, plot.w - 2 * margin)))
        run = {n for m in self.models for n, _ in m.points}
        for n in range(first, last + 1):
            x = x_of(n)
            pygame.draw.line(surface, theme.muted_text, (x, plot.bottom - 1), (x, plot.bottom + 2))
            if (n - first) % step == 0 or n == current:
                if n != current and first <= current <= last and abs(n - current) < step:
                    continue  # the current n's label takes this place
                all_done = all(m.done for m in self.models)
                colour = (
                    theme.conflict
                    if n == current
                    else (grid if all_done and n not in run else theme.muted_text)
                )
                _put(surface, drawn, str(n), number_font, colour, midtop=(x, plot.bottom + 2))
        if axis_font is not None:
            where = (plot.centerx, plot.bottom + 2 + line_h)
            _put(surface, drawn, tr("cost_x", self.lang), axis_font, theme.muted_text, midtop=where)
        # the current n: a dashed line
        if first <= current <= last:
            x = x_of(current)
            for y in range(plot.top, plot.bottom, round(8 * scale)):
                end = (x, min(y + round(4 * scale), plot.bottom - 1))
                pygame.draw.line(surface, theme.conflict, (x, y), end, 1)
        radius, ring = max(3, round(4 * scale)), max(2, round(2 * scale))
        several = len(self.models) > 1
        for k, (model, colour) in enumerate(zip(self.models, self.colours, strict=True)):
            fit = model.fit
            if fit is not None:
                ends = [(x_of(n), y_of(fit.at(n))) for n in (min(fit.ns), max(fit.ns))]
                dots = blend(theme.panel, colour if several else theme.muted_text, 0.7)
                clip = surface.get_clip()
                surface.set_clip(plot.clip(clip))  # a fit below the lowest decade stays inside the axes
                _dotted(surface, dots, ends[0], ends[1], max(2, round(3 * scale)))
                surface.set_clip(clip)
            centres = [((x_of(n), y_of(v)), n) for n, v in model.points if v > 0]
            if len(centres) > 1:
                pygame.draw.lines(surface, colour, False, [c for c, _ in centres], ring)
            for centre, n in centres:
                _marker(surface, MARKERS[k % len(MARKERS)], colour, centre, radius)
                if n == current:
                    pygame.draw.circle(
                        surface, theme.conflict, centre, radius + max(2, round(3 * scale)), ring
                    )
            drawn.points += centres


def _put(
    surface: pygame.Surface,
    drawn: CostDrawn,
    text: str,
    font: pygame.font.Font,
    colour: tuple[int, int, int],
    **where: object,
) -> None:
    image = font.render(text, True, colour)
    rect = image.get_rect(**where)
    surface.blit(image, rect)
    drawn.texts.append(rect)


def _dotted(
    surface: pygame.Surface, colour: tuple[int, int, int], a: tuple[int, int], b: tuple[int, int], width: int
) -> None:
    length = max(1.0, math.dist(a, b))
    for k in range(0, int(length), 3 * width):
        t = k / length
        pygame.draw.circle(
            surface,
            colour,
            (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)),
            max(1, width // 2),
        )
