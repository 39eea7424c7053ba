"""How long the engine will take, said before it starts.

The model: the engine's time is proportional to the nodes of the backtrack tree
it visits, divided among the cores.

- Nodes: exact for n <= 17 (``NODES``, the sums of ``nqueens profile n``). Beyond,
  the number of solutions (OEIS A000170, exact up to n = 27) times the
  nodes-per-solution ratio, which grew by 4 to 7 % per n from 12 to 17 (5 % is
  assumed from there on); beyond 27, ten times more nodes per n (the
  solutions' own growth there is 10.5, so this errs short).
- Cost per node, per core, measured with numba on the 2-core machine the team
  shares (n = 14..16): ``count`` and ``profile`` about 7 ns a node; the
  square-by-square ``walk`` that reports every counter about 12 ns for each
  of a node's n squares.

So an estimate is good to a factor of two or three on a machine like that one (n = 17:
the model says 28 s for the profile, it took 80 s while other work shared the cores),
faster with more cores; it is meant to tell minutes from hours from years.

>>> nodes(8), round(seconds("count", 16, cores=2))
(2057, 4)
>>> duration(90), duration(4 * 3600), duration(1e15)
('about 2 min', 'about 4 hours', 'more than a million years')
"""

from __future__ import annotations

import os

NODES = {
    1: 2,
    2: 3,
    3: 6,
    4: 17,
    5: 54,
    6: 153,
    7: 552,
    8: 2057,
    9: 8394,
    10: 35539,
    11: 166926,
    12: 856189,
    13: 4674890,
    14: 27358553,
    15: 171129072,
    16: 1141190303,
    17: 8017021932,
}
SOLUTIONS = {  # OEIS A000170
    17: 95815104,
    18: 666090624,
    19: 4968057848,
    20: 39029188884,
    21: 314666222712,
    22: 2691008701644,
    23: 24233937684440,
    24: 227514171973736,
    25: 2207893435808352,
    26: 22317699616364044,
    27: 234907967154122528,
}
RATIO_GROWTH = 1.05  # nodes per solution, from one n to the next
SECONDS_PER_NODE = {"count": 7e-9, "profile": 7e-9, "walk": 12e-9}  # on one core; walk: per square
#: The engine's walk from a checkpoint to an event index (the window's seek), per event, on one
#: core: 1.0e8 to 1.5e8 events a second measured for every algorithm it walks (n = 8 to 20).
SECONDS_PER_WALKED_EVENT = 1e-8
MEASURED_CORES = 2
TOO_LONG = 3600.0  # a run estimated longer than this is refused


def nodes(n: int) -> int:
    """Nodes of the backtrack tree for n queens, the root included (exact up to 17, then estimated)."""
    if n in NODES:
        return NODES[n]
    top = max(SOLUTIONS)
    if n > top:
        return nodes(top) * 10 ** (n - top)
    per_solution = NODES[17] / SOLUTIONS[17] * RATIO_GROWTH ** (n - 17)
    return round(SOLUTIONS[n] * per_solution)


#: Solutions below 17 (OEIS A000170), for the exact tree sizes of ``tree_attempts``.
SMALL_SOLUTIONS = (1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512)


def tree_attempts(n: int, *, per_square: bool) -> int | None:
    """Attempts of the whole backtracking run at ``n`` where the tree is known exactly (n <= 17):
    every internal node tries its n squares (``per_square``, the square-by-square family), or
    every node but the root is one attempt (bitmask); None beyond.

    >>> tree_attempts(8, per_square=True), tree_attempts(8, per_square=False)
    (15720, 2056)
    """
    if n not in NODES:
        return None
    if not per_square:
        return NODES[n] - 1
    solutions = SMALL_SOLUTIONS[n - 1] if n <= len(SMALL_SOLUTIONS) else SOLUTIONS[n]
    return n * (NODES[n] - solutions)


def seconds(kind: str, n: int, cores: int | None = None) -> float:
    """Estimated seconds for the engine's ``kind`` of work ("count", "profile" or "walk") at n."""
    cores = cores or os.cpu_count() or 1
    per_node = SECONDS_PER_NODE[kind] * (n if kind == "walk" else 1)
    return nodes(n) * per_node / cores


def seek_seconds(n: int, events: int) -> float:
    """Estimated seconds for the engine to walk ``events`` events of a run at n from a checkpoint
    (one core): no more than its walk of the whole run, which ends there at the latest.

    >>> seek_seconds(20, 10**12) > 3600, seek_seconds(12, 10**12) < 1
    (True, True)
    """
    return min(max(events, 0) * SECONDS_PER_WALKED_EVENT, seconds("walk", n, cores=1))


def duration(secs: float) -> str:
    """A duration in the words a user reads at a glance.

    >>> duration(3600), duration(0.2)
    ('about 1 hour', 'about 1 s')
    """
    units = [("year", 365.25 * 86400), ("day", 86400), ("hour", 3600), ("min", 60)]
    if secs >= 1e6 * units[0][1]:
        return "more than a million years"
    for name, size in units:
        if secs >= size * (2 if name in ("year", "day") else 1):  # 31 hours, not "1 day"
            amount = round(secs / size)
            return f"about {amount} {name}" + ("s" if amount != 1 and name != "min" else "")
    return f"about {max(1, round(secs))} s"
