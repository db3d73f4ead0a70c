"""Creation functions: tensor, zeros, ones, full, eye, arange, fromfunction, symbols."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import example, given
from hypothesis import strategies as st

import gentensor as gt
from tests.toyring import Gauss, gaussian

OPS = [gt.integers, gt.rationals, gt.floats, gt.complexes, gt.symbolic, gt.objects, gt.modular(5), gt.booleans, gaussian]


# -- tensor -------------------------------------------------------------------------

nested_ints = st.recursive(
    st.integers(-5, 5), lambda inner: st.lists(inner, min_size=0, max_size=3), max_leaves=30
)


@given(nested_ints)
def test_tensor_agrees_with_numpy_on_nested_data(data):
    try:
        expected = np.array(data, dtype=object)
        ok = all(not isinstance(v, list) for v in expected.reshape(-1))
    except ValueError:
        ok = False
    if ok:
        x = gt.tensor(data)
        assert x.shape == expected.shape
        assert x.tolist() == expected.tolist()
        assert x.ops is gt.integers and x.base is None and x.is_contiguous
    else:
        with pytest.raises(gt.ShapeError, match="tensor: ragged nested data"):
            gt.tensor(data)


def test_tensor_basics():
    x = gt.tensor([[1, 2], (3, 4)])
    assert x.shape == (2, 2) and x.tolist() == [[1, 2], [3, 4]]
    assert gt.tensor(5).shape == () and gt.tensor(5).item() == 5
    assert gt.tensor(Fraction(1, 2)).ops is gt.rationals
    assert gt.tensor([]).shape == (0,) and gt.tensor([[], []]).shape == (2, 0)
    assert gt.tensor(((),)).shape == (1, 0)
    data = [[1, 2], [3, 4]]
    y = gt.tensor(data)
    data[0][0] = 100  # the tensor does not alias the input
    assert y[0, 0] == 1


def test_tensor_keeps_native_elements_without_conversion():
    big = 10**40
    f = Fraction(2, 3)
    x = gt.tensor([big, 1])
    assert x._store.data[0] is big  # too big for a word: list storage keeps the object
    assert gt.tensor([f])._store.data[0] is f
    s = sympy.Symbol("s")
    assert gt.tensor([s, 1])._store.data[0] is s


def test_tensor_of_tensors_and_views():
    a = gt.arange(6).reshape((2, 3))
    c = gt.tensor(a.T)
    assert c.tolist() == a.T.tolist() and c.base is None and not gt.shares_memory(c, a)
    c[0, 0] = 9
    assert a[0, 0] == 0
    assert gt.tensor(a, ops=gt.rationals).ops is gt.rationals
    stacked = gt.tensor([a[0], a[1]])
    assert stacked.tolist() == a.tolist()
    assert gt.tensor([gt.tensor(1), 2]).tolist() == [1, 2]
    m = gt.tensor([gt.tensor([1, 2], ops=gt.modular(5)), [3, 9]])
    assert m.ops is gt.modular(5) and m.tolist() == [[1, 2], [3, 4]]
    with pytest.raises(gt.OpsMismatchError):
        gt.tensor([gt.tensor([1], ops=gt.modular(5)), gt.tensor([1], ops=gt.modular(7))])


def test_tensor_from_numpy_and_sympy():
    assert gt.tensor(np.array([[1, 2], [3, 4]])).tolist() == [[1, 2], [3, 4]]
    assert gt.tensor(np.array([[1, 2], [3, 4]])).ops is gt.integers
    assert type(gt.tensor(np.array([1, 2]))[0]) is int and type(gt.tensor(np.array([1, 2])).tolist()[1]) is int
    assert gt.tensor(np.array(3)).shape == ()
    assert gt.tensor(np.zeros((2, 0))).shape == (2, 0)
    assert gt.tensor(np.array([Fraction(1, 2)], dtype=object)).ops is gt.rationals
    assert gt.tensor(np.array([0.5])).ops is gt.floats
    assert gt.tensor(np.array([True, False])).ops is gt.booleans
    m = sympy.Matrix([[1, sympy.Symbol("y")], [3, 4]])
    t = gt.tensor(m)
    assert t.shape == (2, 2) and t.ops is gt.symbolic and t[0, 1] == sympy.Symbol("y")
    arr = sympy.ImmutableDenseNDimArray(list(range(8)), (2, 2, 2))
    assert gt.tensor(arr).tolist() == arr.tolist()
    assert gt.tensor(sympy.Matrix(0, 3, [])).shape == (0, 3)


@pytest.mark.parametrize(
    "data, pattern",
    [
        ([[1, 2], [3]], r"the entry at index \[1\] is length 1, expected a sequence of length 2 \(as at index \[0\]\)"),
        ([[1, 2], 3], r"the entry at index \[1\] is a scalar 3, expected a sequence of length 2"),
        ([1, [2]], r"the entry at index \[1\] is a sequence, but the entries at index \[0\] are scalars"),
        ([[[1], [2]], [[3], [4, 5]]], r"the entry at index \[1, 1\] is length 2, expected a sequence of length 1 \(as at index \[0, 0\]\)"),
        ([[1, 2], [3, [4, 5]]], r"the entry at index \[1, 1\] is a sequence"),
        ([[], [1]], r"the entry at index \[1\] is length 1, expected a sequence of length 0"),
    ],
)
def test_ragged_data_says_where(data, pattern):
    with pytest.raises(gt.ShapeError, match="^tensor: ragged nested data: " + pattern):
        gt.tensor(data)


@pytest.mark.parametrize("data", ["abc", b"abc", {1: 2}, {1, 2}])
def test_strings_and_containers_are_refused(data):
    with pytest.raises(TypeError, match=rf"tensor: cannot build a tensor from a {type(data).__name__}"):
        gt.tensor(data)


def test_conversion_errors_name_the_value():
    with pytest.raises(TypeError, match=r"integers.convert: cannot convert Fraction\(1, 2\)"):
        gt.tensor([1, Fraction(1, 2)], ops=gt.integers)
    with pytest.raises(TypeError, match="gaussian.convert"):
        gt.tensor([1.5], ops=gaussian)


@pytest.mark.parametrize("ops", OPS, ids=lambda o: o.name)
def test_tensor_with_ops_converts_every_element(ops):
    x = gt.tensor([[0, 1], [1, 0]], ops=ops)
    assert x.ops is ops
    for v, expected in zip(x._elements(), [ops.zero, ops.one, ops.one, ops.zero]):
        assert ops.equal(v, expected)
        if ops is not gt.objects:
            assert type(v) is type(ops.convert(expected))


# -- zeros, ones, full, eye ----------------------------------------------------------


@pytest.mark.parametrize("ops", OPS, ids=lambda o: o.name)
def test_zeros_ones_full_eye_for_every_ops(ops):
    z = gt.zeros((2, 3), ops=ops)
    o = gt.ones(4, ops=ops)
    assert z.shape == (2, 3) and o.shape == (4,) and z.ops is ops and o.ops is ops
    assert all(ops.is_zero(v) for v in z._elements())
    assert all(ops.equal(v, ops.one) for v in o._elements())
    f = gt.full((2, 2), 1, ops=ops)
    assert f.ops is ops and all(ops.equal(v, ops.one) for v in f._elements())
    e = gt.eye(3, ops=ops)
    for i in range(3):
        for j in range(3):
            assert ops.equal(e[i, j], ops.one if i == j else ops.zero)
    z[0, 0] = 1  # independent storage per element slot: writing one leaves the others
    assert ops.is_zero(z[0, 1]) and ops.is_zero(z[1, 0])


@given(n=st.integers(0, 5), m=st.integers(0, 5), k=st.integers(-6, 6))
def test_eye_matches_numpy(n, m, k):
    assert gt.eye(n, m, k=k).tolist() == np.eye(n, m, k=k, dtype=int).tolist()
    assert gt.eye(n).tolist() == np.eye(n, dtype=int).tolist()


def test_full_infers_ops_from_the_value():
    assert gt.full((2,), Fraction(1, 3)).ops is gt.rationals
    assert gt.full(2, Gauss(1, 1)).ops is gaussian
    assert gt.full(2, 1.5).ops is gt.floats
    assert gt.full((), 7).shape == () and gt.full((), 7).item() == 7
    assert gt.full(2, sympy.Symbol("q")).ops is gt.symbolic
    assert gt.full(2, "s").ops is gt.objects
    with pytest.raises(TypeError, match="integers.convert"):
        gt.full(2, Fraction(1, 2), ops=gt.integers)


@pytest.mark.parametrize(
    "call",
    [
        lambda s: gt.zeros(s),
        lambda s: gt.ones(s),
        lambda s: gt.full(s, 1),
        lambda s: gt.fromfunction(lambda *i: 0, s),
        lambda s: gt.symbols("a", s),
    ],
    ids=["zeros", "ones", "full", "fromfunction", "symbols"],
)
def test_bad_shapes(call):
    with pytest.raises(gt.ShapeError, match="dimensions must be non-negative"):
        call((2, -1))
    with pytest.raises(gt.ShapeError):
        call(-3)
    for bad in (2.5, (2, 1.0), "3", None, (True,)):
        with pytest.raises(TypeError, match="shape must be an int|every dimension must be an int"):
            call(bad)


def test_eye_errors():
    with pytest.raises(gt.ShapeError, match="eye: dimensions must be non-negative"):
        gt.eye(-1)
    with pytest.raises(TypeError, match="^eye: "):
        gt.eye(2.5)
    with pytest.raises(TypeError, match="^eye: "):
        gt.eye(2, 3.0)


# -- arange ------------------------------------------------------------------------------


@given(st.integers(-10, 10), st.integers(-10, 10), st.integers(-4, 4).filter(bool))
def test_arange_integers_match_range_and_numpy(start, stop, step):
    x = gt.arange(start, stop, step)
    assert x.tolist() == list(range(start, stop, step)) == np.arange(start, stop, step).tolist()
    assert x.ops is gt.integers and x.ndim == 1


@given(st.integers(-10, 10) | st.integers(-(2**63), 2**63), st.integers(-4, 4).filter(bool) | st.integers(-(2**40), 2**40).filter(bool))
@example(10, 3)
@example(-10, -4)
def test_arange_with_stop_omitted_steps_as_numpy(stop, step):
    """``arange(stop, step=k)`` (and ``arange(stop, None, k)``) counts from 0 by ``step``, as NumPy's does."""
    expected = range(0, stop, step)
    if len(expected) > 10**4:
        return  # past the limits: the general path refuses it (tested with the limits)
    for x in (gt.arange(stop, step=step), gt.arange(stop, None, step)):
        assert x.tolist() == list(expected)
    if -(2**62) < stop < 2**62 and abs(step) < 2**40:
        assert gt.arange(stop, step=step).tolist() == np.arange(stop, step=step).tolist()


_NEAR_WORD = st.integers(-(2**64), 2**64) | st.integers(-(2**63) - 40, -(2**63) + 40) | st.integers(2**63 - 40, 2**63 + 40) | st.integers(-50, 50)


@given(_NEAR_WORD, st.integers(0, 40), st.integers(-(2**64), 2**64).filter(bool) | st.integers(-5, 5).filter(bool), st.integers(0, 2**64))
@example(0, 2, 2**62, 2**62 - 1)  # range(0, 2**63 - 1, 2**62)
@example(2**63 - 1, 3, -(2**63) + 1, 0)
def test_tensor_of_a_range_is_its_values(start, count, step, beyond):
    """``gt.tensor(range(...))`` holds the range's values exactly (packed when they are words)."""
    stop = start + count * step + (beyond % abs(step)) * (1 if step > 0 else -1) * (count > 0)
    r = range(start, stop, step)
    x = gt.tensor(r)
    assert x.tolist() == list(r) and x.shape == (len(r),) and x.ops is gt.integers


def test_tensor_of_a_huge_range_is_refused_by_its_length():
    for r in (range(10**12), range(10**30), range(0, -(10**40), -1)):
        with pytest.raises(gt.LimitError, match="max_elements"):
            gt.tensor(r)


fractions_ = st.builds(Fraction, st.integers(-12, 12), st.integers(1, 6))


@given(fractions_, fractions_, fractions_.filter(bool))
def test_arange_fractions_are_exact(start, stop, step):
    x = gt.arange(start, stop, step)
    expected = []
    v = start
    while (v < stop) if step > 0 else (v > stop):
        expected.append(v)
        v += step
    assert x.tolist() == expected
    assert x.ops is gt.rationals and all(type(e) is Fraction for e in x._store.data)


def test_arange_details():
    assert gt.arange(5).tolist() == [0, 1, 2, 3, 4]
    assert gt.arange(0).shape == (0,) and gt.arange(0).ops is gt.integers
    assert gt.arange(5, 1).shape == (0,)
    assert gt.arange(5, 1, -2).tolist() == [5, 3]
    assert gt.arange(1, 2, Fraction(1, 3)).tolist() == [1, Fraction(4, 3), Fraction(5, 3)]
    half = gt.arange(Fraction(1, 2))
    assert half.ops is gt.rationals and half.tolist() == [0]
    assert gt.arange(0, 1, 0.25).tolist() == [0.0, 0.25, 0.5, 0.75] and gt.arange(0, 1, 0.25).ops is gt.floats
    assert gt.arange(0, 2.5).ops is gt.floats
    assert gt.arange(5, ops=gt.modular(3)).tolist() == [0, 1, 2, 0, 1]
    third = sympy.Rational(1, 3)
    s = gt.arange(0, 1, third)
    assert s.ops is gt.symbolic and s.tolist() == [0, third, 2 * third]
    with pytest.raises(ValueError, match="arange: step must not be zero"):
        gt.arange(0, 5, 0)
    with pytest.raises(TypeError, match=r"arange: stop must be a number \(got 'a'\)"):
        gt.arange(0, "a")
    with pytest.raises(TypeError, match="arange: start must be a number"):
        gt.arange(None, 3)


# -- fromfunction, symbols ---------------------------------------------------------------


def test_fromfunction():
    calls = []

    def f(i, j):
        calls.append((i, j))
        return 10 * i + j

    x = gt.fromfunction(f, (2, 3))
    assert x.tolist() == [[0, 1, 2], [10, 11, 12]] and x.ops is gt.integers
    assert calls == [(i, j) for i in range(2) for j in range(3)]
    assert all(type(i) is int for c in calls for i in c)
    assert gt.fromfunction(lambda: 7, ()).tolist() == 7
    assert gt.fromfunction(lambda i: 1 / 0, (0,)).shape == (0,)  # no call for an empty shape
    assert gt.fromfunction(lambda i: i, 3, ops=gt.rationals).ops is gt.rationals
    assert gt.fromfunction(lambda i: Gauss(i, i), 2).ops is gaussian
    assert gt.fromfunction(lambda i, j: Fraction(1, i + j + 1), (3, 3)).tolist()[2][2] == Fraction(1, 5)


def test_symbols():
    a = gt.symbols("a", (2, 3))
    assert a.ops is gt.symbolic and a.shape == (2, 3)
    assert a[1, 2] == sympy.Symbol("a_1_2")
    assert len(set(a._elements())) == 6
    assert gt.symbols("w", ()).item() == sympy.Symbol("w")
    assert gt.symbols("v", 3).tolist() == list(sympy.symbols("v_0:3"))
    for bad in ("1a", "a b", "", 3, "x+y"):
        with pytest.raises(TypeError, match="symbols: name must be an identifier string"):
            gt.symbols(bad, 2)


def test_creation_through_the_toy_ring():
    x = gt.tensor([[Gauss(1, 1), 2], [3, Gauss(0, -1)]])
    assert x.ops is gaussian and x[0, 1] == Gauss(2, 0)
    assert gt.zeros(2, ops=Gauss).tolist() == [Gauss(0, 0), Gauss(0, 0)]
    assert gt.eye(2, ops=gaussian)[1, 1] == Gauss(1, 0)
    assert gt.arange(3, ops=gaussian).tolist() == [Gauss(0), Gauss(1), Gauss(2)]
