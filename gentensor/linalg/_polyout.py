"""Characteristic and minimal polynomials as SymPy objects: an expression in a symbol, or a ``PurePoly``.

``charpoly``/``minpoly`` compute coefficients in the matrix's ops
(`gentensor.linalg.eigen`); with ``symbol=`` or ``poly=True`` they hand them
here.  The ``PurePoly`` takes the domain of the matrix's entries, as SymPy's
``Matrix.charpoly`` does.

Examples
--------
>>> import gentensor as gt
>>> from gentensor.linalg._stack import stack_of
>>> x = gt.tensor([[1, 2], [3, 4]])
>>> polynomials([[1, -5, -2]], stack_of(x, "charpoly", square=True), "t", True, "charpoly")
PurePoly(t**2 - 5*t - 2, t, domain='ZZ')
"""

from __future__ import annotations

from typing import Any

from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError, DomainError, ShapeError
from ..ops import symbolic
from ._stack import Stack

__all__ = ["polynomials"]


def _symbol(symbol: Any, func: str) -> Any:
    import sympy

    if isinstance(symbol, str):
        return sympy.Symbol(symbol)
    if not isinstance(symbol, sympy.Symbol):
        raise ArgumentTypeError(f"{func}: symbol must be a SymPy Symbol or a name (got {symbol!r})")
    return symbol


def _matrix_domain(rows: list[list[Any]]) -> Any:
    """The polynomial domain of the matrix's entries, as SymPy's ``Matrix.charpoly`` computes in (``Matrix.to_DM``).

    ``None`` when SymPy would use its expression domains (``EX``,
    ``EXRAW``): the coefficients then pick their own domain.
    """
    import sympy
    from sympy.polys.polyerrors import PolynomialError

    try:
        entries = [[symbolic.convert(v) for v in row] for row in rows]
        domain = sympy.Matrix(entries).to_DM().domain
    except (TypeError, ValueError, PolynomialError):
        return None
    return None if domain.is_EX or domain.is_EXRAW else domain


def _as_polynomial(coeffs: list[Any], symbol: Any, poly: bool, func: str, rows: list[list[Any]] | None = None) -> Any:
    """The polynomial with these coefficients (highest first) as a SymPy expression or ``PurePoly``.

    Its domain is that of the matrix ``rows`` when given, as SymPy's
    ``Matrix.charpoly`` has it (and much faster than deriving one from the
    coefficients' expressions: 4 ms against 38 ms for 5x5 symbols).
    """
    import sympy
    from sympy.polys.polyerrors import CoercionFailed

    try:
        values = [symbolic.convert(c) for c in coeffs]
    except TypeError:
        raise DomainError(
            f"{func}: SymPy cannot read the coefficients (got {coeffs[0]!r} of type {type(coeffs[0]).__name__}); "
            "omit symbol= for the coefficients themselves"
        ) from None
    if any(symbol in getattr(v, "free_symbols", ()) for v in values):
        raise ArgumentValueError(
            f"{func}: the symbol {symbol} occurs in the matrix (got symbol={symbol}), so a polynomial in it would mix "
            "the variable with the entries; choose another symbol (SymPy's charpoly answers in a dummy _x instead)"
        )
    domain = None if rows is None else _matrix_domain(rows)
    p = None
    if domain is not None:
        try:
            p = sympy.PurePoly.from_list(values, symbol, domain=domain)
        except CoercionFailed:  # a coefficient outside the entries' domain (a ring that is not SymPy's): derive one
            p = None
    if p is None:
        p = sympy.PurePoly.from_list(values, symbol)
    return p if poly else p.as_expr()


def polynomials(results: list[list[Any]], stack: Stack, symbol: Any, poly: bool, func: str) -> Any:
    symbol = _symbol(symbol, func)
    if not stack.batch:
        return _as_polynomial(results[0], symbol, poly, func, stack.matrices[0])
    if poly:
        raise ShapeError(f"{func}: poly=True needs one matrix (got a stack of shape {stack.batch}); loop over it")
    values = [_as_polynomial(c, symbol, False, func, rows) for c, rows in zip(results, stack.matrices)]
    return Tensor._from_flat(values, stack.batch, symbolic)
