"""Layout arithmetic and the gather/scatter kernels, against explicit multi-index loops and NumPy."""

from __future__ import annotations

import itertools
from math import prod

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.core import kernels as _kernels
from gentensor.core.layout import (
    Layout,
    broadcast_shapes,
    collapse,
    contiguous_strides,
    normalize_axis,
    normalize_shape,
)

shapes = st.lists(st.integers(0, 4), max_size=5).map(tuple)


@st.composite
def layouts(draw, allow_zero_strides: bool = True, min_size: int = 0):
    """A random strided layout whose positions are all >= 0."""
    shape = tuple(draw(st.lists(st.integers(min_size, 4), max_size=4)))
    stride = st.integers(-6, 6) if allow_zero_strides else st.integers(-6, 6).filter(bool)
    strides = tuple(draw(stride) for _ in shape)
    low = sum((n - 1) * s for n, s in zip(shape, strides) if s < 0 and n > 0)
    offset = -low + draw(st.integers(0, 3))
    return Layout(shape, strides, offset)


def reference_positions(layout: Layout) -> list[int]:
    return [
        layout.offset + sum(i * s for i, s in zip(idx, layout.strides))
        for idx in itertools.product(*map(range, layout.shape))
    ]


@given(shapes)
def test_contiguous_strides_match_numpy(shape):
    lay = Layout.contiguous(shape)
    assert lay.strides == contiguous_strides(shape)
    assert lay.is_contiguous and lay.size == prod(shape) and lay.ndim == len(shape)
    if prod(shape):
        assert lay.strides == tuple(s // 8 for s in np.empty(shape, dtype=object).strides)
        assert reference_positions(lay) == list(range(prod(shape)))


@settings(max_examples=200)
@given(layouts())
def test_gather_and_positions_match_the_multi_index_loop(layout):
    expected = reference_positions(layout)
    top = max(expected, default=0)
    data = [f"e{k}" for k in range(top + 1)]
    assert _kernels.positions(layout) == expected
    assert _kernels.gather(data, layout) == [data[p] for p in expected]
    if expected:
        assert layout.extent() == (min(expected), max(expected))


@settings(max_examples=200)
@given(layouts(allow_zero_strides=False))
def test_scatter_matches_sequential_writes(layout):
    positions = reference_positions(layout)
    top = max(positions, default=0)
    data = list(range(-1, -top - 2, -1))
    expected = list(data)
    values = [f"v{k}" for k in range(len(positions))]
    for p, v in zip(positions, values):
        expected[p] = v
    _kernels.scatter(data, layout, values)
    assert data == expected


@given(layouts())
def test_collapse_keeps_the_walk(layout):
    shape, strides = collapse(layout.shape, layout.strides)
    if 0 in layout.shape:
        return
    merged = Layout(tuple(shape), tuple(strides), layout.offset)
    assert reference_positions(merged) == reference_positions(layout)
    assert 1 not in shape


def test_row_starts():
    assert _kernels.row_starts(5, (), ()) == [5]
    assert _kernels.row_starts(0, (2, 2), (-3, 0)) == [0, 0, -3, -3]


@given(layouts())
def test_is_contiguous_means_c_order_without_gaps(layout):
    if layout.size == 0:
        assert layout.is_contiguous
        return
    walk = reference_positions(layout)
    assert layout.is_contiguous == (walk == list(range(walk[0], walk[0] + layout.size)))


# -- normalize_axis / normalize_shape / broadcast_shapes ------------------------


def test_normalize_axis():
    assert [normalize_axis(a, 3, "f") for a in (-3, -1, 0, 2)] == [0, 2, 0, 2]
    assert normalize_axis(np.int64(-2), 2, "f") == 0
    with pytest.raises(gt.AxisError, match=r"^f: axis 3 is out of range for a tensor with ndim 3 \(valid: -3 to 2\)$"):
        normalize_axis(3, 3, "f")
    with pytest.raises(gt.AxisError, match="ndim 0"):
        normalize_axis(0, 0, "g")
    with pytest.raises(TypeError, match=r"g: axis must be an int \(got 1.0\)"):
        normalize_axis(1.0, 2, "g")
    with pytest.raises(IndexError):  # AxisError is also an IndexError, as NumPy's
        normalize_axis(-4, 3, "f")


def test_normalize_shape():
    assert normalize_shape(3, "f") == (3,)
    assert normalize_shape((2, 0), "f") == (2, 0)
    assert normalize_shape([np.int64(2)], "f") == (2,)
    assert normalize_shape((), "f") == ()
    with pytest.raises(gt.ShapeError, match=r"f: dimensions must be non-negative \(got \(2, -1\)\)"):
        normalize_shape((2, -1), "f")
    with pytest.raises(gt.ShapeError):
        normalize_shape(-1, "f")
    for bad in (2.0, (2, 1.5), "3", None, True, (True, 2), {2: 3}):
        with pytest.raises(TypeError, match="^f: "):
            normalize_shape(bad, "f")


small_shapes = st.lists(st.integers(0, 3), max_size=4).map(tuple)


@given(st.lists(small_shapes, min_size=1, max_size=4))
def test_broadcast_shapes_matches_numpy(shape_list):
    try:
        expected = np.broadcast_shapes(*shape_list)
    except ValueError:
        with pytest.raises(gt.ShapeError, match="do not broadcast"):
            broadcast_shapes(*shape_list)
        return
    assert broadcast_shapes(*shape_list) == expected


def test_broadcast_shapes_error_names_shapes_and_axis():
    with pytest.raises(gt.ShapeError, match=r"^add: shapes \(2, 3\) and \(4,\) do not broadcast: axis -1 has lengths 3 and 4"):
        broadcast_shapes((2, 3), (4,), func="add")
    assert broadcast_shapes(func="f") == ()


# -- Layout methods ---------------------------------------------------------------


def test_layout_value_semantics():
    a = Layout((2, 3), (3, 1), 0)
    assert a == Layout.contiguous((2, 3)) and hash(a) == hash(Layout.contiguous((2, 3)))
    assert a != Layout((2, 3), (3, 1), 1) and a != "layout"
    assert repr(a) == "Layout(shape=(2, 3), strides=(3, 1), offset=0)"


@given(layouts(), st.data())
def test_broadcast_to_and_flip_and_permute_walks(layout, data):
    ndim = layout.ndim
    perm = data.draw(st.permutations(range(ndim)))
    walk = reference_positions(layout)
    arr = np.array(walk, dtype=object).reshape(layout.shape) if ndim else np.array(walk[0], dtype=object)
    assert reference_positions(layout.permute(perm)) == np.transpose(arr, perm).reshape(-1).tolist()
    axes = data.draw(st.sets(st.integers(0, max(ndim - 1, 0)))) if ndim else set()
    assert reference_positions(layout.flip(sorted(axes))) == np.asarray(np.flip(arr, tuple(axes))).reshape(-1).tolist()
    target = tuple(data.draw(st.lists(st.integers(0, 2), max_size=2))) + tuple(
        data.draw(st.integers(0, 3)) if n == 1 else n for n in layout.shape
    )
    b = layout.broadcast_to(target)
    assert b is not None and b.shape == target
    assert reference_positions(b) == np.broadcast_to(arr, target).reshape(-1).tolist()
    if ndim and layout.shape[-1] > 1:
        assert layout.broadcast_to(layout.shape[:-1] + (layout.shape[-1] + 1,)) is None
    assert layout.broadcast_to(layout.shape[1:]) is None if ndim else True


def test_reshape_doctest_cases_and_offsets():
    base = Layout.contiguous((4, 6), offset=5)
    assert base.reshape((24,)) == Layout.contiguous((24,), 5)
    assert Layout((2, 3), (1, 2), 0).reshape((6,)) is None  # Fortran order: needs a copy
    # stride-0 axes of length 1 can be regrouped freely
    assert reference_positions(Layout((3, 1, 2), (-2, 0, 1), 4).reshape((3, 2))) == [4, 5, 2, 3, 0, 1]
    # a sliced row-major block keeps the inner run
    sl = Layout((2, 4), (12, 1), 3)
    assert reference_positions(sl.reshape((2, 2, 2))) == reference_positions(sl)
    assert sl.reshape((8,)) is None
