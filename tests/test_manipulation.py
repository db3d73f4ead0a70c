"""The view family of gentensor.arrays.manipulation: results, view-ness and errors.

The random-chain oracle against NumPy lives in test_tensor.py; here each
function is checked on its own, over every built-in ops and the toy ring,
with its bad inputs.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy

import gentensor as gt
from tests.toyring import Gauss, gaussian

_sx = sympy.Symbol("x")
MAKERS = {
    "integers": (gt.integers, lambda k: k - 5),
    "rationals": (gt.rationals, lambda k: Fraction(k, 7)),
    "floats": (gt.floats, lambda k: k / 8),
    "complexes": (gt.complexes, lambda k: complex(1, k)),
    "symbolic": (gt.symbolic, lambda k: _sx**k),
    "modular": (gt.modular(6), lambda k: k % 6),
    "booleans": (gt.booleans, lambda k: k % 2 == 1),
    "objects": (gt.objects, lambda k: f"o{k}"),
    "gaussian": (gaussian, lambda k: Gauss(k, -k)),
}


def build(name: str, shape: tuple[int, ...]) -> tuple[gt.Tensor, np.ndarray]:
    ops, make = MAKERS[name]
    n = int(np.prod(shape))
    values = [make(k) for k in range(n)]
    a = np.empty(n, dtype=object)
    for k, v in enumerate(values):  # element by element: tuples must stay elements
        a[k] = v
    x = gt.tensor(values, ops=ops).reshape(shape)
    return x, a.reshape(shape)


def same(t: gt.Tensor, a: np.ndarray) -> bool:
    if t.shape != a.shape:
        return False
    return t._elements() == list(a.reshape(-1))


VIEWS = [
    ("T", lambda x: x.T, lambda a: a.T),
    ("mT", lambda x: x.mT, lambda a: np.swapaxes(a, -1, -2)),
    ("matrix_transpose", gt.matrix_transpose, np.matrix_transpose),
    ("transpose()", lambda x: x.transpose(), lambda a: a.transpose()),
    ("transpose(2,0,1)", lambda x: x.transpose(2, 0, 1), lambda a: a.transpose(2, 0, 1)),
    ("transpose((1,2,0))", lambda x: x.transpose((1, 2, 0)), lambda a: a.transpose((1, 2, 0))),
    ("permute_dims", lambda x: gt.permute_dims(x, (1, 0, 2)), lambda a: np.permute_dims(a, (1, 0, 2))),
    ("moveaxis", lambda x: gt.moveaxis(x, 0, -1), lambda a: np.moveaxis(a, 0, -1)),
    ("moveaxis2", lambda x: gt.moveaxis(x, (0, 1), (2, 0)), lambda a: np.moveaxis(a, (0, 1), (2, 0))),
    ("swapaxes", lambda x: gt.swapaxes(x, 0, 2), lambda a: np.swapaxes(a, 0, 2)),
    ("squeeze", lambda x: gt.squeeze(x[:, :1]), lambda a: np.squeeze(a[:, :1])),
    ("squeeze axis", lambda x: gt.squeeze(x[:1], axis=0), lambda a: np.squeeze(a[:1], axis=0)),
    ("expand_dims", lambda x: gt.expand_dims(x, axis=(0, 3)), lambda a: np.expand_dims(a, (0, 3))),
    ("expand_dims -1", lambda x: gt.expand_dims(x, axis=-1), lambda a: np.expand_dims(a, -1)),
    ("flip", gt.flip, np.flip),
    ("flip 1", lambda x: gt.flip(x, axis=1), lambda a: np.flip(a, 1)),
    ("flip (0,2)", lambda x: gt.flip(x, axis=(0, -1)), lambda a: np.flip(a, (0, -1))),
    ("broadcast_to", lambda x: gt.broadcast_to(x[:1], (2, 2, 3, 4)), lambda a: np.broadcast_to(a[:1], (2, 2, 3, 4))),
    ("diagonal", gt.diagonal, lambda a: np.diagonal(a, axis1=-2, axis2=-1)),
    ("diagonal offset", lambda x: gt.diagonal(x, offset=1, axis1=0, axis2=2),
     lambda a: np.diagonal(a, offset=1, axis1=0, axis2=2)),
    ("diagonal -2", lambda x: gt.diagonal(x, offset=-2, axis1=2, axis2=1),
     lambda a: np.diagonal(a, offset=-2, axis1=2, axis2=1)),
    ("reshape", lambda x: gt.reshape(x, (4, 6)), lambda a: np.reshape(a, (4, 6))),
    ("reshape -1", lambda x: x.reshape(-1, 2), lambda a: a.reshape(-1, 2)),
]


@pytest.mark.parametrize("name", sorted(MAKERS))
@pytest.mark.parametrize("view", VIEWS, ids=[v[0] for v in VIEWS])
def test_view_functions_match_numpy_for_every_ops(name, view):
    _, f, g = view
    x, a = build(name, (2, 3, 4))
    y = f(x)
    assert same(y, np.asarray(g(a)))
    assert y.ops is x.ops
    assert y._store is x._store and y.base is x.base  # a view of the same owner


def test_writes_through_every_view_function():
    x = gt.zeros((2, 3, 4))
    gt.flip(gt.moveaxis(x, 0, -1), axis=0)[0, 2, 1] = 1  # x[1, 3 - 1 - 0, 2]
    gt.diagonal(gt.swapaxes(x, 0, 1), offset=1, axis1=1, axis2=2)[1, 0] = 2
    gt.squeeze(gt.expand_dims(x, axis=0))[0, 0, 3] = 3
    gt.permute_dims(x, (2, 1, 0))[1, 1, 1] = 4
    a = np.zeros((2, 3, 4), dtype=object)
    np.flip(np.moveaxis(a, 0, -1), axis=0)[0, 2, 1] = 1
    np.swapaxes(a, 0, 1)[1, 0, 1] = 2
    a[0, 0, 3] = 3
    a[1, 1, 1] = 4
    assert x.tolist() == a.tolist()


def test_reshape_details():
    x = gt.arange(6)
    assert x.reshape(2, 3).tolist() == [[0, 1, 2], [3, 4, 5]]
    assert x.reshape([3, 2]).shape == (3, 2)
    assert x.reshape(np.int64(6)).shape == (6,)
    assert x.reshape((1, -1, 1)).shape == (1, 6, 1)
    assert x.reshape(-1).shape == (6,)
    assert gt.tensor([5]).reshape(()).shape == ()
    assert gt.zeros((0, 3)).reshape(-1).shape == (0,)
    assert gt.zeros((0, 3)).reshape((3, -1, 5)).shape == (3, 0, 5)
    t = x.reshape((2, 3)).T
    c = t.reshape(6)
    assert c.tolist() == [0, 3, 1, 4, 2, 5] and c.base is None  # Fortran order: copied
    c[0] = 99
    assert x[0] == 0


@pytest.mark.parametrize(
    "shape, exc, pattern",
    [
        ((4,), gt.ShapeError, r"reshape: cannot reshape a tensor of shape \(6,\) \(size 6\) into shape \(4,\) \(size 4\)"),
        ((4, -1), gt.ShapeError, r"reshape: cannot reshape a tensor of shape \(6,\) \(size 6\) into shape \(4, -1\)"),
        ((-1, -1), gt.ShapeError, r"only one dimension can be -1"),
        ((2, -3), gt.ShapeError, r"reshape: dimensions must be non-negative"),
        ((2.0, 3), TypeError, r"^reshape: a shape must be an int or a tuple of ints \(got \(2.0, 3\)\)"),
        (None, TypeError, r"^reshape: a shape must be an int"),
        ("6", TypeError, r"^reshape: a shape must be an int"),
        (True, TypeError, r"^reshape: a shape must be an int"),
    ],
)
def test_reshape_errors(shape, exc, pattern):
    x = gt.arange(6)
    with pytest.raises(exc, match=pattern):
        gt.reshape(x, shape)
    assert x.shape == (6,) and x.tolist() == list(range(6))


def test_reshape_zero_size_with_minus_one_and_zero():
    with pytest.raises(gt.ShapeError):
        gt.zeros((0, 3)).reshape((-1, 0))
    with pytest.raises(gt.ShapeError):
        gt.reshape(gt.zeros((0, 3)), (0, -1))  # NumPy refuses it too: -1 is ambiguous


def test_reshape_copy_flags():
    x = gt.arange(12).reshape((3, 4))
    v = gt.reshape(x[:, :2], (6,), copy=None)
    assert v.base is None
    assert gt.reshape(x, (4, 3), copy=False).base is x.base
    assert gt.reshape(x, (4, 3), copy=True).base is None
    with pytest.raises(gt.ShapeError, match=r"reshape: cannot reshape the layout of shape \(3, 2\) to \(6,\) without copying \(copy=False\)"):
        gt.reshape(x[:, :2], 6, copy=False)


def test_view_function_errors():
    x = gt.zeros((2, 3, 4))
    v = gt.tensor([1, 2])
    with pytest.raises(gt.ShapeError, match=r"permute_dims: axes must be a permutation of 0..2 \(got \(0, 1\)\)"):
        gt.permute_dims(x, (0, 1))
    with pytest.raises(gt.ShapeError, match="permutation"):
        gt.permute_dims(x, (0, 1, 1))
    with pytest.raises(gt.AxisError, match="permute_dims: axis 3"):
        gt.permute_dims(x, (0, 1, 3))
    with pytest.raises(TypeError, match="permute_dims: axes must be a tuple"):
        gt.permute_dims(x, 0)
    with pytest.raises(gt.ShapeError, match=r"mT: needs a tensor with ndim >= 2 \(got shape \(2,\)\)"):
        v.mT
    with pytest.raises(gt.ShapeError, match="ndim >= 2"):
        gt.matrix_transpose(v)
    with pytest.raises(gt.AxisError, match="swapaxes: axis 3"):
        gt.swapaxes(x, 0, 3)
    with pytest.raises(gt.ShapeError, match="moveaxis: source and destination must have the same number"):
        gt.moveaxis(x, (0, 1), 0)
    with pytest.raises(gt.ShapeError, match="moveaxis: repeated axis"):
        gt.moveaxis(x, (0, 0), (1, 2))
    with pytest.raises(gt.ShapeError, match=r"squeeze: axis 1 has length 3, not 1"):
        gt.squeeze(x, axis=1)
    with pytest.raises(gt.AxisError, match="squeeze"):
        gt.squeeze(x, axis=-4)
    with pytest.raises(TypeError, match="squeeze: axis must be an int"):
        gt.squeeze(x, axis=1.0)
    with pytest.raises(gt.ShapeError, match="expand_dims: repeated axis"):
        gt.expand_dims(x, axis=(0, 0))
    with pytest.raises(gt.AxisError, match="expand_dims: axis 5"):
        gt.expand_dims(x, axis=(0, 5))
    with pytest.raises(gt.ShapeError, match="flip: repeated axis"):
        gt.flip(x, axis=(1, -2))
    with pytest.raises(gt.ShapeError, match=r"broadcast_to: cannot broadcast shape \(2, 3, 4\) to \(3, 4\)"):
        gt.broadcast_to(x, (3, 4))
    with pytest.raises(gt.ShapeError, match="broadcast_to"):
        gt.broadcast_to(x, (2, 3, 5))
    with pytest.raises(gt.ShapeError, match="broadcast_to: dimensions must be non-negative"):
        gt.broadcast_to(x, (-1, 3, 4))
    with pytest.raises(gt.ShapeError, match="diagonal: needs a tensor with ndim >= 2"):
        gt.diagonal(v)
    with pytest.raises(gt.ShapeError, match="diagonal: axis1 and axis2 must differ"):
        gt.diagonal(x, axis1=1, axis2=-2)
    with pytest.raises(TypeError, match="diagonal: offset must be an int"):
        gt.diagonal(x, offset=1.5)
    assert x.shape == (2, 3, 4)


@pytest.mark.parametrize(
    "f",
    [
        lambda d: gt.reshape(d, (4,)),
        lambda d: gt.permute_dims(d, (1, 0)),
        gt.matrix_transpose,
        lambda d: gt.moveaxis(d, 0, 1),
        lambda d: gt.swapaxes(d, 0, 1),
        gt.squeeze,
        gt.expand_dims,
        gt.flip,
        lambda d: gt.broadcast_to(d, (2, 2)),
        gt.diagonal,
    ],
)
def test_array_like_input_is_accepted_like_a_tensor(f):
    # The one operand path: nested lists act as gt.tensor(...) of them (NumPy does the same).
    data = [[1, 2], [3, 4]]
    expected = f(gt.tensor(data))
    got = f(data)
    if isinstance(expected, gt.Tensor):
        assert got.shape == expected.shape and got.tolist() == expected.tolist()
    else:
        assert got == expected
    with pytest.raises(TypeError, match="cannot build a tensor from a str"):
        f("ab")


def test_shares_memory_of_lists_is_false():
    data = [[1, 2], [3, 4]]
    assert gt.shares_memory(data, data) is False  # each becomes its own new tensor, as in NumPy


def test_broadcast_to_is_read_only_and_shares():
    x = gt.tensor([1, 2, 3])
    b = gt.broadcast_to(x, (2, 3))
    assert b.strides == (0, 1) and gt.shares_memory(b, x)
    with pytest.raises(gt.ReadOnlyError, match="read-only view"):
        b[...] = 0
    with pytest.raises(gt.ReadOnlyError):
        b.T[0] = 0  # views of a read-only view stay read-only
    x[0] = 10
    assert b.tolist() == [[10, 2, 3], [10, 2, 3]]
    c = b.copy()
    c[0, 0] = 5  # a copy is writable
    assert x[0] == 10
    same_shape = gt.broadcast_to(x, (3,))
    with pytest.raises(gt.ReadOnlyError):
        same_shape[0] = 1


def test_diagonal_edges():
    x = gt.arange(12).reshape((3, 4))
    assert gt.diagonal(x, offset=3).tolist() == [3]
    assert gt.diagonal(x, offset=4).shape == (0,)
    assert gt.diagonal(x, offset=-3).shape == (0,)
    assert gt.diagonal(x, offset=-2).tolist() == [8]
    assert gt.diagonal(gt.zeros((0, 3))).shape == (0,)
    stack = gt.arange(18).reshape((2, 3, 3))
    assert gt.diagonal(stack).tolist() == [[0, 4, 8], [9, 13, 17]]


def test_squeeze_and_expand_edge_cases():
    z = gt.tensor(7)
    assert gt.squeeze(z).shape == ()
    assert gt.expand_dims(z).shape == (1,)
    assert gt.expand_dims(z, axis=(0, 1)).shape == (1, 1)
    assert gt.squeeze(gt.zeros((1, 1))).shape == ()
    assert gt.squeeze(gt.zeros((1, 0, 1)), axis=(0, 2)).shape == (0,)
    assert gt.flip(z).tolist() == 7
    assert z.T.shape == ()


def test_shares_memory_cases():
    x = gt.arange(10)
    y = x.reshape((2, 5))
    assert gt.shares_memory(x[:5], y[0])
    assert not gt.shares_memory(y[:, ::2], y[:, 1::2])
    assert not gt.shares_memory(x[:0], x)
    assert not gt.shares_memory(x, gt.arange(10))
    assert gt.shares_memory(gt.broadcast_to(x[3:4], (4, 4)), x[3:4])
    assert not gt.shares_memory(gt.flip(x)[:5], x[:5])
    assert gt.shares_memory(gt.diagonal(y, offset=1), x[7:8])  # [1, 7]
    assert not gt.shares_memory(gt.diagonal(y, offset=1), x[2:7])
