"""The real-window fixture: a private X server with a window manager per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.e2e.xwindow import xvfb_server


@pytest.fixture
def xvfb_display() -> Iterator[str]:
    """A private Xvfb server with openbox; skipped, naming the Debian packages, where the tools are
    missing (.ci/run installs them and fails on any skip)."""
    yield from xvfb_server()
