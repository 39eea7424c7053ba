"""``python -m solvers``: the nqueens command line."""

from solvers.cli.main import main

main()
