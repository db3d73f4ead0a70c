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
from typing import Any
from ..ops import ElementOps

__all__ = ["matmul_flat", "batched_matmul_flat", "dot_rows", "row_sums", "outer_flat"]


def matmul_flat(ops: ElementOps, a: list[Any], b: list[Any], m: int, k: int, n: int) -> list[Any]:
    """The ``(m, n)`` product of C-order matrices ``a`` ``(m, k)`` and ``b`` ``(k, n)``, in C order.

    Uses ``ops.mul``, ``ops.sum`` (and ``ops.zero`` when ``k == 0``).  The
    factors of each product keep their order (``a`` on the left), so
    non-commutative rings are safe.

    >>> from gentensor.ops import integers
    >>> matmul_flat(integers, [1, 2, 3, 4], [5, 6, 7, 8], 2, 2, 2)
    [19, 22, 43, 50]
    """
    if not (m and n):
        return []
    if not k:
        return [ops.zero] * (m * n)
    mul, total = ops.mul, ops.sum
    columns = [b[j::n] for j in range(n)]
    out: list[Any] = []
    extend = out.extend
    for s in range(0, m * k, k):
        row = a[s : s + k]
        extend([total(map(mul, row, col)) for col in columns])
    return out


def batched_matmul_flat(
    ops: ElementOps, a: list[Any], b: list[Any], batch: int, m: int, k: int, n: int
) -> list[Any]:
    """``batch`` matrix products of C-order stacks ``a`` ``(batch, m, k)`` and ``b`` ``(batch, k, n)``.

    Uses ``ops.mul``, ``ops.sum`` and ``ops.zero``.  Degenerate shapes take
    whole-stack paths (element-wise products, batched dot products) instead
    of one small product per batch entry.

    >>> from gentensor.ops import integers
    >>> batched_matmul_flat(integers, [1, 2, 3, 4], [5, 6, 7, 8], 2, 1, 2, 1)
    [17, 53]
    """
    if not (batch and m and n):
        return []
    if m == 1 and n == 1:
        return dot_rows(ops, a, b, k, batch)
    if batch == 1:
        return matmul_flat(ops, a, b, m, k, n)
    out: list[Any] = []
    extend = out.extend
    sa, sb = m * k, k * n
    for i in range(batch):
        extend(matmul_flat(ops, a[i * sa : (i + 1) * sa], b[i * sb : (i + 1) * sb], m, k, n))
    return out


def dot_rows(ops: ElementOps, a: list[Any], b: list[Any], k: int, count: int) -> list[Any]:
    """The dot products of the ``count`` length-``k`` rows of ``a`` with the matching rows of ``b``.

    Empty rows (``k == 0``) give ``ops.zero``.  Uses ``ops.mul``, ``ops.sum``
    and ``ops.zero``.

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
