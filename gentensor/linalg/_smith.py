"""Smith forms, integer kernels, Diophantine systems and determinants modulo n, over any Euclidean domain.

Built on the Hermite forms of `._lattice` (its module docstring has the
conventions and the ring members used, bundled in `Euclid`).  The Smith
form alternates row and column Hermite forms until the matrix is diagonal
(Kannan and Bachem, "Polynomial algorithms for computing the Smith and
Hermite normal forms of an integer matrix", SIAM J. Comput. 8, 1979), each
one modulo the determinant, then repairs the divisibility chain with
``(a, b) -> (gcd, lcm)`` steps; a square matrix first tries the one-solve
proof of a cyclic cokernel (`cyclic_snf`).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ..compute import Euclid, euclid_gcdex as gcdex
from ._charpoly import matmul
from ._dense import identity_rows
from ._lattice import FullRank, Rows, _probe, hnf, hnf_full_rank, hnf_transform, transpose

__all__ = [
    "snf_diagonal",
    "cyclic_snf",
    "snf_transform",
    "divisor_chain",
    "integer_kernel",
    "solve_integer",
    "det_mod",
]


def _is_diagonal(T: Rows, R: Euclid) -> bool:
    is_zero = R.is_zero
    return all(is_zero(v) for i, row in enumerate(T) for j, v in enumerate(row) if i != j)


def divisor_chain(values: list[Any], R: Euclid) -> list[Any]:
    """Non-zero diagonal entries turned into a divisibility chain by ``(a, b) -> (gcd, lcm)`` steps.

    The product is kept (up to a unit); every entry is made canonical.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> divisor_chain([6, 4, -10], Euclid(integers))
    [2, 2, 60]
    """
    a = [R.normal(v) for v in values]
    # diag(a, b) and diag(gcd, lcm) have the same Smith form.  After the pass for i, a[i] divides every
    # later entry (it became the gcd of all of them), and later passes only change entries after i.
    for i in range(len(a)):
        for j in range(i + 1, len(a)):
            if not R.divides(a[i], a[j]):
                g, _, _ = gcdex(a[i], a[j], R)
                a[i], a[j] = g, R.normal(R.exact(R.mul(a[i], a[j]), g))
    return a


def cyclic_snf(rows: Rows, R: Euclid, solve_den: Callable[[Rows, Rows], Any]) -> Optional[list[Any]]:
    """``[1, ..., 1, |det|]`` when one solve proves the cokernel of a square matrix cyclic, else ``None``.

    With ``y = adj(A) @ b`` (``solve_den`` gives ``A @ x == b`` as ``x == y / d``,
    ``d = det(A)``), the map ``v -> v . y mod d`` is well defined on
    ``Z**n / (rows of A)`` (a group of order ``|d|``) and onto ``Z/d`` exactly
    when ``gcd(y, d)`` is a unit; then it is a bijection, the group is cyclic and
    the Smith form is ``diag(1, ..., 1, |d|)``.  Random integer matrices pass
    this test most of the time; the others (and singular ones) return ``None``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> from gentensor.linalg._dense import solve_den
    >>> cyclic_snf([[2, 1], [1, 3]], Euclid(integers), lambda A, B: solve_den(A, B, integers))
    [1, 5]
    >>> cyclic_snf([[2, 0], [0, 2]], Euclid(integers), lambda A, B: solve_den(A, B, integers)) is None
    True
    """
    n = len(rows)
    found = solve_den([list(r) for r in rows], _probe(n, R))  # any fixed vector: the test is a proof either way
    if found is None:
        return None  # singular
    Y, d = found
    g = R.normal(d)
    for row in Y:  # g = gcd(y_1, ..., y_n, d), stopping as soon as it is a unit
        if R.divides(g, R.one):
            break
        g = gcdex(g, row[0], R)[0]
    if not R.divides(g, R.one):
        return None  # not proven cyclic (it may still be: another b might pass)
    return [R.one] * (n - 1) + [R.normal(d)]


def snf_diagonal(
    rows: Rows,
    R: Euclid,
    hnf_of: Callable[[Rows], Rows] | None = None,
    solve_den: Callable[[Rows, Rows], Any] | None = None,
    *,
    full_rank: Optional[FullRank] = None,
) -> list[Any]:
    """The ``min(m, n)`` diagonal entries of the Smith normal form (the elementary divisors, zeros last).

    A square matrix first tries `cyclic_snf` (one solve) when
    ``solve_den`` is given.  Otherwise: the Hermite form's non-zero rows, transposed, have full column rank;
    their Hermite form is a non-singular triangular ``r x r`` matrix ``T``
    whose determinant is the product of the first form's pivots.  Row and
    column Hermite forms of ``T`` then alternate, each modulo ``det(T)``
    (`hnf_full_rank`, or ``full_rank``), until ``T`` is diagonal; `divisor_chain`
    finishes.  ``hnf_of`` computes the first Hermite form (a provider's, say).

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> snf_diagonal([[2, 4, 4], [-6, 6, 12], [10, -4, -16]], Euclid(integers))
    [2, 6, 12]
    """
    m = len(rows)
    n = len(rows[0]) if m else 0
    k = min(m, n)
    if not k:
        return []
    if m == n and solve_den is not None:
        cyclic = cyclic_snf(rows, R, solve_den)
        if cyclic is not None:
            return cyclic
    H = (hnf_of or (lambda x: hnf(x, R)))(rows)
    is_zero = R.is_zero
    nonzero = [row for row in H if not all(map(is_zero, row))]
    r = len(nonzero)
    if r == 0:
        return [R.zero] * k
    # D: the product of the pivots, the determinant of the r x r lattice all later forms have (every
    # step below is unimodular), so each Hermite form can be computed modulo D.
    D = R.one
    for row in nonzero:
        D = R.mul(D, next(v for v in row if not is_zero(v)))
    kernel = full_rank or hnf_full_rank
    # Kannan-Bachem: the row Hermite form of the transpose is a column Hermite form of T, and
    # alternating the two reaches a diagonal matrix after finitely many rounds (the first pivot of a
    # new form is a gcd of entries of the old one, so the pivots keep dividing their predecessors
    # until nothing is left off the diagonal).
    T = kernel(transpose(nonzero), D, R)
    while not _is_diagonal(T, R):
        T = kernel(transpose(T), D, R)
    return divisor_chain([T[i][i] for i in range(r)], R) + [R.zero] * (k - r)


def snf_transform(
    rows: Rows, R: Euclid, n: int, hnf_t: Callable[[Rows, int], tuple[Rows, Rows]] | None = None
) -> tuple[Rows, Rows, Rows]:
    """``(D, U, V)`` with ``U @ A @ V == D`` the Smith normal form, ``U`` and ``V`` unimodular.

    Alternating row and column Hermite forms with transforms (``hnf_t(rows,
    ncols)``, by default `hnf_transform`) until the matrix is diagonal;
    then the divisibility chain is repaired two entries at a time: with
    ``s*a + t*b == g``, ``[[s, t], [-b/g, a/g]] @ diag(a, b) @ [[1, -t*b/g],
    [1, s*a/g]] == diag(g, a*b/g)``.  ``n`` is the number of columns.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> D, U, V = snf_transform([[2, 4, 4], [-6, 6, 12], [10, -4, -16]], Euclid(integers), 3)
    >>> D
    [[2, 0, 0], [0, 6, 0], [0, 0, 12]]
    """
    ops = R.ops
    m = len(rows)
    step = hnf_t or (lambda x, ncols: hnf_transform(x, R, n=ncols))
    U = identity_rows(m, R.zero, R.one)
    V = identity_rows(n, R.zero, R.one)
    T = [list(row) for row in rows]
    # Invariant: U @ A @ V == T, U and V unimodular (products of the transforms of each round).
    while True:
        T, U1 = step(T, n)  # row form: U1 @ T
        U = matmul(U1, U, ops)
        if _is_diagonal(T, R):
            break
        H2, V1 = step(transpose(T, n), m)  # V1 @ T^T == H2, i.e. T @ V1^T == H2^T: a column form
        V = matmul(V, transpose(V1, n), ops)
        T = transpose(H2, m)
        if _is_diagonal(T, R):
            break
    r = 0  # the rank: the non-zero diagonal entries come first (Hermite forms put zero rows last)
    while r < min(m, n) and not R.is_zero(T[r][r]):
        r += 1
    _chain_with_transforms(T, U, V, r, R)
    return T, U, V


def _chain_with_transforms(T: Rows, U: Rows, V: Rows, r: int, R: Euclid) -> None:
    """Turn the leading ``r`` diagonal entries of ``T`` into a canonical chain, updating ``U`` and ``V``."""
    add, sub, mul, neg, exact = R.add, R.sub, R.mul, R.neg, R.exact
    # As in `divisor_chain`, with the 2x2 transforms of `snf_transform`'s docstring applied to rows
    # i, j of U (on the left) and columns i, j of V (on the right): both have determinant 1.
    for i in range(r):
        for j in range(i + 1, r):
            a, b = T[i][i], T[j][j]
            if R.divides(a, b):
                continue
            g, s, t = gcdex(a, b, R)
            ag, bg = exact(a, g), exact(b, g)
            ui, uj = U[i], U[j]
            U[i] = [add(mul(s, x), mul(t, y)) for x, y in zip(ui, uj)]  # [[s, t], [-b/g, a/g]] on the left
            U[j] = [sub(mul(ag, y), mul(bg, x)) for x, y in zip(ui, uj)]
            c1, c2 = neg(mul(t, bg)), mul(s, ag)
            for row in V:  # [[1, -t*b/g], [1, s*a/g]] on the right
                vi, vj = row[i], row[j]
                row[i] = add(vi, vj)
                row[j] = add(mul(c1, vi), mul(c2, vj))
            T[i][i], T[j][j] = g, mul(a, bg)
        u = R.unit(T[i][i])  # make the entry canonical; the unit goes into U's row
        if not R.is_zero(sub(u, R.one)):
            T[i][i] = mul(u, T[i][i])
            U[i] = [mul(u, x) for x in U[i]]


def integer_kernel(rows: Rows, R: Euclid, n: int, hnf_t: Callable[[Rows, int], tuple[Rows, Rows]] | None = None) -> Rows:
    """A basis of ``{v : A @ v == 0}`` over the ring (a saturated lattice), as rows, in Hermite form.

    With ``V @ A^T == H`` (`hnf_transform` of the transpose), the rows
    of ``V`` beyond the rank of ``A`` span the kernel, and since ``V`` is
    unimodular they are a basis of all of it, not of a sublattice.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> integer_kernel([[2, 4, 6]], Euclid(integers), 3)
    [[1, 1, -1], [0, 3, -2]]
    """
    step = hnf_t or (lambda x, ncols: hnf_transform(x, R, n=ncols))
    H, V = step(transpose(rows, n), len(rows))
    is_zero = R.is_zero
    # v @ A^T == 0 exactly for the rows v of V beside a zero row of H (the rows past the rank).
    return [v for h, v in zip(H, V) if all(map(is_zero, h))]


def solve_integer(
    A: Rows, columns: Rows, R: Euclid, n: int, hnf_t: Callable[[Rows, int], tuple[Rows, Rows]] | None = None
) -> tuple[Optional[Rows], Rows, int]:
    """Every solution of ``A @ x == b`` over the ring for each ``b`` of ``columns``: ``(X, kernel, bad)``.

    With ``V @ A^T == H`` in Hermite form (``r`` non-zero rows), ``A @ x == b``
    becomes ``H^T @ y == b`` for ``x == V^T @ y``: the first ``r`` entries of
    ``y`` follow by forward substitution on the pivots (each an exact
    division), the others are free, so the rows of ``V`` past ``r`` are a
    basis of the kernel.  Each particular solution is reduced modulo the
    kernel (which is in Hermite form), so it is canonical.  ``X`` holds one
    solution per right-hand side (rows of length ``n``); when some ``b`` has
    no solution, ``X`` is ``None`` and ``bad`` its index.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> solve_integer([[2, 4, 6]], [[10]], Euclid(integers), 3)
    ([[0, 1, 1]], [[1, 1, -1], [0, 3, -2]], -1)
    """
    m = len(A)
    step = hnf_t or (lambda x, ncols: hnf_transform(x, R, n=ncols))
    H, V = step(transpose(A, n), m)
    zero, sub, mul, add, is_zero, divmod_ = R.zero, R.sub, R.mul, R.add, R.is_zero, R.divmod
    pivots: list[int] = []
    for row in H:
        c = next((j for j, v in enumerate(row) if not is_zero(v)), -1)
        if c < 0:
            break
        pivots.append(c)
    r = len(pivots)
    kernel = V[r:]
    kernel_pivots = [next(j for j, v in enumerate(row) if not is_zero(v)) for row in kernel]
    solutions: list[list[Any]] = []
    for index, b in enumerate(columns):
        # Forward substitution on the pivot columns: H[k][c_i] == 0 for k > i (later pivots lie right
        # of c_i), so b[c_i] == sum_{k <= i} y_k H[k][c_i] fixes y_i, if the division is exact.
        y: list[Any] = []
        ok = True
        for i, c in enumerate(pivots):
            acc = b[c]
            for k in range(i):
                acc = sub(acc, mul(y[k], H[k][c]))
            q, rmd = divmod_(acc, H[i][c])
            if not is_zero(rmd):
                ok = False  # no solution over the ring (there may be one over its fraction field)
                break
            y.append(q)
        if ok:
            # The other entries of b must match too: b == y @ H[:r] exactly.
            residual = list(b)
            for k in range(r):
                if not is_zero(y[k]):
                    residual = [sub(x, mul(y[k], h)) for x, h in zip(residual, H[k])]
            ok = all(map(is_zero, residual))
        if not ok:
            return None, kernel, index
        x = [zero] * n  # x = y @ V[:r], then reduced modulo the kernel's Hermite basis
        for k in range(r):
            if not is_zero(y[k]):
                x = [add(xi, mul(y[k], v)) for xi, v in zip(x, V[k])]
        for row, c in zip(kernel, kernel_pivots):
            q = divmod_(x[c], row[c])[0]
            if not is_zero(q):
                x = [sub(xi, mul(q, v)) for xi, v in zip(x, row)]
        solutions.append(x)
    return solutions, kernel, -1


def det_mod(rows: Rows, modulus: Any, R: Euclid) -> Any:
    """The determinant of a square matrix modulo ``modulus`` (any non-zero element), by elimination mod it.

    Only unimodular row operations (Bézout steps of determinant 1, swaps)
    are used, so no division by a zero divisor ever happens and the
    modulus may be composite.  Returns the remainder (``[0, m)`` for
    integers).  ``rows`` is not changed.

    Uses ``R.rem, R.divmod, R.exact, R.add, R.sub, R.mul, R.neg, R.is_zero`` and [`gcdex`][gentensor.compute.numtheory.gcdex].

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> det_mod([[2, 3], [4, 1]], 6, Euclid(integers)), det_mod([[2, 0], [0, 3]], 6, Euclid(integers))
    (2, 0)
    """
    M = R.normal(modulus)
    add, sub, mul, rem, exact, is_zero, divmod_ = R.add, R.sub, R.mul, R.rem, R.exact, R.is_zero, R.divmod
    W = [[rem(x, M) for x in row] for row in rows]
    det = rem(R.one, M)  # the product of the pivots so far, with the sign of the row moves
    # Triangularise column by column with unimodular row operations only: det(A) == +-prod(pivots)
    # modulo M, and no pivot is ever inverted.  The loop over the rows is the one of `_gcd_gatherer`
    # with the sign bookkeeping, written out: calling a shared gatherer once per column cost 9% of the
    # whole determinant at order 4, 4% at order 8.
    while W:
        h: Optional[list[Any]] = None
        rest: list[list[Any]] = []
        for w in W:
            a = w[0]
            if is_zero(a):
                rest.append(w)
                continue
            if h is None:
                h = w
                if len(rest) & 1:  # h moves above the rows passed over: a cyclic shift of len(rest) + 1 rows
                    det = R.neg(det)
                continue
            b = h[0]
            q, r = divmod_(a, b)
            if is_zero(r):
                rest.append([rem(sub(x, mul(q, y)), M) for x, y in zip(w, h)])
                continue
            g, s, t = gcdex(b, a, R)  # Bézout, as in `_gcd_gatherer`: a transformation of determinant 1
            bg, ag = exact(b, g), exact(a, g)
            h, w = (
                [rem(add(mul(s, y), mul(t, x)), M) for y, x in zip(h, w)],
                [rem(sub(mul(bg, x), mul(ag, y)), M) for x, y in zip(w, h)],
            )
            rest.append(w)
        if h is None:
            return R.zero  # the column is zero modulo M: so is the determinant
        det = rem(mul(det, h[0]), M)
        if is_zero(det):
            return det
        W = [w[1:] for w in rest]  # the minor below and right of the pivot
    return det
