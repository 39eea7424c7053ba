"""``python -m solvers``: the nqueens command line."""

from solvers.cli import main

main()
