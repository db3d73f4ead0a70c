"""Element functions: transcendental, rounding, signs, NaN tests, parts, extremes, clip; IEEE floats.

Oracles: NumPy's float64/complex128 ufuncs for floats and complexes (IEEE
special values included), Python's exact arithmetic (``math.isqrt``,
``Fraction``) for integers and rationals, SymPy for symbolic elements.
Every function is checked on every built-in ops and the toy ring: a value,
or a clear ``DomainError``.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from arraytools import FLOATS, FRACTIONS, SMALL_INTS, SPECIAL_FLOATS, flat, gt_of, np_of, same_floats, shaped
from toyring import Gauss, gaussian

UNARY = {
    "sqrt": np.sqrt, "exp": np.exp, "expm1": np.expm1, "log": np.log, "log1p": np.log1p, "log2": np.log2,
    "log10": np.log10, "sin": np.sin, "cos": np.cos, "tan": np.tan, "asin": np.arcsin, "acos": np.arccos,
    "atan": np.arctan, "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh, "asinh": np.arcsinh,
    "acosh": np.arccosh, "atanh": np.arctanh, "floor": np.floor, "ceil": np.ceil, "trunc": np.trunc,
    "sign": np.sign, "square": np.square,
}
PREDICATES = {"isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite, "signbit": np.signbit}
BINARY = {
    "atan2": np.arctan2, "hypot": np.hypot, "logaddexp": np.logaddexp, "copysign": np.copysign,
    "nextafter": np.nextafter, "maximum": np.maximum, "minimum": np.minimum,
}
TRANSCENDENTAL = [n for n in UNARY if n not in ("floor", "ceil", "trunc", "sign", "square", "sqrt")]


# -- floats: IEEE as NumPy ------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(UNARY))
@settings(max_examples=25, deadline=None)
@given(data=shaped(st.one_of(FLOATS, SPECIAL_FLOATS)))
def test_float_functions_match_numpy(name: str, data: Any) -> None:
    values, shape = data
    x = gt_of(values, shape, gt.floats)
    with np.errstate(all="ignore"):
        expected = UNARY[name](np_of(values, shape, float))
    result = getattr(gt, name)(x)
    assert isinstance(result, gt.Tensor) and result.shape == shape and result.ops is gt.floats
    assert same_floats(flat(result), flat(expected), rel=1e-10), (name, values)


@pytest.mark.parametrize("name", sorted(PREDICATES))
@settings(max_examples=20, deadline=None)
@given(data=shaped(st.one_of(FLOATS, SPECIAL_FLOATS)))
def test_float_predicates_match_numpy(name: str, data: Any) -> None:
    values, shape = data
    result = getattr(gt, name)(gt_of(values, shape, gt.floats))
    assert result.ops is gt.booleans and result.shape == shape
    assert flat(result) == flat(PREDICATES[name](np_of(values, shape, float)))


@pytest.mark.parametrize("name", sorted(BINARY))
@settings(max_examples=25, deadline=None)
@given(a=shaped(st.one_of(FLOATS, SPECIAL_FLOATS), max_dims=2), b=st.one_of(FLOATS, SPECIAL_FLOATS))
def test_float_binary_functions_match_numpy(name: str, a: Any, b: float) -> None:
    values, shape = a
    with np.errstate(all="ignore"):
        expected = BINARY[name](np_of(values, shape, float), b)
    for result in (getattr(gt, name)(gt_of(values, shape, gt.floats), b), getattr(gt, name)(gt_of(values, shape, gt.floats), gt.tensor(b))):
        assert result.shape == shape and same_floats(flat(result), flat(expected), rel=1e-12), (name, values, b)


def _ieee_power(arr: Any, b: float) -> Any:
    """``np.power``, except that NumPy computes ``x ** 0.5`` as ``sqrt(x)``: ``(-inf) ** 0.5`` is ``+inf`` in IEEE 754."""
    out = np.power(arr, b)
    if b == 0.5:
        out = np.where(arr == -np.inf, np.inf, out)
    return out


@settings(max_examples=40, deadline=None)
@given(a=shaped(st.one_of(FLOATS, SPECIAL_FLOATS), max_dims=2), b=st.one_of(FLOATS, SPECIAL_FLOATS))
def test_float_division_and_power_follow_ieee(a: Any, b: float) -> None:
    values, shape = a
    x = gt_of(values, shape, gt.floats)
    arr = np_of(values, shape, float)
    with np.errstate(all="ignore"):
        for ours, theirs in (
            (x / b, arr / b), (b / x if shape else None, b / arr),
            (x // b, np.floor_divide(arr, b)), (x % b, np.remainder(arr, b)),
            (x ** b, _ieee_power(arr, b)), (x ** 2, arr ** 2), (x ** -1, np.power(arr, -1.0)),
        ):
            if ours is None:
                continue
            assert ours.ops is gt.floats  # never complex inside floats
            assert same_floats(flat(ours), flat(theirs), rel=1e-12), (values, b)


def test_ieee_examples_by_hand() -> None:
    x = gt.tensor([1.0, -1.0, 0.0, -8.0])
    assert (x / 0.0).tolist()[:2] == [math.inf, -math.inf] and math.isnan((x / 0.0).tolist()[2])
    assert math.isnan((x ** 0.5).tolist()[3]) and (x ** 0.5).ops is gt.floats
    assert gt.power(gt.tensor([1e200]), 2).tolist() == [math.inf]
    assert (gt.tensor([-math.inf]) ** 0.5).tolist() == [math.inf] == (gt.tensor([-math.inf]) ** 1.5).tolist()
    assert gt.tensor([0.0]).__rtruediv__(1.0).tolist() == [math.inf]
    # division of ints and rationals by zero still raises, naming the index
    with pytest.raises(ZeroDivisionError, match=r"index \(1,\)"):
        gt.tensor([1, 2]) / gt.tensor([1, 0])
    # complex division by zero as NumPy (inf+nanj)
    r = (gt.tensor([1 + 0j]) / 0).item()
    assert math.isinf(r.real) and math.isnan(r.imag)


@pytest.mark.parametrize("largest", [True, False])
def test_max_min_propagate_nan_whatever_the_order(largest: bool) -> None:
    f = gt.max if largest else gt.min
    for values in ([1.0, math.nan, 3.0], [math.nan, 1.0, 3.0], [1.0, 3.0, math.nan]):
        assert math.isnan(f(gt.tensor(values)))
    rows = f(gt.tensor([[1.0, math.nan], [2.0, 3.0]]), axis=1).tolist()
    assert math.isnan(rows[0]) and rows[1] == (3.0 if largest else 2.0)
    g = gt.maximum if largest else gt.minimum
    assert math.isnan(g(gt.tensor([math.nan]), 1.0).item()) and math.isnan(g(1.0, gt.tensor([math.nan])).item())


# -- complexes ------------------------------------------------------------------------------------
COMPLEX = st.complex_numbers(max_magnitude=50, allow_nan=False, allow_infinity=False)


@pytest.mark.parametrize("name", ["sqrt", "exp", "log", "sin", "cos", "tan", "sinh", "cosh", "tanh", "asin",
                                  "acos", "atan", "asinh", "acosh", "atanh", "log2", "log10", "expm1", "log1p",
                                  "sign", "square"])
@settings(max_examples=20, deadline=None)
@given(data=shaped(COMPLEX, max_dims=2))
def test_complex_functions_match_numpy(name: str, data: Any) -> None:
    values, shape = data
    with np.errstate(all="ignore"):
        expected = UNARY[name](np_of(values, shape, complex))
    result = getattr(gt, name)(gt_of(values, shape, gt.complexes))
    assert result.ops is gt.complexes
    assert same_floats(flat(result), flat(expected), rel=1e-9), (name, values)


@pytest.mark.parametrize("name", ["exp", "expm1"])
def test_complex_exp_special_values_match_numpy(name: str) -> None:
    """C99 Annex G's special values (NumPy's): an infinite imaginary part gives NaN parts (``inf + nanj`` when the
    real part is ``+inf``), overflow gives infinite parts with the signs of cos and sin; nothing raises."""
    parts = [0.0, -0.0, 1.0, -1.0, 800.0, -800.0, math.inf, -math.inf, math.nan]
    values = [complex(a, b) for a in parts for b in parts]
    with np.errstate(all="ignore"):
        expected = UNARY[name](np.array(values))
    got = getattr(gt, name)(gt.tensor(values)).tolist()
    for z, mine, theirs in zip(values, got, expected.tolist()):
        for p, q in ((mine.real, theirs.real), (mine.imag, theirs.imag)):
            assert (math.isnan(p) and math.isnan(q)) or p == q, (name, z, mine, theirs)


def test_complex_parts_and_unordered_functions() -> None:
    z = gt.tensor([1 + 2j, -3j])
    assert gt.real(z).tolist() == [1.0, 0.0] and gt.real(z).ops is gt.floats
    assert gt.imag(z).tolist() == [2.0, -3.0] and gt.conj(z).tolist() == [1 - 2j, 3j]
    for name in ("floor", "maximum", "signbit", "atan2", "logaddexp"):
        args = (z, z) if name in ("maximum", "atan2", "logaddexp") else (z,)
        with pytest.raises(gt.DomainError, match=name):
            getattr(gt, name)(*args)


# -- exact rings --------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(data=shaped(st.integers(0, 10**6), max_dims=2))
def test_integer_sqrt_is_exact_or_refused(data: Any) -> None:
    values, shape = data
    x = gt_of(values, shape, gt.integers)
    if all(math.isqrt(v) ** 2 == v for v in values):
        r = gt.sqrt(x)
        assert r.ops is gt.integers and flat(r) == [math.isqrt(v) for v in values]
    else:
        with pytest.raises(gt.DomainError, match="not a perfect square"):
            gt.sqrt(x)
    squares = gt_of([v * v for v in values], shape, gt.integers)
    assert flat(gt.sqrt(squares)) == values


@settings(max_examples=40, deadline=None)
@given(data=shaped(FRACTIONS, max_dims=2))
def test_rational_rounding_signs_and_sqrt_match_python(data: Any) -> None:
    values, shape = data
    x = gt_of(values, shape, gt.rationals)
    assert flat(gt.floor(x)) == [Fraction(math.floor(v)) for v in values] and gt.floor(x).ops is gt.rationals
    assert flat(gt.ceil(x)) == [Fraction(math.ceil(v)) for v in values]
    assert flat(gt.trunc(x)) == [Fraction(math.trunc(v)) for v in values]
    assert flat(gt.sign(x)) == [Fraction((v > 0) - (v < 0)) for v in values]
    assert flat(gt.signbit(x)) == [v < 0 for v in values]
    assert flat(gt.square(x)) == [v * v for v in values]
    assert flat(gt.sqrt(x * x)) == [abs(v) for v in values]
    assert flat(gt.isnan(x)) == [False] * len(values) and flat(gt.isfinite(x)) == [True] * len(values)
    assert flat(gt.real(x)) == values and flat(gt.imag(x)) == [0] * len(values) and flat(gt.conj(x)) == values
    nonzero = [v for v in values if v]
    if nonzero:
        assert gt.reciprocal(gt.tensor(nonzero)).tolist() == [1 / v for v in nonzero]


@pytest.mark.parametrize("name", TRANSCENDENTAL)
@pytest.mark.parametrize("ops", [gt.integers, gt.rationals, gt.modular(7), gt.booleans], ids=str)
def test_transcendental_functions_refuse_exact_rings(name: str, ops: Any) -> None:
    x = gt.tensor([1, 0], ops=ops)
    with pytest.raises(gt.DomainError, match=rf"{name}: .*exact|{name}: .*have no"):
        getattr(gt, name)(x)


@pytest.mark.parametrize("name", ["sqrt", "exp", "log", "sin", "cos", "atan", "sinh", "floor", "ceil", "sign", "trunc"])
def test_symbolic_functions_are_sympys(name: str) -> None:
    t = sympy.Symbol("t", positive=True)
    values = [t, sympy.Integer(8), sympy.Rational(-7, 2)]
    if name in ("sqrt", "log"):
        values = values[:2]
    result = getattr(gt, name)(gt.tensor(values))
    own = {"ceil": sympy.ceiling, "asin": sympy.asin, "trunc": None}.get(name, getattr(sympy, name, None))
    if own is not None:
        assert [sympy.simplify(a - own(v)) for a, v in zip(result.tolist(), values)] == [0] * len(values)
    assert result.ops is gt.symbolic
    assert gt.sqrt(gt.tensor([sympy.Integer(8)])).tolist() == [2 * sympy.sqrt(2)]


def test_symbolic_predicates_answer_only_when_sympy_decides() -> None:
    assert gt.isfinite(gt.tensor([sympy.Integer(3), sympy.oo])).tolist() == [True, False]
    assert gt.isnan(gt.tensor([sympy.nan, sympy.Integer(1)])).tolist() == [True, False]
    with pytest.raises(gt.DomainError, match="cannot decide"):
        gt.isfinite(gt.tensor([sympy.Symbol("z")]))
    with pytest.raises(gt.DomainError, match="signbit"):
        gt.signbit(gt.tensor([sympy.Symbol("z")]))


def test_modular_and_toy_ring_get_clear_errors_or_generic_answers() -> None:
    m = gt.tensor([1, 5], ops=gt.modular(7))
    for name in ("sign", "floor", "maximum"):
        with pytest.raises(gt.DomainError, match=name):
            getattr(gt, name)(*(m, m) if name == "maximum" else (m,))
    # Z/n has no complex structure: each element is its own real part and conjugate.
    assert gt.real(m).tolist() == gt.conj(m).tolist() == [1, 5] and gt.imag(m).tolist() == [0, 0]
    assert gt.isnan(m).tolist() == [False, False] and gt.square(m).tolist() == [1, 4]
    g = gt.tensor([Gauss(1, 2)], ops=gaussian)
    assert gt.isfinite(g).tolist() == [True] and gt.square(g).tolist() == [Gauss(-3, 4)]
    for name in ("sqrt", "floor", "sign", "real", "exp"):
        with pytest.raises(gt.DomainError, match=name):
            getattr(gt, name)(g)


def test_integers_keep_exact_rounding_and_booleans_compute_as_integers() -> None:
    x = gt.tensor([-3, 0, 7])
    assert gt.floor(x).tolist() == [-3, 0, 7] and gt.sign(x).tolist() == [-1, 0, 1] and gt.sign(x).ops is gt.integers
    assert gt.sqrt(gt.tensor([True, False])).tolist() == [1, 0]
    assert gt.maximum(gt.tensor([True, False]), gt.tensor([False, False])).tolist() == [True, False]


# -- extremes and clip -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(a=shaped(st.one_of(SMALL_INTS, FRACTIONS), max_dims=2), lo=SMALL_INTS, width=st.integers(0, 10))
def test_maximum_minimum_clip_match_numpy_object_arrays(a: Any, lo: int, width: int) -> None:
    values, shape = a
    x = gt_of(values, shape)
    arr = np_of(values, shape)
    hi = lo + width
    assert flat(gt.maximum(x, lo)) == flat(np.maximum(arr, lo))
    assert flat(gt.minimum(lo, x)) == flat(np.minimum(lo, arr))
    assert flat(gt.clip(x, lo, hi)) == flat(np.clip(arr, lo, hi))
    assert flat(gt.clip(x, max=hi)) == flat(np.minimum(arr, hi)) and flat(gt.clip(x)) == values


def test_clip_and_extremes_need_an_order() -> None:
    with pytest.raises(gt.DomainError, match="not ordered"):
        gt.clip(gt.tensor([1, 2], ops=gt.modular(5)), 0, 1)
    with pytest.raises(gt.DomainError):
        gt.maximum(gt.tensor([1j]), gt.tensor([2j]))


def test_zero_d_in_gives_zero_d_out_and_scalars_give_elements() -> None:
    r = gt.sqrt(gt.tensor(4.0))
    assert isinstance(r, gt.Tensor) and r.shape == () and r.item() == 2.0
    assert gt.sqrt(9) == 3 and gt.exp(0.0) == 1.0 and gt.floor(Fraction(7, 2)) == 3
    assert gt.pow(gt.tensor([2, 3]), 2).tolist() == [4, 9] and gt.pow(2, 10) == 1024


def test_element_functions_pickle_for_process_pools() -> None:
    import pickle

    from gentensor.compute._engine import element_function

    for ops in (gt.floats, gt.complexes, gt.integers, gt.symbolic):
        for name in ("sqrt", "exp", "log", "true_divide", "power", "floor", "isnan"):
            f = element_function(ops, name)
            if f is not None:
                assert pickle.loads(pickle.dumps(f)) is not None
    with gt.parallel("processes", workers=2):
        assert same_floats(gt.sqrt(gt.tensor([4.0, -1.0] * 600)).tolist(), [2.0, math.nan] * 600)
