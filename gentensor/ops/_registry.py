"""Which ops an element type belongs to, and how two ops combine (promotion).

The lattice: booleans < integers < rationals < floats < complexes, everything
numeric < symbolic, ``modular(n)`` and user rings absorb booleans, integers and
rationals, ``objects`` absorbs everything.  Each ops says what it absorbs
(``ops.absorbs(other)``), so a user ring can widen its own place.
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable

from ..errors import ArgumentTypeError, LimitError, OpsMismatchError
from ._codec import _Bad, _show, decode_int
from ._modular import modular
from ._numeric import booleans, complexes, floats, integers, rationals
from ._objects import objects
from ._symbolic import is_sympy_type, symbolic

if TYPE_CHECKING:
    from ._protocol import ElementOps

__all__ = [
    "register_ops",
    "ops_for_type",
    "known_ops_for_type",
    "as_ops",
    "infer_ops",
    "result_ops",
    "is_ops",
    "registered_ops",
    "ops_from_spec",
    "canonical_ops",
]

_REQUIRED = ("zero", "one", "add", "mul", "neg", "equal", "convert")
_registered: dict[type, Any] = {
    bool: booleans,
    int: integers,
    Fraction: rationals,
    float: floats,
    complex: complexes,
}
_cache: dict[type, Any] = {}
_NAMES = {
    "booleans": booleans, "bool": booleans,
    "integers": integers, "int": integers,
    "rationals": rationals, "rational": rationals, "Fraction": rationals,
    "floats": floats, "float": floats,
    "complexes": complexes, "complex": complexes,
    "symbolic": symbolic, "objects": objects, "object": objects,
}


def is_ops(obj: Any) -> bool:
    """True when ``obj`` has the required members of an element-operations object.

    Examples
    --------
    >>> is_ops(integers), is_ops(int)
    (True, False)
    """
    return not isinstance(obj, type) and all(hasattr(obj, m) for m in _REQUIRED)


def register_ops(cls: type, ops: Any) -> None:
    """Make ``ops`` the element operations of elements of type ``cls``.

    After registration, [`gentensor.tensor`][gentensor.arrays.creation.tensor] infers ``ops`` for data made
    of ``cls`` instances and ``ops=cls`` is accepted everywhere.

    Raises
    ------
    ArgumentTypeError
        ``cls`` is not a class, or ``ops`` lacks a required member.

    Examples
    --------
    >>> import gentensor as gt
    >>> class Money:
    ...     def __init__(self, c): self.c = c
    >>> class MoneyOps(gt.BaseOps):
    ...     name = "money"
    ...     zero, one = Money(0), Money(1)
    ...     def convert(self, v): return v if isinstance(v, Money) else Money(int(v))
    ...     def add(self, a, b): return Money(a.c + b.c)
    ...     def mul(self, a, b): return Money(a.c * b.c)
    ...     def neg(self, a): return Money(-a.c)
    ...     def equal(self, a, b): return a.c == b.c
    ...     def format(self, a): return f"${a.c}"
    >>> gt.register_ops(Money, MoneyOps())
    >>> gt.tensor([Money(1), Money(2)])
    tensor([$1, $2], ops=money)
    """
    if not isinstance(cls, type):
        raise ArgumentTypeError(f"register_ops: the first argument must be a class (got {cls!r})")
    missing = [m for m in _REQUIRED if not hasattr(ops, m)]
    if missing:
        raise ArgumentTypeError(
            f"register_ops: {ops!r} is not an element-operations object (missing {', '.join(missing)}); "
            "subclass gt.BaseOps and define them"
        )
    _registered[cls] = ops
    _cache.clear()


def ops_for_type(tp: type) -> ElementOps:
    """The ops of elements of type ``tp`` (``objects`` when nothing fits).

    Examples
    --------
    >>> import gentensor as gt
    >>> ops_for_type(int) is gt.integers, ops_for_type(str) is gt.objects
    (True, True)
    """
    found = _cache.get(tp)
    if found is None:
        found = _lookup(tp)
        _cache[tp] = found
    return found


def known_ops_for_type(tp: type) -> Any:
    """The ops of elements of type ``tp``, or ``None`` when no ops claims the type.

    Examples
    --------
    >>> import gentensor as gt
    >>> known_ops_for_type(bool) is gt.booleans, known_ops_for_type(str)
    (True, None)
    """
    ops = ops_for_type(tp)
    if ops is objects and tp is not object and tp not in _registered:
        return None
    return ops


def registered_ops(name: str) -> Any:
    """The user ops registered (``register_ops``) under ``name``, or ``None``.

    Examples
    --------
    >>> registered_ops("integers") is None
    True
    """
    for ops in _registered.values():
        if getattr(ops, "name", None) == name and _NAMES.get(name) is not ops:
            return ops
    return None


def canonical_ops(ops: Any) -> Any:
    """The registered instance equal to an unpickled user ops (same class and name), else ``ops``.

    Built-in ops unpickle as themselves already; a user ops pickled by value
    comes back as a new instance, and tensors compare ops by identity.

    Examples
    --------
    >>> import gentensor as gt
    >>> canonical_ops(gt.integers) is gt.integers
    True
    """
    for known in _registered.values():
        if known is ops:
            return ops
    for known in _registered.values():
        if type(known) is type(ops) and getattr(known, "name", None) == getattr(ops, "name", None):
            return known
    return ops


_BUILTIN_SPECS = {o.name: o for o in (booleans, integers, rationals, floats, complexes, symbolic, objects)}


def ops_from_spec(spec: Any, ops: Any = None) -> Any:
    """The ops a save-format header names (``{"builtin": "integers"}``, ``{"builtin": "modular", "n": 7}``,
    ``{"custom": name}``); the inverse of ``ops.spec()``.

    ``ops`` is the ops passed by the caller for a user ring that is not
    registered.  Raises the codec's internal error with the place ``ops``.

    Examples
    --------
    >>> import gentensor as gt
    >>> ops_from_spec(gt.modular(7).spec()) is gt.modular(7)
    True
    """
    if not isinstance(spec, dict):
        raise _Bad("ops", f"expected an object like {{\"builtin\": \"integers\"}} (got {_show(spec)})")
    if set(spec) == {"builtin"} and isinstance(spec["builtin"], str) and spec["builtin"] in _BUILTIN_SPECS:
        return _BUILTIN_SPECS[spec["builtin"]]
    if set(spec) == {"builtin", "n"} and spec["builtin"] == "modular":
        n = decode_int(spec["n"], "ops.n")
        if n < 2:
            raise _Bad("ops.n", f"the modulus must be at least 2 (got {n})")
        try:
            return modular(n)
        except LimitError as e:
            raise _Bad("ops.n", str(e).removeprefix("modular: ")) from None
    if set(spec) == {"custom"} and isinstance(spec["custom"], str):
        name = spec["custom"]
        found = ops if ops is not None else registered_ops(name)
        if found is None:
            raise _Bad(
                "ops",
                f"unknown ops {name!r}; register it with gt.register_ops(cls, ops) before loading, "
                "or pass load(path, ops=...)",
            )
        if getattr(found, "name", None) != name:
            raise _Bad("ops", f"the file holds {name!r} elements but ops={found!r} was passed")
        return found
    raise _Bad("ops", f"unknown ops {_show(spec)}; built-ins are {', '.join(_BUILTIN_SPECS)} and modular")


def _lookup(tp: type) -> Any:
    for klass in tp.__mro__:
        if klass in _registered:
            return _registered[klass]
    if is_sympy_type(tp):
        return symbolic
    if tp.__module__ == "numpy" and tp.__name__ in ("bool_", "bool"):  # bool_ is named bool since NumPy 2
        return booleans
    for abc, ops in (
        (numbers.Integral, integers),
        (numbers.Rational, rationals),
        (numbers.Real, floats),
        (numbers.Complex, complexes),
    ):
        if issubclass(tp, abc):
            return ops
    return objects


def as_ops(spec: Any, func: str = "tensor") -> ElementOps:
    """Resolve an ``ops=`` argument: an ops object, a Python type, or a built-in's name.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> as_ops(Fraction) is gt.rationals, as_ops("integers") is gt.integers, as_ops("mod:5")
    (True, True, modular(5))
    """
    if isinstance(spec, type):
        if spec is object:
            return objects
        ops = ops_for_type(spec)
        if ops is objects and spec not in _registered:
            raise ArgumentTypeError(
                f"{func}: no element operations are registered for type {spec.__name__}; "
                "pass an ops object or call gt.register_ops(cls, ops) first"
            )
        return ops
    if isinstance(spec, str):
        if spec in _NAMES:
            return _NAMES[spec]
        if spec.startswith("mod:") and spec[4:].isascii() and spec[4:].isdigit():
            return modular(int(spec[4:]))
        user = registered_ops(spec)
        if user is not None:
            return user
        raise ArgumentTypeError(
            f"{func}: unknown ops name {spec!r}; use one of {', '.join(sorted(_NAMES))} or 'mod:N'"
        )
    if is_ops(spec):
        return spec
    raise ArgumentTypeError(
        f"{func}: ops must be an element-operations object, a type or a name (got {spec!r}); "
        "for example ops=gt.integers or ops=int"
    )


def result_ops(*ops_list: Any) -> ElementOps:
    """The ops that results combining these ops live in (the promotion lattice).

    Raises
    ------
    OpsMismatchError
        Two ops cannot be combined (``modular(5)`` with ``modular(7)``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.result_ops(gt.integers, gt.rationals)
    rationals
    >>> gt.result_ops(gt.floats, gt.symbolic, gt.integers)
    symbolic
    >>> gt.result_ops(gt.modular(5), gt.integers)
    modular(5)
    """
    if not ops_list:
        raise ArgumentTypeError("result_ops: needs at least one ops")
    result = ops_list[0]
    for other in ops_list[1:]:
        result = _promote(result, other)
    return result


def _promote(a: Any, b: Any) -> Any:
    if a is b or a == b:
        return a
    if _absorbs(a, b):
        return a
    if _absorbs(b, a):
        return b
    raise OpsMismatchError(
        f"result_ops: cannot combine {a!r} with {b!r}; convert one side explicitly with .astype(...)"
    )


def _absorbs(a: Any, b: Any) -> bool:
    absorbs = getattr(a, "absorbs", None)
    return bool(absorbs(b)) if absorbs is not None else b in (booleans, integers, rationals)


def infer_ops(types: Iterable[type]) -> ElementOps:
    """The ops for data whose elements have these types (integers when there are none).

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> infer_ops({int, Fraction}), infer_ops({bool}), infer_ops(set())
    (rationals, booleans, integers)
    """
    found = [ops_for_type(t) for t in types]
    if not found:
        return integers
    try:
        return result_ops(*found)
    except OpsMismatchError:
        return objects


def convert_values(values: list[Any], source: ElementOps | None, target: ElementOps) -> list[Any]:
    """``values`` (elements of ``source``, or of unknown ops when ``None``) as elements of ``target``.

    The same list when the ops agree, else a new one.

    Examples
    --------
    >>> from gentensor.ops import integers, rationals
    >>> convert_values([1, 2], integers, rationals)
    [Fraction(1, 1), Fraction(2, 1)]
    """
    if source is target:
        return values
    convert_list = getattr(target, "convert_list", None)
    if convert_list is not None:
        return list(convert_list(values))
    return list(map(target.convert, values))
