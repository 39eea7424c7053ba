"""Every algorithm by name: the ``AlgorithmSpec``s of the modules of ``solvers/algorithms/``.

An algorithm is one module there (its generators, its pseudo-code in English and Chinese, its
sentences and a module-level ``SPECS`` tuple) plus its test module: this module only collects.
A family the engine answers has a second module beside it, ``<family>_engine.py`` (its engine
model, kernels and resumer, no ``SPECS``), which its spec module imports.
The modules are read in a fixed order, by their ``ORDER`` number (a module without one comes
after the rest), ties by module name, and each module's specs in its own order; so ``ALGORITHMS``
keeps one order for the CLI, the window's list and the race pairs.

>>> spec = get("brute-force")
>>> spec.engine_answers(8), spec.whole_run(4), spec.race_partner
(True, 256, 'backtracking')
>>> race_pairs()[:2]
(('backtracking', 'forward-checking'), ('backtracking-pairwise', 'backtracking'))
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from solvers import algorithms
from solvers.errors import SolverError
from solvers.spec import CATALOGUE, AlgorithmSpec

__all__ = ["ALGORITHMS", "AlgorithmSpec", "SolverError", "count_completions", "get", "modules", "race_pairs"]

#: Where a module without an ``ORDER`` goes: after today's families.
LAST = 1_000


def modules() -> tuple[ModuleType, ...]:
    """The modules of ``solvers/algorithms/`` that hold ``SPECS``, in registry order (``ORDER``,
    then name)."""
    imported = (
        importlib.import_module(f"{algorithms.__name__}.{info.name}")
        for info in pkgutil.iter_modules(algorithms.__path__)
    )
    found = [module for module in imported if hasattr(module, "SPECS")]
    return tuple(sorted(found, key=lambda module: (getattr(module, "ORDER", LAST), module.__name__)))


def _collect() -> dict[str, AlgorithmSpec]:
    table: dict[str, AlgorithmSpec] = {}
    for module in modules():
        for spec in getattr(module, "SPECS", ()):
            if spec.name in table:
                raise SolverError(f"two algorithms are called {spec.name!r} ({module.__name__})")
            table[spec.name] = spec
    return table


ALGORITHMS: dict[str, AlgorithmSpec] = CATALOGUE  # the specs' own catalogue, filled here
ALGORITHMS.update(_collect())


def race_pairs() -> tuple[tuple[str, str], ...]:
    """Every algorithm with a race partner, as (algorithm, partner), in registry order."""
    return tuple(
        (spec.name, spec.race_partner) for spec in ALGORITHMS.values() if spec.race_partner is not None
    )


def get(name: str) -> AlgorithmSpec:
    """The spec called ``name``, or a SolverError listing the known names."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(ALGORITHMS)
        raise SolverError(f"unknown algorithm {name!r}; choose one of: {known}") from None


def count_completions(queens: list[int | None] | tuple[int | None, ...]) -> tuple[int, bool]:
    """How many solutions extend a partial board, and whether that is exact (the queens game's
    "Can it be completed?"): the bitmask family's counter, compiled from its own n up."""
    from solvers.algorithms.bitmask import count_completions as completions

    return completions(queens)
