"""Residues and rings of unknown characteristic: answers about them, never about their integer representatives.

Oracles: a brute-force search for a zero power (Python ints mod ``n``) for
nilpotency; for the functions that need numbers (an order, square roots,
eigenvalues), the refusal must come before any answer, and the integers
ring still answers.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from toyring import ResidueOps

L = gt.linalg


def _nilpotent_by_powers(rows: list[list[int]], n: int) -> bool:
    size = len(rows)
    power = [[int(i == j) for j in range(size)] for i in range(size)]
    for _ in range(size * n.bit_length() + 1):  # past any nilpotency index here
        power = [[sum(power[i][k] * rows[k][j] for k in range(size)) % n for j in range(size)] for i in range(size)]
        if all(v == 0 for row in power for v in row):
            return True
    return False


@settings(max_examples=150, deadline=None)
@given(n=st.sampled_from([2, 4, 6, 8, 9, 12, 36, 49, 7, 2**64]), size=st.integers(1, 3), data=st.data())
def test_is_nilpotent_over_residues_is_a_zero_power(n: int, size: int, data: Any) -> None:
    p = data.draw(st.sampled_from([q for q in (2, 3, 7) if n % q == 0] or [1]))
    step = data.draw(st.sampled_from([1, p]))  # multiples of a prime factor: nilpotent entries, often
    rows = [[data.draw(st.integers(0, n // step - 1)) * step for _ in range(size)] for _ in range(size)]
    if data.draw(st.booleans()):  # strictly upper triangular: nilpotent in any ring
        rows = [[v if j > i else 0 for j, v in enumerate(row)] for i, row in enumerate(rows)]
    assert L.is_nilpotent(gt.tensor(rows, ops=gt.modular(n))) == _nilpotent_by_powers(rows, n)


def test_is_nilpotent_examples_over_residues() -> None:
    assert L.is_nilpotent(gt.tensor([[2]], ops=gt.modular(4)))
    assert not L.is_nilpotent(gt.tensor([[2]], ops=gt.modular(6)))
    assert L.is_nilpotent(gt.tensor([[3, 1], [0, 6]], ops=gt.modular(9)))
    assert L.is_nilpotent(gt.tensor([[[2]], [[1]]], ops=gt.modular(4))).tolist() == [True, False]


def test_is_nilpotent_refuses_a_ring_with_unknown_nilpotents() -> None:
    ops = ResidueOps(6)
    assert L.is_nilpotent(gt.tensor([[0, 1], [0, 0]], ops=ops))  # the polynomial is t**2: any ring
    with pytest.raises(gt.DomainError, match="zero divisors"):
        L.is_nilpotent(gt.tensor([[3]], ops=ops))


_NEEDS_NUMBERS = [
    L.is_positive_definite,
    L.is_positive_semidefinite,
    L.is_negative_definite,
    L.is_indefinite,
    L.is_weakly_diagonally_dominant,
    L.is_strongly_diagonally_dominant,
    L.singular_values,
    L.condition_number,
    L.eigenvals,
    L.is_diagonalizable,
]


@pytest.mark.parametrize("func", _NEEDS_NUMBERS, ids=lambda f: f.__name__)
def test_functions_of_numbers_refuse_residues_and_rings_of_unknown_characteristic(func: Any) -> None:
    for x, said in (
        (gt.tensor([[6, 0], [0, 1]], ops=gt.modular(7)), "characteristic 7"),  # 6 is -1: no order agrees
        (gt.tensor([[2, 1], [1, 4]], ops=gt.modular(7)), "characteristic 7"),  # singular mod 7
        (gt.tensor([[1, 0], [0, 1]], ops=ResidueOps(6)), "characteristic unknown"),
    ):
        with pytest.raises(gt.DomainError, match=said):
            func(x)
    func(gt.tensor([[2, 1], [1, 4]]))  # the integers answer


@pytest.mark.parametrize("n", [2**64, 12, 2**64 + 2])
def test_inv_over_a_composite_modulus_names_its_determinant(n: int) -> None:
    x = gt.tensor([[2, 4, 6], [1, 5, 2], [3, 1, 7]], ops=gt.modular(n))  # det = -22: even, not a unit
    d = L.det(x)
    assert d == -22 % n
    with pytest.raises(gt.SingularMatrixError, match=rf"not a unit \(got det = {d}\)"):
        L.inv(x)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(3, 6), ring=st.sampled_from(["mod7", "mod61", "rationals"]), singular=st.booleans(), data=st.data())
def test_adjugate_over_fields_is_the_cofactor_matrix(n: int, ring: str, singular: bool, data: Any) -> None:
    from fractions import Fraction

    import sympy

    p = {"mod7": 7, "mod61": 2**61 - 1}.get(ring)
    entries = st.integers(0, p - 1) if p else st.fractions(-5, 5, max_denominator=4)
    rows = [[data.draw(entries) for _ in range(n)] for _ in range(n)]
    if singular:  # the last row a combination of the first two: rank < n
        rows[-1] = [a + b for a, b in zip(rows[0], rows[1])]
    ops = gt.modular(p) if p else gt.rationals
    got = L.adjugate(gt.tensor(rows, ops=ops)).tolist()
    cofactors = sympy.Matrix([[sympy.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else v for v in row] for row in rows]).adjugate()
    expected = [[int(v) % p for v in row] for row in cofactors.tolist()] if p else [[Fraction(int(v.p), int(v.q)) for v in row] for row in cofactors.tolist()]
    assert got == expected
