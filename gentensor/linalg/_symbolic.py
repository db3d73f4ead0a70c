"""Symbolic matrices in, expressions out: the linear-algebra kernels on SymPy's polynomial domains.

Each kernel takes the rows of a matrix of expressions, finds the smallest
SymPy domain of the entries (`._polys.to_domain`), runs the generic dense
kernels (`._dense`, `._charpoly`) on the domain's canonical elements through
`._polys.DomainOps`, and converts the results back to tidy expressions.
Each returns ``NotImplemented`` when the entries only fit an inexact domain
(floats inside expressions: ``RR[x]``); the dispatcher then runs the generic
kernels on the expressions themselves.  ``None`` means "singular".
"""
# mypy: disable-error-code="assignment,method-assign"
# (members that are operator functions or domain methods replace BaseOps methods: same call)

from __future__ import annotations

import functools
import operator
from functools import reduce
from typing import Any, Callable, Optional

from ..errors import DomainError
from ..ops import symbolic
from ..ops import OutOfTime, too_costly, within, zero_test
from ._charpoly import adjugate_berkowitz, charpoly_berkowitz, det_berkowitz
from . import _dense  # the generic dense kernels, run over a SymPy domain
from ._polys import (
    DomainOps,
    _NoDomain,
    _OperatorOps,
    _TooLarge,
    clear_all,
    clear_rows,
    field_of,
    needs_semantic_zero,
    to_domain,
)
from ._toexpr import domain_text, expr_converter

__all__ = [
    "det_sym",
    "inv_sym",
    "solve_sym",
    "rank_sym",
    "rref_sym",
    "lu_sym",
    "charpoly_sym",
    "adjugate_sym",
    "tidy",
    "tidy_rows",
    "matrix_field",
    "canonical_rows",
]


_DET_KERNELS = {"bareiss": _dense.det_bareiss, "berkowitz": det_berkowitz, "laplace": _dense.det_laplace}


def _matrix_domain(rows: list[list[Any]]) -> tuple[Any, list[list[Any]]]:
    ncols = len(rows[0]) if rows else 0
    values = [v for row in rows for v in row]
    for v in values:
        if getattr(v, "is_commutative", True) is False:
            raise DomainError(
                f"linalg: the matrix has a non-commutative entry (got {v}); determinants, inverses, ranks and "
                "decompositions need commuting entries: use commutative symbols"
            )
    try:
        K, flat = to_domain(values)
    except _TooLarge:
        return _NoDomain(), rows  # too many generators: "not exact" makes every kernel here decline
    return K, [flat[i * ncols : (i + 1) * ncols] for i in range(len(rows))]


def over_exact_domain(kernel: Callable[..., Any]) -> Callable[..., Any]:
    """A kernel on the rows of a matrix of expressions, from one ``kernel(K, M, *args)`` on its SymPy domain.

    The made function takes the rows (``f(rows, *args)``), finds the
    smallest SymPy domain ``K`` of the entries and their values ``M`` there
    (`_matrix_domain`, which refuses non-commuting entries), and answers
    ``NotImplemented`` when ``K`` is inexact (floats inside the
    expressions: the generic kernels handle those).
    """

    @functools.wraps(kernel)
    def on_rows(rows: list[list[Any]], *args: Any) -> Any:
        K, M = _matrix_domain(rows)
        if not K.is_Exact:
            return NotImplemented
        return kernel(K, M, *args)

    return on_rows


def _descale(R: Any, d: Any) -> Callable[[int], Callable[[Any], Any]]:
    """For results computed on ``d * A`` (`clear_all`; ``d`` is ``None`` for 1): ``descale(k)`` maps ``v`` to ``v / d**k``.

    The values are elements of ``R``; the map gives expressions (through the
    fraction field of ``R`` when ``d`` is not 1).
    """
    if d is None:
        convert = expr_converter(R)
        return lambda k: convert
    F = field_of(R)
    back = expr_converter(F)
    d_F = F.convert(d, R)

    def descale(k: int) -> Callable[[Any], Any]:
        scale = d_F**k
        return lambda v: back(F.quo(F.convert(v, R), scale))

    return descale


def _convert(F: Any, rows: list[list[Any]], K: Any) -> list[list[Any]]:
    if F == K:
        return rows
    return [[F.convert(v, K) for v in row] for row in rows]


def choose_det_method(R: Any, n: int) -> str:
    """The determinant kernel for an ``n x n`` matrix over the SymPy domain ``R``.

    Cofactor expansion wins for small matrices and for polynomials in several
    variables (exact division of multivariate polynomials is costly);
    Bareiss for larger matrices in one variable or over number domains.
    """
    if n <= 5:
        return "laplace"
    if R.is_PolynomialRing and R.ngens >= 2:
        return "laplace" if n <= 7 else "berkowitz"
    return "bareiss"


class _DenseOps(_OperatorOps):
    """Univariate polynomials over ``ZZ`` or ``QQ`` as SymPy's dense ``DMP`` (python-flint's when SymPy uses it).

    A product of two polynomials of degree 3000 costs seconds as sparse
    ``PolyElement`` dictionaries and milliseconds as flint polynomials.
    Members: ``add``, ``sub``, ``mul``, ``neg``, ``exquo``, ``is_zero``.
    """

    def __init__(self, R: Any) -> None:
        from sympy.polys.polyclasses import DMP

        self.R = R
        self.name = f"dense {domain_text(R)}"
        self.zero = DMP.zero(0, R.domain)
        self.one = DMP.one(0, R.domain)
        self.to_dense = lambda p: DMP.from_list(p.to_dense(), 0, R.domain)

    def is_zero(self, a: Any) -> bool:
        return bool(a.is_zero)

    def equal(self, a: Any, b: Any) -> bool:
        return bool((a - b).is_zero)

    def exquo(self, a: Any, b: Any) -> Any:
        return a.exquo(b)

    def back(self, a: Any) -> Any:
        return self.R.ring.from_list(a.to_list())


def _dense_univariate(R: Any) -> bool:
    return bool(R.is_PolynomialRing and R.ngens == 1 and (R.domain.is_ZZ or R.domain.is_QQ) and not needs_semantic_zero(R))


@over_exact_domain
def det_sym(K: Any, M: list[list[Any]], method: str) -> Any:
    """Determinant of a square matrix of expressions (``method`` already validated).

    Univariate polynomial matrices over ``ZZ`` or ``QQ`` run on dense
    polynomials (`_DenseOps`).
    """
    R, M, scales = clear_rows(K, M)
    if method == "auto":
        method = choose_det_method(R, len(M))
    if method != "gauss" and _dense_univariate(R):
        ops = _DenseOps(R)
        d = ops.back(_DET_KERNELS[method]([[ops.to_dense(v) for v in row] for row in M], ops))
        dom = R
    elif method == "gauss":
        dom = field_of(R)
        d = _dense.det_gauss(_convert(dom, M, R), DomainOps(dom))
    else:
        dom = R
        d = _DET_KERNELS[method](M, DomainOps(R))
    if scales:
        F = field_of(R)
        d = F.quo(F.convert(d, dom), F.convert(reduce(operator.mul, scales, R.one), R))
        dom = F
    return expr_converter(dom)(d)


def _over_den(R: Any, num: list[list[Any]], den: Any, scales: Optional[list[Any]] = None) -> list[list[Any]]:
    """``num / den`` (columns times ``scales``) as expressions, one division per entry.

    Every entry shares the denominator; when it is an irreducible polynomial
    (up to its content) no numerator of lower degree can share a factor with
    it, and the costly polynomial gcd of the cancellation is skipped
    (`_coprime_quotient`), as for the inverse of a matrix of distinct
    symbols.  Entries over generators with relations (``sin(x)``,
    ``sqrt(x)``) leave through `tidy`, so the user sees them reduced.
    """
    F = field_of(R)
    den_F = F.convert(den, R)
    back = expr_converter(F)
    coprime = _coprime_quotient(F, R, den)
    out = []
    for row in num:
        if scales is not None:
            row = [v * s for v, s in zip(row, scales)]
        quotients = []
        for v in row:
            q = coprime(v) if coprime is not None else None
            quotients.append(back(F.quo(F.convert(v, R), den_F) if q is None else q))
        out.append(quotients)
    return tidy_rows(out) if needs_semantic_zero(R) else out


def _irreducible(f: Any) -> bool:
    """True when the primitive part of ``f`` (over ``ZZ``) is provably irreducible; False: unknown.

    With ``f = a*x + b`` for a generator ``x`` of degree 1, a factor free of
    ``x`` divides ``a`` and ``b``; so ``f`` is irreducible when ``a`` is a
    constant, or when ``a`` is itself irreducible (recursively) and does not
    divide ``b``.  A determinant of distinct symbols passes, one minor at a time.
    """
    ring = f.ring
    x = next((i for i in range(ring.ngens) if f.degree(i) == 1), None)
    if x is None:
        return False
    gen = ring.gens[x]
    a, b = f.coeff_wrt(gen, 1), f.coeff_wrt(gen, 0)
    if not b:
        return bool(a.is_ground)
    if a.is_ground:
        return True
    if not _irreducible(a):
        return False
    return bool(b.rem(a.primitive()[1]))


def _coprime_quotient(F: Any, R: Any, den: Any) -> Optional[Any]:
    """A fast ``num -> num / den`` in ``F`` for numerators of lower total degree, when ``den`` is irreducible.

    When the primitive part of ``den`` (over ``ZZ``) is irreducible
    (`_irreducible`), a numerator of smaller total degree shares only a constant with ``den``,
    and the canonical fraction is the content- and sign-normalised pair --
    what SymPy's ``cancel`` returns, without its polynomial gcd.  ``None``
    when the test does not apply (the general division runs).
    """
    if not (R.is_PolynomialRing and R.domain.is_ZZ and F.is_FractionField) or den.is_ground:
        return None
    if not _irreducible(den):
        return None
    degree = max(sum(m) for m in den.monoms())
    dcontent = den.content()
    new = F.field.raw_new
    gcd = R.domain.gcd

    def quotient(v: Any) -> Optional[Any]:
        if not v:
            return F.zero
        if max(sum(m) for m in v.monoms()) >= degree:
            return None
        c = gcd(v.content(), dcontent)
        p, q = (v, den) if c == 1 else (v.quo_ground(c), den.quo_ground(c))
        if q.canonical_unit() != 1:
            p, q = -p, -q
        return new(p, q)

    return quotient


#: Expressions with more operations than this leave a decomposition as computed (simplify costs too much).
TIDY_LIMIT = 60
#: Nor do functions nested deeper than this (``sin(sin(sin(x)))``): simplify's cost grows exponentially with it.
TIDY_NESTING = 2


def _function_nesting(e: Any) -> int:
    """How deeply function applications nest in ``e`` (``sin(cos(x))``: 2; a polynomial: 0)."""
    args = getattr(e, "args", ())
    inner = max((_function_nesting(a) for a in args), default=0)
    return inner + 1 if getattr(e, "is_Function", False) else inner


def tidy(e: Any) -> Any:
    """``e`` in the form the zero test sees, where that is cheap: zero as ``0``, small expressions simplified.

    Results over domains whose generators obey relations (``sin(x)``,
    ``cos(x)``, ``sqrt(2)``) are correct but may not look reduced
    (``2 - sin(x)**2 - cos(x)**2``); this is the normalisation on the way
    out.  The zero test is `gentensor.symbolic.is_zero`; a simplified
    form replaces ``e`` only when it is not longer, and only when
    ``simplify`` finishes within the time budget (``zero_test_seconds``) on
    an element cheap to evaluate (`gentensor.ops._magnitude.too_costly`).

    Examples
    --------
    >>> import sympy
    >>> x = sympy.Symbol("x")
    >>> tidy(2 - sympy.sin(x)**2 - sympy.cos(x)**2), tidy(sympy.sin(x)**2 + sympy.cos(x)**2 - 1)
    (1, 0)
    """
    if not getattr(e, "free_symbols", None) and getattr(e, "is_Rational", False):
        return e
    if zero_test(e, checked=True).verdict == "zero":  # only a proven zero becomes 0; an undecided entry stays as is
        return symbolic.zero
    import sympy

    size = sympy.count_ops(e)
    if size > TIDY_LIMIT or _function_nesting(e) > TIDY_NESTING or too_costly(e):
        return e
    try:
        s = within(None, sympy.simplify, e)
    except OutOfTime:
        return e
    except Exception:  # SymPy failing inside simplify changes nothing
        return e
    return s if sympy.count_ops(s) <= size else e


def tidy_rows(rows: list[list[Any]]) -> list[list[Any]]:
    """`tidy` applied to every entry of a matrix given as rows."""
    return [[tidy(v) for v in row] for row in rows]


def canonical_rows(rows: list[list[Any]]) -> list[list[Any]]:
    """Expressions in the canonical form of their SymPy domain's field (cancelled fractions), tidied where needed.

    Examples
    --------
    >>> import sympy
    >>> x = sympy.Symbol("x")
    >>> canonical_rows([[1 / x + 1 / (x + 1)]])
    [[(2*x + 1)/(x**2 + x)]]
    """
    found = matrix_field(rows)
    if found is NotImplemented:
        return rows
    _, M, back = found
    return [[back(v) for v in row] for row in M]


@over_exact_domain
def matrix_field(K: Any, M: list[list[Any]]) -> Any:
    """A matrix of expressions in the field of its smallest SymPy domain, for field kernels.

    Returns ``(ops, rows_F, back)``: `DomainOps` of the field ``F``
    (semantic zero tests where its generators need them), the entries in
    ``F`` and the map back to expressions (through `tidy` where the
    generators obey relations); ``NotImplemented`` for an inexact domain
    (floats inside expressions).
    """
    F = field_of(K)
    semantic = needs_semantic_zero(F)
    convert = expr_converter(F)
    back = (lambda v: tidy(convert(v))) if semantic else convert
    return DomainOps(F, semantic), _convert(F, M, K), back


def _semantic_rref(K: Any, M: list[list[Any]]) -> tuple[Any, list[int]]:
    """Gauss-Jordan in the field of fractions, pivots proven non-zero: the fallback for hidden relations.

    Where the generators obey relations the domain does not know (``sin(x)``
    and ``cos(x)``, ``atan(1/2)`` and ``atan(3)``), an entry can be zero while
    its polynomial is not.  Fraction-free elimination with pivots proven
    non-zero stays correct whenever its divisions are exact, but a column
    skipped as zero can make a later division inexact (SymPy raises
    ``ExactQuotientFailed``); then the matrix is eliminated in the field,
    where dividing by a pivot proven non-zero is always right.  ``M`` is
    replaced by its rows over the field.  Returns ``(field, pivots)``.
    """
    F = field_of(K)
    M[:] = _convert(F, M, K)
    return F, _dense.rref_field(M, DomainOps(F, True))


def _inexact_quotient() -> type[Exception]:
    from sympy.polys.polyerrors import ExactQuotientFailed

    return ExactQuotientFailed


@over_exact_domain
def inv_sym(K: Any, M: list[list[Any]]) -> Any:
    """Inverse of a square matrix of expressions; ``None`` when singular."""
    R, B, scales = clear_rows(K, M)
    n = len(B)
    aug = [row + ident for row, ident in zip(B, _dense.identity_rows(n, R.zero, R.one))]
    try:
        den, pivots = _dense.rref_den(aug, DomainOps(R, needs_semantic_zero(R)))
    except _inexact_quotient():
        aug = [row + ident for row, ident in zip(M, _dense.identity_rows(n, K.zero, K.one))]
        F, pivots = _semantic_rref(K, aug)
        if len(pivots) < n or (n and pivots[-1] >= n):
            return None
        back = expr_converter(F)
        return [[back(v) for v in row[n:]] for row in aug]
    if len(pivots) < n or (n and pivots[-1] >= n):
        return None
    return _over_den(R, [row[n:] for row in aug], den, scales)


def solve_sym(A: list[list[Any]], B: list[list[Any]]) -> Any:
    """Solution ``X`` of ``A @ X == B`` for square ``A`` (expressions); ``None`` when singular."""
    n = len(A)
    K, M = _matrix_domain([ra + rb for ra, rb in zip(A, B)])
    if not K.is_Exact:
        return NotImplemented
    R, aug, _ = clear_rows(K, [list(row) for row in M])
    try:
        den, pivots = _dense.rref_den(aug, DomainOps(R, needs_semantic_zero(R)))
    except _inexact_quotient():
        F, pivots = _semantic_rref(K, M)
        if len(pivots) < n or (n and pivots[n - 1] >= n):
            return None
        back = expr_converter(F)
        return [[back(v) for v in row[n:]] for row in M]
    if len(pivots) < n or (n and pivots[n - 1] >= n):
        return None
    return _over_den(R, [row[n:] for row in aug], den)


@over_exact_domain
def rank_sym(K: Any, M: list[list[Any]]) -> Any:
    """Rank of a matrix of expressions (semantic zero tests where generators need them)."""
    R, B, _ = clear_rows(K, [list(row) for row in M])
    try:
        return len(_dense.echelon_bareiss(B, DomainOps(R, needs_semantic_zero(R))))
    except _inexact_quotient():
        return len(_semantic_rref(K, M)[1])


@over_exact_domain
def rref_sym(K: Any, M: list[list[Any]]) -> Any:
    """``(rref rows, pivots)`` of a matrix of expressions, fraction-free until one final division."""
    R, B, _ = clear_rows(K, [list(row) for row in M])
    try:
        den, pivots = _dense.rref_den(B, DomainOps(R, needs_semantic_zero(R)))
    except _inexact_quotient():
        F, pivots = _semantic_rref(K, M)
        back = expr_converter(F)
        return [[back(v) for v in row] for row in M], pivots
    return _over_den(R, B, den), pivots


@over_exact_domain
def lu_sym(K: Any, M: list[list[Any]]) -> Any:
    """``(perm, L, U)`` of a matrix of expressions, computed in the field of fractions."""
    F = field_of(K)
    perm, L, U = _dense.lu_field(_convert(F, M, K), DomainOps(F, needs_semantic_zero(F)))
    back = expr_converter(F)
    L, U = [[back(v) for v in row] for row in L], [[back(v) for v in row] for row in U]
    if needs_semantic_zero(F):
        return perm, tidy_rows(L), tidy_rows(U)
    return perm, L, U


@over_exact_domain
def charpoly_sym(K: Any, M: list[list[Any]]) -> Any:
    """Characteristic polynomial coefficients of a matrix of expressions (Berkowitz).

    Over a fraction field the matrix is first multiplied by one common
    denominator ``d``: coefficient ``i`` of ``d*A`` is ``d**i`` times that of ``A``.
    """
    R, B, d = clear_all(K, M)
    coeffs = charpoly_berkowitz(B, DomainOps(R))
    descale = _descale(R, d)
    return [descale(i)(c) for i, c in enumerate(coeffs)]


@over_exact_domain
def adjugate_sym(K: Any, M: list[list[Any]]) -> Any:
    """Adjugate of a matrix of expressions (division-free; ``adj(d*A) = d**(n-1) adj(A)``)."""
    R, B, d = clear_all(K, M)
    adj = adjugate_berkowitz(B, DomainOps(R))
    back = _descale(R, d)(max(len(B) - 1, 0))
    return [[back(v) for v in row] for row in adj]
