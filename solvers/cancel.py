"""What a long computation looks at to stop early (``solvers.engine``, ``solvers.plain``): apart,
so that plain's count, which loads no ``typing``, names it for the type checker alone."""

from __future__ import annotations

from typing import Protocol


class CancelFlag(Protocol):
    """What ``cancel`` must offer: ``threading.Event`` does."""

    def is_set(self) -> bool: ...
