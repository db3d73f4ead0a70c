"""Tests of gentensor.reductions: sum, prod, min, max, all, any, cumulative_sum, reduce.

Oracle: NumPy object arrays holding the same Python ints and Fractions, on
random shapes (0-d and zero-length axes included), random axes (None, ints,
negative ints, tuples) and both ``keepdims``, with operands drawn as
contiguous tensors and as strided views.  SymPy checks the symbolic sums;
a counting ops checks that every block is one n-ary ``ops.sum`` call.
"""

from __future__ import annotations

import operator
from fractions import Fraction
from math import prod
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import array_shapes
from toyring import Gauss, gaussian, to_complex

import gentensor as gt

T = sympy.Symbol("t")
VIEWS = ["plain", "transposed", "flipped", "stepped"]
ELEMENTS = {"integers": (gt.integers, int, lambda i: i), "rationals": (gt.rationals, Fraction, lambda i: Fraction(i, 3))}


def build(values: list[Any], shape: tuple[int, ...], ops: Any, view: str) -> gt.Tensor:
    """A tensor of ``shape`` holding ``values`` in C order, laid out as ``view``."""
    if view == "transposed" and len(shape) >= 2:
        return gt.tensor(values, ops=ops).reshape(shape).T.copy().T
    if view == "flipped" and shape:
        return gt.flip(gt.flip(gt.tensor(values, ops=ops).reshape(shape)).copy())
    if view == "stepped" and shape:
        wide = [w for v in values for w in (v, ops.zero)]
        return gt.tensor(wide, ops=ops).reshape(shape[:-1] + (2 * shape[-1],))[..., ::2]
    return gt.tensor(values, ops=ops).reshape(shape)


def np_array(values: list[Any], shape: tuple[int, ...]) -> np.ndarray:
    arr = np.empty(prod(shape), dtype=object)
    for i, v in enumerate(values):
        arr[i] = v
    return arr.reshape(shape)


@st.composite
def case(draw: Any, make: Any) -> Any:
    shape = draw(array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3))
    values = [make(i) for i in draw(st.lists(st.integers(-6, 6), min_size=prod(shape), max_size=prod(shape)))]
    ndim = len(shape)
    axis_kind = draw(st.sampled_from(["none", "int", "tuple"]))
    if axis_kind == "none" or ndim == 0:
        axis: Any = None
    elif axis_kind == "int":
        axis = draw(st.integers(-ndim, ndim - 1))
    else:
        axis = tuple(draw(st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim)))
        axis = tuple(a - ndim if draw(st.booleans()) else a for a in axis)
    return values, shape, draw(st.sampled_from(VIEWS)), axis, draw(st.booleans())


def as_list(result: Any) -> Any:
    return result.tolist() if isinstance(result, gt.Tensor) else result


def reduced_is_empty(shape: tuple[int, ...], axis: Any) -> bool:
    axes = range(len(shape)) if axis is None else ([axis] if isinstance(axis, int) else axis)
    return any(shape[a] == 0 for a in axes)


REDUCTIONS = {
    "sum": (gt.sum, np.sum),
    "prod": (gt.prod, np.prod),
    "min": (gt.min, np.min),
    "max": (gt.max, np.max),
}


@pytest.mark.parametrize("name", list(REDUCTIONS))
@pytest.mark.parametrize("kind", list(ELEMENTS))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_reductions_match_numpy(name: str, kind: str, data: Any) -> None:
    ops, tp, make = ELEMENTS[kind]
    values, shape, view, axis, keepdims = data.draw(case(make))
    x = build(values, shape, ops, view)
    fn, oracle = REDUCTIONS[name]
    if name in ("min", "max") and reduced_is_empty(shape, axis):
        with pytest.raises(gt.ShapeError, match=name):
            fn(x, axis=axis, keepdims=keepdims)
        return
    expected = np.asarray(oracle(np_array(values, shape), axis=axis, keepdims=keepdims), dtype=object)
    result = fn(x, axis=axis, keepdims=keepdims)
    if expected.shape == ():  # no axis left: the element itself, as NumPy returns a scalar
        assert not isinstance(result, gt.Tensor)
        assert result == expected.item() and type(result) is tp
        return
    assert isinstance(result, gt.Tensor) and result.ops is ops
    assert result.shape == expected.shape
    assert result.tolist() == expected.tolist()
    assert all(type(v) is tp for v in result.reshape(-1).tolist())


@pytest.mark.parametrize("name", ["all", "any"])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_all_any_match_numpy(name: str, data: Any) -> None:
    values, shape, view, axis, keepdims = data.draw(case(lambda i: Fraction(max(i, 0), 2)))
    x = build(values, shape, gt.rationals, view)
    oracle = np.all if name == "all" else np.any
    expected = np.asarray(oracle(np_array(values, shape).astype(bool), axis=axis, keepdims=keepdims))
    result = getattr(gt, name)(x, axis=axis, keepdims=keepdims)
    if expected.shape == ():
        assert result is bool(expected)
        return
    assert result.ops is gt.booleans and result.shape == expected.shape
    assert result.tolist() == expected.tolist()


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_cumulative_sum_matches_numpy(data: Any) -> None:
    values, shape, view, _, include_initial = data.draw(case(lambda i: Fraction(i, 2)))
    x = build(values, shape, gt.rationals, view)
    axis = data.draw(st.integers(-len(shape), len(shape) - 1)) if len(shape) > 1 else data.draw(st.sampled_from([None, 0]))
    expected = np.cumulative_sum(np_array(values, shape), axis=axis, include_initial=include_initial)
    result = gt.cumulative_sum(x, axis=axis, include_initial=include_initial)
    assert result.shape == expected.shape and result.ops is gt.rationals
    assert result.tolist() == expected.tolist()
    assert result.is_contiguous and result.base is None


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_reduce_with_add_equals_sum(data: Any) -> None:
    values, shape, view, axis, keepdims = data.draw(case(lambda i: i))
    x = build(values, shape, gt.integers, view)
    r = gt.reduce(operator.add, x, axis=axis, initial=0, keepdims=keepdims)
    s = gt.sum(x, axis=axis, keepdims=keepdims)
    assert as_list(r) == as_list(s)
    if isinstance(r, gt.Tensor):
        assert r.shape == s.shape and r.ops is gt.integers


# -- semantics --------------------------------------------------------------------------------
def test_axis_none_returns_the_element_and_keepdims_keeps_axes() -> None:
    x = gt.tensor([[1, 2, 3], [4, 5, 6]])
    assert x.sum() == 21 and type(x.sum()) is int
    k = gt.sum(x, keepdims=True)
    assert isinstance(k, gt.Tensor) and k.shape == (1, 1) and k.tolist() == [[21]]
    assert gt.sum(x, axis=(0, 1)) == 21 and gt.sum(gt.tensor([1, 2]), axis=0) == 3
    assert gt.sum(x, axis=()).tolist() == x.tolist()
    assert gt.sum(gt.tensor(7)) == 7 and gt.max(gt.tensor(7)) == 7
    assert x.prod(axis=0).tolist() == [4, 10, 18]
    assert x.sum(axis=-1, keepdims=True).tolist() == [[6], [15]]


def test_empty_reductions_use_the_identities() -> None:
    for ops in (gt.integers, gt.rationals, gt.symbolic, gt.modular(5), gaussian):
        z = gt.zeros((0, 3), ops=ops)
        assert ops.equal(gt.sum(z), ops.zero) and ops.equal(gt.prod(z), ops.one)
        s = gt.sum(z, axis=0)
        assert s.shape == (3,) and all(ops.equal(v, ops.zero) for v in s.tolist())
        p = gt.prod(z, axis=0, keepdims=True)
        assert p.shape == (1, 3) and all(ops.equal(v, ops.one) for v in p.tolist()[0])
        assert gt.sum(z, axis=1).shape == (0,)
    assert gt.all(gt.zeros((0,))) is True and gt.any(gt.zeros((0,))) is False


def test_min_max_over_an_empty_axis_raise_shape_error() -> None:
    with pytest.raises(gt.ShapeError, match=r"min: the reduction has no elements .*shape \(0, 3\)"):
        gt.min(gt.zeros((0, 3)))
    with pytest.raises(gt.ShapeError, match="max"):
        gt.max(gt.zeros((0, 3)), axis=0)
    with pytest.raises(gt.ShapeError):
        gt.max(gt.zeros((0, 0)), axis=1)  # NumPy refuses this too, though the result is empty
    assert gt.max(gt.zeros((3, 0)), axis=0).shape == (0,)


def test_booleans_are_counted() -> None:
    b = gt.tensor([[True, False, True], [True, True, True]])
    assert gt.sum(b) == 5 and type(gt.sum(b)) is int
    s = gt.sum(b, axis=1)
    assert s.ops is gt.integers and s.tolist() == [2, 3]
    s0 = gt.sum(b, axis=0)
    assert s0.ops is gt.integers and s0.tolist() == [2, 1, 2] and all(type(v) is int for v in s0.tolist())
    assert gt.prod(b, axis=1).tolist() == [0, 1] and gt.prod(b, axis=1).ops is gt.integers
    c = gt.cumulative_sum(b, axis=1)
    assert c.ops is gt.integers and c.tolist() == [[1, 1, 2], [1, 2, 3]]
    assert all(type(v) is int for row in c.tolist() for v in row)
    assert gt.max(b) is True and gt.min(b, axis=1).ops is gt.booleans


def test_symbolic_sum_is_one_add() -> None:
    a = gt.symbols("a", (3, 4))
    elements = a.tolist()
    total = gt.sum(a)
    assert isinstance(total, sympy.Add) and total == sympy.Add(*[v for row in elements for v in row])
    cols = gt.sum(a, axis=0)
    assert cols.ops is gt.symbolic
    for j in range(4):
        assert cols[j] == sympy.Add(*[elements[i][j] for i in range(3)])
    assert gt.prod(a, axis=1)[2] == sympy.Mul(*elements[2])
    e = gt.tensor([(T + 1) ** 2, -(T**2) - 2 * T - 1])
    assert gt.symbolic.is_zero(gt.sum(e))


class CountingOps(gt.BaseOps):
    """Integers that count calls of add and sum: reductions must call ``sum`` once per block."""

    name = "counting"
    zero, one = 0, 1

    def __init__(self) -> None:
        self.adds = 0
        self.sums: list[int] = []

    def convert(self, v: Any) -> int:
        return int(v)

    def add(self, a: int, b: int) -> int:
        self.adds += 1
        return a + b

    def sum(self, values: Any) -> int:
        values = list(values)
        self.sums.append(len(values))
        return sum(values)

    mul = staticmethod(operator.mul)
    neg = staticmethod(operator.neg)
    equal = staticmethod(operator.eq)


def test_sum_makes_one_n_ary_call_per_output_element() -> None:
    ops = CountingOps()
    x = gt.tensor(list(range(24)), ops=ops).reshape((2, 3, 4))
    r = gt.sum(x, axis=(0, 2))
    assert r.tolist() == np.arange(24).reshape(2, 3, 4).sum(axis=(0, 2)).tolist()
    assert ops.adds == 0 and ops.sums == [8, 8, 8]
    gt.sum(x.T)
    assert ops.adds == 0 and ops.sums[-1] == 24


def test_modular_and_user_ring_reductions() -> None:
    m = gt.tensor([[3, 4], [5, 6]], ops=gt.modular(7))
    assert gt.sum(m) == 4 and gt.sum(m, axis=0).tolist() == [1, 3]
    assert gt.prod(m) == (3 * 4 * 5 * 6) % 7 and gt.prod(m, axis=1).tolist() == [5, 2]
    assert gt.any(gt.tensor([0, 0], ops=gt.modular(7))) is False
    with pytest.raises(gt.DomainError, match="min: modular"):
        gt.min(m)
    g = gt.tensor([[Gauss(1, 1), Gauss(2, -1)], [Gauss(0, 3), Gauss(1, 0)]])
    cg = np.array([[to_complex(v) for v in row] for row in g.tolist()], dtype=object)
    assert to_complex(gt.sum(g)) == cg.sum()
    assert [to_complex(v) for v in gt.sum(g, axis=0).tolist()] == cg.sum(axis=0).tolist()
    assert [to_complex(v) for v in gt.prod(g, axis=1).tolist()] == cg.prod(axis=1).tolist()
    assert to_complex(gt.prod(g.T)) == cg.prod()
    assert gt.all(g) is True and gt.any(gt.zeros(2, ops=gaussian)) is False
    with pytest.raises(gt.DomainError, match="max: gaussian"):
        gt.max(g)


def test_min_max_of_symbolic_numbers_and_undecidable_expressions() -> None:
    s = gt.tensor([sympy.Rational(1, 2), sympy.Integer(3), sympy.sqrt(2)])
    assert gt.max(s) == 3 and gt.min(s) == sympy.Rational(1, 2)
    with pytest.raises(gt.DomainError):
        gt.max(gt.tensor([T, 1]))


def test_all_any_use_the_semantic_zero_test() -> None:
    e = gt.tensor([[(T + 1) ** 2 - T**2 - 2 * T - 1, T], [1, 2]])
    assert gt.any(e, axis=1).tolist() == [True, True]
    assert gt.all(e, axis=1).tolist() == [False, True]
    assert gt.any(gt.tensor([(T + 1) ** 2 - T**2 - 2 * T - 1])) is False


def test_cumulative_sum_details() -> None:
    assert gt.cumulative_sum(gt.tensor(5)).tolist() == [5]
    assert gt.cumulative_sum(gt.tensor([1, 2]), include_initial=True).tolist() == [0, 1, 3]
    assert gt.cumulative_sum(gt.zeros((2, 0)), axis=1, include_initial=True).tolist() == [[0], [0]]
    s = gt.cumulative_sum(gt.symbols("a", 3))
    assert s[2] == sympy.Add(*gt.symbols("a", 3).tolist())
    m = gt.cumulative_sum(gt.tensor([3, 4, 5], ops=gt.modular(6)))
    assert m.ops is gt.modular(6) and m.tolist() == [3, 1, 0]
    with pytest.raises(gt.ShapeError, match="cumulative_sum: axis is required"):
        gt.cumulative_sum(gt.zeros((2, 2)))
    with pytest.raises(gt.AxisError):
        gt.cumulative_sum(gt.zeros((2, 2)), axis=2)


def test_reduce_details() -> None:
    x = gt.tensor([[1, 2, 3], [4, 5, 6]])
    assert gt.reduce(operator.mul, x) == 720
    assert gt.reduce(lambda a, b: a * 10 + b, x, axis=1).tolist() == [123, 456]
    assert gt.reduce(operator.add, x, axis=0, initial=100).tolist() == [105, 107, 109]
    assert gt.reduce(operator.add, x, axis=0, keepdims=True).shape == (1, 3)
    f = gt.reduce(lambda a, b: Fraction(a, b), x, axis=1)
    assert f.ops is gt.rationals and f.tolist() == [Fraction(1, 6), Fraction(4, 30)]
    kept = gt.reduce(gt.modular(7).add, x.astype(gt.modular(7)), axis=0, ops=gt.modular(7))
    assert kept.ops is gt.modular(7) and kept.tolist() == [5, 0, 2]
    assert gt.reduce(operator.add, gt.zeros((2, 0)), axis=1, initial=0).tolist() == [0, 0]
    with pytest.raises(gt.ShapeError, match="reduce: the reduction has no elements and no initial value"):
        gt.reduce(operator.add, gt.zeros((2, 0)), axis=1)
    with pytest.raises(TypeError, match="reduce: the first argument"):
        gt.reduce(3, x)  # type: ignore[arg-type]


def test_bad_axes() -> None:
    x = gt.zeros((2, 3))
    with pytest.raises(gt.AxisError, match="sum: axis 2 is out of range"):
        gt.sum(x, axis=2)
    with pytest.raises(gt.AxisError, match="max"):
        gt.max(x, axis=(0, -3))
    with pytest.raises(gt.ShapeError, match="prod: repeated axis"):
        gt.prod(x, axis=(0, -2))
    with pytest.raises(TypeError, match="all: axis must be"):
        gt.all(x, axis=True)
    with pytest.raises(TypeError):
        gt.sum(x, axis=1.0)
    with pytest.raises(gt.AxisError):
        gt.sum(gt.tensor(3), axis=0)


def test_large_strided_reductions_match_numpy() -> None:
    n = 120
    x = gt.arange(n * n).reshape((n, n))
    a = np.arange(n * n, dtype=object).reshape(n, n)
    for view, ref in [(x, a), (x.T, a.T), (gt.flip(x, axis=0), np.flip(a, axis=0)), (x[::-2, 1::3], a[::-2, 1::3])]:
        for axis in (0, 1, None, (0, 1)):
            assert np.array_equal(np.asarray(as_list(gt.sum(view, axis=axis)), dtype=object), ref.sum(axis=axis))
            assert as_list(gt.max(view, axis=axis)) == np.asarray(ref.max(axis=axis)).tolist()
    y = gt.arange(60).reshape((3, 4, 5))
    b = np.arange(60, dtype=object).reshape(3, 4, 5)
    for axis in [(0, 2), (1, 2), (0, 1), (2, 0)]:
        assert gt.sum(y.transpose(2, 0, 1), axis=axis).tolist() == b.transpose(2, 0, 1).sum(axis=axis).tolist()


def test_non_tensor_inputs() -> None:
    assert gt.sum([[1, 2], [3, 4]], axis=0).tolist() == [4, 6]
    assert gt.max([Fraction(1, 2), 0]) == Fraction(1, 2)
    assert gt.sum(5) == 5
