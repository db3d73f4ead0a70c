"""The resource limits applied to one SymPy expression: depth, node count, the bits its numbers may build.

An expression is walked once, without recursion, before anything evaluates
it.  Besides its depth (``max_depth``) and size (``max_nodes``), two things in
it could make later work explode:

* a power of a number kept unevaluated (``Pow(2, 10**10)`` from a file): its
  value would have ``bits(base) * exponent`` bits, counted against
  ``max_bits`` before anything computes it;
* a power of a non-number with a huge exponent (``(x+1)**1000000``): expanding
  it would exhaust memory, so the exponent is held to ``max_exponent``.

Input read from text or files also counts the bits of every number in the
expression towards one total (``count_numbers``): the product of 300
``factorial(10000)`` is refused, not computed.
"""

from __future__ import annotations

import math
from typing import Any

from ..errors import LimitError
from ..resources import get_limits

__all__ = ["check_expr", "number_bits", "power_bits"]


def number_bits(v: Any) -> int:
    """Bits of a SymPy Rational (numerator and denominator) or of a Float's mantissa.

    >>> import sympy
    >>> number_bits(sympy.Rational(255, 2))
    10
    """
    if v.is_Rational:
        return int(v.p).bit_length() + (int(v.q).bit_length() if v.q != 1 else 0)
    if v.is_Float:
        return int(v._prec)
    return 0


def power_bits(base: Any, exponent: Any) -> int:
    """About how many bits ``base**exponent`` has (numerator and denominator), for Rational ``base``.

    >>> import sympy
    >>> power_bits(sympy.Integer(2), 100), power_bits(sympy.Rational(1, 3), -4)
    (101, 8)
    """
    size = math.log2(abs(int(base.p))) + math.log2(int(base.q)) if base.p else 0.0
    return math.ceil(size * abs(exponent)) + 1


def check_expr(e: Any, what: str, *, count_numbers: bool = True) -> None:
    """Refuse an expression past ``max_depth``, ``max_nodes``, ``max_bits`` or ``max_exponent``.

    ``what`` starts the message (``"load: f.json: data[3]"``).  With
    ``count_numbers`` every number counts towards ``max_bits`` (input read from
    text or files); without it only unevaluated powers of numbers do (values
    a program already holds).

    Raises
    ------
    LimitError
        Naming the limit and how to raise it.

    Examples
    --------
    >>> import sympy, gentensor as gt
    >>> x = sympy.Symbol("x")
    >>> check_expr(sympy.sin(x) + 1, "f")
    >>> check_expr(sympy.Pow(2, 10**10, evaluate=False), "f")
    Traceback (most recent call last):
    ...
    gentensor.errors.LimitError: f: a power of a number would have about 10000000001 bits, more than max_bits=1048576; raise it with gt.limits(max_bits=...)
    """
    if not hasattr(e, "args") or not e.args:
        if count_numbers and getattr(e, "is_Number", False):
            _check_total(number_bits(e), get_limits().max_bits, what)
        return
    lim = get_limits()
    max_depth, max_nodes, max_bits, max_exponent = lim.max_depth, lim.max_nodes, lim.max_bits, lim.max_exponent
    # Level by level (no recursion, no per-node tuples): the walk costs a few microseconds per element.
    level = [e]
    depth = nodes = bits = 0
    while level:
        depth += 1
        nodes += len(level)
        if depth > max_depth:
            raise LimitError(
                f"{what}: the expression is nested deeper than max_depth={max_depth} levels; "
                "raise it with gt.limits(max_depth=...)"
            )
        if nodes > max_nodes:
            raise LimitError(
                f"{what}: the expression has more than max_nodes={max_nodes} nodes; raise it with gt.limits(max_nodes=...)"
            )
        below: list[Any] = []
        for node in level:
            args = node.args
            if args:
                if node.is_Pow:
                    bits += _check_power(node, max_bits, max_exponent, what, count_numbers)
                below.extend(args)
            elif count_numbers and node.is_Number:
                bits += number_bits(node)
        if count_numbers:
            _check_total(bits, max_bits, what)
        level = below


def _check_total(bits: int, max_bits: int, what: str) -> None:
    if bits > max_bits:
        raise LimitError(
            f"{what}: the numbers in the expression have about {bits} bits in all, more than "
            f"max_bits={max_bits}; raise it with gt.limits(max_bits=...)"
        )


def _check_power(node: Any, max_bits: int, max_exponent: int, what: str, count_numbers: bool) -> int:
    """The bits an unevaluated power of a number would build (0 for others); refuses huge ones."""
    base, exp = node.args
    if exp.is_Rational:
        p, q = abs(int(exp.p)), int(exp.q)  # Python ints: SymPy comparisons cost microseconds
        if base.is_Rational:
            if p < q or base.is_zero or abs(int(base.p)) == int(base.q):
                return 0  # a root of a number, or a power of 0, 1, -1: no larger than the base
            estimate = power_bits(base, p / q)
            if estimate > max_bits:
                raise LimitError(
                    f"{what}: a power of a number would have about {estimate} bits, more than "
                    f"max_bits={max_bits}; raise it with gt.limits(max_bits=...)"
                )
            return estimate if count_numbers else 0
        if p > max_exponent * q:
            raise LimitError(
                f"{what}: the exponent {exp} is larger than max_exponent={max_exponent} "
                f"(got a power of {_short(base)}); raise it with gt.limits(max_exponent=...)"
            )
    elif exp.is_Float and abs(float(exp)) > max_exponent:
        raise LimitError(
            f"{what}: the exponent {exp} is larger than max_exponent={max_exponent}; "
            "raise it with gt.limits(max_exponent=...)"
        )
    return 0


def _short(v: Any, limit: int = 40) -> str:
    try:
        text = str(v)
    except Exception:  # a deep tree may not print
        text = f"<{type(v).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
