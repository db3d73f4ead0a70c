"""The list-level kernels of ``gentensor.linalg``: plain rows in, plain values out.

Each kernel is checked against SymPy on random matrices, over several rings:
Python ints, Fractions, integers mod a prime and mod a composite, the
Gaussian integers of ``toyring``, and a ring whose zero is truthy (so any
pivot chosen by Python truthiness instead of ``ops.is_zero`` fails loudly).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.errors import NotDivisibleError
from gentensor.linalg import _charpoly, _dense, _fast, _polys, _providers, _toexpr
from toyring import Gauss, gaussian

# -- helpers -------------------------------------------------------------------------


def rand_int_matrix(rng: random.Random, m: int, n: int, lo: int = -5, hi: int = 5) -> list[list[int]]:
    return [[rng.randint(lo, hi) for _ in range(n)] for _ in range(m)]


def rand_singular(rng: random.Random, n: int, rank: int) -> list[list[int]]:
    """An ``n x n`` int matrix of rank at most ``rank`` (a product of thin factors)."""
    left = rand_int_matrix(rng, n, rank, -3, 3)
    right = rand_int_matrix(rng, rank, n, -3, 3)
    return [[sum(left[i][k] * right[k][j] for k in range(rank)) for j in range(n)] for i in range(n)]


def copy(M: list[list[Any]]) -> list[list[Any]]:
    return [row[:] for row in M]


def sym(M: list[list[Any]]) -> sympy.Matrix:
    return sympy.Matrix(len(M), len(M[0]) if M else 0, lambda i, j: sympy.nsimplify(M[i][j]))


def to_fractions(M: list[list[Any]]) -> list[list[Fraction]]:
    return [[Fraction(v) for v in row] for row in M]


def sympy_det(M: list[list[Any]]) -> Any:
    return sym(M).det() if M else 1


class Boxed:
    """An int in a box whose truth value and ``==`` refuse to work: only the ops may look inside."""

    __slots__ = ("v",)

    def __init__(self, v: int) -> None:
        self.v = v

    def __bool__(self) -> bool:
        raise TypeError("Boxed has no truth value: use ops.is_zero")

    def __eq__(self, other: object) -> bool:
        raise TypeError("Boxed has no ==: use ops.equal")

    __hash__ = None  # type: ignore[assignment]


class BoxedOps(gt.BaseOps):
    """The integers, boxed: a commutative domain with exquo whose elements have no truthiness."""

    name = "boxed"
    has_exquo = True
    zero = Boxed(0)
    one = Boxed(1)

    def convert(self, value: Any) -> Boxed:
        return value if isinstance(value, Boxed) else Boxed(int(value))

    def add(self, a: Boxed, b: Boxed) -> Boxed:
        return Boxed(a.v + b.v)

    def mul(self, a: Boxed, b: Boxed) -> Boxed:
        return Boxed(a.v * b.v)

    def neg(self, a: Boxed) -> Boxed:
        return Boxed(-a.v)

    def equal(self, a: Boxed, b: Boxed) -> bool:
        return a.v == b.v

    def exquo(self, a: Boxed, b: Boxed) -> Boxed:
        q, r = divmod(a.v, b.v)
        if r:
            raise NotDivisibleError(f"boxed.exquo: {a.v} is not divisible by {b.v}")
        return Boxed(q)


boxed = BoxedOps()


def box(M: list[list[int]]) -> list[list[Boxed]]:
    return [[Boxed(v) for v in row] for row in M]


def unbox(M: list[list[Boxed]]) -> list[list[int]]:
    return [[v.v for v in row] for row in M]


# -- determinants ----------------------------------------------------------------------

DET_KERNELS = {
    "bareiss": _dense.det_bareiss,
    "laplace": _dense.det_laplace,
    "berkowitz": _charpoly.det_berkowitz,
}


@pytest.mark.parametrize("kernel", sorted(DET_KERNELS))
def test_det_kernels_on_ints_match_sympy(kernel: str) -> None:
    rng = random.Random(1)
    for n in range(0, 7):
        for _ in range(6):
            M = rand_int_matrix(rng, n, n)
            assert DET_KERNELS[kernel](copy(M), gt.integers) == sympy_det(M)


@pytest.mark.parametrize("kernel", sorted(DET_KERNELS))
def test_det_kernels_on_singular_ints(kernel: str) -> None:
    rng = random.Random(2)
    for n in range(2, 6):
        M = rand_singular(rng, n, n - 1)
        assert DET_KERNELS[kernel](copy(M), gt.integers) == 0


@pytest.mark.parametrize("kernel", sorted(DET_KERNELS))
def test_det_kernels_never_use_truthiness(kernel: str) -> None:
    rng = random.Random(3)
    for n in range(1, 6):
        M = rand_int_matrix(rng, n, n, -2, 2)
        M[0][0] = 0  # forces a pivot search
        assert DET_KERNELS[kernel](box(M), boxed).v == sympy_det(M)


def test_det_gauss_over_fractions_and_boxed_pivots() -> None:
    rng = random.Random(4)
    for n in range(0, 6):
        M = rand_int_matrix(rng, n, n)
        F = to_fractions(M)
        assert _dense.det_gauss(copy(F), gt.rationals) == sympy_det(M)


def test_det_gauss_partial_pivoting_on_floats() -> None:
    M = [[1e-20, 1.0], [1.0, 1.0]]
    assert _dense.det_gauss(copy(M), gt.floats, pivot_key=abs) == pytest.approx(-1.0)


def test_det_bareiss_over_gaussian_integers() -> None:
    rng = random.Random(5)
    for n in range(1, 5):
        M = [[Gauss(rng.randint(-3, 3), rng.randint(-3, 3)) for _ in range(n)] for _ in range(n)]
        expected = sympy.expand(sympy.Matrix(n, n, lambda i, j: M[i][j].re + sympy.I * M[i][j].im).det())
        for kernel in DET_KERNELS.values():
            d = kernel(copy(M), gaussian)
            assert d.re + sympy.I * d.im == expected


@pytest.mark.parametrize("modulus", [6, 12, 16, 7])
def test_division_free_kernels_mod_n_match_integer_det(modulus: int) -> None:
    rng = random.Random(modulus)
    ops = gt.modular(modulus)
    for n in range(1, 6):
        M = rand_int_matrix(rng, n, n, 0, modulus - 1)
        expected = sympy_det(M) % modulus
        assert _dense.det_laplace(M, ops) == expected
        assert _charpoly.det_berkowitz(M, ops) == expected
        assert _charpoly.det_berkowitz(M, _providers.ModularLift(modulus)) == expected


def test_det_laplace_leaves_input_alone() -> None:
    M = [[1, 2], [3, 4]]
    _dense.det_laplace(M, gt.integers)
    assert M == [[1, 2], [3, 4]]


# -- characteristic polynomial and adjugate ---------------------------------------------


def test_charpoly_berkowitz_matches_sympy() -> None:
    rng = random.Random(6)
    for n in range(0, 7):
        M = rand_int_matrix(rng, n, n)
        expected = sym(M).charpoly().all_coeffs() if n else [1]
        assert _charpoly.charpoly_berkowitz(M, gt.integers) == expected


def test_adjugate_berkowitz_matches_sympy_also_when_singular() -> None:
    rng = random.Random(7)
    for n in range(1, 6):
        for M in (rand_int_matrix(rng, n, n), rand_singular(rng, n, max(n - 1, 1)), rand_singular(rng, n, 1)):
            assert _charpoly.adjugate_berkowitz(M, gt.integers) == sym(M).adjugate().tolist()


def test_adjugate_berkowitz_of_empty_and_boxed() -> None:
    assert _charpoly.adjugate_berkowitz([], gt.integers) == []
    M = [[0, 2, 1], [1, 0, 3], [2, 1, 0]]
    assert unbox(_charpoly.adjugate_berkowitz(box(M), boxed)) == sym(M).adjugate().tolist()


def test_matmul_and_identity() -> None:
    assert _charpoly.matmul([[1, 2]], [[3], [4]], gt.integers) == [[11]]
    assert _charpoly.matmul([[], []], [], gt.integers) == [[], []]
    assert _charpoly.matmul([[]], [[] for _ in range(0)], gt.integers) == [[]]
    assert _dense.identity_rows(0, 0, 1) == []
    assert _dense.identity_rows(2, 0, 1) == [[1, 0], [0, 1]]


# -- echelon forms, rank, rref ---------------------------------------------------------


def test_echelon_bareiss_rank_matches_sympy() -> None:
    rng = random.Random(8)
    for _ in range(30):
        m, n = rng.randint(1, 5), rng.randint(1, 5)
        r = rng.randint(0, min(m, n))
        M = rand_singular(rng, max(m, n), r) if r else [[0] * max(m, n) for _ in range(max(m, n))]
        M = [row[:n] for row in M[:m]]
        expected = sym(M).rank()
        assert len(_dense.echelon_bareiss(copy(M), gt.integers)) == expected
        assert len(_dense.echelon_bareiss(box(M), boxed)) == expected
        assert len(_fast.echelon_int(copy(M))) == expected


def test_rref_den_matches_sympy_rref() -> None:
    rng = random.Random(9)
    for _ in range(30):
        m, n = rng.randint(1, 5), rng.randint(1, 6)
        M = rand_int_matrix(rng, m, n, -3, 3)
        if rng.random() < 0.4:
            M[-1] = [2 * v for v in M[0]]
        expected, expected_pivots = sym(M).rref()
        for ops, rows in ((gt.integers, copy(M)), (boxed, box(M))):
            den, pivots = _dense.rref_den(rows, ops)
            if ops is boxed:
                den, rows = den.v, unbox(rows)
            assert tuple(pivots) == expected_pivots
            assert [[Fraction(v, den) for v in row] for row in rows] == expected.tolist()
        rows = copy(M)
        den, pivots = _fast.rref_den_int(rows)
        assert tuple(pivots) == expected_pivots
        assert _fast.fractions_over(rows, den) == expected.tolist()


def test_rref_field_matches_sympy_rref() -> None:
    rng = random.Random(10)
    for _ in range(30):
        m, n = rng.randint(1, 5), rng.randint(1, 6)
        M = to_fractions(rand_int_matrix(rng, m, n, -3, 3))
        expected, expected_pivots = sym(M).rref()
        rows = copy(M)
        assert tuple(_dense.rref_field(rows, gt.rationals)) == expected_pivots
        assert rows == expected.tolist()


def test_rref_modp_matches_generic_gauss_jordan() -> None:
    rng = random.Random(11)
    ops = gt.modular(7)
    for _ in range(20):
        m, n = rng.randint(1, 4), rng.randint(1, 5)
        M = rand_int_matrix(rng, m, n, 0, 6)
        a, b = copy(M), copy(M)
        assert _fast.rref_modp(a, 7) == _dense.rref_field(b, ops)
        assert a == b


# -- solving ------------------------------------------------------------------------------


def test_solve_den_and_solve_field() -> None:
    rng = random.Random(12)
    for n in range(1, 6):
        A = rand_int_matrix(rng, n, n)
        B = rand_int_matrix(rng, n, 2)
        if sympy_det(A) == 0:
            assert _dense.solve_den(A, B, gt.integers) is None
            continue
        expected = (sym(A).inv() * sym(B)).tolist()
        num, den = _dense.solve_den(A, B, gt.integers)
        assert [[Fraction(v, den) for v in row] for row in num] == expected
        assert _dense.solve_field(to_fractions(A), to_fractions(B), gt.rationals) == expected


def test_solve_kernels_report_singular() -> None:
    A = [[1, 2], [2, 4]]
    assert _dense.solve_den(A, [[1], [1]], gt.integers) is None
    assert _dense.solve_field(to_fractions(A), [[Fraction(1)], [Fraction(1)]], gt.rationals) is None


# -- LU ------------------------------------------------------------------------------------


def _permute(M: list[list[Any]], perm: list[int]) -> list[list[Any]]:
    return [M[p] for p in perm]


def test_lu_field_reconstructs_any_shape_and_rank() -> None:
    rng = random.Random(13)
    for _ in range(40):
        m, n = rng.randint(1, 5), rng.randint(1, 5)
        M = to_fractions(rand_int_matrix(rng, m, n, -2, 2))
        perm, L, U = _dense.lu_field(copy(M), gt.rationals)
        assert all(L[i][i] == 1 and all(L[i][j] == 0 for j in range(i + 1, m)) for i in range(m))
        assert all(U[i][j] == 0 for i in range(m) for j in range(min(i, n)))
        assert _charpoly.matmul(L, U, gt.rationals) == _permute(M, perm)


# -- pivots and the fast paths -----------------------------------------------------------


def test_find_pivot() -> None:
    assert _dense.find_pivot([[0], [0]], 0, 0, gt.integers) == -1
    assert _dense.find_pivot(box([[0], [5]]), 0, 0, boxed) == 1
    assert _dense.find_pivot([[1.0], [-4.0], [3.0]], 0, 1, gt.floats, key=abs) == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6).flatmap(lambda n: st.lists(st.lists(st.integers(-50, 50), min_size=n, max_size=n), min_size=n, max_size=n)))
def test_det_int_equals_generic_bareiss(M: list[list[int]]) -> None:
    expected = _dense.det_bareiss(copy(M), gt.integers)
    assert _fast.det_int(copy(M)) == expected
    if len(M) <= 4:
        assert _fast.det_small(M) == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.lists(st.lists(st.integers(0, 10), min_size=n, max_size=n), min_size=n, max_size=n)))
def test_det_modp_equals_integer_det_mod_p(M: list[list[int]]) -> None:
    assert _fast.det_modp(copy(M), 11) == _fast.det_int(copy(M)) % 11


def test_clear_row_denominators() -> None:
    M = [[Fraction(1, 2), Fraction(1, 3)], [Fraction(0), Fraction(5, 4)], []]
    rows, scales = _fast.clear_row_denominators(M)
    assert rows == [[3, 2], [0, 5], []] and scales == [6, 4, 1]
    assert _fast.common_denominator([]) == 1


def test_flint_module_is_none_or_flint() -> None:
    flint = _fast.flint_module()
    assert flint is None or hasattr(flint, "fmpz_mat")


# -- the SymPy domain adapter ----------------------------------------------------------------


def test_domain_ops_run_the_generic_kernels() -> None:
    x, y = sympy.symbols("x y")
    M = [[x + 1, y, 2], [x, x * y, 1], [1, y + 3, x]]
    K, flat = _polys.to_domain([v for row in M for v in row])
    rows = [flat[0:3], flat[3:6], flat[6:9]]
    ops = _polys.DomainOps(K)
    expected = sympy.expand(sympy.Matrix(M).det())
    for kernel in DET_KERNELS.values():
        assert sympy.expand(ops.to_sympy(kernel(copy(rows), ops)) - expected) == 0


def test_semantic_zero_only_where_generators_need_it() -> None:
    x = sympy.Symbol("x")
    K, _ = _polys.to_domain([x + 1])
    assert not _polys.needs_semantic_zero(K)
    K, _ = _polys.to_domain([sympy.sin(x), sympy.cos(x)])
    assert _polys.needs_semantic_zero(K)
    ops = _polys.DomainOps(K, semantic=True)
    assert ops.is_zero(K.from_sympy(sympy.sin(x) ** 2 + sympy.cos(x) ** 2 - 1))


def test_clearing_denominators_of_rational_functions() -> None:
    x = sympy.Symbol("x")
    K, flat = _polys.to_domain([1 / x, 1 / (x + 1), x, sympy.Integer(2)])
    R, rows, scales = _polys.clear_rows(K, [flat[:2], flat[2:]])
    assert R.is_PolynomialRing and [R.to_sympy(s) for s in scales] == [sympy.expand(x * (x + 1)), 1]
    R2, rows2, d = _polys.clear_all(K, [flat[:2], flat[2:]])
    assert sympy.expand(R2.to_sympy(d) - x * (x + 1)) == 0


def test_fast_expression_conversion_equals_sympys() -> None:
    rng = random.Random(15)
    x, y, z = sympy.symbols("x y z")
    for _ in range(60):
        e = sympy.expand(
            sum(rng.randint(-5, 5) * x ** rng.randint(0, 3) * y ** rng.randint(0, 2) * z ** rng.randint(0, 1) for _ in range(4))
            + sympy.Rational(rng.randint(-3, 3), rng.randint(1, 4))
        )
        K, (p,) = _polys.to_domain([e])
        back = _toexpr.expr_converter(K)(p)
        assert back == K.to_sympy(p) and back.args == K.to_sympy(p).args
        F = _polys.field_of(K)
        f = F.convert(p, K) / F.convert(K.gens[0] + 1 if K.is_PolynomialRing else K.one, K)
        assert _toexpr.expr_converter(F)(f) == F.to_sympy(f)


def test_solve_den_int_matches_sympy() -> None:
    rng = random.Random(16)
    for n in range(1, 7):
        A = rand_int_matrix(rng, n, n, -9, 9)
        B = rand_int_matrix(rng, n, 3, -9, 9)
        result = _fast.solve_den_int(copy(A), copy(B))
        if sympy_det(A) == 0:
            assert result is None
            continue
        Y, d = result
        assert d == sympy_det(A)
        assert [[Fraction(v, d) for v in row] for row in Y] == (sym(A).inv() * sym(B)).tolist()
        adj, d2 = _fast.solve_den_int(copy(A), [[int(i == j) for j in range(n)] for i in range(n)])
        assert adj == sym(A).adjugate().tolist()


def test_reading_expanded_polynomials_agrees_with_construct_domain() -> None:
    from sympy.polys.constructor import construct_domain

    rng = random.Random(17)
    x, y = sympy.symbols("x y")
    for _ in range(40):
        values = [
            sympy.expand(rng.randint(-4, 4) * x ** rng.randint(0, 2) * y ** rng.randint(0, 1) + sympy.Rational(rng.randint(-3, 3), rng.randint(1, 3)) * y)
            for _ in range(4)
        ] + [sympy.Integer(rng.randint(-2, 2))]
        K, elems = _polys.to_domain(values)
        K2, elems2 = construct_domain(values)
        assert str(K) == str(K2)
        assert [K.to_sympy(e) for e in elems] == [K2.to_sympy(e) for e in elems2] == values
    # not expanded, or not polynomials: SymPy's constructor decides
    assert str(_polys.to_domain([(x + 1) ** 2, x])[0]) == "ZZ[x]"
    assert str(_polys.to_domain([1 / x, x])[0]) == "ZZ(x)"
    assert _polys._expanded_polys([sympy.sqrt(x)]) is None


# --- the first Bareiss steps on int64 arrays (`_fast._word_steps`) ---------------------------------

#: Magnitudes around the word: steps fit, fit for a while, never fit, or the input does not fit at all.
_WORD_BOUNDS = [1, 99, 2**20, 2**31 - 1, 2**31, 2**32 - 1, 2**62, 2**63 - 1, 2**63, 2**70]


@st.composite
def _wide_int_matrix(draw: Any) -> tuple[list[list[int]], int]:
    n = draw(st.integers(10, 22))
    extra = draw(st.integers(0, 3))  # columns beyond n: an augmented [A | b] as the solves build it
    bound = draw(st.sampled_from(_WORD_BOUNDS))
    low = -bound - (bound == 2**63 - 1)  # -2**63 too: its abs wraps in int64
    rows = draw(st.lists(st.lists(st.integers(low, bound), min_size=n + extra, max_size=n + extra), min_size=n, max_size=n))
    shape = draw(st.sampled_from(["random", "leading zeros", "zero column", "singular", "sparse"]))
    if shape == "leading zeros":  # the pivot search moves rows (odd and even distances: the sign)
        k = draw(st.integers(1, n - 1))
        for r in rows[:k]:
            r[0] = 0
    elif shape == "zero column":
        c = draw(st.integers(0, 4))
        for r in rows:
            r[c] = 0
    elif shape == "singular":
        rows[-1] = [2 * v for v in rows[draw(st.integers(0, n - 2))]]
    elif shape == "sparse":
        rows = [[v if (i * 7 + j * 3) % 5 == 0 else 0 for j, v in enumerate(r)] for i, r in enumerate(rows)]
    return rows, n


def _python_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_fast, "WORD_ENTRIES", 10**9)


@settings(max_examples=150, deadline=None)
@given(case=_wide_int_matrix())
def test_word_steps_give_the_python_kernels_results(case: tuple[list[list[int]], int]) -> None:
    rows, n = case
    square = [r[:n] for r in rows]
    B = [r[n:] or [1] for r in rows]
    copy = lambda M: [list(r) for r in M]  # noqa: E731
    with_words = (
        _fast.det_int(copy(square)),
        _fast.echelon_int(copy(rows)),
        _fast.rref_den_int(copy(rows)),
        _fast.solve_den_int(copy(square), copy(B)),
    )
    with pytest.MonkeyPatch.context() as mp:
        _python_only(mp)
        python = (
            _fast.det_int(copy(square)),
            _fast.echelon_int(copy(rows)),
            _fast.rref_den_int(copy(rows)),
            _fast.solve_den_int(copy(square), copy(B)),
        )
    assert with_words == python
    for value in (with_words[0], *(v for r in (with_words[3] or ([], 0))[0] for v in r)):
        assert type(value) is int  # never a NumPy integer


@pytest.mark.parametrize("seed", range(4))
def test_word_steps_det_matches_sympy(seed: int) -> None:
    rng = random.Random(seed)
    n = 16
    bound = [99, 2**20, 2**31 - 1, 2**40][seed]
    rows = [[rng.randint(-bound, bound) for _ in range(n)] for _ in range(n)]
    rows[0][0] = 0  # the first pivot is a row swap away
    assert _fast.det_int([list(r) for r in rows]) == sympy.Matrix(rows).det(method="bareiss")


def test_word_steps_stop_where_a_step_might_not_fit() -> None:
    # One step computes pk*x - a*y: exact in int64 exactly when 2 * m**2 <= 2**63 - 1, m < 2**31.
    rng = random.Random(3)
    n = 15
    for top, steps in ((2**31, 0), (2**31 - 1, 1), (99, 4)):
        rows = [[rng.choice([-top, top]) for _ in range(n)] for _ in range(n)]
        columns: list[int] = []
        pivots: list[list[int]] = []
        left, prev, negate = _fast._word_steps([list(r) for r in rows], n, columns, pivots)
        assert len(columns) == steps and columns == list(range(steps))
        assert all(type(v) is int for p in pivots for v in p)
        assert all(type(v) is int for r in left for v in r)
        if steps:
            assert prev == pivots[-1][0] and len(left) == n - steps
