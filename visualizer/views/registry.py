"""Every side view by name: the ``VIEW`` of each module of ``visualizer/views/``.

A view is one module there (its ``SideView`` subclass as ``VIEW``, its strings): this module only
collects, in ``order`` then name, as ``solvers.registry`` collects the algorithms.

>>> names()[:5]
('tree', 'gallery', 'chart', 'options', 'cost')
>>> [command.name for command in commands()][:4]
['tree', 'gallery', 'gallery-up', 'gallery-down']
"""

from __future__ import annotations

import importlib
import pkgutil

from visualizer import views
from visualizer.views.base import SideView, ViewCommand


def _collect() -> dict[str, type[SideView]]:
    imported = (
        importlib.import_module(f"{views.__name__}.{info.name}")
        for info in pkgutil.iter_modules(views.__path__)
    )
    found = [module.VIEW for module in imported if hasattr(module, "VIEW")]
    table: dict[str, type[SideView]] = {}
    for kind in sorted(found, key=lambda kind: (kind.order, kind.name)):
        if kind.name in table or kind.name == "code":
            raise ValueError(f"two side views are called {kind.name!r} ({kind.__module__})")
        table[kind.name] = kind
    return table


VIEWS: dict[str, type[SideView]] = _collect()


def names() -> tuple[str, ...]:
    """The views' names, in order."""
    return tuple(VIEWS)


def get(name: str) -> type[SideView] | None:
    """The view called ``name``, or None."""
    return VIEWS.get(name)


def commands() -> tuple[ViewCommand, ...]:
    """Every command the views declare, in their order."""
    return tuple(command for kind in VIEWS.values() for command in kind.commands)


def owner(command: str) -> type[SideView]:
    """The view that declares ``command``."""
    return next(kind for kind in VIEWS.values() if any(c.name == command for c in kind.commands))


def buttons(mode: str) -> tuple[str, ...]:
    """The view commands with a button in ``mode`` (the cost view's)."""
    return tuple(c.name for c in commands() if c.button and mode in c.modes)
