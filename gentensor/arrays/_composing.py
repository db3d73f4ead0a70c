"""The private parts of `.composition`: argument readers, element placement, and the packed (machine-word) paths of
``concat``, ``take`` and ``where``."""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from ..core import kernels as _kernels
from ..core.layout import Layout
from ..core.operands import as_tensor
from ..core.storage import Operand, operand_of
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, IndexingError, ShapeError
from ..ops import ElementOps, capabilities_of, packing_of

# Private helpers of `.composition` (and `_tensor_list`, `_packed_take_along` of `.shaping`), listed for those modules.
__all__ = [
    "_tensor_list",
    "_place",
    "_repeat_blocks",
    "_int_or_ints",
    "_counts",
    "_broadcast_elements",
    "_axis_view",
    "_holds_indices",
    "_packed_concat",
    "_packed_take",
    "_packed_take_along",
    "_packed_where",
]


def _tensor_list(tensors: Any, func: str) -> list[Tensor[Any]]:
    if isinstance(tensors, Tensor):
        raise ArgumentTypeError(
            f"{func}: expected a sequence of tensors (got a single Tensor of shape {tensors.shape}); "
            f"pass a list: gt.{func}([x, y])"
        )
    try:
        items = list(tensors)
    except TypeError:
        raise ArgumentTypeError(f"{func}: expected a sequence of tensors (got {type(tensors).__name__})") from None
    if not items:
        raise ShapeError(f"{func}: needs at least one tensor (got an empty sequence)")
    return [as_tensor(t, func) for t in items]


def _place(out: list[Any], source: list[Any], start: int, chunk: int, offset: int, width: int, outer: int) -> None:
    """Copy ``outer`` runs of ``chunk`` values from ``source[start:]`` into rows of ``width`` of ``out`` at ``offset``.

    Long runs are copied row by row with contiguous slices (cache-friendly);
    runs of a few values across many rows go column by column with extended
    slices, so neither layout costs a Python-level step per element.
    """
    if chunk < 8 and chunk < outer:
        stop = start + chunk * outer
        for j in range(chunk):
            out[offset + j :: width] = source[start + j : stop : chunk]
    else:
        for o in range(outer):
            s = o * width + offset
            t = start + o * chunk
            out[s : s + chunk] = source[t : t + chunk]


def _repeat_blocks(values: list[Any], block: int, count: int) -> list[Any]:
    """Each consecutive run of ``block`` values repeated ``count`` times in place.

    Examples
    --------
    >>> _repeat_blocks([1, 2, 3, 4], 2, 2)
    [1, 2, 1, 2, 3, 4, 3, 4]
    >>> _repeat_blocks([1, 2, 3], 1, 2)
    [1, 1, 2, 2, 3, 3]
    """
    if count == 1:
        return values
    if count == 0 or block == 0 or not values:
        return []
    nblocks = len(values) // block
    if nblocks == 1:
        return values * count
    if nblocks <= block * count:
        out: list[Any] = []
        extend = out.extend
        for s in range(0, len(values), block):
            extend(values[s : s + block] * count)
        return out
    out = [None] * (len(values) * count)
    width = block * count
    for c in range(block):
        column = values[c::block]
        for j in range(count):
            out[j * block + c :: width] = column
    return out


def _int_or_ints(value: Any, func: str, what: str) -> int | list[int]:
    """An int, or a list of ints, from an int / sequence / 1-d Tensor argument (bools refused)."""
    if isinstance(value, Tensor):
        value = value.tolist()
    if isinstance(value, bool):
        raise ArgumentTypeError(f"{func}: {what} must be an int or a sequence of ints (got {value!r})")
    try:
        return operator.index(value)
    except TypeError:
        pass
    try:
        many = [operator.index(v) for v in value]
    except TypeError:
        raise ArgumentTypeError(f"{func}: {what} must be an int or a sequence of ints (got {value!r})") from None
    if any(isinstance(v, bool) for v in value):
        raise ArgumentTypeError(f"{func}: {what} must be ints, not bools (got {value!r})")
    return many


def _counts(value: Any, func: str, what: str) -> int | list[int]:
    """Like `_int_or_ints`, and every count must be non-negative."""
    counts = _int_or_ints(value, func, what)
    negative = [c for c in ([counts] if isinstance(counts, int) else counts) if c < 0]
    if negative:
        raise ShapeError(f"{func}: {what} must be non-negative (got {negative[0]})")
    return counts


def _broadcast_elements(x: Tensor[Any], shape: tuple[int, ...]) -> list[Any]:
    layout = x._layout.broadcast_to(shape)
    assert layout is not None  # the caller computed shape with broadcast_shapes
    return _kernels.gather(x._store, layout)


def _axis_view(x: Tensor[Any], axis: int, start: int, length: int) -> Tensor[Any]:
    """The view of ``x`` whose ``axis`` runs over ``start:start+length``."""
    lay = x._layout
    shape = lay.shape[:axis] + (length,) + lay.shape[axis + 1 :]
    offset = lay.offset + start * lay.strides[axis] if length else lay.offset
    return x._view(Layout(shape, lay.strides, offset))



def _holds_indices(ops: ElementOps) -> bool:
    """Whether ``ops``' elements are Python ints usable as indices (integers; not residues or bools)."""
    return capabilities_of(ops).index



# -- packed storage: the same operations on machine words ------------------------------------------------
def _packed(x: Tensor[Any], ops: ElementOps) -> Operand | None:
    """``x`` as a packed operand of ``ops`` (see `gentensor.core.storage.operand_of`), or ``None``."""
    packing = packing_of(ops)
    if packing is None:
        return None
    return operand_of(x._store, x._layout, x._ops, ops, packing)


def _union(bounds: list[Any]) -> Any:
    """Bounds enclosing all of ``bounds`` (``None`` when one is unknown)."""
    if any(b is None for b in bounds):
        return None
    return min(b[0] for b in bounds), max(b[1] for b in bounds)


def _packed_concat(xs: list[Tensor[Any]], ax: int, ops: ElementOps) -> Tensor[Any] | None:
    """``concat`` by NumPy when some input is packed and all pack into ``ops``; else ``None``."""
    if not any(x._store.packing is not None for x in xs):
        return None
    items = [_packed(x, ops) for x in xs]
    if any(item is None for item in items):
        return None
    joined = np.concatenate([item.array for item in items], axis=ax)  # type: ignore[union-attr]
    return Tensor._from_array(joined, joined.shape, ops, _union([item.bounds for item in items]))  # type: ignore[union-attr]


def _packed_indices(indices: Any) -> tuple[Any, tuple[int, ...]] | None:
    """Integer indices as a NumPy ``intp`` array and their shape when they are a packed tensor of ints, else ``None``."""
    if not isinstance(indices, Tensor) or indices._store.packing is None or not _holds_indices(indices._ops):
        return None
    packing = packing_of(indices._ops)
    item = None if packing is None or not packing.signed else _packed(indices, indices._ops)
    if item is None:
        return None
    return item.array, indices.shape


def _packed_take(x: Tensor[Any], indices: Any, ax: int) -> Tensor[Any] | None:
    """``take`` by NumPy for a packed ``x`` and packed integer indices; else ``None`` (the list path)."""
    found = _packed_indices(indices)
    item = _packed(x, x._ops)
    if found is None or item is None:
        return None
    idx, idx_shape = found
    try:
        # NumPy checks every index itself (negative ones count from the end, as here): no pass of our own first.
        picked = np.take(item.array, idx, axis=ax)
    except IndexError:
        n = x.shape[ax]
        lo, hi = int(idx.min()), int(idx.max())
        bad = lo if lo < -n else hi
        raise IndexingError(f"take: index {bad} is out of range for axis {ax} with length {n} (shape {x.shape})") from None
    return Tensor._from_array(picked, picked.shape, x._ops, item.bounds)


def _packed_take_along(x: Tensor[Any], indices: Tensor[Any], ax: int, shape: tuple[int, ...]) -> Tensor[Any] | None:
    """``take_along_axis`` by NumPy for a packed ``x`` and packed integer indices (broadcast to ``shape`` on the
    other axes); else ``None``.  The first index out of range, in C order, is the one the error names."""
    found = _packed_indices(indices)
    item = _packed(x, x._ops)
    if found is None or item is None:
        return None
    n = x.shape[ax]
    idx = np.broadcast_to(found[0], shape)
    source = np.broadcast_to(item.array, shape[:ax] + (n,) + shape[ax + 1 :])
    try:
        picked = np.take_along_axis(source, idx, axis=ax)
    except IndexError:
        flat = idx.reshape(-1)
        bad = int(flat[(flat < -n) | (flat >= n)][0])
        raise IndexingError(f"take_along_axis: index {bad} is out of range for axis {ax} with length {n}") from None
    return Tensor._from_array(picked, shape, x._ops, item.bounds)


def _packed_where(
    cond: Tensor[Any], xt: Tensor[Any], yt: Tensor[Any], ops: ElementOps, shape: tuple[int, ...]
) -> Tensor[Any] | None:
    """``where`` by NumPy when the condition and both branches pack (one of them already packed); else ``None``."""
    if not any(t._store.packing is not None for t in (cond, xt, yt)):
        return None
    truth = packing_of(cond._ops)
    c = None if truth is None or not truth.logical else _packed(cond, cond._ops)
    if c is None:
        return None
    a, b = _packed(xt, ops), _packed(yt, ops)
    if a is None or b is None:
        return None
    chosen = np.where(c.array, a.array, b.array)
    return Tensor._from_array(np.broadcast_to(chosen, shape), shape, ops, _union([a.bounds, b.bounds]))
