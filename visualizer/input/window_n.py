"""The window's board sizes: typed n checked, the n = 1000 cap, and when to show row heat. Pure, no pygame.

The solvers accept far larger n for the command line (construction 10,000,000,
min-conflicts 100,000); the window draws at most ``WINDOW_MAX_N``.
"""

from __future__ import annotations

import numpy as np

from solvers.errors import SolverError
from solvers.registry import AlgorithmSpec
from visualizer.core.heat import row_conflicts
from visualizer.look.i18n import tr

#: The largest board the window draws (as an image above n = 64).
WINDOW_MAX_N = 1000
#: n - 10 / n + 10 with Shift+[ / Shift+].
N_JUMP = 10
#: From this n on, the board shows each row's conflicts as a heat strip.
HEAT_MIN_N = 65


def parse_n(value: object, lang: str = "en") -> int:
    """``value`` (an int, or text typed into the n box) as an int; ValueError with a translated line."""
    if isinstance(value, int):
        return value
    text = str(value).strip()
    try:
        return int(text)
    except ValueError:
        raise ValueError(tr("n_not_number", lang, text=repr(text))) from None


def check_window_n(n: int, spec: AlgorithmSpec, lang: str = "en") -> None:
    """Refuse (SolverError, translated) an n the algorithm or the window cannot show."""
    high = min(spec.max_n, WINDOW_MAX_N)
    if spec.min_n <= n <= high:
        return
    if n > WINDOW_MAX_N and spec.max_n > WINDOW_MAX_N:
        raise SolverError(tr("window_n_range", lang, high=WINDOW_MAX_N) + f" ({spec.name})")
    raise SolverError(tr("n_range", lang, low=spec.min_n, high=high) + f" ({spec.name})")


def row_heat(queens: tuple[int | None, ...]) -> np.ndarray | None:
    """Conflicts per row to draw beside a large board (smaller boards have row labels there)."""
    return row_conflicts(queens) if len(queens) >= HEAT_MIN_N else None
