"""Eigen-theory over a field: eigenspaces, Jordan chains and blocks, diagonalizability, the minimal polynomial.

The characteristic factors of `._algebraic` (one `Group` per irreducible
factor) come in; the linear algebra then runs in the field of each group
(``F`` for a linear factor, ``F[t]/(g)`` as an `Extension` for the others),
touching elements only through that field's ops (``ops.is_zero``,
``ops.sub``, ``ops.mul``, ``ops.div``, ``ops.neg``).
"""
# mypy: disable-error-code="assignment,method-assign"

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional

from ..ops import ElementOps
from . import _symbolic
from ._algebraic import Extension, FieldMatrix, Group, factor_groups, field_matrix
from ._charpoly import matmul
from ._dense import identity_rows, rref_den, rref_field

__all__ = [
    "exact_rows",
    "nullspace_rows",
    "jordan_chains",
    "eigenspaces",
    "jordan_blocks",
    "is_diagonalizable_rows",
    "minpoly_rows",
    "minpoly_sym",
    "Eigenspace",
]


# -- linear algebra over a field ------------------------------------------------------


def nullspace_rows(M: list[list[Any]], ops: ElementOps) -> list[list[Any]]:
    """A basis of ``{v : M v == 0}`` over a field, one vector per free column (``M`` is consumed).

    Uses ``ops.zero, ops.one, ops.neg`` and what `rref_field` uses.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from gentensor.ops import rationals
    >>> nullspace_rows([[Fraction(1), Fraction(2)], [Fraction(2), Fraction(4)]], rationals)
    [[Fraction(-2, 1), Fraction(1, 1)]]
    """
    n = len(M[0]) if M else 0
    pivots = rref_field(M, ops)
    basis = []
    for f in (c for c in range(n) if c not in pivots):
        v = [ops.zero] * n
        v[f] = ops.one
        for i, p in enumerate(pivots):
            v[p] = ops.neg(M[i][f])
        basis.append(v)
    return basis


class _Span:
    """An echelon basis grown one vector at a time (independence tests over a field)."""

    def __init__(self, ops: ElementOps) -> None:
        self.ops = ops
        self.rows: list[tuple[int, list[Any]]] = []

    def add(self, v: list[Any]) -> bool:
        """Add ``v`` when it is independent of the vectors so far; True when it was."""
        ops = self.ops
        v = list(v)
        for p, r in self.rows:
            c = v[p]
            if not ops.is_zero(c):
                v = [ops.sub(a, ops.mul(c, b)) for a, b in zip(v, r)]
        for i, a in enumerate(v):
            if not ops.is_zero(a):
                inv = ops.div(ops.one, a)
                self.rows.append((i, [ops.mul(inv, x) for x in v]))
                return True
        return False


def _apply(B: list[list[Any]], v: list[Any], ops: ElementOps) -> list[Any]:
    return [ops.sum(map(ops.mul, row, v)) for row in B]


def jordan_chains(B: list[list[Any]], m: int, ops: ElementOps, func: str = "jordan_form") -> list[list[list[Any]]]:
    """Jordan chains of ``B = A - lam*I`` for an eigenvalue of algebraic multiplicity ``m``.

    Each chain is ``[B**(k-1) v, ..., B v, v]``: its first vector an
    eigenvector, ``B`` mapping each vector to the one before.  Longest chains
    first; their lengths sum to ``m``.  ``B`` is not changed.

    Uses ``ops.zero, ops.one, ops.add, ops.sub, ops.mul, ops.sum, ops.neg, ops.div, ops.is_zero``.
    """
    n = len(B)
    kernels: list[list[list[Any]]] = [[]]
    power: Optional[list[list[Any]]] = None
    while len(kernels[-1]) < m:
        if len(kernels) > n:
            raise RuntimeError(f"{func}: internal error: the generalized eigenspace never reached dimension {m} (got {n}x{n})")
        power = [row[:] for row in B] if power is None else matmul(power, B, ops)
        kernels.append(nullspace_rows([row[:] for row in power], ops))
    chains: list[list[list[Any]]] = []
    for k in range(len(kernels) - 1, 0, -1):
        span = _Span(ops)
        for v in kernels[k - 1]:
            span.add(v)
        for chain in chains:
            span.add(chain[k - 1])
        for v in kernels[k]:
            if span.add(v):
                chain = [v]
                for _ in range(k - 1):
                    chain.append(_apply(B, chain[-1], ops))
                chain.reverse()
                chains.append(chain)
    return chains


def _shifted(rows: list[list[Any]], lam: Any, ops: ElementOps) -> list[list[Any]]:
    """``A - lam*I`` as new rows."""
    return [[ops.sub(v, lam) if i == j else v for j, v in enumerate(row)] for i, row in enumerate(rows)]


def _group_problem(M: FieldMatrix, expr_rows: list[list[Any]], group: Group) -> list[tuple[Any, list[list[Any]], list[Any]]]:
    """The shifted matrix ``A - lam*I`` of a group in the field where it is exact.

    Returns ``[(ops, B, [(eigenvalue, back), ...])]``: vectors computed once
    over ``ops`` map to each eigenvalue's vectors through its ``back``.
    """
    import sympy

    if group.kind == "field":
        return [(M.ops, _shifted(M.rows, group.lam, M.ops), [(group.values[0], M.back)])]
    if group.kind == "extension":
        F = M.ops.K
        L = Extension(F, group.poly)
        A = [[L.convert(v) for v in row] for row in M.rows]
        B = _shifted(A, [F.one, F.zero], L)
        d = len(group.poly) - 1
        pairs = []
        for r in group.values:
            powers = [r**k for k in range(d - 1, -1, -1)]

            def back(a: list[Any], powers: list[Any] = powers) -> Any:
                terms = [M.back(c) * p for c, p in zip(a, powers[len(powers) - len(a) :])]
                return sympy.expand(sympy.Add(*terms))

            pairs.append((r, back))
        return [(L, B, pairs)]
    lam = group.values[0]
    shifted = [[v - lam if i == j else v for j, v in enumerate(row)] for i, row in enumerate(expr_rows)]
    ops, rows, back = exact_rows(shifted)  # algebraic numbers (CRootOf with radicals): their number field
    return [(ops, rows, [(lam, back)])]


class Eigenspace(NamedTuple):
    """One eigenvalue, its algebraic multiplicity and a basis of its eigenspace (vectors as lists)."""

    value: Any
    multiplicity: int
    vectors: list[list[Any]]


def eigenspaces(M: FieldMatrix, expr_rows: list[list[Any]], groups: list[Group]) -> list[Eigenspace]:
    """Every eigenvalue with its multiplicity and eigenvectors (SymPy expressions)."""
    out = []
    for group in groups:
        for ops, B, pairs in _group_problem(M, expr_rows, group):
            basis = nullspace_rows(B, ops)
            for value, back in pairs:
                out.append(Eigenspace(value, group.multiplicity, [[back(c) for c in v] for v in basis]))
    return out


def jordan_blocks(M: FieldMatrix, expr_rows: list[list[Any]], groups: list[Group]) -> list[tuple[Any, list[list[Any]]]]:
    """Every Jordan chain as ``(eigenvalue, [vectors])`` (SymPy expressions), longest first per eigenvalue."""
    out: list[tuple[Any, list[list[Any]]]] = []
    for group in groups:
        for ops, B, pairs in _group_problem(M, expr_rows, group):
            chains = jordan_chains(B, group.multiplicity, ops)
            for value, back in pairs:
                out.extend((value, [[back(c) for c in v] for v in chain]) for chain in chains)
    return out


def is_diagonalizable_rows(M: FieldMatrix, expr_rows: list[list[Any]], coeffs: list[Any]) -> bool:
    """True when the square-free part of the characteristic polynomial annihilates ``A``.

    A matrix is diagonalizable over the algebraic closure exactly when its
    minimal polynomial has no repeated root, that is when
    ``rad(charpoly)(A) == 0``.  Over generators with relations the
    eigenspaces are counted instead (the radical could miss a relation).
    """
    import sympy

    F, ops = M.ops.K, M.ops
    n = len(M.rows)
    if n == 0:
        return True
    if getattr(ops, "semantic", False):
        spaces = eigenspaces(M, expr_rows, factor_groups(M, coeffs))
        return all(len(s.vectors) == s.multiplicity for s in spaces)
    radical = sympy.Poly.from_list(coeffs, sympy.Dummy("t"), domain=F).sqf_part().monic().rep.to_list()
    P = identity_rows(n, ops.zero, radical[0])
    for c in radical[1:]:
        P = matmul(P, M.rows, ops)
        for i in range(n):
            P[i][i] = ops.add(P[i][i], c)
    return all(ops.is_zero(v) for row in P for v in row)


# -- the minimal polynomial ------------------------------------------------------------


def minpoly_rows(rows: list[list[Any]], ops: ElementOps, field: bool) -> list[Any]:
    """Coefficients of the minimal polynomial, highest degree first (monic), in ``ops``.

    The first power ``A**k`` that is a combination of ``I, A, ..., A**(k-1)``
    gives it: the powers, flattened, are the columns of an ``n**2 x (n+1)``
    matrix whose reduced echelon form holds the combination.  Over a field
    (``field=True``) Gauss-Jordan; otherwise fraction-free (Bareiss), with one
    exact division by the denominator at the end, so integral domains with
    ``exquo`` work (the coefficients lie in the ring when it is integrally
    closed, e.g. the integers or the Gaussian integers).

    Uses ``ops.zero, ops.one, ops.mul, ops.sum, ops.sub, ops.neg, ops.is_zero`` and
    ``ops.div`` (field) or ``ops.exquo`` (domain).

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> minpoly_rows([[2, 0, 0], [0, 2, 0], [0, 0, 3]], integers, field=False)
    [1, -5, 6]
    """
    n = len(rows)
    if n == 0:
        return [ops.one]
    powers = [identity_rows(n, ops.zero, ops.one)]
    for _ in range(n):
        powers.append(matmul(powers[-1], rows, ops))
    M = [[P[i][j] for P in powers] for i in range(n) for j in range(n)]
    if field:
        pivots = rref_field(M, ops)
        den = ops.one
    else:
        den, pivots = rref_den(M, ops)
    k = next(c for c in range(n + 1) if c >= len(pivots) or pivots[c] != c)
    coeffs = [den] + [ops.neg(M[i][k]) for i in range(k - 1, -1, -1)]
    if field:
        return coeffs
    return [ops.exquo(c, den) for c in coeffs]


def minpoly_sym(rows: list[list[Any]], ops: ElementOps) -> Any:
    """`minpoly_rows` for SymPy expressions, in the field of their domain (provider ``"minpoly"``)."""
    if not rows:
        return NotImplemented
    found = _symbolic.matrix_field(rows)
    if found is NotImplemented:
        return NotImplemented
    fops, M, back = found
    return [back(c) for c in minpoly_rows(M, fops, True)]


def exact_rows(rows: list[list[Any]]) -> tuple[Any, list[list[Any]], Callable[..., Any]]:
    """The rows (SymPy expressions) in an exact field: ``(ops, rows, back)``.

    A number field when every entry is an algebraic number (radicals,
    ``CRootOf``, ``I``), else the field of their SymPy domain (rationals,
    rational functions of the symbols).  ``back(a, near=None)`` writes an
    element as an expression, in the generator ``near`` alone when it lies
    in the field that generates.
    """
    from ._numberfield import matrix_field

    found = matrix_field(rows, radicals=True)
    if found is not None and found[0].degree > 1:
        K, M = found

        def back(a: Any, near: Any = None) -> Any:
            if near is not None:
                local = K.expr_in(a, near)
                if local is not None:
                    return local
            return K.expr(a)

        return K.ops, M, back
    F = field_matrix(rows)
    return F.ops, [list(r) for r in F.rows], lambda a, near=None: F.back(a)
