"""A student's search file as an algorithm: its spec, its events streamed from its own process.

``spec_for(path)`` reads and compiles the file (a syntax error is refused with its line before
anything runs) and returns an ``AlgorithmSpec`` whose generator starts
``python -m solvers.own.child`` and yields the events it writes, batch by batch. The process has
a memory cap and a time limit; closing the generator (a reset, Esc, the end of a CLI command)
ends it. A crash, an exception or ``sys.exit`` in the student's code is a ``SolverError`` naming
their file and line; nothing of ours is shown.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from solvers.errors import SolverError
from solvers.events import Backtrack, Conflict, Event, Place, Solution
from solvers.spec import AlgorithmSpec

MAX_BYTES = 200_000  # a search file is small
MAX_N = 12  # its run is drained and checked against every solution
EVENT_LIMIT = 5_000_000  # a search that says more than this is stopped ("never ends")
MEMORY_BYTES = 2 << 30  # the student's process may not take more (RLIMIT_AS)
CPU_SECONDS = 120  # nor more processor time (RLIMIT_CPU)
SILENCE_SECONDS = 5.0  # a search that yields nothing for this long is stopped (the window never waits more)


def search_path(name_or_path: str | Path) -> Path:
    """A search file by path, or a shipped example by name (``backtracking``, ``middle_out``,
    ``missing_anti_diagonal``; ``solvers/own/examples``)."""
    path = Path(name_or_path)
    if path.exists() or path.parent != Path("."):
        return path
    example = resources.files("solvers.own.examples") / f"{path.stem}.py"
    return Path(str(example)) if example.is_file() else path


def read_search(path: str | Path) -> str:
    """The file's source; SolverError for a missing, huge or undecodable file, or a syntax error."""
    path = Path(path)
    try:
        if path.is_symlink():
            raise SolverError(f"{path}: a link, not a search file (name the file itself)")
        if not path.is_file():
            raise SolverError(f"{path}: no such search file")
        if path.stat().st_size > MAX_BYTES:
            raise SolverError(f"{path}: too large for a search file ({path.stat().st_size:,} bytes)")
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SolverError(f"{path}: cannot be read ({error})") from None
    try:
        compile(source, str(path), "exec")
    except SyntaxError as error:
        raise SolverError(f"{path.name}, line {error.lineno}: {error.msg}") from None
    return source


def _limits() -> None:  # pragma: no cover - runs in the child before exec
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


_KINDS = {"place": Place, "conflict": Conflict, "backtrack": Backtrack, "solution": Solution}


def _event(data: dict[str, object], n: int, index: int, name: str) -> Event:
    """One event of the stream, its squares on the board (else SolverError: the window draws it)."""
    kind = _KINDS[str(data.pop("event"))]
    for key in ("blocker", "queens"):
        if key in data:
            data[key] = tuple(data[key])  # type: ignore[arg-type]
    squares: list[object] = [(data["row"], data["col"])] if "row" in data else []
    squares += [data["blocker"]] if "blocker" in data else []
    for square in squares:
        r, c = square if isinstance(square, tuple) and len(square) == 2 else (None, None)
        if not (isinstance(r, int) and isinstance(c, int) and 0 <= r < n and 0 <= c < n):
            where = f"row {r + 1}, column {c + 1}" if isinstance(r, int) and isinstance(c, int) else square
            raise SolverError(f"{name}: event {index + 1}: {where} is not on the {n} x {n} board")
    queens = data.get("queens", ())
    assert isinstance(queens, tuple)
    if kind is Solution and (len(queens) != n or not all(isinstance(c, int) for c in queens)):
        raise SolverError(f"{name}: event {index + 1}: a solution needs the {n} columns, row by row")
    return kind(**data)  # type: ignore[arg-type]


def _lines(process: subprocess.Popen[bytes], name: str, silence: float) -> Iterator[bytes]:
    """The process's stdout line by line; SolverError when it says nothing for ``silence`` seconds."""
    assert process.stdout is not None
    fd, buffer = process.stdout.fileno(), b""
    while True:
        while b"\n" not in buffer:
            if os.name == "posix":
                ready, _, _ = select.select([fd], [], [], silence)
                if not ready:
                    raise SolverError(f"{name}: no event for {silence:g} s (a loop that yields nothing?)")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return
            buffer += chunk
        line, buffer = buffer.split(b"\n", 1)
        yield line


def events_of(
    path: str | Path, n: int, limit: int = EVENT_LIMIT, silence: float = SILENCE_SECONDS
) -> Iterator[Event]:
    """The events of the search in ``path`` at ``n``, from its own process."""
    path = Path(path).resolve()
    name = path.name
    command = [sys.executable, "-m", "solvers.own.child", str(path), str(n), str(limit)]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    preexec = _limits if os.name == "posix" else None
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, preexec_fn=preexec
    )
    assert process.stdout is not None
    end: dict[str, object] | None = None
    try:
        for index, line in enumerate(_lines(process, name, silence)):
            data = json.loads(line)
            if "end" in data:
                end = data
                break
            yield _event(data, n, index, name)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        process.stdout.close()
    if end is None:  # the process died: killed by its limits, or sys.exit / os._exit
        raise SolverError(f"{name}: the search stopped without finishing (exit status {process.returncode})")
    if end["end"] == "limit":
        raise SolverError(
            f"{name}: the search did not end within {limit:,} events (a loop that never stops?)"
        )
    if end["end"] == "error":
        raise SolverError(f"{name}: the search raised an error\n{end['error']}")


def register(path: str | Path) -> AlgorithmSpec:
    """Make the search in ``path`` an algorithm of this process (the CLI's and the window's list)."""
    from solvers import registry

    spec = spec_for(path)
    registry.ALGORITHMS[spec.name] = spec
    _FILES[spec.name] = search_path(path).resolve()
    return spec


def file_of(name: str) -> Path | None:
    """The file of the registered student's search ``name`` (None: not one, or not registered)."""
    from solvers import registry

    return _FILES.get(name) if name in registry.ALGORITHMS else None


def registered(path: str | Path) -> str | None:
    """The name of the search registered from ``path``'s file, if it is registered."""
    resolved = search_path(path).resolve()
    return next((name for name in _FILES if file_of(name) == resolved), None)


#: The file behind each student's search registered in this process, by its algorithm's name.
_FILES: dict[str, Path] = {}


def spec_for(path: str | Path) -> AlgorithmSpec:
    """The student's search as an algorithm: its file's own lines as the code panel's code."""
    path = search_path(path)
    source = read_search(path)
    lines = tuple(source.splitlines()) or ("",)

    def generator(n: int, *, first: bool = False) -> Iterator[Event]:
        for event in events_of(path, n):
            yield event
            if first and isinstance(event, Solution):
                return

    title = f"Your search ({path.name})"
    return AlgorithmSpec(
        f"own:{path.stem}",
        title,
        f"你的搜索（{path.name}）",
        f"The search written in {path.name}, run step by step and checked.",
        f"{path.name} 中写的搜索，逐步运行并检查。",
        generator,
        lines,
        lines,
        max_n=MAX_N,
        family="own",
        predict=None,
        profile="events",
        checkable=True,
        counters=("attempts", "placements", "backtracks", "solutions"),  # its checks are its own: not counted
        race_partner="backtracking",  # raced against the book, row by row
    )
