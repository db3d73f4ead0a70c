"""Matrix products for integers mod n and for Fractions at the cost of integer products (the ``"matmul"`` providers).

Both follow the provider convention ``(a, b, m, k, n, ops) -> flat product``
(C-order flat inputs, read only) and reduce the ring to Python ints:

* `matmul_mod`: residues are ints, so a dot product is one
  ``sum(map(mul, row, column))`` and **one** ``% n`` -- not one reduction per
  product.  When the dot products fit in a machine word with room to spare,
  `gentensor.compute._contract.matmul_flat_int` packs several columns
  into one integer and the product beats even that floor.
* `matmul_rat`: each row of ``a`` is scaled by the lcm of its
  denominators, each column of ``b`` likewise; the integer product of the
  scaled matrices (packed, as above) divided once per entry by the product
  of the two scales is the answer.  No Fraction arithmetic in the inner
  loop.

Cost: ``m * k * n`` multiplications of Python ints (fewer when packed), plus
``m * n`` reductions (or Fraction constructions) and ``O(m k + k n)`` scaling.
"""

from __future__ import annotations

import math
from fractions import Fraction
from operator import mul
from typing import Any

from ..compute._contract import matmul_flat_int
from ..ops import ElementOps, capabilities_of

__all__ = ["matmul_mod", "matmul_rat"]

#: Fraction products with fewer multiplications (m*k*n) decline: scaling costs more than it saves.
RAT_MIN_WORK = 100

#: Dot products below this many bits pack at least two to a machine word (see ``matmul_flat_int``).
_PACKABLE_BITS = 31


def matmul_mod(a: list[int], b: list[int], m: int, k: int, n: int, ops: ElementOps) -> list[int]:
    """The ``(m, n)`` product mod ``n`` of C-order residue matrices: one reduction per dot product.

    Uses ``ops.capabilities.characteristic`` (the modulus) only: the elements
    are Python ints.  Any modulus (no inversion).

    Examples
    --------
    >>> from gentensor.ops import modular
    >>> matmul_mod([1, 2, 3, 4], [5, 6, 7, 8], 2, 2, 2, modular(7))
    [5, 1, 1, 1]
    """
    modulus = capabilities_of(ops).characteristic
    assert modulus  # the modular families are Z/nZ with n >= 2
    if not (m and n):
        return []
    if not k:
        return [0] * (m * n)
    # A dot product of residues is at most k (modulus - 1)**2: when that is below 2**31, two or more
    # fit one 62-bit machine word, and the packed integer product pays (see ``matmul_flat_int``).
    if ((modulus - 1) ** 2 * k).bit_length() < _PACKABLE_BITS and n > 1:
        return [v % modulus for v in matmul_flat_int(a, b, m, k, n)]
    # Otherwise the floor: Python ints never overflow, so reduce once per dot product, not per term.
    columns = [b[j::n] for j in range(n)]
    out: list[int] = []
    extend = out.extend
    for s in range(0, m * k, k):
        row = a[s : s + k]
        extend([sum(map(mul, row, col)) % modulus for col in columns])
    return out


def _scales(groups: list[list[Fraction]]) -> tuple[list[list[int]], list[int]]:
    """Each group of Fractions times the lcm of its denominators: ``(integers, scales)``."""
    ints: list[list[int]] = []
    scales: list[int] = []
    lcm = math.lcm
    for group in groups:
        s = lcm(*[v.denominator for v in group])
        scales.append(s)
        ints.append([v.numerator for v in group] if s == 1 else [v.numerator * (s // v.denominator) for v in group])
    return ints, scales


def matmul_rat(a: list[Fraction], b: list[Fraction], m: int, k: int, n: int, ops: ElementOps) -> Any:
    """The ``(m, n)`` product of C-order Fraction matrices through one integer product.

    With ``A = diag(r)^-1 A'`` and ``B = B' diag(c)^-1`` (``r_i``, ``c_j``
    the lcms of the denominators of row ``i`` of ``a`` and column ``j`` of
    ``b``), ``A @ B = diag(r)^-1 (A' @ B') diag(c)^-1``.  Uses no ops member
    (the elements are Fractions).

    Examples
    --------
    >>> from gentensor.ops import rationals
    >>> a = [Fraction(1, 2)] * 100
    >>> matmul_rat(a, [Fraction(1, 3), Fraction(2, 5)] * 50, 1, 100, 1, rationals)
    [Fraction(55, 3)]
    """
    if m * k * n < RAT_MIN_WORK:
        return NotImplemented  # tiny: Fraction arithmetic directly (the generic kernel) costs less than the scaling
    A, rows = _scales([a[s : s + k] for s in range(0, m * k, k)])  # A' by rows: r_i * row i of a
    B, cols = _scales([b[j::n] for j in range(n)])  # B' by columns: c_j * column j of b
    flat_a = [v for row in A for v in row]
    flat_b = [v for row in zip(*B) for v in row]  # the scaled columns back to C order
    product = matmul_flat_int(flat_a, flat_b, m, k, n)
    integral_columns = all(c == 1 for c in cols)
    out: list[Fraction] = []
    extend = out.extend
    for i, r in enumerate(rows):
        part = product[i * n : (i + 1) * n]
        if r == 1 and integral_columns:  # nothing to divide: integers as Fractions (no gcd to compute)
            extend(map(Fraction, part))
        else:
            extend([Fraction(v, r * c) for v, c in zip(part, cols)])  # entry (i, j) / (r_i c_j), normalised
    return out
