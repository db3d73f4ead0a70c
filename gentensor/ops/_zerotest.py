"""The zero test of symbolic elements: zero, non-zero, or unknown -- proven, never guessed.

Every pivot choice, rank and singularity verdict on symbolic matrices rests
on deciding whether an expression is zero.  Simplifying and comparing with 0
is not a decision: ``atan(1/2) + atan(1/3) - pi/4`` is zero yet no
simplification SymPy tries reaches 0, so SymPy calls it non-zero and inverts
a singular matrix.  `zero_test` answers only what it can prove, trying
in order (cheapest first, each within the budget of [`gentensor.limits`][gentensor.resources.limits]):

1. **exact forms** -- numbers; rational functions of symbols with rational
   (or Gaussian) coefficients, decided by expanding the numerator;
2. **rigorous numerics** -- the expression enclosed in complex intervals
   (`gentensor.ops._enclose`) at rising precision up to
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
   coefficients are each decided; a constant whose sub-sums proven zero
   (each by this test, one level deep) are replaced by 0 (`._zeroparts`);
4. **rewriting** -- ``trigsimp`` and, for small expressions, ``simplify``;
   reaching 0 is a proof.

Between 2 and 3 come two steps that never call SymPy's numerics: bounds in
log space (`gentensor.ops._magnitude`) prove a constant too large to
enclose non-zero (``exp(exp(exp(20))) - 1``), and an expression that is
zero as a rational function of its non-polynomial parts (``sin(y)``,
``exp(z)``, ``sqrt(2)``, taken as independent unknowns) is zero.  Steps 3
and 4 call SymPy: they run only when evaluating the expression costs less
than the precision budget (`gentensor.ops._magnitude.too_costly`), and
under the time budget (`gentensor.ops._budget.within`), which stops
SymPy inside its own calls.

Whatever is left is ``"unknown"``.
[`SymbolicOps.is_zero`][gentensor.ops._symbolic.SymbolicOps.is_zero] then raises
[`UndecidableError`][gentensor.errors.UndecidableError] (or follows ``gt.limits(undecided=...)``);
it never turns "unknown" into "non-zero" silently.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, Optional

from ..errors import DomainError, UndecidableError
from ..resources import BoundedMemo, get_limits
from ._algebraic_zero import algebraic_zero, minimal_polynomial_verdict
from ._budget import OutOfTime, within
from ._enclose import Box, enclose, excludes_zero
from ._exprlimits import check_expr
from ._magnitude import precision_budget, survey
from ._show import short_str
from ._zeroparts import may_be_undefined, zero_parts
from ._zerotools import (
    NONZERO,
    UNKNOWN,
    ZERO,
    ZeroTest,
    _argument_product,
    _expansion_terms,
    _huge_numbers,
    _nodes,
    _plain_rational_function,
    _points,
    _undefined_functions,
)

__all__ = ["ZeroTest", "zero_test", "undecided", "ZERO", "NONZERO", "UNKNOWN"]

_SIMPLIFY_NODES = 60  # simplify only expressions this small (it can take long on large ones)
_EXPAND_TERMS = 200_000  # expand a polynomial only when its terms (times coefficient growth) stay below this
_FACTOR_NODES = 400  # factor only expressions this small
_FACTOR_DEPTH = threading.local()  # .n: how deep factors of factors are being decided (at most 3)


def zero_test(e: Any, *, func: str = "zero_test", checked: bool = False) -> ZeroTest:
    """Decide whether ``e`` is zero: ``"zero"``, ``"nonzero"`` or ``"unknown"``, with the method used.

    An expression with free symbols is zero when it is zero as a function
    (for every value of its symbols that their assumptions allow).  ``e``
    is first held to the limits ``gt.tensor`` applies to SymPy values
    (``max_depth``, ``max_nodes``, and ``max_bits`` for unevaluated powers of
    numbers); ``checked=True`` (elements already checked on their way in,
    and results computed from them) checks the powers only.  ``func`` names
    the caller in messages.  The whole test takes about ``zero_test_seconds``
    at most.

    Raises
    ------
    DomainError
        ``e`` has non-commutative factors the test cannot compare.
    LimitError
        ``e`` is past a limit of [`gentensor.limits`][gentensor.resources.limits].

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
    found = _CACHE.get((e, lim.zero_test_bits, float(lim.zero_test_seconds)))
    if found is not None:
        return found
    check_expr(e, func, count_numbers=False, structure=not checked)
    return _cached(e, lim.zero_test_bits, float(lim.zero_test_seconds))


def undecided(e: Any, func: str, test: Optional[ZeroTest] = None) -> bool:
    """Whether to take an undecided element as zero, following ``gt.limits(undecided=...)``.

    Under ``"raise"`` (the default) this raises [`UndecidableError`][gentensor.errors.UndecidableError]
    naming ``func``, the element and the ways to proceed.

    Examples
    --------
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
    if type(e).__module__.startswith("sympy.polys") and hasattr(e, "as_expr"):
        # An element of a SymPy domain (linear algebra's kernels): show the expression, converted within the
        # budget (SymPy evaluates while it converts: exp(a)**2 becomes exp(2*a), whose constructor may not end);
        # past it the element itself, which short_str shows without evaluating.
        try:
            e = within(None, e.as_expr)
        except (OutOfTime, RecursionError, OverflowError, MemoryError):
            pass
    how = f" (tried: {test.method})" if test is not None else ""
    raise UndecidableError(
        f"{func}: cannot decide whether {_short(e)} is zero{how}; raise gt.limits(zero_test_bits=..., "
        "zero_test_seconds=...), simplify the element first, or accept an assumption with "
        "gt.limits(undecided='zero') or gt.limits(undecided='nonzero')",
        e,
    )


def _short(e: Any, limit: int = 120) -> str:
    return short_str(e, limit)


def _decided(verdicts: list[ZeroTest], one: str, one_says: str, every: str, every_says: str) -> Optional[ZeroTest]:
    """The verdict ``one`` when one of ``verdicts`` is it, ``every`` when all are; else ``None`` (undecided)."""
    if any(v.verdict == one for v in verdicts):
        return ZeroTest(one, one_says)
    if all(v.verdict == every for v in verdicts):
        return ZeroTest(every, every_says)
    return None


_CACHE = BoundedMemo(4096)  # (expression, zero_test_bits, zero_test_seconds) -> ZeroTest


def _cached(e: Any, bits: int, seconds: float) -> ZeroTest:
    """The verdict on ``e`` under this budget, remembered (unless the time budget cut the run short)."""
    key = (e, bits, seconds)
    found = _CACHE.get(key)
    if found is not None:
        return found
    decision = _Decision(e, bits, time.monotonic() + seconds)
    result = decision.run()
    if result.verdict != UNKNOWN or not decision.late():  # an "unknown" cut short by the clock is not remembered
        _CACHE.remember(key, result)
    return result


def clear_cache() -> None:
    """Forget the remembered verdicts (benchmarks time the test itself)."""
    with _CACHE.lock:
        _CACHE.clear()


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
        found = algebraic_zero(e, self.bits, self.deadline)  # CRootOf, AlgebraicNumber: decided exactly, or None
        if found is not None:
            return found
        free = e.free_symbols
        # Exact and numeric steps that never hand the expression to SymPy's numerics.  (An exact
        # decision for algebraic numbers belongs here too, before the numerics.)
        exact_steps = (self.rational_function, lambda: self.numeric(free), self.magnitude, self.generators)
        for step in exact_steps:
            found = step()
            if found is not None:
                return found
        cost = survey(e).cost
        if cost > precision_budget():
            # a finite cost may still be astronomical (2.3e175 bits for a tower of four): never a 176-digit number
            shown = "an unbounded number of" if cost == float("inf") else f"about {int(cost)}" if cost < 1e12 else f"about {cost:.2g}"
            self.tried.append(f"evaluating it needs {shown} bits, past the precision budget of 16 * zero_test_bits")
            return self.unknown()
        for step in (self.constant_proofs if not free else self.function_proofs, self.parts, self.rewriting):
            found = self.bounded(step)
            if found is not None:
                return found
        return self.unknown()

    def unknown(self) -> ZeroTest:
        return ZeroTest(UNKNOWN, ", ".join(self.tried) or "nothing applied")

    def bounded(self, step: Callable[[], Optional[ZeroTest]]) -> Optional[ZeroTest]:
        """``step()`` under the rest of the time budget; SymPy failing inside it proves nothing."""
        if self.late():
            self.stopped()
            return None
        try:
            return within(self.deadline - time.monotonic(), step)
        except OutOfTime:
            self.stopped()
        except (RecursionError, MemoryError, OverflowError):
            self.tried.append(f"{getattr(step, '__name__', 'a step')} failed")
        return None

    def stopped(self) -> None:
        if "stopped at zero_test_seconds" not in self.tried:
            self.tried.append("stopped at zero_test_seconds")

    # -- 1. exact forms -------------------------------------------------------------------------

    def noncommutative(self) -> ZeroTest:
        sympy = self.sympy
        if not _plain_rational_function(self.e, negative_powers=False):
            raise DomainError(
                f"zero_test: cannot decide non-commutative expressions with functions (got {_short(self.e)}); "
                "use commutative symbols"
            )
        if _expansion_terms(self.e) > _EXPAND_TERMS:
            self.tried.append("polynomial too large to expand")
            return self.unknown()
        found = self.bounded(lambda: ZeroTest(ZERO if sympy.expand(self.e) == 0 else NONZERO, "expanded non-commutative polynomial"))
        return found if found is not None else self.unknown()

    def rational_function(self) -> Optional[ZeroTest]:
        if not _plain_rational_function(self.e):
            return None
        return self.expanded(self.e, "polynomial")

    def expanded(self, e: Any, method: str) -> Optional[ZeroTest]:
        """Zero or non-zero by expanding the numerator of a rational function of symbols (independent unknowns)."""
        sympy = self.sympy
        if _expansion_terms(e) > _EXPAND_TERMS:
            self.tried.append("polynomial too large to expand")
            return None

        def expand() -> ZeroTest:
            num, _ = sympy.fraction(sympy.together(e))
            return ZeroTest(ZERO if sympy.expand(num) == 0 else NONZERO, method)

        return self.bounded(expand)

    def generators(self) -> Optional[ZeroTest]:
        """Zero as a rational function of its generators (``sin(y)``, ``exp(2)``, ``sqrt(3)`` as unknowns) is zero.

        Substituting independent unknowns for the non-polynomial parts involves
        no numerics; a zero numerator then proves zero for any values of the
        parts.  A non-zero one proves nothing (the parts may obey relations).
        """
        if self.e.is_Atom:
            return None
        abstract = _abstracted(self.e, self.sympy)
        if abstract is None:
            return None
        found = self.expanded(abstract, "zero as a rational function of its parts")
        if found is not None and found.verdict == ZERO:
            return found
        return None

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
                box = enclose(self.e, prec, point, exact=None if point else _proven_zero)
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

    def magnitude(self) -> Optional[ZeroTest]:
        """A constant too large (or small) to enclose, proven non-zero by its bounds in log space."""
        if self.box is not None or self.e.free_symbols:
            return None
        mag = survey(self.e).mag
        if mag is not None and mag.nonzero:
            return ZeroTest(NONZERO, "magnitude bounds in log space")
        return None

    # -- 3. algebraic proofs ----------------------------------------------------------------------

    def constant_proofs(self) -> Optional[ZeroTest]:
        found = minimal_polynomial_verdict(self.e, self.sympy)
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
        except (RecursionError, MemoryError, OverflowError):
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
            verdicts = [zero_test(b, checked=True) for b in parts]
        finally:
            _FACTOR_DEPTH.n = depth
        found = _decided(verdicts, ZERO, "a factor is 0", NONZERO, "no factor is 0")
        if found is None:
            self.tried.append("factors undecided")
        return found

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
                found = ZeroTest(ZERO if im.is_zero else NONZERO, "exact") if im.is_Number else minimal_polynomial_verdict(im, sympy)
                if found is not None:
                    if found.verdict == NONZERO:
                        return ZeroTest(NONZERO, "not a multiple of pi")
                    if self.small_box():
                        return ZeroTest(ZERO, "a multiple of pi and |e| < 1")
        except (RecursionError, MemoryError, OverflowError):
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
        except (RecursionError, MemoryError, OverflowError):
            raise
        except Exception:
            return None
        found = ZeroTest(ZERO if w.is_zero else NONZERO, "exact") if w.is_Number else minimal_polynomial_verdict(w, sympy)
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
        verdicts = [zero_test(c, checked=True) for c in coeffs]
        found = _decided(verdicts, NONZERO, "a coefficient is not 0", ZERO, "every coefficient is 0")
        if found is None:
            self.tried.append("coefficients undecided")
        return found

    # -- 4. rewriting ---------------------------------------------------------------------------------

    def parts(self) -> Optional[ZeroTest]:
        """A constant with sub-sums proven zero: decided once they are replaced by 0 (`._zeroparts`)."""
        return zero_parts(self.e, lambda d: zero_test(d, checked=True))

    def rewriting(self) -> Optional[ZeroTest]:
        sympy = self.sympy
        e = self.e
        if _huge_numbers(e):
            return None
        try:
            if e.has(sympy.sin, sympy.cos, sympy.tan, sympy.sinh, sympy.cosh, sympy.tanh):
                if sympy.trigsimp(e) == 0 and not may_be_undefined(e):
                    return ZeroTest(ZERO, "trigsimp")
                self.tried.append("trigsimp")
            if _nodes(e) <= _SIMPLIFY_NODES and not self.late():
                if sympy.simplify(e) == 0 and not may_be_undefined(e):  # (0/0 in disguise simplifies to 0 too)
                    return ZeroTest(ZERO, "simplify")
                self.tried.append("simplify")
        except (RecursionError, MemoryError, OverflowError):
            raise
        except Exception:  # SymPy failing inside a rewrite proves nothing
            self.tried.append("rewriting failed")
        return None


def integer_value(e: Any) -> Optional[int]:
    """The integer a constant ``floor``/``ceiling`` (or any constant whose box is one integer) equals, if proven.

    ``floor(atan(1/2) + atan(1/3) - pi/4)`` is 0, though SymPy's numerics
    raise on it: the box of its argument holds 0, and the zero test proves
    the argument is 0.  ``None`` when not proven (or not a constant).

    Examples
    --------
    >>> import sympy
    >>> z = sympy.atan(sympy.Rational(1, 2)) + sympy.atan(sympy.Rational(1, 3)) - sympy.pi / 4
    >>> integer_value(sympy.floor(z, evaluate=False)), integer_value(sympy.pi) is None
    (0, True)
    """
    if getattr(e, "free_symbols", True):
        return None
    box = enclose(e, 64, exact=_proven_zero)
    if box is None:
        return None
    (lo, hi), (ilo, ihi) = box
    from mpmath.libmp import fzero, to_int

    if lo != hi or ilo != fzero or ihi != fzero:
        return None
    n = to_int(lo)
    from mpmath.libmp import from_int

    return n if from_int(n) == lo else None


_EXACT_DEPTH = threading.local()  # .n: how deep floor/ceiling values are being decided


def _proven_zero(d: Any) -> bool:
    """Whether the constant ``d`` is proven zero (for floor and ceiling at integers), two levels deep at most."""
    depth = getattr(_EXACT_DEPTH, "n", 0)
    if depth >= 2:
        return False
    _EXACT_DEPTH.n = depth + 1
    try:
        return zero_test(d, checked=True).verdict == ZERO
    finally:
        _EXACT_DEPTH.n = depth


def _abstracted(e: Any, sympy: Any) -> Optional[Any]:
    """``e`` with every part that is not a rational function of symbols replaced by a fresh unknown.

    ``None`` when nothing was replaced (the exact step already covered ``e``) or
    when a Float is inside (its value is not exact).
    """
    parts: dict[Any, Any] = {}

    def walk(node: Any) -> Any:
        if node.is_Symbol or node.is_Rational or type(node).__name__ == "ImaginaryUnit":
            return node
        if node.is_Float:
            raise _Inexact
        if node.is_Add or node.is_Mul:
            return node.func(*[walk(a) for a in node.args])
        if node.is_Pow and node.exp.is_Integer:
            return walk(node.base) ** node.exp
        if node not in parts:
            parts[node] = sympy.Dummy(f"g{len(parts)}")
        return parts[node]

    try:
        out = walk(e)
    except _Inexact:
        return None
    return out if parts else None


class _Inexact(Exception):
    """Internal: a Float inside an expression being abstracted."""
