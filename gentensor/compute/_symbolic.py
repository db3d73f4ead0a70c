"""SymPy conveniences on symbolic tensors: ``subs``, ``diff``, ``expand``, ``simplify``, ``evalf``.

Each applies the SymPy method of the same name to every element and returns
a new symbolic tensor.  They are the function forms behind the Tensor
methods ``x.subs(...)``, ``x.diff(*symbols)``, ``x.expand()``,
``x.simplify()`` and ``x.evalf(n)``.
"""

from __future__ import annotations

from typing import Any

from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import DomainError
from ..ops import capabilities_of, symbolic

__all__ = ["subs", "diff", "expand", "simplify", "evalf"]


def _apply(func: str, x: Any, method: str, *args: Any, **kwargs: Any) -> Tensor[Any]:
    x = as_tensor(x, func)
    if capabilities_of(x._ops).kind != "symbolic":
        raise DomainError(
            f"{func}: needs a symbolic tensor (got ops {x._ops!r}); convert with x.astype(gt.symbolic)"
        )
    values = [getattr(v, method)(*args, **kwargs) for v in x._elements()]
    return Tensor._from_flat(symbolic.convert_list(values), x.shape, symbolic)


def subs(x: Tensor[Any], /, *args: Any, **kwargs: Any) -> Tensor[Any]:
    """Substitute in every element (``sympy.Basic.subs`` arguments: a pair, a dict or a list of pairs).

    Returns
    -------
    Tensor
        A new tensor (ops symbolic).

    Raises
    ------
    DomainError
        ``x`` does not hold SymPy expressions (convert with x.astype(gt.symbolic)).

    Examples
    --------
    >>> import gentensor as gt
    >>> from gentensor.compute.elementwise import subs
    >>> a = gt.symbols("a", 2)
    >>> subs(a * 2, {a[0]: 1, a[1]: 3}).tolist()
    [2, 6]
    """
    return _apply("subs", x, "subs", *args, **kwargs)


def diff(x: Tensor[Any], /, *symbols: Any, **kwargs: Any) -> Tensor[Any]:
    """Differentiate every element (``sympy.diff`` arguments: symbols, or a symbol and an order).

    Returns
    -------
    Tensor
        A new tensor (ops symbolic).

    Raises
    ------
    DomainError
        ``x`` does not hold SymPy expressions (convert with x.astype(gt.symbolic)).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> from gentensor.compute.elementwise import diff
    >>> t = sympy.Symbol("t")
    >>> diff(gt.tensor([t**2, sympy.sin(t)]), t).tolist()
    [2*t, cos(t)]
    """
    return _apply("diff", x, "diff", *symbols, **kwargs)


def expand(x: Tensor[Any], /, **hints: Any) -> Tensor[Any]:
    """Expand every element (``sympy.expand`` hints as keywords).

    Returns
    -------
    Tensor
        A new tensor (ops symbolic).

    Raises
    ------
    DomainError
        ``x`` does not hold SymPy expressions (convert with x.astype(gt.symbolic)).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> from gentensor.compute.elementwise import expand
    >>> t = sympy.Symbol("t")
    >>> expand(gt.tensor([(t + 1)**2])).tolist()
    [t**2 + 2*t + 1]
    """
    return _apply("expand", x, "expand", **hints)


def simplify(x: Tensor[Any], /, **kwargs: Any) -> Tensor[Any]:
    """Simplify every element (``sympy.simplify`` keywords).

    Returns
    -------
    Tensor
        A new tensor (ops symbolic).

    Raises
    ------
    DomainError
        ``x`` does not hold SymPy expressions (convert with x.astype(gt.symbolic)).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> from gentensor.compute.elementwise import simplify
    >>> t = sympy.Symbol("t")
    >>> simplify(gt.tensor([sympy.sin(t)**2 + sympy.cos(t)**2])).tolist()
    [1]
    """
    return _apply("simplify", x, "simplify", **kwargs)


def evalf(x: Tensor[Any], /, n: int = 15, **options: Any) -> Tensor[Any]:
    """Evaluate every element numerically to ``n`` significant digits (``sympy.N``).

    Returns
    -------
    Tensor
        A new tensor (ops symbolic, elements SymPy ``Float`` where numeric).

    Raises
    ------
    DomainError
        ``x`` does not hold SymPy expressions (convert with x.astype(gt.symbolic)).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> from gentensor.compute.elementwise import evalf
    >>> evalf(gt.tensor([sympy.pi, sympy.sqrt(2)]), 5).tolist()
    [3.1416, 1.4142]
    """
    return _apply("evalf", x, "evalf", n, **options)
