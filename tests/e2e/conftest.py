"""The real-window fixture: a private X server with a window manager per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.e2e.xwindow import xvfb_server


@pytest.fixture
def xvfb_display() -> Iterator[str]:
    """A private Xvfb server with openbox; fails, naming them, if the tools are missing (.ci/run has them)."""
    yield from xvfb_server()
