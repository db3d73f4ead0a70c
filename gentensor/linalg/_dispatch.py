"""Policy: which algorithm runs for which ring, on plain rows of one matrix.

The public functions hand each matrix here as a fresh ``list[list]`` (the
rows may be consumed) with its ops; this module classifies the ring
(:func:`ring_kind`), checks a requested ``method``, and runs the best path:

========== =====================================================================
integers   Bareiss on Python ints (FLINT when installed)
rationals  each row times the lcm of its denominators, Bareiss on ints, one
           division at the end -- never elimination over Fractions
symbolic   SymPy polynomial rings / fields of fractions (:mod:`._polys`)
Z/p        Gaussian elimination mod p
Z/n        lifted to the integers (no division in Z/n at all), reduced at the
           end; Berkowitz where a division-free kernel is needed
floats     Gaussian elimination with partial pivoting
user ring  Bareiss when ``has_exquo``, Berkowitz otherwise; Gauss for fields
========== =====================================================================

Results come back as plain values; ``None`` means "singular" and the public
layer raises with the caller's name.
"""

from __future__ import annotations

import math
import operator
from fractions import Fraction
from typing import Any, Optional

from ..errors import DomainError, NotDivisibleError, SingularMatrixError
from ..ops import complexes, floats, integers, rationals, symbolic
from ..ops._modular import ModularOps
from . import _fast, _polys
from ._charpoly import adjugate_berkowitz, charpoly_berkowitz, det_berkowitz, matmul
from ._dense import (
    det_bareiss,
    det_gauss,
    det_laplace,
    echelon_bareiss,
    lu_field,
    rref_den,
    rref_field,
    solve_den,
    solve_field,
)

__all__ = [
    "METHODS",
    "ring_kind",
    "check_method",
    "det",
    "det_checked",
    "inv",
    "adjugate",
    "solve",
    "rank",
    "rref",
    "lu",
    "charpoly",
    "field_ops",
]

METHODS = ("auto", "bareiss", "gauss", "berkowitz", "laplace")
_FIT = {
    "int": ("auto", "bareiss", "berkowitz", "laplace"),
    "domain": ("auto", "bareiss", "berkowitz", "laplace"),
    "modn": ("auto", "berkowitz", "laplace"),
    "ring": ("auto", "berkowitz", "laplace"),
}


class ModularLift:
    """Ops for the division-free kernels over Z/n at C speed.

    Products stay unreduced Python ints and every ``sum`` reduces mod ``n``;
    Berkowitz and list matrix products only ever multiply inside a sum, so
    each dot product is one ``sum(map(mul, ...))`` plus one ``%``.
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.zero = 0
        self.one = 1 % n
        self.mul = operator.mul

    def sum(self, values: Any) -> int:
        return sum(values) % self.n

    def neg(self, a: int) -> int:
        return -a % self.n

    def add(self, a: int, b: int) -> int:
        return (a + b) % self.n


def ring_kind(ops: Any, func: str) -> str:
    """The class of ring that decides the algorithms.

    One of ``"int"``, ``"rat"``, ``"sym"``, ``"modp"``, ``"modn"``,
    ``"inexact"``, ``"field"``, ``"domain"`` (exact division, no zero
    divisors), ``"ring"`` (only ring operations).

    >>> from gentensor.ops import integers, modular
    >>> ring_kind(integers, "det"), ring_kind(modular(6), "det"), ring_kind(modular(7), "det")
    ('int', 'modn', 'modp')
    """
    if not getattr(ops, "is_commutative", True):
        raise DomainError(
            f"{func}: determinants and elimination need a commutative ring "
            f"(got ops={ops.name} with is_commutative = False)"
        )
    if ops is integers:
        return "int"
    if ops is rationals:
        return "rat"
    if ops is symbolic:
        return "sym"
    if isinstance(ops, ModularOps):
        return "modp" if ops.is_field else "modn"
    if ops.is_field:
        return "field" if getattr(ops, "is_exact", True) else "inexact"
    if getattr(ops, "has_exquo", False):
        return "domain"
    return "ring"


def check_method(func: str, method: Any, ops: Any, kind: str) -> None:
    """Refuse an unknown method, or one that cannot work over this ring, before any work."""
    if method not in METHODS:
        valid = ", ".join(repr(m) for m in METHODS)
        raise ValueError(f"{func}: unknown method (got {method!r}); valid: {valid}")
    fit = _FIT.get(kind, METHODS)
    if method in fit:
        return
    if method == "gauss":
        why = f"it divides by pivots and {ops.name} is not a field"
    elif kind == "modn":
        why = f"it divides exactly by earlier pivots and {ops.name} has zero divisors"
    else:
        why = f"it needs exact division (exquo) and {ops.name} has none"
    fits = ", ".join(repr(m) for m in fit)
    raise DomainError(f"{func}: method {method!r} does not work over {ops.name}: {why} (got method={method!r}); methods that fit: {fits}")


def _pivot_key(ops: Any) -> Any:
    return abs if ops is floats or ops is complexes else None


def field_ops(ops: Any) -> Any:
    """The ops results of division live in: rationals for integers, else ``ops`` itself."""
    return rationals if ops is integers else ops


# -- numbers hidden in symbolic matrices ------------------------------------------


def _sym_numbers(rows: list[list[Any]]) -> Optional[tuple[str, list[list[Any]]]]:
    """``("int" | "rat", rows)`` when every entry is a SymPy Integer/Rational, else ``None``."""
    if not all(getattr(v, "is_Rational", False) for row in rows for v in row):
        return None
    if all(v.is_Integer for row in rows for v in row):
        return "int", [[int(v) for v in row] for row in rows]
    return "rat", [[Fraction(int(v.p), int(v.q)) for v in row] for row in rows]


def _to_sym(rows: list[list[Any]]) -> list[list[Any]]:
    convert = symbolic.convert
    return [[convert(v) for v in row] for row in rows]


# -- determinant -----------------------------------------------------------------


def _det_int(rows: list[list[int]]) -> int:
    if len(rows) <= 4:
        return _fast.det_small(rows)
    flint = _fast.flint_module()
    if flint is not None:
        return _fast.det_int_flint(rows, flint)
    return _fast.det_int(rows)


def _det_rat(rows: list[list[Fraction]]) -> Fraction:
    ints, scales = _fast.clear_row_denominators(rows)
    return Fraction(_det_int(ints), math.prod(scales))


def det(rows: list[list[Any]], ops: Any, method: str, func: str = "det") -> Any:
    """Determinant of one square matrix (rows consumed)."""
    kind = ring_kind(ops, func)
    check_method(func, method, ops, kind)
    return det_checked(rows, ops, method, kind, func)


def det_checked(rows: list[list[Any]], ops: Any, method: str, kind: str, func: str = "det") -> Any:
    """:func:`det` after :func:`check_method` (``kind`` from :func:`ring_kind`)."""
    if not rows:
        return ops.one
    if kind == "sym":
        numbers = _sym_numbers(rows)
        if numbers is not None:
            nkind, nrows = numbers
            if nkind == "int" and method == "gauss":  # Gauss needs the field
                nkind, nrows = "rat", [[Fraction(v) for v in row] for row in nrows]
            return symbolic.convert(det(nrows, integers if nkind == "int" else rationals, method, func))
        d = _polys.det_sym(rows, method)
        if d is not NotImplemented:
            return d
        return _det_generic(rows, symbolic, "berkowitz" if method == "auto" else method)
    if method == "auto":
        if kind == "int":
            return _det_int(rows)
        if kind == "rat":
            return _det_rat(rows)
        if kind == "modp":
            return _fast.det_modp(rows, ops.n)
        if kind == "modn":
            return _det_int(rows) % ops.n
        method = {"inexact": "gauss", "field": "gauss", "domain": "bareiss"}.get(kind, "berkowitz")
    elif method == "bareiss":
        if kind == "int":
            return _fast.det_int(rows)
        if kind == "rat":
            ints, scales = _fast.clear_row_denominators(rows)
            return Fraction(_fast.det_int(ints), math.prod(scales))
    elif method == "gauss" and kind == "modp":
        return _fast.det_modp(rows, ops.n)
    elif method == "berkowitz" and kind in ("modp", "modn"):
        return det_berkowitz(rows, ModularLift(ops.n))
    return _det_generic(rows, ops, method)


def _det_generic(rows: list[list[Any]], ops: Any, method: str) -> Any:
    if method == "bareiss":
        return det_bareiss(rows, ops)
    if method == "gauss":
        return det_gauss(rows, ops, _pivot_key(ops))
    if method == "laplace":
        return det_laplace(rows, ops)
    return det_berkowitz(rows, ops)


# -- inverse, adjugate, solve ------------------------------------------------------


def _inv_int(rows: list[list[int]], scales: Optional[list[int]] = None) -> Optional[list[list[Fraction]]]:
    """Inverse of an int matrix ``B`` times ``diag(scales)`` (``None`` when singular)."""
    n = len(rows)
    flint = _fast.flint_module()
    if flint is not None:
        result = _fast.inv_int_flint(rows, flint)
    else:
        result = _fast.solve_den_int(rows, _int_identity(n))
    if result is None:
        return None
    num, den = result
    if scales is not None:
        num = [[v * s for v, s in zip(row, scales)] for row in num]
    return _fast.fractions_over(num, den)


def _int_identity(n: int) -> list[list[int]]:
    return [[1 if j == i else 0 for j in range(n)] for i in range(n)]


def _unit_inverse(d: Any, ops: Any, func: str) -> Any:
    """``1 / d`` in a ring where ``d`` may fail to be a unit (``SingularMatrixError`` then)."""
    try:
        return ops.div(ops.one, d)
    except (NotDivisibleError, ZeroDivisionError):
        raise SingularMatrixError(
            f"{func}: the matrix is not invertible over {ops.name}: its determinant is not a unit "
            f"(got det = {ops.format(d)})"
        ) from None
    except DomainError:
        raise DomainError(
            f"{func}: needs division, and {ops.name} has neither exact division nor field division "
            f"(got ops={ops.name}); define exquo (has_exquo = True) or div (is_field = True) on the ops"
        ) from None


def inv(rows: list[list[Any]], ops: Any, func: str = "inv") -> Optional[list[list[Any]]]:
    """Inverse of one square matrix in ``field_ops(ops)``; ``None`` when singular."""
    kind = ring_kind(ops, func)
    n = len(rows)
    if n == 0:
        return []
    if kind == "int":
        return _inv_int(rows)
    if kind == "rat":
        ints, scales = _fast.clear_row_denominators(rows)
        return _inv_int(ints, scales)
    if kind == "sym":
        numbers = _sym_numbers(rows)
        if numbers is not None:
            nkind, nrows = numbers
            out = inv(nrows, integers if nkind == "int" else rationals, func)
            return None if out is None else _to_sym(out)
        result = _polys.inv_sym(rows)
        if result is not NotImplemented:
            return result
    if kind == "modp":
        aug = [row + [1 if j == i else 0 for j in range(n)] for i, row in enumerate(rows)]
        pivots = _fast.rref_modp(aug, ops.n)
        if len(pivots) < n or pivots[-1] >= n:
            return None
        return [row[n:] for row in aug]
    if kind == "modn":
        return _modn_solve(rows, _int_identity(n), ops, func)
    identity = [[ops.one if j == i else ops.zero for j in range(n)] for i in range(n)]
    if kind == "domain":
        result = solve_den(rows, identity, ops)
        if result is None:
            return None
        num, den = result
        try:
            return [[ops.exquo(v, den) for v in row] for row in num]
        except NotDivisibleError:
            raise SingularMatrixError(
                f"{func}: the matrix is not invertible over {ops.name}: its determinant is not a unit "
                f"(got det = {ops.format(den)} up to sign)"
            ) from None
    return solve(rows, identity, ops, func)


def _modn_solve(A: list[list[int]], B: list[list[int]], ops: Any, func: str) -> Optional[list[list[int]]]:
    """Solve over Z/n by lifting to the integers: ``det * X`` exactly, then one unit inverse mod n."""
    result = _fast.solve_den_int(A, B)
    if result is None:
        return None
    Y, d = result
    unit = _unit_inverse(d % ops.n, ops, func)
    m = ops.n
    return [[v * unit % m for v in row] for row in Y]


def solve(A: list[list[Any]], B: list[list[Any]], ops: Any, func: str = "solve") -> Optional[list[list[Any]]]:
    """``X`` with ``A @ X == B`` for one square ``A`` (``field_ops(ops)``); ``None`` when singular."""
    kind = ring_kind(ops, func)
    n = len(A)
    if n == 0:
        return [list(row) for row in B]
    if kind in ("int", "rat"):
        if kind == "rat":
            aug, _ = _fast.clear_row_denominators([list(ra) + list(rb) for ra, rb in zip(A, B)])
            A, B = [row[:n] for row in aug], [row[n:] for row in aug]
        result = _fast.solve_den_int([list(row) for row in A], [list(row) for row in B])
        if result is None:
            return None
        return _fast.fractions_over(*result)
    if kind == "sym":
        numbers = _sym_numbers([list(ra) + list(rb) for ra, rb in zip(A, B)])
        if numbers is not None:
            nkind, nrows = numbers
            nops = integers if nkind == "int" else rationals
            out = solve([r[:n] for r in nrows], [r[n:] for r in nrows], nops, func)
            return None if out is None else _to_sym(out)
        result = _polys.solve_sym(A, B)
        if result is not NotImplemented:
            return result
        return solve_field(A, B, symbolic)
    if kind == "modp":
        aug = [list(ra) + list(rb) for ra, rb in zip(A, B)]
        pivots = _fast.rref_modp(aug, ops.n)
        if len(pivots) < n or pivots[n - 1] >= n:
            return None
        return [row[n:] for row in aug]
    if kind == "modn":
        return _modn_solve(A, B, ops, func)
    if kind in ("field", "inexact"):
        return solve_field(A, B, ops, _pivot_key(ops))
    if kind == "domain":
        result = solve_den(A, B, ops)
        if result is None:
            return None
        num, den = result
        try:
            return [[ops.exquo(v, den) for v in row] for row in num]
        except NotDivisibleError:
            raise NotDivisibleError(
                f"{func}: the solution is not in {ops.name}: the system needs division by "
                f"{ops.format(den)}, which is not exact (got a determinant of {ops.format(den)} up to sign)"
            ) from None
    # Only ring operations: adjugate and determinant by Berkowitz, then ops.div.
    d = det_berkowitz(A, ops)
    if ops.is_zero(d):
        return None
    unit = _unit_inverse(d, ops, func)
    X = matmul(adjugate_berkowitz(A, ops), B, ops)
    return [[ops.mul(v, unit) for v in row] for row in X]


def adjugate(rows: list[list[Any]], ops: Any, func: str = "adjugate") -> list[list[Any]]:
    """The adjugate of one square matrix, in ``ops``."""
    kind = ring_kind(ops, func)
    n = len(rows)
    if n == 0:
        return []
    if kind in ("int", "modn", "modp"):
        adj = _adjugate_int(rows)
        return adj if kind == "int" else [[v % ops.n for v in row] for row in adj]
    if kind == "rat":
        # adj(A) = adj(d*A) / d**(n-1) for the common denominator d.
        d = _fast.common_denominator([v for row in rows for v in row])
        ints = [[(v * d).numerator for v in row] for row in rows]
        scale = d ** (n - 1)
        return [[Fraction(v, scale) for v in row] for row in _adjugate_int(ints)]
    if kind == "sym":
        numbers = _sym_numbers(rows)
        if numbers is not None:
            nkind, nrows = numbers
            return _to_sym(adjugate(nrows, integers if nkind == "int" else rationals, func))
        result = _polys.adjugate_sym(rows)
        if result is not NotImplemented:
            return result
    return adjugate_berkowitz(rows, ops)


def _adjugate_int(rows: list[list[int]]) -> list[list[int]]:
    """Integer adjugate: ``det * inverse`` by fraction-free solving, Berkowitz when singular."""
    result = _fast.solve_den_int([row[:] for row in rows], _int_identity(len(rows)))
    if result is None:
        return adjugate_berkowitz(rows, integers)
    return result[0]


# -- rank, rref, lu, charpoly ------------------------------------------------------


def _needs_field(func: str, ops: Any, kind: str, what: str = "a field (integers are promoted to rationals)") -> DomainError:
    if kind == "modn":
        hint = "Z/n with composite n has zero divisors; use a prime modulus"
    else:
        hint = "convert the tensor first, e.g. .astype(gt.rationals) or .astype(gt.symbolic)"
    return DomainError(f"{func}: needs {what} (got ops={ops.name}); {hint}")


def rank(rows: list[list[Any]], ops: Any, func: str = "rank") -> int:
    """Rank of one matrix (over the field of fractions of an integral domain)."""
    kind = ring_kind(ops, func)
    if not rows or not rows[0]:
        return 0
    if kind == "int":
        return len(_fast.echelon_int(rows))
    if kind == "rat":
        return len(_fast.echelon_int(_fast.clear_row_denominators(rows)[0]))
    if kind == "sym":
        numbers = _sym_numbers(rows)
        if numbers is not None:
            nkind, nrows = numbers
            return rank(nrows, integers if nkind == "int" else rationals, func)
        result = _polys.rank_sym(rows)
        if result is not NotImplemented:
            return int(result)
        return len(rref_field(rows, symbolic))
    if kind == "modp":
        return len(_fast.rref_modp(rows, ops.n))
    if kind in ("field", "inexact"):
        return len(rref_field(rows, ops, _pivot_key(ops)))
    if kind == "domain":
        return len(echelon_bareiss(rows, ops))
    raise _needs_field(func, ops, kind, "a field or an integral domain with exact division")


def rref(rows: list[list[Any]], ops: Any, func: str = "rref") -> tuple[list[list[Any]], list[int]]:
    """``(rows, pivots)`` of the reduced row echelon form, in ``field_ops(ops)``."""
    kind = ring_kind(ops, func)
    if not rows or not rows[0]:
        return [list(row) for row in rows], []
    if kind in ("int", "rat"):
        ints = rows if kind == "int" else _fast.clear_row_denominators(rows)[0]
        den, pivots = _fast.rref_den_int(ints)
        return _fast.fractions_over(ints, den), pivots
    if kind == "sym":
        numbers = _sym_numbers(rows)
        if numbers is not None:
            nkind, nrows = numbers
            out, pivots = rref(nrows, integers if nkind == "int" else rationals, func)
            return _to_sym(out), pivots
        result = _polys.rref_sym(rows)
        if result is not NotImplemented:
            return result
        return rows, rref_field(rows, symbolic)
    if kind == "modp":
        return rows, _fast.rref_modp(rows, ops.n)
    if kind in ("field", "inexact"):
        return rows, rref_field(rows, ops, _pivot_key(ops))
    raise _needs_field(func, ops, kind)


def lu(rows: list[list[Any]], ops: Any, func: str = "lu") -> tuple[list[int], list[list[Any]], list[list[Any]]]:
    """``(perm, L, U)`` with ``P @ A == L @ U`` over ``field_ops(ops)``."""
    kind = ring_kind(ops, func)
    if kind == "int":
        return lu_field([[Fraction(v) for v in row] for row in rows], rationals)
    if kind == "sym" and rows and rows[0]:
        result = _polys.lu_sym(rows)
        if result is not NotImplemented:
            return result
    if kind in ("rat", "sym", "modp", "field", "inexact"):
        return lu_field(rows, ops, _pivot_key(ops))
    raise _needs_field(func, ops, kind)


def charpoly(rows: list[list[Any]], ops: Any, func: str = "charpoly") -> list[Any]:
    """Coefficients of ``det(t*I - A)``, highest degree first, in ``ops``."""
    kind = ring_kind(ops, func)
    n = len(rows)
    if n == 0:
        return [ops.one]
    if kind == "int":
        flint = _fast.flint_module()
        if flint is not None:
            return [int(c) for c in reversed(flint.fmpz_mat(rows).charpoly().coeffs())]
        return charpoly_berkowitz(rows, integers)
    if kind == "rat":
        # A = B / d with B integral: coefficient i of A is that of B over d**i.
        d = _fast.common_denominator([v for row in rows for v in row])
        coeffs = charpoly(([[(v * d).numerator for v in row] for row in rows]), integers, func)
        return [Fraction(c, d**i) for i, c in enumerate(coeffs)]
    if kind in ("modp", "modn"):
        return charpoly_berkowitz(rows, ModularLift(ops.n))
    if kind == "sym":
        numbers = _sym_numbers(rows)
        if numbers is not None:
            nkind, nrows = numbers
            return [symbolic.convert(c) for c in charpoly(nrows, integers if nkind == "int" else rationals, func)]
        result = _polys.charpoly_sym(rows)
        if result is not NotImplemented:
            return result
    return charpoly_berkowitz(rows, ops)
