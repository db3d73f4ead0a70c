"""Elimination kernels on plain ``list[list]`` matrices: elements only through ``ops``.

Every kernel takes the rows of a matrix (a list of equal-length lists) and an
element-operations object, works in place on the lists it is given, and
returns plain lists and Python values.  Nothing here knows about tensors;
the caller copies rows in and wraps results.

The kernels, with their cost in ring operations for an ``n x n`` input:

* `det_bareiss`, `echelon_bareiss`, `rref_den`,
  `solve_den` -- fraction-free (Bareiss) elimination, all through one
  step (`bareiss_combine`): every division is exact (``ops.exquo``),
  so they run in any integral domain with exact division and keep entries
  small (each entry is a minor of the input).  About ``2 n**3 / 3``
  multiplications and ``n**3 / 3`` exact divisions (Gauss-Jordan, `rref_den`,
  about ``n**3``).
* `det_gauss`, `rref_field`, `solve_field`,
  `lu_field` -- Gaussian elimination in a field (``ops.div``), with
  optional partial pivoting for inexact fields (``pivot_key``).  About
  ``n**3 / 3`` multiplications (``n**3 / 2`` for Gauss-Jordan).
* `det_laplace` -- division-free cofactor expansion, memoised over column
  subsets (``n * 2**(n-1)`` products): the choice for tiny matrices.

Why fraction-free elimination works (Bareiss, "Sylvester's identity and
multistep integer-preserving Gaussian elimination", Math. Comp. 22, 1968):
write ``a(k)[i][j]`` for the determinant of the submatrix on rows ``0..k-1,
i`` and columns ``0..k-1, j`` (``a(0) = A``).  Sylvester's identity gives
the two-term recurrence

    a(k+1)[i][j] = (a(k)[k][k] * a(k)[i][j] - a(k)[i][k] * a(k)[k][j]) / a(k-1)[k-1][k-1]

with an exact division, since the left side is a determinant of entries of
``A``.  Every intermediate entry is therefore a minor of the input: its size
is bounded by Hadamard's inequality, not by the ``2**k`` growth of
cross-multiplication without the division.  The last pivot ``a(n-1)[n-1][n-1]``
is the determinant.

All the echelon kernels walk the columns with one sweep, `pivot_steps`.
Pivots are chosen with ``ops.is_zero``, never with Python truthiness; an ops
whose zero test can be undecided (symbolic elements) also has
``ops.zero_test``, and then `find_pivot` prefers an entry *proven* non-zero.
The division-free Berkowitz kernels live in `._charpoly`.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Optional

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
    "pivot_steps",
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
        # Nothing to eliminate: the row is only rescaled to the new pivot's denominator.
        new = [mul(pivot, x) for x in row]
    else:
        sub = ops.sub
        new = [sub(mul(pivot, x), mul(a, y)) for x, y in zip(row, pivot_row)]
    if prev is not None:
        # Exact by Sylvester's identity: each entry of ``new`` is ``prev`` times a minor of the input.
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
        # Exact arithmetic: any non-zero pivot gives the same result, so take the first.
        for i in range(start, len(M)):
            if not is_zero(M[i][col]):
                return i
        return -1
    # Partial pivoting: the largest pivot keeps every multiplier at most 1 in size,
    # which bounds the growth of rounding errors (the standard choice for floats).
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
    # No entry is proven non-zero.  Treating an undecided entry as zero could skip a real pivot (a wrong
    # rank); treating it as non-zero could divide by zero.  The limits setting decides (raise by default).
    if first_unknown >= 0 and not undecided(M[first_unknown][col], "pivot search", found):
        return first_unknown
    return -1


def pivot_steps(
    M: Matrix, ops: Any, key: PivotKey = None, find: Optional[Callable[..., int]] = find_pivot
) -> Iterator[tuple[int, int, int]]:
    """The column sweep of every echelon kernel: yields ``(r, c, p)`` once per pivot, left to right.

    For each column ``c``, ``find(M, c, r, ops, key)`` (by default
    `find_pivot`) names a pivot row ``p >= r``, or ``-1``: no pivot below row
    ``r``, and the column is skipped.  ``find=None`` takes the first entry
    that is true, for kernels on raw Python numbers (no ops, no call per
    column).  Row ``p`` is swapped into row ``r``
    before the yield (``p`` is where it came from, for a caller that permutes
    companion rows too); the caller then eliminates column ``c`` with row
    ``r``.  The sweep stops when every row holds a pivot.

    Invariant at each yield: rows ``0..r-1`` are the pivot rows found so far,
    and the entries of rows ``r..m-1`` left of column ``c`` are zero (the
    caller's elimination keeps it).  One generator step per pivot, nothing per
    element: its cost is lost in the row operations.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> M = [[0, 0, 1], [0, 2, 3]]
    >>> list(pivot_steps(M, integers)), M
    ([(0, 1, 1), (1, 2, 1)], [[0, 2, 3], [0, 0, 1]])
    """
    m = len(M)
    ncols = len(M[0]) if m else 0
    r = 0
    for c in range(ncols):
        if r == m:
            return  # every row holds a pivot: the columns to the right hold none
        if find is not None:
            p = find(M, c, r, ops, key)
        else:
            for p in range(r, m):
                if M[p][c]:
                    break
            else:
                p = -1
        if p < 0:
            continue  # column c is zero from row r down: not a pivot column
        if p != r:
            M[r], M[p] = M[p], M[r]
        yield r, c, p
        r += 1


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
    negate = False  # each row swap flips the sign of the determinant
    prev = None  # the previous pivot; None stands for ops.one (skip the division)
    # Step k turns M[i][j] (i, j > k) into the minor on rows 0..k, i and columns 0..k, j.
    # The last entry needs no pivot search: after n - 1 steps it is the determinant.
    for k in range(n - 1):
        p = find_pivot(M, k, k, ops)
        if p < 0:
            return ops.zero  # column k is zero on and below the diagonal: singular
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
    det = ops.one  # the product of the pivots so far, with the sign of the row swaps
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
        # Only the columns right of k change: column k below the pivot is never read again.
        for i in range(k + 1, n):
            ri = M[i]
            if ops.is_zero(ri[k]):
                continue
            # Exact fields: one division per pivot, then multiplications.  Inexact fields: divide each
            # entry, which rounds once where the product with a rounded inverse rounds twice.
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
    # minors[mask]: the minor on rows 0..r-1 and the r columns whose bits are set in mask.  Laplace
    # expansion along the last row: minor(rows 0..r, T) = sum over c in T of +-M[r][c] * minor(rows 0..r-1,
    # T - {c}), built here from the other side: each known minor S contributes to every T = S + {c}.
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
    return minors.get((1 << n) - 1, ops.zero)  # absent: every term was zero


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
    zero = ops.zero
    pivots: list[int] = []
    prev = None  # the previous pivot (None before the first: no division)
    for r, c, _ in pivot_steps(M, ops):
        rowr = M[r]
        pr = rowr[c]
        tail = rowr[c + 1 :]
        # Only the rows below and the columns right of the pivot change (forward elimination).
        for i in range(r + 1, m):
            ri = M[i]
            ri[c:] = [zero, *bareiss_combine(pr, ri[c + 1 :], ri[c], tail, prev, ops)]
        prev = pr
        pivots.append(c)
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
    den = ops.one
    prev = None  # the previous pivot (None before the first: no division)
    pivots: list[int] = []
    for r, c, _ in pivot_steps(M, ops):
        rowr = M[r]
        pr = rowr[c]
        # Every other row, above the pivot too (Gauss-Jordan).  Invariant after this step: the pivot
        # columns found so far are pr times unit vectors, and each entry is a minor of order r + 1 of
        # the input (rows above are rescaled from prev to pr by the same exact division).
        for i in range(m):
            if i != r:
                M[i] = bareiss_combine(pr, M[i], M[i][c], rowr, prev, ops)
        den = prev = pr
        pivots.append(c)
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
    mul, sub, div, is_zero, one, zero = ops.mul, ops.sub, ops.div, ops.is_zero, ops.one, ops.zero
    pivots: list[int] = []
    for r, c, _ in pivot_steps(M, ops, pivot_key):
        pr = M[r][c]
        # Normalise the pivot row so the pivot is one (set exactly: no rounding left in it).
        if pivot_key is None:
            inv = div(one, pr)
            rowr = [mul(inv, x) for x in M[r]]
        else:  # inexact: one correctly rounded division per entry
            rowr = [div(x, pr) for x in M[r]]
        rowr[c] = one
        M[r] = rowr
        # Clear column c in every other row, above the pivot too (Gauss-Jordan).
        for i in range(m):
            if i == r:
                continue
            ri = M[i]
            f = ri[c]
            if is_zero(f):
                continue
            new = [sub(x, mul(f, y)) for x, y in zip(ri, rowr)]
            new[c] = zero  # exactly zero, not a rounding residue
            M[i] = new
        pivots.append(c)
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
    # A is invertible exactly when its n columns are the n pivot columns of [A | B]:
    # then the reduced form is [den * I | num], i.e. A @ num == den * B.
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
    # As in `solve_den`: the reduced form of [A | B] is [I | X] exactly when A is invertible.
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
    mul, sub, div, is_zero, zero, one = ops.mul, ops.sub, ops.div, ops.is_zero, ops.zero, ops.one
    perm = list(range(m))
    # L[i][r] holds the multiplier that cleared row i with pivot row r.  Its rows travel with the rows
    # of M under later swaps, so that L @ U keeps reproducing the permuted rows of the input.
    L = [[zero] * m for _ in range(m)]
    for r, c, p in pivot_steps(M, ops, pivot_key):
        if p != r:  # pivot_steps swapped rows r and p of M: swap their multipliers and origins too
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
    for i in range(m):
        L[i][i] = one
    return perm, L, M


def swap_similar(M: list[list[Any]], p: int, q: int) -> None:
    """Swap rows ``p`` and ``q`` and columns ``p`` and ``q`` of ``M`` in place: a similarity ``P M P^-1``.

    The characteristic polynomial is unchanged (Hessenberg reduction swaps a pivot in this way).

    Examples
    --------
    >>> M = [[1, 2], [3, 4]]
    >>> swap_similar(M, 0, 1); M
    [[4, 3], [2, 1]]
    """
    M[p], M[q] = M[q], M[p]
    for row in M:
        row[p], row[q] = row[q], row[p]
