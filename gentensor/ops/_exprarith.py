"""Arithmetic on SymPy expressions that always ends: within the time budget, else unevaluated (the same value).

SymPy's constructors evaluate: ``1 / (exp(exp(exp(exp(19)))) - 1)`` asks
whether the tower is rational, and ``1 - (exp(-exp(exp(exp(26)))) + 1)``
distributes the minus and rebuilds the tower's ``exp``, whose constructor
evaluates it numerically.  `gentensor.symbolic`'s ``+ - * / **`` and the
order comparisons of `gentensor.ops._compare` use these functions; past
``zero_test_seconds`` they return the expression built with
``evaluate=False``.  Two numbers combine directly (exact, never numeric),
and so do two distinct plain symbols (`_symbol_product`).
"""

from __future__ import annotations

import operator
from typing import Any, Iterable

from ._budget import OutOfTime, _is_sympy_failure, within

# Private helpers of the ops layer (gentensor.symbolic and the comparisons), listed for the layer's imports.
__all__ = ["_arithmetic", "_add", "_sub", "_mul", "_pow", "_neg", "_many", "_symbol_product", "_unevaluated"]


def _sympy() -> Any:
    import sympy

    return sympy


def _unevaluated(op: Any, a: Any, b: Any) -> Any:
    """``op(a, b)`` built without SymPy's evaluation: the same value, exactly."""
    sympy = _sympy()
    if op is operator.add:
        return sympy.Add(a, b, evaluate=False)
    if op is operator.sub:
        return sympy.Add(a, sympy.Mul(-1, b, evaluate=False), evaluate=False)
    if op is operator.mul:
        return sympy.Mul(a, b, evaluate=False)
    if op is operator.truediv:
        return sympy.Mul(a, sympy.Pow(b, -1, evaluate=False), evaluate=False)
    return sympy.Pow(a, b, evaluate=False)


def _arithmetic(op: Any, a: Any, b: Any) -> Any:
    """``op(a, b)`` on SymPy expressions within the time budget; unevaluated where SymPy cannot finish.

    SymPy's constructors evaluate: ``1 / (exp(exp(exp(exp(19)))) - 1)`` asks
    whether the exponential is rational, which evaluates it numerically
    without a bound.  Past ``zero_test_seconds`` (or where SymPy's numerics
    fail) the result is the unevaluated expression, the same value.  Two numbers (SymPy's or Python's)
    combine without a budget: their arithmetic is exact and never evaluates numerically.
    """
    if getattr(a, "is_Number", True) and getattr(b, "is_Number", True):
        return op(a, b)
    try:
        return within(None, op, a, b)
    except OutOfTime:
        pass
    except (RecursionError, OverflowError, MemoryError):
        pass
    except Exception as e:  # PrecisionExhausted and other SymPy failures
        if not _is_sympy_failure(e):
            raise
    return _unevaluated(op, a, b)


def _add(a: Any, b: Any) -> Any:
    return _arithmetic(operator.add, a, b)


def _sub(a: Any, b: Any) -> Any:
    return _arithmetic(operator.sub, a, b)


#: ``(Symbol, Mul._from_args, Basic.compare, global_parameters)``, filled on the first product (SymPy loads lazily).
_SYMBOL_PRODUCT: tuple[Any, ...] | None = None


def _symbol_product(a: Any, b: Any) -> Any:
    """``a*b`` for two distinct plain commutative SymPy symbols, built as ``Mul`` would build it, else ``None``.

    For two such symbols ``Mul.flatten`` combines nothing (no coefficient,
    no common base, no constructor postprocessor: those belong to matrix
    expressions) and returns them ordered by ``Basic.compare``; building
    that ``Mul`` directly gives the identical expression (same arguments,
    same hash) at a quarter of the cost -- the products of a matrix of
    symbols.  Under SymPy's ``evaluate(False)`` SymPy keeps the written
    order, so then this declines too.
    """
    global _SYMBOL_PRODUCT
    if _SYMBOL_PRODUCT is None:
        sympy = _sympy()
        from sympy.core.parameters import global_parameters

        _SYMBOL_PRODUCT = (sympy.Symbol, sympy.Mul._from_args, sympy.Basic.compare, global_parameters)
    symbol, build, order, parameters = _SYMBOL_PRODUCT
    if type(a) is not symbol or type(b) is not symbol or a == b or not parameters.evaluate:
        return None
    if not (a.is_commutative and b.is_commutative):
        return None
    return build((a, b) if order(a, b) < 0 else (b, a), True)


def _mul(a: Any, b: Any) -> Any:
    product = _symbol_product(a, b)
    return product if product is not None else _arithmetic(operator.mul, a, b)


def _pow(a: Any, b: Any) -> Any:
    return _arithmetic(operator.pow, a, b)


def _neg(a: Any) -> Any:
    return _arithmetic(operator.mul, -1, a)


def _many(cls: Any, values: Iterable[Any]) -> Any:
    """``Add`` or ``Mul`` of ``values`` within the time budget, as `_arithmetic`."""
    values = list(values)
    try:
        return within(None, cls, *values)
    except OutOfTime:
        pass
    except (RecursionError, OverflowError, MemoryError):
        pass
    except Exception as e:
        if not _is_sympy_failure(e):
            raise
    return cls(*values, evaluate=False)
