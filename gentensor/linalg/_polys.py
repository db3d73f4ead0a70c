"""Symbolic matrices through SymPy's polynomial domains (``sympy.polys``).

Elimination on raw SymPy expressions either swells (no cancellation) or
spends its time in ``cancel``.  Instead the entries of a symbolic matrix are
converted once into the smallest SymPy domain that holds them
(`sympy.polys.constructor.construct_domain`: ``ZZ[x]``, ``QQ[x, y]``,
``ZZ(x)``, ``ZZ_I[x]``, ... and ``EX`` as the last resort), the kernels run
on those canonical elements (`DomainOps` presents a domain as an ops
object), and the results are converted back to expressions at the end.

Zero tests stay semantic: when a generator is not a plain symbol
(``sin(x)``, ``sqrt(x)``), a formally non-zero element may still be zero
(``sin(x)**2 + cos(x)**2 - 1``), so `DomainOps` then decides with
`gentensor.ops.symbolic.zero_test`: pivots are entries proven non-zero,
and an undecidable pivot raises instead of being guessed.  Non-commutative
entries are refused with ``DomainError``.  SymPy is imported on first use only.
"""
# mypy: disable-error-code="assignment,method-assign"
# (members that are operator functions or domain methods replace BaseOps methods: same call)

from __future__ import annotations

import operator
from functools import partial, reduce
from typing import Any, Callable, Optional

from ..ops import BaseOps, Capabilities, ZeroTest
from ..ops import OutOfTime, Walk, short_repr, within, zero_test
from ._toexpr import bounded_to_sympy, domain_text

__all__ = [
    "DomainOps",
    "to_domain",
    "clear_rows",
    "clear_all",
    "field_of",
    "needs_semantic_zero",
]


_CANONICAL_ZERO = ZeroTest("zero", "canonical form")


def _element_exquo(a: Any, b: Any) -> Any:
    return a.exquo(b)


class _OperatorOps(BaseOps):
    """Ops of elements that carry their ring's arithmetic in Python's operators (SymPy's domain elements)."""

    is_commutative = True
    has_exquo = True
    add = staticmethod(operator.add)
    sub = staticmethod(operator.sub)
    mul = staticmethod(operator.mul)
    neg = staticmethod(operator.neg)


class DomainOps(_OperatorOps):
    """A SymPy domain seen as an element-operations object (internal to linalg).

    Arithmetic is the domain elements' own operators; ``exquo`` is the
    domain's exact division; ``is_zero`` is the domain's canonical test.  When
    ``semantic`` is true, ``zero_test`` is the three-valued test of
    `gentensor.symbolic` (pivot searches use it) and ``is_zero`` answers
    "proven zero" (kernels use it only to skip work, which is safe for an
    entry that is zero but not known to be).
    """

    def __init__(self, K: Any, semantic: bool = False) -> None:
        self.K = K
        self.name = f"sympy domain {domain_text(K)}"
        self.zero = K.zero
        self.one = K.one
        self.capabilities = Capabilities(
            exact=bool(K.is_Exact), integral_domain=True, field=bool(K.is_Field), exact_division=True
        )
        # PolyElement.exquo divides once; the domain's exquo computes % and // separately.
        self.exquo = _element_exquo if K.is_PolynomialRing else K.exquo
        self.semantic = semantic
        if semantic:
            self.is_zero = self._semantic_is_zero
            self.zero_test = self._zero_test
        else:
            self.is_zero = K.is_zero

    def _zero_test(self, a: Any) -> Any:
        if self.K.is_zero(a):
            return _CANONICAL_ZERO
        return zero_test(self.expression(a), checked=True)

    @property
    def expression(self) -> Callable[[Any], Any]:
        """Elements to SymPy expressions within the time budget (`bounded_to_sympy`), made once."""
        convert = self.__dict__.get("_expression")
        if convert is None:
            convert = self.__dict__["_expression"] = bounded_to_sympy(self.K)
        return convert

    def _semantic_is_zero(self, a: Any) -> bool:
        return bool(self._zero_test(a).is_zero)

    def equal(self, a: Any, b: Any) -> bool:
        return self.is_zero(a - b)

    def div(self, a: Any, b: Any) -> Any:
        return self.K.quo(a, b)

    def sum(self, values: Any) -> Any:
        return reduce(operator.add, values, self.zero)

    def to_sympy(self, a: Any) -> Any:
        return self.expression(a)

    def __repr__(self) -> str:
        return self.name


def needs_semantic_zero(K: Any) -> bool:
    """True when a formally non-zero element of ``K`` might still be zero as an expression.

    Polynomials and rational functions in independent symbols are zero exactly
    when their canonical form is; generators such as ``sin(x)`` or ``sqrt(x)``
    obey relations the domain does not know, and ``EX`` elements are
    expressions.
    """
    if K.is_PolynomialRing or K.is_FractionField:
        return not all(getattr(s, "is_Symbol", False) for s in K.symbols) or needs_semantic_zero(K.domain)
    return bool(K.is_EX)


def to_domain(values: list[Any]) -> tuple[Any, list[Any]]:
    """The smallest SymPy domain holding all ``values`` (SymPy expressions) and their images.

    Expanded polynomials in plain symbols with rational coefficients (the
    common case: ``gt.symbols`` matrices, ``a*x**2 + b``) are read term by
    term (`_expanded_polys`); constants that are algebraic numbers of small
    degree go to their algebraic field (`_algebraic_domain`: exact, no zero
    test needed); other exact expressions are read as polynomials
    or rational functions whose generators are their symbols and their
    non-polynomial parts (``sin(x)``, ``sqrt(2)``, ``exp(x)``, ``pi``, ``I``),
    over ``ZZ`` or ``QQ`` (`_tree_domain`:
    products and powers are computed in the ring, never by expanding
    expressions, and nothing is evaluated numerically); expressions with
    floats or infinities go through SymPy's ``construct_domain``.

    Raises
    ------
    LimitError
        Expanding an entry would build more than about ``10**8`` terms (times
        the growth of their coefficients): ``(x + y + z)**5000``.

    Examples
    --------
    >>> import sympy
    >>> x = sympy.Symbol("x")
    >>> K, elems = to_domain([x + 1, 2 * x])
    >>> K
    ZZ[x]
    >>> to_domain([sympy.sin(x) + 1])[0]
    ZZ[sin(x)]
    >>> to_domain([sympy.sqrt(2) / 3, sympy.I])[0]
    QQ<sqrt(2) + I>
    >>> to_domain([sympy.sqrt(2) * x, sympy.I])[0]
    ZZ[x,sqrt(2),I]
    """
    if not values:
        from sympy import ZZ

        return ZZ, []
    fast = _expanded_polys(values)
    if fast is not None:
        return fast
    algebraic = _algebraic_domain(values)
    if algebraic is not None:
        return algebraic
    tree = _tree_domain(values)
    if tree is not None:
        return tree
    from sympy.polys.constructor import construct_domain

    K, elems = construct_domain(values)
    return K, list(elems)


#: Entries whose expansion costs more than this (terms times coefficient growth, `_expansion_terms`) are refused.
EXPANSION_LIMIT = 10**8


#: Generators times terms past which polynomial rings cost more than expressions (each monomial is a tuple
#: with one exponent per generator: a sum of 6000 symbols would hold 36 million exponents).
GENERATOR_WORK = 2_000_000


class _TooLarge(Exception):
    """Internal: the entries have too many generators for polynomial rings; the generic kernels run instead."""


def _check_work(ngens: int, terms: int) -> None:
    if ngens * terms > GENERATOR_WORK:
        raise _TooLarge


class _NoDomain:
    """What `_matrix_domain` returns instead of a domain when none is worth building (the kernels decline)."""

    is_Exact = False


def _generators(values: list[Any]) -> Optional[tuple[list[Any], bool, bool]]:
    """The generators of ``values`` and whether they need ``QQ`` and a fraction field; ``None`` for floats.

    Generators are the commutative symbols (sorted by name) and then every
    part that is not built of rational numbers, symbols, ``+``, ``*`` and
    integer powers, in the order they first appear.  ``I`` is such a part:
    over ``ZZ`` with ``I`` as an unknown, gcds are SymPy's fast heuristic
    ones, where the Gaussian ``ZZ_I`` of several variables falls back to
    subresultants (minutes for a 3x3 inverse).
    """
    from sympy import S, Float

    specials = (Float, S.Infinity, S.NegativeInfinity, S.ComplexInfinity, S.NaN)
    symbols: dict[Any, None] = {}
    parts: dict[Any, None] = {}
    rational = fractions = False
    walk = Walk(values)
    stack = walk.stack
    for node in walk:
        if node.is_Rational:
            rational = rational or not node.is_Integer
        elif node.is_Symbol:
            symbols[node] = None
        elif node.is_Add or node.is_Mul:
            stack.extend(reversed(node.args))
        elif node.is_Pow and node.exp.is_Integer:
            fractions = fractions or node.exp.is_negative
            stack.append(node.base)
        elif node.is_Number or node.has(*specials) or not node.is_commutative:
            # floats, infinities, nan: SymPy's domains decide (read off the tree: an assumption query
            # such as is_infinite evaluates numerically without a bound)
            return None
        else:
            parts[node] = None
    return [*sorted(symbols, key=lambda s: (s.name, str(type(s)))), *parts], rational, fractions


def _as_expr(v: Any) -> Any:
    """A SymPy value for ``v`` (ints and Fractions converted), ``None`` for anything else."""
    from fractions import Fraction

    from sympy import Basic, Integer, Rational

    if isinstance(v, Basic):
        return v
    if isinstance(v, int):
        return Integer(v)
    if isinstance(v, Fraction):
        return Rational(v.numerator, v.denominator)
    return None


#: Algebraic numbers whose field degree is past this bound stay generators (their arithmetic would cost more).
ALGEBRAIC_DEGREE = 16


def _algebraic_domain(values: list[Any]) -> Optional[tuple[Any, list[Any]]]:
    """Constants that are all algebraic numbers (radicals, ``I``, sin and cos of rational multiples of pi) in their field.

    ``QQ<theta>`` (SymPy's algebraic field of a primitive element) computes
    exactly: its zero is the zero, so no zero test is needed and no hidden
    relation can make an exact division fail.  ``None`` when an entry has
    symbols or a non-algebraic part, the degree is past `ALGEBRAIC_DEGREE`,
    or SymPy does not find the field within the time budget.
    """
    import sympy
    from sympy.polys.constructor import construct_domain

    from ..ops import degree_bound as _degree_bound

    exprs = [_as_expr(v) for v in values]
    if any(e is None or e.free_symbols or e.has(sympy.Float) for e in exprs):
        return None
    try:  # SymPy builds a wrong field from an unevaluated power (Pow(2, 3) became 0 in QQ<8>): evaluated first
        exprs = within(None, lambda: [_evaluated(e) for e in exprs])
    except OutOfTime:
        return None
    except Exception:  # a node SymPy cannot rebuild from its args: no field from here
        return None
    if all(e.is_Rational for e in exprs):
        return None
    distinct = {e for e in exprs if not e.is_Rational}
    degree = _degree_bound(sympy.Add(*distinct, evaluate=False), sympy)  # one bound for the field of all of them
    if degree is None or degree > ALGEBRAIC_DEGREE:
        return None
    try:
        K, elems = within(None, partial(construct_domain, extension=True), exprs)
    except OutOfTime:
        return None
    except Exception:  # SymPy not finding the field (NotAlgebraic, a degree it cannot handle)
        return None
    if not (K.is_AlgebraicField or K.is_QQ or K.is_ZZ):
        return None
    return K, list(elems)


def _evaluated(e: Any) -> Any:
    """``e`` rebuilt from the leaves up with SymPy's evaluation (``Pow(2, 3, evaluate=False)`` is ``8``): the same
    number in the canonical form SymPy's domain constructors expect.

    Examples
    --------
    >>> import sympy
    >>> _evaluated(sympy.Add(sympy.Pow(2, 3, evaluate=False), sympy.sqrt(2), evaluate=False))
    sqrt(2) + 8
    """
    if not e.args:
        return e
    return e.func(*[_evaluated(a) for a in e.args])


def _integer_parts(gens: list[Any]) -> dict[Any, Any]:
    """The constant ``floor``/``ceiling`` parts whose integer value the zero test proves (hidden zeros inside)."""
    from sympy import Integer

    from ..ops import integer_value

    known = {}
    for g in gens:
        if type(g).__name__ in ("floor", "ceiling") and not g.free_symbols:
            n = integer_value(g)
            if n is not None:
                known[g] = Integer(n)
    return known


def _tree_domain(values: list[Any]) -> Optional[tuple[Any, list[Any]]]:
    """``values`` as elements of a polynomial ring (or its field) over their generators, or ``None``.

    Each entry is built bottom-up with the ring's own ``+ * **``, so
    ``(x + 1)**3000`` costs one power in the ring, not an expansion of
    expressions; generators that obey relations (``sqrt(2)``, ``sin(x)`` and
    ``cos(x)``) are kept as independent unknowns, and the zero tests of the
    kernels see through them (`needs_semantic_zero`).
    """
    from sympy import QQ, ZZ

    from ..errors import LimitError
    from ..ops import expansion_terms as _expansion_terms

    values = [_as_expr(v) for v in values]
    if any(v is None for v in values):
        return None
    found = _generators(values)
    if found is None:
        return None
    gens, rational, fractions = found
    known = _integer_parts(gens)
    gens = [g for g in gens if g not in known]
    total = 0
    for v in values:
        size = _expansion_terms(v)
        if size > EXPANSION_LIMIT:
            raise LimitError(
                f"linalg: expanding an entry would build about {size} terms (times the growth of their "
                f"coefficients), more than {EXPANSION_LIMIT} (got {short_repr(v, 60)}); factor or substitute first"
            )
        total += size
    _check_work(len(gens), total)
    ground = QQ if rational else ZZ
    convert: Callable[[Any], Any]
    if not gens:
        K = ground.get_field() if fractions else ground
        convert = K.from_sympy
        gen_elems: list[Any] = []
    else:
        K = ground.frac_field(*gens) if fractions else ground.poly_ring(*gens)
        base = K.field if fractions else K.ring
        gen_elems = list(K.gens)

        def convert(n: Any) -> Any:
            return base.ground_new(ground.from_sympy(n))

    one = K.one

    index = {g: i for i, g in enumerate(gens)}
    memo: dict[Any, Any] = {}

    def build(node: Any) -> Any:
        got = memo.get(node)
        if got is not None:
            return got
        if node in known:
            out = convert(known[node])
        elif node.is_Add:
            out = reduce(operator.add, (build(a) for a in node.args))
        elif node.is_Mul:
            out = reduce(operator.mul, (build(a) for a in node.args))
        elif node in index:
            out = gen_elems[index[node]]
        elif node.is_Pow and node.exp.is_Integer:
            k = int(node.exp)
            out = build(node.base) ** k if k >= 0 else (one / build(node.base)) ** (-k)
        else:
            out = convert(node)
        memo[node] = out
        return out

    try:
        return K, [build(v) for v in values]
    except ZeroDivisionError:
        return None  # a power of an entry that is formally 0: SymPy's domains decide


def _expanded_polys(values: list[Any]) -> Optional[tuple[Any, list[Any]]]:
    """``(ZZ[gens] or QQ[gens], elements)`` when every value is an expanded polynomial, else ``None``.

    Expanded means: a sum of products of a rational number and powers
    ``s**k`` (``k`` a positive integer) of commutative symbols -- exactly the
    form SymPy's own evaluation leaves such polynomials in, so reading the
    terms directly gives the same polynomial ``construct_domain`` would find.
    """
    from fractions import Fraction

    symbols: dict[Any, int] = {}
    parsed = []
    integral = True
    for v in values:
        if not hasattr(v, "is_Add"):  # not a SymPy object
            return None
        terms: dict[tuple[tuple[Any, int], ...], Any] = {}
        for term in v.args if v.is_Add else (v,):
            coeff: Any = 1
            powers = []
            for f in term.args if term.is_Mul else (term,):
                if f.is_Rational:
                    if f.is_Integer:
                        coeff *= int(f)
                    else:
                        coeff *= Fraction(int(f.p), int(f.q))
                        integral = False
                elif f.is_Symbol and f.is_commutative:
                    powers.append((f, 1))
                elif f.is_Pow and f.base.is_Symbol and f.base.is_commutative and f.exp.is_Integer and f.exp > 0:
                    powers.append((f.base, int(f.exp)))
                else:
                    return None
            for sym, _ in powers:
                symbols.setdefault(sym, len(symbols))
            if coeff:
                key = tuple(powers)
                terms[key] = terms.get(key, 0) + coeff
        parsed.append(terms)
    if not symbols:
        return None
    _check_work(len(symbols), sum(len(t) for t in parsed))
    from sympy import QQ, ZZ, default_sort_key

    gens = sorted(symbols, key=default_sort_key)
    index = {g: i for i, g in enumerate(gens)}
    dom = ZZ if integral else QQ
    K = dom[tuple(gens)]
    make = K.ring.from_dict
    convert = dom.convert
    elements = []
    for term_dict in parsed:
        poly: dict[tuple[int, ...], Any] = {}
        for factors, value in term_dict.items():
            if not value:
                continue
            exponents = [0] * len(gens)
            for sym, e in factors:
                exponents[index[sym]] += e
            monom = tuple(exponents)
            poly[monom] = poly.get(monom, 0) + value
        elements.append(make({m: convert(c) for m, c in poly.items() if c}))
    return K, elements


def field_of(K: Any) -> Any:
    """The field of fractions of ``K`` (``K`` itself when it is a field)."""
    return K if K.is_Field else K.get_field()


def clear_rows(K: Any, rows: list[list[Any]]) -> tuple[Any, list[list[Any]], Optional[list[Any]]]:
    """Move a matrix over a fraction field into its polynomial ring, row by row.

    Returns ``(R, rows_R, scales)``: each row multiplied by the lcm of its
    denominators (``scales[i]``, in ``R``).  When ``K`` is not a fraction field
    the rows come back unchanged with ``scales = None``.
    """
    if not K.is_FractionField:
        return K, rows, None
    R = K.get_ring()
    numer, denom, lcm, exquo = K.numer, K.denom, R.lcm, R.exquo
    out: list[list[Any]] = []
    scales: list[Any] = []
    for row in rows:
        s = reduce(lcm, (denom(v) for v in row), R.one)
        scales.append(s)
        out.append([numer(v) * exquo(s, denom(v)) for v in row])
    return R, out, scales


def clear_all(K: Any, rows: list[list[Any]]) -> tuple[Any, list[list[Any]], Any]:
    """Multiply a whole matrix over a fraction field by one common denominator ``d``.

    Returns ``(R, rows_R, d)`` with ``rows_R == d * rows`` in the ring ``R``
    (``d`` is ``None`` when ``K`` is not a fraction field).
    """
    if not K.is_FractionField:
        return K, rows, None
    R = K.get_ring()
    numer, denom, exquo = K.numer, K.denom, R.exquo
    d = reduce(R.lcm, (denom(v) for row in rows for v in row), R.one)
    return R, [[numer(v) * exquo(d, denom(v)) for v in row] for row in rows], d
