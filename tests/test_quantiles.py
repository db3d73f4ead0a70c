"""median, quantile and percentile against NumPy: every method, axes, keepdims, arrays of q; exact on exact rings."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.compute.quantiles import QUANTILE_METHODS

np = pytest.importorskip("numpy")

METHODS = sorted(QUANTILE_METHODS)
#: Probabilities whose binary float is the rational they spell, so NumPy's float virtual index is exact too.
DYADIC = [0.0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1.0]


def assert_matches(got: object, want: object, exact: bool) -> None:
    g = np.asarray(got.tolist() if isinstance(got, gt.Tensor) else got, dtype=object)
    w = np.asarray(want)
    assert g.shape == w.shape
    for a, b in zip(g.ravel().tolist(), w.ravel().tolist()):
        if exact:
            assert isinstance(a, (int, Fraction)), (a, b)
        assert float(a) == pytest.approx(b, rel=1e-12, abs=1e-12), (got, want)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7, 10])
def test_every_method_matches_numpy_on_integers(method: str, n: int) -> None:
    values = [(7 * k * k + 3) % 11 - 4 for k in range(n)]
    x, a = gt.tensor(values), np.asarray(values, dtype=np.int64)
    got = gt.quantile(x, DYADIC, method=method)
    assert_matches(got, np.quantile(a, DYADIC, method=method), exact=True)
    interpolates = QUANTILE_METHODS[method][1]
    assert got.ops is (gt.rationals if interpolates else gt.integers)


@pytest.mark.parametrize("method", METHODS)
def test_every_method_matches_numpy_on_floats_and_rationals(method: str) -> None:
    values = [Fraction(3, 7), Fraction(-1, 2), Fraction(5, 3), Fraction(1, 9), Fraction(2, 1), Fraction(-7, 4)]
    q = gt.tensor(values)
    f = gt.tensor([float(v) for v in values])
    want = np.quantile(np.asarray([float(v) for v in values]), DYADIC, method=method)
    assert_matches(gt.quantile(q, DYADIC, method=method), want, exact=True)
    got = gt.quantile(f, DYADIC, method=method)
    assert got.ops is gt.floats
    assert_matches(got, want, exact=False)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(-50, 50), min_size=1, max_size=12),
    st.sampled_from(METHODS),
    st.integers(0, 64).map(lambda k: k / 64),
)
def test_quantile_property_against_numpy(values: list[int], method: str, q: float) -> None:
    got = gt.quantile(gt.tensor(values), q, method=method)
    assert isinstance(got, (int, Fraction))
    assert float(got) == pytest.approx(float(np.quantile(np.asarray(values), q, method=method)), abs=1e-9)
    assert min(values) <= got <= max(values)


@pytest.mark.parametrize("axis", [None, 0, 1, 2, -1, (0, 2), (1, 2), (0, 1, 2)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_axes_keepdims_and_q_arrays_match_numpy(axis: object, keepdims: bool) -> None:
    a = np.arange(24).reshape(2, 3, 4) * 7 % 11
    x = gt.tensor(a.tolist())
    for q in (0.25, [0.5, 0.75], [[0.0, 1.0], [0.125, 0.875]]):
        want = np.quantile(a, q, axis=axis, keepdims=keepdims)
        got = gt.quantile(x, q, axis=axis, keepdims=keepdims)
        assert_matches(got, want, exact=True)
    assert_matches(gt.median(x, axis=axis, keepdims=keepdims), np.median(a, axis=axis, keepdims=keepdims), exact=True)
    assert_matches(
        gt.percentile(x, [12.5, 50, 100], axis=axis, keepdims=keepdims),
        np.percentile(a, [12.5, 50, 100], axis=axis, keepdims=keepdims),
        exact=True,
    )


def test_median_is_exact_and_returns_the_element() -> None:
    assert gt.median(gt.tensor([1, 2])) == Fraction(3, 2)
    assert gt.median(gt.tensor([[10**30, 1], [3, 10**30 + 1]])) == Fraction(10**30 + 3, 2)
    assert gt.median(gt.tensor([True, False, True])) == 1
    assert gt.median(gt.tensor(5)) == 5
    import sympy

    r2, pi = sympy.sqrt(2), sympy.pi
    assert gt.median(gt.tensor([pi, r2, sympy.Integer(3)])) == 3
    assert sympy.simplify(gt.median(gt.tensor([r2, sympy.Integer(1), pi, sympy.Integer(3)])) - (r2 + 3) / 2) == 0


def test_q_is_read_as_the_rational_it_spells() -> None:
    x = gt.tensor(list(range(26)))
    # (n - 1) * 0.28 is exactly 7, where NumPy's binary 0.28 gives 7.000000000000001 (and "higher" the 9th value)
    assert gt.quantile(x, 0.28) == 7 and gt.quantile(x, 0.28, method="higher") == 7
    assert np.quantile(np.arange(26), 0.28, method="higher") == 8
    assert gt.percentile(x, 28) == 7 and gt.quantile(x, Fraction(1, 3)) == Fraction(25, 3)


def test_nan_poisons_its_lane_as_numpy() -> None:
    a = np.asarray([[1.0, float("nan"), 3.0], [4.0, 5.0, 6.0]])
    got = gt.median(gt.tensor(a.tolist()), axis=1).tolist()
    assert math.isnan(got[0]) and got[1] == np.median(a, axis=1)[1]
    assert math.isnan(gt.quantile(gt.tensor([1.0, float("nan")]), 0.0))


def test_bad_input_is_refused_with_the_tree() -> None:
    x = gt.tensor([1, 2, 3])
    with pytest.raises(gt.ArgumentValueError, match="unknown method 'linearr'"):
        gt.quantile(x, 0.5, method="linearr")
    with pytest.raises(gt.ArgumentValueError, match=r"q must lie in \[0, 1\]"):
        gt.quantile(x, 1.5)
    with pytest.raises(gt.ArgumentValueError, match=r"q must lie in \[0, 100\]"):
        gt.percentile(x, [50, -1])
    with pytest.raises(gt.ArgumentValueError, match="finite"):
        gt.quantile(x, float("nan"))
    with pytest.raises(gt.ArgumentTypeError, match="q must be a real number"):
        gt.quantile(x, "half")
    with pytest.raises(gt.ShapeError, match="no elements"):
        gt.median(gt.zeros((2, 0)), axis=1)
    with pytest.raises(gt.DomainError, match="not ordered"):
        gt.median(gt.tensor([1, 2], ops=gt.modular(5)))
    assert x.tolist() == [1, 2, 3]


def test_numpy_functions_run_the_exact_ones() -> None:
    x = gt.tensor([[3, 1], [4, 2]])
    assert np.median(x) == Fraction(5, 2)
    assert np.quantile(x, 0.25, axis=0, method="lower").tolist() == [3, 1]
    assert np.percentile(x, [50], keepdims=True).shape == (1, 1, 1)
    with pytest.raises(TypeError, match="weights"):
        np.quantile(x, 0.5, weights=x)
