"""Every FLINT kernel provider against the pure-Python path on the same inputs.

The FLINT table (``gentensor/linalg/_flint.py``) is walked entry by entry:
each kernel runs on random matrices -- singular ones, rectangular ones,
large entries, moduli below and above 2**64, prime and composite -- and
its answer is compared with what the generic algorithm (or the pure
provider it replaces) computes from the same rows.  Minimal polynomials
have no pure kernel; they are checked against their definition with
SymPy's factorisation.  The module is skipped, saying why, when
python-flint is not usable (CI runs the linear-algebra tests once with
``GENTENSOR_NO_FLINT=1``); the public functions are tested without FLINT
there.
"""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.compute._contract import matmul_flat
from gentensor.compute._euclid import Euclid
from gentensor.linalg import _charpoly, _fast, _flint, _flintc, _lattice, _lll, _policy, _providers, _smith

if _fast.flint_module() is None:
    pytest.skip(
        "python-flint is not installed (the 'fast' extra) or GENTENSOR_NO_FLINT is set: no FLINT kernels to compare",
        allow_module_level=True,
    )

P_SMALL, P_WORD, P_BIG = 7, 2**61 - 1, 2**89 - 1
ON_LINUX = sys.platform.startswith("linux")
RINGS = [
    gt.integers,
    gt.rationals,
    gt.modular(P_SMALL),
    gt.modular(P_WORD),
    gt.modular(18446744073709551629),  # the first prime above 2**64: fmpz_mod_mat
    gt.modular(P_BIG),
    gt.modular(12),
    gt.modular(2**64 + 2),  # composite above 2**64: fmpz_mat, reduced
]


def entry(rng: random.Random, ops: Any, big: bool) -> Any:
    if ops.capabilities.kind == "rational":
        return Fraction(rng.randint(-20, 20), rng.randint(1, 9))
    value = rng.randint(-(10**25), 10**25) if big else rng.randint(-9, 9)
    return ops.convert(value)


def matrix(rng: random.Random, ops: Any, m: int, n: int, *, rank: int | None = None, big: bool = False) -> list[list[Any]]:
    if rank is None:
        return [[entry(rng, ops, big) for _ in range(n)] for _ in range(m)]
    left = [[entry(rng, ops, False) for _ in range(rank)] for _ in range(m)]
    right = [[entry(rng, ops, False) for _ in range(n)] for _ in range(rank)]
    return [[ops.sum(ops.mul(left[i][t], right[t][j]) for t in range(rank)) for j in range(n)] for i in range(m)]


def cases(ops: Any, square: bool) -> list[list[list[Any]]]:
    rng = random.Random(hash(ops.name) % 1000)
    out = []
    for n in (1, 2, 3, 5, 8):
        m = n if square else rng.randint(1, 7)
        out.append(matrix(rng, ops, m, n))
        out.append(matrix(rng, ops, m, n, big=True))
        out.append(matrix(rng, ops, m, n, rank=max(0, min(m, n) - 1)))
    return out


def copy(rows: list[list[Any]]) -> list[list[Any]]:
    return [list(r) for r in rows]


def kernels(operation: str) -> list[tuple[Any, Any]]:
    """The (ops, kernel) pairs of the FLINT table for ``operation``, each ops of RINGS in its family."""
    out = []
    for ops in RINGS:
        for target, op, function, _, _ in _flint.TABLE:
            if op != operation:
                continue
            if target is ops or getattr(ops, "kernel_family", None) == target:
                out.append((ops, _flint.FlintOr(function)))
    return out


def ids(pairs: list[tuple[Any, Any]]) -> list[str]:
    return [ops.name for ops, _ in pairs]


def test_every_flint_kernel_is_exercised_here() -> None:
    tested = {"matmul", "matrix_power", "det", "det.words", "rank.words", "inv.words", "rref.words", "solve.words", "det.gauss", "inv", "solve", "rank", "rref", "charpoly", "minpoly",
              "hnf", "hnf.transform", "snf", "lll", "lll.transform", "lll.words", "det_mod"}
    assert {op for _, op, *_ in _flint.TABLE} <= tested


def test_the_registered_providers_are_flints() -> None:
    assert "FLINT" in gt.linalg.explain("det", gt.modular(7)).kernel
    assert isinstance(gt.provider(gt.integers, "hnf"), _flint.FlintOr)
    _providers.register_builtin_providers(flint=False)
    try:
        assert gt.provider(gt.integers, "lll") is None  # FLINT-only
        assert not isinstance(gt.provider(gt.integers, "hnf"), _flint.FlintOr)  # the pure-Python kernel
        assert "FLINT" not in gt.linalg.explain("det", gt.modular(7)).kernel
    finally:
        _providers.register_builtin_providers()


@pytest.mark.parametrize("ops, kernel", kernels("matmul"), ids=ids(kernels("matmul")))
def test_matmul(ops: Any, kernel: Any) -> None:
    rng = random.Random(1)
    for m, k, n in [(1, 1, 1), (3, 4, 5), (8, 8, 8), (20, 7, 13), (4, 0, 3)]:
        for big in (False, True):
            a = [entry(rng, ops, big) for _ in range(m * k)]
            b = [entry(rng, ops, big) for _ in range(k * n)]
            got = kernel(list(a), list(b), m, k, n, ops)
            if got is NotImplemented:
                continue
            assert got == matmul_flat(ops, a, b, m, k, n)


@pytest.mark.parametrize("ops, kernel", kernels("matrix_power"), ids=ids(kernels("matrix_power")))
def test_matrix_power(ops: Any, kernel: Any) -> None:
    for rows in cases(ops, square=True)[:9]:
        for k in (1, 2, 5):
            got = kernel(copy(rows), k, ops)
            if got is NotImplemented:
                continue
            want = copy(rows)
            for _ in range(k - 1):
                want = _charpoly.matmul(want, rows, ops)
            assert got == want


SQUARE_OPS = ["det", "det.gauss", "inv", "charpoly"]


def outcome(f: Any, *args: Any) -> Any:
    """The result, with "not invertible" (``None`` or ``SingularMatrixError``) as one answer."""
    try:
        out = f(*args)
    except gt.SingularMatrixError:
        return "singular"
    return "singular" if out is None else out


@pytest.mark.parametrize("operation", SQUARE_OPS)
def test_square_operations(operation: str) -> None:
    pairs = kernels(operation)
    assert pairs
    for ops, kernel in pairs:
        for rows in cases(ops, square=True):
            got = outcome(kernel, copy(rows), ops)
            if operation.startswith("det"):
                want = _policy.det(copy(rows), ops, "gauss" if operation == "det.gauss" else "auto", None)
            elif operation == "inv":
                want = outcome(_policy.inv, copy(rows), ops, "inv", None)
            else:
                want = _policy.charpoly(copy(rows), ops, None)
            assert got == want, (ops, operation, rows)


@pytest.mark.parametrize("ops, kernel", kernels("solve"), ids=ids(kernels("solve")))
def test_solve(ops: Any, kernel: Any) -> None:
    rng = random.Random(7)
    for A in cases(ops, square=True):
        B = matrix(rng, ops, len(A), 3)
        assert outcome(kernel, copy(A), copy(B), ops) == outcome(_policy.solve, copy(A), copy(B), ops, "solve", None)


@pytest.mark.parametrize("operation", ["rank", "rref"])
def test_rank_and_rref(operation: str) -> None:
    for ops, kernel in kernels(operation):
        for rows in cases(ops, square=False):
            want = getattr(_policy, operation)(copy(rows), ops, operation, None)
            assert kernel(copy(rows), ops) == want, (ops, rows)


def _poly_at(coeffs: list[Any], rows: list[list[Any]], ops: Any) -> list[list[Any]]:
    """``p(A)`` by Horner's rule on rows."""
    n = len(rows)
    out = [[ops.zero] * n for _ in range(n)]
    for c in coeffs:
        out = _charpoly.matmul(out, rows, ops)
        for i in range(n):
            out[i][i] = ops.add(out[i][i], c)
    return out


@pytest.mark.parametrize("ops, kernel", kernels("minpoly"), ids=ids(kernels("minpoly")))
def test_minpoly_is_the_minimal_polynomial(ops: Any, kernel: Any) -> None:
    """Monic, ``p(A) == 0``, and of the least degree: ``I, A, ..., A**(d-1)`` are independent (generic rank)."""
    rng = random.Random(2)
    samples = cases(ops, square=True)[:9] + [[[ops.convert(v) for v in row] for row in [[2, 1, 0], [0, 2, 0], [0, 0, 2]]]]
    samples.append(matrix(rng, ops, 4, 4, rank=1))
    field = _policy.field_ops(ops)
    for rows in samples:
        coeffs = kernel(copy(rows), ops)
        assert coeffs[0] == ops.one and all(ops.is_zero(v) for row in _poly_at(coeffs, rows, ops) for v in row)
        d, n = len(coeffs) - 1, len(rows)
        powers, current = [], [[ops.one if i == j else ops.zero for j in range(n)] for i in range(n)]
        for _ in range(d):
            powers.append([field.convert(v) for row in current for v in row])
            current = _charpoly.matmul(current, rows, ops)
        assert _policy.rank(powers, field, "rank", None) == d


@pytest.mark.parametrize("operation", ["hnf", "hnf.transform", "snf"])
def test_normal_forms(operation: str) -> None:
    (ops, kernel), = kernels(operation)
    R = Euclid(ops)
    for rows in cases(ops, square=False):
        got = kernel(copy(rows), ops)
        if operation == "hnf":
            assert got == _lattice.hnf(rows, R)
        elif operation == "hnf.transform":
            assert got == _lattice.hnf_transform(rows, R, n=len(rows[0]))
        else:
            assert got == _smith.snf_diagonal(rows, R)


@pytest.mark.parametrize("operation", ["lll", "lll.transform", "lll.words"])
def test_lll(operation: str) -> None:
    (ops, kernel), = kernels(operation)
    R = Euclid(ops)
    for rows in cases(ops, square=False):
        for delta in (Fraction(3, 4), Fraction(99, 100), Fraction(51, 100)):
            basis, U = kernel(copy(rows), delta, ops)
            if operation == "lll.words" and type(basis) is not list:  # int64 words: exactly the Python ints of "lll"
                assert basis.dtype == np.int64
                basis = basis.tolist()
            assert all(type(v) is int for row in basis for v in row)
            pure, V = _lll.lll(copy(rows), delta, R, len(rows[0]), operation == "lll.transform")
            zeros = sum(1 for row in basis if not any(row))
            assert zeros == sum(1 for row in pure if not any(row))
            assert _lll.is_lll_reduced(basis[zeros:], delta, R)
            assert _lattice.hnf(basis, R) == _lattice.hnf(pure, R)
            if U is not None:
                assert _charpoly.matmul(U, rows, ops) == basis
                assert abs(_policy.det(copy(U), ops)) == 1


@pytest.mark.parametrize("rows", [
    [[1, 0, 0], [0, 1, 0], [3, 5, 1]],      # only size reduction is missing
    [[1, 0, 0], [0, 1, 0], [0, 1, 1]],
    [[10, 0], [0, 1]],                       # Lovász fails: the exact algorithm finishes
    [[7, 3, 1], [20, 9, 4], [1, 1, 1]],
])
def test_lll_finish_repairs_what_the_certificate_rejects(rows: list[list[int]]) -> None:
    flint = _fast.flint_module()
    R = Euclid(gt.integers)
    V = [[int(i == j) for j in range(len(rows))] for i in range(len(rows))]
    for delta in (Fraction(3, 4), Fraction(99, 100)):
        basis, U = _flint.finish(flint, rows, V, delta)
        assert _lll.is_lll_reduced(basis, delta, R) and _flint._certified(flint, basis, delta)
        assert _charpoly.matmul(U, rows, gt.integers) == basis and abs(_policy.det(copy(U), gt.integers)) == 1
        assert _lattice.hnf(basis, R) == _lattice.hnf(rows, R)


def test_lll_certificate_catches_an_unreduced_basis() -> None:
    flint = _fast.flint_module()
    assert not _flint._certified(flint, [[1, 0], [5, 1]], Fraction(3, 4))
    assert not _flint._certified(flint, [[3, 0], [0, 1]], Fraction(3, 4))  # Lovász fails: swap needed
    assert _flint._certified(flint, [[1, 0], [0, 1]], Fraction(3, 4))
    # delta = 1 is outside FLINT's range: the kernel declines and the exact path runs
    assert _flint.lll_int([[1, 0], [0, 1]], Fraction(1), gt.integers) is NotImplemented


@pytest.mark.parametrize("modulus", [1, 2, 12, P_SMALL, P_WORD, 18446744073709551629, P_BIG, 2**64 + 2])
def test_det_mod(modulus: int) -> None:
    (ops, kernel), = kernels("det_mod")
    R = Euclid(ops)
    for rows in cases(ops, square=True):
        assert kernel(copy(rows), modulus, ops) == _smith.det_mod(rows, modulus, R)


def _residue_rings(operation: str) -> list[tuple[Any, Any]]:
    """The rings mod p whose residues pack (``0 < p < 2**63``) with their ``"<operation>.words"`` kernels."""
    return [pair for pair in kernels(operation) if 0 < pair[0].capabilities.characteristic < 2**63]


@pytest.fixture
def every_size(monkeypatch: Any) -> None:
    """The ``.words`` providers decline matrices of fewer than ``SMALLEST`` entries (the rows path is cheaper
    there); these tests take that size rule away to reach the C route with the small cases too."""
    monkeypatch.setattr(_flintc, "SMALLEST", 0)


WORD_RINGS = _residue_rings("det.words")  # packed residues


@pytest.mark.usefixtures("every_size")
@pytest.mark.parametrize("ops, kernel", WORD_RINGS, ids=ids(WORD_RINGS))
def test_det_words(ops: Any, kernel: Any) -> None:
    """Residues copied into FLINT's nmod_mat in C (``_flintc``): the generic determinant of the same rows."""
    if ON_LINUX:  # with python-flint on Linux the C route must be found (elsewhere the kernels decline)
        assert _flintc.available()
    elif not _flintc.available():
        pytest.skip("the C route into FLINT reads /proc/self/maps: Linux only; the rows go through python-flint")
    for rows in cases(ops, square=True):
        words = np.array([[int(v) for v in row] for row in rows], dtype=np.int64)
        assert kernel(words, ops) == _policy.det(copy(rows), ops, "gauss", None), rows
        assert kernel(words.T, ops) == _policy.det([list(c) for c in zip(*rows)], ops, "gauss", None)


RANK_RINGS = _residue_rings("rank.words")
INV_RINGS = _residue_rings("inv.words")
RREF_RINGS = _residue_rings("rref.words")
SOLVE_RINGS = _residue_rings("solve.words")


@pytest.mark.usefixtures("every_size")
@pytest.mark.parametrize("ops, kernel", SOLVE_RINGS, ids=ids(SOLVE_RINGS))
def test_solve_words(ops: Any, kernel: Any) -> None:
    """The solution as int64 words; a singular matrix declines (the rows path raises)."""
    rng = random.Random(11)
    for A in cases(ops, square=True):
        B = matrix(rng, ops, len(A), 3)
        words = [np.array([[int(v) for v in row] for row in m], dtype=np.int64) for m in (A, B)]
        got = kernel(*words, ops)
        want = outcome(_policy.solve, copy(A), copy(B), ops, "solve", None)
        if want == "singular":
            assert got is NotImplemented, A
        else:
            assert got.dtype == np.int64 and got.tolist() == [[int(v) for v in row] for row in want], A


@pytest.mark.usefixtures("every_size")
@pytest.mark.parametrize("ops, kernel", RREF_RINGS, ids=ids(RREF_RINGS))
def test_rref_words(ops: Any, kernel: Any) -> None:
    for rows in cases(ops, square=False) + cases(ops, square=True):
        words = np.array([[int(v) for v in row] for row in rows], dtype=np.int64)
        form, pivots = kernel(words, ops)
        want, want_pivots = _policy.rref(copy(rows), ops, "rref", None)
        assert form.dtype == np.int64 and form.tolist() == [[int(v) for v in row] for row in want], rows
        assert list(pivots) == list(want_pivots), rows


@pytest.mark.usefixtures("every_size")
@pytest.mark.parametrize("ops, kernel", RANK_RINGS, ids=ids(RANK_RINGS))
def test_rank_words(ops: Any, kernel: Any) -> None:
    for rows in cases(ops, square=False) + cases(ops, square=True):
        words = np.array([[int(v) for v in row] for row in rows], dtype=np.int64)
        assert kernel(words, ops) == _policy.rank(copy(rows), ops, "rank", None), rows


@pytest.mark.usefixtures("every_size")
@pytest.mark.parametrize("ops, kernel", INV_RINGS, ids=ids(INV_RINGS))
def test_inv_words(ops: Any, kernel: Any) -> None:
    """The inverse as int64 words; a singular matrix declines (the rows path raises)."""
    for rows in cases(ops, square=True):
        words = np.array([[int(v) for v in row] for row in rows], dtype=np.int64)
        got = kernel(words, ops)
        want = outcome(_policy.inv, copy(rows), ops, "inv", None)
        if want == "singular":
            assert got is NotImplemented, rows
        else:
            assert got.dtype == np.int64 and got.tolist() == [[int(v) for v in row] for row in want], rows


def _int_kernel(operation: str) -> Any:
    return next(kernel for ops, kernel in kernels(operation) if ops is gt.integers)


def _requires_fmpz_route() -> None:
    if ON_LINUX:  # with python-flint on Linux the C route must be found (elsewhere the kernels decline)
        assert _flintc.available() and _flintc._with_fmpz
    elif not (_flintc.available() and _flintc._with_fmpz):
        pytest.skip("the C route into FLINT reads /proc/self/maps: Linux only; the rows go through python-flint")


@pytest.mark.usefixtures("every_size")
def test_integer_words_against_fraction_free_elimination() -> None:
    """``det.words`` and ``rank.words`` of integers (int64 words copied into FLINT's ``fmpz_mat`` in C) against
    the pure-Python fraction-free elimination of the same rows, determinants past the word included."""
    _requires_fmpz_route()
    det_words, rank_words = _int_kernel("det.words"), _int_kernel("rank.words")
    rng = np.random.default_rng(12)
    for n in (1, 2, 3, 5, 8, 13):
        for bound in (9, 2**31, _flintc._COEFF_MAX):
            for deficient in (False, True):
                a = rng.integers(-bound, bound, (n, n + 3), dtype=np.int64, endpoint=True)
                if deficient and n > 1:
                    a[-1] = a[0]
                square = a[:, :n]
                want = _policy.det(square.tolist(), gt.integers, "bareiss", None)
                assert det_words(square, gt.integers) == want, a
                assert det_words(square.T, gt.integers) == want, a
                for part in (a, a.T, a[:, ::2]):
                    assert rank_words(part, gt.integers) == _policy.rank(part.tolist(), gt.integers, "rank", None), a


def test_integer_words_decline_what_the_route_cannot_take(monkeypatch: Any) -> None:
    """Words past FLINT's small-fmpz range (``2**62 - 1``) and small matrices decline; so does every matrix when
    the route is off, and the public functions answer the same through python-flint."""
    _requires_fmpz_route()
    det_words, rank_words = _int_kernel("det.words"), _int_kernel("rank.words")
    a = np.random.default_rng(4).integers(-50, 50, (8, 8), dtype=np.int64)
    want, want_rank = _policy.det(a.tolist(), gt.integers, "bareiss", None), _policy.rank(a.tolist(), gt.integers, "rank", None)
    assert det_words(a, gt.integers) == want and rank_words(a, gt.integers) == want_rank
    assert det_words(a[:6, :6], gt.integers) is NotImplemented  # 36 entries: the rows path is cheaper
    for past in (2**62, -(2**62), 2**63 - 1, -(2**63)):
        b = a.copy()
        b[3, 4] = past  # a pointer in FLINT's encoding: never copied in
        assert det_words(b, gt.integers) is NotImplemented and rank_words(b, gt.integers) is NotImplemented
        assert gt.linalg.det(gt.tensor(b)) == _policy.det(b.tolist(), gt.integers, "bareiss", None)
    monkeypatch.setattr(_flintc, "_with_fmpz", False)
    assert det_words(a, gt.integers) is NotImplemented
    assert gt.linalg.det(gt.tensor(a)) == want and gt.linalg.matrix_rank(gt.tensor(a)) == want_rank


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 16),
    st.integers(0, 2**32),
    st.sampled_from([9, 2**20, 2**40, 2**62 - 1, 2**62, 2**63 - 1]),
    st.sampled_from(["whole", "transposed", "strided", "stack"]),
    st.booleans(),
)
@example(16, 0, 2**62 - 1, "whole", False)  # the largest words the route takes, a determinant far past the word
@example(12, 1, 2**62 - 1, "transposed", True)
def test_integer_det_and_rank_of_packed_words_are_exact(n: int, seed: int, bound: int, view: str, deficient: bool) -> None:
    """Packed integer matrices (through the C route from 7x7 on, python-flint past ``2**62 - 1``) against the
    pure-Python fraction-free elimination of their rows."""
    rng = np.random.default_rng(seed)
    big = rng.integers(-bound, bound, (2, 2 * n, 2 * n), dtype=np.int64, endpoint=True)
    if deficient:
        big[:, 1] = big[:, 0]
    x = gt.tensor(big)
    picked = {"whole": x[0, :n, :n], "transposed": x[0, :n, :n].mT, "strided": x[0, ::2, ::2], "stack": x[:, :n, :n]}[view]
    matrices = [picked[i] for i in range(picked.shape[0])] if view == "stack" else [picked]
    dets = [_policy.det(m.tolist(), gt.integers, "bareiss", None) for m in matrices]
    ranks = [_policy.rank(m.tolist(), gt.integers, "rank", None) for m in matrices]
    if view == "stack":
        assert gt.linalg.det(picked).tolist() == dets
        assert gt.linalg.rank(picked).tolist() == ranks == gt.linalg.matrix_rank(picked).tolist()
    else:
        assert gt.linalg.det(picked) == dets[0]
        assert gt.linalg.rank(picked) == ranks[0] == gt.linalg.matrix_rank(picked)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([2, 3, 65521, 2**31 - 1, 4294967291]),
    st.integers(1, 24),
    st.integers(0, 2**32),
    st.sampled_from(["whole", "transposed", "strided", "stack"]),
)
@example(65521, 20, 0, "stack")  # past the bulk kernels' orders: each matrix of the stack by the C route
@example(2**31 - 1, 24, 1, "strided")
def test_det_of_packed_residues_is_the_integer_determinant_reduced(p: int, n: int, seed: int, view: str) -> None:
    """A packed matrix mod p through the C route, against the integer determinant of its lift, reduced."""
    rng = np.random.default_rng(seed)
    big = rng.integers(0, p, (2, 2 * n, 2 * n), dtype=np.int64)
    if rng.random() < 0.3:  # singular: a repeated row
        big[:, 1] = big[:, 0]
    x = gt.tensor(big, ops=gt.modular(p))
    if x._store.packing is None:  # GENTENSOR_NO_PACKED=1: nothing reaches the C route (the rows path is tested above)
        return
    picked = {"whole": x[0, :n, :n], "transposed": x[0, :n, :n].mT, "strided": x[0, ::2, ::2], "stack": x[:, :n, :n]}[view]
    lifted = gt.tensor(picked.tolist())
    want = gt.linalg.det(lifted)
    matrices = [picked[i] for i in range(picked.shape[0])] if view == "stack" else [picked]
    ranks = [_policy.rank(m.tolist(), m.ops, "rank", None) for m in matrices]  # pure-Python elimination mod p
    forms = [_policy.rref(m.tolist(), m.ops, "rref", None) for m in matrices]  # pure-Python elimination mod p
    reduced = gt.linalg.rref(picked)
    assert reduced.matrix.tolist() == ([f for f, _ in forms] if view == "stack" else forms[0][0])
    assert reduced.pivots == (tuple(tuple(q) for _, q in forms) if view == "stack" else tuple(forms[0][1]))
    if view == "stack":
        assert gt.linalg.det(picked).tolist() == [d % p for d in want.tolist()]
        assert gt.linalg.rank(picked).tolist() == ranks == gt.linalg.matrix_rank(picked).tolist()
    else:
        assert gt.linalg.det(picked) == want % p
        assert gt.linalg.rank(picked) == ranks[0] == gt.linalg.matrix_rank(picked)
    if all(r == n for r in ranks) and view != "stack":  # one invertible system, a matrix and a vector on the right
        right = gt.tensor(rng.integers(0, p, (n, 2)), ops=picked.ops)
        solution = gt.linalg.solve(picked, right)
        assert solution.tolist() == [[int(v) for v in row] for row in _policy.solve(picked.tolist(), right.tolist(), picked.ops, "solve", None)]
        assert (picked @ gt.linalg.solve(picked, right[:, 1]) == right[:, 1]).all()
    if all(r == n for r in ranks):  # invertible: the packed inverse times the matrix is the identity
        inverse = gt.linalg.inv(picked)
        assert inverse._store.packing is not None  # packed in, packed out (this test's matrices are packed)
        assert (inverse @ picked == gt.eye(n, ops=picked.ops)).all()
        assert inverse.tolist() == [
            [[int(v) for v in row] for row in _policy.inv(m.tolist(), m.ops, "inv", None)] for m in matrices
        ] if view == "stack" else [[int(v) for v in row] for row in _policy.inv(picked.tolist(), picked.ops, "inv", None)]
    else:
        with pytest.raises(gt.SingularMatrixError):
            gt.linalg.inv(picked)


def test_det_words_declines_and_the_rows_path_answers(monkeypatch: Any) -> None:
    p = 2**31 - 1
    words = np.random.default_rng(3).integers(0, p, (30, 30), dtype=np.int64)
    want = _policy.det(words.tolist(), gt.modular(p), "gauss", None)
    assert _flintc.determinant(words, p) == want
    out_of_range = words.copy()
    out_of_range[5, 7] = p  # not a residue: refused, never handed to FLINT
    assert _flintc.determinant(out_of_range, p) is None
    out_of_range[5, 7] = -1
    assert _flintc.determinant(out_of_range, p) is None
    assert _flintc.determinant(words[:, :29], p) is None  # not square
    x = gt.tensor(words, ops=gt.modular(p))
    monkeypatch.setattr(_flintc, "_lib", None)  # the C route unusable in this process
    monkeypatch.setattr(_flintc, "_checked", True)
    assert _flintc.determinant(words, p) is None
    assert gt.linalg.det(x) == want


def test_the_c_route_needs_one_library_of_the_same_version(monkeypatch: Any) -> None:
    if not ON_LINUX:
        pytest.skip("the C route into FLINT reads /proc/self/maps: Linux only")
    assert _flintc._library_path() is not None
    monkeypatch.setattr(_flintc, "_library_path", lambda: None)
    assert _flintc._load() is None
    monkeypatch.undo()
    monkeypatch.setattr(_fast.flint_module(), "__FLINT_VERSION__", "3.0.0-not-this-one")
    assert _flintc._load() is None


def test_public_functions_agree_on_both_tables() -> None:
    results = []
    for flint in (True, False):
        _providers.register_builtin_providers(flint=flint)
        try:
            out = []
            for ops in RINGS:
                rows = matrix(random.Random(5), ops, 6, 6)
                x = gt.tensor(rows, ops=ops)
                out.append((gt.linalg.det(x), (x @ x).tolist(), gt.matrix_power(x, 3).tolist(), gt.linalg.charpoly(x).tolist()))
                if ops.capabilities.field or ops.capabilities.kind == "integer":
                    out.append((gt.linalg.rank(x), gt.linalg.rref(x).pivots, gt.linalg.nullspace(x).tolist()))
            results.append(out)
        finally:
            _providers.register_builtin_providers()
    assert results[0] == results[1]


@pytest.mark.parametrize("seed", range(25))
def test_int_certificate_agrees_with_the_generic_one(seed: int) -> None:
    rng = random.Random(seed)
    R = Euclid(gt.integers)
    n = rng.randint(1, 6)
    rows = [[rng.randint(-30, 30) for _ in range(n)] for _ in range(n)]
    if _policy.det([r[:] for r in rows], gt.integers) == 0:
        return
    d, lam = _lll.gram_schmidt_integral(rows, R)
    for delta in (Fraction(3, 4), Fraction(99, 100), Fraction(1)):
        assert _flint._certify_ints(d, lam, delta) == _lll.certify(d, lam, delta, R)
