"""A proof, in floating point with rigorous error bounds, that an integer basis is LLL-reduced.

`verdict` proves, for the rows of an integer matrix, the exact conditions
of `._lll` -- every ``|mu[i][j]| <= 1/2`` and Lovász' condition for
``delta`` -- and lists the ones it cannot prove (a coefficient of exactly
1/2, a Lovász condition with no slack, or one that fails); `certified` is
"all proven".  It costs a few double-precision matrix products (NumPy),
where the exact check costs a fraction-free factorisation of the Gram matrix
in growing integers: the FLINT path of ``lll`` certifies FLINT's result with
it and decides only the listed conditions exactly.

The argument (a posteriori, in the manner of Villard's certification of the
R factor).  Let ``G = B B^T = L D L^T`` be the Gram matrix of the rows (``L``
unit lower triangular holding ``mu``, ``D`` the squared Gram-Schmidt
norms).  For *any* non-singular lower triangular ``X`` (here an approximate
inverse Cholesky factor, but nothing depends on its accuracy but the
success rate), put ``P = G X^T`` and ``F = X G X^T = X P``.  Then

* ``F = (X L) D (X L)^T``: the LDL factorisation of ``F`` has pivots
  ``X_jj**2 * D_j``, so ``B_j = D_F[j] / X_jj**2``;
* ``L D = G L^-T = P N^-T diag(X)^-1`` with ``N`` the unit lower triangular
  factor of ``F``, so ``mu[i][j] * B_j = (P[i][j] + sum_{t<j} P[i][t] W[j][t]) / X_jj``
  with ``W = N^-1 - I``, whose row ``j`` solves ``W[j, :j] F[:j, :j] = -F[j, :j]``.

``F`` is close to the identity: write ``F = I + H`` with ``||H||_2 <= eta < 1``.
With ``h_j = F[:j, j]`` (the entries above the diagonal) the eigenvalues of
``I + H[:j, :j]`` lie in ``[1 - eta, 1 + eta]``, hence

* ``1 + H_jj - |h_j|**2 / (1 - eta) <= D_F[j] <= 1 + H_jj`` (the Schur
  complement), and
* ``|W[j, :j]|_2 <= |h_j| / (1 - eta)``, so by Cauchy-Schwarz the sum above
  is at most ``|P[i, :j]|_2 * |h_j| / (1 - eta)``.

``P`` and ``F`` are computed in double precision, and each is known to within
a rigorous bound: a product of ``m``-term dot products computed in IEEE
arithmetic in any order (BLAS included) satisfies
``|fl(A B) - A B| <= gamma_m |A| |B|`` with ``gamma_m = m u / (1 - m u)``
(Higham, *Accuracy and Stability of Numerical Algorithms*, 3.5), and the
conversion of the integer basis to doubles is within ``u`` relatively.
Every bound is then carried as a non-negative matrix, every computed bound
is enlarged by ``1 + RELATIVE`` to cover its own rounding (at most ``k**2``
roundings of non-negative quantities, ``k < 2**10``), and an absolute
``TINY`` covers underflow.  Each LLL condition is then checked on the
resulting intervals; one whose interval straddles the bound (``|mu|`` within
about ``1e-12`` of ``1/2``, Lovász' condition with no slack) or lies beyond
it is listed as not proven.

Two proofs use this argument.  When ``G`` is exact in doubles (the
computed ``||G||_F**2`` below ``2**104``, so every entry of ``G`` is an
integer below ``2**52``: the common case) the norm-wise one comes first
(`_normwise`): each entrywise error bound above is replaced by a single
number from ``||G||_F`` and ``||X||_F``, which takes about half the NumPy
calls and proves the bases FLINT returns for ``k`` up to about 60.  What it
does not prove goes to the entrywise one, which is sharper for bases whose
rows have very different lengths (knapsack lattices) or for larger ``k``.

Uses NumPy only (imported when first called); no ops: the elements are
Python ints.  Cost: three to six ``k x k`` (and one ``k x n``)
double-precision matrix products, a Cholesky factorisation and a triangular
inverse, ``O(k**2 n + k**3)`` flops, no big integers.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, NamedTuple, Optional

from ._bulk import numpy_module

__all__ = ["Verdict", "verdict", "certified", "RELATIVE", "TINY", "MAX_ROWS"]

#: The unit roundoff of IEEE doubles.
_U = 2.0**-53

#: Relative enlargement of every computed bound (covers its own roundings; k < MAX_ROWS).
RELATIVE = 2.0**-26

#: Absolute enlargement of every error bound (covers underflow in the products).
TINY = 2.0**-700

#: Integers below this are exact doubles, and so are their sums below it.
_EXACT = 2.0**52

#: Larger Gram matrices, and inverse factors, go to the exact check (no overflow, underflow below TINY).
_LARGEST_GRAM = 2.0**600
_LARGEST_X = 2.0**150

#: Larger bases go to the exact check (the rounding argument assumes k * u is tiny).
MAX_ROWS = 2**10


_UP, _UP2, _UP3, _UP4 = (1 + RELATIVE), (1 + RELATIVE) ** 2, (1 + RELATIVE) ** 3, (1 + RELATIVE) ** 4
_DOWN3, _DOWN6, _DOWN8 = (1 - RELATIVE) ** 3, (1 - RELATIVE) ** 6, (1 - RELATIVE) ** 8


def _gamma(m: int) -> float:
    """``gamma_m`` enlarged for its own rounding."""
    return m * _U / (1 - m * _U) * (1 + RELATIVE)


class Verdict(NamedTuple):
    """The conditions the certificate could not prove (both empty: the basis is proven reduced).

    ``size`` lists the pairs ``(i, j)``, ``j < i``, whose ``|mu[i][j]| <= 1/2``
    is not proven; ``lovasz`` the rows ``i >= 1`` whose condition against row
    ``i - 1`` is not proven.  Each may hold or fail: the caller decides them
    exactly.
    """

    size: list[tuple[int, int]]
    lovasz: list[int]

    @property
    def proven(self) -> bool:
        return not self.size and not self.lovasz


def verdict(values: Any, k: int, delta: Fraction) -> Optional[Verdict]:
    """What the certificate proves about the ``k`` integer rows with C-order entries ``values`` (see `Verdict`).

    ``values`` is a flat list of Python ints, or the rows as a ``(k, n)``
    int64 NumPy array.

    ``None`` when it proves nothing: the rows are dependent, too large for
    doubles (entries near ``2**300``), or too far from orthogonal for the
    bounds (a basis far from reduced); the caller then decides exactly.

    Examples
    --------
    >>> verdict([1, 0, 0, 1], 2, Fraction(3, 4))
    Verdict(size=[], lovasz=[])
    >>> verdict([2, 0, 1, 3], 2, Fraction(3, 4))  # mu = 1/2 exactly: left to an exact check
    Verdict(size=[(1, 0)], lovasz=[])
    """
    np = numpy_module()
    if np is None or not 0 < k < MAX_ROWS:
        return None
    if isinstance(values, np.ndarray):  # an int64 array of the rows: each converts to its nearest double
        if values.ndim != 2 or values.shape[0] != k or values.dtype != np.int64 or not values.size:
            return None
        B = values.astype(float)
        n = B.shape[1]
    else:
        if not values or len(values) % k:
            return None
        n = len(values) // k
        try:
            # Each int is rounded to the nearest double (relative error <= u, in the error bounds below);
            # one beyond the double range raises, and then nothing is proven.
            B = np.fromiter(values, float, len(values)).reshape(k, n)
        except (OverflowError, ValueError, TypeError):
            return None
    # Overflow and invalid operations only produce inf and NaN, which fail every check (never a false
    # proof): no warnings for them.
    with np.errstate(all="ignore"):
        return _certify(np, B, k, n, delta)


def certified(values: list[int], k: int, delta: Fraction) -> bool:
    """True when the ``k`` (linearly independent) integer rows with C-order entries ``values`` are provably
    LLL-reduced for ``delta`` (and ``|mu| <= 1/2``).

    ``False`` means *not proven*: the basis may still be reduced (a
    coefficient exactly ``1/2``, say), dependent, or too large for doubles.

    Examples
    --------
    >>> certified([1, 0, 0, 1], 2, Fraction(3, 4)), certified([1, 0, 5, 1], 2, Fraction(3, 4))
    (True, False)
    >>> certified([2, 0, 1, 3], 2, Fraction(3, 4))  # mu = 1/2 exactly: not proven (yet reduced)
    False
    """
    found = verdict(values, k, delta)
    return found is not None and found.proven


_MASKS: dict[int, tuple[Any, Any, Any, Any, Any]] = {}
_INVERSE_CHOLESKY: list[Any] = []


def _inverse_cholesky(np: Any) -> Any:
    """``G -> inv(cholesky(G))``: NumPy's LAPACK ufuncs directly when it has them (a third of the call overhead of
    ``np.linalg``; a matrix that is not positive definite gives NaNs), else the public functions."""
    if not _INVERSE_CHOLESKY:
        try:
            from numpy.linalg import _umath_linalg as lapack

            cholesky, inverse = lapack.cholesky_lo, lapack.inv
            _INVERSE_CHOLESKY.append(lambda G: inverse(cholesky(G, signature="d->d"), signature="d->d"))
        except (ImportError, AttributeError):  # pragma: no cover - another NumPy layout
            _INVERSE_CHOLESKY.append(lambda G: np.linalg.inv(np.linalg.cholesky(G)))
    return _INVERSE_CHOLESKY[0]


def _masks(np: Any, k: int) -> tuple[Any, Any, Any, Any, Any]:
    """``(lower, strictly lower, strictly upper, identity, off-diagonal)`` matrices of order ``k`` (built once per
    order): 0/1 floats, but the strictly lower one is boolean."""
    found = _MASKS.get(k)
    if found is None:
        strict = np.tri(k, k, -1)
        eye = np.eye(k)
        found = _MASKS[k] = (np.tri(k), strict > 0, strict.T.copy(), eye, 1.0 - eye)
    return found


def _certify(np: Any, B: Any, k: int, n: int, delta: Fraction) -> Optional[Verdict]:
    """`verdict` on the basis as doubles (NumPy's error state already silenced).

    Every bound below is a non-negative matrix or number; ``c_*`` factors
    include the enlargement by ``1 + RELATIVE``.
    """
    up = 1 + RELATIVE
    down = 1 - RELATIVE
    lower, strict, above, eye, off = _masks(np, k)
    G = B @ B.T.copy()  # not B @ B.T, which NumPy sends to a threaded syrk that can stall on a busy machine
    gram2 = float(np.vdot(G, G))
    # gram2 < 2**104 puts every diagonal entry of the computed G below 2**52 (a square of 2**52 or more, summed with
    # other non-negative squares, rounds to 2**104 or more), and then G is exact (below): the norm-wise proof first.
    quick = gram2 < _EXACT * _EXACT
    gam_n, gam_k = _gamma(n), _gamma(k)
    big = 0.0 if quick else float(G.max())  # the largest diagonal entry (Cauchy-Schwarz)
    if big < _EXACT:
        # Integers below 2**53 convert exactly (a larger one makes its row's norm exceed 2**52), and
        # every partial sum of G is at most its largest diagonal entry (Cauchy-Schwarz): G is exact.
        err_G: Any = None
    elif big < _LARGEST_GRAM:
        # |G_exact - G| <= ((1 + u)**2 - 1 + gamma_n) |B| |B|^T, and |B| |B|^T <= fl(A A^T) / (1 - gamma_n).
        A = np.abs(B)
        err_G = (A @ A.T.copy()) * ((3 * _U + gam_n) / (1 - gam_n) * up)
    else:
        return None
    try:
        X = _inverse_cholesky(np)(G) * lower  # any lower triangular X will do: NaNs fail the checks below
    except np.linalg.LinAlgError:
        return None
    if quick and _normwise(np, G, X, gram2, k, gam_k, delta, eye, off):
        return Verdict([], [])
    AX = np.abs(X)
    if not AX.max() < _LARGEST_X:
        return None
    # With |G| <= 2**600 and |X| <= 2**150 the products below stay finite; the squares in the error terms
    # (H * H, Pa * Pa) may overflow, which only gives inf or NaN, and those fail every check (never a false
    # proof).  Underflow perturbs an entry by at most k**2 * 2**150 subnormal roundings of 2**-1074 (TINY);
    # a square of a tiny |P| entry may underflow to 0 with an error far above 2**-540, which the margins
    # absorb: eta >= 2 gamma_k F_jj ~ 2**-51 puts d_low at least eta**2 / 2 ~ 2**-103 below the true bound.
    # Assumed: IEEE 754 binary64 with round to nearest, no flush-to-zero, and products summed as dot
    # products in some order (any order and FMA are covered by gamma_k; a Strassen-like product is not).
    diag = X.diagonal()
    P = G @ X.T
    absG = np.abs(G) if err_G is None else np.abs(G) + err_G / gam_k
    Q = absG @ AX.T  # |P_exact - P| <= gamma_k Q  (|G_exact - G| <= err_G included)
    c_p = gam_k / (1 - gam_k) * up  # |P_exact - P| <= c_p Q + TINY
    # F = X P; |F_exact - F| <= |X| |P_exact - P| + gamma_k |X| |P| <= (c_p + gamma_k) |X| Q.
    c_f = (c_p + gam_k) / (1 - gam_k) * up**2
    H = X @ P
    H -= eye
    np.abs(H, out=H)
    H += (AX @ Q) * c_f  # >= |F_exact - I| - TINY entrywise (up to rounding)
    eta = math.sqrt(float(np.vdot(H, H))) * up**3 + k * TINY  # >= ||F_exact - I||_F >= ||F_exact - I||_2
    if not (eta < 0.25 and diag.min() > 0):
        return None
    # The pivots D_F[j] of F lie in [(1 - 2 eta) / (1 - eta), 1 + eta]; |W[j, :j]|_2 <= eta / (1 - eta).
    d_low = (1 - 2 * eta) / (1 - eta) * down**3
    d_high = (1 + eta) * up
    Pa = np.abs(P)
    Pa += Q * c_p  # >= |P_exact| - TINY (up to the enlargement in the constants below)
    # slack[i][j] >= |P[i, :j]|_2 |W[j, :j]|_2 >= |sum_{t<j} P[i][t] W[j][t]| (``above``: ones above the diagonal).
    slack = np.sqrt((Pa * Pa) @ above) * (eta / (1 - eta) * up**4)
    S = Pa + slack  # >= |P_exact[i][j] + sum| - TINY (up to rounding)
    # |mu[i][j]| = X_jj |P[i][j] + sum| / D_F[j] <= 1/2 below the diagonal; X_jj TINY < 2**-549 is the absolute part.
    # bad: strictly below the diagonal and not proven (True > False); NaN-safe, as a NaN is never proven.
    bad = np.greater(strict, S * diag <= (d_low / 2 - 2.0**-540) / up**4)
    rows, columns = bad.nonzero()
    size = list(zip(rows.tolist(), columns.tolist()))
    if k == 1:
        return Verdict(size, [])
    # Lovász: delta B_{i-1} <= B_i + mu**2 B_{i-1}, with B_j = D_F[j] / X_jj**2 and
    # mu**2 B_{i-1} = (P[i][i-1] + sum)**2 / D_F[i-1] >= low**2 / d_high, where
    # low = |P[i][i-1]| - err_P - slack = 2 |P[i][i-1]| - S[i][i-1] - TINY (when positive); times X_{i-1}**2 X_i**2:
    # delta d_high X_i**2 <= d_low X_{i-1}**2 + low**2 X_{i-1}**2 X_i**2 / d_high.
    low = np.abs(P.diagonal(-1))  # the subdiagonals; the operations of 2 |P| down - S up**2 - TINY, in place
    low *= 2 * down
    low -= S.diagonal(-1) * up**2
    low -= TINY
    np.maximum(low, 0.0, out=low)
    x2 = diag * diag
    before, after = x2[:-1], x2[1:]
    rhs = low * low
    rhs *= after
    rhs *= down**8 / d_high
    rhs += d_low * down**6
    rhs *= before
    failing = (~(after * (_upper_float(delta) * d_high * up**4) <= rhs)).nonzero()[0]
    return Verdict(size, [i + 1 for i in failing.tolist()])


def _normwise(np: Any, G: Any, X: Any, gram2: float, k: int, gam: float, delta: Fraction, eye: Any, off: Any) -> bool:
    """True when norm-wise error bounds prove every condition; ``G`` is exact, ``gram2`` its computed ``||G||_F**2``,
    ``gam`` is ``gamma_k``.

    The argument of the module docstring with every entrywise bound replaced
    by one number, from ``||G||_F`` and ``||X||_F`` (``|G| |X|^T <=
    ||G||_F ||X||_F`` entrywise, Cauchy-Schwarz): about half the NumPy calls
    of the entrywise proof, and as strong for a basis whose rows have
    comparable lengths (a margin of ``~k**2 u ||G||_F ||X||_F`` around each
    bound, ``||X||_F**2 = trace(G^-1)``).  ``False`` means not proven here:
    the entrywise proof decides.  Every Frobenius norm is the square root of
    a computed sum of non-negative squares, within ``k**2 u < 2**-33``
    relatively (``k < MAX_ROWS = 2**10``), plus ``2**-500`` for the squares
    that underflow.
    """
    x2 = float(np.vdot(X, X))
    if not x2 < _LARGEST_X * _LARGEST_X:  # also NaN: then |X| <= ||X||_F < 2**150, and the products stay finite
        return False
    nx = math.sqrt(x2) * _UP + 2.0**-500  # >= ||X||_F
    gx = math.sqrt(gram2) * nx * _UP2  # >= ||G||_F ||X||_F
    # |P_exact - P| <= gamma_k |G| |X|^T + TINY <= e_p entrywise.
    e_p = gam / (1 - gam) * gx * _UP2 + TINY
    P = G @ X.T
    H = X @ P
    H -= eye  # exact for diagonal entries in [1/2, 2] (Sterbenz); any other makes eta >= 1/2 (not proven)
    # ||F_exact - fl(X P)||_F <= || |X| |P_exact - P| ||_F + gamma_k ||X||_F ||P||_F (+ k TINY of underflow), with
    # || |X| e_p J ||_F <= k e_p ||X||_F and ||P||_F <= ||P_exact||_F + k e_p <= ||G||_F ||X||_F + k e_p.
    e_f = (k * e_p * nx + gam * nx * (gx + k * e_p)) * _UP3 + k * TINY
    eta = (math.sqrt(float(np.vdot(H, H))) + e_f) * _UP3 + 2.0**-500  # >= ||F_exact - I||_F
    if not eta < 0.25:
        return False
    d_low = (1 - 2 * eta) / (1 - eta) * _DOWN3
    d_high = (1 + eta) * _UP
    # |P_exact[i][j] + sum_{t<j} P_exact[i][t] W[j][t]| <= |P[i][j]| + s, as |P_exact[i, :j]|_2 <= ||G||_F ||X||_F.
    s = (e_p + gx * (eta / (1 - eta))) * _UP3
    diag = X.diagonal()
    # |mu[i][j]| <= |X_jj| (|P[i][j]| + s) / D_F[j]: every off-diagonal entry is tested (those above the diagonal
    # need not be; they are near s |X_jj|, far below 1/2, when the bounds are tight enough to prove anything).
    A = np.abs(P)
    A += s
    A *= np.abs(diag)
    A *= off
    if np.count_nonzero(A <= (d_low / 2 - 2.0**-540) / _UP4) != k * k:  # a NaN is never counted
        return False
    if k == 1:
        return True
    # Lovász as in `_certify`, with low = |P[i][i-1]| - s (when positive).  Computed, it may exceed that by a
    # factor 1 + u, which the factor down**8 below absorbs many times over (as it does the other roundings).
    low = np.abs(P.diagonal(-1))
    low -= s * _UP
    np.maximum(low, 0.0, out=low)
    x2s = diag * diag
    before, after = x2s[:-1], x2s[1:]
    rhs = low * low
    rhs *= after
    rhs *= _DOWN8 / d_high
    rhs += d_low * _DOWN6
    rhs *= before
    return int(np.count_nonzero(after * (_upper_float(delta) * d_high * _UP4) <= rhs)) == k - 1


_UPPER: dict[tuple[int, int], float] = {}


def _upper_float(delta: Fraction) -> float:
    """The least double at or above ``delta`` (remembered for a few ``delta``, by numerator and denominator)."""
    key = (delta.numerator, delta.denominator)
    value = _UPPER.get(key)
    if value is None:
        value = float(delta)  # the nearest double, which may lie below delta
        p, q = value.as_integer_ratio()
        if p * delta.denominator < delta.numerator * q:  # exact comparison of the two rationals
            value = math.nextafter(value, math.inf)
        if len(_UPPER) >= 64:
            _UPPER.clear()
        _UPPER[key] = value
    return value
