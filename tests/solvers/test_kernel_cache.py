"""Issue 18 item 13: numba with no writable cache folder (HOME unset, a read-only install) raises
``RuntimeError: cannot cache function``; the kernels then compile without a cache, quietly."""

from __future__ import annotations

import pytest

from solvers import engine, kernels


@pytest.mark.skipif(not kernels.HAVE_NUMBA, reason="numba is not installed")
def test_a_kernel_compiles_without_a_cache_when_numba_cannot_cache(monkeypatch, capsys):
    import numba

    real = numba.njit

    def no_cache_folder(*args, **options):
        if options.get("cache"):
            raise RuntimeError("cannot cache function 'f': no locator available for file 'x.py'")
        return real(*args, **options)

    monkeypatch.setattr(numba, "njit", no_cache_folder)
    original = engine.count_states
    kernel = kernels.Kernel(original.py_func, original.signature)
    assert kernel.compiled is not kernel.py_func  # compiled all the same
    assert capsys.readouterr().err == ""
