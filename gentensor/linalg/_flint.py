"""FLINT kernels (python-flint) behind the provider seam: integers, rationals, integers mod n.

Each function here follows a provider calling convention of
`._providers` (rows of one matrix, then ``ops``; the modulus is read
from ``ops.capabilities.characteristic``) and converts once in, once out:

============================ ============================================
integers                     ``fmpz_mat``
rationals                    ``fmpq_mat``
``modular(p)``, p prime      ``nmod_mat`` below 2**64, ``fmpz_mod_mat`` above
``modular(n)``, n composite  lift and reduce where that is sound: products
                             and powers (``nmod_mat`` multiplies in any
                             Z/n), ``det`` and ``charpoly`` (polynomials in
                             the entries), ``inv``/``solve`` (exact inverse
                             over Q, then one unit inverse mod n)
============================ ============================================

FLINT's LLL works in floating point with ``eta > 1/2``; its output is
proven reduced by a floating-point certificate with rigorous error bounds
(`._lllcert`), checked in exact integer arithmetic when that cannot decide
(the Gram matrix's fraction-free LU gives the integral Gram-Schmidt data)
and finished exactly when the exact check fails, so the result is always
exactly LLL-reduced for the ``delta`` asked for.

Nothing here is imported unless python-flint is installed (see
`._fast.flint_module`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable, Optional

from ..compute import matmul_flat_int
from ..ops import ElementOps, capabilities_of, integers, rationals
from ..ops import is_prime
from . import _fast
from ._bulk import numpy_module
from ._flintc import det_words_int, det_words_modp, inv_words_modp, rank_words_int, rank_words_modp, rref_words_modp, solve_words_modp
from ._lattice import Euclid
from ._lll import certify, lll_independent, size_reduce
from ._lllcert import Verdict, verdict

__all__ = ["TABLE", "MATMUL_MIN_WORK", "FlintOr"]

#: Products with fewer multiplications (m*k*n) stay in pure Python: conversions cost more.
MATMUL_MIN_WORK = 100

_WORD = 2**64


def _flint() -> Any:
    flint = _fast.flint_module()
    assert flint is not None  # every kernel runs inside FlintOr, which checks
    return flint


class FlintOr:
    """A provider that runs a FLINT kernel, or -- when python-flint cannot be used at call time --
    the pure-Python kernel it replaces (``fallback``), or declines (``NotImplemented``).

    A module-level class holding module-level functions, so providers still
    pickle for worker processes.

    Examples
    --------
    >>> FlintOr(rank_int).kernel is rank_int
    True
    """

    def __init__(self, kernel: Callable[..., Any], fallback: Optional[Callable[..., Any]] = None) -> None:
        self.kernel = kernel
        self.fallback = fallback

    def __call__(self, *args: Any) -> Any:
        if _fast.flint_module() is None:
            return NotImplemented if self.fallback is None else self.fallback(*args)
        return self.kernel(*args)

    def __repr__(self) -> str:
        return f"FlintOr({self.kernel.__name__})"


def _rows(values: list[Any], ncols: int) -> list[list[Any]]:
    return [values[i : i + ncols] for i in range(0, len(values), ncols)] if ncols else []


def _ints(mat: Any) -> list[list[int]]:
    """The entries of a FLINT matrix as rows of Python ints."""
    return _rows(list(map(int, mat.entries())), mat.ncols())


def _flat_ints(mat: Any) -> list[int]:
    return list(map(int, mat.entries()))


def _words(entries: list[Any], m: int, n: int) -> Any:
    """FLINT integers as an ``(m, n)`` int64 array (converted exactly), or ``None`` when one does not fit a word."""
    np = numpy_module()
    if np is None:
        return None
    try:
        return np.fromiter(entries, np.int64, m * n).reshape(m, n)
    except OverflowError:
        return None


def _fractions(mat: Any) -> list[list[Fraction]]:
    """The entries of an ``fmpq_mat`` as rows of Fractions (one common denominator, then normalised)."""
    num, den = mat.numer_denom()
    return _fast.fractions_over(_ints(num), int(den))


def _fmpq_mat(rows: list[list[Fraction]]) -> Any:
    flint = _flint()
    fmpq = flint.fmpq
    return flint.fmpq_mat([[fmpq(v.numerator, v.denominator) for v in row] for row in rows])


def _pivots(rows: list[list[Any]], rank: int) -> list[int]:
    return [next(j for j, v in enumerate(row) if v) for row in rows[:rank]]


def _modulus(ops: ElementOps) -> int:
    n = capabilities_of(ops).characteristic
    assert n  # the "modular-*" families are Z/nZ with n >= 2
    return n


def _mod_mat(rows: list[list[int]], n: int) -> Any:
    """``nmod_mat`` below 2**64, else ``fmpz_mod_mat`` (entries already in ``[0, n)``).

    Built through ``fmpz_mat``: python-flint reads Python ints into an
    ``fmpz_mat`` about 1.6x faster than into an ``nmod_mat`` (which makes an
    ``nmod`` per entry), and the reduction between the two runs in C.
    """
    flint = _flint()
    if n < _WORD:
        return flint.nmod_mat(flint.fmpz_mat(rows), n) if rows else flint.nmod_mat(0, 0, [], n)
    return flint.fmpz_mod_mat(rows, flint.fmpz_mod_ctx(n))


# -- products and powers -------------------------------------------------------------


def matmul_int(a: list[int], b: list[int], m: int, k: int, n: int, ops: ElementOps) -> Any:
    """``(m, n)`` product of flat C-order int matrices through ``fmpz_mat`` (tiny ones in Python)."""
    if m * k * n < MATMUL_MIN_WORK:
        return matmul_flat_int(a, b, m, k, n)
    fmpz_mat = _flint().fmpz_mat
    return _flat_ints(fmpz_mat(m, k, a) * fmpz_mat(k, n, b))


def matmul_rat(a: list[Fraction], b: list[Fraction], m: int, k: int, n: int, ops: ElementOps) -> Any:
    if m * k * n < MATMUL_MIN_WORK:
        return NotImplemented
    product = _fmpq_mat(_rows(a, k)) * _fmpq_mat(_rows(b, n))
    return [v for row in _fractions(product) for v in row]


def matmul_mod(a: list[int], b: list[int], m: int, k: int, n: int, ops: ElementOps) -> Any:
    """Products mod any n (no inversion): ``nmod_mat`` below 2**64, ``fmpz_mat`` then ``%`` above."""
    if m * k * n < MATMUL_MIN_WORK:
        return NotImplemented
    p = _modulus(ops)
    flint = _flint()
    if p < _WORD:  # through fmpz_mat, the faster way in (see _mod_mat)
        fmpz_mat = flint.fmpz_mat
        return _flat_ints(flint.nmod_mat(fmpz_mat(m, k, a), p) * flint.nmod_mat(fmpz_mat(k, n, b), p))
    return [v % p for v in _flat_ints(flint.fmpz_mat(m, k, a) * flint.fmpz_mat(k, n, b))]


#: FLINT takes a matrix power's exponent as a C unsigned long.
_MAX_EXPONENT = 2**63 - 1


def power_int(rows: list[list[int]], k: int, ops: ElementOps) -> Any:
    if k > _MAX_EXPONENT:
        return NotImplemented
    return _ints(_flint().fmpz_mat(rows) ** k)


def power_rat(rows: list[list[Fraction]], k: int, ops: ElementOps) -> Any:
    if k > _MAX_EXPONENT:
        return NotImplemented
    return _fractions(_fmpq_mat(rows) ** k)


def power_mod(rows: list[list[int]], k: int, ops: ElementOps) -> Any:
    p = _modulus(ops)
    if p >= _WORD or k > _MAX_EXPONENT:
        return NotImplemented
    return _ints(_flint().nmod_mat(rows, p) ** k)


# -- integers ------------------------------------------------------------------------


def solve_int(A: list[list[int]], B: list[list[int]], ops: ElementOps) -> Optional[list[list[Fraction]]]:
    fmpz_mat = _flint().fmpz_mat
    try:
        X = fmpz_mat(A).solve(fmpz_mat(B))
    except ZeroDivisionError:
        return None
    return _fractions(X)


def rank_int(rows: list[list[int]], ops: ElementOps) -> int:
    return int(_flint().fmpz_mat(rows).rank())


def rref_int(rows: list[list[int]], ops: ElementOps) -> tuple[list[list[Fraction]], list[int]]:
    R, den, rank = _flint().fmpz_mat(rows).rref()
    ints = _ints(R)
    return _fast.fractions_over(ints, int(den)), _pivots(ints, int(rank))


def minpoly_int(rows: list[list[int]], ops: ElementOps) -> list[int]:
    return [int(c) for c in reversed(_flint().fmpz_mat(rows).minpoly().coeffs())]


def hnf_int(rows: list[list[int]], ops: ElementOps) -> list[list[int]]:
    return _ints(_flint().fmpz_mat(rows).hnf())


def hnf_transform_int(rows: list[list[int]], ops: ElementOps) -> tuple[list[list[int]], list[list[int]]]:
    """``(H, U)`` as the Hermite form of ``[A | I]`` (the same canonical ``U`` as the generic kernel)."""
    m, n = len(rows), len(rows[0])
    aug = [row + [0] * i + [1] + [0] * (m - i - 1) for i, row in enumerate(rows)]
    HU = _ints(_flint().fmpz_mat(aug).hnf())
    return [row[:n] for row in HU], [row[n:] for row in HU]


def snf_int(rows: list[list[int]], ops: ElementOps) -> list[int]:
    S = _flint().fmpz_mat(rows).snf()
    return [int(S[i, i]) for i in range(min(len(rows), len(rows[0])))]


def det_mod_int(rows: list[list[int]], modulus: int, ops: ElementOps) -> int:
    """``det mod m``: ``nmod_mat``/``fmpz_mod_mat`` for a prime ``m``, the integer determinant otherwise."""
    if modulus == 1:
        return 0
    if is_prime(modulus):
        return int(_mod_mat([[v % modulus for v in row] for row in rows], modulus).det())
    return int(_flint().fmpz_mat(rows).det()) % modulus


#: FLINT reduces for a slightly larger ``delta`` and ``eta`` just above 1/2 (FLINT needs ``eta > 1/2``),
#: so its result clears the exact conditions by a margin the floating-point certificate can see.
LLL_DELTA_MARGIN = 2.0**-16
LLL_ETA = 0.5 + 2.0**-20


def _lll_flint(rows: list[list[int]], delta: Fraction, transform: bool, words: bool = False) -> Any:
    """FLINT's LLL, certified; ``NotImplemented`` for ``delta == 1`` (FLINT needs ``delta < 1``).

    The basis comes back as rows of Python ints, or -- with ``words``, when
    FLINT's entries fit int64 and the certificate proves it at once -- as
    one ``(m, n)`` int64 NumPy array (the ``"lll.words"`` convention, for a
    result tensor built without Python ints in between).

    FLINT reduces with ``delta' = delta + 2**-16`` (below 1) and ``eta = 1/2 + 2**-20``.
    Its result is proven reduced for ``delta`` and ``|mu| <= 1/2`` by the
    floating-point certificate of `._lllcert` (a few double-precision
    products); the few conditions it cannot decide (a coefficient of exactly
    1/2, say) are decided exactly by `_settled`; when that fails, or the
    certificate proves nothing, the exact check of `finish` decides,
    repairing the basis if needed: a
    coefficient ``1/2 < |mu| <= eta`` is size-reduced exactly, which lowers
    ``mu**2`` by at most ``2 * 2**-20 < 2**-16``, so Lovász' condition for
    ``delta`` still holds (checked again; the exact algorithm finishes in
    the unexpected case it does not).  FLINT's row operations are integral
    and unimodular, so the lattice is the input's.
    """
    if delta >= 1:
        return NotImplemented
    flint = _flint()
    m = len(rows)
    target = float(delta) + LLL_DELTA_MARGIN  # above delta: float(delta) is within 2**-53 of it
    if target + LLL_DELTA_MARGIN >= 1:
        target = (float(delta) + 1) / 2
        if target < delta:  # delta within 2**-53 of 1: never reduce for less than was asked
            target = math.nextafter(float(delta), 1.0)
    M = flint.fmpz_mat(rows)
    if transform:
        L, T = M.lll(transform=True, delta=target, eta=LLL_ETA)
    else:
        L, T = M.lll(delta=target, eta=LLL_ETA), None
    n = L.ncols()
    U = _ints(T) if T is not None else None
    entries = L.entries()
    array = _words(entries, m, n)
    found: Optional[Verdict] = None
    if array is not None:  # entries that fit int64: the certificate (and the result tensor) read the array
        # FLINT puts the zero rows (the rank's shortfall) first: a non-zero first row means there are none.
        if m and array[0].any():
            zeros = 0
        else:
            nonzero = array.any(axis=1)
            zeros = int(nonzero.argmax()) if nonzero.any() else m
        if zeros < m:
            found = verdict(array[zeros:], m - zeros, delta)
        if zeros == m or (found is not None and found.proven):
            return (array if words else array.tolist()), U
        flat = array.reshape(-1).tolist()
        basis = _rows(flat, n)
    else:
        flat = list(map(int, entries))
        basis = _rows(flat, n)
        zeros = 0
        while zeros < m and not any(basis[zeros]):
            zeros += 1
        if zeros == m:
            return basis, U
        found = verdict(flat[zeros * n :], m - zeros, delta)
    if found is not None and (found.proven or _settled(flint, basis[zeros:], found, delta)):
        return basis, U
    repaired = finish(flint, basis[zeros:], None if U is None else U[zeros:], delta)
    if repaired is None:  # not the independent rows FLINT promises: the exact algorithm on the input
        return NotImplemented
    independent, V = repaired
    basis = basis[:zeros] + independent
    if U is not None and V is not None:
        U = U[:zeros] + V
    return basis, U


#: At most this many conditions left open by the certificate are decided one by one (by determinants).
SETTLE_AT_MOST = 16


def _settled(flint: Any, rows: list[list[int]], found: Verdict, delta: Fraction) -> bool:
    """Decide exactly the conditions the certificate left open: True when all of them hold.

    With ``d_j`` the Gram determinant of rows ``0..j-1`` and ``lam[i][j] =
    d_{j+1} mu[i][j]`` the determinant of the Gram matrix of rows ``0..j``
    whose last row is replaced by the inner products with row ``i``, the
    conditions are ``2 |lam[i][j]| <= d_{j+1}`` and ``q (d_{i+1} d_{i-1} +
    lam[i][i-1]**2) >= p d_i**2`` for ``delta = p/q``: two to four FLINT
    determinants each, instead of the whole fraction-free factorisation.
    ``False`` as well when too many are open (`SETTLE_AT_MOST`).
    """
    if len(found.size) + len(found.lovasz) > SETTLE_AT_MOST:
        return False
    fmpz_mat = flint.fmpz_mat
    dets: dict[int, int] = {0: 1}

    def d(j: int) -> int:  # the Gram determinant of rows 0..j-1
        if j not in dets:
            B = fmpz_mat(rows[:j])
            dets[j] = int((B * B.transpose()).det())
        return dets[j]

    def lam(i: int, j: int) -> int:
        return int((fmpz_mat(rows[:j] + [rows[i]]) * fmpz_mat(rows[: j + 1]).transpose()).det())

    if any(2 * abs(lam(i, j)) > d(j + 1) for i, j in found.size):
        return False
    p, q = delta.numerator, delta.denominator
    for i in found.lovasz:
        v = lam(i, i - 1)
        if q * (d(i + 1) * d(i - 1) + v * v) < p * d(i) * d(i):
            return False
    return True


def finish(
    flint: Any, rows: list[list[int]], V: Optional[list[list[int]]], delta: Fraction
) -> Optional[tuple[list[list[int]], Optional[list[list[int]]]]]:
    """Certify independent rows as LLL-reduced exactly, repairing them if needed (``V`` follows the row operations).

    The rows are returned as they are when the exact check passes; otherwise
    they are size-reduced exactly and checked again; if Lovász' condition
    still fails, the exact algorithm reduces them (its transform composed
    onto ``V``).  ``None`` when the rows are not independent.
    """
    R = Euclid(integers)
    data = _gram_data(flint, rows)
    if data is None:
        return None
    if _certify_ints(data[0], data[1], delta):
        return rows, V
    rows = [list(r) for r in rows]
    V = None if V is None else [list(r) for r in V]
    d, lam = data
    size_reduce(rows, d, lam, R, V)
    if certify(d, lam, delta, R):
        return rows, V
    reduced, W = lll_independent(rows, delta, R, V is not None)
    if V is not None and W is not None:
        V = [[sum(a * b for a, b in zip(row, col)) for col in zip(*V)] for row in W]
    return reduced, V


def _gram_data(flint: Any, rows: list[list[int]]) -> Optional[tuple[list[int], list[list[int]]]]:
    """``(d, lam)`` of independent rows from the fraction-free LU ``U`` of their Gram matrix.

    ``d[i+1] = U[i][i]`` (the Gram determinants) and ``lam[i][j] = U[j][i]``;
    ``None`` if the LU needed a row swap or the Gram matrix is singular
    (neither happens for independent rows).
    """
    B = flint.fmpz_mat(rows)
    P, _, _, U = (B * B.transpose()).fflu()
    k = len(rows)
    if not P.is_one() or not U[k - 1, k - 1]:
        return None
    u = _ints(U)
    return [1] + [u[i][i] for i in range(k)], [[u[j][i] for j in range(i)] for i in range(k)]


def _certify_ints(d: list[int], lam: list[list[int]], delta: Fraction) -> bool:
    """`._lll.certify` on Python ints, written out: it runs on every FLINT result.

    Examples
    --------
    >>> _certify_ints([1, 1, 1], [[], [0]], Fraction(3, 4)), _certify_ints([1, 1, 26], [[], [5]], Fraction(3, 4))
    (True, False)
    """
    p, q = delta.numerator, delta.denominator
    for i, row in enumerate(lam):
        for j, v in enumerate(row):
            if 2 * abs(v) > d[j + 1]:
                return False
        if i:
            v = row[i - 1]
            if q * (d[i + 1] * d[i - 1] + v * v) < p * d[i] * d[i]:
                return False
    return True


def _certified(flint: Any, rows: list[list[int]], delta: Fraction) -> bool:
    """Exact LLL check of independent rows (see `_gram_data`)."""
    data = _gram_data(flint, rows)
    return data is not None and _certify_ints(data[0], data[1], delta)


def lll_int(rows: list[list[int]], delta: Fraction, ops: ElementOps) -> Any:
    return _lll_flint(rows, delta, False)


def lll_transform_int(rows: list[list[int]], delta: Fraction, ops: ElementOps) -> Any:
    return _lll_flint(rows, delta, True)


def lll_words_int(rows: list[list[int]], delta: Fraction, ops: ElementOps) -> Any:
    return _lll_flint(rows, delta, False, words=True)


# -- rationals -----------------------------------------------------------------------


def det_rat(rows: list[list[Fraction]], ops: ElementOps) -> Fraction:
    d = _fmpq_mat(rows).det()
    return Fraction(int(d.p), int(d.q))


def inv_rat(rows: list[list[Fraction]], ops: ElementOps) -> Optional[list[list[Fraction]]]:
    try:
        return _fractions(_fmpq_mat(rows).inv())
    except ZeroDivisionError:
        return None


def solve_rat(A: list[list[Fraction]], B: list[list[Fraction]], ops: ElementOps) -> Optional[list[list[Fraction]]]:
    try:
        return _fractions(_fmpq_mat(A).solve(_fmpq_mat(B)))
    except ZeroDivisionError:
        return None


def rank_rat(rows: list[list[Fraction]], ops: ElementOps) -> int:
    return int(_fmpq_mat(rows).rank())


def rref_rat(rows: list[list[Fraction]], ops: ElementOps) -> tuple[list[list[Fraction]], list[int]]:
    R, rank = _fmpq_mat(rows).rref()
    out = _fractions(R)
    return out, _pivots(out, int(rank))


def charpoly_rat(rows: list[list[Fraction]], ops: ElementOps) -> list[Fraction]:
    return [Fraction(int(c.p), int(c.q)) for c in reversed(_fmpq_mat(rows).charpoly().coeffs())]


def minpoly_rat(rows: list[list[Fraction]], ops: ElementOps) -> list[Fraction]:
    return [Fraction(int(c.p), int(c.q)) for c in reversed(_fmpq_mat(rows).minpoly().coeffs())]


# -- integers mod a prime ------------------------------------------------------------


def det_modp(rows: list[list[int]], ops: ElementOps) -> int:
    return int(_mod_mat(rows, _modulus(ops)).det())


def inv_modp(rows: list[list[int]], ops: ElementOps) -> Optional[list[list[int]]]:
    try:
        return _ints(_mod_mat(rows, _modulus(ops)).inv())
    except ZeroDivisionError:
        return None


def solve_modp(A: list[list[int]], B: list[list[int]], ops: ElementOps) -> Optional[list[list[int]]]:
    p = _modulus(ops)
    try:
        return _ints(_mod_mat(A, p).solve(_mod_mat(B, p)))
    except ZeroDivisionError:
        return None


def rank_modp(rows: list[list[int]], ops: ElementOps) -> int:
    return int(_mod_mat(rows, _modulus(ops)).rank())


def rref_modp(rows: list[list[int]], ops: ElementOps) -> tuple[list[list[int]], list[int]]:
    R, rank = _mod_mat(rows, _modulus(ops)).rref()
    out = _ints(R)
    return out, _pivots(out, int(rank))


def charpoly_modp(rows: list[list[int]], ops: ElementOps) -> list[int]:
    return [int(c) for c in reversed(_mod_mat(rows, _modulus(ops)).charpoly().coeffs())]


def minpoly_modp(rows: list[list[int]], ops: ElementOps) -> list[int]:
    return [int(c) for c in reversed(_mod_mat(rows, _modulus(ops)).minpoly().coeffs())]


# -- integers mod a composite n: lifted to the integers ---------------------------------


def det_modn(rows: list[list[int]], ops: ElementOps) -> int:
    return int(_flint().fmpz_mat(rows).det()) % _modulus(ops)


def charpoly_modn(rows: list[list[int]], ops: ElementOps) -> list[int]:
    n = _modulus(ops)
    return [int(c) % n for c in reversed(_flint().fmpz_mat(rows).charpoly().coeffs())]


def _lifted_solution(X: Any, ops: ElementOps, func: str) -> list[list[int]]:
    """``num / den`` of a rational matrix, mod n: one inverse of ``den``.

    For ``X = A^-1`` the denominator is a unit exactly when ``det(A)`` is: were it
    prime to a divisor p of n, ``A^-1`` would be p-integral and ``det(A)`` a p-adic unit.
    """
    from ._policy import _unit_inverse  # the one message for "not a unit"

    num, den = X.numer_denom()
    n = _modulus(ops)
    unit = _unit_inverse(int(den) % n, ops, func)
    return [[v * unit % n for v in row] for row in _ints(num)]


def inv_modn(rows: list[list[int]], ops: ElementOps) -> Optional[list[list[int]]]:
    """The inverse mod n through Q, once ``det(A)`` is known to be a unit mod n (FLINT's determinant costs far
    less than the rational inverse, and the refusal names the determinant itself)."""
    from ._policy import _unit_inverse

    flint = _flint()
    lifted = flint.fmpz_mat(rows)
    d = int(lifted.det()) % _modulus(ops)
    if d == 0:
        return None
    _unit_inverse(d, ops, "inv")  # SingularMatrixError unless d is a unit
    return _lifted_solution(flint.fmpq_mat(lifted).inv(), ops, "inv")


def solve_modn(A: list[list[int]], B: list[list[int]], ops: ElementOps) -> Optional[list[list[int]]]:
    """Solve mod n through Q: only when ``det(A)`` is a unit mod n (the denominators of ``A^-1 B`` may
    lack the zero divisor that makes ``A`` singular, so they cannot tell)."""
    from ._policy import _unit_inverse

    fmpz_mat = _flint().fmpz_mat
    lifted = fmpz_mat(A)
    d = int(lifted.det()) % _modulus(ops)
    if d == 0:
        return None
    _unit_inverse(d, ops, "solve")  # SingularMatrixError unless d is a unit
    return _lifted_solution(lifted.solve(fmpz_mat(B)), ops, "solve")


#: (ops or family, operation, kernel, algorithm, description): registered over the pure-Python table.
TABLE: list[tuple[Any, str, Any, str, str]] = [
    (integers, "matmul", matmul_int, "flint", "FLINT fmpz_mat product (small products stay in Python)"),
    (integers, "matrix_power", power_int, "flint", "FLINT fmpz_mat powering"),
    (integers, "solve", solve_int, "flint", "FLINT fmpz_mat.solve"),
    (integers, "rank", rank_int, "flint", "FLINT fmpz_mat.rank"),
    (integers, "rref", rref_int, "flint", "FLINT fraction-free fmpz_mat.rref"),
    (integers, "minpoly", minpoly_int, "flint", "FLINT fmpz_mat.minpoly"),
    (integers, "hnf", hnf_int, "flint", "FLINT fmpz_mat.hnf"),
    (integers, "hnf.transform", hnf_transform_int, "flint", "FLINT fmpz_mat.hnf of [A | I]"),
    (integers, "snf", snf_int, "flint", "FLINT fmpz_mat.snf"),
    (integers, "lll", lll_int, "flint", "FLINT fmpz_mat.lll, certified exactly"),
    (integers, "lll.transform", lll_transform_int, "flint", "FLINT fmpz_mat.lll, certified exactly"),
    (integers, "lll.words", lll_words_int, "flint", "FLINT fmpz_mat.lll, certified exactly; the basis as int64 words"),
    (integers, "det.words", det_words_int, "flint", "FLINT fmpz_mat_det on the packed words (C, no Python ints in)"),
    (integers, "rank.words", rank_words_int, "flint", "FLINT fmpz_mat_rank on the packed words (C)"),
    (integers, "det_mod", det_mod_int, "flint", "FLINT nmod_mat for a prime modulus, fmpz_mat.det otherwise"),
    (rationals, "matmul", matmul_rat, "flint", "FLINT fmpq_mat product"),
    (rationals, "matrix_power", power_rat, "flint", "FLINT fmpq_mat powering"),
    (rationals, "det", det_rat, "flint", "FLINT fmpq_mat.det"),
    (rationals, "inv", inv_rat, "flint", "FLINT fmpq_mat.inv"),
    (rationals, "solve", solve_rat, "flint", "FLINT fmpq_mat.solve"),
    (rationals, "rank", rank_rat, "flint", "FLINT fmpq_mat.rank"),
    (rationals, "rref", rref_rat, "flint", "FLINT fmpq_mat.rref"),
    (rationals, "charpoly", charpoly_rat, "flint", "FLINT fmpq_mat.charpoly"),
    (rationals, "minpoly", minpoly_rat, "flint", "FLINT fmpq_mat.minpoly"),
    ("modular-prime", "matmul", matmul_mod, "flint", "FLINT nmod_mat product"),
    ("modular-prime", "matrix_power", power_mod, "flint", "FLINT nmod_mat powering"),
    ("modular-prime", "det", det_modp, "flint", "FLINT nmod_mat.det (packed: through FLINT C; fmpz_mod_mat above 2**64)"),
    ("modular-prime", "det.words", det_words_modp, "flint", "FLINT nmod_mat_det on the packed residues (C, no Python ints)"),
    ("modular-prime", "rank.words", rank_words_modp, "flint", "FLINT nmod_mat_rank on the packed residues (C)"),
    ("modular-prime", "rref.words", rref_words_modp, "flint", "FLINT nmod_mat_rref on the packed residues (C)"),
    ("modular-prime", "solve.words", solve_words_modp, "flint", "FLINT nmod_mat_solve on the packed residues (C)"),
    ("modular-prime", "inv.words", inv_words_modp, "flint", "FLINT nmod_mat_inv on the packed residues (C)"),
    ("modular-prime", "det.gauss", det_modp, "flint", "FLINT nmod_mat.det (fmpz_mod_mat above 2**64)"),
    ("modular-prime", "inv", inv_modp, "flint", "FLINT nmod_mat.inv (fmpz_mod_mat above 2**64)"),
    ("modular-prime", "solve", solve_modp, "flint", "FLINT nmod_mat.solve (fmpz_mod_mat above 2**64)"),
    ("modular-prime", "rank", rank_modp, "flint", "FLINT nmod_mat.rank (fmpz_mod_mat above 2**64)"),
    ("modular-prime", "rref", rref_modp, "flint", "FLINT nmod_mat.rref (fmpz_mod_mat above 2**64)"),
    ("modular-prime", "charpoly", charpoly_modp, "flint", "FLINT nmod_mat.charpoly (fmpz_mod_mat above 2**64)"),
    ("modular-prime", "minpoly", minpoly_modp, "flint", "FLINT nmod_mat.minpoly (fmpz_mod_mat above 2**64)"),
    ("modular-composite", "matmul", matmul_mod, "flint", "FLINT nmod_mat product (valid for any modulus)"),
    ("modular-composite", "matrix_power", power_mod, "flint", "FLINT nmod_mat powering (valid for any modulus)"),
    ("modular-composite", "det", det_modn, "flint", "FLINT fmpz_mat.det of the lift, reduced mod n"),
    ("modular-composite", "inv", inv_modn, "flint", "FLINT inverse over Q of the lift, one unit inverse mod n"),
    ("modular-composite", "solve", solve_modn, "flint", "FLINT solve over Q of the lift, one unit inverse mod n"),
    ("modular-composite", "charpoly", charpoly_modn, "flint", "FLINT fmpz_mat.charpoly of the lift, reduced mod n"),
]
