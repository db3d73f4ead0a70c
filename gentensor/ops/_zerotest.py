"""The zero test of symbolic elements: zero, non-zero, or unknown -- proven, never guessed.

Every pivot choice, rank and singularity verdict on symbolic matrices rests
on deciding whether an expression is zero.  Simplifying and comparing with 0
is not a decision: ``atan(1/2) + atan(1/3) - pi/4`` is zero yet no
simplification SymPy tries reaches 0, so SymPy calls it non-zero and inverts
a singular matrix.  :func:`zero_test` answers only what it can prove, trying
in order (cheapest first, each within the budget of :func:`gentensor.limits`):

1. **exact forms** -- numbers; rational functions of symbols with rational
   (or Gaussian) coefficients, decided by expanding the numerator;
2. **rigorous numerics** -- the expression enclosed in complex intervals
   (:mod:`gentensor.ops._interval`) at rising precision up to
   ``zero_test_bits``; a box that excludes 0 proves it non-zero.  Free
   symbols get values that satisfy their assumptions (undefined functions a
   random polynomial): non-zero at one point is non-zero as a function;
3. **algebraic proofs of zero** -- the minimal polynomial of an algebraic
   number (radicals, ``sin``/``cos`` of rational multiples of pi, roots of
   unity: the polynomial is ``x`` exactly when the number is 0); a sum of
   inverse tangents and multiples of pi is a multiple of pi exactly when an
   algebraic number (the product of ``1 + i*t``) is real, and with ``|e| < 1``
   from the intervals that proves ``e = 0``; ``exp`` of a sum of logarithms
   likewise (``exp(e) = 1``); a polynomial in the symbols whose constant
   coefficients are each decided;
4. **rewriting** -- ``trigsimp`` and, for small expressions, ``simplify``;
   reaching 0 is a proof.

Whatever is left is ``"unknown"``.  :meth:`SymbolicOps.is_zero
<gentensor.ops._symbolic.SymbolicOps.is_zero>` then raises
:class:`~gentensor.errors.UndecidableError` (or follows ``gt.limits(undecided=...)``);
it never turns "unknown" into "non-zero" silently.
"""

from __future__ import annotations

import random
import threading
import time
from functools import lru_cache
from typing import Any, NamedTuple, Optional

from ..errors import DomainError, UndecidableError
from ..resources import get_limits
from ._interval import Box, enclose, excludes_zero

__all__ = ["ZeroTest", "zero_test", "undecided", "ZERO", "NONZERO", "UNKNOWN"]

ZERO, NONZERO, UNKNOWN = "zero", "nonzero", "unknown"

_SIMPLIFY_NODES = 60  # simplify only expressions this small (it can take long on large ones)
_EXPAND_TERMS = 200_000  # expand a polynomial only when its terms (times coefficient growth) stay below this
_ALGEBRAIC_DEGREE = 64  # minimal polynomials only when the degree is bounded by this
_POINTS = 3  # points at which an expression with free symbols is evaluated
_FACTOR_NODES = 400  # factor only expressions this small
_FACTOR_DEPTH = threading.local()  # .n: how deep factors of factors are being decided (at most 3)


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


def zero_test(e: Any) -> ZeroTest:
    """Decide whether ``e`` is zero: ``"zero"``, ``"nonzero"`` or ``"unknown"``, with the method used.

    An expression with free symbols is zero when it is zero as a function
    (for every value of its symbols that their assumptions allow).

    Raises
    ------
    DomainError
        ``e`` has non-commutative factors the test cannot compare.

    Examples
    --------
    >>> import sympy
    >>> x = sympy.Symbol("x")
    >>> zero_test((x + 1)**2 - x**2 - 2*x - 1).verdict
    'zero'
    >>> zero_test(sympy.sin(sympy.pi / 7) * sympy.sin(2 * sympy.pi / 7) * sympy.sin(3 * sympy.pi / 7) - sympy.sqrt(7) / 8)
    ZeroTest(verdict='zero', method='minimal polynomial')
    >>> zero_test(sympy.exp(sympy.pi * sympy.sqrt(163)) - 262537412640768744)
    ZeroTest(verdict='nonzero', method='interval at 256 bits')
    """
    from sympy import Basic

    if not isinstance(e, Basic):
        return ZeroTest(ZERO if e == 0 else NONZERO, "exact")
    if e.is_Number:
        return ZeroTest(ZERO if e.is_zero else NONZERO, "exact")
    lim = get_limits()
    return _cached(e, lim.zero_test_bits, float(lim.zero_test_seconds))


def undecided(e: Any, func: str, test: Optional[ZeroTest] = None) -> bool:
    """Whether to take an undecided element as zero, following ``gt.limits(undecided=...)``.

    Under ``"raise"`` (the default) this raises :class:`UndecidableError`
    naming ``func``, the element and the ways to proceed.

    >>> import gentensor as gt
    >>> with gt.limits(undecided="nonzero"):
    ...     undecided(1, "f")
    False
    """
    policy = get_limits().undecided
    if policy == "zero":
        return True
    if policy == "nonzero":
        return False
    how = f" (tried: {test.method})" if test is not None else ""
    raise UndecidableError(
        f"{func}: cannot decide whether {_short(e)} is zero{how}; raise gt.limits(zero_test_bits=..., "
        "zero_test_seconds=...), simplify the element first, or accept an assumption with "
        "gt.limits(undecided='zero') or gt.limits(undecided='nonzero')",
        e,
    )


def _short(e: Any, limit: int = 120) -> str:
    try:
        text = str(e)
    except Exception:  # a deep tree may not print
        text = f"<{type(e).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


@lru_cache(maxsize=4096)
def _cached(e: Any, bits: int, seconds: float) -> ZeroTest:
    return _Decision(e, bits, time.monotonic() + seconds).run()


class _Decision:
    """One run of the zero test on one expression (the steps of the module docstring)."""

    def __init__(self, e: Any, bits: int, deadline: float) -> None:
        import sympy

        self.sympy = sympy
        self.e = e
        self.bits = max(bits, 64)
        self.deadline = deadline
        self.tried: list[str] = []
        self.box: Optional[Box] = None  # the tightest enclosure found (constants)

    def late(self) -> bool:
        return time.monotonic() > self.deadline

    def run(self) -> ZeroTest:
        e = self.e
        if e.is_Atom:
            known = e.is_zero
            if known is not None:
                return ZeroTest(ZERO if known else NONZERO, "assumptions")
        if not e.is_commutative:
            return self.noncommutative()
        free = e.free_symbols
        if _plain_rational_function(e):
            found = self.rational_function()
            if found is not None:
                return found
        found = self.numeric(free)
        if found is not None:
            return found
        for step in (self.constant_proofs if not free else self.function_proofs, self.rewriting):
            if self.late():
                self.tried.append("stopped at zero_test_seconds")
                break
            found = step()
            if found is not None:
                return found
        return ZeroTest(UNKNOWN, ", ".join(self.tried) or "nothing applied")

    # -- 1. exact forms -------------------------------------------------------------------------

    def noncommutative(self) -> ZeroTest:
        sympy = self.sympy
        if not _plain_rational_function(self.e, negative_powers=False):
            raise DomainError(
                f"zero_test: cannot decide non-commutative expressions with functions (got {_short(self.e)}); "
                "use commutative symbols"
            )
        expanded = sympy.expand(self.e)  # polynomials in non-commuting symbols have one expanded form
        return ZeroTest(ZERO if expanded == 0 else NONZERO, "expanded non-commutative polynomial")

    def rational_function(self) -> Optional[ZeroTest]:
        sympy = self.sympy
        if _expansion_terms(self.e) > _EXPAND_TERMS:
            self.tried.append("polynomial too large to expand")
            return None
        num, _ = sympy.fraction(sympy.together(self.e))
        return ZeroTest(ZERO if sympy.expand(num) == 0 else NONZERO, "polynomial")

    # -- 2. rigorous numerics -------------------------------------------------------------------

    def precisions(self) -> list[int]:
        return sorted({p for p in (64, 256, self.bits) if p <= self.bits})

    def numeric(self, free: set[Any]) -> Optional[ZeroTest]:
        points = [{}] if not free and not _undefined_functions(self.e) else _points(self.e, free)
        if not points:
            self.tried.append("no values satisfy the symbols' assumptions")
        evaluated = False
        for point in points:
            for prec in self.precisions():
                if self.late():
                    break
                box = enclose(self.e, prec, point)
                if box is None:
                    break
                evaluated = True
                if excludes_zero(box):
                    where = " at a point" if point else ""
                    return ZeroTest(NONZERO, f"interval at {prec} bits{where}")
                if not point:
                    self.box = box
        self.tried.append(f"intervals up to {self.bits} bits contain 0" if evaluated else "no interval enclosure")
        return None

    # -- 3. algebraic proofs ----------------------------------------------------------------------

    def constant_proofs(self) -> Optional[ZeroTest]:
        found = _algebraic(self.e, self.sympy)
        if found is not None:
            return found
        self.tried.append("not algebraic (or degree too high)")
        for step in (self.tan_pullback, self.exp_pullback, self.factors):
            found = step()
            if found is not None:
                return found
        return None

    def factors(self) -> Optional[ZeroTest]:
        """A product is zero exactly when a factor of its numerator is: decide each factor.

        The expression is put over one denominator and its numerator
        factored.  A polynomial in transcendental constants (``z**2 + z`` with
        ``z`` a sum of inverse tangents, as elimination produces) is decided
        this way.  The expression has a finite enclosure, so its denominator
        is not zero.
        """
        sympy = self.sympy
        depth = getattr(_FACTOR_DEPTH, "n", 0)
        if self.box is None or _nodes(self.e) > _FACTOR_NODES or depth >= 3:
            return None
        try:
            num, _ = sympy.fraction(sympy.together(self.e))
            product = sympy.factor(num) if num.is_Add else num
        except (RecursionError, MemoryError):
            raise
        except Exception:  # a generator SymPy cannot separate
            return None
        parts = []
        for f in sympy.Mul.make_args(product):
            base, exp = f.as_base_exp()
            if not base.is_Number and not (exp.is_Number and exp.is_negative):
                parts.append(base)
        if not parts or (len(parts) == 1 and parts[0] == self.e):
            self.tried.append("no factors")
            return None
        _FACTOR_DEPTH.n = depth + 1
        try:
            verdicts = [zero_test(b) for b in parts]
        finally:
            _FACTOR_DEPTH.n = depth
        if any(v.verdict == ZERO for v in verdicts):
            return ZeroTest(ZERO, "a factor is 0")
        if all(v.verdict == NONZERO for v in verdicts):
            return ZeroTest(NONZERO, "no factor is 0")
        self.tried.append("factors undecided")
        return None

    def small_box(self) -> bool:
        """The enclosure lies inside |re| < 1, |im| < 1."""
        if self.box is None:
            return False
        from mpmath.libmp import fone, fnone, mpf_gt, mpf_lt

        return all(mpf_gt(iv[0], fnone) and mpf_lt(iv[1], fone) for iv in self.box)

    def tan_pullback(self) -> Optional[ZeroTest]:
        """e = 0 mod pi and |e| < 1 give e = 0; e mod pi is decided through an algebraic number.

        For ``e = sum c_j * atan(t_j) + r*pi`` (integer ``c_j``, algebraic
        ``t_j``, rational ``r``; ``acot``, ``asin``, ``acos`` and ``atan2``
        rewritten as ``atan``), ``w = prod (1 + i t_j)**c_j * exp(i r pi)``
        has argument ``e``, so ``e`` is a multiple of pi exactly when ``w``
        is real: an algebraic question.
        """
        sympy = self.sympy
        if not self.e.has(sympy.atan, sympy.acot, sympy.asin, sympy.acos, sympy.atan2, sympy.pi):
            return None
        try:
            w = _argument_product(self.e, sympy)
            if w is not None:
                im = sympy.im(sympy.expand(w))
                found = ZeroTest(ZERO if im.is_zero else NONZERO, "exact") if im.is_Number else _algebraic(im, sympy)
                if found is not None:
                    if found.verdict == NONZERO:
                        return ZeroTest(NONZERO, "not a multiple of pi")
                    if self.small_box():
                        return ZeroTest(ZERO, "a multiple of pi and |e| < 1")
        except (RecursionError, MemoryError):
            raise
        except Exception:  # SymPy refusing an argument
            return None
        self.tried.append("not a sum of inverse tangents")
        return None

    def exp_pullback(self) -> Optional[ZeroTest]:
        """exp(e) = 1 and |e| < 1 give e = 0 (exp is 1 only at multiples of 2*pi*i)."""
        sympy = self.sympy
        if not self.e.has(sympy.log):
            return None
        try:
            w = sympy.expand(sympy.exp(self.e)) - 1
        except Exception:
            return None
        found = ZeroTest(ZERO if w.is_zero else NONZERO, "exact") if w.is_Number else _algebraic(w, sympy)
        if found is None:
            self.tried.append("exp of the sum not algebraic")
            return None
        if found.verdict == NONZERO:
            return ZeroTest(NONZERO, "exp of the sum is not 1")
        if self.small_box():
            return ZeroTest(ZERO, "exp of the sum is 1 and |e| < 1")
        return None

    def function_proofs(self) -> Optional[ZeroTest]:
        """A rational function of the symbols over constants: zero exactly when every coefficient is."""
        sympy = self.sympy
        free = sorted(self.e.free_symbols, key=str)
        if not self.e.is_rational_function(*free) or _expansion_terms(self.e) > _EXPAND_TERMS:
            return None
        num, _ = sympy.fraction(sympy.together(self.e))
        try:
            coeffs = sympy.Poly(sympy.expand(num), *free).coeffs()
        except Exception:  # a generator SymPy cannot separate
            return None
        verdicts = [zero_test(c) for c in coeffs]
        if any(v.verdict == NONZERO for v in verdicts):
            return ZeroTest(NONZERO, "a coefficient is not 0")
        if all(v.verdict == ZERO for v in verdicts):
            return ZeroTest(ZERO, "every coefficient is 0")
        self.tried.append("coefficients undecided")
        return None

    # -- 4. rewriting ---------------------------------------------------------------------------------

    def rewriting(self) -> Optional[ZeroTest]:
        sympy = self.sympy
        e = self.e
        if _huge_numbers(e):
            return None
        try:
            if e.has(sympy.sin, sympy.cos, sympy.tan, sympy.sinh, sympy.cosh, sympy.tanh):
                if sympy.trigsimp(e) == 0:
                    return ZeroTest(ZERO, "trigsimp")
                self.tried.append("trigsimp")
            if _nodes(e) <= _SIMPLIFY_NODES and not self.late():
                if sympy.simplify(e) == 0:
                    return ZeroTest(ZERO, "simplify")
                self.tried.append("simplify")
        except (RecursionError, MemoryError):
            raise
        except Exception:  # SymPy failing inside a rewrite proves nothing
            self.tried.append("rewriting failed")
        return None


# -- helpers ----------------------------------------------------------------------------------------


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

    from ._interval import enclose

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


def _algebraic(e: Any, sympy: Any) -> Optional[ZeroTest]:
    """Decide an algebraic number by its minimal polynomial (``None`` when ``e`` is not one, or too big)."""
    degree = _degree_bound(e, sympy)
    if degree is None or degree > _ALGEBRAIC_DEGREE:
        return None
    x = sympy.Dummy("x")
    try:
        p = sympy.minimal_polynomial(e, x, polys=True)
    except Exception:  # NotAlgebraic, NotImplementedError, or a domain SymPy cannot build
        return None
    return ZeroTest(ZERO if p.as_expr() == x else NONZERO, "minimal polynomial")


def _degree_bound(e: Any, sympy: Any) -> Optional[int]:
    """A bound on the degree of the field generated by ``e`` (``None`` when ``e`` is not algebraic-form).

    Radicals ``b**(p/q)`` contribute ``q`` each (times their base's degree);
    ``sin``/``cos``/``tan`` of ``(p/q)*pi`` all live in the cyclotomic field of
    order ``lcm(4q)``, of degree ``totient``; ``I`` and the golden ratio 2.
    """
    from math import lcm

    radical = 1
    order = 1
    extra = 1
    stack = [e]
    seen: set[Any] = set()
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
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
    return radical * extra * (int(sympy.totient(order)) if order > 1 else 1)
