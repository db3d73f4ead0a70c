"""Bitwise and logical operations element-wise: ``&``, ``|``, ``^``, ``~``, ``<<``, ``>>`` and ``logical_*``.

The bitwise functions work where the ops' table of element functions has
them: integers (Python's unbounded ints, two's complement semantics as
Python has them: ``~5 == -6``) and booleans (where they are the logical
operations and the result stays booleans, so masks combine with ``&``, ``|``,
``^`` and ``~``); shifts on integers only.  Other rings raise
[`DomainError`][gentensor.errors.DomainError].

The logical functions take any ops and read each element's truth
semantically (``not ops.is_zero(a)``; the zero test of SymPy expressions
normalises); their results are booleans.

Examples
--------
>>> import gentensor as gt
>>> x = gt.arange(6)
>>> ((x > 1) & (x < 4)).tolist(), (~(x > 1)).tolist()
([False, False, True, True, False, False], [True, True, False, False, False, False])
>>> (gt.tensor([12, 10]) ^ 6).tolist(), (gt.tensor([1, 2]) << 3).tolist()
([10, 12], [8, 16])
"""

from __future__ import annotations

from ._maker import (  # made from their rows in gentensor/compute/_table.py
    bitwise_and,
    bitwise_invert,
    bitwise_left_shift,
    bitwise_or,
    bitwise_right_shift,
    bitwise_xor,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
)

__all__ = [
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "bitwise_invert",
    "bitwise_left_shift",
    "bitwise_right_shift",
    "logical_and",
    "logical_or",
    "logical_xor",
    "logical_not",
]

