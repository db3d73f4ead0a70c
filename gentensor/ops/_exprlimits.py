"""The resource limits applied to one SymPy expression: depth, node count, the bits its numbers may build.

An expression is walked once, without recursion, before anything evaluates
it.  Besides its depth (``max_depth``) and size (``max_nodes``), two things in
it could make later work explode:

* a power of a number kept unevaluated (``Pow(2, 10**10)`` from a file): its
  value would have ``bits(base) * exponent`` bits, counted against
  ``max_bits`` before anything computes it;
* a power of a non-number with a huge exponent (``(x+1)**1000000``): expanding
  it would exhaust memory, so the exponent is held to ``max_exponent``.  So is
  the numerator of a rational coefficient in the argument of ``exp``:
  ``exp(100000)`` is SymPy's form of ``E**100000``, and its polynomial code
  takes ``exp(100000*x + 7/3)`` as ``exp(x)**100000 * exp(1/3)**7``
  (input only: ``structure=False`` leaves a result's ``exp`` alone).

Input read from text or files also counts the bits of every number in the
expression towards one total (``count_numbers``): the product of 300
``factorial(10000)`` is refused, not computed.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from ..errors import LimitError
from ..resources import count_text, get_limits

__all__ = ["check_expr", "check_root", "number_bits", "power_bits"]


def number_bits(v: Any) -> int:
    """Bits of a SymPy Rational (numerator and denominator) or of a Float's mantissa.

    Examples
    --------
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

    Examples
    --------
    >>> import sympy
    >>> power_bits(sympy.Integer(2), 100), power_bits(sympy.Rational(1, 3), -4)
    (101, 8)
    """
    size = math.log2(abs(int(base.p))) + math.log2(int(base.q)) if base.p else 0.0
    return math.ceil(size * abs(exponent)) + 1


def check_root(base: Any, exponent: Any, what: str) -> None:
    """Refuse a root (a power with a non-integer rational exponent) of a number past ``max_modulus_bits``.

    SymPy evaluates ``n**(1/2)`` by factoring ``n`` (small primes, then a
    primality test of what is left): 5 s for a 5000-bit ``n`` whose
    cofactor is prime, minutes at 16384 bits.  The unevaluated root is
    refused before anything (an addition, a printer) makes SymPy evaluate it.

    Examples
    --------
    >>> import sympy
    >>> check_root(sympy.Integer(2)**5000 + 1, sympy.Rational(1, 2), "f")
    Traceback (most recent call last):
    ...
    gentensor.errors.LimitError: f: a root of a number of 5001 bits, more than max_modulus_bits=4096 (SymPy factors the number to simplify its root); raise it with gt.limits(max_modulus_bits=...)
    """
    if not (getattr(base, "is_Rational", False) and getattr(exponent, "is_Rational", False)) or exponent.is_Integer:
        return
    p, q = abs(int(base.p)), int(base.q)
    bits = max(p.bit_length(), q.bit_length())
    limit = get_limits().max_modulus_bits
    if bits > limit and not (exponent.q == 2 and math.isqrt(p) ** 2 == p and math.isqrt(q) ** 2 == q):  # squares are cheap
        raise LimitError(
            f"{what}: a root of a number of {count_text(bits)} bits, more than max_modulus_bits={limit} (SymPy factors "
            "the number to simplify its root); raise it with gt.limits(max_modulus_bits=...)"
        )


def check_expr(e: Any, what: str, *, count_numbers: bool = True, structure: bool = True) -> None:
    """Refuse an expression past ``max_depth``, ``max_nodes``, ``max_bits`` or ``max_exponent``.

    ``what`` starts the message (``"load: f.json: data[3]"``).  With
    ``count_numbers`` every number counts towards ``max_bits`` (input read from
    text or files); without it only unevaluated powers of numbers do (values
    a program already holds).  With ``structure=False`` depth and size are
    not limited (results computed from checked input may grow), nor is the
    argument of ``exp`` (a matrix exponential of ``[[10**9]]`` holds
    ``exp(10**9)``).

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
    if not getattr(e, "_args", None):
        if count_numbers and getattr(e, "is_Number", False):
            _check_total(number_bits(e), get_limits().max_bits, what)
        return
    from sympy import exp as sympy_exp

    lim = get_limits()
    max_depth, max_nodes, max_bits, max_exponent = lim.max_depth, lim.max_nodes, lim.max_bits, lim.max_exponent
    exp_class: Any = sympy_exp
    if not structure:
        max_depth = max_nodes = sys.maxsize
        exp_class = None  # results: exp(10**9) of a matrix exponential is no input
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
            args = node._args
            if args:
                if node.is_Pow:
                    base, exp = args
                    if not (base.is_Symbol and exp.is_Integer and -max_exponent <= exp.p <= max_exponent):
                        bits += _check_power(node, max_bits, max_exponent, what, count_numbers)
                elif type(node) is exp_class:
                    _check_exp(node, max_exponent, what)
                below.extend(args)
            elif count_numbers and node.is_Number:
                bits += number_bits(node)
        if count_numbers:
            _check_total(bits, max_bits, what)
        level = below


def _check_total(bits: int, max_bits: int, what: str) -> None:
    if bits > max_bits:
        raise LimitError(
            f"{what}: the numbers in the expression have about {count_text(bits)} bits in all, more than "
            f"max_bits={max_bits}; raise it with gt.limits(max_bits=...)"
        )


def _check_power(node: Any, max_bits: int, max_exponent: int, what: str, count_numbers: bool) -> int:
    """The bits an unevaluated power of numbers would build (0 for others); refuses huge ones.

    Nested powers multiply (``Pow(Pow(3, 10**4), 10**4)`` is ``3**(10**8)``),
    and an exponent may itself be a sum or product of numbers.
    """
    base, exp = node.args
    check_root(base, exp, what)
    estimate = _bits(node)
    if estimate > max_bits:
        raise LimitError(
            f"{what}: a power of a number would have about {count_text(estimate)} bits, more than "
            f"max_bits={max_bits}; raise it with gt.limits(max_bits=...)"
        )
    if not base.is_Rational:
        size = _magnitude(exp)
        if size is not None and size > max_exponent:
            raise LimitError(
                f"{what}: the exponent {_short(exp)} is larger than max_exponent={max_exponent} "
                f"(got a power of {_short(base)}); raise it with gt.limits(max_exponent=...)"
            )
    return estimate if count_numbers and base.is_Rational else 0


def _check_exp(node: Any, max_exponent: int, what: str) -> None:
    """Refuse ``exp(a)`` when a term of ``a`` has a rational coefficient whose numerator is past ``max_exponent``.

    ``exp(n)`` is ``E**n``, and SymPy's polynomial code (factoring, eigenvalues)
    takes ``exp(n*x + p/q)`` as ``exp(x)**n * exp(1/q)**p``: a dense polynomial of
    that degree.  The numerator is what counts (``exp(x/100000)`` is one
    generator of degree 1).

    Examples
    --------
    >>> import sympy
    >>> _check_exp(sympy.exp(sympy.Rational(7, 3)), 10000, "f")
    >>> _check_exp(sympy.exp(100000), 10000, "f")
    Traceback (most recent call last):
    ...
    gentensor.errors.LimitError: f: the exponent 100000 in exp(100000) is larger than max_exponent=10000 (exp(a) is a power of E); raise it with gt.limits(max_exponent=...)
    """
    from sympy import Add

    for term in Add.make_args(node.args[0]):
        c = term.as_coeff_Mul()[0]
        if c.is_Rational and abs(int(c.p)) > max_exponent:
            raise LimitError(
                f"{what}: the exponent {_short(c)} in {_short(node)} is larger than max_exponent={max_exponent} "
                "(exp(a) is a power of E); raise it with gt.limits(max_exponent=...)"
            )


def _magnitude(e: Any) -> float | None:
    """An upper bound of ``|e|`` when ``e`` is built of numbers by ``+ * **`` (``None`` otherwise, or if huge)."""
    if e.is_Rational:
        return abs(int(e.p)) / int(e.q) if int(e.q) != 1 else float(abs(int(e.p))) if int(e.p).bit_length() < 1000 else math.inf
    if e.is_Float:
        return abs(float(e))
    if e.is_Add or e.is_Mul:
        parts = [_magnitude(a) for a in e.args]
        if any(v is None for v in parts):
            return None
        return sum(parts) if e.is_Add else math.prod(parts)  # type: ignore[arg-type]
    if e.is_Pow:
        b, x = _magnitude(e.base), _magnitude(e.exp)
        if b is None or x is None:
            return None
        try:
            return max(b, 1.0) ** x
        except OverflowError:
            return math.inf
    return None


def _bits(e: Any) -> int:
    """About how many bits the number ``e`` evaluates to, for a tree of numbers under ``+ * **`` (else 0)."""
    if e.is_Rational:
        return number_bits(e)
    if e.is_Add or e.is_Mul:
        return sum(_bits(a) for a in e.args)
    if e.is_Pow:
        size = _magnitude(e.exp)
        inner = _bits(e.base)
        if size is None or inner == 0:
            return 0
        if e.base.is_Rational and (abs(int(e.base.p)) == int(e.base.q) or e.base.is_zero):
            return 1  # a power of 0, 1 or -1
        if size < 1:
            return inner  # a root is no larger than its radicand
        if math.isinf(size):
            return 1 << 62
        if e.base.is_Rational:
            return power_bits(e.base, size)
        return math.ceil(inner * size)
    return 0


def _short(v: Any, limit: int = 40) -> str:
    from ._show import short_str

    return short_str(v, limit)
