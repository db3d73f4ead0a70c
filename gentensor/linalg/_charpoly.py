"""Characteristic polynomials on ``list[list]`` matrices: Berkowitz (division-free) and Hessenberg (fields).

Berkowitz's algorithm (S. J. Berkowitz, "On computing the determinant in
small parallel time using a small number of processors", Inform. Process.
Lett. 18, 1984) builds the characteristic polynomial of the leading ``k x
k`` submatrices one row and column at a time, using only ring operations.
It is therefore valid in every commutative ring -- integers mod a composite
``n``, polynomial rings, user rings without division -- at a cost of about
``n**4 / 4`` multiplications.  From the characteristic polynomial come the
determinant (its constant term, up to sign) and, through Cayley-Hamilton,
the adjugate.

Over a field, `charpoly_hessenberg` first reduces the matrix to upper
Hessenberg form by similarity (elimination below the subdiagonal, the
inverse operation on the columns), then runs the recurrence of the
characteristic polynomials of its leading blocks (Cohen, *A Course in
Computational Algebraic Number Theory*, algorithm 2.2.9): about ``n**3``
operations in all.  It divides by pivots, so it needs a field; `._fast`
has the same algorithm on ints mod p.
"""

from __future__ import annotations

from typing import Any

from ..compute import matmul_flat
from ._dense import PivotKey, find_pivot, identity_rows, swap_similar
from ..ops import ElementOps

__all__ = ["charpoly_berkowitz", "charpoly_hessenberg", "hessenberg", "hessenberg_charpoly", "det_berkowitz", "adjugate_berkowitz", "matmul"]


def matmul(A: list[list[Any]], B: list[list[Any]], ops: ElementOps) -> list[list[Any]]:
    """The product of two matrices given as rows, through the one product kernel (`matmul_flat`).

    Uses ``ops.mul, ops.sum`` (and ``ops.zero`` when the inner dimension is 0).

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> matmul([[1, 2], [3, 4]], [[5], [6]], integers)
    [[17], [39]]
    """
    m, k = len(A), len(B)
    n = len(B[0]) if B else 0
    flat = matmul_flat(ops, [v for row in A for v in row], [v for row in B for v in row], m, k, n)
    return [flat[i * n : (i + 1) * n] for i in range(m)]


def charpoly_berkowitz(M: list[list[Any]], ops: ElementOps) -> list[Any]:
    """Coefficients of ``det(t*I - M)``, highest degree first (``n + 1`` of them).

    For the leading submatrix ``A`` of order ``k`` bordered by column ``c``,
    row ``r`` and corner ``a``, the next polynomial is the product of the lower
    triangular Toeplitz matrix with first column
    ``(1, -a, -r c, -r A c, ..., -r A**(k-1) c)`` and the current coefficient
    vector.  No division anywhere.  ``M`` is not changed.

    Uses ``ops.one, ops.mul, ops.neg, ops.sum``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> charpoly_berkowitz([[1, 2], [3, 4]], integers)
    [1, -5, -2]
    """
    mul, neg, total = ops.mul, ops.neg, ops.sum
    one = ops.one
    poly = [one]  # the characteristic polynomial of the leading k x k block (k = 0: the constant 1)
    for k in range(len(M)):
        # Border the leading block A (k x k) with column c above the corner, row r left of it, corner a.
        column = [M[i][k] for i in range(k)]
        row = M[k][:k]
        block = [M[i][:k] for i in range(k)]
        toeplitz = [one, neg(M[k][k])]  # its first column: 1, -a, -r c, -r A c, ..., -r A**(k-1) c
        v = column  # A**j c, one matrix-vector product per j: the k**2 * k (n**4 / 4 in all) of the cost
        for j in range(k):
            toeplitz.append(neg(total(map(mul, row, v))))
            if j < k - 1:
                v = [total(map(mul, b, v)) for b in block]
        # The (k+2) x (k+1) lower triangular Toeplitz matrix times the coefficient vector, entry by entry:
        # coefficient i of the product is sum_j toeplitz[i - j] * poly[j] over the j where both exist.
        poly = [
            total(mul(toeplitz[i - j], poly[j]) for j in range(max(0, i - k - 1), min(i, k) + 1))
            for i in range(k + 2)
        ]
    return poly


def det_berkowitz(M: list[list[Any]], ops: ElementOps) -> Any:
    """Determinant through Berkowitz's characteristic polynomial (division-free).

    Uses what `charpoly_berkowitz` uses.

    Examples
    --------
    >>> from gentensor.ops import modular
    >>> det_berkowitz([[2, 3], [4, 1]], modular(6))
    2
    """
    coeffs = charpoly_berkowitz(M, ops)
    # det(t I - M) at t = 0 is det(-M) = (-1)**n det(M): the constant term, up to that sign.
    return ops.neg(coeffs[-1]) if len(M) % 2 else coeffs[-1]


def adjugate_berkowitz(M: list[list[Any]], ops: ElementOps) -> list[list[Any]]:
    """The adjugate (classical adjoint) of a square matrix, division-free.

    Cayley-Hamilton: with ``det(t*I - M) = t**n + c_1 t**(n-1) + ... + c_n``,
    ``adj(M) = (-1)**(n-1) (M**(n-1) + c_1 M**(n-2) + ... + c_(n-1) I)``,
    evaluated by Horner's rule (``n - 1`` matrix products).  ``M`` is not changed.

    Uses ``ops.zero, ops.one, ops.mul, ops.neg, ops.add, ops.sum``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> adjugate_berkowitz([[1, 2], [3, 4]], integers)
    [[4, -2], [-3, 1]]
    """
    n = len(M)
    coeffs = charpoly_berkowitz(M, ops)
    # Horner: B_j = M B_{j-1} + c_j I from B_0 = I; B_{n-1} = M**(n-1) + c_1 M**(n-2) + ... + c_(n-1) I.
    # (Cayley-Hamilton, M B_{n-1} + c_n I = 0, so M adj(M) = det(M) I with adj = (-1)**(n-1) B_{n-1}.)
    B = identity_rows(n, ops.zero, ops.one)
    for j in range(1, n):
        B = matmul(M, B, ops)
        for i in range(n):
            B[i][i] = ops.add(B[i][i], coeffs[j])
    if n % 2 == 0:  # the sign (-1)**(n-1)
        B = [[ops.neg(x) for x in row] for row in B]
    return B


def hessenberg(M: list[list[Any]], ops: ElementOps, pivot_key: PivotKey = None) -> list[list[Any]]:
    """Reduce ``M`` in place to upper Hessenberg form by similarity (the characteristic polynomial is kept).

    For each column ``c``, a pivot below the subdiagonal (the first non-zero
    entry; the largest by ``pivot_key`` for inexact fields) is swapped to row
    ``c+1`` (rows and columns together), the rows below lose their entry in
    column ``c`` (``row_i -= f_i row_{c+1}``) and column ``c+1`` gains the
    inverse operation (``col_{c+1} += sum_i f_i col_i``).  About ``5 n**3 / 6``
    multiplications.  Returns ``M``.

    Uses ``ops.zero, ops.one, ops.mul, ops.sub, ops.div, ops.sum, ops.is_zero`` (and ``ops.zero_test`` when
    present, through `._dense.find_pivot`).

    Examples
    --------
    >>> from fractions import Fraction
    >>> from gentensor.ops import rationals
    >>> H = hessenberg([[Fraction(1), 2, 3], [Fraction(2), 1, 0], [Fraction(4), 0, 1]], rationals)
    >>> H[2][0], [str(v) for v in H[1]]
    (Fraction(0, 1), ['2', '1', '0'])
    """
    n = len(M)
    mul, sub, div, total, is_zero, zero, one = ops.mul, ops.sub, ops.div, ops.sum, ops.is_zero, ops.zero, ops.one
    # Cohen 2.2.9, the reduction.  Invariant before column c: M is similar to the input and upper
    # Hessenberg in its first c columns (zero below the subdiagonal there).
    for c in range(n - 2):
        p = find_pivot(M, c, c + 1, ops, pivot_key)
        if p < 0:
            continue  # already zero below the subdiagonal
        if p != c + 1:
            swap_similar(M, p, c + 1)  # P M P^-1 with P a transposition
        top = M[c + 1]
        inv = div(one, top[c]) if pivot_key is None else None
        tail = top[c + 1 :]
        fs = []  # fs[i - c - 2]: the multiple of row c+1 subtracted from row i
        for i in range(c + 2, n):
            row = M[i]
            a = row[c]
            if is_zero(a):
                fs.append(zero)
                continue
            f = mul(a, inv) if inv is not None else div(a, top[c])
            fs.append(f)
            row[c + 1 :] = [sub(x, mul(f, y)) for x, y in zip(row[c + 1 :], tail)]
            row[c] = zero
        if all(map(is_zero, fs)):
            continue
        # The row operations were L M with L = I - sum_i f_i e_i e_{c+1}^T; completing the similarity,
        # M L^-1 adds sum_i f_i (column i) to column c+1.  Columns <= c are untouched: the zeros stay.
        add = ops.add
        for row in M:
            row[c + 1] = add(row[c + 1], total(map(mul, fs, row[c + 2 :])))
    return M


def hessenberg_charpoly(H: list[list[Any]], ops: ElementOps) -> list[Any]:
    """Coefficients of ``det(t*I - H)`` for an upper Hessenberg ``H``, highest degree first (division-free).

    With ``p_k`` the characteristic polynomial of the leading ``k x k`` block,
    ``p_k = (t - h_kk) p_{k-1} - sum_{i=1}^{k-1} h_{k-i,k} (h_{k,k-1} ... h_{k-i+1,k-i}) p_{k-i-1}``;
    each coefficient of the sum is one dot product over the earlier
    polynomials.  About ``n**3 / 6`` multiplications.

    Uses ``ops.zero, ops.one, ops.mul, ops.sub, ops.sum``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> hessenberg_charpoly([[1, 2], [3, 4]], integers)
    [1, -5, -2]
    """
    n = len(H)
    mul, sub, total, zero, one = ops.mul, ops.sub, ops.sum, ops.zero, ops.one
    # Stored by coefficient, not by polynomial, so that each coefficient of the sum below is one dot
    # product over contiguous lists.
    cols: list[list[Any]] = [[one]]  # cols[j][m]: coefficient of t**j in p_m (zero for m < j)
    for k in range(1, n + 1):
        h = H[k - 1][k - 1]
        # d[m]: the weight of p_m (m = k-2, ..., 0), H[m][k-1] times the subdiagonal entries
        # H[m+1][m] ... H[k-1][k-2] (beta accumulates them from the bottom up).
        d = [zero] * (k - 1)
        beta = one
        for i in range(1, k):
            beta = mul(beta, H[k - i][k - i - 1])
            d[k - 1 - i] = mul(H[k - 1 - i][k - 1], beta)
        cols.append([zero] * k)
        for j in range(k + 1):  # coefficient of t**j in p_k = t p_{k-1} - h p_{k-1} - sum_m d[m] p_m
            col = cols[j]
            v = cols[j - 1][k - 1] if j else zero
            if j < k:
                v = sub(v, mul(h, col[k - 1]))
                if j < k - 1:
                    v = sub(v, total(map(mul, d[j : k - 1], col[j : k - 1])))
            col.append(v)
    return [cols[j][n] for j in range(n, -1, -1)]


def charpoly_hessenberg(M: list[list[Any]], ops: ElementOps, pivot_key: PivotKey = None) -> list[Any]:
    """Coefficients of ``det(t*I - M)`` over a field, highest degree first: `hessenberg`, then
    `hessenberg_charpoly`.  ``O(n**3)``; ``M`` is not changed.

    Uses what `hessenberg` and `hessenberg_charpoly` use.

    Examples
    --------
    >>> from gentensor.ops import modular
    >>> charpoly_hessenberg([[1, 2, 0], [3, 4, 5], [6, 0, 1]], modular(7))
    [1, 1, 3, 5]
    """
    return hessenberg_charpoly(hessenberg([list(row) for row in M], ops, pivot_key), ops)
