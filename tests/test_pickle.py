"""Pickle: every ops round-trips to the same ops object, and a view pickles only its own elements."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toyring import Gauss, gaussian

import gentensor as gt
from gentensor.io.interop import tensor_reduce
from gentensor.testing import shapes, tensors

GAUSS = st.builds(Gauss, st.integers(-9, 9), st.integers(-9, 9))
OPS = [
    gt.integers,
    gt.rationals,
    gt.symbolic,
    gt.floats,
    gt.complexes,
    gt.booleans,
    gt.objects,
    gt.modular(7),
    gt.modular(2**89 - 1),
    gaussian,
]


def same(x: Any, y: Any) -> bool:
    ops = x.ops
    return (
        y.ops is ops
        and y.shape == x.shape
        and all(ops.equal(a, b) and type(a) is type(b) for a, b in zip(x._elements(), y._elements()))
    )


@pytest.mark.parametrize("ops", OPS, ids=lambda o: o.name)
def test_ops_pickle_to_the_same_object(ops: Any) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(ops, protocol=protocol)) is ops


@pytest.mark.parametrize("ops", OPS, ids=lambda o: o.name)
@settings(max_examples=10)
@given(data=st.data())
def test_tensor_round_trip(ops: Any, data: st.DataObject) -> None:
    shape = shapes(max_dims=3, max_side=3)
    x = data.draw(tensors(ops=ops, shape=shape, elements=GAUSS if ops is gaussian else None, views=True))
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        y = pickle.loads(pickle.dumps(x, protocol=protocol))
        assert same(x, y)
        assert y.base is None and y.is_contiguous
    # the recipe itself: a module-level reconstructor and plain arguments
    f, args = tensor_reduce(x)
    assert same(x, f(*pickle.loads(pickle.dumps(args))))


def test_view_pickles_only_its_own_elements() -> None:
    big = gt.zeros((1000, 1000))
    row = big[3]
    whole_row = len(pickle.dumps(row.copy()))
    assert len(pickle.dumps(row)) <= whole_row + 100
    assert len(pickle.dumps(row)) < 20_000  # the storage holds 10**6 elements
    assert len(pickle.dumps(big[:, 7])) < 20_000
    assert pickle.loads(pickle.dumps(big.T[::-250, 5])).shape == (4,)


def test_unpickled_tensor_is_independent() -> None:
    x = gt.tensor([[1, 2], [3, 4]])
    v = x.T
    y = pickle.loads(pickle.dumps(v))
    y[0, 0] = 100
    assert x.tolist() == [[1, 2], [3, 4]] and y.tolist() == [[100, 3], [2, 4]]


def test_broadcast_view_unpickles_writable() -> None:
    b = gt.broadcast_to(gt.tensor([1, 2]), (3, 2))
    y = pickle.loads(pickle.dumps(b))
    y[0, 0] = 9
    assert y.tolist() == [[9, 2], [1, 2], [1, 2]]


def test_zero_d_and_empty() -> None:
    for x in (gt.tensor(Fraction(1, 3)), gt.zeros((0, 4), ops=gt.rationals), gt.tensor(5)[...]):
        assert same(x, pickle.loads(pickle.dumps(x)))


class Mod5:
    """A registered user type whose ops pickles by value (no __reduce__ of its own)."""

    def __init__(self, v: int) -> None:
        self.v = v % 5

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mod5) and other.v == self.v

    def __hash__(self) -> int:
        return self.v


class Mod5Ops(gt.BaseOps):
    name = "mod5-by-value"
    zero, one = Mod5(0), Mod5(1)

    def convert(self, v: Any) -> Mod5:
        return v if isinstance(v, Mod5) else Mod5(int(v))

    def add(self, a: Mod5, b: Mod5) -> Mod5:
        return Mod5(a.v + b.v)

    def mul(self, a: Mod5, b: Mod5) -> Mod5:
        return Mod5(a.v * b.v)

    def neg(self, a: Mod5) -> Mod5:
        return Mod5(-a.v)

    def equal(self, a: Mod5, b: Mod5) -> bool:
        return a.v == b.v


mod5 = Mod5Ops()
gt.register_ops(Mod5, mod5)


def test_user_ops_pickled_by_value_comes_back_as_the_registered_instance() -> None:
    assert pickle.loads(pickle.dumps(mod5)) is not mod5  # by value: a new instance
    x = gt.tensor([Mod5(1), Mod5(3)])
    y = pickle.loads(pickle.dumps(x))
    assert y.ops is mod5 and [v.v for v in y._elements()] == [1, 3]
    assert (y + x).ops is mod5  # combines with tensors made here


def test_copy_module() -> None:
    x = gt.tensor([[Fraction(1, 2), 2], [3, 4]])
    for y in (copy.copy(x.T), copy.deepcopy(x.T)):
        assert same(x.T, y)
        y[0, 0] = 0
        assert x[0, 0] == Fraction(1, 2)
