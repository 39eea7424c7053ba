"""A student's own search: the starter file, the shipped examples, the checks said in words, and
the safety of running someone else's code (loops, errors, exits, memory, printing)."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from solvers import registry
from solvers.errors import SolverError
from solvers.events import Solution
from solvers.own.check import BROKEN, check
from solvers.own.failure import SearchFailed
from solvers.own.search import EventStream, events_of, spec_for
from tests import EXAMPLE_SEARCHES as EXAMPLES
from tests.run import nqueens


def shape(events):
    """What two runs must share event for event: kind, square and the queen named."""
    return [
        (type(e).__name__, getattr(e, "row", None), getattr(e, "col", None), getattr(e, "blocker", None))
        for e in events
    ]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_example_backtracking_is_the_windows_backtracking_event_for_event():
    mine = list(events_of(EXAMPLES / "backtracking.py", 6))
    assert shape(mine) == shape(registry.get("backtracking").solve(6))
    assert check(mine, 6) is None


def test_the_middle_out_search_is_right_in_another_order():
    mine = list(events_of(EXAMPLES / "middle_out.py", 8))
    assert check(mine, 8) is None and sum(isinstance(e, Solution) for e in mine) == 92
    book = shape(registry.get("backtracking").solve(8))
    assert shape(mine) != book and len(mine) == len(book)  # the same tree, walked in another order


def test_the_buggy_search_is_caught_at_its_first_wrong_queen():
    problem = check(events_of(EXAMPLES / "missing_anti_diagonal.py", 8), 8)
    assert problem is not None and problem.event == 1
    assert (
        problem.sentence("en")
        == "Event 2: row 2, column 2 is attacked by the queen in row 1, column 1 along a diagonal."
    )
    assert problem.sentence("zh") == "第 2 个事件：第 2 行第 2 列被第 1 行第 1 列的皇后沿对角线攻击。"


def test_each_line_of_the_code_panel_is_the_students_own():
    spec = spec_for(EXAMPLES / "backtracking.py")
    first = next(iter(spec.solve(4)))
    assert "board.try_square(row, col)" in spec.code[first.line]
    assert spec.code == tuple((EXAMPLES / "backtracking.py").read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize(
    ("events", "key", "sentence"),
    [
        (
            "place:0,0;place:0,1",
            "row_taken",
            "Event 2: row 1 already has a queen (column 1); a second one goes on column 2.",
        ),
        (
            "place:0,0;remove:1,1",
            "not_there",
            "Event 2: the queen on row 2, column 2 is removed, but there is none there.",
        ),
        (
            "place:0,0;refuse:1,3,0,0",
            "no_attacker",
            "Event 2: row 2, column 4 is refused, but the queen it names (row 1, column 1) "
            "does not attack it.",
        ),
        (
            "place:0,0;solution",
            "not_solution",
            "Event 2: the board reported as a solution is not one (a row is empty).",
        ),
    ],
)
def test_each_mistake_is_said_at_its_event(tmp_path, events, key, sentence):
    lines = ["from solvers.events import Backtrack, Conflict, Place, Solution", "", "def search(n, board):"]
    for step in events.split(";"):
        kind, _, args = step.partition(":")
        numbers = [int(x) for x in args.split(",")] if args else []
        lines.append(
            {
                "place": "    yield Place({0}, {1})",
                "remove": "    yield Backtrack({0}, {1})",
                "refuse": "    yield Conflict({0}, {1}, ({2}, {3}))",
                "solution": "    yield Solution((0, -1, -1, -1))",
            }[kind].format(*numbers)
        )
    path = write(tmp_path, "mistake.py", "\n".join(lines) + "\n")
    try:
        problem = check(events_of(path, 4), 4)
    except SearchFailed as failure:  # a board that makes no sense ends the run, in the same words
        assert failure.kind == "broken" and key in BROKEN
        assert str(failure) == f"mistake.py, line {len(lines)}: {sentence}"
        problem = failure.values["problem"]
    assert problem is not None and problem.key == key and problem.sentence("en") == sentence


def test_missing_and_repeated_solutions_are_said_with_an_example(tmp_path):
    once = write(
        tmp_path,
        "once.py",
        "from solvers.events import Place, Solution\n\ndef search(n, board):\n"
        "    for r, c in enumerate((1, 3, 0, 2)):\n        yield Place(r, c)\n"
        "    yield Solution((1, 3, 0, 2))\n",
    )
    problem = check(events_of(once, 4), 4)
    assert (
        problem is not None
        and problem.sentence("en") == "Found 1 of 2 solutions; missing, for example, 3 1 4 2."
    )
    twice = write(tmp_path, "twice.py", once.read_text() + "    yield Solution((1, 3, 0, 2))\n")
    problem = check(events_of(twice, 4), 4)
    assert (
        problem is not None
        and problem.key == "repeated"
        and "2 4 1 3 is found 2 times" in problem.sentence("en")
    )


@pytest.mark.parametrize(
    ("source", "said"),
    [
        (
            "def search(n, board):\n    yield board.try_square(0, 0)\n    raise ValueError('oops')\n",
            ["boom.py, line 3: the search raised ValueError: oops"],
        ),
        (
            "import sys\ndef search(n, board):\n    yield board.try_square(0, 0)\n    sys.exit(3)\n",
            ["boom.py, line 4: the search ended its process before finishing (exit status 3)"],
        ),
        (
            "def search(n, board):\n    x = [0] * (10 ** 10)\n    yield board.try_square(0, 0)\n",
            ["boom.py, line 2: the search used more than 2,048 MiB of memory"],
        ),
        (
            "import os\ndef search(n, board):\n    os._exit(0)\n    yield board.try_square(0, 0)\n",
            ["boom.py: the search ended its process before finishing (exit status 0)"],
        ),
        (
            "def search(n, board):\n    return 7\n",
            ["boom.py: search(n, board) must yield events (it returned int)"],
        ),
        ("x = 1\n", ["defines no search(n, board) function"]),
    ],
    ids=["exception", "sys-exit", "memory", "os-exit", "not-a-generator", "no-search"],
)
def test_a_failing_search_is_reported_in_its_own_lines_only(tmp_path, source, said):
    path = write(tmp_path, "boom.py", source)
    with pytest.raises(SolverError) as caught:
        list(events_of(path, 4))
    message = str(caught.value)
    assert all(part in message for part in said), message
    assert "solvers/" not in message and "child.py" not in message  # nothing of ours


def test_a_search_that_yields_nothing_is_stopped_and_so_is_a_square_off_the_board(tmp_path):
    path = write(tmp_path, "silent.py", "def search(n, board):\n    while True:\n        pass\n    yield 1\n")
    with pytest.raises(SolverError, match=r"silent\.py: the search yielded no event for 0\.5 s"):
        list(events_of(path, 4, silence=0.5))
    path = write(
        tmp_path,
        "off.py",
        "from solvers.events import Place\n\ndef search(n, board):\n    yield Place(0, 9)\n",
    )
    with pytest.raises(
        SolverError, match=r"off\.py, line 4: event 1 is not a valid event: row 1, column 10 is not on"
    ):
        list(events_of(path, 4))


def test_a_search_that_never_ends_is_stopped_at_the_step_limit(tmp_path):
    path = write(
        tmp_path,
        "loop.py",
        "def search(n, board):\n    while True:\n"
        "        yield board.try_square(0, 0)\n        yield board.remove(0, 0)\n",
    )
    with pytest.raises(SolverError, match="did not end within 1,000 events"):
        list(events_of(path, 4, limit=1000))


def test_printing_never_corrupts_the_events(tmp_path):
    path = write(
        tmp_path,
        "noisy.py",
        "import os, sys\ndef search(n, board):\n    print('hello')\n"
        "    os.write(1, b'garbage\\n')\n    sys.stdout.write('more\\n')\n    yield board.try_square(0, 0)\n",
    )
    events = list(events_of(path, 4))
    assert len(events) == 1 and events[0].row == 0


def test_a_syntax_error_is_refused_with_its_line_before_anything_runs(tmp_path):
    path = write(tmp_path, "syntax.py", "def search(n, board)\n    yield 1\n")
    with pytest.raises(SolverError, match=r"syntax\.py, line 1: expected ':'"):
        spec_for(path)
    result = nqueens("check", "4", "--search", str(path))
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "line 1" in result.stderr


def test_new_search_writes_a_starter_that_says_what_is_missing(tmp_path):
    path = tmp_path / "mine.py"
    result = nqueens("new-search", str(path))
    assert result.returncode == 0 and "TODO" in path.read_text(encoding="utf-8")
    checked = nqueens("check", "8", "--search", str(path))
    assert (
        checked.returncode == 1
        and checked.stdout == "Found 0 of 92 solutions; missing, for example, 1 5 8 6 3 7 2 4.\n"
    )
    again = nqueens("new-search", str(path))
    assert again.returncode == 2 and "exists already" in again.stderr


def test_a_filled_in_starter_is_correct_in_both_languages(tmp_path):
    for lang in ("en", "zh"):
        path = tmp_path / f"mine-{lang}.py"
        assert nqueens("new-search", str(path), "--lang", lang).returncode == 0
        text = path.read_text(encoding="utf-8")
        assert ("搜索" in text) == (lang == "zh")
        filled = text.replace(
            "            yield board.remove(row, col)",
            "            if row == n - 1:\n                yield board.solution()\n"
            "            else:\n                yield from solve(row + 1)\n"
            "            yield board.remove(row, col)",
        )
        path.write_text(filled, encoding="utf-8")
        result = nqueens("check", "8", "--search", str(path), "--lang", lang)
        assert result.returncode == 0, result.stdout
        assert result.stdout.startswith("Correct: 92 solutions" if lang == "en" else "正确：92 个解")


def test_new_search_never_follows_a_link(tmp_path):
    target = tmp_path / "elsewhere.py"
    target.write_text("keep me", encoding="utf-8")
    link = tmp_path / "link.py"
    os.symlink(target, link)
    assert nqueens("new-search", str(link)).returncode == 2
    assert target.read_text(encoding="utf-8") == "keep me"


def test_a_search_named_through_a_link_is_refused(tmp_path):
    link = tmp_path / "link.py"
    os.symlink(EXAMPLES / "backtracking.py", link)
    result = nqueens("count", "6", "--search", str(link))
    assert result.returncode == 2 and "a link" in result.stderr and "Traceback" not in result.stderr


def test_profile_takes_a_search_file_and_counts_the_books_tree():
    own = nqueens("profile", "6", "--search", str(EXAMPLES / "backtracking.py"), "--json")
    book = nqueens("profile", "6", "--json")
    assert own.returncode == 0, own.stderr
    profile = json.loads(own.stdout)["profile"]
    assert profile == json.loads(book.stdout)["profile"] == [1, 6, 20, 36, 46, 40, 4]


def test_count_and_events_take_a_search_file():
    result = nqueens("count", "6", "--search", str(EXAMPLES / "middle_out.py"), "--json")
    assert result.returncode == 0 and '"solutions": 4' in result.stdout
    events = nqueens("events", "4", "--search", str(EXAMPLES / "backtracking.py"), "--limit", "2")
    assert events.returncode == 0 and events.stdout.count("\n") == 2


GATED = """import os, time
def search(n, board):
    while not os.path.exists({flag!r}):
        time.sleep(0.01)
    for col in range(n):
        yield board.try_square(0, col)
        yield board.remove(0, col)
"""


def test_a_stream_says_what_has_arrived_without_waiting_for_more(tmp_path):
    flag = tmp_path / "go"
    stream = EventStream(write(tmp_path, "gated.py", GATED.format(flag=str(flag))), 4)
    assert stream.ready() == 0  # the search waits for the flag: nothing yet, and no wait here
    flag.touch()
    events = [next(stream)]  # waits for the first
    deadline = time.monotonic() + 45  # generous: a loaded machine, not a timing assertion
    while stream.ready() < 7 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert stream.ready() >= 7  # the other seven arrived; then it waits no more
    events += list(stream)
    assert [type(e).__name__ for e in events] == ["Place", "Backtrack"] * 4
    assert stream.ready() == sys.maxsize


def test_closing_a_stream_stops_its_process(tmp_path):
    stream = EventStream(write(tmp_path, "gated.py", GATED.format(flag=str(tmp_path / "never"))), 4)
    process = stream._feed.child.process
    stream.close()
    assert process.wait(timeout=30) is not None  # a deadline for a loaded machine
    with pytest.raises(StopIteration):
        next(stream)


def test_an_event_the_search_builds_itself_lights_the_line_of_its_yield():
    source = (EXAMPLES / "missing_anti_diagonal.py").read_text(encoding="utf-8").splitlines()
    events = events_of(EXAMPLES / "missing_anti_diagonal.py", 4)
    place = next(e for e in events if type(e).__name__ == "Place")
    assert source[place.line].strip() == "yield Place(row, col)"


def test_a_slow_search_sends_each_event_soon_not_a_batch_at_the_end(tmp_path):
    flag = tmp_path / "go"
    source = (
        "import os, time\n"
        "def search(n, board):\n"
        "    yield board.try_square(0, 0)\n"
        f"    while not os.path.exists({str(flag)!r}):\n"
        "        time.sleep(0.01)\n"
        "    yield board.remove(0, 0)\n"
    )
    stream = EventStream(write(tmp_path, "slow.py", source), 4)
    deadline = time.monotonic() + 45  # the sandboxed process starting on a loaded machine
    while stream.ready() == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert stream.ready() == 1  # the first event came while the search still waits
    flag.touch()
    assert [type(e).__name__ for e in stream] == ["Place", "Backtrack"]


def test_new_search_on_a_full_disk_says_so_and_leaves_no_empty_file(tmp_path, monkeypatch):
    import errno

    from solvers import safe_files

    def full(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    path = tmp_path / "my_search.py"
    monkeypatch.setattr(safe_files.os, "write", full)
    result = nqueens("new-search", str(path))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "No space left on device" in result.stderr and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    assert nqueens("new-search", str(path)).returncode == 0 and "TODO" in path.read_text(encoding="utf-8")
