"""Which command a ``nqueens`` command line runs, and what it prints (``solvers.cli.main`` runs this
as a process: signals, exit status, write errors).

The commands are ``solvers.cli.subcommands``'s (``lab``'s and ``docs``' in their own modules), and
those another package adds (``solvers.cli.plugins``), each run by the ``handler`` it set.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from solvers.cli import subcommands as commands


def run(argv: Sequence[str], out: TextIO) -> int:
    """Run the command line, writing to ``out``; returns the exit status.

    Refusals (bad arguments, n out of range, runs too long) raise ``UsageError``
    or ``SolverError``; ``solvers.cli.main`` turns them into one line and status 2.
    """
    from solvers.cli import plugins

    args = commands.build_parser(plugins.wanted(argv, commands.OWN_COMMANDS)).parse_args(argv)
    if getattr(args, "handler", None) is not None:  # a command another package added
        return args.handler(args, out)
    if getattr(args, "threads", None) is not None:
        from solvers.engine import use_threads  # numpy: only a command given --threads pays it here

        use_threads(args.threads)
    if getattr(args, "json", False) or args.command == "events":
        import json
    if getattr(args, "search", None):
        from solvers.cli.stop import say
        from solvers.own.sandbox import layers
        from solvers.own.search import register

        args.algo = register(args.search).name
        if layers().missing:  # said once: what this system cannot contain
            say(layers().sentence())
    if args.command == "check":
        return commands.cmd_check(args, out)
    if args.command == "new-search":
        return commands.cmd_new_search(args, out)
    if args.command == "docs":
        from solvers.cli import manual

        return manual.cmd_docs(args, out)
    if args.command == "lab":
        from solvers.cli import lab

        return lab.cmd_lab(args, out)
    if args.command == "results":
        return commands.cmd_results(args, out)
    if args.command == "count":
        result = commands.cmd_count(args)
        if args.json:
            out.write(json.dumps(result) + "\n")
        else:
            out.write("\n".join(f"{k}: {v}" for k, v in result.items() if v is not None) + "\n")
    elif args.command == "solve":
        commands.cmd_solve(args, out)
    elif args.command == "events":
        from solvers.events import event_to_dict

        _, events = commands.spec_events(args)
        for event in commands.limited(events, args.limit):
            out.write(json.dumps(event_to_dict(event)) + "\n")
    elif args.command == "explain":
        commands.cmd_explain(args, out)
    elif args.command == "profile":
        levels = commands.cmd_profile(args)
        if args.json:
            algorithm = args.algo or "engine"
            data = {"n": args.n, "algorithm": algorithm, "profile": levels, "nodes": sum(levels)}
            out.write(json.dumps(data) + "\n")
        else:
            out.write(" ".join(map(str, levels)) + f"\nnodes: {sum(levels)}\n")
    else:
        from solvers import registry

        specs = registry.ALGORITHMS.values()
        if args.json:
            rows = [
                {
                    "name": s.name,
                    "title": s.title,
                    "title_zh": s.title_zh,
                    "summary": s.summary,
                    "summary_zh": s.summary_zh,
                    "max_n": s.max_n,
                    "engine": s.engine_seeks,  # the window's instant result and next solution use it
                    "constrained": s.constrained,  # takes --blocked and --given
                }
                for s in specs
            ]
            out.write(json.dumps(rows) + "\n")
        else:
            for s in specs:
                engine = "engine: yes" if s.engine_seeks else "engine: no "
                out.write(f"{s.name:24} n <= {s.max_n:<4} {engine}  {s.title}\n{'':24} {s.summary}\n")
    wrong = commands.said_wrong(args)
    if wrong is not None:  # a student's search made a wrong move: what it printed stands, status 1
        from solvers.cli.stop import say

        out.flush()
        say(wrong)
        return 1
    return 0
