"""Exercise results: attempt files written and read back, every attempt re-graded against the
model run (the file's own verdicts and score never trusted), one attempt per student and exercise,
copies once, damaged files reported and skipped, names escaped, the CSV safe in a spreadsheet, and
``nqueens results`` on a folder of forged records (``tests/data/results-forged/``)."""

from __future__ import annotations

import csv
import json
import os
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from solvers import registry
from solvers.exercise_model import Grader, model_run
from solvers.instance import Instance
from solvers.results import (
    MAX_BYTES,
    DamagedAttempt,
    ResultsFolderError,
    csv_rows,
    is_student_name,
    make_record,
    read_attempt,
    regrade,
    summarize,
    write_attempt,
)
from tests.run import nqueens, refused

FORGED = Path(__file__).resolve().parents[1] / "data" / "results-forged"
FOUR = Instance(4)
FIVE = Instance.random(5, 3, blocked=2, given=1)
START = datetime(2026, 12, 3, 9, 0, tzinfo=timezone.utc)


def wrong_answer(due, n: int) -> tuple[str, int | None]:
    """A wrong answer to the step ``due``: the other verdict on a square, another row, a placement
    where a pruning waits to be confirmed."""
    if due.action in ("place", "refuse"):
        return ("refuse" if due.action == "place" else "place"), None
    if due.action in ("backtrack", "row"):
        return due.action, (due.row + 1) % n
    return "place", None


def play(algorithm: str, instance: Instance, wrong=(), *, feedback="continuous", stop=None) -> list[dict]:
    """A student's moves made with the Grader: the model's move at every step except those in
    ``wrong`` (answered wrongly once; with undo feedback undone and answered again), at most
    ``stop`` moves."""
    grader = Grader(model_run(registry.get(algorithm).bound(instance), instance.n, "first"), feedback)
    moves: list[dict] = []
    while (due := grader.due) is not None and (stop is None or len(moves) < stop):
        step = grader.at - grader.first + 1
        if step in wrong and all(m["step"] != step for m in moves):
            verdict = grader.answer(*wrong_answer(due, instance.n))
            if feedback == "undo":
                grader.undo()
        else:
            verdict = grader.answer(due.action, due.row if due.action in ("backtrack", "row") else None)
        moves.append({**vars(verdict), "t": 2.5 * (len(moves) + 1)})
    return moves


def attempt(student: str, wrong=(), instance: Instance = FOUR, algorithm="backtracking", **options) -> dict:
    feedback, stop, minute = (
        options.get("feedback", "continuous"),
        options.get("stop"),
        options.get("minute", 0),
    )
    moves = play(algorithm, instance, wrong, feedback=feedback, stop=stop)
    return make_record(
        algorithm=algorithm, instance=instance, goal="first", feedback=feedback, moves=moves,
        seconds=40.0 + len(student), student=student, started=START.replace(minute=minute),
    )  # fmt: skip


def test_an_attempt_reads_back_as_written_under_its_own_name(tmp_path):
    record = attempt("Ana Lu", {3})
    first, second = write_attempt(tmp_path, record), write_attempt(tmp_path, record)
    assert first != second and first.name.startswith("Ana-Lu-") and first.suffix == ".json"
    assert read_attempt(first) == record == read_attempt(second)
    assert record["score"] == {"right": 29, "moves": 30, "percent": 96.7, "mistakes": {"missed-conflict": 1}}
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
        (lambda r: r["instance"].update(given=[[0, 0], [1, 1]]), "its instance is refused: the given queens"),
        (lambda r: r.update(started="yesterday"), "not an ISO date"),
        (lambda r: r["moves"][1].pop("t"), "move 2 has no time"),
        (lambda r: r["moves"][1].update(step=0), "move 2 has no step number"),
    ],
)
def test_a_damaged_record_says_what_is_wrong(tmp_path, change, reason):
    record = attempt("Ana", {3})
    change(record)
    path = tmp_path / "a.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(DamagedAttempt, match=reason):
        read_attempt(path)
    with pytest.raises(DamagedAttempt, match=reason):
        write_attempt(tmp_path, record)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            lambda r: r["moves"][1].update(move="place 3 3"),
            r"move 2 \('place 3 3', step 2\) is not the exercise",
        ),
        (lambda r: r["moves"][1].update(move="jump"), "is not a move of the exercise"),
        (
            lambda r: r["moves"][1].update(move="backtrack 4"),
            "is not a move of the exercise",
        ),  # off the board
        (lambda r: r["moves"][1].update(step=5), "answers a step the attempt had not reached"),
        (lambda r: r["moves"].append({**r["moves"][-1], "step": 31}), "comes after the end of the run"),
        (lambda r: r.update(algorithm="dlx"), "its algorithm 'dlx' is not one the exercise takes"),
        (lambda r: r.update(algorithm="no-such"), "its algorithm 'no-such' is not one the exercise takes"),
        (lambda r: r["instance"].update(n=9), "the exercise takes n from 4 to 8"),
    ],
)
def test_a_move_the_exercise_could_not_have_taken_is_damage_found_by_replaying(change, reason):
    record = attempt("Ana", {3})
    change(record)
    with pytest.raises(DamagedAttempt, match=reason):
        regrade(record)


def test_the_grade_is_the_replay_of_the_moves_not_what_the_file_says():
    honest = attempt("Ana", {2, 9, 17})
    grade = regrade(honest)
    claimed = honest["score"]  # what the window counted: the same moves, graded the same way
    assert (grade.right, grade.moves, grade.mistakes) == (
        claimed["right"],
        claimed["moves"],
        claimed["mistakes"],
    )
    assert (
        grade.complete and grade.steps_done == grade.steps_total == 30 and grade.percent == claimed["percent"]
    )
    assert grade.wrong == {2: "refuse 1 0", 9: "backtrack 1", 17: "backtrack 2"}
    forged = json.loads(json.dumps(honest))
    for move in forged["moves"]:
        move.update(right=True, kind=None, expected=move["move"])  # every move claimed right
    forged["score"] = {"right": 30, "moves": 30, "percent": 100.0, "mistakes": {}}
    assert regrade(forged) == grade


def test_an_attempt_is_complete_only_when_it_reaches_the_goal():
    one = regrade(attempt("Ana", stop=1))
    assert (one.right, one.moves, one.complete, one.steps_done, one.steps_total) == (1, 1, False, 1, 30)
    assert one.percent == 3.3  # the 29 steps never reached count as wrong
    undo = regrade(attempt("Bo", {1, 3, 10}, FIVE, "mrv", feedback="undo"))  # each mistake undone, redone
    assert undo.complete and (undo.right, undo.moves) == (18, 21) and undo.percent == 85.7
    assert undo.mistakes == {"wrong-backtrack": 1, "wrong-order": 1, "wrong-row": 1}


def test_copies_count_once_and_a_student_counts_with_the_best_attempt(tmp_path):
    best, once = attempt("Ana", {2}), attempt("ana ", stop=3, minute=5)  # the same student, any case
    files = [write_attempt(tmp_path, record) for record in (best, best, best, once, attempt("Bo", {2, 3}))]
    anonymous = [write_attempt(tmp_path, attempt("", {k}, minute=k)) for k in (2, 3)]
    summary = summarize(tmp_path)
    counted = sorted(a.file for a in summary.attempts)
    ana, *copies = sorted(path.name for path in files[:3])  # the first of the copies in name order
    assert counted == sorted([ana, files[4].name, *(path.name for path in anonymous)])
    assert sorted(summary.copies) == [(name, ana) for name in copies]
    assert summary.not_best == ((files[3].name, ana),)
    every = summarize(tmp_path, all_attempts=True)
    assert every.count == 5 and every.copies == summary.copies and not every.not_best
    assert every.median_percent == 96.7 and summary.median_percent == 96.7


def test_student_names_follow_one_rule():
    assert all(is_student_name(name) for name in ("Ana", "陈静", "Ana Lu-O'Neil", "J. R."))
    assert not any(is_student_name(name) for name in ("", "a" * 41, "Ana\n", "Ana\x1b[2J", "a;b", "=1+2"))
    with pytest.raises(DamagedAttempt, match="the student's name is not 1 to 40 letters"):
        attempt("Ana\nBo")


def test_cli_on_the_forged_folder_gives_the_recomputed_grades(tmp_path):
    folder = tmp_path / "forged"
    shutil.copytree(FORGED, folder)
    shutil.copy(folder / "Bo-20261203T090200Z-0c0d0e0f.json", folder / "Zed\x1b[2J\n.json")  # a name too
    out = tmp_path / "class.csv"
    result = nqueens("results", str(folder), "--csv", str(out))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"6 attempts in {folder}, median score 91.7%"
    assert (
        lines[1]
        == "mistakes: missed-conflict 4, false-conflict 2, wrong-backtrack 3, wrong-order 1, wrong-row 1"
    )
    assert lines[2].startswith("not counted: 1 attempt not the student's best")
    rows = {line.split()[0]: line.split()[1:] for line in lines[5:11]}
    assert rows["Ana"][:6] == ["backtracking", "4", "93.3%", "28", "30", "yes"]  # not the one-move 100%
    assert rows["Bo"][:6] == ["backtracking", "4", "90.0%", "27", "30", "yes"]  # its "right" claims ignored
    assert rows["-"][:6] == ["mrv", "5", "44.4%", "8", "9", "9/18"]
    dee = next(line for line in lines if line.startswith("Dee"))
    assert "Dee\\n1 attempt in class-7b, median score 100.0%\\x1b[2J" in dee
    assert all(c.isprintable() for c in result.stdout.replace("\n", ""))
    assert sorted(result.stderr.splitlines()) == [
        f"nqueens: counted once: Cy-20261203T090400Z-c0py000{k}.json is a copy of "
        "Cy-20261203T090400Z-c0py0000.json"
        for k in range(1, 5)
    ] + [
        "nqueens: counted once: Zed\\x1b[2J\\n.json is a copy of Bo-20261203T090200Z-0c0d0e0f.json",
        "nqueens: skipped Fay-20261203T091200Z-f0f0f0f0.json: its algorithm \"=cmd|' /C calc'!A0\" is not"
        " one the exercise takes",
        "nqueens: skipped Gus-20261203T091400Z-9a9a9a9a.json: move 2 ('place 3 3', step 2) is not the"
        " exercise's words for that answer ('place 1 0')",
    ]
    with out.open(encoding="utf-8", newline="") as file:
        cells = list(csv.DictReader(file))
    assert cells == [{key: str(value) for key, value in row.items()} for row in csv_rows(summarize(folder))]
    eve = next(row for row in cells if row["algorithm"] == "mrv" and row["student"])
    assert (eve["file"], eve["student"], eve["feedback"]) == ("'@Eve.json", "'=cmd|' /C calc'!A0", "undo")
    assert (eve["percent"], eve["complete"], eve["right"], eve["moves"]) == ("85.7", "yes", "18", "21")
    assert not any(
        cell.startswith(("=", "+", "-", "@", "\t", "\r")) or not cell.isprintable()
        for row in cells
        for cell in row.values()
    )
    every = nqueens("results", str(folder), "--all-attempts")
    assert every.stdout.splitlines()[0] == f"7 attempts in {folder}, median score 90.0%"
    assert any(
        line.split()[:6] == ["Ana", "backtracking", "4", "3.3%", "1", "1"]
        for line in every.stdout.splitlines()
    )


def test_cli_prints_the_hardest_steps_with_the_models_moves():
    result = nqueens("results", str(FORGED), "--top", "2")
    lines = result.stdout.splitlines()
    hard = lines[lines.index("steps most often wrong:") + 2 :]
    assert [line.split()[:5] for line in hard] == [
        ["backtracking", "n=4", "(first)", "2", "refuse"],  # Ana and Bo: a missed conflict there
        ["backtracking", "n=4", "(first)", "3", "refuse"],
    ]
    assert hard[0].endswith("2 of 4") and hard[1].endswith("1 of 4")


def test_cli_refuses_a_missing_folder_and_says_when_nothing_was_read(tmp_path):
    refused(nqueens("results", str(tmp_path / "nowhere")), "does not exist")
    refused(nqueens("results", str(tmp_path), "--csv", str(tmp_path / "no" / "x.csv")), "cannot write")
    (tmp_path / "bad.json").write_text("[]", encoding="utf-8")
    (tmp_path / "huge.json").write_bytes(b" " * (MAX_BYTES + 1))
    os.symlink(tmp_path / "bad.json", tmp_path / "link.json")
    result = nqueens("results", str(tmp_path))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "nqueens: skipped bad.json: not a JSON object",
        f"nqueens: skipped huge.json: is larger than {MAX_BYTES} bytes",
        "nqueens: skipped link.json: is a symbolic link",
        f"nqueens: no attempt could be read in {tmp_path}",
    ]
