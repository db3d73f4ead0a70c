"""Index parsing: NumPy's basic (view) and advanced (gather/scatter) indexing.

``resolve(key, layout)`` turns any index into either a view layout (ints,
slices, ``...``, ``None``) or, when integer lists / boolean masks are present,
the storage positions of the selected elements and the result shape, with
NumPy's placement rule (adjacent advanced indices keep their place, separated
ones move to the front).  Index arrays are read as NumPy arrays and the
positions computed with NumPy (a boolean mask of 10**6 entries costs a few
milliseconds), then gathered from packed or list storage.  A packed boolean
mask of a packed tensor's whole shape skips the positions (`whole_mask`):
the tensor reads it with one ``np.compress`` and writes a scalar through it
with one scatter.
"""

from __future__ import annotations

import itertools
import operator
from typing import Any, Callable

import numpy as np

from .kernels import row_starts
from .layout import Layout, broadcast_shapes
from .storage import bounds_of, view_of
from ..errors import ArgumentTypeError, IndexingError, ShapeError
from ..ops import Capabilities, capabilities_of

__all__ = ["resolve", "resolve_simple", "whole_mask", "taken_along"]


class _Advanced:
    """An integer index array: flat values (a NumPy ``intp`` array) and shape."""

    __slots__ = ("values", "shape")

    def __init__(self, values: Any, shape: tuple[int, ...]) -> None:
        self.values = values
        self.shape = shape


#: Turns an index array (a list, a NumPy array, a tensor) into its flat values
#: (a 1-d NumPy array: ``int64`` or ``bool``, ``None`` for an empty one of another
#: kind), shape and its ops' capabilities (``mask``, ``index``); supplied by the tensor.
IndexArray = Callable[[Any, str], "tuple[Any, tuple[int, ...], Capabilities]"]


class _Mask:
    """A boolean mask: flat values (a NumPy ``bool`` array) and shape."""

    __slots__ = ("values", "shape")

    def __init__(self, values: Any, shape: tuple[int, ...]) -> None:
        self.values = values
        self.shape = shape

    @property
    def ndim(self) -> int:
        return len(self.shape)


def _is_index_array(item: Any) -> bool:
    return isinstance(item, (list, tuple)) or hasattr(item, "_layout") or type(item).__module__ == "numpy"


def _classify(item: Any, func: str, index_array: IndexArray) -> Any:
    """``None``, ``Ellipsis``, an int, a slice, a _Mask or an _Advanced."""
    if item is None or item is Ellipsis or isinstance(item, slice):
        return item
    if isinstance(item, bool):
        raise ArgumentTypeError(f"{func}: a bare bool is not an index (got {item!r}); use a list of bools as a mask")
    if isinstance(item, int):
        return item
    if _is_index_array(item):
        if type(item).__module__ == "numpy" and getattr(item, "ndim", 1) == 0 and not hasattr(item, "__len__"):
            try:
                return operator.index(item)
            except TypeError:
                pass
        values, shape, caps = index_array(item, func)
        if caps.mask:
            return _Mask(values, shape)
        if caps.index or not len(values):
            return _Advanced(values.astype(np.intp, copy=False), shape)
        raise IndexingError(
            f"{func}: index arrays must hold ints or bools (got elements of kind {caps.kind!r}); "
            "convert with .astype(gt.integers)"
        )
    try:
        return operator.index(item)
    except TypeError:
        raise ArgumentTypeError(
            f"{func}: invalid index {item!r} of type {type(item).__name__}; "
            "use an int, a slice, ..., None, a list of ints or a boolean mask"
        ) from None


def _expand(key: Any, ndim: int, func: str, index_array: IndexArray) -> list[Any]:
    items = [_classify(k, func, index_array) for k in (key if isinstance(key, tuple) else (key,))]
    consumed = 0
    ellipses = 0
    for it in items:
        if it is Ellipsis:
            ellipses += 1
        elif it is None:
            pass
        elif isinstance(it, _Mask):
            consumed += it.ndim
        else:
            consumed += 1
    if ellipses > 1:
        raise IndexingError(f"{func}: an index can only have a single ellipsis ('...')")
    if consumed > ndim:
        raise IndexingError(f"{func}: too many indices for a tensor with ndim {ndim} (got {consumed})")
    out: list[Any] = []
    for it in items:
        if it is Ellipsis:
            # An ellipsis standing for no axis still separates advanced indices (as NumPy).
            out.extend([slice(None)] * (ndim - consumed) or [_SEPARATOR])
        else:
            out.append(it)
    if not ellipses:
        out.extend([slice(None)] * (ndim - consumed))
    return out


_SEPARATOR = object()  # an ellipsis that expanded to no axis


def _slice_indices(it: slice, n: int, func: str) -> tuple[int, int, int]:
    """``it.indices(n)``, with the errors of the tree (a zero step, bounds that are not ints)."""
    try:
        return it.indices(n)
    except ValueError:
        raise IndexingError(f"{func}: a slice step cannot be zero (got {it!r}); use a step such as 1 or -1") from None
    except TypeError:
        raise ArgumentTypeError(
            f"{func}: slice bounds and step must be ints or None (got {it!r}); convert them with int(...)"
        ) from None


def _mask_to_arrays(mask: _Mask) -> list[_Advanced]:
    """A boolean mask as one integer index array per axis it covers (NumPy's nonzero)."""
    hits = np.nonzero(mask.values.reshape(mask.shape))
    return [_Advanced(a.astype(np.intp, copy=False), (len(a),)) for a in hits]


def resolve_simple(key: Any, layout: Layout) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
    """The fast path: ``(shape, strides, offset)`` for a key of in-range ints and slices only, else ``None``."""
    items = key if type(key) is tuple else (key,)
    shape, strides = layout.shape, layout.strides
    k = len(items)
    if k > len(shape):
        return None
    offset = layout.offset
    out_shape: list[int] = []
    out_strides: list[int] = []
    for axis in range(k):
        it = items[axis]
        if type(it) is int:
            n = shape[axis]
            if not -n <= it < n:
                return None  # the general path raises, naming axis and size
            offset += (it + n if it < 0 else it) * strides[axis]
        elif type(it) is slice:
            if it == _ALL:  # x[:, j]: the whole axis, nothing to compute
                out_shape.append(shape[axis])
                out_strides.append(strides[axis])
                continue
            try:
                start, stop, step = it.indices(shape[axis])
            except (ValueError, TypeError):  # a zero step, a non-int bound: the general path explains
                return None
            length = len(range(start, stop, step))
            if length:
                offset += start * strides[axis]
            out_shape.append(length)
            out_strides.append(strides[axis] * step if length > 1 else strides[axis])  # (x[::2**60]: no huge stride)
        else:
            return None
    return (*out_shape, *shape[k:]), (*out_strides, *strides[k:]), offset


_ALL = slice(None)


def resolve(
    key: Any, layout: Layout, func: str, index_array: IndexArray
) -> tuple[Layout, list[int] | None, tuple[int, ...]]:
    """Resolve ``key`` against ``layout``.

    Returns ``(view_layout, None, shape)`` for basic indexing, or
    ``(view_layout, positions, shape)`` for advanced indexing, where
    ``positions`` are the storage positions of the result in C order.
    ``index_array`` reads the index arrays in ``key`` (see `IndexArray`).
    """
    simple = resolve_simple(key, layout)
    if simple is not None:
        view = Layout(*simple)
        return view, None, view.shape
    shape, strides = layout.shape, layout.strides
    items = _expand(key, len(shape), func, index_array)
    out_shape: list[int] = []
    out_strides: list[int] = []
    offset = layout.offset
    advanced: list[tuple[int, _Advanced, int]] = []
    axis = 0
    expanded: list[Any] = []
    for it in items:
        if isinstance(it, _Mask):
            mask = it
            if mask.ndim == 0:
                expanded.append(("mask0", bool(mask.values[0])))
                continue
            covered = shape[axis : axis + mask.ndim]
            if covered != mask.shape:
                raise IndexingError(
                    f"{func}: boolean mask of shape {mask.shape} does not match the indexed axes "
                    f"{tuple(range(axis, axis + mask.ndim))} of shape {covered}"
                )
            expanded.extend(_mask_to_arrays(mask))
            axis += mask.ndim
        else:
            expanded.append(it)
            if it is not None and it is not _SEPARATOR:
                axis += 1
    # With any advanced index present, NumPy treats integers as 0-d index arrays:
    # they count when deciding whether the advanced indices are adjacent.
    ints_are_advanced = any(isinstance(it, (_Advanced, tuple)) for it in expanded)
    axis = 0
    sequence: list[int] = []  # where each advanced index sits in the key: adjacency is decided there
    out_of_range = ""
    for k, it in enumerate(expanded):
        if ints_are_advanced and isinstance(it, int):
            it = _Advanced(np.array([it], dtype=np.intp), ())
        if isinstance(it, (_Advanced, tuple)):
            sequence.append(k)
        if it is _SEPARATOR:
            continue
        if it is None:
            out_shape.append(1)
            out_strides.append(0)
        elif isinstance(it, int):
            n = shape[axis]
            if not -n <= it < n:
                raise IndexingError(f"{func}: index {it} is out of range for axis {axis} with size {n}")
            offset += (it % n) * strides[axis]
            axis += 1
        elif isinstance(it, slice):
            n = shape[axis]
            start, stop, step = _slice_indices(it, n, func)
            length = len(range(start, stop, step))
            if length:
                offset += start * strides[axis]
            out_shape.append(length)
            out_strides.append(strides[axis] * step if length > 1 else strides[axis])  # one element: any step
            axis += 1
        elif isinstance(it, tuple):  # a 0-d mask: a new axis of length 1 (True) or 0 (False)
            advanced.append((len(out_shape), _Advanced(np.zeros(int(it[1]), dtype=np.intp), (int(it[1]),)), 0))
            out_shape.append(1)
            out_strides.append(0)
        else:
            n = shape[axis]
            vals = it.values
            low, high = (int(vals.min()), int(vals.max())) if len(vals) else (0, -1)
            if len(vals) and (low < -n or high >= n):
                bad = int(vals[(vals < -n) | (vals >= n)][0])
                message = f"{func}: index {bad} is out of range for axis {axis} with size {n}"
                if not it.shape:
                    raise IndexingError(message)
                # As NumPy, index arrays are checked only when their broadcast selects something.
                out_of_range = out_of_range or message
            elif len(vals) and low < 0:
                it = _Advanced(np.where(vals < 0, vals + n, vals), it.shape)
            advanced.append((len(out_shape), it, strides[axis]))
            out_shape.append(n)
            out_strides.append(strides[axis])
            axis += 1
    view = Layout(tuple(out_shape), tuple(out_strides), offset)
    if not advanced:
        return view, None, view.shape
    adjacent = sequence == list(range(sequence[0], sequence[-1] + 1))
    return view, *_advanced_positions(view, advanced, adjacent, func, out_of_range)


def _advanced_positions(
    view: Layout, advanced: list[tuple[int, _Advanced, int]], adjacent: bool, func: str, out_of_range: str = ""
) -> tuple[Any, tuple[int, ...]]:
    """Storage positions and shape of an advanced index; its axes go in place when ``adjacent``, else first."""
    try:
        bshape = broadcast_shapes(*(a.shape for _, a, _ in advanced), func=func)
    except ShapeError as e:
        raise IndexingError(f"{func}: index arrays could not be broadcast together: {e}") from None
    size = 1
    for n in bshape:
        size *= n
    if out_of_range and size:
        raise IndexingError(out_of_range)
    # Offset contributed by the advanced indices, for each position of the broadcast shape.
    contrib = np.zeros(bshape, dtype=np.intp)
    for _, arr, stride in advanced:
        contrib += arr.values.reshape(arr.shape) * stride  # broadcasts as the index arrays do
    contrib = contrib.reshape(-1)
    adv_axes = [pos for pos, _, _ in advanced]
    rest = [k for k in range(view.ndim) if k not in adv_axes]
    if adjacent:
        pre = [k for k in rest if k < adv_axes[0]]
        post = [k for k in rest if k > adv_axes[-1]]
    else:
        pre, post = [], rest
    vs, vt = view.shape, view.strides
    pre_starts = np.asarray(row_starts(view.offset, [vs[k] for k in pre], [vt[k] for k in pre]), dtype=np.intp)
    starts = (pre_starts[:, None] + contrib[None, :]).reshape(-1)
    if post:
        post_rel = np.asarray(row_starts(0, [vs[k] for k in post], [vt[k] for k in post]), dtype=np.intp)
        starts = (starts[:, None] + post_rel[None, :]).reshape(-1)
    shape = tuple(vs[k] for k in pre) + bshape + tuple(vs[k] for k in post)
    return starts, shape


def whole_mask(x: Any, key: Any) -> Any:
    """``key``'s flat machine values when it is a packed boolean mask of tensor ``x``'s whole shape and ``x`` is packed; else ``None``.

    ``x[key]`` then selects in C order, as NumPy does -- the same elements
    `resolve` gives, without computing their positions.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(100)
    >>> x[x > 97].tolist(), whole_mask(x, gt.tensor([True, False])) is None
    ([98, 99], True)
    """
    store = key._store
    if (
        x._store.packing is None
        or store.packing is None
        or store.packing.dtype != np.bool_
        or key.shape != x.shape
        or not x.ndim
        or not capabilities_of(key._ops).mask
    ):
        return None
    return view_of(store, key._layout).reshape(-1)


def taken_along(x: Any, key: Any, tensor_type: Any) -> Any:
    """NumPy's ``take`` for ``x[key]`` when ``key`` is a packed integer tensor (of ``tensor_type``), alone or
    after full slices (``x[idx]``, ``x[:, idx]``), and ``x`` is packed; else ``None``.

    The same elements, in the same order, as `resolve` gives for one integer
    array on that axis, without computing every position; ``None`` also when
    an index is out of range (the general path then names it).

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(6).reshape((3, 2))
    >>> x[gt.tensor([2, -3])].tolist(), x[:, gt.tensor([1, 1])].tolist(), taken_along(x, gt.tensor([3]), gt.Tensor) is None
    ([[4, 5], [0, 1]], [[1, 1], [3, 3], [5, 5]], True)
    """
    found = _along(x, key, tensor_type)
    if found is None:
        return None
    axis, index = found
    return np.take(view_of(x._store, x._layout), index, axis=axis)


def _along(x: Any, key: Any, tensor_type: Any) -> tuple[int, Any] | None:
    """``(axis, index words)`` when ``key`` is one packed integer tensor (of ``tensor_type``), alone or after
    full slices, every index in range, and ``x`` is packed; else ``None``."""
    if type(key) is tuple:
        if not key or type(key[-1]) is not tensor_type or not all(type(k) is slice and k == _FULL for k in key[:-1]):
            return None
        axis, key = len(key) - 1, key[-1]
    else:
        axis = 0
    if type(key) is not tensor_type:
        return None
    store = key._store
    if (
        x._store.packing is None
        or store.packing is None
        or not store.packing.signed
        or axis >= x.ndim
        or not capabilities_of(key._ops).index
        or not key.ndim
    ):
        return None
    index = view_of(store, key._layout)
    n = x.shape[axis]
    if index.size and (int(index.min()) < -n or int(index.max()) >= n):
        return None
    return axis, index


def scattered_along(x: Any, key: Any, value: Any, tensor_type: Any) -> bool:
    """``x[key] = value`` by NumPy's assignment for ``key`` as `taken_along` takes it, when ``value`` is a
    packed tensor of ``x``'s ops or a native scalar that packs: ``True`` when written, else nothing is done.

    Writes the same positions `resolve` computes, the last write winning
    where an index repeats, as the general path does.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.zeros((2, 3), dtype=gt.int64)
    >>> key, value = (slice(None), gt.tensor([2, 0])), gt.tensor([5, 7])
    >>> if not scattered_along(x, key, value, gt.Tensor):  # list storage (GENTENSOR_NO_PACKED=1): the general path
    ...     x[key] = value
    >>> x.tolist()
    [[7, 0, 5], [7, 0, 5]]
    """
    found = _along(x, key, tensor_type)
    if found is None:
        return False
    axis, index = found
    store, ops = x._store, x._ops
    if type(value) is tensor_type:
        shape = x.shape[:axis] + index.shape + x.shape[axis + 1 :]
        words = packed_values_for(x, value, shape, "__setitem__")
        if words is None:
            return False
        written = bounds_of(value._store, words)
    elif type(value) in getattr(ops, "native_types", ()):
        words = store.packing.scalar(ops.convert(value))
        if words is None:  # past the packing: the general path promotes the storage
            return False
        written = (int(words), int(words)) if store.packing.bounded else None
    else:
        return False
    view_of(store, x._layout)[(_FULL,) * axis + (index,)] = words
    store.written(written)
    return True


#: The full slice ``:``.
_FULL = slice(None)



def value_layout(value: Any, shape: tuple[int, ...], func: str) -> Layout:
    """The layout through which tensor ``value`` is written to a selection of ``shape``: its leading
    length-1 axes dropped (as NumPy assigns), then broadcast to ``shape``.

    Examples
    --------
    >>> import gentensor as gt
    >>> value_layout(gt.tensor([[1, 2]]), (3, 2), "f").strides
    (0, 1)
    """
    lay = value._layout
    extra = lay.ndim - len(shape)
    if extra > 0 and all(n == 1 for n in lay.shape[:extra]):
        lay = lay.drop_axes(range(extra))
    found = lay.broadcast_to(shape)
    if found is None:
        raise ShapeError(f"{func}: cannot broadcast a value of shape {value.shape} to shape {shape}")
    return found  # type: ignore[no-any-return]


def packed_values_for(x: Any, value: Any, shape: tuple[int, ...], func: str) -> Any:
    """The machine words of tensor ``value`` broadcast to ``shape`` (a NumPy view, read only), when ``x`` and
    ``value`` are packed tensors of one ops (so of one packing); else ``None``.

    ``x[key] = value`` then writes words to words, with no Python element in
    between.  The view may share ``x``'s buffer; NumPy's assignment copies
    overlapping operands first.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(4)
    >>> words = packed_values_for(x, gt.tensor([7]), (3,), "f")  # None in list storage (GENTENSOR_NO_PACKED=1)
    >>> words is None or words.tolist() == [7, 7, 7], packed_values_for(x, gt.tensor([0.5]), (3,), "f")
    (True, None)
    """
    store = x._store
    if store.packing is None or value._store.packing is None or value._ops is not x._ops:
        return None
    return view_of(value._store, value_layout(value, shape, func))


def written_words(x: Any, layout: Layout, pos: Any, shape: tuple[int, ...], value: Any) -> bool:
    """``x[key] = value`` word to word, for the selection `resolve` gave (``layout``, or storage positions
    ``pos``, of ``shape``), when `packed_values_for` applies: ``True`` when written.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(4)
    >>> x[1:3] = gt.tensor([7, 8])
    >>> x.tolist()
    [0, 7, 8, 3]
    """
    words = packed_values_for(x, value, shape, "__setitem__")
    if words is None:
        return False
    store = x._store
    written = bounds_of(value._store, words)  # before the write: value may be a view of x
    if pos is None:
        view_of(store, layout)[...] = words
    else:
        store.data[np.asarray(pos, dtype=np.intp)] = words.reshape(-1)
    store.written(written)
    return True


def masked(x: Any, key: Any, tensor_type: Any) -> Any:
    """``x[key]`` for a boolean mask ``key`` of ``x``'s whole shape (a tensor of ``tensor_type``), selected in C
    order without computing positions: one NumPy ``compress`` when ``x`` is packed, else the elements where the
    mask is true; ``None`` for any other key.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, -2], [-3, 4]])
    >>> masked(x, x > 0, gt.Tensor).tolist(), masked(x, gt.tensor([True, False]), gt.Tensor)
    ([1, 4], None)
    """
    if key._layout.shape != x._layout.shape or not key.ndim or not capabilities_of(key._ops).mask:
        return None
    store = x._store
    if store.packing is None:
        chosen = list(itertools.compress(x._elements(), key._elements()))
        return tensor_type._from_flat(chosen, (len(chosen),), x._ops)
    mask = whole_mask(x, key)  # both packed: the mask's own words
    if mask is None:
        mask = np.array(key._elements(), dtype=bool)
    picked = np.compress(mask, view_of(store, x._layout))
    return tensor_type._from_array(picked, (len(picked),), x._ops, store.bounds)
