"""A sample of SymPy's ``Matrix`` test suite (``sympy/matrices/tests/test_matrixbase.py``) and python-flint's matrix tests, ported.

The facts those suites establish -- determinants, inverses, echelon forms,
predicates, matrix functions, fraction-free LU, permanents, norms, powers --
checked through gentensor as its users write it.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy
from sympy import E, I, Rational, cos, exp, log, sin, sqrt

import gentensor as gt

L = gt.linalg
x = sympy.Symbol("x")


# -- SymPy: predicates ------------------------------------------------------------------------------------


def test_structure_predicates() -> None:
    a = gt.tensor([[3, 4, 1], [2, 4, 5], [0, 1, 2]])
    assert L.is_upper_hessenberg(a) and L.is_lower_hessenberg(a.mT)
    b = a.mT.copy()
    b[0, 2] = 1
    assert not L.is_lower_hessenberg(b)
    assert not L.is_upper_hessenberg(gt.tensor([[3, 4, 1], [2, 4, 5], [3, 1, 2]]))
    assert L.is_upper_hessenberg(gt.zeros((5, 2)))
    assert L.is_symmetric(gt.tensor([[0, 1], [1, 2]])) and not L.is_symmetric(gt.tensor([[0, 1], [2, 0]]))
    assert not L.is_symmetric(gt.tensor([[0, 1, 0], [1, 2, 0]]))
    assert L.is_hermitian(gt.tensor([[1, I], [-I, 1]])) and not L.is_hermitian(gt.tensor([[2, I], [I, 2]]))
    assert L.is_anti_symmetric(gt.tensor([[0, x], [-x, 0]]))
    assert L.is_upper(gt.tensor([[1, 2], [0, 3], [0, 0]])) and L.is_lower(gt.tensor([[1, 0, 0], [2, 3, 0]]))
    assert L.is_zero_matrix(gt.zeros((2, 2))) and not L.is_zero_matrix(gt.eye(2))
    assert L.is_identity(gt.eye(3)) and not L.is_identity(gt.ones((3, 3), ops=gt.integers))
    assert L.is_square(gt.eye(2)) and not L.is_square(gt.zeros((2, 3)))


def test_is_nilpotent() -> None:
    a = gt.tensor([[0, 2, 1, 6], [0, 0, 1, 2], [0, 0, 0, 3], [0, 0, 0, 0]])
    assert L.is_nilpotent(a)
    assert not L.is_nilpotent(gt.eye(2))
    assert L.is_nilpotent(gt.zeros((0, 0), ops=gt.integers))
    with pytest.raises(gt.NonSquareError):
        L.is_nilpotent(gt.zeros((2, 3)))


# -- SymPy: minors, cofactors, subspaces ---------------------------------------------------------------------


def test_minors_and_cofactors() -> None:
    m = gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    M = sympy.Matrix(m.tolist())
    for i in range(3):
        for j in range(3):
            assert L.minor(m, i, j) == M.minor(i, j)
            assert L.cofactor(m, i, j) == M.cofactor(i, j)
            assert L.minor_submatrix(m, i, j).tolist() == M.minor_submatrix(i, j).tolist()
    assert L.cofactor_matrix(m).tolist() == M.cofactor_matrix().tolist()
    assert L.minor_submatrix(m, -1, -1).tolist() == [[1, 2], [4, 5]]


def test_columnspace_and_rowspace() -> None:
    m = gt.tensor([[1, 1, 2, 3, -1], [-2, -2, -4, -6, 2], [1, 1, 2, 3, -1], [1, 1, 2, 3, -1]])
    assert L.columnspace(m).tolist() == [[1], [-2], [1], [1]]
    rs = L.rowspace(m)
    assert rs.shape == (1, 5) and L.matrix_rank(gt.vstack([rs.astype(gt.rationals), m.astype(gt.rationals)])) == 1
    m2 = gt.tensor([[1, 2, 0, 4], [0, 0, 1, 0], [2, 4, 0, 8]])
    assert L.columnspace(m2).tolist() == [[1, 0], [0, 1], [2, 0]]


# -- SymPy: matrix functions ---------------------------------------------------------------------------------


def test_exp() -> None:
    assert L.matrix_exp(gt.tensor([[3, 4], [0, -2]])).tolist() == [[exp(3), -4 * exp(-2) / 5 + 4 * exp(3) / 5], [0, exp(-2)]]
    assert L.matrix_exp(gt.eye(2)).tolist() == [[E, 0], [0, E]]
    got = L.matrix_exp(gt.tensor([[1, -1], [1, 1]]))
    want = [[E * cos(1), -E * sin(1)], [E * sin(1), E * cos(1)]]
    assert all(gt.symbolic.is_zero(g - w) for g, w in zip(got.flatten().tolist(), sum(want, [])))


def test_exp_and_log_of_a_jordan_block() -> None:
    lam = sympy.Symbol("lamda")
    assert L.matrix_exp(L.jordan_block(3, lam)).tolist() == [
        [exp(lam), exp(lam), exp(lam) / 2],
        [0, exp(lam), exp(lam)],
        [0, 0, exp(lam)],
    ]
    with gt.limits(undecided="nonzero"):  # lamda is a free symbol: taken non-zero, as SymPy does for this block
        got = L.matrix_log(L.jordan_block(4, lam)).tolist()
    assert got == [
        [log(lam), 1 / lam, -1 / (2 * lam**2), 1 / (3 * lam**3)],
        [0, log(lam), 1 / lam, -1 / (2 * lam**2)],
        [0, 0, log(lam), 1 / lam],
        [0, 0, 0, log(lam)],
    ]
    with pytest.raises(gt.DomainError, match="singular"):
        L.matrix_log(gt.tensor([[0, 0, 1], [0, 0, 0], [-1, 0, 0]]))


def test_exp_log_round_trip_and_powers() -> None:
    a = gt.tensor([[2, 1, 0], [0, 2, 0], [0, 0, 3]])
    assert gt.array_equal(L.matrix_exp(L.matrix_log(a)), a)
    s = L.matrix_sqrt(a)
    assert gt.array_equal(s @ s, a)
    half = gt.matrix_power(a, Rational(1, 2))
    assert gt.array_equal(half, s)
    n = sympy.Symbol("n", integer=True, nonnegative=True)
    p = gt.matrix_power(gt.tensor([[1, 1], [0, 1]]), n)
    assert p.tolist() == [[1, n], [0, 1]]
    assert p.subs(n, 5).tolist() == gt.matrix_power(gt.tensor([[1, 1], [0, 1]]), 5).tolist()
    assert (sympy.Matrix([[2, 1], [0, 2]]) ** Rational(1, 3)).tolist() == gt.matrix_power(
        gt.tensor([[2, 1], [0, 2]]), Rational(1, 3)
    ).tolist()


def test_powers_are_canonical() -> None:
    a = gt.tensor([[1 + 2 * I, 3], [I, Rational(1, 2)]])
    assert gt.matrix_power(a, 20).tolist() == (sympy.Matrix(a.tolist()) ** 20).tolist()
    b = gt.tensor([[x, 1], [2, x + 1]])
    assert gt.matrix_power(b, 6).tolist() == (sympy.Matrix(b.tolist()) ** 6).expand().tolist()


# -- SymPy: decompositions, solves, norms ------------------------------------------------------------------


def test_fraction_free_lu_as_sympy_defines_it() -> None:
    a = gt.tensor([[1, -1, 2], [3, 1, -1], [2, 2, 1]])  # full rank: SymPy's LUdecompositionFF applies
    p, l, d, u = L.fflu(a)
    P, Ls, Ds, Us = sympy.Matrix(a.tolist()).LUdecompositionFF()
    assert u.tolist() == Us.tolist() and p.tolist() == P.tolist()
    assert gt.array_equal(l @ L.inv(d) @ u, p @ a)


def test_hessenberg_and_bidiagonal_forms() -> None:
    a = gt.tensor([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 13], [1, 0, 2, 1]])
    h, p = L.hessenberg(a)
    assert L.is_upper_hessenberg(h) and gt.array_equal(a @ p, p @ h)
    assert L.charpoly(h).tolist() == L.charpoly(a).tolist()
    q, b, r = L.bidiagonal(gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 10], [1, 1, 1]]))
    assert all(b[i, j] == 0 for i in range(4) for j in range(3) if j not in (i, i + 1))


def test_the_solve_family() -> None:
    A = gt.tensor([[2, 1, 1], [1, 3, 2], [1, 0, 0]])
    b = gt.tensor([4, 5, 6])
    want = L.solve(A, b).tolist()
    assert L.cramer_solve(A, b).tolist() == want
    assert L.pinv_solve(A, b).tolist() == want
    S = gt.tensor([[4, 12, -16], [12, 37, -43], [-16, -43, 98]])
    assert gt.array_equal(S @ L.cholesky_solve(S, b), b) and gt.array_equal(S @ L.ldl_solve(S, b), b)
    with pytest.raises(gt.ArgumentValueError, match="Hermitian"):
        L.cholesky_solve(A, b)
    U = gt.tensor([[2, 1], [0, 3]])
    assert L.upper_triangular_solve(U, gt.tensor([3, 3])).tolist() == [1, 1]
    assert L.lower_triangular_solve(U.mT, gt.tensor([2, 4])).tolist() == [1, 1]
    with pytest.raises(gt.ArgumentValueError, match="upper triangular"):
        L.upper_triangular_solve(U.mT, gt.tensor([1, 1]))
    assert L.diagonal_solve(gt.tensor([[2, 0], [0, 5]]), gt.tensor([1, 1])).tolist() == [Rational(1, 2), Rational(1, 5)]
    Q = gt.tensor([[1, 0], [0, 1], [1, 1]])
    assert L.qr_solve(Q, gt.tensor([1, 2, 3])).tolist() == [1, 2]


def test_condition_number_and_norms() -> None:
    A = gt.tensor([[10, 0, 0], [0, 1, 0], [0, 0, Rational(1, 10)]])
    assert L.condition_number(A) == 100
    assert L.condition_number(gt.zeros((0, 0), ops=gt.integers)) == 0
    # floats: numpy.linalg.cond's value (the ratio of LAPACK's singular values), inf when singular
    F = [[2.0, 1.0, 0.5], [1.0, 3.0, -1.0], [0.0, 1.0, 4.0]]
    assert L.condition_number(gt.tensor(F)) == pytest.approx(float(np.linalg.cond(np.array(F))), rel=1e-12)
    assert L.condition_number(gt.tensor([[1.0, 0.0], [0.0, 0.0]])) == float("inf")  # a zero singular value
    D = [[1.0, 2.0], [2.0, 4.0]]  # rank 1, but LAPACK's smallest singular value is a rounding error, as in NumPy
    assert L.condition_number(gt.tensor(D)) == pytest.approx(float(np.linalg.cond(np.array(D))), rel=1e-6)
    v = gt.tensor([1, -4, 3])
    assert L.vector_norm(v, ord=sympy.oo) == 4 and L.vector_norm(v, ord=-sympy.oo) == 1
    assert L.matrix_norm(gt.tensor([[1, -2], [3, 4]]), ord=sympy.oo) == 7


def test_det_methods_agree() -> None:
    m = gt.tensor([[3, -2, 0, 5], [-2, 1, -2, 2], [0, -2, 5, 0], [5, 0, 3, 4]])
    want = sympy.Matrix(m.tolist()).det()
    for method in ("auto", "bareiss", "gauss", "berkowitz", "laplace"):
        assert L.det(m, method=method) == want
    assert type(L.det(m, method="gauss")) is int


def test_charpoly_with_the_symbol_in_the_matrix() -> None:
    a = gt.tensor([[1, 2], [x, 0]])
    with pytest.raises(gt.ArgumentValueError, match="occurs in the matrix"):
        L.charpoly(a, x)
    p = L.charpoly(a, "lamda")
    assert p == sympy.Symbol("lamda") ** 2 - sympy.Symbol("lamda") - 2 * x


def test_permanent() -> None:
    assert L.permanent(gt.tensor([[1, 2], [3, 4]])) == 10
    m = gt.tensor([[2, 1, 0], [1, 2, 1], [0, 1, 2]])
    assert L.permanent(m) == sympy.Matrix(m.tolist()).per()
    assert sympy.expand(L.permanent(gt.tensor([[x, 1], [1, x]]))) == x**2 + 1


def test_noncommutative_symbols_are_refused_clearly() -> None:
    A, B = sympy.symbols("A B", commutative=False)
    with pytest.raises(gt.DomainError, match="non-commutative"):
        L.det(gt.tensor([[A, B], [B, A]]))
    with pytest.raises(gt.DomainError, match="non-commutative"):
        L.eigenvals(gt.tensor([[A, B], [B, A]]))


def test_companion_block_diag_and_components() -> None:
    c = L.companion(sympy.Poly(x**3 - 2 * x + 5, x))
    assert L.charpoly(c, x) == x**3 - 2 * x + 5
    assert L.block_diag([[1, 2], [3, 4]], 5).tolist() == sympy.Matrix.diag(sympy.Matrix([[1, 2], [3, 4]]), 5).tolist()
    m = gt.tensor([[1, 0, 2], [0, 3, 0], [4, 0, 5]])
    assert sorted(map(sorted, L.connected_components(m))) == sorted(
        map(sorted, sympy.Matrix(m.tolist()).connected_components())
    )


# -- python-flint: fmpz_mat and fmpq_mat -------------------------------------------------------------------


def test_flint_determinants_charpolys_minpolys_ranks() -> None:
    assert L.det(gt.tensor([[1, 2], [3, 4]])) == -2
    assert L.det(gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 10]])) == -3
    assert L.charpoly(gt.tensor([[1, 2], [3, 4]])).tolist() == [1, -5, -2]
    assert L.charpoly(gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 10]])).tolist() == [1, -16, -12, 3]
    assert L.charpoly(gt.tensor([[2, 0, 0], [0, 2, 1], [0, 0, 2]])).tolist() == [1, -6, 12, -8]
    assert L.minpoly(gt.tensor([[2, 0, 0], [0, 2, 1], [0, 0, 2]])).tolist() == [1, -4, 4]
    assert L.minpoly(gt.tensor([[2, 1, 0], [0, 2, 0], [0, 0, 2]])).tolist() == [1, -4, 4]
    for rows, r in (([[1, 2], [3, 4]], 2), ([[1, 2, 3], [4, 5, 6]], 2), ([[1, 2], [2, 4]], 1), ([[0, 0], [0, 0]], 0)):
        assert L.matrix_rank(gt.tensor(rows)) == r
    with pytest.raises(gt.NonSquareError):
        L.det(gt.tensor([[1, 2, 3], [4, 5, 6]]))


def test_flint_inverses_and_solves() -> None:
    assert L.inv(gt.tensor([[1, 0], [1, 1]])).tolist() == [[1, 0], [-1, 1]]
    assert L.inv(gt.tensor([[1, 2], [3, 4]])).tolist() == [[-2, 1], [Rational(3, 2), Rational(-1, 2)]]
    assert L.inv(gt.tensor([[1, 0], [1, 2]])).tolist() == [[1, 0], [Rational(-1, 2), Rational(1, 2)]]
    with pytest.raises(gt.SingularMatrixError):
        L.inv(gt.tensor([[1, 1], [1, 1]]))
    with pytest.raises(gt.NonSquareError):
        L.inv(gt.tensor([[1, 2, 3], [4, 5, 6]]))
    assert L.solve(gt.tensor([[1, 0], [1, 2]]), gt.tensor([[3], [7]])).tolist() == [[3], [2]]
    assert L.solve(gt.tensor([[1, 2], [3, 4]]), gt.tensor([[5], [11]])).tolist() == [[1], [2]]
    with pytest.raises(gt.SingularMatrixError):
        L.solve(gt.tensor([[1, 2], [2, 4]]), gt.tensor([[5], [11]]))
    with pytest.raises(gt.ShapeError):
        L.solve(gt.tensor([[1, 2], [3, 4]]), gt.tensor([[5], [11], [17]]))


def test_flint_echelon_nullspace_hnf_snf() -> None:
    r = L.rref(gt.tensor([[1, 2, 3], [4, 5, 6]]))
    assert r.matrix.tolist() == [[1, 0, -1], [0, 1, 2]] and r.pivots == (0, 1)
    m3 = gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    ns = L.nullspace(m3)
    assert ns.shape == (3, 1) and gt.array_equal(m3 @ ns, gt.zeros((3, 1), ops=ns.ops))
    assert [v / ns[2, 0] for v in ns[:, 0].tolist()] == [1, -2, 1]  # python-flint's (3, -6, 3), up to scale
    m5 = gt.tensor([[1, 2, 3], [4, 5, 6]])
    h, t = L.hnf(m5, transform=True)
    assert h.tolist() == [[1, 2, 3], [0, 3, 6]] and gt.array_equal(t @ m5, h)
    assert L.snf(m5).tolist() == [[1, 0, 0], [0, 3, 0]]


def flint_check_fflu(a: gt.Tensor) -> None:
    m = a.shape[0]
    p, l, d, u = L.fflu(a)
    assert p.shape == l.shape == d.shape == (m, m) and u.shape == a.shape
    assert L.is_lower(l) and L.is_upper(u) and L.is_diagonal(d) and L.is_echelon(u)
    assert sorted(p.tolist(), reverse=True) == gt.eye(m, ops=gt.integers).tolist()  # a permutation
    assert gt.array_equal(l @ L.inv(d) @ u, p @ a)


def test_flint_fflu() -> None:
    p, l, d, u = L.fflu(gt.tensor([[1, 2], [3, 4]]))
    assert (p.tolist(), l.tolist(), d.tolist(), u.tolist()) == (
        [[1, 0], [0, 1]], [[1, 0], [3, -2]], [[1, 0], [0, -2]], [[1, 2], [0, -2]]
    )
    for rows in ([[1]], [[1, 2], [3, 4]], [[1, 2, 3], [4, 5, 6]], [[1, 2], [3, 4], [5, 6]], [[1, 2], [2, 4]],
                 [[0, 0], [0, 0]], [[1, 1, 1], [1, 1, 1]]):
        flint_check_fflu(gt.tensor(rows))
    for shape in ((0, 0), (2, 0), (0, 2)):
        flint_check_fflu(gt.zeros(shape, ops=gt.integers))
    import random

    rng = random.Random(7)
    for _ in range(10):
        for m in range(1, 5):
            for n in range(1, 5):
                flint_check_fflu(gt.tensor([[rng.randint(-1023, 1023) for _ in range(n)] for _ in range(m)]))


def test_flint_properties() -> None:
    assert L.is_diagonal(gt.tensor([[1, 0], [0, 1], [0, 0]]))
    assert L.is_upper(gt.tensor([[1, 1, 1], [0, 2, 2]])) and not L.is_upper(gt.tensor([[1, 1, 1], [1, 2, 2]]))
    assert L.is_lower(gt.tensor([[1, 0, 0], [1, 2, 0]])) and not L.is_lower(gt.tensor([[1, 1, 0], [1, 2, 0]]))
    assert L.is_zero_matrix(gt.tensor([[0, 0], [0, 0]])) and L.is_identity(gt.zeros((0, 0), ops=gt.integers))
