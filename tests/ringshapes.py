"""One user ring, the Euclidean Gaussian integers Z[i], written in each of the three shapes an ops may take.

* `DuckZI`: a plain class with every protocol member (duck typing, no
  gentensor base);
* `BaseZI`: a `gt.BaseOps` subclass defining what it can do better;
* `ProtoZI`: an explicit subclass of the `gt.ElementOps` protocol (PEP 544),
  defining the same members as `BaseZI` and inheriting the protocol's stubs
  for the rest.

The members all three define come from one plain mixin (`_Members`), so the
three differ only in shape.  Everything is at module level so worker processes can unpickle it.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

import gentensor as gt


class ZI:
    """``re + im*i`` with integer parts; deliberately no arithmetic operators."""

    __slots__ = ("re", "im")

    def __init__(self, re: int, im: int = 0) -> None:
        self.re, self.im = re, im

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ZI) and (self.re, self.im) == (other.re, other.im)

    def __hash__(self) -> int:
        return hash((self.re, self.im))

    def __repr__(self) -> str:
        return f"ZI({self.re}, {self.im})"

    def __reduce__(self) -> Any:
        return (ZI, (self.re, self.im))


CAPS = gt.Capabilities(kind="user", integral_domain=True, exact_division=True, euclidean=True)


def convert(value: Any) -> ZI:
    if isinstance(value, ZI):
        return value
    if isinstance(value, int):
        return ZI(int(value), 0)
    if isinstance(value, complex) and value.real.is_integer() and value.imag.is_integer():
        return ZI(int(value.real), int(value.imag))
    raise TypeError(f"zi.convert: cannot convert {value!r} to a Gaussian integer")


def add(a: ZI, b: ZI) -> ZI:
    return ZI(a.re + b.re, a.im + b.im)


def mul(a: ZI, b: ZI) -> ZI:
    return ZI(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)


def neg(a: ZI) -> ZI:
    return ZI(-a.re, -a.im)


def equal(a: ZI, b: ZI) -> bool:
    return a.re == b.re and a.im == b.im


def exquo(a: ZI, b: ZI) -> ZI:
    n = b.re * b.re + b.im * b.im
    if n == 0:
        raise ZeroDivisionError("zi.exquo: division by zero")
    re_, im_ = a.re * b.re + a.im * b.im, a.im * b.re - a.re * b.im
    if re_ % n or im_ % n:
        raise gt.NotDivisibleError(f"zi.exquo: {a} is not divisible by {b}")
    return ZI(re_ // n, im_ // n)


def divmod_(a: ZI, b: ZI) -> tuple[ZI, ZI]:
    n = b.re * b.re + b.im * b.im
    if n == 0:
        raise ZeroDivisionError("zi.divmod: division by zero")
    re_, im_ = a.re * b.re + a.im * b.im, a.im * b.re - a.re * b.im
    q = ZI((2 * re_ + n) // (2 * n), (2 * im_ + n) // (2 * n))  # the nearest Gaussian integer to a / b
    return q, add(a, neg(mul(b, q)))


def canonical_unit(a: ZI) -> ZI:
    if (a.re > 0 and a.im >= 0) or (a.re == 0 and a.im == 0):
        return ZI(1, 0)
    if a.re <= 0 and a.im > 0:
        return ZI(0, -1)
    if a.re < 0 and a.im <= 0:
        return ZI(-1, 0)
    return ZI(0, 1)


def format_(a: ZI) -> str:
    return f"{a.re}{'+' if a.im >= 0 else '-'}{abs(a.im)}i"


_TEXT = re.compile(r"^(-?\d+)([+-])(\d+)i$")


def parse(text: str) -> ZI:
    m = _TEXT.match(text.strip())
    if m is None:
        raise ValueError(f"zi.parse: not a Gaussian integer (got {text!r})")
    return ZI(int(m.group(1)), int(m.group(3)) * (1 if m.group(2) == "+" else -1))


class _Members:
    """The members every shape defines itself (a plain class: no gentensor base, so mixing it in keeps a shape)."""

    zero = ZI(0, 0)
    one = ZI(1, 0)

    def convert(self, value: Any) -> ZI:
        return convert(value)

    def add(self, a: ZI, b: ZI) -> ZI:
        return add(a, b)

    def mul(self, a: ZI, b: ZI) -> ZI:
        return mul(a, b)

    def neg(self, a: ZI) -> ZI:
        return neg(a)

    def equal(self, a: ZI, b: ZI) -> bool:
        return equal(a, b)

    def exquo(self, a: ZI, b: ZI) -> ZI:
        return exquo(a, b)

    def divmod(self, a: ZI, b: ZI) -> tuple[ZI, ZI]:
        return divmod_(a, b)

    def canonical_unit(self, a: ZI) -> ZI:
        return canonical_unit(a)

    def format(self, a: ZI) -> str:
        return format_(a)

    def parse(self, text: str) -> ZI:
        return parse(text)


class DuckZI(_Members):
    """Every protocol member, written out; no gentensor base class."""

    name = "zi-duck"
    is_commutative = True
    is_field = False
    is_exact = True
    has_exquo = True
    capabilities = CAPS

    def convert_list(self, values: Iterable[Any]) -> list[ZI]:
        return [convert(v) for v in values]

    def sub(self, a: ZI, b: ZI) -> ZI:
        return add(a, neg(b))

    def pow(self, a: ZI, k: int) -> ZI:
        out = self.one
        for _ in range(k):
            out = mul(out, a)
        return out

    def sum(self, values: Iterable[ZI]) -> ZI:
        out = self.zero
        for v in values:
            out = add(out, v)
        return out

    def prod(self, values: Iterable[ZI]) -> ZI:
        out = self.one
        for v in values:
            out = mul(out, v)
        return out

    def div(self, a: ZI, b: ZI) -> ZI:
        raise gt.DomainError(f"zi-duck.div: the Gaussian integers are not a field (got {a} / {b})")

    def is_zero(self, a: ZI) -> bool:
        return a.re == 0 and a.im == 0

    def latex(self, a: ZI) -> str:
        return format_(a)

    def to_json(self, a: ZI) -> str:
        return format_(a)

    def from_json(self, value: Any) -> ZI:
        return parse(value)

    def json_as_is(self, values: list[Any]) -> bool:
        return not values

    def spec(self) -> dict[str, Any]:
        return {"custom": self.name}

    def __repr__(self) -> str:
        return self.name


class BaseZI(_Members, gt.BaseOps):
    """The same ring as a `gt.BaseOps` subclass: the shared members, the rest `BaseOps`' defaults."""

    name = "zi-base"
    capabilities = CAPS


class ProtoZI(_Members, gt.ElementOps):
    """The same members as `BaseZI`, on the protocol itself: the rest are its ``...`` stubs."""

    name = "zi-protocol"
    capabilities = CAPS


SHAPES = {"duck": DuckZI(), "base": BaseZI(), "protocol": ProtoZI()}
