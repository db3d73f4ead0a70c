"""Specialised kernels for Python ints, Fractions and integers mod p, and the FLINT path.

The generic kernels of `._dense` call one ``ops`` function per element
operation.  For the built-in number types the dispatcher uses these loops
instead: the same algorithms written directly on ``int`` (``//`` is an exact
division inside Bareiss), so each update is a few C-level operations.
Rationals never enter elimination: each row is scaled by the lcm of its
denominators (`clear_row_denominators`), the integer kernel runs, and
the result is divided once at the end.

The kernels and their cost for an ``n x n`` input:

* `det_int`, `echelon_int`, `rref_den_int`, `solve_den_int` -- Bareiss
  elimination (see `._dense` for why every division is exact): about
  ``2 n**3 / 3`` multiplications of integers no larger than the input's
  minors (Hadamard's bound), then for `rref_den_int` and `solve_den_int` a
  fraction-free back substitution of the same order.
* `det_modp`, `rank_modp`, `rref_modp` -- Gaussian elimination mod a prime
  ``p``: one modular inverse per pivot (``pow(a, -1, p)``), then ``(x - f*y) %
  p`` per entry; about ``n**3 / 3`` (Gauss-Jordan, ``n**3 / 2``) steps.
* `charpoly_modp` -- Hessenberg reduction and its recurrence (Cohen, *A
  Course in Computational Algebraic Number Theory*, algorithm 2.2.9), ``O(n**3)``.
* `det_small` -- explicit formulas for orders up to 4.

The forward-eliminating kernels share one loop, `_forward`: the rows shrink
as it goes (the pivot row is popped, the pivot column deleted), so every
step touches only the rows below the pivot and the columns right of it, and
the leading entry of each row is the one to eliminate.  Over the integers
its first steps run on an int64 array (`_word_steps`) while each step
provably fits the word (entries below 100 give four steps), and the Python
loop goes on from there with Python ints.  `rref_modp`
(Gauss-Jordan: rows above the pivot change too) sweeps with
`._dense.pivot_steps` instead.

With python-flint installed (the ``fast`` extra), `flint_module` returns
the module and the dispatcher hands integer determinants and inverses to
FLINT; it is imported lazily and never required.
"""

from __future__ import annotations

import importlib.util
import math
import os
from fractions import Fraction
from operator import mul
from typing import Any, Optional

import numpy as np

from ._dense import pivot_steps, swap_similar

__all__ = [
    "det_int",
    "det_small",
    "echelon_int",
    "rref_den_int",
    "solve_den_int",
    "det_modp",
    "rref_modp",
    "rank_modp",
    "charpoly_modp",
    "clear_row_denominators",
    "common_denominator",
    "fractions_over",
    "flint_module",
    "flint_available",
    "det_int_flint",
    "inv_int_flint",
]

#: What `_forward` returns: ``(pivot columns, pivot rows, sign flipped, rows left)``.
Forward = tuple[list[int], list[list[int]], bool, list[list[int]]]


def det_small(M: list[list[Any]]) -> Any:
    """Determinant of a matrix of order at most 4 by explicit formulas (Python numbers).

    Order 4 expands by the 2x2 minors of the top two rows against the
    complementary minors of the bottom two (30 products).  Only ``+``,
    ``-`` and ``*``: `._bulk.det_formula` runs these formulas on whole
    arrays (one per entry of a stack).  The rows are unpacked right here,
    with no call in between: this is the determinant of every single small
    integer matrix (one more call measured about 80 ns of 300 ns).

    Examples
    --------
    >>> det_small([[1, 2], [3, 4]]), det_small([[2, 0, 1], [1, 3, 2], [1, 1, 1]])
    (-2, 0)
    """
    n = len(M)
    if n == 0:
        return 1
    if n == 1:
        return M[0][0]
    if n == 2:
        (a, b), (c, d) = M
        return a * d - b * c
    if n == 3:
        # Cofactor expansion along the first row.
        (a, b, c), (d, e, f), (g, h, i) = M
        return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    # Laplace expansion by the top two rows: sum over column pairs {j, k} of
    # +-minor(rows 0-1; j, k) * minor(rows 2-3; the other two columns).
    (a0, a1, a2, a3), (b0, b1, b2, b3), (c0, c1, c2, c3), (d0, d1, d2, d3) = M
    return (
        (a0 * b1 - a1 * b0) * (c2 * d3 - c3 * d2)
        - (a0 * b2 - a2 * b0) * (c1 * d3 - c3 * d1)
        + (a0 * b3 - a3 * b0) * (c1 * d2 - c2 * d1)
        + (a1 * b2 - a2 * b1) * (c0 * d3 - c3 * d0)
        - (a1 * b3 - a3 * b1) * (c0 * d2 - c2 * d0)
        + (a2 * b3 - a3 * b2) * (c0 * d1 - c1 * d0)
    )


def _forward(rows: list[list[int]], ncols: int, modulus: int = 0, square: bool = False) -> Forward:
    """Forward elimination on shrinking rows, over the integers (Bareiss) or mod a prime ``modulus``.

    ``rows`` (consumed) hold the columns from ``c`` on: for each of the first
    ``ncols`` columns the first row with a non-zero leading entry is popped as
    the pivot row, and one step (`_int_step`, or `_modp_step` when
    ``modulus`` is given) eliminates the leading entries of the other rows
    and drops that column.  A column with no pivot is dropped from every row
    and skipped; with ``square``, it ends the sweep instead (a determinant
    or a square solve is singular then, and need not go on).

    Returns ``(columns, pivots, negate, rest)``: the pivot columns, the pivot
    rows (each from its pivot column on), whether the row moves have odd
    parity (popping row ``idx`` moves it past ``idx`` rows: sign
    ``(-1)**idx``), and the rows left after the last step.

    One loop for six kernels, with no call per pivot but the step itself:
    a generator here measured 7-23% slower on matrices of order 4 to 8.
    """
    columns: list[int] = []
    pivots: list[list[int]] = []
    negate = False
    prev = 1  # the previous pivot (Bareiss' exact divisor; 1 before the first step)
    if not modulus and len(rows) * ncols >= WORD_ENTRIES:
        rows, prev, negate = _word_steps(rows, ncols, columns, pivots)
    for c in range(len(columns), ncols):
        for idx, r in enumerate(rows):
            if r[0]:
                break
        else:  # column c is zero in every remaining row (or no row is left): not a pivot column
            if square or not rows:
                break
            for r in rows:
                del r[0]
            continue
        pivot = rows.pop(idx)
        if idx & 1:
            negate = not negate
        columns.append(c)
        pivots.append(pivot)
        if not rows:
            break  # that was the last row: nothing left to eliminate
        if modulus:
            rows = _modp_step(rows, pivot, modulus)
        else:
            rows = _int_step(rows, pivot, prev)
            prev = pivot[0]
    return columns, pivots, negate, rows


#: The least ``rows * columns`` for which `_forward` runs its first Bareiss steps on int64 arrays: below
#: it, converting to NumPy and back costs more than the Python steps it replaces.
WORD_ENTRIES = 200

#: The largest magnitude an int64 holds (``2**63 - 1``; ``-2**63`` is excluded, its ``abs`` overflows).
_WORD = 2**63 - 1


def _word_steps(rows: list[list[int]], ncols: int, columns: list[int], pivots: list[list[int]]) -> tuple[list[list[int]], int, bool]:
    """`_forward`'s first Bareiss steps on an int64 array, as long as each step provably fits the word.

    The step computes ``pk*x - a*y`` from four current entries, so with
    ``m`` the largest magnitude among them it is exact in int64 when ``2 *
    m*m <= 2**63 - 1``; ``m`` is measured before every step, and the
    exact division by the previous pivot only shrinks the result.  The
    entries of a random matrix grow about ``sqrt(j!) * max**j`` after
    ``j`` steps, so entries below 100 give four steps: the widest ones,
    about a fifth of a 20x20 determinant's time.  Stops (for the Python
    loop to go on, with Python ints) at the first step that might not fit,
    at a column without a pivot, or when one row is left; input that does
    not fit int64 at all runs no step.  Appends to ``columns`` and
    ``pivots`` and returns ``(rows, prev, negate)`` as `_forward` keeps
    them.
    """
    negate = False
    prev = 1
    try:
        A = np.array(rows, dtype=np.int64)
    except (OverflowError, TypeError, ValueError):
        return rows, prev, negate
    if A.ndim != 2:
        return rows, prev, negate
    steps = 0
    while steps < ncols and A.shape[0] > 1 and A.shape[1] > 1:
        m = int(np.abs(A).max())
        if m < 0 or 2 * m * m > _WORD:  # m < 0: abs(-2**63) wrapped
            break
        found = np.flatnonzero(A[:, 0])
        if not found.size:
            break  # a column without a pivot: the Python loop skips it (or stops)
        idx = int(found[0])
        pivot = A[idx]
        rest = np.delete(A, idx, axis=0) if idx else A[1:]
        if idx & 1:
            negate = not negate
        pk = int(pivot[0])
        A = pk * rest[:, 1:] - rest[:, :1] * pivot[1:]
        if prev != 1:
            A //= prev  # exact (Sylvester's identity), so flooring never rounds
        columns.append(steps)
        pivots.append(pivot.tolist())
        prev = pk
        steps += 1
    if not steps:
        return rows, prev, negate
    return A.tolist(), prev, negate


def _int_step(rows: list[list[int]], pivot: list[int], prev: int) -> list[list[int]]:
    """One fraction-free (Bareiss) step on Python ints: the rows below ``pivot``, their first column gone.

    Each row becomes ``(pk*row - a*pivot_tail) // prev`` with ``pk = pivot[0]``
    and ``a`` its first entry (an exact division).  This is
    `._dense.bareiss_combine` written on ints: ``//`` and ``*`` straight
    on the list elements, which ``bench_linalg`` measures at about 1.5x the
    speed of the generic step through ``ops`` members at n = 80.
    """
    pk = pivot[0]
    tail = pivot[1:]
    new = []
    if prev == 1:  # the first step (or a previous pivot of 1): no division at all
        for r in rows:
            a = r[0]
            del r[0]
            new.append([pk * x - a * y for x, y in zip(r, tail)] if a else [pk * x for x in r])
    else:
        # ``//`` divides exactly here (Sylvester's identity): flooring never rounds, negative quotients included.
        for r in rows:
            a = r[0]
            del r[0]
            new.append([(pk * x - a * y) // prev for x, y in zip(r, tail)] if a else [pk * x // prev for x in r])
    return new


def det_int(M: list[list[int]]) -> int:
    """Determinant of a square matrix of Python ints by Bareiss elimination.

    The rows are consumed (``M`` is left empty or partly reduced).  Each step
    removes the pivot row and column, so the remaining rows shrink.

    Examples
    --------
    >>> det_int([[2, 3, 1], [4, 1, 0], [0, 5, 7]])
    -50
    >>> det_int([])
    1
    """
    n = len(M)
    if not n:
        return 1
    # n - 1 steps; then the one entry left is the last Bareiss pivot, the determinant (no search for it).
    columns, _, negate, rest = _forward(M, n - 1, square=True)
    if len(columns) < n - 1:
        return 0  # a column without a pivot: singular
    d = rest[0][0]
    return -d if negate else d


def echelon_int(M: list[list[int]]) -> list[int]:
    """Pivot columns of the fraction-free echelon form of an int matrix (their count is the rank).

    ``M`` is consumed.

    Examples
    --------
    >>> echelon_int([[1, 2, 3], [2, 4, 7], [1, 2, 4]])
    [0, 2]
    """
    ncols = len(M[0]) if M else 0
    return _forward(M, ncols)[0]


def rref_den_int(M: list[list[int]]) -> tuple[int, list[int]]:
    """Fraction-free reduced row echelon form of an int matrix, in place: ``rref == M / den``.

    Returns ``(den, pivots)``; rows past the rank end up zero.  Forward
    Bareiss elimination first (`_int_step`: only the rows below a pivot,
    only the columns right of it), then fraction-free back substitution for
    the non-pivot columns: with ``d`` the last pivot (the determinant of the
    pivot rows on the pivot columns), ``d`` times the reduced form is
    integral (Cramer), and each entry ``y_i = (d u_ij - sum_{k>i} u_{i,P_k}
    y_k) / u_{i,P_i}`` is an exact division, as in `solve_den_int`.  About
    ``n**3 / 3`` operations for a square matrix, where Gauss-Jordan takes
    ``n**3 / 2``.

    Examples
    --------
    >>> M = [[2, 1, 1], [4, 3, 3]]
    >>> rref_den_int(M), M
    ((2, [0, 1]), [[2, 0, 0], [0, 2, 2]])
    >>> M = [[0, 2, 4, 1], [0, 1, 2, 3]]
    >>> rref_den_int(M), M
    ((5, [1, 3]), [[0, 5, 10, 0], [0, 0, 0, 5]])
    """
    m = len(M)
    ncols = len(M[0]) if m else 0
    # upper[k]: pivot row k, its entries from its pivot column pivots[k] on
    pivots, upper, _, _ = _forward([list(r) for r in M], ncols)
    rank = len(pivots)
    if not rank:
        return 1, []
    # The last pivot is the determinant of the pivot rows on the pivot columns: the common denominator.
    d = upper[-1][0]
    pivot_set = set(pivots)
    free = [j for j in range(ncols) if j not in pivot_set]
    # Back substitution, last pivot row first, on the free columns only (the pivot columns of the
    # reduced form are d times unit vectors).  Row i of ``upper`` starts at its pivot column
    # c = pivots[i], so its entry in column j is row[j - c].
    Y: list[list[int]] = [[] for _ in range(rank)]  # Y[i][t]: d times the reduced entry at column free[t]
    for i in range(rank - 1, -1, -1):
        row, c = upper[i], pivots[i]
        acc = [d * row[j - c] if j > c else 0 for j in free]  # free columns left of c are zero in this row
        for k in range(i + 1, rank):
            u = row[pivots[k] - c]
            if u:
                acc = [a - u * y for a, y in zip(acc, Y[k])]
        uii = row[0]
        Y[i] = [a // uii for a in acc]  # exact: d times the reduced form is integral
    for i in range(m):
        out = [0] * ncols
        if i < rank:
            out[pivots[i]] = d
            for j, y in zip(free, Y[i]):
                out[j] = y
        M[i] = out
    return d, pivots


def solve_den_int(A: list[list[int]], B: list[list[int]]) -> Optional[tuple[list[list[int]], int]]:
    """Solve ``A @ X == B`` over the integers fraction-free: ``X == Y / det(A)``.

    Bareiss elimination of ``[A | B]`` followed by fraction-free back
    substitution: with ``d = det(A)``, ``Y = d * X`` is integral (Cramer's
    rule) and each ``Y[i] = (d * b'_i - sum_j U[i][j] * Y[j]) / U[i][i]`` is an
    exact division.  About ``n**3`` operations for ``B = I``, half of
    Gauss-Jordan's.  For ``B = I``, ``Y`` is the adjugate.  Returns ``(Y, d)``,
    or ``None`` when ``A`` is singular; the inputs are consumed.

    Examples
    --------
    >>> solve_den_int([[2, 1], [1, 3]], [[3], [5]])
    ([[4], [7]], 5)
    >>> solve_den_int([[0, 1], [1, 0]], [[1, 0], [0, 1]])
    ([[0, -1], [-1, 0]], -1)
    """
    n = len(A)
    # upper[i]: pivot row i, U[i][i:] followed by the transformed right-hand side b'_i
    _, upper, negate, _ = _forward([a + b for a, b in zip(A, B)], n, square=True)
    if len(upper) < n:
        return None  # a column of A without a pivot: singular
    last = upper[-1][0]  # the last Bareiss pivot: det(A) up to the sign of the row swaps
    d = -last if negate else last
    Y: list[list[int]] = [[] for _ in range(n)]
    for i in range(n - 1, -1, -1):
        row = upper[i]
        acc = [d * v for v in row[n - i :]]
        for j, u in zip(range(i + 1, n), row[1 : n - i]):
            if u:
                acc = [s - u * y for s, y in zip(acc, Y[j])]
        uii = row[0]
        Y[i] = [s // uii for s in acc]  # exact: Y = adj(A) @ B is integral
    return Y, d


def _modp_step(rows: list[list[int]], pivot: list[int], p: int) -> list[list[int]]:
    """One Gaussian elimination step mod ``p`` on shrinking rows: each row minus ``f`` times the pivot row.

    ``f = a / pivot`` (``a`` the row's leading entry) makes the leading
    entry zero, and it is dropped (never computed); a row whose leading entry
    is zero already only loses it.  One modular inverse per step, one ``%``
    per entry.
    """
    inv = pow(pivot[0], -1, p)
    tail = pivot[1:]
    new = []
    for r in rows:
        a = r[0]
        del r[0]
        if a:
            # x - f*y == x + (p - f)*y (mod p): the non-negative form, as ``%`` of a negative int
            # costs more (about 12% of the step for p = 2**31 - 1).
            g = p - a * inv % p
            new.append([(x + g * y) % p for x, y in zip(r, tail)])
        else:
            new.append(r)
    return new


def det_modp(M: list[list[int]], p: int) -> int:
    """Determinant mod a prime ``p`` of a matrix of ints in ``[0, p)`` (Gaussian elimination).

    ``M`` is consumed.

    Examples
    --------
    >>> det_modp([[2, 3], [4, 1]], 7)
    4
    """
    n = len(M)
    _, pivots, negate, _ = _forward(M, n, p, square=True)
    if len(pivots) < n:
        return 0  # a column without a pivot: singular mod p
    det = -1 if negate else 1  # the product of the pivots, with the sign of the row moves
    for pivot in pivots:
        det = det * pivot[0] % p
    return det


def rref_modp(M: list[list[int]], p: int) -> list[int]:
    """Reduced row echelon form mod a prime ``p``, in place; returns the pivot columns.

    Examples
    --------
    >>> M = [[2, 4], [1, 3]]
    >>> rref_modp(M, 5), M
    ([0, 1], [[1, 0], [0, 1]])
    """
    m = len(M)
    pivots: list[int] = []
    for r, c, _ in pivot_steps(M, None, None, None):  # the first non-zero pivot, by truthiness
        inv = pow(M[r][c], -1, p)
        rowr = M[r] = [x * inv % p for x in M[r]]  # the pivot becomes 1
        for i in range(m):  # clear column c above and below (Gauss-Jordan)
            if i != r:
                ri = M[i]
                f = ri[c]
                if f:
                    M[i] = [(x - f * y) % p for x, y in zip(ri, rowr)]
        pivots.append(c)
    return pivots


def rank_modp(M: list[list[int]], p: int) -> int:
    """Rank mod a prime ``p`` of a matrix of ints in ``[0, p)`` by forward elimination; ``M`` is consumed.

    Each step combines only the rows below the pivot and only the columns
    right of it (the pivot column is dropped, as in `det_modp`); no
    back-substitution.  About ``m n r`` operations for rank ``r``.

    Examples
    --------
    >>> rank_modp([[1, 2, 3], [2, 4, 6], [0, 1, 1]], 7), rank_modp([[1, 2], [2, 4]], 5)
    (2, 1)
    """
    rows = [r for r in M if any(r)]  # zero rows never hold a pivot: drop them before any work
    ncols = len(rows[0]) if rows else 0
    return len(_forward(rows, ncols, p)[0])


def charpoly_modp(M: list[list[int]], p: int) -> list[int]:
    """Characteristic polynomial mod a prime ``p`` of a matrix of ints in ``[0, p)``, highest degree first.

    `._charpoly.charpoly_hessenberg` written on ints: reduction to upper
    Hessenberg form by similarity (row operations below the subdiagonal, the
    inverse column operation as one dot product per row), then the
    Hessenberg recurrence, each coefficient one dot product; one ``% p`` per
    dot product.  ``O(n**3)``, where Berkowitz is ``O(n**4)``.  ``M`` is consumed.

    Examples
    --------
    >>> charpoly_modp([[1, 2, 0], [3, 4, 5], [6, 0, 1]], 7)
    [1, 1, 3, 5]
    """
    n = len(M)
    # Phase 1 (Cohen 2.2.9, the reduction): for each column c, clear the entries below the subdiagonal.
    for c in range(n - 2):
        for q in range(c + 1, n):
            if M[q][c]:
                break
        else:
            continue  # already zero below the subdiagonal
        if q != c + 1:
            swap_similar(M, q, c + 1)
        top = M[c + 1]
        inv = pow(top[c], -1, p)
        tail = top[c + 1 :]
        fs = []  # fs[i - c - 2]: the multiple of row c+1 subtracted from row i
        for i in range(c + 2, n):
            row = M[i]
            a = row[c]
            if not a:
                fs.append(0)
                continue
            f = a * inv % p
            fs.append(f)
            g = p - f  # x - f y == x + g y (mod p), with a non-negative factor
            row[c + 1 :] = [(x + g * y) % p for x, y in zip(row[c + 1 :], tail)]
            row[c] = 0
        if any(fs):
            # The inverse column operation keeps the similarity: column c+1 += sum_i f_i column i.
            # Columns <= c are untouched, so the zeros just made stay zero.
            k = c + 2
            for row in M:
                row[c + 1] = (row[c + 1] + sum(map(mul, fs, row[k:]))) % p
    # Phase 2: the recurrence of `._charpoly.hessenberg_charpoly`, on ints mod p.
    # cols[j][m]: the coefficient of t**j in p_m, the characteristic polynomial of the leading m x m block.
    cols: list[list[int]] = [[1 % p]]
    for k in range(1, n + 1):
        h = M[k - 1][k - 1]
        # d[m]: the weight of p_m in p_k, M[m][k-1] times the subdiagonal entries M[m+1][m] ... M[k-1][k-2].
        d = [0] * (k - 1)
        beta = 1
        for i in range(1, k):
            beta = beta * M[k - i][k - i - 1] % p
            d[k - 1 - i] = M[k - 1 - i][k - 1] * beta % p
        cols.append([0] * k)
        for j in range(k + 1):
            # coefficient of t**j in p_k = t p_{k-1} - h p_{k-1} - sum_m d[m] p_m
            col = cols[j]
            v = cols[j - 1][k - 1] if j else 0
            if j < k:
                v -= h * col[k - 1]
                if j < k - 1:
                    v -= sum(map(mul, d[j : k - 1], col[j : k - 1]))
            col.append(v % p)
    return [cols[j][n] for j in range(n, -1, -1)]


def clear_row_denominators(M: list[list[Fraction]]) -> tuple[list[list[int]], list[int]]:
    """Scale each row of a Fraction matrix by the lcm of its denominators.

    Returns ``(rows, scales)`` with ``rows[i] == [v * scales[i] for v in M[i]]``,
    all ints.  Row scaling multiplies the determinant by ``prod(scales)`` and
    leaves the reduced row echelon form and the solutions of ``A x = b`` (when
    ``b`` is scaled too) unchanged.

    Examples
    --------
    >>> clear_row_denominators([[Fraction(1, 2), Fraction(1, 3)], [Fraction(2), Fraction(0)]])
    ([[3, 2], [2, 0]], [6, 1])
    """
    rows: list[list[int]] = []
    scales: list[int] = []
    lcm = math.lcm
    for row in M:
        s = lcm(*[v.denominator for v in row]) if row else 1
        scales.append(s)
        if s == 1:
            rows.append([v.numerator for v in row])
        else:
            rows.append([v.numerator * (s // v.denominator) for v in row])
    return rows, scales


def common_denominator(values: list[Fraction]) -> int:
    """The lcm of the denominators of some Fractions.

    Examples
    --------
    >>> common_denominator([Fraction(1, 4), Fraction(5, 6), Fraction(2)])
    12
    """
    return math.lcm(*[v.denominator for v in values]) if values else 1


def fractions_over(num: list[list[int]], den: int) -> list[list[Fraction]]:
    """``num / den`` entry by entry as normalised Fractions (``den != 0``).

    Examples
    --------
    >>> fractions_over([[2, 3]], -4)
    [[Fraction(-1, 2), Fraction(-3, 4)]]
    """
    if den < 0:
        num = [[-x for x in row] for row in num]
        den = -den
    over = _Over(den)  # one Fraction per distinct numerator (Fractions are immutable: sharing one is safe)
    return [[over[x] for x in row] for row in num]


class _Over(dict):  # type: ignore[type-arg]
    """``x -> Fraction(x, den)``, each made once: a reduced echelon form repeats its ``0`` and ``1`` n**2 times,
    and a lookup costs a tenth of making a Fraction."""

    def __init__(self, den: int) -> None:
        super().__init__()
        self.den = den

    def __missing__(self, x: int) -> Fraction:
        made = self[x] = Fraction(x, self.den)
        return made


# -- python-flint (optional) --------------------------------------------------

_flint: Any = None
_flint_checked = False


def flint_module() -> Optional[Any]:
    """The ``flint`` module when python-flint is installed, else ``None`` (imported once).

    The environment variable ``GENTENSOR_NO_FLINT=1`` (read at the first call)
    makes it ``None`` even when python-flint is installed, so the pure-Python
    kernels can be tested in an install that has FLINT.
    """
    global _flint, _flint_checked
    if not _flint_checked:
        _flint_checked = True
        if os.environ.get("GENTENSOR_NO_FLINT", "").strip() not in ("", "0"):
            _flint = None
            return None
        try:
            import flint
        except ImportError:
            _flint = None
        else:
            _flint = flint
    return _flint


def flint_available() -> bool:
    """True when python-flint can be imported and ``GENTENSOR_NO_FLINT`` is not set -- without importing it.

    Examples
    --------
    >>> isinstance(flint_available(), bool)
    True
    """
    if _flint_checked:
        return _flint is not None
    if os.environ.get("GENTENSOR_NO_FLINT", "").strip() not in ("", "0"):
        return False
    return importlib.util.find_spec("flint") is not None


def det_int_flint(M: list[list[int]], flint: Any) -> int:
    """Determinant of an int matrix through ``flint.fmpz_mat``."""
    return int(flint.fmpz_mat(M).det())


def inv_int_flint(M: list[list[int]], flint: Any) -> Optional[tuple[list[list[int]], int]]:
    """Exact inverse of an int matrix through FLINT as ``(num, den)`` with ``inverse == num / den``.

    Returns ``None`` when ``M`` is singular.
    """
    try:
        inv = flint.fmpq_mat(flint.fmpz_mat(M)).inv()
    except ZeroDivisionError:
        return None
    n = len(M)
    if hasattr(inv, "numer_denom"):
        num, den = inv.numer_denom()
        values = [int(v) for v in num.entries()]
        common = int(den)
    else:  # older python-flint: put the entries over their common denominator here
        pairs = [(int(e.p), int(e.q)) for e in inv.entries()]
        common = math.lcm(*[q for _, q in pairs])
        values = [p * (common // q) for p, q in pairs]
    return [values[i * n : (i + 1) * n] for i in range(n)], common
