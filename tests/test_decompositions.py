"""``gt.linalg`` decompositions and norms: exact identities, SymPy and NumPy as oracles.

LDL, Cholesky, QR, rank factorization, pseudo-inverse, general and
least-squares solutions are checked by the identities that define them
(``p @ x @ p.mT == l @ d @ l.mT``, ``Q.H @ Q == I``, the four Penrose
conditions) and against SymPy where the answer is unique (Cholesky factors,
QR of full column rank, the pseudo-inverse, ``gauss_jordan_solve``'s
particular solution).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

import gentensor as gt
from toyring import Gauss

L = gt.linalg
x_, y_ = sympy.symbols("x y")
p_, q_ = sympy.symbols("p q", positive=True)


# -- helpers ------------------------------------------------------------------------------


def S(t: Any) -> sympy.Matrix:
    """A tensor (or rows) as a SymPy Matrix, entries sympified."""
    rows = t.tolist() if isinstance(t, gt.Tensor) else t
    if not rows:
        return sympy.zeros(0, 0)
    return sympy.Matrix(len(rows), len(rows[0]), lambda i, j: sympy.sympify(rows[i][j]))


def is_zero_matrix(M: sympy.Matrix) -> bool:
    return all(sympy.expand(v) == 0 or sympy.simplify(v) == 0 for v in M)


def same(A: Any, B: Any) -> bool:
    A, B = S(A) if not isinstance(A, sympy.Matrix) else A, S(B) if not isinstance(B, sympy.Matrix) else B
    return A.shape == B.shape and is_zero_matrix(A - B)


matrix_sizes = st.tuples(st.integers(0, 4), st.integers(0, 4))


@st.composite
def int_matrices(draw: Any, m: Any = None, n: Any = None, lo: int = -4, hi: int = 4) -> list[list[int]]:
    m = draw(st.integers(0, 4)) if m is None else m
    n = draw(st.integers(0, 4)) if n is None else n
    return draw(st.lists(st.lists(st.integers(lo, hi), min_size=n, max_size=n), min_size=m, max_size=m))


@st.composite
def symmetric_int_matrices(draw: Any, max_n: int = 5) -> list[list[int]]:
    n = draw(st.integers(0, max_n))
    upper = draw(st.lists(st.integers(-3, 3), min_size=n * (n + 1) // 2, max_size=n * (n + 1) // 2))
    rows = [[0] * n for _ in range(n)]
    k = 0
    for i in range(n):
        for j in range(i, n):
            rows[i][j] = rows[j][i] = upper[k]
            k += 1
    zero_diagonal = draw(st.booleans())
    if zero_diagonal:  # the case that needs 2x2 pivots
        for i in range(n):
            rows[i][i] = 0
    return rows


def tensor(rows: list[list[Any]], m: int = 0, n: int = 0, ops: Any = None) -> gt.Tensor:
    if rows and rows[0]:
        return gt.tensor(rows, ops=ops)
    return gt.zeros((len(rows), len(rows[0]) if rows else n), ops=ops or gt.integers)


def spd(rng: random.Random, n: int, frac: bool = False) -> list[list[Any]]:
    B = sympy.Matrix(n, n, lambda i, j: rng.randint(-3, 3))
    A = B.T * B + sympy.eye(n)
    if frac:
        A = A / rng.randint(1, 5)
    return [[Fraction(int(v.p), int(v.q)) if frac else int(v) for v in A.row(i)] for i in range(n)]


# -- LDL -----------------------------------------------------------------------------------


def check_ldl(x: gt.Tensor, p: gt.Tensor, l: gt.Tensor, d: gt.Tensor) -> None:  # noqa: E741
    n = x.shape[-1]
    assert same(p @ x @ p.mT, l @ d @ l.mT)
    Lm, Dm, Pm = S(l), S(d), S(p)
    assert all(Lm[i, i] == 1 and all(Lm[i, j] == 0 for j in range(i + 1, n)) for i in range(n))
    assert sorted(Pm * sympy.Matrix(range(n))) == list(range(n)) and all(v in (0, 1) for v in Pm)
    i = 0
    while i < n:  # d is block diagonal with 1x1 and symmetric 2x2 blocks
        size = 2 if i + 1 < n and Dm[i, i + 1] != 0 else 1
        assert all(Dm[r, c] == 0 for r in range(i, i + size) for c in range(n) if not i <= c < i + size)
        i += size


@given(symmetric_int_matrices())
def test_ldl_of_any_symmetric_integer_matrix(rows: list[list[int]]) -> None:
    x = tensor(rows)
    p, l, d = L.ldl(x)
    assert l.ops is gt.rationals
    check_ldl(x, p, l, d)


@given(st.integers(1, 5), st.integers(0, 10**6))
def test_ldl_without_pivots_is_sympys(n: int, seed: int) -> None:
    rows = spd(random.Random(seed), n, frac=seed % 2 == 0)
    p, l, d = L.ldl(gt.tensor(rows))
    assert p.tolist() == gt.eye(n).tolist()
    Ls, Ds = S(rows).LDLdecomposition()
    assert S(l) == Ls and S(d) == Ds


def test_ldl_over_other_fields_and_rings() -> None:
    sym = gt.tensor([[x_, 1], [1, y_]])
    p, l, d = L.ldl(sym, hermitian=False)
    check_ldl(sym, p, l, d)
    assert d[1, 1] == (x_ * y_ - 1) / x_
    mod = gt.tensor([[0, 1, 2], [1, 0, 3], [2, 3, 0]], ops=gt.modular(7))
    p, l, d = L.ldl(mod)
    assert l.ops is mod.ops
    assert gt.array_equal(p @ mod @ p.mT, l @ d @ l.mT)
    c = gt.tensor([[2, 1 - 1j], [1 + 1j, 3]])
    p, l, d = L.ldl(c)
    assert np.allclose(np.asarray(l @ d @ l.H, dtype=complex), np.asarray(c, dtype=complex))
    with pytest.raises(ValueError, match="^ldl: the matrix must be Hermitian"):
        L.ldl(gt.tensor([[1, 2], [3, 4]]))
    with pytest.raises(ValueError, match="hermitian=False"):
        L.ldl(sym)  # symbols not declared real are not Hermitian
    with pytest.raises(gt.DomainError, match="^ldl: needs a field"):
        L.ldl(gt.tensor([[Gauss(1, 0), Gauss(0, 0)], [Gauss(0, 0), Gauss(1, 0)]]))
    stack = gt.tensor([spd(random.Random(k), 3) for k in range(3)])
    ps, ls, ds = L.ldl(stack)
    for k in range(3):
        assert ls[k].tolist() == L.ldl(stack[k]).l.tolist()


# -- Cholesky ------------------------------------------------------------------------------


@given(st.integers(0, 5), st.integers(0, 10**6), st.booleans())
def test_cholesky_is_sympys_unique_factor(n: int, seed: int, frac: bool) -> None:
    rows = spd(random.Random(seed), n, frac)
    x = gt.tensor(rows) if n else gt.zeros((0, 0))
    c = L.cholesky(x)
    assert c.ops is gt.symbolic and c.shape == (n, n)
    if n:
        assert same(c, S(rows).cholesky())
        assert same(c @ c.mT, rows)
        assert all(S(c)[i, i].is_positive for i in range(n))
        u = L.cholesky(x, upper=True)
        assert u.tolist() == c.mT.tolist()


def test_cholesky_refuses_what_is_not_positive_definite() -> None:
    with pytest.raises(gt.NotPositiveDefiniteError, match="pivot 2 is -3"):
        L.cholesky(gt.tensor([[1, 2], [2, 1]]))
    with pytest.raises(gt.NotPositiveDefiniteError, match="pivot 1 is 0"):
        L.cholesky(gt.tensor([[0, 1], [1, 1]]))
    with pytest.raises(gt.NotPositiveDefiniteError):
        L.cholesky(gt.tensor([[-4.0]]))
    with pytest.raises(gt.NotPositiveDefiniteError):
        L.cholesky(gt.tensor([[-p_]]))  # provably negative
    with pytest.raises(gt.DomainError, match="square roots"):
        L.cholesky(gt.tensor([[1, 0], [0, 1]], ops=gt.modular(5)))
    with pytest.raises(gt.DomainError):
        L.cholesky(gt.tensor([[Gauss(1, 0)]]))
    with pytest.raises(ValueError, match="Hermitian"):
        L.cholesky(gt.tensor([[1, 2], [0, 1]]))


def test_cholesky_symbolic_float_complex_and_stacks() -> None:
    c = L.cholesky(gt.tensor([[p_, 0], [0, q_]]))
    assert c.tolist() == [[sympy.sqrt(p_), 0], [0, sympy.sqrt(q_)]]
    f = L.cholesky(gt.tensor([[4.0, 2.0], [2.0, 3.0]]))
    assert f.ops is gt.floats and np.allclose(np.asarray(f, dtype=float), np.linalg.cholesky([[4.0, 2.0], [2.0, 3.0]]))
    h = np.array([[4, 1 - 2j], [1 + 2j, 6]])
    z = L.cholesky(gt.tensor(h.tolist()))
    assert np.allclose(np.asarray(z, dtype=complex), np.linalg.cholesky(h))
    exact_complex = L.cholesky(gt.tensor([[4, 2 * sympy.I], [-2 * sympy.I, 2]]))
    assert same(exact_complex @ exact_complex.H, [[4, 2 * sympy.I], [-2 * sympy.I, 2]])
    stack = gt.tensor([spd(random.Random(k), 3) for k in range(4)])
    cs = L.cholesky(stack)
    assert cs.shape == (4, 3, 3) and all(cs[k].tolist() == L.cholesky(stack[k]).tolist() for k in range(4))


# -- QR ------------------------------------------------------------------------------------


def check_qr(x: gt.Tensor, Q: gt.Tensor, R: gt.Tensor, mode: str) -> None:
    m, n = x.shape
    k = min(m, n) if mode == "reduced" else m
    assert Q.shape == (m, k) and R.shape == (k, n)
    assert same(Q @ R, x)
    assert same(Q.H @ Q, sympy.eye(k))
    Rm = S(R) if k and n else sympy.zeros(k, n)
    assert all(Rm[i, j] == 0 for i in range(k) for j in range(min(i, n)))


@given(int_matrices(), st.sampled_from(["reduced", "complete"]))
def test_qr_of_integer_matrices(rows: list[list[int]], mode: str) -> None:
    m = len(rows)
    n = len(rows[0]) if rows else 0
    x = tensor(rows)
    Q, R = L.qr(x, mode=mode)
    check_qr(x, Q, R, mode)
    if m >= n and n and S(rows).rank() == n and mode == "reduced":
        Qs, Rs = S(rows).QRdecomposition()  # unique with a positive diagonal
        assert same(Q, Qs) and same(R, Rs)


@given(int_matrices())
def test_qr_orthogonal_variant_stays_rational(rows: list[list[int]]) -> None:
    m = len(rows)
    n = len(rows[0]) if rows else 0
    x = tensor(rows)
    Q, R = L.qr(x, normalize=False)
    assert Q.ops is gt.rationals and Q.shape == (m, n) and R.shape == (n, n)
    assert gt.array_equal(Q @ R, x.astype(gt.rationals)) if m and n else True
    G = S(Q).T * S(Q) if m and n else sympy.zeros(n, n)
    assert all(G[i, j] == 0 for i in range(n) for j in range(n) if i != j)
    Rm = S(R) if n else sympy.zeros(0, 0)
    assert all(Rm[i, i] == 1 and all(Rm[i, j] == 0 for j in range(i)) for i in range(n))


def test_qr_symbolic_floats_and_errors() -> None:
    a, b = sympy.symbols("a b", real=True)
    x = gt.tensor([[a, 1], [1, b]])
    Q, R = L.qr(x)
    assert same(Q @ R, x)
    assert same(Q.mT @ Q, sympy.eye(2))
    f = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]])
    Q, R = L.qr(gt.tensor(f.tolist()))
    assert Q.ops is gt.floats
    assert np.allclose(np.asarray(Q @ R, dtype=float), f)
    assert np.allclose(np.abs(np.asarray(R, dtype=float)), np.abs(np.linalg.qr(f)[1]))
    for m in ([[1.0, 2.0], [3.0, 4.0]], f.tolist(), [[1 + 1j, 2.0], [3.0, -4j], [0.5, 1.0]]):  # R is exactly triangular
        R = L.qr(gt.tensor(m), mode="complete").R
        below = [v for i, row in enumerate(R.tolist()) for j, v in enumerate(row) if j < i]
        assert below and all(v == 0 and math.copysign(1.0, complex(v).real) > 0 and math.copysign(1.0, complex(v).imag) > 0 for v in below)
    stack = gt.tensor([[[1, 2], [3, 4]], [[0, 1], [1, 0]]])
    Qs, Rs = L.qr(stack)
    assert all(Qs[k].tolist() == L.qr(stack[k]).Q.tolist() for k in range(2))
    with pytest.raises(ValueError, match="mode"):
        L.qr(stack, mode="raw")
    with pytest.raises(ValueError, match="normalize"):
        L.qr(stack, mode="complete", normalize=False)
    with pytest.raises(gt.DomainError, match="characteristic 0"):
        L.qr(gt.tensor([[1, 2], [2, 1]], ops=gt.modular(5)), normalize=False)
    with pytest.raises(gt.DomainError):
        L.qr(gt.tensor([[Gauss(1, 1)]]))


def test_qr_rank_deficient_is_completed() -> None:
    x = gt.tensor([[1, 2, 3], [2, 4, 6], [1, 2, 4]])
    Q, R = L.qr(x)
    check_qr(x, Q, R, "reduced")
    Q, R = L.qr(gt.tensor([[1, 1], [1, 1]]), mode="complete")
    check_qr(gt.tensor([[1, 1], [1, 1]]), Q, R, "complete")


# -- rank factorization, pinv, general and least-squares solutions -----------------------------


@given(int_matrices(lo=-2, hi=2))
def test_rank_factorization_is_sympys(rows: list[list[int]]) -> None:
    m = len(rows)
    n = len(rows[0]) if rows else 0
    x = tensor(rows)
    c, f = L.rank_factorization(x)
    r = S(rows).rank() if m and n else 0
    assert c.shape == (m, r) and f.shape == (r, n) and c.ops is gt.integers
    if r:
        assert gt.array_equal(c @ f, x)
        Cs, Fs = S(rows).rank_decomposition()
        assert S(c) == Cs and S(f) == Fs


@given(int_matrices(lo=-3, hi=3))
def test_pinv_satisfies_penrose_and_is_sympys(rows: list[list[int]]) -> None:
    m = len(rows)
    n = len(rows[0]) if rows else 0
    x = tensor(rows)
    p = L.pinv(x)
    assert p.shape == (n, m) and p.ops is gt.rationals
    if m and n:
        X, P = S(x), S(p)
        assert X * P * X == X and P * X * P == P
        assert (X * P).T == X * P and (P * X).T == P * X
        assert P == X.pinv()


def test_pinv_symbolic_complex_float_stack() -> None:
    s = gt.tensor([[x_, 1], [x_, 1]])
    P = S(L.pinv(s))
    X = S(s)
    assert is_zero_matrix(X * P * X - X) and is_zero_matrix(P * X * P - P)
    c = gt.tensor([[1, sympy.I], [0, 0]])
    Pc = S(L.pinv(c))
    assert is_zero_matrix(Pc - S(c).pinv())
    f = np.array([[1.0, 2.0], [2.0, 4.0], [0.0, 1.0]])
    assert np.allclose(np.asarray(L.pinv(gt.tensor(f.tolist())), dtype=float), np.linalg.pinv(f))
    stack = gt.tensor([[[1, 2], [2, 4]], [[1, 0], [0, 2]]])
    ps = L.pinv(stack)
    assert all(ps[k].tolist() == L.pinv(stack[k]).tolist() for k in range(2))
    with pytest.raises(gt.DomainError, match="characteristic 0"):
        L.pinv(gt.tensor([[1, 2]], ops=gt.modular(5)))


@given(int_matrices(lo=-2, hi=2), st.integers(0, 10**6))
def test_gauss_jordan_solve_gives_every_solution(rows: list[list[int]], seed: int) -> None:
    m = len(rows)
    n = len(rows[0]) if rows else 0
    rng = random.Random(seed)
    x0 = [rng.randint(-3, 3) for _ in range(n)]
    b = [sum(rows[i][j] * x0[j] for j in range(n)) for i in range(m)]
    a = tensor(rows, n=n)
    sol = L.gauss_jordan_solve(a, gt.tensor(b) if m else gt.zeros(0))
    assert sol.particular.shape == (n,) and sol.nullspace.shape[0] == n
    rank = S(rows).rank() if m and n else 0
    assert sol.nullspace.shape[1] == n - rank
    if m and n:
        assert gt.array_equal(a @ sol.particular, gt.tensor(b))
        assert gt.all(a @ sol.nullspace == 0)
        ours_general, params = sol.parametric()
        theirs, their_params = S(rows).gauss_jordan_solve(sympy.Matrix(b))[:2]
        zero = {t: 0 for t in their_params}
        assert S([[v] for v in sol.particular.tolist()]) == theirs.subs(zero)
        assert same([[v] for v in (a.astype(gt.symbolic) @ ours_general).tolist()], [[v] for v in b])


def test_gauss_jordan_solve_inconsistent_and_matrix_rhs() -> None:
    with pytest.raises(gt.NoSolutionError, match="row 2 of the reduced system"):
        L.gauss_jordan_solve(gt.tensor([[1, 2], [2, 4]]), gt.tensor([1, 3]))
    a = gt.tensor([[1, 1, 0], [0, 1, 1]])
    b = gt.tensor([[2, 0], [3, 1]])
    sol = L.gauss_jordan_solve(a, b)
    assert sol.particular.shape == (3, 2) and gt.array_equal(a @ sol.particular, b)
    assert sol.parametric("s")[1].shape == (1, 2)
    with pytest.raises(gt.ShapeError):
        L.gauss_jordan_solve(a, gt.tensor([1, 2, 3]))
    with pytest.raises(gt.ShapeError):
        L.gauss_jordan_solve(gt.zeros((2, 2, 2)), gt.tensor([1, 2]))


@given(int_matrices(lo=-3, hi=3), st.integers(0, 10**6))
def test_lstsq_solves_the_normal_equations_with_minimal_norm(rows: list[list[int]], seed: int) -> None:
    m = len(rows)
    n = len(rows[0]) if rows else 0
    if not m:
        return
    rng = random.Random(seed)
    b = [rng.randint(-5, 5) for _ in range(m)]
    a = tensor(rows, n=n)
    sol, res, rank = L.lstsq(a, gt.tensor(b))
    assert sol.shape == (n,) and rank == (S(rows).rank() if n else 0)
    A, B, X = (S(rows) if n else sympy.zeros(m, 0)), sympy.Matrix(b), sympy.Matrix(n, 1, sol.tolist())
    assert A.T * (A * X - B) == sympy.zeros(n, 1)  # the normal equations
    if n:
        assert X == A.pinv() * B  # minimal norm: the pseudo-inverse solution
    r = B - A * X
    assert res == sum(v * v for v in r)


def test_lstsq_batched_and_matrix_rhs() -> None:
    a = gt.tensor([[[1, 0], [1, 1], [1, 2]], [[1, 1], [1, 1], [0, 0]]])
    b = gt.tensor([[6, 1], [0, 1], [0, 1]])
    sol, res, rank = L.lstsq(a, b)
    assert sol.shape == (2, 2, 2) and res.shape == (2, 2) and rank.tolist() == [2, 1]
    for k in range(2):
        s1 = L.lstsq(a[k], b)
        assert s1.solution.tolist() == sol[k].tolist()


# -- norms -----------------------------------------------------------------------------------


ORDS = [2, 1, math.inf, -math.inf, 0, 3, -1]


@given(st.lists(st.integers(-5, 5), min_size=1, max_size=6), st.sampled_from(ORDS))
def test_vector_norm_matches_numpy(values: list[int], ord: Any) -> None:
    ours = L.vector_norm(gt.tensor(values), ord=ord)
    if ord == -1 and 0 in values:  # NumPy's 1/sum(1/|x|) warns of the division by zero; the limit is 0
        assert ours == 0
        return
    theirs = np.linalg.norm(np.array(values, dtype=float), ord=ord)
    assert math.isclose(float(sympy.N(ours)), float(theirs), rel_tol=1e-12, abs_tol=1e-12)
    if ord in (1, math.inf, -math.inf, 0):
        assert type(ours) is int  # no root needed: stays an integer
    if ord == 2 and sum(v * v for v in values) in (0, 1, 4, 9, 16, 25):
        assert isinstance(ours, sympy.Integer)


@given(st.tuples(st.integers(1, 3), st.integers(1, 3), st.integers(1, 3)), st.sampled_from([None, 0, 1, 2, (0, 2), (-1, 0)]), st.booleans(), st.integers(0, 10**6))
def test_vector_norm_axes_and_keepdims(shape: tuple[int, ...], axis: Any, keepdims: bool, seed: int) -> None:
    rng = random.Random(seed)
    arr = np.array([rng.randint(-4, 4) for _ in range(math.prod(shape))], dtype=object).reshape(shape)
    ours = L.vector_norm(gt.tensor(arr.tolist()), axis=axis, keepdims=keepdims, ord=1)
    theirs = np.sum(np.abs(arr), axis=axis, keepdims=keepdims)
    if isinstance(ours, gt.Tensor):
        assert ours.shape == theirs.shape and ours.tolist() == theirs.tolist()
    else:
        assert ours == theirs


@given(int_matrices(m=3, n=2, lo=-4, hi=4), st.sampled_from(["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf]))
def test_matrix_norm_matches_numpy(rows: list[list[int]], ord: Any) -> None:
    ours = L.matrix_norm(gt.tensor(rows), ord=ord)
    theirs = np.linalg.norm(np.array(rows, dtype=float), ord=ord)
    assert math.isclose(float(sympy.N(ours, 30)), float(theirs), rel_tol=1e-9, abs_tol=1e-9)
    if ord in (1, -1, math.inf, -math.inf):
        assert type(ours) is int


@pytest.mark.parametrize("dtype", [float, complex])
@pytest.mark.parametrize("shape", [(0, 0), (0, 2), (2, 0), (3, 0, 0), (2, 0, 3)])
@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, math.inf, -math.inf])
def test_floating_matrix_norms_of_empty_matrices_are_real_as_numpy(dtype: type, shape: tuple[int, ...], ord: Any) -> None:
    """Norms of empty float and complex matrices: real zeros where NumPy gives them, an error where it raises
    (the smallest of no column or row sums)."""
    x = gt.zeros(shape, ops=gt.floats if dtype is float else gt.complexes)
    try:
        theirs = np.linalg.matrix_norm(np.zeros(shape, dtype=dtype), ord=ord)
    except ValueError:
        with pytest.raises(gt.ShapeError):
            L.matrix_norm(x, ord=ord)
        return
    ours = L.matrix_norm(x, ord=ord)
    if isinstance(ours, gt.Tensor):
        assert ours.ops is gt.floats and ours.tolist() == theirs.tolist()
    else:
        assert type(ours) is float and ours == theirs


@pytest.mark.parametrize("values", [[0.0, 2.0, -1.5], [0j, 1j, 3 + 0j], [0.0, 0.0]])
def test_vector_norm_zero_counts_in_reals_for_floating_rings(values: list[Any]) -> None:
    """``ord=0`` (the count of non-zeros) is a real float for float and complex vectors (the Array API's dtype)."""
    ours = L.vector_norm(gt.tensor(values), ord=0)
    assert type(ours) is float and ours == np.linalg.vector_norm(np.array(values), ord=0)
    kept = L.vector_norm(gt.tensor(values), ord=0, keepdims=True)
    assert kept.ops is gt.floats and kept.tolist() == np.linalg.vector_norm(np.array(values), ord=0, keepdims=True).tolist()


def test_norms_exact_forms_and_errors() -> None:
    assert L.vector_norm(gt.tensor([1, 1])) == sympy.sqrt(2)
    assert L.vector_norm(gt.tensor([0, 0]), ord=-1) == 0 and L.vector_norm(gt.tensor([1, 2]), ord=-1) == sympy.Rational(2, 3)
    assert L.vector_norm(gt.tensor([Fraction(3, 5), Fraction(4, 5)])) == 1
    assert L.vector_norm(gt.tensor([x_, y_]), ord=1) == sympy.Abs(x_) + sympy.Abs(y_)
    a = sympy.Symbol("a", real=True)
    assert L.vector_norm(gt.tensor([a, 1])) == sympy.sqrt(a**2 + 1)
    assert L.matrix_norm(gt.tensor([[1, 2], [3, 4]])) == sympy.sqrt(30)
    assert L.matrix_norm(gt.tensor([[[1, 0], [0, 1]], [[3, 4], [0, 0]]]), keepdims=True).shape == (2, 1, 1)
    assert L.vector_norm(gt.tensor([3.0, 4.0])) == 5.0
    with pytest.raises(ValueError, match="ord"):
        L.matrix_norm(gt.eye(2), ord=3)
    with pytest.raises(ValueError, match="ord"):
        L.vector_norm(gt.eye(2), ord="fro")
    with pytest.raises(gt.ShapeError):
        L.matrix_norm(gt.tensor([1, 2]))
    with pytest.raises(gt.DomainError, match="absolute value"):
        L.vector_norm(gt.tensor([1, 2], ops=gt.modular(5)))
    with pytest.raises(gt.DomainError):
        L.vector_norm(gt.tensor([Gauss(1, 1)]))


# -- simplification on the way out --------------------------------------------------------------


def test_results_over_generators_with_relations_leave_reduced() -> None:
    t = sympy.Symbol("t")
    s, c = sympy.sin(t), sympy.cos(t)
    m, piv = L.rref(gt.tensor([[s**2 + c**2 - 1, 1], [1, 1]]))
    assert m.tolist() == [[1, 0], [0, 1]] and piv == (0, 1)
    inv = L.inv(gt.tensor([[c, -s], [s, c]]))
    assert inv.tolist() == [[c, s], [-s, c]]
    sol = L.solve(gt.tensor([[c, -s], [s, c]]), gt.tensor([c, s]))
    assert sol.tolist() == [1, 0]
    p, l, u = L.lu(gt.tensor([[s**2 + c**2, 1], [2, 3]]))
    assert u.tolist()[0][0] == 1 and u.tolist()[1][1] == 1
    chol = L.cholesky(gt.tensor([[s**2 + c**2, 0], [0, 4]]), hermitian=False)
    assert chol.tolist() == [[1, 0], [0, 2]]


@given(st.integers(1, 3), st.integers(0, 10**6))
def test_symbolic_inverse_is_fully_cancelled(n: int, seed: int) -> None:
    # the irreducible-denominator shortcut of _polys must give exactly SymPy's cancelled form
    rng = random.Random(seed)
    z_ = sympy.Symbol("z")
    rows = [[rng.choice([x_, y_, z_, 1, 2, -1, 0]) * rng.choice([x_, y_, 1, 3]) + rng.randint(-2, 2) for _ in range(n)] for _ in range(n)]
    M = S(rows)
    if M.det() == 0:
        with pytest.raises(gt.SingularMatrixError):
            L.inv(gt.tensor(rows, ops=gt.symbolic))
        return
    ours = L.inv(gt.tensor(rows, ops=gt.symbolic)).tolist()
    assert all(v == sympy.cancel(v) for row in ours for v in row)
    assert same(ours, M.inv())


def test_inverse_of_distinct_symbols_is_sympys() -> None:
    a = gt.symbols("a", (3, 3))
    ours = L.inv(a).tolist()
    theirs = S(a.tolist()).inv()
    assert all(sympy.cancel(o - t) == 0 and o == sympy.cancel(o) for o, t in zip(sum(ours, []), theirs))


@pytest.mark.parametrize(
    "name, options",
    [
        ("cholesky", {"upper": False}),
        ("qr", {"mode": "reduced"}),
        ("pinv", {"rtol": None}),
        ("matrix_norm", {"keepdims": False, "ord": "fro"}),
        ("vector_norm", {"axis": None, "keepdims": False, "ord": 2}),
    ],
)
def test_array_api_signatures(name: str, options: dict[str, Any]) -> None:
    import inspect

    params = inspect.signature(getattr(L, name)).parameters
    first = next(iter(params.values()))
    assert first.name == "x" and first.kind is inspect.Parameter.POSITIONAL_ONLY
    for option, default in options.items():
        assert params[option].kind is inspect.Parameter.KEYWORD_ONLY and params[option].default == default


@given(symmetric_int_matrices(max_n=5))
def test_fraction_free_ldl_stays_in_the_integers(rows: list[list[int]]) -> None:
    n = len(rows)
    x = tensor(rows)
    try:
        p, l, d = L.ldl(x, fraction_free=True)
    except gt.SingularMatrixError:
        # no non-zero pivot left: singular, or only 2x2 pivots remain (the pivoted LDL needs a 2x2 block)
        dd = S(L.ldl(x).d)
        assert S(rows).det() == 0 or any(dd[i, j] != 0 for i in range(n) for j in range(n) if i != j)
        return
    assert l.ops is gt.integers and all(type(v) is int for v in l._elements() + d._elements())
    PA = S(p @ x @ p.mT)
    Lm, Dm = S(l), S(d)
    assert Lm * Dm.inv() * Lm.T == PA if n else True
    for k in range(n):  # the diagonal of l holds the leading principal minors
        assert Lm[k, k] == PA[: k + 1, : k + 1].det()


def test_fraction_free_ldl_over_the_toy_ring() -> None:
    from toyring import gaussian

    g = [[Gauss(2, 1), Gauss(1, -1)], [Gauss(1, -1), Gauss(3, 0)]]
    p, l, d = L.ldl(gt.tensor(g, ops=gaussian), hermitian=False, fraction_free=True)
    ls, ds = l.tolist(), d.tolist()
    # l diag(d)^-1 l^T == g, checked multiplied through by d0*d1 (no division in Z[i])
    m = gaussian.mul
    d0, d1 = ds[0][0], ds[1][1]
    for i in range(2):
        for j in range(2):
            lhs = gaussian.add(m(m(ls[i][0], ls[j][0]), d1), m(m(ls[i][1], ls[j][1]), d0))
            assert gaussian.equal(lhs, m(m(g[i][j], d0), d1))
    with pytest.raises(gt.DomainError, match="conjugate"):
        L.ldl(gt.tensor(g, ops=gaussian), fraction_free=True)  # Hermitian needs a conjugation
    with pytest.raises(gt.DomainError, match="fraction_free=True needs an integral domain"):
        L.ldl(gt.tensor([[1, 2], [2, 1]], ops=gt.modular(6)), fraction_free=True)


@given(st.integers(1, 3), st.integers(0, 10**6))
def test_ldl_and_qr_of_random_polynomial_matrices(n: int, seed: int) -> None:
    rng = random.Random(seed)
    a = sympy.Symbol("a", real=True)
    entries = {(i, j): rng.randint(-2, 2) * a ** rng.randint(0, 2) + rng.randint(-2, 2) for i in range(n) for j in range(i, n)}
    rows = [[entries[(min(i, j), max(i, j))] for j in range(n)] for i in range(n)]
    x = gt.tensor(rows, ops=gt.symbolic)
    p, l, d = L.ldl(x)
    assert same(p @ x @ p.mT, l @ d @ l.mT)
    Q, R = L.qr(x, normalize=False)
    assert same(Q @ R, x)
    G = S(Q).T * S(Q)
    assert all(sympy.cancel(G[i, j]) == 0 for i in range(n) for j in range(n) if i != j)
