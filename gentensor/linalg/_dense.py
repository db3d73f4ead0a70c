"""Elimination kernels on plain ``list[list]`` matrices: elements only through ``ops``.

Every kernel takes the rows of a matrix (a list of equal-length lists) and an
element-operations object, works in place on the lists it is given, and
returns plain lists and Python values.  Nothing here knows about tensors;
the caller copies rows in and wraps results.

The kernels:

* `det_bareiss`, `echelon_bareiss`, `rref_den`,
  `solve_den` -- fraction-free (Bareiss) elimination, all through one
  step (`bareiss_combine`): every division is exact (``ops.exquo``),
  so they run in any integral domain with exact division and keep entries
  small (each entry is a minor of the input).
* `det_gauss`, `rref_field`, `solve_field`,
  `lu_field` -- Gaussian elimination in a field (``ops.div``), with
  optional partial pivoting for inexact fields (``pivot_key``).
* `det_laplace` -- division-free cofactor expansion, memoised over column
  subsets (``n * 2**(n-1)`` products): the choice for tiny matrices.

The division-free Berkowitz kernels live in `._charpoly`.  Pivots are
chosen with ``ops.is_zero``, never with Python truthiness; an ops whose zero
test can be undecided (symbolic elements) also has ``ops.zero_test``, and then
`find_pivot` prefers an entry *proven* non-zero.
"""

from __future__ import annotations

from typing import Any, Callable, Optional
from ..ops import ElementOps, undecided

__all__ = [
    "Matrix",
    "det_bareiss",
    "det_gauss",
    "det_laplace",
    "echelon_bareiss",
    "rref_den",
    "rref_field",
    "solve_den",
    "solve_field",
    "lu_field",
    "find_pivot",
    "bareiss_combine",
    "identity_rows",
]

Matrix = list  # list[list[element]]: the rows of a matrix
PivotKey = Optional[Callable[[Any], Any]]


def identity_rows(n: int, zero: Any, one: Any) -> Matrix:
    """The ``n x n`` identity matrix as rows (the one place linear algebra builds it).

    Examples
    --------
    >>> identity_rows(2, 0, 1)
    [[1, 0], [0, 1]]
    """
    rows = [[zero] * n for _ in range(n)]
    for i in range(n):
        rows[i][i] = one
    return rows


def bareiss_combine(pivot: Any, row: list[Any], a: Any, pivot_row: list[Any], prev: Any, ops: ElementOps) -> list[Any]:
    """One fraction-free elimination step: ``(pivot*row - a*pivot_row) / prev``, entry by entry.

    ``prev`` is the previous pivot (``None`` for the first step: no
    division).  Sylvester's identity makes every division exact.

    Uses ``ops.mul, ops.sub, ops.exquo, ops.is_zero``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> bareiss_combine(2, [3, 4], 1, [5, 6], None, integers)
    [1, 2]
    """
    mul = ops.mul
    if ops.is_zero(a):
        new = [mul(pivot, x) for x in row]
    else:
        sub = ops.sub
        new = [sub(mul(pivot, x), mul(a, y)) for x, y in zip(row, pivot_row)]
    if prev is not None:
        exquo = ops.exquo
        new = [exquo(v, prev) for v in new]
    return new


def find_pivot(M: Matrix, col: int, start: int, ops: ElementOps, key: PivotKey = None) -> int:
    """Row index ``>= start`` of a non-zero entry in column ``col``, or ``-1``.

    With ``key=None`` the first non-zero entry wins (exact rings); otherwise the
    entry with the largest ``key(entry)`` (partial pivoting: ``key=abs``).

    When ``ops`` has ``zero_test`` (an element test answering ``"zero"``,
    ``"nonzero"`` or ``"unknown"``), the first entry *proven* non-zero wins;
    if the column holds only zeros and undecided entries, the first undecided
    one is settled by ``gt.limits(undecided=...)``: by default an
    ``UndecidableError``, never a silent guess.

    Uses ``ops.is_zero`` (and ``ops.zero_test`` when present).

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> find_pivot([[0, 1], [0, 2], [3, 0]], 0, 0, integers)
    2
    >>> find_pivot([[1.0], [-3.0], [2.0]], 0, 0, integers, key=abs)
    1
    """
    is_zero = ops.is_zero
    test = getattr(ops, "zero_test", None)
    if test is not None and key is None:
        return _proven_pivot(M, col, start, test)
    if key is None:
        for i in range(start, len(M)):
            if not is_zero(M[i][col]):
                return i
        return -1
    best, best_size = -1, None
    for i in range(start, len(M)):
        a = M[i][col]
        if is_zero(a):
            continue
        size = key(a)
        if best_size is None or size > best_size:
            best, best_size = i, size
    return best


def _proven_pivot(M: Matrix, col: int, start: int, test: Callable[[Any], Any]) -> int:
    """`find_pivot` for an ops with a three-valued ``zero_test``."""
    first_unknown, found = -1, None
    for i in range(start, len(M)):
        t = test(M[i][col])
        if t.verdict == "nonzero":
            return i
        if t.verdict == "unknown" and first_unknown < 0:
            first_unknown, found = i, t
    if first_unknown >= 0 and not undecided(M[first_unknown][col], "pivot search", found):
        return first_unknown
    return -1


def det_bareiss(M: Matrix, ops: ElementOps) -> Any:
    """Determinant by Bareiss' fraction-free elimination; ``M`` is destroyed.

    Every division is exact, so the kernel runs in any integral domain with
    ``exquo``; intermediate entries are minors of ``M`` (no blow-up).

    Uses ``ops.zero, ops.one, ops.neg`` and what `bareiss_combine` uses.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> det_bareiss([[2, 3, 1], [4, 1, 0], [0, 5, 7]], integers)
    -50
    """
    n = len(M)
    if n == 0:
        return ops.one
    negate = False
    prev = None  # the previous pivot; None stands for ops.one (skip the division)
    for k in range(n - 1):
        p = find_pivot(M, k, k, ops)
        if p < 0:
            return ops.zero
        if p != k:
            M[k], M[p] = M[p], M[k]
            negate = not negate
        rowk = M[k]
        pk = rowk[k]
        tail = rowk[k + 1 :]
        for i in range(k + 1, n):
            ri = M[i]
            ri[k + 1 :] = bareiss_combine(pk, ri[k + 1 :], ri[k], tail, prev, ops)
        prev = pk
    d = M[n - 1][n - 1]
    return ops.neg(d) if negate else d


def det_gauss(M: Matrix, ops: ElementOps, pivot_key: PivotKey = None) -> Any:
    """Determinant by Gaussian elimination in a field; ``M`` is destroyed.

    ``pivot_key`` (e.g. ``abs``) turns on partial pivoting for inexact fields.

    Uses ``ops.zero, ops.one, ops.mul, ops.sub, ops.neg, ops.div, ops.is_zero``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from gentensor.ops import rationals
    >>> det_gauss([[Fraction(1, 2), 1], [3, 4]], rationals)
    Fraction(-1, 1)
    """
    n = len(M)
    mul, sub, div = ops.mul, ops.sub, ops.div
    det = ops.one
    one = ops.one
    for k in range(n):
        p = find_pivot(M, k, k, ops, pivot_key)
        if p < 0:
            return ops.zero
        if p != k:
            M[k], M[p] = M[p], M[k]
            det = ops.neg(det)
        rowk = M[k]
        pk = rowk[k]
        det = mul(det, pk)
        inv = div(one, pk)
        tail = rowk[k + 1 :]
        for i in range(k + 1, n):
            ri = M[i]
            if ops.is_zero(ri[k]):
                continue
            f = mul(ri[k], inv) if pivot_key is None else div(ri[k], pk)
            ri[k + 1 :] = [sub(x, mul(f, y)) for x, y in zip(ri[k + 1 :], tail)]
    return det


def det_laplace(M: Matrix, ops: ElementOps) -> Any:
    """Determinant by cofactor expansion, memoised over column subsets.

    Row ``r`` is expanded against the minors of rows ``0..r-1`` for every
    column subset, so the cost is ``n * 2**(n-1)`` products instead of ``n!``;
    division-free, hence valid in any commutative ring.  ``M`` is not changed.

    Uses ``ops.zero, ops.one, ops.mul, ops.neg, ops.sum, ops.is_zero``.

    Examples
    --------
    >>> from gentensor.ops import modular
    >>> det_laplace([[2, 3], [4, 1]], modular(6))
    2
    """
    n = len(M)
    mul, neg, is_zero = ops.mul, ops.neg, ops.is_zero
    minors: dict[int, Any] = {0: ops.one}
    for r in range(n):
        row = M[r]
        terms: dict[int, list[Any]] = {}
        for mask, minor in minors.items():
            if is_zero(minor):
                continue
            # Adding column c to the subset: its sign is the parity of the
            # number of chosen columns to the right of c (they move past it).
            above = 0
            for c in range(n - 1, -1, -1):
                bit = 1 << c
                if mask & bit:
                    above += 1
                    continue
                a = row[c]
                if is_zero(a):
                    continue
                t = mul(a, minor)
                terms.setdefault(mask | bit, []).append(neg(t) if above & 1 else t)
        minors = {mask: ops.sum(ts) for mask, ts in terms.items()}
    return minors.get((1 << n) - 1, ops.zero)


def echelon_bareiss(M: Matrix, ops: ElementOps) -> list[int]:
    """Fraction-free row echelon form of any ``m x n`` matrix, in place.

    Returns the pivot columns; their number is the rank.  Entries below the
    pivots are set to ``ops.zero``; row ``k`` of the result is a row of minors
    of order ``k + 1``.

    Uses ``ops.zero, ops.mul, ops.sub, ops.exquo, ops.is_zero``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> M = [[1, 2, 3], [2, 4, 7], [1, 2, 4]]
    >>> echelon_bareiss(M, integers), M
    ([0, 2], [[1, 2, 3], [0, 0, 1], [0, 0, 0]])
    """
    m = len(M)
    ncols = len(M[0]) if m else 0
    zero = ops.zero
    pivots: list[int] = []
    prev = None
    r = 0
    for c in range(ncols):
        if r == m:
            break
        p = find_pivot(M, c, r, ops)
        if p < 0:
            continue
        if p != r:
            M[r], M[p] = M[p], M[r]
        rowr = M[r]
        pr = rowr[c]
        tail = rowr[c + 1 :]
        for i in range(r + 1, m):
            ri = M[i]
            ri[c:] = [zero, *bareiss_combine(pr, ri[c + 1 :], ri[c], tail, prev, ops)]
        prev = pr
        pivots.append(c)
        r += 1
    return pivots


def rref_den(M: Matrix, ops: ElementOps) -> tuple[Any, list[int]]:
    """Fraction-free reduced row echelon form, in place: ``rref(M) == M / den``.

    Fraction-free Gauss-Jordan elimination: afterwards every pivot column is
    ``den`` times a unit vector and every entry is a minor of the input, so
    only exact divisions happen.  For a square invertible ``M``, ``den`` is
    ``det(M)`` up to sign.

    Returns ``(den, pivots)`` with ``pivots`` the list of pivot columns.

    Uses ``ops.one, ops.zero, ops.mul, ops.sub, ops.exquo, ops.is_zero``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> M = [[2, 1, 1], [4, 3, 3]]
    >>> rref_den(M, integers), M
    ((2, [0, 1]), [[2, 0, 0], [0, 2, 2]])
    """
    m = len(M)
    ncols = len(M[0]) if m else 0
    den = ops.one
    prev = None  # the previous pivot (None before the first: no division)
    pivots: list[int] = []
    r = 0
    for c in range(ncols):
        if r == m:
            break
        p = find_pivot(M, c, r, ops)
        if p < 0:
            continue
        if p != r:
            M[r], M[p] = M[p], M[r]
        rowr = M[r]
        pr = rowr[c]
        for i in range(m):
            if i != r:
                M[i] = bareiss_combine(pr, M[i], M[i][c], rowr, prev, ops)
        den = prev = pr
        pivots.append(c)
        r += 1
    return den, pivots


def rref_field(M: Matrix, ops: ElementOps, pivot_key: PivotKey = None) -> list[int]:
    """Reduced row echelon form over a field (Gauss-Jordan), in place.

    Returns the pivot columns.  ``pivot_key`` turns on partial pivoting (and
    then each entry is divided by the pivot, for correct rounding, instead of
    multiplied by its inverse).

    Uses ``ops.one, ops.zero, ops.mul, ops.sub, ops.div, ops.is_zero``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from gentensor.ops import rationals
    >>> M = [[Fraction(2), Fraction(4)], [Fraction(1), Fraction(3)]]
    >>> rref_field(M, rationals), [[str(v) for v in row] for row in M]
    ([0, 1], [['1', '0'], ['0', '1']])
    """
    m = len(M)
    ncols = len(M[0]) if m else 0
    mul, sub, div, is_zero, one, zero = ops.mul, ops.sub, ops.div, ops.is_zero, ops.one, ops.zero
    pivots: list[int] = []
    r = 0
    for c in range(ncols):
        if r == m:
            break
        p = find_pivot(M, c, r, ops, pivot_key)
        if p < 0:
            continue
        if p != r:
            M[r], M[p] = M[p], M[r]
        pr = M[r][c]
        if pivot_key is None:
            inv = div(one, pr)
            rowr = [mul(inv, x) for x in M[r]]
        else:  # inexact: one correctly rounded division per entry
            rowr = [div(x, pr) for x in M[r]]
        rowr[c] = one
        M[r] = rowr
        for i in range(m):
            if i == r:
                continue
            ri = M[i]
            f = ri[c]
            if is_zero(f):
                continue
            new = [sub(x, mul(f, y)) for x, y in zip(ri, rowr)]
            new[c] = zero
            M[i] = new
        pivots.append(c)
        r += 1
    return pivots


def solve_den(A: Matrix, B: Matrix, ops: ElementOps) -> Optional[tuple[Matrix, Any]]:
    """Solve ``A @ X == B`` fraction-free for square ``A``: ``X == num / den``.

    ``A`` is ``n x n`` and ``B`` is ``n x k`` (rows).  Returns ``(num, den)``,
    or ``None`` when ``A`` is singular.  Neither input is changed.

    Uses what `rref_den` uses.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> solve_den([[2, 1], [1, 3]], [[3], [5]], integers)
    ([[4], [7]], 5)
    """
    n = len(A)
    aug = [list(ra) + list(rb) for ra, rb in zip(A, B)]
    den, pivots = rref_den(aug, ops)
    if len(pivots) < n or (pivots and pivots[-1] >= n):
        return None
    return [row[n:] for row in aug], den


def solve_field(A: Matrix, B: Matrix, ops: ElementOps, pivot_key: PivotKey = None) -> Optional[Matrix]:
    """Solve ``A @ X == B`` over a field for square ``A``; ``None`` when singular.

    Neither input is changed.  Uses what `rref_field` uses.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from gentensor.ops import rationals
    >>> solve_field([[Fraction(2), 1], [1, 3]], [[3], [5]], rationals)
    [[Fraction(4, 5)], [Fraction(7, 5)]]
    """
    n = len(A)
    aug = [list(ra) + list(rb) for ra, rb in zip(A, B)]
    pivots = rref_field(aug, ops, pivot_key)
    if len(pivots) < n or (pivots and pivots[-1] >= n):
        return None
    return [row[n:] for row in aug]


def lu_field(M: Matrix, ops: ElementOps, pivot_key: PivotKey = None) -> tuple[list[int], Matrix, Matrix]:
    """``P @ M == L @ U`` over a field for any ``m x n`` matrix (singular too).

    Returns ``(perm, L, U)``: row ``i`` of ``P @ M`` is row ``perm[i]`` of
    ``M``; ``L`` is ``m x m`` unit lower triangular, ``U`` is ``m x n`` in row
    echelon form.  ``M`` becomes ``U``.

    Uses ``ops.zero, ops.one, ops.mul, ops.sub, ops.div, ops.is_zero``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from gentensor.ops import rationals
    >>> perm, L, U = lu_field([[Fraction(0), 1], [2, 4]], rationals)
    >>> perm, L, U
    ([1, 0], [[Fraction(1, 1), Fraction(0, 1)], [Fraction(0, 1), Fraction(1, 1)]], [[2, 4], [Fraction(0, 1), 1]])
    """
    m = len(M)
    ncols = len(M[0]) if m else 0
    mul, sub, div, is_zero, zero, one = ops.mul, ops.sub, ops.div, ops.is_zero, ops.zero, ops.one
    perm = list(range(m))
    L = [[zero] * m for _ in range(m)]
    r = 0
    for c in range(ncols):
        if r == m:
            break
        p = find_pivot(M, c, r, ops, pivot_key)
        if p < 0:
            continue
        if p != r:
            M[r], M[p] = M[p], M[r]
            L[r], L[p] = L[p], L[r]
            perm[r], perm[p] = perm[p], perm[r]
        rowr = M[r]
        pr = rowr[c]
        inv = div(one, pr)
        tail = rowr[c + 1 :]
        for i in range(r + 1, m):
            ri = M[i]
            if is_zero(ri[c]):
                continue
            f = mul(ri[c], inv) if pivot_key is None else div(ri[c], pr)
            L[i][r] = f
            ri[c:] = [zero, *[sub(x, mul(f, y)) for x, y in zip(ri[c + 1 :], tail)]]
        r += 1
    for i in range(m):
        L[i][i] = one
    return perm, L, M
