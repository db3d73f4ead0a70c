"""Stacks of small integer matrices in bulk: determinants, inverses and solves of many n x n at once.

One Python call per matrix costs more than the arithmetic of a small
determinant, so a stack is computed column-wise instead, every entry
``(i, j)`` of the stack being one array:

* order ``n <= 4``: the explicit formulas (`det_formula`: cofactor
  expansion, by 2x2 minors for n = 4) run once over whole arrays.  With
  NumPy the arrays are ``int64`` -- but only when a bound *proves* no
  overflow: every intermediate of the formulas for order ``n`` is at most
  ``n! * M**n`` in absolute value (``M`` the largest entry), so ``n! * M**n
  < 2**63`` makes machine arithmetic exact.  Otherwise, and without NumPy,
  the same formulas run on Python ints per matrix, unpacked straight from
  the flat storage (no rows built).
* order ``n >= 5`` (and NumPy installed, entries below ``2**53``):
  elimination modulo word-size primes over the whole stack and the Chinese
  remainder theorem under the Hadamard bound (`._multimod`), exact.

Inverses and solves use the adjugate (cofactors are determinants of order
``n - 1``, under the same bound) and one exact division per entry.  A
singular matrix in the stack sends the whole stack back to the per-matrix
path, whose error names its index.  Kernels here are the ``"det.stack"``,
``"inv.stack"`` and ``"solve.stack"`` providers of the integers (and, for
``det``, of integers mod n: a determinant is a polynomial in the entries).
They read the flat C-order elements as a list of Python ints or as a NumPy
``int64`` array (never written); anything they cannot do exactly they
decline (``NotImplemented``) and the per-matrix path runs.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Optional

from ..ops import ElementOps, capabilities_of
from ._multimod import adjugate_stack, as_doubles, det_stack

__all__ = ["MAX_ORDER", "numpy_module", "det_formula", "det_stack_int", "det_stack_mod", "inv_stack_int", "solve_stack_int"]

#: The largest order computed by explicit formulas; larger ones by elimination modulo primes (with NumPy).
MAX_ORDER = 4

#: The largest order computed in bulk at all: beyond it one matrix's work dwarfs a Python call.
MAX_BULK_ORDER = 16

_numpy: Any = None
_numpy_checked = False


def numpy_module() -> Optional[Any]:
    """NumPy when installed, else ``None`` (imported once, at first use)."""
    global _numpy, _numpy_checked
    if not _numpy_checked:
        _numpy_checked = True
        try:
            import numpy
        except ImportError:
            _numpy = None
        else:
            _numpy = numpy
    return _numpy


def det_formula(e: list[Any], n: int) -> Any:
    """The determinant of the ``n x n`` matrix with row-major entries ``e`` (``n <= 4``), by formulas.

    ``e`` may hold numbers or whole arrays (one per entry of a stack); only
    ``+``, ``-`` and ``*`` are used.  Order 4 expands by the 2x2 minors of
    the top two rows against the complementary ones (30 products).

    Examples
    --------
    >>> det_formula([2, 3, 1, 4, 1, 0, 0, 5, 7], 3), det_formula([], 0)
    (-50, 1)
    """
    if n == 0:
        return 1
    if n == 1:
        return e[0]
    if n == 2:
        return e[0] * e[3] - e[1] * e[2]
    if n == 3:
        # Cofactor expansion along the first row: 3 terms of at most 2 M**3 each (M the largest entry).
        a, b, c, d, f, g, h, i, j = e
        return a * (f * j - g * i) - b * (d * j - g * h) + c * (d * i - f * h)
    # Laplace expansion by the top two rows: for each pair of columns, +-(their 2x2 minor in rows 0-1)
    # times (the complementary 2x2 minor in rows 2-3); 6 terms of at most 4 M**4 each.  The same
    # formula as `._fast.det_small`, which unpacks rows instead.
    a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3, d0, d1, d2, d3 = e
    return (
        (a0 * b1 - a1 * b0) * (c2 * d3 - c3 * d2)
        - (a0 * b2 - a2 * b0) * (c1 * d3 - c3 * d1)
        + (a0 * b3 - a3 * b0) * (c1 * d2 - c2 * d1)
        + (a1 * b2 - a2 * b1) * (c0 * d3 - c3 * d0)
        - (a1 * b3 - a3 * b1) * (c0 * d2 - c2 * d0)
        + (a2 * b3 - a3 * b2) * (c0 * d1 - c1 * d0)
    )


def adjugate_formula(e: list[Any], n: int) -> list[Any]:
    """The adjugate's row-major entries from the cofactors (determinants of order ``n - 1``).

    Examples
    --------
    >>> adjugate_formula([1, 2, 3, 4], 2)
    [4, -2, -3, 1]
    """
    if n == 1:
        return [e[0] * 0 + 1]  # adj of a 1x1 matrix is [1]: e[0] * 0 + 1 keeps the type (an array for a stack)
    out = []
    for i in range(n):
        for j in range(n):  # adj[i][j] = (-1)**(i+j) * minor(j, i)
            minor = [e[r * n + c] for r in range(n) if r != j for c in range(n) if c != i]
            d = det_formula(minor, n - 1)
            out.append(-d if (i + j) & 1 else d)
    return out


def _machine_safe(bound: int) -> bool:
    """True when integers up to ``bound`` in absolute value, sums and products included, fit ``int64``.

    The callers pass ``n! * M**n``: every intermediate of `det_formula` of order ``n`` (a sum of at most
    ``n!`` products of ``n`` entries, partial sums included) and of the cofactors (order ``n - 1``).
    """
    return bound < 2**63


def _int64_stack(flat: Any, count: int, n: int) -> Optional[Any]:
    """The stack as an ``int64`` array ``(count, n, n)`` (no copy of an ``int64`` array), or ``None``."""
    np = numpy_module()
    if np is None or not count or not n:
        return None
    try:
        if isinstance(flat, np.ndarray):
            arr = flat if flat.dtype == np.int64 else flat.astype(np.int64, casting="safe")
        else:
            arr = np.fromiter(flat, dtype=np.int64, count=count * n * n)
    except (OverflowError, TypeError, ValueError):
        return None
    return arr.reshape(count, n, n)


def _double_stack(flat: Any, count: int, n: int) -> Optional[tuple[Any, Any]]:
    """``(numpy, the stack as doubles)`` for the elimination kernels of `._multimod`, or ``None``."""
    np = numpy_module()
    if np is None or not count or not n:
        return None
    F = as_doubles(np, flat, count, n)
    return None if F is None else (np, F)


def _python_ints(flat: Any) -> list[Any]:
    """The flat elements as a list of Python ints (an array's ``tolist``)."""
    return flat if isinstance(flat, list) else flat.tolist()  # type: ignore[no-any-return]


def _int64_columns(flat: Any, count: int, size: int) -> Optional[tuple[Any, int]]:
    """The stack as ``size`` int64 columns (entry ``(i, j)`` of every matrix) and its largest entry, or ``None``."""
    n = math.isqrt(size)
    arr = _int64_stack(flat, count, n)
    if arr is None:
        return None
    big = max(int(arr.max()), -int(arr.min()))
    arr = arr.reshape(count, size)
    return [arr[:, i] for i in range(size)], big


def _det_values(flat: Any, count: int, n: int) -> Optional[list[int]]:
    """Every determinant of the stack; ``None`` when no bulk kernel applies (the per-matrix path runs).

    Order ``n <= 4``: formulas in int64 when the bound allows, else on ints.  Larger orders: elimination
    modulo primes (`._multimod.det_stack`) when NumPy is installed and the entries are below ``2**53``.
    """
    size = n * n
    if n > MAX_ORDER:
        found = _double_stack(flat, count, n)
        return None if found is None else det_stack(*found)
    # Small orders: the formulas once over whole int64 columns when no intermediate can overflow ...
    found = _int64_columns(flat, count, size)
    if found is not None:
        columns, big = found
        if _machine_safe(math.factorial(n) * big**n):
            return det_formula(columns, n).tolist()  # type: ignore[no-any-return]
    # ... else on Python ints, matrix by matrix, straight from the flat list (exact at any size).
    ints = _python_ints(flat)
    return [det_formula(ints[s : s + size], n) for s in range(0, count * size, size)]


def det_stack_int(flat: Any, count: int, n: int, ops: ElementOps) -> Any:
    """``"det.stack"`` for the integers: the determinants of ``count`` matrices of order ``n`` (``1 <= n <= 16``).

    ``flat``: the C-order elements, a list of Python ints or an ``int64`` array (read only).  Uses no
    ops member (Python ints).  Cost: ``O(count)`` array operations of order ``n <= 4`` (formulas); about
    ``count * n**3 / 3`` multiply-reduce steps per prime for larger orders (`._multimod`), with one prime
    per 24 bits of the Hadamard bound.
    """
    if n > MAX_BULK_ORDER or n == 0:
        return NotImplemented
    found = _det_values(flat, count, n)
    return NotImplemented if found is None else found


def det_stack_mod(flat: Any, count: int, n: int, ops: ElementOps) -> Any:
    """``"det.stack"`` mod n: the integer determinants of the residues, reduced (a determinant is a polynomial).

    Uses ``ops.capabilities.characteristic`` (the modulus) only; the cost of `det_stack_int`.
    """
    if n > MAX_BULK_ORDER or n == 0:
        return NotImplemented
    modulus = capabilities_of(ops).characteristic
    assert modulus  # the modular families are Z/nZ with n >= 2
    # det is a polynomial with integer coefficients in the entries, so det(A mod m) == det(A) mod m
    # for the residues read as integers: no division mod m, any modulus (composite too).
    found = _det_values(flat, count, n)
    return NotImplemented if found is None else [d % modulus for d in found]


def _adjugates(flat: Any, count: int, n: int) -> Optional[tuple[list[list[int]], list[int], Any]]:
    """``(adjugate entries per matrix, determinants, int64 columns or None)``, or ``None`` if any is singular
    (or, for ``n > 4``, when no bulk kernel applies)."""
    size = n * n
    if n > MAX_ORDER:
        doubles = _double_stack(flat, count, n)
        found_mod = None if doubles is None else adjugate_stack(*doubles)
        if found_mod is None or not all(found_mod[0]):
            return None  # no bulk kernel, or a singular matrix (its error comes from the per-matrix path)
        return found_mod[1], found_mod[0], None
    found = _int64_columns(flat, count, size)
    if found is not None and _machine_safe(math.factorial(n) * found[1] ** n):
        columns = found[0]
        np = numpy_module()
        assert np is not None  # the columns are NumPy arrays
        dets = det_formula(columns, n)
        if not dets.all():
            return None
        adj = np.stack(adjugate_formula(columns, n), axis=1).tolist()
        return adj, dets.tolist(), columns
    ints = _python_ints(flat)
    dets = [det_formula(ints[s : s + size], n) for s in range(0, count * size, size)]
    if not all(dets):
        return None
    return [adjugate_formula(ints[s : s + size], n) for s in range(0, count * size, size)], dets, None


def inv_stack_int(flat: Any, count: int, n: int, ops: ElementOps) -> Any:
    """``"inv.stack"`` for the integers: each inverse as rows of Fractions (``adj / det``), or ``NotImplemented``.

    ``flat`` as for `det_stack_int`; the adjugate by formulas (``n <= 4``) or modulo primes
    (Gauss-Jordan on ``[A | I]``, ``adj = det * A^-1``); uses no ops member.
    """
    if n > MAX_BULK_ORDER or n == 0:
        return NotImplemented
    found = _adjugates(flat, count, n)
    if found is None:
        return NotImplemented  # a singular matrix: the per-matrix path names it
    adj, dets, _ = found
    out = []
    for entries, d in zip(adj, dets):  # A^-1 = adj(A) / det(A): one exact Fraction per entry
        values = [Fraction(v, d) for v in entries]
        out.append([values[i : i + n] for i in range(0, n * n, n)])
    return out


def solve_stack_int(pairs: list[tuple[list[list[int]], list[list[int]]]], n: int, k: int, ops: ElementOps) -> Any:
    """``"solve.stack"`` for the integers: ``X = adj(A) @ B / det(A)`` for each pair, or ``NotImplemented``."""
    if n > MAX_BULK_ORDER or n == 0 or not pairs:
        return NotImplemented
    flat = [v for A, _ in pairs for row in A for v in row]
    found = _adjugates(flat, len(pairs), n)
    if found is None:
        return NotImplemented
    adj, dets, _ = found
    out = []
    for (_, B), entries, d in zip(pairs, adj, dets):
        # X = adj(A) @ B / det(A): the integer product first, one division per entry of X.
        rows = [entries[i : i + n] for i in range(0, n * n, n)]
        out.append([[Fraction(sum(a * B[t][j] for t, a in enumerate(row)), d) for j in range(k)] for row in rows])
    return out
