"""The element-operations protocol and the base class every ops builds on.

A tensor never touches its elements directly: it asks its ``ops`` object to
add, multiply, test for zero, divide exactly, print.  ``ElementOps`` is the
contract (a `typing.Protocol`); [`BaseOps`][gentensor.ops._protocol.BaseOps] gives every optional
member a sane default so a user type needs only ``zero``, ``one``, ``add``,
``mul``, ``neg``, ``equal`` and ``convert``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import reduce
from typing import Any, Callable, Iterable, Protocol, Union, runtime_checkable

from ..errors import ArgumentTypeError, ArgumentValueError, DomainError
from ._capabilities import Capabilities, capabilities_of

__all__ = ["ElementOps", "OpsSpec", "BaseOps", "defines", "require", "is_stub"]


@runtime_checkable
class ElementOps(Protocol):
    """What a tensor needs from its elements' operations.

    Required of every ops: ``zero``, ``one``, ``add``, ``mul``, ``neg``,
    ``equal`` and ``convert``.  [`BaseOps`][gentensor.ops._protocol.BaseOps] gives every other member a
    default, so user rings subclass it and define what they can do better.

    Members
    -------
    name : str
        Short name shown in ``repr`` (``ops=integers``).
    zero, one
        The additive and multiplicative identities.
    convert(value)
        Turn a Python int, Fraction or same-kind value into an element;
        raise ``TypeError`` when that is not possible exactly.
    add, sub, mul, neg, pow
        Ring arithmetic (``pow(a, k)`` for an int ``k``).
    sum(iterable), prod(iterable)
        n-ary sum and product (SymPy builds one ``Add``/``Mul``).
    exquo(a, b)
        Exact division: ``q`` with ``a == b*q`` or ``NotDivisibleError``.
    div(a, b)
        Field division (``DomainError`` when the ring is not a field).
    divmod(a, b), gcd(a, b)
        Euclidean division and greatest common divisor (Euclidean domains).
    is_zero(a), equal(a, b)
        Semantic tests (never Python truthiness).
    zero_test(a)
        Optional: for rings whose zero test can be undecided (``gt.symbolic``),
        a `ZeroTest` with verdict ``"zero"``, ``"nonzero"``
        or ``"unknown"``; pivot searches then take an entry proven non-zero.
    lt(a, b), le(a, b)
        The order (ordered rings only).
    format(a), latex(a), parse(text)
        Text and LaTeX of one element, and its inverse for files.
    to_json(a), from_json(value), spec()
        The element's form in the save format and the ops' header there.
    capabilities : Capabilities
        What the ring is (commutative, field, Euclidean, ordered, ...);
        every algorithm chooses by it.
    fraction_field
        The ops that quotients live in when this ring is not a field
        (``gt.rationals`` for ``gt.integers``), or ``None``.
    kernel_family
        The name under which kernels are registered for a family of ops
        (see [`gentensor.register_provider`][gentensor.ops._providers.register_provider]), or ``None``.
    is_commutative, is_field, is_exact, has_exquo, is_ordered
        The flags of the first protocol version: on a `BaseOps` subclass,
        read-only views of ``capabilities`` (an ops that declares no
        ``capabilities`` is described by them).

    Examples
    --------
    >>> import gentensor as gt
    >>> isinstance(gt.integers, gt.ElementOps)
    True
    """

    @property
    def name(self) -> str: ...
    @property
    def zero(self) -> Any: ...
    @property
    def one(self) -> Any: ...
    @property
    def is_commutative(self) -> bool: ...
    @property
    def is_field(self) -> bool: ...
    @property
    def is_exact(self) -> bool: ...
    @property
    def has_exquo(self) -> bool: ...
    @property
    def capabilities(self) -> Capabilities: ...
    def convert(self, value: Any) -> Any: ...
    def convert_list(self, values: Iterable[Any]) -> list[Any]: ...
    def add(self, a: Any, b: Any) -> Any: ...
    def sub(self, a: Any, b: Any) -> Any: ...
    def mul(self, a: Any, b: Any) -> Any: ...
    def neg(self, a: Any) -> Any: ...
    def pow(self, a: Any, k: int) -> Any: ...
    def sum(self, values: Iterable[Any]) -> Any: ...
    def prod(self, values: Iterable[Any]) -> Any: ...
    def exquo(self, a: Any, b: Any) -> Any: ...
    def div(self, a: Any, b: Any) -> Any: ...
    def is_zero(self, a: Any) -> bool: ...
    def equal(self, a: Any, b: Any) -> bool: ...
    def format(self, a: Any) -> str: ...
    def latex(self, a: Any) -> str: ...
    def parse(self, text: str) -> Any: ...
    def to_json(self, a: Any) -> Any: ...
    def from_json(self, value: Any) -> Any: ...
    def json_as_is(self, values: list[Any]) -> bool: ...
    def spec(self) -> dict[str, Any]: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A class naming the protocol as a base gets `BaseOps`' defaults for the members it does not define.

        PEP 544 lets a class subclass a protocol explicitly (for type
        checking); its ``...`` bodies would then be inherited as methods that
        return ``None``.  Each such stub is replaced by `BaseOps`' default (or
        its refusal, for the required members), so an explicit subclass works
        exactly like a `BaseOps` subclass, in every process that defines it.
        """
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("_is_protocol", False):
            _fill_protocol_defaults(cls)


#: What an ``ops=`` argument accepts: an ops object, a Python type with registered
#: ops (``int``, ``Fraction``, a SymPy class, a registered class) or a built-in's
#: name (``"integers"``, ``"mod:7"``).
OpsSpec = Union[ElementOps, type, str]


class _Flag:
    """A flag of the first protocol version, read off the ops' capabilities (read-only)."""

    def __init__(self, capability: str) -> None:
        self.capability = capability
        self.name = capability

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, ops: Any, owner: Any = None) -> Any:
        source = ops if ops is not None else owner
        caps = getattr(source, "capabilities", None)
        if not isinstance(caps, Capabilities):  # a class whose capabilities is a property
            return self
        return getattr(caps, self.capability)

    def __set__(self, ops: Any, value: Any) -> None:
        raise AttributeError(
            f"{type(ops).__name__}.{self.name} is read off the ops' capabilities (got {self.name} = {value!r}); "
            f"declare capabilities = gt.Capabilities({self.capability}=...) instead"
        )


class BaseOps:
    """Helper base class with defaults for every optional protocol member.

    Subclass it and define ``zero``, ``one``, ``add``, ``mul``, ``neg``,
    ``equal`` and ``convert``; override the rest when your ring can do better
    (``exquo`` and ``div`` raise [`DomainError`][gentensor.errors.DomainError] until you do, and the
    flags ``has_exquo``/``is_field`` stay ``False``).

    What the ring *is* goes in ``capabilities = gt.Capabilities(...)`` (a
    class attribute, an instance attribute or a property); the flags
    ``is_field``, ``has_exquo``, ... are read-only views of it.  A class body
    may still set the flags instead: they become its capabilities
    (``has_exquo`` meaning an integral domain with exact division).
    Algorithms choose by these capabilities, so a user ring that declares
    what a built-in declares gets the built-in's algorithms.

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
    >>> ops.capabilities.field, ops.capabilities.kind
    (False, 'user')
    """

    name: str = "ops"
    zero: Any = 0
    one: Any = 1
    #: What the ring is: the one source of every fact below (the default fits any commutative ring).
    capabilities: Capabilities = Capabilities()
    #: The flags of the first protocol version, read off ``capabilities`` (read-only).
    is_commutative: bool = _Flag("commutative")  # type: ignore[assignment]
    is_field: bool = _Flag("field")  # type: ignore[assignment]
    is_exact: bool = _Flag("exact")  # type: ignore[assignment]
    has_exquo: bool = _Flag("exact_division")  # type: ignore[assignment]
    #: True when ``lt``/``le`` give a total order (min, max, sorting).
    is_ordered: bool = _Flag("ordered")  # type: ignore[assignment]
    #: Python types whose values are already elements (no conversion needed).
    native_types: tuple[type, ...] = ()
    #: The family name kernels are registered under (see ``gt.register_provider``).
    kernel_family: str | None = None
    #: Where quotients live when this ring is not a field (``rationals`` for ``integers``).
    fraction_field: Any = None
    #: True when ``equal``/``lt``/``le`` return real ``bool`` (saves a wrapper per element).
    returns_bool: bool = False
    #: How the elements pack into machine words (a ``gt.Packing``), or ``None``: Python lists.
    packing: Any = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _settle_flags(cls)

    @property
    def arithmetic_ops(self) -> Any:
        """The ops that arithmetic on these elements gives (``integers`` for ``booleans``)."""
        return self

    @property
    def real_ops(self) -> Any:
        """The ops of absolute values and real parts (``floats`` for ``complexes``)."""
        return self

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

    def to_fraction(self, a: Any, b: Any) -> Any:
        """``a / b`` as an element of `fraction_field` (for rings that are not fields)."""
        field = self.fraction_field
        if field is None:
            raise DomainError(
                f"{self.name}.to_fraction: {self.name} names no fraction_field to divide in "
                f"(got {self.format(a)} / {self.format(b)}); set fraction_field to the ops of its quotients"
            )
        return field.div(field.convert(a), field.convert(b))

    def pow(self, a: Any, k: int) -> Any:
        """``a**k`` for an integer ``k >= 0`` by repeated squaring (negative: via ``div``)."""
        if k < 0:
            return self.pow(self.div(self.one, a), -k)
        return repeated_squaring(self.mul, self.one, a, k)

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

    def divmod(self, a: Any, b: Any) -> tuple[Any, Any]:
        """Euclidean division ``(q, r)`` with ``a == b*q + r`` (only in Euclidean domains)."""
        raise self._unsupported("divmod", a, b)

    def gcd(self, a: Any, b: Any) -> Any:
        """A greatest common divisor, by Euclid's algorithm on [`divmod`][gentensor.compute.numtheory.divmod]."""
        if not defines(self, "divmod"):
            raise self._unsupported("gcd", a, b)
        while not self.is_zero(b):
            a, b = b, self.divmod(a, b)[1]
        return a

    def abs(self, a: Any) -> Any:
        """Absolute value (only where the ring has one)."""
        raise self._unsupported("abs", a)

    def format(self, a: Any) -> str:
        return str(a)

    def latex(self, a: Any) -> str:
        return self.format(a)

    def parse(self, text: str) -> Any:
        """The element written as ``text`` by `format` (files, the command line)."""
        raise DomainError(
            f"{self.name}.parse: {self.name} cannot read elements from text (got {text!r}); "
            "define parse(text) as the inverse of format(element)"
        )

    def to_json(self, a: Any) -> Any:
        """The element as a JSON value for the save format (by default its `format` text)."""
        text = self.format(a)
        if not isinstance(text, str):
            raise DomainError(f"save: {self.name}.format must return a str (got {text!r} for {a!r})")
        return text

    def from_json(self, value: Any) -> Any:
        """The element whose `to_json` form is ``value`` (by default `parse` of a string)."""
        if not isinstance(value, str):
            raise ArgumentValueError(f"expected the text of a {self.name} element (got {value!r})")
        return self.convert(self.parse(value))

    def spec(self) -> dict[str, Any]:
        """How the save format names this ops in a file's header (a user ops: by its name)."""
        if not defines(self, "parse"):
            raise DomainError(
                f"save: the ops {self.name} has no parse method, so its elements could not be read back "
                f"(got ops={self!r}); define parse(text) as the inverse of format(element)"
            )
        return {"custom": self.name}

    def json_as_is(self, values: list[Any]) -> bool:
        """True when every value is its own JSON form (a fast path of the save format)."""
        return not values

    def convert_list(self, values: Iterable[Any]) -> list[Any]:
        """Convert many values at once (ops may override with a fast path)."""
        return list(map(self.convert, values))

    def absorbs(self, other: Any) -> bool:
        """True when combining with ``other`` gives this ops (the promotion lattice).

        The default: a user ring absorbs booleans, integers and rationals,
        since ``convert`` must accept Python ints and Fractions.
        """
        caps = capabilities_of(other)
        return caps.mask or caps.rational

    def __repr__(self) -> str:
        return self.name


#: The protocol's flags and the capability each one reads.
_FLAGS = {
    "is_commutative": "commutative",
    "is_field": "field",
    "is_exact": "exact",
    "has_exquo": "exact_division",
    "is_ordered": "ordered",
}


def _settle_flags(cls: type) -> None:
    """Make ``capabilities`` the one source of ``cls``' facts.

    Flags a class body sets (``is_field = True``, the first protocol's way)
    become its ``capabilities`` -- the inherited ones with those facts
    replaced, ``has_exquo`` read as "an integral domain with exact division"
    -- and are then removed, so the read-only flags read them back.  A body
    that also declares ``capabilities`` (a value or a property) keeps it, and
    its flags are dropped.
    """
    body = {f: cls.__dict__[f] for f in _FLAGS if f in cls.__dict__ and not isinstance(cls.__dict__[f], _Flag)}
    if not body:
        return
    computed = [f for f, v in body.items() if hasattr(v, "__get__")]
    if computed:
        raise ArgumentTypeError(
            f"{cls.__name__}: the flag {computed[0]} is read off the capabilities, so it cannot be computed "
            f"(got {computed[0]} = {body[computed[0]]!r}); define a capabilities property instead"
        )
    for flag in body:
        delattr(cls, flag)
    if "capabilities" in cls.__dict__:
        return
    base = next((k.__dict__["capabilities"] for k in cls.__mro__[1:] if "capabilities" in k.__dict__), None)
    base = base if isinstance(base, Capabilities) else Capabilities()
    value = {f: bool(body.get(f, getattr(base, c))) for f, c in _FLAGS.items()}
    field = value["is_field"]
    exquo = value["has_exquo"] or field
    domain = base.integral_domain if exquo == base.exact_division else exquo
    cls.capabilities = replace(  # type: ignore[attr-defined]
        base,
        commutative=value["is_commutative"],
        exact=value["is_exact"],
        ordered=value["is_ordered"],
        field=field,
        exact_division=exquo,
        integral_domain=domain or field,
        euclidean=base.euclidean and exquo and (domain or field),
    )


def _protocol_members() -> list[str]:
    return [n for n in ElementOps.__dict__ if not n.startswith("_")]


def _fill_protocol_defaults(cls: type) -> None:
    """Replace the protocol stubs ``cls`` inherits by `BaseOps`' members; flags follow declared capabilities."""
    _settle_flags(cls)
    for name in _protocol_members():
        owner = next((k for k in cls.__mro__ if name in k.__dict__), None)
        if owner is ElementOps:
            setattr(cls, name, BaseOps.__dict__[name])


def is_stub(ops: Any, name: str) -> bool:
    """True when ``ops.<name>`` is missing or only the protocol's ``...`` body (never a provided member).

    Examples
    --------
    >>> import gentensor as gt
    >>> is_stub(gt.integers, "convert_list"), is_stub(object(), "convert_list")
    (False, True)
    """
    found = getattr(type(ops), name, None)
    if found is None and name not in getattr(ops, "__dict__", {}):
        return not hasattr(ops, name)
    return found is not None and found is ElementOps.__dict__.get(name) and name not in getattr(ops, "__dict__", {})


def defines(ops: Any, name: str) -> bool:
    """True when ``ops`` really defines the member ``name`` (not [`BaseOps`][gentensor.ops._protocol.BaseOps]' refusing default).

    Examples
    --------
    >>> import gentensor as gt
    >>> defines(gt.integers, "divmod"), defines(gt.modular(7), "lt")
    (True, False)
    """
    if getattr(ops, name, None) is None or is_stub(ops, name):
        return False
    if name in getattr(ops, "__dict__", {}):
        return True
    return getattr(type(ops), name, None) is not getattr(BaseOps, name, None)


def require(ops: Any, name: str, func: str, what: str) -> Any:
    """The member ``ops.<name>``, or [`DomainError`][gentensor.errors.DomainError] saying the ring lacks ``what``.

    Examples
    --------
    >>> import gentensor as gt
    >>> require(gt.modular(5), "lt", "sort", "an order")
    Traceback (most recent call last):
    ...
    gentensor.errors.DomainError: sort: modular(5) elements have no an order (got a tensor with ops modular(5)); define ops.lt, or convert with .astype(...) to ops that have it
    """
    if not defines(ops, name):
        raise DomainError(
            f"{func}: {ops!r} elements have no {what} (got a tensor with ops {ops!r}); "
            f"define ops.{name}, or convert with .astype(...) to ops that have it"
        )
    return getattr(ops, name)


def repeated_squaring(mul: Callable[[Any, Any], Any], one: Any, a: Any, k: int) -> Any:
    """``a**k`` for ``k >= 0`` with ``mul`` and its ``one``: about ``2 * log2(k)`` products.

    Examples
    --------
    >>> repeated_squaring(lambda x, y: x * y % 1000, 1, 7, 10)
    249
    """
    result = one
    while k:
        if k & 1:
            result = mul(result, a)
        k >>= 1
        if k:
            a = mul(a, a)
    return result
