"""The Wronskian: the determinant of a family of functions and their derivatives.

It sits with linear algebra (it is a determinant, computed by
[`gentensor.linalg.det`][gentensor.linalg.det] and its symbolic kernels) and uses the
derivatives of [`gentensor.compute.calculus`][gentensor.compute.calculus].
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

from ..compute.calculus import as_symbolic
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ShapeError
from ..ops import symbolic
from . import _policy
from ._symbolic import tidy
from ._stack import run, stack_of

__all__ = ["wronskian"]


def wronskian(functions: Any, variable: Any, /, *, method: str = "auto") -> Tensor[Any] | Any:
    """``det(W)`` with ``W[i][j]`` the ``i``-th derivative of ``functions[j]`` by ``variable``.

    Non-zero exactly when the functions are linearly independent (for
    analytic functions).  ``functions`` of shape ``(..., n)`` gives one
    Wronskian per leading index, as SymPy's ``wronskian`` gives one.

    Parameters
    ----------
    functions : Tensor or array-like
        SymPy expressions, last axis the family.
    variable : SymPy symbol
    method : str
        The [`gentensor.linalg.det`][gentensor.linalg.det] method.

    Returns
    -------
    SymPy expression or Tensor
        The Wronskian (``1`` for an empty family); for a stack a new symbolic
        tensor of shape ``functions.shape[:-1]``.

    Raises
    ------
    ShapeError
        ``functions`` is 0-d.
    DomainError
        The elements are not something SymPy reads.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> t = sympy.Symbol("t")
    >>> gt.wronskian([sympy.sin(t), sympy.cos(t)], t)
    -1
    >>> gt.wronskian([1, t, t**2], t)
    2
    >>> gt.wronskian([[t, t**2], [sympy.exp(t), sympy.exp(2 * t)]], t).tolist()
    [t**2, exp(3*t)]
    """
    if not getattr(variable, "_diff_wrt", False):  # a SymPy symbol (or function application), nothing else
        raise ArgumentTypeError(
            f"wronskian: cannot differentiate with respect to {variable!r} (got a variable of type "
            f"{type(variable).__name__}); pass a SymPy symbol, e.g. t = sympy.Symbol('t')"
        )
    f = as_symbolic(functions, "wronskian")
    if f.ndim == 0:
        raise ShapeError(f"wronskian: needs a family of functions, ndim >= 1 (got shape {f.shape})")
    *batch, n = f.shape
    rows = f._elements()
    matrices: list[Any] = []
    for s in range(0, len(rows), n) if n else range(0):
        family = rows[s : s + n]
        levels = [family]
        for _ in range(1, n):
            levels.append([g.diff(variable) for g in levels[-1]])
        matrices.extend(v for level in levels for v in level)
    if not n:
        return symbolic.one if not batch else Tensor._from_flat([symbolic.one] * math.prod(batch), tuple(batch), symbolic)
    stack = stack_of(Tensor._from_flat(matrices, tuple(batch) + (n, n), symbolic), "wronskian", square=True)
    _policy.check_method("wronskian", method, symbolic)
    key = "det" if method == "auto" else f"det.{method}"
    task = partial(_policy.det, ops=symbolic, method=method, provider=_policy.kernel_of(symbolic, key))
    results = [_reduced(v) for v in run(task, stack, "wronskian", None, None)]
    if not batch:
        return results[0]
    return Tensor._from_flat(results, tuple(batch), symbolic)


def _reduced(e: Any) -> Any:
    """Functions of the variable leave in the canonical form of the zero test (``sin**2 + cos**2`` is 1)."""
    if getattr(e, "is_rational_function", None) is None or e.is_rational_function():
        return e
    return tidy(e)
