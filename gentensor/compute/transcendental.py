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

from ._maker import (  # made from their rows in gentensor/compute/_table.py
    acos,
    acosh,
    asin,
    asinh,
    atan,
    atan2,
    atanh,
    cos,
    cosh,
    exp,
    expm1,
    hypot,
    log,
    log10,
    log1p,
    log2,
    logaddexp,
    sin,
    sinh,
    sqrt,
    tan,
    tanh,
)

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

