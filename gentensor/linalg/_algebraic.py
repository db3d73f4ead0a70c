"""Eigen-theory kernels: characteristic factors and their roots (eigenspaces and Jordan chains: `._eigenspaces`).

A matrix of SymPy numbers or expressions is put into the field ``F`` of its
smallest SymPy domain (``QQ``, ``QQ(a, b)``, ...).  Its characteristic
polynomial is factored over ``F``; each irreducible factor ``g`` of
multiplicity ``m`` is one *group* of eigenvalues:

* ``g`` linear: one eigenvalue in ``F`` itself; eigenspaces and Jordan chains
  are computed in ``F``.
* ``g`` of degree ``d >= 2``: ``d`` conjugate eigenvalues, written as
  radicals (degree 2, and binomials) or ``CRootOf`` (numbers of degree 3 and
  more, and numbers whose radicals would take the root of a number past
  ``max_modulus_bits``: SymPy would factor it, for minutes).  The linear
  algebra runs *once* in the exact field ``F[t]/(g)`` (`Extension`) with
  ``t`` standing for any root; substituting each root for ``t`` gives that
  root's vectors.  No zero test ever meets a
  radical or a ``CRootOf``.
* Over domains whose generators obey relations (``sin(x)``, ``sqrt(2)``)
  the roots are written out and each is treated like a linear factor on
  expressions, with the semantic zero test; equal roots are merged.

Everything here takes rows and returns rows or plain lists; elements are
touched only through the ops of the field they live in (``ops.is_zero``,
``ops.sub``, ``ops.mul``, ``ops.div``, ``ops.neg``).
"""
# mypy: disable-error-code="assignment,method-assign"

from __future__ import annotations

from fractions import Fraction
from math import gcd, isqrt, lcm
from typing import Any, Callable, NamedTuple, Optional

from ..errors import DomainError
from ..ops import BaseOps, Capabilities, bounded, short_str, symbolic
from . import _polys, _symbolic, _toexpr
from ._charpoly import charpoly_berkowitz
from ._fast import flint_module

__all__ = [
    "Extension",
    "Group",
    "FieldMatrix",
    "field_matrix",
    "charpoly_field",
    "factor_groups",
    "diagonal_blocks",
    "triangular_groups",
    "irreducible_by_specialisation",
    "root_objects",
]


class Extension(BaseOps):
    """The field ``F[t]/(g)`` for an irreducible ``g`` over a SymPy field ``F``.

    Elements are dense coefficient lists (SymPy's ``dup`` form, highest
    degree first, no leading zeros), so equality and the zero test are exact.

    Examples
    --------
    >>> from sympy import QQ
    >>> L = Extension(QQ, [QQ(1), QQ(0), QQ(-2)])   # QQ(sqrt(2))
    >>> t = [QQ(1), QQ(0)]
    >>> [str(c) for c in L.mul(t, t)], [str(c) for c in L.div(L.one, t)]   # QQ's ground type prints alike
    (['2'], ['1/2', '0'])
    """

    name = "algebraic extension"
    capabilities = Capabilities(kind="user", integral_domain=True, field=True, exact_division=True, characteristic=0)

    def __init__(self, F: Any, g: list[Any]) -> None:
        from sympy.polys.densearith import dup_add, dup_mul, dup_neg, dup_rem, dup_sub
        from sympy.polys.euclidtools import dup_invert

        self.F, self.g = F, g
        self.zero: Any = []
        self.one: Any = [F.one]
        self.add = lambda a, b: dup_add(a, b, F)
        self.sub = lambda a, b: dup_sub(a, b, F)
        self.neg = lambda a: dup_neg(a, F)
        self.mul = lambda a, b: dup_rem(dup_mul(a, b, F), g, F)
        self._invert = lambda a: dup_invert(a, g, F)

    def convert(self, value: Any) -> Any:
        return [] if self.F.is_zero(value) else [value]

    def is_zero(self, a: Any) -> bool:
        return not a

    def equal(self, a: Any, b: Any) -> bool:
        return bool(a == b)

    def div(self, a: Any, b: Any) -> Any:
        if not b:
            raise ZeroDivisionError("algebraic extension: division by zero")
        return self.mul(a, self._invert(b))

    exquo = div


class FieldMatrix(NamedTuple):
    """A matrix in the field of its SymPy domain: the ops, the rows, the way back to expressions."""

    ops: Any  # DomainOps of the field F
    rows: list[list[Any]]
    back: Callable[[Any], Any]


def field_matrix(rows: list[list[Any]]) -> FieldMatrix:
    """The rows (SymPy expressions) in the field of their smallest domain (``QQ`` for numbers).

    Raises [`DomainError`][gentensor.errors.DomainError] when the entries only fit an inexact domain.
    """
    if all(getattr(v, "is_Rational", False) for row in rows for v in row):
        from sympy import QQ

        return FieldMatrix(
            _polys.DomainOps(QQ), [[QQ(int(v.p), int(v.q)) for v in row] for row in rows], QQ.to_sympy
        )
    found = _symbolic.matrix_field(rows)
    if found is NotImplemented:
        raise DomainError(
            "eigenvals: the entries hold floating-point numbers inside expressions (got an inexact SymPy domain); "
            "use sympy.nsimplify on them, or the numeric routines for floats"
        )
    return FieldMatrix(*found)


def charpoly_field(M: FieldMatrix) -> list[Any]:
    """Coefficients of ``det(t*I - A)`` in the field, highest first (division-free in the ring below it).

    Uses Berkowitz over the polynomial ring of a fraction field after one
    common denominator ``d`` (coefficient ``i`` of ``d*A`` is ``d**i`` times
    that of ``A``), else over the field itself.
    """
    F = M.ops.K
    flint = flint_module()
    if F.is_QQ and M.rows and flint is not None and _flint_qq(F, flint):  # QQ's elements are FLINT's fmpq
        return list(reversed(flint.fmpq_mat(M.rows).charpoly().coeffs()))
    if F.is_FractionField:
        R, B, d = _polys.clear_all(F, M.rows)
        coeffs = charpoly_berkowitz(B, _polys.DomainOps(R))
        out, power = [], F.one
        d_F = F.convert(d, R)
        for c in coeffs:
            out.append(F.quo(F.convert(c, R), power))
            power = power * d_F
        return out
    return charpoly_berkowitz(M.rows, M.ops)


class Group(NamedTuple):
    """Eigenvalues sharing one irreducible factor of the characteristic polynomial.

    ``kind`` is ``"field"`` (``lam`` in the field), ``"extension"`` (``poly``
    the monic factor as a ``dup`` list; ``values`` its roots) or ``"explicit"``
    (``values`` one expression, the root written out).
    """

    kind: str
    values: list[Any]  # the eigenvalues as SymPy expressions
    multiplicity: int
    lam: Any = None
    poly: Any = None


def _flint_qq(F: Any, flint: Any) -> bool:
    """True when SymPy's ``QQ`` elements are FLINT's ``fmpq`` (SymPy's flint ground types)."""
    return isinstance(F.one, flint.fmpq)


def _roots(g: Any, F: Any, semantic: bool) -> list[Any]:
    """The roots of an irreducible ``g`` (a SymPy Poly over ``F``) of degree >= 2, as expressions."""
    import sympy
    from sympy.polys.rootoftools import ComplexRootOf

    d = g.degree()
    if (F.is_QQ or F.is_ZZ) and _radicand_past_limit(g):
        return root_objects(g)  # radicals would have SymPy factor a number past max_modulus_bits (minutes)
    if d >= 3 and (F.is_QQ or F.is_ZZ) and not semantic:
        special = _special_roots(g)
        return special if special is not None else root_objects(g)
    found = _closed_form(g)
    if all(r.is_number and not isinstance(r, ComplexRootOf) for r in found):  # radicals: by real, then imaginary part
        found = sorted(found, key=lambda r: tuple(float(v) for v in sympy.N(r, 30).as_real_imag()))
    return list(found)


def _radicand_past_limit(g: Any) -> bool:
    """True when writing the roots of ``g`` (over ``QQ``) as radicals would take the root of a number past ``max_modulus_bits``.

    SymPy simplifies ``n**(1/k)`` by factoring ``n``: its last step, a
    primality test of what is left, is one C call that no time budget
    stops (50 s for a 33 000-bit ``n``).  The radicand of a quadratic is its
    discriminant (``-c/a`` without a linear term), of a binomial ``a*x**k + c``
    it is ``-c/a``; other polynomials SymPy writes with radicals
    (decomposable, cyclotomic) are screened by their coefficients: past half
    the limit their radicands may pass it.  Numerator and denominator both
    count (SymPy factors both); a quadratic's radicand that is the square of a
    rational has an exact root (``isqrt``), found without factoring.

    Examples
    --------
    >>> import sympy
    >>> x = sympy.Symbol("x")
    >>> _radicand_past_limit(sympy.Poly(x**2 - x - 1, x, domain="QQ"))
    False
    >>> _radicand_past_limit(sympy.Poly(x**2 - 2**5000 * x + 3, x, domain="QQ"))   # discriminant of 10002 bits
    True
    """
    from ..resources import get_limits

    limit = get_limits().max_modulus_bits
    coeffs = [Fraction(int(c.numerator), int(c.denominator)) for c in g.rep.to_list()]
    d = g.degree()
    if d == 2 or len(g.terms()) == 2:
        a, c = coeffs[0], coeffs[-1]
        b = coeffs[1] if d == 2 else Fraction(0)
        r = -c / a if b == 0 else b * b - 4 * a * c  # what roots_quadratic / roots_binomial take the root of
        p, q = abs(r.numerator), r.denominator
        if max(p.bit_length(), q.bit_length()) <= limit:
            return False
        return not (d == 2 and isqrt(p) ** 2 == p and isqrt(q) ** 2 == q)
    return 2 * max(max(abs(c.numerator).bit_length(), c.denominator.bit_length()) for c in coeffs) > limit


_FORMULA_TERMS = {3: 60, 4: 24}  # cubic and quartic formulas only for coefficients with at most this many terms


def _closed_form(g: Any) -> list[Any]:
    """The roots of an irreducible ``g`` with symbolic (or algebraic) coefficients, by formula, or DomainError.

    Quadratics and binomials always; cubics and quartics by Cardano's and
    Ferrari's formulas when the coefficients are small (a generic 4x4 matrix
    of symbols gives a formula of 300 000 characters after a minute); degree
    five and more have no formula in general.
    """
    from sympy import Symbol
    from sympy.polys.polyroots import roots_binomial, roots_cubic, roots_quadratic, roots_quartic

    d = g.degree()
    if d == 2:
        return list(roots_quadratic(g))
    if len(g.terms()) == 2:
        return list(roots_binomial(g))
    terms = sum(len(getattr(c, "args", ())) if getattr(c, "is_Add", False) else 1 for c in g.all_coeffs())
    if d in _FORMULA_TERMS and terms <= _FORMULA_TERMS[d]:
        found = roots_cubic(g) if d == 3 else roots_quartic(g)
        if len(found) == d:
            return list(found)
    found = _algebraic_roots(g)
    if found is not None:
        return found
    why = "no formula exists in general" if d >= 5 else f"its formula is too large ({terms} coefficient terms)"
    raise DomainError(
        f"eigenvals: cannot write the roots of the factor {_short(g.as_expr().subs(g.gen, Symbol('lambda')))} of the characteristic polynomial "
        f"(got a factor of degree {d} with symbolic coefficients: {why}); substitute values for the symbols first"
    )


def _algebraic_roots(g: Any) -> Optional[list[Any]]:
    """The roots of an irreducible ``g`` whose coefficients are algebraic numbers, as ``CRootOf`` of its norm.

    ``N(x) = Res_t(m(t), g(x; t))`` over the number field ``Q(t)/(m)`` of the
    coefficients vanishes at every root of ``g``; each root of ``g`` is a
    ``CRootOf`` of an irreducible factor of ``N``, and the ones that are
    roots are found by the exact zero test of ``g`` at each candidate.
    ``None`` when the coefficients are not algebraic numbers or the field is
    over its limits.
    """
    import sympy

    from ..ops import OutsideField, cached_field
    from ._numberfield import all_generators

    coeffs = [sympy.sympify(c) for c in g.all_coeffs()]
    if any(c.free_symbols for c in coeffs):
        return None
    gens = all_generators(coeffs)
    if gens is None:
        return None
    try:
        K = cached_field(gens)
        assert K is not None
        elements = [K.ops.coords(K.element(c)) for c in coeffs]
    except (OutsideField, ZeroDivisionError):
        return None
    t, x = sympy.Dummy("t"), sympy.Dummy("x")
    m = sympy.Poly([sympy.Rational(c.numerator, c.denominator) for c in K.m], t)
    G = sympy.Poly(
        sympy.Add(*[sympy.Add(*[sympy.Rational(c.numerator, c.denominator) * t**k for k, c in enumerate(v)]) * x ** (len(coeffs) - 1 - i)
                    for i, v in enumerate(elements)]),
        x, t,
    )
    norm = sympy.Poly(sympy.resultant(m.as_expr(), G.as_expr(), t), x)
    roots: list[Any] = []
    for h, _ in norm.factor_list()[1]:
        for r in root_objects(h) if h.degree() > 1 else [-h.all_coeffs()[1] / h.all_coeffs()[0]]:
            if r not in roots and symbolic.is_zero(g.as_expr().subs(g.gen, r)):
                roots.append(r)
    return roots if len(roots) == g.degree() else None


def _short(e: Any, limit: int = 120) -> str:
    text = str(e)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _special_roots(g: Any) -> Optional[list[Any]]:
    """Radicals for the irreducible factors SymPy writes with them (binomials, cyclotomic, decomposable), else None."""
    import sympy

    if len(g.terms()) == 2 or g.is_cyclotomic or len(g.decompose()) > 1:
        found = sympy.roots(g, cubics=False, quartics=False, quintics=False, multiple=True)
        if len(found) == g.degree():
            return list(found)
    return None


def root_objects(g: Any) -> list[Any]:
    """``[CRootOf(g, 0), ..., CRootOf(g, d-1)]`` for an irreducible ``g`` over ``QQ``, without factoring ``g`` again.

    ``CRootOf(g, i)`` factors ``g`` for every ``i``; the polynomial is
    irreducible already, so the roots are made from its primitive integer form
    (positive leading coefficient, in ``x``: SymPy's normal form, so they are
    equal to SymPy's own and print alike).  No root is isolated until a value
    is needed.

    Examples
    --------
    >>> import sympy
    >>> x = sympy.Symbol("x")
    >>> root_objects(sympy.Poly(2*x**3 - 2*x - 2, x)) == [sympy.CRootOf(x**3 - x - 1, i) for i in range(3)]
    True
    """
    import sympy
    from sympy.polys.rootoftools import ComplexRootOf

    coeffs = [Fraction(int(c.numerator), int(c.denominator)) for c in g.rep.to_list()]
    den = lcm(*(c.denominator for c in coeffs))
    ints = [int(c * den) for c in coeffs]
    content = gcd(*ints) * (1 if ints[0] > 0 else -1)
    pure = sympy.PurePoly.from_list([c // content for c in ints], sympy.Symbol("x"), domain="ZZ")
    return [ComplexRootOf._new(pure, i) for i in range(pure.degree())]


def factor_groups(M: FieldMatrix, coeffs: Optional[list[Any]], blocks: Optional[list[list[int]]] = None) -> list[Group]:
    """The eigenvalue groups of a matrix from its characteristic polynomial's coefficients in the field.

    With ``blocks`` (the diagonal blocks of a block-triangular permutation,
    `diagonal_blocks`) the characteristic polynomial is the product of the
    blocks' ones, each factored on its own; ``coeffs`` may then be ``None``.
    """
    import sympy

    F = M.ops.K
    n = len(M.rows)
    if n == 0:
        return []
    t = sympy.Dummy("t")
    if getattr(M.ops, "semantic", False):
        if blocks is None or len(blocks) == 1:
            return _explicit_groups(M, coeffs if coeffs is not None else charpoly_field(M), t)
        explicit = [g for b in blocks for g in _explicit_groups(_block(M, b), charpoly_field(_block(M, b)), t)]
        return _ordered(_merged(explicit))
    parts = [coeffs] if blocks is None or len(blocks) == 1 else [charpoly_field(_block(M, b)) for b in blocks]
    factors: list[tuple[Any, int]] = []
    for part in parts:
        assert part is not None
        found: Optional[list[tuple[Any, int]]] = _factors(part, F, t)
        if found is None:
            return _explicit_groups(M, coeffs if coeffs is not None else charpoly_field(M), t)
        for g, m in found:
            g = g.monic()  # factors of different blocks compare as monic polynomials
            for i, (h, k) in enumerate(factors):
                if h == g:
                    factors[i] = (h, k + m)
                    break
            else:
                factors.append((g, m))
    groups: list[Group] = []
    for g, m in factors:
        if g.degree() == 1:
            c1, c0 = g.rep.to_list()
            lam = F.quo(F.neg(c0), c1)
            groups.append(Group("field", [M.back(lam)], m, lam=lam))
        else:
            groups.append(Group("extension", _roots(g, F, False), m, poly=g.monic().rep.to_list()))
    return _ordered(groups)


def _block(M: FieldMatrix, block: list[int]) -> FieldMatrix:
    return M._replace(rows=[[M.rows[i][j] for j in block] for i in block])


def _factors(coeffs: list[Any], F: Any, t: Any) -> Optional[list[tuple[Any, int]]]:
    """The monic irreducible factors of the polynomial over ``F`` with multiplicities (``None``: SymPy cannot factor)."""
    import sympy

    flint = flint_module()
    if F.is_QQ and flint is not None and _flint_qq(F, flint):  # FLINT factors over QQ directly
        return [
            (sympy.Poly.from_list([F.convert(c) for c in reversed(g.coeffs())], t, domain=F), m)
            for g, m in flint.fmpq_poly(list(reversed(coeffs))).factor()[1]
        ]
    p = sympy.Poly.from_list(coeffs, t, domain=F)
    if p.degree() == 1 or irreducible_by_specialisation(coeffs, F):
        return [(p.monic(), 1)]
    try:
        _, factors = p.factor_list()
    except (NotImplementedError, sympy.polys.polyerrors.PolynomialError, sympy.polys.polyerrors.DomainError):
        return None
    return factors


def irreducible_by_specialisation(coeffs: list[Any], F: Any, tries: int = 3) -> bool:
    """True when the monic polynomial over a field of rational functions is proven irreducible cheaply.

    A factorisation into monic factors over ``Q(x, y, ...)`` has its factors'
    coefficients in the polynomial ring localised at the coefficients'
    denominators (Gauss), so it survives substituting numbers for the symbols
    wherever no denominator vanishes: if some such substitution leaves a
    polynomial irreducible over ``Q``, the polynomial was irreducible.  This
    spares factoring multivariate polynomials (a generic 5x5 matrix of
    symbols: seconds) when the answer is "irreducible".  False means
    "not shown", never "reducible".

    Examples
    --------
    >>> import sympy
    >>> a, b = sympy.symbols("a b")
    >>> F = sympy.QQ.frac_field(a, b)
    >>> irreducible_by_specialisation([F.one, F.zero, F.zero, F.convert(a + b)], F)
    True
    """
    import random

    import sympy

    if not (F.is_PolynomialRing or F.is_FractionField) or len(coeffs) < 3 or not F.domain.is_QQ and not F.domain.is_ZZ:
        return False
    if F.convert(coeffs[0]) != F.one:
        return False
    convert = _toexpr.bounded_to_sympy(F)  # generators such as exp towers: within the time budget
    exprs = [convert(c) for c in coeffs]
    symbols = sorted(set().union(*(e.free_symbols for e in exprs)), key=str)
    x = sympy.Dummy("x")
    rng = random.Random(len(coeffs))
    for _ in range(tries):
        point = {s: sympy.Integer(rng.randint(-60, 60)) for s in symbols}
        values = [e.xreplace(point) for e in exprs]
        if not all(v.is_Rational for v in values):
            continue  # a denominator vanished at this point
        special = sympy.Poly.from_list(values, x, domain="QQ")
        _, factors = special.factor_list()
        if len(factors) == 1 and factors[0][1] == 1 and factors[0][0].degree() == len(coeffs) - 1:
            return True
    return False


def diagonal_blocks(rows: list[list[Any]]) -> list[list[int]]:
    """The diagonal blocks of a block-triangular form ``P A P^T``: strongly connected index sets.

    Index ``i`` reaches ``j`` when the entry ``(i, j)`` is not structurally
    zero (``== 0``); a block-triangular matrix has the eigenvalues of its
    diagonal blocks, so each block is factored on its own, and a triangular
    matrix (every block of size one) has its diagonal as its eigenvalues.  An
    entry that is zero without looking it only merges blocks (Tarjan's
    algorithm, iterative).

    Examples
    --------
    >>> diagonal_blocks([[1, 2, 0], [0, 3, 0], [0, 4, 5]])
    [[1], [0], [2]]
    >>> diagonal_blocks([[0, 1], [1, 0]])
    [[0, 1]]
    """
    n = len(rows)
    edges = [[j for j in range(n) if j != i and not rows[i][j] == 0] for i in range(n)]
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on_stack: set[int] = set()
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(n):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, k = work.pop()
            if k == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on_stack.add(v)
            recurse = False
            for i in range(k, len(edges[v])):
                w = edges[v][i]
                if w not in index:
                    work.append((v, i + 1))
                    work.append((w, 0))
                    recurse = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if recurse:
                continue
            if low[v] == index[v]:
                block = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    block.append(w)
                    if w == v:
                        break
                out.append(sorted(block))
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
    return out


def triangular_groups(rows: list[list[Any]], blocks: list[list[int]]) -> Optional[list[Group]]:
    """The eigenvalues of a matrix whose blocks all have size one (a permuted triangular matrix): its diagonal.

    The diagonal is put in the field of its entries, so equal eigenvalues
    are found equal (``x*(y+1)`` and ``x*y + x``); ``None`` when a block is larger.
    """
    if any(len(b) != 1 for b in blocks):
        return None
    diagonal = [rows[i][i] for i in range(len(rows))]
    if not diagonal:
        return []
    D = field_matrix([diagonal])
    if getattr(D.ops, "semantic", False):
        return _ordered(_merged([Group("explicit", [_symbolic.tidy(D.back(v))], 1) for v in D.rows[0]]))
    groups: list[Group] = []
    for v in D.rows[0]:
        for i, g in enumerate(groups):
            if g.lam == v:
                groups[i] = g._replace(multiplicity=g.multiplicity + 1)
                break
        else:
            groups.append(Group("field", [D.back(v)], 1, lam=v))
    return _ordered(groups)


def _explicit_groups(M: FieldMatrix, coeffs: list[Any], t: Any) -> list[Group]:
    """Groups of written-out roots, for generators with relations (``sin(x)``, ``sqrt(2)``).

    The coefficients are first put in the canonical form of the zero test
    (`_symbolic.tidy`), factored over a domain built for them, and equal
    roots found by the semantic zero test are merged.
    """
    import sympy

    n = len(coeffs) - 1
    exprs = [_symbolic.tidy(M.back(c)) for c in coeffs]
    p = sympy.Poly(sympy.Add(*[c * t ** (n - i) for i, c in enumerate(exprs)]), t)
    groups: list[Group] = []
    # Within the time budget: a generator with a huge exponent (exp(10000) is E**10000 to SymPy) makes
    # factoring a polynomial of that degree, which ran for minutes.
    factors = bounded("eigenvals", lambda: f"the characteristic polynomial {short_str(p.as_expr(), 80)}", p.factor_list)[1]
    for g, m in factors:
        if g.degree() == 1:
            c1, c0 = g.all_coeffs()
            groups.append(Group("explicit", [_symbolic.tidy(-c0 / c1)], m))
        else:
            groups.extend(Group("explicit", [r], m) for r in _roots(g, g.domain, True))
    groups = _merged(groups)
    if sum(g.multiplicity for g in groups) != n:  # pragma: no cover - factor_list is complete
        raise DomainError(f"eigenvals: the factors of the characteristic polynomial miss roots (got {p.as_expr()})")
    return _ordered(groups)


def _merged(groups: list[Group]) -> list[Group]:
    """Groups of one value each, equal values (by the semantic zero test) merged."""
    out: list[Group] = []
    for g in groups:
        for o_index, o in enumerate(out):
            if symbolic.is_zero(o.values[0] - g.values[0]):
                out[o_index] = o._replace(multiplicity=o.multiplicity + g.multiplicity)
                break
        else:
            out.append(g)
    return out


def _ordered(groups: list[Group]) -> list[Group]:
    """Rational eigenvalues first, ascending; then the others in factor order."""
    numbers = [g for g in groups if len(g.values) == 1 and getattr(g.values[0], "is_Rational", False)]
    rest = [g for g in groups if not (len(g.values) == 1 and getattr(g.values[0], "is_Rational", False))]
    return sorted(numbers, key=lambda g: g.values[0]) + rest
