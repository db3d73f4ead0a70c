"""Linear algebra over number fields: matrices whose entries are ``CRootOf``, ``AlgebraicNumber`` and radicals.

The eigenvectors of an integer matrix live in ``Q(r)`` for a root ``r`` of
its characteristic polynomial, and a matrix of them (the ``p`` of
``diagonalize``) mixes several conjugate roots.  SymPy's expression domain
takes minutes to invert such a 3x3 matrix; here every entry is written in
one field ``K = Q(gamma)`` (`gentensor.ops._numberfield`) and the field
kernels of `._dense` eliminate there exactly (Gauss: ``ops.div``,
``ops.is_zero`` are exact in ``K``).  Results go back to expressions as
combinations of monomials in the generators.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ..ops._numberfield import NumberField, OutsideField, cached_field, generators

__all__ = ["matrix_field", "NumberFieldKernel", "number_field_kernel"]


def matrix_field(rows: list[list[Any]], radicals: bool = False) -> Optional[tuple[NumberField, list[list[Any]]]]:
    """The field of a matrix of algebraic numbers holding a ``CRootOf`` or ``AlgebraicNumber``, and its rows in it.

    With ``radicals=True`` also matrices of radicals and ``I`` only.  ``None``
    for anything else (no such entry, a symbol, a float, a field over the
    limits): other kernels handle those.
    """
    from sympy import AlgebraicNumber, Basic
    from sympy.polys.rootoftools import ComplexRootOf

    if not rows or not all(isinstance(v, Basic) for row in rows for v in row):
        return None
    if not radicals and not any(v.has(ComplexRootOf, AlgebraicNumber) for row in rows for v in row):
        return None
    exprs = [[_unfold(v, AlgebraicNumber) for v in row] for row in rows]
    gens: set[Any] = set()
    for row in exprs:
        for v in row:
            found = generators(v)
            if found is None:
                return None
            gens |= found
    if not gens:
        return None  # rational entries: the ring's own kernels
    try:
        K = cached_field(gens)
        assert K is not None
        return K, [[K.element(v) for v in row] for row in exprs]
    except (OutsideField, ZeroDivisionError):
        return None


def _unfold(v: Any, number_class: Any) -> Any:
    if v.has(number_class):
        return v.replace(lambda a: isinstance(a, number_class), lambda a: a.as_expr())
    return v


class NumberFieldKernel:
    """A kernel (provider convention) running ``operation`` in the number field of the entries, else ``fallback``.

    ``operation`` is ``"det"``, ``"inv"``, ``"solve"``, ``"rank"`` or ``"rref"``;
    the fallback (another provider, or ``None`` for the generic algorithm)
    gets the matrices that are not over a number field.  An object, not a
    closure, so process pools can send it to their workers.
    """

    def __init__(self, operation: str, fallback: Optional[Callable[..., Any]]) -> None:
        self.operation = operation
        self.fallback = fallback

    def __call__(self, *args: Any) -> Any:
        from ._dense import det_gauss, identity_rows, rref_field, solve_field

        *matrices, _ = args
        found: Any = matrix_field(matrices[0], True) if len(matrices) == 1 else _pair_field(matrices[0], matrices[1])
        if found is None:
            return NotImplemented if self.fallback is None else self.fallback(*args)
        K, M = found[0], found[1]
        F = K.ops
        if self.operation == "det":
            return K.expr(det_gauss(M, F))
        if self.operation == "rank":
            return len(rref_field(M, F))
        if self.operation == "rref":
            pivots = rref_field(M, F)
            return [[K.expr(a) for a in row] for row in M], pivots
        if self.operation == "inv":
            X = solve_field(M, identity_rows(len(M), F.zero, F.one), F)
        else:
            X = solve_field(M, found[2], F)
        return None if X is None else [[K.expr(a) for a in row] for row in X]


def number_field_kernel(operation: str, fallback: Optional[Callable[..., Any]]) -> NumberFieldKernel:
    """The kernel of ``operation`` that tries the number field of the entries first (see `NumberFieldKernel`)."""
    return NumberFieldKernel(operation, fallback)


def _pair_field(A: list[list[Any]], B: list[list[Any]]) -> Optional[tuple[NumberField, list[list[Any]], list[list[Any]]]]:
    n = len(A)
    found = matrix_field([list(a) + list(b) for a, b in zip(A, B)], True)
    if found is None:
        return None
    K, rows = found
    return K, [row[:n] for row in rows], [row[n:] for row in rows]
