"""sort, argsort (stable, descending) and unique_* against NumPy's stable sort and ``np.unique``."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from arraytools import BIG_INTS, FLOATS, FRACTIONS, SMALL_INTS, SPECIAL_FLOATS, flat, gt_of, np_of, same_floats, shaped
from toyring import Gauss, gaussian


def _stable_descending(arr: np.ndarray, axis: int) -> np.ndarray:
    """Positions sorting each lane descending, equal elements in their original order."""
    moved = np.moveaxis(arr, axis, -1)
    out = np.empty(moved.shape, dtype=int)
    for idx in np.ndindex(moved.shape[:-1]):
        lane = list(moved[idx])
        out[idx] = sorted(range(len(lane)), key=lambda k: lane[k], reverse=True)
    return np.moveaxis(out, -1, axis)


@settings(max_examples=50, deadline=None)
@given(data=shaped(st.one_of(SMALL_INTS, BIG_INTS, FRACTIONS), min_dims=1), axis_seed=st.integers(-3, 3))
def test_sort_and_argsort_match_numpy_stable(data: Any, axis_seed: int) -> None:
    values, shape = data
    x, arr = gt_of(values, shape), np_of(values, shape)
    axis = axis_seed % len(shape)
    expected = np.argsort(arr, axis=axis, kind="stable")
    assert gt.argsort(x, axis=axis).tolist() == expected.tolist()
    assert gt.sort(x, axis=axis).tolist() == np.sort(arr, axis=axis, kind="stable").tolist()
    down = _stable_descending(arr, axis)
    assert gt.argsort(x, axis=axis, descending=True).tolist() == down.tolist()
    assert gt.take_along_axis(x, gt.argsort(x, axis=axis), axis=axis).tolist() == gt.sort(x, axis=axis).tolist()
    assert gt.sort(x, axis=axis, descending=True).tolist() == np.take_along_axis(arr, down, axis=axis).tolist()


@settings(max_examples=40, deadline=None)
@given(data=shaped(st.one_of(FLOATS, SPECIAL_FLOATS), min_dims=1, max_dims=2))
def test_float_sort_puts_nan_last_as_numpy(data: Any) -> None:
    values, shape = data
    x, arr = gt_of(values, shape, gt.floats), np_of(values, shape, float)
    assert same_floats(flat(gt.sort(x)), flat(np.sort(arr, kind="stable")))
    assert flat(gt.argsort(x)) == flat(np.argsort(arr, kind="stable"))


def test_sorting_needs_an_order() -> None:
    for x in (gt.tensor([1, 2], ops=gt.modular(5)), gt.tensor([1j, 2j]), gt.tensor([Gauss(1, 0)], ops=gaussian)):
        with pytest.raises(gt.DomainError, match="not ordered"):
            gt.sort(x)
        with pytest.raises(gt.DomainError):
            gt.argsort(x)
    with pytest.raises(gt.DomainError, match="cannot decide"):
        gt.sort(gt.tensor([sympy.Symbol("a"), sympy.Symbol("b")]))
    r = gt.sort(gt.tensor([sympy.pi, sympy.sqrt(2), 3]))
    assert r.tolist() == [sympy.sqrt(2), 3, sympy.pi]
    with pytest.raises(gt.AxisError):
        gt.sort(gt.tensor(5))
    assert gt.sort(gt.zeros((2, 0))).shape == (2, 0)


def test_user_ordered_ring_sorts_through_its_lt() -> None:
    class Reversed(gt.BaseOps):
        name = "reversed-order"
        capabilities = gt.Capabilities(kind="user", ordered=True)
        zero, one = 0, 1

        def convert(self, v: Any) -> int:
            return int(v)

        def add(self, a: int, b: int) -> int:
            return a + b

        def mul(self, a: int, b: int) -> int:
            return a * b

        def neg(self, a: int) -> int:
            return -a

        def equal(self, a: int, b: int) -> bool:
            return a == b

        def lt(self, a: int, b: int) -> bool:
            return a > b

    x = gt.tensor([1, 3, 2, 3], ops=Reversed())
    assert gt.sort(x).tolist() == [3, 3, 2, 1] and gt.argsort(x).tolist() == [1, 3, 2, 0]
    assert gt.unique_values(x).tolist() == [3, 2, 1] and gt.argmax(x) == 0


@settings(max_examples=50, deadline=None)
@given(data=shaped(st.one_of(st.integers(-4, 4), st.fractions(-2, 2, max_denominator=2)), max_dims=3))
def test_unique_matches_numpy(data: Any) -> None:
    values, shape = data
    x, arr = gt_of(values, shape), np_of(values, shape)
    uv, idx, inv, cnt = np.unique(arr, return_index=True, return_inverse=True, return_counts=True)
    assert gt.unique_values(x).tolist() == uv.tolist()
    r = gt.unique_all(x)
    assert r.values.tolist() == uv.tolist() and r.indices.tolist() == idx.tolist()
    assert r.inverse_indices.shape == shape and flat(r.inverse_indices) == flat(inv)
    assert r.counts.tolist() == cnt.tolist()
    c = gt.unique_counts(x)
    assert c.values.tolist() == uv.tolist() and c.counts.tolist() == cnt.tolist()
    i = gt.unique_inverse(x)
    assert flat(i.inverse_indices) == flat(inv) and i.inverse_indices.shape == shape
    if values:
        assert flat(gt.take(i.values, gt.reshape(i.inverse_indices, (-1,)))) == [Fraction(v) for v in values]


def test_unique_in_unordered_and_user_rings_keeps_first_appearance() -> None:
    m = gt.tensor([4, 1, 11, 8], ops=gt.modular(7))  # 4, 1, 4, 1
    r = gt.unique_all(m)
    assert r.values.tolist() == [4, 1] and r.indices.tolist() == [0, 1] and r.counts.tolist() == [2, 2]
    assert r.inverse_indices.tolist() == [0, 1, 0, 1]
    g = gt.tensor([Gauss(1, 1), Gauss(0, 1), Gauss(1, 1)], ops=gaussian)
    assert gt.unique_counts(g).counts.tolist() == [2, 1]
    t = sympy.Symbol("t")
    s = gt.unique_values(gt.tensor([(t + 1) ** 2, t**2 + 2 * t + 1, t]))
    assert s.size == 2
    z = gt.unique_values(gt.tensor([1j, 2, 1j]))
    assert z.tolist() == [1j, 2 + 0j]


def test_unique_treats_every_nan_as_distinct() -> None:
    nan = math.nan
    x = gt.tensor([2.0, nan, 1.0, nan, 2.0])
    r = gt.unique_all(x)
    assert r.values.tolist()[:2] == [1.0, 2.0] and all(math.isnan(v) for v in r.values.tolist()[2:])
    assert r.counts.tolist() == [1, 2, 1, 1] and r.indices.tolist() == [2, 0, 1, 3]
    assert gt.unique_values(x).size == 4 and gt.unique_counts(x).counts.tolist() == [1, 2, 1, 1]
