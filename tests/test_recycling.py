"""Recycled machine buffers: a freed large result is reused, and reuse never changes a value anybody can see.

A packed result of a million words is kept for the next result of its
size when its storage dies unshared (`gentensor.core.storage.RecycledStorage`).
These tests hold every kind of reference a user can keep -- a NumPy array
from ``to_numpy``/``np.asarray``, a view, an exported buffer -- drop the
tensor, compute more results of the same size, and check that what was
kept still holds its values; and that chains of results equal NumPy's.
"""

from __future__ import annotations

import gc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.core import storage
from gentensor.ops._packing import PACKING_DISABLED

needs_packing = pytest.mark.skipif(PACKING_DISABLED, reason="GENTENSOR_NO_PACKED=1 keeps every tensor in lists")

#: Elements of an int64 buffer past the recycling threshold.
N = storage.RECYCLE_MINIMUM // 8 + 1000


def _data(seed: int, n: int = N) -> np.ndarray:
    return np.random.default_rng(seed).integers(-(10**6), 10**6, n)


def _pooled() -> list[np.ndarray]:
    return list(storage._RECYCLE.buffers)


@needs_packing
def test_a_freed_result_is_reused_for_the_next_of_its_size() -> None:
    a = gt.tensor(_data(1))
    gc.collect()
    first = a * a
    address = first._store.data.__array_interface__["data"][0]
    del first
    assert any(b.__array_interface__["data"][0] == address for b in _pooled())
    second = a + 1
    assert second._store.data.__array_interface__["data"][0] == address
    assert second.tolist() == (_data(1) + 1).tolist()


@needs_packing
@pytest.mark.parametrize("keep", ["to_numpy", "asarray", "view", "memoryview", "element_view"])
def test_what_a_user_keeps_is_never_overwritten(keep: str) -> None:
    A = _data(2)
    a = gt.tensor(A)
    t = a * a + 5
    expected = (A * A + 5).tolist()
    if keep == "to_numpy":
        kept = gt.to_numpy(t)
    elif keep == "asarray":
        kept = np.asarray(t)
    elif keep == "view":
        kept = t[::2]
        expected = expected[::2]
    elif keep == "memoryview":
        kept = memoryview(np.asarray(t))
    else:
        kept = t[3:]
        expected = expected[3:]
    del t
    gc.collect()
    for k in range(6):  # results of the same size, which take any recycled buffer
        r = a * a - k
        assert r[0] == int(A[0]) ** 2 - k
    values = kept.tolist()
    assert values == expected


@needs_packing
def test_only_unshared_buffers_are_kept() -> None:
    a = gt.tensor(_data(3))
    t = a * 3
    shared = storage.view_of(t._store, t._layout)  # a NumPy view over the storage's buffer (as kernels hold)
    values = shared.tolist()
    del t
    gc.collect()
    assert not any(np.shares_memory(shared, b) for b in _pooled())
    for k in range(4):
        a * a + k
    assert shared.tolist() == values
    del shared
    u = a * 3  # and, once unshared, its buffer is kept
    address = u._store.data.__array_interface__["data"][0]
    del u
    assert any(b.__array_interface__["data"][0] == address for b in _pooled())


@needs_packing
@settings(max_examples=20, deadline=None)
@given(st.lists(st.sampled_from(["add", "mul", "sub", "neg", "gt", "mod"]), min_size=1, max_size=6), st.integers(0, 3))
def test_chains_of_results_equal_numpy(steps: list[str], seed: int) -> None:
    A = np.random.default_rng(seed).integers(-1000, 1000, N)
    a, x, X = gt.tensor(A), gt.tensor(A), A.copy()
    for step in steps:  # values stay far inside int64: NumPy's results are exact here
        if step == "add":
            x, X = x + a, X + A
        elif step == "mul":
            x, X = (x % 1000) * a, (X % 1000) * A
        elif step == "sub":
            x, X = x - 7, X - 7
        elif step == "neg":
            x, X = -x, -X
        elif step == "gt":
            x, X = gt.astype(x > 0, gt.integers) + a, (X > 0).astype(np.int64) + A
        else:
            x, X = x % 13, X % 13
    assert x.tolist() == X.tolist()


@needs_packing
def test_threads_write_into_recycled_buffers() -> None:
    A = _data(4, 4 * N)
    a = gt.tensor(A)
    with gt.parallel("threads", workers=2):
        for _ in range(3):
            r = a * a + a
            assert r.tolist() == (A * A + A).tolist()


def test_the_recycler_keeps_at_most_its_capacity_and_exact_sizes() -> None:
    recycler = storage._Recycler(3 * 1024)
    buffers = [np.zeros(128, dtype=np.int64) for _ in range(4)]  # 1 KiB each
    for b in buffers:
        recycler.keep(b)
    assert recycler.held == 3 * 1024 and len(recycler.buffers) == 3
    assert recycler.buffers[0] is buffers[1]  # the oldest went first
    assert recycler.take(512) is None
    assert recycler.take(1024) is buffers[3]
    recycler.keep(np.zeros(1024, dtype=np.int64))  # past the capacity: not kept
    assert recycler.held == 2 * 1024


def test_a_bad_capacity_in_the_environment_warns_and_keeps_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GENTENSOR_RECYCLE_BYTES", "lots")
    with pytest.warns(RuntimeWarning, match="GENTENSOR_RECYCLE_BYTES"):
        assert storage._recycle_bytes() == storage.RECYCLE_BYTES
    monkeypatch.setenv("GENTENSOR_RECYCLE_BYTES", "0")
    assert storage._recycle_bytes() == 0


@needs_packing
def test_a_view_of_the_owning_array_keeps_the_buffer_out_of_the_pool() -> None:
    """A storage's array may be a view of the array owning the memory: a reference to that owner counts too."""
    assert storage._COUNTS_WORK  # this interpreter's reference counts show an outside reference (checked at import)
    assert storage._probe(True, "owner") != storage._UNSHARED[True]
    a = gt.tensor(_data(5))
    t = a * 7
    data = t._store.data
    owner = data if data.base is None else data.base
    kept = owner[::2]  # holds the owner, not the storage's array
    values = kept.tolist()
    del t, data, owner
    gc.collect()
    assert not any(np.shares_memory(kept, b) for b in _pooled())
    for k in range(4):
        a * a + k
    assert kept.tolist() == values
