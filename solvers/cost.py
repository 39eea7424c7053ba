"""How an algorithm's work grows with n, the pure parts shared by ``nqueens lab`` and the window's
"Cost vs n" view (issue 26): one point's count, whether a point is run at all, and the fitted
growth per extra queen.

``count_point`` is the counting ``nqueens count N --algo A`` does (``solvers.cli.subcommands``),
without its progress line: the direct answer, the engine's counters, or the generator's events
drained, whichever that command uses for the algorithm. ``refusal`` says why a point is not run
(outside the spec's range, or estimated over a budget); ``fit_growth`` is a least-squares line
through (n, log(value)): ``value ~ scale * base^n``.

>>> fit = fit_growth([4, 5, 6, 7], [3 * 2.5**n for n in (4, 5, 6, 7)])
>>> round(fit.base, 12), round(fit.r2, 12)
(2.5, 1.0)
>>> count_point("backtracking", 6)["attempts"] == 894
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solvers import estimate
from solvers.errors import SolverError

if TYPE_CHECKING:
    import threading

    from solvers.events import Event

#: Events drained between two looks at the cancel flag (``until_cancelled``).
CANCEL_EVERY = 4096


@dataclass(frozen=True)
class Fit:
    """``value ~ scale * base^n`` by least squares on log(value), over ``ns``."""

    base: float
    scale: float
    r2: float
    ns: tuple[int, ...]

    def at(self, n: float) -> float:
        return self.scale * self.base**n


def fit_growth(ns: Sequence[int], values: Sequence[float]) -> Fit | None:
    """The least-squares growth of ``values`` (all > 0) against ``ns``; None for fewer than two n.

    R^2 is the fit's on the log scale (1.0 when the values lie on an exact exponential).

    >>> fit_growth([5], [10.0]) is None
    True
    """
    if len(ns) < 2 or len(set(ns)) < 2:
        return None
    logs = [math.log(v) for v in values]  # exact for big ints too
    mean_n, mean_log = sum(ns) / len(ns), sum(logs) / len(logs)
    sxx = sum((n - mean_n) ** 2 for n in ns)
    slope = sum((n - mean_n) * (y - mean_log) for n, y in zip(ns, logs, strict=True)) / sxx
    intercept = mean_log - slope * mean_n
    ss_res = sum((y - intercept - slope * n) ** 2 for n, y in zip(ns, logs, strict=True))
    ss_tot = sum((y - mean_log) ** 2 for y in logs)
    r2 = 1.0 - ss_res / ss_tot if ss_tot > 0 else 1.0
    return Fit(math.exp(slope), math.exp(intercept), r2, tuple(ns))


# --- what is run, what is skipped


def predicted_seconds(name: str, n: int, times: dict[int, float]) -> float | None:
    """The estimate for ``name`` at n: the engine's where it has a model, else from the two n
    before, measured (``times``: n -> seconds; the time's ratio carried on); None: no estimate."""
    from solvers import engine, registry

    spec = registry.get(name)
    if spec.answer is not None:
        return None  # a direct answer: quick at every n its range allows
    if spec.engine is not None:
        kind = spec.engine.estimate
        return None if kind is None else estimate.seconds(kind, n, engine.WORKERS)
    if n - 1 in times and n - 2 in times and times[n - 2] > 0:
        return times[n - 1] * max(1.0, times[n - 1] / times[n - 2])
    return None


def refusal(name: str, n: int, budget: float, times: dict[int, float]) -> tuple[str, str] | None:
    """Why the point is not run, as (kind, words): kind "max", "min" or "budget"; None: it runs."""
    from solvers import registry

    spec = registry.get(name)
    if n > spec.max_n:
        return "max", f"{name} accepts n up to {spec.max_n}"
    if n < spec.min_n:
        return "min", f"{name} needs n of at least {spec.min_n}"
    secs = predicted_seconds(name, n, times)
    if secs is not None and secs > budget:
        whose = "the engine's estimate" if spec.engine is not None else "estimated from the n before"
        return "budget", f"{whose} at n = {n} is {estimate.duration(secs)}, over the {budget:g} s budget"
    return None


# --- one point


def until_cancelled(events: Iterable[Event], cancel: threading.Event | None) -> Iterator[Event]:
    """``events``, stopped by ``Cancelled`` once ``cancel`` is set (looked at every CANCEL_EVERY)."""
    from solvers.plain import Cancelled

    for number, event in enumerate(events):
        if cancel is not None and number % CANCEL_EVERY == 0 and cancel.is_set():
            raise Cancelled
        yield event


def count_point(
    name: str,
    n: int,
    progress: Callable[[float], None] | None = None,
    cancel: threading.Event | None = None,
) -> dict[str, object]:
    """What ``nqueens count n --algo name --json`` gives, but "seconds" (the caller times it):
    SolverError for an n the algorithm refuses, ``solvers.plain.Cancelled`` on ``cancel``."""
    from solvers import registry
    from solvers.counters import tally

    spec = registry.get(name)
    spec.check_n(n)
    if spec.answer is not None:
        from solvers.algorithms import construction

        queens, counters = spec.answer(n)
        if not construction.is_valid(queens):
            raise SolverError(f"internal error: {spec.name} gave a board that is not a solution")
        return {"n": n, "algorithm": spec.name, **counters}
    if spec.engine is None:
        found, source = tally(until_cancelled(spec.solve(n), cancel)), "events"
    else:
        found = spec.engine_counters(n, progress=progress, cancel=cancel, patient=True)
        source = "engine"
    return {"n": n, "algorithm": spec.name, **found.as_dict(), "source": source}
