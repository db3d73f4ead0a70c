"""The element-operations protocol and the base class every ops builds on.

A tensor never touches its elements directly: it asks its ``ops`` object to
add, multiply, test for zero, divide exactly, print.  ``ElementOps`` is the
contract (a :class:`typing.Protocol`); :class:`BaseOps` gives every optional
member a sane default so a user type needs only ``zero``, ``one``, ``add``,
``mul``, ``neg``, ``equal`` and ``convert``.
"""

from __future__ import annotations

from functools import reduce
from typing import Any, Callable, Iterable, Protocol, runtime_checkable

from ..errors import DomainError

__all__ = ["ElementOps", "BaseOps"]


@runtime_checkable
class ElementOps(Protocol):
    """What a tensor needs from its elements' operations.

    Members
    -------
    name : str
        Short name shown in ``repr`` (``ops=integers``).
    zero, one
        The additive and multiplicative identities.
    convert(value)
        Turn a Python int, Fraction or same-kind value into an element;
        raise ``TypeError`` when that is not possible exactly.
    add, sub, mul, neg
        Ring arithmetic.
    sum(iterable)
        n-ary sum (SymPy builds one ``Add``).
    exquo(a, b)
        Exact division: ``q`` with ``a == b*q`` or ``NotDivisibleError``.
    div(a, b)
        Field division (``DomainError`` when the ring is not a field).
    is_zero(a), equal(a, b)
        Semantic tests (never Python truthiness).
    format(a), latex(a)
        Text and LaTeX of one element.
    is_commutative, is_field, is_exact, has_exquo
        Capability flags that choose algorithms.

    >>> import gentensor as gt
    >>> isinstance(gt.integers, gt.ElementOps)
    True
    """

    name: str
    zero: Any
    one: Any
    is_commutative: bool
    is_field: bool
    is_exact: bool
    has_exquo: bool

    def convert(self, value: Any) -> Any: ...
    def add(self, a: Any, b: Any) -> Any: ...
    def sub(self, a: Any, b: Any) -> Any: ...
    def mul(self, a: Any, b: Any) -> Any: ...
    def neg(self, a: Any) -> Any: ...
    def sum(self, values: Iterable[Any]) -> Any: ...
    def exquo(self, a: Any, b: Any) -> Any: ...
    def div(self, a: Any, b: Any) -> Any: ...
    def is_zero(self, a: Any) -> bool: ...
    def equal(self, a: Any, b: Any) -> bool: ...
    def format(self, a: Any) -> str: ...
    def latex(self, a: Any) -> str: ...


class BaseOps:
    """Helper base class with defaults for every optional protocol member.

    Subclass it and define ``zero``, ``one``, ``add``, ``mul``, ``neg``,
    ``equal`` and ``convert``; override the rest when your ring can do better
    (``exquo`` and ``div`` raise :class:`DomainError` until you do, and the
    flags ``has_exquo``/``is_field`` stay ``False``).

    Examples
    --------
    Integers mod 7 as a user ring:

    >>> import gentensor as gt
    >>> class Mod7(gt.BaseOps):
    ...     name = "mod7"
    ...     zero, one = 0, 1
    ...     def convert(self, v): return int(v) % 7
    ...     def add(self, a, b): return (a + b) % 7
    ...     def mul(self, a, b): return (a * b) % 7
    ...     def neg(self, a): return -a % 7
    ...     def equal(self, a, b): return a == b
    >>> ops = Mod7()
    >>> ops.sub(2, 5), ops.sum([3, 4, 5]), ops.is_zero(ops.add(3, 4))
    (4, 5, True)
    """

    name: str = "ops"
    zero: Any = 0
    one: Any = 1
    is_commutative: bool = True
    is_field: bool = False
    is_exact: bool = True
    has_exquo: bool = False
    #: True when ``lt``/``le`` give a total order (min, max, sorting).
    is_ordered: bool = False

    # -- required (subclasses must define) ---------------------------------
    def convert(self, value: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__}.convert must be defined")

    def add(self, a: Any, b: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__}.add must be defined")

    def mul(self, a: Any, b: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__}.mul must be defined")

    def neg(self, a: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__}.neg must be defined")

    def equal(self, a: Any, b: Any) -> bool:
        raise NotImplementedError(f"{type(self).__name__}.equal must be defined")

    # -- defaults ----------------------------------------------------------
    def sub(self, a: Any, b: Any) -> Any:
        return self.add(a, self.neg(b))

    def sum(self, values: Iterable[Any]) -> Any:
        return reduce(self.add, values, self.zero)

    def prod(self, values: Iterable[Any]) -> Any:
        return reduce(self.mul, values, self.one)

    def is_zero(self, a: Any) -> bool:
        return bool(self.equal(a, self.zero))

    def exquo(self, a: Any, b: Any) -> Any:
        raise DomainError(
            f"{self.name}.exquo: exact division is not available for {self.name} "
            f"(got {self.format(a)} / {self.format(b)}); define exquo and set has_exquo = True"
        )

    def div(self, a: Any, b: Any) -> Any:
        raise DomainError(
            f"{self.name}.div: {self.name} is not a field "
            f"(got {self.format(a)} / {self.format(b)}); define div and set is_field = True"
        )

    def pow(self, a: Any, k: int) -> Any:
        """``a**k`` for an integer ``k >= 0`` by repeated squaring (negative: via ``div``)."""
        if k < 0:
            return self.pow(self.div(self.one, a), -k)
        result, base = self.one, a
        while k:
            if k & 1:
                result = self.mul(result, base)
            k >>= 1
            if k:
                base = self.mul(base, base)
        return result

    def _unsupported(self, what: str, *args: Any) -> DomainError:
        shown = ", ".join(self.format(a) for a in args)
        return DomainError(f"{self.name}.{what}: not supported by {self.name} (got {shown}); define {what} on the ops")

    def lt(self, a: Any, b: Any) -> bool:
        """``a < b`` (only for ordered rings)."""
        raise self._unsupported("lt", a, b)

    def le(self, a: Any, b: Any) -> bool:
        """``a <= b`` (only for ordered rings)."""
        raise self._unsupported("le", a, b)

    def floordiv(self, a: Any, b: Any) -> Any:
        """Floor division ``a // b`` (only where the ring has one)."""
        raise self._unsupported("floordiv", a, b)

    def mod(self, a: Any, b: Any) -> Any:
        """Remainder ``a % b`` (only where the ring has one)."""
        raise self._unsupported("mod", a, b)

    def abs(self, a: Any) -> Any:
        """Absolute value (only where the ring has one)."""
        raise self._unsupported("abs", a)

    def format(self, a: Any) -> str:
        return str(a)

    def latex(self, a: Any) -> str:
        return self.format(a)

    def convert_list(self, values: Iterable[Any]) -> list[Any]:
        """Convert many values at once (ops may override with a fast path)."""
        return list(map(self.convert, values))

    def absorbs(self, other: Any) -> bool:
        """True when combining with ``other`` gives this ops (the promotion lattice).

        The default: a user ring absorbs booleans, integers and rationals,
        since ``convert`` must accept Python ints and Fractions.
        """
        from ._numeric import booleans, integers, rationals

        return other is booleans or other is integers or other is rationals

    def __repr__(self) -> str:
        return self.name
