"""The floating-point certificate of LLL-reducedness (gentensor.linalg._lllcert) and the FLINT path that uses it.

Soundness is the point: whenever the certificate says "proven", the exact
check (integral Gram-Schmidt data, `_lll.is_lll_reduced`, and an independent
textbook Gram-Schmidt in Fractions) must agree -- over reduced bases, bases
one row operation away from reduced, bases with coefficients of exactly 1/2,
dependent rows and entries beyond double range.  It must also not be
vacuous: FLINT's reduced random bases are proven, so the fast path runs.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.linalg import _fast, _flint, _lll, _lllcert
from gentensor.linalg._lattice import Euclid
from gentensor.ops import integers

R = Euclid(integers)
DELTAS = [Fraction(3, 4), Fraction(99, 100), Fraction(1, 2), Fraction(26, 100), Fraction(1)]


def flat(rows: list[list[int]]) -> list[int]:
    return [v for row in rows for v in row]


def gram_schmidt_fractions(B: list[list[int]]) -> tuple[list[Fraction], list[list[Fraction]]]:
    star: list[list[Fraction]] = []
    norms: list[Fraction] = []
    mu: list[list[Fraction]] = []
    for b in B:
        v = [Fraction(x) for x in b]
        row = []
        for s, ns in zip(star, norms):
            c = sum((Fraction(x) * y for x, y in zip(b, s)), Fraction(0)) / ns
            row.append(c)
            v = [x - c * y for x, y in zip(v, s)]
        star.append(v)
        norms.append(sum((x * x for x in v), Fraction(0)))
        mu.append(row)
    return norms, mu


def reduced_textbook(B: list[list[int]], delta: Fraction) -> bool:
    norms, mu = gram_schmidt_fractions(B)
    if any(n == 0 for n in norms):
        return False
    if any(abs(c) > Fraction(1, 2) for row in mu for c in row):
        return False
    return all(delta * norms[i - 1] <= norms[i] + mu[i][i - 1] ** 2 * norms[i - 1] for i in range(1, len(B)))


def independent(rows: list[list[int]]) -> bool:
    import sympy

    return sympy.Matrix(rows).rank() == len(rows)


@st.composite
def bases(draw: Any) -> tuple[list[list[int]], Fraction]:
    k = draw(st.integers(1, 7))
    n = draw(st.integers(k, k + 3))
    bound = draw(st.sampled_from([1, 2, 5, 100, 10**9, 10**20]))
    rows = draw(st.lists(st.lists(st.integers(-bound, bound), min_size=n, max_size=n), min_size=k, max_size=k))
    delta = draw(st.sampled_from(DELTAS))
    how = draw(st.sampled_from(["raw", "reduced", "perturbed"]))
    if how != "raw" and independent(rows):
        rows = _lll.lll_independent(rows, delta, R)[0]
        if how == "perturbed" and k >= 2:
            i, j = draw(st.integers(0, k - 1)), draw(st.integers(0, k - 1))
            c = draw(st.sampled_from([-1, 1, 2]))
            if i != j:
                rows[i] = [a + c * b for a, b in zip(rows[i], rows[j])]
    return rows, delta


@settings(max_examples=300, deadline=None)
@given(case=bases())
def test_a_proof_is_never_wrong(case: tuple[list[list[int]], Fraction]) -> None:
    rows, delta = case
    if _lllcert.certified(flat(rows), len(rows), delta):
        assert independent(rows)
        assert _lll.is_lll_reduced(rows, delta, R)
        assert reduced_textbook(rows, delta)


@pytest.mark.parametrize(
    "rows, delta, proven, exact",
    [
        ([[1, 0], [0, 1]], Fraction(3, 4), True, True),
        ([[1, 0], [5, 1]], Fraction(3, 4), False, False),  # mu = 5
        ([[2, 0], [1, 3]], Fraction(3, 4), False, True),  # mu = 1/2 exactly: left to the exact check
        ([[1, 0], [0, 1]], Fraction(1), False, True),  # Lovász with equality at delta = 1
        ([[4, 0], [0, 1]], Fraction(3, 4), False, False),  # Lovász fails: 1 < 3/4 * 16
        ([[1, 2], [2, 4]], Fraction(3, 4), False, False),  # dependent
        ([[3]], Fraction(3, 4), True, True),
        ([[10**400, 0], [0, 1]], Fraction(3, 4), False, False),  # beyond doubles; and Lovász fails
        ([[1, 0], [0, 10**400]], Fraction(3, 4), False, True),  # beyond doubles: not proven, yet reduced
    ],
)
def test_known_verdicts(rows: list[list[int]], delta: Fraction, proven: bool, exact: bool) -> None:
    assert _lllcert.certified(flat(rows), len(rows), delta) is proven
    if independent(rows):
        assert _lll.is_lll_reduced(rows, delta, R) is exact


@st.composite
def near_boundary(draw: Any) -> tuple[list[list[int]], Fraction]:
    """Bases whose size or Lovász condition holds or fails by a hair: ``mu`` within ``1/(2N)`` of 1/2, or ``B_1``
    within one part in ``N`` of ``delta * B_0`` (the norm-wise proof's margins are far wider than doubles' own)."""
    N = draw(st.sampled_from([10, 10**3, 10**6, 10**7]))
    delta = draw(st.sampled_from([Fraction(3, 4), Fraction(99, 100), Fraction(1)]))
    if draw(st.booleans()):  # mu[1][0] = (N + e) / (2N), e in -1..1: just inside, exactly, just outside 1/2
        e = draw(st.integers(-1, 1))
        rows = [[2 * N, 0], [N + e, 3 * N]]
    else:  # B_0 = N**2, B_1 = c**2 with c**2 near delta N**2 (mu = 0)
        c = math.isqrt(delta.numerator * N * N // delta.denominator) + draw(st.integers(-1, 1))
        rows = [[N, 0], [0, max(c, 1)]]
    extra = draw(st.integers(0, 3))  # embedded in a larger, orthogonal basis
    k = 2 + extra
    big = [row + [0] * extra for row in rows] + [[0] * (2 + i) + [N] + [0] * (extra - i - 1) for i in range(extra)]
    return big[:k], delta


def test_the_normwise_proof_is_never_wrong_near_the_boundary(monkeypatch: Any) -> None:
    """Whenever the norm-wise proof (the first one tried) says proven, the exact check agrees; and it is not vacuous."""
    said: list[bool] = []
    original = _lllcert._normwise

    def recording(*args: Any) -> bool:
        said.append(original(*args))
        return said[-1]

    monkeypatch.setattr(_lllcert, "_normwise", recording)

    @settings(max_examples=300, deadline=None)
    @given(case=st.one_of(near_boundary(), bases()))
    def check(case: tuple[list[list[int]], Fraction]) -> None:
        rows, delta = case
        said.clear()
        _lllcert.verdict(flat(rows), len(rows), delta)
        if said and said[0]:
            assert independent(rows)
            assert _lll.is_lll_reduced(rows, delta, R)
            assert reduced_textbook(rows, delta)

    check()
    # Not vacuous: an orthogonal basis, and FLINT-sized reduced ones, are proven by it.
    said.clear()
    assert _lllcert.certified(flat([[3, 0, 0], [0, 4, 0], [1, 1, 5]]), 3, Fraction(3, 4))
    assert said == [True]
    rows = _lll.lll_independent(_random(12, 99, 5), Fraction(99, 100), R)[0]
    said.clear()
    assert _lllcert.certified(flat(rows), 12, Fraction(99, 100))
    assert said == [True]


@pytest.mark.parametrize(
    "rows, delta, reduced",
    [
        ([[2 * 10**7, 0], [10**7 + 1, 3 * 10**7]], Fraction(3, 4), False),  # mu = 1/2 + 5e-8
        ([[2 * 10**7, 0], [10**7 - 1, 3 * 10**7]], Fraction(3, 4), True),  # mu = 1/2 - 5e-8
        ([[2 * 10**7, 0], [10**7, 3 * 10**7]], Fraction(3, 4), None),  # mu = 1/2: holds, with no slack
        ([[10**7, 0], [0, 8660254]], Fraction(3, 4), False),  # B_1 / B_0 = 0.74999999...
        ([[10**7, 0], [0, 8660255]], Fraction(3, 4), True),  # B_1 / B_0 = 0.75000001...
        ([[1, 0], [0, 1]], Fraction(1), None),  # Lovász with equality
    ],
)
def test_the_normwise_proof_on_hairline_cases(rows: list[list[int]], delta: Fraction, reduced: Any, monkeypatch: Any) -> None:
    """Never proven when false or tight (None: holds with equality); when it holds by a hair, it may be."""
    said: list[bool] = []
    original = _lllcert._normwise
    monkeypatch.setattr(_lllcert, "_normwise", lambda *args: said.append(original(*args)) or said[-1])
    assert _lll.is_lll_reduced(rows, delta, R) is (reduced is not False)
    found = _lllcert.verdict(flat(rows), 2, delta)
    assert len(said) == 1
    if reduced is not True:
        assert said == [False] and found is not None and not found.proven


def test_degenerate_input_is_not_proven() -> None:
    assert _lllcert.certified([], 0, Fraction(3, 4)) is False
    assert _lllcert.certified([1, 2, 3], 2, Fraction(3, 4)) is False  # not k rows
    assert _lllcert.certified([0, 0, 0, 0], 2, Fraction(3, 4)) is False  # zero rows


def test_large_but_exact_entries_take_the_rounded_gram_path() -> None:
    # Entries near 2**40: the Gram matrix is no longer exact in doubles, the error bound covers it.
    B = [[2**40 + 1, 3], [5, 2**40 - 7]]
    assert _lllcert.certified(flat(B), 2, Fraction(3, 4)) is True
    assert reduced_textbook(B, Fraction(3, 4))


def _random(n: int, bound: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(-bound, bound) for _ in range(n)] for _ in range(n)]


def _knapsack(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    weights = [rng.randint(1, 2**60) for _ in range(n)]
    return [[int(i == j) for j in range(n)] + [w * 2**20] for i, w in enumerate(weights)]


flint_only = pytest.mark.skipif(_fast.flint_module() is None, reason="python-flint is not installed (or GENTENSOR_NO_FLINT is set)")


@flint_only
@pytest.mark.parametrize("rows", [_random(20, 99, 1), _random(40, 99, 2), _knapsack(30, 3)], ids=["random20", "random40", "knapsack30"])
@pytest.mark.parametrize("delta", [Fraction(3, 4), Fraction(99, 100)])
def test_flint_results_are_proven_by_the_fast_certificate(rows: list[list[int]], delta: Fraction, monkeypatch: Any) -> None:
    """The certificate is not vacuous: FLINT's reduced bases are proven without the exact check."""
    called: list[int] = []
    monkeypatch.setattr(_flint, "finish", lambda *a: called.append(1))
    basis, _ = _flint.lll_int([list(r) for r in rows], delta, gt.integers)
    assert called == []
    assert all(type(v) is int for row in basis for v in row)
    assert _lll.is_lll_reduced(basis, delta, R)
    assert gt.linalg.hnf(gt.tensor(basis)).tolist() == gt.linalg.hnf(gt.tensor(rows)).tolist()  # the same lattice


@flint_only
@pytest.mark.parametrize("transform", [False, True])
def test_the_exact_check_runs_when_the_certificate_proves_nothing(transform: bool, monkeypatch: Any) -> None:
    monkeypatch.setattr(_flint, "verdict", lambda values, k, delta: None)
    rng = random.Random(7)
    rows = [[rng.randint(-50, 50) for _ in range(12)] for _ in range(13)]  # 13 rows in 12 dimensions: one dependent
    x = gt.tensor(rows)
    if transform:
        basis, u = (t.tolist() for t in gt.linalg.lll(x, transform=True))
        assert (gt.tensor(u) @ x).tolist() == basis
        assert abs(gt.linalg.det(gt.tensor(u))) == 1
    else:
        basis = gt.linalg.lll(x).tolist()
    assert basis[0] == [0] * 12
    assert reduced_textbook(basis[1:], Fraction(3, 4))
    assert gt.linalg.hnf(x).tolist() == gt.linalg.hnf(gt.tensor(basis)).tolist()


@flint_only
@settings(max_examples=60, deadline=None)
@given(case=bases())
def test_open_conditions_are_settled_exactly(case: tuple[list[list[int]], Fraction]) -> None:
    """`_settled` on every condition (as if the certificate had left all open) agrees with the exact check."""
    rows, delta = case
    if not independent(rows):
        return
    k = len(rows)
    everything = _lllcert.Verdict([(i, j) for i in range(k) for j in range(i)], list(range(1, k)))
    if len(everything.size) + len(everything.lovasz) > _flint.SETTLE_AT_MOST:
        everything = _lllcert.Verdict(everything.size[: _flint.SETTLE_AT_MOST // 2], everything.lovasz[: _flint.SETTLE_AT_MOST // 2])
    d, lam = _lll.gram_schmidt_integral(rows, R)
    p, q = delta.numerator, delta.denominator
    holds = all(2 * abs(lam[i][j]) <= d[j + 1] for i, j in everything.size) and all(
        q * (d[i + 1] * d[i - 1] + lam[i][i - 1] ** 2) >= p * d[i] ** 2 for i in everything.lovasz
    )
    assert _flint._settled(_fast.flint_module(), rows, everything, delta) is holds


@flint_only
def test_coefficients_of_exactly_one_half_are_settled_exactly() -> None:
    # Every mu is 1/2 or 0 here; the certificate cannot decide, the exact check can.
    rows = [[2, 0, 0], [1, 1, 0], [1, 0, 1]]
    basis = gt.linalg.lll(gt.tensor(rows)).tolist()
    assert reduced_textbook(basis, Fraction(3, 4))
    assert gt.linalg.hnf(gt.tensor(basis)).tolist() == gt.linalg.hnf(gt.tensor(rows)).tolist()


@flint_only
@pytest.mark.parametrize("scale", [2**40, 2**70])
def test_bases_past_a_word_come_back_as_python_ints(scale: int) -> None:
    """Entries past int64 take the list path (exact), the others the int64 array; both give Python ints."""
    rng = random.Random(scale % 1000)
    rows = [[rng.randint(-99, 99) * scale + rng.randint(-5, 5) for _ in range(8)] for _ in range(8)]
    found, _ = _flint.lll_words_int([list(r) for r in rows], Fraction(3, 4), gt.integers)
    assert (type(found) is list) == (scale > 2**60)  # words: one int64 array, no Python ints in between
    assert (found if type(found) is list else found.tolist()) == _flint.lll_int([list(r) for r in rows], Fraction(3, 4), gt.integers)[0]
    reduced = gt.linalg.lll(gt.tensor(rows))
    basis = reduced.tolist()
    assert all(type(v) is int for row in basis for v in row)
    assert type(reduced[0, 0]) is int
    assert reduced_textbook(basis, Fraction(3, 4))
    assert gt.linalg.hnf(gt.tensor(basis)).tolist() == gt.linalg.hnf(gt.tensor(rows)).tolist()
