"""Reductions over axes: sum, prod, min, max, all, any, cumulative_sum and cumulative_prod, and the generic ``reduce``.

Every reduction cuts the tensor into *blocks*, one per output element: the
elements that the reduced axes sweep, read straight from storage with one
C-speed extended slice per block when the reduced axes walk storage as one
strided run (``axis=0`` and ``axis=1`` of a matrix both do), else after one
gather with the reduced axes moved last.  Each block then goes through one
n-ary ``ops`` call: ``ops.sum`` (``sum`` for ints, one SymPy ``Add``),
``ops.prod``, the built-in ``min``/``max`` for numbers.  Integer sums over
a leading axis read storage row by row instead (the order of an integer
sum does not matter).

``axis=None`` reduces every axis; a result with no axis left is the element
itself (not a 0-d tensor), as NumPy returns scalars; ``keepdims=True`` keeps
reduced axes with length 1.  Booleans are counted: ``sum`` and ``prod`` of booleans are integers.

Examples
--------
>>> import gentensor as gt
>>> x = gt.tensor([[1, 2, 3], [4, 5, 6]])
>>> gt.sum(x), gt.sum(x, axis=0).tolist(), gt.max(x, axis=1, keepdims=True).tolist()
(21, [5, 7, 9], [[3], [6]])
"""

from __future__ import annotations

import builtins
import contextlib
import functools
import itertools
from math import prod as _prod
from typing import Any, Callable, Iterable, Iterator

from .._docs import section, sections
from ..arrays.dtypes import resolve_dtype
from ..core import kernels as _kernels
from ..core.layout import Layout, collapse, normalize_axis
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, DomainError, GentensorError, LimitError, ShapeError
from ..resources import get_limits, log2_size
from ..ops import as_ops, booleans, capabilities_of, ElementOps, OpsSpec, require, python_semantics
from . import _packed
from ._engine import arithmetic_ops, flat_values, wrap_results

__all__ = ["sum", "prod", "min", "max", "all", "any", "cumulative_sum", "cumulative_prod", "reduce"]

_builtin_sum = builtins.sum
_builtin_min = builtins.min
_builtin_max = builtins.max
_builtin_all = builtins.all
_builtin_any = builtins.any


# -- axes and blocks -------------------------------------------------------------------------
#: The sections the reductions' docstrings share (see gentensor._docs).
def _reduced(note: str = "") -> str:
    """The Returns section of a reduction to an element or a tensor (``note`` says more)."""
    what = "The element itself when no axis is left (``axis=None``, without ``keepdims``), else a new tensor."
    return section("Returns", ("element or Tensor", f"{what}  {note}" if note else what))


_REDUCED = _reduced()
_AXIS_ERRORS = section("Raises", ("AxisError", "An axis is out of range."), ("ShapeError", "An axis is repeated."))
_TRUTH = section(
    "Returns",
    ("bool or Tensor", "A ``bool`` when no axis is left (``axis=None``, without ``keepdims``), else a new booleans tensor."),
)
_UNORDERED = section(
    "Raises",
    ("ShapeError", "A reduced axis has length 0 (there is nothing to compare)."),
    ("DomainError", "The elements are not ordered (``modular(n)``, a user ring without ``lt``)."),
)


def _tensor(x: Any, func: str) -> Tensor[Any]:
    return as_tensor(x, func)  # a scalar reduces as a 0-d tensor


@contextlib.contextmanager
def ordering(func: str) -> Iterator[None]:
    """Elements whose own ``<`` refuses a pair (``"a" < 1`` in ``gt.objects``) raise `DomainError`, not their ``TypeError``."""
    try:
        yield
    except GentensorError:
        raise
    except TypeError as e:
        raise DomainError(
            f"{func}: the elements cannot be ordered with one another (got {' '.join(str(e).split())[:120]}); "
            "order elements of one kind"
        ) from None


def _order_free_sum(ops: ElementOps) -> bool:
    """True when the elements are Python ints or Fractions added by ``+``: any order of terms gives the same sum."""
    return python_semantics(ops, "add") and capabilities_of(ops).rational


def _axes(axis: Any, ndim: int, func: str) -> tuple[int, ...]:
    """The reduced axes, sorted: every axis for ``None``; an int or a tuple of ints otherwise."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, bool):
        raise ArgumentTypeError(f"{func}: axis must be an int, a tuple of ints or None (got {axis!r})")
    items = axis if isinstance(axis, (tuple, list)) else (axis,)
    axes = [normalize_axis(a, ndim, func) for a in items]
    if len(set(axes)) != len(axes):
        raise ShapeError(f"{func}: repeated axis (got axis={axis!r}); name each axis once")
    return tuple(sorted(axes))


class _Blocks:
    """The blocks of a reduction: ``count`` lists of ``length`` elements, in C order of the kept axes."""

    __slots__ = ("kept_shape", "count", "length", "blocks")

    def __init__(self, kept_shape: tuple[int, ...], length: int, blocks: Iterable[list[Any]]) -> None:
        self.kept_shape = kept_shape
        self.count = _prod(kept_shape)
        self.length = length
        self.blocks = blocks


def _blocks(x: Tensor[Any], axes: tuple[int, ...]) -> _Blocks:
    lay = x._layout
    shape, strides = lay.shape, lay.strides
    kept = [k for k in range(len(shape)) if k not in axes]
    kept_shape = tuple(shape[k] for k in kept)
    m = _prod(shape[k] for k in axes)
    if _prod(kept_shape) == 0 or m == 0:
        return _Blocks(kept_shape, m, itertools.repeat([], _prod(kept_shape)))
    if not kept and lay.is_contiguous:
        return _Blocks((), m, [flat_values(x)])
    store = x._store
    if store.packing is not None:  # packed: unpack once, in block order
        values = _kernels.gather(store, lay.permute(kept + list(axes)))
        return _Blocks(kept_shape, m, (values[i : i + m] for i in range(0, len(values), m)))
    data = store.data
    run_n, run_s = collapse([shape[k] for k in axes], [strides[k] for k in axes])
    if len(run_n) <= 1:
        # The reduced axes are one strided run: one extended slice per block.
        step = run_s[0] if run_s else 1
        span = m * step
        starts = _kernels.positions(Layout(kept_shape, tuple(strides[k] for k in kept), lay.offset))
        if step == 0:  # a broadcast axis: the block is one element repeated
            blocks: Iterable[list[Any]] = ([data[p]] * m for p in starts)
        elif step > 0:
            blocks = (data[p : p + span : step] for p in starts)
        else:
            blocks = (data[p : (p + span if p + span >= 0 else None) : step] for p in starts)
        return _Blocks(kept_shape, m, blocks)
    values = _kernels.gather(data, lay.permute(kept + list(axes)))
    return _Blocks(kept_shape, m, (values[i : i + m] for i in range(0, len(values), m)))


def _run_slice(data: list[Any], start: int, n: int, step: int) -> list[Any]:
    """``n`` storage elements from ``start`` by ``step`` (negative steps too; a zero step repeats one element)."""
    if step == 0:
        return [data[start]] * n
    stop = start + n * step
    return data[start : stop if stop >= 0 else None : step]


#: Rows summed per pass by `_integer_column_sums`: enough to amortise the calls,
#: few enough that the rows of one pass stay in the CPU cache.
_BAND = 32


def _integer_column_sums(x: Tensor[Any], axes: tuple[int, ...]) -> list[int] | None:
    """Integer sums over axes that stride past the kept ones (``axis=0`` of a matrix), or ``None``.

    Reading each output's block as one long strided slice visits memory in
    the worst order; instead the kept elements at one reduced index form a
    *row* (one slice), and bands of rows are summed column-wise with
    ``map(sum, zip(acc, *rows))``, touching memory row by row.  Integer sums
    do not depend on the order, so the result is exactly the blockwise one.
    """
    lay = x._layout
    shape, strides = lay.shape, lay.strides
    kept = [k for k in range(len(shape)) if k not in axes]
    red_n, red_s = collapse([shape[k] for k in axes], [strides[k] for k in axes])
    kept_n, kept_s = collapse([shape[k] for k in kept], [strides[k] for k in kept])
    if len(red_n) != 1 or len(kept_n) != 1 or abs(red_s[0]) <= abs(kept_s[0]):
        return None
    (m,), (step,), (width,), (kstep,) = red_n, red_s, kept_n, kept_s
    if x._store.packing is not None:
        return None
    data, offset = x._store.data, lay.offset
    acc: list[int] = [0] * width
    for i in range(0, m, _BAND):
        rows = [_run_slice(data, offset + r * step, width, kstep) for r in range(i, builtins.min(i + _BAND, m))]
        acc = list(map(_builtin_sum, zip(acc, *rows)))
    return acc


def _finish(
    x: Tensor[Any], axis: Any, axes: tuple[int, ...], keepdims: bool, results: list[Any], ops: ElementOps
) -> Any:
    """A new tensor; the element itself when the result has no axes (as NumPy returns scalars)."""
    if keepdims:
        shape = tuple(1 if k in axes else n for k, n in enumerate(x.shape))
    else:
        shape = tuple(n for k, n in enumerate(x.shape) if k not in axes)
    if not shape:
        return results[0]
    return Tensor._from_flat(results, shape, ops)


def _reduce_blocks(b: _Blocks, f: Callable[[list[Any]], Any]) -> list[Any]:
    if b.length == 0:
        return [f([])] * b.count if b.count else []
    return list(map(f, b.blocks))


def _member_or_fold(ops: ElementOps, name: str, step: Callable[[Any, Any], Any], start: Any) -> Callable[[Any], Any]:
    member = getattr(ops, name, None)
    if member is not None:
        return member  # type: ignore[no-any-return]
    return lambda values: functools.reduce(step, values, start)


# -- sum and prod ------------------------------------------------------------------------------
def _with_dtype(x: Tensor[Any], dtype: OpsSpec | None) -> Tensor[Any]:
    """``x`` converted to ``dtype`` first (the Array API's accumulation type), or ``x`` itself."""
    return x if dtype is None or as_ops(dtype, "dtype") is x._ops else x.astype(dtype)


def _arithmetic_start(func: str, x: Any, axis: Any, dtype: OpsSpec | None, keepdims: bool) -> tuple[Any, Any, Any, Any]:
    """``(x, axes, ops, done)`` of ``sum``/``prod``: ``done`` is the packed result, else ``NotImplemented``."""
    x = _with_dtype(_tensor(x, func), dtype)
    axes = _axes(axis, x.ndim, func)
    ops = arithmetic_ops(x._ops)
    if x._store.packing is not None and x.size >= _packed.PACKED_MINIMUM:
        return x, axes, ops, _packed.reduction(func, x, axes, keepdims, ops)
    return x, axes, ops, NotImplemented


@sections(_reduced("An empty sum is ``ops.zero``; booleans sum to integers."), _AXIS_ERRORS)
def sum(x: Any, /, *, axis: Any = None, dtype: OpsSpec | None = None, keepdims: bool = False) -> Tensor[Any] | Any:
    """The sum of the elements over ``axis`` (every axis when ``None``), through ``ops.sum``.

    ``ops.sum`` is n-ary: the built-in ``sum`` for numbers, one ``Add`` for SymPy.

    Parameters
    ----------
    axis : int, tuple of ints or None
        The axes to sum over; negative counts from the end.
    dtype : ops object, type or name, optional
        Sum in this ops (the elements are converted first); by default ``x``'s
        own (booleans sum as integers).
    keepdims : bool
        Keep the reduced axes with length 1.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2], [3, 4]])
    >>> x.sum(), gt.sum(x, axis=0).tolist(), gt.sum(x, axis=-1, keepdims=True).tolist()
    (10, [4, 6], [[3], [7]])
    >>> gt.sum(gt.zeros((0, 3)), axis=0).tolist(), gt.sum(gt.tensor([True, True, False]))
    ([0, 0, 0], 2)
    """
    x, axes, ops, done = _arithmetic_start("sum", x, axis, dtype, keepdims)
    if done is not NotImplemented:
        return done
    if x.size and _order_free_sum(ops) and ops is x._ops:
        columns = _integer_column_sums(x, axes)
        if columns is not None:
            return _finish(x, axis, axes, keepdims, columns, ops)
    total = _member_or_fold(ops, "sum", ops.add, ops.zero)
    return _finish(x, axis, axes, keepdims, _reduce_blocks(_blocks(x, axes), total), ops)


@sections(_reduced("An empty product is ``ops.one``; booleans multiply to integers."), _AXIS_ERRORS)
def prod(x: Any, /, *, axis: Any = None, dtype: OpsSpec | None = None, keepdims: bool = False) -> Tensor[Any] | Any:
    """The product of the elements over ``axis`` (every axis when ``None``), through ``ops.prod``.

    ``dtype`` multiplies in that ops (the elements are converted first).

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2], [3, 4]])
    >>> x.prod(), gt.prod(x, axis=1).tolist(), gt.prod(gt.zeros((2, 0)), axis=1).tolist()
    (24, [2, 12], [1, 1])
    """
    x, axes, ops, done = _arithmetic_start("prod", x, axis, dtype, keepdims)
    if done is not NotImplemented:
        return done
    product = _bounded_product(_member_or_fold(ops, "prod", ops.mul, ops.one), ops)
    return _finish(x, axis, axes, keepdims, _reduce_blocks(_blocks(x, axes), product), ops)


def _bounded_product(product: Callable[[list[Any]], Any], ops: ElementOps) -> Callable[[list[Any]], Any]:
    """``product`` held to ``max_bits``: the bits of exact factors add up, so a product past the limit is refused
    before it is built (``gt.prod(gt.arange(1, 3 * 10**5))`` has 5 million bits); a product with a zero factor is
    zero, whatever the others."""
    limit = get_limits().max_bits

    def bounded(values: list[Any]) -> Any:
        bits = 0.0
        for v in values:
            bits += log2_size(v)
        if bits > limit:
            for v in values:  # (this module's own any is the reduction)
                if ops.is_zero(v):
                    return ops.zero
            raise LimitError(
                f"prod: the product of these {len(values)} factors would have about {int(bits)} bits, more than "
                f"max_bits={limit}; raise it with gt.limits(max_bits=...)"
            )
        return product(values)

    return bounded


# -- min and max -------------------------------------------------------------------------------
def _extreme(func: str, x: Any, axis: Any, keepdims: bool, largest: bool) -> Any:
    x = _tensor(x, func)
    axes = _axes(axis, x.ndim, func)
    ops = x._ops
    lt = require(ops, "lt", func, "order")
    if x._store.packing is not None and x.size >= _packed.PACKED_MINIMUM and _prod(x.shape[a] for a in axes):
        done = _packed.reduction(func, x, axes, keepdims, ops)
        if done is not NotImplemented:
            return done
    b = _blocks(x, axes)
    if b.length == 0:
        raise ShapeError(
            f"{func}: the reduction has no elements to compare (got shape {x.shape} and axis={axis!r}); "
            f"{func} of an empty axis is undefined; use gt.reduce with initial= to give a start value"
        )
    if python_semantics(ops, "lt"):
        pick: Callable[[list[Any]], Any] = _builtin_max if largest else _builtin_min
    elif largest:
        pick = functools.partial(functools.reduce, lambda a, c: c if lt(a, c) else a)
    else:
        pick = functools.partial(functools.reduce, lambda a, c: c if lt(c, a) else a)
    if not capabilities_of(ops).exact:
        # NaN compares false with everything: it propagates whatever its place (as NumPy's max).
        pick = functools.partial(_nan_first, pick, ops.equal)
    with ordering(func):
        results = _reduce_blocks(b, pick)
    return _finish(x, axis, axes, keepdims, results, ops)


def _nan_first(pick: Callable[[list[Any]], Any], equal: Callable[[Any, Any], Any], block: list[Any]) -> Any:
    """``pick(block)``, or the first NaN (an element not equal to itself) when there is one."""
    for v in block:
        if not equal(v, v):
            return v
    return pick(block)


@sections(_REDUCED, _UNORDERED)
def min(x: Any, /, *, axis: Any = None, keepdims: bool = False) -> Tensor[Any] | Any:
    """The smallest element over ``axis`` (every axis when ``None``), compared with ``ops.lt``.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[3, 1], [2, 5]])
    >>> gt.min(x), gt.min(x, axis=0).tolist()
    (1, [2, 1])
    """
    return _extreme("min", x, axis, keepdims, False)


@sections(_REDUCED, _UNORDERED)
def max(x: Any, /, *, axis: Any = None, keepdims: bool = False) -> Tensor[Any] | Any:
    """The largest element over ``axis`` (every axis when ``None``), compared with ``ops.lt``.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.max(gt.tensor([Fraction(1, 3), Fraction(1, 2)]))
    Fraction(1, 2)
    >>> gt.max(gt.zeros((2, 0)), axis=1)
    Traceback (most recent call last):
    ...
    gentensor.errors.ShapeError: max: the reduction has no elements to compare (got shape (2, 0) and axis=1); max of an empty axis is undefined; use gt.reduce with initial= to give a start value
    """
    return _extreme("max", x, axis, keepdims, True)


# -- all and any -------------------------------------------------------------------------------
def _truth(func: str, x: Any, axis: Any, keepdims: bool, every: bool) -> Any:
    x = _tensor(x, func)
    axes = _axes(axis, x.ndim, func)
    ops = x._ops
    if x._store.packing is not None and x.size >= _packed.PACKED_MINIMUM:
        done = _packed.reduction(func, x, axes, keepdims, ops, booleans)
        if done is not NotImplemented:
            return done
    test = _builtin_all if every else _builtin_any
    if python_semantics(ops, "is_zero"):
        pick: Callable[[list[Any]], bool] = test  # Python truth is the ops' zero test (numbers)
    else:
        is_zero = getattr(ops, "is_zero", None) or (lambda v: ops.equal(v, ops.zero))

        def pick(block: list[Any]) -> bool:
            return test(not is_zero(v) for v in block)

    return _finish(x, axis, axes, keepdims, _reduce_blocks(_blocks(x, axes), pick), booleans)


@sections(_TRUTH)
def all(x: Any, /, *, axis: Any = None, keepdims: bool = False) -> Tensor[Any] | bool:
    """Whether every element over ``axis`` is non-zero (``not ops.is_zero``; ``True`` when empty).

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 0], [2, 3]])
    >>> gt.all(x), gt.all(x, axis=1).tolist(), gt.all(gt.zeros(0))
    (False, [False, True], True)
    """
    return _truth("all", x, axis, keepdims, True)


@sections(_TRUTH)
def any(x: Any, /, *, axis: Any = None, keepdims: bool = False) -> Tensor[Any] | bool:
    """Whether some element over ``axis`` is non-zero (``not ops.is_zero``; ``False`` when empty).

    The zero test is semantic for SymPy: ``(t + 1)**2 - t**2 - 2*t - 1`` is zero.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> t = sympy.Symbol("t")
    >>> gt.any(gt.tensor([(t + 1)**2 - t**2 - 2*t - 1, 0]))
    False
    >>> gt.any(gt.tensor([[0, 0], [0, 4]]), axis=0).tolist()
    [False, True]
    """
    return _truth("any", x, axis, keepdims, False)


# -- cumulative sums and products -----------------------------------------------------------------------
def cumulative_sum(
    x: Any, /, *, axis: int | None = None, dtype: OpsSpec | None = None, include_initial: bool = False
) -> Tensor[Any]:
    """Running sums along one axis (``ops.add``), as the Array API's ``cumulative_sum``.

    Parameters
    ----------
    axis : int, optional
        Required when ``x.ndim > 1``; a 1-d (or 0-d, read as length 1) tensor
        may omit it.
    dtype : ops object, type or name, optional
        Sum in this ops (the elements are converted first).
    include_initial : bool
        Start each run with ``ops.zero``, so the axis grows by one.

    Returns
    -------
    Tensor
        A new tensor (booleans are summed as integers).

    Raises
    ------
    ShapeError
        ``axis`` omitted for a tensor with more than one axis.
    AxisError
        ``axis`` out of range.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.cumulative_sum(gt.tensor([1, 2, 3])).tolist()
    [1, 3, 6]
    >>> gt.cumulative_sum(gt.tensor([[1, 2], [3, 4]]), axis=0, include_initial=True).tolist()
    [[0, 0], [1, 2], [4, 6]]
    """
    return _accumulate("cumulative_sum", x, axis, dtype, include_initial, "add", "zero")


def cumulative_prod(
    x: Any, /, *, axis: int | None = None, dtype: OpsSpec | None = None, include_initial: bool = False
) -> Tensor[Any]:
    """Running products along one axis (``ops.mul``), as the Array API's ``cumulative_prod``.

    The parameters and errors are those of [`cumulative_sum`][gentensor.compute.reductions.cumulative_sum],
    with ``ops.mul`` in place of ``ops.add``, and runs that start from ``ops.one`` under ``include_initial=True``.

    Returns
    -------
    Tensor
        A new tensor (booleans multiply as integers).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.cumulative_prod(gt.tensor([1, 2, 3, 4])).tolist()
    [1, 2, 6, 24]
    >>> gt.cumulative_prod(gt.tensor([[1, 2], [3, 4]]), axis=1, include_initial=True).tolist()
    [[1, 1, 2], [1, 3, 12]]
    """
    return _accumulate("cumulative_prod", x, axis, dtype, include_initial, "mul", "one")


def _accumulate(
    func: str, x: Any, axis: int | None, dtype: OpsSpec | None, include_initial: bool, member: str, start: str
) -> Tensor[Any]:
    """Running ``ops.<member>`` along one axis, each run starting from ``ops.<start>`` when ``include_initial``.

    The body of [`cumulative_sum`][gentensor.compute.reductions.cumulative_sum] (``"add"``, ``"zero"``), of
    [`cumulative_prod`][gentensor.compute.reductions.cumulative_prod] (``"mul"``, ``"one"``) and of NumPy's
    ``cumsum`` and ``cumprod`` (gentensor.compute.statistics).
    """
    x = _with_dtype(_tensor(x, func), dtype)
    if axis is None:
        if x.ndim > 1:
            raise ShapeError(
                f"{func}: axis is required for a tensor with ndim {x.ndim} (got axis=None); "
                "pass axis=..., or flatten first with x.reshape(-1)"
            )
        axis = 0
    if x.ndim == 0:  # read as length 1, as NumPy does
        x = x._view(Layout((1,), (1,), x._layout.offset))
    ax = normalize_axis(axis, x.ndim, func)
    ops = arithmetic_ops(x._ops)
    if x._store.packing is not None and x.size >= _packed.PACKED_MINIMUM:
        done = _packed.reduction(func, x, (ax,), False, ops, include_initial=include_initial)
        if done is not NotImplemented:
            return done
    step, initial = getattr(ops, member), getattr(ops, start)
    b = _blocks(x, (ax,))
    out: list[Any] = []
    extend = out.extend
    for block in b.blocks:
        if ops is not x._ops:
            block = ops.convert_list(block)
        if include_initial:
            extend(itertools.accumulate(block, step, initial=initial))
        else:
            extend(itertools.accumulate(block, step))
    n = b.length + (1 if include_initial else 0)
    ndim = x.ndim
    moved = Tensor._from_flat(out, b.kept_shape + (n,), ops)
    if ax == ndim - 1:
        return moved
    order = list(range(ndim - 1))
    order.insert(ax, ndim - 1)
    return moved._view(moved._layout.permute(order)).copy()


# -- the generic fold --------------------------------------------------------------------------
@sections(_REDUCED)
def reduce(
    f: Callable[[Any, Any], Any],
    x: Any,
    /,
    *,
    axis: Any = None,
    initial: Any = None,
    keepdims: bool = False,
    ops: OpsSpec | None = None,
    dtype: OpsSpec | None = None,
) -> Tensor[Any] | Any:
    """Fold ``f`` over ``axis``: ``f(...f(f(initial, v0), v1)..., vn)`` for each output element.

    Parameters
    ----------
    f : callable
        A binary function of two elements (``operator.add``, ``gt.integers.mul``, a lambda).
    axis : int, tuple of ints or None
        The axes to fold over (every axis when ``None``).
    initial : optional
        The start value; without it the fold starts from the first element.
    keepdims : bool
        Keep the reduced axes with length 1.
    ops : ops object, type or name, optional
        The ops of the result tensor; inferred from the results' types when
        omitted (as [`gentensor.tensor`][gentensor.arrays.creation.tensor] infers).
    dtype : ops object, type or name, optional
        The same as ``ops`` (the Array API's name).

    Raises
    ------
    ShapeError
        A reduced axis has length 0 and no ``initial`` is given.

    Examples
    --------
    >>> import gentensor as gt, operator
    >>> x = gt.tensor([[1, 2, 3], [4, 5, 6]])
    >>> gt.reduce(operator.mul, x), gt.reduce(lambda a, b: 10 * a + b, x, axis=1).tolist()
    (720, [123, 456])
    >>> gt.reduce(operator.add, gt.zeros((2, 0)), axis=1, initial=10).tolist()
    [10, 10]
    """
    if not callable(f):
        raise ArgumentTypeError(f"reduce: the first argument must be a binary function (got {f!r})")
    ops = resolve_dtype(ops, dtype, "reduce")
    x = _tensor(x, "reduce")
    axes = _axes(axis, x.ndim, "reduce")
    b = _blocks(x, axes)
    if b.length == 0 and initial is None:
        raise ShapeError(
            f"reduce: the reduction has no elements and no initial value (got shape {x.shape} and "
            f"axis={axis!r}); pass initial=..."
        )
    if initial is None:
        fold: Callable[[list[Any]], Any] = functools.partial(functools.reduce, f)
    else:
        fold = lambda block: functools.reduce(f, block, initial)  # noqa: E731
    results = _reduce_blocks(b, fold)
    shape = tuple(1 if k in axes else n for k, n in enumerate(x.shape)) if keepdims else b.kept_shape
    return wrap_results(results, shape, ops, x._ops, "reduce", element=True)
