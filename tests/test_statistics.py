"""mean, var, std, cumulative_prod, cumsum, cumprod, diff, amax/amin, dtype= on sum/prod: exact where the ring allows.

Oracles: Python's ``statistics`` module on Fractions (exact), NumPy object
arrays (``np.cumprod``, ``np.diff`` on Python ints), NumPy float64 for floats,
SymPy for symbolic square roots.
"""

from __future__ import annotations

import math
import statistics
import warnings
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from arraytools import FLOATS, FRACTIONS, SMALL_INTS, flat, gt_of, np_of, same_floats, shaped
from toyring import Gauss, gaussian


def _shape(r: Any) -> tuple[int, ...]:
    """A reduction's shape: with no axis left it is the element itself."""
    return r.shape if isinstance(r, gt.Tensor) else ()


def _lanes(values: list[Any], shape: tuple[int, ...], axis: int) -> tuple[np.ndarray, list[list[Any]]]:
    """The object array and its lanes along ``axis`` (in C order of the other axes)."""
    arr = np.moveaxis(np_of(values, shape), axis, -1)
    return arr, [list(lane) for lane in arr.reshape(-1, shape[axis])] if arr.size else []


@settings(max_examples=50, deadline=None)
@given(data=shaped(st.one_of(SMALL_INTS, FRACTIONS), min_dims=1, min_side=1), axis_seed=st.integers(0, 2), correction=st.sampled_from([0, 1, Fraction(1, 2)]))
def test_mean_and_var_are_exact_and_match_statistics(data: Any, axis_seed: int, correction: Any) -> None:
    values, shape = data
    x = gt_of(values, shape)
    axis = axis_seed % len(shape)
    _, lanes = _lanes(values, shape, axis)
    means = [statistics.mean(map(Fraction, lane)) for lane in lanes]
    out = gt.mean(x, axis=axis)
    assert _shape(out) == tuple(n for k, n in enumerate(shape) if k != axis)
    assert flat(out) == means and all(type(v) is Fraction for v in flat(out))
    n = shape[axis]
    if n - correction > 0:
        variances = [sum((Fraction(v) - m) ** 2 for v in lane) / (n - correction) for lane, m in zip(lanes, means)]
        assert flat(gt.var(x, axis=axis, correction=correction)) == variances
        if correction == 0:
            assert flat(gt.var(x, axis=axis)) == [statistics.pvariance(map(Fraction, lane)) for lane in lanes]
    else:
        with pytest.raises(gt.ShapeError, match="degrees of freedom"):
            gt.var(x, axis=axis, correction=correction)
    assert gt.mean(x) == statistics.mean(map(Fraction, values))
    kept = gt.mean(x, axis=axis, keepdims=True)
    assert kept.shape == tuple(1 if k == axis else s for k, s in enumerate(shape))


@settings(max_examples=40, deadline=None)
@given(data=shaped(FLOATS, min_dims=1, min_side=1, max_dims=2), correction=st.sampled_from([0, 1]))
def test_float_statistics_match_numpy(data: Any, correction: int) -> None:
    values, shape = data
    x = gt_of(values, shape, gt.floats)
    arr = np_of(values, shape, float)
    assert same_floats([gt.mean(x)], [np.mean(arr)], rel=1e-9)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        expected_var = np.var(arr, axis=0, ddof=correction)
        expected_std = np.std(arr, axis=0, ddof=correction)
    assert same_floats(flat(gt.var(x, axis=0, correction=correction)), flat(expected_var), rel=1e-7)
    assert same_floats(flat(gt.std(x, axis=0, correction=correction)), flat(expected_std), rel=1e-7)


def test_complex_variance_is_real_as_numpy() -> None:
    z = gt.tensor([1 + 1j, 2 - 1j, -1j])
    v = gt.var(z)
    assert math.isclose(v.real, float(np.var(np.array([1 + 1j, 2 - 1j, -1j])))) and abs(v.imag) < 1e-12


def test_std_is_exact_or_refused() -> None:
    assert gt.std(gt.tensor([2, 4, 4, 4, 5, 5, 7, 9])) == 2
    assert gt.std(gt.tensor([Fraction(1, 2), Fraction(3, 2)])) == Fraction(1, 2)
    with pytest.raises(gt.DomainError, match=r"std: the variance 2/3 .*astype\(gt.symbolic\)"):
        gt.std(gt.tensor([0, 1, 2]))
    with pytest.raises(gt.DomainError, match="a variance along the axis"):
        gt.std(gt.tensor([[0, 1, 2], [0, 2, 4]]), axis=1)
    sym = gt.std(gt.tensor([0, 1, 2]).astype(gt.symbolic))
    assert sympy.simplify(sym - sympy.sqrt(6) / 3) == 0
    assert math.isclose(gt.std(gt.tensor([0.0, 1.0, 2.0])), math.sqrt(2 / 3))


@settings(max_examples=30, deadline=None)
@given(data=shaped(st.integers(-10**6, 10**6), min_dims=1, min_side=1, max_dims=2))
def test_std_of_integers_agrees_with_the_exact_root(data: Any) -> None:
    values, shape = data
    x = gt_of(values, shape)
    v = gt.var(x)
    num, den = v.numerator, v.denominator
    if math.isqrt(num) ** 2 == num and math.isqrt(den) ** 2 == den:
        assert gt.std(x) ** 2 == v
    else:
        with pytest.raises(gt.DomainError):
            gt.std(x)


def test_empty_reductions() -> None:
    assert math.isnan(gt.mean(gt.zeros(0, ops=gt.floats)))
    with pytest.raises(gt.ShapeError, match="no elements"):
        gt.mean(gt.zeros((0, 2)))
    assert gt.mean(gt.zeros((0, 2)), axis=1).shape == (0,)


def test_mean_in_other_rings() -> None:
    assert gt.mean(gt.tensor([1, 5], ops=gt.modular(7))) == 3  # (1 + 5) * 2^-1 mod 7
    with pytest.raises(gt.NotDivisibleError):
        gt.mean(gt.tensor([1, 2, 3], ops=gt.modular(3)))  # 3 has no inverse mod 3
    assert gt.mean(gt.tensor([Gauss(2, 0), Gauss(4, 2)], ops=gaussian)) == Gauss(3, 1)
    with pytest.raises(gt.NotDivisibleError):
        gt.mean(gt.tensor([Gauss(1, 0), Gauss(2, 0)], ops=gaussian))
    t = sympy.Symbol("t")
    assert sympy.simplify(gt.mean(gt.tensor([t, 3 * t])) - 2 * t) == 0
    assert gt.mean(gt.tensor([True, False, True, True])) == Fraction(3, 4)


@settings(max_examples=40, deadline=None)
@given(data=shaped(SMALL_INTS, min_dims=1, max_dims=3), axis_seed=st.integers(0, 2), initial=st.booleans())
def test_cumulative_prod_matches_numpy(data: Any, axis_seed: int, initial: bool) -> None:
    values, shape = data
    axis = axis_seed % len(shape)
    x = gt_of(values, shape)
    arr = np_of(values, shape)
    expected = np.cumprod(arr, axis=axis) if arr.size else arr
    if initial:
        ones = np.ones(shape[:axis] + (1,) + shape[axis + 1:], dtype=object)
        expected = np.concatenate([ones, expected], axis=axis) if arr.size or True else expected
    result = gt.cumulative_prod(x, axis=axis, include_initial=initial)
    assert result.shape == expected.shape and flat(result) == flat(expected)
    assert flat(gt.cumsum(x)) == flat(np.cumsum(arr)) and flat(gt.cumprod(x, axis=axis)) == flat(np.cumprod(arr, axis=axis))


def test_cumulative_functions_take_dtype() -> None:
    x = gt.tensor([1, 2, 3])
    assert gt.cumulative_sum(x, dtype=gt.float64).tolist() == [1.0, 3.0, 6.0]
    assert gt.cumulative_prod(x, dtype=gt.rationals).ops is gt.rationals
    assert gt.sum(x, dtype=gt.float64) == 6.0 and type(gt.sum(x, dtype=gt.float64)) is float
    assert gt.prod(gt.tensor([True, True]), dtype=gt.integers) == 1
    with pytest.raises(gt.ShapeError, match="axis is required"):
        gt.cumulative_prod(gt.zeros((2, 2)))


@settings(max_examples=50, deadline=None)
@given(data=shaped(SMALL_INTS, min_dims=1, max_dims=3), axis_seed=st.integers(0, 2), n=st.integers(0, 3),
       pre=st.one_of(st.none(), SMALL_INTS), app=st.one_of(st.none(), SMALL_INTS))
def test_diff_matches_numpy(data: Any, axis_seed: int, n: int, pre: Any, app: Any) -> None:
    values, shape = data
    axis = axis_seed % len(shape)
    x = gt_of(values, shape)
    kwargs = {k: v for k, v in (("prepend", pre), ("append", app)) if v is not None}
    expected = np.diff(np_of(values, shape), n=n, axis=axis, **kwargs)
    result = gt.diff(x, n=n, axis=axis, **kwargs)
    assert result.shape == expected.shape and flat(result) == flat(expected)
    assert not gt.shares_memory(result, x) or result.size == 0


def test_diff_errors_and_tensor_edges() -> None:
    x = gt.tensor([[1, 2], [5, 9]])
    assert gt.diff(x, axis=0, append=gt.tensor([[0, 0]])).tolist() == [[4, 7], [-5, -9]]
    with pytest.raises(gt.ShapeError):
        gt.diff(gt.tensor(1))
    with pytest.raises(ValueError):
        gt.diff(x, n=-1)
    with pytest.raises(gt.ShapeError):
        gt.diff(x, prepend=gt.tensor([1, 2]))


def test_amax_amin_are_max_min() -> None:
    x = gt.tensor([[1, 5], [3, 2]])
    assert gt.amax(x) == 5 and gt.amin(x, axis=0).tolist() == [1, 2] and gt.amax(x, keepdims=True).tolist() == [[5]]


def test_tensor_methods() -> None:
    x = gt.tensor([[1, 2], [3, 5]])
    assert x.mean() == Fraction(11, 4) and x.var(axis=0).tolist() == [1, Fraction(9, 4)]
    assert x.std(axis=0).tolist() == [1, Fraction(3, 2)] and x.var(correction=1) == Fraction(35, 12)
    assert x.cumsum(axis=1).tolist() == [[1, 3], [3, 8]] and x.cumprod().tolist() == [1, 2, 6, 30]


@pytest.mark.parametrize("value", [3, -1, 2.5, gt.tensor(4), gt.tensor(7, ops=gt.rationals)])
def test_statistics_of_a_0d_input_match_numpy(value):
    arr = np.array(float(value.item() if isinstance(value, gt.Tensor) else value))  # exact values, small: floats agree
    for name in ("mean", "var", "std"):
        f = getattr(gt, name)
        got = f(value)
        assert not isinstance(got, gt.Tensor) and got == getattr(np, name)(arr)
        kept = f(value, keepdims=True)
        assert isinstance(kept, gt.Tensor) and kept.shape == () and kept.item() == got
