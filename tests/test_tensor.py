"""The Tensor core against NumPy object arrays: views, indexing, writes through views.

The oracle trick: the tensor under test holds its own storage positions
(``gt.arange(n)``) and so does a NumPy object array.  After the same chain of
views, both must show the same elements (= the same positions), and a write
through any key must land exactly at the positions NumPy's read of that key
selects.
"""

from __future__ import annotations

import pickle
import threading
import warnings
from fractions import Fraction
from math import prod

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from tests.toyring import Gauss, gaussian

# ---------------------------------------------------------------------------
# strategies
# ---------------------------------------------------------------------------

shapes = st.lists(st.integers(0, 4), min_size=0, max_size=5).map(tuple)
nonempty_shapes = st.lists(st.integers(1, 4), min_size=0, max_size=4).map(tuple)


def draw_int_index(data: st.DataObject, n: int) -> int:
    return data.draw(st.integers(-n, n - 1), label="int index")


def draw_slice(data: st.DataObject, n: int) -> slice:
    bound = st.none() | st.integers(-n - 2, n + 2)
    step = st.none() | st.integers(-3, 3).filter(bool)
    return slice(data.draw(bound), data.draw(bound), data.draw(step))


def draw_basic_key(data: st.DataObject, shape: tuple[int, ...]) -> tuple:
    """Ints (negative too), slices with any step, one optional ``...`` and some ``None``."""
    ndim = len(shape)
    use_ellipsis = data.draw(st.booleans(), label="ellipsis")
    n_front = data.draw(st.integers(0, ndim), label="front")
    n_back = data.draw(st.integers(0, ndim - n_front), label="back") if use_ellipsis else 0
    axes = list(range(n_front)) + list(range(ndim - n_back, ndim))
    items: list = []
    for axis in axes:
        n = shape[axis]
        if n and data.draw(st.booleans()):
            items.append(draw_int_index(data, n))
        else:
            items.append(draw_slice(data, n))
    if use_ellipsis:
        items.insert(n_front, Ellipsis)
    for _ in range(data.draw(st.integers(0, 2), label="newaxes")):
        items.insert(data.draw(st.integers(0, len(items))), None)
    return tuple(items)


def draw_permutation(data: st.DataObject, ndim: int) -> tuple[int, ...]:
    return tuple(data.draw(st.permutations(range(ndim)), label="perm"))


def draw_axis(data: st.DataObject, ndim: int) -> int:
    return data.draw(st.integers(-ndim, ndim - 1), label="axis")


def draw_factor_shape(data: st.DataObject, size: int) -> tuple[int, ...]:
    """A random shape with ``size`` elements (zero sizes get a random zero-length axis)."""
    ndim = data.draw(st.integers(0 if size == 1 else 1, 4), label="reshape ndim")
    if size == 0:
        dims = [data.draw(st.integers(0, 3)) for _ in range(ndim)]
        dims[data.draw(st.integers(0, ndim - 1))] = 0
        return tuple(dims)
    dims = [1] * ndim
    rest = size
    for p in _prime_factors(size):
        dims[data.draw(st.integers(0, ndim - 1))] *= p
        rest //= p
    if data.draw(st.booleans(), label="insert ones") and ndim < 5:
        dims.insert(data.draw(st.integers(0, len(dims))), 1)
    return tuple(dims)


def _prime_factors(n: int) -> list[int]:
    out, p = [], 2
    while n > 1:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    return out


VIEW_OPS = [
    "index", "T", "mT", "transpose", "permute_dims", "swapaxes", "moveaxis", "squeeze",
    "expand_dims", "flip", "broadcast_to", "diagonal", "reshape", "matrix_transpose",
]


class Chain:
    """A tensor and the NumPy positions array it must agree with, stepped together."""

    def __init__(self, shape: tuple[int, ...], ops=None, make=None) -> None:
        self.ops, self.make = ops, make
        self.reset(shape)
        self.steps: list[str] = []

    def reset(self, shape: tuple[int, ...]) -> None:
        n = prod(shape)
        if self.make is None:
            self.x = gt.arange(n).reshape(shape, copy=True)
        else:
            self.x = gt.tensor([self.make(p) for p in range(n)], ops=self.ops).reshape(shape, copy=True)
        self.a = np.arange(n, dtype=object).reshape(shape)
        self.y = self.x
        self.b = self.a
        self.readonly = False

    def elements(self, positions: np.ndarray) -> np.ndarray:
        """The elements of the owner at these storage positions."""
        if self.make is None:
            return positions
        out = np.empty(positions.shape, dtype=object)
        out.reshape(-1)[:] = [self.make(p) for p in positions.reshape(-1).tolist()] or []
        return out

    def step(self, data: st.DataObject) -> None:
        y, b = self.y, self.b
        ndim = y.ndim
        op = data.draw(st.sampled_from(VIEW_OPS), label="op")
        if op in ("mT", "diagonal", "matrix_transpose") and ndim < 2:
            op = "T"
        if op == "index":
            key = draw_basic_key(data, y.shape)
            y2, b2 = y[key], b[key]
            if not isinstance(b2, np.ndarray):  # every axis indexed by an int: an element
                assert y2 == self.elements(np.asarray(b2, dtype=object)).item()
                return
        elif op == "T":
            y2, b2 = y.T, b.T
        elif op == "mT":
            y2, b2 = y.mT, np.swapaxes(b, -1, -2)
        elif op == "matrix_transpose":
            y2, b2 = gt.matrix_transpose(y), np.matrix_transpose(b)
        elif op == "transpose":
            perm = draw_permutation(data, ndim)
            y2 = y.transpose(*perm) if data.draw(st.booleans()) else y.transpose(perm)
            b2 = b.transpose(perm)
        elif op == "permute_dims":
            perm = draw_permutation(data, ndim)
            y2, b2 = gt.permute_dims(y, perm), np.permute_dims(b, perm)
        elif op == "swapaxes":
            if not ndim:
                return
            i, j = draw_axis(data, ndim), draw_axis(data, ndim)
            y2, b2 = gt.swapaxes(y, i, j), np.swapaxes(b, i, j)
        elif op == "moveaxis":
            if not ndim:
                return
            k = data.draw(st.integers(1, ndim))
            src = data.draw(st.permutations(range(ndim)))[:k]
            dst = data.draw(st.permutations(range(-ndim, 0)))[:k]
            if k == 1 and data.draw(st.booleans()):
                src, dst = src[0], dst[0]
            y2, b2 = gt.moveaxis(y, src, dst), np.moveaxis(b, src, dst)
        elif op == "squeeze":
            ones = [k for k, n in enumerate(y.shape) if n == 1]
            if ones and data.draw(st.booleans()):
                axis = tuple(data.draw(st.sets(st.sampled_from(ones), min_size=1)))
                y2, b2 = gt.squeeze(y, axis), np.squeeze(b, axis)
            else:
                y2, b2 = gt.squeeze(y), np.squeeze(b)
        elif op == "expand_dims":
            if ndim >= 6:
                return
            axis = data.draw(st.integers(-ndim - 1, ndim))
            y2, b2 = gt.expand_dims(y, axis=axis), np.expand_dims(b, axis)
        elif op == "flip":
            if ndim and data.draw(st.booleans()):
                axis = draw_axis(data, ndim)
                y2, b2 = gt.flip(y, axis=axis), np.flip(b, axis)
            else:
                y2, b2 = gt.flip(y), np.flip(b)
        elif op == "broadcast_to":
            extra = data.draw(st.lists(st.integers(0, 3), max_size=max(0, 5 - ndim)))
            target = tuple(extra) + tuple(
                data.draw(st.integers(0, 3)) if n == 1 else n for n in y.shape
            )
            y2, b2 = gt.broadcast_to(y, target), np.broadcast_to(b, target)
            self.readonly = True
        elif op == "diagonal":
            a1 = draw_axis(data, ndim)
            a2 = data.draw(st.sampled_from([k for k in range(-ndim, ndim) if k % ndim != a1 % ndim]))
            off = data.draw(st.integers(-4, 4))
            y2 = gt.diagonal(y, offset=off, axis1=a1, axis2=a2)
            b2 = np.diagonal(b, offset=off, axis1=a1, axis2=a2)
        else:  # reshape
            new = draw_factor_shape(data, y.size)
            try:
                b2 = np.reshape(b, new, copy=False)
            except ValueError:
                with pytest.raises(gt.ShapeError):
                    y.reshape(new, copy=False)
                y2 = y.reshape(new)
                assert y2.base is None and not gt.shares_memory(y2, self.x)
                assert y2.tolist() == self.elements(np.reshape(b, new)).tolist()
                self.reset(new)
                self.steps.append(f"reshape {new} (copy)")
                return
            y2 = y.reshape(new)
            assert y2.base is self.x
        self.steps.append(op)
        if not isinstance(b2, np.ndarray):  # NumPy unwraps some 0-d results (np.flip)
            b2 = np.array(b2, dtype=object)
        assert isinstance(y2, gt.Tensor), self.steps
        assert y2.shape == b2.shape, self.steps
        assert y2.tolist() == self.elements(b2).tolist(), self.steps
        assert y2.is_contiguous == b2.flags.c_contiguous, self.steps
        if b2.size:
            assert [s for n, s in zip(y2.shape, y2.strides) if n > 1] == [
                s // b2.itemsize for n, s in zip(b2.shape, b2.strides) if n > 1
            ], self.steps
        assert y2.base is self.x or (y2 is self.x and self.x.base is None)
        self.y, self.b = y2, b2


def draw_advanced_key(data: st.DataObject, shape: tuple[int, ...]) -> tuple:
    """A key mixing ints, slices, ``None``, ``...``, integer arrays and boolean masks."""
    ndim = len(shape)
    bshape = tuple(data.draw(st.lists(st.integers(1, 3), max_size=2), label="bshape"))
    items: list = []
    axis = 0
    n_items = data.draw(st.integers(0, ndim + 1), label="items")
    while axis < ndim and len(items) < n_items:
        n = shape[axis]
        kind = data.draw(st.sampled_from(["int", "int", "slice", "slice", "array", "array", "mask", "none"]))
        if kind == "none":
            items.append(None)
            continue
        if kind == "mask":
            k = data.draw(st.integers(1, min(2, ndim - axis)))
            covered = shape[axis : axis + k]
            flat = data.draw(st.lists(st.booleans(), min_size=prod(covered), max_size=prod(covered)))
            items.append(_Mask(np.array(flat, dtype=bool).reshape(covered)))
            axis += k
            continue
        if kind == "array" and n:
            sub = bshape[data.draw(st.integers(0, max(len(bshape) - 1, 0))) :]
            sub = tuple(1 if data.draw(st.booleans()) else m for m in sub)
            vals = data.draw(st.lists(st.integers(-n, n - 1), min_size=prod(sub), max_size=prod(sub)))
            items.append(_IntArray(np.array(vals, dtype=np.intp).reshape(sub)))
        elif kind == "int" and n:
            items.append(draw_int_index(data, n))
        else:
            items.append(draw_slice(data, n))
        axis += 1
    if data.draw(st.booleans(), label="ellipsis"):
        items.insert(data.draw(st.integers(0, len(items))), Ellipsis)
    return tuple(items)


class _IntArray:
    def __init__(self, arr: np.ndarray) -> None:
        self.arr = arr


class _Mask:
    def __init__(self, arr: np.ndarray) -> None:
        self.arr = arr


def for_numpy(key: tuple) -> tuple:
    return tuple(k.arr if isinstance(k, (_IntArray, _Mask)) else k for k in key)


def for_gentensor(key: tuple, as_tensor: bool) -> tuple:
    out = []
    for k in key:
        if isinstance(k, _Mask):
            as_t = as_tensor or k.arr.size == 0  # nested lists cannot express empty multi-axis masks
            out.append(gt.tensor(k.arr.tolist(), ops=gt.booleans).reshape(k.arr.shape) if as_t else k.arr.tolist())
        elif isinstance(k, _IntArray):
            zero_d = k.arr.ndim == 0  # a Python int would be a basic index; NumPy's 0-d arrays are advanced
            as_t = as_tensor or zero_d or k.arr.size == 0
            out.append(gt.tensor(k.arr.tolist(), ops=gt.integers).reshape(k.arr.shape) if as_t else k.arr.tolist())
        else:
            out.append(k)
    return tuple(out)


def draw_value(data: st.DataObject, target_shape: tuple[int, ...]):
    """A scalar, a tensor or a nested list that broadcasts to ``target_shape``; values negative."""
    kind = data.draw(st.sampled_from(["scalar", "tensor", "list"]), label="value kind")
    if kind == "scalar":
        return -1 - data.draw(st.integers(0, 100))
    k = data.draw(st.integers(0, len(target_shape)))
    vshape = tuple(1 if data.draw(st.booleans()) else n for n in target_shape[k:])
    vshape = (1,) * data.draw(st.integers(0, 2), label="leading ones") + vshape  # dropped on assignment
    vals = [-1 - i for i in range(prod(vshape))]
    v = gt.tensor(vals).reshape(vshape)
    if kind == "tensor":
        if v.ndim >= 2 and data.draw(st.booleans()):
            v = v.mT.copy().mT  # a non-contiguous source
        return v
    if 0 in vshape:  # nested lists cannot express such shapes
        return v
    return v.tolist() if v.ndim else vals[0]


def as_numpy(t: gt.Tensor) -> np.ndarray:
    """The tensor's elements in a NumPy object array of the same shape."""
    out = np.empty(t.shape, dtype=object)
    flat = out.reshape(-1)
    for k, v in enumerate(t._elements()):
        flat[k] = v
    return out


def expected_write(a: np.ndarray, b: np.ndarray, key: tuple, value) -> np.ndarray:
    """NumPy oracle: the positions array ``b[key]`` says where each value goes (last write wins)."""
    target = np.asarray(b[key], dtype=object)
    vals = as_numpy(value) if isinstance(value, gt.Tensor) else np.asarray(value, dtype=object)
    while vals.ndim > target.ndim and vals.shape[0] == 1:
        vals = vals.reshape(vals.shape[1:])
    vals = np.broadcast_to(vals, target.shape)
    out = a.reshape(-1).copy()
    for p, v in zip(target.reshape(-1).tolist(), vals.reshape(-1).tolist()):
        out[p] = v
    return out.reshape(a.shape)


# ---------------------------------------------------------------------------
# the oracle properties
# ---------------------------------------------------------------------------


@settings(max_examples=300)
@given(shape=shapes, data=st.data())
def test_view_chains_match_numpy(shape, data):
    chain = Chain(shape)
    for _ in range(data.draw(st.integers(1, 6), label="chain length")):
        chain.step(data)
    y = chain.y
    assert y.size == chain.b.size and y.ndim == chain.b.ndim
    # A view never copies: every view shares the owner's storage list.
    assert y._store is chain.x._store


@settings(max_examples=300)
@given(shape=shapes, data=st.data())
def test_writes_through_views_land_where_numpy_reads(shape, data):
    chain = Chain(shape)
    for _ in range(data.draw(st.integers(0, 4), label="chain length")):
        chain.step(data)
    y, b = chain.y, chain.b
    key = draw_basic_key(data, y.shape) if y.ndim else data.draw(st.sampled_from([(), (Ellipsis,)]))
    target = np.asarray(b[key], dtype=object)
    value = draw_value(data, target.shape)
    before = chain.x.tolist()
    if chain.readonly:
        with pytest.raises(gt.ReadOnlyError):
            y[key] = value
        assert chain.x.tolist() == before
        return
    y[key] = value
    assert chain.x.tolist() == expected_write(chain.a, b, key, value).tolist()


@settings(max_examples=300)
@given(shape=nonempty_shapes | shapes, data=st.data())
def test_advanced_indexing_matches_numpy(shape, data):
    chain = Chain(shape)
    for _ in range(data.draw(st.integers(0, 2), label="chain length")):
        chain.step(data)
    y, b = chain.y, chain.b
    key = draw_advanced_key(data, y.shape)
    as_tensor = data.draw(st.booleans(), label="index as tensors")
    gkey = for_gentensor(key, as_tensor)
    nkey = for_numpy(key)
    try:
        with warnings.catch_warnings():
            # NumPy before 2.3 only warns about an out-of-bounds index when the result is
            # empty; later NumPy (and gentensor) raise IndexError.
            warnings.simplefilter("error", DeprecationWarning)
            expected = b[nkey]
    except (IndexError, DeprecationWarning):
        with pytest.raises(IndexError):
            y[gkey]
        return
    try:
        got = y[gkey]
    except IndexError as e:
        # NumPy lets a zero-length mask axis stand against any axis length; gentensor
        # insists that a mask matches the axes it covers (test_mask_shape_must_match).
        if "boolean mask of shape" in str(e) and any(isinstance(k, _Mask) and 0 in k.arr.shape for k in key):
            return
        raise
    if not isinstance(expected, np.ndarray):
        assert got == expected
        return
    assert got.shape == expected.shape, (key, y.shape)
    assert got.tolist() == expected.tolist()
    advanced = any(isinstance(k, (_IntArray, _Mask)) for k in key)
    if advanced:
        # a gather: a new tensor, owning its storage
        assert got.base is None and not gt.shares_memory(got, chain.x)
    # write the same key: scatter (advanced) or write through (basic)
    value = draw_value(data, expected.shape)
    if chain.readonly:
        with pytest.raises(gt.ReadOnlyError):
            y[gkey] = value
        return
    y[gkey] = value
    assert chain.x.tolist() == expected_write(chain.a, b, nkey, value).tolist()


@settings(max_examples=200)
@given(shape=nonempty_shapes, data=st.data())
def test_reshape_view_or_copy_agrees_with_numpy(shape, data):
    chain = Chain(shape)
    for _ in range(data.draw(st.integers(0, 3))):
        chain.step(data)
    y, b = chain.y, chain.b
    new = draw_factor_shape(data, y.size)
    try:
        b2 = np.reshape(b, new, copy=False)
        numpy_view = True
    except ValueError:
        b2 = np.reshape(b, new)
        numpy_view = False
    y2 = y.reshape(new)
    assert y2.tolist() == b2.tolist()
    assert (y2._store is y._store) == numpy_view
    if numpy_view:
        assert y.reshape(new, copy=False).tolist() == b2.tolist()
    else:
        with pytest.raises(gt.ShapeError, match="copy=False"):
            gt.reshape(y, new, copy=False)
    y3 = y.reshape(new, copy=True)
    assert y3.base is None and y3._store is not y._store and y3.tolist() == b2.tolist()


@settings(max_examples=300)
@given(shape=st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple), data=st.data())
def test_shares_memory_is_exact(shape, data):
    chain1 = Chain(shape)
    for _ in range(data.draw(st.integers(0, 3))):
        chain1.step(data)
    # a second chain over the same owner
    chain2 = Chain(shape)
    chain2.x, chain2.a, chain2.y, chain2.b = chain1.x, chain1.a, chain1.x, chain1.a
    for _ in range(data.draw(st.integers(0, 3))):
        chain2.step(data)
    p1 = set(np.asarray(chain1.b, dtype=object).reshape(-1).tolist())
    p2 = set(np.asarray(chain2.b, dtype=object).reshape(-1).tolist())
    if chain1.x is not chain2.x:  # one of the chains copied
        return
    assert gt.shares_memory(chain1.y, chain2.y) == bool(p1 & p2)
    assert gt.shares_memory(chain1.y, chain1.y.copy()) is False


@settings(max_examples=300)
@given(shape=st.lists(st.integers(1, 6), min_size=1, max_size=3).map(tuple), data=st.data())
def test_shares_memory_of_two_slicings_matches_numpy(shape, data):
    """Two strided slicings of one owner (interleaved steps are the hard case)."""
    x = gt.arange(prod(shape)).reshape(shape, copy=True)
    a = np.arange(prod(shape), dtype=object).reshape(shape)
    k1 = tuple(draw_slice(data, n) for n in shape)
    k2 = tuple(draw_slice(data, n) for n in shape)
    expected = np.shares_memory(a[k1], a[k2], max_work=None)
    assert gt.shares_memory(x[k1], x[k2]) == expected
    assert gt.shares_memory(x[k1].T, gt.flip(x[k2])) == expected


# ---------------------------------------------------------------------------
# NumPy's placement rule for advanced indices, explicitly
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key",
    [
        (0, slice(None), [0, 1]),  # ints count as advanced indices: separated -> front
        ([0, 1], slice(None), 0),
        (slice(None), [0, 1], [1, 2]),  # adjacent: in place
        ([0, 1], slice(None), [1, 2]),  # separated: front
        (slice(None), [[0], [1]], [1, 2]),
        ([0, 1], None, [1, 2]),
        (Ellipsis, [1, 0]),
        ([True, False, True, True, False],),
        (slice(None, None, -1), [True, False, True, False, True, True]),
        (1, [3, 0], slice(None, None, 2)),
    ],
)
def test_advanced_placement_rule(key):
    a = np.arange(5 * 6 * 7, dtype=object).reshape(5, 6, 7)
    x = gt.arange(5 * 6 * 7).reshape((5, 6, 7))
    got, expected = x[key], a[tuple(np.array(k) if isinstance(k, list) else k for k in key)]
    assert got.shape == expected.shape
    assert got.tolist() == expected.tolist()


def test_boolean_tensor_mask_and_zero_d_masks():
    x = gt.arange(6).reshape((2, 3))
    assert x[gt.tensor([[False] * 3, [True] * 3])].tolist() == [3, 4, 5]
    assert x[gt.tensor(True)].shape == (1, 2, 3)
    assert x[gt.tensor(False)].shape == (0, 2, 3)
    assert x[[]].shape == (0, 3)
    y = x.copy()
    y[gt.tensor([[True, False, True], [False, False, True]])] = 0
    assert y.tolist() == [[0, 1, 0], [3, 4, 0]]


def test_advanced_write_with_repeated_indices_last_wins():
    x = gt.zeros(3)
    x[[0, 0, 2]] = gt.tensor([1, 2, 3])
    a = np.zeros(3, dtype=object)
    a[[0, 0, 2]] = [1, 2, 3]
    assert x.tolist() == a.tolist()


# ---------------------------------------------------------------------------
# base, views, element access
# ---------------------------------------------------------------------------


def test_base_is_the_owner():
    x = gt.arange(24).reshape((2, 3, 4))
    owner = x.base
    assert owner is not None and owner.base is None
    v = x.T[1][::-1, None]
    assert v.base is owner
    assert gt.flip(gt.diagonal(x)).base is owner
    assert x.copy().base is None
    assert x[[0, 1]].base is None
    c = x.T.reshape(24)  # a copy: owns its storage
    assert c.base is None and c.reshape((4, 6)).base is c


def test_views_are_o_ndim_and_share_storage():
    x = gt.zeros((3, 4))
    for v in (x.T, x[1], x[:, 2], x[::-1, ::2], x[None, ..., None], x.mT, gt.flip(x), gt.diagonal(x)):
        assert v._store is x._store
        assert gt.shares_memory(v, x)


def test_item_tolist_len_iter():
    x = gt.tensor([[1, 2, 3], [4, 5, 6]])
    assert [row.tolist() for row in x] == [[1, 2, 3], [4, 5, 6]]
    rows = list(x)
    rows[1][0] = 40
    assert x[1, 0] == 40  # iteration yields views
    assert len(x) == 2 and len(x.T) == 3
    assert gt.tensor([[9]]).item() == 9
    with pytest.raises(gt.ShapeError, match=r"item: .*\(2, 3\)"):
        x.item()
    zero_d = gt.tensor(5)
    assert zero_d.shape == () and zero_d.item() == 5 and zero_d.tolist() == 5
    with pytest.raises(TypeError, match="len"):
        len(zero_d)
    with pytest.raises(TypeError, match="cannot be iterated"):
        iter(zero_d).__next__()
    assert zero_d[...].shape == () and zero_d[()] == 5
    assert gt.zeros((2, 0, 3)).tolist() == [[], []]
    assert gt.zeros((0, 2)).tolist() == []
    assert list(gt.zeros((0, 2))) == []


def test_full_integer_indexing_returns_the_element():
    x = gt.tensor([[Fraction(1, 2), 2], [3, 4]])
    e = x[0, 0]
    assert type(e) is Fraction and e == Fraction(1, 2)
    assert x[-1, -1] == 4
    assert isinstance(x[0, 0, None], gt.Tensor)
    assert isinstance(x[0, ...], gt.Tensor)
    assert x[..., 0, 0].shape == ()


def test_bool_of_tensor():
    assert bool(gt.tensor([1])) is True
    assert bool(gt.tensor([[0]])) is False
    assert bool(gt.tensor(True)) is True
    with pytest.raises(ValueError, match="ambiguous"):
        bool(gt.tensor([1, 2]))
    x = sympy.Symbol("x")
    assert bool(gt.tensor([(x + 1) ** 2 - x**2 - 2 * x - 1])) is False


def test_no_public_constructor():
    with pytest.raises(TypeError, match="gt.tensor"):
        gt.Tensor([1, 2])


def test_copy_contiguous_astype():
    x = gt.arange(6).reshape((2, 3))
    t = x.T
    assert not t.is_contiguous
    c = t.contiguous()
    assert c.is_contiguous and c.base is None and c.tolist() == t.tolist()
    assert x.contiguous() is x
    r = t.astype(gt.rationals)
    assert r.ops is gt.rationals and all(type(v) is Fraction for v in r._store.data)
    assert r.tolist() == t.tolist()
    assert t.astype(Fraction).ops is gt.rationals
    assert t.astype("integers").ops is gt.integers
    assert x.astype(gt.integers)._store is not x._store
    with pytest.raises(TypeError, match="exactly"):
        gt.tensor([Fraction(1, 2)]).astype(gt.integers)


def test_strides_and_is_contiguous():
    x = gt.zeros((2, 3, 4))
    assert x.strides == (12, 4, 1) and x.is_contiguous
    assert x.T.strides == (1, 4, 12)
    assert x[:, ::-1].strides == (12, -4, 1)
    assert gt.broadcast_to(gt.zeros(4), (3, 4)).strides == (0, 1)
    assert x[:, :1].is_contiguous is False
    assert x[:1].is_contiguous and x[None].is_contiguous and x[:, 1:2, :].reshape(2, 4).shape == (2, 4)


# ---------------------------------------------------------------------------
# setitem: conversion, broadcasting, errors leaving the input unchanged
# ---------------------------------------------------------------------------


def test_setitem_converts_and_broadcasts():
    x = gt.zeros((2, 3), ops=gt.rationals)
    x[0] = 1
    x[1, ::2] = gt.tensor([Fraction(1, 2), Fraction(1, 3)])
    assert x.tolist() == [[1, 1, 1], [Fraction(1, 2), 0, Fraction(1, 3)]]
    assert all(type(v) is Fraction for v in x._store.data)
    x[...] = [[7], [8]]
    assert x.tolist() == [[7, 7, 7], [8, 8, 8]]


def test_setitem_failure_writes_nothing():
    x = gt.arange(6).reshape((2, 3))
    before = x.tolist()
    with pytest.raises(TypeError):
        x[...] = gt.tensor([1, 2, Fraction(1, 2)])  # the third value cannot become an int
    assert x.tolist() == before
    with pytest.raises(TypeError):
        x[[0, 1]] = [[1, 2, 3], [4, 5, Fraction(1, 3)]]
    assert x.tolist() == before
    with pytest.raises(gt.ShapeError, match=r"\(2,\).*\(2, 3\)"):
        x[...] = gt.tensor([1, 2])
    assert x.tolist() == before
    with pytest.raises(IndexError):
        x[[0, 5]] = 1
    assert x.tolist() == before
    with pytest.raises(gt.OpsMismatchError):
        gt.zeros(3, ops=gt.modular(5))[...] = gt.tensor([1, 2, 3], ops=gt.modular(7))
    with pytest.raises(gt.ReadOnlyError):
        gt.broadcast_to(x, (4, 2, 3))[0, 0, 0] = 9
    assert x.tolist() == before


def test_setitem_through_broadcast_value_in_diagonal():
    x = gt.zeros((3, 3))
    d = gt.diagonal(x)
    d[...] = gt.tensor([1, 2, 3])
    gt.diagonal(x, offset=1)[:] = 7
    assert x.tolist() == [[1, 7, 0], [0, 2, 7], [0, 0, 3]]


# ---------------------------------------------------------------------------
# indexing errors
# ---------------------------------------------------------------------------


def test_index_errors():
    x = gt.zeros((2, 3))
    with pytest.raises(IndexError, match=r"index 3 .*axis 1 .*size 3"):
        x[0, 3]
    with pytest.raises(IndexError, match=r"index -3 .*axis 0 .*size 2"):
        x[-3]
    with pytest.raises(IndexError, match=r"index 7 .*axis 1 .*size 3"):
        x[:, [0, 7]]
    with pytest.raises(IndexError, match="too many indices"):
        x[0, 0, 0]
    with pytest.raises(IndexError, match="single ellipsis"):
        x[..., ...]
    with pytest.raises(TypeError, match="invalid index"):
        x["a"]
    with pytest.raises(TypeError, match="invalid index"):
        x[1.5]
    with pytest.raises(TypeError, match="bool"):
        x[True]
    with pytest.raises(IndexError, match="ints or bools"):
        x[[Fraction(1, 2)]]
    with pytest.raises(IndexError, match="mask"):
        x[[True, False, True]]
    with pytest.raises(IndexError, match="broadcast"):
        x[[0, 1], [0, 1, 2]]
    with pytest.raises(ValueError, match="slice step"):
        x[::0]


def test_numpy_integer_indices():
    x = gt.arange(6).reshape((2, 3))
    assert x[np.int64(1), np.int32(-1)] == 5
    assert x[np.array([1, 0])].tolist() == [[3, 4, 5], [0, 1, 2]]
    assert x[np.array([True, False])].tolist() == [[0, 1, 2]]


# ---------------------------------------------------------------------------
# element types: the same views over every built-in ops and the toy ring
# ---------------------------------------------------------------------------

_sx = sympy.Symbol("x")
ELEMENTS = {
    "integers": (gt.integers, lambda k: k - 3),
    "rationals": (gt.rationals, lambda k: Fraction(k, 3)),
    "floats": (gt.floats, lambda k: k / 4),
    "complexes": (gt.complexes, lambda k: complex(k, -k)),
    "symbolic": (gt.symbolic, lambda k: k * _sx + 1),
    "modular": (gt.modular(7), lambda k: k % 7),
    "booleans": (gt.booleans, lambda k: k % 3 == 0),
    "objects": (gt.objects, lambda k: "s" * k),
    "gaussian": (gaussian, lambda k: Gauss(k, 1 - k)),
}


@pytest.mark.parametrize("name", sorted(ELEMENTS))
@settings(max_examples=40)
@given(shape=shapes, data=st.data())
def test_views_and_writes_for_every_ops(name, shape, data):
    ops, make = ELEMENTS[name]
    chain = Chain(shape, ops, make)
    assert chain.x.ops is ops
    for _ in range(data.draw(st.integers(0, 4))):
        chain.step(data)
    y = chain.y
    assert repr(y).endswith(f"ops={ops.name})")
    if chain.readonly or y.size == 0:
        return
    index = tuple(data.draw(st.integers(0, n - 1)) for n in y.shape)
    position = np.asarray(chain.b, dtype=object)[index]
    new = make(prod(shape) + 7)
    y[index] = new
    assert chain.x._elements()[position] == new
    assert chain.x.ops is ops and y[index] == new


def test_toy_ring_through_views_indexing_setitem():
    x = gt.tensor([[Gauss(1, 2), Gauss(3, 0)], [Gauss(0, -1), Gauss(2, 2)]])
    assert x.ops is gaussian
    assert x.T[0, 1] == Gauss(0, -1)
    x[:, 0] = 5  # converted through gaussian.convert
    assert x[1, 0] == Gauss(5, 0) and x[0, 0] == Gauss(5, 0)
    x[[1], [1]] = Gauss(9, 9)
    assert x.tolist()[1][1] == Gauss(9, 9)
    with pytest.raises(TypeError, match="gaussian.convert"):
        x[0, 0] = Fraction(1, 2)
    assert x[0, 0] == Gauss(5, 0)
    assert gt.flip(x)[0, 0] == Gauss(9, 9)
    assert x.astype(gt.objects).ops is gt.objects


# ---------------------------------------------------------------------------
# higher-layer conveniences: methods exist and delegate
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "method", ["subs", "diff", "expand", "simplify", "evalf", "to_sympy", "min", "max", "all", "any", "sum", "prod"]
)
def test_convenience_methods_exist(method):
    assert callable(getattr(gt.Tensor, method))
    assert getattr(gt.Tensor, method).__doc__


def test_views_in_threads_do_not_interfere():
    x = gt.zeros(1000)
    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            x[k::4] = k + 1
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert x.tolist() == [k % 4 + 1 for k in range(1000)]


def test_pickle_goes_through_interop():
    x = gt.arange(6).reshape((2, 3)).T
    y = pickle.loads(pickle.dumps(x))
    assert y.tolist() == x.tolist() and y.ops is gt.integers


def test_overlapping_assignment_reads_before_writing():
    x = gt.arange(6)
    x[1:] = x[:-1]
    a = np.arange(6, dtype=object)
    a[1:] = a[:-1].copy()
    assert x.tolist() == a.tolist()
    y = gt.arange(5)
    y[::-1] = y
    assert y.tolist() == [4, 3, 2, 1, 0]
    m = gt.arange(9).reshape((3, 3))
    m[...] = m.T
    assert m.tolist() == np.arange(9).reshape(3, 3).T.tolist()
    d = gt.arange(9).reshape((3, 3))
    d[[0, 1, 2]] = d[[2, 0, 1]]
    assert d.tolist() == [[6, 7, 8], [0, 1, 2], [3, 4, 5]]


def test_setitem_accepts_numpy_and_sympy_values():
    x = gt.zeros((2, 2))
    x[0] = np.array([5, 6])
    x[1, 1] = np.int64(7)
    assert x.tolist() == [[5, 6], [0, 7]] and type(x[1, 1]) is int
    s = gt.zeros((2, 2), ops=gt.symbolic)
    s[...] = sympy.ImmutableMatrix([[1, 2], [3, 4]])
    assert s.tolist() == [[1, 2], [3, 4]]
    x[...] = sympy.ImmutableDenseNDimArray([[1, 2], [3, 4]])
    assert x.tolist() == [[1, 2], [3, 4]] and type(x[0, 0]) is int
    x[:, 0] = sympy.Matrix([9, 8]).T  # leading length-1 axes of a value are dropped, as NumPy does
    assert x[:, 0].tolist() == [9, 8]
    a = np.array([[1, 2], [3, 4]], dtype=object)
    a[:, 0] = np.array([[9, 8]])
    assert a.tolist() == x.tolist() == [[9, 2], [8, 4]]
    with pytest.raises(gt.ShapeError):
        x[:, 0] = gt.tensor([[1, 2], [3, 4]])


def test_item_of_views():
    x = gt.arange(12).reshape((3, 4))
    assert x[2:, 3:].item() == 11
    assert gt.flip(x)[:1, :1].item() == 11
    assert x.T[None, 1:2, 0].item() == 1


# ---------------------------------------------------------------------------
# operators and methods delegate to the right higher-layer function
# ---------------------------------------------------------------------------

BINARY = [
    ("+", "add"), ("-", "subtract"), ("*", "multiply"), ("/", "divide"), ("//", "floor_divide"),
    ("%", "remainder"), ("**", "power"), ("==", "equal"), ("!=", "not_equal"), ("<", "less"),
    ("<=", "less_equal"), (">", "greater"), (">=", "greater_equal"),
]


@pytest.mark.parametrize("op, name", BINARY)
def test_operators_delegate_to_elementwise(op, name):
    x = gt.tensor([[3, 1], [2, 5]])
    y = gt.tensor([2, 3])
    f = getattr(gt, name)
    forward = eval(f"x {op} y")
    assert forward.ops is f(x, y).ops and forward.tolist() == f(x, y).tolist()
    reflected = eval(f"7 {op} x")  # the tensor on the right: the reflected dunder keeps the order
    assert reflected.tolist() == f(7, x).tolist()
    if name in ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal"):
        assert forward.ops is gt.booleans


@pytest.mark.parametrize("op, name", BINARY[:7])
def test_inplace_operators_write_through_views(op, name):
    x = gt.tensor([[3, 1], [2, 5]], ops=gt.rationals)
    expected = getattr(gt, name)(x.T, 2).tolist()
    v = x.T  # noqa: F841 (used by the exec below)
    data = x._store
    exec(f"v {op}= 2")
    assert x._store is data and x.T.tolist() == expected  # written into the existing storage


def test_unary_matmul_and_method_delegation():
    x = gt.tensor([[3, -1], [2, 5]])
    assert (-x).tolist() == gt.negative(x).tolist() and (+x).tolist() == x.tolist()
    assert abs(x).tolist() == gt.abs(x).tolist()
    assert (x @ x).tolist() == gt.matmul(x, x).tolist()
    assert ([[1, 0], [0, 1]] @ x).tolist() == x.tolist()
    y = x.copy()
    y @= gt.eye(2)
    assert y.tolist() == x.tolist()
    with pytest.raises(gt.ShapeError, match="@="):
        y @= gt.ones((2, 3))
    assert x.sum() == 9 and x.sum(axis=0).tolist() == [5, 4] and x.prod() == -30
    assert x.min() == gt.min(x) and x.max(axis=1, keepdims=True).tolist() == [[3], [5]]
    assert x.all() is gt.all(x) and x.any(axis=0).tolist() == gt.any(x, axis=0).tolist()
    assert x.det() == gt.linalg.det(x) == 17 and x.rank() == 2
    assert x.inv().tolist() == gt.linalg.inv(x).tolist()
    assert x.applyfunc(lambda v: v * 10).tolist() == [[30, -10], [20, 50]]
    s = sympy.Symbol("s")
    e = gt.tensor([[s**2, (s + 1) ** 2]])
    assert e.subs(s, 3).tolist() == [[9, 16]]
    assert e.diff(s).tolist() == [[2 * s, 2 * s + 2]]
    assert e.expand().tolist() == [[s**2, s**2 + 2 * s + 1]]
    assert gt.tensor([sympy.sin(s) ** 2 + sympy.cos(s) ** 2]).simplify().tolist() == [1]
    assert gt.tensor([sympy.pi]).evalf(3).item() == sympy.pi.evalf(3)
    assert np.asarray(x.T).tolist() == x.T.tolist() and np.asarray(x).dtype == np.int64
    assert x.to_sympy() == sympy.Matrix([[3, -1], [2, 5]])


def test_more_index_errors():
    x = gt.arange(6).reshape((2, 3))
    with pytest.raises(IndexError, match="invalid index array"):
        x[[[0, 1], [0]]]
    assert x[[-1, 0], [-1, -3]].tolist() == [5, 0]
    with pytest.raises(TypeError, match="diagonal: offset must be an int"):
        gt.diagonal(x, offset=True)


def test_an_empty_ellipsis_still_separates_advanced_indices():
    a = np.arange(30, dtype=object).reshape(5, 6)
    x = gt.arange(30).reshape((5, 6))
    for key in [(None, [0, 1], ..., [0, 1]), (None, [0, 1], [0, 1]), (None, ..., [0, 1], [0, 1]), (0, ..., [1, 2])]:
        assert x[key].shape == a[key].shape and x[key].tolist() == a[key].tolist()


def test_bounds_of_index_arrays_that_select_nothing():
    """As NumPy: ints are always checked, index arrays only when their broadcast selects something."""
    x = gt.zeros((2, 3))
    assert x[[5], []].shape == (0,)
    assert x[[[5]], gt.zeros((1, 0))].shape == (1, 0)
    for key in [(5, []), (gt.tensor(5), []), ([5], slice(None)), ([5], [0])]:
        with pytest.raises(IndexError, match="index 5 is out of range for axis 0 with size 2"):
            x[key]


def test_mask_shape_must_match():
    """Deliberately stricter than NumPy, which lets an empty mask axis match any length."""
    x = gt.zeros((3, 2))
    with pytest.raises(IndexError, match=r"boolean mask of shape \(0,\) does not match the indexed axes \(1,\) of shape \(2,\)"):
        x[:, gt.zeros(0, ops=gt.booleans)]
    assert x[:, gt.zeros(2, ops=gt.booleans)].shape == (3, 0)


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from([(1,), (5,), (2, 3), (3, 4), (2, 2, 3)]),
    data=st.data(),
    transposed=st.booleans(),
    threshold=st.integers(-5, 5),
)
def test_small_mask_reads_match_numpy_in_any_storage(shape, data, transposed, threshold):
    """``x[mask]`` with a whole-shape mask on small tensors (packed ``x``, mask in lists; or both in lists)."""
    values = data.draw(st.lists(st.integers(-9, 9), min_size=int(np.prod(shape)), max_size=int(np.prod(shape))))
    arr = np.array(values).reshape(shape)
    for x in (gt.tensor(arr.tolist()), gt.Tensor._from_flat(list(values), shape, gt.integers)):
        y, a = (x.mT, arr.swapaxes(-1, -2)) if transposed and len(shape) > 1 else (x, arr)
        mask = y > threshold
        assert y[mask].tolist() == a[a > threshold].tolist()
        assert y[gt.tensor((a > threshold).tolist())].tolist() == a[a > threshold].tolist()
