"""``nqueens lab``: how each algorithm's work grows with n, measured, fitted and plotted (issue 26).

Every point is ``nqueens count N --algo A`` itself (``subcommands.cmd_count``, with its progress
line), so the table, the CSV and the fit hold the very counters that command prints. The table
streams a row per n as it is done; Ctrl-C keeps the rows done (the notes, the fits and the CSV
of the points measured are still written) and ends like every command on a signal (status 130).

A point is never run when it lies outside the algorithm's range (``spec.min_n``, ``spec.max_n``)
or when its estimate is over the budget: the engine's (``solvers.estimate``) for the algorithms it
models, else the lab's own from the two n before, measured (the time's ratio carried on). Once
an algorithm is over the budget, its larger n are skipped too.

The growth base is a least-squares line through (n, log(metric)): ``metric ~ scale * base^n``.
The fit and the refusal of a point live in ``solvers.cost``, shared with the window's "Cost vs n"
view.

>>> fit = fit_growth([4, 5, 6, 7], [3 * 2.5**n for n in (4, 5, 6, 7)])
>>> round(fit.base, 12), round(fit.r2, 12)
(2.5, 1.0)
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from solvers.cli import subcommands as commands
from solvers.cli.args import shown
from solvers.cost import Fit, fit_growth
from solvers.cost import refusal as _refusal
from solvers.errors import SolverError

#: The counters of a point, as ``nqueens count --json`` names them.
COUNTERS = ("solutions", "attempts", "placements", "backtracks", "checks", "repairs", "pruned", "wipeouts")
CSV_FIELDS = ("algorithm", "n", *COUNTERS, "seconds", "source")
CSV_SUFFIXES = (".csv",)
PLOT_SUFFIXES = (".png", ".svg")
PLOT_SIZE = (1200, 750)  # pixels of the PNG (the SVG: the same at PLOT_DPI, in points 864 x 540)
PLOT_DPI = 100
MIN_WIDTH = 12  # a column of the table is at least this wide (a value wider widens its own cell)
LIB_HINT = "pip install 'nqueens-visualizer[lab]'"

Point = dict[str, object]  # one 'nqueens count N --algo A --json' object


def value(point: Point, metric: str) -> int | float:
    """The point's ``metric``: a counter (an int, exact) or ``time``, its seconds."""
    found = point["seconds" if metric == "time" else metric]
    assert isinstance(found, (int, float))
    return found


def shown_value(point: Point | None, metric: str) -> str:
    if point is None:
        return "-"
    found = value(point, metric)
    return f"{found:.6f}" if metric == "time" else str(found)


def attempt_units(names: Sequence[str]) -> dict[str, str]:
    """What one attempt of each algorithm is ("square", "board", ...: ``spec.attempt_unit``)."""
    from solvers import registry

    return {name: registry.get(name).attempt_unit for name in names}


def units_line(names: Sequence[str]) -> str | None:
    """The sentence under an attempts table whose algorithms count different things, else None:
    their attempts are compared across units only with this said (``AlgorithmSpec.attempt_unit``)."""
    units = attempt_units(names)
    if len(set(units.values())) < 2:
        return None
    by_unit: dict[str, list[str]] = {}
    for name, unit in units.items():
        by_unit.setdefault(unit, []).append(name)
    parts = [f"a {unit} for {', '.join(mine)}" for unit, mine in by_unit.items()]
    return "one attempt is " + "; ".join(parts)


def fit_of(points: Sequence[Point], metric: str) -> Fit | None:
    """One algorithm's growth over its measured points above 0 (0 has no logarithm)."""
    kept = [(int(p["n"]), value(p, metric)) for p in points if value(p, metric) > 0]  # type: ignore[call-overload]
    return fit_growth([n for n, _ in kept], [v for _, v in kept])


def fit_sentence(name: str, fit: Fit | None) -> str:
    """What a student reads: "backtracking grows about 4.9x per extra queen (R^2 0.998, n = 4..12)"."""
    if fit is None:
        return f"{name}: too few points above 0 to fit a growth"
    return (
        f"{name} grows about {fit.base:.1f}x per extra queen"
        f" (R^2 {fit.r2:.3f}, n = {min(fit.ns)}..{max(fit.ns)})"
    )


# --- what is run, what is skipped


@dataclass
class Skips:
    """The points not run, per algorithm, told as ranges of n with one reason each."""

    runs: dict[str, list[tuple[str, str, list[int]]]]

    def add(self, name: str, n: int, kind: str, words: str) -> None:
        runs = self.runs.setdefault(name, [])
        if runs and runs[-1][0] == kind and runs[-1][2][-1] == n - 1:
            runs[-1][2].append(n)
        else:
            runs.append((kind, words, [n]))

    def over_budget(self, name: str) -> bool:
        return any(kind == "budget" for kind, _, _ in self.runs.get(name, []))

    def lines(self) -> list[str]:
        out = []
        for name, runs in self.runs.items():
            for _, words, ns in runs:
                where = f"n = {ns[0]}" if len(ns) == 1 else f"n = {ns[0]}..{ns[-1]}"
                out.append(f"note: {name} at {where} not run: {words}")
        return out


# --- files


def _check_path(path: str, suffixes: tuple[str, ...], option: str) -> None:
    """Refuse, before any work, a path of the wrong kind or one that cannot be written."""
    from solvers.safe_files import why_not_writable

    if not path.lower().endswith(suffixes):
        raise SolverError(f"{option} {shown(path)} must end in {' or '.join(suffixes)}")
    reason = why_not_writable(path)
    if reason is not None:
        raise SolverError(f"cannot write {shown(path)}: {reason}")


def csv_text(points: Sequence[Point]) -> str:
    """The points as CSV: one row per (algorithm, n), every counter, the seconds and the source."""
    text = io.StringIO()
    writer = csv.DictWriter(text, CSV_FIELDS, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    writer.writerows(points)
    return text.getvalue()


def read_csv(text: str) -> list[Point]:
    """The points ``csv_text`` wrote, with their types back (ints, seconds as floats)."""
    points: list[Point] = []
    for row in csv.DictReader(io.StringIO(text)):
        point: Point = {"algorithm": row["algorithm"], "n": int(row["n"])}
        point.update({key: int(row[key]) for key in COUNTERS})
        point.update(seconds=float(row["seconds"]), source=row["source"])
        points.append(point)
    return points


def write_csv(path: str, points: Sequence[Point]) -> None:
    """The CSV, written atomically beside ``path`` and renamed onto it (a link there is refused)."""
    from solvers.safe_files import NewFile

    with NewFile(path, suffix=".csv", mode=0o644) as new:
        new.file.write(csv_text(points).encode("utf-8"))


def _reference_curves(ns: Sequence[int]) -> list[tuple[str, list[int]]]:
    """n!, n^n and C(n^2, n) at ``ns``: every permutation, every one-per-row board, every board."""
    return [
        ("n!  (permutations)", [math.factorial(n) for n in ns]),
        ("n^n  (one queen per row)", [n**n for n in ns]),
        ("C(n², n)  (any n squares)", [math.comb(n * n, n) for n in ns]),
    ]


def plot(path: str, points: Sequence[Point], names: Sequence[str], metric: str) -> None:
    """The measured points of each algorithm on a log scale, its fitted growth dotted, and the
    reference curves (count metrics only: they are counts, not seconds), written atomically."""
    try:
        import matplotlib
    except ImportError:
        raise SolverError(f"--plot needs matplotlib, which is not installed ({LIB_HINT})") from None
    matplotlib.use("Agg")  # no window, whatever the user's matplotlibrc says
    from matplotlib.figure import Figure

    from solvers.safe_files import NewFile

    fmt = path.lower().rsplit(".", 1)[-1]
    with matplotlib.rc_context({"svg.hashsalt": "nqueens-lab", "svg.fonttype": "path"}):
        figure = Figure(figsize=(PLOT_SIZE[0] / PLOT_DPI, PLOT_SIZE[1] / PLOT_DPI), dpi=PLOT_DPI)
        figure.set_layout_engine("constrained")
        axes = figure.add_subplot()
        axes.set_yscale("log")
        units = attempt_units(names)
        every_n = sorted({int(p["n"]) for p in points})  # type: ignore[call-overload]
        for name in names:
            mine = [p for p in points if p["algorithm"] == name and value(p, metric) > 0]
            if not mine:
                continue
            ns = [int(p["n"]) for p in mine]  # type: ignore[call-overload]
            fit = fit_of(mine, metric)
            label = f"{name} ({units[name]}s)" if metric == "attempts" else name
            if fit is not None:
                label += f": {fit.base:.1f}x per queen (R² {fit.r2:.3f})"
            (line,) = axes.plot(ns, [value(p, metric) for p in mine], marker="o", lw=2, zorder=3, label=label)
            if fit is not None:
                axes.plot(ns, [fit.at(n) for n in ns], ls=":", lw=1, color=line.get_color())
        if metric != "time" and every_n:
            for (label, values), style in zip(
                _reference_curves(every_n), ("--", "-.", (0, (1, 3))), strict=True
            ):
                # beneath the measured lines and wider: n! and n^n are exactly what the permutation
                # walk and brute force attempt, so their dashes show on both sides of those lines
                axes.plot(
                    every_n, values, ls=style, lw=2.5, color="0.6", zorder=1, label=f"{label}, for scale"
                )
        if every_n:
            axes.set_xticks(every_n)
        unit = "seconds per run" if metric == "time" else f"{metric} of the whole run"
        axes.set_xlabel("n (queens on an n x n board)")
        axes.set_ylabel(f"{unit} (log scale)")
        axes.set_title(f"N-Queens: measured {metric if metric != 'time' else 'time'} against n (nqueens lab)")
        axes.grid(True, which="major", alpha=0.3)
        axes.legend(loc="upper left", fontsize="small")
        metadata = {"Date": None} if fmt == "svg" else {"Software": None}
        with NewFile(path, suffix=f".{fmt}", mode=0o644) as new:
            figure.savefig(new.file, format=fmt, dpi=PLOT_DPI, metadata=metadata)


# --- the command


def _stops() -> tuple[type[BaseException], ...]:
    from solvers.cli.stop import Interrupted

    return (Interrupted, KeyboardInterrupt)


class Table:
    """The table, printed a row per n as the row is done (a wide value widens its own cell)."""

    def __init__(self, names: Sequence[str], metric: str, out: TextIO) -> None:
        self.names, self.metric, self.out = names, metric, out
        self.widths = [max(MIN_WIDTH, len(name)) for name in names]

    def header(self) -> None:
        what = "seconds" if self.metric == "time" else self.metric
        self.out.write(f"{what} of each run, as 'nqueens count N --algo A' gives it (-: not run)\n")
        units = units_line(self.names) if self.metric == "attempts" else None
        if units is not None:
            self.out.write(f"({units})\n")
        self.line(["n", *self.names])

    def line(self, cells: Sequence[str]) -> None:
        body = "  ".join(f"{cell:>{width}}" for cell, width in zip(cells[1:], self.widths, strict=True))
        self.out.write(f"{cells[0]:>3}  {body}".rstrip() + "\n")
        self.out.flush()  # a row shows as soon as it is done, even through a pipe

    def row(self, n: int, done: dict[str, Point | None]) -> None:
        cells = [str(n)]
        for name in self.names:
            cells.append(shown_value(done[name], self.metric) if name in done else "(stopped)")
        self.line(cells)


def cmd_lab(args: argparse.Namespace, out: TextIO) -> int:
    """Measure, print the table, the notes and the fits; write the CSV and the plot."""
    from solvers import registry

    names = list(dict.fromkeys(registry.get(name).name for name in args.algo))  # unknown: refused here
    if args.csv is not None:
        _check_path(args.csv, CSV_SUFFIXES, "--csv")
    if args.plot is not None:
        _check_path(args.plot, PLOT_SUFFIXES, "--plot")
        if importlib.util.find_spec("matplotlib") is None:  # said now, not after the whole run
            raise SolverError(f"--plot needs matplotlib, which is not installed ({LIB_HINT})")
    sizes: range = args.n
    table, skips = Table(names, args.metric, out), Skips({})
    points: list[Point] = []
    times: dict[str, dict[int, float]] = {name: {} for name in names}
    total, number = len(names) * len(sizes), 0
    table.header()
    done: dict[str, Point | None] = {}
    n = sizes[0]
    try:
        for n in sizes:
            done = {}
            for name in names:
                number += 1
                refusal = _refusal(name, n, args.budget, times[name])
                if refusal is None and skips.over_budget(name):
                    refusal = ("budget", "")  # joins the run of n over the budget before it
                if refusal is None:
                    point = _measure(name, n, f"lab {number}/{total}: ")
                    if isinstance(point, str):
                        refusal = ("refused", point)
                    else:
                        points.append(point)
                        times[name][n] = float(point["seconds"])  # type: ignore[arg-type]
                if refusal is not None:
                    skips.add(name, n, *refusal)
                done[name] = None if refusal is not None else points[-1]
            table.row(n, done)
    except _stops():
        if done:
            table.row(n, done)
        out.write(f"\nstopped at n = {n}: the table holds the {len(points)} point(s) done\n")
        _summary(out, names, points, skips, args, draw=False)
        raise
    _summary(out, names, points, skips, args, draw=True)
    return 0


def _measure(name: str, n: int, prefix: str) -> Point | str:
    """``nqueens count n --algo name`` (its --json object), or why it refused the point."""
    query = argparse.Namespace(n=n, algo=name, first=False, by_columns=False, search=None)
    try:
        return commands.cmd_count(query, prefix)
    except SolverError as error:
        return str(error)


def _summary(
    out: TextIO, names: Sequence[str], points: list[Point], skips: Skips, args: argparse.Namespace, draw: bool
) -> None:
    lines = skips.lines()
    if lines:
        out.write("\n" + "\n".join(lines) + "\n")
    out.write("\n")
    for name in names:
        out.write(
            fit_sentence(name, fit_of([p for p in points if p["algorithm"] == name], args.metric)) + "\n"
        )
    if args.csv is not None:
        write_csv(args.csv, points)
        out.write(f"wrote {args.csv}\n")
    if args.plot is not None and draw:
        plot(args.plot, points, names, args.metric)
        out.write(f"wrote {args.plot}\n")
    elif args.plot is not None:
        out.write(f"{args.plot} not drawn: the run was stopped\n")
    out.flush()
