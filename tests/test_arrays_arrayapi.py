"""Creation (asarray, empty, *_like, linspace, meshgrid, tril, triu, dtype=/device=) and NumPy's shaping idioms.

Oracles: NumPy on object arrays (concatenate, stacks, roll, take_along_axis,
tril/triu, meshgrid, broadcast_arrays), Python's Fraction for exact linspace.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from arraytools import FRACTIONS, SMALL_INTS, flat, gt_of, np_of, shaped


# -- creation -------------------------------------------------------------------------------------
def test_dtype_is_a_synonym_of_ops_everywhere() -> None:
    for f, args in ((gt.zeros, (2,)), (gt.ones, (2,)), (gt.empty, (2,)), (gt.eye, (2,)), (gt.full, ((2,), 1))):
        assert f(*args, dtype=gt.float64).ops is gt.floats and f(*args, ops=gt.rationals).ops is gt.rationals
        assert f(*args, dtype="rationals").ops is gt.rationals
        with pytest.raises(TypeError, match="disagree"):
            f(*args, dtype=gt.floats, ops=gt.integers)
        assert f(*args, dtype=gt.floats, ops=gt.floats).ops is gt.floats
    assert gt.tensor([1, 2], dtype=gt.float64).tolist() == [1.0, 2.0]
    assert gt.arange(3, dtype=gt.rationals).ops is gt.rationals and gt.arange(1, stop=4, step=2).tolist() == [1, 3]
    assert gt.fromfunction(lambda i: i, (2,), dtype=gt.floats).tolist() == [0.0, 1.0]
    assert gt.zeros(shape=(1, 2)).shape == (1, 2) and gt.full(shape=2, fill_value=3).tolist() == [3, 3]


def test_device_is_cpu_only() -> None:
    for f, args in ((gt.zeros, (2,)), (gt.asarray, ([1],)), (gt.linspace, (0, 1, 2)), (gt.arange, (3,))):
        assert f(*args, device="cpu").device == "cpu"
        with pytest.raises(ValueError, match="cpu"):
            f(*args, device="cuda:0")
    x = gt.tensor([1])
    assert x.to_device("cpu") is x
    with pytest.raises(ValueError):
        x.to_device("gpu")


def test_asarray_copy_semantics() -> None:
    x = gt.tensor([1, 2])
    assert gt.asarray(x) is x and gt.asarray(x, copy=False) is x and gt.asarray(x, dtype=gt.integers) is x
    y = gt.asarray(x, copy=True)
    assert y is not x and not gt.shares_memory(x, y) and y.tolist() == [1, 2]
    assert gt.asarray(x, dtype=gt.rationals).ops is gt.rationals
    with pytest.raises(ValueError, match="copy=False"):
        gt.asarray(x, dtype=gt.rationals, copy=False)
    with pytest.raises(ValueError, match="copy=False"):
        gt.asarray([1, 2], copy=False)
    assert gt.asarray([[1, 2]], dtype=gt.floats).tolist() == [[1.0, 2.0]]
    assert gt.asarray(np.array([1, 2])).tolist() == [1, 2]


@settings(max_examples=40, deadline=None)
@given(data=shaped(st.one_of(SMALL_INTS, FRACTIONS)), fill=SMALL_INTS)
def test_like_functions_keep_shape_and_ops(data: Any, fill: int) -> None:
    values, shape = data
    x = gt_of(values, shape)
    for f, element in ((gt.zeros_like, x.ops.zero), (gt.ones_like, x.ops.one), (gt.empty_like, x.ops.zero)):
        y = f(x)
        assert y.shape == shape and y.ops is x.ops and flat(y) == [element] * x.size
    z = gt.full_like(x, fill)
    assert z.shape == shape and z.ops is x.ops and flat(z) == [fill] * x.size
    assert gt.zeros_like(x, dtype=gt.floats).ops is gt.floats
    with pytest.raises(TypeError):
        gt.full_like(gt.tensor([1]), 0.5)


# Values near 2**62 on both sides: NumPy computes the numerators and gcds only where they fit a word.
WORD_EDGE = st.integers(2**61, 2**64).map(lambda v: v * (-1) ** (v % 2))


@settings(max_examples=60, deadline=None)
@given(a=st.one_of(SMALL_INTS, FRACTIONS, WORD_EDGE), b=st.one_of(SMALL_INTS, FRACTIONS, WORD_EDGE), num=st.integers(0, 9), endpoint=st.booleans())
def test_linspace_is_exact(a: Any, b: Any, num: int, endpoint: bool) -> None:
    x = gt.linspace(a, b, num, endpoint=endpoint)
    steps = (num - 1 if endpoint else num) or 1
    expected = [Fraction(a) + (Fraction(b) - Fraction(a)) * k / steps for k in range(num)]
    assert x.shape == (num,) and [Fraction(v) for v in x.tolist()] == expected
    if num >= 2 and endpoint:
        assert x.tolist()[-1] == b
    whole = all(v.denominator == 1 for v in expected) and isinstance(a, int) and isinstance(b, int)
    assert x.ops is (gt.integers if whole else gt.rationals)


@settings(max_examples=30, deadline=None)
@given(a=st.floats(-100, 100), b=st.floats(-100, 100), num=st.integers(0, 9), endpoint=st.booleans())
def test_float_linspace_matches_numpy(a: float, b: float, num: int, endpoint: bool) -> None:
    ours = gt.linspace(a, b, num, endpoint=endpoint).tolist()
    theirs = np.linspace(a, b, num, endpoint=endpoint).tolist()
    assert len(ours) == len(theirs) and all(abs(u - v) <= 1e-9 * (1 + abs(v)) for u, v in zip(ours, theirs))


def test_linspace_errors_and_dtype() -> None:
    assert gt.linspace(0, 1, 3, dtype=gt.float64).tolist() == [0.0, 0.5, 1.0]
    with pytest.raises(ValueError):
        gt.linspace(0, 1, -1)
    with pytest.raises(TypeError):
        gt.linspace(0, 1, 2.5)
    with pytest.raises(TypeError):
        gt.linspace("a", 1, 2)


@settings(max_examples=30, deadline=None)
@given(sizes=st.lists(st.integers(0, 3), min_size=0, max_size=3), indexing=st.sampled_from(["xy", "ij"]))
def test_meshgrid_matches_numpy(sizes: list[int], indexing: str) -> None:
    vectors = [list(range(10 * k, 10 * k + n)) for k, n in enumerate(sizes)]
    ours = gt.meshgrid(*[gt.tensor(v, ops=gt.integers) for v in vectors], indexing=indexing)
    theirs = np.meshgrid(*[np.array(v, dtype=object) for v in vectors], indexing=indexing)
    assert len(ours) == len(theirs)
    for o, t in zip(ours, theirs):
        assert o.shape == t.shape and o.tolist() == t.tolist() and o.base is None


@settings(max_examples=40, deadline=None)
@given(data=shaped(SMALL_INTS, min_dims=2, max_dims=4), k=st.integers(-4, 4))
def test_tril_triu_match_numpy(data: Any, k: int) -> None:
    values, shape = data
    x, arr = gt_of(values, shape), np_of(values, shape)
    assert gt.tril(x, k=k).tolist() == np.tril(arr, k).tolist()
    assert gt.triu(x, k=k).tolist() == np.triu(arr, k).tolist()
    assert gt.tril(x).ops is x.ops and not gt.shares_memory(gt.triu(x), x)


def test_triangles_need_matrices() -> None:
    with pytest.raises(gt.ShapeError):
        gt.tril(gt.tensor([1, 2]))
    assert gt.triu(gt.tensor([[1, 2], [3, 4]], ops=gt.modular(5))).tolist() == [[1, 2], [0, 4]]


# -- shaping idioms --------------------------------------------------------------------------------
@settings(max_examples=50, deadline=None)
@given(data=st.lists(shaped(SMALL_INTS, max_dims=3, max_side=3), min_size=1, max_size=3))
def test_numpy_stacking_idioms_match_numpy(data: list[Any]) -> None:
    ours = [gt_of(v, s) for v, s in data]
    theirs = [np_of(v, s) for v, s in data]
    for name in ("hstack", "vstack", "dstack", "column_stack", "concatenate"):
        try:
            expected = getattr(np, name)(theirs)
        except ValueError:
            with pytest.raises(gt.ShapeError):
                getattr(gt, name)(ours)
            continue
        result = getattr(gt, name)(ours)
        assert result.shape == expected.shape and result.tolist() == expected.tolist(), name


@settings(max_examples=50, deadline=None)
@given(data=shaped(SMALL_INTS, max_dims=3), shift=st.integers(-7, 7), axis_seed=st.integers(0, 2))
def test_roll_ravel_flatten_match_numpy(data: Any, shift: int, axis_seed: int) -> None:
    values, shape = data
    x, arr = gt_of(values, shape), np_of(values, shape)
    assert gt.roll(x, shift).tolist() == np.roll(arr, shift).tolist()
    if shape:
        axis = axis_seed % len(shape)
        assert gt.roll(x, shift, axis=axis).tolist() == np.roll(arr, shift, axis=axis).tolist()
        axes = tuple(range(len(shape)))
        assert gt.roll(x, (shift,) * len(axes), axis=axes).tolist() == np.roll(arr, (shift,) * len(axes), axis=axes).tolist()
    assert gt.ravel(x).tolist() == np.ravel(arr).tolist() == gt.flatten(x).tolist() == x.flatten().tolist()
    assert not gt.shares_memory(gt.flatten(x), x) or x.size == 0
    assert not gt.shares_memory(gt.roll(x, shift), x) or x.size == 0


def test_ravel_is_a_view_when_it_can_be() -> None:
    x = gt.arange(6).reshape((2, 3))
    assert gt.ravel(x).base is x.base and gt.ravel(x.T).base is None
    with pytest.raises(gt.ShapeError):
        gt.roll(x, (1, 2), axis=0)


@settings(max_examples=50, deadline=None)
@given(data=shaped(SMALL_INTS, min_dims=1, max_dims=3, min_side=1), axis_seed=st.integers(0, 2), m=st.integers(0, 3), seed=st.integers(0, 10**6))
def test_take_along_axis_matches_numpy(data: Any, axis_seed: int, m: int, seed: int) -> None:
    values, shape = data
    axis = axis_seed % len(shape)
    x, arr = gt_of(values, shape), np_of(values, shape)
    rng = np.random.default_rng(seed)
    idx_shape = shape[:axis] + (m,) + shape[axis + 1:]
    idx = rng.integers(-shape[axis], shape[axis], size=idx_shape)
    expected = np.take_along_axis(arr, idx, axis=axis)
    result = gt.take_along_axis(x, gt.tensor(idx.tolist() if idx.size else [], ops=gt.integers).reshape(idx_shape), axis=axis)
    assert result.shape == expected.shape and result.tolist() == expected.tolist()


def test_take_along_axis_errors() -> None:
    x = gt.tensor([[1, 2], [3, 4]])
    with pytest.raises(IndexError):
        gt.take_along_axis(x, gt.tensor([[2], [0]]), axis=1)
    with pytest.raises(gt.ShapeError):
        gt.take_along_axis(x, gt.tensor([0]), axis=1)
    with pytest.raises(TypeError):
        gt.take_along_axis(x, gt.tensor([[0.5]]), axis=1)


@settings(max_examples=40, deadline=None)
@given(data=st.lists(shaped(SMALL_INTS, max_dims=3, max_side=3), min_size=0, max_size=3))
def test_broadcast_arrays_match_numpy(data: list[Any]) -> None:
    ours = [gt_of(v, s) for v, s in data]
    theirs = [np_of(v, s) for v, s in data]
    try:
        expected = np.broadcast_arrays(*theirs)
    except ValueError:
        with pytest.raises(gt.ShapeError):
            gt.broadcast_arrays(*ours)
        return
    result = gt.broadcast_arrays(*ours)
    assert [r.tolist() for r in result] == [e.tolist() for e in expected]
    assert all(gt.shares_memory(r, o) or r.size == 0 for r, o in zip(result, ours))
