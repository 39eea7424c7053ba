"""The end of a process that loaded numba, without the interpreter's last garbage collection.

At exit Python collects every object it still holds; with numba and its compiled kernels loaded that
walk is 0.25-0.3 s (a third of ``nqueens count 14``, measured). ``gc.freeze`` moves them all out of
the collector's sight: nothing it would free outlives the process, and every exit handler still runs.
"""

from __future__ import annotations

import gc


def skip_final_collection() -> None:
    """Call right before the process returns its status."""
    gc.freeze()
