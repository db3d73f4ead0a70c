"""Decomposition kernels on plain ``list[list]`` matrices over a field: LDL and orthogonalisation.

* `ldl_rows` -- ``P A P^T = L D L^T`` for a symmetric (or Hermitian)
  ``A``: symmetric pivoting when a diagonal pivot is zero, and a 2x2 block
  pivot when every remaining diagonal entry is zero (``[[0, 1], [1, 0]]``
  has no 1x1 pivot at all), the block pivots of Bunch and Parlett (SIAM J.
  Numer. Anal. 8, 1971) and of LAPACK's ``sytrf`` (Bunch-Kaufman), chosen
  here by exact zero tests instead of magnitudes.  The elimination itself
  never conjugates: for a Hermitian ``A`` the same ``L`` satisfies
  ``P A P^T = L D L^H``.  About ``n**3 / 3`` operations.
* `ldl_fraction_free_rows` -- the fraction-free form ``L diag(d)^-1 L^T``
  of Zhou and Jeffrey ("Fraction-free matrix factors: new forms for LU and
  QR factors", Front. Comput. Sci. China 2, 2008), in its symmetric form:
  every entry a minor of ``A``, as in Bareiss elimination.
* `orthogonal_rows` -- ``A = Q R`` with ``R`` unit upper triangular and
  the columns of ``Q`` orthogonal (Gram-Schmidt without square roots), for
  exact fields.  It eliminates on the Gram matrix ``G = A^H A`` (so ``G =
  R^H D R``, ``D = diag(|q_k|^2)``) and only ever conjugates the *input*,
  which matters for symbolic entries: SymPy conjugates an expression, the
  polynomial domains the kernels run in cannot.
* `mgs_rows` -- the same result by modified Gram-Schmidt (Björck, BIT 7,
  1967), for inexact fields (the Gram matrix would square the condition
  number).

Elements are touched only through the ops; pivots are tested with ``ops.is_zero``.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ..ops import ElementOps
from ._dense import identity_rows

__all__ = ["ldl_rows", "ldl_fraction_free_rows", "orthogonal_rows", "mgs_rows", "ZeroPivot", "ldl_sym", "ldl_sym_nopivot", "orthogonal_sym"]


class ZeroPivot(ArithmeticError):
    """`ldl_rows` without pivoting met a zero pivot (its index is ``args[0]``)."""


def _swap(S: list[list[Any]], L: list[list[Any]], perm: list[int], k: int, p: int, q: int) -> None:
    """Swap indices ``p`` and ``q`` symmetrically in ``S``; swap the finished part (columns < ``k``) of ``L``."""
    if p == q:
        return
    S[p], S[q] = S[q], S[p]
    for row in S:
        row[p], row[q] = row[q], row[p]
    L[p][:k], L[q][:k] = L[q][:k], L[p][:k]
    perm[p], perm[q] = perm[q], perm[p]


def _schur_update(
    S: list[list[Any]], k: int, column: list[Any], row: list[Any], mul: Any, sub: Any, is_zero: Any
) -> None:
    """``S[i][j] -= column[i] * row[j]`` for ``i, j > k``, in place: one elimination step, zero multipliers skipped.

    With ``column[i] = S[i][k] / S[k][k]`` and ``row = S[k]`` (or the other way
    round) this leaves the Schur complement of the pivot in ``S[k+1:, k+1:]``.
    """
    n = len(S)
    for i in range(k + 1, n):
        c = column[i]
        if is_zero(c):
            continue
        Si = S[i]
        for j in range(k + 1, n):
            Si[j] = sub(Si[j], mul(c, row[j]))


def ldl_rows(
    A: list[list[Any]], ops: ElementOps, pivoting: bool = True
) -> tuple[list[int], list[list[Any]], list[list[Any]]]:
    """``(perm, L, D)`` with ``P A P^T == L D L^T`` (``L^H`` for Hermitian ``A``) over a field.

    Row ``i`` of ``P A`` is row ``perm[i]`` of ``A``; ``L`` is unit lower
    triangular; ``D`` is block diagonal with 1x1 blocks and, where needed,
    symmetric 2x2 blocks.  Without ``pivoting`` a zero pivot raises
    `ZeroPivot` (a Cholesky factor cannot exist then).  ``A`` is not
    changed; it must be symmetric (Hermitian), which the caller checks.

    Uses ``ops.zero, ops.one, ops.mul, ops.sub, ops.neg, ops.div, ops.is_zero``.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from gentensor.ops import rationals
    >>> ldl_rows([[F(4), F(2)], [F(2), F(5)]], rationals)
    ([0, 1], [[Fraction(1, 1), Fraction(0, 1)], [Fraction(1, 2), Fraction(1, 1)]], [[Fraction(4, 1), Fraction(0, 1)], [Fraction(0, 1), Fraction(4, 1)]])
    >>> ldl_rows([[F(0), F(1)], [F(1), F(0)]], rationals)[2]
    [[Fraction(0, 1), Fraction(1, 1)], [Fraction(1, 1), Fraction(0, 1)]]
    """
    n = len(A)
    zero, one = ops.zero, ops.one
    mul, sub, div, is_zero = ops.mul, ops.sub, ops.div, ops.is_zero
    S = [list(row) for row in A]
    L = identity_rows(n, zero, one)
    D = [[zero] * n for _ in range(n)]
    perm = list(range(n))
    # S: the Schur complement still to factor, in rows and columns k..n-1 (entries left of k are stale).
    k = 0
    while k < n:
        size = 1
        if is_zero(S[k][k]):
            if not pivoting:
                raise ZeroPivot(k)
            # A non-zero diagonal entry further down, moved up by a symmetric swap (P S P^T stays symmetric).
            j = next((j for j in range(k + 1, n) if not is_zero(S[j][j])), -1)
            if j >= 0:
                _swap(S, L, perm, k, k, j)
            else:
                # The remaining diagonal is all zero: pair k with a row j where S[j][k] != 0, moved to k+1.
                # The block [[0, b], [c, 0]] has determinant -b*c != 0 (a field): a 2x2 pivot.
                j = next((j for j in range(k + 1, n) if not is_zero(S[j][k])), -1)
                if j < 0:  # row and column k of the remaining block are zero
                    k += 1
                    continue
                _swap(S, L, perm, k, k + 1, j)
                size = 2
        if size == 1:
            d = S[k][k]
            D[k][k] = d
            inv = div(one, d)
            for i in range(k + 1, n):
                L[i][k] = mul(S[i][k], inv)
            # The Schur complement: S[i][j] -= L[i][k] * S[k][j] (= S[i][k] S[k][j] / d, symmetric).
            _schur_update(S, k, [row[k] for row in L], S[k], mul, sub, is_zero)
            k += 1
            continue
        # A 2x2 block pivot E = [[a, b], [c, e]]: columns k, k+1 of L are S[k+2:, k:k+2] @ E^-1, with
        # E^-1 = [[e, -b], [-c, a]] / det (c == b, conj(b) for a Hermitian A).
        a, b, c, e = S[k][k], S[k][k + 1], S[k + 1][k], S[k + 1][k + 1]
        det = sub(mul(a, e), mul(b, c))
        if is_zero(det):  # pragma: no cover - a = e = 0 and b = c != 0 in an integral domain
            raise ZeroPivot(k)
        D[k][k], D[k][k + 1], D[k + 1][k], D[k + 1][k + 1] = a, b, c, e
        inv = div(one, det)
        for i in range(k + 2, n):
            x0, x1 = S[i][k], S[i][k + 1]
            L[i][k] = mul(sub(mul(x0, e), mul(x1, c)), inv)
            L[i][k + 1] = mul(sub(mul(x1, a), mul(x0, b)), inv)
        # The Schur complement of the block: S[i][j] -= L[i][k] S[k][j] + L[i][k+1] S[k+1][j].
        r0, r1 = S[k], S[k + 1]
        for i in range(k + 2, n):
            l0, l1 = L[i][k], L[i][k + 1]
            Si = S[i]
            for j in range(k + 2, n):
                Si[j] = sub(Si[j], ops.add(mul(l0, r0[j]), mul(l1, r1[j])))
        k += 2
    return perm, L, D


def ldl_fraction_free_rows(A: list[list[Any]], ops: ElementOps) -> tuple[list[int], list[list[Any]], list[Any]]:
    """``(perm, L, d)`` with ``P A P^T == L diag(d)^-1 L^T``, every entry in the ring (fraction-free).

    Symmetric Bareiss elimination: column ``k`` of ``L`` is column ``k`` of
    the fraction-free elimination after ``k`` steps (so ``L[k][k]`` is the
    ``k``-th leading principal minor ``p_k``) and ``d[k] = p_(k-1) * p_k``;
    every division is exact, so integers stay integers and any integral
    domain with ``exquo`` works.  A zero pivot is avoided by a symmetric swap
    with a later non-zero diagonal entry; when there is none (a singular
    matrix, or one needing 2x2 pivots) `ZeroPivot` is raised.

    Uses ``ops.zero, ops.one, ops.mul, ops.sub, ops.exquo, ops.is_zero``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> ldl_fraction_free_rows([[4, 2], [2, 5]], integers)
    ([0, 1], [[4, 0], [2, 16]], [4, 64])
    """
    n = len(A)
    zero, one = ops.zero, ops.one
    mul, sub, exquo, is_zero = ops.mul, ops.sub, ops.exquo, ops.is_zero
    S = [list(row) for row in A]
    L = [[zero] * n for _ in range(n)]
    d: list[Any] = []
    perm = list(range(n))
    prev = one  # the previous pivot p_(k-1) (p_(-1) = 1)
    for k in range(n):
        if is_zero(S[k][k]):
            j = next((j for j in range(k + 1, n) if not is_zero(S[j][j])), -1)
            if j < 0:
                raise ZeroPivot(k)
            _swap(S, L, perm, k, k, j)
        pk = S[k][k]  # the k-th leading principal minor of P A P^T
        for i in range(k, n):
            L[i][k] = S[i][k]
        d.append(mul(prev, pk))
        # One Bareiss step (see `._dense`): exact division by the previous pivot, entries stay minors.
        rowk = S[k]
        for i in range(k + 1, n):
            Si, sik = S[i], S[i][k]
            for j in range(k + 1, n):
                Si[j] = exquo(sub(mul(pk, Si[j]), mul(sik, rowk[j])), prev)
        prev = pk
    return perm, L, d


def orthogonal_rows(
    A: list[list[Any]], Ac: Optional[list[list[Any]]], ops: ElementOps
) -> tuple[list[list[Any]], list[list[Any]], list[Any]]:
    """``(Q, R, d)``: ``A == Q R``, ``R`` unit upper triangular, ``Q^H Q == diag(d)`` (exact fields).

    ``Ac`` is the entry-wise conjugate of ``A`` (``None`` for a real ring).
    A column of ``A`` that depends on the ones before it gives a zero column
    of ``Q`` (``d == 0`` there) and a unit row of ``R``.  Inputs are not changed.

    Uses ``ops.zero, ops.one, ops.mul, ops.sub, ops.sum, ops.div, ops.is_zero``.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from gentensor.ops import rationals
    >>> Q, R, d = orthogonal_rows([[F(3), F(1)], [F(4), F(2)]], None, rationals)
    >>> [[str(v) for v in row] for row in Q], [[str(v) for v in row] for row in R], [str(v) for v in d]
    ([['3', '-8/25'], ['4', '6/25']], [['1', '11/25'], ['0', '1']], ['25', '4/25'])
    """
    m = len(A)
    n = len(A[0]) if m else 0
    zero, one = ops.zero, ops.one
    mul, sub, total, div, is_zero = ops.mul, ops.sub, ops.sum, ops.div, ops.is_zero
    cols = [[A[i][j] for i in range(m)] for j in range(n)]
    ccols = cols if Ac is None else [[Ac[i][j] for i in range(m)] for j in range(n)]
    # The Gram matrix G = A^H A.  With A = Q R (R unit upper triangular, Q^H Q = D diagonal),
    # G = R^H D R: an LDL^H factorisation of G, which elimination on G computes (no square roots).
    S = [[total(map(mul, ccols[i], cols[j])) for j in range(n)] for i in range(n)]
    R = identity_rows(n, zero, one)
    d: list[Any] = [zero] * n
    for k in range(n):
        dk = S[k][k]
        if is_zero(dk):
            continue  # column k depends on the earlier ones: q_k = 0, row k of R stays a unit row
        d[k] = dk
        inv = div(one, dk)
        Rk = R[k]
        for j in range(k + 1, n):
            Rk[j] = mul(S[k][j], inv)
        _schur_update(S, k, [row[k] for row in S], Rk, mul, sub, is_zero)
    # Q = A R^-1, column by column: a_j = q_j + sum_{i<j} R[i][j] q_i.
    Q: list[list[Any]] = []  # columns
    for j in range(n):
        q = list(cols[j])
        for i in range(j):
            r = R[i][j]
            if not is_zero(r):
                q = [sub(a, mul(r, b)) for a, b in zip(q, Q[i])]
        Q.append(q)
    return [[Q[j][i] for j in range(n)] for i in range(m)], R, d


def mgs_rows(
    A: list[list[Any]], conj: Optional[Callable[[Any], Any]], ops: ElementOps
) -> tuple[list[list[Any]], list[list[Any]], list[Any]]:
    """`orthogonal_rows` by modified Gram-Schmidt (inexact fields; ``conj`` as for [`conjugate`][gentensor.compute.elementary.conj]).

    Uses ``ops.zero, ops.one, ops.mul, ops.sub, ops.sum, ops.div, ops.is_zero``.

    Examples
    --------
    >>> from gentensor.ops import floats
    >>> mgs_rows([[3.0, 1.0], [4.0, 2.0]], None, floats)[1]
    [[1.0, 0.44], [0.0, 1.0]]
    """
    m = len(A)
    n = len(A[0]) if m else 0
    zero, one = ops.zero, ops.one
    mul, sub, total, div, is_zero = ops.mul, ops.sub, ops.sum, ops.div, ops.is_zero
    Q = [[A[i][j] for i in range(m)] for j in range(n)]
    R = identity_rows(n, zero, one)
    d: list[Any] = [zero] * n

    def dot(u: list[Any], v: list[Any]) -> Any:
        return total(map(mul, u if conj is None else map(conj, u), v))

    # Modified Gram-Schmidt: as soon as q_k is final, every later column loses its component along
    # q_k, measured on the already-updated column (classical Gram-Schmidt measures on the original
    # one, and loses orthogonality in floating point).
    for k in range(n):
        dk = dot(Q[k], Q[k])
        if is_zero(dk):
            continue
        d[k] = dk
        for j in range(k + 1, n):
            r = div(dot(Q[k], Q[j]), dk)
            R[k][j] = r
            Q[j] = [sub(a, mul(r, b)) for a, b in zip(Q[j], Q[k])]
    return [[Q[j][i] for j in range(n)] for i in range(m)], R, d


# -- the symbolic paths: expressions in the field of their SymPy domain --------------------


def ldl_sym(rows: list[list[Any]], ops: ElementOps, pivoting: bool = True) -> Any:
    """`ldl_rows` for SymPy expressions, in the field of their domain (provider ``"ldl"``)."""
    from ._symbolic import matrix_field

    if not rows:
        return NotImplemented
    found = matrix_field(rows)
    if found is NotImplemented:
        return NotImplemented
    fops, M, back = found
    perm, L, D = ldl_rows(M, fops, pivoting=pivoting)
    return perm, [[back(v) for v in row] for row in L], [[back(v) for v in row] for row in D]


def ldl_sym_nopivot(rows: list[list[Any]], ops: ElementOps) -> Any:
    """`ldl_sym` without pivoting (provider ``"ldl.nopivot"``)."""
    return ldl_sym(rows, ops, pivoting=False)


def orthogonal_sym(rows: list[list[Any]], ops: ElementOps) -> Any:
    """`orthogonal_rows` for SymPy expressions (provider ``"orthogonal"``).

    The entries and their conjugates (SymPy's ``conjugate``: the identity on
    real symbols) go into one domain; the Gram matrix is formed there.
    """
    import sympy

    from ._symbolic import matrix_field

    if not rows or not rows[0]:
        return NotImplemented
    n = len(rows[0])
    conj = [[sympy.conjugate(v) for v in row] for row in rows]
    real = all(c == v for rc, rv in zip(conj, rows) for c, v in zip(rc, rv))
    found = matrix_field(rows if real else [r + c for r, c in zip(rows, conj)])
    if found is NotImplemented:
        return NotImplemented
    fops, M, back = found
    A = M if real else [row[:n] for row in M]
    Ac = None if real else [row[n:] for row in M]
    Q, R, d = orthogonal_rows(A, Ac, fops)
    return [[back(v) for v in row] for row in Q], [[back(v) for v in row] for row in R], [back(v) for v in d]
