"""LLL lattice reduction in exact integer arithmetic, on plain ``list[list]`` bases.

The rows of the matrix are the basis vectors.  A basis ``b_0, ..., b_{k-1}``
is *LLL-reduced* with parameter ``delta`` (``1/4 < delta <= 1``) when, for
its Gram-Schmidt vectors ``b*_i`` and coefficients ``mu[i][j]``,

* every ``|mu[i][j]| <= 1/2`` (size reduction), and
* every ``delta * |b*_{i-1}|**2 <= |b*_i|**2 + mu[i][i-1]**2 * |b*_{i-1}|**2``
  (Lovász' condition).

The kernel is Cohen's integral LLL (*A Course in Computational Algebraic
Number Theory*, algorithm 2.6.7, after de Weger): instead of the rational
``mu`` it keeps the integers ``d[i]`` (the Gram determinant of the first
``i`` vectors, ``prod_{j<i} |b*_j|**2``) and ``lam[i][j] = d[j+1] *
mu[i][j]``, so every step is an exact integer operation and ``delta`` (a
Fraction) is compared exactly.  Linearly dependent rows are first replaced
by a basis of the lattice they span (their Hermite form), and come out as
zero rows in front, as FLINT does.

Cost (Lenstra, Lenstra and Lovász, "Factoring polynomials with rational
coefficients", Math. Ann. 261, 1982): each swap multiplies the integer
``prod_i d[i]`` (at least 1, at most ``B**(k*k/2)`` for ``k`` rows of
squared norm at most ``B``) by less than ``delta``, so there are
``O(k**2 log B)`` swaps, each followed by ``O(k n)`` operations on integers
of ``O(k log B)`` bits.

Elements are used through the ops of an ordered Euclidean ring (the
integers): ``zero, one, add, sub, mul, sum, lt, divmod`` and exact quotients.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional

from ._charpoly import matmul
from ._dense import identity_rows
from ._lattice import Euclid, hnf, hnf_transform, rank_profile

__all__ = ["lll", "lll_independent", "is_lll_reduced", "gram_schmidt_integral", "certify", "size_reduce"]


def _dot(R: Euclid, a: list[Any], b: list[Any]) -> Any:
    return R.ops.sum(map(R.mul, a, b))


def gram_schmidt_integral(rows: list[list[Any]], R: Euclid) -> tuple[list[Any], list[list[Any]]]:
    """``(d, lam)``: the integral Gram-Schmidt data of independent rows (fraction-free).

    ``d[0] == 1`` and ``d[i+1]`` is the Gram determinant of the first
    ``i + 1`` rows; ``lam[i][j] == d[j+1] * mu[i][j]`` for ``j < i``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> gram_schmidt_integral([[1, 1], [1, 0]], Euclid(integers))
    ([1, 2, 1], [[], [1]])
    """
    exact, sub, mul = R.exact, R.sub, R.mul
    k = len(rows)
    d = [R.one] * (k + 1)
    lam: list[list[Any]] = [[] for _ in range(k)]
    for i in range(k):
        for j in range(i + 1):
            # Fraction-free Gram-Schmidt (Cohen 2.6.7, step 2): after the step for t, u is d[t+1] times
            # the inner product of b_i with b_j projected orthogonally to b_0..b_t -- an integer, so the
            # division is exact (the same identity as Bareiss' elimination, on the Gram matrix).
            u = _dot(R, rows[i], rows[j])
            for t in range(j):
                u = exact(sub(mul(d[t + 1], u), mul(lam[i][t], lam[j][t])), d[t])
            if j < i:
                lam[i].append(u)
            else:
                d[i + 1] = u
    return d, lam


def is_lll_reduced(rows: list[list[Any]], delta: Fraction, R: Euclid) -> bool:
    """True when the independent ``rows`` are LLL-reduced for ``delta`` (exact test).

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> R = Euclid(integers)
    >>> is_lll_reduced([[1, 0], [0, 1]], Fraction(3, 4), R), is_lll_reduced([[1, 0], [5, 1]], Fraction(3, 4), R)
    (True, False)
    """
    d, lam = gram_schmidt_integral(rows, R)
    return certify(d, lam, delta, R)


def certify(d: list[Any], lam: list[list[Any]], delta: Fraction, R: Euclid) -> bool:
    """The LLL conditions checked on integral Gram-Schmidt data (``d``, ``lam`` as above)."""
    mul, lt, add = R.mul, R.ops.lt, R.add  # type: ignore[attr-defined]
    two = add(R.one, R.one)
    p, q = R.ops.convert(delta.numerator), R.ops.convert(delta.denominator)
    for i, row in enumerate(lam):
        for j, v in enumerate(row):
            if lt(d[j + 1], mul(two, _abs(R, v))):  # |mu| = |lam| / d[j+1] > 1/2
                return False
        if i:
            v = row[i - 1]
            # Lovász with B_j = d[j+1] / d[j] and mu = lam / d[i]: delta B_{i-1} <= B_i + mu**2 B_{i-1},
            # times d[i] d[i-1] > 0: delta * d[i]**2 <= d[i+1] * d[i-1] + lam**2; then times q.
            if lt(add(mul(q, mul(d[i + 1], d[i - 1])), mul(q, mul(v, v))), mul(p, mul(d[i], d[i]))):
                return False
    return True


def size_reduce(
    b: list[list[Any]], d: list[Any], lam: list[list[Any]], R: Euclid, H: Optional[list[list[Any]]] = None
) -> None:
    """Make every ``|mu[k][l]| <= 1/2`` in place (rows ``b``, their data ``d``, ``lam``, and ``H`` alongside).

    Size reduction subtracts earlier rows only, so the Gram-Schmidt vectors
    (``d``) do not change; ``lam`` is updated exactly.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> R = Euclid(integers)
    >>> b = [[1, 0], [5, 1]]
    >>> d, lam = gram_schmidt_integral(b, R)
    >>> size_reduce(b, d, lam, R); b, lam
    ([[1, 0], [0, 1]], [[], [0]])
    """
    add, sub, mul, lt, divmod_ = R.add, R.sub, R.mul, R.ops.lt, R.divmod  # type: ignore[attr-defined]
    two = add(R.one, R.one)
    for k in range(1, len(b)):
        lk = lam[k]
        # l from k-1 down: subtracting q b_l changes lam[k][i] only for i <= l, so the coefficients
        # already reduced (i > l) stay reduced.  The body is `lll_independent`'s ``red``.
        for l in range(k - 1, -1, -1):
            v, dl = lk[l], d[l + 1]
            if not lt(dl, mul(two, _abs(R, v))):
                continue
            q = divmod_(add(mul(two, v), dl), mul(two, dl))[0]
            b[k] = [sub(x, mul(q, y)) for x, y in zip(b[k], b[l])]
            if H is not None:
                H[k] = [sub(x, mul(q, y)) for x, y in zip(H[k], H[l])]
            lk[l] = sub(v, mul(q, dl))
            ll = lam[l]
            for i in range(l):
                lk[i] = sub(lk[i], mul(q, ll[i]))


def _abs(R: Euclid, a: Any) -> Any:
    return R.mul(R.unit(a), a)


def lll_independent(
    rows: list[list[Any]], delta: Fraction, R: Euclid, transform: bool = False
) -> tuple[list[list[Any]], Optional[list[list[Any]]]]:
    """LLL-reduce linearly independent rows; ``(basis, U)`` with ``U @ rows == basis`` (``U`` when asked).

    Cohen's algorithm 2.6.7 with ``delta = p/q``: swap ``b_k`` and ``b_{k-1}``
    when ``q*d[k+1]*d[k-1] < p*d[k]**2 - q*lam[k][k-1]**2``.  ``rows`` is not changed.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> lll_independent([[1, 1, 1], [-1, 0, 2], [3, 5, 6]], Fraction(3, 4), Euclid(integers))[0]
    [[0, 1, 0], [1, 0, 1], [-1, 0, 2]]
    """
    add, sub, mul, exact, divmod_, lt = R.add, R.sub, R.mul, R.exact, R.divmod, R.ops.lt  # type: ignore[attr-defined]
    zero, one = R.zero, R.one
    two = add(one, one)
    p, q = R.ops.convert(delta.numerator), R.ops.convert(delta.denominator)
    b = [list(row) for row in rows]
    k_count = len(b)
    H = identity_rows(k_count, zero, one) if transform else None
    if k_count <= 1:
        return b, H
    d: list[Any] = [one] * (k_count + 1)
    lam: list[list[Any]] = [[zero] * k_count for _ in range(k_count)]
    d[1] = _dot(R, b[0], b[0])

    def red(k: int, l: int) -> None:
        """Cohen's REDI: make ``|mu[k][l]| <= 1/2`` by ``b_k -= q b_l``, q the integer nearest ``mu[k][l]``."""
        v = lam[k][l]
        dl = d[l + 1]
        if not lt(dl, mul(two, _abs(R, v))):
            return
        qq = divmod_(add(mul(two, v), dl), mul(two, dl))[0]  # the integer nearest v / dl
        b[k] = [sub(x, mul(qq, y)) for x, y in zip(b[k], b[l])]
        if H is not None:
            H[k] = [sub(x, mul(qq, y)) for x, y in zip(H[k], H[l])]
        lam[k][l] = sub(v, mul(qq, dl))
        lk, ll = lam[k], lam[l]
        for i in range(l):
            lk[i] = sub(lk[i], mul(qq, ll[i]))

    def swap(k: int, kmax: int) -> None:
        """Cohen's SWAPI: exchange ``b_k`` and ``b_{k-1}`` and update ``d[k]`` and the affected ``lam``
        exactly (only ``d[k]`` changes among the Gram determinants; each division below is exact)."""
        b[k], b[k - 1] = b[k - 1], b[k]
        if H is not None:
            H[k], H[k - 1] = H[k - 1], H[k]
        lk, lk1 = lam[k], lam[k - 1]
        for j in range(k - 1):
            lk[j], lk1[j] = lk1[j], lk[j]
        v = lk[k - 1]
        B = exact(add(mul(d[k - 1], d[k + 1]), mul(v, v)), d[k])
        for i in range(k + 1, kmax + 1):
            li = lam[i]
            t = li[k]
            li[k] = exact(sub(mul(d[k + 1], li[k - 1]), mul(v, t)), d[k])
            li[k - 1] = exact(add(mul(B, t), mul(v, li[k])), d[k + 1])
        d[k] = B

    # Invariant: b_0..b_{k-1} are LLL-reduced; kmax is the last row whose Gram-Schmidt data is known.
    k, kmax = 1, 0
    while k < k_count:
        if k > kmax:  # first visit of row k: its Gram-Schmidt data, as in `gram_schmidt_integral`
            kmax = k
            for j in range(k + 1):
                u = _dot(R, b[k], b[j])
                for i in range(j):
                    u = exact(sub(mul(d[i + 1], u), mul(lam[k][i], lam[j][i])), d[i])
                if j < k:
                    lam[k][j] = u
                else:
                    d[k + 1] = u
        while True:
            red(k, k - 1)
            v = lam[k][k - 1]
            # Lovász' condition fails (see `certify` for the integral form): swap and step back.
            if lt(mul(q, mul(d[k + 1], d[k - 1])), sub(mul(p, mul(d[k], d[k])), mul(q, mul(v, v)))):
                swap(k, kmax)
                k = max(1, k - 1)
                continue
            # It holds: finish size-reducing row k against the rows before, then move on.
            for l in range(k - 2, -1, -1):
                red(k, l)
            k += 1
            break
    return b, H


def lll(
    rows: list[list[Any]], delta: Fraction, R: Euclid, n: int, transform: bool = False
) -> tuple[list[list[Any]], Optional[list[list[Any]]]]:
    """LLL-reduce any rows: zero rows first (as many as the rank falls short), then a reduced basis.

    ``(basis, U)`` with ``U @ rows == basis`` and ``U`` unimodular (when
    ``transform``).  Dependent rows are replaced by the non-zero rows of
    their Hermite form (with its transform, whose other rows span the left
    kernel) before the reduction.  ``n`` is the number of columns.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> lll([[1, 2], [2, 4], [1, 1]], Fraction(3, 4), Euclid(integers), 2)[0]
    [[0, 0], [1, 0], [0, 1]]
    """
    m = len(rows)
    zero = R.zero
    if m == 0 or n == 0:
        return [list(row) for row in rows], (identity_rows(m, zero, R.one) if transform else None)
    cols, _, _ = rank_profile(rows, R)
    r = len(cols)
    if r == m:
        return lll_independent(rows, delta, R, transform)
    zeros = [[zero] * n for _ in range(m - r)]
    # The first r rows of the Hermite form are a basis of the lattice the rows span.
    if not transform:
        basis, _ = lll_independent(hnf(rows, R)[:r], delta, R)
        return zeros + basis, None
    H, U0 = hnf_transform(rows, R, n=n)
    basis, U1 = lll_independent(H[:r], delta, R, True)
    assert U1 is not None
    # U0[r:] @ rows == 0 (the zero rows of H), U1 @ U0[:r] @ rows == basis; stacked, still unimodular.
    return zeros + basis, U0[r:] + matmul(U1, U0[:r], R.ops)
