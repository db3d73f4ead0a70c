"""The zero test's last step: hidden zeros inside a constant replaced by 0, then the constant decided again.

``sqrt(-1 - I*h**2) - I`` is 0 for a hidden zero ``h`` (``sqrt(5 + 2*sqrt(6))
- sqrt(2) - sqrt(3)``), but no enclosure decides it -- the argument of ``sqrt``
sits on its branch cut, where intervals must hold both sides -- and
SymPy's numerics may evaluate the other side.  The sub-sum ``h`` alone is
easy: its own minimal polynomial is ``x``.  So when the other steps leave a
constant open, its sub-sums whose enclosures hold 0 are tested on their
own; those proven zero are replaced by an exact 0 (the value is unchanged),
SymPy's evaluation of the result removes the branch point, and the new
expression is tested.  One level deep only, a few sub-sums, each test within
the time budget.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Optional

from ._enclose import enclose, excludes_zero
from ._zerotools import UNKNOWN, ZERO, ZeroTest

__all__ = ["zero_parts", "may_be_undefined"]

#: Sub-sums tried at most, and nodes of the expression looked at to find them.
_MAX_PARTS = 4
_MAX_NODES = 400

_DEPTH = threading.local()  # .n: 1 while the parts of an expression are being decided


def zero_parts(e: Any, test: Callable[[Any], ZeroTest]) -> Optional[ZeroTest]:
    """The verdict on the constant ``e`` once its sub-sums that ``test`` proves zero are replaced by 0, or ``None``.

    ``test`` is the zero test (``zero_test(d, checked=True)``), passed in by it.

    Examples
    --------
    >>> import sympy
    >>> from gentensor.ops._zerotest import zero_test
    >>> h = sympy.sqrt(5 + 2 * sympy.sqrt(6)) - sympy.sqrt(2) - sympy.sqrt(3)
    >>> zero_parts(sympy.sqrt(-1 - sympy.I * h**2) - sympy.I, lambda d: zero_test(d, checked=True))
    ZeroTest(verdict='zero', method='sub-sums proven zero replaced by 0, then exact')
    """
    if getattr(_DEPTH, "n", 0) or getattr(e, "free_symbols", True):
        return None
    import sympy

    # Only a value the intervals show finite and defined: at a pole (h / log(1 + h), h * log(h)) the rebuilt
    # tree would lose the undefined factor (0 * X is 0 to SymPy) and answer for an expression that has no value.
    if enclose(e, 64) is None:
        return None

    parts: list[Any] = []
    for k, node in enumerate(sympy.preorder_traversal(e)):
        if k >= _MAX_NODES or len(parts) >= _MAX_PARTS:
            break
        if node is e or not node.is_Add or node.free_symbols:
            continue
        box = enclose(node, 64)
        if box is not None and not excludes_zero(box):  # it may be zero: worth a test of its own
            parts.append(node)
    if not parts:
        return None
    _DEPTH.n = 1
    try:
        zeros = {part: sympy.S.Zero for part in parts if test(part).verdict == ZERO}
        if not zeros:
            return None
        replaced = e.xreplace(zeros)  # the same value: SymPy evaluates the rebuilt tree (sqrt(-1) is I)
        if replaced == e or replaced.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo, sympy.AccumBounds):
            return None
        found = test(replaced)
    finally:
        _DEPTH.n = 0
    if found.verdict == UNKNOWN:
        return None
    return ZeroTest(found.verdict, f"sub-sums proven zero replaced by 0, then {found.method}")


def may_be_undefined(e: Any) -> bool:
    """Whether ``e`` divides by, or takes the logarithm of, a constant not shown away from 0 by its interval.

    A rewriting that reaches 0 proves nothing there: ``h / g`` for two hidden
    zeros is ``0/0``, which SymPy's ``simplify`` makes ``0`` once it denests
    ``h``.  (Divisors and logarithms with symbols are left to the zero test's
    rule that an expression is zero when it is zero as a function.)

    Examples
    --------
    >>> import sympy
    >>> g = sympy.sqrt(7 + 4 * sympy.sqrt(3)) - 2 - sympy.sqrt(3)
    >>> may_be_undefined(1 / g), may_be_undefined(1 / sympy.pi), may_be_undefined(sympy.log(2) - 1)
    (True, False, False)
    """
    import sympy

    checked = 0
    for k, node in enumerate(sympy.preorder_traversal(e)):
        if k >= 4 * _MAX_NODES:
            return True
        if node.is_Pow and node.exp.is_negative:
            arg = node.base
        elif isinstance(node, sympy.log):
            arg = node.args[0]
        else:
            continue
        if arg.free_symbols:
            continue
        checked += 1
        box = enclose(arg, 64) if checked <= 4 * _MAX_PARTS else None
        if box is None or not excludes_zero(box):
            return True
    return False
