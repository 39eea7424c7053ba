"""The registry only collects: every algorithm is one module of ``solvers/algorithms/``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from solvers import algorithms, registry

#: Today's order, which the CLI's list, the window's drop-down and the race pairs show.
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
    assert tuple(registry.ALGORITHMS) == ORDER
    found = [spec.name for module in registry.modules() for spec in module.SPECS]
    assert tuple(found) == ORDER


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
    assert [name for name in names if name != "student"] == list(ORDER)
