"""Element-wise arithmetic and comparisons with NumPy broadcasting, ``map`` and in-place updates.

Operands are tensors, array-like data (lists, NumPy arrays, which become
tensors) or scalars on either side.  The result ops is the promotion of the
operands' ops ([`gentensor.result_ops`][gentensor.ops._registry.result_ops]); booleans promote to integers in
arithmetic; a scalar of a known type widens the result as NumPy promotes kinds
(``integers + 0.5`` gives floats) and is otherwise converted to the tensors'
ops.  Shapes broadcast as in NumPy.  Every result of a tensor operand is a
new tensor, 0-d included (the Array API's rule); only two plain scalars give
a plain element.

Exactness: ``/`` on integers gives rationals (never floats); on a field it is
field division; on ``modular(n)`` it multiplies by the inverse and raises
[`NotDivisibleError`][gentensor.errors.NotDivisibleError] for a zero divisor; on other rings it is exact
division (``exquo``).  ``**`` with integer exponents uses ``ops.pow``;
integers to a negative power give rationals, as in SymPy.

Parallel execution: the function forms (except ``power``/``positive``) and
``map`` take ``executor=`` and ``workers=``; without them, and for the
operators, the policy of [`gentensor.parallel`][gentensor.parallel.parallel] in force applies.

Examples
--------
>>> import gentensor as gt
>>> x = gt.tensor([[1, 2], [3, 4]])
>>> (x + gt.tensor([10, 20])).tolist(), (x / 2).ops, (x > 2).tolist()
([[11, 22], [13, 24]], rationals, [[False, False], [True, True]])
"""

from __future__ import annotations

import builtins
from typing import Any, Callable

from ..core import kernels as _kernels
from . import bitwise as _bitwise
from ..core.operands import as_operand, operand_ops
from ._engine import arithmetic_ops, unary, wrap_results

# Shared with composition and products: (shape, [element lists]) of broadcast operands.
from ._engine import broadcast_values as _broadcast_values
from ._maker import documented
from ._maker import (  # made from their rows in gentensor/compute/_table.py
    abs,
    add,
    divide,
    equal,
    floor_divide,
    greater,
    greater_equal,
    less,
    less_equal,
    multiply,
    negative,
    not_equal,
    remainder,
    subtract,
)
from ._plans import plan_round
from ._plans import power as _power
# Behind the Tensor methods x.subs(...), x.diff(...), x.expand(), x.simplify(), x.evalf(n).
# Not top-level names: gt.diff would read as NumPy's finite differences.
from ._symbolic import diff, evalf, expand, simplify, subs  # noqa: F401
from ..core.layout import Layout, broadcast_shapes
from ..core.tensor import Tensor
from ..arrays.dtypes import resolve_dtype
from ..errors import ArgumentTypeError, ArgumentValueError, OpsMismatchError, ReadOnlyError, ShapeError
from ..resources import check_digits
from ..ops import integers, OpsSpec
from ..parallel import run_map
from .reductions import all as _all
from . import _packed

__all__ = [
    "add",
    "subtract",
    "multiply",
    "divide",
    "floor_divide",
    "remainder",
    "power",
    "negative",
    "positive",
    "abs",
    "round",
    "equal",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    "array_equal",
    "map",
]

# The functions with a body of their own take their docstrings from their rows in gentensor/compute/_table.py.


@documented
def power(a: Any, b: Any, /) -> Tensor[Any] | Any:
    return _power(a, b)


@documented
def positive(x: Any, /) -> Tensor[Any] | Any:
    x = as_operand(x)
    if not isinstance(x, Tensor):
        return x
    target = arithmetic_ops(x._ops)
    return x.astype(target) if target is not x._ops else x.copy()


@documented
def round(x: Any, /, *, decimals: int = 0) -> Tensor[Any] | Any:
    if isinstance(decimals, bool) or not isinstance(decimals, int):
        raise ArgumentTypeError(f"round: decimals must be an int (got {decimals!r})")
    check_digits(builtins.abs(decimals), "round: 10**decimals")  # exact rounding scales by it (2**64 decimals would never end)
    # The packings' "round" kernels round to whole numbers; other digits map the element function.
    return unary("round", x, plan_round(decimals), kernel="round" if decimals == 0 else "round.decimals")


@documented
def array_equal(a: Any, b: Any, /) -> bool:
    a, b = as_operand(a), as_operand(b)
    shape_a = a.shape if isinstance(a, Tensor) else ()
    shape_b = b.shape if isinstance(b, Tensor) else ()
    if shape_a != shape_b:
        return False
    result = equal(a, b)
    if not isinstance(result, Tensor):
        return bool(result)
    if result._store.packing is None:
        return builtins.all(result._elements())
    return bool(_all(result))  # packed booleans: one NumPy pass


# -- arbitrary functions --------------------------------------------------------------------
def map(
    f: Callable[..., Any],
    /,
    *tensors: Any,
    ops: OpsSpec | None = None,
    dtype: OpsSpec | None = None,
    executor: Any = None,
    workers: Any = None,
    timeout: float | None = None,
) -> Tensor[Any] | Any:
    """``f`` applied element by element to broadcast tensors: ``out[i] = f(a[i], b[i], ...)``.

    Scalars are passed to ``f`` unchanged at every position.

    Parameters
    ----------
    f : callable
        Takes one element of each tensor.
    *tensors : Tensor or scalar
        Broadcast against each other (NumPy rules).
    ops : ops object, type or name, optional
        The result's ops; inferred from the types of the results when omitted
        (as [`gentensor.tensor`][gentensor.arrays.creation.tensor] infers), so pass ``ops=`` to keep, e.g.,
        ``modular(n)``, whose elements are plain ints.
    dtype : ops object, type or name, optional
        The same as ``ops`` (the Array API's name).
    executor, workers
        The parallel policy for this call (see [`gentensor.parallel`][gentensor.parallel.parallel]);
        by default the one in force.  Results are identical to the serial
        path; a failing element raises with its index.
    timeout : float, optional
        Seconds the call may take (default: the policy's); past it,
        ``TimeoutError`` (see [`gentensor.parallel`][gentensor.parallel.parallel]).

    Returns
    -------
    Tensor
        A new tensor, 0-d included (the element itself only for scalar operands).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.map(lambda a, b: a * 10 + b, gt.tensor([[1], [2]]), gt.tensor([3, 4])).tolist()
    [[13, 14], [23, 24]]
    >>> gt.tensor([1, 2]).applyfunc(str)
    tensor([1, 2], ops=objects)
    """
    if not tensors:
        raise ArgumentTypeError("map: needs at least one tensor (got only the function); use f() directly")
    ops = resolve_dtype(ops, dtype, "map")
    operands = [as_operand(t) for t in tensors]
    present = [t for t in operands if isinstance(t, Tensor)]
    if not present:
        return f(*operands)
    shape, columns = _broadcast_values(*operands, func="map")
    results = run_map(f, columns, executor=executor, workers=workers, timeout=timeout, index_shape=shape, where="map")
    default_ops = present[0]._ops if builtins.all(t._ops is present[0]._ops for t in present) else integers
    return wrap_results(results, shape, ops, default_ops, "map")


# -- in place -------------------------------------------------------------------------------
_INPLACE: dict[str, tuple[Callable[[Any, Any], Any], str]] = {
    "add": (add, "+="),
    "subtract": (subtract, "-="),
    "multiply": (multiply, "*="),
    "divide": (divide, "/="),
    "floor_divide": (floor_divide, "//="),
    "remainder": (remainder, "%="),
    "power": (power, "**="),
    "bitwise_and": (_bitwise.bitwise_and, "&="),
    "bitwise_or": (_bitwise.bitwise_or, "|="),
    "bitwise_xor": (_bitwise.bitwise_xor, "^="),
    "bitwise_left_shift": (_bitwise.bitwise_left_shift, "<<="),
    "bitwise_right_shift": (_bitwise.bitwise_right_shift, ">>="),
}


def inplace(name: str, x: Tensor[Any], other: Any, /) -> Tensor[Any]:
    """``x <op>= other``: compute ``<name>(x, other)`` and write it into ``x``'s storage.

    ``other`` broadcasts to ``x.shape`` (never the other way); writes go
    through views to the storage they share.  The whole result is computed
    before anything is written, so an operation that raises leaves ``x``
    unchanged.  The result must stay in ``x.ops`` (``integers /= 2`` is an
    error, as NumPy refuses to cast floats into an int array).

    Parameters
    ----------
    name : str
        One of ``add, subtract, multiply, divide, floor_divide, remainder, power``, or a bitwise
        operation (``bitwise_and``, ``bitwise_or``, ``bitwise_xor``, ``bitwise_left_shift``,
        ``bitwise_right_shift``).

    Returns
    -------
    Tensor
        ``x`` itself (its storage updated; a view of it writes through).

    Raises
    ------
    ReadOnlyError
        ``x`` is a read-only (broadcast) view.
    ShapeError
        ``other`` does not broadcast to ``x.shape``.
    OpsMismatchError
        The result would leave ``x.ops``.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2], [3, 4]])
    >>> col = x[:, 0]
    >>> col += 10
    >>> x.tolist()
    [[11, 2], [13, 4]]
    """
    if name not in _INPLACE:
        raise ArgumentValueError(f"inplace: unknown operation {name!r}; use one of {', '.join(_INPLACE)}")
    func, symbol = _INPLACE[name]
    if not isinstance(x, Tensor):
        raise ArgumentTypeError(f"{symbol}: the target must be a gentensor Tensor (got {type(x).__name__})")
    if x._readonly:
        raise ReadOnlyError(
            f"{symbol}: the target is a read-only view (it repeats elements through stride 0); "
            "write to a copy: y = x.copy()"
        )
    other = as_operand(other)
    if isinstance(other, Tensor) and broadcast_shapes(x.shape, other.shape, func=symbol) != x.shape:
        raise ShapeError(
            f"{symbol}: the right side of shape {other.shape} does not broadcast to the target shape "
            f"{x.shape}; an in-place operation cannot change the target's shape"
        )
    # A 0-d target computes through a 1-element view, so the result is a tensor too.
    target = x if x.ndim else x._view(Layout((1,), (1,), x._layout.offset))
    if x._store.packing is not None and arithmetic_ops(x._ops) is x._ops and _packed.into(name, target, other, x._ops):
        return x  # the packing's kernel wrote into the target's words (its bounds proved the results fit)
    result = func(target, other)
    if result._ops is not x._ops:
        shown = operand_ops((other,), symbol)
        raise OpsMismatchError(
            f"{symbol}: the result has ops {result._ops!r}, but the target holds {x._ops!r} "
            f"(got {x._ops!r} {symbol[:-1]} {shown!r}); write x = x {symbol[:-1]} y for a new tensor, "
            "or convert the target first with .astype(...)"
        )
    _kernels.copy_into(x._store, target._layout, result._store, result._layout)
    return x
