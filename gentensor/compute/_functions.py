"""Plans for named element functions (``sqrt``, ``floor``, ``bitwise_and``, ...): the ops' table first, then generic rules.

An element function is looked up by name in the ops' ``elementary`` table
(see ``gentensor/ops/_elementary.py``); C-speed versions from
``fast_elementary`` run first where they exist.  A name the table lacks falls
back to a definition over the capabilities and members, so a user ring gets
them without writing them:

=============================  ===========================================================
``isnan``, ``isinf``           ``False`` for an exact ring (its elements are never NaN)
``isfinite``                   ``True`` for an exact ring
``floor``, ``ceil``, ``trunc``  through ``ops.floordiv(a, one)`` (and the order for ``trunc``)
``sign``, ``signbit``           through the order (``ops.lt``) of an ordered ring
``maximum``, ``minimum``        through the order of an ordered ring
``real``, ``conj``; ``imag``    the element itself; ``ops.zero`` (an ordered ring is real)
=============================  ===========================================================

Anything else raises [`DomainError`][gentensor.errors.DomainError] naming the function and the ops,
with a hint (``.astype(gt.floats)`` for a transcendental function of an
exact ring).  The logical functions' plans are here too: they read each
element's truth as ``not ops.is_zero``.  Which public function uses which
plan is the table's business ([`gentensor.compute._table`][gentensor.compute._table]).
"""

from __future__ import annotations

import operator
from functools import partial
from typing import Any, Callable

from ..errors import DomainError
from ..ops import ElementOps, booleans, capabilities_of, defines, python_semantics
from ..ops import TRANSCENDENTAL
from ._engine import Plan, element_function

__all__ = [
    "SAME",
    "BOOL",
    "REAL",
    "function_plan",
    "logical_plan",
    "not_plan",
    "both_booleans",
    "missing",
    "ordered_lt",
    "nan_test",
    "conjugator",
]

#: What a function's results are: elements of the same ops, booleans, or the real parts' ops.
SAME, BOOL, REAL = "same", "bool", "real"


#: Functions defined through the order (of a real ring) when the ops' table lacks them.
_NEEDS_ORDER = ("floor", "ceil", "trunc", "sign", "signbit", "maximum", "minimum")


def missing(ops: ElementOps, name: str) -> DomainError:
    """The error for a function ``name`` that ``ops`` does not have."""
    caps = capabilities_of(ops)
    if name in _NEEDS_ORDER and not caps.ordered:
        return DomainError(
            f"{name}: {ops!r} elements are not ordered (got a tensor with ops {ops!r}); {name} needs an ops "
            "whose capabilities say ordered=True, such as integers, rationals or floats"
        )
    if name in ("real", "imag", "conj"):
        return DomainError(
            f"{name}: the ops {ops!r} does not say how to conjugate its elements (got a tensor with ops {ops!r}); "
            "define ops.conjugate(a) (the identity for a real ring), or declare ordered=True in its capabilities"
        )
    if caps.exact and name in TRANSCENDENTAL:
        return DomainError(
            f"{name}: {ops!r} are exact and {name} of their elements is not (got a tensor with ops {ops!r}); "
            "convert with .astype(gt.floats) for floats, or .astype(gt.symbolic) for exact symbolic values"
        )
    return DomainError(
        f"{name}: {ops!r} elements have no {name} (got a tensor with ops {ops!r}); convert with "
        f".astype(...) to ops that have it, or give the ops an elementary table with a {name!r} entry"
    )


def ordered_lt(ops: ElementOps, name: str) -> Callable[[Any, Any], Any]:
    """``ops.lt`` of an ordered ring (or of symbolic elements, compared where SymPy decides), else [`DomainError`][gentensor.errors.DomainError]."""
    caps = capabilities_of(ops)
    if (caps.ordered or caps.symbolic) and defines(ops, "lt"):
        return ops.lt  # type: ignore[attr-defined, no-any-return]
    raise DomainError(
        f"{name}: {ops!r} elements are not ordered (got a tensor with ops {ops!r}); ordering needs an ops "
        "whose capabilities say ordered=True (with ops.lt), such as integers, rationals or floats"
    )


def nan_test(ops: ElementOps) -> Callable[[Any], bool] | None:
    """A test for NaN elements (which compare false with everything), or ``None`` for an exact ring."""
    if capabilities_of(ops).exact:
        return None
    f = element_function(ops, "isnan")
    if f is not None:
        return f
    equal = ops.equal
    return partial(_not_self_equal, equal)


def _not_self_equal(equal: Callable[[Any, Any], Any], a: Any) -> bool:
    return not equal(a, a)


# -- generic definitions (module-level, so process pools can send them) ---------------------------
def _constant(value: Any, a: Any) -> Any:
    return value


def _identity(a: Any) -> Any:
    return a


def _floor(floordiv: Callable[[Any, Any], Any], one: Any, a: Any) -> Any:
    return floordiv(a, one)


def _ceil(floordiv: Callable[[Any, Any], Any], neg: Callable[[Any], Any], one: Any, a: Any) -> Any:
    return neg(floordiv(neg(a), one))


def _trunc(lt: Callable[[Any, Any], Any], zero: Any, floor: Callable[[Any], Any], ceil: Callable[[Any], Any], a: Any) -> Any:
    return ceil(a) if lt(a, zero) else floor(a)


def _sign(lt: Callable[[Any, Any], Any], zero: Any, one: Any, minus_one: Any, a: Any) -> Any:
    if lt(a, zero):
        return minus_one
    return one if lt(zero, a) else zero


def _signbit(lt: Callable[[Any, Any], Any], zero: Any, a: Any) -> bool:
    return bool(lt(a, zero))


def _maximum(lt: Callable[[Any, Any], Any], a: Any, b: Any) -> Any:
    return b if lt(a, b) else a


def _minimum(lt: Callable[[Any, Any], Any], a: Any, b: Any) -> Any:
    return b if lt(b, a) else a


def _generic(ops: ElementOps, name: str) -> Callable[..., Any] | None:
    caps = capabilities_of(ops)
    if name in ("isnan", "isinf", "isfinite"):
        return partial(_constant, name == "isfinite") if caps.exact else None
    if name in ("floor", "ceil", "trunc"):
        if not defines(ops, "floordiv") or not caps.ordered:
            return None
        floordiv = ops.floordiv  # type: ignore[attr-defined]
        floor = partial(_floor, floordiv, ops.one)
        ceil = partial(_ceil, floordiv, ops.neg, ops.one)
        if name == "floor":
            return floor
        if name == "ceil":
            return ceil
        return partial(_trunc, ops.lt, ops.zero, floor, ceil)  # type: ignore[attr-defined]
    if name in ("real", "conj", "imag"):
        if name == "conj" and defines(ops, "conjugate"):
            return ops.conjugate  # type: ignore[attr-defined,no-any-return]
        # Elements of an ordered ring, or of a finite ring (Z/n), have no imaginary part.
        if not (caps.ordered or (caps.characteristic or 0) > 0):
            return None
        return partial(_constant, ops.zero) if name == "imag" else _identity
    if name in ("sign", "signbit", "maximum", "minimum"):
        try:
            lt = ordered_lt(ops, name)
        except DomainError:
            return None
        if name == "sign":
            return partial(_sign, lt, ops.zero, ops.one, ops.neg(ops.one))
        if name == "signbit":
            return partial(_signbit, lt, ops.zero)
        if python_semantics(ops, "lt") and caps.exact:
            return max if name == "maximum" else min  # C speed; ties keep either equal value
        return partial(_maximum if name == "maximum" else _minimum, lt)
    return None


def function_plan(name: str, result: str = SAME) -> Plan:
    """The plan of the element function ``name``: the ops' own, or the generic one, or [`DomainError`][gentensor.errors.DomainError]."""

    def plan(ops: ElementOps) -> tuple[Callable[..., Any], Any]:
        f = element_function(ops, name) or _generic(ops, name)
        if f is None:
            raise missing(ops, name)
        if result == BOOL:
            return f, booleans
        if result == REAL:
            return f, getattr(ops, "real_ops", ops)
        return f, ops

    return plan


def conjugator(ops: ElementOps, func: str) -> Callable[[Any], Any] | None:
    """The complex conjugation of ``ops``' elements, or ``None`` when every element is its own conjugate.

    The same function ``gt.conj`` applies: the ops' own (``complex.conjugate``,
    SymPy's ``conjugate``, a user ops' ``conjugate`` member), the identity for
    ordered and finite rings, else [`DomainError`][gentensor.errors.DomainError] naming ``func``.

    Examples
    --------
    >>> import gentensor as gt
    >>> conjugator(gt.integers, "f") is None, conjugator(gt.complexes, "f")(1 + 2j)
    (True, (1-2j))
    """
    f = element_function(ops, "conj") or _generic(ops, "conj")
    if f is None:
        err = missing(ops, "conj")
        raise DomainError(str(err).replace("conj: ", f"{func}: ", 1)) from None
    return None if f is _identity else f


# -- logical functions: the truth of an element is ``not ops.is_zero`` -------------------------------
def _logical(op: Callable[[Any, Any], Any], is_zero: Callable[[Any], Any], a: Any, b: Any) -> bool:
    return bool(op(not is_zero(a), not is_zero(b)))


def logical_plan(op: Callable[[Any, Any], Any]) -> Plan:
    """The plan of ``logical_and`` (``op`` is `operator.and_`), ``logical_or``, ``logical_xor``: booleans results."""

    def plan(ops: ElementOps) -> tuple[Callable[..., Any], Any]:
        if python_semantics(ops, "is_zero"):  # Python truth is the zero test (numbers, booleans)
            return partial(_logical, op, operator.not_), booleans
        return partial(_logical, op, ops.is_zero), booleans

    return plan


def not_plan(ops: ElementOps) -> tuple[Callable[..., Any], Any]:
    """The plan of ``logical_not``: ``ops.is_zero`` as a ``bool``."""
    is_zero = ops.is_zero
    if python_semantics(ops, "is_zero"):
        return operator.not_, booleans
    return partial(_is_zero_bool, is_zero), booleans


def _is_zero_bool(is_zero: Callable[[Any], Any], a: Any) -> bool:
    return bool(is_zero(a))


def both_booleans(x1: Any, x2: Any) -> bool:
    """True when both operands are booleans tensors (whose logical functions are the bitwise ones)."""
    caps = [getattr(getattr(x, "_ops", None), "capabilities", None) for x in (x1, x2)]
    return all(c is not None and c.mask for c in caps)
