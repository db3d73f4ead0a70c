"""Elements of SymPy's polynomial domains back to expressions: fast where nothing can combine, bounded always.

`expr_converter` gives the conversion the symbolic kernels use for their
results; `bounded_to_sympy` is the general one, which runs SymPy's own
``to_sympy`` within the time budget and otherwise builds the element
unevaluated (the same value): SymPy evaluates while it converts, and a power
of a generator such as ``exp(-exp(exp(exp(26))))`` evaluates without end.
`domain_text` names a domain in messages without printing huge generators.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ..errors import LimitError
from ..ops import OutOfTime, within
from ..resources import get_limits

__all__ = ["domain_text", "expr_converter", "bounded_to_sympy"]


def domain_text(K: Any) -> str:
    """A short name of a SymPy domain for messages: its generators through `short_str` (a generator such
    as ``floor(pi*10**300000)`` is never printed in full, which CPython refuses past 4300 digits)."""
    from ..ops import short_str

    gens = list(getattr(K, "symbols", None) or getattr(K, "gens", None) or ())
    if not gens:
        return short_str(K, 60)
    shown = ",".join(short_str(g, 30) for g in gens[:4]) + (f",... ({len(gens)} generators)" if len(gens) > 4 else "")
    ground = getattr(K, "domain", None)
    return f"{short_str(ground, 20) if ground is not None else type(K).__name__}[{shown}]"


def _fast_poly_expr(K: Any) -> Optional[Any]:
    """A fast polynomial-to-expression converter for ``K``, when ``K`` allows one, else ``None``.

    SymPy's ``to_sympy`` builds each term through ``Mul``/``Add`` evaluation,
    which dominates for large determinants.  For polynomials over ZZ or QQ in
    plain symbols no term can combine with another, so the canonical
    expression can be assembled directly: factors and terms sorted as SymPy
    sorts them, then ``_from_args`` (the result equals ``to_sympy``'s).
    """
    if not (K.is_PolynomialRing and (K.domain.is_ZZ or K.domain.is_QQ)):
        return None
    if not all(getattr(s, "is_Symbol", False) for s in K.symbols):
        return None
    try:
        from sympy import Add, Integer, Mul, Pow, S
        from sympy.core.add import _addsort
        from sympy.core.basic import _args_sortkey
    except ImportError:  # pragma: no cover - SymPy moved its helpers
        return None
    symbols, to_number = K.symbols, K.domain.to_sympy

    def convert(p: Any) -> Any:
        items = p.terms()
        # Every factor s**e once, ranked in SymPy's order: each term then sorts by rank.
        factor = {}
        for monom, _ in items:
            for i, e in enumerate(monom):
                if e and (i, e) not in factor:
                    factor[(i, e)] = symbols[i] if e == 1 else Pow(symbols[i], Integer(e))
        ranked = sorted(factor, key=lambda ie: _args_sortkey(factor[ie]))
        rank = {ie: r for r, ie in enumerate(ranked)}.__getitem__
        terms = []
        for monom, coeff in items:
            c = to_number(coeff)
            pairs = sorted(((i, e) for i, e in enumerate(monom) if e), key=rank)
            if not pairs:
                terms.append(c)
                continue
            factors = [factor[ie] for ie in pairs]
            if c != 1:
                factors.insert(0, c)
            terms.append(factors[0] if len(factors) == 1 else Mul._from_args(factors))
        if not terms:
            return S.Zero
        if len(terms) == 1:
            return terms[0]
        _addsort(terms)
        return Add._from_args(terms)

    return convert


def _unevaluated(K: Any, a: Any) -> Any:
    """The element ``a`` of the polynomial ring or fraction field ``K`` as an unevaluated SymPy expression.

    Term by term, each power and product built with ``evaluate=False``: the
    same value as ``K.to_sympy(a)``, without the evaluation that may not end
    (``exp(x)**2`` becomes ``exp(2*x)``, whose constructor evaluates ``2*x``
    numerically to compare it).  ``None`` for other domains.
    """
    from sympy import Add, Mul, Pow, S

    if K.is_FractionField:
        ring = K.get_ring()
        num, den = _unevaluated(ring, a.numer), _unevaluated(ring, a.denom)
        if num is None or den is None:
            return None
        return num if a.denom == ring.one else Mul(num, Pow(den, -1, evaluate=False), evaluate=False)
    if not K.is_PolynomialRing:
        return None
    gens, number = K.symbols, K.domain.to_sympy
    terms = []
    for monom, coeff in a.terms():
        factors = [g if e == 1 else Pow(g, e, evaluate=False) for g, e in zip(gens, monom) if e]
        c = number(coeff)
        if c != 1 or not factors:
            factors.insert(0, c)
        terms.append(factors[0] if len(factors) == 1 else Mul(*factors, evaluate=False))
    if not terms:
        return S.Zero
    return terms[0] if len(terms) == 1 else Add(*terms, evaluate=False)


def bounded_to_sympy(K: Any) -> Callable[[Any], Any]:
    """``K.to_sympy`` that never hangs: within the time budget, else the unevaluated expression (same value).

    SymPy evaluates while it converts: a power of a generator such as
    ``exp(-exp(exp(exp(26))))`` asks mpmath for an unbounded number of
    digits.  Past ``zero_test_seconds`` the element is built unevaluated
    (`_unevaluated`); a domain with no such form (an algebraic field)
    raises [`LimitError`][gentensor.errors.LimitError] instead of hanging.
    """
    convert = K.to_sympy

    def bounded(a: Any) -> Any:
        try:
            return within(None, convert, a)
        except OutOfTime:
            pass
        except (RecursionError, OverflowError, MemoryError):
            pass
        fallback = _unevaluated(K, a)
        if fallback is None:
            raise LimitError(
                f"linalg: converting an element of {domain_text(K)} to an expression did not finish within the time "
                f"budget of {get_limits().zero_test_seconds} s; raise it with gt.limits(zero_test_seconds=...)"
            )
        return fallback

    return bounded


def expr_converter(K: Any) -> Any:
    """A function taking elements of ``K`` to SymPy expressions (fast where possible, always within the time budget)."""
    if K.is_FractionField:
        fast = _fast_poly_expr(K.get_ring())
        if fast is not None:
            one = K.get_ring().one

            last: list[Any] = [None, None]  # the previous denominator and its expression (often shared)

            def convert_fraction(f: Any) -> Any:
                num, den = fast(f.numer), f.denom
                if den == one:
                    return num
                if last[0] is None or den != last[0]:
                    last[0], last[1] = den, fast(den)
                return num / last[1]

            return convert_fraction
        return bounded_to_sympy(K)
    return _fast_poly_expr(K) or bounded_to_sympy(K)
