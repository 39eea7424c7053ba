"""The kernels' shim: plain loops over ints that numba compiles when installed.

A kernel is written once, with an explicit stack (no recursion, no Python objects), so the same
function runs either compiled by numba or interpreted by CPython. ``@kernel(signature)`` wraps it
lazily: numba is imported and the function compiled for its one signature (``cache=True``,
``nogil=True``) only the first time ``.compiled`` is used, so small boards, which run ``.py_func``
interpreted, never pay numba's import or compile time.

A kernel may call the named steps (``@step``) of its own module: plain functions when it runs
interpreted; when it runs compiled, compiled without numba's reference counting and inlined by
LLVM, so a step costs nothing in a hot loop (measured: a step that numba inlines by itself, or
calls, counts references to every array it takes, on every call: forward checking's walk ran 1.3
times as long). So a step makes no array and copies none by slices (``a[:] = b``: numba may
allocate there); its kernel allocates the arrays and hands them over, a loop copies. Keep
a kernel's steps in its module: numba's disk cache sees a change to the kernel's own file only
(not one to this module: after changing how steps compile, delete the ``*.nbi`` and ``*.nbc``
files of ``__pycache__``).

Each engine-backed family keeps its kernels beside its spec (``solvers/algorithms/*_engine.py``);
the engine's own count and profile are in ``solvers.engine``. This module holds what they share:
the shim, the layout of the ``out`` array and the seek kernels' common arguments.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
import threading
import types
from collections.abc import Callable, Iterator
from typing import Any

HAVE_NUMBA = importlib.util.find_spec("numba") is not None and not os.environ.get("NQUEENS_NO_JIT")

# Layout of the ``out`` array of the walk and enumeration kernels (EVENTS: the seek kernels only).
ATTEMPTS, PLACEMENTS, BACKTRACKS, SOLUTIONS, CHECKS, CHECKS_PAIRWISE, CHECKS_BOARD, EVENTS = range(8)
PRUNED, WIPEOUTS = 8, 9  # constraint propagation's own counters
OUT_SIZE = 10

# A seek kernel walks from a checkpoint, event by event, to a stop. It takes the board ``queens``
# (-1 for an empty row) and ``state`` of a ``solvers.resume`` checkpoint and the absolute counters in
# ``out`` (EVENTS is the event index), walks until the event index reaches ``stop_event`` or the
# Solution that makes ``out[SOLUTIONS]`` reach ``stop_solution``, or the run ends, then writes the
# board, state and counters back and returns 1 when the run ended (else 0). It counts what the
# generator yields, event for event. The board of the run's solution number s (1-based) goes to row
# s - found_from - 1 of ``found`` when that row exists (the caller knows the first ``found_from``).
#: The arguments every seek kernel ends with: board, state, the two stops, found, found_from, out.
SEEK_ARGS = "int64[::1], int64[::1], int64, int64, int64[:, ::1], int64, int64[::1]"

#: Every kernel made so far, in the order its module defined it (a family's appear once it is imported).
KERNELS: list[Kernel] = []
_STEPS: set[int] = set()  # the ids of the functions marked ``@step``
#: How a step compiles: inlined by LLVM, without reference counting (numba's own options).
_STEP_OPTIONS: dict[str, Any] = {"nogil": True, "forceinline": True, "_nrt": False}


class Kernel:
    """A plain-Python kernel, compiled by numba for ``signature`` on first use of ``compiled``."""

    def __init__(self, func: Callable[..., Any], signature: str) -> None:
        self.py_func = func
        self.signature = signature
        self.__name__ = func.__name__
        self.__doc__ = func.__doc__
        self._compiled: Callable[..., Any] | None = None
        self._lock = threading.Lock()

    @property
    def compiled(self) -> Callable[..., Any]:
        """The numba-compiled function, or ``py_func`` when numba is missing."""
        if self._compiled is None:
            with self._lock:
                if self._compiled is None:
                    self._compiled = _jit(self.py_func, self.signature)
        return self._compiled

    def __call__(self, *args: Any) -> Any:
        return self.compiled(*args)


def kernel(signature: str) -> Callable[[Callable[..., Any]], Kernel]:
    """Decorator: a kernel compiled for ``signature`` (numba's notation; ints are int64, flags
    booleans, arrays C-contiguous int64), registered in ``KERNELS``."""

    def wrap(func: Callable[..., Any]) -> Kernel:
        made = Kernel(func, signature)
        KERNELS.append(made)
        return made

    return wrap


def step(func: Callable[..., Any]) -> Callable[..., Any]:
    """Decorator: a named step of the kernels of its module (the function itself, marked)."""
    _STEPS.add(id(func))
    return func


def _jit(func: Callable[..., Any], signature: str) -> Callable[..., Any]:
    if not HAVE_NUMBA:
        return func
    with _scipy_hidden():
        import numba

        target = _with_steps(func, numba.njit(**_STEP_OPTIONS), {})
        try:
            dispatcher = numba.njit(cache=True, nogil=True)(target)
            dispatcher.compile(signature)  # load from the disk cache (or compile) now
        except RuntimeError:  # "cannot cache function": no writable cache folder (HOME unset, read-only)
            dispatcher = numba.njit(nogil=True)(target)
            dispatcher.compile(signature)
    return dispatcher


def _with_steps(
    func: Callable[..., Any], compile_step: Callable[[Any], Any], done: dict[int, Any]
) -> Callable[..., Any]:
    """``func`` seeing each step it names as that step compiled (the steps' own steps too); the
    same code, file and name, so numba's cache finds it where it finds ``func``."""
    names = {}
    for name in func.__code__.co_names:
        value = func.__globals__.get(name)
        if isinstance(value, types.FunctionType) and id(value) in _STEPS:
            if id(value) not in done:
                done[id(value)] = compile_step(_with_steps(value, compile_step, done))
            names[name] = done[id(value)]
    if not names:
        return func
    twin = types.FunctionType(
        func.__code__, {**func.__globals__, **names}, func.__name__, func.__defaults__, func.__closure__
    )
    twin.__qualname__, twin.__module__, twin.__doc__ = func.__qualname__, func.__module__, func.__doc__
    return twin


@contextlib.contextmanager
def _scipy_hidden() -> Iterator[None]:
    """Keep numba from importing scipy while it starts (its BLAS probe costs 0.3-0.4 s).

    The kernels use no linear algebra. Only when scipy is not loaded yet is it
    hidden, and only for numba's start-up; numba then reports no BLAS to njit code
    in this process.
    """
    if "scipy" in sys.modules:
        yield
        return
    sys.modules["scipy"] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if sys.modules.get("scipy", 0) is None:
            del sys.modules["scipy"]
