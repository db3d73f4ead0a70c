"""SymPy's eigen-theory test suite (``sympy/matrices/tests/test_eigen.py``), ported: its facts, through gentensor.

Each case states what SymPy's tests establish about a matrix -- its
eigenvalues, multiplicities, definiteness, singular values, Jordan
structure -- and checks it the way a gentensor user would: by invariants
(``A @ P == P @ J``, ``v @ A == value * v``) where bases are not unique.
Where SymPy raises (a Jordan form with ``CRootOf`` eigenvalues) gentensor
answers, and the answer is checked.
"""

from __future__ import annotations

import pytest
import sympy
from sympy import I, Rational, S, sqrt
from sympy.matrices.expressions.fourier import DFT

import gentensor as gt

L = gt.linalg


def check_eigenvects(A: gt.Tensor, spaces: list) -> None:
    for space in spaces:
        assert gt.array_equal(A @ space.basis, space.value * space.basis)
        assert L.matrix_rank(space.basis) == space.basis.shape[1]


def test_identity_and_a_small_integer_matrix() -> None:
    assert L.eigenvals(gt.eye(3)) == {1: 3}
    assert L.eigenvals(gt.eye(3), multiple=True).tolist() == [1, 1, 1]
    (space,) = L.eigenvects(gt.eye(3))
    assert space.multiplicity == 3 and space.basis.shape == (3, 3)
    M = gt.tensor([[0, 1, 1], [1, 0, 0], [1, 1, 1]])
    assert L.eigenvals(M) == {2: 1, -1: 1, 0: 1}
    spaces = L.eigenvects(M)
    check_eigenvects(M, spaces)
    want = {-1: [-1, 1, 0], 0: [0, -1, 1], 2: [Rational(2, 3), Rational(1, 3), 1]}  # SymPy's vectors
    for s in spaces:
        assert [row[0] for row in s.basis.tolist()] == want[s.value]
    for s in L.left_eigenvects(M):
        assert gt.array_equal(s.basis @ M, s.value * s.basis)


def test_symbolic_and_defective() -> None:
    a = sympy.Symbol("a")
    assert L.eigenvals(gt.tensor([[a, 0], [0, 1]])) == {a: 1, 1: 1}
    M = gt.tensor([[1, -1], [1, 3]])
    (space,) = L.eigenvects(M)
    assert (space.value, space.multiplicity, space.basis.shape) == (2, 2, (2, 1))
    (left,) = L.left_eigenvects(M)
    assert gt.array_equal(left.basis @ M, 2 * left.basis)


def test_irrational_eigenvalues() -> None:
    M = gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    b = 3 * sqrt(33)
    assert L.eigenvals(M) == {Rational(15, 2) - b / 2: 1, 0: 1, Rational(15, 2) + b / 2: 1}
    check_eigenvects(M, L.eigenvects(M))
    N = gt.tensor([[Rational(1, 4), 1], [1, 1]])
    assert set(L.eigenvals(N)) == {Rational(5, 8) - sqrt(73) / 8, Rational(5, 8) + sqrt(73) / 8}
    check_eigenvects(N, L.eigenvects(N))


def test_empty_and_non_square() -> None:
    empty = gt.zeros((0, 0), ops=gt.integers)
    assert L.eigenvals(empty) == {}
    assert L.eigenvals(empty, multiple=True).tolist() == []
    assert L.eigenvects(empty) == []
    for rows in ([[1, 2], [0, 4], [0, 0]], [[1, 2, 3], [0, 5, 6]]):
        with pytest.raises(gt.NonSquareError):
            L.eigenvals(gt.tensor(rows))


def test_float_eigenvalues_numerically() -> None:
    m = gt.tensor([[1, 0.6, 0.6], [0.6, 0.9, 0.9], [0.9, 0.6, 0.6]])
    exact = sorted(float(v) for v in (Rational(5, 4) - sqrt(385) / 20, Rational(5, 4) + sqrt(385) / 20, S.Zero))
    got = sorted(v.real if isinstance(v, complex) else v for v in L.eigenvals(m, multiple=True).tolist())
    assert all(abs(x - y) < 1e-9 for x, y in zip(got, exact))
    p, d = L.diagonalize(gt.tensor([[0, 0.5], [0.5, 0]]))
    assert all(isinstance(v, float) for v in d.flatten().tolist() + p.flatten().tolist())
    m = gt.tensor([[0, 1, 0, 0], [1, 0, 0, 0.002], [0.002, 0, 0, 1], [0, 0, 1, 0]])
    p, d = L.diagonalize(m)
    diff = (p @ d - m @ p).flatten().tolist()
    assert max(abs(v) for v in diff) < 1e-12


def test_large_triangular_and_diagonal_symbols() -> None:
    xs = sympy.symbols("x0:200")
    n = len(xs)
    D = gt.tensor([[xs[i] if i == j else 0 for j in range(n)] for i in range(n)])
    values = L.eigenvals(D)
    assert len(values) == n and all(values[v] == 1 for v in xs)
    assert set(L.eigenvals(D, multiple=True).tolist()) == set(xs)
    x, y = sympy.symbols("x y")
    T = gt.tensor([[x, 0, 0], [1, y, 0], [2, 3, x]])
    assert L.eigenvals(T) == {x: 2, y: 1}
    assert sorted(map(str, L.eigenvals(T, multiple=True).tolist())) == ["x", "x", "y"]


def test_crootof_eigenvalues_with_their_vectors_and_jordan_form() -> None:
    m = gt.tensor([[3, 0, 0, 0, -3], [0, -3, -3, 0, 3], [0, 3, 0, 3, 0], [0, 0, 3, 0, 3], [3, 0, 0, 3, 0]])
    assert sum(L.eigenvals(m).values()) == 5
    p, j = L.jordan_form(m)  # SymPy raises MatrixError here
    assert gt.array_equal(m @ p, p @ j)
    A = gt.tensor([[5, -5, -3, 2, -7], [-2, -5, 0, 2, 1], [-2, -7, -5, -2, -6], [7, 10, 3, 9, -2], [4, -10, 3, -8, -4]])
    check_eigenvects(A, L.eigenvects(A))


def test_diagonalize_and_is_diagonalizable() -> None:
    m = gt.tensor([[0, -1], [1, 0]])
    p, d = L.diagonalize(m)
    assert d.tolist() == [[-I, 0], [0, I]]
    assert gt.array_equal(m @ p, p @ d)
    a, b, c = sympy.symbols("a b c")
    s = gt.tensor([[a, c], [c, b]])
    assert L.is_symmetric(s) and L.is_diagonalizable(s)
    assert not L.is_diagonalizable(gt.tensor([[1, 1], [0, 1]]))
    assert L.is_diagonalizable(m)
    assert L.is_diagonalizable(gt.zeros((2, 3))) is False  # SymPy's convention


def test_jordan_forms() -> None:
    with pytest.raises(gt.NonSquareError):
        L.jordan_form(gt.tensor([[-3, 1], [-3, 20], [3, 10]]))
    for rows in (
        [[2, 1, 0, 0], [0, 2, 1, 0], [0, 0, 2, 0], [0, 0, 0, 2]],
        [[2, 1, 0, 0], [0, 2, 0, 0], [0, 0, 2, 1], [0, 0, 0, 2]],
    ):
        m = gt.tensor(rows)
        assert L.jordan_form(m).j.tolist() == rows  # already in Jordan form
    A = gt.tensor([[2, 4, 1, 0], [-4, 2, 0, 1], [0, 0, 2, 4], [0, 0, -4, 2]])
    p, j = L.jordan_form(A)
    assert gt.array_equal(p @ j @ L.inv(p), A)
    assert L.jordan_form(gt.tensor([[1]])).j.tolist() == [[1]]


def test_jordan_form_of_a_symbolic_multiple() -> None:
    t = sympy.Symbol("t")
    H = gt.tensor([[3, 0, 0, 0], [0, 1, 2, 0], [0, 2, 2, 0], [0, 0, 0, 4]])
    A = -I * t * H
    p, j = L.jordan_form(A)
    assert gt.array_equal(A @ p, p @ j)
    want = [-4 * I * t, -3 * I * t, t * (-3 * I / 2 + sqrt(17) * I / 2), t * (-sqrt(17) * I / 2 - 3 * I / 2)]
    got = list(L.eigenvals(A))
    assert len(got) == 4
    assert all(any(gt.symbolic.is_zero(g - w) for g in got) for w in want)  # equal values, forms may differ


def test_singular_values() -> None:
    assert L.singular_values(gt.tensor([[0, I], [2, 0]])).tolist() == [2, 1]
    A = gt.tensor([[2, 4], [1, 3], [0, 0], [0, 0]])
    assert L.singular_values(A).tolist() == [sqrt(sqrt(221) + 15), sqrt(15 - sqrt(221))]
    assert L.singular_values(A.mT).tolist() == [sqrt(sqrt(221) + 15), sqrt(15 - sqrt(221)), 0, 0]


CASES = {
    "strang positive definite": ([[2, -1, 0], [-1, 2, -1], [0, -1, 2]], (True, True, False, False, False)),
    "5 4 4 5": ([[5, 4], [4, 5]], (True, True, False, False, False)),
    "positive semidefinite": ([[2, -1, -1], [-1, 2, -1], [-1, -1, 2]], (False, True, False, False, False)),
    "rank one": ([[1, 2], [2, 4]], (False, True, False, False, False)),
    "non-Hermitian positive definite": ([[2, 3], [4, 8]], (True, True, False, False, False)),
    "complex": ([[1, 2 * I], [-I, 4]], (True, True, False, False, False)),
    "issue 19547": ([[0, 0, 0], [0, 1, 2], [0, 2, 1]], (False, False, False, False, True)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_definiteness(name: str) -> None:
    rows, want = CASES[name]
    m = gt.tensor(rows)
    got = (
        L.is_positive_definite(m),
        L.is_positive_semidefinite(m),
        L.is_negative_definite(m),
        L.is_negative_semidefinite(m),
        L.is_indefinite(m),
    )
    assert got == want


def test_definiteness_of_symbols_and_floats() -> None:
    a = sympy.Symbol("a", positive=True)
    b = sympy.Symbol("b", negative=True)
    assert L.is_positive_definite(gt.tensor([[a, 0, 0], [0, a, 0], [0, 0, a]]))
    m = gt.tensor([[b, 0, 0], [0, b, 0], [0, 0, b]])
    assert L.is_negative_definite(m) and not L.is_positive_semidefinite(m)
    assert L.is_indefinite(gt.tensor([[a, 0], [0, b]]))
    f = gt.tensor([
        [0.0228202735623867, 0.00518748979085398, -0.0743036351048907, -0.00709135324903921],
        [0.00518748979085398, 0.0349045359786350, 0.0830317991056637, 0.00233147902806909],
        [-0.0743036351048907, 0.0830317991056637, 1.15859676366277, 0.340359081555988],
        [-0.00709135324903921, 0.00233147902806909, 0.340359081555988, 0.928147644848199],
    ])
    assert L.is_positive_definite(f) and not L.is_indefinite(f)
    nz = sympy.Symbol("b", nonzero=True)  # SymPy answers None: the sign of b is unknown
    with pytest.raises(gt.DomainError, match="sign"):
        L.is_positive_semidefinite(gt.tensor([[0, 0, 0], [0, nz, 0], [0, 0, nz]]))


@pytest.mark.parametrize(
    "rows, psd",
    [
        ([[0, 0, 0], [0, 0, 0], [0, 0, 0]], True),
        ([[0, 0, 0], [0, 5, -10 * I], [0, 10 * I, 5]], False),
        ([[1, 0, 0], [0, 0, 0], [0, 0, -1]], False),
        ([[0, 1], [1, 0]], False),
        ([[4, -2, -6], [-2, 10, 9], [-6, 9, 14]], True),
        ([[9, -3, 3], [-3, 2, 1], [3, 1, 6]], True),
        ([[4, -2, 2], [-2, 1, -1], [2, -1, 5]], True),
        ([[1, 2, -1], [2, 5, 1], [-1, 1, 9]], False),
    ],
)
def test_positive_semidefinite_cases(rows: list, psd: bool) -> None:
    assert L.is_positive_semidefinite(gt.tensor(rows)) == psd


def test_dft_eigenvectors() -> None:
    A = gt.tensor(DFT(3).as_explicit().expand(complex=True).tolist())
    spaces = L.eigenvects(A)
    assert {s.value for s in spaces} == {-1, 1, -I}
    check_eigenvects(A, spaces)
    A = gt.tensor(DFT(4).as_explicit().expand(complex=True).tolist())
    assert L.eigenvals(A) == {-1: 1, 1: 2, -I: 1}
    check_eigenvects(A, L.eigenvects(A))


def test_a_24x24_sparse_integer_matrix() -> None:
    dd = sd = [0] * 11 + [1]
    ds = [2, 0, 1, 0, 0, 0, 1, 0, 1, 0, 1, 0]
    ss = ds.copy()
    ss[8] = 2

    def rotate(v: list, i: int) -> list:
        return v[i:] + v[:i]

    rows = [rotate(ss, i) + rotate(sd, i) for i in range(12)] + [rotate(ds, i) + rotate(dd, i) for i in range(12)]
    assert sum(L.eigenvals(gt.tensor(rows)).values()) == 24


@pytest.mark.parametrize(
    "rows",
    [
        [[Rational(1, 2), 1, 0], [0, Rational(1, 2), 0], [1, 0, Rational(1, 2)]],  # one eigenvalue in two blocks
        [[2, 1, 0, 0], [0, 2, 0, 0], [5, 0, 3, 1], [0, 7, 0, 3]],
        [[Rational(1, 3), 0, 0], [1, Rational(2, 3), 0], [0, 1, Rational(1, 3)]],
    ],
)
def test_block_triangular_matrices_merge_eigenvalues_across_blocks(rows: list) -> None:
    A = gt.tensor(rows)
    M = sympy.Matrix(rows)
    assert L.eigenvals(A) == M.eigenvals()
    p, j = L.jordan_form(A)
    assert L.det(p) != 0 and gt.array_equal(A @ p, p @ j)
    assert sorted(map(str, L.jordan_form(A).j.tolist())) == sorted(map(str, M.jordan_form()[1].tolist()))
