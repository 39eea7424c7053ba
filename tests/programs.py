"""Programs outside Python that some tests run, and the Debian package that installs each.

A test that needs one the machine lacks is skipped, its reason naming the package (README's test
line passes on a fresh machine; ``conftest.py`` sums the skips up in one line per package).
``.ci/run`` installs them all and sets ``NQUEENS_NO_SKIPS=1``, under which any skip fails.
"""

from __future__ import annotations

import shutil

import pytest

#: Program -> the Debian package that installs it (``apt-get install PACKAGE``).
PACKAGES = {
    "espeak-ng": "espeak-ng",
    "chromium": "chromium",
    "chromedriver": "chromium-driver",
    "Xvfb": "xvfb",
    "xdotool": "xdotool",
    "openbox": "openbox",
    "xwininfo": "x11-utils",
}


def missing(*programs: str) -> str | None:
    """Why a test of ``programs`` cannot run here ("needs X (Debian: apt-get install P)"), or None.

    >>> missing("sh") is None
    True
    """
    absent = [program for program in programs if shutil.which(program) is None]
    if not absent:
        return None
    packages = " ".join(dict.fromkeys(PACKAGES.get(program, program) for program in absent))
    return f"needs {', '.join(absent)} (Debian: apt-get install {packages})"


def needs(*programs: str) -> pytest.MarkDecorator:
    """A mark that skips the test (or module: ``pytestmark``) where one of ``programs`` is missing."""
    reason = missing(*programs)
    return pytest.mark.skipif(reason is not None, reason=reason or "")


def require(*programs: str) -> None:
    """Skip the running test (or fixture) where one of ``programs`` is missing."""
    reason = missing(*programs)
    if reason is not None:
        pytest.skip(reason)
