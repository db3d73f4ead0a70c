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
* ``real``, ``imag``, ``conj`` (also ``conjugate``): complexes give floats
  for the parts; an ordered (real) ring is its own real part.

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
from ..errors import DomainError
from ._engine import binary, packed_kernel
from ._maker import documented
from ._maker import (  # made from their rows in gentensor/compute/_table.py
    ceil,
    conj,
    copysign,
    floor,
    imag,
    isfinite,
    isinf,
    isnan,
    maximum,
    minimum,
    nextafter,
    real,
    sign,
    signbit,
    trunc,
)
from ._plans import plan_divide, plan_multiply
from .elementwise import power

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
    "conjugate",
    "square",
    "reciprocal",
    "maximum",
    "minimum",
    "clip",
    "pow",
]

# The functions with a body of their own take their docstrings from their rows in gentensor/compute/_table.py.
conjugate = conj
pow = power


@documented
def square(x: Any, /) -> Tensor[Any] | Any:
    x = as_operand(x)
    return binary("square", x, x, plan_multiply)


@documented
def reciprocal(x: Any, /) -> Tensor[Any] | Any:
    x = as_operand(x)
    if not isinstance(x, Tensor):
        return binary("reciprocal", 1, x, plan_divide)
    return binary("reciprocal", Tensor._from_flat([x._ops.one], (), x._ops), x, plan_divide)


@documented
def clip(x: Any, /, min: Any = None, max: Any = None) -> Tensor[Any] | Any:
    out = as_operand(x)
    if isinstance(out, Tensor) and min is None and max is None:
        return out.copy()
    if isinstance(out, Tensor) and min is not None and max is not None:
        done = packed_kernel("clip", (out, min, max))  # one pass where the packing has it (integers)
        if done is not NotImplemented:
            return done
    try:
        if min is not None:
            out = maximum(out, min)
        if max is not None:
            out = minimum(out, max)
    except DomainError as e:  # named after the function called
        raise DomainError(f"clip: {str(e).removeprefix('maximum: ').removeprefix('minimum: ')}") from None
    return out
