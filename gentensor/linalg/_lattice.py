"""Normal forms over Euclidean domains, on plain ``list[list]`` matrices: Hermite (Smith, kernels, Diophantine systems: `._smith`).

The kernels work in any ring whose capabilities say *Euclidean* -- the
integers, Gaussian integers, polynomials over a field -- through the members
bundled in `Euclid`: ``zero, one, add, sub, mul, neg, is_zero, exquo,
divmod`` (``mod`` when the ops defines it, ``floordiv`` for exact quotients
in an ordered ring) and a *canonical unit* that picks one associate of each
element (``ops.canonical_unit(a)`` when the ops defines it, the sign in an
ordered ring, otherwise ``one``: then normal forms are unique up to units).

Conventions (row style, as FLINT):

* **Hermite normal form** ``H = U @ A`` with ``U`` unimodular: the non-zero
  rows come first, each row's first non-zero entry (its pivot) lies to the
  right of the previous row's, pivots are canonical (positive integers) and
  the entries above a pivot are remainders modulo it (in ``[0, pivot)`` for
  integers).  It is unique.
* **Smith normal form** ``D = U @ A @ V``: diagonal, canonical entries,
  each dividing the next, zeros last.

How (see ``docs/linalg.md``), for an ``m x n`` matrix of rank ``r``:

1. `rank_profile`: fraction-free (Bareiss) elimination gives the pivot
   columns ``P``, ``r`` independent rows and the determinant ``d`` of the
   ``r x r`` minor they select: ``O(m n r)`` operations.
2. `hnf_full_rank`: on ``P`` the lattice has full rank and determinant
   dividing ``d``, so its HNF is computed *modulo* ``d`` (Domich, Kannan and
   Trotter, "Hermite normal form computation using modulo determinant
   arithmetic", Math. Oper. Res. 12, 1987; Cohen, *A Course in Computational
   Algebraic Number Theory*, algorithm 2.4.8), which keeps every entry below
   ``d``: ``O(m r**2)`` operations on numbers the size of ``d``.
3. `hnf`: the other columns follow by one exact solve (a vector of the row
   space is determined by its entries on ``P``).  A square non-singular
   matrix skips step 1, and usually step 2 as well: when its cokernel is
   cyclic, one fraction-free solve gives the whole form (`cyclic_hnf`).

The transform ``U`` is the right half of the HNF of ``[A | I]`` (canonical
too).  The Smith form alternates row and column Hermite forms until the
matrix is diagonal (Kannan and Bachem, "Polynomial algorithms for computing
the Smith and Hermite normal forms of an integer matrix", SIAM J. Comput. 8,
1979), here each one modulo the determinant, then repairs the divisibility
chain with ``(a, b) -> (gcd, lcm)`` steps.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any, Callable, Optional

from ..compute import Euclid, euclid_gcdex as gcdex
from ._charpoly import matmul
from ._dense import bareiss_combine, identity_rows, pivot_steps, solve_den

__all__ = [
    "Euclid",
    "gcdex",
    "rank_profile",
    "hnf_full_rank",
    "hnf",
    "hnf_transform",
    "cyclic_hnf",
    "probe_entry",
    "transpose",
]

Rows = list  # list[list[element]]

#: A kernel with the contract of `hnf_full_rank`: (rows, a multiple of the determinant, R) -> H.
FullRank = Callable[[Rows, Any, Euclid], Rows]


def transpose(rows: Rows, ncols: Optional[int] = None) -> Rows:
    """The transpose of a matrix given as rows (``ncols`` for a matrix with no rows).

    Examples
    --------
    >>> transpose([[1, 2, 3], [4, 5, 6]]), transpose([], 2)
    ([[1, 4], [2, 5], [3, 6]], [[], []])
    """
    if not rows:
        return [[] for _ in range(ncols or 0)]
    return [list(col) for col in zip(*rows)]


def rank_profile(rows: Rows, R: Euclid) -> tuple[list[int], list[int], Any]:
    """``(columns, rows, d)``: the pivot columns and rows of a fraction-free echelon form, and its last pivot.

    ``columns`` is the column rank profile, ``rows`` the indices of ``len(columns)``
    independent rows, and ``d`` (non-zero; ``one`` for rank 0) is, up to sign,
    the determinant of the submatrix they select.  ``rows`` is not changed.
    Uses what `._dense.bareiss_combine` uses, with exact quotients.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> rank_profile([[0, 2, 4], [0, 1, 2], [3, 1, 1]], Euclid(integers))
    ([0, 1], [2, 1], 3)
    """
    M = [list(row) for row in rows]
    m = len(M)
    index = list(range(m))  # index[i]: the input row now at row i
    divider = _ExactOps(R)
    cols: list[int] = []
    prev = None  # the previous pivot (None before the first: no division)
    for r, c, p in pivot_steps(M, divider):
        index[r], index[p] = index[p], index[r]
        pivot_row = M[r]
        pr = pivot_row[c]
        # Forward elimination only: the pivots of an echelon form, not a reduced one, are all it needs.
        for i in range(r + 1, m):
            M[i] = bareiss_combine(pr, M[i], M[i][c], pivot_row, prev, divider)  # type: ignore[arg-type]
        prev = pr
        cols.append(c)
    # The last Bareiss pivot is the determinant of the minor on the pivot rows and columns (up to sign).
    return cols, index[: len(cols)], (R.one if prev is None else prev)


class _ExactOps:
    """The members `bareiss_combine` and `find_pivot` need, with ``exquo`` as the fast exact quotient
    (``floordiv`` for integers, where the ops' ``exquo`` also checks the remainder)."""

    def __init__(self, R: Euclid) -> None:
        self.mul, self.sub, self.is_zero, self.exquo = R.mul, R.sub, R.is_zero, R.exact


def _gcd_gatherer(R: Euclid) -> Callable[[Rows, Any], tuple[Optional[list[Any]], Rows, int]]:
    """``gather(W, modulus) -> (h, rest, passed)``: the rows ``W`` after unimodular operations that
    gather the gcd of their leading entries into one row ``h``, all modulo ``modulus``.

    The rows of ``rest`` have a zero leading entry; ``h`` is ``None`` when every leading entry is zero.
    ``passed`` counts the rows before ``h``'s first position, all zero there: putting ``h`` first is a
    cyclic shift of sign ``(-1)**passed``.  Each row meets ``h`` once: when ``h``'s leading entry ``b``
    divides the row's ``a``, subtracting ``a / b`` times ``h`` clears it; otherwise a Bézout step with
    ``s b + t a == g`` replaces the pair by ``(s h + t w, (b/g) w - (a/g) h)``, a transformation of
    determinant ``(s b + t a) / g == 1``, leaving ``g`` in ``h`` and 0 in ``w``.  Rows of ``rest``
    are new lists, except those whose leading entry was zero already (``W``'s own).

    A closure over the members of ``R``, made once per kernel call (`hnf_full_rank`).
    """
    add, sub, mul, rem, exact, is_zero, divmod_ = R.add, R.sub, R.mul, R.rem, R.exact, R.is_zero, R.divmod

    def gather(W: Rows, modulus: Any) -> tuple[Optional[list[Any]], Rows, int]:
        h: Optional[list[Any]] = None
        rest: Rows = []
        passed = 0
        for w in W:
            a = w[0]
            if is_zero(a):
                rest.append(w)
                continue
            if h is None:
                h, passed = w, len(rest)
                continue
            b = h[0]
            q, r = divmod_(a, b)
            if is_zero(r):
                # b divides a (the usual case once the gcd of the column has reached h): w - q h
                # clears the leading entry.
                rest.append([rem(sub(x, mul(q, y)), modulus) for x, y in zip(w, h)])
                continue
            g, s, t = gcdex(b, a, R)
            bg, ag = exact(b, g), exact(a, g)
            h, w = (
                [rem(add(mul(s, y), mul(t, x)), modulus) for y, x in zip(h, w)],
                [rem(sub(mul(bg, x), mul(ag, y)), modulus) for x, y in zip(w, h)],
            )
            rest.append(w)
        return h, rest, passed

    return gather


def hnf_full_rank(rows: Rows, D: Any, R: Euclid) -> Rows:
    """The ``n x n`` Hermite normal form of a lattice of full rank ``n``, computed modulo ``D``.

    ``rows`` (``m >= n`` rows of length ``n``) generate a lattice ``L`` of
    rank ``n`` and ``D`` is a non-zero multiple of its determinant, so ``L``
    contains ``D * Z**n`` and every entry may be reduced modulo the current
    modulus.  Column by column, Bézout steps gather the gcd of the column
    into one row; the pivot is its gcd with the modulus, and the modulus is
    then divided by the pivot (the rest of the lattice has determinant
    ``det / pivot``).  Entries above the pivots are reduced at the end.

    This is Domich, Kannan and Trotter's modular method ("Hermite normal form
    computation using modulo determinant arithmetic", Math. Oper. Res. 12,
    1987) in the form of Cohen's algorithm 2.4.8, on rows instead of
    columns.  Every entry stays below the modulus, so for integers the cost
    is ``O(m n**2)`` operations on numbers of the size of ``D``, where plain
    elimination lets entries grow without bound.

    Uses ``R.rem, R.divmod, R.exact, R.add, R.sub, R.mul, R.is_zero`` and [`gcdex`][gentensor.compute.numtheory.gcdex].

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> hnf_full_rank([[2, 3, 6], [4, 5, 1], [0, 2, 8]], 28, Euclid(integers))
    [[2, 0, 1], [0, 1, 11], [0, 0, 14]]
    """
    n = len(rows[0])
    zero = R.zero
    mul, rem, exact, is_zero = R.mul, R.rem, R.exact, R.is_zero
    modulus = R.normal(D)
    # W: the rows still to be reduced, on the columns from the current one on, entries reduced modulo
    # ``modulus``.  Invariant: together with modulus * Z**k (k the columns left) they span the vectors
    # of L that are zero on the finished columns (those columns dropped).
    W = [[rem(x, modulus) for x in row] for row in rows]
    tails: list[list[Any]] = []  # tails[c]: row c of H from column c on
    gather = _gcd_gatherer(R)
    for _ in range(n):
        # Phase 1: the gcd of the leading column gathered into one row h, the others cleared there.
        h, rest, _ = gather(W, modulus)
        # Phase 2: the pivot.  modulus * e_c lies in the lattice, so s h + t (modulus e_c) with
        # s pivot + t modulus == g gives leading entry g = gcd(pivot, modulus), the Hermite pivot;
        # the other entries of that row are s h.  An all-zero column has pivot ``modulus`` itself.
        pivot = modulus if h is None else h[0]
        g, s, _ = gcdex(pivot, modulus, R)
        unit = R.divides(g, R.one)
        if not unit:
            # The vectors of L zero in this column form a lattice of determinant det / g, so
            # modulus / g is a multiple of it: reduce the rest modulo that from now on.
            modulus = exact(modulus, g)
        tail = [g]
        if h is not None:
            tail += [rem(mul(s, x), modulus) for x in h[1:]]
        else:
            tail += [zero] * (n - len(tails) - 1)
        tails.append(tail)
        # Phase 3: the next column's rows: drop the cleared column, reduce, forget zero rows.
        W = []
        for w in rest:
            del w[0]  # zero in this column (the lists of W and rest are this kernel's own, never the input's)
            if not unit:  # the modulus shrank: reduce again
                w = [rem(x, modulus) for x in w]
            if not all(map(is_zero, w)):
                W.append(w)
    H = [[zero] * c + tail for c, tail in enumerate(tails)]
    # Phase 4: the entries above each pivot, reduced modulo it (exact arithmetic, no modulus: the
    # Hermite form's entries lie below their pivot, not below D).
    _reduce_above(H, list(range(n)), R)
    return H


def _reduce_above(H: Rows, pivots: list[int], R: Euclid) -> None:
    """Reduce the entries above each pivot modulo it, in place (pivot rows in order, pivots canonical).

    Pivot rows are taken top to bottom: subtracting a multiple of row ``i`` from a row above changes
    that row only from column ``pivots[i]`` on, so entries reduced earlier (left of it) stay reduced.
    """
    sub, mul, divmod_, is_zero = R.sub, R.mul, R.divmod, R.is_zero
    for i, c in enumerate(pivots):
        prow = H[i]
        p = prow[c]
        tail = prow[c:]
        for k in range(i):
            row = H[k]
            q = divmod_(row[c], p)[0]
            if not is_zero(q):
                # row - q * (pivot row), as two lazy maps rather than a comprehension: with Python ints
                # both run in C, and when the pivots are mostly 1 this loop does about as many updates
                # as the modular phase (a comprehension measured 6-8% slower on this loop for 20x20 to
                # 80x80 Hermite forms of determinant 10007, 2-3% on the whole `hnf_full_rank`).
                row[c:] = list(map(sub, row[c:], map(mul, repeat(q), tail)))


def _probe(n: int, R: Euclid, columns: int = 1) -> Rows:
    """Fixed right-hand sides with varied small entries: any vectors make the cyclic tests proofs."""
    convert = R.ops.convert
    return [[convert(probe_entry(i, c)) for c in range(columns)] for i in range(n)]


def probe_entry(i: int, column: int = 0) -> int:
    """Entry ``i`` of `_probe`'s column ``column`` (0 or 1), as an int.

    Deterministic, so results are reproducible; varied, so that ``gcd(y, d)``
    is rarely a non-unit by accident.

    Examples
    --------
    >>> [probe_entry(i) for i in range(4)], [probe_entry(i, 1) for i in range(4)]
    ([-2, 5, 1, -3], [-1, -3, 2, 0])
    """
    return (7 * i + 3) % 11 - 5 if column == 0 else (5 * i + 2) % 7 - 3


#: How many combinations ``Y[:, 0] + k Y[:, 1]`` `cyclic_hnf` tries.
CYCLIC_TRIES = 8


def cyclic_hnf(rows: Rows, Y: Rows, d: Any, R: Euclid) -> Optional[Rows]:
    """The Hermite form of a non-singular square matrix from one solve, when its cokernel is cyclic; else ``None``.

    The columns of ``Y`` and ``d`` satisfy ``A @ Y == d * B`` for some matrix
    ``B`` (``solve_den``: ``d = det A`` up to a unit, ``Y = adj(A) @ B``), so
    for every combination ``y`` of them each row of ``A`` lies in ``L_y = {x
    : x . y == 0 mod d}``.  When ``gcd(y_1, ..., y_n, d)`` is a unit, ``L_y``
    has index ``|d|`` in ``R**n`` -- the index of the row lattice itself --
    so the two are equal.  The Hermite form of ``L_y`` then follows from the
    suffix gcds ``g_i = gcd(y_i, ..., y_n, d)``: the pivots are ``h_i =
    g_{i+1} / g_i`` (mostly 1), and row ``i`` is ``h_i e_i + sum_j c_j e_j``
    over the columns ``j > i`` with ``h_j != 1``, each ``c_j`` the unique
    residue mod ``h_j`` that solves the congruence modulo ``g_{j+1}`` (where
    it involves ``c_j`` alone).  ``O(n t)`` operations for ``t`` pivots
    other than 1, after the solve.  The combinations ``y = Y[:, 0] + k Y[:,
    1]`` (``k < CYCLIC_TRIES``) are tried; a matrix whose cokernel is not
    cyclic never passes (then ``None``), random ones mostly do.

    Uses ``R.rem, R.add, R.sub, R.mul, R.neg, R.exact, R.normal, R.divides`` and [`gcdex`][gentensor.compute.numtheory.gcdex].

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> cyclic_hnf([[2, 1], [1, 3]], [[-1], [2]], 5, Euclid(integers))
    [[1, 3], [0, 5]]
    >>> cyclic_hnf([[2, 0], [0, 2]], [[0], [2]], 4, Euclid(integers)) is None
    True
    """
    n = len(rows)
    D = R.normal(d)
    zero, one, rem, add, sub, mul, exact, normal = R.zero, R.one, R.rem, R.add, R.sub, R.mul, R.exact, R.normal
    first = [row[0] for row in Y]
    second = [row[1] for row in Y] if len(Y[0]) > 1 else None
    k = zero
    # Find a combination y whose entries are coprime to D: then L_y has index |D| and equals the lattice.
    for _ in range(CYCLIC_TRIES if second is not None else 1):
        y = first if second is None or R.is_zero(k) else [add(a, mul(k, b)) for a, b in zip(first, second)]
        G = [zero] * n + [D]  # G[i] = gcd(y_i, ..., y_{n-1}, D), built from the end
        for i in range(n - 1, -1, -1):
            G[i] = gcdex(G[i + 1], rem(y[i], D), R)[0]
        if R.divides(G[0], one):
            break
        k = add(k, one)
    else:
        return None  # no combination tried is coprime to D: the cokernel is probably not cyclic
    # The pivots: h_i = g_{i+1} / g_i.  Their product telescopes to D / g_0 = D (up to a unit), the
    # index of the lattice, as the determinant of its triangular basis must be.
    h = [normal(exact(G[i + 1], G[i])) for i in range(n)]
    T = [j for j in range(n) if not R.divides(h[j], one)]  # the columns whose pivot is not a unit
    inverse = {}
    for j in T:  # (y_j / g_j)**-1 mod h_j: y_j / g_j is coprime to h_j by the definition of the g's
        g, s, _ = gcdex(rem(exact(y[j], G[j]), h[j]), h[j], R)
        inverse[j] = mul(R.unit(g), s)
    H = [[zero] * n for _ in range(n)]
    for i in range(n):
        # Row i = h_i e_i + sum_{j in T, j > i} c_j e_j must satisfy row . y == 0 (mod D).  Going
        # right, the congruence modulo g_{j+1} involves c_j alone once the earlier c's are known
        # (acc holds their part of the sum): c_j (y_j / g_j) == (target - acc) / g_j (mod h_j).
        H[i][i] = h[i]
        target = R.neg(mul(h[i], y[i]))
        acc = zero
        for j in T:
            if j <= i:
                continue
            c = rem(mul(exact(rem(sub(target, acc), G[j + 1]), G[j]), inverse[j]), h[j])
            H[i][j] = c
            acc = add(acc, mul(c, y[j]))
    return H


def hnf(
    rows: Rows,
    R: Euclid,
    det: Callable[[Rows], Any] | None = None,
    *,
    full_rank: Optional[FullRank] = None,
    solver: Optional[Callable[[Rows, Rows], Any]] = None,
) -> Rows:
    """The row-style Hermite normal form of any ``m x n`` matrix (new rows; ``rows`` unchanged).

    A square matrix with a non-zero determinant goes straight to
    `hnf_full_rank`; with ``solver`` (a fraction-free solver such as
    `._dense.solve_den`, the ring's provider) one solve gives the determinant and, usually, the whole
    form (`cyclic_hnf`); otherwise ``det(rows)``, a fast determinant when given.
    Otherwise the rank profile gives the pivot columns ``P`` and independent rows; on
    ``P`` the lattice has full rank, so `hnf_full_rank` computes its HNF
    modulo the determinant of the independent rows' minor.  When ``P`` is not
    every column, the full rows follow from those on ``P`` by one exact solve
    (a vector of the row space is determined by its entries on ``P``).

    ``full_rank`` replaces `hnf_full_rank` (a specialised kernel of the same contract).

    Uses what `rank_profile`, `hnf_full_rank` and
    `._dense.solve_den` use.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> hnf([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], Euclid(integers))
    [[4, 0, -4, -8], [0, 1, 2, 3], [0, 0, 0, 0]]
    """
    m = len(rows)
    n = len(rows[0]) if m else 0
    zero = R.zero
    if not m or not n:
        return [list(row) for row in rows]
    kernel = full_rank or hnf_full_rank
    # Square: one fraction-free solve gives det(A) (its denominator) and, for a cyclic cokernel, the form.
    if m == n and solver is not None:
        found = solver([list(row) for row in rows], _probe(n, R, 2))
        if found is not None:
            Y, d = found
            return cyclic_hnf(rows, Y, d, R) or kernel(rows, d, R)
    elif m == n and det is not None:
        d = det([list(row) for row in rows])
        if not R.is_zero(d):
            return kernel(rows, d, R)
    # General case (or a singular square matrix): the rank profile first.
    cols, independent, d = rank_profile(rows, R)
    r = len(cols)
    zeros = [[zero] * n for _ in range(m - r)]
    if r == 0:
        return zeros
    # On the pivot columns the lattice has rank r and its determinant divides d (the determinant of
    # one of its full-rank sublattices, spanned by the independent rows): compute modulo d.
    on_pivots = [[row[c] for c in cols] for row in rows]
    HP = kernel(on_pivots, d, R)
    if r == n:
        return HP + zeros
    # Lift HP to all columns: each row of H is the unique vector of the row space with the given
    # entries on the pivot columns, i.e. Y @ B with B the independent rows and Y @ BP == HP
    # (BP: B on the pivot columns), solved as BP^T @ Y^T == HP^T.  Y may be fractional; Y @ B is not.
    B = [list(rows[i]) for i in independent]
    BP = [[row[c] for c in cols] for row in B]
    solved = solve_den(transpose(BP), transpose(HP), R.ops)
    assert solved is not None  # BP is a non-singular minor
    num, den = solved
    exact = R.exact
    top = [[exact(v, den) for v in row] for row in matmul(transpose(num), B, R.ops)]
    return top + zeros


def hnf_transform(rows: Rows, R: Euclid, *, n: Optional[int] = None, full_rank: Optional[FullRank] = None) -> tuple[Rows, Rows]:
    """``(H, U)`` with ``U @ A == H`` the Hermite normal form and ``U`` unimodular.

    ``[H | U]`` is the Hermite normal form of ``[A | I]`` (which has full row
    rank), so ``U`` is canonical too: its rows past the rank are the Hermite
    basis of the left kernel of ``A``.  ``n`` gives the number of columns of
    a matrix without rows.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> hnf_transform([[2, 4], [3, 6]], Euclid(integers))
    ([[1, 2], [0, 0]], [[2, -1], [3, -2]])
    """
    m = len(rows)
    ncols = len(rows[0]) if m else (n or 0)
    eye = identity_rows(m, R.zero, R.one)
    # Every row operation on [A | I] is recorded in its right half: [H | U] with U @ A == H.
    HU = hnf([list(row) + e for row, e in zip(rows, eye)], R, full_rank=full_rank)
    return [row[:ncols] for row in HU], [row[ncols:] for row in HU]
