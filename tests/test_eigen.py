"""``gt.linalg`` eigen-theory: charpoly/minpoly, eigenvals, eigenvects, diagonalize, jordan_form.

SymPy's Matrix is the oracle, compared by invariants (``A @ P == P @ J``,
block structures, multiplicities, minimal polynomials that annihilate),
never by printed forms.  Matrices with a known Jordan structure are built as
``S @ J @ inv(S)`` with a unimodular integer ``S``.
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
from toyring import Gauss, GaussOps, gaussian

L = gt.linalg
lam = sympy.Symbol("lam")
a_, b_, c_ = sympy.symbols("a b c")


# -- data -------------------------------------------------------------------------------


def unimodular(rng: random.Random, n: int) -> sympy.Matrix:
    """A random integer matrix of determinant 1 (so its inverse is integral too)."""
    S = sympy.eye(n)
    for _ in range(2 * n):
        i, j = rng.sample(range(n), 2) if n > 1 else (0, 0)
        if i != j:
            E = sympy.eye(n)
            E[i, j] = rng.randint(-2, 2)
            S = S * E
    return S


def jordan_matrix(blocks: list[tuple[int, int]]) -> sympy.Matrix:
    """The Jordan matrix with the given (eigenvalue, size) blocks."""
    n = sum(size for _, size in blocks)
    J = sympy.zeros(n, n)
    k = 0
    for value, size in blocks:
        for i in range(size):
            J[k + i, k + i] = value
            if i:
                J[k + i - 1, k + i] = 1
        k += size
    return J


@st.composite
def jordan_structures(draw: Any, max_n: int = 5) -> tuple[list[tuple[int, int]], int]:
    """Random Jordan blocks (small integer eigenvalues) and a seed for the similarity."""
    blocks = draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(1, 3)), min_size=0, max_size=3))
    total = 0
    kept = []
    for value, size in blocks:
        if total + size <= max_n:
            kept.append((value, size))
            total += size
    return kept, draw(st.integers(0, 10**6))


def similar(blocks: list[tuple[int, int]], seed: int) -> tuple[list[list[int]], sympy.Matrix]:
    J = jordan_matrix(blocks)
    S = unimodular(random.Random(seed), J.rows)
    A = S * J * S.inv() if J.rows else J
    return [[int(v) for v in A.row(i)] for i in range(A.rows)], J


def block_multiset(J: Any) -> list[tuple[Any, int]]:
    """The (eigenvalue, size) pairs of a Jordan matrix (sorted by string for a canonical order)."""
    rows = J.tolist() if not isinstance(J, list) else J
    n = len(rows)
    out, start = [], 0
    for i in range(n):
        if i == n - 1 or rows[i][i + 1] == 0:
            out.append((sympy.nsimplify(rows[start][start]), i - start + 1))
            start = i + 1
    return sorted(out, key=str)


def numeric(v: Any) -> complex:
    return complex(sympy.N(v, 15))  # (CRootOf refines complex roots slowly beyond this)


def exactly_zero(v: Any) -> bool:
    """Zero as an exact expression: radicals expand away; a polynomial in a CRootOf is reduced by its minimal polynomial."""
    v = sympy.sympify(v)
    roots = v.atoms(sympy.CRootOf)
    if roots:
        assert len(roots) == 1, roots
        (r,) = roots
        X = sympy.Dummy("X")
        return sympy.rem(sympy.expand(v.xreplace({r: X})), r.poly.as_expr().subs(r.poly.gen, X), X) == 0
    return sympy.expand(v) == 0 or sympy.simplify(v) == 0


def check_similar(A: Any, P: Any, J: Any) -> None:
    """A @ P == P @ J exactly and P invertible."""
    A = gt.tensor(A).astype(gt.symbolic) if not isinstance(A, gt.Tensor) else A.astype(gt.symbolic)
    diff = (A @ P - P @ J).tolist()
    assert all(exactly_zero(v) for row in diff for v in row)
    if P.shape[0]:
        assert not exactly_zero(sympy.Matrix(P.tolist()).det())


# -- the characteristic and minimal polynomials --------------------------------------------


@pytest.mark.parametrize(
    "rows",
    [[[1, 2], [3, 4]], [[Fraction(1, 2), 2], [3, Fraction(-1, 3)]], [[a_, b_], [c_, a_]], [[2]], [[a_ + 1, 1, 0], [0, b_, 1], [1, 0, c_]],
     [[a_, b_], [0, c_]], [[1.5, 2.0], [0.25, -1.0]], [[sympy.sqrt(2), 1], [1, 0]], [[a_ * b_, sympy.Rational(1, 3)], [c_, 2]]],
)
def test_charpoly_in_a_symbol_is_sympys(rows: list[list[Any]]) -> None:
    ours = L.charpoly(gt.tensor(rows), lam)
    theirs = sympy.Matrix(rows).charpoly(lam).as_expr()
    assert sympy.expand(ours - theirs) == 0
    poly = L.charpoly(gt.tensor(rows), lam, poly=True)
    expected = sympy.Matrix(rows).charpoly(lam)
    assert isinstance(poly, sympy.PurePoly) and poly == expected
    # the domain of the matrix's entries, as SymPy's (b above the diagonal stays a generator of ZZ[a,b,c])
    assert poly.domain == expected.domain and poly.gens == expected.gens
    assert L.charpoly(gt.tensor(rows), "t").free_symbols >= {sympy.Symbol("t")}


def test_charpoly_symbol_on_stacks_and_errors() -> None:
    stack = gt.tensor([[[1, 2], [3, 4]], [[0, 1], [1, 0]]])
    out = L.charpoly(stack, lam)
    assert out.shape == (2,) and out.ops is gt.symbolic
    assert sympy.expand(out[1] - (lam**2 - 1)) == 0
    assert L.charpoly(stack).tolist() == [[1, -5, -2], [1, 0, -1]]  # the coefficient form is unchanged
    with pytest.raises(gt.ShapeError, match="poly=True"):
        L.charpoly(stack, lam, poly=True)
    with pytest.raises(ValueError, match="occurs in the matrix"):
        L.charpoly(gt.tensor([[lam]]), lam)
    with pytest.raises(TypeError, match="symbol"):
        L.charpoly(gt.tensor([[1]]), 3)
    with pytest.raises(gt.DomainError, match="SymPy cannot read"):
        L.charpoly(gt.tensor([[Gauss(1, 1)]]), lam)
    # without a symbol any commutative ring works, the toy ring included
    assert L.charpoly(gt.tensor([[Gauss(1, 1)]])).tolist() == [Gauss(1, 0), Gauss(-1, -1)]


def matrix_poly(coeffs: list[Any], A: sympy.Matrix) -> sympy.Matrix:
    out = sympy.zeros(A.rows, A.rows)
    for c in coeffs:
        out = out * A + c * sympy.eye(A.rows)
    return out


@given(jordan_structures())
def test_minpoly_matches_the_jordan_structure(case: Any) -> None:
    blocks, seed = case
    rows, J = similar(blocks, seed)
    n = len(rows)
    coeffs = L.minpoly(gt.tensor(rows, ops=gt.integers) if n else gt.zeros((0, 0))).tolist()
    assert all(type(c) is int for c in coeffs)
    largest: dict[int, int] = {}
    for value, size in blocks:
        largest[value] = max(largest.get(value, 0), size)
    expected = sympy.Poly(sympy.prod([(lam - v) ** k for v, k in largest.items()]), lam)
    assert coeffs == [int(c) for c in expected.all_coeffs()]
    if n:
        assert matrix_poly(coeffs, sympy.Matrix(rows)) == sympy.zeros(n, n)
        assert sympy.expand(L.minpoly(gt.tensor(rows), lam) - expected.as_expr()) == 0


def test_minpoly_over_other_rings() -> None:
    rows = [[2, 1, 0], [0, 2, 0], [0, 0, 3]]
    # rationals, symbolic, integers mod p, the toy ring: the same polynomial
    assert L.minpoly(gt.tensor(rows, ops=gt.rationals)).tolist() == [1, -7, 16, -12]
    assert L.minpoly(gt.tensor(rows, ops=gt.symbolic)).tolist() == [1, -7, 16, -12]
    assert L.minpoly(gt.tensor(rows, ops=gt.modular(5))).tolist() == [1, 3, 1, 3]
    g = gt.tensor([[Gauss(0, 1), Gauss(1, 0)], [Gauss(0, 0), Gauss(0, 1)]])
    assert L.minpoly(g).tolist() == [Gauss(1, 0), Gauss(0, -2), Gauss(-1, 0)]  # (t - i)**2
    x = sympy.Symbol("x")
    sym = L.minpoly(gt.tensor([[x, 1], [0, x]]))
    assert [sympy.expand(c) for c in sym.tolist()] == [1, -2 * x, x**2]
    stack = L.minpoly(gt.tensor([[[1, 0], [0, 1]], [[1, 1], [0, 1]]]), lam)
    assert [sympy.expand(e) for e in stack.tolist()] == [lam - 1, lam**2 - 2 * lam + 1]


def test_minpoly_refuses_what_has_no_minimal_polynomial_here() -> None:
    with pytest.raises(gt.DomainError, match="minpoly"):
        L.minpoly(gt.tensor([[1.5, 0.0], [0.0, 1.0]]))
    with pytest.raises(gt.DomainError, match="zero divisors"):
        L.minpoly(gt.tensor([[1, 2], [3, 4]], ops=gt.modular(6)))
    with pytest.raises(gt.ShapeError, match="symbol="):
        L.minpoly(gt.zeros((2, 3, 3)))
    with pytest.raises(gt.NonSquareError):
        L.minpoly(gt.zeros((2, 3)))


def test_minpoly_consults_a_registered_provider() -> None:
    class Tagged(gt.BaseOps):
        name = "tagged integers"
        capabilities = gt.Capabilities(kind="user", integral_domain=True, exact_division=True, characteristic=0)

        def convert(self, v: Any) -> int:
            return int(v)

        add = staticmethod(lambda a, b: a + b)
        mul = staticmethod(lambda a, b: a * b)
        neg = staticmethod(lambda a: -a)
        equal = staticmethod(lambda a, b: a == b)
        exquo = staticmethod(lambda a, b: a // b)

    ops = Tagged()
    calls = []

    def kernel(rows: list[list[Any]], o: Any) -> list[int]:
        calls.append(rows)
        return [1, -2]

    gt.register_provider(ops, "minpoly", kernel, algorithm="test", description="a test kernel")
    try:
        assert L.minpoly(gt.tensor([[2]], ops=ops)).tolist() == [1, -2] and calls == [[[2]]]
    finally:
        from gentensor.ops import unregister_provider

        unregister_provider(ops, "minpoly")


# -- eigenvalues ------------------------------------------------------------------------


@st.composite
def small_int_matrices(draw: Any, max_n: int = 4) -> list[list[int]]:
    n = draw(st.integers(0, max_n))
    return draw(st.lists(st.lists(st.integers(-3, 3), min_size=n, max_size=n), min_size=n, max_size=n))


def eigen_multiset(d: dict[Any, int]) -> list[complex]:
    return sorted((numeric(v) for v, m in d.items() for _ in range(m)), key=lambda z: (round(z.real, 6), round(z.imag, 6)))


@settings(max_examples=25)  # CRootOf evaluates complex roots slowly; 25 random 4x4s are plenty
@given(small_int_matrices())
def test_eigenvals_match_sympy(rows: list[list[int]]) -> None:
    n = len(rows)
    ours = L.eigenvals(gt.tensor(rows) if n else gt.zeros((0, 0)))
    assert sum(ours.values()) == n
    # SymPy's eigenvals would write cubics in radicals (slow to evaluate); the exact roots
    # SymPy isolates for its characteristic polynomial are the same multiset
    theirs = sympy.Poly(sympy.Matrix(rows).charpoly(lam).as_expr(), lam).all_roots() if n else []
    a = eigen_multiset(ours)
    b = sorted((numeric(r) for r in theirs), key=lambda z: (round(z.real, 6), round(z.imag, 6)))
    assert len(a) == len(b) and all(abs(x - y) < 1e-9 for x, y in zip(a, b))
    for v in ours:  # every eigenvalue is exactly a root of the characteristic polynomial
        if v.is_Rational:
            assert sympy.Matrix(rows).charpoly(lam).as_expr().subs(lam, v) == 0
    flat = L.eigenvals(gt.tensor(rows) if n else gt.zeros((0, 0)), multiple=True)
    assert flat.shape == (n,) and sorted(map(str, flat.tolist())) == sorted(str(v) for v, m in ours.items() for _ in range(m))


@given(jordan_structures(max_n=6))
def test_eigenvals_of_integer_spectra_are_exact_integers(case: Any) -> None:
    blocks, seed = case
    rows, _ = similar(blocks, seed)
    expected: dict[int, int] = {}
    for value, size in blocks:
        expected[value] = expected.get(value, 0) + size
    ours = L.eigenvals(gt.tensor(rows, ops=gt.integers) if rows else gt.zeros((0, 0)))
    assert ours == {sympy.Integer(v): m for v, m in expected.items()}
    assert all(isinstance(v, sympy.Integer) for v in ours)
    assert list(ours) == sorted(ours)  # rational eigenvalues ascending


def test_eigenvals_of_rational_and_symbolic_matrices() -> None:
    assert L.eigenvals(gt.tensor([[Fraction(1, 2), 0], [1, Fraction(1, 3)]])) == {sympy.Rational(1, 3): 1, sympy.Rational(1, 2): 1}
    ours = L.eigenvals(gt.tensor([[a_, b_], [b_, a_]]))
    assert {sympy.expand(v) for v in ours} == {a_ - b_, a_ + b_} and set(ours.values()) == {1}
    sym = L.eigenvals(gt.tensor([[a_, 1], [0, a_]]))
    assert sym == {a_: 2}
    quad = L.eigenvals(gt.tensor([[0, a_], [1, 0]]))
    assert {sympy.simplify(v**2) for v in quad} == {a_}
    # a cubic with three real irrational roots: CRootOf, each exactly a root
    cubic = L.eigenvals(gt.tensor([[0, 0, -1], [1, 0, 3], [0, 1, 0]]))
    assert all(isinstance(v, sympy.CRootOf) for v in cubic) and len(cubic) == 3
    # generators with relations: sin**2 + cos**2 is 1, so the eigenvalue 1 is double
    t = sympy.Symbol("t")
    s, c = sympy.sin(t), sympy.cos(t)
    rel = L.eigenvals(gt.tensor([[s**2 + c**2, 5], [0, 1]]))
    assert rel == {1: 2}


def test_eigenvals_stacks_and_parallel() -> None:
    stack = gt.tensor([[[2, 0], [0, 3]], [[1, 1], [0, 1]], [[0, 1], [-1, 0]]])
    nested = L.eigenvals(stack)
    assert nested == ({2: 1, 3: 1}, {1: 2}, {-sympy.I: 1, sympy.I: 1})
    assert L.eigenvals(stack, multiple=True).tolist() == [[2, 3], [1, 1], [-sympy.I, sympy.I]]
    with gt.parallel("threads", workers=2):
        assert L.eigenvals(stack) == nested


_FUNCS = ["eigenvals", "eigenvects", "diagonalize", "jordan_form", "is_diagonalizable"]
class _NumberGauss(GaussOps):
    """Z[i] declared a ring of numbers (characteristic 0), its elements still unknown to SymPy."""

    capabilities = gt.Capabilities(kind="user", integral_domain=True, exact_division=True, characteristic=0)


_BAD = [
    (lambda: gt.tensor([[Gauss(1, 0)]]), "characteristic unknown: declare characteristic=0"),
    (lambda: gt.tensor([[Gauss(1, 0)]], ops=_NumberGauss()), "SymPy cannot read"),
    (lambda: gt.tensor([[1, 2], [3, 4]], ops=gt.modular(7)), "characteristic 7"),
]
_REFUSALS = [(b, m, f) for b, m in _BAD for f in _FUNCS]
_REFUSALS += [(lambda: gt.tensor([[1.0, 2.0], [3.0, 4.0]]), "floating-point", f) for f in ("jordan_form", "is_diagonalizable")]
# (floats get numerical eigenvalues, eigenvectors and diagonalize: tests/test_peer_eigen.py)


@pytest.mark.parametrize("bad, match, func", _REFUSALS)
def test_eigen_functions_refuse_rings_without_an_algebraic_closure_here(bad: Any, match: str, func: str) -> None:
    with pytest.raises(gt.DomainError, match=f"^{func}: .*{match}"):
        getattr(L, func)(bad())


def test_eigen_shapes_are_checked() -> None:
    with pytest.raises(gt.NonSquareError):
        L.eigenvals(gt.zeros((2, 3)))
    with pytest.raises(gt.ShapeError):
        L.jordan_form(gt.zeros(3))
    with pytest.raises(gt.ShapeError, match="one matrix"):
        L.eigenvects(gt.zeros((2, 2, 2)))


# -- eigenvectors, diagonalization, Jordan form ----------------------------------------------


@given(small_int_matrices(max_n=3))
def test_eigenvects_are_eigenvectors_with_sympys_dimensions(rows: list[list[int]]) -> None:
    n = len(rows)
    spaces = L.eigenvects(gt.tensor(rows) if n else gt.zeros((0, 0)))
    assert sum(s.multiplicity for s in spaces) == n
    A = sympy.Matrix(rows)
    theirs = A.eigenvects() if n else []
    assert sorted(len(s.basis.tolist()[0]) if n else 0 for s in spaces) == sorted(len(vs) for _, _, vs in theirs)
    for s in spaces:
        V = sympy.Matrix(s.basis.tolist())
        assert V.shape == (n, len(V.tolist()[0]) if n else 0)
        residual = A * V - s.value * V
        assert all(exactly_zero(v) for v in residual)
        assert 1 <= V.shape[1] <= s.multiplicity


def test_conjugate_eigenvalues_get_conjugate_vectors() -> None:
    spaces = L.eigenvects(gt.tensor([[1, -2], [1, 1]]))
    values = [s.value for s in spaces]
    assert {sympy.expand(v) for v in values} == {1 - sympy.sqrt(2) * sympy.I, 1 + sympy.sqrt(2) * sympy.I}
    v0, v1 = (sympy.Matrix(s.basis.tolist()) for s in spaces)
    assert sympy.expand(v0.conjugate() - v1) == sympy.zeros(2, 1)


@given(jordan_structures())
def test_jordan_form_recovers_the_blocks(case: Any) -> None:
    blocks, seed = case
    rows, J = similar(blocks, seed)
    n = len(rows)
    x = gt.tensor(rows, ops=gt.integers) if n else gt.zeros((0, 0))
    P, Jours = L.jordan_form(x)
    assert P.shape == Jours.shape == (n, n) and P.ops is gt.symbolic
    check_similar(x, P, Jours)
    assert block_multiset(Jours.tolist()) == block_multiset(J.tolist())
    if n:
        assert block_multiset(Jours.tolist()) == block_multiset(sympy.Matrix(rows).jordan_form()[1].tolist())
    diagonalizable = all(size == 1 for _, size in blocks)
    assert L.is_diagonalizable(x) is diagonalizable
    if diagonalizable:
        P, D = L.diagonalize(x)
        check_similar(x, P, D)
        assert sorted(D[i, i] for i in range(n)) == sorted(v for v, _ in blocks)
    else:
        with pytest.raises(gt.NotDiagonalizableError, match="^diagonalize: the matrix is not diagonalizable"):
            L.diagonalize(x)


@given(small_int_matrices(max_n=3))
def test_is_diagonalizable_matches_sympy(rows: list[list[int]]) -> None:
    n = len(rows)
    x = gt.tensor(rows) if n else gt.zeros((0, 0))
    # SymPy's own is_diagonalizable takes seconds on cubics; its eigenvects decide it quickly
    expected = all(len(vs) == m for _, m, vs in sympy.Matrix(rows).eigenvects()) if n else True
    assert L.is_diagonalizable(x) is expected


def test_jordan_form_with_irrational_and_symbolic_eigenvalues() -> None:
    # a 4x4 with a double pair of conjugate eigenvalues in one 2x2 Jordan block each
    C = sympy.Matrix([[0, -2], [1, 0]])
    A = sympy.diag(C, C) + sympy.Matrix(4, 4, lambda i, j: 1 if (i, j) in ((0, 2), (1, 3)) else 0)
    x = gt.tensor(A.tolist())
    P, J = L.jordan_form(x)
    check_similar(x, P, J)
    blocks = block_multiset(J.tolist())
    assert sorted(size for _, size in blocks) == [2, 2]
    assert {sympy.expand(v**2) for v, _ in blocks} == {-2}
    # symbolic: a Jordan block in a parameter
    s = gt.tensor([[a_, 1, 0], [0, a_, 0], [0, 0, b_]])
    P, J = L.jordan_form(s)
    check_similar(s, P, J)
    assert sorted(block_multiset(J.tolist()), key=str) == sorted([(a_, 2), (b_, 1)], key=str)


def test_diagonalize_symbolic_and_rational() -> None:
    x = gt.tensor([[a_, b_], [b_, a_]])
    P, D = L.diagonalize(x)
    check_similar(x, P, D)
    r = gt.tensor([[Fraction(1, 2), Fraction(1, 3)], [Fraction(1, 3), Fraction(1, 2)]])
    P, D = L.diagonalize(r)
    check_similar(r, P, D)
    assert [D[0, 0], D[1, 1]] == [sympy.Rational(1, 6), sympy.Rational(5, 6)]


def test_stacks_of_diagonalize_and_jordan_form_equal_one_by_one() -> None:
    rng = random.Random(5)
    mats = [similar([(rng.randint(-2, 2), 2), (rng.randint(3, 5), 1)], rng.randint(0, 99))[0] for _ in range(4)]
    stack = gt.tensor(mats)
    P, J = L.jordan_form(stack)
    assert P.shape == J.shape == (4, 3, 3)
    for k, m in enumerate(mats):
        Pk, Jk = L.jordan_form(gt.tensor(m))
        assert P[k].tolist() == Pk.tolist() and J[k].tolist() == Jk.tolist()
    assert L.is_diagonalizable(stack).tolist() == [False] * 4
    diag = gt.tensor([[[2, 1], [1, 2]], [[0, 1], [1, 0]]])
    P, D = L.diagonalize(diag)
    for k in range(2):
        check_similar(diag[k], P[k], D[k])


def test_methods_on_the_tensor() -> None:
    x = gt.tensor([[2, 1], [1, 2]])
    assert x.eigenvals() == L.eigenvals(x)
    assert x.diagonalize().d.tolist() == L.diagonalize(x).d.tolist()
    assert x.jordan_form().j.tolist() == [[1, 0], [0, 3]]
    assert [s.value for s in x.eigenvects()] == [1, 3]
    assert sympy.expand(x.charpoly(lam) - (lam**2 - 4 * lam + 3)) == 0


def test_empty_and_one_by_one() -> None:
    e = gt.zeros((0, 0))
    assert L.eigenvals(e) == {} and L.eigenvects(e) == []
    assert L.diagonalize(e).p.shape == (0, 0) and L.jordan_form(e).j.shape == (0, 0)
    assert L.is_diagonalizable(e) is True and L.minpoly(e).tolist() == [1]
    one = gt.tensor([[7]])
    assert L.eigenvals(one) == {7: 1} and L.jordan_form(one).j.tolist() == [[7]]


@given(jordan_structures(max_n=4), st.fractions(min_value=-3, max_value=3, max_denominator=4).filter(lambda f: f != 0))
def test_jordan_form_of_rational_matrices(case: Any, scale: Fraction) -> None:
    blocks, seed = case
    rows, J = similar(blocks, seed)
    x = gt.tensor([[Fraction(v) * scale for v in row] for row in rows], ops=gt.rationals) if rows else gt.zeros((0, 0), ops=gt.rationals)
    P, Jours = L.jordan_form(x)
    check_similar(x, P, Jours)
    # scaling by c scales every eigenvalue and keeps the block sizes
    c = sympy.Rational(scale.numerator, scale.denominator)
    assert sorted(size for _, size in block_multiset(Jours.tolist())) == sorted(size for _, size in blocks)
    assert sorted(v for v, _ in block_multiset(Jours.tolist())) == sorted(c * v for v, _ in blocks)


def gauss_matmul(A: list[list[Gauss]], B: list[list[Gauss]]) -> list[list[Gauss]]:
    n, k, m = len(A), len(B), len(B[0])
    out = []
    for i in range(n):
        row = []
        for j in range(m):
            acc = gaussian.zero
            for t in range(k):
                acc = gaussian.add(acc, gaussian.mul(A[i][t], B[t][j]))
            row.append(acc)
        out.append(row)
    return out


@given(st.integers(1, 3).flatmap(lambda n: st.lists(st.lists(st.tuples(st.integers(-2, 2), st.integers(-2, 2)), min_size=n, max_size=n), min_size=n, max_size=n)))
def test_minpoly_over_the_toy_ring_annihilates(entries: list[list[tuple[int, int]]]) -> None:
    rows = [[Gauss(a, b) for a, b in row] for row in entries]
    n = len(rows)
    coeffs = L.minpoly(gt.tensor(rows, ops=gaussian)).tolist()
    assert coeffs[0] == gaussian.one and 1 <= len(coeffs) - 1 <= n
    value = [[gaussian.zero] * n for _ in range(n)]
    for c in coeffs:  # Horner: value = value @ A + c*I
        value = gauss_matmul(value, rows)
        for i in range(n):
            value[i][i] = gaussian.add(value[i][i], c)
    assert all(gaussian.is_zero(v) for row in value for v in row)
    # minimal: I, A, ..., A**(d-1) are independent (checked over the complex numbers with SymPy)
    d = len(coeffs) - 1
    A = sympy.Matrix(n, n, lambda i, j: rows[i][j].re + sympy.I * rows[i][j].im)
    powers = [A**k for k in range(d)]
    assert sympy.Matrix([[P[i, j] for P in powers] for i in range(n) for j in range(n)]).rank() == d


_UNEVALUATED = [
    sympy.Pow(2, 3, evaluate=False),
    sympy.Pow(sympy.sqrt(2), 2, evaluate=False),
    sympy.Pow(4, sympy.Rational(1, 2), evaluate=False),
    sympy.Pow(2, -1, evaluate=False),
    sympy.Add(sympy.Pow(3, 2, evaluate=False), sympy.sqrt(2), evaluate=False),
    sympy.Mul(2, sympy.Pow(sympy.sqrt(3), 3, evaluate=False), evaluate=False),
]


@pytest.mark.parametrize("value", _UNEVALUATED, ids=str)
def test_unevaluated_numbers_are_the_numbers_they_denote(value: Any) -> None:
    """An unevaluated power (as the save format and SymPy's evaluate=False build them) is the number it denotes:
    eigenvalues, inverse and determinant equal those of the evaluated entry (SymPy's algebraic field of such an
    entry once made 2**3 zero)."""
    evaluated = sympy.sympify(str(value))
    for entries in ([[value, 1], [0, 1]], [[value, 1], [1, value]]):
        x = gt.tensor(entries, ops=gt.symbolic)
        y = gt.tensor([[evaluated if v is value else v for v in row] for row in entries], ops=gt.symbolic)
        ours, theirs = L.eigenvals(x), L.eigenvals(y)
        assert {sympy.nsimplify(k): m for k, m in ours.items()} == {sympy.nsimplify(k): m for k, m in theirs.items()}
        assert sympy.simplify(L.det(x) - L.det(y)) == 0
    inverse = L.inv(gt.tensor([[value]], ops=gt.symbolic)).tolist()[0][0]
    assert sympy.simplify(inverse * evaluated - 1) == 0
