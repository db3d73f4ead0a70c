"""Euclidean rings through their ops: the members normal forms and number theory use, and Bézout's identity.

`Euclid` looks up once the members of a Euclidean ops that the
lattice kernels (`gentensor.linalg._lattice`) and the element-wise
number theory ([`gentensor.compute.numtheory`][gentensor.compute.numtheory]) need, including the
*canonical unit* that picks one associate of every element (the sign for
integers); [`gcdex`][gentensor.compute.numtheory.gcdex] is the extended Euclidean algorithm on ``divmod``.
"""

from __future__ import annotations

from typing import Any, Callable

from ..ops import ElementOps, capabilities_of, defines

__all__ = ["Euclid", "gcdex"]


class Euclid:
    """The members of a Euclidean ops the lattice kernels use, looked up once.

    ``rem(a, b)`` is ``ops.mod`` when the ops defines it (the remainder of
    ``ops.divmod``), ``exact(a, b)`` a quotient known to be exact
    (``ops.floordiv`` in an ordered ring, where floor division of a multiple
    is exact, else ``ops.exquo``), ``unit(a)`` the unit that makes ``a``
    canonical (``unit(a) * a``).

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> R = Euclid(integers)
    >>> R.unit(-4), R.rem(-7, 3), R.normal(-6)
    (-1, 2, 6)
    """

    def __init__(self, ops: ElementOps) -> None:
        self.ops = ops
        self.zero, self.one = ops.zero, ops.one
        self.add, self.sub, self.mul, self.neg = ops.add, ops.sub, ops.mul, ops.neg
        self.is_zero = ops.is_zero
        self.divmod: Callable[[Any, Any], tuple[Any, Any]] = ops.divmod  # type: ignore[attr-defined]
        self.exquo = ops.exquo
        caps = capabilities_of(ops)
        self.ordered = caps.ordered
        if defines(ops, "mod"):
            self.rem: Callable[[Any, Any], Any] = ops.mod  # type: ignore[attr-defined]
        else:
            dm = self.divmod
            self.rem = lambda a, b: dm(a, b)[1]
        if caps.ordered and defines(ops, "floordiv"):
            self.exact: Callable[[Any, Any], Any] = ops.floordiv  # type: ignore[attr-defined]
        else:
            self.exact = ops.exquo
        canonical = getattr(ops, "canonical_unit", None)
        if callable(canonical):
            self.unit: Callable[[Any], Any] = canonical
        elif caps.ordered:
            lt, zero, one, minus = ops.lt, ops.zero, ops.one, ops.neg(ops.one)  # type: ignore[attr-defined]
            self.unit = lambda a: minus if lt(a, zero) else one
        else:
            one = ops.one
            self.unit = lambda a: one

    def normal(self, a: Any) -> Any:
        """The canonical associate of ``a`` (``abs`` for integers)."""
        return self.mul(self.unit(a), a)

    def divides(self, a: Any, b: Any) -> bool:
        """True when ``a`` divides ``b``."""
        if self.is_zero(a):
            return bool(self.is_zero(b))
        return bool(self.is_zero(self.divmod(b, a)[1]))


def gcdex(a: Any, b: Any, R: Euclid) -> tuple[Any, Any, Any]:
    """``(g, s, t)`` with ``s*a + t*b == g``, ``g`` a canonical gcd, by the extended Euclidean algorithm.

    Uses ``R.divmod, R.sub, R.mul, R.is_zero`` and the canonical unit;
    ``gcdex(0, 0)`` is ``(0, 1, 0)``.

    Examples
    --------
    >>> from gentensor.ops import integers
    >>> gcdex(240, 46, Euclid(integers)), gcdex(-4, 0, Euclid(integers))
    ((2, -9, 47), (4, -1, 0))
    """
    divmod_, sub, mul, is_zero = R.divmod, R.sub, R.mul, R.is_zero
    r0, r1 = a, b
    s0, s1 = R.one, R.zero
    t0, t1 = R.zero, R.one
    while not is_zero(r1):
        q, r = divmod_(r0, r1)
        r0, r1 = r1, r
        s0, s1 = s1, sub(s0, mul(q, s1))
        t0, t1 = t1, sub(t0, mul(q, t1))
    u = R.unit(r0)
    return mul(u, r0), mul(u, s0), mul(u, t0)
