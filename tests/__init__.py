"""The test suite, laid out like the packages it tests (``solvers/``, ``visualizer/...``) plus
``e2e/`` for real processes and real windows; ``ui`` holds the real-input helpers."""

from pathlib import Path

#: The repository's root (where pyproject.toml is).
ROOT = Path(__file__).resolve().parents[1]

#: The example searches that ship in the package (solvers/own/examples).
EXAMPLE_SEARCHES = ROOT / "solvers" / "own" / "examples"
