"""NumPy and SymPy interop: object arrays out, exact Python numbers in, SymPy matrices both ways."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from toyring import Gauss, gaussian

import gentensor as gt
from gentensor.io.interop import to_numpy, to_sympy
from gentensor.testing import shapes, tensors

GAUSS = st.builds(Gauss, st.integers(-9, 9), st.integers(-9, 9))
OPS = [gt.integers, gt.rationals, gt.symbolic, gt.floats, gt.complexes, gt.booleans, gt.modular(7), gt.modular(6), gaussian]
OPS_IDS = [o.name for o in OPS]


def gen(ops: Any, **kw: Any) -> Any:
    return tensors(ops=ops, elements=GAUSS if ops is gaussian else None, **kw)


def flat_equal(ops: Any, a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(ops.equal(u, v) and type(u) is type(v) for u, v in zip(a, b))


# -- to NumPy ------------------------------------------------------------------------------


@pytest.mark.parametrize("ops", OPS, ids=OPS_IDS)
@settings(max_examples=15)
@given(data=st.data())
def test_to_numpy_object_array_keeps_elements(ops: Any, data: st.DataObject) -> None:
    x = data.draw(gen(ops, shape=shapes(max_dims=3, max_side=3), views=True))
    a = to_numpy(x, dtype=object)
    assert a.dtype == object and a.shape == x.shape
    listed = x._store.packing is None  # list storage hands over the elements themselves
    for idx in itertools.product(*map(range, x.shape)):
        element = x[idx] if idx else x[...].item()
        assert type(a[idx]) is type(element) and (a[idx] is element if listed else flat_equal(ops, [a[idx]], [element]))
    # Without a dtype: machine numbers where the ops packs them and every value fits, else objects.
    b = to_numpy(x)
    packing = getattr(ops, "packing", None)
    if packing is not None and packing.to_machine is None and (packing.pack(x._elements()) is not None or not x.size):
        assert b.dtype == packing.dtype and flat_equal(ops, b.reshape(-1).tolist(), x._elements())
    else:
        assert b.dtype == object


@pytest.mark.parametrize("ops", OPS, ids=OPS_IDS)
@settings(max_examples=20)
@given(data=st.data())
def test_numpy_round_trip(ops: Any, data: st.DataObject) -> None:
    x = data.draw(gen(ops, shape=shapes(max_dims=3, max_side=3), views=True))
    y = gt.tensor(to_numpy(x), ops=ops)
    assert y.shape == x.shape and y.ops is ops
    assert flat_equal(ops, y._elements(), x._elements())


def test_to_numpy_copy_flag_and_dtype() -> None:
    x = gt.tensor([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="copy=False"):
        to_numpy(x, copy=False)
    a = to_numpy(x.T, dtype=np.int64)
    assert a.dtype == np.int64 and a.tolist() == [[1, 3], [2, 4]]
    f = to_numpy(gt.tensor([Fraction(1, 4)]), dtype=float)
    assert f.dtype == np.float64 and f[0] == 0.25
    assert to_numpy(x, copy=True)[1, 0] == 3


def test_to_numpy_does_not_share_storage() -> None:
    x = gt.tensor([1, 2, 3])
    a = to_numpy(x)
    a[0] = 100
    assert x.tolist() == [1, 2, 3]


def test_to_numpy_zero_d_and_empty() -> None:
    assert to_numpy(gt.tensor(Fraction(1, 3))).shape == ()
    assert to_numpy(gt.tensor(Fraction(1, 3)))[()] == Fraction(1, 3)
    assert to_numpy(gt.zeros((0, 3))).shape == (0, 3)


def test_sequence_elements_stay_whole() -> None:
    x = gt.full((2,), (1, 2), ops=gt.objects)
    a = to_numpy(x)
    assert a.shape == (2,) and a[0] == (1, 2)


def test_np_asarray_uses_the_protocol() -> None:
    x = gt.tensor([[1, Fraction(1, 2)], [3, 4]])
    a = np.asarray(x.T)
    assert a.dtype == object and a.tolist() == [[1, 3], [Fraction(1, 2), 4]]
    assert np.array(x, dtype=float).tolist() == [[1.0, 0.5], [3.0, 4.0]]
    with pytest.raises(ValueError):
        np.array(x, copy=False)


# -- from NumPy ----------------------------------------------------------------------------

INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOAT_DTYPES = [np.float16, np.float32, np.float64]


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=lambda d: np.dtype(d).name)
def test_integer_dtypes_become_python_ints(dtype: Any) -> None:
    info = np.iinfo(dtype)
    a = np.array([[info.min, info.max], [0, 1]], dtype=dtype)
    x = gt.tensor(a)
    assert x.ops is gt.integers
    assert x.tolist() == [[int(info.min), int(info.max)], [0, 1]]
    assert all(type(v) is int for v in x._elements())


@pytest.mark.parametrize("dtype", FLOAT_DTYPES, ids=lambda d: np.dtype(d).name)
def test_float_dtypes_become_python_floats_exactly(dtype: Any) -> None:
    info = np.finfo(dtype)
    a = np.array([info.tiny, info.max, -info.eps, 1 / 3, -0.0], dtype=dtype)
    x = gt.tensor(a)
    assert x.ops is gt.floats
    got = x._elements()
    assert all(type(v) is float for v in got)
    # exact: the same binary value, compared as rationals
    assert [Fraction(v) for v in got] == [Fraction(float(np.float64(v))) for v in a]
    assert str(got[-1]) == "-0.0"


def test_bool_and_complex_dtypes() -> None:
    b = gt.tensor(np.array([True, False]))
    assert b.ops is gt.booleans and b.tolist() == [True, False] and all(type(v) is bool for v in b._elements())
    c = gt.tensor(np.array([1 + 2j, -0.5j], dtype=np.complex64))
    assert c.ops is gt.complexes and c.tolist() == [1 + 2j, -0.5j] and all(type(v) is complex for v in c._elements())


def test_object_arrays_infer_ops() -> None:
    assert gt.tensor(np.array([1, Fraction(1, 2)], dtype=object)).ops is gt.rationals
    assert gt.tensor(np.array([1, 2], dtype=object)).ops is gt.integers
    assert gt.tensor(np.array([sympy.Symbol("x"), 1], dtype=object)).ops is gt.symbolic
    assert gt.tensor(np.array([Gauss(1, 2)], dtype=object)).ops is gaussian
    ints = gt.tensor(np.array([np.int64(3), np.int64(-4)], dtype=object))
    assert ints.ops is gt.integers and all(type(v) is int for v in ints._elements())


@settings(max_examples=40)
@given(
    shape=shapes(min_dims=1, max_dims=3, max_side=5),
    steps=st.lists(st.sampled_from([1, 2, -1, -2, 3]), min_size=3, max_size=3),
    order=st.sampled_from("CF"),
    transpose=st.booleans(),
)
def test_numpy_views_keep_their_order(shape: tuple[int, ...], steps: list[int], order: str, transpose: bool) -> None:
    base = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape, order=order)
    view = base[tuple(slice(None, None, s) for s in steps[: base.ndim])]
    if transpose:
        view = view.T
    x = gt.tensor(view)
    assert x.shape == view.shape and x.tolist() == view.tolist()


def test_numpy_zero_d_scalars_and_empty() -> None:
    assert gt.tensor(np.array(7)).shape == () and gt.tensor(np.array(7)).item() == 7
    assert gt.tensor(np.float64(0.5)).item() == 0.5
    assert gt.tensor(np.zeros((0, 3), dtype=np.int64)).shape == (0, 3)


# -- SymPy ---------------------------------------------------------------------------------


@pytest.mark.parametrize("ops", OPS[:-1], ids=OPS_IDS[:-1])
@settings(max_examples=10)
@given(data=st.data())
def test_to_sympy_kind_and_values(ops: Any, data: st.DataObject) -> None:
    x = data.draw(gen(ops, shape=shapes(max_dims=3, max_side=3), views=True))
    s = to_sympy(x)
    if x.ndim == 2:
        assert isinstance(s, sympy.ImmutableMatrix)
    else:
        assert isinstance(s, sympy.ImmutableDenseNDimArray)
    assert tuple(s.shape) == x.shape
    for idx in itertools.product(*map(range, x.shape)):
        got = s[idx] if idx else s[()]
        assert isinstance(got, sympy.Basic)
        assert got == gt.symbolic.convert(x[idx] if idx else x.item())


@pytest.mark.parametrize(
    "ops",
    [
        gt.integers,
        gt.rationals,
        gt.symbolic,
        gt.floats,
        gt.booleans,
        gt.modular(7),
        gt.complexes,
    ],
    ids=lambda o: o.name,
)
def test_sympy_round_trip(ops: Any) -> None:
    if ops is gt.booleans:
        x = gt.tensor([[True, False, False], [False, True, True]])
    elif ops is gt.complexes:
        x = gt.tensor([[1 + 2j, 3j, -0.5], [1j, 0j, 2 + 0j]])
    else:
        x = gt.arange(6).reshape((2, 3)).astype(ops)
    for v in (x, x.T, x[:, ::2], x.reshape((3, 1, 2)), x[1]):
        back = gt.tensor(to_sympy(v), ops=ops)
        assert back.ops is ops and back.shape == v.shape
        assert flat_equal(ops, back._elements(), v._elements())


@settings(max_examples=20)
@given(tensors(ops=gt.symbolic, shape=shapes(max_dims=3, max_side=3)))
def test_symbolic_sympy_round_trip_by_inference(x: Any) -> None:
    back = gt.tensor(to_sympy(x))
    # SymPy elements infer symbolic; with no elements at all inference gives integers
    assert back.ops is (gt.symbolic if x.size else gt.integers) and back.shape == x.shape
    assert all(a == b for a, b in zip(back._elements(), x._elements()))


def test_from_sympy_matrix_and_array() -> None:
    m = sympy.Matrix([[1, sympy.Rational(1, 2)], [3, 4]])
    assert gt.tensor(m).ops is gt.symbolic
    q = gt.tensor(m, ops=gt.rationals)
    assert q.tolist() == [[1, Fraction(1, 2)], [3, 4]] and all(type(v) is Fraction for v in q._elements())
    i = gt.tensor(sympy.Matrix([[1, 2], [3, 4]]), ops=int)
    assert i.ops is gt.integers and all(type(v) is int for v in i._elements())
    a = gt.tensor(sympy.ImmutableDenseNDimArray(list(range(8)), (2, 2, 2)), ops=gt.integers)
    assert a.shape == (2, 2, 2) and a[1, 0, 1] == 5
    assert gt.tensor(sympy.Matrix(0, 3, [])).shape == (0, 3)
    with pytest.raises(TypeError):
        gt.tensor(m, ops=gt.integers)  # 1/2 is not an integer


def test_to_sympy_of_a_user_ring() -> None:
    x = gt.tensor([[Gauss(1, 2)]])
    with pytest.raises(TypeError, match="to_sympy: the gaussian element"):
        to_sympy(x)

    class GaussWithSympy(type(gaussian)):  # type: ignore[misc]
        def to_sympy(self, g: Gauss) -> Any:
            return sympy.Integer(g.re) + sympy.I * g.im

    y = gt.tensor([[Gauss(1, 2), Gauss(0, -1)]], ops=GaussWithSympy())
    assert to_sympy(y) == sympy.ImmutableMatrix([[1 + 2 * sympy.I, -sympy.I]])


def test_to_sympy_zero_d() -> None:
    s = to_sympy(gt.tensor(Fraction(2, 3)))
    assert s.shape == () and s[()] == sympy.Rational(2, 3)


def test_to_sympy_method() -> None:
    x = gt.tensor([[1, 2], [3, 4]])
    assert x.to_sympy() == sympy.ImmutableMatrix([[1, 2], [3, 4]])
    assert x.to_sympy().det() == -2


@pytest.mark.parametrize("data", [[[1, 2], [3, 4]], [Fraction(1, 2), 3], 5])
def test_to_numpy_and_to_sympy_take_array_likes_like_every_function(data: Any) -> None:
    assert gt.to_numpy(data).tolist() == np.array(data, dtype=object).tolist()
    want = sympy.Matrix(data) if isinstance(data, list) and isinstance(data[0], list) else sympy.Array(data)
    assert gt.to_sympy(data) == want


@pytest.mark.parametrize("bad", ["abc", {}, [[1, 2], [3]]])
def test_to_numpy_and_to_sympy_refuse_what_is_not_array_like(bad: Any) -> None:
    for f in (gt.to_numpy, gt.to_sympy):
        with pytest.raises(gt.GentensorError, match=rf"^{f.__name__}: "):
            f(bad)


@pytest.mark.parametrize("dtype", ["abc", -1, gt.integers, gt.arange(2)])
def test_to_numpy_names_a_bad_dtype(dtype: Any) -> None:
    with pytest.raises(gt.ArgumentTypeError, match=r"^to_numpy: dtype must be something NumPy reads as a dtype"):
        gt.to_numpy(gt.arange(2), dtype)
    assert gt.to_numpy(gt.arange(2), float).tolist() == np.arange(2, dtype=float).tolist()
