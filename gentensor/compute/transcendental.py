"""Transcendental functions element-wise: square roots, exponentials, logarithms, trigonometry.

Each function looks its name up in the ops' table of element functions
(``ops.elementary``; see ``gentensor/ops/_elementary.py``):

* ``floats`` and ``complexes`` use `math` / `cmath` and follow
  IEEE 754 as NumPy does: ``log(0.0)`` is ``-inf``, ``sqrt(-1.0)`` is
  ``nan`` (never a complex number inside ``floats``), ``exp(1000.0)`` is
  ``inf``;
* ``symbolic`` uses SymPy, exactly (``sqrt(8)`` is ``2*sqrt(2)``);
* exact rings (integers, rationals, ``modular(n)``, user rings) raise
  [`DomainError`][gentensor.errors.DomainError], since the values would not be exact, with one
  exception: ``sqrt`` of a perfect square (``sqrt(49)`` is ``7``; ``sqrt(2)``
  raises).  Convert first with ``.astype(gt.floats)`` or
  ``.astype(gt.symbolic)``.

Booleans are computed as integers.  A tensor in gives a tensor out (0-d
included); a scalar in gives the element.

Examples
--------
>>> import gentensor as gt
>>> gt.sqrt(gt.tensor([1.0, 4.0])).tolist(), gt.exp(gt.symbols("t", 1)).tolist()
([1.0, 2.0], [exp(t_0)])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._functions import apply_binary, apply_unary

if TYPE_CHECKING:
    from ..core.tensor import Tensor

__all__ = [
    "sqrt",
    "exp",
    "expm1",
    "log",
    "log1p",
    "log2",
    "log10",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "atan2",
    "hypot",
    "logaddexp",
]


def sqrt(x: Any, /) -> Tensor[Any] | Any:
    """The square root of each element.

    Exact rings: exact for perfect squares (``sqrt(49)`` over integers is ``7``), else [`DomainError`][gentensor.errors.DomainError]; floats: ``nan`` for a negative element; symbolic: SymPy's ``sqrt``.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.sqrt(gt.tensor([4, 9, 49])).tolist(), gt.sqrt(gt.tensor([2.0, -1.0])).tolist()
    ([2, 3, 7], [1.4142135623730951, nan])
    >>> gt.sqrt(gt.tensor([8]).astype(gt.symbolic)).tolist()
    [2*sqrt(2)]
    """
    return apply_unary("sqrt", x)


def exp(x: Any, /) -> Tensor[Any] | Any:
    """The exponential ``e**x`` of each element.

    ``inf`` on overflow for floats.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.exp(gt.tensor([0.0, 1.0])).tolist(), gt.exp(gt.tensor([1000.0])).tolist()
    ([1.0, 2.718281828459045], [inf])
    """
    return apply_unary("exp", x)


def expm1(x: Any, /) -> Tensor[Any] | Any:
    """``exp(x) - 1``, accurate near zero of each element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.expm1(gt.tensor([1e-10])).tolist()
    [1.00000000005e-10]
    """
    return apply_unary("expm1", x)


def log(x: Any, /) -> Tensor[Any] | Any:
    """The natural logarithm of each element.

    Floats: ``-inf`` at zero, ``nan`` below.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.log(gt.tensor([1.0, 0.0, -1.0])).tolist()
    [0.0, -inf, nan]
    >>> gt.log(gt.tensor([1])).tolist()
    Traceback (most recent call last):
    ...
    gentensor.errors.DomainError: log: integers are exact and log of their elements is not (got a tensor with ops integers); convert with .astype(gt.floats) for floats, or .astype(gt.symbolic) for exact symbolic values
    """
    return apply_unary("log", x)


def log1p(x: Any, /) -> Tensor[Any] | Any:
    """``log(1 + x)``, accurate near zero of each element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.log1p(gt.tensor([0.0, -1.0])).tolist()
    [0.0, -inf]
    """
    return apply_unary("log1p", x)


def log2(x: Any, /) -> Tensor[Any] | Any:
    """The base-2 logarithm of each element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.log2(gt.tensor([8.0, 0.5])).tolist()
    [3.0, -1.0]
    """
    return apply_unary("log2", x)


def log10(x: Any, /) -> Tensor[Any] | Any:
    """The base-10 logarithm of each element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.log10(gt.tensor([1000.0])).tolist()
    [3.0]
    """
    return apply_unary("log10", x)


def sin(x: Any, /) -> Tensor[Any] | Any:
    """The sine (radians) of each element.

    Floats: ``nan`` for an infinite element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.sin(gt.tensor([0.0])).tolist(), gt.sin(gt.symbols('t', 1)).tolist()
    ([0.0], [sin(t_0)])
    """
    return apply_unary("sin", x)


def cos(x: Any, /) -> Tensor[Any] | Any:
    """The cosine (radians) of each element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.cos(gt.tensor([0.0])).tolist()
    [1.0]
    """
    return apply_unary("cos", x)


def tan(x: Any, /) -> Tensor[Any] | Any:
    """The tangent (radians) of each element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.tan(gt.tensor([0.0])).tolist()
    [0.0]
    """
    return apply_unary("tan", x)


def asin(x: Any, /) -> Tensor[Any] | Any:
    """The inverse sine of each element.

    Floats: ``nan`` outside ``[-1, 1]``.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.asin(gt.tensor([1.0, 2.0])).tolist()
    [1.5707963267948966, nan]
    """
    return apply_unary("asin", x)


def acos(x: Any, /) -> Tensor[Any] | Any:
    """The inverse cosine of each element.

    Floats: ``nan`` outside ``[-1, 1]``.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.acos(gt.tensor([1.0])).tolist()
    [0.0]
    """
    return apply_unary("acos", x)


def atan(x: Any, /) -> Tensor[Any] | Any:
    """The inverse tangent of each element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.atan(gt.tensor([0.0, float('inf')])).tolist()
    [0.0, 1.5707963267948966]
    """
    return apply_unary("atan", x)


def sinh(x: Any, /) -> Tensor[Any] | Any:
    """The hyperbolic sine of each element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.sinh(gt.tensor([0.0, -1000.0])).tolist()
    [0.0, -inf]
    """
    return apply_unary("sinh", x)


def cosh(x: Any, /) -> Tensor[Any] | Any:
    """The hyperbolic cosine of each element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.cosh(gt.tensor([0.0])).tolist()
    [1.0]
    """
    return apply_unary("cosh", x)


def tanh(x: Any, /) -> Tensor[Any] | Any:
    """The hyperbolic tangent of each element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.tanh(gt.tensor([0.0, 1000.0])).tolist()
    [0.0, 1.0]
    """
    return apply_unary("tanh", x)


def asinh(x: Any, /) -> Tensor[Any] | Any:
    """The inverse hyperbolic sine of each element.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.asinh(gt.tensor([0.0])).tolist()
    [0.0]
    """
    return apply_unary("asinh", x)


def acosh(x: Any, /) -> Tensor[Any] | Any:
    """The inverse hyperbolic cosine of each element.

    Floats: ``nan`` below 1.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.acosh(gt.tensor([1.0, 0.0])).tolist()
    [0.0, nan]
    """
    return apply_unary("acosh", x)


def atanh(x: Any, /) -> Tensor[Any] | Any:
    """The inverse hyperbolic tangent of each element.

    Floats: ``±inf`` at ``±1``, ``nan`` beyond.

    Returns
    -------
    Tensor
        A new tensor of the same ops (the element itself for a scalar).

    Raises
    ------
    DomainError
        The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.atanh(gt.tensor([0.0, 1.0, 2.0])).tolist()
    [0.0, inf, nan]
    """
    return apply_unary("atanh", x)


def atan2(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """The angle of the point ``(x2, x1)``: ``atan(x1 / x2)`` in the right quadrant, element-wise with broadcasting.

    Returns
    -------
    Tensor
        A new tensor (the element itself for two scalars).

    Raises
    ------
    DomainError
        The ring has no such function (exact rings: convert with ``.astype(gt.floats)``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.atan2(gt.tensor([1.0, 1.0]), gt.tensor([1.0, -1.0])).tolist()
    [0.7853981633974483, 2.356194490192345]
    """
    return apply_binary("atan2", x1, x2)


def hypot(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """``sqrt(x1**2 + x2**2)`` without overflow, element-wise with broadcasting.

    Returns
    -------
    Tensor
        A new tensor (the element itself for two scalars).

    Raises
    ------
    DomainError
        The ring has no such function (exact rings: convert with ``.astype(gt.floats)``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.hypot(gt.tensor([3.0]), 4.0).tolist()
    [5.0]
    """
    return apply_binary("hypot", x1, x2)


def logaddexp(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """``log(exp(x1) + exp(x2))`` without overflow, element-wise with broadcasting.

    Returns
    -------
    Tensor
        A new tensor (the element itself for two scalars).

    Raises
    ------
    DomainError
        The ring has no such function (exact rings: convert with ``.astype(gt.floats)``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.logaddexp(gt.tensor([1000.0]), gt.tensor([1000.0])).tolist()
    [1000.6931471805599]
    """
    return apply_binary("logaddexp", x1, x2)
