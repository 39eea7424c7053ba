"""Nodes per depth of a tree search (``nqueens profile --algo``, the window's nodes-per-depth chart).

>>> from solvers import registry
>>> search_profile(registry.get("backtracking"), 4)
[1, 4, 6, 4, 2]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solvers.errors import SolverError

if TYPE_CHECKING:
    import threading
    from collections.abc import Callable

    from solvers.spec import AlgorithmSpec


def check_profilable(spec: AlgorithmSpec, n: int) -> None:
    """Refuse a search whose events walk no tree of partial boards, or an n out of its range."""
    if spec.profile is None:  # one queen per Place is what a node is
        raise SolverError(f"{spec.name} does not search a tree of partial boards; profile needs one")
    spec.check_n(n)


def search_profile(
    spec: AlgorithmSpec,
    n: int,
    progress: Callable[[float], None] | None = None,
    cancel: threading.Event | None = None,
) -> list[int]:
    """Nodes per depth of a tree search as its own events walk it (``counters.depth_profile``):
    from the engine where it has a kernel for it (forward checking and MRV on every core, dancing
    links), else the events drained, like count's "events" source."""
    from solvers.cost import until_cancelled
    from solvers.counters import depth_profile

    check_profilable(spec, n)
    if spec.engine is not None and spec.engine.profiles:
        return spec.engine.depth_profile(n, progress, cancel)
    events = spec.solve(n)
    return depth_profile(events if cancel is None else until_cancelled(events, cancel), n)
