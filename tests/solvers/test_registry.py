"""The registry only collects: every algorithm is one module of ``solvers/algorithms/``."""

from __future__ import annotations

import ast
import itertools
import sys
from pathlib import Path

import pytest

from solvers import algorithms, registry

#: Today's algorithms in their order, which the CLI's list, the window's drop-down and the race pairs
#: show; a module added later takes its place by its ORDER without changing theirs.
ORDER = (
    "backtracking",
    "backtracking-pairwise",
    "backtracking-board",
    "backtracking-iterative",
    "brute-force",
    "permutations",
    "permutations-pruned",
    "bitmask",
    "construction",
    "min-conflicts",
    "forward-checking",
    "mrv",
)


def test_the_modules_give_every_algorithm_in_the_fixed_order():
    assert tuple(name for name in registry.ALGORITHMS if name in ORDER) == ORDER
    found = [spec.name for module in registry.modules() for spec in module.SPECS]
    assert found == list(registry.ALGORITHMS)
    orders = [getattr(module, "ORDER", registry.LAST) for module in registry.modules()]
    assert orders == sorted(orders)


def test_every_algorithm_module_holds_its_specs_and_both_languages():
    for module in registry.modules():
        assert module.SPECS, module.__name__
        for spec in module.SPECS:
            assert spec.generator.__module__ == module.__name__, spec.name
            assert len(spec.code_zh) == len(spec.code), spec.name


NEW_MODULE = """
from solvers.algorithms.backtracking import backtracking, FLAG_CODE, FLAG_CODE_ZH
from solvers.spec import AlgorithmSpec

ORDER = 35

SPECS = (AlgorithmSpec("student", "Mine", "我的", "s", "s", backtracking, FLAG_CODE, FLAG_CODE_ZH, max_n=8),)
"""


def test_a_new_algorithm_is_one_new_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A module dropped beside the others is found, in its ORDER, with no other file changed."""
    (tmp_path / "student.py").write_text(NEW_MODULE, encoding="utf-8")
    monkeypatch.setattr(algorithms, "__path__", [*algorithms.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "solvers.algorithms.student", raising=False)
    try:
        names = list(registry._collect())
    finally:
        sys.modules.pop("solvers.algorithms.student", None)
    assert names.index("student") == names.index("bitmask") + 1  # ORDER 35: after bitmask's 30
    assert [name for name in names if name != "student"] == list(registry.ALGORITHMS)


# -- the rule: outside the algorithm modules, no code tests an algorithm's name or family --------

ROOT = Path(__file__).resolve().parents[2]
#: Where the rule may not hold yet, and why (an entry must go once its site is fixed).
KNOWN: set[tuple[str, str]] = set()
NAMED = {"name", "family", "algorithm", "algo"}  # an attribute or a variable holding one


def _literals(node: ast.expr) -> list[str]:
    """The string constants of ``node``: itself, or the items of a tuple, list or set display."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [item.value for item in items if isinstance(item, ast.Constant) and isinstance(item.value, str)]


def _holds_a_name(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr in NAMED) or (
        isinstance(node, ast.Name) and node.id in NAMED
    )


def name_tests(source: str, names: set[str]) -> list[tuple[int, str]]:
    """Every comparison in ``source`` of a name or family (``x.name``, ``spec.family``, a variable
    ``algorithm`` ...) with a literal in ``names``, or with a module-level constant holding such
    literals (``MRV = ("mrv",)``): (line, literal)."""
    tree = ast.parse(source)
    constants = {
        target.id: _literals(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        for left, right in itertools.pairwise(sides):
            for named, other in ((left, right), (right, left)):
                if _holds_a_name(named):
                    words = constants.get(other.id, []) if isinstance(other, ast.Name) else _literals(other)
                    found += [(node.lineno, word) for word in words if word in names]
    return found


def test_the_scan_finds_a_name_test():
    names = set(registry.ALGORITHMS) | {"propagation"}
    assert name_tests('if spec.name == "mrv": pass', names) == [(1, "mrv")]
    assert name_tests('ok = "propagation" != timeline.spec.family', names) == [(1, "propagation")]
    assert name_tests('x = algorithm in ("bitmask", "other")', names) == [(1, "bitmask")]
    assert name_tests('TREE = ("propagation",)\nif spec.family in TREE: pass', names) == [(2, "propagation")]
    assert name_tests('if command.name == "mode": pass', names) == []  # not an algorithm
    assert name_tests("if spec.dynamic_rows: pass", names) == []


def test_no_module_outside_the_algorithms_tests_an_algorithm_by_name_or_family():
    names = set(registry.ALGORITHMS) | {spec.family for spec in registry.ALGORITHMS.values()}
    algorithms_dir = ROOT / "solvers" / "algorithms"
    found = set()
    for package in ("solvers", "visualizer"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if algorithms_dir in path.parents or path == ROOT / "solvers" / "registry.py":
                continue
            relative = path.relative_to(ROOT).as_posix()
            for line, word in name_tests(path.read_text(encoding="utf-8"), names):
                found.add((relative, word, line))
    unexpected = sorted(site for site in found if site[:2] not in KNOWN)
    assert unexpected == [], "test the spec's field, not the algorithm's name or family"
    assert {site[:2] for site in found} == KNOWN  # a fixed site leaves KNOWN
