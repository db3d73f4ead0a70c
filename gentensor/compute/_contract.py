"""Contraction kernels on flat C-order lists: matrix products, dot products, row sums.

No Tensor here: lists in, lists out, elements only through ``ops``.  Every
sum of products is one ``ops.sum(map(ops.mul, row, column))`` call, so for
Python ints the inner loop is C code (``sum`` over ``map`` of
``operator.mul``) and for SymPy one ``Add`` is built per entry instead of a
chain of binary additions.  Columns are cut out of a C-order matrix with one
extended slice each (``b[j::n]``), never element by element.
"""

from __future__ import annotations

from itertools import repeat
from operator import add, lshift, mul, rshift, sub
from typing import Any, Callable
from ..ops import ElementOps

__all__ = ["matmul_flat", "matmul_flat_int", "batched_matmul_flat", "dot_rows", "row_sums", "outer_flat"]

#: Packed sums stay below 2**62, so ``sum`` keeps its machine-integer fast path.
_WORD_BITS = 62


def matmul_flat(ops: ElementOps, a: list[Any], b: list[Any], m: int, k: int, n: int) -> list[Any]:
    """The ``(m, n)`` product of C-order matrices ``a`` ``(m, k)`` and ``b`` ``(k, n)``, in C order.

    Uses ``ops.mul``, ``ops.sum`` (and ``ops.zero`` when ``k == 0``).  The
    factors of each product keep their order (``a`` on the left), so
    non-commutative rings are safe.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> matmul_flat(integers, [1, 2, 3, 4], [5, 6, 7, 8], 2, 2, 2)
    [19, 22, 43, 50]
    """
    if not (m and n):
        return []
    if not k:
        return [ops.zero] * (m * n)  # empty sums
    mul, total = ops.mul, ops.sum
    columns = [b[j::n] for j in range(n)]  # each column once, reused by every row
    out: list[Any] = []
    extend = out.extend
    for s in range(0, m * k, k):
        row = a[s : s + k]
        extend([total(map(mul, row, col)) for col in columns])
    return out


def matmul_flat_int(a: list[int], b: list[int], m: int, k: int, n: int, ops: Any = None) -> list[int]:
    """The product of C-order matrices of Python ints, several entries per multiplication.

    When every dot product fits in ``S`` bits (from the largest entries),
    ``t = 62 // S`` columns of ``b`` are packed into one integer column
    (``c_0 + c_1 * 2**S + ...``), so one ``sum(map(mul, row, packed))``
    yields ``t`` dot products as the signed digits of its value, which stays
    a machine integer (``sum``'s C fast path).  The digits come back with a
    few whole-list maps.  For entries of about 1000 at ``k = 100``, ``t = 2``:
    half the multiplications, and ``benchmarks/bench_integer.py`` measures it
    on a par with NumPy's object ``@``.  With larger entries ``t == 1`` and
    it is `matmul_flat`.  Python ints only (the integers' provider).

    Examples
    --------
    >>> matmul_flat_int([1, 2, 3, 4], [5, 6, 7, 8], 2, 2, 2)
    [19, 22, 43, 50]
    >>> matmul_flat_int([10**20], [3], 1, 1, 1)
    [300000000000000000000]
    """
    if not (m and n):
        return []
    if not k:
        return [0] * (m * n)
    # Every dot product lies in [-bound, bound]; S bits hold it as a signed digit (one bit for the sign),
    # and t digits of S bits fit one word.
    bound = max(map(abs, a)) * max(map(abs, b)) * k
    S = bound.bit_length() + 1
    t = _WORD_BITS // S
    if t < 2 or n < 2:
        columns = [b[j::n] for j in range(n)]
        out: list[int] = []
        for s in range(0, m * k, k):
            row = a[s : s + k]
            out.extend([sum(map(mul, row, col)) for col in columns])
        return out
    t = min(t, n)
    groups = -(-n // t)  # ceil(n / t) packed columns; the last group padded with zero columns
    columns = [b[j::n] for j in range(n)] + [[0] * k] * (groups * t - n)
    # Pack t columns into one: entry-wise c_0 + c_1 2**S + ... + c_{t-1} 2**((t-1)S), by Horner
    # (acc = col + acc << S from the last column back).  Then row . packed == sum_d (row . c_d) 2**(dS):
    # t dot products for the price of one, since multiplication distributes over the packing.
    packed = []
    for g in range(groups):
        part = columns[g * t : (g + 1) * t]
        acc = part[-1]
        for col in reversed(part[:-1]):
            acc = list(map(add, col, map(lshift, acc, repeat(S))))
        packed.append(acc)
    values: list[int] = []
    extend = values.extend
    for s in range(0, m * k, k):
        row = a[s : s + k]
        extend([sum(map(mul, row, col)) for col in packed])
    # Signed digits: v == lo + hi * 2**S with -2**(S-1) <= lo < 2**(S-1).  hi = (v + 2**(S-1)) >> S
    # rounds v / 2**S to the nearest integer (>> floors, also for negative v), so lo is the digit of
    # the lowest dot product, whatever the signs of the others; then the same on hi for the next.
    # Whole-list maps (C loops), one pass per digit.
    half = 1 << (S - 1)
    width = groups * t
    flat = [0] * (m * width)
    for d in range(t):
        high = list(map(rshift, map(add, values, repeat(half)), repeat(S)))
        flat[d::t] = list(map(sub, values, map(lshift, high, repeat(S))))
        values = high
    if width == n:
        return flat
    return [v for i in range(0, m * width, width) for v in flat[i : i + n]]  # drop the padding columns


def batched_matmul_flat(
    ops: ElementOps,
    a: list[Any],
    b: list[Any],
    batch: int,
    m: int,
    k: int,
    n: int,
    kernel: Callable[..., Any] | None = None,
) -> list[Any]:
    """``batch`` matrix products of C-order stacks ``a`` ``(batch, m, k)`` and ``b`` ``(batch, k, n)``.

    Uses ``ops.mul``, ``ops.sum`` and ``ops.zero``.  Degenerate shapes take
    whole-stack paths (element-wise products, batched dot products) instead
    of one small product per batch entry.  ``kernel`` is the ring's
    ``"matmul"`` provider (``kernel(a, b, m, k, n, ops)`` -> flat product or
    ``NotImplemented``), tried for each full matrix product before
    `matmul_flat`.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> batched_matmul_flat(integers, [1, 2, 3, 4], [5, 6, 7, 8], 2, 1, 2, 1)
    [17, 53]
    """
    if not (batch and m and n):
        return []
    if m == 1 and n == 1:  # a stack of dot products: one pass, no per-product call
        return dot_rows(ops, a, b, k, batch)
    if batch == 1:
        return _one_product(ops, a, b, m, k, n, kernel)
    out: list[Any] = []
    extend = out.extend
    sa, sb = m * k, k * n
    for i in range(batch):
        extend(_one_product(ops, a[i * sa : (i + 1) * sa], b[i * sb : (i + 1) * sb], m, k, n, kernel))
    return out


def _one_product(
    ops: ElementOps, a: list[Any], b: list[Any], m: int, k: int, n: int, kernel: Callable[..., Any] | None
) -> list[Any]:
    """One matrix product: the provider ``kernel`` when it accepts, else `matmul_flat`."""
    if kernel is not None and k:
        found = kernel(a, b, m, k, n, ops)
        if found is not NotImplemented:
            return list(found)
    return matmul_flat(ops, a, b, m, k, n)


def dot_rows(ops: ElementOps, a: list[Any], b: list[Any], k: int, count: int) -> list[Any]:
    """The dot products of the ``count`` length-``k`` rows of ``a`` with the matching rows of ``b``.

    Empty rows (``k == 0``) give ``ops.zero``.  Uses ``ops.mul``, ``ops.sum``
    and ``ops.zero``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> dot_rows(integers, [1, 2, 3, 4], [1, 1, 2, 2], 2, 2), dot_rows(integers, [], [], 0, 3)
    ([3, 14], [0, 0, 0])
    """
    if not k:
        return [ops.zero] * count
    mul = ops.mul
    if k == 1:
        return list(map(mul, a, b))
    total = ops.sum
    return [total(map(mul, a[s : s + k], b[s : s + k])) for s in range(0, k * count, k)]


def row_sums(ops: ElementOps, values: list[Any], length: int, count: int) -> list[Any]:
    """The sums of ``count`` consecutive runs of ``length`` values (``ops.zero`` for empty runs).

    Uses ``ops.sum`` and ``ops.zero``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> row_sums(integers, [1, 2, 3, 4, 5, 6], 3, 2), row_sums(integers, [], 0, 2)
    ([6, 15], [0, 0])
    """
    if not length:
        return [ops.zero] * count
    if length == 1:
        return list(values)
    total = ops.sum
    return [total(values[s : s + length]) for s in range(0, length * count, length)]


def outer_flat(ops: ElementOps, a: list[Any], b: list[Any]) -> list[Any]:
    """Every ``a[i] * b[j]`` in C order of ``(len(a), len(b))``.  Uses ``ops.mul``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> outer_flat(integers, [1, 2], [3, 4, 5])
    [3, 4, 5, 6, 8, 10]
    """
    mul = ops.mul
    n = len(b)
    out: list[Any] = []
    extend = out.extend
    for x in a:
        extend(map(mul, repeat(x, n), b))
    return out
