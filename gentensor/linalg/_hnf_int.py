"""Hermite and Smith forms of Python-int matrices: the modular kernels of `._lattice` written on ints.

`._lattice` computes normal forms over any Euclidean ring through the
members of `Euclid` (one Python call per element operation, a Python loop
per extended gcd).  For the integers without FLINT these are the
``"hnf"``, ``"hnf.transform"`` and ``"snf"`` providers: the same algorithms
(the Hermite form modulo the determinant, Domich-Kannan-Trotter; the Smith
form by alternating Hermite forms, after the one-solve cyclic test), with
``%``, ``//`` and list comprehensions on ints and the extended gcd from
C-level ``math.gcd`` and ``pow(a, -1, m)``.  ``bench_integer.py`` measures
the gain (about 3x at 20x20, which is what puts both forms 10x ahead of
SymPy's).  Uses no ops member: the elements are Python ints.

`hnf_full_rank_int` is therefore a deliberate copy of
`._lattice.hnf_full_rank` (its phases are commented there, and numbered the
same here): a change to one is a change to both.
"""

from __future__ import annotations

import math
from typing import Any, Optional

from ..ops import ElementOps, integers
from . import _fast
from ._lattice import Euclid, hnf, hnf_transform, probe_entry
from ._smith import snf_diagonal

__all__ = ["xgcd", "hnf_full_rank_int", "hnf_int", "hnf_transform_int", "snf_int", "cyclic_snf_int"]


def xgcd(a: int, b: int) -> tuple[int, int, int]:
    """``(g, s, t)`` with ``s*a + t*b == g = gcd(a, b) >= 0`` (``(0, 1, 0)`` for ``a == b == 0``).

    Examples
    --------
    >>> xgcd(240, 46), xgcd(-4, 0), xgcd(0, -3), xgcd(6, -4)
    ((2, 14, -73), (4, -1, 0), (3, 0, -1), (2, 1, 1))
    """
    if not b:
        return (a, 1, 0) if a >= 0 else (-a, -1, 0)
    if not a:
        return (b, 0, 1) if b > 0 else (-b, 0, -1)
    # With a1 = a/g and b1 = b/g coprime, s*a1 + t*b1 == 1 (then multiply by g): s is the inverse of
    # a1 modulo |b1| (one C call), and t = (1 - s*a1) / b1 is an exact division.
    g = math.gcd(a, b)
    a1, b1 = a // g, b // g
    if b1 == 1 or b1 == -1:
        return g, 0, b1  # t*b == b1*b1*g == g
    s = pow(a1, -1, abs(b1))
    return g, s, (1 - s * a1) // b1


def hnf_full_rank_int(rows: list[list[int]], D: int, R: Optional[Euclid] = None) -> list[list[int]]:
    """`._lattice.hnf_full_rank` on ints: the ``n x n`` Hermite form of a full-rank lattice, modulo ``D``.

    ``R`` is accepted (and ignored) so the function fits where the generic
    kernel is passed.  About ``n**3 / 3`` products of integers below ``D``
    (the generic kernel's count), no Python call per element operation.

    Examples
    --------
    >>> hnf_full_rank_int([[2, 3, 6], [4, 5, 1], [0, 2, 8]], 28)
    [[2, 0, 1], [0, 1, 11], [0, 0, 14]]
    """
    n = len(rows[0])
    M = abs(D)  # the modulus: a multiple of the determinant of what is left of the lattice
    W = [[x % M for x in row] for row in rows]
    tails: list[list[int]] = []  # tails[c]: row c of H from column c on
    for _ in range(n):
        # Phase 1: the gcd of the leading column gathered into h by unimodular steps, mod M.
        h: Optional[list[int]] = None
        rest: list[list[int]] = []
        for w in W:
            a = w[0]
            if not a:
                rest.append(w)
                continue
            if h is None:
                h = w
                continue
            b = h[0]
            q, r = divmod(a, b)
            if not r:  # b divides a: one row update
                rest.append([(x - q * y) % M for x, y in zip(w, h)])
                continue
            g, s, t = xgcd(b, a)  # Bézout: [[s, t], [-a/g, b/g]] has determinant 1
            bg, ag = b // g, a // g
            h, w = (
                [(s * y + t * x) % M for y, x in zip(h, w)],
                [(bg * x - ag * y) % M for x, y in zip(w, h)],
            )
            rest.append(w)
        # Phase 2: the pivot gcd(h[0], M) (M * e_c is in the lattice), and the modulus divided by it.
        pivot = M if h is None else h[0]
        g, s, _ = xgcd(pivot, M)
        shrink = g != 1
        if shrink:
            M //= g
        tail = [g]
        if h is not None:
            tail += [s * x % M for x in h[1:]]
        else:
            tail += [0] * (n - len(tails) - 1)
        tails.append(tail)
        # Phase 3: the rows for the next column, reduced again if the modulus shrank.
        W = []
        for w in rest:
            del w[0]
            if shrink:
                w = [x % M for x in w]
            if any(w):
                W.append(w)
    H = [[0] * c + tail for c, tail in enumerate(tails)]
    # Phase 4: reduce above each pivot into [0, pivot) (pivots are positive; floor division does it).
    for i in range(n):
        prow = H[i]
        p = prow[i]
        tail = prow[i:]
        for row in H[:i]:
            q = row[i] // p
            if q:
                row[i:] = [x - q * y for x, y in zip(row[i:], tail)]
    return H


def hnf_int(rows: list[list[int]], ops: ElementOps = integers) -> list[list[int]]:
    """``"hnf"`` for the integers without FLINT: `._lattice.hnf` with the int kernels.

    Examples
    --------
    >>> hnf_int([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])
    [[4, 0, -4, -8], [0, 1, 2, 3], [0, 0, 0, 0]]
    """
    return hnf(rows, Euclid(integers), full_rank=hnf_full_rank_int, solver=_solve_den)


def hnf_transform_int(rows: list[list[int]], ops: ElementOps = integers) -> tuple[list[list[int]], list[list[int]]]:
    """``"hnf.transform"`` for the integers without FLINT: the Hermite form of ``[A | I]`` by the int kernels.

    Examples
    --------
    >>> hnf_transform_int([[2, 4], [3, 6]])
    ([[1, 2], [0, 0]], [[2, -1], [3, -2]])
    """
    return hnf_transform(rows, Euclid(integers), full_rank=hnf_full_rank_int)


def snf_int(rows: list[list[int]], ops: ElementOps = integers) -> list[int]:
    """``"snf"`` for the integers without FLINT: `._smith.snf_diagonal` with the int kernels.

    A square matrix first tries `cyclic_snf_int` (about the cost of one
    determinant); the others, and the square ones it cannot prove cyclic,
    take the alternating Hermite forms.

    Examples
    --------
    >>> snf_int([[2, 4, 4], [-6, 6, 12], [10, -4, -16]])
    [2, 6, 12]
    """
    if rows and len(rows) == len(rows[0]):
        found = cyclic_snf_int(rows)
        if found is not None:
            return found
    return snf_diagonal(rows, Euclid(integers), hnf_int, None, full_rank=hnf_full_rank_int)


def cyclic_snf_int(rows: list[list[int]]) -> Optional[list[int]]:
    """`._smith.cyclic_snf` on ints: ``[1, ..., 1, |det|]`` when one solve proves the cokernel cyclic, else ``None``.

    The same proof (``gcd(adj(A) @ b, det A) == 1``, see there) with the
    back substitution done lazily: Bareiss elimination of ``[A | b]`` gives
    ``d = det A``, then ``y_n, y_(n-1), ...`` are computed one at a time
    and the test stops as soon as the running gcd is 1, usually after one to
    four entries, so the proof costs little more than the determinant.

    Examples
    --------
    >>> cyclic_snf_int([[2, 1], [1, 3]])
    [1, 5]
    >>> cyclic_snf_int([[2, 0], [0, 2]]) is None
    True
    """
    n = len(rows)
    # b: the generic test's right-hand side (`._lattice._probe`'s first column)
    _, upper, negate, _ = _fast._forward([[*r, probe_entry(i)] for i, r in enumerate(rows)], n, square=True)
    if len(upper) < n:
        return None  # singular
    last = upper[-1][0]
    d = -last if negate else last
    # upper[i] = [U_ii, U_i(i+1), ..., U_i(n-1), b'_i]; y_i = (d * b'_i - sum_j U_ij * y_j) / U_ii, exact.
    Y = [0] * n
    g = abs(d)
    for i in range(n - 1, -1, -1):
        row = upper[i]
        acc = d * row[n - i]
        for j in range(i + 1, n):
            acc -= row[j - i] * Y[j]
        Y[i] = acc // row[0]
        g = math.gcd(g, Y[i])
        if g == 1:
            return [1] * (n - 1) + [abs(d)]
    return None


def _solve_den(A: list[list[int]], B: list[list[int]]) -> Any:
    """`._fast.solve_den_int` on copies: the one solve behind `._lattice.cyclic_hnf` and `._smith.cyclic_snf`."""
    return _fast.solve_den_int([list(r) for r in A], [list(r) for r in B])
