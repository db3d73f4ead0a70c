"""argmax, argmin, nonzero, where, searchsorted, count_nonzero, argwhere, flatnonzero against NumPy."""

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
from arraytools import FLOATS, FRACTIONS, SMALL_INTS, SPECIAL_FLOATS, flat, gt_of, np_of, shaped
from toyring import Gauss, gaussian


@settings(max_examples=50, deadline=None)
@given(data=shaped(st.one_of(SMALL_INTS, FRACTIONS), min_dims=1, min_side=1), axis_seed=st.integers(-3, 3), keepdims=st.booleans())
def test_argmax_argmin_match_numpy(data: Any, axis_seed: int, keepdims: bool) -> None:
    values, shape = data
    x, arr = gt_of(values, shape), np_of(values, shape)
    axis = axis_seed % len(shape)
    for ours, theirs in ((gt.argmax, np.argmax), (gt.argmin, np.argmin)):
        assert ours(x) == theirs(arr)
        result = ours(x, axis=axis, keepdims=keepdims)
        expected = theirs(arr, axis=axis, keepdims=keepdims)
        assert result.ops is gt.integers and result.shape == expected.shape and flat(result) == flat(expected)
    assert gt.argmax(x, keepdims=True).shape == (1,) * len(shape)


@settings(max_examples=40, deadline=None)
@given(data=shaped(st.one_of(FLOATS, SPECIAL_FLOATS), min_dims=1, min_side=1, max_dims=2))
def test_float_argmax_finds_the_first_nan_as_numpy(data: Any) -> None:
    values, shape = data
    x, arr = gt_of(values, shape, gt.floats), np_of(values, shape, float)
    assert gt.argmax(x) == np.argmax(arr) and gt.argmin(x) == np.argmin(arr)
    assert flat(gt.argmax(x, axis=0)) == flat(np.argmax(arr, axis=0))


def test_arg_extremes_errors() -> None:
    with pytest.raises(gt.ShapeError, match="no elements"):
        gt.argmax(gt.zeros(0))
    with pytest.raises(gt.ShapeError, match="length 0"):
        gt.argmin(gt.zeros((2, 0)), axis=1)
    with pytest.raises(gt.DomainError, match="not ordered"):
        gt.argmax(gt.tensor([1, 2], ops=gt.modular(5)))
    with pytest.raises(gt.DomainError, match="not ordered"):
        gt.argmax(gt.tensor([Gauss(1, 0)], ops=gaussian))
    with pytest.raises(gt.DomainError, match="cannot decide"):
        gt.argmax(gt.tensor([sympy.Symbol("a"), sympy.Symbol("b")]))
    assert gt.argmax(gt.tensor([sympy.sqrt(2), sympy.Rational(3, 2), sympy.pi])) == 2


@settings(max_examples=50, deadline=None)
@given(data=shaped(st.integers(-2, 2), min_dims=1, max_dims=3))
def test_nonzero_argwhere_flatnonzero_count_nonzero_match_numpy(data: Any) -> None:
    values, shape = data
    x, arr = gt_of(values, shape), np_of(values, shape, int)
    ours = gt.nonzero(x)
    theirs = np.nonzero(arr)
    assert len(ours) == len(theirs) and [t.tolist() for t in ours] == [t.tolist() for t in theirs]
    assert gt.where(x != 0)[0].tolist() == theirs[0].tolist()
    assert x[ours].tolist() == arr[theirs].tolist()
    assert gt.argwhere(x).tolist() == np.argwhere(arr).tolist() and gt.argwhere(x).shape == np.argwhere(arr).shape
    assert gt.flatnonzero(x).tolist() == np.flatnonzero(arr).tolist()
    assert gt.count_nonzero(x) == np.count_nonzero(arr)
    for axis in range(len(shape)):
        assert flat(gt.count_nonzero(x, axis=axis)) == flat(np.count_nonzero(arr, axis=axis))
        assert gt.count_nonzero(x, axis=axis, keepdims=True).shape == np.count_nonzero(arr, axis=axis, keepdims=True).shape


def test_nonzero_is_semantic_and_refuses_0d() -> None:
    t = sympy.Symbol("t")
    x = gt.tensor([(t + 1) ** 2 - t**2 - 2 * t - 1, t, 0])
    assert gt.nonzero(x)[0].tolist() == [1] and gt.count_nonzero(x) == 1
    g = gt.tensor([Gauss(0, 0), Gauss(0, 1)], ops=gaussian)
    assert gt.flatnonzero(g).tolist() == [1]
    with pytest.raises(gt.ShapeError, match="0-d"):
        gt.nonzero(gt.tensor(3))


def test_where_forms() -> None:
    x = gt.tensor([[1, -2], [-3, 4]])
    assert gt.where(x > 0, x, Fraction(1, 2)).ops is gt.rationals
    with pytest.raises(TypeError, match="both"):
        gt.where(x > 0, x)
    with pytest.raises(TypeError, match="bools"):
        gt.where(x, x, 0)


@settings(max_examples=50, deadline=None)
@given(hay=st.lists(SMALL_INTS, max_size=12), needles=shaped(SMALL_INTS, max_dims=2), side=st.sampled_from(["left", "right"]))
def test_searchsorted_matches_numpy(hay: list[int], needles: Any, side: str) -> None:
    hay = sorted(hay)
    values, shape = needles
    expected = np.searchsorted(np.array(hay, dtype=object), np_of(values, shape), side=side)
    result = gt.searchsorted(gt.tensor(hay, ops=gt.integers), gt_of(values, shape), side=side)
    assert result.shape == expected.shape and flat(result) == flat(expected)
    fr = gt.tensor([Fraction(v, 2) for v in hay], ops=gt.rationals)
    assert flat(gt.searchsorted(fr, gt_of(values, shape), side=side)) == flat(
        np.searchsorted(np.array([Fraction(v, 2) for v in hay], dtype=object), np_of(values, shape), side=side)
    )


def test_searchsorted_sorter_nan_and_scalars() -> None:
    x = gt.tensor([30, 10, 20])
    assert gt.searchsorted(x, gt.tensor([15, 25]), sorter=gt.argsort(x)).tolist() == [1, 2]
    f = gt.tensor([1.0, 2.0, math.nan])
    assert gt.searchsorted(f, gt.tensor([math.nan, 1.5, 9.0])).tolist() == np.searchsorted(
        np.array([1.0, 2.0, math.nan]), [math.nan, 1.5, 9.0]
    ).tolist()
    assert gt.searchsorted(gt.tensor([1, 2, 3]), 2, side="right") == 2
    with pytest.raises(gt.ShapeError):
        gt.searchsorted(gt.zeros((2, 2)), 1)
    with pytest.raises(ValueError):
        gt.searchsorted(gt.tensor([1]), 1, side="middle")
    with pytest.raises(TypeError, match="sorter"):
        gt.searchsorted(x, 15, sorter=gt.tensor([0.0, 1.0, 2.0]))
    with pytest.raises(IndexError):
        gt.searchsorted(x, 15, sorter=gt.tensor([0, 1, 5]))
    with pytest.raises(gt.DomainError):
        gt.searchsorted(gt.tensor([1, 2], ops=gt.modular(3)), 1)
