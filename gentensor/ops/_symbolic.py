"""``gt.symbolic``: SymPy expressions as elements, SymPy imported on first use.

The zero test is semantic, not structural: ``(x+1)**2 - x**2 - 2*x - 1`` is a
non-empty ``Add`` yet zero, and every algorithm that chooses a pivot relies on
``is_zero`` getting such cases right.  It is also sound: `SymbolicOps.zero_test`
answers zero, non-zero or unknown, each proven (`gentensor.ops._zerotest`),
and `SymbolicOps.is_zero` raises [`UndecidableError`][gentensor.errors.UndecidableError]
rather than guess.  Expressions coming in (``convert``, ``from_json``,
``parse``) are held to the limits of [`gentensor.limits`][gentensor.resources.limits].
"""
# mypy: disable-error-code="assignment"
# (members that are operator functions replace BaseOps methods: same call, no binding)

from __future__ import annotations

import operator
import sys
from fractions import Fraction
from functools import cached_property
from typing import Any, Iterable

from ..errors import ArgumentTypeError, UndecidableError
from ._budget import bounded
from ._capabilities import Capabilities
from ._codec import decode_tree, encode_expr
from ._compare import compare
from ._elementary import SymbolicFunctions, evaluated, symbolic_floor
from ._rounding import exact_round
from ._exprarith import _add, _arithmetic, _many, _mul, _neg, _pow, _sub
from ._exprlimits import check_expr
from ._magnitude import too_costly
from ._parse import parse_cell
from ._protocol import BaseOps
from ._show import expr_latex, expr_text, short_str
from ._zerotest import NONZERO, ZERO, ZeroTest, undecided, zero_test

__all__ = ["symbolic", "SymbolicOps", "is_sympy_type"]


def is_sympy_type(tp: type) -> bool:
    """True for SymPy classes, checked without importing SymPy for other types.

    Classes SymPy makes at run time (the ``q`` of ``sympy.Function("q")(t)``)
    have no module; they count when SymPy is loaded and they derive from ``Basic``.
    """
    module = getattr(tp, "__module__", None)
    if module is None:
        loaded = sys.modules.get("sympy")
        return loaded is not None and isinstance(tp, type) and issubclass(tp, loaded.Basic)
    if not module.startswith("sympy"):
        return False
    import sympy

    return issubclass(tp, sympy.Basic)


def _sympy() -> Any:
    import sympy

    return sympy


class SymbolicOps(BaseOps):
    """Ops of SymPy expressions: a field of expressions with a normalising zero test.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> x = sympy.Symbol("x")
    >>> gt.symbolic.is_zero((x + 1)**2 - x**2 - 2*x - 1)
    True
    >>> gt.symbolic.sum([x, 2*x, 1])
    3*x + 1
    >>> gt.symbolic.zero_test(sympy.sqrt(2) + sympy.sqrt(3) - sympy.sqrt(5 + 2*sympy.sqrt(6)))
    ZeroTest(verdict='zero', method='minimal polynomial')
    """

    name = "symbolic"
    capabilities = Capabilities(
        kind="symbolic", integral_domain=True, field=True, exact_division=True, characteristic=0, symbolic=True
    )
    returns_bool = True
    native_types = ()
    #: Element functions by name: SymPy's ``sqrt``, ``exp``, ``sin``, ... (exact: ``sqrt(8)`` is ``2*sqrt(2)``).
    elementary = SymbolicFunctions()
    #: Any exponent: SymPy's own ``**``.
    power = staticmethod(_pow)
    int_pow = staticmethod(_pow)
    # Arithmetic within the time budget (SymPy's constructors may evaluate numerically without a bound).
    add = staticmethod(_add)
    sub = staticmethod(_sub)
    mul = staticmethod(_mul)
    neg = staticmethod(_neg)

    @cached_property
    def zero(self) -> Any:  # type: ignore[override]
        return _sympy().S.Zero

    @cached_property
    def one(self) -> Any:  # type: ignore[override]
        return _sympy().S.One

    def convert(self, value: Any) -> Any:
        sympy = _sympy()
        if isinstance(value, sympy.Basic):
            check_expr(value, "symbolic.convert", count_numbers=False)
            return value
        if isinstance(value, bool):
            return sympy.Integer(int(value))
        if isinstance(value, int):
            return sympy.Integer(value)
        if isinstance(value, Fraction):
            return sympy.Rational(value.numerator, value.denominator)
        if isinstance(value, float):
            return sympy.Float(value)
        if isinstance(value, complex):
            return sympy.Float(value.real) + sympy.I * sympy.Float(value.imag)
        if hasattr(value, "_sympy_"):
            return self.convert(value._sympy_())
        # Strings are refused on purpose: parsing text would evaluate code.
        raise ArgumentTypeError(
            f"symbolic.convert: cannot convert {value!r} (type {type(value).__name__}) to a SymPy expression; "
            "build expressions with sympy.Symbol or gt.symbols (strings are not parsed)"
        )

    def sum(self, values: Iterable[Any]) -> Any:
        return _many(_sympy().Add, values)

    def prod(self, values: Iterable[Any]) -> Any:
        return _many(_sympy().Mul, values)

    def zero_test(self, a: Any) -> ZeroTest:
        """Decide whether ``a`` is zero: ``"zero"``, ``"nonzero"`` or ``"unknown"``, each proven.

        See `gentensor.ops._zerotest.zero_test` for the methods, and
        ``docs/safety.md`` for the guarantees.  Pivot searches call it to
        prefer entries proven non-zero.  ``a`` is held to the limits
        ``gt.tensor`` applies to SymPy values ([`LimitError`][gentensor.errors.LimitError]).
        """
        return zero_test(a, func="symbolic.zero_test")

    def is_zero(self, a: Any) -> bool:
        """True when ``a`` is proven zero, False when proven non-zero.

        Raises
        ------
        UndecidableError
            Neither could be proven within the budget of
            [`gentensor.limits`][gentensor.resources.limits] (unless ``undecided="zero"`` or
            ``"nonzero"`` is in force, which answers accordingly).
        """
        test = zero_test(a, checked=True)
        if test.verdict == ZERO:
            return True
        if test.verdict == NONZERO:
            return False
        return undecided(a, "symbolic.is_zero", test)

    def equal(self, a: Any, b: Any) -> bool:
        return a == b or self.is_zero(_sub(a, b))  # the difference within the budget, as all arithmetic here

    def div(self, a: Any, b: Any) -> Any:
        if self.is_zero(b):
            raise ZeroDivisionError(f"symbolic.div: division by an expression that is zero (got {short_str(b)})")
        return _arithmetic(operator.truediv, a, b)

    exquo = div

    def floordiv(self, a: Any, b: Any) -> Any:
        """``floor(a / b)``: a divisor proven zero raises ``ZeroDivisionError``; the floor is decided as `floor` is.

        SymPy's own ``a // b`` recursed without end at a hidden zero divisor
        (``atan(1/2) + atan(1/3) - pi/4``).
        """
        if self.is_zero(b):
            raise ZeroDivisionError(f"symbolic.floordiv: division by an expression that is zero (got {short_str(b)})")
        return symbolic_floor(_arithmetic(operator.truediv, a, b))

    def mod(self, a: Any, b: Any) -> Any:
        """``a - b * floor(a / b)`` (Python's sign convention), decided as `floordiv` is."""
        if self.is_zero(b):
            raise ZeroDivisionError(f"symbolic.mod: division by an expression that is zero (got {short_str(b)})")
        q = symbolic_floor(_arithmetic(operator.truediv, a, b))
        return bounded("symbolic.mod", lambda: short_str(a), operator.sub, a, _mul(b, q))

    def pow(self, a: Any, k: int) -> Any:
        return _pow(a, k)

    def abs(self, a: Any) -> Any:
        sympy = _sympy()
        return evaluated("abs", sympy.Abs, a)

    def round(self, a: Any, ndigits: int = 0) -> Any:
        """``a`` rounded to ``ndigits`` decimals, halves to even, exactly (`gentensor.ops._rounding.exact_round`): a
        Rational for a real constant; for a Float, its binary value rounded, as a Float (as Python rounds a float)."""
        if getattr(a, "is_Float", False) and a.is_finite:
            # the Float's value (a binary fraction), as Python rounds a float: 2.675 is 2.67499... and gives 2.67
            sympy = _sympy()
            return sympy.Float(exact_round(sympy.Rational(a), ndigits), precision=a._prec)
        if not getattr(a, "is_Float", False) and not getattr(a, "free_symbols", True):
            if too_costly(a):
                raise UndecidableError(
                    f"symbolic.round: evaluating {short_str(a)} needs more precision than the budget of 16 * zero_test_bits; "
                    "raise gt.limits(zero_test_bits=...)",
                    a,
                )
            return exact_round(a, ndigits)
        if too_costly(a):
            raise UndecidableError(
                f"symbolic.round: evaluating {short_str(a)} needs more precision than the budget of 16 * zero_test_bits; "
                "raise gt.limits(zero_test_bits=...)",
                a,
            )
        return bounded("symbolic.round", lambda: short_str(a), a.round, ndigits)

    def lt(self, a: Any, b: Any) -> bool:
        """``a < b``, decided by the sign of ``b - a`` (bounds in log space, intervals, the zero test, then SymPy's assumptions)."""
        return compare(a, b, True, "symbolic.lt")

    def le(self, a: Any, b: Any) -> bool:
        """``a <= b``, decided as `lt` is."""
        return compare(a, b, False, "symbolic.le")

    def format(self, a: Any) -> str:
        """``str(a)``, in stored order where ordering the terms would cost too much to evaluate."""
        return expr_text(a) if isinstance(a, _sympy().Basic) else str(a)

    def latex(self, a: Any) -> str:
        return expr_latex(a) if isinstance(a, _sympy().Basic) else str(_sympy().latex(a))

    def parse(self, text: str) -> Any:
        """The expression spelled by ``text``, read by the safe parser (never evaluated as Python)."""
        return self.convert(parse_cell(text))

    to_json = staticmethod(encode_expr)

    def from_json(self, value: Any) -> Any:
        return decode_tree(value, "")

    def spec(self) -> dict[str, Any]:
        return {"builtin": "symbolic"}

    def absorbs(self, other: Any) -> bool:
        from ._numeric import booleans, complexes, floats, integers, rationals

        return other in (booleans, integers, rationals, floats, complexes)

    def __reduce__(self) -> str:
        return "symbolic"


symbolic = SymbolicOps()
"""``gt.symbolic``: SymPy expressions, a field with a sound zero test (SymPy is imported on first use)."""
