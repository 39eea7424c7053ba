"""The one exception the solvers raise for a request they refuse.

Its own module so that any solver module can raise it without importing the
registry (which imports every solver module).
"""

from __future__ import annotations


class SolverError(ValueError):
    """A request the solvers refuse, with a message meant for the user."""
