"""Closeness: NumPy's ``isclose`` and ``allclose``, exact on exact rings.

The test is NumPy's, ``|a - b| <= atol + rtol*|b|``.  On floats and
complexes it is computed in floats, with NumPy's rules for infinities (equal
only to themselves) and NaN (close to nothing, or to NaN with
``equal_nan=True``).  On exact rings (integers, rationals, symbolic) the
tolerances are read as the rationals they spell (``1e-05`` is ``1/100000``)
and the comparison is exact: no rounding decides whether two rationals are
close, and ``rtol=0, atol=0`` is exact equality.

Examples
--------
>>> import gentensor as gt
>>> from fractions import Fraction
>>> gt.isclose(gt.tensor([Fraction(1, 3), 1]), gt.tensor([Fraction(1, 3) + Fraction(1, 10**9), 2])).tolist()
[True, False]
>>> gt.allclose(gt.tensor([1.0, float("nan")]), gt.tensor([1.0, float("nan")]), equal_nan=True)
True
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Any

from ..core.operands import as_operand, operand_ops
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError
from ..ops import capabilities_of
from .elementary import isfinite, isnan
from .elementwise import abs as _abs
from .elementwise import add, equal, less_equal, multiply, subtract
from .bitwise import logical_and, logical_or
from .reductions import all as _all
from .searching import where

__all__ = ["isclose", "allclose"]


def _tolerance(value: Any, name: str, exact: bool) -> Any:
    """A tolerance: the rational it spells on an exact ring (``1e-05`` is ``1/100000``), a float otherwise."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ArgumentTypeError(f"isclose: {name} must be a real number (got {value!r})")
    if not exact:
        return float(value)
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if not math.isfinite(value):
        return float(value)  # an infinite tolerance: everything finite is close (floats decide)
    return Fraction(repr(float(value)))


def isclose(a: Any, b: Any, /, *, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: bool = False) -> Tensor[Any] | bool:
    """Whether ``a`` and ``b`` are equal within a tolerance, element by element: ``|a - b| <= atol + rtol*|b|``.

    Parameters
    ----------
    a, b : Tensor, array-like or element
        Broadcast together.
    rtol, atol : number
        The relative and absolute tolerance (NumPy's defaults).  On exact
        rings a float tolerance is the rational it spells.
    equal_nan : bool
        Count NaN as close to NaN.

    Returns
    -------
    Tensor or bool
        A new booleans tensor of the broadcast shape; a plain ``bool`` for
        two plain elements.

    Raises
    ------
    DomainError
        Elements without an absolute value or an order (``modular(n)``).
    UndecidableError
        A symbolic comparison the zero test cannot decide.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.isclose(gt.tensor([1e10, 1e-8]), gt.tensor([1.00001e10, 1e-9])).tolist()
    [True, True]
    >>> b = gt.tensor([10**20, 10**20])
    >>> gt.isclose(b + gt.tensor([10**15, 10**15 + 1]), b, rtol=0.00001, atol=0).tolist()  # exactly on the bound, just past it
    [True, False]
    """
    if not isinstance(equal_nan, bool):
        raise ArgumentTypeError(f"isclose: equal_nan must be True or False (got {equal_nan!r})")
    x, y = as_operand(a), as_operand(b)
    ops = operand_ops((x, y), "isclose")
    exact = capabilities_of(ops).exact
    r, t = _tolerance(rtol, "rtol", exact), _tolerance(atol, "atol", exact)
    close: Any
    if capabilities_of(ops).index and isinstance(r, Fraction) and isinstance(t, Fraction) and r >= 0 and t >= 0:
        # Integers: both sides times the tolerances' common denominator d > 0, so every term is an integer
        # (the same comparison, exactly; packed kernels run where their bounds allow, not Fractions)
        d = math.lcm(r.denominator, t.denominator)
        close = less_equal(multiply(_abs(subtract(x, y)), d), add(int(t * d), multiply(int(r * d), _abs(y))))
    else:
        close = less_equal(_abs(subtract(x, y)), add(t, multiply(r, _abs(y))))
    if not exact:
        # infinities are close only to themselves (inf - inf is NaN, and inf <= inf would say yes)
        close = where(logical_and(isfinite(x), isfinite(y)), close, equal(x, y))
        if equal_nan:
            close = logical_or(close, logical_and(isnan(x), isnan(y)))
    if not isinstance(x, Tensor) and not isinstance(y, Tensor):
        return bool(close)
    return close


def allclose(a: Any, b: Any, /, *, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: bool = False) -> bool:
    """Whether every element of ``a`` is close to the matching element of ``b`` ([`isclose`][gentensor.compute.closeness.isclose]).

    Returns
    -------
    bool
        ``isclose(a, b, ...)`` holds for every broadcast pair (``True`` for no elements).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.allclose(gt.tensor([1.0, 2.0]), [1.0, 2.0 + 1e-9]), gt.allclose(gt.tensor([1, 2]), [1, 3])
    (True, False)
    """
    return bool(_all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))
