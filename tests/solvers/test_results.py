"""Exercise results: attempt files written and read back, a class folder summed up (damaged files
reported and skipped, nothing else lost), the CSV, and ``nqueens results``."""

from __future__ import annotations

import csv
import json
import os
from datetime import datetime, timezone

import pytest

from solvers.instance import Instance
from solvers.results import (
    MAX_BYTES,
    DamagedAttempt,
    ResultsFolderError,
    csv_rows,
    make_record,
    read_attempt,
    summarize,
    write_attempt,
)
from tests.run import nqueens, refused

SIX = Instance(6, frozenset({(2, 2)}), ((0, 1),))
FIVE = Instance.random(5, 3, blocked=2)
START = datetime(2026, 12, 3, 9, 0, tzinfo=timezone.utc)


def move(step: int, expected: str, kind: str | None = None, done: str | None = None) -> dict:
    return {
        "step": step,
        "move": done or (expected if kind is None else "wrong"),
        "right": kind is None,
        "kind": kind,
        "expected": expected,
        "t": 1.5 * (step + 1),
    }


MODEL = ["place 1 0", "refuse 1 1", "refuse 1 2", "backtrack 1"]


def attempt(student: str, wrong: dict[int, str], instance: Instance = SIX, algorithm: str = "backtracking"):
    moves = [move(k, expected, wrong.get(k)) for k, expected in enumerate(MODEL)]
    return make_record(
        algorithm=algorithm, instance=instance, goal="first", feedback="continuous", moves=moves,
        seconds=40.0 + len(student), student=student, started=START,
    )  # fmt: skip


@pytest.fixture
def folder(tmp_path):
    """Four attempts written by write_attempt, and beside them a damaged file, a link, a huge file,
    a file whose score was edited, a hidden temporary file and a note that is not JSON."""
    class_folder = tmp_path / "class"
    class_folder.mkdir()
    written = [
        write_attempt(class_folder, attempt("Ana", {2: "missed-conflict"})),  # 75.0
        write_attempt(class_folder, attempt("Bo", {2: "missed-conflict", 3: "wrong-backtrack"})),  # 50.0
        write_attempt(class_folder, attempt("陈静", {})),  # 100.0
        write_attempt(class_folder, attempt("", {0: "wrong-row", 1: "false-conflict"}, FIVE, "mrv")),  # 50.0
    ]
    (class_folder / "damaged.json").write_text('{"format": "nqueens-exercise/1", ', encoding="utf-8")
    os.symlink(written[0], class_folder / "link.json")
    (class_folder / "huge.json").write_bytes(b" " * (MAX_BYTES + 1))
    edited = json.loads(written[1].read_text(encoding="utf-8"))
    edited["score"]["percent"] = 100.0
    (class_folder / "edited.json").write_text(json.dumps(edited), encoding="utf-8")
    (class_folder / ".Ana.json.1234.part.json").write_text("{", encoding="utf-8")
    (class_folder / "notes.txt").write_text("not an attempt", encoding="utf-8")
    return class_folder, written


def test_an_attempt_reads_back_as_written_under_its_own_name(tmp_path):
    record = attempt("Ana Lu", {1: "false-conflict"})
    first, second = write_attempt(tmp_path, record), write_attempt(tmp_path, record)
    assert first != second and first.name.startswith("Ana-Lu-") and first.suffix == ".json"
    assert read_attempt(first) == record == read_attempt(second)
    assert record["score"] == {"right": 3, "moves": 4, "percent": 75.0, "mistakes": {"false-conflict": 1}}
    assert write_attempt(tmp_path, attempt("", {})).name.startswith("anonymous-")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temporary left


def test_a_folder_that_is_a_link_a_file_or_missing_is_refused(tmp_path):
    record = attempt("Ana", {})
    (tmp_path / "real").mkdir()
    os.symlink(tmp_path / "real", tmp_path / "link")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    for name, reason in (
        ("link", "is a symbolic link"),
        ("file", "is not a folder"),
        ("none", "does not exist"),
    ):
        with pytest.raises(ResultsFolderError, match=reason):
            write_attempt(tmp_path / name, record)
    assert list((tmp_path / "real").iterdir()) == []


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda r: r.update(format="other/1"), "not an attempt record"),
        (lambda r: r.update(goal="most"), "its goal is not one of first, all"),
        (lambda r: r["moves"][0].update(kind="typo"), "move 1 is right and has a mistake kind"),
        (lambda r: r["moves"][2].update(kind="typo"), "move 3 is wrong without a known mistake kind"),
        (lambda r: r["instance"].update(given=[[0, 0], [1, 1]]), "its instance is refused: the given queens"),
        (lambda r: r["score"].update(right=4), "its score does not match its moves"),
        (lambda r: r.update(started="yesterday"), "not an ISO date"),
        (lambda r: r["moves"][1].pop("t"), "move 2 has no time"),
    ],
)
def test_a_damaged_record_says_what_is_wrong(tmp_path, change, reason):
    record = attempt("Ana", {2: "missed-conflict"})
    change(record)
    path = tmp_path / "a.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(DamagedAttempt, match=reason):
        read_attempt(path)
    with pytest.raises(DamagedAttempt, match=reason):
        write_attempt(tmp_path, record)


def test_the_summary_counts_exactly_and_reports_each_damaged_file(folder):
    class_folder, written = folder
    summary = summarize(class_folder)
    assert summary.count == 4 and sorted(name for name, _ in summary.attempts) == sorted(
        p.name for p in written
    )
    assert summary.median_percent == 62.5  # 50, 50, 75, 100
    assert summary.mistakes == {
        "missed-conflict": 2,
        "false-conflict": 1,
        "wrong-backtrack": 1,
        "wrong-row": 1,
    }
    assert dict(summary.damaged) == {
        "damaged.json": "not JSON",
        "edited.json": "its score does not match its moves",
        "huge.json": f"is larger than {MAX_BYTES} bytes",
        "link.json": "is a symbolic link",
    }
    first, *rest = summary.hard_steps
    assert (first.step, first.expected, first.wrong, first.attempts) == (2, "refuse 1 2", 2, 3)
    assert first.exercise == "backtracking n=6 given 0,1 blocked 2,2 (first)"
    assert [(h.exercise.split()[0], h.step, h.wrong, h.attempts) for h in rest] == [
        ("backtracking", 3, 1, 3), ("mrv", 0, 1, 1), ("mrv", 1, 1, 1)
    ]  # fmt: skip
    assert summarize(class_folder, top=1).hard_steps == (first,)


def test_the_csv_round_trips(folder, tmp_path):
    class_folder, _ = folder
    out = tmp_path / "class.csv"
    result = nqueens("results", str(class_folder), "--csv", str(out))
    assert result.returncode == 0, result.stderr
    with out.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    expected = csv_rows(summarize(class_folder))
    assert rows == [{key: str(value) for key, value in row.items()} for row in expected]
    ana = next(row for row in rows if row["student"] == "Ana")
    assert (ana["given"], ana["blocked"], ana["percent"], ana["missed-conflict"]) == (
        "0,1",
        "2,2",
        "75.0",
        "1",
    )
    assert next(row for row in rows if row["algorithm"] == "mrv")["seed"] == "3"


def test_cli_prints_the_table_and_warns_of_each_damaged_file(folder):
    class_folder, _ = folder
    result = nqueens("results", str(class_folder))
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == f"4 attempts in {class_folder}, median score 62.5%"
    assert lines[1] == "mistakes: missed-conflict 2, false-conflict 1, wrong-backtrack 1, wrong-row 1"
    assert any(line.split()[:4] == ["陈静", "backtracking", "6", "100.0%"] for line in lines)
    hard = lines[lines.index("steps most often wrong:") + 2]
    assert hard.startswith("backtracking n=6 given 0,1 blocked 2,2 (first)")
    assert hard.split()[-5:] == ["1", "2", "2", "of", "3"] and "refuse 1 2" in hard
    assert sorted(result.stderr.splitlines()) == [
        "nqueens: skipped damaged.json: not JSON",
        "nqueens: skipped edited.json: its score does not match its moves",
        f"nqueens: skipped huge.json: is larger than {MAX_BYTES} bytes",
        "nqueens: skipped link.json: is a symbolic link",
    ]


def test_cli_refuses_a_missing_folder_and_says_when_nothing_was_read(tmp_path):
    refused(nqueens("results", str(tmp_path / "nowhere")), "does not exist")
    refused(nqueens("results", str(tmp_path), "--csv", str(tmp_path / "no" / "x.csv")), "cannot write")
    (tmp_path / "bad.json").write_text("[]", encoding="utf-8")
    result = nqueens("results", str(tmp_path))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "nqueens: skipped bad.json: not a JSON object",
        f"nqueens: no attempt could be read in {tmp_path}",
    ]
