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

from ..core.operands import as_tensor, elements_as, operand_ops
from ..core.tensor import Tensor
from ..errors import ArgumentValueError, ShapeError
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
    values = _full_convolution(elements_as(x, ops), elements_as(y, ops), ops)
    if mode == "same":
        start = (min(n, m) - 1) // 2
        values = values[start : start + max(n, m)]
    elif mode == "valid":
        start = min(n, m) - 1
        values = values[start : start + max(n, m) - min(n, m) + 1]
    return Tensor._from_flat(values, (len(values),), ops)
