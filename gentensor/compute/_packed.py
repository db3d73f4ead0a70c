"""Element-wise work on packed storage: one vectorised kernel per operation, exact by proof.

The element-wise engine (`gentensor.compute._engine`) asks here first.  When
the operands live in packed storage (or are scalars that pack) and their
ops' [`Packing`][gentensor.ops._packing.Packing] has a kernel for the operation whose bounds prove
the results fit the word, the kernel runs on the NumPy views of the operands
(broadcasting as NumPy does) and the result is a new packed tensor carrying
the result's bounds.  Otherwise these functions return ``NotImplemented``
and the engine maps the ops' element functions over Python objects -- the
same answer, computed exactly.

Kernels release the GIL, so under ``gt.parallel("threads")`` (and ``"auto"``
on large operands) the output is cut into chunks computed on the shared
thread pool at once.
"""

from __future__ import annotations

from math import prod
from typing import Any, Callable, Sequence

import numpy as np

from ..core.storage import RECYCLE_MINIMUM, Operand, operand_of, recycled_buffer
from ..core.tensor import Tensor
from ..ops import ElementOps
from ..ops import Packing, packing_of
from ..parallel import ParallelPolicy, run_tasks

__all__ = ["order_shows", "into", "operand", "elementwise", "same_shape", "with_scalar", "reduction", "unique", "unique_part", "distinct", "THREAD_MINIMUM", "PACKED_MINIMUM", "threaded"]

#: Elements below which a packed kernel runs on the calling thread whatever the policy (a pool round trip costs more).
THREAD_MINIMUM = 1 << 16

#: Elements below which element-wise work and reductions map the ops' element functions over the
#: (kept) Python objects instead: a NumPy call costs more than a few dozen elements do.
PACKED_MINIMUM = 64

# Arithmetic errors a kernel raises when the element path must locate the failing element.
_DEFER = (ArithmeticError, ValueError)


def operand(x: Any, ops: ElementOps, packing: Packing, convert: Callable[[Any], Any]) -> Operand | None:
    """``x`` (a tensor, or a scalar converted by ``convert``) as a packed operand of ``ops``, or ``None``."""
    if isinstance(x, Tensor):
        return operand_of(x._store, x._layout, x._ops, ops, packing)
    array = packing.scalar(convert(x))
    if array is None:
        return None
    return Operand(array, None, (int(array), int(array)) if packing.bounded else None, True)


def _native(value: Any) -> Any:
    """The conversion of a scalar of one of the ops' native types: none."""
    return value


def _any_packed(operands: Sequence[Any]) -> bool:
    return any(type(t) is Tensor and t._store.packing is not None for t in operands)


def elementwise(
    func: str,
    operands: Sequence[Any],
    ops: ElementOps,
    out_ops: ElementOps,
    shape: tuple[int, ...],
    convert: Callable[[Any], Any],
    policy: ParallelPolicy | None = None,
) -> Any:
    """``func`` of ``operands`` (broadcast to ``shape``) by the packed kernel of ``ops``: a new tensor, or ``NotImplemented``.

    Runs only when some tensor operand is already packed (two list tensors
    are cheaper to combine element by element than to pack first), every
    operand packs, and the kernel's bounds prove the results fit.
    """
    packing = packing_of(ops)
    out_packing = packing_of(out_ops)
    if packing is None or out_packing is None or not _any_packed(operands):
        return NotImplemented
    items = []
    for x in operands:
        item = operand(x, ops, packing, convert)
        if item is None:
            return NotImplemented
        items.append(item)
    planned = _kernel_plan(func, packing, items)
    if planned is None:
        return NotImplemented
    f, out_bounds = planned
    arrays = [item.array for item in items]
    try:
        result = _run(f, arrays, shape, out_packing, policy)
    except _DEFER:
        return NotImplemented  # the element path raises it, naming the element
    if result is NotImplemented:
        return NotImplemented
    return Tensor._from_array(result, shape, out_ops, out_bounds if out_packing.bounded else None, recycle=True)


def _kernel_plan(func: str, packing: Packing, items: list[Operand]) -> Any:
    """The packing's plan of ``func`` for these operands' bounds; if it declines, every operand's bounds
    tightened to exact ones and asked once more (``None`` when it still declines)."""
    planned = packing.kernel(func, [item.bounds for item in items])
    if planned is None and packing.bounded and any([item.tighten() for item in items]):  # a list: tighten them all
        planned = packing.kernel(func, [item.bounds for item in items])
    return planned


def same_shape(
    func: str, a: Tensor[Any], b: Tensor[Any], ops: ElementOps, out_ops: ElementOps, shape: tuple[int, ...], policy: ParallelPolicy | None
) -> Any:
    """`elementwise` for two packed tensors of one ops and one shape (the common case, with less to decide)."""
    packing = a._store.packing
    out_packing = packing_of(out_ops)
    if packing is None or out_packing is None or packing is not packing_of(ops):
        return NotImplemented
    x = operand_of(a._store, a._layout, ops, ops, packing)
    y = operand_of(b._store, b._layout, ops, ops, packing)
    if x is None or y is None:
        return NotImplemented
    return _pair(func, x, y, packing, out_ops, out_packing, shape, policy)


def with_scalar(
    func: str, t: Tensor[Any], c: Any, reflected: bool, ops: ElementOps, out_ops: ElementOps, policy: ParallelPolicy | None
) -> Any:
    """`elementwise` for a packed tensor of ``ops`` and a scalar ``c`` of one of its native types (``a > 0``,
    ``a * 3``; ``c`` first when ``reflected``): the other common case."""
    packing = t._store.packing
    out_packing = packing_of(out_ops)
    if packing is None or out_packing is None or packing is not packing_of(ops):
        return NotImplemented
    x = operand_of(t._store, t._layout, ops, ops, packing)
    y = operand(c, ops, packing, _native)  # None when the scalar does not pack
    if x is None or y is None:
        return NotImplemented
    if reflected:
        x, y = y, x
    return _pair(func, x, y, packing, out_ops, out_packing, t._layout.shape, policy)


def into(func: str, target: Tensor[Any], other: Any, ops: ElementOps) -> bool:
    """``target <op>= other`` written straight into ``target``'s packed words by the kernel of ``func``, when the
    kernel writes its result in the packing's dtype (``out=``) and the bounds prove it exact: ``True`` when done.

    ``other`` is a tensor of ``ops`` (packed, or a list that packs) or a native scalar, already checked to
    broadcast to ``target``'s shape.  The kernel's own checks (a zero divisor) run before it writes, and NumPy
    copies an ``other`` that overlaps the target first, so a call that raises leaves ``target`` unchanged.
    """
    store = target._store
    packing = store.packing
    if packing is None or packing is not packing_of(ops) or target._ops is not ops:
        return False
    x = operand_of(store, target._layout, ops, ops, packing)
    if isinstance(other, Tensor):
        if other._ops is not ops:
            return False
        y = operand_of(other._store, other._layout, ops, ops, packing)
    elif type(other) in getattr(ops, "native_types", ()):
        y = operand(other, ops, packing, _native)
    else:
        return False
    if x is None or y is None:
        return False
    planned = _kernel_plan(func, packing, [x, y])
    if planned is None:
        return False
    f, out_bounds = planned
    if not _writes_into(f, [x.array, y.array], packing):
        return False
    f(x.array, y.array, out=x.array)
    store.written(out_bounds if packing.bounded else None)
    return True


def _pair(
    func: str, x: Operand, y: Operand, packing: Packing, out_ops: ElementOps, out_packing: Packing, shape: tuple[int, ...],
    policy: ParallelPolicy | None,
) -> Any:
    """The kernel of ``func`` on two operands when their bounds prove it exact (tightened once if needed)."""
    planned = _kernel_plan(func, packing, [x, y])
    if planned is None:
        return NotImplemented
    f, out_bounds = planned
    try:
        result = _run(f, [x.array, y.array], shape, out_packing, policy)
    except _DEFER:
        return NotImplemented
    if result is NotImplemented:
        return NotImplemented
    return Tensor._from_array(result, shape, out_ops, out_bounds if out_packing.bounded else None, recycle=True)


def _run(f: Callable[..., Any], arrays: list[Any], shape: tuple[int, ...], out: Packing, policy: ParallelPolicy | None) -> Any:
    n = prod(shape)
    if policy is not None and n >= THREAD_MINIMUM and shape:
        return threaded(f, arrays, shape, out, policy)
    if n * out.dtype.itemsize >= RECYCLE_MINIMUM and _writes_into(f, arrays, out):
        buffer = recycled_buffer(shape, out.dtype)
        if buffer is not None:
            return f(*arrays, out=buffer)
    result = f(*arrays)
    return _checked(result, shape, out)


_NATURAL: dict[tuple[Any, ...], bool] = {}


def _writes_into(f: Callable[..., Any], arrays: list[Any], out: Packing) -> bool:
    """Whether ``f`` is a ufunc whose own result for these operands has the packing's dtype (so ``out=`` changes
    nothing), or a kernel that says it writes into ``out=`` in its operands' dtype (``writes_into``)."""
    if getattr(f, "writes_into", False):
        return all(np.asarray(a).dtype == out.dtype for a in arrays)
    f = getattr(f, "ufunc", None) or f  # a kernel that wraps a ufunc (silencing its warnings) and passes out= on
    if not isinstance(f, np.ufunc) or f.nout != 1:
        return False
    dtypes = tuple(np.asarray(a).dtype for a in arrays)
    key = (f, dtypes, out.dtype)
    known = _NATURAL.get(key)
    if known is None:
        try:
            known = f.resolve_dtypes(dtypes + (None,))[-1] == out.dtype
        except (TypeError, ValueError, np.exceptions.DTypePromotionError):
            known = False
        if len(_NATURAL) < 4096:
            _NATURAL[key] = known
    return known


def _checked(result: Any, shape: tuple[int, ...], out: Packing) -> Any:
    """The kernel's result as an array of the result packing's dtype and ``shape`` (else ``NotImplemented``)."""
    result = np.asarray(result)
    if result.shape != shape:
        try:
            result = np.broadcast_to(result, shape)
        except ValueError:
            return NotImplemented
    if result.dtype != out.dtype:
        if not np.can_cast(result.dtype, out.dtype, casting="safe"):
            return NotImplemented
        result = result.astype(out.dtype)
    return result


def threaded(f: Callable[..., Any], arrays: list[Any], shape: tuple[int, ...], out: Packing, policy: ParallelPolicy) -> Any:
    """``f(*arrays)`` broadcast to ``shape``, its leading axis cut into chunks computed on the thread pool.

    NumPy releases the GIL inside its loops, so the chunks run at once; the
    pool's job machinery stops them on Ctrl-C and timeouts.
    """
    views = list(np.broadcast_arrays(*[np.asarray(a) for a in arrays]))
    if views[0].shape != shape:
        return _checked(f(*arrays), shape, out)
    first = shape[0]
    if first < 2:  # one row: cut the flattened operands instead
        views = [v.reshape(-1) for v in views]
        first = views[0].shape[0]
    workers = policy.workers or 2
    chunks = min(first, max(2, 2 * workers))
    edges = [first * k // chunks for k in range(chunks + 1)]
    result = recycled_buffer(views[0].shape, out.dtype)
    if result is None:
        result = np.empty(views[0].shape, dtype=out.dtype)

    # A ufunc whose result has the packing's dtype writes straight into the result.
    into = _writes_into(f, views, out)

    def task(k: int) -> None:
        lo, hi = edges[k], edges[k + 1]
        if into:  # straight into the result: no chunk-sized temporary, no second pass to copy it
            f(*[v[lo:hi] for v in views], out=result[lo:hi])
        else:
            result[lo:hi] = f(*[v[lo:hi] for v in views])

    mode = policy.mode if policy.mode in ("threads", "executor") else "threads"
    executor = policy.executor if mode == "executor" else "threads"
    run_tasks(task, list(range(chunks)), executor=executor, workers=workers, timeout=policy.timeout, where="elementwise")
    return result.reshape(shape)


def reduction(
    name: str,
    x: Tensor[Any],
    axes: tuple[int, ...],
    keepdims: bool,
    ops: ElementOps,
    out_ops: ElementOps | None = None,
    include_initial: bool = False,
) -> Any:
    """The reduction ``name`` of packed ``x`` over ``axes`` by its packing's kernel, or ``NotImplemented``.

    ``sum``/``prod``/``min``/``max``/``any``/``all`` reduce ``axes`` (the
    element itself when none is left, as the list path returns);
    ``cumulative_sum``/``cumulative_prod`` run along the one axis in
    ``axes`` and keep the shape (``include_initial`` prepends the identity).
    Bounds prove sums and products fit the word; otherwise the list path
    computes them with Python ints.
    """
    if x._store.packing is None:
        return NotImplemented
    packing = packing_of(ops)
    out_ops = ops if out_ops is None else out_ops
    out_packing = packing_of(out_ops)
    if packing is None or out_packing is None:
        return NotImplemented
    item = operand(x, ops, packing, _no_scalar)
    if item is None:
        return NotImplemented
    count = prod(x.shape[a] for a in axes)
    planned = packing.reduction(name, item.bounds, count)
    if planned is None and packing.bounded and item.tighten():
        planned = packing.reduction(name, item.bounds, count)
    if planned is None:
        return NotImplemented
    f, out_bounds = planned
    cumulative = name.startswith("cumulative")
    try:
        result = np.asarray(f(item.array, axes[0] if cumulative else axes))
    except _DEFER:
        return NotImplemented
    if result.dtype != out_packing.dtype:
        result = result.astype(out_packing.dtype)
    bounds = out_bounds if out_packing.bounded else None
    if cumulative:
        if include_initial:
            axis = axes[0]
            start = np.zeros(x.shape[:axis] + (1,) + x.shape[axis + 1 :], dtype=result.dtype)
            if name == "cumulative_prod":
                start += 1
            else:  # the running sums start from the zero, as the list path adds them (0.0 + -0.0 is 0.0)
                result = result + start
            result = np.concatenate([start, result], axis=axis)
            if bounds is not None:
                identity = 1 if name == "cumulative_prod" else 0
                bounds = (min(bounds[0], identity), max(bounds[1], identity))
        return Tensor._from_array(result, result.shape, out_ops, bounds)
    if keepdims:
        shape = tuple(1 if k in axes else n for k, n in enumerate(x.shape))
    else:
        shape = tuple(n for k, n in enumerate(x.shape) if k not in axes)
    if not shape:
        return out_packing.element(result.reshape(1), 0)
    return Tensor._from_array(result.reshape(shape), shape, out_ops, bounds)


def _no_scalar(value: Any) -> Any:
    raise AssertionError("reductions have no scalar operands")


# -- ordering: sorting, searching, sets -----------------------------------------------------------
def ordered_operand(x: Tensor[Any]) -> Operand | None:
    """Packed ``x`` whose machine order is its ops' order (integers, booleans, floats), or ``None``."""
    store = x._store
    packing = store.packing
    if packing is None or not packing.ordered:
        return None
    return operand_of(store, x._layout, x._ops, x._ops, packing)


def sort_order(array: Any, axis: int, descending: bool) -> Any:
    """Stable sorting positions along ``axis``: equal elements keep their order, NaN last (also descending)."""
    if descending:
        if array.dtype.kind == "f":
            return np.argsort(-array, axis=axis, kind="stable")  # NaN stays NaN (last); ties keep their order
        n = array.shape[axis]
        # Stable ascending order of the reversed lanes, reversed again, counts ties from the front.
        reversed_order = np.argsort(np.flip(array, axis=axis), axis=axis, kind="stable")
        return (n - 1) - np.flip(reversed_order, axis=axis)
    return np.argsort(array, axis=axis, kind="stable")


def sorted_values(array: Any, axis: int, descending: bool) -> Any:
    """``array`` sorted along ``axis`` as `sort_order` orders it (equal machine values are the same element)."""
    if array.dtype.kind in "biu" or (array.dtype.kind == "f" and not order_shows(array)):
        # Equal values are indistinguishable here, so NumPy's fastest sort (not stable) gives the stable result.
        values = np.sort(array, axis=axis)
        return np.flip(values, axis=axis) if descending else values
    return np.take_along_axis(array, sort_order(array, axis, descending), axis=axis)


def order_shows(floats: Any) -> bool:
    """Whether a sort of ``floats`` could show the order of equal values: a NaN (kept last, in their order,
    payloads and signs distinguishable) or a zero (``0.0 == -0.0``)."""
    with np.errstate(invalid="ignore"):
        return bool(np.isnan(floats).any() or (floats == 0).any())


def unique(x: Tensor[Any], ordered: bool, counts: bool = True) -> tuple[Any, Any, Any, Any] | None:
    """``(values, first positions, inverse, counts)`` of packed integer-valued ``x`` (flattened), or ``None``.

    Values come sorted when ``ordered`` (the ops is ordered), else in order of
    first appearance, as the list path orders them.  Machine values stand
    for elements one to one (the packing's contract), so NumPy's grouping
    is the ops' equality.
    """
    store = x._store
    packing = store.packing
    if packing is None or not packing.discrete or (ordered and not packing.ordered):
        return None
    item = operand_of(store, x._layout, x._ops, x._ops, packing)
    if item is None:
        return None
    flat = item.array.reshape(-1)
    values, first, inverse, tally = np.unique(flat, return_index=True, return_inverse=True, return_counts=True)
    if not ordered and len(values) > 1:
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        values, first, tally, inverse = values[order], first[order], tally[order], rank[inverse]
    return values, first, inverse.reshape(-1), tally


def unique_part(x: Tensor[Any], ordered: bool, part: str) -> tuple[Any, Any] | None:
    """``(values, counts)`` (``part="counts"``) or ``(values, inverse)`` (``"inverse"``) of packed integer-valued
    ``x`` (flattened), ordered as `unique` orders them; else ``None``.

    Sorted values need no first positions, so NumPy computes only the part
    asked for, without keeping ties in order (neither part depends on it).
    """
    if not ordered:
        found = unique(x, ordered)
        return None if found is None else (found[0], found[3 if part == "counts" else 2])
    flat = _sortable(x)
    if flat is None:
        return None
    if part == "counts":
        values, other = np.unique(flat, return_counts=True)
    else:
        values, other = np.unique(flat, return_inverse=True)
    return values, other.reshape(-1)


def distinct(x: Tensor[Any], ordered: bool) -> Any:
    """The distinct machine values of packed integer-valued ``x``, sorted (``ordered``) or by first appearance; else ``None``."""
    if not ordered:
        found = unique(x, ordered)
        return None if found is None else found[0]
    flat = _sortable(x)
    return None if flat is None else np.unique(flat)


def _sortable(x: Tensor[Any]) -> Any:
    """The machine values of packed integer-valued ``x`` (flattened) when their order is the ops' order; else ``None``."""
    store = x._store
    packing = store.packing
    if packing is None or not packing.discrete or not packing.ordered:
        return None
    item = operand_of(store, x._layout, x._ops, x._ops, packing)
    return None if item is None else item.array.reshape(-1)