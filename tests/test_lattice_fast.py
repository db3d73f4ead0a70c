"""The fast Hermite and Smith paths: the cyclic shortcut (one solve) and the int kernels without FLINT.

Oracles: the generic modular kernel of ``_lattice`` through ``Euclid``
(itself checked against SymPy in ``test_lattice.py``), python-flint's
``hnf``/``snf`` where installed, SymPy's ``smith_normal_form``, and the
defining invariants.  Over the Gaussian integers (a user Euclidean ring)
the shortcut must give the generic kernel's answer.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.matrices.normalforms import smith_normal_form

import gentensor as gt
from gentensor.linalg import _dense, _fast, _hnf_int, _lattice, _providers, _smith
from gentensor.linalg._lattice import Euclid
from toyring import Gauss, gaussian_euclidean

Z = Euclid(gt.integers)


@st.composite
def square(draw: Any, max_n: int = 7) -> list[list[int]]:
    n = draw(st.integers(1, max_n))
    bound = draw(st.sampled_from([1, 3, 9, 99, 10**12]))
    rows = draw(st.lists(st.lists(st.integers(-bound, bound), min_size=n, max_size=n), min_size=n, max_size=n))
    kind = draw(st.sampled_from(["random", "scaled", "singular", "diagonal"]))
    if kind == "scaled" and n >= 2:  # a non-cyclic cokernel: two rows times 2 (and sometimes 3)
        rows[0] = [2 * v for v in rows[0]]
        rows[1] = [draw(st.sampled_from([2, 6])) * v for v in rows[1]]
    elif kind == "singular" and n >= 2:
        rows[-1] = list(rows[0])
    elif kind == "diagonal":
        rows = [[draw(st.integers(1, 12)) if i == j else 0 for j in range(n)] for i in range(n)]
    return rows


@given(a=st.integers(-10**30, 10**30), b=st.integers(-10**30, 10**30))
def test_xgcd(a: int, b: int) -> None:
    g, s, t = _hnf_int.xgcd(a, b)
    assert g == sympy.gcd(a, b) and s * a + t * b == g


@settings(max_examples=100, deadline=None)
@given(rows=square())
def test_cyclic_shortcut_is_the_hermite_form_or_declines(rows: list[list[int]]) -> None:
    n = len(rows)
    found = _fast.solve_den_int([list(r) for r in rows], _lattice._probe(n, Z, 2))
    if found is None:
        return
    Y, d = found
    H = _lattice.cyclic_hnf(rows, Y, d, Z)
    expected = _lattice.hnf_full_rank(rows, d, Z)
    if H is not None:
        assert H == expected
    cyclic = [int(v) for v in smith_normal_form(sympy.Matrix(rows), domain=sympy.ZZ).diagonal()][:-1] == [1] * (n - 1)
    if H is not None:
        assert cyclic  # a proof: never passes on a non-cyclic cokernel


@settings(max_examples=100, deadline=None)
@given(rows=square(max_n=6), extra=st.integers(0, 2))
def test_int_kernels_match_the_generic_ones(rows: list[list[int]], extra: int) -> None:
    rows = rows + [list(r) for r in rows[:extra]]  # tall and rank-deficient too
    assert _hnf_int.hnf_int([list(r) for r in rows]) == _lattice.hnf(rows, Z)
    H, U = _hnf_int.hnf_transform_int([list(r) for r in rows])
    assert (H, U) == _lattice.hnf_transform(rows, Z)
    assert _hnf_int.snf_int([list(r) for r in rows]) == _smith.snf_diagonal(rows, Z)


def test_full_rank_int_kernel_known() -> None:
    assert _hnf_int.hnf_full_rank_int([[2, 3, 6], [4, 5, 1], [0, 2, 8]], 28) == _lattice.hnf_full_rank(
        [[2, 3, 6], [4, 5, 1], [0, 2, 8]], 28, Z
    )


def test_without_flint_the_int_kernels_run(monkeypatch: pytest.MonkeyPatch) -> None:
    _providers.register_builtin_providers(flint=False)
    try:
        assert gt.provider(gt.integers, "hnf") is _hnf_int.hnf_int
        rng = random.Random(7)
        rows = [[rng.randint(-99, 99) for _ in range(12)] for _ in range(12)]
        x = gt.tensor(rows)
        H = gt.linalg.hnf(x).tolist()
        assert H == _lattice.hnf(rows, Z)
        h, u = gt.linalg.hnf(x, transform=True)
        assert (u @ x).tolist() == h.tolist() == H
        assert gt.linalg.elementary_divisors(x).tolist() == [int(v) for v in smith_normal_form(sympy.Matrix(rows), domain=sympy.ZZ).diagonal()]
    finally:
        _providers.register_builtin_providers()


@pytest.mark.skipif(_fast.flint_module() is None, reason="python-flint is not installed (or GENTENSOR_NO_FLINT is set)")
@pytest.mark.parametrize("seed", range(5))
def test_int_kernels_match_flint(seed: int) -> None:
    flint = _fast.flint_module()
    rng = random.Random(seed)
    n = 15
    rows = [[rng.randint(-99, 99) for _ in range(n)] for _ in range(n)]
    if seed % 2:
        rows[3] = [4 * v for v in rows[3]]
        rows[5] = [4 * v for v in rows[5]]
    expected = [[int(v) for v in row] for row in flint.fmpz_mat(rows).hnf().tolist()]
    assert _hnf_int.hnf_int(rows) == expected
    S = flint.fmpz_mat(rows).snf()
    assert _hnf_int.snf_int(rows) == [int(S[i, i]) for i in range(n)]


def _gauss_solve(A: list[list[Any]], B: list[list[Any]]) -> Any:
    return _dense.solve_den(A, B, gaussian_euclidean)


@settings(max_examples=40, deadline=None)
@given(entries=st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), min_size=9, max_size=9))
def test_cyclic_shortcut_over_the_gaussian_integers(entries: list[tuple[int, int]]) -> None:
    rows = [[Gauss(*entries[3 * i + j]) for j in range(3)] for i in range(3)]
    R = Euclid(gaussian_euclidean)
    found = _gauss_solve([list(r) for r in rows], _lattice._probe(3, R, 2))
    if found is None:
        return
    Y, d = found
    H = _lattice.cyclic_hnf(rows, Y, d, R)
    if H is not None:
        assert H == _lattice.hnf_full_rank(rows, d, R)
    x = gt.tensor(rows, ops=gaussian_euclidean)
    assert gt.linalg.hnf(x).tolist() == _lattice.hnf(rows, R)


@settings(max_examples=100, deadline=None)
@given(rows=square(max_n=7))
def test_int_cyclic_test_is_a_proof(rows: list[list[int]]) -> None:
    found = _hnf_int.cyclic_snf_int([list(r) for r in rows])
    expected = [int(v) for v in smith_normal_form(sympy.Matrix(rows), domain=sympy.ZZ).diagonal()]
    if found is not None:
        assert found == expected  # never on a non-cyclic or singular matrix
    generic = _smith.cyclic_snf(rows, Z, lambda A, B: _dense.solve_den(A, B, gt.integers))
    assert found == generic  # the same proof as the generic test, with the same right-hand side
    assert _hnf_int.snf_int([list(r) for r in rows]) == expected


@pytest.mark.parametrize("seed", range(6))
def test_int_cyclic_test_on_wide_matrices(seed: int) -> None:
    # Order 20: the elimination's first steps run on int64 words; a third of these are scaled to be non-cyclic.
    rng = random.Random(seed)
    n = 20
    rows = [[rng.randint(-99, 99) for _ in range(n)] for _ in range(n)]
    if seed % 3 == 2:
        rows[2] = [6 * v for v in rows[2]]
        rows[7] = [4 * v for v in rows[7]]
    expected = [int(v) for v in smith_normal_form(sympy.Matrix(rows), domain=sympy.ZZ).diagonal()]
    found = _hnf_int.cyclic_snf_int([list(r) for r in rows])
    assert found is None or found == expected
    if seed % 3 == 2:
        assert found is None
    assert _hnf_int.snf_int(rows) == expected
