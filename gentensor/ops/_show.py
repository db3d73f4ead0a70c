"""Text of elements that never hangs or raises: for messages, display and the command line.

SymPy's printers order the terms of a sum by their numeric values, which
evaluates every numeric term (``sin(10**300000)`` takes seconds,
``exp(exp(exp(20)))`` never finishes), and CPython refuses to write an
integer of more than 4300 digits.  `expr_text` prints a SymPy expression
with its terms in stored order when evaluating them would cost too much
(`gentensor.ops._magnitude.too_costly`), and writes integers past the digit
limit (or past ``max_digits`` characters in a message) as ``<an integer of
N bits>``.  `short_repr` is the form for error messages: any value, a few
dozen characters, huge numbers described instead of written.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

__all__ = ["expr_text", "expr_latex", "short_repr", "short_str", "int_text"]

_SHORT_BITS = 200  # integers past this many bits are described in messages (about 60 digits)


def int_text(n: int, max_bits: int | None = None) -> str:
    """``str(n)``, or ``<an integer of N bits>`` past ``max_bits`` or CPython's digit limit.

    Examples
    --------
    >>> int_text(-12), int_text(2**5000, 64)
    ('-12', '<an integer of 5001 bits>')
    """
    bits = n.bit_length()
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    if (max_bits is not None and bits > max_bits) or (limit and bits > 3.32 * limit):
        return f"<{'a negative' if n < 0 else 'an'} integer of {bits} bits>"
    return str(n)


_PRINTERS: dict[str, Any] = {}


def _printer(kind: str, costly: bool, max_bits: int | None) -> Any:
    if kind not in _PRINTERS:
        from sympy.printing.latex import LatexPrinter
        from sympy.printing.str import StrPrinter

        def numbers(base: type) -> type:
            class Safe(base):  # type: ignore[misc, valid-type]
                max_bits: int | None = None

                def _print_Integer(self, expr: Any) -> str:
                    return int_text(int(expr.p), self.max_bits)

                def _print_Rational(self, expr: Any) -> str:
                    p, q = int(expr.p), int(expr.q)
                    if q == 1:
                        return int_text(p, self.max_bits)
                    text = f"{int_text(p, self.max_bits)}/{int_text(q, self.max_bits)}"
                    return text if base is StrPrinter else rf"\frac{{{int_text(p, self.max_bits)}}}{{{int_text(q, self.max_bits)}}}"

            return Safe

        _PRINTERS["str"] = numbers(StrPrinter)
        _PRINTERS["latex"] = numbers(LatexPrinter)
    printer = _PRINTERS[kind](dict(order="none") if costly else {})
    printer.max_bits = max_bits
    return printer


_ORDERING_WORK = 20_000  # terms times symbols past which SymPy's ordering of a sum takes seconds


def _costly(e: Any) -> bool:
    """Whether ordering the terms would evaluate too much, or compare too many monomials."""
    from ._magnitude import too_costly

    try:
        if getattr(e, "is_Add", False) and len(e.args) * max(len(e.free_symbols), 1) > _ORDERING_WORK:
            return True
        return too_costly(e)
    except Exception:  # never let the estimate stop the printing
        return True


def expr_text(e: Any, max_bits: int | None = None) -> str:
    """``str(e)`` for a SymPy expression, without numeric evaluation when that costs too much.

    Examples
    --------
    >>> import sympy
    >>> expr_text(sympy.sin(sympy.Pow(10, 300000, evaluate=False)) + 1)
    '1 + sin(10**300000)'
    >>> expr_text(sympy.Integer(7)**200, max_bits=64)
    '<an integer of 562 bits>'
    """
    return _print("str", e, max_bits)


def expr_latex(e: Any) -> str:
    """``sympy.latex(e)``, without numeric evaluation when that costs too much."""
    return _print("latex", e, None)


def _print(kind: str, e: Any, max_bits: int | None) -> str:
    """Print in SymPy's order within the time budget; in stored order when that fails or costs too much."""
    from ._budget import OutOfTime, within

    if not _costly(e):
        try:
            return str(within(None, _printer(kind, False, max_bits).doprint, e))
        except OutOfTime:
            pass
        except Exception:  # SymPy's numerics failing while ordering the terms (PrecisionExhausted)
            pass
    return str(_printer(kind, True, max_bits).doprint(e))


def _is_sympy(v: Any) -> bool:
    sympy = sys.modules.get("sympy")
    return sympy is not None and isinstance(v, sympy.Basic)


def short_repr(v: Any, limit: int = 80) -> str:
    """A short ``repr`` of any value for an error message: never raises, never writes a huge number.

    Examples
    --------
    >>> short_repr(2**1000), short_repr("x" * 100, 20)
    ('<an integer of 1001 bits>', "'xxxxxxxxxxxxxxx ...")
    """
    return _short(v, limit, repr)


def short_str(v: Any, limit: int = 80) -> str:
    """A short ``str`` of any value for an error message (``1/3`` for a Fraction), like `short_repr`.

    Examples
    --------
    >>> from fractions import Fraction
    >>> short_str(Fraction(1, 3)), short_str(Fraction(1, 3**1000))
    ('1/3', '1/<an integer of 1585 bits>')
    """
    return _short(v, limit, str)


def _short(v: Any, limit: int, text_of: Any) -> str:
    try:
        if isinstance(v, bool) or v is None:
            text = text_of(v)
        elif isinstance(v, int):
            text = int_text(v, _SHORT_BITS)
        elif isinstance(v, Fraction):
            p, q = int_text(v.numerator, _SHORT_BITS), int_text(v.denominator, _SHORT_BITS)
            text = f"Fraction({p}, {q})" if text_of is repr else p if v.denominator == 1 else f"{p}/{q}"
        elif _is_sympy(v):
            text = expr_text(v, _SHORT_BITS)
        else:
            text = text_of(v)
    except Exception:  # a deep tree, a digit limit, a broken __repr__
        text = f"<{type(v).__name__}>"
    return text if len(text) <= limit else text[: limit - 4] + " ..."
