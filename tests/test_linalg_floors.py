"""The pure-Python kernels at their floors: modular and Fraction products, mod-p rank, integer rref, Hessenberg charpoly.

Oracles: NumPy object arrays for products, SymPy for ranks, reduced forms
and characteristic polynomials (over QQ, then reduced mod p), python-flint
where installed; the same properties over a user-defined prime field
(``PrimeField`` of ``tests/test_ops_seam.py``) for the generic Hessenberg
kernel.  Hypothesis draws random sizes including singular and
rank-deficient matrices and composite moduli.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.linalg import _charpoly, _fast, _products, _providers
from test_ops_seam import P as USER_P, primefield

L = gt.linalg
PRIMES = [2, 3, 7, 101, 2**31 - 1, 2**61 - 1]
MODULI = PRIMES + [4, 6, 12, 2**32, 10**20]


@pytest.fixture(params=["flint", "pure"])
def table(request: pytest.FixtureRequest) -> Any:
    """Both provider tables: FLINT's where installed, and the pure-Python one (as without python-flint)."""
    if request.param == "flint" and _fast.flint_module() is None:
        pytest.skip("python-flint is not installed (or GENTENSOR_NO_FLINT is set)")
    if request.param == "pure":
        _providers.register_builtin_providers(flint=False)
    yield request.param
    _providers.register_builtin_providers()


@st.composite
def matrices(draw: Any, square: bool = False, max_n: int = 7, bound: int = 9) -> list[list[int]]:
    m = draw(st.integers(0, max_n))
    n = m if square else draw(st.integers(0, max_n))
    rows = draw(st.lists(st.lists(st.integers(-bound, bound), min_size=n, max_size=n), min_size=m, max_size=m))
    if m >= 3 and draw(st.booleans()):  # rank-deficient: a combination of two rows
        rows[-1] = [2 * a - b for a, b in zip(rows[0], rows[1])]
    if m and n and draw(st.booleans()):  # a zero column
        c = draw(st.integers(0, n - 1))
        for row in rows:
            row[c] = 0
    return rows


def sympy_charpoly(rows: list[list[Any]]) -> list[Any]:
    if not rows:
        return [sympy.Integer(1)]
    t = sympy.Symbol("t")
    return [sympy.Rational(c) for c in sympy.Matrix(rows).charpoly(t).all_coeffs()]


def as_fraction(v: Any) -> Fraction:
    return Fraction(int(v.p), int(v.q))


# -- products -----------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(a=matrices(max_n=6, bound=10**6), n=st.integers(0, 6), modulus=st.sampled_from(MODULI), seed=st.integers(0, 99))
def test_modular_product_is_numpy_object_product_reduced(a: list[list[int]], n: int, modulus: int, seed: int) -> None:
    rng = random.Random(seed)
    k = len(a[0]) if a else 0
    A = [[v % modulus for v in row] for row in a]
    B = [[rng.randrange(modulus) for _ in range(n)] for _ in range(k)]
    m = len(A)
    got = _products.matmul_mod([v for r in A for v in r], [v for r in B for v in r], m, k, n, gt.modular(modulus))
    expected = (np.array(A, dtype=object).reshape(m, k) @ np.array(B, dtype=object).reshape(k, n)) % modulus
    assert got == expected.ravel().tolist()


def test_modular_product_through_the_operator(table: str) -> None:
    rng = random.Random(3)
    for modulus in (7, 12, 2**31 - 1, 2**64 + 13):
        A = [[rng.randrange(modulus) for _ in range(9)] for _ in range(8)]
        B = [[rng.randrange(modulus) for _ in range(10)] for _ in range(9)]
        x, y = gt.tensor(A, ops=gt.modular(modulus)), gt.tensor(B, ops=gt.modular(modulus))
        expected = (np.array(A, dtype=object) @ np.array(B, dtype=object)) % modulus
        assert (x @ y).tolist() == expected.tolist()


@settings(max_examples=40, deadline=None)
@given(m=st.integers(1, 7), k=st.integers(1, 7), n=st.integers(1, 7), seed=st.integers(0, 999))
def test_fraction_product_is_numpy_object_product(m: int, k: int, n: int, seed: int) -> None:
    rng = random.Random(seed)
    A = [[Fraction(rng.randint(-30, 30), rng.choice([1, 1, 2, 3, 7, 10**12])) for _ in range(k)] for _ in range(m)]
    B = [[Fraction(rng.randint(-30, 30), rng.choice([1, 5, 6, 9, 2**40])) for _ in range(n)] for _ in range(k)]
    expected = (np.array(A, dtype=object) @ np.array(B, dtype=object)).ravel().tolist()
    got = _products.matmul_rat([v for r in A for v in r], [v for r in B for v in r], m, k, n, gt.rationals)
    if m * k * n < _products.RAT_MIN_WORK:
        assert got is NotImplemented
    else:
        assert got == expected
    assert (gt.tensor(A) @ gt.tensor(B)).tolist() == np.array(expected, dtype=object).reshape(m, n).tolist()


def test_fraction_product_of_integral_fractions_and_big_denominators(table: str) -> None:
    A = [[Fraction(i * j - 3) for j in range(12)] for i in range(11)]
    B = [[Fraction(1, 3**j + i) for j in range(10)] for i in range(12)]
    expected = np.array(A, dtype=object) @ np.array(B, dtype=object)
    assert (gt.tensor(A) @ gt.tensor(B)).tolist() == expected.tolist()


# -- rank mod p and integer rref ---------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(rows=matrices(max_n=8), p=st.sampled_from(PRIMES))
def test_rank_mod_p_by_forward_elimination(rows: list[list[int]], p: int) -> None:
    A = [[v % p for v in row] for row in rows]
    expected = _rank_reference(A, p)
    assert _fast.rank_modp([list(r) for r in A], p) == expected
    if A and A[0]:
        assert L.rank(gt.tensor(A, ops=gt.modular(p))) == expected


def _rank_reference(A: list[list[int]], p: int) -> int:
    """Rank over GF(p) by SymPy's DomainMatrix (a different implementation)."""
    if not A or not A[0]:
        return 0
    from sympy import GF
    from sympy.polys.matrices import DomainMatrix

    K = GF(p)
    return int(DomainMatrix([[K(v) for v in row] for row in A], (len(A), len(A[0])), K).rank())


@settings(max_examples=80, deadline=None)
@given(rows=matrices(max_n=7))
def test_integer_rref_is_sympy_rref(rows: list[list[int]]) -> None:
    M = [list(r) for r in rows]
    den, pivots = _fast.rref_den_int(M)
    if not rows or not rows[0]:
        return
    R, P = sympy.Matrix(rows).rref()
    assert pivots == list(P)
    assert [[Fraction(v, den) for v in row] for row in M] == [[as_fraction(v) for v in row] for row in R.tolist()]


def test_rref_of_ints_and_fractions_through_the_public_function(table: str) -> None:
    rng = random.Random(9)
    rows = [[rng.randint(-50, 50) for _ in range(9)] for _ in range(7)]
    rows[4] = [a - b for a, b in zip(rows[1], rows[2])]
    R, P = sympy.Matrix(rows).rref()
    got, pivots = L.rref(gt.tensor(rows))
    assert got.tolist() == [[as_fraction(v) for v in row] for row in R.tolist()] and tuple(pivots) == P
    halves = [[Fraction(v, 2) for v in row] for row in rows]
    assert L.rref(gt.tensor(halves))[0].tolist() == got.tolist()


# -- characteristic polynomials by Hessenberg reduction ---------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(rows=matrices(square=True, max_n=7))
def test_hessenberg_charpoly_over_the_rationals(rows: list[list[int]]) -> None:
    F = [[Fraction(v, 1 + (i + j) % 3) for j, v in enumerate(row)] for i, row in enumerate(rows)]
    got = _charpoly.charpoly_hessenberg(F, gt.rationals)
    assert got == [as_fraction(c) for c in sympy_charpoly([[sympy.Rational(v.numerator, v.denominator) for v in r] for r in F])]


@settings(max_examples=80, deadline=None)
@given(rows=matrices(square=True, max_n=8), p=st.sampled_from(PRIMES))
def test_hessenberg_charpoly_mod_p(rows: list[list[int]], p: int) -> None:
    A = [[v % p for v in row] for row in rows]
    expected = [int(c) % p for c in sympy_charpoly(A)]
    assert _fast.charpoly_modp([list(r) for r in A], p) == expected
    assert _charpoly.charpoly_hessenberg(A, gt.modular(p)) == expected
    if A:
        assert L.charpoly(gt.tensor(A, ops=gt.modular(p))).tolist() == expected


def test_charpoly_mod_p_needs_row_exchanges(table: str) -> None:
    # zero subdiagonal entries force a pivot search below (and a column swap to stay similar)
    A = [[1, 2, 3, 4], [0, 5, 6, 7], [3, 0, 1, 0], [0, 0, 2, 9]]
    for p in (7, 101):
        R = [[v % p for v in row] for row in A]
        assert L.charpoly(gt.tensor(R, ops=gt.modular(p))).tolist() == [int(c) % p for c in sympy_charpoly(A)]


@settings(max_examples=40, deadline=None)
@given(rows=matrices(square=True, max_n=6))
def test_a_user_field_gets_the_hessenberg_charpoly(rows: list[list[int]]) -> None:
    A = [[v % USER_P for v in row] for row in rows]
    assert L.explain("charpoly", primefield).algorithm == "hessenberg"
    expected = [int(c) % USER_P for c in sympy_charpoly(A)]
    if A:
        assert L.charpoly(gt.tensor(A, ops=primefield)).tolist() == expected
    assert _charpoly.charpoly_hessenberg(A, primefield) == expected


def test_float_charpoly_with_pivoting_matches_numpy() -> None:
    rng = np.random.default_rng(5)
    A = rng.standard_normal((8, 8))
    A[3, :] = 0.0  # a zero row: pivots must come from below
    got = L.charpoly(gt.tensor(A.tolist(), ops=gt.floats)).tolist()
    assert np.allclose(got, np.poly(A), atol=1e-9)


def test_undecidable_zero_tests_keep_the_division_free_charpoly() -> None:
    x = sympy.Symbol("x")
    m = gt.tensor([[sympy.sin(x) ** 2 + sympy.cos(x) ** 2 - 1, 1], [x, 2.5 * x]])  # floats: SymPy's domains decline
    got = L.charpoly(m).tolist()
    assert all(sympy.simplify(g - e) == 0 for g, e in zip(got, sympy.Matrix(m.tolist()).charpoly(sympy.Symbol("t")).all_coeffs()))
