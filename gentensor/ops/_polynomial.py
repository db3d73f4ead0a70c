"""Euclidean rings the normal forms run on: univariate polynomials over the rationals, and any field seen as one.

``gt.polynomials(x)`` holds polynomials in one symbol with rational
coefficients as SymPy ``Poly`` objects: a Euclidean domain (division with
remainder by degree), so the generic Hermite and Smith forms, gcds and
Bézout coefficients run on it as on the integers -- SymPy's
``smith_normal_form(M, domain=QQ[x])``.  Its canonical unit makes every
non-zero polynomial monic.

`as_euclidean` views a field as the (trivial) Euclidean domain it is:
``divmod(a, b) == (a / b, 0)`` and every non-zero element has the canonical
associate ``1``; the Smith form over a field is then ``diag(1, ..., 1, 0, ...)``
of the rank, and the Hermite form the reduced row echelon form.

Examples
--------
>>> import gentensor as gt, sympy
>>> x = sympy.Symbol("x")
>>> Qx = gt.polynomials(x)
>>> q, r = Qx.divmod(Qx.convert(x**3 + 1), Qx.convert(x**2))
>>> q.as_expr(), r.as_expr()
(x, 1)
"""

from __future__ import annotations

import threading
from functools import cached_property
from typing import Any

from ..errors import ArgumentTypeError, DomainError, NotDivisibleError
from ._capabilities import Capabilities, capabilities_of
from ._protocol import BaseOps

__all__ = ["polynomials", "UnivariatePolynomials", "as_euclidean"]


class UnivariatePolynomials(BaseOps):
    """``Q[x]``: polynomials in one SymPy symbol with rational coefficients (elements are ``sympy.Poly``).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> x = sympy.Symbol("x")
    >>> Qx = gt.polynomials(x)
    >>> Qx.gcd(Qx.convert(x**2 - 1), Qx.convert(2*x - 2)).as_expr()
    x - 1
    """

    capabilities = Capabilities(kind="user", integral_domain=True, exact_division=True, euclidean=True, characteristic=0)

    def __init__(self, symbol: Any) -> None:
        import sympy

        if not isinstance(symbol, sympy.Symbol):
            raise ArgumentTypeError(f"polynomials: the variable must be a SymPy Symbol (got {symbol!r})")
        self.symbol = symbol
        self.name = f"polynomials({symbol})"

    @cached_property
    def zero(self) -> Any:  # type: ignore[override]
        return self._poly(0)

    @cached_property
    def one(self) -> Any:  # type: ignore[override]
        return self._poly(1)

    def _poly(self, value: Any) -> Any:
        import sympy

        return sympy.Poly(value, self.symbol, domain=sympy.QQ)

    def convert(self, value: Any) -> Any:
        import sympy

        if isinstance(value, sympy.Poly):
            if value.gens == (self.symbol,) and value.domain.is_QQ:
                return value
            value = value.as_expr()
        try:
            p = self._poly(value)
        except (sympy.PolynomialError, sympy.polys.polyerrors.CoercionFailed, TypeError, ValueError):
            raise ArgumentTypeError(
                f"{self.name}.convert: {value!r} is not a polynomial in {self.symbol} over the rationals"
            ) from None
        return p

    def add(self, a: Any, b: Any) -> Any:
        return a + b

    def sub(self, a: Any, b: Any) -> Any:
        return a - b

    def mul(self, a: Any, b: Any) -> Any:
        return a * b

    def neg(self, a: Any) -> Any:
        return -a

    def equal(self, a: Any, b: Any) -> bool:
        return bool(a == b)

    def is_zero(self, a: Any) -> bool:
        return bool(a.is_zero)

    def divmod(self, a: Any, b: Any) -> tuple[Any, Any]:
        if b.is_zero:
            raise ZeroDivisionError(f"{self.name}.divmod: division by zero")
        return a.div(b)  # type: ignore[no-any-return]

    def exquo(self, a: Any, b: Any) -> Any:
        q, r = self.divmod(a, b)
        if not r.is_zero:
            raise NotDivisibleError(f"{self.name}.exquo: {a.as_expr()} is not divisible by {b.as_expr()}")
        return q

    def gcd(self, a: Any, b: Any) -> Any:
        """The monic greatest common divisor (0 for two zeros)."""
        return a.gcd(b)

    def canonical_unit(self, a: Any) -> Any:
        """``1 / leading coefficient``: the canonical associate of a polynomial is monic."""
        if a.is_zero:
            return self.one
        return self._poly(1 / a.LC())

    def format(self, a: Any) -> str:
        return str(a.as_expr())

    def latex(self, a: Any) -> str:
        import sympy

        return str(sympy.latex(a.as_expr()))

    def parse(self, text: str) -> Any:
        from ._parse import parse_cell

        return self.convert(parse_cell(text))

    def __reduce__(self) -> Any:
        return (polynomials, (self.symbol,))


_RINGS: dict[Any, UnivariatePolynomials] = {}
_LOCK = threading.Lock()


def polynomials(symbol: Any) -> UnivariatePolynomials:
    """The ops of polynomials in ``symbol`` with rational coefficients, ``Q[symbol]`` (one instance per symbol).

    A Euclidean domain: [`hnf`][gentensor.linalg.lattice.hnf], [`snf`][gentensor.linalg.lattice.snf],
    [`elementary_divisors`][gentensor.linalg.lattice.elementary_divisors], ``gcd`` and ``gcdex`` run on it;
    ``gt.linalg.snf`` of a symbolic matrix of such polynomials uses it on its own.

    Parameters
    ----------
    symbol : sympy.Symbol
        The variable.

    Returns
    -------
    UnivariatePolynomials
        The ops (the same object for the same symbol).

    Raises
    ------
    ArgumentTypeError
        ``symbol`` is not a SymPy Symbol.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> x = sympy.Symbol("x")
    >>> m = gt.tensor([[x - 1, 0], [0, x**2 - 1]]).astype(gt.polynomials(x))
    >>> [d.as_expr() for d in gt.linalg.elementary_divisors(m).tolist()]
    [x - 1, x**2 - 1]
    """
    found = _RINGS.get(symbol)
    if found is None:
        with _LOCK:
            found = _RINGS.setdefault(symbol, UnivariatePolynomials(symbol))
    return found


class _EuclideanField(BaseOps):
    """A field as a Euclidean domain: exact division is Euclidean division with remainder 0."""

    def __init__(self, field: Any) -> None:
        self.field = field
        self.name = f"{field.name} (Euclidean)"
        self.zero = field.zero
        self.one = field.one
        caps = capabilities_of(field)
        self._caps = Capabilities(
            kind="user", integral_domain=True, field=True, exact_division=True, euclidean=True,
            characteristic=caps.characteristic,
        )
        self.is_field = self.has_exquo = True
        for member in ("convert", "add", "sub", "mul", "neg", "equal", "is_zero", "div", "format"):
            setattr(self, member, getattr(field, member))
        self.exquo = field.div  # type: ignore[method-assign]

    @property
    def capabilities(self) -> Capabilities:  # type: ignore[override]
        return self._caps

    def divmod(self, a: Any, b: Any) -> tuple[Any, Any]:
        return self.field.div(a, b), self.field.zero

    def canonical_unit(self, a: Any) -> Any:
        """``1/a``: every non-zero element is associate to 1."""
        return self.one if self.field.is_zero(a) else self.field.div(self.one, a)


def as_euclidean(field: Any) -> Any:
    """``field`` seen as a Euclidean domain (see the module docstring); refuses a ring that is not an exact field.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> E = as_euclidean(gt.rationals)
    >>> E.divmod(Fraction(3), Fraction(4)), E.canonical_unit(Fraction(-2))
    ((Fraction(3, 4), Fraction(0, 1)), Fraction(-1, 2))
    """
    caps = capabilities_of(field)
    if not (caps.field and caps.exact):
        raise DomainError(f"as_euclidean: needs an exact field (got ops {field!r})")
    return _EuclideanField(field)
