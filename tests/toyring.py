"""A user-defined ring for the tests: the Gaussian integers Z[i].

It plugs into gentensor only through the public protocol (``gt.BaseOps`` and
``gt.register_ops``), so every feature that works on it works for any user
type.  ``Gauss`` is deliberately not a Python number: it has operators, but
gentensor must not rely on them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import gentensor as gt


class Gauss:
    """a + b*i with integer a, b."""

    __slots__ = ("re", "im")

    def __init__(self, re: int, im: int = 0) -> None:
        self.re = re
        self.im = im

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Gauss) and self.re == other.re and self.im == other.im

    def __hash__(self) -> int:
        return hash((self.re, self.im))

    def __repr__(self) -> str:
        return f"Gauss({self.re}, {self.im})"

    def __reduce__(self) -> Any:
        return (Gauss, (self.re, self.im))


class GaussOps(gt.BaseOps):
    """Ops of Z[i]: a commutative integral domain with exact division."""

    name = "gaussian"
    zero = Gauss(0, 0)
    one = Gauss(1, 0)
    has_exquo = True

    def convert(self, value: Any) -> Gauss:
        if isinstance(value, Gauss):
            return value
        if isinstance(value, bool) or isinstance(value, int):
            return Gauss(int(value), 0)
        if isinstance(value, Fraction) and value.denominator == 1:
            return Gauss(value.numerator, 0)
        if isinstance(value, complex) and value.real.is_integer() and value.imag.is_integer():
            return Gauss(int(value.real), int(value.imag))
        raise TypeError(f"gaussian.convert: cannot convert {value!r} to a Gaussian integer")

    def add(self, a: Gauss, b: Gauss) -> Gauss:
        return Gauss(a.re + b.re, a.im + b.im)

    def sub(self, a: Gauss, b: Gauss) -> Gauss:
        return Gauss(a.re - b.re, a.im - b.im)

    def mul(self, a: Gauss, b: Gauss) -> Gauss:
        return Gauss(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)

    def neg(self, a: Gauss) -> Gauss:
        return Gauss(-a.re, -a.im)

    def equal(self, a: Gauss, b: Gauss) -> bool:
        return a.re == b.re and a.im == b.im

    def exquo(self, a: Gauss, b: Gauss) -> Gauss:
        n = b.re * b.re + b.im * b.im
        if n == 0:
            raise ZeroDivisionError("gaussian.exquo: division by zero")
        # a * conj(b) / |b|^2
        re = a.re * b.re + a.im * b.im
        im = a.im * b.re - a.re * b.im
        if re % n or im % n:
            raise gt.NotDivisibleError(f"gaussian.exquo: {a} is not divisible by {b}")
        return Gauss(re // n, im // n)

    def format(self, a: Gauss) -> str:
        if a.im == 0:
            return str(a.re)
        if a.re == 0:
            return f"{a.im}i"
        return f"{a.re}{'+' if a.im > 0 else '-'}{abs(a.im)}i"

    def __reduce__(self) -> str:
        return "gaussian"


gaussian = GaussOps()
gt.register_ops(Gauss, gaussian)


def to_complex(g: Gauss) -> complex:
    """The Gaussian integer as a Python complex (for oracles)."""
    return complex(g.re, g.im)


class EuclideanGaussOps(GaussOps):
    """Z[i] as a Euclidean domain: division with the nearest Gaussian integer as quotient.

    It declares what normal forms and number theory need -- ``euclidean`` in
    its capabilities, ``divmod``, and a ``canonical_unit`` that moves every
    non-zero element into the quadrant ``re > 0, im >= 0`` -- and nothing
    else differs from :class:`GaussOps`.
    """

    name = "gaussian (Euclidean)"
    capabilities = gt.Capabilities(kind="user", integral_domain=True, exact_division=True, euclidean=True)

    def divmod(self, a: Gauss, b: Gauss) -> tuple[Gauss, Gauss]:
        n = b.re * b.re + b.im * b.im
        if n == 0:
            raise ZeroDivisionError("gaussian.divmod: division by zero")
        re = a.re * b.re + a.im * b.im
        im = a.im * b.re - a.re * b.im
        q = Gauss((2 * re + n) // (2 * n), (2 * im + n) // (2 * n))  # the nearest Gaussian integer to a / b
        return q, self.sub(a, self.mul(b, q))

    def canonical_unit(self, a: Gauss) -> Gauss:
        if a.re > 0 and a.im >= 0 or (a.re == 0 and a.im == 0):
            return Gauss(1, 0)
        if a.re <= 0 and a.im > 0:
            return Gauss(0, -1)
        if a.re < 0 and a.im <= 0:
            return Gauss(-1, 0)
        return Gauss(0, 1)

    def __reduce__(self) -> str:
        return "gaussian_euclidean"


gaussian_euclidean = EuclideanGaussOps()


def norm(g: Gauss) -> int:
    """The Euclidean measure of Z[i]: ``|g|**2``."""
    return g.re * g.re + g.im * g.im


class Residue:
    """An element of Z/n that is not a Python int (for `ResidueOps`)."""

    def __init__(self, v: int, n: int) -> None:
        self.v, self.n = v % n, n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Residue) and (other.v, other.n) == (self.v, self.n)

    def __hash__(self) -> int:
        return hash((self.v, self.n))


class ResidueOps(gt.BaseOps):
    """Z/n as a user ring that says nothing of itself but the ring axioms (no capabilities: characteristic unknown)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.name = f"Z/{n} (user)"
        self.zero, self.one = Residue(0, n), Residue(1, n)

    def convert(self, v: Any) -> Residue:
        return v if isinstance(v, Residue) else Residue(int(v), self.n)

    def add(self, a: Residue, b: Residue) -> Residue:
        return Residue(a.v + b.v, self.n)

    def mul(self, a: Residue, b: Residue) -> Residue:
        return Residue(a.v * b.v, self.n)

    def neg(self, a: Residue) -> Residue:
        return Residue(-a.v, self.n)

    def equal(self, a: Residue, b: Residue) -> bool:
        return a.v == b.v
