"""``python -m benchmarks``: the side-by-side run of benchmarks/run.py."""

from benchmarks.run import main

main()
