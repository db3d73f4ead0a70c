"""Which ``ops`` member computes each element-wise operation, and in which ops the result lives.

A *plan* maps the operands' common ops to ``(f, result_ops)``: ``f`` is
applied element by element by the engine.  Plans are where the semantics
live: exact division (integers ÷ integers → rationals), floor division on
rationals staying rational, ``abs`` of complexes giving floats, comparisons
giving booleans.  [`power`][gentensor.compute.elementwise.power] is here too, since its result ops depends on
the exponent (integers to a negative power give rationals).
"""

from __future__ import annotations

import itertools
import math
import numbers
import operator
from functools import partial
from fractions import Fraction
from typing import Any, Callable, Tuple

from ..core.layout import broadcast_shapes
from ..core.operands import as_operand, convert_scalar, convert_values, operand_ops
from ..core.tensor import Tensor
from ..errors import DomainError, LimitError
from ..ops import ElementOps, booleans, capabilities_of, defines, integers, repeated_squaring, require, python_semantics
from ..resources import get_limits, log2_size
from . import _packed
from ._engine import arithmetic_ops, compute, element_function, flat_values, result, run, streams_for, values_at

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


def plan_add(ops: ElementOps) -> Plan:
    return ops.add, ops


def plan_subtract(ops: ElementOps) -> Plan:
    sub = getattr(ops, "sub", None)
    if sub is None:
        return partial(_add_neg, ops.add, ops.neg), ops
    return sub, ops


def plan_multiply(ops: ElementOps) -> Plan:
    return ops.mul, ops


def plan_negative(ops: ElementOps) -> Plan:
    return ops.neg, ops


def plan_divide(ops: ElementOps) -> Plan:
    """Exact division: ``div`` in a field; in a ring with a fraction field, the quotient there; else ``exquo``.

    Integers name the rationals as their fraction field, so ``1 / 2`` is
    ``Fraction(1, 2)`` (``integers.to_fraction`` is the Fraction constructor).
    """
    caps = capabilities_of(ops)
    special = element_function(ops, "true_divide")  # IEEE floats: 1.0 / 0.0 is inf
    if special is not None:
        return special, ops
    if caps.field or (defines(ops, "div") and getattr(ops, "fraction_field", None) is None):
        return ops.div, ops
    field = getattr(ops, "fraction_field", None)
    if field is not None:
        return ops.to_fraction, field  # type: ignore[attr-defined]
    if caps.exact_division and defines(ops, "exquo"):
        return ops.exquo, ops
    raise DomainError(
        f"divide: {ops!r} elements have neither division nor exact division (got ops {ops!r}); "
        "define ops.div or ops.exquo, or convert with .astype(...)"
    )


def plan_floor_divide(ops: ElementOps) -> Plan:
    f = require(ops, "floordiv", "floor_divide", "floor division")
    return element_function(ops, "floor_divide") or f, ops


def plan_remainder(ops: ElementOps) -> Plan:
    f = require(ops, "mod", "remainder", "remainder")
    return element_function(ops, "remainder") or f, ops


def plan_abs(ops: ElementOps) -> Plan:
    return require(ops, "abs", "abs", "absolute value"), getattr(ops, "real_ops", ops)


def plan_round(decimals: int) -> Callable[[ElementOps], Plan]:
    """The plan of rounding to ``decimals`` digits (``ops.round``; the ops stays)."""

    def plan(ops: ElementOps) -> Plan:
        f = require(ops, "round", "round", "rounding")
        return partial(_swapped_round, f, decimals), ops

    return plan


def _swapped_round(f: Callable[[Any, int], Any], decimals: int, a: Any) -> Any:
    return f(a, decimals)


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


def _returns_bool(ops: ElementOps) -> bool:
    return bool(getattr(ops, "returns_bool", False))


def plan_equal(ops: ElementOps) -> Plan:
    eq = ops.equal
    return (eq if _returns_bool(ops) else _as_bool(eq)), booleans


def plan_not_equal(ops: ElementOps) -> Plan:
    eq = ops.equal
    if python_semantics(ops, "equal"):
        return operator.ne, booleans
    return partial(_not_of, eq), booleans


def _order(ops: ElementOps, name: str, func: str) -> Callable[[Any, Any], Any]:
    f = require(ops, name, func, "order")
    return f if _returns_bool(ops) else _as_bool(f)


def plan_less(ops: ElementOps) -> Plan:
    return _order(ops, "lt", "less"), booleans


def plan_less_equal(ops: ElementOps) -> Plan:
    return _order(ops, "le", "less_equal"), booleans


def plan_greater(ops: ElementOps) -> Plan:
    lt = _order(ops, "lt", "greater")
    native = python_semantics(ops, "lt") and _returns_bool(ops)  # then lt is Python's < itself
    return (operator.gt if native else partial(_swapped, lt)), booleans


def plan_greater_equal(ops: ElementOps) -> Plan:
    le = _order(ops, "le", "greater_equal")
    native = python_semantics(ops, "le") and _returns_bool(ops)  # then le is Python's <= itself
    return (operator.ge if native else partial(_swapped, le)), booleans


# -- power ------------------------------------------------------------------------------------
def _pow_member(ops: ElementOps, nonnegative: bool) -> Callable[[Any, int], Any]:
    """``a ** k`` for an int ``k`` in ``ops``.

    ``ops.pow``; when every exponent is non-negative and the ops says its
    elements' own ``**`` is its power (``int_pow``), `operator.pow`
    itself (one C call per element).
    """
    special = element_function(ops, "power")  # IEEE floats: overflow is inf, 0.0 ** -1 is inf
    if special is not None:
        return special
    if nonnegative and python_semantics(ops, "int_pow"):
        return operator.pow
    member = getattr(ops, "pow", None)
    if member is not None:
        return member  # type: ignore[no-any-return]
    mul, one = ops.mul, ops.one

    def pow_by_squaring(a: Any, k: int) -> Any:
        if k < 0:
            raise DomainError(f"power: negative power {k} needs ops.pow or ops.div (got ops {ops!r})")
        return repeated_squaring(mul, one, a, k)

    return pow_by_squaring


def _int_exponent(k: Any, ops: ElementOps) -> int:
    """``k`` as a Python int, or [`DomainError`][gentensor.errors.DomainError] (the ring has only integer powers)."""
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
        caps = capabilities_of(e._ops)
        return caps.index or caps.mask
    return isinstance(e, numbers.Integral) and not isinstance(e, Fraction)


def power(a: Any, b: Any) -> Any:
    """``a ** b`` element-wise with broadcasting; see [`gentensor.power`][gentensor.compute.elementwise.power]."""
    a, b = as_operand(a), as_operand(b)
    if _is_int_exponent(b):
        base_ops = arithmetic_ops(operand_ops((a,), "power"))
        return _integer_power(a, b, base_ops)
    ops = arithmetic_ops(operand_ops((a, b), "power"))
    # A power for any exponent of the ops' own (floats, symbolic, ...), C-speed first where it has one.
    own = element_function(ops, "power") or getattr(ops, "power", None)
    if own is not None:
        tensors = [t for t in (a, b) if isinstance(t, Tensor)]
        if not tensors:
            return own(convert_scalar(a, ops, "power"), convert_scalar(b, ops, "power"))  # type: ignore[misc]
        shape = broadcast_shapes(*(t.shape for t in tensors), func="power")
        return result(compute("power", own, (a, b), ops, shape), shape, ops)
    # Exact ops: the exponents must be integers; they are not converted to the ring.
    if isinstance(b, Tensor):
        exps = [_int_exponent(k, ops) for k in flat_values(b)]
        return _integer_power(a, Tensor._from_flat(exps, b.shape, integers), ops)
    return _integer_power(a, _int_exponent(b, ops), ops)


def _integer_power(a: Any, e: Any, ops: ElementOps) -> Any:
    """``a ** e`` for int exponents ``e`` (an int or an integers/booleans tensor), base in ``ops``.

    Integers to a negative power give rationals (as ``/`` does): the result
    ops is the fraction field (rationals) when any exponent is negative.
    """
    if not isinstance(e, Tensor):
        k = int(e)
        out_ops = _power_ops(ops, k < 0)
        f = _pow_member(out_ops, k >= 0)
        if not isinstance(a, Tensor):
            base = convert_scalar(a, out_ops, "power")
            _check_power_bits([base], [k], out_ops)
            return f(base, k)
        shape = a._layout.shape
        done = _packed_power(a, k, ops, out_ops, shape)
        if done is not NotImplemented:
            return done
        values = convert_values(flat_values(a), a._ops, out_ops)
        _check_power_bits(values, [k], out_ops)
        return result(run("power", f, [values, itertools.repeat(k)], shape), shape, out_ops)
    shape = broadcast_shapes(*(t.shape for t in (a, e) if isinstance(t, Tensor)), func="power")
    exps = values_at(e, shape)
    negative = any(k < 0 for k in exps)
    out_ops = _power_ops(ops, negative)
    done = _packed_power(a, e, ops, out_ops, shape)
    if done is not NotImplemented:
        return done
    if any(k > 1 or k < -1 for k in exps):
        _check_power_bits(values_at(a, shape) if isinstance(a, Tensor) else [a], exps, out_ops)

    def streams() -> list[Any]:
        return [streams_for((a,), out_ops, shape, "power")[0], exps]

    return result(run("power", _pow_member(out_ops, not negative), streams(), shape, streams), shape, out_ops)


def _packed_power(a: Any, e: Any, ops: ElementOps, out_ops: ElementOps, shape: tuple[int, ...]) -> Any:
    """``a ** e`` by the packing's ``power`` kernel when ``a`` is packed and the bounds prove every power fits the
    word (`gentensor.compute._packed.elementwise`); else ``NotImplemented`` (the element path)."""
    if out_ops is not ops or not isinstance(a, Tensor) or a._store.packing is None or math.prod(shape) < _packed.PACKED_MINIMUM:
        return NotImplemented
    if type(e) is int and e == 2 and a._ops is ops:  # a square: the product a * a (its kernel writes a recycled buffer)
        done = _packed.same_shape("multiply", a, a, ops, out_ops, shape, None)
        if done is not NotImplemented:
            return done
    done = _packed.elementwise("power", [a, e], ops, out_ops, shape, ops.convert)
    if done is NotImplemented and type(e) is int and e >= 3 and a._ops is ops and capabilities_of(ops).exact:
        done = _packed_squarings(a, e, ops, shape)  # a packing with products but no power kernel (residues)
    return done


class _Declined(Exception):
    """A product of `_packed_squarings` that its kernel declined."""


def _packed_squarings(a: Tensor[Any], k: int, ops: ElementOps, shape: tuple[int, ...]) -> Any:
    """``a ** k`` by repeated squaring with the packing's ``multiply`` kernel, or ``NotImplemented``.

    In an exact ring a power is the product of its factors, so the products'
    kernels (each under its own bounds) give the element path's values.
    """

    def mul(x: Any, y: Any) -> Any:
        if x is None:  # the identity: no product to take
            return y
        found = _packed.same_shape("multiply", x, y, ops, ops, shape, None)
        if found is NotImplemented:
            raise _Declined
        return found

    try:
        return repeated_squaring(mul, None, a, k)
    except _Declined:
        return NotImplemented


#: Powers with exponents up to this size are not checked against ``max_bits`` (see `_check_power_bits`).
SMALL_EXPONENT = 64


def _max_log2_size(values: list[Any], ints: bool) -> float:
    """The largest `log2_size` among ``values``; C-speed min/max when ``ints`` (the elements are Python ints)."""
    if not values:
        return 0.0
    if ints:  # Python ints (the storage of an integer ring's tensors)
        try:
            m = max(max(values), -min(values))
        except TypeError:
            m = None
        if type(m) is int:
            return math.log2(m) if m > 1 else 0.0
    return max(map(_element_size, values))


def _element_size(v: Any) -> float:
    """`log2_size` of a number; for a SymPy expression, the sum over its rational atoms.

    SymPy evaluates a power of an expression with numbers in it
    (``sqrt(2)**k``, ``(x/2)**k``) into powers of those numbers, which for a
    huge ``k`` never finishes; ``(x + 1)**k`` and ``pi**k`` stay symbolic.
    """
    size = log2_size(v)
    if size or getattr(v, "is_Number", True) or not hasattr(v, "atoms"):
        return size
    return sum(log2_size(a) for a in v.atoms() if getattr(a, "is_Rational", False))


def _check_power_bits(bases: Any, exponents: Any, ops: ElementOps) -> None:
    """Refuse a power whose result would have more than ``max_bits`` bits, before computing it.

    Only rings of characteristic 0 grow (a power modulo n stays small, floats
    overflow to inf); there the result of ``a ** k`` has about
    ``bits(a) * |k|`` bits, which for ``(10**30) ** (10**30)`` is more
    memory than any machine has: Python would try, and hang.  Exponents up
    to `SMALL_EXPONENT` are not checked: such a power is at most that many
    times the size of a base that already exists, and is computed quickly
    (the check would cost a third of ``x ** 2``).  ``bases`` and
    ``exponents`` are lists of the same length, or one of them has one item.
    """
    kmax = max(max(exponents), -min(exponents))
    if kmax <= SMALL_EXPONENT:
        return
    caps = capabilities_of(ops)
    if caps.characteristic not in (0, None) or caps.floating:
        return  # a power modulo n stays small; floats overflow to inf
    limit = get_limits().max_bits
    builtin = caps.rational or caps.symbolic  # elements `_element_size` measures
    # One bound first, at C speed for ints: the largest base to the largest exponent.
    if builtin and _max_log2_size(bases, caps.index) * kmax <= limit:
        return
    if len(bases) == 1:
        bases = bases * len(exponents)
    elif len(exponents) == 1:
        exponents = exponents * len(bases)
    for v, k in zip(bases, exponents):
        if -1 <= k <= 1:
            continue
        size = _element_size(v)
        if not size and not builtin:  # a user ring's element (or an object): measure how it grows
            size = _growth(v, ops)
        if size * abs(k) > limit:
            shown = repr(v) if size <= 100 else f"a number of {math.ceil(size)} bits"  # no huge reprs
            if not shown.isdigit():
                shown = f"({shown})"
            raise LimitError(
                f"power: {shown} ** {k} would have about {math.ceil(size * abs(k))} bits, more than "
                f"max_bits={limit}; raise it with gt.limits(max_bits=...)"
            )


def _growth(v: Any, ops: ElementOps) -> float:
    """About how many bits ``v ** k`` gains per unit of ``k``, for elements gentensor cannot size directly.

    Measured on ``v ** SMALL_EXPONENT`` against ``v`` by their pickled sizes: a
    unit or any element whose powers stay bounded gains nothing (its huge
    powers are computed); a growing one gains about its own size per unit.
    Elements that cannot be pickled cannot be measured: 0.
    """
    import pickle

    try:
        before = len(pickle.dumps(v))
        after = len(pickle.dumps(ops.pow(v, SMALL_EXPONENT)))
    except Exception:
        return 0.0
    return max(0.0, (after - before) * 8 / (SMALL_EXPONENT - 1))


def _power_ops(ops: ElementOps, negative: bool) -> ElementOps:
    """Where ``a ** k`` lives: a negative power of a non-field goes to its fraction field (integers → rationals)."""
    if negative and not capabilities_of(ops).field:
        field = getattr(ops, "fraction_field", None)
        if field is not None:
            return field  # type: ignore[no-any-return]
    return ops
