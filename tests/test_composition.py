"""Tests of gentensor.arrays.composition: concat, stack, unstack, split, take, tile, repeat, where.

Oracle: NumPy object arrays holding the very same element objects, so every
built-in ops and the toy ring (Gaussian integers) run the same suite.  Inputs
are drawn as plain tensors and as strided views (transposed, flipped,
stepped) so the gathers see negative and non-unit strides.
"""

from __future__ import annotations

from fractions import Fraction
from math import prod
from typing import Any, Callable

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from toyring import Gauss, gaussian

import gentensor as gt

X = sympy.Symbol("x")

# name -> (ops, element made from a small int)
RINGS: dict[str, tuple[Any, Callable[[int], Any]]] = {
    "integers": (gt.integers, lambda v: v),
    "rationals": (gt.rationals, lambda v: Fraction(v, 3)),
    "floats": (gt.floats, lambda v: v / 4),
    "symbolic": (gt.symbolic, lambda v: v * X + 1),
    "modular7": (gt.modular(7), lambda v: v % 7),
    "gaussian": (gaussian, lambda v: Gauss(v, v % 3 - 1)),
}
RING_NAMES = list(RINGS)


def build(ring: str, ints: list[int], shape: tuple[int, ...], view: str = "plain") -> gt.Tensor:
    """A tensor of ``shape`` over ``ring``, laid out as a contiguous tensor or a strided view."""
    ops, make = RINGS[ring]
    size = prod(shape)
    values = [make(v) for v in ints[:size]]
    if view == "transposed" and len(shape) >= 2:
        return gt.tensor(values, ops=ops).reshape(shape[::-1]).T
    if view == "flipped" and shape:
        return gt.flip(gt.tensor(values, ops=ops).reshape(shape))
    if view == "stepped" and shape:
        doubled = [w for v in values for w in (v, make(0))]
        wide = gt.tensor(doubled, ops=ops).reshape(shape[:-1] + (2 * shape[-1],))
        return wide[..., ::2]
    return gt.tensor(values, ops=ops).reshape(shape)


def to_numpy(x: gt.Tensor) -> np.ndarray:
    """An object array of the same shape holding the same element objects."""
    arr = np.empty(x.shape, dtype=object)
    flat = x.reshape(-1).tolist()
    for i, v in enumerate(flat):
        arr.flat[i] = v
    return arr


def flat(x: gt.Tensor) -> list[Any]:
    return x.reshape(-1).tolist()


def assert_matches(result: gt.Tensor, expected: Any) -> None:
    expected = np.asarray(expected, dtype=object)  # NumPy hands back 0-d results as bare elements
    assert isinstance(result, gt.Tensor)
    assert result.shape == expected.shape
    assert flat(result) == list(expected.flat)


@st.composite
def tensors(draw: Any, ring: str, shape: tuple[int, ...]) -> gt.Tensor:
    ints = draw(st.lists(st.integers(-9, 9), min_size=prod(shape), max_size=prod(shape)))
    view = draw(st.sampled_from(["plain", "transposed", "flipped", "stepped"]))
    return build(ring, ints, shape, view)


shapes = st.lists(st.integers(0, 3), min_size=1, max_size=4).map(tuple)
ring_param = pytest.mark.parametrize("ring", RING_NAMES)


# -- concat -----------------------------------------------------------------------
@ring_param
@settings(max_examples=25)
@given(data=st.data(), base=shapes)
def test_concat_matches_numpy(ring: str, data: Any, base: tuple[int, ...]) -> None:
    axis = data.draw(st.integers(-len(base), len(base) - 1))
    lengths = data.draw(st.lists(st.integers(0, 3), min_size=1, max_size=4))
    shapes_ = [base[: axis % len(base)] + (n,) + base[axis % len(base) + 1 :] for n in lengths]
    xs = [data.draw(tensors(ring, s)) for s in shapes_]
    result = gt.concat(xs, axis=axis)
    assert_matches(result, np.concatenate([to_numpy(x) for x in xs], axis=axis))
    assert result.ops is xs[0].ops and result.base is None


@ring_param
@settings(max_examples=15)
@given(data=st.data())
def test_concat_axis_none_flattens(ring: str, data: Any) -> None:
    xs = [data.draw(tensors(ring, s)) for s in data.draw(st.lists(shapes, min_size=1, max_size=3))]
    result = gt.concat(xs, axis=None)
    assert_matches(result, np.concatenate([to_numpy(x) for x in xs], axis=None))


def test_concat_promotes_and_converts() -> None:
    a = gt.tensor([1, 2])
    b = gt.tensor([Fraction(1, 2)])
    result = gt.concat([a, b])
    assert result.ops is gt.rationals
    assert result.tolist() == [1, 2, Fraction(1, 2)]
    assert all(type(v) is Fraction for v in result.tolist())
    mixed = gt.concat([gt.tensor([True, False]), gt.tensor([5])])
    assert mixed.ops is gt.integers and [type(v) for v in mixed.tolist()] == [int, int, int]
    modular = gt.concat([gt.tensor([9], ops=gt.modular(7)), gt.tensor([10])])
    assert modular.ops is gt.modular(7) and modular.tolist() == [2, 3]
    toy = gt.concat([gt.tensor([Gauss(1, 1)]), gt.tensor([3])])
    assert toy.ops is gaussian and toy.tolist() == [Gauss(1, 1), Gauss(3, 0)]
    symbolic = gt.concat([gt.tensor([X]), gt.tensor([Fraction(1, 2)])])
    assert symbolic.ops is gt.symbolic and symbolic.tolist() == [X, sympy.Rational(1, 2)]


def test_concat_reads_broadcast_and_readonly_views() -> None:
    row = gt.broadcast_to(gt.tensor([1, 2]), (3, 2))
    result = gt.concat([row, gt.tensor([[7, 8]])])
    assert result.tolist() == [[1, 2], [1, 2], [1, 2], [7, 8]]
    result[0, 0] = 99  # the result owns fresh storage: writable, and the source is untouched
    assert row.tolist() == [[1, 2]] * 3


def test_concat_errors_name_shapes_and_axis() -> None:
    a, b = gt.zeros((2, 3)), gt.zeros((4, 5))
    with pytest.raises(gt.ShapeError, match=r"concat: shapes \(2, 3\) and \(4, 5\) differ along axis 0; .*joining axis 1"):
        gt.concat([a, b], axis=1)
    with pytest.raises(gt.ShapeError, match=r"same ndim \(got shapes \(2, 3\) and \(3,\)"):
        gt.concat([a, gt.zeros(3)])
    with pytest.raises(gt.ShapeError, match="0-d tensors"):
        gt.concat([gt.tensor(1), gt.tensor(2)])
    with pytest.raises(gt.ShapeError, match="at least one tensor"):
        gt.concat([])
    with pytest.raises(gt.AxisError, match="axis 2 is out of range"):
        gt.concat([a, a], axis=2)
    with pytest.raises(TypeError, match="a single Tensor"):
        gt.concat(a)
    with pytest.raises(TypeError, match="expected a sequence of tensors"):
        gt.concat(5)
    with pytest.raises(gt.OpsMismatchError, match=r"concat: .*modular\(5\) and modular\(7\)"):
        gt.concat([gt.zeros(2, ops=gt.modular(5)), gt.zeros(2, ops=gt.modular(7))])
    assert a.tolist() == [[0] * 3] * 2 and b.shape == (4, 5)


@pytest.mark.parametrize("shape", [(40, 2), (2, 40), (3, 9), (9, 3), (50, 1)])
@pytest.mark.parametrize("axis", [0, 1])
def test_concat_copy_paths_with_offset_views(shape: tuple[int, int], axis: int) -> None:
    # Contiguous views with an offset are read straight from storage: check both placement paths.
    base = gt.arange(prod(shape) + shape[1]).reshape((shape[0] + 1, shape[1]))
    x = base[1:]
    assert x.is_contiguous and x._layout.offset == shape[1]
    y = gt.flip(gt.arange(prod(shape)).reshape(shape))
    result = gt.concat([x, y, x], axis=axis)
    assert_matches(result, np.concatenate([to_numpy(x), to_numpy(y), to_numpy(x)], axis=axis))
    stacked = gt.stack([x, y], axis=-1)
    assert_matches(stacked, np.stack([to_numpy(x), to_numpy(y)], axis=-1))


def test_concat_accepts_nested_lists() -> None:
    assert gt.concat([gt.tensor([1]), [2, 3]]).tolist() == [1, 2, 3]


# -- stack / unstack ------------------------------------------------------------------
@ring_param
@settings(max_examples=20)
@given(data=st.data(), shape=st.lists(st.integers(0, 3), max_size=3).map(tuple), count=st.integers(1, 3))
def test_stack_matches_numpy_and_concat_of_expand_dims(ring: str, data: Any, shape: tuple[int, ...], count: int) -> None:
    axis = data.draw(st.integers(-len(shape) - 1, len(shape)))
    xs = [data.draw(tensors(ring, shape)) for _ in range(count)]
    result = gt.stack(xs, axis=axis)
    assert_matches(result, np.stack([to_numpy(x) for x in xs], axis=axis))
    via_concat = gt.concat([gt.expand_dims(x, axis=axis) for x in xs], axis=axis)
    assert result.shape == via_concat.shape and flat(result) == flat(via_concat)


def test_stack_errors() -> None:
    with pytest.raises(gt.ShapeError, match=r"stack: all tensors must have the same shape \(got \(2,\) at position 0 and \(3,\) at position 1\)"):
        gt.stack([gt.zeros(2), gt.zeros(3)])
    with pytest.raises(gt.AxisError):
        gt.stack([gt.zeros(2)], axis=2)
    with pytest.raises(gt.ShapeError, match="at least one"):
        gt.stack([])


@ring_param
@settings(max_examples=20)
@given(data=st.data(), shape=shapes)
def test_unstack_gives_views_matching_numpy(ring: str, data: Any, shape: tuple[int, ...]) -> None:
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    x = data.draw(tensors(ring, shape))
    parts = gt.unstack(x, axis=axis)
    arr = to_numpy(x)
    assert isinstance(parts, tuple) and len(parts) == shape[axis]
    for i, part in enumerate(parts):
        assert_matches(part, np.take(arr, i, axis=axis))
        assert part.size == 0 or gt.shares_memory(part, x)
    if parts and parts[0].size:
        ops, make = RINGS[ring]
        parts[0][(0,) * parts[0].ndim] = make(5)
        index = [0] * x.ndim
        index[axis % x.ndim] = 0
        assert x[tuple(index)] == make(5)


def test_unstack_errors() -> None:
    with pytest.raises(gt.AxisError, match="unstack: axis 0 is out of range for a tensor with ndim 0"):
        gt.unstack(gt.tensor(3))
    with pytest.raises(gt.AxisError):
        gt.unstack(gt.zeros((2, 2)), axis=-3)


# -- split ---------------------------------------------------------------------------
@ring_param
@settings(max_examples=20)
@given(data=st.data(), shape=shapes)
def test_split_points_match_numpy_and_concat_inverts(ring: str, data: Any, shape: tuple[int, ...]) -> None:
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    n = shape[axis]
    points = data.draw(st.lists(st.integers(-n - 2, n + 2), max_size=4))
    x = data.draw(tensors(ring, shape))
    parts = gt.split(x, points, axis=axis)
    expected = np.split(to_numpy(x), points, axis=axis)
    assert len(parts) == len(expected)
    for part, exp in zip(parts, expected):
        assert_matches(part, exp)
        assert part.size == 0 or gt.shares_memory(part, x)
    if all(p >= 0 for p in points) and points == sorted(points):
        joined = gt.concat(parts, axis=axis)
        assert joined.shape == x.shape and flat(joined) == flat(x)


@ring_param
@settings(max_examples=20)
@given(data=st.data(), shape=shapes)
def test_split_sections_match_numpy(ring: str, data: Any, shape: tuple[int, ...]) -> None:
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    n = shape[axis]
    sections = data.draw(st.sampled_from([d for d in range(1, n + 1) if n % d == 0] or [1, 2, 3]))
    x = data.draw(tensors(ring, shape))
    parts = gt.split(x, sections, axis=axis)
    expected = np.split(to_numpy(x), sections, axis=axis)
    assert len(parts) == sections
    for part, exp in zip(parts, expected):
        assert_matches(part, exp)
    joined = gt.concat(parts, axis=axis)
    assert joined.shape == x.shape and flat(joined) == flat(x)


def test_split_errors() -> None:
    x = gt.arange(6).reshape((2, 3))
    with pytest.raises(gt.ShapeError, match=r"split: 2 sections do not divide axis 1 of length 3 \(shape \(2, 3\)\)"):
        gt.split(x, 2, axis=1)
    with pytest.raises(gt.ShapeError, match="must be positive"):
        gt.split(x, 0)
    with pytest.raises(gt.AxisError):
        gt.split(x, 1, axis=2)
    with pytest.raises(TypeError, match="int or a sequence of ints"):
        gt.split(x, 1.5)
    with pytest.raises(TypeError):
        gt.split(x, True)
    with pytest.raises(gt.AxisError):
        gt.split(gt.tensor(1), 1)
    assert [p.tolist() for p in gt.split(x, gt.tensor([1]), axis=1)] == [[[0], [3]], [[1, 2], [4, 5]]]


# -- take --------------------------------------------------------------------------
@ring_param
@settings(max_examples=25)
@given(data=st.data(), shape=shapes)
def test_take_matches_numpy(ring: str, data: Any, shape: tuple[int, ...]) -> None:
    axis = data.draw(st.one_of(st.none(), st.integers(-len(shape), len(shape) - 1)))
    n = prod(shape) if axis is None else shape[axis]
    x = data.draw(tensors(ring, shape))
    if n:
        index = st.integers(-n, n - 1)
        indices = data.draw(
            st.one_of(index, st.lists(index, max_size=5), st.lists(st.lists(index, min_size=2, max_size=2), max_size=2))
        )
    else:
        indices = []
    result = gt.take(x, indices, axis=axis)
    expected = np.take(to_numpy(x), np.array(indices, dtype=np.intp), axis=axis)
    assert_matches(result, expected)
    assert result.base is None and result.ops is x.ops


def test_take_accepts_tensors_ranges_and_empty() -> None:
    x = gt.tensor([[1, 2, 3], [4, 5, 6]])
    assert gt.take(x, gt.tensor([2, 2]), axis=1).tolist() == [[3, 3], [6, 6]]
    assert gt.take(x, range(1, -1, -1)).tolist() == [[4, 5, 6], [1, 2, 3]]
    assert gt.take(x, [], axis=1).shape == (2, 0)
    assert gt.take(gt.zeros((0, 2)), [], axis=0).shape == (0, 2)


def test_take_errors() -> None:
    x = gt.tensor([[1, 2, 3], [4, 5, 6]])
    with pytest.raises(IndexError, match=r"take: index 3 is out of range for axis 1 with length 3"):
        gt.take(x, [0, 3], axis=1)
    with pytest.raises(IndexError, match="index -3 is out of range for axis 0 with length 2"):
        gt.take(x, [-3])
    with pytest.raises(IndexError):
        gt.take(gt.zeros((0, 2)), [0])
    with pytest.raises(TypeError, match="bools"):
        gt.take(x, [True, False])
    with pytest.raises(TypeError, match="bool"):
        gt.take(x, True)
    with pytest.raises(TypeError, match="ints"):
        gt.take(x, [Fraction(1, 2)])
    with pytest.raises(gt.AxisError):
        gt.take(x, [0], axis=2)
    assert x.tolist() == [[1, 2, 3], [4, 5, 6]]


# -- tile / repeat -------------------------------------------------------------------
@ring_param
@settings(max_examples=20)
@given(
    data=st.data(),
    shape=st.lists(st.integers(0, 3), max_size=3).map(tuple),
    reps=st.one_of(st.integers(0, 3), st.lists(st.integers(0, 3), max_size=4).map(tuple)),
)
def test_tile_matches_numpy(ring: str, data: Any, shape: tuple[int, ...], reps: Any) -> None:
    x = data.draw(tensors(ring, shape))
    result = gt.tile(x, reps)
    assert_matches(result, np.tile(to_numpy(x), reps))


@ring_param
@settings(max_examples=20)
@given(data=st.data(), shape=shapes)
def test_repeat_matches_numpy(ring: str, data: Any, shape: tuple[int, ...]) -> None:
    axis = data.draw(st.one_of(st.none(), st.integers(-len(shape), len(shape) - 1)))
    n = prod(shape) if axis is None else shape[axis]
    repeats = data.draw(
        st.one_of(st.integers(0, 3), st.lists(st.integers(0, 3), min_size=n, max_size=n), st.just([2]))
    )
    x = data.draw(tensors(ring, shape))
    result = gt.repeat(x, repeats, axis=axis)
    assert_matches(result, np.repeat(to_numpy(x), repeats, axis=axis))


def test_repeat_block_paths_agree() -> None:
    # A tall tensor takes the strided path, a wide one the slice path: both must agree with NumPy.
    for shape in [(40, 2), (2, 40), (1, 5), (5, 1)]:
        x = gt.arange(prod(shape)).reshape(shape)
        for axis in (None, 0, 1):
            assert_matches(gt.repeat(x, 3, axis=axis), np.repeat(to_numpy(x), 3, axis=axis))
        assert_matches(gt.tile(x, (2, 3)), np.tile(to_numpy(x), (2, 3)))


def test_tile_and_repeat_errors() -> None:
    x = gt.tensor([[1, 2], [3, 4]])
    with pytest.raises(gt.ShapeError, match="tile: reps must be non-negative"):
        gt.tile(x, (1, -1))
    with pytest.raises(TypeError, match="tile: reps"):
        gt.tile(x, 1.5)
    with pytest.raises(gt.ShapeError, match=r"repeat: 3 counts do not match axis 0 of length 2 \(shape \(2, 2\)\)"):
        gt.repeat(x, [1, 2, 3], axis=0)
    with pytest.raises(gt.ShapeError, match="repeat: repeats must be non-negative"):
        gt.repeat(x, -1)
    with pytest.raises(TypeError):
        gt.repeat(x, [True, False], axis=0)
    with pytest.raises(gt.AxisError):
        gt.repeat(x, 2, axis=2)
    assert x.tolist() == [[1, 2], [3, 4]]


# -- where ---------------------------------------------------------------------------
@ring_param
@settings(max_examples=25)
@given(data=st.data())
def test_where_broadcasts_like_numpy(ring: str, data: Any) -> None:
    import hypothesis.extra.numpy as hnp

    shapes3 = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=3, min_side=0, max_side=3))
    sc, sx, sy = shapes3.input_shapes
    cond = data.draw(st.lists(st.booleans(), min_size=prod(sc), max_size=prod(sc)))
    c = gt.tensor(cond, ops=gt.booleans).reshape(sc)
    x = data.draw(tensors(ring, sx))
    y = data.draw(tensors(ring, sy))
    result = gt.where(c, x, y)
    assert_matches(result, np.where(to_numpy(c).astype(bool), to_numpy(x), to_numpy(y)))


def test_where_scalars_lists_and_promotion() -> None:
    x = gt.tensor([[1, -2], [-3, 4]])
    assert gt.where([[True, False], [False, True]], x, 0).tolist() == [[1, 0], [0, 4]]
    half = gt.where([True, False], x, Fraction(1, 2))
    assert half.ops is gt.rationals and half.tolist() == [[1, Fraction(1, 2)], [-3, Fraction(1, 2)]]
    assert all(type(v) is Fraction for row in half.tolist() for v in row)
    toy = gt.where([False, True], gt.tensor([Gauss(0, 1), Gauss(0, 2)]), 7)
    assert toy.ops is gaussian and toy.tolist() == [Gauss(7, 0), Gauss(0, 2)]
    assert gt.where([], gt.zeros(0), 1).shape == (0,)
    zero_d = gt.where(gt.tensor(True), 1, 2)
    assert zero_d.shape == () and zero_d.item() == 1


def test_where_errors() -> None:
    x = gt.zeros((2, 3))
    with pytest.raises(TypeError, match="where: the condition must hold bools"):
        gt.where(gt.tensor([1, 0, 1]), x, x)
    with pytest.raises(gt.ShapeError, match=r"where: shapes .* do not broadcast"):
        gt.where([True, False], x, x)
    with pytest.raises(gt.OpsMismatchError, match="where"):
        gt.where([True], gt.zeros(1, ops=gt.modular(5)), gt.zeros(1, ops=gt.modular(7)))
