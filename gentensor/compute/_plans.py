"""Which ``ops`` member computes each element-wise operation, and in which ops the result lives.

A *plan* maps the operands' common ops to ``(f, result_ops)``: ``f`` is
applied element by element by the engine.  Plans are where the semantics
live: exact division (integers ÷ integers → rationals), floor division on
rationals staying rational, ``abs`` of complexes giving floats, comparisons
giving booleans.  :func:`power` is here too, since its result ops depends on
the exponent (integers to a negative power give rationals).
"""

from __future__ import annotations

import itertools
import numbers
import operator
from functools import partial
from fractions import Fraction
from typing import Any, Callable, Tuple

from ._engine import (
    arithmetic_ops,
    as_operand,
    compute,
    convert_scalar,
    convert_values,
    flat_values,
    is_builtin_ops,
    operand_ops,
    provides,
    require,
    result,
    run,
    streams_for,
    values_at,
)
from ..core.layout import broadcast_shapes
from ..core.tensor import Tensor
from ..errors import DomainError
from ..ops import booleans, complexes, floats, integers, objects, rationals, symbolic

__all__ = [
    "plan_add",
    "plan_subtract",
    "plan_multiply",
    "plan_divide",
    "plan_floor_divide",
    "plan_remainder",
    "plan_negative",
    "plan_abs",
    "plan_equal",
    "plan_not_equal",
    "plan_less",
    "plan_less_equal",
    "plan_greater",
    "plan_greater_equal",
    "power",
]

#: What a plan returns: the element function and the ops of the results.
Plan = Tuple[Callable[..., Any], Any]


def plan_add(ops: Any) -> Plan:
    return ops.add, ops


def plan_subtract(ops: Any) -> Plan:
    sub = getattr(ops, "sub", None)
    if sub is None:
        return partial(_add_neg, ops.add, ops.neg), ops
    return sub, ops


def plan_multiply(ops: Any) -> Plan:
    return ops.mul, ops


def plan_negative(ops: Any) -> Plan:
    return ops.neg, ops


def plan_divide(ops: Any) -> Plan:
    """Exact division: ``Fraction(a, b)`` on integers; ``div`` on fields (and rings that define it); else ``exquo``."""
    if ops is integers:
        return Fraction, rationals
    if getattr(ops, "is_field", False) or provides(ops, "div"):
        return ops.div, ops
    if getattr(ops, "has_exquo", False) and provides(ops, "exquo"):
        return ops.exquo, ops
    raise DomainError(
        f"divide: {ops!r} elements have neither division nor exact division (got ops {ops!r}); "
        "define ops.div or ops.exquo, or convert with .astype(...)"
    )


def _rational_floordiv(a: Fraction, b: Fraction) -> Fraction:
    return Fraction(a // b)  # Fraction // Fraction is an int; keep the element a Fraction


def plan_floor_divide(ops: Any) -> Plan:
    f = require(ops, "floordiv", "floor_divide", "floor division")
    return (_rational_floordiv if ops is rationals else f), ops


def plan_remainder(ops: Any) -> Plan:
    return require(ops, "mod", "remainder", "remainder"), ops


def plan_abs(ops: Any) -> Plan:
    f = require(ops, "abs", "abs", "absolute value")
    return f, (floats if ops is complexes else ops)


# -- comparisons: booleans results ---------------------------------------------------------
# Element functions are module-level callables (or partials of them), never
# lambdas, so the standard process pool can send them to workers.
def _add_neg(add: Callable[[Any, Any], Any], neg: Callable[[Any], Any], a: Any, b: Any) -> Any:
    return add(a, neg(b))


def _bool_of(f: Callable[[Any, Any], Any], a: Any, b: Any) -> bool:
    return bool(f(a, b))


def _not_of(f: Callable[[Any, Any], Any], a: Any, b: Any) -> bool:
    return not f(a, b)


def _swapped(f: Callable[[Any, Any], Any], a: Any, b: Any) -> Any:
    return f(b, a)


def _as_bool(f: Callable[[Any, Any], Any]) -> Callable[[Any, Any], bool]:
    return partial(_bool_of, f)


def plan_equal(ops: Any) -> Plan:
    eq = ops.equal
    return (eq if is_builtin_ops(ops) else _as_bool(eq)), booleans


def plan_not_equal(ops: Any) -> Plan:
    eq = ops.equal
    if eq is operator.eq:
        return operator.ne, booleans
    return partial(_not_of, eq), booleans


def _order(ops: Any, name: str, func: str) -> Callable[[Any, Any], Any]:
    f = require(ops, name, func, "order")
    return f if is_builtin_ops(ops) else _as_bool(f)


def plan_less(ops: Any) -> Plan:
    return _order(ops, "lt", "less"), booleans


def plan_less_equal(ops: Any) -> Plan:
    return _order(ops, "le", "less_equal"), booleans


def plan_greater(ops: Any) -> Plan:
    lt = _order(ops, "lt", "greater")
    return (operator.gt if lt is operator.lt else partial(_swapped, lt)), booleans


def plan_greater_equal(ops: Any) -> Plan:
    le = _order(ops, "le", "greater_equal")
    return (operator.ge if le is operator.le else partial(_swapped, le)), booleans


# -- power ------------------------------------------------------------------------------------
#: Ops whose elements' own ``**`` is the right power for any exponent of theirs.
_OWN_POW = (floats, complexes, symbolic, objects)
#: Ops whose elements' own ``**`` is the right power for a non-negative int exponent.
_OPERATOR_POW = (integers, rationals, floats, complexes, symbolic, objects)


def _pow_member(ops: Any) -> Callable[[Any, int], Any]:
    """``a ** k`` for an int ``k`` in ``ops``: ``operator.pow``, ``ops.pow`` or square-and-multiply."""
    if ops in _OPERATOR_POW:
        return operator.pow
    member = getattr(ops, "pow", None)
    if member is not None:
        return member  # type: ignore[no-any-return]
    mul, one = ops.mul, ops.one

    def pow_by_squaring(a: Any, k: int) -> Any:
        if k < 0:
            raise DomainError(f"power: negative power {k} needs ops.pow or ops.div (got ops {ops!r})")
        result = one
        while k:
            if k & 1:
                result = mul(result, a)
            k >>= 1
            if k:
                a = mul(a, a)
        return result

    return pow_by_squaring


def _int_exponent(k: Any, ops: Any) -> int:
    """``k`` as a Python int, or :class:`DomainError` (the ring has only integer powers)."""
    if type(k) is int:
        return k
    if isinstance(k, numbers.Integral):
        return int(k)
    if isinstance(k, Fraction) and k.denominator == 1:
        return k.numerator
    if getattr(k, "is_Integer", False):
        return int(k)
    raise DomainError(
        f"power: the exponent {k!r} is not an integer, and {ops!r} elements have only exact integer "
        "powers; convert with .astype(gt.floats) or .astype(gt.symbolic) for other powers"
    )


def _is_int_exponent(e: Any) -> bool:
    if isinstance(e, Tensor):
        return e._ops is integers or e._ops is booleans
    return isinstance(e, numbers.Integral) and not isinstance(e, Fraction)


def power(a: Any, b: Any) -> Any:
    """``a ** b`` element-wise with broadcasting; see :func:`gentensor.power`."""
    a, b = as_operand(a), as_operand(b)
    if _is_int_exponent(b):
        base_ops = arithmetic_ops(operand_ops((a,), "power"))
        return _integer_power(a, b, base_ops)
    ops = arithmetic_ops(operand_ops((a, b), "power"))
    if ops in _OWN_POW:
        tensors = [t for t in (a, b) if isinstance(t, Tensor)]
        if not tensors:
            return convert_scalar(a, ops, "power") ** convert_scalar(b, ops, "power")
        shape = broadcast_shapes(*(t.shape for t in tensors), func="power")
        return result(compute("power", operator.pow, (a, b), ops, shape), shape, ops)
    # Exact ops: the exponents must be integers; they are not converted to the ring.
    if isinstance(b, Tensor):
        exps = [_int_exponent(k, ops) for k in flat_values(b)]
        return _integer_power(a, Tensor._from_flat(exps, b.shape, integers), ops)
    return _integer_power(a, _int_exponent(b, ops), ops)


def _integer_power(a: Any, e: Any, ops: Any) -> Any:
    """``a ** e`` for int exponents ``e`` (an int or an integers/booleans tensor), base in ``ops``.

    Integers to a negative power give rationals (as ``/`` does): the result
    ops is rationals when any exponent is negative.
    """
    if not isinstance(e, Tensor):
        k = int(e)
        out_ops = rationals if ops is integers and k < 0 else ops
        f = _pow_member(out_ops)
        if not isinstance(a, Tensor):
            return f(convert_scalar(a, out_ops, "power"), k)
        shape = a._layout.shape
        values = convert_values(flat_values(a), a._ops, out_ops)
        return result(run("power", f, [values, itertools.repeat(k)], shape), shape, out_ops)
    shape = broadcast_shapes(*(t.shape for t in (a, e) if isinstance(t, Tensor)), func="power")
    exps = values_at(e, shape)
    out_ops = rationals if ops is integers and any(k < 0 for k in exps) else ops

    def streams() -> list[Any]:
        return [streams_for((a,), out_ops, shape, "power")[0], exps]

    return result(run("power", _pow_member(out_ops), streams(), shape, streams), shape, out_ops)
