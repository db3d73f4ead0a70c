"""The JSON encodings of exact values: integers, floats, and SymPy expressions as trees.

Shared by the save format (``gentensor._saveload``) and the command line's
matrix reader.  Integers past 2**53 are hex strings (JSON readers keep them
exact, and no decimal digit limit applies); a SymPy expression is a nested
list naming classes from a fixed whitelist, rebuilt node by node with
``evaluate=False``, so reading a tree never evaluates code.  Failures raise
[`FormatError`][gentensor.errors.FormatError] (internally `_Bad`, which carries the place).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any, Callable

from ..errors import DomainError, FormatError, LimitError
from ..resources import get_limits

__all__ = [
    "FormatError",
    "encode_object",
    "decode_object",
    "SYMPY_FUNCTIONS",
    "SYMPY_CONSTANTS",
    "encode_int",
    "decode_int",
    "encode_float",
    "decode_float",
    "encode_expr",
    "decode_expr",
]

_SAFE_INT = 2**53  # integers up to this size are JSON numbers every reader keeps exact
_HEX = re.compile(r"-?0x[0-9a-fA-F]+\Z")


class _Bad(Exception):
    """Internal: a decoding failure at ``where`` (turned into FormatError with the file name)."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(where, what)
        self.where = where
        self.what = what


# -- SymPy expressions as trees of whitelisted classes -------------------------------

#: Classes a tree node may name, rebuilt as ``cls(*args, evaluate=False)``.
SYMPY_FUNCTIONS = (
    "Add", "Mul", "Pow", "Mod", "Min", "Max",
    "exp", "log", "LambertW",
    "sin", "cos", "tan", "cot", "sec", "csc", "sinc",
    "asin", "acos", "atan", "acot", "asec", "acsc", "atan2",
    "sinh", "cosh", "tanh", "coth", "sech", "csch",
    "asinh", "acosh", "atanh", "acoth", "asech", "acsch",
    "Abs", "sign", "re", "im", "conjugate", "arg",
    "floor", "ceiling", "frac",
    "factorial", "factorial2", "binomial", "gamma", "loggamma", "digamma", "beta",
    "RisingFactorial", "FallingFactorial",
    "erf", "erfc", "erfi", "Heaviside", "DiracDelta", "KroneckerDelta",
)  # fmt: skip
#: Constant atoms a node may name (attributes of ``sympy.S``).
SYMPY_CONSTANTS = (
    "Pi", "Exp1", "ImaginaryUnit", "Infinity", "NegativeInfinity", "ComplexInfinity", "NaN",
    "EulerGamma", "Catalan", "GoldenRatio", "TribonacciConstant",
)  # fmt: skip
_FUNCTION_SET = frozenset(SYMPY_FUNCTIONS)
_CONSTANT_SET = frozenset(SYMPY_CONSTANTS)


def encode_int(n: int) -> Any:
    """An int as a JSON number when small, else a hex string (no digit limit applies).

    Examples
    --------
    >>> encode_int(5), encode_int(-2**60)
    (5, '-0x1000000000000000')
    """
    return n if -_SAFE_INT <= n <= _SAFE_INT else hex(n)


def decode_int(v: Any, where: str) -> int:
    """The int written by `encode_int`; anything else is refused."""
    if type(v) is int:
        return v
    if isinstance(v, str) and _HEX.match(v):
        bits = 4 * (len(v) - 2 - v.startswith("-"))
        max_bits = get_limits().max_bits
        if bits > max_bits:
            raise _Bad(
                where,
                f"an integer of {bits} bits is more than max_bits={max_bits}; raise it with gt.limits(max_bits=...)",
            )
        return int(v, 16)
    raise _Bad(where, f"expected an integer (a JSON integer or a hex string like \"0x1f\") (got {_show(v)})")


def encode_float(f: float) -> Any:
    return f if math.isfinite(f) else repr(f)  # "inf", "-inf", "nan"


def decode_float(v: Any, where: str) -> float:
    if type(v) is float:
        return v
    if type(v) is int:
        try:
            return float(v)
        except OverflowError:
            raise _Bad(where, f"integer too large for a float (got {_show(v)})") from None
    if v in ("inf", "-inf", "nan"):
        return float(v)
    raise _Bad(where, f"expected a float (a JSON number, \"inf\", \"-inf\" or \"nan\") (got {_show(v)})")


def encode_expr(e: Any, depth: int = 0) -> Any:
    """A SymPy expression as a JSON tree (nested lists naming whitelisted classes).

    A tree deeper than ``max_depth`` is refused here, at the depth where
    `decode_expr` would refuse it: a saved file always loads back under the
    same limits.

    Raises
    ------
    DomainError
        The expression uses a class outside the whitelist.
    LimitError
        The tree is nested deeper than ``max_depth``.

    Examples
    --------
    >>> import sympy
    >>> x = sympy.Symbol("x")
    >>> encode_expr(2*x + sympy.Rational(1, 3))
    ['Add', ['Rational', 1, 3], ['Mul', ['Integer', 2], ['Symbol', 'x', {}]]]
    """
    import sympy

    max_depth = get_limits().max_depth
    if depth >= max_depth:
        raise LimitError(
            f"save: the SymPy tree is nested deeper than max_depth={max_depth} levels (got a {type(e).__name__} at that depth), so the "
            "file would not load; raise it with gt.limits(max_depth=...) for the save and the load"
        )
    if e.is_Integer:
        return ["Integer", encode_int(int(e))]
    if e.is_Rational:
        return ["Rational", encode_int(int(e.p)), encode_int(int(e.q))]
    if e.is_Float:
        sign, man, exp, _ = e._mpf_
        return ["Float", encode_int(-man if sign else man), encode_int(exp), e._prec]
    name = type(e).__name__
    if name in _CONSTANT_SET and getattr(sympy.S, name) is e:
        return [name]
    if type(e) is sympy.Symbol:
        assumptions = getattr(e, "_assumptions_orig", None)
        if assumptions is None:
            assumptions = e.assumptions0
        return ["Symbol", e.name, {k: bool(v) for k, v in assumptions.items() if v is not None}]
    if isinstance(e, sympy.core.function.AppliedUndef):
        return ["Function", e.func.__name__, *(encode_expr(a, depth + 1) for a in e.args)]
    if name in _FUNCTION_SET and getattr(sympy, name, None) is type(e):
        return [name, *(encode_expr(a, depth + 1) for a in e.args)]
    raise DomainError(
        f"save: the SymPy class {name} is not supported by the save format (got {e}); "
        "supported: numbers, symbols, undefined functions, constants and " + ", ".join(SYMPY_FUNCTIONS)
    )


def decode_expr(tree: Any, where: str = "expr", depth: int = 0) -> Any:
    """Rebuild a SymPy expression from a tree written by `encode_expr`, never evaluating code.

    The tree is held to the limits in force ([`gentensor.limits`][gentensor.resources.limits]): depth,
    node count, the bits of its numbers and of its unevaluated powers, the
    exponents of its powers.

    Raises
    ------
    FormatError
        The tree is malformed, names a class outside the whitelist, or is
        past a limit.

    Examples
    --------
    >>> decode_expr(['Add', ['Integer', 1], ['Symbol', 'y', {}]])
    y + 1
    >>> decode_expr(['system', ['Symbol', 'rm -rf', {}]])
    Traceback (most recent call last):
    ...
    gentensor.errors.FormatError: expr: 'system' is not a SymPy class the format allows (got ...
    """
    try:
        return decode_tree(tree, where)
    except _Bad as bad:
        raise FormatError(f"{bad.where}: {bad.what}") from None


def decode_tree(tree: Any, where: str) -> Any:
    """`decode_expr` raising ``_Bad`` (with the place), the limits checked on the result."""
    from ._exprlimits import check_expr

    e = _decode_expr(tree, where, 0)
    try:
        check_expr(e, "", count_numbers=True)
    except LimitError as err:
        raise _Bad(where, str(err).removeprefix(": ")) from None
    return e


def _decode_expr(tree: Any, where: str, depth: int) -> Any:
    import sympy

    max_depth = get_limits().max_depth
    if depth >= max_depth:
        raise _Bad(
            where if len(where) <= 60 else where[:57] + "...",
            f"the SymPy tree is nested deeper than max_depth={max_depth} levels; raise it with gt.limits(max_depth=...)",
        )
    if not isinstance(tree, list) or not tree or not isinstance(tree[0], str):
        raise _Bad(where, f"expected a SymPy node [\"Class\", ...] (got {_show(tree)})")
    tag, args = tree[0], tree[1:]
    if tag == "Integer":
        _arity(args, 1, tag, where)
        return sympy.Integer(decode_int(args[0], f"{where}[1]"))
    if tag == "Rational":
        _arity(args, 2, tag, where)
        p, q = decode_int(args[0], f"{where}[1]"), decode_int(args[1], f"{where}[2]")
        if q == 0:
            raise _Bad(where, "a Rational with denominator 0")
        return sympy.Rational(p, q)
    if tag == "Float":
        _arity(args, 3, tag, where)
        man, exp = decode_int(args[0], f"{where}[1]"), decode_int(args[1], f"{where}[2]")
        prec = args[2]
        max_bits = get_limits().max_bits
        if type(prec) is not int or not 1 <= prec <= max_bits or abs(exp) > max_bits * 64:
            raise _Bad(where, f"a Float with an out-of-range precision or exponent (got {_show(tree)})")
        if man.bit_length() > prec:
            raise _Bad(where, f"a Float whose mantissa has more bits than its precision (got {_show(tree)})")
        mpf = (int(man < 0), abs(man), exp, abs(man).bit_length())
        return sympy.Float(mpf, precision=prec)
    if tag == "Symbol":
        _arity(args, 2, tag, where)
        name, assumptions = args
        if not isinstance(name, str) or not isinstance(assumptions, dict):
            raise _Bad(where, f"a Symbol needs a name and an assumptions object (got {_show(tree)})")
        if not all(isinstance(v, bool) for v in assumptions.values()):
            raise _Bad(where, f"Symbol assumptions must be true/false (got {_show(assumptions)})")
        return _build(lambda: sympy.Symbol(name, **assumptions), where)
    if tag in _CONSTANT_SET:
        _arity(args, 0, tag, where)
        return getattr(sympy.S, tag)
    if tag == "Function":
        if not args or not isinstance(args[0], str) or not args[0].isidentifier():
            raise _Bad(where, f"a Function node needs an identifier name first (got {_show(tree)})")
        fname = args[0]
        children = [_decode_expr(a, f"{where}[{k + 2}]", depth + 1) for k, a in enumerate(args[1:])]
        return _build(lambda: sympy.Function(fname)(*children), where)
    if tag in _FUNCTION_SET:
        cls = getattr(sympy, tag)
        children = [_decode_expr(a, f"{where}[{k + 1}]", depth + 1) for k, a in enumerate(args)]
        return _build(lambda: cls(*children, evaluate=False), where)
    raise _Bad(
        where,
        f"{tag!r} is not a SymPy class the format allows (got {_show(tree)}); "
        "the whitelist is in docs/format.md",
    )


def _arity(args: list[Any], n: int, tag: str, where: str) -> None:
    if len(args) != n:
        raise _Bad(where, f"a {tag} node takes {n} argument(s) (got {len(args)})")


def _build(make: Callable[[], Any], where: str) -> Any:
    try:
        return make()
    except (RecursionError, MemoryError):
        raise _Bad(where, "the expression is too large to rebuild") from None
    except Exception as e:  # SymPy's own argument checks raise assorted types
        raise _Bad(where, f"SymPy refused the node ({type(e).__name__}: {e})") from None


def _show(v: Any, limit: int = 60) -> str:
    """A short repr for messages: long text cut, huge ints described (their decimal form is slow)."""
    if type(v) is int and v.bit_length() > 4 * limit:
        return f"<an int of {v.bit_length()} bits>"
    if isinstance(v, str) and len(v) > limit:
        return repr(v[: limit - 3]) + f"... ({len(v)} characters)"
    try:
        text = repr(v)
    except Exception:  # a digit limit, a deep tree
        text = f"<{type(v).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- elements of gt.objects: tagged values ---------------------------------------------

_OBJECT_TAGS = ("int", "fraction", "float", "complex", "bool", "str", "none", "sympy")


def encode_object(v: Any) -> list[Any]:
    if v is None:
        return ["none"]
    if type(v) is bool:
        return ["bool", v]
    if type(v) is int:
        return ["int", encode_int(v)]
    if type(v) is Fraction:
        return ["fraction", encode_int(v.numerator), encode_int(v.denominator)]
    if type(v) is float:
        return ["float", encode_float(v)]
    if type(v) is complex:
        return ["complex", encode_float(v.real), encode_float(v.imag)]
    if type(v) is str:
        return ["str", v]
    if (getattr(type(v), "__module__", None) or "").startswith("sympy"):
        return ["sympy", encode_expr(v)]
    raise DomainError(
        f"save: an objects tensor can hold only None, bool, int, Fraction, float, complex, str and SymPy "
        f"elements in a file (got {type(v).__name__}); register an ops with format/parse for your type"
    )


def decode_object(v: Any, where: str) -> Any:
    if not isinstance(v, list) or not v or v[0] not in _OBJECT_TAGS:
        raise _Bad(where, f"expected a tagged element [\"int\" | \"fraction\" | ..., value] (got {_show(v)})")
    tag, args = v[0], v[1:]
    want = {"none": 0, "fraction": 2, "complex": 2}.get(tag, 1)
    if len(args) != want:
        raise _Bad(where, f"a {tag!r} element takes {want} value(s) (got {len(args)})")
    if tag == "none":
        return None
    if tag == "bool":
        if type(args[0]) is not bool:
            raise _Bad(where, f"expected true or false (got {_show(args[0])})")
        return args[0]
    if tag == "int":
        return decode_int(args[0], where)
    if tag == "fraction":
        return decode_fraction(args, where)
    if tag == "float":
        return decode_float(args[0], where)
    if tag == "complex":
        return complex(decode_float(args[0], where), decode_float(args[1], where))
    if tag == "str":
        if not isinstance(args[0], str):
            raise _Bad(where, f"expected a string (got {_show(args[0])})")
        return args[0]
    return decode_tree(args[0], where)


def decode_fraction(v: Any, where: str) -> Fraction:
    if not isinstance(v, list) or len(v) != 2:
        raise _Bad(where, f"expected a rational [numerator, denominator] (got {_show(v)})")
    p, q = decode_int(v[0], where), decode_int(v[1], where)
    if q == 0:
        raise _Bad(where, "a rational with denominator 0")
    return Fraction(p, q)
