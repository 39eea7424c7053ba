"""Issue 21, no start-up tax: a small count and the help load no numpy, numba, tqdm or algorithms.

Each command runs in a fresh interpreter, as ``nqueens`` does, and the modules it loaded are read
from ``sys.modules`` once it is done: what was imported, never how long it took.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from solvers import plain
from tests import ROOT

#: Runs ``nqueens`` with argv[1:], then prints the names of the loaded modules as one JSON line on stderr.
LOADED = """
import json, sys
sys.argv = ["nqueens", *sys.argv[1:]]
from solvers.cli.main import main
try:
    main()
except SystemExit as exit_:
    status = exit_.code
sys.stdout.flush()
print(json.dumps({"status": status, "modules": sorted(sys.modules)}), file=sys.stderr)
"""
HEAVY = ("numpy", "numba", "llvmlite", "tqdm", "platformdirs", "solvers.engine", "solvers.registry")


def loaded(*argv: str) -> tuple[str, set[str]]:
    """What ``nqueens *argv`` printed and every module it loaded (its status must be 0)."""
    done = subprocess.run(
        [sys.executable, "-c", LOADED, *argv], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["status"] in (0, None), done.stderr
    return done.stdout, set(report["modules"])


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY or m in HEAVY)


@pytest.mark.parametrize(
    "argv",
    [["count", "8"], ["count", str(plain.JIT_FROM - 1), "--json"], ["--help"], ["count", "--help"]],
    ids=["count-8", "count-12-json", "help", "count-help"],
)
def test_small_counts_and_the_help_load_nothing_heavy(argv):
    out, modules = loaded(*argv)
    assert heavy(modules) == []
    assert ("solutions: 92" in out) if argv == ["count", "8"] else out


def test_a_count_the_engine_compiles_loads_numba_and_agrees(oeis):
    out, modules = loaded("count", str(plain.JIT_FROM), "--json")
    assert json.loads(out)["solutions"] == oeis[plain.JIT_FROM]
    assert {"numpy", "numba", "solvers.engine"} <= modules, "the tests install numba ('.[fast,test]')"
    assert "tqdm" not in modules and "solvers.registry" not in modules, "no progress line, no algorithms"
