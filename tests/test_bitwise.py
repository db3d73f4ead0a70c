"""Bitwise and logical operations, their operators (``& | ^ ~ << >>``, reflected and in place), against NumPy.

Oracles: NumPy object arrays of Python ints (unbounded, as gentensor's
integers), NumPy bool arrays for masks, and ``np.logical_*``.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from arraytools import BIG_INTS, SMALL_INTS, flat, gt_of, np_of, shaped
from toyring import Gauss, gaussian

BINARY = [
    (gt.bitwise_and, operator.and_),
    (gt.bitwise_or, operator.or_),
    (gt.bitwise_xor, operator.xor),
]


@pytest.mark.parametrize("func, op", BINARY, ids=["and", "or", "xor"])
@settings(max_examples=40, deadline=None)
@given(a=shaped(BIG_INTS, max_dims=2), b=shaped(BIG_INTS, max_dims=1))
def test_integer_bitwise_matches_numpy_object_arrays(func: Any, op: Any, a: Any, b: Any) -> None:
    (va, sa), (vb, sb) = a, b
    x, y = gt_of(va, sa), gt_of(vb, sb)
    try:
        expected = op(np_of(va, sa), np_of(vb, sb))
    except ValueError:  # shapes that do not broadcast
        with pytest.raises(gt.ShapeError):
            func(x, y)
        return
    for result in (func(x, y), op(x, y)):
        assert result.ops is gt.integers and result.shape == np.shape(expected)
        assert flat(result) == flat(expected)


@settings(max_examples=40, deadline=None)
@given(a=shaped(BIG_INTS, max_dims=2), k=st.integers(0, 70))
def test_invert_and_shifts_match_python_ints(a: Any, k: int) -> None:
    values, shape = a
    x = gt_of(values, shape)
    assert flat(~x) == flat(gt.bitwise_invert(x)) == [~v for v in values]
    assert flat(x << k) == flat(gt.bitwise_left_shift(x, k)) == [v << k for v in values]
    assert flat(x >> k) == flat(gt.bitwise_right_shift(x, k)) == [v >> k for v in values]
    if shape:
        assert flat(k << gt_of([abs(v) % 60 for v in values], shape)) == [k << (abs(v) % 60) for v in values]


@settings(max_examples=40, deadline=None)
@given(a=shaped(st.booleans(), max_dims=2), b=shaped(st.booleans(), max_dims=2))
def test_masks_combine_and_stay_booleans(a: Any, b: Any) -> None:
    (va, sa), (vb, sb) = a, b
    x, y = gt_of(va, sa, gt.booleans), gt_of(vb, sb, gt.booleans)
    na, nb = np_of(va, sa, bool), np_of(vb, sb, bool)
    try:
        np.broadcast_shapes(sa, sb)
    except ValueError:
        return
    for ours, theirs in (
        (x & y, na & nb), (x | y, na | nb), (x ^ y, na ^ nb),
        (gt.logical_and(x, y), np.logical_and(na, nb)), (gt.logical_or(x, y), np.logical_or(na, nb)),
        (gt.logical_xor(x, y), np.logical_xor(na, nb)),
    ):
        assert ours.ops is gt.booleans and flat(ours) == flat(theirs)
    assert flat(~x) == flat(~na) and (~x).ops is gt.booleans
    assert flat(gt.logical_not(x)) == flat(np.logical_not(na))


@settings(max_examples=40, deadline=None)
@given(a=shaped(SMALL_INTS, max_dims=2))
def test_logical_functions_read_any_ops_by_its_zero_test(a: Any) -> None:
    values, shape = a
    x = gt_of(values, shape)
    arr = np_of(values, shape)
    assert flat(gt.logical_not(x)) == flat(np.logical_not(arr))
    assert flat(gt.logical_and(x, x > 0)) == flat(np.logical_and(arr, arr > 0))
    m = gt_of(values, shape, gt.modular(5))
    assert flat(gt.logical_not(m)) == [v % 5 == 0 for v in values]
    g = gt_of([Gauss(v, 0) for v in values], shape, gaussian)
    assert flat(gt.logical_or(g, False)) == [v != 0 for v in values]


def test_symbolic_truth_is_semantic() -> None:
    t = sympy.Symbol("t")
    x = gt.tensor([(t + 1) ** 2 - t**2 - 2 * t - 1, t])
    assert gt.logical_not(x).tolist() == [True, False]
    assert gt.logical_and(x, True).tolist() == [False, True]


@pytest.mark.parametrize("ops", [gt.rationals, gt.floats, gt.complexes, gt.modular(7), gt.symbolic, gaussian], ids=str)
def test_bitwise_needs_integers_or_booleans(ops: Any) -> None:
    x = gt.tensor([1, 0], ops=ops)
    for f in (lambda: x & x, lambda: x | 1, lambda: ~x, lambda: x << 1, lambda: gt.bitwise_xor(x, x)):
        with pytest.raises(gt.DomainError, match="bitwise"):
            f()


def test_mixed_masks_and_ints_promote_to_integers() -> None:
    mask = gt.tensor([True, False, True])
    assert (mask & 1).tolist() == [1, 0, 1] and (mask & 1).ops is gt.integers
    assert (1 | mask).tolist() == [1, 1, 1]
    assert (mask << 2).tolist() == [4, 0, 4]


def test_inplace_bitwise_operators_write_through_views() -> None:
    x = gt.tensor([[12, 10], [7, 1]])
    row = x[0]
    row &= 6
    row |= 1
    row ^= 2
    assert x.tolist() == [[7, 1], [7, 1]]
    col = x[:, 1]
    col <<= 3
    col >>= 1
    assert x.tolist() == [[7, 4], [7, 4]]
    mask = gt.tensor([True, True])
    mask &= gt.tensor([True, False])
    assert mask.tolist() == [True, False] and mask.ops is gt.booleans
    with pytest.raises(gt.OpsMismatchError):
        mask <<= 1  # the result would be integers


def test_operators_on_zero_d_tensors_and_masks_in_indexing() -> None:
    x = gt.arange(10)
    picked = x[(x > 2) & (x < 6) | (x == 9)]
    assert picked.tolist() == [3, 4, 5, 9]
    z = gt.tensor(6) & gt.tensor(3)
    assert isinstance(z, gt.Tensor) and z.shape == () and z.item() == 2
    assert gt.bitwise_and(6, 3) == 2 and gt.logical_not(0) is True


def test_negative_shift_counts_raise() -> None:
    with pytest.raises(ValueError, match="negative shift count"):
        gt.tensor([1, 2]) << -1
