"""The catalogue of wrong versions (issue 41): each is the algorithm's own generator with one rule
broken (never a second copy), starts where the model stands, and says itself in both languages."""

from __future__ import annotations

import itertools
from itertools import islice

import pytest

from solvers import registry
from solvers.board import is_solution
from solvers.diagnosis import Predictions
from solvers.errors import SolverError
from solvers.events import Backtrack, Place, Solution
from solvers.exercise_model import exercisable, model_run
from solvers.instance import Instance
from solvers.misconceptions import CATALOGUE, KEYS, Version, for_spec, get
from solvers.variants import MODEL, Rules
from tests import ROOT

EXERCISED = [spec.name for spec in registry.ALGORITHMS.values() if exercisable(spec)]
SEARCHES = ROOT / "tests" / "data" / "misconceptions"
#: The model itself as a "version": started at every position of the model run, it must make the
#: model's own next move, so no departure.
AS_WRITTEN = Version("as-written", {"en": "", "zh": ""}, {"en": "", "zh": ""}, {"en": "", "zh": ""}, MODEL)


def test_every_algorithm_the_exercise_takes_has_wrong_versions_of_its_own_generator():
    for name in EXERCISED:
        spec = registry.get(name)
        assert spec.variants is not None, name
        versions = for_spec(spec)
        assert len(versions) >= 3, name
        plain = list(spec.solve(6))
        assert list(spec.generator(6, rules=MODEL)) == plain  # the model rules: the model run, exactly
        for version in versions:
            run = list(islice(version.run(spec, 6), len(plain) + 10))
            assert run != plain, (name, version.key)


@pytest.mark.parametrize("name", EXERCISED)
def test_each_version_breaks_the_rule_it_names(name):
    spec = registry.get(name)
    for version in for_spec(spec):
        events = list(islice(version.run(spec, 6), 20_000))
        placed = [(e.row, e.col) for e in events if isinstance(e, Place)]
        if version.key.startswith("ignores-"):  # a queen placed on a square attacked only along that line
            assert _attacked_along(events, version.key), version.key
        elif version.key == "no-undo":
            assert not any(isinstance(e, Backtrack) for e in events) and len(placed) > len(
                set(r for r, _ in placed)
            )
        elif version.key == "restarts-row":  # a square placed again from the start of its row
            assert len(events) == 20_000 and len(placed) > len(set(placed))
        elif version.key == "backtracks-too-far":  # two lifts in a row, from two rows
            pairs = itertools.pairwise(events)
            assert any(
                isinstance(a, Backtrack) and isinstance(b, Backtrack) and b.row < a.row for a, b in pairs
            )
        elif version.key == "stops-at-first":
            assert sum(isinstance(e, Solution) for e in events) == 1 and isinstance(events[-1], Solution)
        elif version.key == "prunes-next-row-only":  # boards that are no solution reported as one
            assert any(isinstance(e, Solution) and not is_solution(e.queens) for e in events)
        elif version.key == "keeps-pruning":  # columns pruned, never put back: solutions missed
            assert not any(type(e).__name__ == "Restore" for e in events)
            assert sum(isinstance(e, Solution) for e in events) < 4
        elif version.key in ("ties-to-bottom-row", "counts-attacked-squares"):  # another order, all found
            found = {e.queens for e in events if isinstance(e, Solution)}
            assert len(found) == 4 and events != list(spec.solve(6))


def _attacked_along(events, key: str) -> bool:
    line = {"ignores-sum-diagonals": "sum", "ignores-difference-diagonals": "difference"}.get(key, "column")
    queens: dict[int, int] = {}
    for event in events:
        if isinstance(event, Place):
            attackers = [
                (r, c)
                for r, c in queens.items()
                if (line == "column" and c == event.col)
                or (line == "sum" and r + c == event.row + event.col)
                or (line == "difference" and r - c == event.row - event.col)
            ]
            if attackers:
                return True
            queens[event.row] = event.col
        elif isinstance(event, Backtrack):
            queens.pop(event.row, None)
    return False


@pytest.mark.parametrize("name", EXERCISED)
@pytest.mark.parametrize("goal", ["first", "all"])
def test_the_model_started_anywhere_in_its_run_makes_its_next_move(name, goal):
    """``spec.variants.start`` puts a search exactly where the model stands: the model's own rules
    started at every step give the model's move there (plain, and on a constrained instance)."""
    spec = registry.get(name)
    instances = [Instance(6)]
    if spec.constrained:
        drawn = Instance.random(6, 3, blocked=3, given=1)
        instances.append(Instance(6, drawn.blocked, drawn.given))
    for instance in instances:
        bound = spec.bound(instance)
        table = Predictions(bound, 6, goal, model_run(bound, 6, goal))
        assert table.departures(AS_WRITTEN) == {}, (name, goal, instance)


def test_a_version_applies_where_its_rules_are_taken_and_can_differ():
    fc, mrv, bt = registry.get("forward-checking"), registry.get("mrv"), registry.get("backtracking")
    assert [v.key for v in for_spec(fc, "first")] == ["prunes-next-row-only", "keeps-pruning"]
    assert "stops-at-first" in [v.key for v in for_spec(mrv, "all")]
    assert not get("ties-to-bottom-row").applies(fc) and not get("no-undo").applies(mrv)
    assert [v.key for v in for_spec(bt, "first")] == [
        "ignores-sum-diagonals", "ignores-difference-diagonals", "ignores-columns", "no-undo", "restarts-row",
        "backtracks-too-far",
    ]  # fmt: skip
    assert Rules(undo=False, back=2).changed() == ("undo", "back")
    with pytest.raises(SolverError, match="has no version that prunes only the next row"):
        get("prunes-next-row-only").run(bt, 6)
    with pytest.raises(SolverError, match="unknown misconception 'nope'"):
        get("nope")
    with pytest.raises(SolverError, match="too large"):
        get("no-undo").run(bt, 99)


def test_every_version_says_itself_in_both_languages_and_has_a_students_search_file():
    for version in CATALOGUE:
        for part in ("name", "did", "belief"):
            en, zh = version.text(part, "en"), version.text(part, "zh")
            assert en and zh and en != zh and en.isascii() and not zh.isascii(), (version.key, part)
        assert (SEARCHES / f"{version.key.replace('-', '_')}.py").is_file(), version.key
    assert len(set(KEYS)) == len(KEYS) == len(CATALOGUE) >= 11
    names = [version.name["en"] for version in CATALOGUE]
    assert len(set(names)) == len(names)


def test_forward_checking_that_keeps_its_pruning_starts_with_the_columns_pruned_so_far():
    spec = registry.get("forward-checking")
    steps = model_run(spec, 6, "all")
    table = Predictions(spec, 6, "all", steps)
    keeps = get("keeps-pruning")
    departures = table.departures(keeps)
    first = min(departures)
    before = [e for step in steps[:first] for e in step.events]
    assert any(isinstance(e, Backtrack) for e in before)  # it departs only once something came back
    assert departures[first].startswith("backtrack") and table.model(first) == "place"
