"""Reading one element from text exactly: ints, fractions, decimals and safe SymPy expressions.

``parse_cell("0.25")`` is ``Fraction(1, 4)`` (a decimal is the exact rational it
spells); anything that is not a number is read by a small recursive-descent
parser over ``+ - * / ** ^``, parentheses, the constants ``pi E I oo`` and a
whitelist of SymPy functions, which builds SymPy objects directly -- nothing
is ever evaluated as Python code.  The built-in ops read text through it
(``ops.parse``); the command line's matrix reader uses it for every cell.
"""

from __future__ import annotations

import decimal
import math
import re
import sys
from fractions import Fraction
from typing import Any

from ..errors import ArgumentValueError, LimitError
from ..resources import check_bits, check_digits, get_limits
from ._codec import SYMPY_FUNCTIONS
from ._exprlimits import check_expr, check_root, number_bits, power_bits
from ._show import short_str

__all__ = ["parse_cell", "short_ints", "exact_decimal", "checked_int", "int_of_digits", "digits_of"]

_INT = re.compile(r"[+-]?\d+\Z", re.ASCII)
_RATIONAL = re.compile(r"[+-]?\d+\s*/\s*\d+\Z", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?\Z", re.ASCII)
_NUMBER = r"(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?"
_TOKEN = re.compile(rf"\s*(?:({_NUMBER})|([A-Za-z_]\w*)|(\*\*|[-+*/^(),]))", re.ASCII)
_MAX_EVALUATED = 10_000  # numeric function arguments past this stay unevaluated
_LOG2_10 = math.log2(10)


def checked_int(s: str) -> int:
    """``int(s)`` for decimal text, refusing more than ``max_digits`` digits first (``LimitError``).

    CPython converts decimal text in quadratic time, so the length is checked
    before converting.  Also the ``parse_int`` of the JSON readers.

    Examples
    --------
    >>> checked_int("-120")
    -120
    """
    check_digits(len(s.strip().lstrip("+-")), f"the number {_show(s)}")
    return int_of_digits(s)


#: Decimal arithmetic wide enough to hold any integer exactly: its conversions to and from ``int`` do not go
#: through CPython's 4300-digit limit on ``int``/``str`` conversion (gentensor's own limit is ``max_digits``).
_WIDE = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
_DIGITS = re.compile(r"\s*[+-]?\d(?:_?\d)*\s*\Z", re.ASCII)


def _past_str_limit(digits: int) -> bool:
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    return bool(limit) and digits > limit


def int_of_digits(s: str) -> int:
    """``int(s)`` for decimal text of any length: past CPython's digit limit for ``int(str)`` (4300 by default,
    a guard against quadratic conversion that `check_digits` already is here) the text goes through ``decimal``.

    Examples
    --------
    >>> int_of_digits("-42"), int_of_digits("1" * 5000) % 1000
    (-42, 111)
    """
    if not _past_str_limit(len(s)) or not _DIGITS.match(s):
        return int(s)
    return int(_WIDE.create_decimal(s.strip().replace("_", "")))


def digits_of(n: int) -> str:
    """``str(n)`` for an int of any size (past CPython's digit limit through ``decimal``, which has none).

    Examples
    --------
    >>> digits_of(-7), len(digits_of(10**5000))
    ('-7', 5001)
    """
    if not _past_str_limit(int(n.bit_length() * 0.30103) + 1):
        return str(n)
    return str(_WIDE.create_decimal(n))


def exact_decimal(s: str) -> Fraction:
    """The exact rational a decimal spells (``"1.5e-3"`` is ``3/2000``), within the limits.

    The digits of the mantissa count towards ``max_digits``; the exponent
    towards ``max_bits`` (``1e999999999`` is refused at once, not built).
    Also the ``parse_float`` of the command line's JSON reader.

    Examples
    --------
    >>> exact_decimal("1.25e2"), exact_decimal("-.5")
    (Fraction(125, 1), Fraction(-1, 2))
    >>> exact_decimal("1e999999999")
    Traceback (most recent call last):
    ...
    gentensor.errors.LimitError: the number '1e999999999' would have about 3321928095 bits, more than max_bits=1048576; raise it with gt.limits(max_bits=...)
    """
    mantissa, _, exponent = s.strip().lower().partition("e")
    digits = sum(c.isdigit() for c in mantissa)
    check_digits(digits, f"the number {_show(s)}")
    if exponent:
        if len(exponent.lstrip("+-")) > 12:  # more than 10**12 is past any limit; int() would be slow
            check_bits(10**12, f"the number {_show(s)}")
        e = int(exponent)
        check_bits(int((abs(e) + digits) * _LOG2_10) + 1, f"the number {_show(s)}")
    if _past_str_limit(digits) and _DECIMAL.match(s.strip()):
        return Fraction(_WIDE.create_decimal(s.strip()))  # exact: Decimal -> Fraction goes through no text
    return Fraction(s.strip())


_DIGITS_AND_SIGNS = b"0123456789+-"


def short_ints(texts: list[str]) -> list[int] | None:
    """``[parse_cell(t) for t in texts]`` when every text is a decimal integer of at most 18 characters, else ``None``.

    The texts hold only ASCII digits and signs (checked on all of them at
    once), so ``int`` accepts exactly ``[+-]?[0-9]+`` of them (no spaces,
    no underscores) and reads it as the parser does; 18 characters fit a
    machine word and need no limit check.  The common matrix file is read
    at C speed, not cell by cell through the parser.

    Examples
    --------
    >>> short_ints(["-12", "+3", "007"]), short_ints(["1", "2/3"]), short_ints(["1" * 19]), short_ints(["1_0"])
    ([-12, 3, 7], None, None, None)
    """
    if not texts or max(map(len, texts)) > min(18, get_limits().max_digits):  # (past a lower limit: the parser refuses)
        return None
    joined = "".join(texts)
    if not joined.isascii() or joined.encode("ascii").translate(None, _DIGITS_AND_SIGNS):
        return None
    try:
        return list(map(int, texts))
    except ValueError:  # a sign alone, in the middle or twice; an empty text
        return None


def _show(s: str, limit: int = 30) -> str:
    return repr(s) if len(s) <= limit else repr(s[:limit]) + f"... ({len(s)} characters)"


def parse_cell(text: str) -> Any:
    """One cell as an exact value: int, Fraction, or a SymPy expression.

    Raises
    ------
    ArgumentValueError
        The text is neither a number nor an expression the safe parser accepts.
    LimitError
        (also a ``ValueError``) A number, power, nesting or size past the
        limits in force ([`gentensor.limits`][gentensor.resources.limits]).

    Examples
    --------
    >>> parse_cell("-12"), parse_cell("3/6"), parse_cell("0.25"), parse_cell("1e3")
    (-12, Fraction(1, 2), Fraction(1, 4), Fraction(1000, 1))
    >>> parse_cell("2*x**2 - sqrt(y)/3")
    2*x**2 - sqrt(y)/3
    >>> parse_cell("__import__(os)")
    Traceback (most recent call last):
    ...
    gentensor.errors.ArgumentValueError: unknown function '__import__' at character 1; known: sqrt, abs and the SymPy functions listed in docs/format.md
    """
    s = text.strip()
    if _INT.match(s):
        return checked_int(s)
    if _RATIONAL.match(s):
        num, den = s.split("/")
        p, q = checked_int(num), checked_int(den)
        if q == 0:
            raise ArgumentValueError(f"a zero denominator in {_show(s)}")
        return Fraction(p, q)
    if _DECIMAL.match(s):
        return exact_decimal(s)
    if not s:
        raise ArgumentValueError("an empty cell")
    try:
        value = _ExprParser(s).parse()
    except ValueError:
        raise
    except RecursionError:
        raise LimitError(
            f"the expression is nested too deeply to read (max_depth={get_limits().max_depth})"
        ) from None
    except (TypeError, ArithmeticError) as e:  # SymPy refusing, e.g. atan2(1) or Mod(x, 0)
        raise ArgumentValueError(f"SymPy refused it ({type(e).__name__}: {e})") from None
    check_expr(value, "the expression")
    return value


class _ExprParser:
    """Recursive descent over ``+ - * / ** ^ ( )``, numbers, names and whitelisted calls."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        pos = 0
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                if text[pos:].strip() == "":
                    break
                raise ArgumentValueError(f"unexpected character {text[pos:].lstrip()[:1]!r} at character {pos + 1}")
            kind = "num" if m.group(1) else "name" if m.group(2) else "op"
            self.tokens.append((kind, m.group(m.lastindex or 0), m.start(m.lastindex or 0) + 1))
            pos = m.end()
        self.k = 0
        self.depth = 0
        lim = get_limits()
        self.max_depth, self.max_bits, self.max_exponent = lim.max_depth, lim.max_bits, lim.max_exponent
        operands = sum(1 for kind, _, _ in self.tokens if kind != "op")
        if operands > lim.max_nodes:
            raise LimitError(
                f"the expression has {operands} numbers and names, more than max_nodes={lim.max_nodes} "
                "sub-expressions; raise it with gt.limits(max_nodes=...)"
            )

    def parse(self) -> Any:
        import sympy

        self.sympy = sympy
        value = self.expr()
        if self.k != len(self.tokens):
            _, tok, at = self.tokens[self.k]
            raise ArgumentValueError(f"unexpected {tok!r} at character {at}")
        return value

    def peek(self) -> str | None:
        return self.tokens[self.k][1] if self.k < len(self.tokens) else None

    def take(self) -> tuple[str, str, int]:
        if self.k >= len(self.tokens):
            raise ArgumentValueError("the expression ends too early")
        tok = self.tokens[self.k]
        self.k += 1
        return tok

    def enter(self, at: int) -> None:
        """One level deeper (parentheses, a call, a sign, a power); refused past ``max_depth``."""
        self.depth += 1
        if self.depth > self.max_depth:
            raise LimitError(
                f"the expression is nested deeper than max_depth={self.max_depth} at character {at}; "
                "raise it with gt.limits(max_depth=...)"
            )

    def sized(self, value: Any, at: int) -> Any:
        """``value`` after checking the number it holds (or its numeric coefficient) against ``max_bits``."""
        for v in (value, *value.args[:1]):  # a Number, or the coefficient SymPy keeps first in Add and Mul
            if v.is_Number and number_bits(v) > self.max_bits:
                check_bits(number_bits(v), f"the number built by character {at}")
        return value

    def expr(self) -> Any:
        """A sum, built once from all its terms (one ``+`` at a time would be quadratic in the length)."""
        first = self.term()
        if self.peek() not in ("+", "-"):
            return first
        terms, at = [first], 0
        while self.peek() in ("+", "-"):
            op, at = self.take()[1:]
            rhs = self.term()
            terms.append(rhs if op == "+" else -rhs)
        return self.sized(self.sympy.Add(*terms), at)

    def term(self) -> Any:
        """A product, built once from all its factors; the bits of its numbers are counted first."""
        first = self.unary()
        if self.peek() not in ("*", "/"):
            return first
        factors, at = [first], 0
        bits = number_bits(first) if first.is_Number else 0
        while self.peek() in ("*", "/"):
            op, at = self.take()[1:]
            rhs = self.unary()
            if rhs.is_Number:
                bits += number_bits(rhs)
                if bits > self.max_bits:
                    check_bits(bits, f"the product at character {at}")
            factors.append(rhs if op == "*" else self.sympy.Pow(rhs, -1))
        return self.sized(self.sympy.Mul(*factors), at)

    def unary(self) -> Any:
        if self.peek() in ("+", "-"):
            op, at = self.take()[1:]
            self.enter(at)
            value = self.unary()
            self.depth -= 1
            return -value if op == "-" else value
        return self.power()

    def power(self) -> Any:
        base = self.atom()
        if self.peek() in ("**", "^"):
            at = self.take()[2]
            self.enter(at)
            exponent = self.unary()
            self.depth -= 1
            if exponent.is_Rational:
                size = abs(exponent)
                check_root(base, exponent, f"the power at character {at}")
                if base.is_Rational:
                    if abs(base) != 1 and not base.is_zero and size >= 1:
                        check_bits(power_bits(base, size), f"the power at character {at}")
                elif size > self.max_exponent:
                    raise LimitError(
                        f"the exponent {short_str(exponent, 40)} at character {at} is larger than max_exponent={self.max_exponent}; "
                        "raise it with gt.limits(max_exponent=...)"
                    )
            return self.sized(self.sympy.Pow(base, exponent), at)
        return base

    def atom(self) -> Any:
        sympy = self.sympy
        kind, tok, at = self.take()
        if kind == "num":
            return sympy.Integer(checked_int(tok)) if tok.isdigit() else sympy.Rational(exact_decimal(tok))
        if kind == "name":
            if self.peek() == "(":
                return self.call(tok, at)
            return _CONSTANTS[tok](sympy) if tok in _CONSTANTS else sympy.Symbol(tok)
        if tok == "(":
            self.enter(at)
            value = self.expr()
            self.close(at)
            self.depth -= 1
            return value
        raise ArgumentValueError(f"unexpected {tok!r} at character {at}")

    def call(self, name: str, at: int) -> Any:
        func = _functions(self.sympy).get(name)
        if func is None:
            raise ArgumentValueError(
                f"unknown function {name!r} at character {at}; known: sqrt, abs and the SymPy functions "
                "listed in docs/format.md"
            )
        self.take()  # "("
        self.enter(at)
        args = [self.expr()]
        while self.peek() == ",":
            self.take()
            args.append(self.expr())
        self.close(at)
        self.depth -= 1
        if name == "sqrt":
            check_root(args[0], self.sympy.Rational(1, 2), f"sqrt at character {at}")
        huge = any(a.is_Number and abs(a) > _MAX_EVALUATED for a in args)
        # factorial(10**9) and friends would take forever to evaluate: keep them symbolic.
        value = func(*args, evaluate=False) if huge and name not in ("sqrt", "abs") else func(*args)
        return self.sized(value, at)

    def close(self, at: int) -> None:
        if self.peek() != ")":
            raise ArgumentValueError(f"the parenthesis at character {at} is not closed")
        self.take()


_CONSTANTS = {"pi": lambda s: s.pi, "E": lambda s: s.E, "I": lambda s: s.I, "oo": lambda s: s.oo}
_FUNCTIONS: dict[str, Any] = {}


def _functions(sympy: Any) -> dict[str, Any]:
    if not _FUNCTIONS:
        _FUNCTIONS.update({n: getattr(sympy, n) for n in SYMPY_FUNCTIONS if n not in ("Add", "Mul", "Pow")})
        _FUNCTIONS.update(sqrt=sympy.sqrt, abs=sympy.Abs)
    return _FUNCTIONS


