"""The plain-Python count that small boards run (no numpy, no numba): OEIS, progress, cancel,
and the engine handing its interpreted count to it."""

from __future__ import annotations

import threading

import pytest

from solvers import engine, plain


def test_plain_count_matches_oeis(oeis):
    assert [plain.count(n) for n in range(1, 13)] == [oeis[n] for n in range(1, 13)]


def test_plain_count_equals_the_count_kernel():
    for n in range(2, 11):
        depth = engine.split_depth(n)
        states, _ = engine.subproblems(n, depth)
        assert plain.count(n) == engine.count_states.py_func(n, states, depth, 0, len(states)), n


def test_the_engine_counts_small_boards_with_plain_python(monkeypatch):
    calls = []
    monkeypatch.setattr(plain, "count", lambda n, progress=None, cancel=None: calls.append(n) or -1)
    assert engine.count(plain.JIT_FROM - 1) == -1 and engine.count(9, jit=False) == -1
    assert calls == [plain.JIT_FROM - 1, 9]


def test_progress_ends_at_one_and_cancel_stops_between_columns():
    seen: list[float] = []
    assert plain.count(9, progress=seen.append) == 352
    assert seen == [(k + 1) / 5 for k in range(5)], "one report per first-row column of the left half"
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(engine.Cancelled):  # one class: the engine's callers catch plain's too
        plain.count(12, cancel=cancel)


def test_refuses_an_empty_board():
    with pytest.raises(ValueError, match="at least 1"):
        plain.count(0)
