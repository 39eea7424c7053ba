"""The boundary: ``solvers`` and ``visualizer.core`` import with pygame made unimportable."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

# Run in a fresh interpreter: this one may have pygame loaded already (other tests).
PROBE = textwrap.dedent(
    """
    import importlib, pkgutil, sys

    class NoPygame:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("pygame", "pygame_gui"):
                raise ImportError(f"{name} is blocked: this package must not import pygame")
            return None

    sys.meta_path.insert(0, NoPygame())
    package = importlib.import_module(sys.argv[1])
    names = [sys.argv[1]] + [
        info.name
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
        if not info.name.endswith("__main__")  # runs the program
    ]
    for name in names:
        importlib.import_module(name)
    assert not any(m.split(".")[0] in ("pygame", "pygame_gui") for m in sys.modules)
    print(len(names))
    """
)


def probe(package: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", PROBE, package], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    ("package", "at_least"), [("solvers", 12), ("visualizer.core", 10), ("visualizer.web", 4)]
)
def test_imports_without_pygame(package, at_least):
    result = probe(package)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) >= at_least, "every module of the package was imported"


def test_the_probe_catches_a_pygame_import():
    assert probe("visualizer.render").returncode != 0  # draws: it needs pygame


def test_nqueens_html_runs_without_pygame(tmp_path):
    """The CLI's web page (issue 24) is built with pygame unimportable."""
    page = tmp_path / "p.html"
    argv = ["html", "4", "--lesson", "seed-003-four-queens", "-o", str(page)]
    script = (
        PROBE.split("package = ")[0]
        + f"from solvers.cli.main import run\nassert run({argv!r}, sys.stdout) == 0\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert page.stat().st_size > 10_000
