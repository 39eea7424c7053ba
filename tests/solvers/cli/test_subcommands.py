"""The nqueens command-line contract, including every kind of bad input."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest

from solvers import registry
from solvers.algorithms.backtracking import LINE_PLACE
from solvers.cli.main import run
from tests.run import nqueens, refused


def call(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        status = run(list(argv), out)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    return status, out.getvalue()


def test_count_json_has_the_contract_fields():
    status, text = call("count", "8", "--algo", "backtracking", "--json")
    assert status == 0
    data = json.loads(text)
    for key in ("n", "algorithm", "solutions", "attempts", "placements", "backtracks", "seconds"):
        assert key in data
    assert (data["solutions"], data["attempts"], data["placements"]) == (92, 15720, 2056)


def test_count_without_algo_uses_the_engine():
    status, text = call("count", "10", "--json")
    assert status == 0 and json.loads(text)["solutions"] == 724


def test_pruned_permutations_count_3576():
    status, text = call("count", "8", "--algo", "permutations-pruned", "--json")
    assert status == 0
    assert json.loads(text)["attempts"] == 3576


def test_solve_ascii_prints_boards_in_the_seeds_style():
    status, text = call("solve", "8", "--first")
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == "Solution 1: 0 4 7 5 2 6 1 3"
    assert lines[1] == "Q . . . . . . ."
    assert lines[2] == ". . . . Q . . ."
    assert "Solution 2" not in text


def test_solve_json_lists_every_solution():
    status, text = call("solve", "6", "--format", "json", "--algo", "bitmask")
    assert status == 0
    data = json.loads(text)
    assert data["count"] == 4 and len(data["solutions"]) == 4


def test_solve_limit_and_no_solution():
    assert call("solve", "8", "--limit", "3")[1].count("Solution ") == 3
    assert "No solution" in call("solve", "3")[1]


def test_by_columns_first_solution():
    status, text = call("solve", "8", "--first", "--by-columns")
    assert status == 0 and text.startswith("Solution 1: ")


def test_events_prints_json_lines():
    status, text = call("events", "4", "--limit", "5")
    assert status == 0
    rows = [json.loads(line) for line in text.splitlines()]
    assert len(rows) == 5
    assert rows[0] == {"event": "place", "row": 0, "col": 0, "line": LINE_PLACE, "attempt": True, "checks": 3}
    assert rows[1]["event"] == "conflict" and rows[1]["blocker"] == [0, 0]


def test_profile_and_algorithms():
    assert call("profile", "8")[1].splitlines()[0] == "1 8 42 140 344 568 550 312 92"
    data = json.loads(call("profile", "8", "--json")[1])
    assert data["nodes"] == 2057
    rows = json.loads(call("algorithms", "--json")[1])
    names = [row["name"] for row in rows]
    assert "permutations-pruned" in names and "bitmask" in names
    spec = registry.get("bitmask")
    assert rows[names.index("bitmask")]["summary"] == spec.summary
    assert spec.summary in call("algorithms")[1], "the plain listing shows each summary"


@pytest.mark.parametrize(
    ("name", "engine"),
    [
        ("backtracking", True),
        ("brute-force", True),
        ("bitmask", True),
        ("permutations-pruned", True),
        ("forward-checking", True),
        ("mrv", True),
        ("construction", False),
        ("min-conflicts", False),
    ],
)
def test_algorithms_say_which_the_engine_models(name, engine):
    """The window's instant result and next solution come from the engine only where it models them."""
    rows = {row["name"]: row for row in json.loads(call("algorithms", "--json")[1])}
    assert rows[name]["engine"] is engine
    line = next(line for line in call("algorithms")[1].splitlines() if line.startswith(name + " "))
    assert ("engine: yes" if engine else "engine: no") in line


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["count", "0"], "at least 1"),
        (["count", "-3"], "at least 1"),
        (["count", "eight"], "whole number"),
        (["count", "9", "--algo", "brute-force"], "too large for brute-force"),
        (["count", "99"], "too large"),
        (["solve", "4", "--algo", "nope"], "unknown algorithm"),
        (["solve", "4", "--format", "xml"], "invalid choice"),
        (["events", "4", "--limit", "-1"], "not be negative"),
        (["solve", "4", "--limit", "-2"], "not be negative"),
        (["dance"], "invalid choice"),
        ([], "required"),
        (["solve", "4", "--algo", "permutations", "--by-columns"], "column-by-column"),
    ],
)
def test_bad_input_gets_one_line_and_status_2(argv, needle):
    refused(nqueens(*argv), needle)


def test_count_algo_answers_from_the_engine():
    """Brute force at n = 8 would drain 16777216 boards of events; the engine answers at once."""
    status, text = call("count", "8", "--algo", "brute-force", "--json")
    assert status == 0
    data = json.loads(text)
    assert (data["attempts"], data["placements"], data["solutions"]) == (16777216, 19173960, 92)
    assert data["source"] == "engine"
    status, text = call("count", "8", "--algo", "backtracking", "--first", "--json")
    assert json.loads(text)["attempts"] == 876


def test_count_algo_falls_back_to_the_generator(monkeypatch):
    answered = json.loads(call("count", "7", "--algo", "backtracking-board", "--json")[1])
    spec = registry.get("backtracking-board")
    monkeypatch.setitem(registry.ALGORITHMS, spec.name, dataclasses.replace(spec, engine=None))
    drained = json.loads(call("count", "7", "--algo", "backtracking-board", "--json")[1])
    assert (answered["source"], drained["source"]) == ("engine", "events")
    for key in ("attempts", "placements", "backtracks", "solutions", "checks"):
        assert answered[key] == drained[key]


def test_profile_and_count_of_larger_boards():
    data = json.loads(call("profile", "12", "--json")[1])
    assert data["profile"][12] == 14200 and data["profile"][:3] == [1, 12, 110]
    assert json.loads(call("count", "13", "--json")[1])["solutions"] == 73712
    status, _ = call("count", "21")
    assert status == 2


def test_the_estimates_node_table_is_the_engines_tree():
    from solvers import engine, estimate

    assert [estimate.NODES[n] for n in range(1, 13)] == [sum(engine.profile(n)) for n in range(1, 13)]


def test_estimates_grow_with_n_and_shrink_with_cores():
    from solvers import estimate

    walk = [estimate.seconds("walk", n, 2) for n in range(4, 31)]
    assert walk == sorted(walk) and len(set(walk)) == len(walk)
    assert estimate.seconds("count", 20, 8) == estimate.seconds("count", 20, 2) / 4


@pytest.mark.parametrize("limit", [None, "0", "1", "3"])
def test_streamed_json_is_one_valid_object(limit):
    extra = ["--limit", limit] if limit else []
    status, text = call("solve", "6", "--format", "json", *extra)
    data = json.loads(text)
    expected = 4 if limit in (None, "0") else int(limit)  # 0: no limit
    assert status == 0 and data["count"] == len(data["solutions"]) == expected


def test_threads_sets_the_engines_threads_and_refuses_zero(monkeypatch):
    from solvers import engine

    monkeypatch.setattr(engine, "WORKERS", engine.WORKERS)  # the option's setting ends with the test
    seen = []
    monkeypatch.setattr(engine, "count", lambda n, progress, cancel: seen.append(engine.WORKERS) or 73712)
    assert json.loads(call("count", "13", "--threads", "3", "--json")[1])["solutions"] == 73712
    assert seen == [3]
    data = json.loads(call("profile", "12", "--threads", "1", "--json")[1])
    assert data["profile"][12] == 14200 and engine.WORKERS == 1
    refused(nqueens("count", "14", "--threads", "0"), "threads must be at least 1")
