"""Diagnosing an exercise attempt (issue 41): simulated students holding each wrong version are
named with it, students with slips only are named with none (the benchmark's path, with fewer
attempts), the sentence in both languages, the record's field, and the data a web page needs."""

from __future__ import annotations

import json

import pytest

from solvers import registry
from solvers.diagnosis import (
    GAIN,
    STOP_WEIGHT,
    Diagnosis,
    Finding,
    Predictions,
    departs,
    diagnose,
    diagnose_moves,
    fits,
    follow,
    page_data,
)
from solvers.exercise_model import model_run
from solvers.instance import Instance
from solvers.misconceptions import CATALOGUE, get
from solvers.simulated import Exercise, play, trial

#: A few exercises where every version the exercise can show departs from the model often enough.
POOL = [
    Exercise("backtracking", Instance(6), "first"),
    Exercise("backtracking-iterative", Instance(5), "all"),
    Exercise("bitmask", Instance(6), "first"),
    Exercise("forward-checking", Instance(6), "first"),
    Exercise("forward-checking", Instance(5), "all"),
    Exercise("mrv", Instance(6), "first"),
    Exercise("mrv", Instance(5), "all"),
]


def table_of(algorithm: str, n: int, goal: str, instance: Instance | None = None) -> Predictions:
    spec = registry.get(algorithm).bound(instance)
    return Predictions(spec, n, goal, model_run(spec, n, goal))


@pytest.mark.parametrize("version", [v for v in CATALOGUE if v.in_exercise], ids=lambda v: v.key)
def test_students_holding_a_wrong_version_are_named_with_it(version):
    tally = trial(version, 6, slips=0.05, seed=3, pool=POOL)
    assert tally.exercises >= 1 and tally.attempts == 6
    assert tally.named == 6, (tally.named, tally.other, tally.none)


def test_students_with_slips_only_or_none_are_named_with_no_misconception():
    slips = trial(None, 14, slips=0.05, seed=3, pool=POOL)
    assert slips.none == 14 and sum(slips.wrong) > 14  # they did make wrong moves
    perfect = trial(None, 7, slips=0.0, seed=3, pool=POOL)
    assert perfect.none == 7 and sum(perfect.wrong) == 0


def test_a_version_the_exercise_cannot_show_is_left_to_the_own_search():
    restarts = get("restarts-row")
    assert not restarts.in_exercise
    assert all(restarts not in Exercise(e.algorithm, e.instance, e.goal).table().versions for e in POOL)


def test_the_sentence_gives_the_evidence_and_a_square_in_both_languages():
    table = table_of("backtracking", 6, "first")
    blind = get("ignores-difference-diagonals")
    answers = {k: follow(table.answer(blind, k), table.model(k)) for k in table.steps_due()}
    found = diagnose(table, answers)
    assert found.misconceptions() == ("ignores-difference-diagonals",)
    first = found.findings[0]
    assert first.contradicted == 0 and first.explained == found.wrong == 27
    row, col = first.where
    assert answers[first.step - 1] == "place" and table.steps[first.step - 1].square == (row, col)
    assert found.sentence("en") == (
        "Your 27 wrong moves all placed a queen on a square attacked only along an r-c diagonal: you seem to "
        f"treat the r-c diagonals as safe — look at row {row + 1}, column {col + 1}."
    )
    assert found.sentence("zh") == (
        "你的 27 步错误都把皇后放在了只沿 r-c 对角线受攻击的格子上：你似乎把 r-c 对角线当成了安全的"
        f"——看第 {row + 1} 行第 {col + 1} 列。"
    )


def test_some_wrong_moves_explained_the_rest_slips_and_none_at_all():
    table = table_of("backtracking", 6, "first")
    blind = get("ignores-columns")
    answers = {k: table.model(k) for k in table.steps_due()}
    departures = sorted(table.departures(blind))
    for k in departures[:3]:
        answers[k] = follow(table.answer(blind, k), table.model(k))
    answers[departures[-1] + 1] = (
        "backtrack 0" if table.model(departures[-1] + 1) != "backtrack 0" else "place"
    )
    found = diagnose(table, answers)
    assert found.misconceptions() == ()  # 3 explained, but the other departures were answered right
    assert found.sentence("en") == "Your 4 wrong moves fit no known misconception: they look like slips."
    for k in departures:
        answers[k] = follow(table.answer(blind, k), table.model(k))
    found = diagnose(table, answers)
    k = len(departures)
    assert found.misconceptions() == ("ignores-columns",) and found.wrong == k + 1
    assert found.sentence("en").startswith(f"{k} of your {k + 1} wrong moves placed a queen")
    assert found.sentence("en").endswith("The other one looks like a slip.")
    assert found.sentence("zh").endswith("其余一步看来是失误。")
    right = diagnose(table, {k: table.model(k) for k in table.steps_due()})
    assert right.wrong == 0 and right.sentence("en") == "No wrong move: no misconception to name."
    assert right.sentence("zh") == "没有错误的一步：没有要指出的误解。"
    assert Diagnosis(1).sentence("zh") == "你的一步错误不符合任何已知的误解：看来是失误。"


def test_two_misconceptions_are_named_when_both_explain_moves():
    table = table_of("backtracking", 8, "first")
    sums, columns = get("ignores-sum-diagonals"), get("ignores-columns")
    answers = {k: table.model(k) for k in table.steps_due()}
    for version in (columns, sums):
        for k, answer in table.departures(version).items():
            answers[k] = follow(answer, table.model(k))
    found = diagnose(table, answers)
    assert set(found.misconceptions()) == {"ignores-sum-diagonals", "ignores-columns"}
    assert found.sentence("en").count("you seem to") == 2


def test_stopping_at_the_first_solution_is_a_misconception_only_when_all_are_asked():
    table = table_of("mrv", 6, "all")
    moves = play(table, get("stops-at-first"), slips=0.0)
    stop = len(moves) + table.first
    assert table.answer(get("stops-at-first"), stop) == "stop" and table.model(stop).startswith("backtrack")
    found = diagnose_moves(table, ((m["step"], m["move"]) for m in moves), stop)
    assert found.misconceptions() == ("stops-at-first",) and found.findings[0].explained == 1
    assert STOP_WEIGHT == 2  # and it is what stopping there weighs against the contradictions
    assert found.findings[0].where == () and found.wrong == 1
    assert found.sentence("en") == (
        "Your wrong move was to stop at the first solution: you seem to think the search is over at the"
        f" first solution when all of them are asked for — look at step {stop + 1 - table.first}."
    )
    left_early = diagnose_moves(table, ((m["step"], m["move"]) for m in moves[:5]), 5 + table.first)
    assert left_early.misconceptions() == () and left_early.wrong == 0  # leaving early is no wrong move
    first = table_of("mrv", 6, "first")
    assert get("stops-at-first") not in first.versions


def test_answers_compare_as_the_student_can_show_them():
    assert (
        fits("place", "try:refuse") and fits("refuse", "try:refuse") and not fits("backtrack 1", "try:place")
    )
    assert not departs("try:place", "refuse") and departs("try:place", "backtrack 2")
    assert departs("backtrack 1", "backtrack 2") and not departs("row 3", "row 3")
    assert follow("try:refuse", "place") == "place" and follow("try:refuse", "backtrack 1") == "refuse"
    assert GAIN == 2


def test_the_record_field_reads_back_and_a_forged_one_is_refused():
    found = Diagnosis(3, (Finding("no-undo", 2, 1, 5, (2,)),))
    assert Diagnosis.from_json(found.as_json()) == found
    for bad in (
        None,
        {"wrong": -1, "misconceptions": []},
        {"wrong": 1, "misconceptions": [{"version": "sleepy"}]},
        {"wrong": 1, "misconceptions": "no-undo"},
        {"wrong": 1, "misconceptions": [{**found.findings[0].as_json(), "where": [1, 2, 3]}]},
        {"wrong": True, "misconceptions": []},
    ):
        with pytest.raises(ValueError):
            Diagnosis.from_json(bad)


def test_the_web_page_data_is_enough_to_diagnose_without_python():
    """The page's script follows ``diagnose`` over ``web_data``: a scorer written from the data
    alone (the documented rule) names what ``diagnose`` names."""
    table = table_of("mrv", 6, "first")
    data = page_data(registry.get("mrv"), 6, "first")
    assert data == table.web_data() and json.loads(json.dumps(data)) == data  # JSON as it is
    assert data["gain"] == GAIN and data["text"]["zh"]["none"]
    assert all(step["versions"] for step in data["steps"]) and len(data["steps"]) < len(table.steps_due())
    assert {v["key"] for v in data["versions"]} == {v.key for v in table.versions}
    assert all(v["name"]["zh"] and v["did"]["en"] for v in data["versions"])
    for version in table.versions:
        moves = play(table, version, slips=0.05, seed=9)
        firsts: dict[int, str] = {}
        for move in moves:
            firsts.setdefault(
                move["step"],
                move["move"].split(" ")[0] if move["move"].startswith(("place", "refuse")) else move["move"],
            )
        assert (
            _score_from_page_data(data, firsts)
            == diagnose_moves(table, ((m["step"], m["move"]) for m in moves), None).misconceptions()[:1]
        )


def _score_from_page_data(data: dict, answers: dict[int, str]) -> tuple[str, ...]:
    best, best_score = (), None
    for rank, version in enumerate(data["versions"]):
        explained = contradicted = 0
        for step in data["steps"]:
            answer, predicted = answers.get(step["step"]), step["versions"].get(version["key"])
            if answer is None or predicted is None:
                continue
            if answer == step["model"]:
                contradicted += 1
            elif answer == predicted or (predicted.startswith("try") and answer in ("place", "refuse")):
                explained += 1
        score = (explained - contradicted, explained, -contradicted, -rank)
        if explained - contradicted >= data["gain"] and (best_score is None or score > best_score):
            best, best_score = (version["key"],), score
    return best
