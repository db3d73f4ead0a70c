"""Floor, ceiling, trunc, rounding and sign of symbolic constants, proven: SymPy's value is a candidate, never the answer.

SymPy's ``floor``, ``ceiling`` and ``Expr.round`` read the digits of a few
dozen bits of numerics and trust them: ``floor(-h**2)`` is ``-1`` for a
hidden zero ``h`` whose square evaluates to ``+1e-30``, and ``round`` of
``1/2 + 7e-78`` is ``0``.  Here SymPy only proposes an integer ``n``; it is
the answer when the signs of ``a - n`` and ``a - n - 1`` (or ``a - n + 1``)
are proven by `gentensor.ops._compare.sign` -- bounds, intervals, the zero
test -- and otherwise [`UndecidableError`][gentensor.errors.UndecidableError]
says what could not be decided.  (Constants whose interval is one integer
never get here: `gentensor.ops._zerotest.integer_value` settles them first.)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..errors import DomainError, UndecidableError
from ._budget import bounded
from ._exprarith import _mul, _sub
from ._show import short_str

__all__ = ["proven_integer", "integer_part", "exact_round", "proven_sign", "exact_trunc", "proven_signbit"]


def _sympy() -> Any:
    import sympy

    return sympy


def _signs(a: Any, func: str) -> Any:
    """``k -> sign(a - k)`` for ints ``k`` (1, 0, -1, or ``None`` when not proven), each decided once."""
    from ._compare import sign

    sympy = _sympy()
    known: dict[int, int | None] = {}

    def of(k: int) -> int | None:
        if k not in known:
            try:
                known[k] = sign(_sub(a, sympy.Integer(k)), func, (a, k))
            except DomainError:
                raise DomainError(f"{func}: {short_str(a)} is not a real number; take its re and im first") from None
        return known[k]

    return of


def _undecided(func: str, a: Any, what: str) -> UndecidableError:
    return UndecidableError(
        f"{func}: cannot decide {what} of {short_str(a, 60)} (its distance to the nearest integers is not proven "
        "at zero_test_bits); raise gt.limits(zero_test_bits=..., zero_test_seconds=...) or simplify the element first",
        a,
    )


def proven_integer(name: str, a: Any) -> Any:
    """``floor(a)`` (``name="floor"``) or ``ceiling(a)`` of a real SymPy constant ``a``, proven, as a SymPy Integer.

    Raises [`UndecidableError`][gentensor.errors.UndecidableError] when SymPy's candidate
    (or an integer next to it) cannot be proven, and
    [`DomainError`][gentensor.errors.DomainError] for a constant that is not real.

    Examples
    --------
    >>> import sympy
    >>> proven_integer("floor", sympy.exp(sympy.Rational(1, 3))), proven_integer("ceiling", -sympy.sqrt(2) / 7)
    (1, 0)
    """
    sympy = _sympy()
    func = sympy.floor if name == "floor" else sympy.ceiling
    try:
        guess = bounded(name, lambda: short_str(a), func, a)
    except UndecidableError:  # its numerics gave up (a hidden zero)
        guess = None
    of = _signs(a, name)
    if not getattr(guess, "is_Integer", False):  # SymPy left it open: a candidate from 30 digits instead
        value = bounded(name, lambda: short_str(a), lambda: a.evalf(30))
        if not getattr(value, "is_Float", False) or not value.is_finite:
            of(0)  # a constant proven not real is refused here (DomainError)
            raise _undecided(name, a, name)
        guess = func(value)
    n = int(guess)
    for k in (n, n - 1, n + 1):  # an integer in disguise is its own floor and ceiling
        if of(k) == 0:
            return sympy.Integer(k)
        if of(k) is not None:
            break
    if name == "floor":
        found = next((k for k in (n, n - 1) if of(k) == 1 and of(k + 1) == -1), None)
    else:
        found = next((k for k in (n, n + 1) if of(k) == -1 and of(k - 1) == 1), None)
    if found is None:
        raise _undecided(name, a, name)
    return sympy.Integer(found)


def integer_part(name: str, a: Any) -> Any:
    """``floor(a)`` (``name="floor"``) or ``ceiling(a)`` of a real SymPy constant: the integer its interval is
    (`gentensor.ops._zerotest.integer_value`), else `proven_integer`.

    Examples
    --------
    >>> import sympy
    >>> integer_part("floor", sympy.pi), integer_part("ceiling", sympy.pi)
    (3, 4)
    """
    from ._zerotest import integer_value

    sympy = _sympy()
    func = sympy.floor if name == "floor" else sympy.ceiling
    n = integer_value(func(a, evaluate=False))
    return sympy.Integer(n) if n is not None else proven_integer(name, a)


def exact_round(a: Any, ndigits: int) -> Any:
    """``a`` rounded to ``ndigits`` decimals, halves to even, exactly: a SymPy Rational (an Integer for ``ndigits <= 0``).

    Rationals round as Python rounds a ``Fraction``; other real constants
    round through `proven_integer` and a proven comparison with the half.

    Examples
    --------
    >>> import sympy
    >>> exact_round(sympy.Rational(5, 2), 0), exact_round(sympy.pi, 2), exact_round(sympy.Rational(1, 8), 2)
    (2, 157/50, 3/25)
    """
    sympy = _sympy()
    if getattr(a, "is_Rational", False):
        r = round(Fraction(int(a.p), int(a.q)), ndigits)
        return sympy.Rational(r.numerator, r.denominator)
    scale = sympy.Integer(10) ** ndigits
    scaled = _mul(a, scale)
    n = int(integer_part("floor", scaled))
    half = _signs(_sub(scaled, sympy.Rational(1, 2)), "round")(n)  # the sign of scaled - (n + 1/2)
    if half is None:
        raise _undecided("round", a, f"the rounding to {ndigits} decimals")
    if half > 0 or (half == 0 and n % 2):
        n += 1
    return sympy.Integer(n) / scale


def _real_sign(a: Any, func: str) -> int | None:
    """The proven sign of the constant ``a`` (``None`` when ``a`` is not real, `UndecidableError` when open)."""
    from ._compare import sign

    try:
        found = sign(a, func, (a, 0))
    except DomainError:
        return None  # proven not real
    if found is None:
        raise UndecidableError(
            f"{func}: cannot decide the sign of {short_str(a, 60)} (not proven zero, and no enclosure at "
            "zero_test_bits excludes 0); raise gt.limits(zero_test_bits=..., zero_test_seconds=...) or simplify it first",
            a,
        )
    return found


def proven_sign(a: Any) -> Any:
    """``sign(a)`` of a SymPy constant: ``-1``, ``0`` or ``1`` proven for a real one; ``a / |a|`` for a complex one
    proven non-zero (the Array API's sign); `UndecidableError` when neither is proven.

    Examples
    --------
    >>> import sympy
    >>> z = sympy.atan(sympy.Rational(1, 2)) + sympy.atan(sympy.Rational(1, 3)) - sympy.pi / 4
    >>> proven_sign(z), proven_sign(sympy.pi - 3), proven_sign(3 * sympy.I)
    (0, 1, I)
    """
    sympy = _sympy()
    found = _real_sign(a, "sign")
    if found is not None:
        return sympy.Integer(found)
    from ._zerotest import ZERO, zero_test

    if zero_test(a, checked=True).verdict == ZERO:  # (a complex constant proven non-real is not zero: kept safe)
        return sympy.Integer(0)
    return bounded("sign", lambda: short_str(a), sympy.sign, a)


def exact_trunc(a: Any) -> Any:
    """``trunc(a)`` of a real SymPy constant: the floor of a non-negative one, the ceiling of a negative one, proven.

    Examples
    --------
    >>> import sympy
    >>> exact_trunc(-sympy.pi), exact_trunc(sympy.E)
    (-3, 2)
    """
    found = _real_sign(a, "trunc")
    if found is None:
        raise DomainError(f"trunc: {short_str(a)} is not a real number; take its re and im first")
    return integer_part("floor" if found >= 0 else "ceiling", a)


def proven_signbit(a: Any) -> bool:
    """``signbit(a)`` of a real SymPy constant: whether it is proven negative (zero is not).

    Examples
    --------
    >>> import sympy
    >>> proven_signbit(3 - sympy.pi), proven_signbit(sympy.Integer(0))
    (True, False)
    """
    found = _real_sign(a, "signbit")
    if found is None:
        raise DomainError(f"signbit: {short_str(a)} is not a real number")
    return found < 0
