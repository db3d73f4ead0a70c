"""Positive powers of square matrices: FLINT when the result is bounded, else checked repeated squaring.

``gt.linalg.matrix_power`` reads the exponent, inverts for a negative one
and handles ``0``; [`positive_power`][gentensor.linalg.power.positive_power] does the rest.
Entries of ``x**k`` can grow with ``k`` (integers, rationals, expressions):
the (uninterruptible) FLINT kernel runs only when an upper bound of their
size is within ``max_bits``, and the squaring loop checks the real sizes
after each step, so a huge exponent stops with a `LimitError` instead of
never finishing.
"""

from __future__ import annotations

import math
from typing import Any

from ..compute import packed_matrix_power, packed_result
from ..compute.products import matmul
from ..core.tensor import Tensor
from ..errors import LimitError
from ..ops import capabilities_of
from ..resources import get_limits, log2_size
from . import _policy
from ._stack import stack_of, wrap_matrices

__all__ = ["positive_power"]


def positive_power(x: Tensor[Any], power: int) -> Tensor[Any]:
    """``x @ x @ ... @ x`` (``power >= 1`` factors) for a stack of square matrices ``x``; a new tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> positive_power(gt.tensor([[1, 1], [1, 0]]), 10).tolist()
    [[89, 55], [55, 34]]
    """
    if power >= 2:
        packed = packed_matrix_power(x, power)  # machine words, every product proven to fit
        if packed is not None:
            return packed_result(packed, x.shape, x.ops)
    caps = capabilities_of(x.ops)
    grows = caps.exact and caps.characteristic == 0  # entries can grow without bound (not mod n, not floats)
    max_bits = get_limits().max_bits
    kernel = _policy.kernel_of(x.ops, "matrix_power")
    if kernel is not None and x.shape[-1]:  # a provider (FLINT): rows, k, ops -> rows, one call per matrix
        # Entries of x**k have at most k * log2(n * max|x|) bits: call the (uninterruptible) kernel only when
        # that bound is within the limits; otherwise the loop below checks the real sizes as they grow.
        size = max(map(log2_size, x._elements()), default=0.0) + math.log2(x.shape[-1])
        if not grows or power * size <= max_bits:
            stack = stack_of(x, "matrix_power", square=True)
            found = [kernel(rows, power, stack.ops) for rows in stack.matrices]
            if all(f is not NotImplemented for f in found):
                return wrap_matrices(found, stack.batch, (stack.n, stack.n), stack.ops)
    result: Tensor[Any] | None = None
    base = x
    while True:
        if power & 1:
            result = base if result is None else _checked(matmul(result, base), grows, max_bits)
        power >>= 1
        if not power:
            break
        base = _checked(matmul(base, base), grows, max_bits)
    assert result is not None
    return result.copy() if result is x else result


def _checked(t: Tensor[Any], grows: bool, max_bits: int) -> Tensor[Any]:
    """``t``, after making sure no entry of a power grew past ``max_bits`` (the next squaring would double it).

    Symbolic entries are expressions whose trees double with each squaring:
    the ring's own ``convert`` checks them against the expression limits
    (``max_depth``, ``max_nodes``), before printing them would never finish.
    """
    if grows and capabilities_of(t.ops).symbolic:
        convert = t.ops.convert
        try:
            for v in t._elements():
                convert(v)
        except LimitError as exc:
            raise LimitError(f"matrix_power: an entry of the power grew too large ({exc})") from None
    if grows:
        size = max(map(log2_size, t._elements()), default=0.0)
        if size > max_bits:
            raise LimitError(
                f"matrix_power: an entry of the power has grown to about {math.ceil(size)} bits, more than "
                f"max_bits={max_bits}; raise it with gt.limits(max_bits=...), or compute modulo a prime "
                "(ops=gt.modular(p)), where entries stay small"
            )
    return t
