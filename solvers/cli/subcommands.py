"""The ``nqueens`` commands: the parser, and what count, solve, events, explain, profile and algorithms
print (``nqueens lab``'s sweep is ``solvers.cli.lab``, through ``cmd_count``).

``solvers.cli.main`` runs them as a process (signals, exit status, write errors).

Only the standard library and light modules load with this one: ``--help`` and a count below
``plain.JIT_FROM`` rows never import numpy, numba, tqdm or the algorithms (numpy alone is 0.1 s
of start-up); each command imports what it uses when it runs.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from itertools import islice

from solvers import estimate, plain
from solvers.cli import progress as cli_progress
from solvers.cli.args import size_range, whole_number
from solvers.errors import SolverError
from solvers.langs import LANGS

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it as True)
if TYPE_CHECKING:  # typing (2 ms) and json (1 ms) load only when a command needs them
    import threading
    from collections import Counter
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from typing import Any, NoReturn, TextIO, TypeVar

    from solvers import engine
    from solvers.counters import Counters
    from solvers.events import Event
    from solvers.instance import Instance

    T = TypeVar("T")

ASCII_MAX_N = 100  # larger boards are listed as columns, not drawn
N_MAX = 1_000_000_000  # no algorithm goes near it; each refuses its own range with a reason
EXPLAIN_LIMIT = 200  # sentences 'nqueens explain' prints unless told
EXPLAIN_MAX_ALL = 1_000_000  # events 'explain --limit 0' prints without --force
#: The commands of this module's parser (the rest come from other packages: ``solvers.cli.plugins``).
OWN_COMMANDS = (
    "count", "solve", "events", "explain", "profile", "check", "docs", "new-search", "lab", "results",
    "algorithms",
)  # fmt: skip


class UsageError(Exception):
    """A command line argparse refused; the message is argparse's own."""


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` gives it (COLUMNS, stdout's terminal, 80)."""
    try:
        columns = int(os.environ.get("COLUMNS", 0))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help, its width found without ``shutil``: argparse's formatter imports it (with
    bz2 and lzma) for the width, 2 ms of the 30 ms a small count takes."""

    def __init__(self, prog: str, indent: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent, max_help_position, _columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    """argparse that hands a usage error back to the caller instead of printing it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)  # the subcommands' parsers too
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


_board_size = whole_number("n", 1, N_MAX)
_limit = whole_number("limit", 0, sys.maxsize)  # itertools.islice takes no more
_seconds = whole_number("budget", 1, 10**9)
_threads = whole_number("threads", 1, 1024)
THREADS_HELP = "threads of the engine's compiled work (default: the machine's cores)"
LAB_MAX_N = 62  # engine.MAX_BITS; every algorithm's own limit is lower
_sizes = size_range("n", 1, LAB_MAX_N)
METRICS = ("attempts", "placements", "checks", "backtracks", "time")  # what 'nqueens lab' compares
LAB_BUDGET = 60  # seconds: a lab point estimated to take longer is skipped


def build_parser(plugins: bool = True) -> argparse.ArgumentParser:
    """``nqueens``'s parser: its own commands and (``plugins``) those other packages add."""
    parser = _Parser(
        prog="nqueens",
        description="Count, solve and trace the N-Queens problem.",
        epilog="The manual: 'nqueens docs' builds it and opens it offline (docs/ in the source folder).",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    def with_n(name: str, help_text: str, *, algo_default: str | None) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("n", type=_board_size, help="board size")
        sub.add_argument("--algo", default=algo_default, help="algorithm name (see 'nqueens algorithms')")
        sub.add_argument("--by-columns", action="store_true", help="walk column by column (seed 001)")
        sub.add_argument("--search", metavar="FILE", help="your own search file (see 'nqueens new-search')")
        return sub

    def with_instance(sub: argparse.ArgumentParser) -> argparse.ArgumentParser:
        sub.add_argument(
            "--blocked", nargs="+", metavar="R,C", help="squares no queen may stand on (row,col from 0)"
        )
        sub.add_argument(
            "--given", nargs="+", metavar="R,C", help="queens on the board from the start (row,col from 0)"
        )
        return sub

    count = with_instance(with_n("count", "count the solutions and the search's counters", algo_default=None))
    count.add_argument("--first", action="store_true", help="stop at the first solution")
    count.add_argument("--json", action="store_true", help="print one JSON object")
    count.add_argument("--threads", type=_threads, metavar="K", help=THREADS_HELP)

    solve = with_instance(with_n("solve", "print solutions", algo_default="backtracking"))
    which = solve.add_mutually_exclusive_group()
    which.add_argument(
        "--all", action="store_true", help="every solution (default; construction, min-conflicts: their one)"
    )
    which.add_argument("--first", action="store_true", help="only the first solution")
    solve.add_argument("--limit", type=_limit, help="print at most K solutions (0: all)")
    solve.add_argument("--format", choices=("ascii", "json"), default="ascii")

    events = with_instance(
        with_n("events", "print the search's events, one JSON object a line", algo_default="backtracking")
    )
    events.add_argument("--limit", type=_limit, help="print at most K events (0: all)")
    events.add_argument("--first", action="store_true", help="stop at the first solution")

    explain = with_instance(
        with_n("explain", "say every event of the search in a sentence", algo_default="backtracking")
    )
    explain.add_argument("--limit", type=_limit, default=EXPLAIN_LIMIT, help="at most K events (0: all)")
    explain.add_argument("--lang", choices=LANGS, default="en", help="language of the sentences")
    explain.add_argument("--first", action="store_true", help="stop at the first solution")
    explain.add_argument(
        "--force", action="store_true", help=f"with --limit 0, allow runs over {EXPLAIN_MAX_ALL:,} events"
    )

    prof = commands.add_parser("profile", help="nodes of the backtrack tree per depth")
    prof.add_argument("n", type=_board_size, help="board size")
    prof.add_argument("--algo", help="a tree search's name (default: the backtracking tree, from the engine)")
    prof.add_argument("--json", action="store_true", help="print one JSON object")
    prof.add_argument("--threads", type=_threads, metavar="K", help=THREADS_HELP)
    prof.add_argument("--search", metavar="FILE", help="your own search file (see 'nqueens new-search')")

    check = with_n(
        "check", "run your own search (--search FILE) and say what is wrong with it", algo_default=None
    )
    check.add_argument("--lang", choices=LANGS, default="en", help="language of the verdict")

    from solvers.cli import manual

    manual.add_parser(commands)

    new = commands.add_parser("new-search", help="write a starter search file to fill in")
    new.add_argument("path", help="the file to write (never over an existing one)")
    new.add_argument("--lang", choices=LANGS, default="en", help="language of its comments")

    lab = commands.add_parser(
        "lab",
        help="measure how each algorithm's work grows with n: a table, a fitted growth, CSV and a plot",
        description="Run 'nqueens count N --algo A' for each algorithm and n; print the table and each"
        " algorithm's growth per extra queen (a least-squares fit of log(metric) on n).",
    )
    lab.add_argument(
        "--algo", action="append", required=True, metavar="NAME", help="an algorithm to measure (repeat it)"
    )
    lab.add_argument(
        "--n", type=_sizes, default=range(4, 13), metavar="A-B", help="the board sizes, A to B (default 4-12)"
    )
    lab.add_argument(
        "--metric", choices=METRICS, default="attempts", help="what is compared (default attempts)"
    )
    lab.add_argument("--csv", metavar="PATH", help="write every measured counter to PATH.csv")
    lab.add_argument(
        "--plot", metavar="PATH", help="draw the plot to PATH.png or PATH.svg (needs matplotlib)"
    )
    lab.add_argument(
        "--budget",
        type=_seconds,
        default=LAB_BUDGET,
        metavar="SECONDS",
        help=f"skip a point estimated to take longer (default {LAB_BUDGET:g})",
    )

    results = commands.add_parser(
        "results",
        help="the class summary of an exercise's results folder: attempts, median score, hardest steps",
    )
    results.add_argument("folder", help="the folder the exercise mode wrote its attempt files into")
    results.add_argument("--csv", metavar="PATH", help="also write one row per attempt to PATH")
    results.add_argument(
        "--top",
        type=whole_number("top", 1, 1000),
        default=10,
        help="steps most often wrong shown (default 10)",
    )
    results.add_argument(
        "--all-attempts",
        action="store_true",
        help="count every attempt of a student at an exercise (default: the best one; copies count once)",
    )

    if plugins:  # html and scorm (the window's web page), in their place in the help
        from solvers.cli import plugins as added

        added.add(commands)
    algos = commands.add_parser("algorithms", help="list the algorithms")
    algos.add_argument("--json", action="store_true", help="print a JSON list")
    return parser


def _instance(args: argparse.Namespace) -> Instance | None:
    """The instance of ``--blocked`` / ``--given`` (validated), or None without them."""
    blocked, given = getattr(args, "blocked", None), getattr(args, "given", None)
    if not blocked and not given:
        return None
    from solvers.instance import Instance

    return Instance.parse(args.n, blocked or (), given or ())


def spec_events(args: argparse.Namespace):
    """The spec (bound to the instance of ``--blocked`` / ``--given``, if any) and its events."""
    from solvers import registry

    spec, instance = registry.get(args.algo), _instance(args)
    events = spec.solve(args.n, first=args.first, by_columns=args.by_columns, instance=instance)
    if spec.family == "own":  # a student's search: every event judged as it passes
        from solvers.own.check import Checker, audited

        args.checker = Checker(args.n)
        events = audited(events, args.checker, solutions_only_valid=args.command in ("count", "solve"))
    return spec.bound(instance), events


def said_wrong(args: argparse.Namespace) -> str | None:
    """After a command on a student's search: the checker's sentence for its first wrong event
    (None: every event was right, or it was no student's search)."""
    checker = getattr(args, "checker", None)
    if checker is None or checker.first is None:
        return None
    return checker.first.sentence(getattr(args, "lang", "en"))


def _engine_time(kind: str, n: int, what: str) -> str:
    """The engine's estimate for ``kind`` of work at n, as words; refuses n it cannot do or runs too long."""
    from solvers import engine

    if n > engine.MAX_BITS:
        raise SolverError(f"n = {n} is too large to {what} here: the engine takes n up to {engine.MAX_BITS}")
    secs = estimate.seconds(kind, n, engine.WORKERS)
    if secs > estimate.TOO_LONG:
        raise SolverError(
            f"n = {n} is too large to {what} here: {estimate.duration(secs)} for about"
            f" {estimate.nodes(n):.1e} nodes of the search tree on {engine.WORKERS} core(s);"
            f" runs estimated over {estimate.duration(estimate.TOO_LONG).removeprefix('about ')} are refused"
        )
    return estimate.duration(secs)


def _engine_kind(model: engine.Model, first: bool) -> str | None:
    """Which ``estimate`` model fits the engine's answer (None: always quick)."""
    if first:
        return None  # one path to the first solution; n = 30 bitmask, the longest, about 30 s
    return model.estimate  # enumerations: None, the registry keeps n small


def _work(label: str, work: Callable[[Callable[[float], None], threading.Event], T], **kw: bool) -> T:
    return cli_progress.run(work, label, **kw)


def _algo_counters(
    name: str, n: int, first: bool, prefix: str = "", instance: Instance | None = None
) -> tuple[Counters, str]:
    """The counters from the engine, which models every searching algorithm (else from its events:
    always on a constrained ``instance``).

    ``prefix`` starts the progress line's label (``nqueens lab``'s "point 3 of 27: ")."""
    from solvers import registry
    from solvers.cost import until_cancelled
    from solvers.counters import tally

    spec = registry.get(name).bound(instance)
    if spec.engine is None:  # an algorithm the engine does not model: drain its events
        events = spec.solve(n, first=first)  # checks n here, before the work starts
        # off the main thread like the engine's work: an elapsed-time line after a second, and
        # Ctrl-C at once (forward checking drains for half a minute at n = 13)
        label = f"{prefix}{name} n = {n}, draining its events"

        def drained(_progress: Callable[[float], None], cancel: threading.Event) -> Counters:
            return tally(until_cancelled(events, cancel))

        return _work(label, drained, fractions=False), "events"
    kind = _engine_kind(spec.engine, first)
    label = f"{prefix}{name} n = {n}" + (f" (estimate: {_engine_time(kind, n, 'count')})" if kind else "")

    def work(progress: Callable[[float], None], cancel: threading.Event) -> Counters:
        if first and spec.engine_seeks:  # the walk the window's Next solution takes, to its end
            return spec.engine_walk(n, spec.start_checkpoint(n), first=True, cancel=cancel)[0].counters
        return spec.engine_counters(n, first=first, progress=progress, cancel=cancel, patient=True)

    return _work(label, work, fractions=not first), "engine"


def cmd_count(args: argparse.Namespace, prefix: str = "") -> dict[str, object]:
    """What ``nqueens count`` prints (its ``--json`` object); ``nqueens lab`` measures each of its
    points through this same function, ``prefix`` starting the progress line's label."""
    start = time.perf_counter()
    instance = _instance(args)
    if args.algo is None:
        if args.by_columns or args.first or instance is not None:
            raise SolverError("--first, --by-columns, --blocked and --given need --algo")
        solutions = _count(args.n)
        result: dict[str, object] = {"n": args.n, "algorithm": "engine", "solutions": solutions}
        result.update(attempts=None, placements=None, backtracks=None)
    elif _has_answer(args.algo) and instance is None:
        result = {"n": args.n, "algorithm": args.algo, **_direct(args, prefix)[1]}
    elif getattr(args, "search", None):  # a student's search: its own events, judged as they pass
        from solvers.counters import tally

        spec, events = spec_events(args)
        counters, source = tally(events), "events"
        result = {"n": args.n, "algorithm": spec.name, **counters.as_dict(), "source": source}
    else:
        spec, _ = spec_events(args)  # checks n, the options and the instance
        counters, source = _algo_counters(spec.name, args.n, args.first, prefix, instance)
        result = {"n": args.n, "algorithm": spec.name, **counters.as_dict(), "source": source}
        if instance is not None and not instance.plain:
            result["blocked"] = [list(square) for square in sorted(instance.blocked)]
            result["given"] = [list(square) for square in instance.given]
    result["seconds"] = round(time.perf_counter() - start, 6)
    return result


def _count(n: int) -> int:
    """``engine.count(n)``; below ``plain.JIT_FROM`` without importing the engine (and numpy), since
    the engine would run ``plain.count`` there all the same."""
    if n < plain.JIT_FROM:
        return _work(f"counting n = {n}", lambda progress, cancel: plain.count(n, progress, cancel))
    from solvers import engine

    label = f"counting n = {n} (estimate: {_engine_time('count', n, 'count')})"
    return _work(label, lambda progress, cancel: engine.count(n, progress, cancel))


def ascii_board(queens: Sequence[int]) -> str:
    """A board in the seeds' style: Q for a queen, a dot for an empty square."""
    n = len(queens)
    return "\n".join(" ".join("Q" if c == col else "." for c in range(n)) for col in queens)


def _has_answer(name: str) -> bool:
    """Whether ``name`` is an algorithm with a direct answer function (no events needed)."""
    from solvers import registry

    spec = registry.ALGORITHMS.get(name)
    return spec is not None and spec.answer is not None


def _direct(args: argparse.Namespace, prefix: str = "") -> tuple[list[int], dict[str, int]]:
    """Run an algorithm's direct answer function: its verified board and its counters."""
    from solvers import registry
    from solvers.algorithms import construction

    spec = registry.get(args.algo)
    answer = spec.answer
    assert answer is not None
    spec.check_n(args.n)
    if args.by_columns:
        raise SolverError(f"{spec.name} has no column-by-column walk (--by-columns)")
    label = f"{prefix}{spec.name} n = {args.n}"
    queens, counters = _work(label, lambda _p, _c: answer(args.n), fractions=False)
    if not construction.is_valid(queens):
        raise SolverError(f"internal error: {spec.name} gave a board that is not a solution")
    return queens.tolist(), counters


def _solutions(args: argparse.Namespace) -> Iterable[tuple[int, ...]]:

    if _has_answer(args.algo) and _instance(args) is None:
        found = iter([tuple(_direct(args)[0])])
    else:
        spec, events = spec_events(args)  # checks n and the options
        if spec.engine_seeks:  # the engine's walk, solution by solution: the window's Next solution
            search = spec.engine_solutions(args.n, first=args.first, by_columns=args.by_columns)
        else:
            search = (queens for e in events if (queens := e.solved()) is not None)
        found = cli_progress.quiet_gaps(search, f"{spec.name} n = {args.n}, searching")
    return limited(found, args.limit)


def limited(items: Iterable[T], limit: int | None) -> Iterable[T]:
    """At most ``limit`` of ``items``: one meaning of ``--limit`` for every command, where 0 (like
    no ``--limit``) means no limit.

    >>> list(limited(range(5), 2)), list(limited(range(3), 0)), list(limited(range(3), None))
    ([0, 1], [0, 1, 2], [0, 1, 2])
    """
    return islice(items, limit or None)


def cmd_solve(args: argparse.Namespace, out: TextIO) -> None:
    import json

    if args.format == "json":  # streamed: every solution of n = 16 would not fit in memory as a list
        head = json.dumps({"n": args.n, "algorithm": args.algo})[:-1]
        out.write(head + ', "solutions": [')
        number = 0
        for number, queens in enumerate(_solutions(args), 1):
            # dumps: the C encoder, 5x faster than dump at n = 10^6
            out.write(("" if number == 1 else ", ") + json.dumps(list(queens)))
        out.write(f'], "count": {number}}}\n')
        return
    number = 0
    for number, queens in enumerate(_solutions(args), 1):
        board = ascii_board(queens) if len(queens) <= ASCII_MAX_N else f"(not drawn for n > {ASCII_MAX_N})"
        out.write(f"Solution {number}: {' '.join(map(str, queens))}\n{board}\n\n")
    if number == 0:
        out.write(f"No solution for n = {args.n}.\n")


def cmd_profile(args: argparse.Namespace) -> list[int]:
    """Nodes per depth: the engine's backtracking tree, or a tree search's own events drained."""
    from solvers import engine, registry
    from solvers.tree_profile import check_profilable, search_profile

    spec = registry.get(args.algo) if args.algo is not None else None
    if spec is None or spec.profile == "engine":
        if spec is not None:
            spec.check_n(args.n)
        label = f"profile n = {args.n} (estimate: {_engine_time('profile', args.n, 'profile')})"
        return _work(label, lambda progress, cancel: engine.profile(args.n, progress, cancel))
    check_profilable(spec, args.n)  # refused here, before the work starts
    label = f"profile {spec.name} n = {args.n}"
    return _work(label, lambda progress, cancel: search_profile(spec, args.n, progress, cancel))


def cmd_explain(args: argparse.Namespace, out: TextIO) -> None:
    """One sentence per event; ``--limit 0`` means every event, refused past
    EXPLAIN_MAX_ALL events (counted by a dry run) unless ``--force``."""
    from solvers.narration import Narrator

    spec, events = spec_events(args)
    if args.limit == 0 and not args.force:
        _, dry = spec_events(args)
        if sum(1 for _ in islice(dry, EXPLAIN_MAX_ALL + 1)) > EXPLAIN_MAX_ALL:
            raise SolverError(
                f"{spec.name} at n = {args.n} has more than {EXPLAIN_MAX_ALL:,} events;"
                " give --limit K, or add --force to print them all"
            )
    narrator = Narrator(spec, args.n, by_columns=args.by_columns, lang=args.lang)
    for event in limited(events, args.limit):
        out.write(narrator.step(event) + "\n")


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """Run the student's search to its end and say whether it is right (0) or what is wrong (1):
    the checker's sentence, or the search's own failure, or that it changed the program's files;
    then, when its events went wrong, the wrong version of a search it behaves like
    (``solvers.own.likeness``), its run read on past the first mistake for that."""
    from collections import Counter

    from solvers import registry
    from solvers.own.check import TEXT, check
    from solvers.own.likeness import MAX_EVENTS, behaves_like

    if not getattr(args, "search", None):
        raise UsageError("check needs --search FILE (your own search; 'nqueens new-search' writes one)")
    spec = registry.get(args.algo)
    events = spec.solve(args.n)
    tally: Counter[str] = Counter()
    seen: list[Event] = []  # the run's first events, for the likeness
    run = _tallied(events, tally, seen, MAX_EVENTS)
    failure: Any = None  # a Problem, a SearchFailed or a SolverError: each says itself
    ended = False
    try:
        failure = check(run, args.n)
        ended = failure is None or _read_on(run, seen, MAX_EVENTS)
    except SolverError as error:  # the search itself failed: its sentence, in the student's words
        failure = error
        _broken_event(error, seen)
    finish = getattr(events, "finish", None)
    tampered = finish() if finish is not None else None  # the program's files, put back if changed
    if tampered is not None:
        out.write(tampered.sentence(args.lang) + "\n")
        return 1
    if failure is None:  # right; but a search that is another one than it was meant to be says so
        out.write(TEXT[args.lang]["ok"].format(found=tally["solutions"], events=tally["events"]) + "\n")
        likeness = behaves_like(seen, args.n, ended=True)
        if likeness is not None:
            out.write(likeness.sentence(args.lang) + "\n")
        return 0
    sentence = getattr(failure, "sentence", None)
    out.write((sentence(args.lang) if sentence is not None else str(failure)) + "\n")
    wrong_moves = hasattr(failure, "key") or getattr(failure, "kind", None) in ("broken", "too_many")
    if seen and wrong_moves:  # its events went wrong (or never end): is it a known wrong version?
        likeness = behaves_like(seen, args.n, ended=ended)
        if likeness is not None:
            out.write(likeness.sentence(args.lang) + "\n")
    return 1


def _tallied(
    events: Iterable[Event], tally: Counter[str], seen: list[Event] | None = None, keep: int = 0
) -> Iterator[Event]:
    """``events`` as they are, counted in ``tally`` (events, solutions) as they pass; the first
    ``keep`` of them kept in ``seen``."""

    for event in events:
        tally["events"] += 1
        tally["solutions"] += event.solved() is not None
        if seen is not None and len(seen) < keep:
            seen.append(event)
        yield event


def _read_on(run: Iterator[Event], seen: list[Event], keep: int) -> bool:
    """The rest of a run read (``run`` keeps its first ``keep`` events in ``seen``) until ``keep``
    are kept; True when it ended by itself before, False when cut or stopped by a failure."""
    try:
        for _ in run:
            if len(seen) >= keep:
                return False
    except SolverError as error:
        _broken_event(error, seen)
        return False
    return True


def _broken_event(error: SolverError, seen: list[Event]) -> None:
    """A run stopped at an event that broke its board (a second queen in a row): that event kept,
    for it says what the search did there."""
    event = getattr(error, "values", {}).get("event") if getattr(error, "kind", None) == "broken" else None
    if event is not None:
        seen.append(event)


def cmd_new_search(args: argparse.Namespace, out: TextIO) -> int:
    """Write the starter search file (refusing to replace a file or follow a link; a failed
    write, such as a full disk, leaves nothing behind)."""
    import os

    from solvers.own.starter import starter
    from solvers.safe_files import RefusedFile, write_new

    text = starter(os.path.basename(args.path), args.lang)
    try:
        write_new(args.path, text.encode("utf-8"))
    except FileExistsError:
        raise UsageError(f"{args.path} exists already: choose a new name") from None
    except RefusedFile as error:
        raise UsageError(f"cannot write {args.path}: it {error.reason}") from None
    except OSError as error:
        raise UsageError(f"cannot write {args.path}: {error.strerror or error}") from None
    out.write(f"wrote {args.path}: fill in its TODO, then nqueens check 8 --search {args.path}\n")
    return 0


def _table(rows: Sequence[Sequence[object]]) -> list[str]:
    """Rows as left-aligned columns two spaces apart (the first row a header)."""
    cells = [[str(cell) for cell in row] for row in rows]
    widths = [max(len(row[k]) for row in cells) for k in range(len(cells[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in cells]


def cmd_results(args: argparse.Namespace, out: TextIO) -> int:
    """Print the class summary of a results folder, every attempt re-graded; each damaged file and
    each copy is a warning on stderr. Whatever a file holds is printed with its control characters
    escaped. 0 when at least one attempt was read, 1 when none could be."""
    from solvers import results
    from solvers.cli.stop import say
    from solvers.safe_files import why_not_writable
    from solvers.untrusted import printable

    if args.csv is not None:
        reason = why_not_writable(args.csv)
        if reason is not None:
            raise SolverError(f"cannot write {args.csv}: {reason}")
    summary = results.summarize(args.folder, top=args.top, all_attempts=args.all_attempts)
    folder = printable(str(args.folder))
    for name, reason in summary.damaged:
        say(printable(f"skipped {name}: {reason}"))
    for name, original in summary.copies:
        say(printable(f"counted once: {name} is a copy of {original}"))
    if summary.count == 0:
        say(f"no attempt could be read in {folder}")
        return 1
    lines = [
        f"{summary.count} attempt{'s' if summary.count != 1 else ''} in {folder}, median score "
        f"{summary.median_percent}%"
    ]
    mistakes = ", ".join(f"{kind} {k}" for kind, k in summary.mistakes.items()) or "none"
    lines.append(f"mistakes: {mistakes}")
    if summary.not_best:
        k = len(summary.not_best)
        lines.append(
            f"not counted: {k} attempt{'s' if k != 1 else ''} not the student's best at the exercise"
            " (--all-attempts counts every one)"
        )
    lines.append("")
    rows: list[list[object]] = [
        ["student", "algorithm", "n", "score", "right", "moves", "complete", "seconds", "file"]
    ]
    for attempt in summary.attempts:
        record, grade = attempt.record, attempt.grade
        rows.append(
            [
                printable(record["student"]) or "-",
                printable(record["algorithm"]),
                record["instance"]["n"],
                f"{grade.percent}%",
                grade.right,
                grade.moves,
                "yes" if grade.complete else f"{grade.steps_done}/{grade.steps_total}",
                f"{record['seconds']:.1f}",
                printable(attempt.file),
            ]
        )
    lines += _table(rows)
    lines += _misconception_lines(summary)
    if summary.hard_steps:
        lines += ["", "steps most often wrong:"]
        hard: list[list[object]] = [["exercise", "step", "expected", "wrong"]]
        hard += [[h.exercise, h.step, h.expected, f"{h.wrong} of {h.attempts}"] for h in summary.hard_steps]
        lines += _table(hard)
    out.write("\n".join(lines) + "\n")
    if args.csv is not None:
        results.write_csv(args.csv, summary)
    return 0


def _misconception_lines(summary: Any) -> list[str]:
    """The class's misconceptions: how many students show each, what it is, who they are; and how
    many attempts had wrong moves no misconception explains."""
    from solvers.misconceptions import get
    from solvers.untrusted import printable

    slips = sum(1 for a in summary.attempts if a.grade.diagnosis.wrong and not a.grade.diagnosis.findings)
    attempts = f"{slips} attempt{'s' if slips != 1 else ''}"
    if not summary.misconceptions:
        return ["", f"misconceptions: none named ({attempts} with wrong moves that look like slips)"]
    rows: list[list[object]] = [["misconception", "students", "what", "names"]]
    for key, names in summary.misconceptions.items():
        rows.append([key, len(names), get(key).name["en"], printable(", ".join(names))])
    lines = ["", "misconceptions (the wrong version of the search a student's wrong moves follow):"]
    lines += _table(rows)
    lines.append(f"wrong moves that look like slips (no misconception): {attempts}")
    return lines
