"""``--blocked`` and ``--given`` on count, solve, events and explain: the constrained search's
numbers, and every refusal in one line with status 2."""

from __future__ import annotations

import json

import pytest

from solvers import registry
from solvers.counters import tally
from solvers.instance import Instance
from tests.run import nqueens, refused

INSTANCE = ["--given", "0,1", "--blocked", "2,2"]


@pytest.mark.parametrize("name", ["backtracking", "backtracking-board", "forward-checking", "mrv"])
def test_count_json_counts_the_constrained_search(name):
    result = nqueens("count", "6", "--algo", name, *INSTANCE, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    events = registry.get(name).solve(6, instance=Instance(6, frozenset({(2, 2)}), ((0, 1),)))
    assert {k: data[k] for k in tally([]).as_dict()} == tally(events).as_dict()
    assert data["source"] == "events" and data["given"] == [[0, 1]] and data["blocked"] == [[2, 2]]
    assert data["solutions"] == 1  # 1 3 5 0 2 4 is the only 6 x 6 solution with a queen on (0, 1)


def test_solve_prints_only_the_solutions_with_the_givens():
    result = nqueens("solve", "6", "--algo", "mrv", "--given", "0,1", "--format", "json")
    assert json.loads(result.stdout)["solutions"] == [[1, 3, 5, 0, 2, 4]]
    none = nqueens("solve", "6", "--blocked", "0,1", "0,2", "0,3", "0,4", "--given", "1,3")
    assert none.returncode == 0 and none.stdout == "No solution for n = 6.\n"


def test_events_start_with_the_setup_and_explain_says_it():
    lines = nqueens("events", "5", "--given", "1,3", "--blocked", "0,0", "--limit", "2").stdout.splitlines()
    assert json.loads(lines[0]) == {
        "event": "setup",
        "given": [[1, 3]],
        "blocked": [[0, 0]],
        "line": 0,
        "attempt": False,
        "checks": 0,
    }
    assert json.loads(lines[1])["event"] == "place" and json.loads(lines[1])["col"] == 1
    said = nqueens("explain", "5", "--given", "1,3", "--limit", "1", "--lang", "zh").stdout
    assert said.startswith("5×5 棋盘开始时有给定的皇后 (2, 4)")


def test_algorithms_json_says_which_take_an_instance():
    rows = json.loads(nqueens("algorithms", "--json").stdout)
    assert {row["name"] for row in rows if row["constrained"]} == {
        "backtracking", "backtracking-pairwise", "backtracking-board", "backtracking-iterative",
        "forward-checking", "mrv",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["count", "6", "--algo", "dlx", "--given", "0,1"], "dlx takes no blocked squares or given queens"),
        (["solve", "6", "--algo", "construction", "--blocked", "0,1"], "these algorithms do: backtracking"),
        (["count", "6", "--given", "0,1"], "--blocked and --given need --algo"),
        (["solve", "6", "--given", "0,6"], "the given square (0, 6) is off the 6 x 6 board"),
        (["solve", "6", "--given", "0,1", "0,3"], "two given queens, (0, 1) and (0, 3), are in row 0"),
        (["solve", "6", "--given", "0,0", "3,3"], "the given queens on (0, 0) and (3, 3) attack each other"),
        (
            ["solve", "6", "--given", "2,2", "--blocked", "2,2"],
            "the given queen on (2, 2) stands on a blocked",
        ),
        (["events", "6", "--blocked", "two,three"], "a square is written ROW,COL"),
        # what the n parser refuses: other scripts' digits, spaces around (issue 36)
        (["solve", "6", "--given", "٠,١"], "a square is written ROW,COL (digits 0-9"),
        (["solve", "6", "--given", "０,１"], "not '０,１'"),
        (["solve", "6", "--blocked", "2,2", " 0,1"], "not ' 0,1'"),
        (["solve", "6", "--blocked", "0,1 "], "not '0,1 '"),
        (["solve", "6", "--blocked", "0,1  2,3"], "not '0,1  2,3'"),
        (["solve", "6", "--blocked", "0,1_0"], "a square is written ROW,COL"),
        (["solve", "6", "--given", "0,1", "0,1"], "the square (0, 1) is given twice"),
        (["count", "6", "--algo", "backtracking", "--by-columns", "--given", "0,1"], "not --by-columns"),
        (["solve", "6", "--given"], "expected at least one argument"),
    ],
)
def test_a_bad_instance_gets_one_line_and_status_2(argv, needle):
    refused(nqueens(*argv), needle)
