"""SymPy's normal-form tests (``sympy/matrices/tests/test_normalforms.py``), ported: their facts, through gentensor.

Smith forms over the integers, over ``Q[x]`` and over a field; Hermite
forms compared as lattices (SymPy's ``hermite_normal_form`` is the column
form, gentensor's ``hnf`` the row form: both generate the same lattice,
which the canonical row form of each decides).
"""

from __future__ import annotations

import random

import pytest
import sympy

import gentensor as gt

L = gt.linalg
x = sympy.Symbol("x")


def is_smith(d: gt.Tensor, ops: object) -> bool:
    """Diagonal, zeros last, each non-zero entry divides the next (always, in a field)."""
    divides = (lambda a, b: b % a == 0) if ops is gt.integers else (lambda a, b: True)
    rows = d.tolist()
    k = min(d.shape)
    diag = [rows[i][i] for i in range(k)]
    if not L.is_diagonal(d):
        return False
    nonzero = [v for v in diag if not d.ops.is_zero(v)]
    if diag[: len(nonzero)] != nonzero:
        return False  # zeros last
    return all(divides(a, b) for a, b in zip(nonzero, nonzero[1:]))


def test_smith_forms_over_the_integers() -> None:
    m = gt.tensor([[12, 6, 4, 8], [3, 9, 6, 12], [2, 16, 14, 28], [20, 10, 10, 20]])
    assert L.snf(m).tolist() == [[1, 0, 0, 0], [0, 10, 0, 0], [0, 0, 30, 0], [0, 0, 0, 0]]
    d, u, v = L.snf(m, transform=True)
    assert gt.array_equal(u @ m @ v, d)
    assert L.snf(gt.tensor([[2, 4]])).tolist() == [[2, 0]]


def test_invariant_factors_over_q_x() -> None:
    m = gt.tensor([[x - 1, 1, -1], [0, x, -1], [0, -1, x]])
    assert L.elementary_divisors(m).tolist() == [1, x - 1, x**2 - 1]
    q = m.astype(gt.polynomials(x))  # the same through the Euclidean ops explicitly
    assert [p.as_expr() for p in L.elementary_divisors(q).tolist()] == [1, x - 1, x**2 - 1]
    d, u, v = L.snf(q, transform=True)
    assert gt.array_equal(u @ q @ v, d)
    assert all(L.det(t).as_expr().is_number for t in (u, v))  # units of Q[x]: non-zero constants


def random_matrix(prng: random.Random, m: int, n: int) -> list[list[int]]:
    return [[prng.randint(0, 5) if prng.random() < 0.5 else 0 for _ in range(n)] for _ in range(m)]


@pytest.mark.parametrize("ops", [gt.integers, gt.rationals])
def test_random_smith_decompositions(ops: object) -> None:
    prng = random.Random(0)
    for i in range(1, 6):
        for j in range(1, 6):
            for _ in range(4):
                a = gt.tensor(random_matrix(prng, i, j), ops=ops)
                d, u, v = L.snf(a, transform=True)
                assert gt.array_equal(u @ a @ v, d)
                assert is_smith(d, ops)
                for t in (u, v):  # unimodular: invertible over the ring
                    det = L.det(t)
                    assert det in (1, -1) if ops is gt.integers else det != 0
                if ops is gt.rationals:  # over a field: ones for the rank, then zeros
                    r = L.matrix_rank(a)
                    assert [d[k, k] for k in range(min(i, j))] == [1] * r + [0] * (min(i, j) - r)


HERMITE = [
    ([[2, 7, 17, 29, 41], [3, 11, 19, 31, 43], [5, 13, 23, 37, 47]], [[1, 0, 0], [0, 2, 1], [0, 0, 1]]),
    ([[8, 28, 68, 116, 164], [3, 11, 19, 31, 43], [5, 13, 23, 37, 47]], [[4, 0, 0], [0, 2, 1], [0, 0, 1]]),
    ([[10, 8, 6, 30, 2], [45, 36, 27, 18, 9], [5, 4, 3, 2, 1]], [[26, 2], [0, 9], [0, 1]]),
    ([[2, 7], [0, 0], [0, 0]], [[1], [0], [0]]),
    ([[1, 12], [0, 8], [0, 5]], [[1, 0], [0, 8], [0, 5]]),
]


@pytest.mark.parametrize("m, sympy_hnf", HERMITE)
def test_hermite_forms_span_sympys_lattice(m: list, sympy_hnf: list) -> None:
    """SymPy's column HNF and the matrix have the same column lattice: equal row HNFs of the transposes."""
    ours = L.hnf(gt.tensor(m).mT)
    theirs = L.hnf(gt.tensor(sympy_hnf).mT)
    rank = L.matrix_rank(gt.tensor(m))
    assert ours[:rank].tolist() == theirs[:rank].tolist()
    assert all(v == 0 for row in ours[rank:].tolist() for v in row)


def test_transposed_hermite_form() -> None:
    m = gt.tensor([[2, 7, 17, 29, 41], [3, 11, 19, 31, 43], [5, 13, 23, 37, 47]])
    sympy_tr = gt.tensor([[37, 0, 19], [222, -6, 113], [48, 0, 25], [0, 2, 1], [0, 0, 1]])
    assert L.hnf(m).tolist()[:3] == L.hnf(sympy_tr.mT).tolist()[:3]


def test_non_euclidean_input_is_still_refused() -> None:
    y = sympy.Symbol("y")
    with pytest.raises(gt.DomainError, match="Euclidean"):
        L.snf(gt.tensor([[x * y, 1], [1, x]]))  # two variables: not a Euclidean domain
    with pytest.raises(gt.DomainError, match="Euclidean"):
        L.hnf(gt.tensor([[1.5, 2.0]]))
