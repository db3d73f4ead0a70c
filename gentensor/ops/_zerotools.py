"""The tools of the symbolic zero test: its verdict type, sample points, and the algebraic decisions.

`._zerotest` runs the decision; this module holds what it is made of:
the `ZeroTest` verdict, size estimates that keep expansions and
rewrites within budget, values for free symbols that respect their
assumptions (and random polynomials standing for undefined functions), the
minimal-polynomial decision for algebraic numbers, and the algebraic number
whose argument is a sum of inverse tangents.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple, Optional

__all__ = ["ZeroTest", "ZERO", "NONZERO", "UNKNOWN"]

ZERO, NONZERO, UNKNOWN = "zero", "nonzero", "unknown"

_ALGEBRAIC_DEGREE = 64  # minimal polynomials only when the degree is bounded by this
_POINTS = 3  # points at which an expression with free symbols is evaluated
# Cyclotomic orders up to this are factored for their exact totient; past it totient(n) >= sqrt(n/2) > 2**12,
# far above _ALGEBRAIC_DEGREE, so the order itself serves as the bound.
_TOTIENT_ORDER = 1 << 25


class ZeroTest(NamedTuple):
    """What the zero test decided about one element, and how.

    Attributes
    ----------
    verdict : str
        ``"zero"``, ``"nonzero"`` or ``"unknown"``.
    method : str
        How it was decided (``"interval at 64 bits"``, ``"minimal polynomial"``,
        ``"polynomial"``, ``"tan of the sum"``, ...) or, when unknown, what was tried.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> t = gt.symbolic.zero_test(sympy.atan(sympy.Rational(1, 2)) + sympy.atan(sympy.Rational(1, 3)) - sympy.pi / 4)
    >>> t.verdict, t.method
    ('zero', 'a multiple of pi and |e| < 1')
    """

    verdict: str
    method: str

    @property
    def is_zero(self) -> bool:
        """True when the element is proven zero."""
        return self.verdict == ZERO

    @property
    def is_nonzero(self) -> bool:
        """True when the element is proven non-zero."""
        return self.verdict == NONZERO


def _nodes(e: Any) -> int:
    n, stack = 0, [e]
    while stack:
        node = stack.pop()
        n += 1
        stack.extend(node.args)
    return n


def _huge_numbers(e: Any) -> bool:
    """True when a number in ``e`` is so large that a rewrite might try to evaluate it exactly."""
    return any(abs(a) > 10**6 for a in e.atoms() if a.is_Number and a.is_finite)


def _plain_rational_function(e: Any, negative_powers: bool = True) -> bool:
    """Symbols, rationals and ``I`` combined by ``+ * /`` and integer powers (decided by expanding).

    With ``negative_powers=False``: polynomials only (``+ *`` and positive powers).
    """
    stack = [e]
    while stack:
        node = stack.pop()
        if node.is_Symbol or node.is_Rational or type(node).__name__ == "ImaginaryUnit":
            continue
        if node.is_Add or node.is_Mul:
            stack.extend(node.args)
        elif node.is_Pow and node.exp.is_Integer and (negative_powers or node.exp > 0):
            stack.append(node.base)
        else:
            return False
    return True


def _expansion_terms(e: Any) -> int:
    """A rough bound on the work of expanding ``e``: terms times the growth of their coefficients (capped).

    ``(x+1)**n`` has ``n+1`` terms whose coefficients have about ``n`` bits,
    so it counts ``(n+1)*n``.
    """
    from math import comb

    cap = 10**9

    def terms(node: Any) -> int:
        if node.is_Add:
            return min(cap, sum(terms(a) for a in node.args))
        if node.is_Mul:
            out = 1
            for a in node.args:
                out = min(cap, out * terms(a))
            return out
        if node.is_Pow and node.exp.is_Integer:
            n, k = abs(int(node.exp)), terms(node.base)
            if k == 1:
                return 1
            if n > 10**6:
                return cap
            return min(cap, comb(k + n - 1, n) * n * (k - 1).bit_length())
        return 1

    return terms(e)


def _undefined_functions(e: Any) -> set[Any]:
    from sympy.core.function import AppliedUndef

    return e.atoms(AppliedUndef)


def _points(e: Any, free: set[Any]) -> list[dict[Any, Any]]:
    """Up to three assignments of values to the free symbols (and undefined functions) of ``e``.

    Each symbol gets a rational (or Gaussian rational) value its assumptions
    allow; a symbol no candidate fits leaves no point.  An undefined function
    ``f`` gets a random polynomial: an expression that is not zero for that
    ``f`` is not zero for every ``f``.
    """
    import sympy

    from ._enclose import enclose

    functions = _undefined_functions(e)
    if any(type(f).default_assumptions for f in functions):
        return []  # f declared real, positive, ...: a polynomial witness might break that
    rng = random.Random(0x5EED)
    out: list[dict[Any, Any]] = []
    for attempt in range(_POINTS):
        point: dict[Any, Any] = {}
        for s in sorted(free, key=str):
            value = _value_for(s, attempt, rng, sympy)
            if value is None:
                return out
            box = enclose(value, 128)
            if box is None:
                return out
            point[s] = box
        for f in functions:
            point[type(f).__name__] = _witness(rng)
        out.append(point)
    return out


def _value_for(s: Any, attempt: int, rng: random.Random, sympy: Any) -> Any:
    """A number satisfying every assumption of symbol ``s`` (``None`` if no candidate does)."""
    def rational(lo: int, hi: int) -> Any:
        return sympy.Rational(rng.randint(lo, hi), rng.choice((3, 7, 11, 13, 17)))

    candidates = [
        lambda: rational(-40, 40) + rational(1, 40) * sympy.I,
        lambda: rational(1, 60),
        lambda: -rational(1, 60),
        lambda: sympy.Integer(rng.randint(2, 40)),
        lambda: sympy.Integer(-rng.randint(2, 40)),
        lambda: sympy.Integer(rng.choice((2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31))),
        lambda: sympy.Integer(2 * rng.randint(1, 20)),
        lambda: sympy.Integer(2 * rng.randint(1, 20) + 1),
        lambda: rational(1, 1) * sympy.I,
        lambda: sympy.Integer(0),
    ]
    facts = s.assumptions0
    for k in range(len(candidates)):
        v = candidates[(attempt + k) % len(candidates)]()
        if all(getattr(v, f"is_{name}", None) == want for name, want in facts.items()):
            return v
    return None


def _witness(rng: random.Random) -> Any:
    """A random polynomial standing for an undefined function, evaluated on boxes."""
    from mpmath.libmp import from_rational, round_ceiling, round_floor

    from ._interval import _add, _mul, _rbox

    coeffs = [(rng.randint(-9, 9) or 1, rng.randint(1, 9)) for _ in range(3)]

    def w(args: list[Any], prec: int) -> Any:
        total: Any = None
        for k, x in enumerate(args or [_rbox((from_rational(1, 1, prec, round_floor),) * 2)], 1):
            out: Any = None
            power: Any = None
            for p, q in coeffs:
                c = _rbox((from_rational(p * k, q, prec, round_floor), from_rational(p * k, q, prec, round_ceiling)))
                term = c if power is None else _mul(c, power, prec)
                out = term if out is None else _add(out, term, prec)
                power = x if power is None else _mul(power, x, prec)
            total = out if total is None else _add(total, out, prec)
        return total

    return w


def _argument_product(e: Any, sympy: Any) -> Any:
    """An algebraic ``w`` whose argument is ``e`` (mod 2*pi), or ``None`` when ``e`` is not a sum of that form.

    Terms: ``c*atan(t)`` -> ``(1 + i t)**c`` (``(1 - i t)**|c|`` for negative
    ``c``, the same argument), ``acot(t)`` -> ``atan(1/t)``, ``asin(t)`` ->
    ``(sqrt(1 - t**2) + i t)``, ``acos(t)`` -> ``(t + i sqrt(1 - t**2))``,
    ``atan2(y, x)`` -> ``(x + i y)``, ``r*pi`` -> ``cos(r pi) + i sin(r pi)``.
    Only real algebraic arguments are accepted.
    """
    I = sympy.I
    factors = []
    for term in sympy.Add.make_args(e):
        c, f = term.as_coeff_Mul()
        if f is sympy.pi:
            factors.append((sympy.cos(c * sympy.pi) + I * sympy.sin(c * sympy.pi), 1))
            continue
        if not c.is_Integer:
            return None
        name = type(f).__name__
        args = f.args
        if name == "atan":
            z = 1 + I * args[0]
        elif name == "acot":
            if args[0].is_zero:
                return None
            z = args[0] + I
        elif name == "asin":
            z = sympy.sqrt(1 - args[0] ** 2) + I * args[0]
        elif name == "acos":
            z = args[0] + I * sympy.sqrt(1 - args[0] ** 2)
        elif name == "atan2":
            z = args[1] + I * args[0]
        else:
            return None
        if not all(a.is_real and _degree_bound(a, sympy) is not None for a in args):
            return None
        factors.append((z, int(c)))
    w = sympy.Integer(1)
    for z, k in factors:
        w = w * (z if k > 0 else sympy.conjugate(z)) ** abs(k)
    return w


class Walk:
    """Each distinct node of SymPy expression trees once, depth first; a visit adds children with ``stack``.

    Shared subexpressions (a DAG) are visited once, and no recursion limit
    applies to deep trees.

    Examples
    --------
    >>> import sympy
    >>> x = sympy.Symbol("x")
    >>> walk = Walk([x + 1, x])
    >>> seen = []
    >>> for node in walk:
    ...     seen.append(node)
    ...     walk.stack.extend(reversed(node.args))
    >>> seen
    [x + 1, 1, x]
    """

    def __init__(self, roots: Any) -> None:
        self.stack = list(reversed(roots))
        self.seen: set[Any] = set()

    def __iter__(self) -> Any:
        stack, seen = self.stack, self.seen
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            yield node


def _degree_bound(e: Any, sympy: Any) -> Optional[int]:
    """A bound on the degree of the field generated by ``e`` (``None`` when ``e`` is not algebraic-form).

    Radicals ``b**(p/q)`` contribute ``q`` each (times their base's degree);
    ``sin``/``cos``/``tan`` of ``(p/q)*pi`` all live in the cyclotomic field of
    order ``lcm(4q)``, of degree ``totient`` (the order itself when it is past
    ``2**25``: never factored, and far above any degree the callers accept);
    ``I`` and the golden ratio 2.

    Examples
    --------
    >>> import sympy
    >>> _degree_bound(sympy.sqrt(2) + sympy.sin(sympy.pi / 7), sympy)
    24
    >>> _degree_bound(sympy.sin(sympy.pi / (2**89 - 1)), sympy) > _ALGEBRAIC_DEGREE  # no factoring of 4*(2**89 - 1)
    True
    >>> _degree_bound(sympy.sin(1), sympy) is None
    True
    """
    from math import lcm

    radical = 1
    order = 1
    extra = 1
    walk = Walk([e])
    stack = walk.stack
    for node in walk:
        if node.is_Rational:
            continue
        name = type(node).__name__
        if name == "ImaginaryUnit":
            order = lcm(order, 4)
            continue
        if name == "GoldenRatio":
            extra *= 2
            continue
        if node.is_Add or node.is_Mul:
            stack.extend(node.args)
            continue
        if node.is_Pow and node.exp.is_Rational:
            radical *= int(node.exp.q)
            stack.append(node.base)
            continue
        if name in ("sin", "cos", "tan"):
            c = node.args[0] / sympy.pi
            if not c.is_Rational:
                return None
            order = lcm(order, 4 * int(c.q))
            continue
        if name == "exp":  # exp(i r pi): a root of unity
            c = node.args[0] / (sympy.I * sympy.pi)
            if not c.is_Rational:
                return None
            order = lcm(order, 4 * int(c.q))
            continue
        return None
    if radical > _ALGEBRAIC_DEGREE or extra > _ALGEBRAIC_DEGREE:
        return radical * extra
    if order > _TOTIENT_ORDER:
        # totient(n) >= sqrt(n/2) is past every caller's bound already; n itself bounds it from above, and
        # is had without factoring n (sympy.totient of a 200-bit order factors it for minutes).
        return radical * extra * order
    return radical * extra * (int(sympy.totient(order)) if order > 1 else 1)
