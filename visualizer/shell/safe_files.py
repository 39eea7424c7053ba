"""The window's name for ``solvers.safe_files``: safe reads and atomic writes (no link followed).

The module lives in ``solvers`` since the command line writes through it too (``nqueens lab``'s CSV
and plot), and ``solvers`` never imports ``visualizer``; the window's imports stay as they were.
"""

from __future__ import annotations

from solvers.safe_files import (
    NewFile,
    RefusedFile,
    check_folder,
    check_output_path,
    new_folder,
    read_small_regular_file,
    remove_folder,
    remove_temporaries,
    settled,
    temporary_name,
    why_not_writable,
    write_atomically,
)

__all__ = [
    "NewFile",
    "RefusedFile",
    "check_folder",
    "check_output_path",
    "new_folder",
    "read_small_regular_file",
    "remove_folder",
    "remove_temporaries",
    "settled",
    "temporary_name",
    "why_not_writable",
    "write_atomically",
]
