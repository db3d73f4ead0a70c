"""Reading one element from text exactly: ints, fractions, decimals and safe SymPy expressions.

``parse_cell("0.25")`` is ``Fraction(1, 4)`` (a decimal is the exact rational it
spells); anything that is not a number is read by a small recursive-descent
parser over ``+ - * / ** ^``, parentheses, the constants ``pi E I oo`` and a
whitelist of SymPy functions, which builds SymPy objects directly -- nothing
is ever evaluated as Python code.  The built-in ops read text through it
(``ops.parse``); the command line's matrix reader uses it for every cell.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ._codec import SYMPY_FUNCTIONS

__all__ = ["parse_cell"]

_INT = re.compile(r"[+-]?\d+\Z", re.ASCII)
_RATIONAL = re.compile(r"[+-]?\d+\s*/\s*\d+\Z", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?\Z", re.ASCII)
_NUMBER = r"(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?"
_TOKEN = re.compile(rf"\s*(?:({_NUMBER})|([A-Za-z_]\w*)|(\*\*|[-+*/^(),]))", re.ASCII)
_MAX_NESTING = 100
_MAX_EXPONENT = 10_000  # largest decimal exponent (1e10000) a cell may spell
_MAX_BITS = 1 << 20  # largest number a power of numbers in a cell may build
_MAX_EVALUATED = 10_000  # numeric function arguments past this stay unevaluated


def _exact_decimal(s: str) -> Fraction:
    mantissa, _, exponent = s.lower().partition("e")
    if exponent and abs(int(exponent)) > _MAX_EXPONENT:
        raise ValueError(f"the exponent of {s!r} is beyond +-{_MAX_EXPONENT}")
    return Fraction(s)


def parse_cell(text: str) -> Any:
    """One cell as an exact value: int, Fraction, or a SymPy expression.

    Raises
    ------
    ValueError
        The text is neither a number nor an expression the safe parser accepts.

    Examples
    --------
    >>> parse_cell("-12"), parse_cell("3/6"), parse_cell("0.25"), parse_cell("1e3")
    (-12, Fraction(1, 2), Fraction(1, 4), Fraction(1000, 1))
    >>> parse_cell("2*x**2 - sqrt(y)/3")
    2*x**2 - sqrt(y)/3
    >>> parse_cell("__import__(os)")
    Traceback (most recent call last):
    ...
    ValueError: unknown function '__import__' at character 1; known: sqrt, abs and the SymPy functions listed in docs/format.md
    """
    s = text.strip()
    if _INT.match(s):
        return int(s)
    if _RATIONAL.match(s):
        num, den = s.split("/")
        if int(den) == 0:
            raise ValueError(f"a zero denominator in {s!r}")
        return Fraction(int(num), int(den))
    if _DECIMAL.match(s):
        return _exact_decimal(s)
    if not s:
        raise ValueError("an empty cell")
    try:
        return _ExprParser(s).parse()
    except ValueError:
        raise
    except (TypeError, ArithmeticError, RecursionError) as e:  # SymPy refusing, e.g. atan2(1) or Mod(x, 0)
        raise ValueError(f"SymPy refused it ({type(e).__name__}: {e})") from None


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
                raise ValueError(f"unexpected character {text[pos:].lstrip()[:1]!r} at character {pos + 1}")
            kind = "num" if m.group(1) else "name" if m.group(2) else "op"
            self.tokens.append((kind, m.group(m.lastindex or 0), m.start(m.lastindex or 0) + 1))
            pos = m.end()
        self.k = 0
        self.depth = 0

    def parse(self) -> Any:
        import sympy

        self.sympy = sympy
        value = self.expr()
        if self.k != len(self.tokens):
            _, tok, at = self.tokens[self.k]
            raise ValueError(f"unexpected {tok!r} at character {at}")
        return value

    def peek(self) -> str | None:
        return self.tokens[self.k][1] if self.k < len(self.tokens) else None

    def take(self) -> tuple[str, str, int]:
        if self.k >= len(self.tokens):
            raise ValueError("the expression ends too early")
        tok = self.tokens[self.k]
        self.k += 1
        return tok

    def expr(self) -> Any:
        value = self.term()
        while self.peek() in ("+", "-"):
            op = self.take()[1]
            rhs = self.term()
            value = value + rhs if op == "+" else value - rhs
        return value

    def term(self) -> Any:
        value = self.unary()
        while self.peek() in ("*", "/"):
            op = self.take()[1]
            rhs = self.unary()
            value = value * rhs if op == "*" else value / rhs
        return value

    def unary(self) -> Any:
        if self.peek() in ("+", "-"):
            op = self.take()[1]
            value = self.unary()
            return -value if op == "-" else value
        return self.power()

    def power(self) -> Any:
        base = self.atom()
        if self.peek() in ("**", "^"):
            at = self.take()[2]
            exponent = self.unary()
            if base.is_Rational and exponent.is_Rational and not base.is_zero:
                bits = max(abs(base.p).bit_length(), base.q.bit_length()) * abs(exponent)
                if bits > _MAX_BITS:
                    raise ValueError(f"the power at character {at} would have more than {_MAX_BITS} bits")
            return self.sympy.Pow(base, exponent)
        return base

    def atom(self) -> Any:
        sympy = self.sympy
        kind, tok, at = self.take()
        if kind == "num":
            return sympy.Integer(int(tok)) if tok.isdigit() else sympy.Rational(_exact_decimal(tok))
        if kind == "name":
            if self.peek() == "(":
                return self.call(tok, at)
            return _CONSTANTS[tok](sympy) if tok in _CONSTANTS else sympy.Symbol(tok)
        if tok == "(":
            self.depth += 1
            if self.depth > _MAX_NESTING:
                raise ValueError(f"parentheses nested deeper than {_MAX_NESTING}")
            value = self.expr()
            self.close(at)
            self.depth -= 1
            return value
        raise ValueError(f"unexpected {tok!r} at character {at}")

    def call(self, name: str, at: int) -> Any:
        func = _functions(self.sympy).get(name)
        if func is None:
            raise ValueError(
                f"unknown function {name!r} at character {at}; known: sqrt, abs and the SymPy functions "
                "listed in docs/format.md"
            )
        self.take()  # "("
        self.depth += 1
        if self.depth > _MAX_NESTING:
            raise ValueError(f"parentheses nested deeper than {_MAX_NESTING}")
        args = [self.expr()]
        while self.peek() == ",":
            self.take()
            args.append(self.expr())
        self.close(at)
        self.depth -= 1
        huge = any(a.is_Number and abs(a) > _MAX_EVALUATED for a in args)
        # factorial(10**9) and friends would take forever to evaluate: keep them symbolic.
        return func(*args, evaluate=False) if huge and name not in ("sqrt", "abs") else func(*args)

    def close(self, at: int) -> None:
        if self.peek() != ")":
            raise ValueError(f"the parenthesis at character {at} is not closed")
        self.take()


_CONSTANTS = {"pi": lambda s: s.pi, "E": lambda s: s.E, "I": lambda s: s.I, "oo": lambda s: s.oo}
_FUNCTIONS: dict[str, Any] = {}


def _functions(sympy: Any) -> dict[str, Any]:
    if not _FUNCTIONS:
        _FUNCTIONS.update({n: getattr(sympy, n) for n in SYMPY_FUNCTIONS if n not in ("Add", "Mul", "Pow")})
        _FUNCTIONS.update(sqrt=sympy.sqrt, abs=sympy.Abs)
    return _FUNCTIONS


