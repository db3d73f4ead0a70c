"""Discrete convolution of 1-d tensors: NumPy's ``convolve``, exact -- the product of two polynomials.

``convolve(a, v)[k]`` is the sum of ``a[i] * v[k - i]``: with the
coefficients of two polynomials (in the same order, highest or lowest degree
first) it gives the coefficients of their product, computed in the ring of
the elements (integers stay integers of any size, rationals stay exact,
symbolic coefficients stay expressions; NumPy's float64 rounds past 2**53).
The ``mode`` trims the full result as NumPy does.

Examples
--------
>>> import gentensor as gt
>>> gt.convolve(gt.tensor([1, 1]), gt.tensor([1, -1])).tolist()   # (x + 1)(x - 1) = x**2 - 1
[1, 0, -1]
>>> gt.convolve(gt.tensor([1, 2, 3]), gt.tensor([0, 1, 0.5]), mode="same").tolist()
[1.0, 2.5, 4.0]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.operands import as_tensor, elements_as, operand_ops
from ..core.storage import operand_of
from ..core.tensor import Tensor
from ..errors import ArgumentValueError, ShapeError
from ..ops import ElementOps, capabilities_of, packing_of
from ..resources import check_shape
from ._engine import arithmetic_ops

__all__ = ["convolve"]

_MODES = ("full", "same", "valid")


def _full_convolution(a: list[Any], v: list[Any], ops: Any) -> list[Any]:
    """The ``len(a) + len(v) - 1`` sums ``Σ a[i]*v[k - i]`` on plain lists (uses ``ops.mul``, ``ops.sum``).

    Examples
    --------
    >>> import gentensor as gt
    >>> _full_convolution([1, 2], [3, 4, 5], gt.integers)
    [3, 10, 13, 10]
    """
    n, m = len(a), len(v)
    mul = ops.mul
    out = []
    for k in range(n + m - 1):
        lo, hi = max(0, k - m + 1), min(k, n - 1)
        out.append(ops.sum([mul(a[i], v[k - i]) for i in range(lo, hi + 1)]))
    return out


#: Entries of the window matrix multiplied at once by `_packed_convolution` (8 MiB of int64).
_WINDOW_ENTRIES = 1 << 20


def _packed_convolution(x: Tensor[Any], y: Tensor[Any], ops: ElementOps) -> tuple[Any, Any] | None:
    """The full convolution of packed ``x`` and ``y`` as matrix products of the packing's ``matmul`` plan, or ``None``.

    Output ``k`` is the dot product of the window ``a[k - m + 1 .. k]`` of
    the longer input ``a`` (padded with zeros) with the shorter ``b``
    reversed: a strided window matrix (no copy) times a column, in chunks of
    rows, so the plan proves every sum of ``m`` products exact first (float64
    BLAS below 2**53, int64 below 2**63, residues reduced).  Only for bounded
    (integer-like) commutative packings, so the order of the factors and of
    the sums does not matter; else ``None`` (the element path).
    """
    if x._store.packing is None and y._store.packing is None:
        return None
    packing = packing_of(ops)
    if packing is None or not packing.bounded or not capabilities_of(ops).commutative:
        return None
    a = operand_of(x._store, x._layout, x._ops, ops, packing)
    b = operand_of(y._store, y._layout, y._ops, ops, packing)
    if a is None or b is None:
        return None
    if a.array.size < b.array.size:
        a, b = b, a
    m = b.array.size
    planned = packing.matmul(a.bounds, b.bounds, m)
    if planned is None and (a.tighten() | b.tighten()):
        planned = packing.matmul(a.bounds, b.bounds, m)
    zero = packing.scalar(ops.zero)
    if planned is None or zero is None:
        return None
    f, bounds = planned
    pad = np.full(m - 1, zero, dtype=a.array.dtype)
    windows = np.lib.stride_tricks.sliding_window_view(np.concatenate([pad, a.array, pad]), m)
    column = np.ascontiguousarray(b.array[::-1]).reshape(m, 1)
    rows = max(1, _WINDOW_ENTRIES // m)
    parts = [np.asarray(f(windows[s : s + rows], column)).reshape(-1) for s in range(0, len(windows), rows)]
    return np.concatenate(parts), bounds


def convolve(a: Any, v: Any, /, *, mode: str = "full") -> Tensor[Any]:
    """The discrete, linear convolution of two 1-d tensors (exact: the coefficients of a polynomial product).

    Parameters
    ----------
    a, v : Tensor or array-like
        1-d and not empty; their ops meet as in arithmetic (booleans count as
        integers).
    mode : {"full", "same", "valid"}
        ``"full"``: all ``len(a) + len(v) - 1`` sums; ``"same"``: the middle
        ``max(len(a), len(v))`` of them; ``"valid"``: only the sums where the
        two overlap completely (``max - min + 1`` of them).

    Returns
    -------
    Tensor
        A new 1-d tensor in the common ops.

    Raises
    ------
    ShapeError
        An input that is not 1-d, or empty.
    ArgumentValueError
        An unknown mode.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.convolve(gt.tensor([Fraction(1, 2), 1]), gt.tensor([2, 3, 4]), mode="valid")
    tensor([7/2,   5], ops=rationals)
    >>> import sympy
    >>> x = sympy.Symbol("x")
    >>> gt.convolve([1, x], [1, x]).tolist()
    [1, 2*x, x**2]
    """
    if not isinstance(mode, str) or mode not in _MODES:
        raise ArgumentValueError(f"convolve: unknown mode {mode!r}; use one of {', '.join(_MODES)}")
    x, y = as_tensor(a, "convolve"), as_tensor(v, "convolve")
    for t, name in ((x, "a"), (y, "v")):
        if t.ndim != 1 or t.size == 0:
            raise ShapeError(f"convolve: {name} must be 1-d and not empty (got shape {t.shape})")
    ops = arithmetic_ops(operand_ops((x, y), "convolve"))
    n, m = x.size, y.size
    check_shape((n + m - 1,), "convolve")
    packed = _packed_convolution(x, y, ops)
    if packed is not None:
        start = 0 if mode == "full" else (min(n, m) - 1) // 2 if mode == "same" else min(n, m) - 1
        length = n + m - 1 if mode == "full" else max(n, m) if mode == "same" else max(n, m) - min(n, m) + 1
        array, bounds = packed
        return Tensor._from_array(array[start : start + length].copy(), (length,), ops, bounds)
    values = _full_convolution(elements_as(x, ops), elements_as(y, ops), ops)
    if mode == "same":
        start = (min(n, m) - 1) // 2
        values = values[start : start + max(n, m)]
    elif mode == "valid":
        start = min(n, m) - 1
        values = values[start : start + max(n, m) - min(n, m) + 1]
    return Tensor._from_flat(values, (len(values),), ops)
