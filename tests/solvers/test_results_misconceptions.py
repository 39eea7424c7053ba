"""Misconceptions across a class (issue 41): ``nqueens results`` on a folder of mixed attempts (two
students treating the r-c diagonals as safe, one stopping at the first solution, slips, a perfect
one and an older record without a diagnosis) names each misconception with its students, in the
text and the CSV; the record's diagnosis field is optional, checked, and never trusted."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

from solvers.instance import Instance
from solvers.misconceptions import get
from solvers.results import make_record, read_attempt, regrade, summarize, write_attempt
from solvers.simulated import START, Exercise, play
from tests.run import nqueens

FORGED = Path(__file__).resolve().parents[1] / "data" / "results-forged"
OLD = "Ana-20261203T090000Z-1a2b3c4d.json"  # written before the diagnosis field existed
BLIND = Exercise("backtracking", Instance(6), "first")
ALL = Exercise("mrv", Instance(5), "all")


def attempt(
    student: str, exercise: Exercise, version: str | None, *, slips: float = 0.0, seed: int = 0
) -> dict:
    moves = play(exercise.table(), get(version) if version else None, slips=slips, seed=seed)
    return make_record(
        algorithm=exercise.algorithm, instance=exercise.instance, goal=exercise.goal, feedback="continuous",
        moves=moves, seconds=60.0, student=student, started=START,
    )  # fmt: skip


def mixed_class(folder: Path) -> None:
    folder.mkdir()
    write_attempt(folder, attempt("Ana", BLIND, "ignores-difference-diagonals", slips=0.03, seed=1))
    write_attempt(folder, attempt("Bo", BLIND, "ignores-difference-diagonals", slips=0.03, seed=2))
    write_attempt(folder, attempt("Cy", ALL, "stops-at-first", seed=3))
    write_attempt(folder, attempt("Dee", BLIND, None, slips=0.05, seed=4))
    write_attempt(folder, attempt("", ALL, None))
    shutil.copy(FORGED / OLD, folder / OLD)


def test_the_class_summary_names_each_misconception_with_its_students(tmp_path):
    folder, out = tmp_path / "class", tmp_path / "class.csv"
    mixed_class(folder)
    result = nqueens("results", str(folder), "--csv", str(out))
    assert result.returncode == 0 and result.stderr == "", result.stderr
    lines = result.stdout.splitlines()
    start = lines.index("misconceptions (the wrong version of the search a student's wrong moves follow):")
    header, *rows = lines[start + 1 : start + 4]
    assert header.split() == ["misconception", "students", "what", "names"]
    assert rows[0].split() == [
        "ignores-difference-diagonals",
        "2",
        "ignores",
        "the",
        "r-c",
        "diagonals",
        "Ana,",
        "Bo",
    ]
    assert rows[1].split()[:2] == ["stops-at-first", "1"] and rows[1].endswith("Cy")
    slips = lines[start + 4]
    assert slips == "wrong moves that look like slips (no misconception): 2 attempts"  # Dee, old Ana
    with out.open(encoding="utf-8", newline="") as file:
        cells = [(row["student"], row["n"], row["misconceptions"]) for row in csv.DictReader(file)]
    assert sorted(cells) == [
        ("", "5", ""),
        ("Ana", "4", ""),  # the older record: two mistakes, slips
        ("Ana", "6", "ignores-difference-diagonals"),
        ("Bo", "6", "ignores-difference-diagonals"),
        ("Cy", "5", "stops-at-first"),
        ("Dee", "6", ""),
    ]
    names = summarize(folder).misconceptions
    assert list(names) == ["ignores-difference-diagonals", "stops-at-first"]
    assert names["ignores-difference-diagonals"] == ("Ana", "Bo") and names["stops-at-first"] == ("Cy",)


def test_without_misconceptions_the_summary_says_so(tmp_path):
    result = nqueens("results", str(FORGED))
    assert "misconceptions: none named (6 attempts with wrong moves that look like slips)" in result.stdout


def test_an_older_record_reads_unchanged_and_the_field_is_checked_never_trusted(tmp_path):
    old = read_attempt(FORGED / OLD)
    assert "diagnosis" not in old and regrade(old).percent == 93.3
    record = attempt("Ana", BLIND, "ignores-columns", slips=0.0)
    found = regrade(record).diagnosis
    assert found.misconceptions() == ("ignores-columns",)
    claimed = attempt("Eve", BLIND, None)
    claimed["diagnosis"] = found.as_json()  # a perfect attempt claiming Ana's misconception
    assert regrade(claimed).diagnosis.misconceptions() == ()
    path = write_attempt(tmp_path, claimed)
    assert json.loads(path.read_text(encoding="utf-8"))["diagnosis"]["misconceptions"][0]["version"]
    forged = dict(claimed, diagnosis={"wrong": 1, "misconceptions": [{"version": "=cmd|' /C calc'!A0"}]})
    (tmp_path / "forged.json").write_text(json.dumps(forged), encoding="utf-8")
    result = nqueens("results", str(tmp_path))
    assert result.returncode == 0
    assert result.stderr.strip() == (
        "nqueens: skipped forged.json: its diagnosis is not one: a misconception is not one of the catalogue"
    )
