"""The two packages untangled (issue 37): nothing in ``solvers`` imports ``visualizer``, nothing in
``visualizer/core`` imports ``solvers.cli``, no import cycle crosses the two, and few cycles in all.

Every import statement counts, at module level, in a function or under ``TYPE_CHECKING``: each is a
dependency a reader follows. The graph is read from the source with ``ast``; nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests import ROOT

PACKAGES = ("solvers", "visualizer")
#: Import cycles allowed in all (each a strongly connected set of modules), none across packages.
MAX_CYCLES = 3


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the two packages by dotted name (a package by its ``__init__``)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path) -> set[str]:
    """The dotted names ``path`` imports (``from a import b`` gives ``a`` and ``a.b``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                base = ".".join(here[: len(here) - node.level + 1] + ([base] if base else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module":
            names.update(arg.value for arg in node.args if isinstance(arg, ast.Constant))
    return {n for n in names if isinstance(n, str)}


def graph(found: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules of the two packages it imports."""

    def module_of(dotted: str) -> str | None:
        while dotted and dotted not in found:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    edges: dict[str, set[str]] = {}
    for name, path in found.items():
        targets = {module_of(dotted) for dotted in imported(name, path)}
        edges[name] = {t for t in targets if t is not None and t != name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected sets of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


@pytest.fixture(scope="module")
def edges() -> dict[str, set[str]]:
    return graph(modules())


def test_solvers_import_no_visualizer(edges):
    wrong = sorted(f"{m} -> {t}" for m, ts in edges.items() if m.startswith("solvers") for t in ts)
    assert [line for line in wrong if " -> visualizer" in line] == []


def test_the_window_core_imports_no_cli(edges):
    core = {m: ts for m, ts in edges.items() if m.startswith("visualizer.core")}
    assert sorted(f"{m} -> {t}" for m, ts in core.items() for t in ts if t.startswith("solvers.cli")) == []


def test_few_cycles_and_none_across_the_packages(edges):
    found = cycles(edges)
    across = [group for group in found if len({m.partition(".")[0] for m in group}) > 1]
    assert across == []
    assert len(found) <= MAX_CYCLES, found


def test_the_checks_see_what_they_look_for(tmp_path):
    """A planted import of the window from the solvers, and a planted cycle, are found."""
    for package in PACKAGES:
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "solvers" / "a.py").write_text("def f():\n    from visualizer.b import x\n")
    (tmp_path / "visualizer" / "b.py").write_text("import solvers.a\n")
    edges = graph(modules(tmp_path))
    assert edges["solvers.a"] == {"visualizer.b"}
    assert cycles(edges) == [["solvers.a", "visualizer.b"]]


def test_the_cli_knows_its_own_commands():
    """``nqueens`` reads other packages' commands only for a command line naming none of its own."""
    import argparse

    from solvers.cli.subcommands import OWN_COMMANDS, build_parser

    sub = next(a for a in build_parser(plugins=False)._actions if isinstance(a, argparse._SubParsersAction))
    assert tuple(sub.choices) == OWN_COMMANDS
