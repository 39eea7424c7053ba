"""Shared test setup: no real screen or sound, and the reference numbers."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest

# the app and CLI processes the tests start keep their compiled bytecode, as a user's do (some
# machines set PYTHONDONTWRITEBYTECODE, and then every process compiles the whole project again)
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the window saves settings: never into the user's config folder from a test
os.environ.setdefault("NQUEENS_CONFIG_DIR", tempfile.mkdtemp(prefix="nqueens-test-config-"))

#: Public reference numbers (OEIS, Knuth's tree profile, the seeds' figures), shipped with the tests
#: so that a bare clone runs every test; a copy of the team's ../shared/reference/nqueens.json.
REFERENCE = Path(__file__).resolve().parent / "data" / "nqueens.json"


@pytest.fixture(autouse=True)
def fresh_settings(tmp_path_factory, monkeypatch):
    """Each test (and any window it starts as a subprocess) gets its own empty settings
    folder, so nothing one test saves changes how the next one starts."""
    monkeypatch.setenv("NQUEENS_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    # S and G save into the user's pictures folder: an empty home (no ~/Pictures) per test
    monkeypatch.setenv("HOME", str(tmp_path_factory.mktemp("home")))
    monkeypatch.setenv("NQUEENS_LOG_DIR", str(tmp_path_factory.mktemp("logs")))  # a bug's traceback
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)  # where platformdirs finds user-dirs.dirs


@pytest.fixture(autouse=True)
def registry_as_it_was():
    """A search registered by a test (--search, register) leaves the registry as it found it."""
    from solvers import registry

    before = dict(registry.ALGORITHMS)
    yield
    registry.ALGORITHMS.clear()
    registry.ALGORITHMS.update(before)


@pytest.fixture(scope="session")
def reference() -> dict:
    """The public reference numbers in tests/data/nqueens.json; a missing file fails the test."""
    if not REFERENCE.is_file():
        pytest.fail(f"reference data missing: {REFERENCE} (it ships with the repository)")
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def oeis(reference) -> dict[int, int]:
    """OEIS A000170: solutions for each n."""
    return {int(k): v for k, v in reference["solutions"].items()}


@pytest.fixture
def app():
    """An 8-queens backtracking App in a 1280x800 window, one frame drawn."""
    from tests.ui import new_app

    application = new_app(8, "backtracking")
    yield application
    application.close()


@pytest.fixture
def make_app():
    """Make Apps in 1280x800 windows (``make_app(n, algorithm, mode=...)``), closed at the end."""
    from tests.ui import new_app

    apps: list = []

    def make(*args, **kwargs):
        apps.append(new_app(*args, **kwargs))
        return apps[-1]

    yield make
    for application in apps:
        application.close()


#: Set by .ci/run, where every program the tests need is installed: any skip there is a failure.
NO_SKIPS = os.environ.get("NQUEENS_NO_SKIPS") == "1"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under ``NQUEENS_NO_SKIPS=1`` a skipped test fails, saying why it was skipped."""
    outcome = yield
    report = outcome.get_result()
    if NO_SKIPS and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped where no test may be (NQUEENS_NO_SKIPS=1, as .ci/run sets): {reason}"


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """One line per program a skipped test needs, naming the Debian package that installs it."""
    reasons: dict[str, int] = {}
    for report in terminalreporter.stats.get("skipped", []):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ")
        if reason.startswith("needs "):
            reasons[reason] = reasons.get(reason, 0) + 1
    for reason, count in sorted(reasons.items()):
        terminalreporter.write_line(f"skipped {count} test{'s' if count != 1 else ''}: {reason}")
