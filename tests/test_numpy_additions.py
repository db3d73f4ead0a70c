"""pad, diag, isin, bincount, isclose/allclose, convolve, average: properties against NumPy, a user ring, errors."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from tests.toyring import Gauss, gaussian

np = pytest.importorskip("numpy")

small_ints = st.integers(-20, 20)


# -- pad -------------------------------------------------------------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(1, 4), min_size=1, max_size=3),
    st.sampled_from(["constant", "edge", "reflect", "symmetric", "wrap"]),
    st.data(),
)
def test_pad_matches_numpy(shape: list[int], mode: str, data: st.DataObject) -> None:
    a = np.arange(math.prod(shape)).reshape(shape) * 3 - 5
    widths = [tuple(data.draw(st.integers(0, 7), label="width") for _ in range(2)) for _ in shape]
    kwargs = {"constant_values": data.draw(small_ints, label="value")} if mode == "constant" else {}
    got = gt.pad(gt.tensor(a.tolist()), widths, mode=mode, **kwargs)
    assert got.tolist() == np.pad(a, widths, mode=mode, **kwargs).tolist()


def test_pad_width_forms_and_errors() -> None:
    x = gt.tensor([[1, 2], [3, 4]])
    a = np.asarray(x.tolist())
    for width in (1, (1,), (1, 2), ((1, 2),), ((0, 1), (2, 0))):
        assert gt.pad(x, width).tolist() == np.pad(a, width).tolist()
    assert gt.pad(x, 0).tolist() == x.tolist() and not gt.shares_memory(gt.pad(x, 0), x)
    assert gt.pad(gt.tensor([1, 2]), 2, mode="empty").tolist() == [0, 0, 1, 2, 0, 0]
    assert gt.pad(gt.tensor(5), 3).tolist() == np.pad(np.asarray(5), 3).tolist() == 5  # no axis to pad
    g = gt.tensor([Gauss(1, 2)], ops=gaussian)
    assert gt.pad(g, 1, mode="wrap").tolist() == [Gauss(1, 2)] * 3
    assert gt.pad(g, 1).tolist() == [Gauss(0, 0), Gauss(1, 2), Gauss(0, 0)]
    with pytest.raises(gt.ArgumentValueError, match="unknown mode 'mean'"):
        gt.pad(x, 1, mode="mean")
    with pytest.raises(gt.ArgumentValueError, match="non-negative"):
        gt.pad(x, -1)
    with pytest.raises(gt.ArgumentTypeError, match="pad widths must be ints"):
        gt.pad(x, 1.5)
    with pytest.raises(gt.ShapeError, match="pad_width must be"):
        gt.pad(x, ((1, 2), (3, 4), (5, 6)))
    with pytest.raises(gt.ShapeError, match="cannot extend axis 0 of length 0"):
        gt.pad(gt.zeros((0, 2)), 1, mode="edge")
    with pytest.raises(gt.ArgumentTypeError, match="no exact value in integers"):
        gt.pad(x, 1, constant_values=0.5)
    with pytest.raises(gt.LimitError):
        gt.pad(x, 10**9)
    assert x.tolist() == [[1, 2], [3, 4]]


# -- diag --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("k", range(-4, 5))
def test_diag_matches_numpy(k: int) -> None:
    m = np.arange(12).reshape(3, 4)
    assert gt.diag(gt.tensor(m.tolist()), k=k).tolist() == np.diag(m, k).tolist()
    v = np.asarray([3, -1, 7])
    assert gt.diag(gt.tensor(v.tolist()), k=k).tolist() == np.diag(v, k).tolist()


def test_diag_of_a_matrix_is_a_view_and_errors() -> None:
    x = gt.tensor([[1, 2], [3, 4]])
    d = gt.diag(x)
    assert gt.shares_memory(d, x)
    q = gt.diag(gt.tensor([Fraction(1, 2)]), k=1)
    assert q.ops is gt.rationals and q.tolist() == [[0, Fraction(1, 2)], [0, 0]]
    with pytest.raises(gt.ShapeError, match="1-d or 2-d"):
        gt.diag(gt.zeros((2, 2, 2)))
    with pytest.raises(gt.ArgumentTypeError, match="k must be an int"):
        gt.diag(x, k=1.0)


# -- isin ----------------------------------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.lists(small_ints, max_size=12), st.lists(small_ints, max_size=6), st.booleans())
def test_isin_matches_numpy(values: list[int], pool: list[int], invert: bool) -> None:
    got = gt.isin(gt.tensor(values), gt.tensor(pool), invert=invert)
    want = np.isin(np.asarray(values, dtype=int), np.asarray(pool, dtype=int), invert=invert)
    assert got.ops is gt.booleans and got.tolist() == want.tolist()


def test_isin_equality_is_the_ops_own() -> None:
    import sympy

    a = sympy.Symbol("a")
    assert gt.isin(gt.tensor([(a + 1) ** 2, a]), [a**2 + 2 * a + 1]).tolist() == [True, False]
    nan = float("nan")
    assert gt.isin(gt.tensor([nan, 1.0]), [nan, 1.0]).tolist() == np.isin([nan, 1.0], [nan, 1.0]).tolist()
    assert gt.isin(gt.tensor([Fraction(1, 2), 1]), gt.tensor([0.5])).tolist() == [True, False]
    g = gt.tensor([Gauss(1, 1), Gauss(0, 1)], ops=gaussian)
    assert gt.isin(g, gt.tensor([Gauss(0, 1)], ops=gaussian)).tolist() == [False, True]
    assert gt.isin(gt.tensor([[1, 2], [3, 4]]), 4).tolist() == [[False, False], [False, True]]
    with pytest.raises(gt.OpsMismatchError):
        gt.isin(gt.tensor([1], ops=gt.modular(5)), gt.tensor([1], ops=gt.modular(7)))
    with pytest.raises(gt.ArgumentTypeError, match="invert must be True or False"):
        gt.isin(gt.tensor([1]), [1], invert=1)


# -- bincount ------------------------------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 12), max_size=15), st.integers(0, 20))
def test_bincount_matches_numpy(values: list[int], minlength: int) -> None:
    a = np.asarray(values, dtype=np.int64)
    assert gt.bincount(gt.tensor(values), minlength=minlength).tolist() == np.bincount(a, minlength=minlength).tolist()
    weights = [Fraction(k + 1, 3) for k in range(len(values))]
    got = gt.bincount(gt.tensor(values), weights=weights, minlength=minlength)
    want = np.bincount(a, weights=np.asarray([float(w) for w in weights]), minlength=minlength)
    assert [float(v) for v in got.tolist()] == pytest.approx(want.tolist())
    assert not values or all(isinstance(v, Fraction) for v in got.tolist())


def test_bincount_errors() -> None:
    assert gt.bincount(gt.tensor([True, False, True])).tolist() == [1, 2]
    assert gt.bincount(gt.tensor([], ops=gt.integers)).tolist() == []
    with pytest.raises(gt.ArgumentValueError, match="non-negative"):
        gt.bincount(gt.tensor([1, -2]))
    with pytest.raises(gt.DomainError, match="needs integers"):
        gt.bincount(gt.tensor([0.5]))
    with pytest.raises(gt.ShapeError, match="1-d"):
        gt.bincount(gt.tensor([[1]]))
    with pytest.raises(gt.ShapeError, match="weights must have x's shape"):
        gt.bincount(gt.tensor([1, 2]), weights=[1])
    with pytest.raises(gt.LimitError):
        gt.bincount(gt.tensor([10**15]))


# -- isclose / allclose --------------------------------------------------------------------------------------------
finite = st.floats(-1e6, 1e6, allow_nan=False)
special = st.sampled_from([math.inf, -math.inf, math.nan, 0.0, -0.0, 1e-300])


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.one_of(finite, special), min_size=1, max_size=6),
    st.lists(st.one_of(finite, special), min_size=1, max_size=6),
    st.sampled_from([1e-5, 0.0, 0.5]),
    st.sampled_from([1e-8, 0.0, 1.0]),
    st.booleans(),
)
def test_isclose_on_floats_matches_numpy(a: list[float], b: list[float], rtol: float, atol: float, equal_nan: bool) -> None:
    n = min(len(a), len(b))
    x, y = a[:n], b[:n]
    got = gt.isclose(gt.tensor(x), gt.tensor(y), rtol=rtol, atol=atol, equal_nan=equal_nan)
    want = np.isclose(np.asarray(x), np.asarray(y), rtol=rtol, atol=atol, equal_nan=equal_nan)
    assert got.tolist() == want.tolist()
    assert gt.allclose(gt.tensor(x), gt.tensor(y), rtol=rtol, atol=atol, equal_nan=equal_nan) == bool(
        np.allclose(np.asarray(x), np.asarray(y), rtol=rtol, atol=atol, equal_nan=equal_nan)
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fractions(max_denominator=50), min_size=1, max_size=5), st.fractions(0, 1, max_denominator=20))
def test_isclose_on_rationals_is_exact(values: list[Fraction], tol: Fraction) -> None:
    x = gt.tensor(values, ops=gt.rationals)
    shifted = [v + tol for v in values]
    got = gt.isclose(gt.tensor(shifted, ops=gt.rationals), x, rtol=0, atol=tol).tolist()
    assert got == [True] * len(values)  # exactly on the bound: close, whatever float rounding would say
    if tol:
        beyond = [v + tol + Fraction(1, 10**40) for v in values]
        assert gt.isclose(gt.tensor(beyond), x, rtol=0, atol=tol).tolist() == [False] * len(values)


def test_isclose_scalars_tolerances_and_errors() -> None:
    assert gt.isclose(1, 1) is True and gt.isclose(1.0, 1.1) is False
    assert gt.isclose(gt.tensor([10**20]), gt.tensor([10**20 + 10**15]), rtol=0.00001, atol=0).tolist() == [True]
    assert gt.isclose(gt.tensor([1]), gt.tensor([2]), atol=math.inf).tolist() == [True]
    with pytest.raises(gt.ArgumentTypeError, match="rtol must be a real number"):
        gt.isclose(gt.tensor([1]), 1, rtol="0.1")
    with pytest.raises(gt.ArgumentTypeError, match="equal_nan"):
        gt.isclose(gt.tensor([1]), 1, equal_nan=None)
    with pytest.raises(gt.DomainError):
        gt.isclose(gt.tensor([1], ops=gt.modular(5)), gt.tensor([2], ops=gt.modular(5)))


# -- convolve --------------------------------------------------------------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(
    st.lists(small_ints, min_size=1, max_size=8),
    st.lists(small_ints, min_size=1, max_size=8),
    st.sampled_from(["full", "same", "valid"]),
)
def test_convolve_matches_numpy(a: list[int], v: list[int], mode: str) -> None:
    got = gt.convolve(gt.tensor(a), gt.tensor(v), mode=mode)
    assert got.ops is gt.integers
    assert got.tolist() == np.convolve(np.asarray(a), np.asarray(v), mode=mode).tolist()


def test_convolve_is_the_polynomial_product_in_any_ring() -> None:
    import sympy

    t = sympy.Symbol("t")
    a, b = [3, Fraction(-1, 2), 0, 7], [Fraction(2, 3), 1, -5]
    got = gt.convolve(gt.tensor(a), gt.tensor(b))
    pa, pb = sympy.Poly(a, t), sympy.Poly(b, t)
    assert [sympy.Rational(v) for v in got.tolist()] == (pa * pb).all_coeffs()
    g = gt.convolve(gt.tensor([Gauss(1, 1), Gauss(0, 1)], ops=gaussian), gt.tensor([Gauss(1, -1)], ops=gaussian))
    assert g.ops is gaussian and g.tolist() == [Gauss(2, 0), Gauss(1, 1)]
    assert gt.convolve(gt.tensor([True, True]), gt.tensor([True])).tolist() == [1, 1]
    with pytest.raises(gt.ShapeError, match="1-d and not empty"):
        gt.convolve(gt.tensor([]), gt.tensor([1]))
    with pytest.raises(gt.ShapeError, match="1-d and not empty"):
        gt.convolve(gt.tensor([[1]]), gt.tensor([1]))
    with pytest.raises(gt.ArgumentValueError, match="unknown mode"):
        gt.convolve(gt.tensor([1]), gt.tensor([1]), mode="circular")


# -- average ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_average_matches_numpy(axis: object) -> None:
    a = np.asarray([[3, 1, 4], [1, 5, 9]])
    w = np.asarray([[2, 7, 1], [8, 2, 8]])
    x = gt.tensor(a.tolist())
    got = gt.average(x, axis=axis, weights=gt.tensor(w.tolist()))
    want = np.average(a, axis=axis, weights=w)
    assert np.allclose(np.asarray(got.tolist() if isinstance(got, gt.Tensor) else got, dtype=float), want)
    avg, total = gt.average(x, axis=axis, weights=w.tolist(), returned=True, keepdims=True)
    want_avg, want_total = np.average(a, axis=axis, weights=w, returned=True, keepdims=True)
    assert avg.shape == want_avg.shape and total.tolist() == want_total.tolist()
    plain, count = gt.average(x, axis=axis, returned=True)
    np_plain, np_count = np.average(a, axis=axis, returned=True)
    assert np.allclose(np.asarray(plain.tolist() if isinstance(plain, gt.Tensor) else plain, dtype=float), np_plain)
    assert (count.tolist() if isinstance(count, gt.Tensor) else count) == np_count.tolist()


def test_average_errors() -> None:
    x = gt.tensor([[1, 2], [3, 4]])
    with pytest.raises(gt.ArgumentValueError, match="sum to zero"):
        gt.average(x, weights=[[1, -1], [2, -2]], axis=1)
    with pytest.raises(gt.ShapeError, match="1-d along one axis"):
        gt.average(x, weights=[1, 2])
    with pytest.raises(gt.ShapeError, match="length of axis 1"):
        gt.average(x, axis=1, weights=[1, 2, 3])
    assert gt.average(x, axis=0, weights=[1, 3]).tolist() == [Fraction(5, 2), Fraction(7, 2)]
