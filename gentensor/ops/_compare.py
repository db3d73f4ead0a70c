"""Order comparisons of symbolic elements that always end: ``a < b`` from a proven sign of ``b - a``.

SymPy's ``a < b`` asks its assumptions for the sign of ``a - b``, which
evaluates numerically without a bound: ``exp(exp(exp(20))) < 1`` never
returns, and a hidden zero (``atan(1/2) + atan(1/3)`` against ``pi/4``)
ends in "cannot decide".  `compare` decides the sign of a constant
difference itself, in the order of cost:

1. bounds in log space (`gentensor.ops._magnitude`): huge values;
2. intervals up to ``zero_test_bits`` (`gentensor.ops._enclose`);
3. the zero test: a difference proven zero is equality;

and only then, for expressions with symbols (whose assumptions may decide,
``x + 1 > 0`` for a positive ``x``), asks SymPy -- when evaluating costs
less than the precision budget and within the time budget
(`gentensor.ops._budget.bounded`).  A constant the steps above leave open is
never handed to SymPy, whose comparison trusts a few unchecked digits.  What stays open
raises [`UndecidableError`][gentensor.errors.UndecidableError] (constants) or
[`DomainError`][gentensor.errors.DomainError] (expressions with symbols): never a guess.
"""

from __future__ import annotations

import operator
from typing import Any

from ..errors import DomainError, UndecidableError
from ..resources import get_limits
from ._budget import bounded
from ._enclose import enclose
from ._exprarith import _sub
from ._interval import _is_zero, _negative, _positive
from ._magnitude import survey, too_costly
from ._show import short_str
from ._zerotest import ZERO, zero_test

__all__ = ["compare", "sign"]


def compare(a: Any, b: Any, strict: bool, func: str) -> bool:
    """``a < b`` (``strict``) or ``a <= b`` for SymPy values, decided or refused with an error of the tree.

    Examples
    --------
    >>> import sympy
    >>> e = sympy.exp(sympy.exp(sympy.exp(20)))
    >>> compare(e, 1, True, "lt"), compare(1, e, True, "lt")
    (False, True)
    >>> z = sympy.atan(sympy.Rational(1, 2)) + sympy.atan(sympy.Rational(1, 3))
    >>> compare(z, sympy.pi / 4, True, "lt"), compare(z, sympy.pi / 4, False, "le")
    (False, True)
    """
    if getattr(a, "is_Number", False) and getattr(b, "is_Number", False):
        try:
            return bool(a < b) if strict else bool(a <= b)
        except TypeError:
            raise DomainError(f"{func}: cannot order {short_str(a)} and {short_str(b)} (got a number that is not real)") from None
    found = sign(_sub(b, a), func, (a, b))  # SymPy's own b - a may evaluate without end: within the budget
    if found is not None:
        return found > 0 if strict else found >= 0
    return _sympy_compare(a, b, strict, func)


def sign(d: Any, func: str, shown: tuple[Any, Any]) -> int | None:
    """The sign (1, -1 or 0) of the real constant ``d``, when proven; ``None`` for an expression with symbols.

    Raises [`DomainError`][gentensor.errors.DomainError] when ``d`` is proven not real and
    [`UndecidableError`][gentensor.errors.UndecidableError] when its sign cannot be decided.
    """
    if getattr(d, "is_Number", False):
        if d.is_extended_real is False or d.is_extended_real is None:  # I, nan, zoo
            raise DomainError(f"{func}: cannot order {short_str(shown[0])} and {short_str(shown[1])} (got a number that is not real)")
        return int(bool(d > 0)) - int(bool(d < 0))
    if not hasattr(d, "free_symbols") or d.free_symbols:
        return None
    mag = survey(d).mag
    if mag is not None and mag.real and mag.sign:
        return mag.sign
    bits = max(get_limits().zero_test_bits, 64)
    for prec in sorted({p for p in (64, 256, bits) if p <= bits}):
        box = enclose(d, prec)
        if box is None:
            break
        re, im = box
        if _positive(im) or _negative(im):
            raise DomainError(f"{func}: cannot order {short_str(shown[0])} and {short_str(shown[1])} (got values that are not real)")
        if _is_zero(im):
            if _positive(re):
                return 1
            if _negative(re):
                return -1
    if zero_test(d, checked=True).verdict == ZERO:
        return 0
    return None


def _sympy_compare(a: Any, b: Any, strict: bool, func: str) -> bool:
    """SymPy's own comparison (assumptions on symbols), within the budgets; undecided raises."""
    import sympy

    shown = f"{short_str(a, 60)} {'<' if strict else '<='} {short_str(b, 60)}"
    constant = not (getattr(a, "free_symbols", set()) or getattr(b, "free_symbols", set()))
    if constant:
        # SymPy decides a constant's sign from a few digits of numerics it does not check (1 + h**2 > 1 for a
        # hidden zero h it cannot enclose): only the proofs above may answer.
        raise UndecidableError(
            f"{func}: cannot decide {shown} (the difference is not proven zero and its sign stays open at "
            "zero_test_bits); raise gt.limits(zero_test_bits=..., zero_test_seconds=...)",
            None,
        )
    if too_costly(a) or too_costly(b):
        raise UndecidableError(
            f"{func}: cannot decide {shown}: evaluating it needs more precision than the budget of 16 * zero_test_bits; "
            "raise gt.limits(zero_test_bits=...) or simplify the elements first",
            None,
        )
    try:
        result = bounded(func, lambda: shown, operator.lt if strict else operator.le, a, b)
    except TypeError:
        raise DomainError(f"{func}: cannot order {shown} (got values that are not real)") from None
    if result is sympy.true or result is sympy.false:
        return bool(result)
    raise DomainError(f"{func}: cannot decide {shown}; substitute values first, or declare assumptions on the symbols")
