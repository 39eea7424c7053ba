"""Forward checking and MRV in the window's core: jumps by the engine, domains rebuilt after them."""

from __future__ import annotations

from itertools import islice

import pytest

from solvers import registry
from solvers.board import is_solution
from solvers.counters import tally
from solvers.domains import Domains
from visualizer.core import timeline as timeline_module
from visualizer.core.domains import DomainFollower
from visualizer.core.timeline import Timeline

PROPAGATION = ["forward-checking", "mrv"]


@pytest.mark.parametrize("name", PROPAGATION)
def test_after_far_jumps_the_domains_are_rebuilt_from_the_checkpoint_not_the_whole_run(name, monkeypatch):
    """Jumps land a few events after a checkpoint (any kind: after a Place, a Solution, a
    Backtrack); the domains then equal those the run's events leave, without replaying it."""
    for constant, value in (("NEAR", 4), ("LANDING", 3), ("BACK_WINDOW", 3), ("CHECKPOINT_EVERY", 64)):
        monkeypatch.setattr(timeline_module, constant, value)
    n = 8
    events = list(registry.get(name).solve(n))
    timeline = Timeline(registry.get(name), n)
    assert timeline.engine_walks and timeline.instant
    follower = DomainFollower(n).attach(timeline)

    def no_replay(listener):  # the slow path must not be taken
        raise AssertionError("the domains were rebuilt by replaying the run")

    monkeypatch.setattr(timeline, "replay", no_replay)
    for k in range(37, len(events), 997):
        assert timeline.seek(k) == k and timeline.history_start > 0
        expected = Domains(n)
        for event in events[:k]:
            expected.apply(event)
        assert follower.domains.by == expected.by and follower.domains.size == expected.size, k


@pytest.mark.parametrize("name", PROPAGATION)
def test_instant_result_at_12_and_next_solution_at_16_come_from_the_engine(name):
    """The counters equal the engine's independent count (``walk_propagation``, every core)."""
    spec = registry.get(name)
    assert spec.max_n >= 16
    timeline = Timeline(spec, 12)
    timeline.finish()
    assert timeline.finished and timeline.counters == spec.engine_counters(12)
    timeline = Timeline(spec, 16)
    assert timeline.next_solution(jump=True)
    assert timeline.counters == spec.engine_counters(16, first=True)
    assert is_solution(timeline.queens) and timeline.solutions == [tuple(timeline.queens)]
    assert timeline.last is not None and type(timeline.last).__name__ == "Solution"
    timeline.step(50)  # the generator resumes where the engine stopped: the events go on
    assert timeline.counters == tally(islice(spec.solve(16), timeline.cursor))
