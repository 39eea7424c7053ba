"""The window reads an algorithm's facts from its spec, never from its name or family: a copy of
each spec under another name (and another family) is shown exactly as the original."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers import registry
from solvers.cli.subcommands import search_profile
from solvers.errors import SolverError
from solvers.spec import AlgorithmSpec
from visualizer.core.checks import check_kind
from visualizer.core.domains import shows_domains
from visualizer.core.predict import question_kind
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
