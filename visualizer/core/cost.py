"""Cost vs n: the measured work of one algorithm for n from its spec's ``min_n`` up to a limit,
computed on a worker thread, point by point, and fitted (issue 26). Pure, no pygame.

Each point is ``solvers.cost.count_point``, the counting ``nqueens count N --algo A`` does, so
the view shows the very attempts that command prints. Points are cached per (algorithm, n) for
the session (``CACHE``): opening the view again, or at another n, shows them at once. A point
outside the spec's range or estimated over ``BUDGET`` seconds (``solvers.cost.refusal``) is
skipped with a note and never run; once one is over the budget, the larger n are skipped too.

A frame never waits for the worker: ``model`` copies what is known under a lock the worker
holds only to store a finished point.

>>> from solvers.cost import count_point
>>> clear_cache()
>>> runner = CostRunner("backtracking", range(1, 7), BUDGET)
>>> runner.start().join(30)
True
>>> model = runner.model(6)
>>> model.done, [v for _, v in model.points][-1] == count_point("backtracking", 6)["attempts"]
(True, True)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solvers import cost
from solvers.cost import Fit, fit_growth
from solvers.errors import SolverError
from solvers.plain import Cancelled

#: A point estimated to take longer than this many seconds is skipped (the lab's default is 60:
#: a window is looked at while it works).
BUDGET = 10.0
#: The view measures n up to this (or the current n, up to ``MAX_N``); past the spec's max_n: noted.
LIMIT = 12
MAX_N = 20
METRIC = "attempts"

Point = dict[str, object]  # one ``count_point`` answer, with its "seconds"

#: (algorithm, n) -> the point measured, for the whole session; written by the workers only under
#: ``_CACHE_LOCK``.
CACHE: dict[tuple[str, int], Point] = {}
_CACHE_LOCK = threading.Lock()


def clear_cache() -> None:
    """Forget every point measured (tests)."""
    with _CACHE_LOCK:
        CACHE.clear()


def sizes(min_n: int, n: int) -> range:
    """The n the view shows: from the spec's ``min_n`` to ``LIMIT`` or the current n (at most
    ``MAX_N``); those past the spec's ``max_n`` are noted, not run (``solvers.cost.refusal``).

    >>> sizes(1, 8), sizes(1, 16), sizes(4, 50)
    (range(1, 13), range(1, 17), range(4, 21))
    """
    return range(min_n, max(LIMIT, min(n, MAX_N)) + 1)


@dataclass(frozen=True, slots=True)
class Skip:
    """An n not run: ``kind`` "max", "min", "budget" or "refused" (the count's own refusal, said
    in ``words``); ``seconds`` the estimate over the budget."""

    n: int
    kind: str
    words: str
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class CostModel:
    """A read-only snapshot of the view: the points so far, what is skipped, what runs now."""

    algorithm: str
    metric: str
    sizes: range
    points: tuple[tuple[int, int], ...]  # (n, metric), ascending n
    skipped: tuple[Skip, ...]
    computing: int | None  # the n being measured now
    current: int  # the board's n, marked
    budget: float
    done: bool

    @property
    def fit(self) -> Fit | None:
        """The growth over the points above 0 (0 has no logarithm); None for fewer than two."""
        kept = [(n, v) for n, v in self.points if v > 0]
        return fit_growth([n for n, _ in kept], [v for _, v in kept])


class CostRunner:
    """One algorithm's points over ``sizes``, measured on a daemon thread (``start``), cached;
    ``budget`` in seconds (default ``BUDGET``), ``measure`` the counting (``count_point``)."""

    def __init__(
        self,
        algorithm: str,
        sizes: range,
        budget: float | None = None,
        measure: Callable[..., Point] | None = None,
    ) -> None:
        self.algorithm, self.sizes = algorithm, sizes
        self.budget = BUDGET if budget is None else budget
        self._measure = measure or cost.count_point
        self._lock = threading.Lock()
        self._points: dict[int, Point] = {}
        self._skipped: list[Skip] = []
        self._computing: int | None = None
        self._done = False
        self.cancel = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> CostRunner:
        self._thread = threading.Thread(target=self._run, name=f"cost {self.algorithm}", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Cancel the point being measured and wait a little for the thread (it is a daemon)."""
        self.cancel.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def join(self, timeout: float | None = None) -> bool:
        """Wait for every point; True once the thread has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self._thread is None or not self._thread.is_alive()

    def _run(self) -> None:
        times: dict[int, float] = {}
        over = False
        for n in self.sizes:
            if self.cancel.is_set():
                return
            with _CACHE_LOCK:
                known = CACHE.get((self.algorithm, n))
            skip = None if known is not None else self._refusal(n, times, over)
            if skip is not None:
                over = over or skip.kind == "budget"
                with self._lock:
                    self._skipped.append(skip)
                continue
            if known is None:
                with self._lock:
                    self._computing = n
                start = time.perf_counter()
                try:
                    known = dict(self._measure(self.algorithm, n, cancel=self.cancel))
                except Cancelled:
                    return
                except SolverError as error:
                    with self._lock:
                        self._skipped.append(Skip(n, "refused", str(error)))
                        self._computing = None
                    continue
                known["seconds"] = round(time.perf_counter() - start, 6)
                with _CACHE_LOCK:
                    CACHE[(self.algorithm, n)] = known
            times[n] = float(known["seconds"])  # type: ignore[arg-type]
            with self._lock:
                self._points[n] = known
                self._computing = None
        with self._lock:
            self._done = True

    def _refusal(self, n: int, times: dict[int, float], over: bool) -> Skip | None:
        if over:
            return Skip(n, "budget", "")  # the n after one over the budget: not tried either
        found = cost.refusal(self.algorithm, n, self.budget, times)
        if found is None:
            return None
        seconds = cost.predicted_seconds(self.algorithm, n, times) if found[0] == "budget" else None
        return Skip(n, found[0], found[1], seconds)

    def model(self, current: int) -> CostModel:
        """What is known now, with the board's n ``current`` marked (never waits for a point)."""
        with self._lock:
            points = tuple(
                (n, int(point[METRIC]))  # type: ignore[call-overload]
                for n, point in sorted(self._points.items())
            )
            return CostModel(
                self.algorithm,
                METRIC,
                self.sizes,
                points,
                tuple(self._skipped),
                self._computing,
                current,
                self.budget,
                self._done,
            )


def reason(words: str) -> str:
    """A refusal's reason without the n it was given (the same for a run of n).

    >>> reason("no solution exists for n = 2 or 3 (got n = 2); try n = 1 or n >= 4")
    'no solution exists for n = 2 or 3'
    """
    return words.split(" (got ")[0]


def skip_runs(skipped: Sequence[Skip]) -> list[tuple[Skip, int]]:
    """The skipped n as runs of one reason: (the run's first skip, its last n).

    >>> runs = skip_runs([Skip(13, "budget", "x", 20.0), Skip(14, "budget", ""), Skip(15, "max", "y")])
    >>> [(skip.n, skip.kind, last) for skip, last in runs]
    [(13, 'budget', 14), (15, 'max', 15)]
    """
    runs: list[tuple[Skip, int]] = []
    for skip in skipped:
        same = skip.kind != "refused" or reason(skip.words) == reason(runs[-1][0].words) if runs else False
        if runs and runs[-1][0].kind == skip.kind and runs[-1][1] == skip.n - 1 and same:
            runs[-1] = (runs[-1][0], skip.n)
        else:
            runs.append((skip, skip.n))
    return runs
