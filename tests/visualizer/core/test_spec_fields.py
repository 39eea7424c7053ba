"""The window reads an algorithm's facts from its spec, never from its name or family: a copy of
each spec under another name (and another family) is shown exactly as the original."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers import registry
from solvers.errors import SolverError
from solvers.narration import Narrator
from solvers.spec import AlgorithmSpec
from solvers.tree_profile import search_profile
from visualizer.core import narration_log
from visualizer.core.checks import check_kind
from visualizer.core.domains import shows_domains
from visualizer.core.narration_log import NarrationLog
from visualizer.core.predict import Predictor, question_kind
from visualizer.core.timeline import Timeline
from visualizer.core.tree_view import TreeView, full_profile


def renamed(name: str) -> AlgorithmSpec:
    return replace(registry.get(name), name=f"{name}-renamed", family="renamed")


@pytest.mark.parametrize("name", list(registry.ALGORITHMS))
def test_check_domains_and_question_come_from_the_spec(name):
    spec, copy = registry.get(name), renamed(name)
    assert check_kind(copy) == check_kind(spec)
    assert shows_domains(copy) == shows_domains(spec)
    if spec.predict is None:
        with pytest.raises(SolverError):
            question_kind(copy)
    else:
        assert question_kind(copy) == question_kind(spec)


@pytest.mark.parametrize("name", ["forward-checking", "mrv", "backtracking"])
def test_the_tree_and_its_profile_come_from_the_spec(name):
    spec, copy = registry.get(name), renamed(name)
    assert TreeView(Timeline(copy, 5)).by_queens == TreeView(Timeline(spec, 5)).by_queens
    assert full_profile(6, copy) == full_profile(6, spec)


def test_profile_of_a_renamed_search_drains_its_events_and_refuses_a_non_tree():
    assert search_profile(renamed("mrv"), 6) == search_profile(registry.get("mrv"), 6)
    with pytest.raises(SolverError, match="tree"):
        search_profile(renamed("brute-force"), 4)


@pytest.mark.parametrize("name", list(registry.ALGORITHMS))
def test_a_renamed_algorithm_says_the_same_sentences(name):
    """Its narrator is its spec's, in both languages and column by column too."""
    spec, copy = registry.get(name), renamed(name)
    n = 4 if name == "brute-force" else 5
    for by_columns in (False, True) if spec.by_columns else (False,):
        for lang in ("en", "zh"):
            said = [Narrator(s, n, by_columns=by_columns, lang=lang) for s in (spec, copy)]
            for event in list(spec.solve(n, by_columns=by_columns))[:400]:
                assert said[1].step(event) == said[0].step(event), (by_columns, lang, event)


@pytest.mark.parametrize("name", ["mrv", "forward-checking"])
def test_a_rebuilt_narration_of_a_renamed_search_keeps_its_domains(name, monkeypatch):
    """A long jump rebuilds the domains from the board by the spec's ``dynamic_rows``."""
    monkeypatch.setattr(narration_log, "REBUILD", 7)
    spec, copy = registry.get(name), renamed(name)
    logs = [NarrationLog(Timeline(s, 6)) for s in (spec, copy)]
    for move in (40, 15, 90):
        for log in logs:
            log.timeline.step(move)
        assert logs[1].current("en") == logs[0].current("en")


@pytest.mark.parametrize(
    ("name", "guesses"), [("mrv", [(0, 0), (3, 3), (1, 0)]), ("construction", [(0, 0), (2, 2)])]
)
def test_predict_explains_by_the_spec_s_own_rule(name, guesses):
    """MRV's choice of row and the construction's squares are said by their narration."""
    spec, copy = registry.get(name), renamed(name)
    predictors = [Predictor(Timeline(s, 6)) for s in (spec, copy)]
    for guess in guesses:
        verdicts = []
        for predictor in predictors:
            verdict, steps = predictor.judge_square(guess)
            predictor.timeline.step(steps)
            verdicts.append(verdict)
        assert verdicts[1] == verdicts[0], guess
