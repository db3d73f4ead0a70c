"""Jacobi kernels for floating-point matrices: Hermitian eigenvalues and singular values, in pure Python.

These kernels work on Python ``float``/``complex`` numbers in ``list[list]``
rows (the caller converts from and to the ``floats``/``complexes`` ops; they
are chosen only for ops whose ``capabilities.kind`` is floating point).  The
cyclic Jacobi method is slow for large matrices (``O(n^3)`` per sweep, a few
sweeps) but simple, dependency-free and accurate to a few ulps relative to
the matrix norm.

* [`eigh`][gentensor.linalg.arrayapi.eigh] -- cyclic Jacobi rotations ``J = P R`` (a phase ``P`` that
  makes the pivot real, then a real rotation ``R``) until the off-diagonal
  mass is negligible.  Each rotation is the 2x2 symmetric Schur
  decomposition of Golub and Van Loan (*Matrix Computations*, "Jacobi
  methods"); a sweep visits every pair once, and the off-diagonal mass
  falls quadratically once it is small.
* [`svd`][gentensor.linalg.arrayapi.svd] -- one-sided Jacobi (Hestenes, "Inversion of matrices by
  biorthogonalization and related results", J. SIAM 6, 1958): rotate pairs
  of columns until they are orthogonal, each rotation the one that
  diagonalises their 2x2 Gram matrix; the column norms are the singular
  values.

Both stop on *relative* tests (an off-diagonal entry against the geometric
mean of its diagonal entries, as in Demmel and Veselić, "Jacobi's method is
more accurate than QR", SIAM J. Matrix Anal. Appl. 13, 1992), which is what
makes Jacobi accurate for small eigenvalues and singular values too.

Examples
--------
>>> values, vectors = eigh([[2.0, 1.0], [1.0, 2.0]])
>>> [round(v, 12) for v in values]
[1.0, 3.0]
>>> u, s, vh = svd([[3.0, 0.0], [0.0, -4.0]], full=False)
>>> [round(v, 12) for v in s]
[4.0, 3.0]
"""

from __future__ import annotations

import cmath
import math
from typing import Any

from ..errors import ArgumentValueError

__all__ = ["eigh", "svd", "is_hermitian", "check_finite"]

_EPS = 2.220446049250313e-16
_MAX_SWEEPS = 60


def _conj(a: Any) -> Any:
    return a.conjugate()


def check_finite(values: Any, func: str) -> None:
    """Refuse NaN and infinite entries: an iterative decomposition has no meaningful result for them.

    NumPy's LAPACK routines fail on them too ("did not converge"); here the
    message names the entry.

    Examples
    --------
    >>> check_finite([1.0, float("inf")], "svd")
    Traceback (most recent call last):
    ...
    gentensor.errors.ArgumentValueError: svd: the matrix has a non-finite entry (got inf); NaN and infinite entries have no decomposition -- replace them first (for example with gt.where(gt.isfinite(x), x, 0.0))
    """
    for v in values:
        if not cmath.isfinite(v):
            raise ArgumentValueError(
                f"{func}: the matrix has a non-finite entry (got {v!r}); NaN and infinite entries have no "
                "decomposition -- replace them first (for example with gt.where(gt.isfinite(x), x, 0.0))"
            )


def is_hermitian(rows: list[list[Any]], rtol: float = 1e-10) -> bool:
    """True when ``rows[i][j] == conj(rows[j][i])`` up to ``rtol`` times the largest entry."""
    n = len(rows)
    scale = max((abs(v) for row in rows for v in row), default=0.0)
    tol = rtol * scale
    return all(abs(rows[i][j] - _conj(rows[j][i])) <= tol for i in range(n) for j in range(i, n))


def _scaled(rows: list[list[Any]]) -> float:
    """Scale ``rows`` in place by a power of two (exact) so the largest entry is near 1; return the factor undone.

    Sums of squares then neither overflow nor underflow.
    """
    big = max((abs(v) for row in rows for v in row), default=0.0)
    if big == 0 or not math.isfinite(big):
        return 1.0
    exponent = math.frexp(big)[1]
    # 2**-exponent itself overflows for subnormal entries (exponent < -1023): scale in steps.
    steps = []
    e = -exponent
    while abs(e) > 1000:
        step = 1000 if e > 0 else -1000
        steps.append(math.ldexp(1.0, step))
        e -= step
    steps.append(math.ldexp(1.0, e))
    for row in rows:
        for factor in steps:
            row[:] = [v * factor for v in row]
    return math.ldexp(1.0, exponent)


def _rotation(a: float, b: Any, d: float) -> tuple[float, float, Any]:
    """``(c, s, phase)`` of the Jacobi rotation ``J = P R`` diagonalising ``[[a, b], [conj(b), d]]``.

    ``P = diag(1, conj(phase))`` makes the off-diagonal entry real
    (``|b|``); ``R = [[c, s], [-s, c]]`` then zeroes it.
    """
    r = abs(b)
    phase = b / r
    phase = phase / abs(phase)  # exactly unit modulus, so the rotation stays unitary
    # t = tan(angle) solves t**2 + 2 theta t - 1 = 0; the root of smaller modulus (|angle| <= pi/4),
    # written without cancellation, keeps the rotation close to the identity: the stable choice.
    theta = (d - a) / (2.0 * r)
    if math.isinf(theta):
        t = 0.5 / theta  # theta**2 overflowed: the root is 1 / (2 theta) to working precision
    else:
        t = math.copysign(1.0, theta) / (abs(theta) + math.sqrt(theta * theta + 1.0))
    c = 1.0 / math.sqrt(t * t + 1.0)
    return c, t * c, phase


def _rotate_columns(m: list[list[Any]], p: int, q: int, c: float, s: float, phase: Any) -> None:
    """``m <- m @ J`` on columns ``p``, ``q`` (``J = [[c, s], [-s*conj(phase), c*conj(phase)]]``)."""
    cp = _conj(phase)
    for row in m:
        x, y = row[p], row[q]
        y = y * cp
        row[p] = c * x - s * y
        row[q] = s * x + c * y


def eigh(rows: list[list[Any]]) -> tuple[list[float], list[list[Any]]]:
    """Eigenvalues (ascending) and orthonormal eigenvectors (columns) of a Hermitian matrix.

    ``rows`` is consumed.  Returns ``(values, vectors)`` with
    ``rows @ vectors == vectors @ diag(values)`` to rounding.
    """
    n = len(rows)
    a = rows
    scale = _scaled(a)
    complex_ = any(isinstance(v, complex) for row in a for v in row)
    zero = 0j if complex_ else 0.0
    v = [[zero + (1.0 if i == j else 0.0) for j in range(n)] for i in range(n)]
    norm2 = sum(abs(x) ** 2 for row in a for x in row)  # invariant under the rotations (Frobenius)
    negligible = (_EPS * _EPS * 1e-4) * norm2  # entries this small are zero at the matrix's scale
    for _ in range(_MAX_SWEEPS):
        # Converged when the off-diagonal mass is below rounding at the matrix's scale.
        off = sum(abs(a[p][q]) ** 2 for p in range(n) for q in range(p + 1, n))
        if off <= (_EPS * _EPS) * norm2 * 1e-2 or off == 0.0:
            break
        for p in range(n - 1):  # one cyclic sweep: every pair (p, q) once, row by row
            for q in range(p + 1, n):
                b = a[p][q]
                if b == 0:
                    continue
                app, aqq = a[p][p].real, a[q][q].real
                # Relative test: rotating away an entry this small next to its diagonal entries would
                # change no eigenvalue beyond rounding; set it to zero instead.
                if abs(b) <= _EPS * 1e-3 * math.sqrt(abs(app * aqq)) or abs(b) ** 2 <= negligible:
                    a[p][q] = a[q][p] = zero
                    continue
                c, s, phase = _rotation(app, b, aqq)
                _rotate_columns(a, p, q, c, s, phase)
                # a <- J^H a on rows p, q
                rp, rq = a[p], a[q]
                for k in range(n):
                    x, y = rp[k], rq[k] * phase
                    rp[k] = c * x - s * y
                    rq[k] = s * x + c * y
                # The rotation zeroes (p, q) exactly in exact arithmetic: store the exact zero and real
                # diagonal entries (a Hermitian matrix has real ones), not the rounding residue.
                a[p][q] = a[q][p] = zero
                a[p][p] = zero + a[p][p].real
                a[q][q] = zero + a[q][q].real
                _rotate_columns(v, p, q, c, s, phase)  # V <- V J: the eigenvectors accumulate
    values = [a[i][i].real * scale for i in range(n)]
    order = sorted(range(n), key=values.__getitem__)
    return [values[k] for k in order], [[row[k] for k in order] for row in v]


def _orthonormal_completion(columns: list[list[Any]], m: int, zero: Any) -> list[list[Any]]:
    """``columns`` (orthonormal vectors of length ``m``) completed to ``m`` of them by Gram-Schmidt on unit vectors."""
    basis = [col[:] for col in columns]
    for i in range(m):
        if len(basis) == m:
            break
        w = [zero + (1.0 if k == i else 0.0) for k in range(m)]
        for _ in range(2):  # twice is enough (Kahan; Parlett, *The Symmetric Eigenvalue Problem*)
            for u in basis:
                dot = sum(_conj(u[k]) * w[k] for k in range(m))
                w = [w[k] - dot * u[k] for k in range(m)]
        norm = math.sqrt(sum(abs(x) ** 2 for x in w))
        if norm > 0.5:
            basis.append([x / norm for x in w])
    return basis


def svd(rows: list[list[Any]], full: bool) -> tuple[list[list[Any]], list[float], list[list[Any]]]:
    """``(U, S, Vh)`` with ``rows == U @ diag(S) @ Vh`` and ``S`` descending; ``full`` gives square ``U``, ``Vh``.

    ``rows`` (``m x n``) is consumed.
    """
    m = len(rows)
    n = len(rows[0]) if m else 0
    if m < n:  # A = (A^H)^H: the SVD of the conjugate transpose, transposed back
        ah = [[_conj(rows[i][j]) for i in range(m)] for j in range(n)]
        u2, s, vh2 = svd(ah, full)
        u = [[_conj(vh2[j][i]) for j in range(len(vh2))] for i in range(len(vh2[0]) if vh2 else 0)]
        vh = [[_conj(u2[j][i]) for j in range(len(u2))] for i in range(len(u2[0]) if u2 else 0)]
        return u, s, vh
    scale = _scaled(rows)
    complex_ = any(isinstance(x, complex) for row in rows for x in row)
    zero = 0j if complex_ else 0.0
    cols = [[zero + rows[i][j] for i in range(m)] for j in range(n)]  # work column-wise
    v = [[zero + (1.0 if i == j else 0.0) for j in range(n)] for i in range(n)]
    vcols = [[v[i][j] for i in range(n)] for j in range(n)]
    # Columns with less mass than this are zero at the matrix's scale (their singular values are
    # below rounding); rotating with them would only spread rounding noise (and subnormals) into V.
    negligible = (_EPS * _EPS * 1e-4) * sum(abs(x) ** 2 for col in cols for x in col)
    for _ in range(_MAX_SWEEPS):
        rotated = False
        for p in range(n - 1):
            for q in range(p + 1, n):
                cp, cq = cols[p], cols[q]
                # The 2x2 Gram matrix [[alpha, gamma], [conj(gamma), beta]] of columns p and q.
                alpha = sum(abs(x) ** 2 for x in cp)
                beta = sum(abs(x) ** 2 for x in cq)
                if alpha <= negligible or beta <= negligible:
                    continue
                gamma = sum(_conj(x) * y for x, y in zip(cp, cq))
                if abs(gamma) <= _EPS * math.sqrt(alpha * beta) or gamma == 0:
                    continue  # orthogonal to working precision (relative test)
                rotated = True
                c, sn, phase = _rotation(alpha, gamma, beta)
                ph = _conj(phase)
                for pair in ((cp, cq), (vcols[p], vcols[q])):
                    x_col, y_col = pair
                    for k in range(len(x_col)):
                        x, y = x_col[k], y_col[k] * ph
                        x_col[k] = c * x - sn * y
                        y_col[k] = sn * x + c * y
        if not rotated:
            break
    # A V has orthogonal columns: A V = U diag(norms), so the norms are the singular values.
    norms = [math.sqrt(sum(abs(x) ** 2 for x in col)) for col in cols]
    order = sorted(range(n), key=lambda k: -norms[k])
    s = [norms[k] * scale for k in order]
    largest = norms[order[0]] if order else 0.0
    ucols = []
    for k in order:
        # A column this small is rounding noise, not a direction: U's column there comes from the
        # completion below (any orthonormal vector serves a zero singular value).
        if norms[k] > _EPS * largest * max(m, n) and norms[k] > 0:
            ucols.append([x / norms[k] for x in cols[k]])
        else:
            break
    ucols = _orthonormal_completion(ucols, m, zero)[: (m if full else n)]
    vk = [vcols[k] for k in order]
    u = [[ucols[j][i] for j in range(len(ucols))] for i in range(m)]
    vh = [[_conj(vk[i][j]) for j in range(n)] for i in range(n)]
    return u, s, vh
