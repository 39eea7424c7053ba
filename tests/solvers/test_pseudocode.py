"""Each algorithm shows its own pseudo-code, in English and Chinese, and every event points
at the line of that code that produced it."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from itertools import islice

import pytest

from solvers import registry
from solvers.algorithms.backtracking import refusal_kind
from solvers.events import Conflict, Event
from solvers.resume import Transposed

MAX_WIDTH = 44  # characters (a CJK character counts two): what the code panel shows uncut

# What the line of each kind of event must say, (English, Chinese); a pair of fragments
# means (the line before, the line itself).
Fragment = str | tuple[str, str]
GENERIC: dict[str, tuple[Fragment, Fragment]] = {
    "Place": ("place", "放"),
    "Backtrack": ("remove", "移走"),
    "Solution": ("record solution", "记录解"),
    "Repair": ("move", "移到"),
    "Prune": ("prune", "删去"),
    "Restore": ("restore", "恢复"),
}
FLAGS = {"col": "cols[col]", "diag": "diag[row+col]", "anti": "anti[row-col+n-1]"}
PAIRWISE = {"col": "q[r] == col", "diag": "|q[r]-col| == row-r", "anti": "|q[r]-col| == row-r"}
BOARD = {
    "col": ("the whole column", "B[r][col] == Q"),
    "diag": ("up-right", "B[r][c] == Q"),
    "anti": ("up-left", "B[r][c] == Q"),
}
BOARD_ZH = {
    "col": ("整列", "B[r][col] == Q"),
    "diag": ("右上", "B[r][c] == Q"),
    "anti": ("左上", "B[r][c] == Q"),
}
PAIRS = {"col": "q[i] == q[j]", "diag": "|q[i]-q[j]| == j-i", "anti": "|q[i]-q[j]| == j-i"}
SEARCH = ("Place", "Backtrack", "Solution")


def refusals(en: dict[str, Fragment], zh: dict[str, Fragment] | None = None) -> dict[str, tuple]:
    return {f"Conflict:{kind}": (en[kind], (zh or en)[kind]) for kind in en}


# algorithm -> (n, the event kinds its run must show, the Conflict lines' text by blocker kind)
CASES: dict[str, tuple[int, tuple[str, ...], dict[str, tuple]]] = {
    "backtracking": (6, SEARCH, refusals(FLAGS)),
    "backtracking-pairwise": (6, SEARCH, refusals(PAIRWISE)),
    "backtracking-board": (6, SEARCH, refusals(BOARD, BOARD_ZH)),
    "backtracking-iterative": (6, SEARCH, refusals(PAIRWISE)),
    "brute-force": (4, SEARCH, refusals(PAIRS)),
    "permutations": (5, SEARCH, refusals({k: v for k, v in PAIRS.items() if k != "col"})),
    "permutations-pruned": (6, SEARCH, refusals({k: v for k, v in PAIRS.items() if k != "col"})),
    "bitmask": (6, SEARCH, {}),
    "construction": (8, ("Place", "Solution"), {}),
    "min-conflicts": (8, ("Place", "Repair", "Backtrack", "Solution"), {}),
    "forward-checking": (6, (*SEARCH, "Prune", "Restore"), {"Conflict:wipeout": ("wipe-out", "wipe-out")}),
    "mrv": (6, (*SEARCH, "Prune", "Restore"), {"Conflict:wipeout": ("wipe-out", "wipe-out")}),
}


def run(name: str, n: int) -> Iterator[Event]:
    spec = registry.get(name)
    if name == "min-conflicts":  # few repairs allowed, so that the run restarts at least once
        return spec.generator(n, seed=3, max_repairs=2)
    return spec.solve(n)


def key(event: Event) -> str:
    if not isinstance(event, Conflict):
        return type(event).__name__
    if event.wipeout:
        return "Conflict:wipeout"
    return "Conflict:" + ("col", "diag", "anti")[refusal_kind(event.row, event.col, event.blocker)]


def says(code: tuple[str, ...], line: int, fragment: Fragment) -> bool:
    if isinstance(fragment, str):
        return fragment in code[line].lower()
    before, at = fragment
    return line > 0 and before in code[line - 1] and at in code[line]


def test_every_algorithm_has_its_own_code():
    assert set(CASES) <= set(registry.ALGORITHMS)
    codes = {spec.code for spec in registry.ALGORITHMS.values()}
    codes_zh = {spec.code_zh for spec in registry.ALGORITHMS.values()}
    assert len(codes) == len(codes_zh) == len(registry.ALGORITHMS)


@pytest.mark.parametrize("spec", registry.ALGORITHMS.values(), ids=lambda spec: spec.name)
def test_chinese_code_has_the_english_indentation_line_for_line(spec):
    assert len(spec.code_zh) == len(spec.code)
    for en, zh in zip(spec.code, spec.code_zh, strict=True):
        indent = len(en) - len(en.lstrip())
        assert zh[:indent] == " " * indent and zh[indent : indent + 1] not in (" ", "\u3000", "\t"), (en, zh)


@pytest.mark.parametrize("spec", registry.ALGORITHMS.values(), ids=lambda spec: spec.name)
def test_code_lines_fit_the_panel(spec):
    def width(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)

    assert max(map(width, spec.code)) <= MAX_WIDTH, spec.code
    assert max(map(width, spec.code_zh)) <= MAX_WIDTH, spec.code_zh


@pytest.mark.parametrize("name", CASES)
def test_every_event_points_at_the_line_that_produced_it(name):
    n, kinds, conflicts = CASES[name]
    spec = registry.get(name)
    expected = {kind: GENERIC[kind] for kind in kinds} | conflicts
    seen = set()
    for event in run(name, n):
        assert 0 <= event.line < len(spec.code), event
        kind = key(event)
        seen.add(kind)
        assert kind in expected, f"{name} emits an unexpected {kind}"
        en, zh = expected[kind]
        assert says(spec.code, event.line, en), (event, spec.code[event.line])
        assert says(spec.code_zh, event.line, zh), (event, spec.code_zh[event.line])
    assert seen == set(expected), f"{name}: the run never shows {set(expected) - seen}"


@pytest.mark.parametrize("spec", registry.ALGORITHMS.values(), ids=lambda spec: spec.name)
def test_every_event_points_into_its_code(spec):
    """Any algorithm, those of the table above and any added later (its own tests say what its
    lines say): every event of a short run names a line of its code."""
    n = min(6, spec.max_n) if spec.exhaustive else 8
    lines = {event.line for event in islice(spec.solve(n), 20_000)}
    assert lines and all(0 <= line < len(spec.code) for line in lines), spec.name


@pytest.mark.parametrize(
    ("name", "n", "kind", "square", "line"),
    [
        ("backtracking", 4, "Place", (0, 0), 6),
        ("backtracking", 4, "Conflict", (1, 0), 3),  # the column flag
        ("backtracking", 4, "Conflict", (2, 1), 4),  # the r+c flag (the queen on (1, 2))
        ("backtracking", 4, "Conflict", (1, 1), 5),  # the r-c+n-1 flag
        ("backtracking", 4, "Backtrack", None, 9),
        ("backtracking", 4, "Solution", None, 1),
        ("backtracking-pairwise", 4, "Place", (0, 0), 4),
        ("backtracking-pairwise", 4, "Conflict", (1, 0), 9),
        ("backtracking-pairwise", 4, "Conflict", (1, 1), 10),
        ("backtracking-pairwise", 4, "Backtrack", None, 6),
        ("backtracking-board", 4, "Conflict", (1, 0), 9),
        ("backtracking-board", 4, "Conflict", (2, 1), 11),
        ("backtracking-board", 4, "Conflict", (1, 1), 13),
        ("backtracking-iterative", 4, "Place", (0, 0), 8),
        ("backtracking-iterative", 4, "Conflict", (1, 0), 17),
        ("backtracking-iterative", 4, "Conflict", (1, 1), 18),
        ("backtracking-iterative", 4, "Backtrack", None, 13),
        ("backtracking-iterative", 4, "Solution", None, 12),
        ("brute-force", 4, "Conflict", None, 10),  # board 1 1 1 1: a shared column
        ("permutations", 4, "Place", (0, 0), 1),
        ("permutations", 4, "Backtrack", None, 5),  # to the next permutation
        ("permutations-pruned", 4, "Conflict", None, 16),
        ("bitmask", 4, "Place", (0, 0), 6),
        ("construction", 8, "Solution", None, 11),
        ("min-conflicts", 8, "Repair", None, 5),
        ("forward-checking", 4, "Prune", None, 8),
        ("mrv", 4, "Restore", None, 12),
    ],
)
def test_known_events_point_at_known_lines(name, n, kind, square, line):
    event = next(
        e
        for e in run(name, n)
        if type(e).__name__ == kind and (square is None or (e.row, e.col) == square)  # type: ignore[union-attr]
    )
    assert event.line == line, event


@pytest.mark.parametrize("name", [s.name for s in registry.ALGORITHMS.values() if s.by_columns])
def test_the_column_walk_points_at_the_same_lines(name):
    spec = registry.get(name)
    rows, cols = list(spec.solve(5)), list(spec.solve(5, by_columns=True))
    assert [Transposed.event(e) for e in cols] == rows
