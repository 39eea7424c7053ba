"""Long work for the command line: off the main thread, with a progress line on a terminal.

The work runs on a daemon thread while the main thread waits in short steps,
so Ctrl-C and SIGTERM are handled at once even while a compiled kernel runs
(numba kernels hold no lock Python could interrupt). On the way out the
``cancel`` flag is set, which the engine checks between sub-problems.

After about a second, and only when stderr is a terminal, a tqdm line shows
the label (with the estimate) and, when the work reports a fraction done, the
bar and tqdm's own time remaining. Piped or redirected stderr stays silent. tqdm is imported
only when a line is drawn (its import is 20-30 ms, most of a small count's start-up).
"""

from __future__ import annotations

import math
import os
import sys
import threading
import time

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it as True)
if TYPE_CHECKING:  # at run time neither typing nor tqdm loads unless needed
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any, TypeVar

    from tqdm import tqdm

    T = TypeVar("T")


# Seconds of work before the progress line appears; tests set NQUEENS_PROGRESS_AFTER=0 to see it at once.
def seconds_from_env(name: str, default: float) -> float:
    """The environment's ``name`` as seconds (a finite number, at least 0); ``default`` for junk.

    >>> seconds_from_env("NQUEENS_UNSET_IN_DOCTESTS", 1.5)
    1.5
    """
    try:
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return value if math.isfinite(value) and value >= 0 else default


SHOW_AFTER = seconds_from_env("NQUEENS_PROGRESS_AFTER", 1.0)
TICK = 0.1  # seconds between looks at the work (and refreshes of the line)
STEPS = 1000  # the bar's resolution


def stderr_is_terminal() -> bool:
    """Whether a progress line can be drawn: stderr is open and is a terminal."""
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (ValueError, OSError):  # closed or detached
        return False


def run(
    work: Callable[[Callable[[float], None], threading.Event], T],
    label: str,
    *,
    fractions: bool = True,
    show: bool | None = None,
) -> T:
    """``work(progress, cancel)`` on a thread; its result (or its exception) here.

    ``progress`` takes the fraction done (0..1); for work that cannot tell
    (``fractions=False``) the line shows the elapsed time only. ``show``
    defaults to stderr being a terminal.
    """
    show = stderr_is_terminal() if show is None else show
    cancel = threading.Event()
    done = {"fraction": 0.0}
    outcome: dict[str, Any] = {}

    def progress(fraction: float) -> None:
        done["fraction"] = fraction

    def target() -> None:
        try:
            outcome["result"] = work(progress, cancel)
        except BaseException as error:  # handed to the main thread below
            outcome["error"] = error

    thread = threading.Thread(target=target, name="nqueens-work", daemon=True)
    bar: tqdm | None = None
    start = time.monotonic()
    try:
        thread.start()
        while thread.is_alive():
            thread.join(TICK)
            if show and bar is None and time.monotonic() - start >= SHOW_AFTER and thread.is_alive():
                bar = _bar(label, fractions)
                bar.start_t -= time.monotonic() - start  # tqdm's clock: count the second already spent
            if bar is not None and fractions:
                bar.update(round(done["fraction"] * STEPS) - bar.n)
            elif bar is not None:
                bar.refresh()
    except BaseException:
        cancel.set()
        raise
    finally:
        if bar is not None:
            bar.close()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"]


def quiet_gaps(items: Iterable[T], label: str, *, show: bool | None = None) -> Iterator[T]:
    """``items``, produced on a thread; while none has come for a second, a line says the search goes on.

    For output that streams (each solution printed as it is found) but can pause
    for minutes, like the first solution of n = 30. The line is cleared before
    each item is handed on, so it never mixes with the output.
    """
    import queue

    show = stderr_is_terminal() if show is None else show
    handoff: queue.Queue[tuple[str, object]] = queue.Queue(maxsize=256)
    stop = threading.Event()

    def produce() -> None:
        try:
            for item in items:
                while not stop.is_set():
                    try:
                        handoff.put(("item", item), timeout=TICK)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            handoff.put(("end", None))
        except BaseException as error:  # handed to the consumer
            handoff.put(("error", error))

    threading.Thread(target=produce, name="nqueens-search", daemon=True).start()
    bar: tqdm | None = None
    found = 0
    since = time.monotonic()
    try:
        while True:
            try:
                kind, value = handoff.get(timeout=TICK)
            except queue.Empty:
                if show and bar is None and time.monotonic() - since >= SHOW_AFTER:
                    bar = _bar(f"{label}, {found} found so far", known=False)
                    bar.start_t -= time.monotonic() - since
                elif bar is not None:
                    bar.refresh()
                continue
            if bar is not None:
                bar.close()
                bar = None
            if kind == "end":
                return
            if kind == "error":
                raise value  # type: ignore[misc]
            found += 1
            yield value  # type: ignore[misc]
            since = time.monotonic()
    finally:
        stop.set()
        if bar is not None:
            bar.close()


def _bar(label: str, known: bool) -> tqdm:
    """A transient progress line on stderr: a bar with time left, or the elapsed time alone."""
    from tqdm import tqdm

    if known:
        form = "{desc}: {percentage:3.0f}%|{bar}| {elapsed} elapsed, {remaining} left"
    else:
        form = "{desc}: {elapsed} elapsed"
    size = _screen()
    return tqdm(
        total=STEPS if known else None,
        desc=label,
        file=sys.stderr,
        leave=False,
        bar_format=form,
        ncols=size[0],
        nrows=size[1],
    )


def _screen() -> tuple[int, int]:
    """stderr's columns and rows, 80 x 24 where the terminal reports none (tqdm would draw nothing)."""
    try:
        columns, rows = os.get_terminal_size(sys.stderr.fileno())
    except (OSError, ValueError, AttributeError):
        columns = rows = 0
    return columns or 80, rows or 24
