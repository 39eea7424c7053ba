"""An engine-backed family lives in two files: its spec module and ``<family>_engine.py`` beside it
(its model, kernels and resumer). The shared modules know no family; nothing else imports one."""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

from solvers import algorithms, engine, kernels, registry, resume

ROOT = Path(__file__).resolve().parents[2]
ALGORITHMS = ROOT / "solvers" / "algorithms"
#: What every engine-backed family shares, and so may name no family.
SHARED = ("solvers/engine.py", "solvers/kernels.py", "solvers/resume.py", "solvers/spec.py")


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports (``from a.b import c`` gives ``a.b`` and ``a.b.c``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return found


def _engine_modules() -> list[str]:
    return [info.name for info in pkgutil.iter_modules(algorithms.__path__) if info.name.endswith("_engine")]


def test_every_module_without_specs_is_a_family_s_engine_module():
    specs = {module.__name__.rsplit(".", 1)[1] for module in registry.modules()}
    others = {info.name for info in pkgutil.iter_modules(algorithms.__path__)} - specs
    assert others == set(_engine_modules())
    assert {name.removesuffix("_engine") for name in others} <= specs


def test_a_family_s_engine_module_is_imported_by_its_spec_module_alone():
    engines = {f"solvers.algorithms.{name}": name.removesuffix("_engine") for name in _engine_modules()}
    assert engines, "no family has an engine module"
    for package in ("solvers", "visualizer"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for module in _imports(path) & set(engines):
                assert path == ALGORITHMS / f"{engines[module]}.py", (
                    f"{path.relative_to(ROOT)} imports {module}: only its family's spec module may"
                )


def test_the_shared_modules_know_no_family():
    for relative in SHARED:
        assert not any(name.startswith("solvers.algorithms") for name in _imports(ROOT / relative)), relative


def test_every_model_kernel_and_resumer_lives_beside_its_spec():
    """What is not shared (each ``Model`` and ``Resumer`` subclass, each kernel) is in an engine
    module of ``solvers/algorithms/``; the engine keeps its count and profile, resume the tree walk
    three families share."""
    registry.modules()  # every family imported, so every kernel made

    def home(thing: object) -> str:
        return getattr(thing, "__module__", "")

    def subclasses(cls: type) -> list[type]:
        return [c for sub in cls.__subclasses__() for c in (sub, *subclasses(sub))]

    shared = {engine.count_states, engine.profile_states, resume.TreeResume}
    family_made = [
        *(k for k in kernels.KERNELS if k not in shared),
        *(c for c in subclasses(engine.Model) + subclasses(resume.Resumer) if c not in shared),
    ]
    assert len(family_made) >= 15
    for thing in family_made:
        module = home(thing.py_func if isinstance(thing, kernels.Kernel) else thing)
        if module.startswith("tests."):  # a test's own model
            continue
        assert module.startswith("solvers.algorithms.") and module.endswith("_engine"), (thing, module)
