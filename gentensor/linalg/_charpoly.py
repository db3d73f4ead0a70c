"""Division-free kernels on ``list[list]`` matrices: Berkowitz and Cayley-Hamilton.

Berkowitz's algorithm builds the characteristic polynomial of the leading
``k x k`` submatrices one row and column at a time, using only ring
operations.  It is therefore valid in every commutative ring -- integers mod
a composite ``n``, polynomial rings, user rings without division -- at a cost
of about ``n**4 / 4`` multiplications.  From the characteristic polynomial
come the determinant and, through Cayley-Hamilton, the adjugate.
"""

from __future__ import annotations

from typing import Any

from ..compute._contract import matmul_flat
from ._dense import identity_rows
from ..ops import ElementOps

__all__ = ["charpoly_berkowitz", "det_berkowitz", "adjugate_berkowitz", "matmul"]


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
    poly = [one]
    for k in range(len(M)):
        column = [M[i][k] for i in range(k)]
        row = M[k][:k]
        block = [M[i][:k] for i in range(k)]
        toeplitz = [one, neg(M[k][k])]
        v = column
        for j in range(k):
            toeplitz.append(neg(total(map(mul, row, v))))
            if j < k - 1:
                v = [total(map(mul, b, v)) for b in block]
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
    B = identity_rows(n, ops.zero, ops.one)
    for j in range(1, n):
        B = matmul(M, B, ops)
        for i in range(n):
            B[i][i] = ops.add(B[i][i], coeffs[j])
    if n % 2 == 0:
        B = [[ops.neg(x) for x in row] for row in B]
    return B
