"""Hermite and Smith forms, LLL, integer kernels, Diophantine systems and det mod m (gentensor.linalg.lattice).

Oracles: SymPy's normal forms (``hermite_normal_form`` -- column style, so
compared through the reversal that maps one convention onto the other --
``smith_normal_form``/``smith_normal_decomp``, ``DomainMatrix.lll``), FLINT
where installed, and the defining invariants: ``U @ A == H`` with ``U``
unimodular, the divisibility chain, Lovász' conditions checked in exact
rational arithmetic by a Gram-Schmidt written here, ``A @ x == b``.  The
same properties run over the Gaussian integers (a user ring declaring
itself Euclidean) and over ``QQ[x]`` (SymPy polynomials behind a user ops).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import ZZ, Matrix
from sympy.matrices.normalforms import hermite_normal_form, smith_normal_decomp, smith_normal_form
from sympy.polys.matrices import DomainMatrix

import gentensor as gt
from gentensor.linalg import _fast, _providers
from toyring import Gauss, gaussian, gaussian_euclidean, norm

L = gt.linalg


# -- helpers ------------------------------------------------------------------------------


def mm(A: list[list[Any]], B: list[list[Any]]) -> list[list[Any]]:
    k = len(B)
    n = len(B[0]) if B else 0
    return [[sum((A[i][t] * B[t][j] for t in range(k)), 0) for j in range(n)] for i in range(len(A))]


def det(rows: list[list[int]]) -> int:
    return int(Matrix(rows).det()) if rows else 1


def rank(rows: list[list[int]]) -> int:
    return Matrix(rows).rank() if rows and rows[0] else 0


def is_hnf(H: list[list[int]]) -> bool:
    """Row-style HNF: non-zero rows first, strictly increasing positive pivots, entries above in [0, pivot)."""
    pivots = []
    seen_zero = False
    for row in H:
        nz = [j for j, v in enumerate(row) if v]
        if not nz:
            seen_zero = True
            continue
        if seen_zero or (pivots and nz[0] <= pivots[-1]) or row[nz[0]] <= 0:
            return False
        pivots.append(nz[0])
    return all(0 <= H[k][c] < H[i][c] for i, c in enumerate(pivots) for k in range(i))


def sympy_hnf(A: list[list[int]]) -> list[list[int]]:
    """SymPy's (column-style, bottom-up) HNF mapped onto the row style: reverse the columns, then rows and columns."""
    S = hermite_normal_form(Matrix(A).T).T.tolist()
    return [[int(v) for v in row] for row in S]


def ours_as_sympy(H: list[list[int]]) -> list[list[int]]:
    return [row[::-1] for row in H if any(row)][::-1]


def gram_schmidt_exact(B: list[list[int]]) -> tuple[list[Fraction], list[list[Fraction]]]:
    """|b*_i|**2 and mu by the textbook Gram-Schmidt in Fractions (independent of the kernels under test)."""
    star: list[list[Fraction]] = []
    norms: list[Fraction] = []
    mu = [[Fraction(0)] * len(B) for _ in B]
    for i, b in enumerate(B):
        v = [Fraction(x) for x in b]
        for j in range(i):
            mu[i][j] = sum(Fraction(x) * y for x, y in zip(b, star[j])) / norms[j]
            v = [x - mu[i][j] * y for x, y in zip(v, star[j])]
        star.append(v)
        norms.append(sum(x * x for x in v))
    return norms, mu


def lll_reduced(B: list[list[int]], delta: Fraction) -> bool:
    norms, mu = gram_schmidt_exact(B)
    if any(abs(mu[i][j]) > Fraction(1, 2) for i in range(len(B)) for j in range(i)):
        return False
    return all(delta * norms[i - 1] <= norms[i] + mu[i][i - 1] ** 2 * norms[i - 1] for i in range(1, len(B)))


def unimodular(U: list[list[int]]) -> bool:
    return abs(det(U)) == 1


matrices = st.integers(0, 5).flatmap(
    lambda m: st.integers(0, 5).flatmap(
        lambda n: st.lists(st.lists(st.integers(-20, 20), min_size=n, max_size=n), min_size=m, max_size=m).map(
            lambda rows: (rows, n)
        )
    )
)


@st.composite
def low_rank(draw: Any) -> tuple[list[list[int]], int]:
    """Matrices of every rank, singular ones included: products of random factors."""
    m, n = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    r = draw(st.integers(0, min(m, n)))
    left = draw(st.lists(st.lists(st.integers(-4, 4), min_size=r, max_size=r), min_size=m, max_size=m))
    right = draw(st.lists(st.lists(st.integers(-4, 4), min_size=n, max_size=n), min_size=r, max_size=r))
    return (mm(left, right) if r else [[0] * n for _ in range(m)]), n


any_matrix = st.one_of(matrices, low_rank())


def tensor(rows: list[list[int]], n: int, ops: Any = None) -> gt.Tensor:
    return gt.zeros((len(rows), n), ops=ops or gt.integers) if not rows or not n else gt.tensor(rows, ops=ops)


@pytest.fixture(params=["builtin", "pure"])
def path(request: pytest.FixtureRequest) -> Any:
    """Both provider tables: the one this install registers, and the pure-Python one."""
    if request.param == "pure":
        _providers.register_builtin_providers(flint=False)
        yield "pure"
        _providers.register_builtin_providers()
    else:
        yield "builtin"


# -- Hermite normal form ---------------------------------------------------------------------


@given(any_matrix)
def test_hnf_invariants_and_sympy(case: tuple[list[list[int]], int]) -> None:
    rows, n = case
    x = tensor(rows, n)
    before = x.tolist()
    H, U = L.hnf(x, transform=True)
    assert x.tolist() == before
    h, u = H.tolist(), U.tolist()
    assert H.shape == (len(rows), n) and U.shape == (len(rows), len(rows))
    assert L.hnf(x).tolist() == h
    assert is_hnf(h)
    assert mm(u, rows) == h if rows else h == []
    assert unimodular(u)
    assert sum(1 for row in h if any(row)) == rank(rows)
    if rows and n and any(any(r) for r in rows):
        assert ours_as_sympy(L.hnf(gt.tensor([r[::-1] for r in rows])).tolist()) == sympy_hnf(rows)


@settings(max_examples=25)
@given(low_rank())
def test_hnf_same_on_both_provider_tables(case: tuple[list[list[int]], int]) -> None:
    rows, n = case
    x = gt.tensor(rows)
    with_builtin = (L.hnf(x).tolist(), [t.tolist() for t in L.hnf(x, transform=True)])
    _providers.register_builtin_providers(flint=False)
    try:
        pure = (L.hnf(x).tolist(), [t.tolist() for t in L.hnf(x, transform=True)])
    finally:
        _providers.register_builtin_providers()
    assert with_builtin == pure  # both are canonical: [H | U] is the HNF of [A | I]


def test_hnf_agrees_with_flint_when_installed() -> None:
    flint = _fast.flint_module()
    if flint is None:
        pytest.skip("python-flint is not installed or GENTENSOR_NO_FLINT is set; the SymPy oracle covers hnf")
    rng = random.Random(3)
    for m, n in [(6, 6), (4, 7), (7, 3), (20, 20)]:
        A = [[rng.randint(-50, 50) for _ in range(n)] for _ in range(m)]
        _providers.register_builtin_providers(flint=False)
        try:
            ours = L.hnf(gt.tensor(A)).tolist()
        finally:
            _providers.register_builtin_providers()
        assert ours == [[int(v) for v in row] for row in flint.fmpz_mat(A).hnf().tolist()]


def test_hnf_large_entries_and_stack() -> None:
    rng = random.Random(5)
    A = [[rng.randint(-10**30, 10**30) for _ in range(5)] for _ in range(5)]
    H, U = (t.tolist() for t in L.hnf(gt.tensor(A), transform=True))
    assert is_hnf(H) and mm(U, A) == H and unimodular(U)
    assert H[-1][-1] * math.prod(H[i][i] for i in range(4)) == abs(det(A))
    stack = [[[rng.randint(-9, 9) for _ in range(3)] for _ in range(2)] for _ in range(4)]
    got = L.hnf(gt.tensor(stack).reshape((2, 2, 2, 3)))
    assert got.shape == (2, 2, 2, 3)
    assert got.reshape((4, 2, 3)).tolist() == [L.hnf(gt.tensor(s)).tolist() for s in stack]


# -- Smith normal form and elementary divisors ------------------------------------------------


def chain(d: list[int]) -> bool:
    nonzero = [v for v in d if v]
    return all(v > 0 for v in nonzero) and d[: len(nonzero)] == nonzero and all(
        b % a == 0 for a, b in zip(nonzero, nonzero[1:])
    )


@given(any_matrix)
def test_snf_invariants_and_sympy(case: tuple[list[list[int]], int]) -> None:
    rows, n = case
    m = len(rows)
    x = tensor(rows, n)
    D, U, V = (t.tolist() for t in L.snf(x, transform=True))
    divisors = L.elementary_divisors(x).tolist()
    assert L.snf(x).tolist() == D
    assert len(divisors) == min(m, n) and chain(divisors)
    assert all(D[i][j] == (divisors[i] if i == j else 0) for i in range(m) for j in range(n))
    if m and n:
        assert mm(mm(U, rows), V) == D
        assert unimodular(U) and unimodular(V)
        assert divisors == [int(v) for v in smith_normal_form(Matrix(rows), domain=ZZ).diagonal()]
        assert sum(1 for v in divisors if v) == rank(rows)


def test_snf_known_groups() -> None:
    # Z^3 / <rows>: the abelian group presented by these relations is Z/2 + Z/6 + Z/12.
    assert L.elementary_divisors(gt.tensor([[2, 4, 4], [-6, 6, 12], [10, -4, -16]])).tolist() == [2, 6, 12]
    assert L.elementary_divisors(gt.tensor([[6, 0], [0, 4]])).tolist() == [2, 12]
    assert L.elementary_divisors(gt.zeros((0, 3))).tolist() == []
    assert L.snf(gt.zeros((2, 3))).tolist() == [[0, 0, 0], [0, 0, 0]]
    stack = gt.tensor([[[2, 0], [0, 3]], [[4, 0], [0, 6]], [[0, 0], [0, 5]]])
    assert L.elementary_divisors(stack).tolist() == [[1, 6], [2, 12], [5, 0]]


def test_snf_of_a_random_60x60_finishes_quickly_on_the_pure_path() -> None:
    rng = random.Random(60)
    A = [[rng.randint(-99, 99) for _ in range(60)] for _ in range(60)]
    _providers.register_builtin_providers(flint=False)
    try:
        divisors = L.elementary_divisors(gt.tensor(A)).tolist()
    finally:
        _providers.register_builtin_providers()
    assert chain(divisors) and math.prod(divisors) == abs(L.det(gt.tensor(A)))


def test_snf_against_smith_normal_decomp() -> None:
    rng = random.Random(9)
    for m, n in [(3, 3), (2, 4), (4, 2), (5, 5)]:
        A = [[rng.randint(-12, 12) for _ in range(n)] for _ in range(m)]
        D_sym, _, _ = smith_normal_decomp(Matrix(A), domain=ZZ)
        assert L.snf(gt.tensor(A)).tolist() == [[int(v) for v in row] for row in D_sym.tolist()]


# -- LLL ---------------------------------------------------------------------------------------


@settings(max_examples=40)
@given(any_matrix, st.sampled_from([Fraction(3, 4), Fraction(99, 100), Fraction(1, 2), Fraction(1)]))
def test_lll_invariants(case: tuple[list[list[int]], int], delta: Fraction) -> None:
    rows, n = case
    m = len(rows)
    x = tensor(rows, n)
    basis, U = (t.tolist() for t in L.lll(x, delta=delta, transform=True))
    assert L.lll(x, delta=delta).tolist() == basis
    if not m:
        return
    r = rank(rows)
    assert all(not any(row) for row in basis[: m - r]) and all(any(row) for row in basis[m - r :])
    assert lll_reduced(basis[m - r :], delta)
    assert mm(U, rows) == basis and unimodular(U)
    if n:
        assert L.hnf(gt.tensor(basis)).tolist() == L.hnf(x).tolist()  # the same lattice


def test_lll_knapsack_and_sympy() -> None:
    rng = random.Random(1)
    n = 12
    weights = [rng.randint(1, 2**40) for _ in range(n)]
    B = [[1 if i == j else 0 for j in range(n)] + [w * 2**8] for i, w in enumerate(weights)]
    got = L.lll(gt.tensor(B)).tolist()
    assert lll_reduced(got, Fraction(3, 4))
    theirs = [[int(v) for v in row] for row in DomainMatrix(B, (n, n + 1), ZZ).lll().to_Matrix().tolist()]
    assert lll_reduced(theirs, Fraction(3, 4))
    assert L.hnf(gt.tensor(got)).tolist() == L.hnf(gt.tensor(theirs)).tolist()


@settings(max_examples=20)
@given(st.integers(2, 6), st.integers(0, 2**31))
def test_lll_both_provider_tables_reduce_the_same_lattice(n: int, seed: int) -> None:
    rng = random.Random(seed)
    B = [[rng.randint(-10**6, 10**6) for _ in range(n + 1)] for _ in range(n)]
    builtin = L.lll(gt.tensor(B), transform=True)
    _providers.register_builtin_providers(flint=False)
    try:
        pure = L.lll(gt.tensor(B), transform=True)
    finally:
        _providers.register_builtin_providers()
    for basis, U in (builtin, pure):
        b, u = basis.tolist(), U.tolist()
        assert mm(u, B) == b and unimodular(u) and lll_reduced([r for r in b if any(r)], Fraction(3, 4))
    assert L.hnf(builtin.basis).tolist() == L.hnf(pure.basis).tolist()


def test_lll_bad_delta_and_rings() -> None:
    x = gt.tensor([[1, 0], [0, 1]])
    for bad in (Fraction(1, 4), 0, 2, Fraction(5, 4)):
        with pytest.raises(ValueError, match=r"lll: delta must satisfy 1/4 < delta <= 1"):
            L.lll(x, delta=bad)
    with pytest.raises(TypeError, match=r"lll: delta must be a rational number"):
        L.lll(x, delta="3/4")
    with pytest.raises(gt.DomainError, match=r"lll: needs an ordered Euclidean domain"):
        L.lll(gt.tensor([[Gauss(1, 1)]], ops=gaussian_euclidean))
    with pytest.raises(gt.DomainError, match=r"lll: needs a Euclidean domain"):
        L.lll(gt.tensor([[Fraction(1, 2)]]))
    assert L.lll(x, delta=0.75).tolist() == [[1, 0], [0, 1]]


# -- integer kernels and Diophantine systems -----------------------------------------------------


def saturated(K: list[list[int]], n: int) -> bool:
    """A lattice basis (columns) spans all integer points of its rational span: its Smith form is all ones."""
    if not K or not K[0]:
        return True
    return all(v == 1 for v in L.elementary_divisors(gt.tensor(K)).tolist())


@given(any_matrix)
def test_integer_kernel(case: tuple[list[list[int]], int]) -> None:
    rows, n = case
    x = tensor(rows, n)
    K = L.integer_kernel(x)
    assert K.shape == (n, n - rank(rows))
    k = K.tolist()
    if rows and K.shape[1]:
        assert all(v == 0 for row in mm(rows, k) for v in row)
    assert saturated(k, n)
    if K.shape[1]:
        assert Matrix(k).rank() == K.shape[1]


def test_integer_kernel_is_saturated_where_the_rational_basis_is_not() -> None:
    a = gt.tensor([[2, 4, 6]])
    rational = L.nullspace(a).tolist()  # [-2, 1, 0] and [-3, 0, 1]: fine here, so use a case that needs it
    assert len(rational[0]) == 2
    x = gt.tensor([[2, 3, 5], [4, 6, 10]])
    K = L.integer_kernel(x).tolist()
    assert saturated(K, 3) and all(v == 0 for row in mm(x.tolist(), K) for v in row)
    # the vector (1, 1, -1) is a kernel point; it must be an integer combination of the columns
    sol = L.solve_integer(gt.tensor(K), gt.tensor([1, 1, -1]))
    assert (gt.tensor(K) @ sol.particular).tolist() == [1, 1, -1]


def sympy_integer_solvable(A: list[list[int]], b: list[int]) -> bool:
    """Solvability over Z from SymPy's Smith decomposition: D = U A V, so A x = b iff D y = U b has an integer y."""
    if not A or not A[0]:
        return all(v == 0 for v in b)
    D, U, _ = smith_normal_decomp(Matrix(A), domain=ZZ)
    c = list(U * Matrix(b))
    m, n = D.shape
    for i in range(m):
        d = D[i, i] if i < n else 0
        if d == 0:
            if c[i] != 0:
                return False
        elif c[i] % d:
            return False
    return True


@given(any_matrix, st.data())
def test_solve_integer(case: tuple[list[list[int]], int], data: Any) -> None:
    rows, n = case
    m = len(rows)
    x = tensor(rows, n)
    if data.draw(st.booleans()) and n:
        x0 = data.draw(st.lists(st.integers(-9, 9), min_size=n, max_size=n))
        b = [sum(a * v for a, v in zip(row, x0)) for row in rows]
    else:
        b = data.draw(st.lists(st.integers(-30, 30), min_size=m, max_size=m))
    if not m:
        return
    if sympy_integer_solvable(rows, b):
        sol = L.solve_integer(x, gt.tensor(b))
        p = sol.particular.tolist()
        assert sol.particular.shape == (n,) and sol.kernel.shape == (n, n - rank(rows))
        assert [sum(a * v for a, v in zip(row, p)) for row in rows] == b
        assert sol.kernel.tolist() == L.integer_kernel(x).tolist()
        many = L.solve_integer(x, gt.tensor([[v, 2 * v] for v in b]))
        assert many.particular.shape == (n, 2)
        assert (x @ many.particular).tolist() == [[v, 2 * v] for v in b]
    else:
        with pytest.raises(gt.NoSolutionError, match=r"^solve_integer: a @ x == b has no integer solution"):
            L.solve_integer(x, gt.tensor(b))
        assert x.tolist() == (rows if n else [[] for _ in rows])


def test_solve_integer_messages_and_batches() -> None:
    with pytest.raises(gt.NoSolutionError, match=r"it has no rational solution either"):
        L.solve_integer(gt.tensor([[1, 1], [1, 1]]), gt.tensor([1, 2]))
    with pytest.raises(gt.NoSolutionError, match=r"at batch index \(1,\).*rational solutions, but no integer one"):
        L.solve_integer(gt.tensor([[[1, 0], [0, 1]], [[2, 0], [0, 2]]]), gt.tensor([1, 1]))
    a = gt.tensor([[[1, 1]], [[2, 2]]])
    sol = L.solve_integer(a, gt.tensor([[[4]], [[8]]]))
    assert sol.particular.shape == (2, 2, 1) and sol.kernel.shape == (2, 2, 1)
    assert (a @ sol.particular).tolist() == [[[4]], [[8]]]
    assert (a @ sol.kernel).tolist() == [[[0]], [[0]]]
    with pytest.raises(gt.ShapeError, match=r"kernels of different ranks"):
        L.integer_kernel(gt.tensor([[[1, 0]], [[0, 0]]]))
    with pytest.raises(gt.ShapeError, match=r"solve_integer: b must have shape \(2,\)"):
        L.solve_integer(gt.tensor([[1, 2], [3, 4]]), gt.tensor([1, 2, 3]))


# -- det mod m -------------------------------------------------------------------------------------


@given(st.integers(0, 6).flatmap(lambda n: st.lists(st.lists(st.integers(-10**6, 10**6), min_size=n, max_size=n), min_size=n, max_size=n)),
       st.sampled_from([1, 2, 6, 7, 12, 97, 2**61 - 1, 2**64 + 13, 10**20]))
def test_det_mod(rows: list[list[int]], m: int) -> None:
    n = len(rows)
    x = gt.tensor(rows) if n else gt.zeros((0, 0))
    assert L.det_mod(x, m) == det(rows) % m


def test_det_mod_stack_and_errors() -> None:
    stack = gt.tensor([[[2, 3], [4, 1]], [[10**40, 1], [1, 1]]])
    assert L.det_mod(stack, 6).tolist() == [(2 - 12) % 6, (10**40 - 1) % 6]
    with pytest.raises(ValueError, match=r"det_mod: the modulus must be non-zero"):
        L.det_mod(stack, 0)
    with pytest.raises(ValueError, match=r"det_mod: the modulus must be non-zero"):
        L.det_mod(stack, -5)
    with pytest.raises(gt.NonSquareError):
        L.det_mod(gt.tensor([[1, 2]]), 5)


# -- other Euclidean rings: Gaussian integers, QQ[x] ----------------------------------------------------


gauss_entries = st.builds(Gauss, st.integers(-6, 6), st.integers(-6, 6))


def g_mm(A: list[list[Gauss]], B: list[list[Gauss]]) -> list[list[Gauss]]:
    ops = gaussian_euclidean
    n = len(B[0]) if B else 0
    return [[ops.sum(ops.mul(A[i][t], B[t][j]) for t in range(len(B))) for j in range(n)] for i in range(len(A))]


def g_det(rows: list[list[Gauss]]) -> Gauss:
    return L.det(gt.tensor(rows, ops=gaussian_euclidean)) if rows else Gauss(1, 0)


def g_canonical(a: Gauss) -> bool:
    return a.re > 0 and a.im >= 0


def is_unit(g: Gauss) -> bool:
    return norm(g) == 1


@settings(max_examples=30)
@given(st.integers(1, 4).flatmap(lambda m: st.integers(1, 4).flatmap(
    lambda n: st.lists(st.lists(gauss_entries, min_size=n, max_size=n), min_size=m, max_size=m))))
def test_gaussian_integers(rows: list[list[Gauss]]) -> None:
    ops = gaussian_euclidean
    m, n = len(rows), len(rows[0])
    x = gt.tensor(rows, ops=ops)
    H, U = (t.tolist() for t in L.hnf(x, transform=True))
    assert g_mm(U, rows) == H and is_unit(g_det(U))
    pivots = []
    for row in H:
        nz = [j for j, v in enumerate(row) if not ops.is_zero(v)]
        if nz:
            assert g_canonical(row[nz[0]]) and (not pivots or nz[0] > pivots[-1])
            pivots.append(nz[0])
    for i, c in enumerate(pivots):
        for k in range(i):
            assert norm(H[k][c]) < norm(H[i][c])  # reduced: a remainder of the pivot
    D, U2, V2 = (t.tolist() for t in L.snf(x, transform=True))
    assert g_mm(g_mm(U2, rows), V2) == D and is_unit(g_det(U2)) and is_unit(g_det(V2))
    d = [D[i][i] for i in range(min(m, n))]
    nonzero = [v for v in d if not ops.is_zero(v)]
    assert all(g_canonical(v) for v in nonzero)
    assert all(ops.is_zero(ops.divmod(b, a)[1]) for a, b in zip(nonzero, nonzero[1:]))
    K = L.integer_kernel(x).tolist()
    if K and K[0]:
        assert all(ops.is_zero(v) for row in g_mm(rows, K) for v in row)
    b = [ops.sum(row) for row in rows]  # A @ (1, ..., 1)
    sol = L.solve_integer(x, gt.tensor(b, ops=ops))
    assert [ops.sum(ops.mul(a, p) for a, p in zip(row, sol.particular.tolist())) for row in rows] == b


def test_gaussian_integers_known() -> None:
    ops = gaussian_euclidean
    x = gt.tensor([[Gauss(2, 1), Gauss(3, 0)], [Gauss(1, -1), Gauss(4, 2)]], ops=ops)
    # det = 3 + 11i, which is not a unit: the Smith form is diag(1, 3 + 11i)
    assert L.elementary_divisors(x).tolist() == [Gauss(1, 0), Gauss(3, 11)]
    assert L.det_mod(x, Gauss(3, 11)) == Gauss(0, 0)


class QxOps(gt.BaseOps):
    """QQ[x] through SymPy's Poly: a Euclidean domain that is not the integers."""

    name = "QQ[x]"
    capabilities = gt.Capabilities(kind="user", integral_domain=True, exact_division=True, euclidean=True, characteristic=0)

    def __init__(self) -> None:
        self.x = sympy.Symbol("x")
        self.zero = sympy.Poly(0, self.x, domain=sympy.QQ)
        self.one = sympy.Poly(1, self.x, domain=sympy.QQ)

    def convert(self, value: Any) -> Any:
        if isinstance(value, sympy.Poly):
            return value
        if isinstance(value, (int, Fraction)):
            return sympy.Poly(sympy.Rational(value.numerator, value.denominator) if isinstance(value, Fraction) else value, self.x, domain=sympy.QQ)
        return sympy.Poly(value, self.x, domain=sympy.QQ)

    def add(self, a: Any, b: Any) -> Any:
        return a + b

    def sub(self, a: Any, b: Any) -> Any:
        return a - b

    def mul(self, a: Any, b: Any) -> Any:
        return a * b

    def neg(self, a: Any) -> Any:
        return -a

    def equal(self, a: Any, b: Any) -> bool:
        return bool(a == b)

    def is_zero(self, a: Any) -> bool:
        return bool(a.is_zero)

    def exquo(self, a: Any, b: Any) -> Any:
        try:
            return a.exquo(b)
        except sympy.polys.polyerrors.ExactQuotientFailed:
            raise gt.NotDivisibleError(f"QQ[x].exquo: {a} is not divisible by {b}") from None

    def divmod(self, a: Any, b: Any) -> tuple[Any, Any]:
        return a.div(b)

    def canonical_unit(self, a: Any) -> Any:
        return self.one if a.is_zero else sympy.Poly(1 / a.LC(), self.x, domain=sympy.QQ)


qx = QxOps()


def test_polynomials_over_q() -> None:
    X = qx.x
    P = lambda e: sympy.Poly(e, X, domain=sympy.QQ)  # noqa: E731
    rows = [[P(X**2 - 1), P(X + 1)], [P(X - 1), P(X**2 + 2 * X + 1)]]
    x = gt.tensor(rows, ops=qx)
    H, U = (t.tolist() for t in L.hnf(x, transform=True))
    prod = [[sum((U[i][t] * rows[t][j] for t in range(2)), P(0)) for j in range(2)] for i in range(2)]
    assert prod == H
    assert sympy.Poly(Matrix([[u.as_expr() for u in r] for r in U]).det(), X).degree() == 0  # a unit: a constant
    d = L.elementary_divisors(x).tolist()
    assert all(v.LC() == 1 for v in d) and d[1].rem(d[0]).is_zero
    det_x = sympy.Poly(Matrix([[v.as_expr() for v in r] for r in rows]).det(), X)
    assert (d[0] * d[1]).monic() == det_x.monic()
    g = gt.gcd(gt.tensor([P(X**2 - 1)], ops=qx), gt.tensor([P(X**2 + 2 * X + 1)], ops=qx)).tolist()
    assert g == [P(X + 1)]
    # Chinese remaindering in QQ[x] is interpolation: f(0) = 1, f(1) = 3 gives f = 2x + 1.
    f = gt.crt(gt.tensor([P(1), P(3)], ops=qx), gt.tensor([P(X), P(X - 1)], ops=qx))
    assert f == P(2 * X + 1)


# -- rings that are not Euclidean ----------------------------------------------------------------------


_REFUSED = [(f, o) for f in (L.lll, L.integer_kernel) for o in (gt.rationals, gt.modular(7), gt.floats, gaussian, gt.symbolic)]
_REFUSED += [(f, o) for f in (L.hnf, L.snf, L.elementary_divisors) for o in (gt.floats, gaussian, gt.symbolic)]
# (an exact field is a Euclidean domain for hnf/snf: tests/test_peer_normalforms.py)


@pytest.mark.parametrize("func, ops", _REFUSED)
def test_non_euclidean_rings_are_refused(func: Any, ops: Any) -> None:
    x = gt.tensor([[1, 2], [3, 4]], ops=ops)
    before = x.tolist()
    with pytest.raises(gt.DomainError, match=rf"^{func.__name__}: needs a Euclidean domain with ops.divmod \(got ops="):
        func(x)
    assert x.tolist() == before


def test_booleans_read_as_integers_and_shapes() -> None:
    assert L.hnf(gt.tensor([[True, True], [False, True]])).tolist() == [[1, 0], [0, 1]]
    with pytest.raises(gt.ShapeError, match=r"hnf: expects a matrix"):
        L.hnf(gt.tensor([1, 2]))
    assert L.hnf(gt.zeros((0, 3))).shape == (0, 3)
    h, u = L.hnf(gt.zeros((2, 0)), transform=True)
    assert h.shape == (2, 0) and u.tolist() == [[1, 0], [0, 1]]
    d, u, v = L.snf(gt.zeros((0, 2)), transform=True)
    assert d.shape == (0, 2) and u.shape == (0, 0) and v.tolist() == [[1, 0], [0, 1]]


def test_parallel_stack_matches_serial() -> None:
    rng = random.Random(4)
    stack = gt.tensor([[[rng.randint(-9, 9) for _ in range(3)] for _ in range(3)] for _ in range(6)])
    serial = L.snf(stack, transform=True)
    with gt.parallel("threads", workers=2):
        threaded = L.snf(stack, transform=True)
    assert [t.tolist() for t in serial] == [t.tolist() for t in threaded]
    assert L.elementary_divisors(stack, executor="processes", workers=2).tolist() == L.elementary_divisors(stack).tolist()


def test_solve_den_provider_matches_the_generic_kernel() -> None:
    from gentensor.linalg import _dense

    kernel = gt.provider(gt.integers, "solve_den")
    assert kernel is not None
    rng = random.Random(12)
    for n in (1, 2, 5, 9):
        for singular in (False, True):
            A = [[rng.randint(-20, 20) for _ in range(n)] for _ in range(n)]
            if singular:
                A[-1] = list(A[0])
            B = [[rng.randint(-9, 9) for _ in range(2)] for _ in range(n)]
            got, want = kernel(A, B, gt.integers), _dense.solve_den(A, B, gt.integers)
            if want is None:
                assert got is None
                continue
            assert got is not None and got[1] == det(A)
            assert [[Fraction(v, got[1]) for v in row] for row in got[0]] == [[Fraction(v, want[1]) for v in row] for row in want[0]]
