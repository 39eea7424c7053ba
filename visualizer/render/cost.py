"""The side panel's cost view (issue 26): the measured attempts of one algorithm against n on a
log scale, the current n marked, the fitted growth per extra queen under it, and a note for
each n not run. Every text is as large as the window's text size (``scale``); a text with no
room is left out whole, never drawn over another or outside the panel."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from visualizer.core.cost import CostModel, reason, skip_runs
from visualizer.look.i18n import tr
from visualizer.look.names import shown_title
from visualizer.look.theme import Theme, blend
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


def status_text(model: CostModel, lang: str) -> str:
    total, done = len(model.sizes), len(model.points) + len(model.skipped)
    if model.computing is not None:
        return tr("cost_computing", lang, n=model.computing, done=done, total=total)
    if not model.done:
        return tr("cost_waiting", lang)
    return tr("cost_done", lang, done=len(model.points), total=total)


def fit_text(model: CostModel, algorithm: str, lang: str, short: bool = False) -> str:
    """The fit as a sentence: "Backtracking grows about 4.4x per extra queen (R² 0.996, n = 1..12)"
    (``short``: "about 4.4x per extra queen, R² 0.996")."""
    fit = model.fit
    if fit is None:
        return tr("cost_no_fit_short" if short else "cost_no_fit", lang)
    return tr(
        "cost_fit_short" if short else "cost_fit",
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


@dataclass
class _Row:
    """A line of text the panel may show: where (above or below the plot), how much it matters
    (the least first left out when the panel is short) and its height."""

    text: str
    font: pygame.font.Font
    colour: tuple[int, int, int]
    above: bool
    rank: float
    whole: bool = False  # a line of the fit's whole sentence (left out all at once, for the short one)


def draw_cost(
    surface: pygame.Surface, area: pygame.Rect, model: CostModel, theme: Theme, lang: str, scale: float = 1.0
) -> CostDrawn:
    """The panel: title, progress, the plot, then the fit's sentence, a hint and the notes under it.

    A short panel leaves out, in this order: the notes (the last first), the hint, the fit's
    whole sentence (for its short form), the progress once done, the axes' names, the short form's
    second line, the progress while it runs, the short form's first line."""
    area = pygame.Rect(area)
    drawn = CostDrawn()
    pygame.draw.rect(surface, theme.panel, area, border_radius=10)
    pygame.draw.rect(surface, blend(theme.panel, theme.muted_text, 0.35), area, 1, border_radius=10)
    pad = round(PAD * min(scale, 1.5))
    inner = area.inflate(-2 * pad, -2 * pad)
    if inner.w < 40 or inner.h < 40:
        return drawn
    from solvers import registry

    algorithm = shown_title(registry.get(model.algorithm), lang, False)

    def size(points: float) -> int:
        return max(8, round(points * scale))

    title_text = tr("cost_title", lang, algorithm=algorithm)
    title_font = font_for(title_text, size(18), lang, bold=True)
    status = status_text(model, lang)
    busy = 5 if not model.done else 3.4  # the progress matters while it runs
    rows = [_Row(status, font_for(status, size(15), lang), theme.muted_text, True, busy)]
    sentence = fit_text(model, algorithm, lang)
    if model.current not in model.sizes:
        sentence += "  " + tr("cost_beyond", lang, n=model.current, last=model.sizes[-1])
    sentence_font = font_for(sentence, size(15), lang)
    for line in wrap(sentence_font, sentence, inner.w)[:3]:
        rows.append(_Row(line, sentence_font, theme.text, False, 3, whole=True))
    short = fit_text(model, algorithm, lang, short=True)  # the whole sentence's stand-in, one line
    hint = tr("cost_click", lang)
    rows.append(_Row(hint, font_for(hint, size(13), lang), theme.muted_text, False, 2))
    notes = note_texts(model, algorithm, lang)
    note_font = font_for(" ".join(notes) or "n", size(13), lang)
    rows += [_Row(line, note_font, theme.muted_text, False, 1 - k / 100) for k, line in enumerate(notes)]
    number_font = font_for("0123456789", size(13), lang)
    axis_font = font_for(tr("cost_y", lang) + tr("cost_x", lang), size(14), lang)
    gap = round(3 * scale)
    axes = True  # the axes' names (rank 4: after the hint, before the progress)

    def need() -> int:
        plot = round(40 * scale) + 2 * number_font.get_height() + (axis_font.get_height() if axes else 0)
        return title_font.get_height() + gap + plot + sum(r.font.get_height() + gap for r in rows) + gap

    while need() > inner.h and (rows or axes):
        lowest = min(rows, key=lambda r: r.rank, default=None)
        if axes and (lowest is None or lowest.rank > 4):
            axes = False
        elif lowest is not None and lowest.whole:
            rows = [r for r in rows if not r.whole]
            short_font = font_for(short, size(15), lang)
            for k, line in enumerate(wrap(short_font, short, inner.w)[:2]):
                rows.append(_Row(line, short_font, theme.text, False, 6 - k * 1.5))  # its second: 4.5
        elif lowest is not None:
            rows.remove(lowest)
    top = inner.y
    title = ellipsize(title_font, title_text, inner.w)
    if title:
        _put(surface, drawn, title, title_font, theme.text, topleft=(inner.x, top))
    top += title_font.get_height() + gap
    for row in (r for r in rows if r.above):
        shown = ellipsize(row.font, row.text, inner.w)
        if shown:
            _put(surface, drawn, shown, row.font, row.colour, topleft=(inner.x, top))
        top += row.font.get_height() + gap
    bottom = inner.bottom
    for row in reversed([r for r in rows if not r.above]):
        bottom -= row.font.get_height()
        shown = ellipsize(row.font, row.text, inner.w)
        if shown:
            _put(surface, drawn, shown, row.font, row.colour, topleft=(inner.x, bottom))
        bottom -= gap
    room = pygame.Rect(inner.x, top, inner.w, bottom - gap - top)
    if room.h >= round(40 * scale) + 2 * number_font.get_height():
        _draw_plot(surface, room, model, theme, lang, scale, number_font, axis_font if axes else None, drawn)
    return drawn


def _draw_plot(
    surface: pygame.Surface,
    room: pygame.Rect,
    model: CostModel,
    theme: Theme,
    lang: str,
    scale: float,
    number_font: pygame.font.Font,
    axis_font: pygame.font.Font | None,
    drawn: CostDrawn,
) -> None:
    """The axes, the decades, the n ticks, the fitted line, the points and the current n (the
    axes' names unless ``axis_font`` is None: no room)."""
    values = [v for _, v in model.points if v > 0]
    low = math.floor(math.log10(min(values))) if values else 0
    high = max(low + 1, math.ceil(math.log10(max(values)))) if values else 1
    if values and 10**high < max(values):  # float rounding on an exact power
        high += 1
    line_h = number_font.get_height()
    y_label = None
    if axis_font is not None:
        y_label = pygame.transform.rotate(axis_font.render(tr("cost_y", lang), True, theme.muted_text), 90)
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

    first, last = model.sizes[0], model.sizes[-1]
    margin = round(8 * scale)

    def x_of(n: float) -> int:
        return round(plot.left + margin + (n - first) * (plot.w - 2 * margin) / max(1, last - first))

    # the decades: a grid line each, labelled as often as they do not touch
    every = max(1, math.ceil((line_h + 2) * (high - low) / max(1, plot.h)))
    for k in range(low, high + 1):
        y = y_of(10**k)
        pygame.draw.line(surface, grid, (plot.left, y), (plot.right - 1, y))
        if (k - low) % every == 0:
            _put(
                surface,
                drawn,
                short_number(10**k),
                number_font,
                theme.muted_text,
                midright=(plot.left - 4, y),
            )
    pygame.draw.line(surface, theme.muted_text, (plot.left, plot.top), (plot.left, plot.bottom - 1))
    pygame.draw.line(
        surface, theme.muted_text, (plot.left, plot.bottom - 1), (plot.right - 1, plot.bottom - 1)
    )
    label_rect = y_label.get_rect(midleft=(room.x, plot.centery)) if y_label is not None else None
    if y_label is not None and label_rect is not None and label_rect.h <= room.h:
        label_rect.clamp_ip(room)  # beside the plot, never over the texts above or below it
        surface.blit(y_label, label_rect)
        drawn.texts.append(label_rect)
    # the n ticks, thinned so their labels keep apart
    widest_n = number_font.size(str(last))[0] + round(6 * scale)
    step = max(1, math.ceil(widest_n * max(1, last - first) / max(1, plot.w - 2 * margin)))
    skipped = {skip.n for skip in model.skipped}
    for n in model.sizes:
        x = x_of(n)
        pygame.draw.line(surface, theme.muted_text, (x, plot.bottom - 1), (x, plot.bottom + 2))
        if (n - first) % step == 0 or n == model.current:
            if n != model.current and model.current in model.sizes and abs(n - model.current) < step:
                continue  # the current n's label takes this place
            colour = theme.conflict if n == model.current else (grid if n in skipped else theme.muted_text)
            _put(surface, drawn, str(n), number_font, colour, midtop=(x, plot.bottom + 2))
    if axis_font is not None:
        where = (plot.centerx, plot.bottom + 2 + line_h)
        _put(surface, drawn, tr("cost_x", lang), axis_font, theme.muted_text, midtop=where)
    # the current n: a dashed line, its label at the top
    if model.current in model.sizes:
        x = x_of(model.current)
        for y in range(plot.top, plot.bottom, round(8 * scale)):
            pygame.draw.line(
                surface, theme.conflict, (x, y), (x, min(y + round(4 * scale), plot.bottom - 1)), 1
            )
    fit = model.fit
    if fit is not None:
        ends = [(x_of(n), y_of(fit.at(n))) for n in (min(fit.ns), max(fit.ns))]
        _dotted(
            surface, blend(theme.panel, theme.muted_text, 0.7), ends[0], ends[1], max(2, round(3 * scale))
        )
    centres = [((x_of(n), y_of(v)), n) for n, v in model.points if v > 0]
    if len(centres) > 1:
        pygame.draw.lines(surface, theme.tried, False, [c for c, _ in centres], max(2, round(2 * scale)))
    radius = max(3, round(4 * scale))
    for centre, n in centres:
        pygame.draw.circle(surface, theme.tried, centre, radius)
        if n == model.current:
            pygame.draw.circle(
                surface, theme.conflict, centre, radius + max(2, round(3 * scale)), max(2, round(2 * scale))
            )
    drawn.points = centres


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
