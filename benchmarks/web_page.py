"""The exported web page (issue 24): its size and build time for 100,000 events, per algorithm, in
CPU seconds of the process.

    python benchmarks/web_page.py
"""

from __future__ import annotations

import time

from solvers import registry
from visualizer.web.page import page_data, render
from visualizer.web.trace import MAX_EVENTS

CASES = (("backtracking", 10), ("permutations-pruned", 9), ("forward-checking", 10), ("mrv", 10))


def main() -> None:
    print("| algorithm | n | events | sentences stored | page | build (CPU s) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, n in CASES:
        started = time.process_time()
        data = page_data(registry.get(name), n, 0, MAX_EVENTS - 1)
        html = render(data)
        seconds = time.process_time() - started
        trace = data["trace"]
        size = len(html.encode("utf-8")) / 1024
        cells = (name, n, f"{trace['count']:,}", f"{len(trace['sentences']):,}", f"{size:,.0f} KB")
        print("| " + " | ".join(map(str, cells)) + f" | {seconds:.1f} |")


if __name__ == "__main__":
    main()
