"""Elementary element-wise functions: rounding, signs, NaN tests, parts of complex numbers, extremes, ``clip``.

Every function works on every ops where it means something, and raises
[`DomainError`][gentensor.errors.DomainError] where it does not:

* ``floor``, ``ceil``, ``trunc`` keep the ops (rationals round to rationals,
  integers are unchanged, floats stay floats); an ordered ring with
  ``floordiv`` gets them from it;
* ``sign``, ``signbit``, ``maximum``, ``minimum``, ``clip`` need an order
  (``capabilities.ordered``; SymPy expressions compare where SymPy decides);
  floats propagate NaN whatever the order of the operands, as NumPy does;
* ``isnan``, ``isinf``, ``isfinite`` are ``False``, ``False``, ``True`` for
  exact rings (their elements are never infinite);
* ``real``, ``imag``, ``conj``: complexes give floats for the parts; an
  ordered (real) ring is its own real part.

A tensor in gives a tensor out (0-d included); scalars in give the element.

Examples
--------
>>> import gentensor as gt
>>> from fractions import Fraction
>>> gt.floor(gt.tensor([Fraction(7, 2), Fraction(-7, 2)])).tolist()
[Fraction(3, 1), Fraction(-4, 1)]
>>> gt.maximum(gt.tensor([1.0, float("nan")]), 2.0).tolist()
[2.0, nan]
"""

from __future__ import annotations

from typing import Any

from ..core.operands import as_operand
from ..core.tensor import Tensor
from ._engine import binary
from ._functions import apply_binary, apply_unary
from ._plans import plan_divide, plan_multiply, power as _power

__all__ = [
    "floor",
    "ceil",
    "trunc",
    "sign",
    "signbit",
    "copysign",
    "nextafter",
    "isnan",
    "isinf",
    "isfinite",
    "real",
    "imag",
    "conj",
    "square",
    "reciprocal",
    "maximum",
    "minimum",
    "clip",
    "pow",
]


def floor(x: Any, /) -> Tensor[Any] | Any:
    """The largest integral value ``<= x``, element-wise, in ``x``'s ops.

    Returns
    -------
    Tensor
        A new tensor of the same ops (floats stay floats; ``inf`` and ``nan`` are unchanged).

    Raises
    ------
    DomainError
        The ring is not ordered or has no floor division (``modular(n)``, complexes).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.floor(gt.tensor([2.5, -2.5])).tolist(), gt.floor(gt.tensor([3, -3])).tolist()
    ([2.0, -3.0], [3, -3])
    """
    return apply_unary("floor", x)


def ceil(x: Any, /) -> Tensor[Any] | Any:
    """The smallest integral value ``>= x``, element-wise, in ``x``'s ops.

    Returns
    -------
    Tensor
        A new tensor of the same ops.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.ceil(gt.tensor([Fraction(1, 3), Fraction(-1, 3)])).tolist()
    [Fraction(1, 1), Fraction(0, 1)]
    """
    return apply_unary("ceil", x)


def trunc(x: Any, /) -> Tensor[Any] | Any:
    """The integral part (rounded toward zero), element-wise, in ``x``'s ops.

    Returns
    -------
    Tensor
        A new tensor of the same ops.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.trunc(gt.tensor([2.7, -2.7])).tolist()
    [2.0, -2.0]
    """
    return apply_unary("trunc", x)


def sign(x: Any, /) -> Tensor[Any] | Any:
    """``-1``, ``0`` or ``1`` by the sign of each element (``x / abs(x)`` for complexes), in ``x``'s ops.

    Returns
    -------
    Tensor
        A new tensor of the same ops (``nan`` stays ``nan``).

    Raises
    ------
    DomainError
        The ring is not ordered (``modular(n)``), or SymPy cannot decide a sign.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.sign(gt.tensor([-5, 0, 3])).tolist(), gt.sign(gt.tensor([3j])).tolist()
    ([-1, 0, 1], [1j])
    """
    return apply_unary("sign", x)


def signbit(x: Any, /) -> Tensor[Any] | bool:
    """True where the sign bit is set: negative elements (and ``-0.0``).

    Returns
    -------
    Tensor
        A new booleans tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.signbit(gt.tensor([-1.0, -0.0, 2.0])).tolist()
    [True, True, False]
    """
    return apply_unary("signbit", x, "bool")


def copysign(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """The magnitude of ``x1`` with the sign of ``x2`` (floats), with broadcasting.

    Returns
    -------
    Tensor
        A new tensor.

    Raises
    ------
    DomainError
        The ops has no ``copysign`` (only floats do).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.copysign(gt.tensor([1.0, 2.0]), -0.0).tolist()
    [-1.0, -2.0]
    """
    return apply_binary("copysign", x1, x2)


def nextafter(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """The next float after ``x1`` toward ``x2``, with broadcasting.

    Returns
    -------
    Tensor
        A new tensor of floats.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.nextafter(gt.tensor([1.0]), 2.0).tolist()
    [1.0000000000000002]
    """
    return apply_binary("nextafter", x1, x2)


def isnan(x: Any, /) -> Tensor[Any] | bool:
    """True where an element is NaN (never for exact rings).

    Returns
    -------
    Tensor
        A new booleans tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.isnan(gt.tensor([1.0, float("nan")])).tolist(), gt.isnan(gt.tensor([1, 2])).tolist()
    ([False, True], [False, False])
    """
    return apply_unary("isnan", x, "bool")


def isinf(x: Any, /) -> Tensor[Any] | bool:
    """True where an element is infinite (never for exact rings).

    Returns
    -------
    Tensor
        A new booleans tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.isinf(gt.tensor([1.0, float("-inf")])).tolist()
    [False, True]
    """
    return apply_unary("isinf", x, "bool")


def isfinite(x: Any, /) -> Tensor[Any] | bool:
    """True where an element is neither infinite nor NaN (always for exact rings).

    Returns
    -------
    Tensor
        A new booleans tensor.

    Raises
    ------
    DomainError
        SymPy cannot decide whether an expression is finite (a symbol without assumptions).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.isfinite(gt.tensor([1.0, float("inf"), float("nan")])).tolist()
    [True, False, False]
    """
    return apply_unary("isfinite", x, "bool")


def real(x: Any, /) -> Tensor[Any] | Any:
    """The real part of each element (complexes give floats; a real ring is its own real part).

    Returns
    -------
    Tensor
        A new tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.real(gt.tensor([1 + 2j])).tolist(), gt.real(gt.tensor([5])).tolist()
    ([1.0], [5])
    """
    return apply_unary("real", x, "real")


def imag(x: Any, /) -> Tensor[Any] | Any:
    """The imaginary part of each element (complexes give floats; zero for a real ring).

    Returns
    -------
    Tensor
        A new tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.imag(gt.tensor([1 + 2j])).tolist(), gt.imag(gt.tensor([5])).tolist()
    ([2.0], [0])
    """
    return apply_unary("imag", x, "real")


def conj(x: Any, /) -> Tensor[Any] | Any:
    """The complex conjugate of each element (a real ring is unchanged).

    Returns
    -------
    Tensor
        A new tensor of the same ops.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.conj(gt.tensor([1 + 2j])).tolist()
    [(1-2j)]
    """
    return apply_unary("conj", x)


def square(x: Any, /) -> Tensor[Any] | Any:
    """``x * x`` element-wise (``ops.mul``; booleans become integers).

    Returns
    -------
    Tensor
        A new tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.square(gt.tensor([-3, 4])).tolist()
    [9, 16]
    """
    x = as_operand(x)
    return binary("square", x, x, plan_multiply)


def reciprocal(x: Any, /) -> Tensor[Any] | Any:
    """``1 / x`` element-wise, exactly (integers give rationals, as ``/`` does).

    Returns
    -------
    Tensor
        A new tensor.

    Raises
    ------
    ZeroDivisionError
        A zero element of an exact ring (floats give ``inf``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.reciprocal(gt.tensor([2, -4])).tolist(), gt.reciprocal(gt.tensor([0.0])).tolist()
    ([Fraction(1, 2), Fraction(-1, 4)], [inf])
    """
    x = as_operand(x)
    if not isinstance(x, Tensor):
        return binary("reciprocal", 1, x, plan_divide)
    return binary("reciprocal", Tensor._from_flat([x._ops.one], (), x._ops), x, plan_divide)


def maximum(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """The larger of each pair of elements, with broadcasting; NaN when either is NaN.

    Returns
    -------
    Tensor
        A new tensor.

    Raises
    ------
    DomainError
        The elements are not ordered.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.maximum(gt.tensor([1, 5]), gt.tensor([[3], [4]])).tolist()
    [[3, 5], [4, 5]]
    """
    return apply_binary("maximum", x1, x2, promote_bool=False)


def minimum(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """The smaller of each pair of elements, with broadcasting; NaN when either is NaN.

    Returns
    -------
    Tensor
        A new tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.minimum(gt.tensor([1, 5]), 3).tolist(), gt.minimum(float("nan"), gt.tensor([1.0])).tolist()
    ([1, 3], [nan])
    """
    return apply_binary("minimum", x1, x2, promote_bool=False)


def clip(x: Any, /, min: Any = None, max: Any = None) -> Tensor[Any] | Any:
    """Each element clamped to ``[min, max]`` (``None``: no bound on that side), with broadcasting.

    ``clip(x, a, b)`` is ``minimum(maximum(x, a), b)``; NaN elements stay NaN.

    Parameters
    ----------
    x : Tensor
    min, max : element, Tensor or None
        Bounds broadcast against ``x``.

    Returns
    -------
    Tensor
        A new tensor (a copy when both bounds are ``None``).

    Raises
    ------
    DomainError
        The elements are not ordered.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.clip(gt.tensor([-2, 0, 5]), 0, 3).tolist()
    [0, 0, 3]
    >>> gt.clip(gt.tensor([Fraction(1, 3), 2]), max=1).tolist()
    [Fraction(1, 3), Fraction(1, 1)]
    """
    out = as_operand(x)
    if isinstance(out, Tensor) and min is None and max is None:
        return out.copy()
    if min is not None:
        out = maximum(out, min)
    if max is not None:
        out = minimum(out, max)
    return out


def pow(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """``x1 ** x2`` element-wise: the Array API's name of [`gentensor.power`][gentensor.compute.elementwise.power].

    Returns
    -------
    Tensor
        A new tensor (the element itself for two scalars).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.pow(gt.tensor([2, 3]), 2).tolist()
    [4, 9]
    """
    return _power(x1, x2)
