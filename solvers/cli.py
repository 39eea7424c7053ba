"""The ``nqueens`` command: count, solve, events, profile, algorithms."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from typing import NoReturn

from solvers import construction, engine, local_search, registry
from solvers.counters import depth_profile, tally
from solvers.events import Solution, event_to_dict
from solvers.registry import SolverError

# Largest n counted without --algo. Measured on 2 shared cores: n = 15 in 1.4 s, 16 in 7-8 s; each n
# costs about 7 times the one before, so 17 takes about 1 min, 18 about 7 min, 19 about 1 h, 20 some hours.
ENGINE_MAX_N = 20
ASCII_MAX_N = 100  # larger boards are listed as columns, not drawn
# One-answer algorithms with a direct function: the board and its counters, no events.
DIRECT = {"construction": construction.answer, "min-conflicts": local_search.answer}


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"nqueens: error: {message} (see 'nqueens --help')\n")


def _whole_number(what: str, minimum: int, rule: str) -> Callable[[str], int]:
    """An argparse type: a whole number at least ``minimum``, refused in one clear line."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{what} {rule} (got {value})")
        return value

    return parse


_board_size = _whole_number("n", 1, "must be at least 1")
_limit = _whole_number("limit", 0, "must not be negative")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="nqueens", description="Count, solve and trace the N-Queens problem.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    def with_n(name: str, help_text: str, *, algo_default: str | None) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("n", type=_board_size, help="board size")
        sub.add_argument("--algo", default=algo_default, help="algorithm name (see 'nqueens algorithms')")
        sub.add_argument("--by-columns", action="store_true", help="walk column by column (seed 001)")
        return sub

    count = with_n("count", "count the solutions and the search's counters", algo_default=None)
    count.add_argument("--first", action="store_true", help="stop at the first solution")
    count.add_argument("--json", action="store_true", help="print one JSON object")

    solve = with_n("solve", "print solutions", algo_default="backtracking")
    which = solve.add_mutually_exclusive_group()
    which.add_argument(
        "--all", action="store_true", help="every solution (default; construction, min-conflicts: their one)"
    )
    which.add_argument("--first", action="store_true", help="only the first solution")
    solve.add_argument("--limit", type=_limit, help="print at most K solutions")
    solve.add_argument("--format", choices=("ascii", "json"), default="ascii")

    events = with_n(
        "events", "print the search's events, one JSON object a line", algo_default="backtracking"
    )
    events.add_argument("--limit", type=_limit, help="print at most K events")
    events.add_argument("--first", action="store_true", help="stop at the first solution")

    prof = commands.add_parser("profile", help="nodes of the backtrack tree per depth")
    prof.add_argument("n", type=_board_size, help="board size")
    prof.add_argument(
        "--algo",
        help="a tree search's name (default: the backtracking tree, from the engine)",
    )
    prof.add_argument("--json", action="store_true", help="print one JSON object")

    algos = commands.add_parser("algorithms", help="list the algorithms")
    algos.add_argument("--json", action="store_true", help="print a JSON list")
    return parser


def _events(args: argparse.Namespace):
    spec = registry.get(args.algo)
    return spec, spec.solve(args.n, first=args.first, by_columns=args.by_columns)


def _check_engine_n(n: int) -> None:
    if n > ENGINE_MAX_N:
        raise SolverError(f"n = {n} is too large to count here: the engine counts n up to {ENGINE_MAX_N}")


def cmd_count(args: argparse.Namespace) -> dict[str, object]:
    start = time.perf_counter()
    if args.algo is None:
        if args.by_columns or args.first:
            raise SolverError("--first and --by-columns need --algo")
        _check_engine_n(args.n)
        solutions = engine.count(args.n)
        result: dict[str, object] = {"n": args.n, "algorithm": "engine", "solutions": solutions}
        result.update(attempts=None, placements=None, backtracks=None)
    elif args.algo in DIRECT:
        result = {"n": args.n, "algorithm": args.algo, **_direct(args)[1]}
    else:
        spec, events = _events(args)  # checks n and the options
        if engine.supports(spec.name, args.n, args.first):
            counters, source = engine.counters(spec.name, args.n, first=args.first), "engine"
        else:
            counters, source = tally(events), "events"
        result = {"n": args.n, "algorithm": spec.name, **counters.as_dict(), "source": source}
    result["seconds"] = round(time.perf_counter() - start, 6)
    return result


# Families whose events walk a tree of partial boards, one queen per Place.
TREE_FAMILIES = ("backtracking", "propagation")


def cmd_profile(args: argparse.Namespace) -> list[int]:
    """Nodes per depth: the engine's backtracking tree, or a tree search's own events drained."""
    spec = registry.get(args.algo) if args.algo is not None else None
    if spec is None or (spec.family == "backtracking" and spec.exhaustive):
        _check_engine_n(args.n)
        if spec is not None:
            spec.check_n(args.n)
        return engine.profile(args.n)
    if spec.family not in TREE_FAMILIES:
        raise SolverError(f"{spec.name} does not search a tree of partial boards; profile needs one")
    return depth_profile(spec.solve(args.n), args.n)


def ascii_board(queens: Sequence[int]) -> str:
    """A board in the seeds' style: Q for a queen, a dot for an empty square."""
    n = len(queens)
    return "\n".join(" ".join("Q" if c == col else "." for c in range(n)) for col in queens)


def _direct(args: argparse.Namespace) -> tuple[list[int], dict[str, int]]:
    """Run a DIRECT algorithm: its verified board and its counters."""
    spec = registry.get(args.algo)
    spec.check_n(args.n)
    if args.by_columns:
        raise SolverError(f"{spec.name} has no column-by-column walk (--by-columns)")
    queens, counters = DIRECT[spec.name](args.n)
    if not construction.is_valid(queens):
        raise SolverError(f"internal error: {spec.name} gave a board that is not a solution")
    return queens.tolist(), counters


def _solutions(args: argparse.Namespace) -> Iterable[tuple[int, ...]]:
    if args.algo in DIRECT:
        found = iter([tuple(_direct(args)[0])])
    else:
        _, events = _events(args)
        found = (e.queens for e in events if isinstance(e, Solution))
    return islice(found, args.limit) if args.limit is not None else found


def cmd_solve(args: argparse.Namespace, out) -> None:
    if args.format == "json":
        solutions = [list(q) for q in _solutions(args)]
        data = {"n": args.n, "algorithm": args.algo, "count": len(solutions), "solutions": solutions}
        out.write(json.dumps(data) + "\n")  # dumps: the C encoder, 5x faster than dump at n = 10^6
        return
    number = 0
    for number, queens in enumerate(_solutions(args), 1):
        board = ascii_board(queens) if len(queens) <= ASCII_MAX_N else f"(not drawn for n > {ASCII_MAX_N})"
        out.write(f"Solution {number}: {' '.join(map(str, queens))}\n{board}\n\n")
    if number == 0:
        out.write(f"No solution for n = {args.n}.\n")


def run(argv: Sequence[str] | None = None, out=None) -> int:
    """Run the command line; returns the exit status."""
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    try:
        if args.command == "count":
            result = cmd_count(args)
            if args.json:
                out.write(json.dumps(result) + "\n")
            else:
                out.write("\n".join(f"{k}: {v}" for k, v in result.items() if v is not None) + "\n")
        elif args.command == "solve":
            cmd_solve(args, out)
        elif args.command == "events":
            _, events = _events(args)
            for event in islice(events, args.limit):
                out.write(json.dumps(event_to_dict(event)) + "\n")
        elif args.command == "profile":
            levels = cmd_profile(args)
            if args.json:
                algorithm = args.algo or "engine"
                data = {"n": args.n, "algorithm": algorithm, "profile": levels, "nodes": sum(levels)}
                out.write(json.dumps(data) + "\n")
            else:
                out.write(" ".join(map(str, levels)) + f"\nnodes: {sum(levels)}\n")
        else:
            specs = registry.ALGORITHMS.values()
            if args.json:
                rows = [
                    {"name": s.name, "title": s.title, "title_zh": s.title_zh, "max_n": s.max_n}
                    for s in specs
                ]
                out.write(json.dumps(rows) + "\n")
            else:
                for s in specs:
                    out.write(f"{s.name:24} n <= {s.max_n:<4} {s.title}\n")
    except SolverError as error:
        sys.stderr.write(f"nqueens: error: {error}\n")
        return 2
    except BrokenPipeError:
        return 0
    return 0


def main() -> None:
    """Console-script entry point."""
    sys.exit(run())
